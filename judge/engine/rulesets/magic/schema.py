"""The magic parts of a scenario (docs/scenarios.md, magic): inline cards, players and zones, the turn, the
stack, actions and expectations. Everything is checked before any rule runs, each problem with its field path."""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.engine.action import Action, Checkpoint
from judge.engine.expect import BAD, COMMON_KEYS, Expectation, parse_common, parse_entry, parse_fields
from judge.engine.rulesets.magic.actions import (ACTION_KEYS, Activate, Assign, Attack, Block, Cast, Choose, Mana,
                                                 Pass, PassUntil, PlayLand)
from judge.engine.rulesets.magic.cards import (BASIC_LANDS, CARD_TYPES, KEYWORDS, SUPERTYPES, TYPE_ALIASES,
                                               UNMODELLED_KEYWORDS, Activated, CardDef, Effect, Mode, Replacement,
                                               Static,
                                               TargetSpec, Triggered, keyword_id)
from judge.engine.rulesets.magic.mana import COLORS, ManaError, parse_cost, parse_mana
from judge.engine.rulesets.magic.state import STEPS
from judge.engine.step import GENERIC_STEP_KINDS
from judge.format.validate import MAX_TEXT, Checker, join

MIN_PLAYERS, MAX_PLAYERS = 2, 8
MAX_ZONE, MAX_TOTAL, MAX_ACTIONS, MAX_EXPECT, MAX_CARDS = 300, 1000, 2000, 500, 200
ZONES = ("library", "hand", "graveyard", "exile", "battlefield")
TARGET_KINDS = ("creature", "player", "any", "permanent", "spell", "creature_spell", "land", "artifact",
                "enchantment", "card", "nonenchantment", "nonland", "instant_or_sorcery")
SCOPES = ("target", "self", "controller", "each_opponent", "each_player", "creatures_you_control",
          "other_creatures_you_control", "all_creatures", "other_creatures", "opponents_creatures", "enchanted",
          "targets", "creatures_with_minus_counters", "all_permanents", "permanents_you_control",
          "other_permanents_you_control", "active_player", "target_controller", "target_player_creatures",
          "chosen_player", "that_creature", "linked", "random_target", "graveyard_random", "graveyard_named_self")
STATIC_SCOPES = ("self", "enchanted", "creatures_you_control", "other_creatures_you_control", "all_creatures",
                 "other_creatures", "opponents_creatures", "all_permanents", "permanents_you_control",
                 "other_permanents_you_control", "everything")
# Scopes that name objects: `where` keeps those with its qualities (qualities.py).
OBJECT_SCOPES = ("self", "enchanted", *(s for s in STATIC_SCOPES if s not in ("self", "enchanted")))
VERBS = ("damage", "destroy", "exile", "bounce", "sacrifice", "tap", "untap", "draw", "gain_life", "lose_life",
         "counters", "pump", "set_pt", "switch_pt", "grant", "lose", "lose_abilities", "set_color", "add_type",
         "gain_control", "create_token", "search", "prevent", "add_mana", "counter_spell", "mill",
         "remove_from_combat", "become_copy", "change_text", "discard", "remove_counter", "move_counter", "delayed",
         "regenerate", "return_to_battlefield", "shuffle_into_library",
         "grant_ability", "uncounterable", "must_block", "attach", "land_types", "look_top",
         # zones, randomness, copies (linked.py, zonefx.py)
         "reveal_top", "exile_top", "put", "exile_same_name", "keep_hand", "reorder_graveyard", "move_auras",
         "copy_token", "empty_pools", "choose_color", "pay", "pay_life_rounds", "may_play",
         "exchange_control", "cast_free")
DEFAULT_TO = {"look_top": "controller",
              "draw": "controller", "gain_life": "controller", "lose_life": "controller", "add_mana": "controller",
              "search": "controller", "create_token": "controller", "mill": "controller",
              "reveal_top": "controller", "exile_top": "controller", "keep_hand": "controller",
              "reorder_graveyard": "controller", "put": "linked", "may_play": "linked",
              "exchange_control": "targets"}
STATIC_VERBS = ("pump", "set_pt", "switch_pt", "grant", "lose", "lose_abilities", "set_color", "add_type",
                "grant_ability", "protection", "land_types")
WHEN = ("enters", "dies", "leaves", "attacks", "blocks", "upkeep", "end_step", "counter_put", "deals_damage",
        "dealt_damage", "untapped", "blocked", "state", "cast",
        # general events of any player or card (603.2): whose draw / life / card is `whose`'s
        "draw", "life_gain", "life_loss", "zone_change")
WHOSE_WHEN = ("upkeep", "end_step", "draw", "life_gain", "life_loss", "zone_change")
ZONES_OF_CARDS = ("library", "hand", "battlefield", "graveyard", "exile", "stack")
# What this ruleset declares to the core (judge.engine.rulesets.base.Ruleset): the step kinds it adds to the
# generic ones, and every event kind its steps carry.
OWN_STEP_KINDS = ("turn-based", "state-based", "trigger", "resolution", "replacement")
EVENT_KINDS = ("attach", "attack", "block", "cast", "cease", "cleanup", "combat", "control", "counters", "damage",
               "draw", "effect", "life", "look", "lose", "mana", "move", "regenerate", "reveal", "shuffle", "stack",
               "step", "tap", "untap", "win")
# Each replacement `event` and the keys it reads besides `event` (docs/scenarios.md, Replacement effects).
REPLACEMENT_READS: dict[str, tuple[str, ...]] = {
    "draw": ("instead",), "life_gain": ("multiply", "add"), "damage": ("prevent", "to", "source_draws"),
    "enters": ("counters", "tapped", "choose"), "dies": (), "prevent_none": (), "no_life_gain": (), "all_wither": (),
    "tap_for_mana": ("multiply",), "opponent_discard": (), "to_library_bottom": (),
    "counters": ("counter", "to", "multiply", "add"), "life_loss": ("to", "multiply", "add")}
# Whom a counters / life_loss replacement covers; the first is the default.
REPLACE_TO = {"counters": ("creatures_you_control", "self", "permanents_you_control"),
              "life_loss": ("controller", "opponents", "each")}
DELAYED_AT = ("end_of_combat", "end_step")
STOPS = ("fin", "limite", "eleccion", "partida terminada")
PLAYER_FIELDS = {"life": "int", "lost": "bool", "hand": "names", "library": "names", "graveyard": "names",
                 "exile": "names", "battlefield": "names", "hand_count": "int", "library_count": "int",
                 "graveyard_count": "int", "exile_count": "int", "battlefield_count": "int", "mana_pool": "mana",
                 "lands_played": "int"}
OBJECT_FIELDS = {"zone": "zone", "tapped": "bool", "damage": "int", "counters": "counters", "power": "sint",
                 "toughness": "sint", "colors": "colors", "keywords": "keywords", "controller": "player",
                 "attached_to": "ref", "attacking": "bool", "exists": "bool", "current_id": "str",
                 "sick": "bool"}
TOP_ONLY = ("stack",)
RUNTIME_ID = re.compile(r"^(ficha-|hab|copia)\d+(~\d+)?$")
# The keys each effect verb reads besides itself (any other key is an error, never silently ignored).
# `if_spent` (which mana was spent to cast the spell) is read by every verb.
_LASTING = ("to", "target", "duration", "where")
DEFAULT_VERB_KEYS = ("to", "target", "where")          # a verb VERB_KEYS does not list
_COUNTED = ("to", "target", "where", "count")
VERB_KEYS: dict[str, tuple[str, ...]] = {
    "pump": _LASTING, "set_pt": _LASTING, "switch_pt": _LASTING, "grant": (*_LASTING, "triggers"), "lose": _LASTING,
    "uncounterable": ("to", "target"), "must_block": ("to", "target", "duration"),
    "lose_abilities": _LASTING,
    "set_color": (*_LASTING, "additive"), "land_types": (*_LASTING, "additive"), "add_type": _LASTING, "gain_control": _LASTING, "prevent": _LASTING,
    "become_copy": _LASTING, "change_text": _LASTING, "create_token": ("amount", "to", "target", "count"),
    "search": ("dest",), "add_mana": ("to", "spend_only"),
    "counters": ("to", "target", "per_counter", "where"), "draw": ("to", "target", "where", "count", "per_counter"),
    "move_counter": ("target",), "delayed": (), "grant_ability": _LASTING,
    "remove_counter": ("to", "target", "counter", "amount", "where"),
    "damage": (*_COUNTED, "by", "divided"), "gain_life": _COUNTED, "lose_life": _COUNTED,
    "destroy": ("to", "target", "where", "types"), "exile": ("to", "target", "where", "types"),
    "bounce": ("to", "target", "where", "types"), "look_top": ("keep", "condition"),
    # Zones group: "condition" is linked.CONDITIONS ("if you do", "if it's a creature card").
    "reveal_top": ("to", "target", "condition"), "exile_top": ("to", "target", "condition"),
    "put": ("to", "dest", "condition"), "exile_same_name": ("to", "target"), "keep_hand": ("to", "target"),
    "reorder_graveyard": ("to",), "move_auras": ("to", "target"), "copy_token": ("condition",),
    "empty_pools": (), "choose_color": (), "pay": (), "pay_life_rounds": (), "may_play": ("to",), "exchange_control": ("to",), "cast_free": ("to", "target"),
    "discard": ("to", "target", "where", "random", "condition"), "sacrifice": ("to", "target", "where", "by", "types", "count", "count_where"),
}
COUNTS = ("source_power", "target_power", "life_lost_this_turn", "destroyed", "your_creatures",
          "linked_power", "linked_of_color", "damage_this_turn", "life_paid")
CONDITIONS = ("your_hand_empty", "active_hand_empty", "opponent_lost_life")


@dataclass(frozen=True)
class ObjectSetup:
    id: str
    card: str
    tapped: bool = False
    damage: int = 0
    counters: tuple[tuple[str, int], ...] = ()
    attached_to: str | None = None
    sick: bool = False


@dataclass(frozen=True)
class PlayerSetup:
    name: str
    life: int = 20
    zones: dict[str, tuple[ObjectSetup, ...]] = field(default_factory=dict)
    pool: tuple[tuple[str, int], ...] = ()
    lands_played: int = 0


@dataclass(frozen=True)
class StackSetup:
    id: str
    card: str
    controller: str
    targets: tuple[str, ...] = ()
    x: int = 0


@dataclass(frozen=True)
class Setup:
    cards: dict[str, CardDef]
    players: tuple[PlayerSetup, ...]
    turn: int = 1
    active: str = ""
    step: str = "main1"
    stack: tuple[StackSetup, ...] = ()
    catalog_names: frozenset[str] = frozenset()    # the cards of the catalog it was read with (a name to name)


def slug(name: str) -> str:
    import re
    return re.sub(r"[^0-9a-záéíóúüñ]+", "-", name.lower()).strip("-") or "jugador"


class _Parser:
    def __init__(self, check: Checker, catalog: Mapping[str, Any]) -> None:
        self.check = check
        self.catalog = catalog          # name → CatalogCard: the cards a scenario may name without defining them
        self.cards: dict[str, CardDef] = dict(BASIC_LANDS)
        self.names: list[str] = []
        self.ids: dict[str, str] = {}
        self.broken: set[str] = set()

    # -- cards --------------------------------------------------------------------------------------------------
    def card_defs(self, value: Any) -> None:
        m = self.check.mapping("cards", value, allowed=[k for k in value] if isinstance(value, Mapping) else ())
        if m is None:
            return
        if len(m) > MAX_CARDS:
            self.check.error("cards", f"demasiadas cartas: {len(m)} (máximo {MAX_CARDS})")
            return
        for name, spec in m.items():
            if not isinstance(name, str) or not name.strip() or len(name) > 200:
                self.check.error("cards", f"nombre de carta no válido {str(name)[:40]!r}")
                continue
            card = self.card_def(join("cards", name), name, spec)
            if card is not None:
                self.cards[name] = card
            else:
                self.broken.add(name)        # its errors are reported once, not again at every use

    def card_def(self, path: str, name: str, spec: Any, token: bool = False) -> CardDef | None:
        c = self.check
        m = c.mapping(path, spec, allowed=("cost", "types", "subtypes", "supertypes", "colors", "power", "toughness",
                                           "keywords", "targets", "effects", "triggers", "activated", "static",
                                           "replacements", "text", "name") if token else
                      ("cost", "types", "subtypes", "supertypes", "colors", "power", "toughness", "keywords",
                       "targets", "effects", "triggers", "activated", "static", "replacements", "text",
                       "additional_costs", "modes", "x_counts"),
                      required=("types",))
        if m is None or "types" not in m:
            return None
        errors = len(c.errors)
        cost = self.cost(join(path, "cost"), m.get("cost", ""))
        types = self.types(join(path, "types"), m["types"])
        subtypes = tuple(c.string_list(join(path, "subtypes"), m.get("subtypes", []), max_items=10) or ())
        supers = []
        for i, s in enumerate(c.string_list(join(path, "supertypes"), m.get("supertypes", []), max_items=3) or []):
            key = {"legendaria": "legendary", "básica": "basic", "basica": "basic"}.get(s.lower(), s.lower())
            if key not in SUPERTYPES:
                c.error(join(join(path, "supertypes"), i), f"supertipo desconocido «{s}» (legendary, basic)")
            else:
                supers.append(key)
        colors = None
        if "colors" in m:
            colors = self.colors(join(path, "colors"), m["colors"])
        power = toughness = None
        if "creature" not in types:
            for key in ("power", "toughness"):
                if key in m:
                    c.error(join(path, key), "solo las criaturas tienen fuerza y resistencia (208.3)")
        if "creature" in types:
            for key in ("power", "toughness"):
                if key not in m:
                    c.error(join(path, key), "una criatura necesita fuerza y resistencia")
            power = c.integer(join(path, "power"), m.get("power", 0), minimum=-99, maximum=999)
            toughness = c.integer(join(path, "toughness"), m.get("toughness", 0), minimum=-99, maximum=999)
        keywords, unmodelled = self.keywords(join(path, "keywords"), m.get("keywords", []))
        targets = self.target_specs(join(path, "targets"), m.get("targets", []))
        effects = self.effects(join(path, "effects"), m.get("effects", []))
        modes = []
        for i, raw in enumerate(self.seq(join(path, "modes"), m.get("modes", []))):
            mp = join(join(path, "modes"), i)
            mm = c.mapping(mp, raw, allowed=("effects", "targets"), required=("effects",))
            if mm is not None and "effects" in mm:
                modes.append(Mode(effects=self.effects(join(mp, "effects"), mm["effects"]),
                                  targets=self.target_specs(join(mp, "targets"), mm.get("targets", []))))
        if "modes" in m:
            if not ({"instant", "sorcery"} & set(types)):
                c.error(join(path, "modes"), "solo los instantáneos y conjuros modales tienen «modes» (700.2)")
            if "effects" in m or "targets" in m:
                c.error(join(path, "modes"), "un hechizo modal lleva sus efectos y objetivos en cada modo, no "
                                             "en «effects»/«targets»")
            if len(m["modes"] if isinstance(m["modes"], list) else []) < 2:
                c.error(join(path, "modes"), "un hechizo modal tiene al menos dos modos (700.2)")
        if effects and not ({"instant", "sorcery"} & set(types)):
            c.error(join(path, "effects"), "solo los instantáneos y conjuros tienen «effects»; un permanente usa "
                                           "triggers, activated, static o replacements")
        if ({"instant", "sorcery"} & set(types)) and not effects and not modes and not m.get("text"):
            c.error(join(path, "effects"), "un instantáneo o conjuro necesita «effects» (o «text» si no se modela)")
        is_aura = "enchantment" in types and "Aura" in subtypes
        if is_aura and len(targets) != 1:
            c.error(join(path, "targets"), "un Aura necesita exactamente un objetivo: lo que encanta (303.4a)")
        triggers = tuple(t for i, raw in enumerate(self.seq(join(path, "triggers"), m.get("triggers", [])))
                         if (t := self.trigger(join(join(path, "triggers"), i), raw)) is not None)
        activated = tuple(a for i, raw in enumerate(self.seq(join(path, "activated"), m.get("activated", [])))
                          if (a := self.activated(join(join(path, "activated"), i), raw)) is not None)
        statics = tuple(s for i, raw in enumerate(self.seq(join(path, "static"), m.get("static", [])))
                        if (s := self.static(join(join(path, "static"), i), raw)) is not None)
        reps = tuple(r for i, raw in enumerate(self.seq(join(path, "replacements"), m.get("replacements", [])))
                     if (r := self.replacement(join(join(path, "replacements"), i), raw)) is not None)
        text = c.string(join(path, "text"), m.get("text", ""), max_length=MAX_TEXT, empty=True)
        # 107.3c: "X is the number of <subtype or card type> you control as you cast it" (e.g. Montaña)
        x_counts = (c.string(join(path, "x_counts"), m["x_counts"]) or "") if "x_counts" in m else ""
        additional = []
        if "additional_costs" in m:
            am = c.mapping(join(path, "additional_costs"), m["additional_costs"],
                           allowed=("sacrifice_creature", "pay_life", "discard", "counter_creature"))
            for k, v in (am or {}).items():
                n = c.integer(join(join(path, "additional_costs"), k), v, minimum=1, maximum=20)
                if n:
                    additional.append((k, n))
        if len(c.errors) > errors:
            return None
        if "land" in types and not activated and not text and not token:
            pass                                       # a land without a mana ability is legal (e.g. a test land)
        return CardDef(name=name, types=types, mana_cost=cost or (), subtypes=subtypes, supertypes=tuple(supers),
                       color_override=colors, power=power, toughness=toughness, keywords=keywords, effects=effects,
                       targets=targets, triggers=triggers, activated=activated, statics=statics, replacements=reps,
                       text=text or "", unmodelled_keywords=unmodelled, is_token=token,
                       additional=tuple(additional), modes=tuple(modes), x_counts=x_counts)

    def seq(self, path: str, value: Any) -> list[Any]:
        return self.check.sequence(path, value, max_items=20) or []

    def cost(self, path: str, value: Any) -> tuple | None:
        text = self.check.string(path, value, empty=True)
        if text is None:
            return None
        try:
            return parse_cost(text)
        except ManaError as exc:
            self.check.error(path, f"coste de maná no válido: {exc}")
            return None

    def types(self, path: str, value: Any) -> tuple[str, ...]:
        items = [value] if isinstance(value, str) else self.check.sequence(path, value, max_items=5) or []
        out = []
        for i, t in enumerate(items):
            if not isinstance(t, str):
                self.check.error(join(path, i), "se esperaba un tipo de carta")
                continue
            key = TYPE_ALIASES.get(t.lower(), t.lower())
            if key not in CARD_TYPES:
                self.check.error(join(path, i) if not isinstance(value, str) else path,
                                 f"tipo de carta desconocido «{t}»; se esperaba uno de: {', '.join(CARD_TYPES)}")
            else:
                out.append(key)
        if not items:
            self.check.error(path, "una carta tiene al menos un tipo")
        return tuple(out)

    def colors(self, path: str, value: Any) -> tuple[str, ...]:
        items = self.check.sequence(path, value, max_items=5) or []
        out = []
        for i, v in enumerate(items):
            if not isinstance(v, str) or v.upper() not in COLORS:
                self.check.error(join(path, i), f"color desconocido {v!r}; se esperaba W, U, B, R o G")
            else:
                out.append(v.upper())
        return tuple(out)

    def keywords(self, path: str, value: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
        items = self.check.sequence(path, value, max_items=20) or []
        known, unknown = [], []
        for i, k in enumerate(items):
            if not isinstance(k, str):
                self.check.error(join(path, i), "se esperaba el nombre de una habilidad de palabra clave")
                continue
            kid = keyword_id(k)
            if kid is not None:
                known.append(kid)
            elif k.lower() in UNMODELLED_KEYWORDS or k.lower() in UNMODELLED_KEYWORDS.values():
                unknown.append(k.lower())
            else:
                self.check.error(join(path, i), f"palabra clave desconocida «{k}»; el motor modela: "
                                 + ", ".join(KEYWORDS) + " (las demás van en «text»)")
        return tuple(known), tuple(unknown)

    def target_specs(self, path: str, value: Any) -> tuple[TargetSpec, ...]:
        out = []
        for i, raw in enumerate(self.check.sequence(path, value, max_items=5) or []):
            p = join(path, i)
            if isinstance(raw, str):
                raw = {"type": raw}
            m = self.check.mapping(p, raw, allowed=("type", "controller", "other", "many", "where", "zone",
                                                    "optional", "untapped", "mv_at_most_slot"), required=("type",))
            if m is None or "type" not in m:
                continue
            kind = self.check.choice(join(p, "type"), m["type"], TARGET_KINDS)
            # damaged_player: "that player" of a deals_damage trigger (bound as it triggers, core._bind_damaged)
            ctl = self.check.choice(join(p, "controller"), m.get("controller", "any"), ("any", "you", "opponent",
                                                                                       "damaged_player"))
            other = self.check.boolean(join(p, "other"), m.get("other", False))
            many = self.check.boolean(join(p, "many"), m.get("many", False))
            if many and i != len(value) - 1:
                self.check.error(join(p, "many"), "solo el último objetivo puede ser «many» (cualquier cantidad)")
            where = self.qualities(join(p, "where"), m.get("where", []))
            if where and kind in ("player", "spell"):
                self.check.error(join(p, "where"), "«where» filtra permanentes: no vale con un jugador ni un hechizo")
            zone = self.check.choice(join(p, "zone"), m.get("zone", "battlefield"), ("battlefield", "graveyard"))
            optional = self.check.boolean(join(p, "optional"), m.get("optional", False))
            untapped = self.check.boolean(join(p, "untapped"), m.get("untapped", False))
            if zone == "graveyard" and kind not in ("creature", "card", "instant_or_sorcery"):
                self.check.error(join(p, "type"), "en un cementerio el objetivo es «card» o «creature» (una carta "
                                                  "de criatura)")
                continue
            if kind in ("card", "instant_or_sorcery") and zone != "graveyard":
                self.check.error(join(p, "zone"), "«card» es una carta de un cementerio: pon «zone: graveyard»")
                continue
            mv_slot = -1
            if "mv_at_most_slot" in m:       # its mana value at most that earlier slot's (Diablura de puca)
                mv_slot = self.check.integer(join(p, "mv_at_most_slot"), m["mv_at_most_slot"], minimum=0,
                                             maximum=max(i - 1, 0)) or 0
                if i == 0:
                    self.check.error(join(p, "mv_at_most_slot"), "compara con un objetivo anterior: no vale en el "
                                                                 "primero")
            if kind and ctl and zone:
                out.append(TargetSpec(kind, ctl, other=bool(other), many=bool(many), where=where, zone=zone,
                                      optional=bool(optional), untapped=bool(untapped), mv_at_most_slot=mv_slot))
        return tuple(out)

    def effects(self, path: str, value: Any, scopes: tuple[str, ...] = SCOPES) -> tuple[Effect, ...]:
        out = []
        for i, raw in enumerate(self.check.sequence(path, value, max_items=20) or []):
            e = self.effect(join(path, i), raw, scopes)
            if e is not None:
                out.append(e)
        return tuple(out)

    def effect(self, path: str, raw: Any, scopes: tuple[str, ...] = SCOPES, default_to: str = "target"
               ) -> Effect | None:
        c = self.check
        if not isinstance(raw, Mapping):
            c.error(path, "se esperaba un efecto como {damage: 3, to: target}")
            return None
        verbs = [k for k in raw if k in VERBS]
        if len(verbs) != 1:
            c.error(path, "cada efecto lleva exactamente uno de: " + ", ".join(VERBS)
                    + (f" (hay {', '.join(verbs)})" if verbs else ""))
            return None
        verb = verbs[0]
        m = c.mapping(path, raw, allowed=(verb, "may", "if_spent", *VERB_KEYS.get(verb, DEFAULT_VERB_KEYS)))
        if m is None:
            return None
        arg = m[verb]
        p = join(path, verb)
        kw: dict[str, Any] = {}
        to = m.get("to", DEFAULT_TO.get(verb, default_to))
        if verb in ("destroy", "exile", "bounce", "sacrifice", "tap", "untap", "switch_pt", "lose_abilities",
                    "gain_control", "counter_spell", "remove_from_combat", "discard", "remove_counter",
                    "regenerate", "return_to_battlefield", "shuffle_into_library", "uncounterable", "must_block",
                    "attach"):
            if isinstance(arg, str) and "to" not in m:
                to = arg
            elif arg is not True and not isinstance(arg, str):
                c.error(p, f"se esperaba «{verb}: target» (o a quién afecta)")
                return None
            if verb == "discard":
                kw["amount"] = 1             # one card, of the player's choice (701.9b)
        elif verb in ("damage", "draw", "gain_life", "lose_life", "mill", "look_top"):
            if arg == "X":
                kw["x"] = True
            else:
                n = c.integer(p, arg, minimum=0, maximum=999)
                if n is None:
                    return None
                kw["amount"] = n
        elif verb == "counters":
            cm = c.mapping(p, arg, allowed=("+1/+1", "-1/-1"))
            if cm is None or len(cm) != 1:
                if cm is not None:
                    c.error(p, "se esperaba un tipo de contador: {\"+1/+1\": 2} o {\"-1/-1\": 1}")
                return None
            kind, n = next(iter(cm.items()))
            n = c.integer(join(p, kind), n, minimum=1, maximum=999)
            if n is None:
                return None
            kw.update(counter=kind, amount=n)
        elif verb in ("pump", "set_pt"):
            seq = c.sequence(p, arg, max_items=2)
            if seq is None or len(seq) != 2:
                if seq is not None:
                    c.error(p, "se esperaba [fuerza, resistencia], p. ej. [3, 3]")
                return None
            pw = c.integer(join(p, 0), seq[0], minimum=-99, maximum=99)
            th = c.integer(join(p, 1), seq[1], minimum=-99, maximum=99)
            if pw is None or th is None:
                return None
            kw.update(power=pw, toughness=th)
        elif verb in ("grant", "lose"):
            kws, unknown = self.keywords(p, arg)
            if unknown:
                c.error(p, "solo se pueden otorgar o quitar palabras clave que el motor modela")
            kw["keywords"] = kws
            if verb == "grant" and "triggers" in m:            # "and gains «when this creature attacks, …»"
                kw["abilities"] = tuple(t for i, raw in enumerate(self.seq(join(path, "triggers"), m["triggers"]))
                                        if (t := self.trigger(join(join(path, "triggers"), i), raw)) is not None)
        elif verb == "set_color":
            if arg == "chosen":
                kw["choose"] = True                    # "the color or colors of your choice", asked on resolution
            elif arg == "entered":
                kw["entered_choice"] = True            # "the chosen color": the one chosen as its source entered
            else:
                kw["colors"] = self.colors(p, arg)
        elif verb == "land_types":
            from judge.engine.rulesets.magic.cards import BASIC_LAND_TYPES
            if arg == "chosen":
                kw["choose"] = True                    # "choose a basic land type", asked on resolution
            else:
                names = c.string_list(p, arg, max_items=5) or []
                for i, t in enumerate(names):
                    if t not in BASIC_LAND_TYPES:
                        c.error(join(p, i), f"tipo de tierra básica desconocido «{t}»; se esperaba uno de: "
                                            + ", ".join(BASIC_LAND_TYPES))
                kw["types"] = tuple(t for t in names if t in BASIC_LAND_TYPES)
        elif verb == "add_type":
            kw["types"] = self.types(p, arg)
        elif verb == "create_token":
            tm = arg if isinstance(arg, Mapping) else None
            if tm is None or "name" not in tm:
                c.error(p, "se esperaba la ficha: {name: Soldado, types: [creature], power: 1, toughness: 1}")
                return None
            tname = c.string(join(p, "name"), tm["name"])
            token = self.card_def(p, tname or "Ficha", {k: v for k, v in tm.items() if k != "name"}, token=True)
            if token is None:
                return None
            kw["token"] = token
            kw["amount"] = c.integer(join(path, "amount"), m.get("amount", 1), minimum=1, maximum=50) or 1
        elif verb == "change_text":
            seq = c.sequence(p, arg, max_items=2)
            if seq is None or len(seq) != 2 or not all(isinstance(w, str) and w.strip() for w in seq):
                c.error(p, "se esperaba [palabra que se cambia, palabra nueva]: dos palabras clave (p. ej. "
                           "[flying, reach]) o dos subtipos (p. ej. [Elfo, Goblin])")
                return None
            old, new = (keyword_id(w) or w for w in seq)
            if (old in KEYWORDS) != (new in KEYWORDS):
                c.error(p, "las dos palabras deben ser del mismo tipo: dos palabras clave o dos subtipos (612.2)")
                return None
            kw["types"] = (old, new)
        elif verb in ("become_copy", "move_counter"):
            n = c.integer(p, arg, minimum=0, maximum=4)
            if n is None:
                return None
            kw["of"] = n
        elif verb == "grant_ability":
            ab = self.activated(p, arg)
            if ab is None:
                return None
            kw["ability"] = ab
        elif verb == "delayed":
            dm = c.mapping(p, arg, allowed=("at", "effects"), required=("at", "effects"))
            if dm is None or "at" not in dm or "effects" not in dm:
                return None
            kw["at"] = c.choice(join(p, "at"), dm["at"], DELAYED_AT) or ""
            kw["then"] = self.effects(join(p, "effects"), dm["effects"], scopes)
            if not kw["at"] or not kw["then"]:
                return None
        elif verb in ("reveal_top", "exile_top", "keep_hand"):
            if arg == "X" and verb == "exile_top":
                kw["x"] = True
            else:
                kw["amount"] = c.integer(p, arg, minimum=1, maximum=999) or 1
        elif verb in ("put", "exile_same_name", "reorder_graveyard", "move_auras", "copy_token", "empty_pools",
                      "choose_color", "pay_life_rounds", "may_play", "exchange_control", "cast_free"):
            if arg is not True:
                c.error(p, f"se esperaba «{verb}: true»")
                return None
            if verb == "put":
                kw["dest"] = c.choice(join(path, "dest"), m.get("dest", "hand"),
                                      ("hand", "battlefield", "graveyard", "library_bottom", "exile")) or "hand"
        elif verb == "pay":
            cost = self.cost(p, arg)
            if not cost:
                c.error(p, "se esperaba el coste que se paga, p. ej. \"{1}\"")
                return None
            kw["cost"] = cost
        elif verb == "search":
            s = c.string(p, arg)
            if s is None:
                return None
            kw["search"] = s
            kw["dest"] = c.choice(join(path, "dest"), m.get("dest", "hand"), ("hand", "battlefield")) or "hand"
        elif verb == "prevent":
            if arg == "all":
                kw["amount"] = -1
            else:
                n = c.integer(p, arg, minimum=1, maximum=999)
                if n is None:
                    return None
                kw["amount"] = n
        elif verb == "add_mana":
            s = c.string(p, arg)
            try:
                # "any": one mana of any colour, chosen as it resolves; "land_types": one mana of a type a land you
                # control could make (106.7)
                if s not in ("any", "land_types"):
                    parse_mana(s or "")
            except ManaError as exc:
                c.error(p, str(exc))
                return None
            kw["mana"] = s
            if "spend_only" in m:
                kw["spend_only"] = c.choice(join(path, "spend_only"), m["spend_only"], ("x_costs",)) or ""
        if "count" in m:
            kw["count"] = c.choice(join(path, "count"), m["count"], COUNTS) or ""
        if "keep" in m:                    # look_top: how many of the cards looked at go to the hand
            kw["keep"] = c.integer(join(path, "keep"), m["keep"], minimum=0, maximum=99) or 0
        if "condition" in m:               # "if you control more creatures…", "if you do", "if it's a creature card"
            from judge.engine.rulesets.magic.linked import CONDITIONS
            kw["condition"] = c.choice(join(path, "condition"), m["condition"], CONDITIONS) or ""
        if "random" in m:                  # discard at random (701.9b)
            kw["random"] = bool(c.boolean(join(path, "random"), m["random"]))
        if "divided" in m:                 # X divided among the targets as announced on casting (601.2d)
            kw["divided"] = bool(c.boolean(join(path, "divided"), m["divided"]))
        if "count_where" in m:            # the qualities of the creatures `count: your_creatures` counts
            kw["count_where"] = self.qualities(join(path, "count_where"), m["count_where"])
        if "by" in m:      # who does it: damage "target" (that creature deals it); sacrifice "its_controller"
            kw["by"] = c.choice(join(path, "by"), m["by"], ("target",) if verb == "damage" else ("its_controller",)) \
                or ""
        if "types" in m:
            kw["types"] = self.types(join(path, "types"), m["types"])
        if "if_spent" in m:
            spent = self.colors(join(path, "if_spent"), m["if_spent"] if isinstance(m["if_spent"], list)
                                else [m["if_spent"]])
            kw["if_spent"] = spent
        to = c.choice(join(path, "to"), to, scopes)
        if to is None:
            return None
        if to in ("graveyard_random", "graveyard_named_self") and verb != "put":
            c.error(join(path, "to"), "«graveyard_random» y «graveyard_named_self» eligen cartas para «put»")
            return None
        if verb == "put" and to not in ("linked", "graveyard_random", "graveyard_named_self", "targets"):
            c.error(join(path, "to"), "«put» mueve «linked», «targets» (cartas de un cementerio), «graveyard_random» "
                                      "o «graveyard_named_self»")
            return None
        if verb == "create_token" and to not in ("controller", "target_controller", "each_player"):
            c.error(join(path, "to"), "las fichas las crea el controlador del efecto («controller», por defecto) o el "
                                      "controlador del objetivo («target_controller»)")
            return None
        if (to == "chosen_player") != (verb == "add_mana" and to != "controller"):
            c.error(join(path, "to"), "«add_mana» va a «controller» o a «chosen_player» (un jugador que se elige), y "
                                      "solo «add_mana» usa «chosen_player»")
            return None
        target = c.integer(join(path, "target"), m.get("target", 0), maximum=4) or 0
        duration = c.choice(join(path, "duration"), m.get("duration", "end_of_turn"),
                            ("end_of_turn", "end_of_combat", "permanent")) or "end_of_turn"
        may = c.boolean(join(path, "may"), m.get("may", False))
        if verb == "remove_counter" and "counter" in m:
            kw["counter"] = c.choice(join(path, "counter"), m["counter"], ("+1/+1", "-1/-1")) or ""
            amount = m.get("amount", 1)
            kw["amount"] = -1 if amount == "all" else (c.integer(join(path, "amount"), amount, minimum=1,
                                                                  maximum=99) or 1)
        elif verb == "remove_counter" and "amount" in m:
            c.error(join(path, "amount"), "«amount» va con «counter»: quita esa cantidad de ese tipo")
        if "per_counter" in m:
            kw["per_counter"] = c.choice(join(path, "per_counter"), m["per_counter"], ("+1/+1", "-1/-1")) or ""
        if verb in ("set_color", "land_types") and "additive" in m:
            kw["additive"] = bool(c.boolean(join(path, "additive"), m["additive"]))
        where = self.qualities(join(path, "where"), m.get("where", []))
        if where and to not in OBJECT_SCOPES:
            c.error(join(path, "where"), f"«where» filtra objetos: no vale con to: {to}")
        return Effect(kind=verb, to=to, target=target, duration=duration, optional=bool(may), where=where, **kw)

    def qualities(self, path: str, value: Any) -> tuple[str, ...]:
        from judge.engine.rulesets.magic.qualities import QUALITIES
        out = []
        for i, q in enumerate(self.check.sequence(path, value, max_items=5) or []):
            if not isinstance(q, str) or (q.upper() if len(q) == 1 else q) not in QUALITIES:
                self.check.error(join(path, i), f"cualidad desconocida {q!r}; se esperaba una de: "
                                                + ", ".join(QUALITIES))
            else:
                out.append(q.upper() if len(q) == 1 else q)
        return tuple(out)

    def trigger(self, path: str, raw: Any) -> Triggered | None:
        c = self.check
        m = c.mapping(path, raw, allowed=("when", "of", "whose", "counter", "effects", "targets", "each_counter",
                                          "state_condition", "where",
                                          "had_counter", "condition", "to_whom", "combat", "at_least",
                                          "from_zone", "to_zone"),
                      required=("when", "effects"))
        if m is None:
            return None
        when = c.choice(join(path, "when"), m["when"], WHEN) if "when" in m else None
        of = c.choice(join(path, "of"), m.get("of", "self"), ("self", "creature", "another_creature",
                                                               "opponents_creature", "your_creature"))
        whose = c.choice(join(path, "whose"), m.get("whose", "you"), ("you", "each", "opponents"))
        condition, condition_n = "", 0
        if "condition" in m:
            # 603.4: `your_hand_empty`, `active_hand_empty`, or `{opponent_lost_life: N}`.
            raw_c = m["condition"]
            if isinstance(raw_c, Mapping):
                cm = c.mapping(join(path, "condition"), raw_c, allowed=("opponent_lost_life",),
                               required=("opponent_lost_life",))
                if cm and "opponent_lost_life" in cm:
                    condition = "opponent_lost_life"
                    condition_n = c.integer(join(join(path, "condition"), "opponent_lost_life"),
                                            cm["opponent_lost_life"], minimum=1, maximum=999) or 1
            else:
                condition = c.choice(join(path, "condition"), raw_c, ("your_hand_empty", "active_hand_empty")) or ""
        counter = m.get("counter", "")
        if counter not in ("", "+1/+1", "-1/-1"):
            c.error(join(path, "counter"), "se esperaba +1/+1 o -1/-1")
        effects = self.effects(join(path, "effects"), m.get("effects", []))
        targets = self.target_specs(join(path, "targets"), m.get("targets", []))
        if when not in WHOSE_WHEN and "whose" in m:
            c.error(join(path, "whose"), f"«whose» solo vale con when: {', '.join(WHOSE_WHEN)}")
        zones = {}
        for key in ("from_zone", "to_zone"):        # 400.7: "whenever a card is put into a graveyard from anywhere"
            if key in m:
                zones[key] = c.choice(join(path, key), m[key], ZONES_OF_CARDS) or ""
                if when != "zone_change":
                    c.error(join(path, key), f"«{key}» solo vale con when: zone_change")
        if when not in ("enters", "dies", "counter_put") and "of" in m:
            c.error(join(path, "of"), "«of» solo vale con when: enters, dies o counter_put")
        if when == "counter_put" and of in ("another_creature", "opponents_creature"):
            c.error(join(path, "of"), "con counter_put, «of» es self o creature")
        if when != "enters" and of in ("opponents_creature", "your_creature"):
            c.error(join(path, "of"), f"«{of}» solo vale con when: enters")
        where = self.qualities(join(path, "where"), m.get("where", []))
        if where and (when != "enters" or of == "self"):
            c.error(join(path, "where"), "«where» solo vale con when: enters y una criatura (of)")
        if when != "counter_put" and "counter" in m:
            c.error(join(path, "counter"), "«counter» solo vale con when: counter_put")
        each = c.boolean(join(path, "each_counter"), m.get("each_counter", False))
        if when != "counter_put" and "each_counter" in m:
            c.error(join(path, "each_counter"), "«each_counter» solo vale con when: counter_put")
        had = m.get("had_counter", "")
        if had not in ("", "+1/+1", "-1/-1"):
            c.error(join(path, "had_counter"), "se esperaba +1/+1 o -1/-1")
        if when != "dies" and "had_counter" in m:
            c.error(join(path, "had_counter"), "«had_counter» solo vale con when: dies")
        to_whom = c.choice(join(path, "to_whom"), m.get("to_whom", ""), ("", "opponent", "player")) or ""
        combat = c.boolean(join(path, "combat"), m.get("combat", False))
        at_least = c.integer(join(path, "at_least"), m.get("at_least", 0), minimum=0, maximum=999) or 0
        for key in ("to_whom", "combat", "at_least"):
            if when != "deals_damage" and key in m:
                c.error(join(path, key), f"«{key}» solo vale con when: deals_damage")
        if None in (when, of, whose) or "effects" not in m:
            return None
        state_condition = ""
        if when == "state":
            state_condition = c.choice(join(path, "state_condition"), m.get("state_condition"),
                                       ("no_permanents_of_chosen_color",)) or ""
        elif "state_condition" in m:
            c.error(join(path, "state_condition"), "«state_condition» solo vale con when: state")
        return Triggered(when=when, effects=effects, targets=targets, of=of, whose=whose, counter=counter,
                         each_counter=bool(each), had_counter=had, condition=condition, condition_n=condition_n,
                         to_whom=to_whom, state_condition=state_condition, where=where, combat=bool(combat),
                         at_least=at_least, **zones)

    def activated(self, path: str, raw: Any) -> Activated | None:
        c = self.check
        m = c.mapping(path, raw, allowed=("cost", "tap", "untap", "remove_counters", "put_counters", "sacrifice",
                                          "effects", "targets", "your_turn", "sacrifice_type", "reveal_sharing_color",
                                          "only_if", "discard_self"), required=("effects",))
        if m is None:
            return None
        cost = self.cost(join(path, "cost"), m.get("cost", ""))
        tap = c.boolean(join(path, "tap"), m.get("tap", False))
        untap = c.boolean(join(path, "untap"), m.get("untap", False))
        sac = c.boolean(join(path, "sacrifice"), m.get("sacrifice", False))
        rc, pc = [], []
        for key, found in (("remove_counters", rc), ("put_counters", pc)):
            if key in m:
                cm = c.mapping(join(path, key), m[key], allowed=("+1/+1", "-1/-1"))
                for k, v in (cm or {}).items():
                    n = c.integer(join(join(path, key), k), v, minimum=1, maximum=99)
                    if n:
                        found.append((k, n))
        your_turn = c.boolean(join(path, "your_turn"), m.get("your_turn", False))
        effects = self.effects(join(path, "effects"), m.get("effects", []))
        targets = self.target_specs(join(path, "targets"), m.get("targets", []))
        sac_type = c.string(join(path, "sacrifice_type"), m["sacrifice_type"]) if "sacrifice_type" in m else ""
        reveal = c.integer(join(path, "reveal_sharing_color"), m.get("reveal_sharing_color", 0), minimum=0,
                           maximum=7) or 0
        only_color, only_n = "", 0
        if "only_if" in m:                         # {color: G, count: 2}: "only if you control two or more green"
            om = c.mapping(join(path, "only_if"), m["only_if"], allowed=("color", "count"),
                           required=("color", "count"))
            if om and "color" in om and "count" in om:
                cols = self.colors(join(join(path, "only_if"), "color"), [om["color"]])
                only_color = cols[0] if cols else ""
                only_n = c.integer(join(join(path, "only_if"), "count"), om["count"], minimum=1, maximum=99) or 1
        if cost is None or "effects" not in m:
            return None
        return Activated(cost=cost, tap=bool(tap), untap=bool(untap), remove_counters=tuple(rc), sacrifice=bool(sac),
                         effects=effects, targets=targets, put_counters=tuple(pc), your_turn=bool(your_turn),
                         sacrifice_type=sac_type or "", reveal_sharing_color=reveal, only_if_color=only_color,
                         only_if_n=only_n,
                         discard_self=bool(c.boolean(join(path, "discard_self"), m.get("discard_self", False))))

    def static(self, path: str, raw: Any) -> Static | None:
        if isinstance(raw, Mapping) and "protection" in raw:
            return self.protection(path, raw)
        condition = None
        if isinstance(raw, Mapping) and "while" in raw:
            cm = self.check.mapping(join(path, "while"), raw["while"], allowed=("library_at_most",))
            if cm is None or len(cm) != 1:
                if cm is not None:
                    self.check.error(join(path, "while"), "se esperaba una condición: {library_at_most: N}")
                return None
            kind, n = next(iter(cm.items()))
            n = self.check.integer(join(join(path, "while"), kind), n, minimum=0, maximum=999)
            if n is None:
                return None
            condition = (kind, n)
            raw = {k: v for k, v in raw.items() if k != "while"}
        e = self.effect(path, raw, STATIC_SCOPES, default_to="self")
        if e is None:
            return None
        if e.kind not in STATIC_VERBS or e.choose:
            self.check.error(path, "una habilidad estática modela: " + ", ".join(STATIC_VERBS))
            return None
        return Static(e, condition)

    def protection(self, path: str, raw: Mapping[str, Any]) -> Static | None:
        """702.16: `{protection: quality, to: self | controller}` (protection.py reads it)."""
        c = self.check
        m = c.mapping(path, raw, allowed=("protection", "to"))
        if m is None:
            return None
        q = m["protection"]
        ok = isinstance(q, str) and (re.fullmatch(r"mv>=\d{1,2}", q) or q in COLORS or q == "chosen_name")
        if not ok:
            c.error(join(path, "protection"), "se esperaba una cualidad: mv>=N, W, U, B, R, G o chosen_name")
            return None
        to = c.choice(join(path, "to"), m.get("to", "self"), ("self", "controller"))
        return Static(Effect("protection", to=to or "self", quality=q, duration="permanent")) if to else None

    def replacement(self, path: str, raw: Any) -> Replacement | None:
        c = self.check
        m = c.mapping(path, raw, allowed=("event", "instead", "multiply", "add", "prevent", "to", "counters",
                                          "source_draws", "tapped", "choose", "counter"),
                      required=("event",))
        if m is None or "event" not in m:
            return None
        event = c.choice(join(path, "event"), m["event"], tuple(REPLACEMENT_READS))
        if event is None:
            return None
        reads = REPLACEMENT_READS[event]
        for k in m:
            if k not in ("event", *reads):
                c.error(join(path, k), f"«{k}» no se usa con event: {event}"
                        + (f" (lee: {', '.join(reads)})" if reads else ""))
        kw: dict[str, Any] = {}
        if event == "draw":
            kw["instead"] = self.effects(join(path, "instead"), m.get("instead", []), SCOPES)
            if "instead" not in m:
                c.error(join(path, "instead"), "un reemplazo de robo dice qué pasa en su lugar")
        elif event == "tap_for_mana":
            kw["multiply"] = c.integer(join(path, "multiply"), m.get("multiply", 2), minimum=0, maximum=10) or 0
        elif event in ("counters", "life_loss"):
            # 614.1a: "that many plus N / N times that many … instead" (614.5: once per event)
            kw["multiply"] = c.integer(join(path, "multiply"), m.get("multiply", 1), minimum=0, maximum=10) or 0
            kw["add"] = c.integer(join(path, "add"), m.get("add", 0), minimum=-99, maximum=99) or 0
            if "multiply" not in m and "add" not in m:
                c.error(path, f"un reemplazo de {event} dice cuánto cambia: «multiply» o «add»")
            scopes = REPLACE_TO[event]
            kw["to"] = c.choice(join(path, "to"), m.get("to", scopes[0]), scopes) or scopes[0]
            if event == "counters":
                kw["counter"] = c.choice(join(path, "counter"), m.get("counter", ""), ("", "+1/+1", "-1/-1")) or ""
        elif event == "life_gain":
            kw["multiply"] = c.integer(join(path, "multiply"), m.get("multiply", 1), minimum=0, maximum=10) or 0
            kw["add"] = c.integer(join(path, "add"), m.get("add", 0), minimum=-99, maximum=99) or 0
        elif event == "damage":
            prevent = m.get("prevent", "all")
            kw["prevent"] = -1 if prevent == "all" else (c.integer(join(path, "prevent"), prevent, minimum=1) or 1)
            kw["to"] = c.choice(join(path, "to"), m.get("to", "self"), ("self", "controller",
                                                                        "creatures_you_control")) or "self"
            kw["source_draws"] = bool(c.boolean(join(path, "source_draws"), m.get("source_draws", False)))
        elif event == "enters":
            cm = c.mapping(join(path, "counters"), m.get("counters", {}), allowed=("+1/+1", "-1/-1"))
            kw["counters"] = tuple((k, v) for k, v in (cm or {}).items()
                                   if c.integer(join(join(path, "counters"), k), v, minimum=1) is not None)
            kw["tapped"] = bool(c.boolean(join(path, "tapped"), m.get("tapped", False)))
            if "choose" in m:
                kw["choose"] = c.choice(join(path, "choose"), m["choose"], ("color", "name")) or ""
        return Replacement(event=event, **kw)

    def from_catalog(self, name: str) -> None:
        """A card the scenario does not define: the FAQ catalog's (catalog.py), with its unmodelled text."""
        hit = self.catalog.get(name)
        if hit is not None:
            self.cards[name] = hit.card

    # -- players ------------------------------------------------------------------------------------------------
    def players(self, value: Any) -> list[PlayerSetup]:
        c = self.check
        items = c.sequence("players", value, max_items=MAX_PLAYERS, what="jugadores")
        if items is None:
            return []
        if len(items) < MIN_PLAYERS:
            c.error("players", f"se necesitan al menos {MIN_PLAYERS} jugadores (hay {len(items)})")
        given: set[str] = set()
        for raw in items:
            for z in ZONES:
                for e in (raw.get(z) or []) if isinstance(raw, Mapping) and isinstance(raw.get(z), list) else []:
                    if isinstance(e, Mapping) and isinstance(e.get("id"), str):
                        given.add(e["id"])
        for i, raw in enumerate(items):
            if isinstance(raw, Mapping) and isinstance(raw.get("name"), str):
                self.names.append(raw["name"])
        out = []
        counter = 0
        total = 0
        seen_names: set[str] = set()
        for i, raw in enumerate(items):
            path = join("players", i)
            m = c.mapping(path, raw, allowed=("name", "life", "mana_pool", "lands_played", *ZONES), required=("name",))
            if m is None or "name" not in m:
                continue
            name = c.string(join(path, "name"), m["name"])
            if name is None:
                continue
            if name in seen_names:
                c.error(join(path, "name"), f"jugador repetido «{name}»")
            seen_names.add(name)
            zones: dict[str, tuple[ObjectSetup, ...]] = {}
            for z in ZONES:
                objs = []
                for j, entry in enumerate(c.sequence(join(path, z), m.get(z, []), max_items=MAX_ZONE,
                                                     what="cartas") or []):
                    counter += 1
                    auto = f"{slug(name)}-{counter}"
                    while auto in given:
                        counter += 1
                        auto = f"{slug(name)}-{counter}"
                    total += 1
                    o = self.obj(join(join(path, z), j), entry, z, auto)
                    if o is not None:
                        objs.append(o)
                zones[z] = tuple(objs)
            life = c.integer(join(path, "life"), m.get("life", 20), minimum=-999, maximum=10**6)
            lands = c.integer(join(path, "lands_played"), m.get("lands_played", 0), maximum=99)
            pool = self.pool(join(path, "mana_pool"), m.get("mana_pool", {}))
            out.append(PlayerSetup(name=name, life=life if life is not None else 20, zones=zones,
                                   pool=pool, lands_played=lands or 0))
        if total > MAX_TOTAL:
            c.error("players", f"demasiadas cartas en total: {total} (máximo {MAX_TOTAL})")
        for i, p in enumerate(out):
            for j, o in enumerate(p.zones.get("battlefield", ())):
                self.check_permanent(f"players[{i}].battlefield[{j}]", o, out)
        return out

    def pool(self, path: str, value: Any) -> tuple[tuple[str, int], ...]:
        if isinstance(value, str):
            try:
                return tuple(parse_mana(value).items())
            except ManaError as exc:
                self.check.error(path, str(exc))
                return ()
        m = self.check.mapping(path, value, allowed=("W", "U", "B", "R", "G", "C"))
        out = []
        for k, v in (m or {}).items():
            n = self.check.integer(join(path, k), v, maximum=999)
            if n:
                out.append((k, n))
        return tuple(out)

    def obj(self, path: str, entry: Any, zone: str, auto: str) -> ObjectSetup | None:
        c = self.check
        if isinstance(entry, str):
            entry = {"card": entry}
        allowed = ("card", "id", "tapped", "damage", "counters", "attached_to", "sick") if zone == "battlefield" \
            else ("card", "id")
        m = c.mapping(path, entry, allowed=allowed, required=("card",))
        if m is None or "card" not in m:
            return None
        card = c.string(join(path, "card"), m["card"])
        if card is not None and card not in self.cards and card not in self.broken:
            self.from_catalog(card)
        if card is not None and card not in self.cards:
            if card not in self.broken:
                c.error(join(path, "card"), f"carta desconocida «{card}» (defínela en «cards:»; las tierras básicas "
                                            f"son {', '.join(BASIC_LANDS)})")
            card = None
        oid = c.string(join(path, "id"), m["id"]) if "id" in m else auto
        oid = oid or auto
        if oid in self.ids:
            c.error(join(path, "id"), f"id repetido «{oid}»")
        elif oid in self.names:
            c.error(join(path, "id"), f"el id «{oid}» coincide con el nombre de un jugador")
        elif "~" in oid:
            c.error(join(path, "id"), "un id no lleva «~» (el motor lo usa para los objetos nuevos, 400.7)")
        tapped = c.boolean(join(path, "tapped"), m.get("tapped", False))
        damage = c.integer(join(path, "damage"), m.get("damage", 0), maximum=999)
        sick = c.boolean(join(path, "sick"), m.get("sick", False))
        counters = []
        if "counters" in m:
            cm = c.mapping(join(path, "counters"), m["counters"], allowed=("+1/+1", "-1/-1"))
            for k, v in (cm or {}).items():
                n = c.integer(join(join(path, "counters"), k), v, maximum=999)
                if n:
                    counters.append((k, n))
        attached = c.string(join(path, "attached_to"), m["attached_to"]) if m.get("attached_to") is not None else None
        self.ids[oid] = card or ""
        if card is None:
            return None
        return ObjectSetup(id=oid, card=card, tapped=bool(tapped), damage=damage or 0, counters=tuple(counters),
                           attached_to=attached, sick=bool(sick))

    def check_permanent(self, path: str, o: ObjectSetup, players: list[PlayerSetup]) -> None:
        card = self.cards[o.card]
        if not card.is_permanent:
            self.check.error(join(path, "card"), f"«{o.card}» no es un permanente: no puede estar en el campo de "
                                                 "batalla")
        if o.damage and "creature" not in card.types:
            self.check.error(join(path, "damage"), "solo las criaturas tienen daño marcado")
        field_ids = {x.id for p in players for x in p.zones.get("battlefield", ())}
        if o.attached_to is not None:
            if o.attached_to not in field_ids or o.attached_to == o.id:
                self.check.error(join(path, "attached_to"), f"«{o.attached_to}» no es otro permanente del campo de "
                                                            "batalla")
        elif card.is_aura:
            self.check.error(join(path, "attached_to"), "un Aura en el campo de batalla está anexada: falta "
                                                        "«attached_to»")

    # -- references -----------------------------------------------------------------------------------------------
    def player_ref(self, path: str, value: Any) -> str | None:
        name = self.check.string(path, value)
        if name is not None and name not in self.names:
            self.check.error(path, f"jugador desconocido «{name}»")
            return None
        return name

    def ref(self, path: str, value: Any, *, players: bool = False, cards: bool = True) -> str | None:
        """An object id, a card name (when `cards`), or a player (when `players`)."""
        r = self.check.string(path, value)
        if r is None:
            return None
        if r in self.ids or (players and r in self.names) or (cards and r in self.cards) or r in self.stack_ids:
            return r
        if players and r == "-":
            return r                                   # an optional target slot left empty ("up to one")
        if "~" in r and r.split("~")[0] in self.ids:
            return r                                   # a later incarnation of a scenario object (400.7)
        if RUNTIME_ID.match(r):
            return r                                   # a token or ability the engine names during the run
        what = "id de objeto" + (", jugador" if players else "") + (" ni nombre de carta" if cards else "")
        self.check.error(path, f"«{r}» no es un {what} del escenario")
        return None

    stack_ids: set[str] = set()

    def refs(self, path: str, value: Any, **kw: Any) -> tuple[str, ...] | None:
        items = [value] if isinstance(value, str) else self.check.sequence(path, value, max_items=20)
        if items is None:
            return None
        out = [self.ref(join(path, i) if not isinstance(value, str) else path, v, **kw) for i, v in enumerate(items)]
        return None if None in out else tuple(x for x in out if x)

    # -- turn and stack -----------------------------------------------------------------------------------------
    def turn(self, value: Any) -> tuple[int, str, str]:
        c = self.check
        m = c.mapping("turn", value, allowed=("number", "active", "step"))
        if m is None:
            return 1, self.names[0] if self.names else "", "main1"
        number = c.integer("turn.number", m.get("number", 1), minimum=1, maximum=10**6) or 1
        active = self.player_ref("turn.active", m["active"]) if "active" in m else (self.names[0] if self.names
                                                                                     else "")
        step = c.choice("turn.step", m.get("step", "main1"), STEPS) or "main1"
        return number, active or "", step

    def stack(self, value: Any) -> tuple[StackSetup, ...]:
        c = self.check
        out = []
        for i, raw in enumerate(c.sequence("stack", value, max_items=50) or []):
            path = join("stack", i)
            m = c.mapping(path, raw, allowed=("card", "id", "controller", "targets", "x"),
                          required=("card", "controller"))
            if m is None or "card" not in m or "controller" not in m:
                continue
            card = c.string(join(path, "card"), m["card"])
            if card is not None and card not in self.cards:
                self.from_catalog(card)
            if card is not None and card not in self.cards:
                c.error(join(path, "card"), f"carta desconocida «{card}»")
                card = None
            ctl = self.player_ref(join(path, "controller"), m["controller"])
            sid = c.string(join(path, "id"), m["id"]) if "id" in m else f"pila-{i + 1}"
            if sid in self.ids:
                c.error(join(path, "id"), f"id repetido «{sid}»")
            self.ids[sid or ""] = card or ""
            targets = self.refs(join(path, "targets"), m.get("targets", []), players=True, cards=False)
            x = c.integer(join(path, "x"), m.get("x", 0), maximum=99)
            if card and "x" not in m and any(sym.kind == "x" for sym in self.cards[card].mana_cost):
                # 601.2b: X was announced as the spell was cast; the engine never guesses it.
                c.error(join(path, "x"), f"{card} tiene {{X}} en su coste: di el valor anunciado al lanzarlo "
                        "(601.2b; x: 0 también vale)")
            if card and ctl and sid and targets is not None:
                out.append(StackSetup(id=sid, card=card, controller=ctl, targets=targets, x=x or 0))
        return tuple(out)

    # -- actions ------------------------------------------------------------------------------------------------
    def actions(self, value: Any) -> list[Any]:
        self.script_checks = 0
        out: list[Any] = []
        for i, raw in enumerate(self.check.sequence("actions", value, max_items=MAX_ACTIONS, what="acciones") or []):
            a = self.action(join("actions", i), raw)
            if a is not None:
                out.append(a)
        return out

    def action(self, path: str, raw: Any) -> Any:
        c = self.check
        if not isinstance(raw, Mapping):
            c.error(path, "se esperaba una acción como {by: Ana, cast: Rayo, targets: [Bruno]}")
            return None
        if "expect" in raw:
            c.mapping(path, raw, allowed=("expect",))
            exps = self.expectations(join(path, "expect"), raw["expect"], in_script=True)
            self.script_checks += len(exps)
            if self.script_checks > MAX_EXPECT:
                c.error(join(path, "expect"), f"demasiadas comprobaciones entre acciones (máximo {MAX_EXPECT} en "
                                              "todo el guion)")
            return Checkpoint(tuple(exps), path)
        verbs = [k for k in raw if k in ACTION_KEYS]
        if len(verbs) != 1:
            c.error(path, "cada acción lleva exactamente uno de: " + ", ".join(ACTION_KEYS) + ", expect"
                    + (f" (hay {', '.join(verbs)})" if verbs else ""))
            return None
        verb = verbs[0]
        extra = {"cast": ("target", "targets", "x", "tap", "sacrifice", "discard", "mode", "counter_on", "conspire",
                          "divide"),
                 "activate": ("ability", "target", "targets", "x", "tap", "sacrifice", "reveal"),
                 "attack": ("target",)}.get(verb, ())
        m = c.mapping(path, raw, allowed=("by", verb, *extra), required=() if verb == "pass_until" else ("by",))
        if m is None:
            return None
        by = self.player_ref(join(path, "by"), m["by"]) if "by" in m else None
        arg = m[verb]
        p = join(path, verb)
        if verb == "pass_until":
            step = c.choice(p, arg, STEPS)
            return PassUntil(by=by or "", step=step) if step else None
        if by is None:
            return None
        if verb == "pass":
            if arg is not True:
                c.error(p, "se esperaba «pass: true»")
                return None
            return Pass(by=by)
        if verb in ("cast", "activate"):
            ref = self.ref(p, arg)
            if "target" in m and "targets" in m:
                c.error(join(path, "targets"), "usa «target» o «targets», no los dos")
            targets = self.refs(join(path, "target" if "target" in m else "targets"),
                                m.get("target", m.get("targets", [])), players=True)
            # 601.2b: X is announced by the player; without «x» none is (the engine says so, it never guesses 0).
            x = c.integer(join(path, "x"), m["x"], maximum=99) if "x" in m else None
            tap = self.refs(join(path, "tap"), m.get("tap", []), cards=False)
            if ref is None or targets is None or ("x" in m and x is None) or tap is None:
                return None
            if verb == "cast":
                sac = self.refs(join(path, "sacrifice"), m.get("sacrifice", []), cards=False)
                dis = self.refs(join(path, "discard"), m.get("discard", []))
                con = self.refs(join(path, "counter_on"), m.get("counter_on", []), cards=False)
                if sac is None or dis is None or con is None:
                    return None
                mode = c.integer(join(path, "mode"), m["mode"], maximum=9) if "mode" in m else None
                if "mode" in m and mode is None:
                    return None
                consp = self.refs(join(path, "conspire"), m.get("conspire", []), cards=False)
                if consp is None:
                    return None
                divide: list[tuple[str, int]] = []
                if "divide" in m:           # 601.2d: {target: amount}
                    dm = c.mapping(join(path, "divide"), m["divide"],
                                   allowed=[k for k in m["divide"]] if isinstance(m["divide"], Mapping) else ())
                    for r, n in (dm or {}).items():
                        rr = self.ref(join(join(path, "divide"), r), r, players=True, cards=False)
                        nn = c.integer(join(join(path, "divide"), r), n, minimum=1, maximum=999)
                        if rr is None or nn is None:
                            return None
                        divide.append((rr, nn))
                return Cast(by=by, card=ref, targets=targets, x=x, tap=tap, sacrifice=sac, discard=dis, mode=mode,
                            counter_on=con, conspire=consp, divide=tuple(divide))
            ability = c.integer(join(path, "ability"), m.get("ability", 0), maximum=20)
            sac = self.refs(join(path, "sacrifice"), m.get("sacrifice", []), cards=False)
            rev = self.refs(join(path, "reveal"), m.get("reveal", []))
            if sac is None or rev is None:
                return None
            return Activate(by=by, source=ref, ability=ability or 0, targets=targets, x=x, tap=tap, sacrifice=sac,
                            reveal=rev) if ability is not None else None
        if verb == "mana":
            refs = self.refs(p, arg, cards=False)
            return Mana(by=by, sources=refs) if refs else None
        if verb == "play_land":
            ref = self.ref(p, arg)
            return PlayLand(by=by, card=ref) if ref else None
        if verb == "attack":
            refs = self.refs(p, arg, cards=False)
            target = self.player_ref(join(path, "target"), m["target"]) if "target" in m else ""
            return Attack(by=by, attackers=refs, target=target or "") if refs is not None and target is not None \
                else None
        if verb == "block":
            bm = c.mapping(p, arg, allowed=[k for k in arg] if isinstance(arg, Mapping) else ())
            if bm is None:
                return None
            pairs = []
            for b, a in bm.items():
                br = self.ref(join(p, b), b, cards=False)
                ar = self.ref(join(p, b), a, cards=False)
                if br and ar:
                    pairs.append((br, ar))
            return Block(by=by, blocks=tuple(pairs)) if len(pairs) == len(bm) else None
        if verb == "assign":
            am = c.mapping(p, arg, allowed=("attacker", "damage"), required=("attacker", "damage"))
            if am is None or "attacker" not in am or "damage" not in am:
                return None
            att = self.ref(join(p, "attacker"), am["attacker"], cards=False)
            dm = c.mapping(join(p, "damage"), am["damage"],
                           allowed=[k for k in am["damage"]] if isinstance(am["damage"], Mapping) else ())
            pairs = []
            for r, n in (dm or {}).items():
                rr = self.ref(join(join(p, "damage"), r), r, players=True, cards=False)
                nn = c.integer(join(join(p, "damage"), r), n, maximum=999)
                if rr is not None and nn is not None:
                    pairs.append((rr, nn))
            return Assign(by=by, attacker=att, damage=tuple(pairs)) if att and dm is not None \
                and len(pairs) == len(dm) else None
        values = [arg] if isinstance(arg, (str, int)) and not isinstance(arg, bool) else arg
        if isinstance(arg, bool):
            values = ["yes" if arg else "no"]
        seq = c.sequence(p, values, max_items=MAX_ZONE)
        if seq is None:
            return None
        vals = []
        for j, v in enumerate(seq):
            if isinstance(v, bool) or not isinstance(v, (str, int)):
                c.error(join(p, j), "se esperaba un id, un jugador o un número")
                return None
            vals.append(str(v))
        return Choose(by=by, values=tuple(vals))

    # -- expectations -------------------------------------------------------------------------------------------
    def expectations(self, path: str, value: Any, in_script: bool = False) -> list[Expectation]:
        out: list[Expectation] = []
        for i, raw in enumerate(self.check.sequence(path, value, max_items=MAX_EXPECT, what="comprobaciones") or []):
            out.extend(parse_entry(self.check, join(path, i), raw,
                                   lambda p, r: self.expectation(p, r, in_script)))
        return out

    def expectation(self, path: str, raw: Any, in_script: bool) -> list[Expectation]:
        c = self.check
        if not isinstance(raw, Mapping):
            c.error(path, "se esperaba una comprobación como {player: Ana, life: 17}")
            return []
        if "player" in raw:
            m = c.mapping(path, raw, allowed=("player", *PLAYER_FIELDS))
            subject = self.player_ref(join(path, "player"), raw["player"])
            fields, key = PLAYER_FIELDS, "player"
        elif "object" in raw:
            m = c.mapping(path, raw, allowed=("object", *OBJECT_FIELDS))
            subject = self.ref(join(path, "object"), raw["object"], cards=False)
            fields, key = OBJECT_FIELDS, "object"
        else:
            allowed = (*COMMON_KEYS, "stack")
            m = c.mapping(path, raw, allowed=allowed)
            if m is None:
                return []
            if len(m) != 1:
                c.error(path, "se esperaba exactamente una de: player, object, " + ", ".join(allowed))
                return []
            k = next(iter(m))
            if k == "stack":
                seq = c.string_list(join(path, k), m[k], max_items=50)
                return [] if seq is None else [Expectation("stack", None, tuple(seq), path)]
            v = parse_common(c, join(path, k), k, m[k], player_ref=self.player_ref, phases=STEPS,
                             step_kinds=(*GENERIC_STEP_KINDS, *OWN_STEP_KINDS), in_script=in_script)
            return [] if v is BAD else [Expectation(k, None, v, path)]
        if m is None or subject is None:
            return []
        return parse_fields(c, path, m, subject, key, fields, self.field_value)

    def field_value(self, path: str, kind: str, value: Any) -> Any:
        c = self.check
        if kind == "int":
            v: Any = c.integer(path, value, minimum=None)
        elif kind == "sint":
            v = c.integer(path, value, minimum=None)
        elif kind == "bool":
            v = c.boolean(path, value)
        elif kind == "str":
            v = c.string(path, value)
        elif kind == "names":
            v = c.string_list(path, value, max_items=MAX_ZONE)
            v = tuple(v) if v is not None else None
        elif kind == "zone":
            v = c.choice(path, value, ZONES + ("stack",))
        elif kind == "player":
            v = self.player_ref(path, value)
        elif kind == "mana":
            return tuple(sorted(self.pool(path, value)))
        elif kind == "counters":
            cm = c.mapping(path, value, allowed=("+1/+1", "-1/-1"))
            if cm is None:
                return BAD
            return tuple(sorted((k, n) for k, n in cm.items() if c.integer(join(path, k), n) is not None and n))
        elif kind == "colors":
            return tuple(sorted(self.colors(path, value)))
        elif kind == "keywords":
            kws, _ = self.keywords(path, value)
            return tuple(sorted(kws))
        else:
            if value is None:
                return None
            v = self.ref(path, value, cards=False)
        return BAD if v is None else v


def parse_scenario(doc: Mapping[str, Any], check: Checker, catalog: Mapping[str, Any]
                   ) -> tuple[Setup, list[Any], list[Expectation]]:
    """The scenario's magic parts; `catalog`: the cards it may name without defining them (name → CatalogCard),
    passed in by the loader."""
    p = _Parser(check, catalog)
    p.stack_ids = set()
    if "cards" in doc:
        p.card_defs(doc["cards"])
    if "players" not in doc:
        check.error("players", "falta este campo obligatorio")
    players = p.players(doc.get("players", []))
    number, active, step = p.turn(doc["turn"]) if doc.get("turn") is not None else (1, p.names[0] if p.names
                                                                                      else "", "main1")
    stack = p.stack(doc["stack"]) if doc.get("stack") is not None else ()
    p.stack_ids = {s.id for s in stack}
    actions = p.actions(doc.get("actions", []))
    expect = p.expectations("expect", doc.get("expect", []))
    return Setup(cards=p.cards, players=tuple(players), turn=number, active=active, step=step, stack=stack,
                 catalog_names=frozenset(catalog)), actions, expect
