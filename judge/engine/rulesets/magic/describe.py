"""magic's scenario parts as data (Ruleset.describe), read from the schema's and the cards' own constants; the
field vocabulary is the one judge/engine/rulesets/doce_vidas/describe.py documents."""
from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from judge.engine.rulesets.doce_vidas.describe import L, common_expectations, options, template_title
from judge.engine.rulesets.magic import schema as S
from judge.engine.rulesets.magic.vocabulary import COUNT_SCOPES
from judge.engine.rulesets.magic.actions import ACTION_KEYS
from judge.engine.rulesets.magic import keyword
from judge.engine.rulesets.magic.cards import BASIC_LANDS, CARD_TYPES, SUPERTYPES
from judge.engine.rulesets.magic.catalog import CatalogCard
from judge.engine.rulesets.magic.mana import COLORS, POOL_KEYS
from judge.engine.rulesets.magic.state import STEP_NAMES, STEPS
from judge.engine.rulesets.magic.verb import current
from judge.engine.step import GENERIC_STEP_KINDS

STEP_LABELS_EN = {"untap": "untap step", "upkeep": "upkeep step", "draw": "draw step", "main1": "first main phase",
                  "beginning_of_combat": "beginning of combat step", "declare_attackers": "declare attackers step",
                  "declare_blockers": "declare blockers step", "first_strike_damage": "first-strike damage step",
                  "combat_damage": "combat damage step", "end_of_combat": "end of combat step",
                  "main2": "second main phase", "end": "end step", "cleanup": "cleanup step"}
STEP_LABELS = {s: L(STEP_NAMES[s], STEP_LABELS_EN.get(s, s)) for s in STEPS}
ZONE_LABELS = {"library": L("Biblioteca", "Library"), "hand": L("Mano", "Hand"),
               "graveyard": L("Cementerio", "Graveyard"), "exile": L("Exilio", "Exile"),
               "battlefield": L("Campo de batalla", "Battlefield"), "stack": L("Pila", "Stack")}
ZONE_ORDER = {"library": L("la de arriba primero", "top first"), "graveyard": L("la de abajo primero", "bottom first")}
TYPE_LABELS = {k: L(v.lower(), k) for k, v in CARD_TYPES.items()}
COLOR_LABELS = {"W": L("blanco", "white"), "U": L("azul", "blue"), "B": L("negro", "black"), "R": L("rojo", "red"),
                "G": L("verde", "green"), "C": L("incoloro", "colourless")}
ACTION_LABELS = {"cast": L("lanzar un hechizo", "cast a spell"), "activate": L("activar una habilidad", "activate an ability"),
                 "mana": L("generar maná", "add mana"), "play_land": L("jugar una tierra", "play a land"),
                 "pass": L("pasar la prioridad", "pass priority"),
                 "pass_until": L("pasar hasta un paso", "pass until a step"),
                 "attack": L("declarar atacantes (respuesta)", "declare attackers (answer)"),
                 "block": L("declarar bloqueadoras (respuesta)", "declare blockers (answer)"),
                 "assign": L("asignar daño (respuesta)", "assign damage (answer)"),
                 "choose": L("elegir (respuesta)", "choose (answer)")}
FIELD_LABELS = {
    "name": L("Nombre", "Name"), "life": L("Vidas", "Life"), "mana_pool": L("Reserva de maná", "Mana pool"),
    "lands_played": L("Tierras jugadas este turno", "Lands played this turn"), "tapped": L("Girado", "Tapped"),
    "damage": L("Daño marcado", "Marked damage"), "counters": L("Contadores", "Counters"),
    "attached_to": L("Anexado a", "Attached to"), "sick": L("Mareo de invocación", "Summoning sick"),
    "number": L("Número de turno", "Turn number"), "active": L("Jugador activo", "Active player"),
    "step": L("Paso", "Step"), "types": L("Tipos", "Types"), "cost": L("Coste de maná", "Mana cost"),
    "subtypes": L("Subtipos", "Subtypes"), "supertypes": L("Supertipos", "Supertypes"),
    "colors": L("Colores", "Colours"), "power": L("Fuerza", "Power"), "toughness": L("Resistencia", "Toughness"),
    "keywords": L("Palabras clave", "Keywords"), "targets": L("Objetivos", "Targets"), "effects": L("Efectos", "Effects"),
    "triggers": L("Habilidades disparadas", "Triggered abilities"),
    "activated": L("Habilidades activadas", "Activated abilities"), "static": L("Habilidades estáticas", "Static abilities"),
    "replacements": L("Efectos de reemplazo", "Replacement effects"),
    "additional_costs": L("Costes adicionales", "Additional costs"), "text": L("Texto no modelado", "Unmodelled text"),
    "target": L("Objetivo", "Target"), "x": L("Valor de X", "Value of X"), "tap": L("Girar para pagar", "Tap to pay"),
    "sacrifice": L("Sacrificar", "Sacrifice"), "discard": L("Descartar", "Discard"), "counter_on": L("Contador -1/-1 sobre", "-1/-1 counter on"), "ability": L("Habilidad nº", "Ability no."),
    "lost": L("Ha perdido", "Has lost"), "zone": L("Zona", "Zone"), "controller": L("Controlador", "Controller"),
    "attacking": L("Atacando", "Attacking"), "exists": L("Existe", "Exists"), "current_id": L("Id actual", "Current id"),
    "stack": L("Pila", "Stack"), "conspire": L("Conspirar (girar dos criaturas)", "Conspire (tap two creatures)"),
    "reveal": L("Mostrar", "Reveal"), "divide": L("Reparto del daño", "Division of the damage"),
    "x_counts": L("X cuenta tus…", "X counts your…"),
}
for _z in S.ZONES:
    FIELD_LABELS[_z] = ZONE_LABELS[_z]
    FIELD_LABELS[f"{_z}_count"] = L(f"Cartas en {ZONE_LABELS[_z]['es'].lower()}", f"Cards in {ZONE_LABELS[_z]['en'].lower()}")
COUNTER_KINDS = ["+1/+1", "-1/-1"]
SCOPE_LABELS = {
    "target": L("el objetivo", "the target"), "self": L("esta carta", "this card"),
    "controller": L("su controlador", "its controller"), "each_opponent": L("cada oponente", "each opponent"),
    "each_player": L("cada jugador", "each player"),
    "creatures_you_control": L("las criaturas que controlas", "creatures you control"),
    "other_creatures_you_control": L("tus otras criaturas", "other creatures you control"),
    "other_creatures": L("las otras criaturas", "other creatures"),
    "other_creatures": L("las demás criaturas", "other creatures"),
    "all_creatures": L("todas las criaturas", "all creatures"),
    "opponents_creatures": L("las criaturas de los oponentes", "opponents' creatures"),
    "enchanted": L("lo encantado", "the enchanted permanent"),
    "targets": L("cada objetivo", "each target"),
    "creatures_with_minus_counters": L("cada criatura con un contador -1/-1", "each creature with a -1/-1 counter"),
    "all_permanents": L("todos los permanentes", "all permanents"),
    "permanents_you_control": L("los permanentes que controlas", "permanents you control"),
    "other_permanents_you_control": L("tus otros permanentes", "other permanents you control"),
    "everything": L("todas las cartas, hechizos y permanentes", "every card, spell and permanent"),
    "linked": L("esa(s) carta(s) (de una instrucción anterior)", "those cards (of an earlier instruction)"),
    "random_target": L("uno de los objetivos al azar", "one of the targets at random"),
    "graveyard_random": L("una carta al azar de tu cementerio", "a card at random from your graveyard"),
    "graveyard_named_self": L("las cartas de tu cementerio con su nombre", "the cards in your graveyard with its name"),
    "source_card": L("esta carta, en su zona (cementerio)", "this card, in its zone (graveyard)"),
    "active_player": L("el jugador activo", "the active player"),
    "target_controller": L("el controlador del objetivo", "the target's controller"),
    "target_player_creatures": L("las criaturas del jugador objetivo", "the target player's creatures"),
    "chosen_player": L("un jugador elegido", "a chosen player"),
    "that_creature": L("esa criatura (la del evento)", "that creature (the event's)"),
    "equipped": L("la criatura equipada", "the equipped creature"),
    "opponents_permanents": L("los permanentes de los oponentes", "permanents your opponents control"),
}
COUNT_LABELS = {"source_power": L("la fuerza de la fuente", "the source's power"),
                "target_power": L("la fuerza del objetivo", "the target's power"),
                "life_lost_this_turn": L("las vidas perdidas este turno", "life lost this turn"),
                "destroyed": L("los permanentes destruidos así", "permanents destroyed this way"),
                "your_creatures": L("tus criaturas (de count_where)", "your creatures (of count_where)"),
                "linked_power": L("la fuerza de esa carta", "that card's power"),
                "linked_of_color": L("esas cartas del color elegido", "those cards of the chosen colour"),
                "damage_this_turn": L("el daño hecho al objetivo este turno", "damage dealt to the target this turn"),
                "life_paid": L("las vidas que pagó cada jugador", "the life each player paid"),
                # "the number of …" (filters.count, with count_where): the scope's own words
                **{s: L(f"el número de {SCOPE_LABELS[s]['es']}", f"the number of {SCOPE_LABELS[s]['en']}")
                   for s in COUNT_SCOPES}}
CONDITION_LABELS = {"did": L("lo hiciste («si lo haces»)", "you did (\"if you do\")"),
                    "linked_creature": L("esa carta es de criatura", "that card is a creature card"),
                    "linked_noncreature": L("esa carta no es de criatura", "that card isn't a creature card"),
                    "most_creatures": L("controlas más criaturas que cada otro jugador",
                                        "you control the most creatures"),
                    "not_most_creatures": L("no controlas más criaturas", "you don't")}
BY_LABELS = {"target": {"value": "target", "label": L("el objetivo", "the target")},
             "its_controller": {"value": "its_controller", "label": L("su controlador", "its controller")}}
DURATION_LABELS = {"end_of_turn": L("hasta el final del turno", "until end of turn"),
                   "end_of_combat": L("hasta el final del combate", "until end of combat"),
                   "permanent": L("para siempre", "indefinitely")}


def field(key: str, type_: str, **extra: Any) -> dict[str, Any]:
    return {"key": key, "type": type_, "label": FIELD_LABELS.get(key, L(key, key)), **extra}


_ARG = {
    "cast": {"type": "ref", "ref": "hand", "required": True},
    "activate": {"type": "ref", "ref": "permanent", "required": True, "mine": True},
    "mana": {"type": "refs", "ref": "permanent", "required": True, "mine": True},
    "play_land": {"type": "ref", "ref": "hand", "required": True},
    "pass": {"type": "const", "value": True},
    "pass_until": {"type": "choice", "options": options(STEPS, STEP_LABELS), "required": True},
    "attack": {"type": "refs", "ref": "creature", "mine": True},
    "block": {"type": "pairs", "key_ref": "creature", "value_ref": "creature", "key_mine": True},   # 509.1a
    "assign": {"type": "record", "fields": [
        {"key": "attacker", "type": "ref", "ref": "creature", "label": L("Atacante", "Attacker"), "required": True},
        {"key": "damage", "type": "intmap", "key_ref": "target", "label": L("Daño a cada uno", "Damage to each"),
         "required": True}]},
    "choose": {"type": "refs", "ref": "target_or_value"},
}
_FIELDS: dict[str, list[dict[str, Any]]] = {
    "cast": [field("targets", "refs", ref="target",
                   slots={"from": "targets", "kinds": {"creature": "creature", "player": "player", "any": "target",
                                                      "permanent": "permanent", "land": "permanent",
                                                      "artifact": "permanent", "enchantment": "permanent", "nonenchantment": "permanent", "nonland": "permanent", "instant_or_sorcery": "object",
                                                      "spell": "object", "creature_spell": "object",
                                                      "card": "object"}}), field("x", "int", min=0, max=99),
             field("tap", "refs", ref="permanent", mine=True), field("sacrifice", "refs", ref="permanent", mine=True),
             field("discard", "refs", ref="hand"), field("counter_on", "refs", ref="permanent", mine=True),
             field("conspire", "refs", ref="creature", mine=True), field("divide", "intmap", key_ref="target")],
    "activate": [field("ability", "int", min=0, max=20), field("targets", "refs", ref="target"),
                 field("x", "int", min=0, max=99), field("tap", "refs", ref="permanent", mine=True),
                 field("sacrifice", "refs", ref="permanent", mine=True), field("reveal", "refs", ref="hand")],
    "attack": [field("target", "player")],
}


def _expect_field(key: str, kind: str) -> dict[str, Any]:
    if kind in ("int", "sint"):
        return field(key, "int", **({"min": 0} if kind == "int" else {}))
    if kind == "bool":
        return field(key, "bool")
    if kind == "names":
        return field(key, "refs", ref="card_or_object")
    if kind == "zone":
        return field(key, "choice", options=options((*S.ZONES, "stack"), ZONE_LABELS))
    if kind == "player":
        return field(key, "player")
    if kind == "mana":
        return field(key, "text", example="{G}{G}")
    if kind == "counters":
        return field(key, "counters", kinds=COUNTER_KINDS)
    if kind == "colors":
        return field(key, "multichoice", options=options(COLORS, COLOR_LABELS))
    if kind == "keywords":
        return field(key, "multichoice", options=keyword_options())
    if kind == "str":
        return field(key, "text")
    return field(key, "ref", ref="permanent", nullable=True)


def keyword_options() -> list[dict[str, Any]]:
    """The modelled keywords as the builder lists them (keyword.py: each piece's labels in both languages)."""
    return [{"value": k.name, "label": L(*k.label)} for k in keyword.current() if k.modelled]


def describe(cat: Mapping[str, Any]) -> dict[str, Any]:
    """The builder's description of a magic scenario; `cat`: the catalog (name → CatalogCard: the basic lands and
    the Shadowmoor FAQ's cards, named without a definition), passed in as the loader passes it."""
    from judge.engine.rulesets.magic import describe_abilities as A

    cat = {**{n: CatalogCard(c, "") for n, c in BASIC_LANDS.items()}, **cat}
    target_spec = {"type": "targetspec", "kinds": list(S.TARGET_KINDS),
                   "controllers": ["any", "you", "opponent", "damaged_player"]}
    piece_args = A.effect_args(target_spec)
    verb_arg = {}
    # Each verb's argument as its class describes it (verb.py); `options` names one of the lists below.
    sources = {"keywords": keyword_options(),
               "colors": options(COLORS, COLOR_LABELS), "types": options(tuple(CARD_TYPES), TYPE_LABELS)}
    registry = current()
    for verb in registry.names:
        kind = registry.by_name[verb]
        arg = copy.deepcopy(dict(kind.builder_arg))        # the class's own stays as it is
        if isinstance(arg.get("options"), str):
            arg["options"] = sources[arg["options"]]
        if verb in piece_args:                              # a token, a granted ability, a delayed effect: a form
            arg = piece_args[verb]
        keys = kind.keys
        opts = []
        for k in keys:
            if k == "to":
                opts.append({"key": "to", "type": "choice", "label": L("A quién", "To whom"),
                             "options": options(S.SCOPES, SCOPE_LABELS), "default": registry.default_to.get(verb, "target")})
            elif k == "target":
                opts.append({"key": "target", "type": "int", "label": L("Objetivo nº", "Target no."), "min": 0,
                             "max": 4, "default": 0})
            elif k == "duration":
                opts.append({"key": "duration", "type": "choice", "label": L("Duración", "Duration"),
                             "options": options(("end_of_turn", "end_of_combat", "permanent"), DURATION_LABELS),
                             "default": "end_of_turn"})
            elif k == "amount":
                opts.append({"key": "amount", "type": "int", "label": L("Cantidad", "Amount"), "min": 1, "max": 50,
                             "default": 1})
            elif k == "counter":
                opts.append({"key": "counter", "type": "choice", "label": L("Tipo de contador", "Counter kind"),
                             "options": [{"value": c, "label": L(c, c)} for c in COUNTER_KINDS], "default": ""})
            elif k == "per_counter":
                opts.append({"key": "per_counter", "type": "choice", "label": L("Por cada contador", "Per counter"),
                             "options": [{"value": c, "label": L(c, c)} for c in COUNTER_KINDS], "default": ""})
            elif k == "where":
                from judge.engine.rulesets.magic.qualities import QUALITIES
                opts.append({"key": "where", "type": "multichoice", "label": L("Solo los que sean", "Only those"),
                             "options": [{"value": q, "label": L(v, q)} for q, v in QUALITIES.items()],
                             "default": []})
            elif k == "additive":
                opts.append({"key": "additive", "type": "bool", "label": L("Además de sus otros colores",
                                                                           "In addition to its other colours"),
                             "default": False})
            elif k == "triggers":
                opts.append(A.records("triggers", A.trigger_fields(target_spec), L("Habilidades disparadas", "Triggers"),
                                      {"when": "attacks", "effects": []}))
            elif k == "dest":
                dests = kind.dests
                labels = {**ZONE_LABELS, "library_bottom": L("el fondo de la biblioteca", "the bottom of the library")}
                opts.append({"key": "dest", "type": "choice", "label": L("Destino", "Destination"),
                             "options": options(dests, labels), "default": "hand"})
            elif k == "random":
                opts.append({"key": "random", "type": "bool", "label": L("Al azar", "At random"), "default": False})
            elif k == "count":
                opts.append({"key": "count", "type": "choice", "label": L("Cuenta", "Counts"),
                             "options": options(S.COUNTS, COUNT_LABELS), "default": ""})
            elif k == "by":
                who = [BY_LABELS[b] for b in kind.by_choices]
                opts.append({"key": "by", "type": "choice", "label": L("Lo hace", "Done by"), "options": who,
                             "default": ""})
            elif k == "types":
                opts.append({"key": "types", "type": "multichoice", "label": L("De los tipos", "Of the types"),
                             "options": options(tuple(CARD_TYPES), TYPE_LABELS)})
            elif k == "keep":
                opts.append({"key": "keep", "type": "int", "label": L("A la mano", "To the hand"), "min": 0,
                             "max": 99, "default": 1})
            elif k == "condition":
                from judge.engine.rulesets.magic.linked import CONDITIONS
                opts.append({"key": "condition", "type": "choice", "label": L("Solo si", "Only if"),
                             "options": options(CONDITIONS, CONDITION_LABELS), "default": ""})
            elif k == "divided":
                opts.append({"key": "divided", "type": "bool", "label": L("Dividido al lanzar", "Divided on casting"),
                             "default": False})
            elif k == "count_where":
                opts.append({"key": "count_where", "type": "textlist", "label": L("Cuenta las que son", "Counts those"),
                             "example": "B"})
            elif k == "spend_only":
                opts.append({"key": "spend_only", "type": "choice", "label": L("Solo para", "Only for"),
                             "options": [{"value": "x_costs", "label": L("costes con {X}", "costs with {X}")}],
                             "default": ""})
        verb_arg[verb] = {"verb": verb, "label": L(*kind.label) if kind.label[0] else L(verb, verb), "arg": arg,
                          "options": opts}
    return {
        "id": "magic",
        "name": "Magic: The Gathering",
        "label": L("Magic", "Magic"),
        "players": {"min": S.MIN_PLAYERS, "max": S.MAX_PLAYERS,
                    "fields": [field("name", "text", required=True),
                               field("life", "int", default=20, min=-999, max=10**6),
                               field("mana_pool", "text", default="", example="{G}{G}",
                                     keys=list(POOL_KEYS)),
                               field("lands_played", "int", default=0, min=0, max=99)],
                    "names": ["Ana", "Bruno", "Carla", "David", "Elena", "Fede", "Gala", "Hugo"]},
        "zones": [{"key": z, "label": ZONE_LABELS[z], "order": ZONE_ORDER.get(z, L("", "")), "max": S.MAX_ZONE,
                   "object_fields": ([field("tapped", "bool", default=False),
                                      field("damage", "int", default=0, min=0, max=999, only_card_types=["creature"]),
                                      field("counters", "counters", kinds=COUNTER_KINDS),
                                      field("attached_to", "ref", ref="permanent"),
                                      field("sick", "bool", default=False)] if z == "battlefield" else []),
                   "permanents_only": z == "battlefield"}
                  for z in S.ZONES],
        "turn": {"key": "turn", "optional": True,
                 "help": L("Sin turno: turno 1 del primer jugador, primera fase principal.",
                           "Without a turn: turn 1 of the first player, first main phase."),
                 "fields": [field("number", "int", default=1, min=1, max=10**6),
                            field("active", "player"),
                            field("step", "choice", options=options(STEPS, STEP_LABELS), default="main1")]},
        "phases": options(STEPS, STEP_LABELS),
        "cards": {"required": False, "inline": True, "catalog": list(cat), "max": S.MAX_CARDS,
                  "catalog_types": {n: list(c.card.types) for n, c in cat.items()},
                  "fields": [field("types", "multichoice", options=options(tuple(CARD_TYPES), TYPE_LABELS),
                                   required=True, default=["creature"]),
                             field("cost", "text", default="", example="{1}{G}"),
                             field("subtypes", "textlist"),
                             field("supertypes", "multichoice", options=[{"value": k, "label": L(v, k)}
                                                                         for k, v in SUPERTYPES.items()]),
                             field("colors", "multichoice", options=options(COLORS, COLOR_LABELS)),
                             field("power", "int", min=-99, max=999, default=2, only_card_types=["creature"],
                                   required=True),
                             field("toughness", "int", min=-99, max=999, default=2, only_card_types=["creature"],
                                   required=True),
                             field("keywords", "multichoice",
                                   options=keyword_options()
                                   + [{"value": k.name, "label": L(f"{k.spanish} (no modelada)",
                                                                   f"{k.label[1]} (not modelled)")}
                                      for k in keyword.current() if not k.modelled]),
                             field("targets", "targetspecs", spec=target_spec),
                             field("effects", "effects", only_card_types=["instant", "sorcery"]),
                             A.records("triggers", A.trigger_fields(target_spec), FIELD_LABELS["triggers"],
                                       {"when": "enters", "effects": [{"gain_life": 1}]}),
                             A.records("activated", A.activated_fields(target_spec), FIELD_LABELS["activated"],
                                       {"tap": True, "effects": [{"add_mana": "{G}"}]}),
                             A.static_field(),
                             {**field("equip", "text", example="{2}", only_card_types=["artifact"]),
                              "label": L("Equipar (coste; un Equipo: subtipo Equipo)",
                                         "Equip (its cost; an Equipment: subtype Equipment)")},
                             A.records("replacements", A.replacement_fields(), FIELD_LABELS["replacements"],
                                       {"event": "dies"}),
                             {"key": "additional_costs", "type": "record", "label": FIELD_LABELS["additional_costs"],
                              "fields": A.additional_cost_fields()},
                             field("text", "longtext")],
                  "permanent_types": sorted({"creature", "land", "enchantment", "artifact"}),
                  "creature_types": ["creature"],
                  "type_field": "types"},
        "effects": list(verb_arg.values()),
        "actions": [{"verb": verb, "label": ACTION_LABELS[verb], "arg": _ARG[verb], "fields": _FIELDS.get(verb, []),
                     "by": verb != "pass_until"} for verb in ACTION_KEYS],
        "expect": {"player": [_expect_field(k, v) for k, v in S.PLAYER_FIELDS.items()],
                   "object": [_expect_field(k, v) for k, v in S.OBJECT_FIELDS.items()],
                   "common": common_expectations(STEPS, STEP_LABELS,
                                                 step_kinds=(*GENERIC_STEP_KINDS, *S.OWN_STEP_KINDS))
                   + [field("stack", "refs", ref="card_or_object")],
                   "max": S.MAX_EXPECT},
        "extra": [A.records("stack", A.stack_fields(), FIELD_LABELS["stack"], {})],
        "template": template(),
        "template_title": template_title(),
    }


def template() -> dict[str, Any]:
    """A small scenario to start from: a creature and lands for Ana in her first main phase."""
    return {
        "ruleset": "magic",
        "title": template_title()["es"],
        "cards": {"Lobo gris": {"cost": "{2}{G}", "types": ["creature"], "power": 3, "toughness": 3},
                  "Rayo": {"cost": "{R}", "types": ["instant"], "targets": ["any"],
                           "effects": [{"damage": 3, "to": "target"}]}},
        "players": [{"name": "Ana", "hand": [{"card": "Rayo", "id": "rayo"}],
                     "battlefield": [{"card": "Lobo gris", "id": "lobo"}, {"card": "Montaña", "id": "m1"}]},
                    {"name": "Bruno", "battlefield": [{"card": "Lobo gris", "id": "lobo-bruno"}]}],
        "turn": {"number": 3, "active": "Ana", "step": "main1"},
        "actions": [],
        "expect": [],
    }
