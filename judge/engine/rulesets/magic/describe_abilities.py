"""The builder's forms for a card's ability pieces and the stack (issue 18: no JSON boxes): each piece the card
schema reads (cardschema.py: `activated`, `trigger`, `static`, `replacement`, additional costs; schema.py's
`stack`) described field by field, with the words of vocabulary.py, so the builder draws a form for it. A field
shown only for some values of another (`shown_if`) is the one the schema reads with them (REPLACEMENT_READS).
"""
from __future__ import annotations

from typing import Any

from judge.engine.rulesets.doce_vidas.describe import L, options
from judge.engine.rulesets.magic import schema as S
from judge.engine.rulesets.magic.cards import CARD_TYPES
from judge.engine.rulesets.magic.describe import (COLOR_LABELS, COUNTER_KINDS, SCOPE_LABELS, TYPE_LABELS,
                                                  field, keyword_options)
from judge.engine.rulesets.magic.mana import COLORS
from judge.engine.rulesets.magic.verb import current
from judge.engine.rulesets.magic.vocabulary import DELAYED_AT, REPLACE_TO, REPLACEMENT_READS, STATIC_SCOPES

WHEN_LABELS = {
    "enters": L("entra al campo de batalla", "enters the battlefield"), "dies": L("muere", "dies"),
    "leaves": L("deja el campo de batalla", "leaves the battlefield"), "attacks": L("ataca", "attacks"),
    "blocks": L("bloquea", "blocks"), "upkeep": L("al comienzo del mantenimiento", "at the beginning of upkeep"),
    "end_step": L("al comienzo del paso final", "at the beginning of the end step"),
    "counter_put": L("se le pone un contador", "a counter is put on it"),
    "deals_damage": L("hace daño", "deals damage"), "dealt_damage": L("recibe daño", "is dealt damage"),
    "untapped": L("se endereza", "becomes untapped"), "blocked": L("es bloqueada", "becomes blocked"),
    "state": L("una condición se cumple (disparada de estado)", "a condition holds (state trigger)"),
    "cast": L("se lanza un hechizo", "a spell is cast"),
}
OF_LABELS = {"self": L("esta carta", "this card"), "creature": L("una criatura", "a creature"),
             "another_creature": L("otra criatura", "another creature"),
             "opponents_creature": L("una criatura de un oponente", "an opponent's creature"),
             "your_creature": L("una criatura tuya", "a creature you control")}
WHOSE_LABELS = {"you": L("el tuyo", "yours"), "each": L("el de cada jugador", "each player's"),
                "opponents": L("el de cada oponente", "each opponent's")}
EVENT_LABELS = {
    "draw": L("robar una carta", "drawing a card"), "life_gain": L("ganar vidas", "gaining life"),
    "damage": L("recibir daño", "being dealt damage"), "enters": L("entrar al campo de batalla", "entering"),
    "dies": L("morir", "dying"), "prevent_none": L("el daño no se puede prevenir", "damage can't be prevented"),
    "no_life_gain": L("no se pueden ganar vidas", "life can't be gained"),
    "all_wither": L("todo daño es como debilitar", "all damage is as wither"),
    "tap_for_mana": L("girar para maná", "tapping for mana"),
    "opponent_discard": L("un oponente descarta", "an opponent discards"),
    "to_library_bottom": L("ir al fondo de la biblioteca", "going to the bottom of the library"),
    "counters": L("poner contadores", "putting counters"), "life_loss": L("perder vidas", "losing life"),
}
DAMAGE_TO = ("self", "controller", "creatures_you_control")


def _choice(key: str, values: tuple[str, ...] | list[str], labels: dict[str, Any], label: Any, **extra: Any
            ) -> dict[str, Any]:
    return {"key": key, "type": "choice", "label": label,
            "options": [{"value": v, "label": labels.get(v, L(v, v))} for v in values], **extra}


def activated_fields(target_spec: dict[str, Any]) -> list[dict[str, Any]]:
    """602.1: an activated ability, "[cost]: [effect]" (cardschema.activated)."""
    return [field("cost", "text", example="{1}{G}"),
            {**field("tap", "bool"), "label": L("Girar ({T}) como coste", "Tap ({T}) as a cost")},
            {**field("untap", "bool"), "label": L("Enderezar ({Q}) como coste", "Untap ({Q}) as a cost")},
            {**field("sacrifice", "bool"), "label": L("Sacrificarla como coste", "Sacrifice it as a cost")},
            {**field("remove_counters", "counters", kinds=COUNTER_KINDS),
             "label": L("Quitar contadores como coste", "Remove counters as a cost")},
            {**field("put_counters", "counters", kinds=COUNTER_KINDS),
             "label": L("Poner contadores como coste", "Put counters as a cost")},
            field("targets", "targetspecs", spec=target_spec),
            {**field("effects", "effects"), "required": True},
            {**field("your_turn", "bool"), "label": L("Solo en tu turno", "Only during your turn")},
            {**field("sorcery", "bool"), "label": L("Solo como un conjuro", "Only as a sorcery")}]


def trigger_fields(target_spec: dict[str, Any]) -> list[dict[str, Any]]:
    """603.1: a triggered ability, "when / whenever / at [event], [effect]" (cardschema.trigger)."""
    return [_choice("when", S.WHEN, WHEN_LABELS, L("Cuando", "When"), required=True),
            _choice("of", ("self", "creature", "another_creature", "opponents_creature", "your_creature"),
                    OF_LABELS, L("De quién", "Of what"), default="self"),
            _choice("whose", ("you", "each", "opponents"), WHOSE_LABELS, L("El paso de quién", "Whose step"),
                    default="you", shown_if={"when": list(S.WHOSE_WHEN)}),
            field("targets", "targetspecs", spec=target_spec),
            {**field("effects", "effects"), "required": True}]


def replacement_fields() -> list[dict[str, Any]]:
    """614.1: a replacement or prevention effect; each event reads its own keys (REPLACEMENT_READS)."""
    reads = lambda key: [e for e, keys in REPLACEMENT_READS.items() if key in keys]    # noqa: E731
    return [_choice("event", tuple(REPLACEMENT_READS), EVENT_LABELS, L("Al", "On"), required=True),
            {**field("instead", "effects"), "label": L("En su lugar", "Instead"), "shown_if": {"event": ["draw"]}},
            {**field("multiply", "int", min=0, max=10), "label": L("Multiplica por", "Multiplied by"),
             "shown_if": {"event": reads("multiply")}},
            {**field("add", "int", min=-99, max=99), "label": L("Suma", "Plus"), "shown_if": {"event": reads("add")}},
            _choice("to", REPLACE_TO["counters"], SCOPE_LABELS, L("A quién", "To whom"),
                    shown_if={"event": ["counters"]}),
            _choice("to", REPLACE_TO["life_loss"], SCOPE_LABELS, L("A quién", "To whom"),
                    shown_if={"event": ["life_loss"]}),
            _choice("to", DAMAGE_TO, SCOPE_LABELS, L("A quién", "To whom"), shown_if={"event": ["damage"]}),
            _choice("counter", ("+1/+1", "-1/-1"), {}, L("Tipo de contador", "Counter kind"),
                    shown_if={"event": ["counters"]}),
            {**field("prevent", "int", min=1, max=999, allow_all=True), "label": L("Previene", "Prevents"),
             "shown_if": {"event": ["damage"]}},
            {**field("source_draws", "bool"), "label": L("Su fuente roba", "Its source draws"),
             "shown_if": {"event": ["damage"]}},
            {**field("counters", "counters", kinds=COUNTER_KINDS), "label": L("Entra con contadores", "Enters with counters"),
             "shown_if": {"event": ["enters"]}},
            {**field("tapped", "bool"), "label": L("Entra girada", "Enters tapped"), "shown_if": {"event": ["enters"]}},
            _choice("choose", ("color", "name", "copy"), {"color": L("un color", "a colour"), "name": L("un nombre", "a name"),
                                                   "copy": L("una criatura de la que es copia (707.5)",
                                                             "a creature it enters as a copy of (707.5)")},
                    L("Al entrar elige", "As it enters, choose"), shown_if={"event": ["enters"]})]


def additional_cost_fields() -> list[dict[str, Any]]:
    """601.2f / 118.8: the additional costs of a spell (cardschema: `additional_costs`)."""
    n = lambda key, es, en: {"key": key, "type": "int", "min": 1, "max": 20, "label": L(es, en)}   # noqa: E731
    return [n("sacrifice_creature", "Sacrificar criaturas", "Sacrifice creatures"),
            n("pay_life", "Pagar vidas", "Pay life"), n("discard", "Descartar cartas", "Discard cards"),
            n("counter_creature", "Contador -1/-1 sobre criaturas", "-1/-1 counter on creatures")]


def stack_fields() -> list[dict[str, Any]]:
    """405: a spell already on the stack when the scenario starts (schema.stack)."""
    return [{"key": "card", "type": "ref", "ref": "card", "required": True, "label": L("Carta", "Card")},
            {"key": "id", "type": "text", "label": L("Id", "Id")},
            {"key": "controller", "type": "player", "required": True, "label": L("Controlador", "Controller")},
            {"key": "targets", "type": "refs", "ref": "target", "label": L("Objetivos", "Targets")},
            {"key": "x", "type": "int", "min": 0, "max": 99, "label": L("Valor de X", "Value of X")}]


def token_fields() -> list[dict[str, Any]]:
    """111.1: a token's characteristics (create_token's argument)."""
    return [{"key": "name", "type": "text", "required": True, "label": L("Nombre", "Name")},
            field("types", "multichoice", options=options(tuple(CARD_TYPES), TYPE_LABELS)),
            field("subtypes", "textlist"),
            field("colors", "multichoice", options=options(COLORS, COLOR_LABELS)),
            field("power", "int", min=-99, max=999), field("toughness", "int", min=-99, max=999),
            field("keywords", "multichoice", options=keyword_options())]


def records(key: str, fields: list[dict[str, Any]], label: Any, new: dict[str, Any]) -> dict[str, Any]:
    """A list of pieces, each a form of `fields`; `new`: the piece the "add" button starts from."""
    return {"key": key, "type": "records", "label": label, "fields": fields, "new": new}


# 702.16a: what a protection is from, as cardschema.protection reads it: a colour, a card type, "mv>=N", the
# chosen name. Mana values 1–10 are offered (the schema reads up to two digits).
PROTECTION_MV = range(1, 11)


def protection_piece() -> dict[str, Any]:
    """702.16: `{protection: quality, to: self | controller}`, a static ability the effect verbs do not write (the
    registry's Protection is static only): its own entry in the static abilities' list of verbs."""
    colours = [{"value": c, "label": L(f"el color {COLOR_LABELS[c]['es']}", f"the colour {COLOR_LABELS[c]['en']}")}
               for c in COLORS if c in COLOR_LABELS and c != "C"]
    types = [{"value": t, "label": L(f"el tipo {TYPE_LABELS[t]['es']}", f"the type {TYPE_LABELS[t]['en']}")}
             for t in CARD_TYPES]
    values = [{"value": f"mv>={n}", "label": L(f"valor de maná {n} o mayor", f"mana value {n} or greater")}
              for n in PROTECTION_MV]
    chosen = [{"value": "chosen_name", "label": L("el nombre elegido al entrar", "the name chosen as it enters")}]
    return {"verb": "protection", "label": L("protección contra", "protection from"),
            "arg": {"type": "choice", "options": colours + types + values + chosen, "default": colours[0]["value"]},
            "options": [_choice("to", ("self", "controller"), {"self": L("esta carta", "this card"),
                                                              "controller": L("su controlador", "its controller")},
                                L("Quién la tiene", "Who has it"), default="self")]}


def static_field() -> dict[str, Any]:
    """604.1: static abilities, each one effect (a verb the registry marks static) on the scopes a static ability
    reaches, or a protection (702.16, `pieces`: the static verbs with a form of their own)."""
    return {"key": "static", "type": "effects", "label": L("Habilidades estáticas", "Static abilities"),
            "verbs": list(current().static_names),
            "to_options": [{"value": s, "label": SCOPE_LABELS.get(s, L(s, s))} for s in STATIC_SCOPES],
            "pieces": [protection_piece()]}


def effect_args(target_spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The effect verbs whose argument is itself a piece: a form, not JSON."""
    return {"create_token": {"type": "record", "fields": token_fields(), "default": {"name": "Soldado",
                                                                                     "types": ["creature"],
                                                                                     "power": 1, "toughness": 1}},
            "grant_ability": {"type": "record", "fields": activated_fields(target_spec),
                              "default": {"cost": "{1}", "put_counters": {"-1/-1": 1},
                                          "effects": [{"untap": "self"}]}},
            "delayed": {"type": "record", "default": {"at": "end_of_combat", "effects": []},
                        "fields": [_choice("at", DELAYED_AT, {"end_of_combat": L("al final del combate", "at end of combat"),
                                                              "end_step": L("al comienzo del paso final", "at the beginning of the end step")},
                                           L("Cuándo", "When"), required=True),
                                   {**field("effects", "effects"), "required": True}]},
            "change_text": {"type": "textlist", "example": "flying, reach"}}
