"""The magic parts of a scenario (docs/scenarios.md, magic): inline cards, players and zones, the turn, the
stack, actions and expectations. Everything is checked before any rule runs, each problem with its field path."""
from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.engine.action import Action, Checkpoint
from judge.engine.expect import BAD, COMMON_KEYS, Expectation, parse_common, parse_entry, parse_fields
from judge.engine.rulesets.magic.actions import (ACTION_KEYS, Activate, Assign, Attack, Block, Cast, Choose, Mana,
                                                 Pass, PassUntil, PlayLand)
from judge.engine.rulesets.magic.cardschema import CardReader
from judge.engine.rulesets.magic.cards import BASIC_LANDS, CardDef
from judge.engine.rulesets.magic.mana import ManaError, parse_mana
from judge.engine.rulesets.magic.state import STEPS
from judge.engine.rulesets.magic.vocabulary import (  # noqa: F401 - the vocabulary is also read as schema.<name>
    CONDITIONS, COUNTS, DELAYED_AT, EVENT_KINDS, MAX_ACTIONS, MAX_CARDS, MAX_EXPECT, MAX_PLAYERS, MAX_TOTAL,
    MAX_ZONE, MIN_PLAYERS, OBJECT_FIELDS, OBJECT_SCOPES, OWN_STEP_KINDS, PLAYER_FIELDS, REPLACE_TO,
    REPLACEMENT_READS, RUNTIME_ID, SCOPES, STATIC_SCOPES, STOPS, TARGET_KINDS, TOP_ONLY, WHEN, WHOSE_WHEN, ZONES,
    ZONES_OF_CARDS)
from judge.engine.step import GENERIC_STEP_KINDS
from judge.format.validate import Checker, join
from judge.messages import Message


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
    catalog_names: Collection[str] = frozenset()   # the catalog's card names (read only if a name is to be named)


def slug(name: str) -> str:
    import re
    return re.sub(r"[^0-9a-záéíóúüñ]+", "-", name.lower()).strip("-") or "jugador"


class _Parser(CardReader):
    def __init__(self, check: Checker, catalog: Mapping[str, Any]) -> None:
        super().__init__(check, catalog)
        self.names: list[str] = []
        self.ids: dict[str, str] = {}


    # -- players ------------------------------------------------------------------------------------------------
    def players(self, value: Any) -> list[PlayerSetup]:
        c = self.check
        items = c.sequence("players", value, max_items=MAX_PLAYERS, what="jugadores")
        if items is None:
            return []
        if len(items) < MIN_PLAYERS:
            c.error("players", Message("format.players.too_few", min=MIN_PLAYERS, n=len(items)))
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
                c.error(join(path, "name"), Message("format.player.repeated", name=name))
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
            c.error("players", Message("format.players.too_many_cards", n=total, max=MAX_TOTAL))
        for i, p in enumerate(out):
            for j, o in enumerate(p.zones.get("battlefield", ())):
                self.check_permanent(f"players[{i}].battlefield[{j}]", o, out)
        return out

    def pool(self, path: str, value: Any) -> tuple[tuple[str, int], ...]:
        if isinstance(value, str):
            try:
                return tuple(parse_mana(value).items())
            except ManaError as exc:
                self.check.error(path, exc.said)
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
                c.error(join(path, "card"), Message("magic.schema.unknown_card", card=card,
                                                    basics=list(BASIC_LANDS)))
            card = None
        oid = c.string(join(path, "id"), m["id"]) if "id" in m else auto
        oid = oid or auto
        if oid in self.ids:
            c.error(join(path, "id"), Message("format.id.repeated", id=oid))
        elif oid in self.names:
            c.error(join(path, "id"), Message("format.id.is_player", id=oid))
        elif "~" in oid:
            c.error(join(path, "id"), Message("magic.schema.id_tilde"))
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
            self.check.error(join(path, "card"), Message("magic.schema.not_permanent", card=o.card))
        if o.damage and "creature" not in card.types:
            self.check.error(join(path, "damage"), Message("format.damage_not_creature"))
        field_ids = {x.id for p in players for x in p.zones.get("battlefield", ())}
        if o.attached_to is not None:
            if o.attached_to not in field_ids or o.attached_to == o.id:
                self.check.error(join(path, "attached_to"), Message("magic.schema.attached_not_permanent",
                                                                    ref=o.attached_to))
        elif card.is_aura:
            self.check.error(join(path, "attached_to"), Message("magic.schema.aura_unattached"))

    # -- references -----------------------------------------------------------------------------------------------
    def player_ref(self, path: str, value: Any) -> str | None:
        name = self.check.string(path, value)
        if name is not None and name not in self.names:
            self.check.error(path, Message("format.player.unknown", name=name))
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
        what = "object" + ("_player" if players else "") + ("_card" if cards else "")
        self.check.error(path, Message("magic.schema.unknown_ref", ref=r, what=Message("magic.schema.ref." + what)))
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
                c.error(join(path, "card"), Message("format.card.unknown", card=card))
                card = None
            ctl = self.player_ref(join(path, "controller"), m["controller"])
            sid = c.string(join(path, "id"), m["id"]) if "id" in m else f"pila-{i + 1}"
            if sid in self.ids:
                c.error(join(path, "id"), Message("format.id.repeated", id=sid))
            self.ids[sid or ""] = card or ""
            targets = self.refs(join(path, "targets"), m.get("targets", []), players=True, cards=False)
            x = c.integer(join(path, "x"), m.get("x", 0), maximum=99)
            if card and "x" not in m and any(sym.kind == "x" for sym in self.cards[card].mana_cost):
                # 601.2b: X was announced as the spell was cast; the engine never guesses it.
                c.error(join(path, "x"), Message("magic.schema.x_needed", card=card))
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
            c.error(path, Message("magic.schema.action_shape"))
            return None
        if "expect" in raw:
            c.mapping(path, raw, allowed=("expect",))
            exps = self.expectations(join(path, "expect"), raw["expect"], in_script=True)
            self.script_checks += len(exps)
            if self.script_checks > MAX_EXPECT:
                c.error(join(path, "expect"), Message("magic.schema.too_many_checks", max=MAX_EXPECT))
            return Checkpoint(tuple(exps), path)
        verbs = [k for k in raw if k in ACTION_KEYS]
        if len(verbs) != 1:
            c.error(path, Message("magic.schema.one_action_found", keys=[*ACTION_KEYS, "expect"], found=verbs) if verbs
                    else Message("magic.schema.one_action", keys=[*ACTION_KEYS, "expect"]))
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
                c.error(p, Message("magic.schema.pass_true"))
                return None
            return Pass(by=by)
        if verb in ("cast", "activate"):
            ref = self.ref(p, arg)
            if "target" in m and "targets" in m:
                c.error(join(path, "targets"), Message("format.target_or_targets"))
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
                c.error(join(p, j), Message("magic.schema.choose_value"))
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
            c.error(path, Message("magic.schema.expect_shape"))
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
                c.error(path, Message("core.check.one_of", keys=list(allowed)))
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
        check.error("players", Message("format.missing"))
    players = p.players(doc.get("players", []))
    number, active, step = p.turn(doc["turn"]) if doc.get("turn") is not None else (1, p.names[0] if p.names
                                                                                      else "", "main1")
    stack = p.stack(doc["stack"]) if doc.get("stack") is not None else ()
    p.stack_ids = {s.id for s in stack}
    actions = p.actions(doc.get("actions", []))
    expect = p.expectations("expect", doc.get("expect", []))
    return Setup(cards=p.cards, players=tuple(players), turn=number, active=active, step=step, stack=stack,
                 catalog_names=catalog.keys()), actions, expect
