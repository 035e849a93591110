"""doce-vidas's scenario parts as data (Ruleset.describe): what a scenario builder needs to ask for, read from the
schema's own constants, so the builder page has no doce-vidas knowledge of its own.

Field descriptions share one small vocabulary with magic's (judge/engine/rulesets/magic/describe.py):
`{"key", "type", "label": {"es", "en"}, "default", "min", "max", "options", "required", "ref"}` where `type` is
int | bool | text | longtext | choice | player | ref | refs | counters | effects | json, and `ref` (for ref/refs)
says what may be named: `hand` (a card in the acting player's hand), `permanent`, `creature`, `object` (any
object id), `target` (a player or a permanent), `card` (a card name), `card_or_object`.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from judge.engine.expect import COMMON_KEYS, game_step_kinds
from judge.engine.rulesets.doce_vidas import schema as S
from judge.engine.rulesets.doce_vidas.actions import ACTION_KEYS
from judge.engine.rulesets.doce_vidas.cards import (BOOST_SCOPES, BOOSTS, CARD_TYPES, CHOSEN_TARGETS, MAX_AMOUNT,
                                                    ONE_SHOT, PERMANENT_TYPES, TRIGGERS)
from judge.engine.step import GENERIC_STEP_KINDS, STOPPED, stopped_said
from judge.messages import Message, render


def L(es: str, en: str) -> dict[str, str]:
    return {"es": es, "en": en}


ZONE_LABELS = {"deck": L("Mazo", "Deck"), "hand": L("Mano", "Hand"), "discard": L("Pila de descartes", "Discard pile"),
               "board": L("En juego", "In play")}
ZONE_ORDER = {"deck": L("la de arriba primero", "top first"), "discard": L("la de abajo primero", "bottom first"),
              "board": L("de izquierda a derecha", "left to right"), "hand": L("", "")}
PHASE_LABELS = {"preparacion": L("fase de preparación", "preparation phase"),
                "accion": L("fase de acción", "action phase"), "terminada": L("partida terminada", "game over")}
TYPE_LABELS = {"criatura": L("criatura", "creature"), "reliquia": L("reliquia", "relic"),
               "encantamiento": L("encantamiento", "enchantment"), "hechizo": L("hechizo", "spell"),
               "instantaneo": L("instantáneo", "instant")}
EFFECT_LABELS = {"damage": L("daño", "damage"), "heal": L("curar", "heal"), "draw": L("robar", "draw"),
                 "gain_mana": L("ganar maná", "gain mana"), "destroy": L("destruir", "destroy"),
                 "discard": L("descartar", "discard"), "boost_damage": L("+daño a criaturas", "+damage to creatures"),
                 "boost_life": L("+vida a criaturas", "+life to creatures")}
TARGET_LABELS = {"any": L("cualquiera", "any"), "player": L("un jugador", "a player"),
                 "creature": L("una criatura", "a creature"), "self": L("uno mismo", "yourself"),
                 "opponents": L("los rivales", "the opponents"), "all_creatures": L("todas las criaturas", "all creatures"),
                 "all_players": L("todos los jugadores", "all players"), "permanent": L("un permanente", "a permanent"),
                 "relic": L("una reliquia", "a relic"), "enchantment": L("un encantamiento", "an enchantment"),
                 "all": L("todas", "all"), "yours": L("las tuyas", "yours"), "theirs": L("las de los rivales", "theirs"),
                 "enchanted": L("la encantada", "the enchanted one"), "target": L("la objetivo", "the target")}
ACTION_LABELS = {"play": L("jugar una carta", "play a card"), "burn": L("quemar una carta (1 maná)", "burn a card (1 mana)"),
                 "attack": L("atacar", "attack"), "end_turn": L("terminar el turno", "end the turn"),
                 "discard": L("descartar (responder)", "discard (answer)")}
FIELD_LABELS = {
    "name": L("Nombre", "Name"), "lives": L("Vidas", "Lives"), "mana": L("Maná", "Mana"),
    "recycle_cost": L("Coste de reciclaje", "Recycle cost"), "card": L("Carta", "Card"), "id": L("Id", "Id"),
    "tapped": L("Girada", "Tapped"), "damage": L("Daño marcado", "Marked damage"),
    "attached_to": L("Unida a", "Attached to"), "number": L("Número de turno", "Turn number"),
    "active": L("Jugador activo", "Active player"), "phase": L("Fase", "Phase"), "type": L("Tipo", "Type"),
    "cost": L("Coste", "Cost"), "life": L("Vida", "Life"), "effects": L("Efectos", "Effects"),
    "text": L("Texto no modelado", "Unmodelled text"), "target": L("Objetivo", "Target"),
    "targets": L("Objetivos", "Targets"), "choose": L("Cartas a descartar", "Cards to discard"),
    "lost": L("Ha perdido", "Has lost"), "zone": L("Zona", "Zone"), "owner": L("Propietario", "Owner"),
    "card_damage": L("Daño con bonificaciones", "Damage with bonuses"),
    "card_life": L("Vida con bonificaciones", "Life with bonuses"),
    "winner": L("Ganador", "Winner"), "stopped": L("Fin de la ejecución", "End of the run"),
    "turn": L("Turno", "Turn"), "steps": L("Pasos", "Steps"),
}
for _z in S.ZONES:
    FIELD_LABELS[_z] = ZONE_LABELS[_z]
    FIELD_LABELS[f"{_z}_count"] = L(f"Cartas en {ZONE_LABELS[_z]['es'].lower()}", f"Cards in {ZONE_LABELS[_z]['en'].lower()}")


def field(key: str, type_: str, **extra: Any) -> dict[str, Any]:
    return {"key": key, "type": type_, "label": FIELD_LABELS.get(key, L(key, key)), **extra}


def options(values: tuple[str, ...] | list[str], labels: dict[str, dict[str, str]]) -> list[dict[str, Any]]:
    return [{"value": v, "label": labels.get(v, L(v, v))} for v in values]


_SLOT_KIND = {"any": "target", "player": "player", "creature": "creature", "permanent": "permanent",
              "relic": "permanent", "enchantment": "permanent"}
# What each action needs besides `by`: its own argument and the other keys the validator accepts for it.
_ACTION_ARG: dict[str, dict[str, Any]] = {
    "play": {"type": "ref", "ref": "hand", "required": True},
    "burn": {"type": "ref", "ref": "hand", "required": True},
    "attack": {"type": "refs", "ref": "creature", "required": True, "mine": True},
    "end_turn": {"type": "const", "value": True},
    "discard": {"type": "refs", "ref": "hand", "required": True},
}
_ACTION_KEYS: dict[str, list[dict[str, Any]]] = {
    "play": [field("targets", "refs", ref="target",
                   # One target per slot the card chooses (CardDef.chosen_slots): what an enchantment goes on, then
                   # one per effect whose target (or a spell's boost `to`) is chosen by the player.
                   slots={"from": "effects", "attach_types": ["encantamiento"], "attach": "permanent",
                          "spell_types": ["hechizo", "instantaneo"], "keys": ["target", "to"],
                          "kinds": {t: _SLOT_KIND[t] for t in CHOSEN_TARGETS} | {"target": "creature"}}),
             field("choose", "refs", ref="card_or_object")],
    "attack": [field("target", "ref", ref="target", required=True)],
}


def _expect_field(key: str, kind: str) -> dict[str, Any]:
    if kind == "int":
        return field(key, "int", min=0)
    if kind == "bool":
        return field(key, "bool")
    if kind == "names":
        return field(key, "refs", ref="card_or_object")
    if kind == "zone":
        return field(key, "choice", options=options(S.ZONES, ZONE_LABELS))
    if kind == "player":
        return field(key, "player")
    return field(key, "ref", ref="permanent", nullable=True)


def common_expectations(phases: tuple[str, ...], phase_labels: dict[str, dict[str, str]],
                        kind_labels: dict[str, dict[str, str]] | None = None,
                        step_kinds: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The expectation keys every ruleset shares (judge.engine.expect.COMMON_KEYS), described; `step_kinds`: the
    ruleset's declared step kinds (Ruleset.step_kinds), which `steps` counts."""
    out = []
    for key in COMMON_KEYS:
        if key == "winner":
            out.append(field(key, "player", nullable=True))
        elif key == "stopped":
            # each stop labelled as the trace says it (core.stopped.*: «fin», "end"); the value is the Spanish word
            said = {v: L(render(stopped_said(v), "es"), render(stopped_said(v), "en")) for v in STOPPED}
            out.append(field(key, "choice", options=options(STOPPED, said), top_only=True))
        elif key == "steps":
            kinds = [*game_step_kinds(step_kinds), "any"]
            out.append(field(key, "steps", kinds=options(kinds, kind_labels or {})))
        elif key == "turn":
            out.append(field(key, "int", min=1))
        elif key == "active":
            out.append(field(key, "player"))
        else:
            out.append(field(key, "choice", options=options(phases, phase_labels)))
    return out


def describe() -> dict[str, Any]:
    effects = []
    for kind, (targets, default) in ONE_SHOT.items():
        effects.append({"verb": kind, "label": EFFECT_LABELS[kind],
                        "arg": {"type": "int", "min": 1, "max": 1 if kind == "destroy" else MAX_AMOUNT, "default": 1},
                        "options": [{"key": "target", "type": "choice", "label": FIELD_LABELS["target"],
                                     "options": options(targets, TARGET_LABELS), "default": default},
                                    {"key": "when", "type": "choice", "label": L("Cuándo (permanentes)",
                                                                                 "When (permanents)"),
                                     "options": options(TRIGGERS, {"enters": L("al entrar en juego", "when it enters"),
                                                                   "turn_start": L("al empezar su turno",
                                                                                   "at its turn's start")}),
                                     "only_card_types": list(PERMANENT_TYPES)}]})
    for kind in BOOSTS:
        effects.append({"verb": kind, "label": EFFECT_LABELS[kind],
                        "arg": {"type": "int", "min": 1, "max": MAX_AMOUNT, "default": 1},
                        "options": [{"key": "to", "type": "choice", "label": L("A quién", "To whom"),
                                     "options_by_card_type": {t: options(s, TARGET_LABELS)
                                                              for t, s in BOOST_SCOPES.items()},
                                     "default": "all"}]})
    return {
        "id": "doce-vidas",
        "name": "Doce vidas",
        "label": L("Doce vidas", "Twelve lives"),
        "players": {"min": S.MIN_PLAYERS, "max": S.MAX_PLAYERS,
                    "fields": [field("name", "text", required=True),
                               field("lives", "int", default=12, min=1, max=S.MAX_LIVES),
                               field("mana", "int", default=0, min=0, max=S.MAX_MANA),
                               field("recycle_cost", "int", default=1, min=1, max=S.MAX_RECYCLE_COST)],
                    "names": ["Ana", "Bruno", "Carla", "David", "Elena", "Fede", "Gala", "Hugo"]},
        "zones": [{"key": z, "label": ZONE_LABELS[z], "order": ZONE_ORDER[z], "max": S.MAX_ZONE_CARDS,
                   "object_fields": ([field("tapped", "bool", default=False),
                                      field("damage", "int", default=0, min=0, max=999, only_card_types=["criatura"]),
                                      field("attached_to", "ref", ref="permanent",
                                            required_card_types=["encantamiento"])] if z == "board" else []),
                   "permanents_only": z == "board"}
                  for z in S.ZONES],
        "turn": {"key": "turn", "optional": True,
                 "help": L("Sin turno, la partida empieza desde su preparación.",
                           "Without a turn, the game starts from its preparation."),
                 "fields": [field("number", "int", default=1, min=1, max=10**6, required=True),
                            field("active", "player", required=True),
                            field("phase", "choice", options=options(S.PHASES, PHASE_LABELS), default="accion",
                                  required=True)]},
        "phases": options(S.EXPECT_PHASES, PHASE_LABELS),
        "cards": {"required": True, "inline": True, "catalog": [], "max": 500,
                  "fields": [field("type", "choice", options=options(CARD_TYPES, TYPE_LABELS), required=True,
                                   default="criatura"),
                             field("cost", "int", min=0, max=MAX_AMOUNT, default=1, required=True),
                             field("damage", "int", min=0, max=MAX_AMOUNT, default=1, only_card_types=["criatura"],
                                   required=True),
                             field("life", "int", min=1, max=MAX_AMOUNT, default=1, only_card_types=["criatura"],
                                   required=True),
                             field("effects", "effects"),
                             field("text", "longtext")],
                  "permanent_types": list(PERMANENT_TYPES), "creature_types": ["criatura"],
                  "type_field": "type"},
        "effects": effects,
        "actions": [{"verb": verb, "label": ACTION_LABELS[verb], "arg": _ACTION_ARG[verb],
                     "fields": _ACTION_KEYS.get(verb, [])} for verb in ACTION_KEYS],
        "expect": {"player": [_expect_field(k, v) for k, v in S.PLAYER_FIELDS.items()],
                   "object": [_expect_field(k, v) for k, v in S.OBJECT_FIELDS.items()],
                   "common": common_expectations(S.EXPECT_PHASES, PHASE_LABELS,
                                                 step_kinds=(*GENERIC_STEP_KINDS, *S.OWN_STEP_KINDS)),
                   "max": S.MAX_EXPECT},
        "template": template(),
        "template_title": template_title(),
    }


def template_title() -> dict[str, str]:
    """The template's title in both languages (core.template.title): its `title` is the Spanish one, a document's
    title being data; the builder titles a table started from it in the page's language."""
    said = Message("core.template.title")
    return L(said.render("es"), said.render("en"))


def template() -> dict[str, Any]:
    """A small scenario to start from: a creature on each side, Ana's action phase."""
    return {
        "ruleset": "doce-vidas",
        "title": template_title()["es"],
        "cards": {"Lobo gris": {"type": "criatura", "cost": 2, "damage": 2, "life": 3},
                  "Bola de fuego": {"type": "hechizo", "cost": 2, "effects": [{"damage": 3, "target": "any"}]}},
        "players": [{"name": "Ana", "mana": 2, "hand": [{"card": "Bola de fuego", "id": "bola"}],
                     "board": [{"card": "Lobo gris", "id": "lobo-ana"}]},
                    {"name": "Bruno", "board": [{"card": "Lobo gris", "id": "lobo-bruno"}]}],
        "turn": {"number": 3, "active": "Ana", "phase": "accion"},
        "actions": [],
        "expect": [],
    }
