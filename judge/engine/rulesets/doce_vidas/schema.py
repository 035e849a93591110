"""The doce-vidas parts of a scenario: cards, players and their zones, the turn, actions and expectations.

Everything is checked here, before any rule runs, and every problem is reported with its field path.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.action import Action, Checkpoint
from judge.engine.expect import BAD, Expectation, parse_entry, parse_fields, parse_single
from judge.engine.rulesets.doce_vidas.actions import ACTION_KEYS, Attack, Burn, Discard, EndTurn, Play
from judge.engine.rulesets.doce_vidas.cards import CardDef, parse_cards
from judge.engine.step import GENERIC_STEP_KINDS
from judge.format.validate import Checker, join
from judge.messages import Message

MIN_PLAYERS, MAX_PLAYERS = 2, 8
MAX_LIVES = 24                    # dv/generales/curacion
MAX_ZONE_CARDS = 300
MAX_TOTAL_CARDS = 1000
MAX_ACTIONS = 2000
MAX_EXPECT = 500
MAX_MANA = 999
MAX_RECYCLE_COST = 2 ** 20
ZONES = ("deck", "hand", "discard", "board")
PHASES = ("preparacion", "accion")
EXPECT_PHASES = (*PHASES, "terminada")     # `{phase: …}` also checks that the game has ended
# What this ruleset declares to the core (judge.engine.rulesets.base.Ruleset): the step kinds it adds to the
# generic ones (`trigger`: a permanent's effects as it enters or a turn starts), and every event kind.
OWN_STEP_KINDS = ("turn-based", "state-based", "trigger", "resolution", "replacement")
EVENT_KINDS = ("attach", "damage", "lives", "lose", "mana", "move", "recycle_cost", "shuffle", "tap", "untap", "win")


@dataclass(frozen=True)
class ObjectSetup:
    id: str
    card: str
    tapped: bool = False
    damage: int = 0
    attached_to: str | None = None


@dataclass(frozen=True)
class PlayerSetup:
    name: str
    lives: int = 12               # dv/preparacion/1
    mana: int = 0                 # dv/preparacion/1
    recycle_cost: int = 1         # dv/generales/reciclar-coste
    deck: tuple[ObjectSetup, ...] = ()      # top first
    hand: tuple[ObjectSetup, ...] = ()
    discard: tuple[ObjectSetup, ...] = ()   # bottom first
    board: tuple[ObjectSetup, ...] = ()     # left to right


@dataclass(frozen=True)
class TurnSetup:
    number: int
    active: str
    phase: str


@dataclass(frozen=True)
class Setup:
    cards: dict[str, CardDef]
    players: tuple[PlayerSetup, ...]
    turn: TurnSetup | None = None           # None: the game starts from its preparation (dv/preparacion)


PLAYER_FIELDS = {"lives": "int", "mana": "int", "recycle_cost": "int", "lost": "bool",
                 "hand": "names", "deck": "names", "discard": "names", "board": "names",
                 "hand_count": "int", "deck_count": "int", "discard_count": "int", "board_count": "int"}
OBJECT_FIELDS = {"zone": "zone", "damage": "int", "tapped": "bool", "attached_to": "ref", "owner": "player",
                 "card_damage": "int", "card_life": "int"}


def slug(name: str) -> str:
    s = re.sub(r"[^0-9a-záéíóúüñ]+", "-", name.lower()).strip("-")
    return s or "jugador"


class _Parser:
    def __init__(self, check: Checker) -> None:
        self.check = check
        self.cards: dict[str, CardDef] = {}
        self.broken: set[str] = set()           # defined with errors: reported once there, not at every use
        self.names: list[str] = []
        self.ids: dict[str, str] = {}           # object id -> card name
        self.total = 0

    # -- players and zones ------------------------------------------------------------------------------
    def players(self, value: Any) -> list[PlayerSetup]:
        items = self.check.sequence("players", value, max_items=MAX_PLAYERS, what="jugadores")
        if items is None:
            return []
        if len(items) < MIN_PLAYERS:
            self.check.error("players", Message("format.players.too_few", min=MIN_PLAYERS, n=len(items)))
        raws = []
        for i, raw in enumerate(items):
            path = join("players", i)
            m = self.check.mapping(path, raw, allowed=("name", "lives", "mana", "recycle_cost") + ZONES,
                                   required=("name",))
            name = self.check.string(join(path, "name"), m["name"]) if m is not None and "name" in m else None
            if name is not None and name in self.names:
                self.check.error(join(path, "name"), Message("format.player.repeated", name=name))
            if name is not None:
                self.names.append(name)
            raws.append((path, m, name))
        # Ids first (given ones), so auto ids never take a given one and attachments can point forward.
        given: set[str] = set()
        for path, m, _ in raws:
            for zone in ZONES:
                for entry in (m or {}).get(zone, []) if isinstance((m or {}).get(zone, []), list) else []:
                    if isinstance(entry, Mapping) and isinstance(entry.get("id"), str):
                        given.add(entry["id"])
        out = []
        counter = 0
        for path, m, name in raws:
            if m is None or name is None:
                continue
            zones: dict[str, tuple[ObjectSetup, ...]] = {}
            for zone in ZONES:
                objs = []
                entries = self.check.sequence(join(path, zone), m.get(zone, []), max_items=MAX_ZONE_CARDS,
                                              what="cartas")
                for j, entry in enumerate(entries or []):
                    counter += 1
                    auto = f"{slug(name)}-{counter}"
                    while auto in given:
                        counter += 1
                        auto = f"{slug(name)}-{counter}"
                    obj = self.object(join(join(path, zone), j), entry, zone, auto)
                    if obj is not None:
                        objs.append(obj)
                zones[zone] = tuple(objs)
            lives = self.check.integer(join(path, "lives"), m.get("lives", 12), minimum=1, maximum=MAX_LIVES)
            mana = self.check.integer(join(path, "mana"), m.get("mana", 0), maximum=MAX_MANA)
            rc = self.check.integer(join(path, "recycle_cost"), m.get("recycle_cost", 1), minimum=1,
                                    maximum=MAX_RECYCLE_COST)
            out.append(PlayerSetup(name=name, lives=lives or 12, mana=mana or 0, recycle_cost=rc or 1, **zones))
        if self.total > MAX_TOTAL_CARDS:
            self.check.error("players", Message("format.players.too_many_cards", n=self.total,
                                                   max=MAX_TOTAL_CARDS))
        self._players = out
        for p in out:
            for j, obj in enumerate(p.board):
                self.board_object(f"players[{self.names.index(p.name)}].board[{j}]", obj, p)
        return out

    def object(self, path: str, entry: Any, zone: str, auto_id: str) -> ObjectSetup | None:
        self.total += 1
        allowed = ("card", "id", "tapped", "damage", "attached_to") if zone == "board" else ("card", "id")
        if isinstance(entry, str):
            entry = {"card": entry}
        elif not isinstance(entry, Mapping):
            self.check.error(path, Message("dv.schema.entry_shape"))
            return None
        m = self.check.mapping(path, entry, allowed=allowed, required=("card",))
        if m is None or "card" not in m:
            return None
        card = self.check.string(join(path, "card"), m["card"])
        if card is not None and card not in self.cards:
            if card not in self.broken:
                self.check.error(join(path, "card"), Message("format.card.unknown", card=card))
            card = None
        oid = auto_id
        if "id" in m:
            oid = self.check.string(join(path, "id"), m["id"]) or auto_id
            if oid in self.names:
                self.check.error(join(path, "id"), Message("format.id.is_player", id=oid))
            elif oid in self.cards:
                self.check.error(join(path, "id"), Message("dv.schema.id_is_card", id=oid))
        if oid in self.ids:
            self.check.error(join(path, "id"), Message("format.id.repeated", id=oid))
        tapped = self.check.boolean(join(path, "tapped"), m["tapped"]) if "tapped" in m else False
        damage = self.check.integer(join(path, "damage"), m["damage"], maximum=999) if "damage" in m else 0
        attached = self.check.string(join(path, "attached_to"), m["attached_to"]) if "attached_to" in m else None
        if card is None:
            self.ids.setdefault(oid, "")     # keep the id known: one bad card name is one error, not a cascade
            return None
        self.ids[oid] = card
        return ObjectSetup(id=oid, card=card, tapped=bool(tapped), damage=damage or 0, attached_to=attached)

    def board_object(self, path: str, obj: ObjectSetup, player: PlayerSetup) -> None:
        card = self.cards[obj.card]
        if not card.is_permanent:
            self.check.error(join(path, "card"), Message("dv.schema.not_permanent", card=obj.card,
                                                         type=Message("dv.type." + card.type)))
            return
        if obj.damage and not card.is_creature:
            self.check.error(join(path, "damage"), Message("format.damage_not_creature"))
        if card.type == "encantamiento":
            if obj.attached_to is None:
                self.check.error(join(path, "attached_to"), Message("dv.schema.enchantment_unattached"))
                return
            seen = {obj.id}
            host = obj.attached_to
            board_ids = self.board_ids
            while host is not None:
                if host not in board_ids:
                    self.check.error(join(path, "attached_to"), Message("dv.schema.host_not_in_play", ref=host))
                    return
                if host in seen:
                    self.check.error(join(path, "attached_to"), Message("dv.schema.attach_cycle"))
                    return
                seen.add(host)
                host = board_ids[host].attached_to
        elif obj.attached_to is not None:
            self.check.error(join(path, "attached_to"), Message("dv.schema.attach_not_enchantment"))

    @property
    def board_ids(self) -> dict[str, ObjectSetup]:
        if not hasattr(self, "_board_ids"):
            self._board_ids = {o.id: o for p in self._players for o in p.board}
        return self._board_ids

    # -- turn ---------------------------------------------------------------------------------------------
    def turn(self, value: Any) -> TurnSetup | None:
        m = self.check.mapping("turn", value, allowed=("number", "active", "phase"),
                               required=("number", "active", "phase"))
        if m is None:
            return None
        number = self.check.integer("turn.number", m["number"], minimum=1, maximum=10**6) if "number" in m else None
        active = self.player_ref("turn.active", m["active"]) if "active" in m else None
        phase = self.check.choice("turn.phase", m["phase"], PHASES) if "phase" in m else None
        if number is None or active is None or phase is None:
            return None
        return TurnSetup(number=number, active=active, phase=phase)

    def player_ref(self, path: str, value: Any) -> str | None:
        name = self.check.string(path, value)
        if name is not None and name not in self.names:
            self.check.error(path, Message("format.player.unknown", name=name))
            return None
        return name

    def card_ref(self, path: str, value: Any) -> str | None:
        ref = self.check.string(path, value)
        if ref is not None and ref not in self.cards and ref not in self.ids:
            if ref not in self.broken:
                self.check.error(path, Message("dv.schema.unknown_ref", ref=ref))
            return None
        return ref

    def target_ref(self, path: str, value: Any) -> str | None:
        ref = self.check.string(path, value)
        if ref is not None and ref not in self.names and ref not in self.ids:
            self.check.error(path, Message("dv.schema.unknown_target", ref=ref))
            return None
        return ref

    # -- actions ------------------------------------------------------------------------------------------
    def actions(self, value: Any) -> list[Action | Checkpoint]:
        """The script: actions, and `- expect: [...]` entries between them (Checkpoint: checked at that moment)."""
        items = self.check.sequence("actions", value, max_items=MAX_ACTIONS, what="acciones")
        out: list[Action | Checkpoint] = []
        self.checks_in_script = 0
        for i, raw in enumerate(items or []):
            path = join("actions", i)
            item = self.checkpoint(path, raw) if isinstance(raw, Mapping) and "expect" in raw \
                else self.action(path, raw)
            if item is not None:
                out.append(item)
        return out

    def checkpoint(self, path: str, raw: Mapping[str, Any]) -> Checkpoint | None:
        """``- expect: [...]`` among the actions: the same entries as the top-level `expect:`, except `stopped`
        (the run has not stopped yet). At most MAX_EXPECT of them in the whole script."""
        if self.check.mapping(path, raw, allowed=("expect",)) is None or len(raw) != 1:
            return None
        p = join(path, "expect")
        items = self.check.sequence(p, raw["expect"], max_items=MAX_EXPECT, what="comprobaciones")
        if items is None:
            return None
        if not items:
            self.check.error(p, Message("dv.schema.empty_check"))
            return None
        self.checks_in_script += len(items)
        if self.checks_in_script > MAX_EXPECT:
            self.check.error(p, Message("dv.schema.too_many_checks", n=self.checks_in_script,
                                        max=MAX_EXPECT))
            return None
        before = len(self.check.errors)
        found = [e for i, item in enumerate(items)
                 for e in parse_entry(self.check, join(p, i), item,
                                      lambda q, r: self.expectation(q, r, in_script=True))]
        return Checkpoint(tuple(found), path) if len(self.check.errors) == before else None

    def action(self, path: str, raw: Any) -> Action | None:
        if not isinstance(raw, Mapping):
            self.check.error(path, Message("dv.schema.action_shape"))
            return None
        verbs = [k for k in raw if k in ACTION_KEYS]
        if len(verbs) != 1:
            self.check.error(path, Message("dv.schema.one_action_found", keys=list(ACTION_KEYS), found=verbs) if verbs
                             else Message("dv.schema.one_action", keys=list(ACTION_KEYS)))
            self.check.mapping(path, raw, allowed=("by", *ACTION_KEYS, "target", "targets", "choose"))
            return None
        verb = verbs[0]
        allowed = {"play": ("target", "targets", "choose"), "attack": ("target",)}.get(verb, ())
        m = self.check.mapping(path, raw, allowed=("by", verb, *allowed), required=("by",))
        if m is None:
            return None
        by = self.player_ref(join(path, "by"), m["by"]) if "by" in m else None
        arg = m[verb]
        p = join(path, verb)
        if verb == "play":
            card = self.card_ref(p, arg)
            if "target" in m and "targets" in m:
                self.check.error(join(path, "targets"), Message("format.target_or_targets"))
            targets: list[str | None] = []
            if "target" in m:
                targets = [self.target_ref(join(path, "target"), m["target"])]
            elif "targets" in m:
                seq = self.check.sequence(join(path, "targets"), m["targets"], max_items=20, what="objetivos")
                targets = [self.target_ref(join(join(path, "targets"), j), t) for j, t in enumerate(seq or [])]
            choose = None
            if "choose" in m:
                seq = self.check.sequence(join(path, "choose"), m["choose"], max_items=MAX_ZONE_CARDS, what="cartas")
                choose = [self.card_ref(join(join(path, "choose"), j), c) for j, c in enumerate(seq or [])]
            if by is None or card is None or None in targets or (choose is not None and None in choose):
                return None
            return Play(by=by, card=card, targets=tuple(t for t in targets if t),
                        choose=tuple(c for c in choose if c) if choose is not None else None)
        if verb == "burn":
            card = self.card_ref(p, arg)
            return Burn(by=by, card=card) if by and card else None
        if verb == "attack":
            if isinstance(arg, list):
                seq = self.check.sequence(p, arg, max_items=MAX_ZONE_CARDS, what="atacantes") or []
                attackers = [self.object_ref(join(p, j), a) for j, a in enumerate(seq)]
                if not seq:
                    self.check.error(p, Message("dv.schema.no_attackers"))
            else:
                attackers = [self.object_ref(p, arg)]
            if "target" not in m:
                self.check.error(join(path, "target"), Message("dv.schema.attack_target"))
                return None
            target = self.target_ref(join(path, "target"), m["target"])
            if by is None or target is None or None in attackers or not attackers:
                return None
            return Attack(by=by, attackers=tuple(a for a in attackers if a), target=target)
        if verb == "end_turn":
            if arg is not True:
                self.check.error(p, Message("dv.schema.end_turn_true"))
                return None
            return EndTurn(by=by) if by else None
        seq = self.check.sequence(p, arg, max_items=MAX_ZONE_CARDS, what="cartas")
        cards = [self.card_ref(join(p, j), c) for j, c in enumerate(seq or [])]
        if by is None or seq is None or None in cards:
            return None
        return Discard(by=by, cards=tuple(c for c in cards if c))

    def object_ref(self, path: str, value: Any) -> str | None:
        ref = self.check.string(path, value)
        if ref is not None and ref not in self.ids:
            self.check.error(path, Message("dv.schema.unknown_id", ref=ref))
            return None
        return ref

    # -- expectations -------------------------------------------------------------------------------------
    def expectations(self, value: Any) -> list[Expectation]:
        items = self.check.sequence("expect", value, max_items=MAX_EXPECT, what="comprobaciones")
        out: list[Expectation] = []
        for i, raw in enumerate(items or []):
            out.extend(parse_entry(self.check, join("expect", i), raw, self.expectation))
        return out

    def expectation(self, path: str, raw: Any, in_script: bool = False) -> list[Expectation]:
        """One `expect:` entry: a player's or an object's fields (this ruleset's), or one common key (winner,
        stopped, turn, active, phase, steps: judge.engine.expect). `in_script`: it stands between actions."""
        if not isinstance(raw, Mapping):
            self.check.error(path, Message("dv.schema.expect_shape"))
            return []
        if "player" in raw:
            m = self.check.mapping(path, raw, allowed=("player", *PLAYER_FIELDS))
            subject = self.player_ref(join(path, "player"), raw["player"])
            fields, subject_key = PLAYER_FIELDS, "player"
        elif "object" in raw:
            m = self.check.mapping(path, raw, allowed=("object", *OBJECT_FIELDS))
            subject = self.object_ref(join(path, "object"), raw["object"])
            fields, subject_key = OBJECT_FIELDS, "object"
        else:
            return parse_single(self.check, path, raw, player_ref=self.player_ref, phases=EXPECT_PHASES,
                                step_kinds=(*GENERIC_STEP_KINDS, *OWN_STEP_KINDS), in_script=in_script)
        if m is None or subject is None:
            return []
        return parse_fields(self.check, path, m, subject, subject_key, fields, self.field_value)

    def field_value(self, path: str, kind: str, value: Any) -> Any:
        if kind == "int":
            v = self.check.integer(path, value, maximum=None)
        elif kind == "bool":
            v = self.check.boolean(path, value)
        elif kind == "names":
            seq = self.check.sequence(path, value, max_items=MAX_ZONE_CARDS, what="cartas")
            refs = [self.card_ref(join(path, j), c) for j, c in enumerate(seq or [])]
            return BAD if seq is None or None in refs else tuple(refs)
        elif kind == "zone":
            v = self.check.choice(path, value, ZONES)
        elif kind == "player":
            v = self.player_ref(path, value)
        else:                                   # "ref": an object id, or null for "attached to nothing"
            if value is None:
                return None
            v = self.object_ref(path, value)
        return BAD if v is None else v


def parse_scenario(doc: Mapping[str, Any], check: Checker
                   ) -> tuple[Setup, list[Action | Checkpoint], list[Expectation]]:
    p = _Parser(check)
    if "cards" not in doc:
        check.error("cards", Message("dv.schema.cards_missing"))
    else:
        p.cards = parse_cards(check, doc["cards"])
        if isinstance(doc["cards"], Mapping):
            p.broken = {n for n in doc["cards"] if isinstance(n, str) and n not in p.cards}
    if "players" not in doc:
        check.error("players", Message("format.missing"))
    p._players = p.players(doc.get("players", []))  # type: ignore[attr-defined]
    turn = p.turn(doc["turn"]) if doc.get("turn") is not None else None
    actions = p.actions(doc.get("actions", []))
    expect = p.expectations(doc.get("expect", []))
    return Setup(cards=p.cards, players=tuple(p._players), turn=turn), actions, expect  # type: ignore[attr-defined]
