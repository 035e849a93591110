"""The inline cards of a magic scenario (`cards:`, docs/scenarios.md, magic: Cards): each definition read into a
`CardDef` — costs, types, keywords, target specs, effects, triggered, activated, static and replacement
abilities — every problem with its field path; a card the scenario names without defining it comes from the
catalog the loader passed in.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from judge.engine.rulesets.magic import keyword
from judge.engine.rulesets.magic.cards import (BASIC_LANDS, CARD_TYPES, EQUIPMENT_SUBTYPES, SUPERTYPES,
                                               TYPE_ALIASES, Activated, CardDef, Effect, Mode, Replacement,
                                               Static, TargetSpec, Triggered)
from judge.engine.rulesets.magic.mana import COLORS, ManaError, parse_cost
from judge.format.validate import MAX_TEXT, Checker, join
from judge.messages import Message
from judge.engine.rulesets.magic.verb import current
from judge.engine.rulesets.magic.conditions import EFFECT_KINDS as STATE_CONDITIONS
from judge.engine.rulesets.magic.vocabulary import (MAX_CARDS, TARGET_KINDS, SCOPES, STATIC_SCOPES, OBJECT_SCOPES,
                                                    WHEN, WHOSE_WHEN, ZONES_OF_CARDS, REPLACEMENT_READS, REPLACE_TO,
                                                    COUNTS, CONDITIONS)


class CardReader:
    """The part of the scenario parser that reads cards (schema._Parser adds the board, the script and the
    expectations). `catalog`: name → CatalogCard, the cards a scenario may name without defining them."""

    def __init__(self, check: Checker, catalog: Mapping[str, Any]) -> None:
        self.check = check
        self.catalog = catalog
        self.cards: dict[str, CardDef] = dict(BASIC_LANDS)
        self.broken: set[str] = set()

    # -- cards --------------------------------------------------------------------------------------------------
    def card_defs(self, value: Any) -> None:
        m = self.check.mapping("cards", value, allowed=[k for k in value] if isinstance(value, Mapping) else ())
        if m is None:
            return
        if len(m) > MAX_CARDS:
            self.check.error("cards", Message("magic.card.too_many", n=len(m), max=MAX_CARDS))
            return
        for name, spec in m.items():
            if not isinstance(name, str) or not name.strip() or len(name) > 200:
                self.check.error("cards", Message("magic.card.bad_name", name=repr(str(name)[:40])))
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
                       "additional_costs", "modes", "x_counts", "equip", "cast_from"),
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
                c.error(join(join(path, "supertypes"), i), Message("magic.card.unknown_supertype", name=s))
            else:
                supers.append(key)
        colors = None
        if "colors" in m:
            colors = self.colors(join(path, "colors"), m["colors"])
        power = toughness = None
        if "creature" not in types:
            for key in ("power", "toughness"):
                if key in m:
                    c.error(join(path, key), Message("magic.card.pt_not_creature"))
        if "creature" in types:
            for key in ("power", "toughness"):
                if key not in m:
                    c.error(join(path, key), Message("magic.card.creature_needs_pt"))
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
                c.error(join(path, "modes"), Message("magic.card.modes_not_spell"))
            if "effects" in m or "targets" in m:
                c.error(join(path, "modes"), Message("magic.card.modes_and_effects"))
            if len(m["modes"] if isinstance(m["modes"], list) else []) < 2:
                c.error(join(path, "modes"), Message("magic.card.modes_too_few"))
        if effects and not ({"instant", "sorcery"} & set(types)):
            c.error(join(path, "effects"), Message("magic.card.effects_not_spell"))
        if ({"instant", "sorcery"} & set(types)) and not effects and not modes and not m.get("text"):
            c.error(join(path, "effects"), Message("magic.card.spell_needs_effects"))
        is_aura = "enchantment" in types and "Aura" in subtypes
        if is_aura and len(targets) != 1:
            c.error(join(path, "targets"), Message("magic.card.aura_one_target"))
        triggers = tuple(t for i, raw in enumerate(self.seq(join(path, "triggers"), m.get("triggers", [])))
                         if (t := self.trigger(join(join(path, "triggers"), i), raw)) is not None)
        activated = tuple(a for i, raw in enumerate(self.seq(join(path, "activated"), m.get("activated", [])))
                          if (a := self.activated(join(join(path, "activated"), i), raw)) is not None)
        if "equip" in m:
            equip = self.equip(join(path, "equip"), m["equip"], types, subtypes)
            if equip is not None:
                activated = (*activated, equip)
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
        cast_from = self.cast_from(join(path, "cast_from"), m["cast_from"], types) if "cast_from" in m else ()
        if len(c.errors) > errors:
            return None
        if "land" in types and not activated and not text and not token:
            pass                                       # a land without a mana ability is legal (e.g. a test land)
        return CardDef(name=name, types=types, mana_cost=cost or (), subtypes=subtypes, supertypes=tuple(supers),
                       color_override=colors, power=power, toughness=toughness, keywords=keywords, effects=effects,
                       targets=targets, triggers=triggers, activated=activated, statics=statics, replacements=reps,
                       text=text or "", unmodelled_keywords=unmodelled, is_token=token,
                       additional=tuple(additional), modes=tuple(modes), x_counts=x_counts, cast_from=cast_from)

    def cast_from(self, path: str, value: Any, types: tuple[str, ...]) -> tuple[str, ...]:
        """601.3 / 113.6f: «cast_from: graveyard» ("You may cast this card from your graveyard"): a zone or a list
        of them besides the hand (castfrom.ZONES). A land is played, not cast (305.1)."""
        from judge.engine.rulesets.magic.castfrom import ZONES
        items = [value] if isinstance(value, str) else self.check.sequence(path, value, max_items=3) or []
        out = []
        for i, z in enumerate(items):
            at = path if isinstance(value, str) else join(path, i)
            zone = self.check.choice(at, z, ZONES)
            if zone is not None:
                out.append(zone)
        if "land" in types:
            self.check.error(path, Message("magic.card.land_cast_from"))
        return tuple(out)

    def seq(self, path: str, value: Any) -> list[Any]:
        return self.check.sequence(path, value, max_items=20) or []

    def cost(self, path: str, value: Any) -> tuple | None:
        text = self.check.string(path, value, empty=True)
        if text is None:
            return None
        try:
            return parse_cost(text)
        except ManaError as exc:
            self.check.error(path, Message("magic.card.bad_cost", reason=exc.said))
            return None

    def types(self, path: str, value: Any) -> tuple[str, ...]:
        items = [value] if isinstance(value, str) else self.check.sequence(path, value, max_items=5) or []
        out = []
        for i, t in enumerate(items):
            if not isinstance(t, str):
                self.check.error(join(path, i), Message("magic.card.type_not_text"))
                continue
            key = TYPE_ALIASES.get(t.lower(), t.lower())
            if key not in CARD_TYPES:
                self.check.error(join(path, i) if not isinstance(value, str) else path,
                                 Message("magic.card.unknown_type", type=t, allowed=list(CARD_TYPES)))
            else:
                out.append(key)
        if not items:
            self.check.error(path, Message("magic.card.no_type"))
        return tuple(out)

    def colors(self, path: str, value: Any) -> tuple[str, ...]:
        items = self.check.sequence(path, value, max_items=5) or []
        out = []
        for i, v in enumerate(items):
            if not isinstance(v, str) or v.upper() not in COLORS:
                self.check.error(join(path, i), Message("magic.card.unknown_color", value=repr(v)))
            else:
                out.append(v.upper())
        return tuple(out)

    def keywords(self, path: str, value: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
        items = self.check.sequence(path, value, max_items=20) or []
        known, unknown = [], []
        kws = keyword.current()
        for i, k in enumerate(items):
            if not isinstance(k, str):
                self.check.error(join(path, i), Message("magic.card.keyword_not_text"))
                continue
            kid = kws.keyword_id(k)
            if kid is not None:
                known.append(kid)
            elif kws.is_unmodelled(k):
                unknown.append(k.lower())
            else:
                self.check.error(join(path, i), Message("magic.card.unknown_keyword", keyword=k,
                                                                modelled=list(kws.names)))
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
                self.check.error(join(p, "many"), Message("magic.card.many_not_last"))
            where = self.qualities(join(p, "where"), m.get("where", []))
            if where and kind in ("player", "spell"):
                self.check.error(join(p, "where"), Message("magic.card.where_not_permanent"))
            zone = self.check.choice(join(p, "zone"), m.get("zone", "battlefield"), ("battlefield", "graveyard"))
            optional = self.check.boolean(join(p, "optional"), m.get("optional", False))
            untapped = self.check.boolean(join(p, "untapped"), m.get("untapped", False))
            if zone == "graveyard" and kind not in ("creature", "card", "instant_or_sorcery"):
                self.check.error(join(p, "type"), Message("magic.card.graveyard_target"))
                continue
            if kind in ("card", "instant_or_sorcery") and zone != "graveyard":
                self.check.error(join(p, "zone"), Message("magic.card.card_needs_graveyard"))
                continue
            mv_slot = -1
            if "mv_at_most_slot" in m:       # its mana value at most that earlier slot's (Diablura de puca)
                mv_slot = self.check.integer(join(p, "mv_at_most_slot"), m["mv_at_most_slot"], minimum=0,
                                             maximum=max(i - 1, 0)) or 0
                if i == 0:
                    self.check.error(join(p, "mv_at_most_slot"), Message("magic.card.mv_slot_first"))
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
            c.error(path, Message("magic.card.effect_shape"))
            return None
        registry = current()
        verbs = [k for k in raw if k in registry.name_set]
        if len(verbs) != 1:
            c.error(path, Message("magic.card.one_verb_found", verbs=list(registry.names), found=verbs) if verbs
                    else Message("magic.card.one_verb", verbs=list(registry.names)))
            return None
        verb = verbs[0]
        kind = registry.by_name[verb]
        # `condition` is every verb's: a condition about the game state (conditions.py, 608.2c); the verbs that
        # read one of linked.CONDITIONS name it in their keys.
        m = c.mapping(path, raw, allowed=(verb, "may", "if_spent", *kind.keys,
                                          *(() if "condition" in kind.keys else ("condition",))))
        if m is None:
            return None
        arg = m[verb]
        p = join(path, verb)
        kw: dict[str, Any] = {}
        to = m.get("to", kind.default_to if kind.default_to is not None else default_to)
        got = kind.parse(self, path, p, arg, m, kw, scopes)      # the verb's own argument (verb.py)
        if got is False:
            return None
        if isinstance(got, str):
            to = got
        if "count" in m:
            kw["count"] = c.choice(join(path, "count"), m["count"], COUNTS) or ""
        if "keep" in m:                    # look_top: how many of the cards looked at go to the hand
            kw["keep"] = c.integer(join(path, "keep"), m["keep"], minimum=0, maximum=99) or 0
        if "condition" in m and isinstance(m["condition"], Mapping):    # about the game state (conditions.py)
            got = self.state_condition(join(path, "condition"), m["condition"])
            if got is not None:
                kw["condition"], kw["condition_n"], kw["condition_arg"] = got
        elif "condition" in m and "condition" not in kind.keys:
            c.error(join(path, "condition"), Message("magic.card.condition_state", verb=verb,
                                                         forms=[f"{{{k}: …}}" for k in STATE_CONDITIONS]))
        elif "condition" in m:             # "if you control more creatures…", "if you do", "if it's a creature card"
            from judge.engine.rulesets.magic.linked import CONDITIONS
            kw["condition"] = c.choice(join(path, "condition"), m["condition"], CONDITIONS) or ""
        if "random" in m:                  # discard at random (701.9b)
            kw["random"] = bool(c.boolean(join(path, "random"), m["random"]))
        if "divided" in m:                 # X divided among the targets as announced on casting (601.2d)
            kw["divided"] = bool(c.boolean(join(path, "divided"), m["divided"]))
        if "count_where" in m:            # the qualities of the creatures `count: your_creatures` counts
            kw["count_where"] = self.qualities(join(path, "count_where"), m["count_where"])
        if "by" in m:      # who does it: damage "target" (that creature deals it); sacrifice "its_controller"
            kw["by"] = c.choice(join(path, "by"), m["by"], kind.by_choices) or ""
        if "types" in m:
            kw["types"] = self.types(join(path, "types"), m["types"])
        if "if_spent" in m:
            spent = self.colors(join(path, "if_spent"), m["if_spent"] if isinstance(m["if_spent"], list)
                                else [m["if_spent"]])
            kw["if_spent"] = spent
        to = c.choice(join(path, "to"), to, scopes)
        if to is None:
            return None
        owner = registry.owned_scopes.get(to)             # a scope only one verb may use ("chosen_player")
        if owner is not None and owner is not kind:
            c.error(join(path, "to"), owner.foreign_scope_error)
            return None
        if not kind.check_to(self, path, to):
            return None
        target = c.integer(join(path, "target"), m.get("target", 0), maximum=4) or 0
        duration = c.choice(join(path, "duration"), m.get("duration", "end_of_turn"),
                            ("end_of_turn", "end_of_combat", "permanent")) or "end_of_turn"
        may = c.boolean(join(path, "may"), m.get("may", False))
        kind.finish(self, path, m, kw)
        if "per_counter" in m:
            kw["per_counter"] = c.choice(join(path, "per_counter"), m["per_counter"], ("+1/+1", "-1/-1")) or ""
        if "additive" in m:                # set_color, land_types: "in addition to its other colours / types"
            kw["additive"] = bool(c.boolean(join(path, "additive"), m["additive"]))
        where = self.qualities(join(path, "where"), m.get("where", []))
        if where and to not in OBJECT_SCOPES:
            c.error(join(path, "where"), Message("magic.card.where_not_objects", to=to))
        return Effect(kind=verb, to=to, target=target, duration=duration, optional=bool(may), where=where, **kw)

    def qualities(self, path: str, value: Any) -> tuple[str, ...]:
        from judge.engine.rulesets.magic.qualities import QUALITIES, is_quality
        out = []
        for i, q in enumerate(self.check.sequence(path, value, max_items=5) or []):
            if not isinstance(q, str) or not is_quality(q.upper() if len(q) == 1 else q):
                self.check.error(join(path, i), Message("magic.card.unknown_quality", value=repr(q),
                                                        qualities=list(QUALITIES)))
            else:
                out.append(q.upper() if len(q) == 1 else q)
        return tuple(out)

    def trigger(self, path: str, raw: Any) -> Triggered | None:
        c = self.check
        m = c.mapping(path, raw, allowed=("when", "of", "whose", "counter", "effects", "targets", "each_counter",
                                          "state_condition", "where",
                                          "had_counter", "condition", "to_whom", "combat", "at_least",
                                          "from_zone", "to_zone", "one_or_more"),
                      required=("when", "effects"))
        if m is None:
            return None
        when = c.choice(join(path, "when"), m["when"], WHEN) if "when" in m else None
        of = c.choice(join(path, "of"), m.get("of", "self"), ("self", "creature", "another_creature",
                                                               "opponents_creature", "your_creature"))
        whose = c.choice(join(path, "whose"), m.get("whose", "you"), ("you", "each", "opponents"))
        condition, condition_n, condition_arg = "", 0, ""
        if "condition" in m:
            # 603.4: `your_hand_empty`, `active_hand_empty`, or `{opponent_lost_life: N}`; or one of the state
            # conditions static abilities and effects share (conditions.py).
            raw_c = m["condition"]
            if isinstance(raw_c, Mapping) and set(raw_c) & set(STATE_CONDITIONS):
                got = self.state_condition(join(path, "condition"), raw_c)
                if got is not None:
                    condition, condition_n, condition_arg = got
            elif isinstance(raw_c, Mapping):
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
            c.error(join(path, "counter"), Message("magic.card.counter_kind"))
        effects = self.effects(join(path, "effects"), m.get("effects", []))
        targets = self.target_specs(join(path, "targets"), m.get("targets", []))
        if when not in WHOSE_WHEN and "whose" in m:
            c.error(join(path, "whose"), Message("magic.card.only_when", key="whose", when=list(WHOSE_WHEN)))
        zones = {}
        for key in ("from_zone", "to_zone"):        # 400.7: "whenever a card is put into a graveyard from anywhere"
            if key in m:
                zones[key] = c.choice(join(path, key), m[key], ZONES_OF_CARDS) or ""
                if when != "zone_change" and not (when == "spell_cast" and key == "from_zone"):
                    c.error(join(path, key), Message("magic.card.from_zone_when") if key == "from_zone" else
                            Message("magic.card.only_when", key=key, when="zone_change"))
        if when not in ("enters", "dies", "counter_put", "attacks") and "of" in m:
            c.error(join(path, "of"), Message("magic.card.of_when"))
        if when == "counter_put" and of in ("another_creature", "opponents_creature", "your_creature"):
            c.error(join(path, "of"), Message("magic.card.of_counter_put"))
        # 603.2c: "whenever one or more creatures … attack / die / enter": once per event, of a group
        one_or_more = bool(c.boolean(join(path, "one_or_more"), m.get("one_or_more", False)))
        if one_or_more and (when not in ("enters", "dies", "attacks") or of == "self"):
            c.error(join(path, "one_or_more"), Message("magic.card.one_or_more_when"))
        where = self.qualities(join(path, "where"), m.get("where", []))
        if where and (when != "enters" or of == "self") and when != "spell_cast":
            c.error(join(path, "where"), Message("magic.card.where_when"))
        if when != "counter_put" and "counter" in m:
            c.error(join(path, "counter"), Message("magic.card.only_when", key="counter", when="counter_put"))
        each = c.boolean(join(path, "each_counter"), m.get("each_counter", False))
        if when != "counter_put" and "each_counter" in m:
            c.error(join(path, "each_counter"), Message("magic.card.only_when", key="each_counter",
                                                             when="counter_put"))
        had = m.get("had_counter", "")
        if had not in ("", "+1/+1", "-1/-1"):
            c.error(join(path, "had_counter"), Message("magic.card.counter_kind"))
        if when != "dies" and "had_counter" in m:
            c.error(join(path, "had_counter"), Message("magic.card.only_when", key="had_counter", when="dies"))
        to_whom = c.choice(join(path, "to_whom"), m.get("to_whom", ""), ("", "opponent", "player")) or ""
        combat = c.boolean(join(path, "combat"), m.get("combat", False))
        at_least = c.integer(join(path, "at_least"), m.get("at_least", 0), minimum=0, maximum=999) or 0
        for key in ("to_whom", "combat", "at_least"):
            if when != "deals_damage" and key in m:
                c.error(join(path, key), Message("magic.card.only_when", key=key, when="deals_damage"))
        if None in (when, of, whose) or "effects" not in m:
            return None
        state_condition = ""
        if when == "state":
            state_condition = c.choice(join(path, "state_condition"), m.get("state_condition"),
                                       ("no_permanents_of_chosen_color",)) or ""
        elif "state_condition" in m:
            c.error(join(path, "state_condition"), Message("magic.card.only_when", key="state_condition",
                                                                when="state"))
        return Triggered(when=when, effects=effects, targets=targets, of=of, whose=whose, counter=counter,
                         each_counter=bool(each), had_counter=had, condition=condition, condition_n=condition_n,
                         to_whom=to_whom, state_condition=state_condition, where=where, combat=bool(combat),
                         at_least=at_least, one_or_more=one_or_more, condition_arg=condition_arg, **zones)

    def activated(self, path: str, raw: Any) -> Activated | None:
        c = self.check
        m = c.mapping(path, raw, allowed=("cost", "tap", "untap", "remove_counters", "put_counters", "sacrifice",
                                          "effects", "targets", "your_turn", "sacrifice_type", "reveal_sharing_color",
                                          "only_if", "discard_self", "sorcery", "zone"), required=("effects",))
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
        # 113.6b: an ability that works from the graveyard; its card is no permanent there, so no {T}, {Q},
        # counters or sacrifice can pay for it
        zone = c.choice(join(path, "zone"), m.get("zone", "battlefield"), ("battlefield", "graveyard")) or "battlefield"
        if zone == "graveyard":
            for key in ("tap", "untap", "sacrifice", "remove_counters", "put_counters", "discard_self",
                        "sacrifice_type", "reveal_sharing_color"):
                if key in m:
                    c.error(join(path, key), Message("magic.card.graveyard_cost", key=key))
        if cost is None or "effects" not in m:
            return None
        return Activated(cost=cost, tap=bool(tap), zone=zone, untap=bool(untap), remove_counters=tuple(rc), sacrifice=bool(sac),
                         effects=effects, targets=targets, put_counters=tuple(pc), your_turn=bool(your_turn),
                         sacrifice_type=sac_type or "", reveal_sharing_color=reveal, only_if_color=only_color,
                         only_if_n=only_n,
                         discard_self=bool(c.boolean(join(path, "discard_self"), m.get("discard_self", False))),
                         sorcery=bool(c.boolean(join(path, "sorcery"), m.get("sorcery", False))))

    def equip(self, path: str, value: Any, types: tuple[str, ...], subtypes: tuple[str, ...]) -> Activated | None:
        """702.6a: «equip: "{2}"» is the activated ability "{2}: attach this permanent to target creature you
        control; activate only as a sorcery", listed after the card's other activated abilities."""
        if "artifact" not in types or not EQUIPMENT_SUBTYPES & set(subtypes):
            self.check.error(path, Message("magic.card.equip_not_equipment"))
            return None
        cost = self.cost(path, value)
        if cost is None:
            return None
        return Activated(cost=cost, sorcery=True, equip=True, targets=(TargetSpec("creature", "you"),),
                         effects=(Effect("equip", to="target"),))

    def static(self, path: str, raw: Any) -> Static | None:
        if isinstance(raw, Mapping) and "protection" in raw:
            return self.protection(path, raw)
        if isinstance(raw, Mapping) and "play_from_graveyard" in raw:
            return self.graveyard_permission(path, raw)
        condition = None
        if isinstance(raw, Mapping) and isinstance(raw.get("while"), Mapping) and \
                set(raw["while"]) & set(STATE_CONDITIONS):
            condition = self.state_condition(join(path, "while"), raw["while"])
            if condition is None:
                return None
            raw = {k: v for k, v in raw.items() if k != "while"}
        elif isinstance(raw, Mapping) and "while" in raw:
            cm = self.check.mapping(join(path, "while"), raw["while"], allowed=("library_at_most",))
            if cm is None or len(cm) != 1:
                if cm is not None:
                    self.check.error(join(path, "while"), Message("magic.card.while_shape"))
                return None
            kind, n = next(iter(cm.items()))
            n = self.check.integer(join(join(path, "while"), kind), n, minimum=0, maximum=999)
            if n is None:
                return None
            condition = (kind, n, "")
            raw = {k: v for k, v in raw.items() if k != "while"}
        e = self.effect(path, raw, STATIC_SCOPES, default_to="self")
        if e is None:
            return None
        statics = current().static_names
        if e.kind not in statics or e.choose:
            self.check.error(path, Message("magic.card.static_verbs", verbs=list(statics)))
            return None
        return Static(e, condition)

    def state_condition(self, path: str, raw: Mapping[str, Any]) -> tuple[str, int, str] | None:
        """conditions.py: `{you_control: Bosque}` or `{you_control: {type: artifact, at_least: 2}}` ("as long as
        you control a Forest / two or more artifacts"), `{spells_cast_this_turn: 1}` ("if you've cast a spell this
        turn"), `{devotion: {color: G, at_least: 5}}` (700.5): one of them, every problem at its path."""
        c = self.check
        m = c.mapping(path, raw, allowed=STATE_CONDITIONS)
        if m is None:
            return None
        if len(m) != 1:
            c.error(path, Message("magic.card.one_condition", conditions=list(STATE_CONDITIONS)))
            return None
        kind, value = next(iter(m.items()))
        p = join(path, kind)
        if kind == "spells_cast_this_turn":
            n = c.integer(p, value, minimum=1, maximum=99)
            return (kind, n, "") if n is not None else None
        if kind == "you_control" and isinstance(value, str):
            value = {"type": value}
        if kind == "you_control":
            vm = c.mapping(p, value, allowed=("type", "at_least"), required=("type",))
            if vm is None or "type" not in vm:
                return None
            what = c.string(join(p, "type"), vm["type"]) or ""
            what = TYPE_ALIASES.get(what.lower(), what)
            n = c.integer(join(p, "at_least"), vm.get("at_least", 1), minimum=1, maximum=99)
            return (kind, n, what) if what and n is not None else None
        vm = c.mapping(p, value, allowed=("color", "at_least"), required=("color", "at_least"))
        if vm is None or "color" not in vm or "at_least" not in vm:
            return None
        colors = self.colors(join(p, "color"), [vm["color"]])
        n = c.integer(join(p, "at_least"), vm["at_least"], minimum=1, maximum=99)
        return (kind, n, colors[0]) if colors and n is not None else None

    def graveyard_permission(self, path: str, raw: Mapping[str, Any]) -> Static | None:
        """601.3 / 305.1: `{play_from_graveyard: lands | spells | all}`, "You may play lands / cast spells from your
        graveyard": a permission for the permanent's controller (castfrom.py reads it)."""
        from judge.engine.rulesets.magic.castfrom import VERB, WHAT
        m = self.check.mapping(path, raw, allowed=(VERB,))
        if m is None:
            return None
        what = self.check.choice(join(path, VERB), m[VERB], WHAT)
        return Static(Effect(VERB, to="controller", search=what, duration="permanent")) if what else None

    def protection(self, path: str, raw: Mapping[str, Any]) -> Static | None:
        """702.16: `{protection: quality, to: self | controller}` (protection.py reads it)."""
        c = self.check
        m = c.mapping(path, raw, allowed=("protection", "to"))
        if m is None:
            return None
        q = m["protection"]
        q = TYPE_ALIASES.get(q, q) if isinstance(q, str) else q      # a card type, by its id or Spanish name
        ok = isinstance(q, str) and (re.fullmatch(r"mv>=\d{1,2}", q) or q in COLORS or q == "chosen_name"
                                     or q in CARD_TYPES)
        if not ok:
            c.error(join(path, "protection"), Message("magic.card.protection_quality",
                                                               types=list(CARD_TYPES)))
            return None
        to = c.choice(join(path, "to"), m.get("to", "self"), ("self", "controller"))
        return Static(Effect("protection", to=to or "self", quality=q, duration="permanent")) if to else None

    def replacement(self, path: str, raw: Any) -> Replacement | None:
        c = self.check
        m = c.mapping(path, raw, allowed=("event", "instead", "multiply", "add", "prevent", "to", "counters",
                                          "source_draws", "tapped", "choose", "counter", "where"),
                      required=("event",))
        if m is None or "event" not in m:
            return None
        event = c.choice(join(path, "event"), m["event"], tuple(REPLACEMENT_READS))
        if event is None:
            return None
        reads = REPLACEMENT_READS[event]
        for k in m:
            if k not in ("event", *reads):
                c.error(join(path, k), Message("magic.card.replacement_key_reads", key=k, event=event,
                                                   reads=list(reads))
                        if reads else Message("magic.card.replacement_key", key=k, event=event))
        kw: dict[str, Any] = {}
        if event == "draw":
            kw["instead"] = self.effects(join(path, "instead"), m.get("instead", []), SCOPES)
            if "instead" not in m:
                c.error(join(path, "instead"), Message("magic.card.draw_instead"))
        elif event == "tap_for_mana":
            kw["multiply"] = c.integer(join(path, "multiply"), m.get("multiply", 2), minimum=0, maximum=10) or 0
        elif event in ("counters", "life_loss"):
            # 614.1a: "that many plus N / N times that many … instead" (614.5: once per event)
            kw["multiply"] = c.integer(join(path, "multiply"), m.get("multiply", 1), minimum=0, maximum=10) or 0
            kw["add"] = c.integer(join(path, "add"), m.get("add", 0), minimum=-99, maximum=99) or 0
            if "multiply" not in m and "add" not in m:
                c.error(path, Message("magic.card.replacement_amount", event=event))
            scopes = REPLACE_TO[event]
            kw["to"] = c.choice(join(path, "to"), m.get("to", scopes[0]), scopes) or scopes[0]
            if event == "counters":
                kw["counter"] = c.choice(join(path, "counter"), m.get("counter", ""), ("", "+1/+1", "-1/-1")) or ""
        elif event in ("damage_dealt", "prevent_from"):
            scopes = REPLACE_TO[event]
            kw["to"] = c.choice(join(path, "to"), m.get("to", scopes[0]), scopes) or scopes[0]
            kw["where"] = self.qualities(join(path, "where"), m.get("where", []))
            if event == "damage_dealt":
                # 614.1a: "it deals double that damage instead" (the default), or "that much plus N"
                kw["multiply"] = c.integer(join(path, "multiply"), m.get("multiply", 2 if "add" not in m else 1),
                                           minimum=0, maximum=10) or 0
                kw["add"] = c.integer(join(path, "add"), m.get("add", 0), minimum=-99, maximum=99) or 0
            else:
                prevent = m.get("prevent", "all")
                kw["prevent"] = -1 if prevent == "all" else (c.integer(join(path, "prevent"), prevent, minimum=1)
                                                             or 1)
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
                kw["choose"] = c.choice(join(path, "choose"), m["choose"], ("color", "name", "copy")) or ""
        return Replacement(event=event, **kw)

    def from_catalog(self, name: str) -> None:
        """A card the scenario does not define: the FAQ catalog's (catalog.py), with its unmodelled text."""
        hit = self.catalog.get(name)
        if hit is not None:
            self.cards[name] = hit.card
