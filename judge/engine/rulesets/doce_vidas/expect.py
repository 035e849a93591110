"""Checking a scenario's expectations (`expect:`, and `- expect:` between actions) against the state and the steps
so far. The keys every ruleset shares are checked by judge.engine.expect; the players' and objects' fields here."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from judge.engine.expect import Expectation, check_common
from judge.engine.rulesets.doce_vidas import cites as C
from judge.engine.rulesets.doce_vidas.stack import bonus_citations, creature_damage, creature_life
from judge.engine.rulesets.doce_vidas.state import DoceVidasState
from judge.engine.step import Step
from judge.messages import Message

FIELD_CITES = {
    "lives": [C.OBJETIVO], "lost": [C.OBJETIVO], "winner": [C.OBJETIVO], "mana": [C.MANA_RESERVA],
    "recycle_cost": [C.RECICLAR_COSTE], "hand": [C.PILAS], "deck": [C.PILAS], "discard": [C.PILAS],
    "board": [C.TIPOS], "hand_count": [C.PILAS], "deck_count": [C.PILAS], "discard_count": [C.PILAS],
    "board_count": [C.TIPOS], "zone": [C.PILAS], "damage": [C.CRIATURA_DANO_MARCADO],
    "tapped": [C.CRIATURA_GIRADA], "attached_to": [C.ENCANTAMIENTOS], "owner": [C.ENCANTAMIENTOS],
    "card_damage": [C.TIPOS], "card_life": [C.TIPOS],
}
LABELS = {"lives": "vidas", "mana": "maná", "recycle_cost": "coste de reciclaje", "lost": "ha perdido",
          "hand": "mano", "deck": "mazo", "discard": "pila de descartes", "board": "en juego",
          "hand_count": "cartas en la mano", "deck_count": "cartas en el mazo",
          "discard_count": "cartas en la pila de descartes", "board_count": "permanentes en juego",
          "zone": "zona", "damage": "daño marcado", "tapped": "girada", "attached_to": "unida a",
          "owner": "propietario", "card_damage": "daño (con bonificaciones)", "card_life": "vida (con bonificaciones)"}


def _names(state: DoceVidasState, objs: Sequence[Any], wanted: Sequence[str]) -> tuple[Any, ...]:
    # Each expected entry may be a card name or an object id; compare position by position.
    return tuple(o.id if i < len(wanted) and wanted[i] == o.id else o.card for i, o in enumerate(objs))


ZONE_LABELS = {"deck": "mazo", "hand": "mano", "board": "en juego", "discard": "pila de descartes",
               "resolving": "resolviéndose"}


def _show(value: Any) -> str | Message:
    """A checked value as the result names it (a list in brackets; nothing, yes, no in the trace's language)."""
    if isinstance(value, tuple):
        return Message("dv.value.list", items=[str(v) for v in value])
    if value is None:
        return Message("dv.value.nothing")
    if isinstance(value, bool):
        return Message("dv.value.yes" if value else "dv.value.no")
    return str(value)


PHASE_LABELS = {"preparacion": "fase de preparación", "accion": "fase de acción", "terminada": "partida terminada"}


def _phase(p: str) -> str | Message:
    return Message("dv.phase_label." + p) if p in PHASE_LABELS else p


def _zone(z: str) -> str | Message:
    return Message("dv.zone." + z) if z in ZONE_LABELS else z


def check_expectation(state: DoceVidasState, exp: Expectation, steps: Sequence[Step]
                      ) -> tuple[bool, Message, list[str]]:
    """(holds?, summary, citations) of one expectation, at the end of the run or between two actions."""
    common = check_common(state, exp, steps, [C.TURNO], _phase)
    if common is not None:
        held, summary, cites = common
        return held, summary, list(FIELD_CITES["winner"]) if exp.field == "winner" else cites
    f, want = exp.field, exp.value
    cites = list(FIELD_CITES.get(f, [C.TURNO]))
    got: Any
    label: str | Message = Message("dv.field." + f) if f in LABELS else f
    if exp.subject is not None and state.has_player(exp.subject) and f in LABELS and f not in (
            "zone", "damage", "tapped", "attached_to", "owner", "card_damage", "card_life"):
        p = state.player(exp.subject)
        if f.endswith("_count"):
            got = len(p.zones[f[:-6]])
        elif f in ("hand", "deck", "discard", "board"):
            got = _names(state, p.zones[f], want)
        else:
            got = getattr(p, f)
        return got == want, Message("dv.expect.field", who=p.name, label=label, got=_show(got), want=_show(want)), \
            cites
    obj = state.find(exp.subject or "")
    if obj is None:
        return False, Message("dv.expect.no_object", subject=exp.subject), cites
    if f == "zone":
        got = obj.zone
        held = got == want
        return held, Message("dv.expect.field", who=f"{obj.card} ({obj.id})", label=label, got=_zone(got),
                             want=_zone(want)), cites
    elif f in ("card_damage", "card_life"):
        if obj.zone != "board" or not state.cards[obj.card].is_creature:
            return False, Message("dv.expect.not_creature", card=obj.card, id=obj.id, zone=obj.zone), cites
        got = creature_damage(state, obj) if f == "card_damage" else creature_life(state, obj)
        # The passages of the bonuses that make the number, or the creature's own card without any.
        cites = bonus_citations(state, [obj], "boost_damage" if f == "card_damage" else "boost_life") or [C.TIPOS]
    else:
        got = getattr(obj, f)
    return got == want, Message("dv.expect.field", who=f"{obj.card} ({obj.id})", label=label, got=_show(got),
                                want=_show(want)), cites
