"""The magic game state: objects that are new each time they change zones (400.7), players with life and a mana
pool, the stack, continuous effects with timestamps, combat, and the last known information of what left."""
from __future__ import annotations

import copy
import dataclasses
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from operator import is_
from typing import TYPE_CHECKING, Any

from judge.engine.rulesets.magic.cards import Activated, CardDef, Effect, Static, TargetSpec, Triggered
from judge.engine.rulesets.magic.known import NOTHING_SEEN, LastKnown, Seen
from judge.engine.state import GameObject, GameState, Player
from judge.messages import Message
from judge.engine.waiting import Chooser

if TYPE_CHECKING:
    from judge.engine.rulesets.magic.keyword import Registry
    from judge.engine.rulesets.magic.layers import Chars

ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack")
ZONE_NAMES = {"library": "biblioteca", "hand": "mano", "battlefield": "campo de batalla",
              "graveyard": "cementerio", "exile": "exilio", "stack": "pila"}
STEPS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers", "declare_blockers",
         "first_strike_damage", "combat_damage", "end_of_combat", "main2", "end", "cleanup")
STEP_NAMES = {
    "untap": "el paso de enderezar", "upkeep": "el paso de mantenimiento", "draw": "el paso de robar",
    "main1": "la primera fase principal", "beginning_of_combat": "el paso de inicio del combate",
    "declare_attackers": "el paso de declarar atacantes", "declare_blockers": "el paso de declarar bloqueadoras",
    "first_strike_damage": "el paso de daño de combate de dañar primero",
    "combat_damage": "el paso de daño de combate", "end_of_combat": "el paso de final del combate",
    "main2": "la segunda fase principal", "end": "el paso final", "cleanup": "el paso de limpieza",
}
STEP_RULES = {"untap": "502", "upkeep": "503", "draw": "504", "main1": "505", "beginning_of_combat": "507",
              "declare_attackers": "508", "declare_blockers": "509", "first_strike_damage": "510.4",
              "combat_damage": "510", "end_of_combat": "511", "main2": "505", "end": "513", "cleanup": "514"}
COMBAT_STEPS = ("beginning_of_combat", "declare_attackers", "declare_blockers", "first_strike_damage",
                "combat_damage", "end_of_combat")


class Stamps:
    """One game's edit stamps and journal. `last`: the last edit stamp given (to a MagicObject, or for a zone, pool
    or player of this game): unchanged, nothing of the game had a field assigned a new value, no counters changed
    and no zone (ZoneList) changed its contents or order (the board snapshot and the state-based checks compare
    it; each object's own stamp is its `edit`). `journal`: while an action that may still be reversed runs
    (undo.py, 733.1), id → (object, its fields, its counters) as they were before their first change; None when
    none is open. `field_edit` and `field_layer`: the stamp of the last change of an object whose `zone` is the
    battlefield, any field (its `edit`) and a layer field (its `layer_edit`): unchanged, with each battlefield
    ZoneList the same list at the same `stamp`, no permanent's `edit` (or `layer_edit`) moved either, so a cache
    of what the permanents are (layers.compute) asks no object for its stamp. Held by the game
    (`MagicState.stamps`) and by each of its objects, players, zones and pools: two games, in one thread or in
    several, share no counter and no journal. A game is played by one thread at a time, so a plain `+= 1` hands
    out no number twice within it."""
    __slots__ = ("last", "journal", "field_edit", "field_layer")

    def __init__(self) -> None:
        self.last = 0
        self.journal: dict[int, Any] | None = None
        self.field_edit = self.field_layer = 0

    def bump(self) -> None:
        """Count a change made past the hooks (a reversal writing fields back, undo.py): of any object."""
        self.last += 1
        self.field_edit = self.field_layer = self.last

    # A copy of the game (copy.deepcopy) counts on stamps of its own from the same numbers, with no journal: its
    # caches (copied with it) are of its own state, and a reversal open in the original is not the copy's (sharing
    # the journal journalled the copy's objects, whose restoring then wrote into the original's counters).
    def __deepcopy__(self, memo: dict[int, Any]) -> "Stamps":
        twin = Stamps()
        twin.last, twin.field_edit, twin.field_layer = self.last, self.field_edit, self.field_layer
        memo[id(self)] = twin              # every object, zone and pool of the copy counts on this one
        return twin

    def __copy__(self) -> "Stamps":
        return self


# Fields of a MagicObject that no layer reads unless a quality or a condition does (layers._inputs): changing one
# leaves its `layer_edit` stamp alone. A quality of qualities.py reading one is fine (the layers then compare
# `edit`); a layer effect reading one without a quality must take it out of here.
LAYER_BLIND = frozenset({"tapped", "damage", "deathtouch_hit", "sick", "attacking", "blocking", "blocked"})


def open_journal(stamps: Stamps) -> dict[int, Any] | None:
    """Start journalling the game's objects before their first change (undo.save); None if its journal is open."""
    if stamps.journal is not None:
        return None
    stamps.journal = {}
    return stamps.journal


def close_journal(stamps: Stamps, journal: dict[int, Any]) -> None:
    if stamps.journal is journal:
        stamps.journal = None


_ABSENT = object()                 # a field not set yet (compared with the value assigned)


def _keep(o: Any, journal: dict[int, Any]) -> None:
    """Journal `o` as it is now, if it is not in the open `journal` yet."""
    if id(o) not in journal:
        d = o.__dict__
        journal[id(o)] = (o, d.copy(), dict(d["counters"]))


class Counters(dict):
    """The counters on an object (122.1): a dict each of whose changes counts as an edit of the object holding it
    (its `edit` stamp, and its game's `Stamps.last`)."""
    __slots__ = ("owner",)

    def _editing(self) -> None:
        owner = getattr(self, "owner", None)
        if owner is not None:
            journal = owner.__dict__["stamps"].journal
            if journal is not None:
                _keep(owner, journal)      # before the change: the journal holds the counters as they were

    def _edited(self) -> None:
        owner = getattr(self, "owner", None)
        if owner is not None:
            d = owner.__dict__
            stamps = d["stamps"]
            stamp = stamps.last = stamps.last + 1
            d["edit"] = d["layer_edit"] = stamp
            if d["zone"] == "battlefield":
                stamps.field_edit = stamps.field_layer = stamp

    def __setitem__(self, key: str, value: int) -> None:
        self._editing()
        dict.__setitem__(self, key, value)
        self._edited()

    def __delitem__(self, key: str) -> None:
        self._editing()
        dict.__delitem__(self, key)
        self._edited()

    def __ior__(self, other: Any) -> "Counters":
        self._editing()
        dict.update(self, other)
        self._edited()
        return self

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._editing()
        dict.update(self, *args, **kwargs)
        self._edited()

    def clear(self) -> None:
        self._editing()
        dict.clear(self)
        self._edited()

    def pop(self, *args: Any) -> Any:
        self._editing()
        self._edited()
        return dict.pop(self, *args)

    def popitem(self) -> tuple[str, int]:
        self._editing()
        self._edited()
        return dict.popitem(self)

    def setdefault(self, key: str, default: Any = None) -> Any:
        self._editing()
        self._edited()
        return dict.setdefault(self, key, default)


class EditedDict(dict):
    """A player's mana pool (and restricted mana), or their dict of zones: each change counts as an edit of its
    game (`Stamps.last`), so the board snapshot needs no copy of them to see whether they changed. Zones put in are
    made ZoneLists of the same game."""
    __slots__ = ("zones", "stamps")

    def __init__(self, *args: Any, zones: bool = False, stamps: Stamps | None = None, **kwargs: Any) -> None:
        dict.__init__(self, *args, **kwargs)
        self.zones = zones
        self.stamps = stamps if stamps is not None else Stamps()
        if zones:
            for k, v in dict.items(self):
                if type(v) is not ZoneList:
                    dict.__setitem__(self, k, ZoneList(v, self.stamps))

    def __reduce_ex__(self, protocol: Any) -> Any:        # copies keep the class, the zones flag and the game
        return (EditedDict, (dict(self),), {"zones": self.zones, "stamps": self.stamps})

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.zones = state["zones"]
        self.stamps = state.get("stamps") or Stamps()

    def __setitem__(self, key: str, value: Any) -> None:
        dict.__setitem__(self, key, ZoneList(value, self.stamps) if self.zones and type(value) is not ZoneList
                         else value)
        self.stamps.last += 1

    def __delitem__(self, key: str) -> None:
        dict.__delitem__(self, key)
        self.stamps.last += 1

    def update(self, *args: Any, **kwargs: Any) -> None:
        for k, v in dict(*args, **kwargs).items():
            self[k] = v
        self.stamps.last += 1

    def __ior__(self, other: Any) -> "EditedDict":
        self.update(other)
        return self

    def clear(self) -> None:
        dict.clear(self)
        self.stamps.last += 1

    def pop(self, *args: Any) -> Any:
        self.stamps.last += 1
        return dict.pop(self, *args)

    def popitem(self) -> tuple[str, Any]:
        self.stamps.last += 1
        return dict.popitem(self)

    def setdefault(self, key: str, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return dict.__getitem__(self, key)


class ZoneList(list):
    """The objects of a zone, in order: each change of its contents or order counts as an edit of its game
    (`Stamps.last`), and `stamp` is the game's stamp of its last change, so a cache that keeps this very list (by
    identity: a zone a reversal puts back with other contents is a new ZoneList, undo.restore) and its `stamp`
    knows its contents are the same without comparing them (the game's stamps never repeat)."""
    __slots__ = ("stamps", "stamp")

    def __init__(self, objs: Any = (), stamps: Stamps | None = None) -> None:
        list.__init__(self, objs)
        self.stamps = stamps if stamps is not None else Stamps()
        self.stamp = self.stamps.last

    def __reduce_ex__(self, protocol: Any) -> Any:        # copies keep the class and the game
        return (ZoneList, (list(self), self.stamps))

    def append(self, obj: Any) -> None:
        list.append(self, obj)
        s = self.stamps
        self.stamp = s.last = s.last + 1

    def insert(self, index: Any, obj: Any) -> None:
        list.insert(self, index, obj)
        s = self.stamps
        self.stamp = s.last = s.last + 1

    def extend(self, objs: Any) -> None:
        list.extend(self, objs)
        s = self.stamps
        self.stamp = s.last = s.last + 1

    def remove(self, obj: Any) -> None:
        list.remove(self, obj)
        s = self.stamps
        self.stamp = s.last = s.last + 1

    def pop(self, *args: Any) -> Any:
        s = self.stamps
        self.stamp = s.last = s.last + 1
        return list.pop(self, *args)

    def clear(self) -> None:
        list.clear(self)
        s = self.stamps
        self.stamp = s.last = s.last + 1

    def sort(self, *args: Any, **kwargs: Any) -> None:
        list.sort(self, *args, **kwargs)
        s = self.stamps
        self.stamp = s.last = s.last + 1

    def reverse(self) -> None:
        list.reverse(self)
        s = self.stamps
        self.stamp = s.last = s.last + 1

    def __setitem__(self, index: Any, value: Any) -> None:      # random.shuffle swaps items this way
        list.__setitem__(self, index, value)
        s = self.stamps
        self.stamp = s.last = s.last + 1

    def __delitem__(self, index: Any) -> None:
        list.__delitem__(self, index)
        s = self.stamps
        self.stamp = s.last = s.last + 1

    def __iadd__(self, objs: Any) -> "ZoneList":
        list.extend(self, objs)
        s = self.stamps
        self.stamp = s.last = s.last + 1
        return self

    def __imul__(self, n: Any) -> "ZoneList":
        list.__imul__(self, n)
        s = self.stamps
        self.stamp = s.last = s.last + 1
        return self


@dataclass(eq=False)
class MagicObject(GameObject):
    """A card or token in a zone. `base` is the id the scenario gave; each zone change makes a new object whose
    id is ``base`` then ``base~2``, ``base~3``… (400.7), so the trace shows which incarnation a step is about."""
    base: str = ""
    incarnation: int = 1
    token: bool = False
    sick: bool = False                 # not continuously controlled since its controller's turn began (302.6)
    deathtouch_hit: bool = False       # dealt damage by a deathtouch source since the last SBA check (704.5h)
    attacking: str | None = None       # the player it attacks
    blocking: tuple[str, ...] = ()     # the attackers it blocks
    blocked: bool = False
    face: CardDef | None = None        # tokens: their definition (cards come from the catalog)
    entered_under: str = ""            # who put it onto the battlefield: its controller before layer 2 effects
    chosen: str = ""                   # the colour or card name chosen as it entered (614.12a), "" if none was
    # Its game's stamps (MagicState.stamps: the engine passes them); an object built alone counts on its own.
    stamps: Stamps = field(default_factory=Stamps, repr=False)

    def __post_init__(self) -> None:
        d = self.__dict__
        if not self.entered_under:
            d["entered_under"] = self.controller
        stamps = d["stamps"]
        stamp = stamps.last = stamps.last + 1
        d["edit"] = d["layer_edit"] = stamp        # built: its first stamps
        if d["zone"] == "battlefield":
            stamps.field_edit = stamps.field_layer = stamp

    def __setattr__(self, name: str, value: Any) -> None:
        # An assignment that changes a field, or a change of its counters (Counters), gives the object a new edit
        # stamp: the caches of the board snapshot and of the layers compare stamps instead of fields.
        if name == "counters":
            if type(value) is not Counters:
                value = Counters(value)
            value.owner = self
        d = self.__dict__
        if "edit" not in d:            # being built (dataclass __init__): __post_init__ gives the first stamps
            d[name] = value
            return
        stamps = d["stamps"]
        if stamps.journal is not None:
            _keep(self, stamps.journal)    # an action that may be reversed journals it first (undo.py)
        old = d.get(name, _ABSENT)
        d[name] = value
        if old is not value and (type(old) is not type(value) or old != value):
            stamp = stamps.last = stamps.last + 1
            d["edit"] = stamp
            # A permanent's change (or one of its `zone`), for Stamps.field_edit / field_layer; `zone` is read as it
            # is now: an object never changes zones (400.7), so this is the zone it was built in.
            battlefield = d["zone"] == "battlefield" or name == "zone" and old == "battlefield"
            if battlefield:
                stamps.field_edit = stamp
            if name not in LAYER_BLIND:
                d["layer_edit"] = stamp
                if battlefield:
                    stamps.field_layer = stamp

    def __deepcopy__(self, memo: dict) -> "MagicObject":
        # Every field is immutable but the counters and the game's stamps: the copy gets its own of both, written
        # straight in (an assignment would journal the copy in the original's open journal, undo.py).
        new = copy.copy(self)
        memo[id(self)] = new
        d = new.__dict__
        d["stamps"] = copy.deepcopy(self.__dict__["stamps"], memo)
        counters = Counters(self.counters)
        counters.owner = new
        d["counters"] = counters
        return new


def _direct_init(cls: type) -> None:
    """Give `cls` an __init__ that writes its dataclass fields straight into the instance (as the generated one
    would, in the same order, with the same defaults), then calls __post_init__: building an object no longer
    goes through __setattr__ once per field. Left as generated when a field is not a plain init field."""
    fields = dataclasses.fields(cls)
    if any(not f.init or f.kw_only for f in fields):
        return
    env: dict[str, Any] = {"_FACTORY": object(), "Counters": Counters}
    params, body = [], []
    for f in fields:
        if f.default is not dataclasses.MISSING:
            env[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
            value = f.name
        elif f.default_factory is not dataclasses.MISSING:
            env[f"_f_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_FACTORY")
            value = f"_f_{f.name}() if {f.name} is _FACTORY else {f.name}"
        else:
            params.append(f.name)
            value = f.name
        if f.name == "counters":          # as __setattr__ does: a Counters, held by this object
            body.append(f"    counters = {value}")
            value = "counters if type(counters) is Counters else Counters(counters)"
        body.append(f"    d[{f.name!r}] = {value}")
    body.append("    d['counters'].owner = self" if any(f.name == "counters" for f in fields) else "    pass")
    src = f"def __init__(self, {', '.join(params)}):\n    d = self.__dict__\n" + "\n".join(body) + \
        "\n    self.__post_init__()\n"
    exec(src, env)
    env["__init__"].__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = env["__init__"]          # type: ignore[misc]


_direct_init(MagicObject)


@dataclass(eq=False)
class MagicPlayer(Player):
    """`lives` is the life total (the core's name); the mana pool holds W U B R G C. Its zones are ZoneLists."""
    pool: dict[str, int] = field(default_factory=dict)
    lands_played: int = 0
    drew_from_empty: bool = False      # since the last state-based check (704.5b)
    restricted: dict[str, int] = field(default_factory=dict)   # mana usable only on costs with {X} (106.6)
    # Its game's stamps (MagicState.stamps: the engine passes them); a player built alone counts on its own.
    stamps: Stamps = field(default_factory=Stamps, repr=False)

    def __post_init__(self) -> None:
        # Built: its pool, restricted mana and zones become containers counting their changes as its game's edits.
        d = self.__dict__
        stamps = d["stamps"]
        for name in ("pool", "restricted", "zones"):
            value = d[name]
            if type(value) is not EditedDict or value.stamps is not stamps or value.zones != (name == "zones"):
                d[name] = EditedDict(value, zones=name == "zones", stamps=stamps)
        stamps.last += 1

    def __setattr__(self, name: str, value: Any) -> None:
        # An assignment that changes a field (life, lost, lands played…) counts as an edit of its game
        # (`Stamps.last`), as an object's does. The pool and the zones change in place and count their own changes
        # (EditedDict).
        d = self.__dict__
        stamps = d.get("stamps")
        if stamps is None:             # being built (dataclass __init__): __post_init__ makes its containers
            d[name] = value
            return
        if name in ("pool", "restricted") and type(value) is not EditedDict:
            value = EditedDict(value, stamps=stamps)
        elif name == "zones" and (type(value) is not EditedDict or not value.zones):
            value = EditedDict(value, zones=True, stamps=stamps)
        old = d.get(name, _ABSENT)
        d[name] = value
        if old is not value and (type(old) is not type(value) or old != value):
            stamps.last += 1

    @property
    def life(self) -> int:
        return self.lives


@dataclass(eq=False)
class StackItem:
    """A spell (its card is in the stack zone, `obj`) or an ability on the stack (113.7a: independent of its
    source). `targets` hold object ids (with their incarnation) or player names."""
    id: str
    kind: str                          # spell | ability | trigger
    controller: str
    source: str                        # the source object's id (the spell's own card for a spell)
    source_name: str
    effects: tuple[Effect, ...]
    targets: tuple[str, ...] = ()
    target_specs: tuple[TargetSpec, ...] = ()
    x: int = 0
    obj: MagicObject | None = None
    keyword: str = ""                  # persist…
    seen: Seen = NOTHING_SEEN          # a trigger's: what it carries from its event (persist: counters when it died)
    text: "str | Message" = ""        # how the stack names it: a spell's name, an ability's Message (text.py)
    spent: dict[str, int] = field(default_factory=dict)  # mana spent to cast it, by colour (601.2h); {} on a copy
    copy_of: str = ""                  # a copy of a spell (707.10): the copied card's name; it has no card (obj None)
    condition: tuple[str, int, str] = ("", 0, "")  # a trigger's intervening "if" (603.4), checked again on resolution
    divide: dict[str, int] = field(default_factory=dict)   # damage divided as announced on casting (601.2d)


@dataclass(eq=False)
class ContinuousEffect:
    """611/613: an effect from a resolved spell or ability (locked-in `affected` ids, 611.2c) with its
    timestamp and duration. Static abilities make theirs on the fly from the permanents (613.7a)."""
    effect: Effect
    source: str
    source_name: str
    controller: str
    timestamp: int
    affected: tuple[str, ...] = ()     # object ids, or player names for player effects
    duration: str = "end_of_turn"
    remaining: int = 0                 # prevention shields: damage still to prevent
    copied: CardDef | None = None      # become_copy: the copiable values taken when it was created (707.2)


@dataclass(eq=False)
class PendingTrigger:
    """A triggered ability waiting to be put on the stack the next time a player would receive priority (603.3)."""
    controller: str
    source: str
    source_name: str
    ability: Any                       # cards.Triggered
    seen: Seen = NOTHING_SEEN          # what it carries from its trigger event (known.py: 603.2, 603.10a)
    order: int = 0


@dataclass(eq=False)
class ThisTurn:
    """What happened this turn that the rules read, by player: game state, started again as each turn begins
    (turn.new_turn) and reversed with the rest (undo.py). `spells`: the spells each player cast (601.2i: "if you've
    cast two or more spells this turn"); `life_lost`: the life each lost, whatever they also gained (119.3);
    `damage_to`: the damage dealt to each, whatever the life total did after (120.3a)."""
    spells: dict[str, int] = field(default_factory=dict)
    life_lost: dict[str, int] = field(default_factory=dict)
    damage_to: dict[str, int] = field(default_factory=dict)

    def copy(self) -> "ThisTurn":
        return ThisTurn(dict(self.spells), dict(self.life_lost), dict(self.damage_to))

    def clear(self) -> None:
        self.spells.clear()
        self.life_lost.clear()
        self.damage_to.clear()

    @staticmethod
    def add(counts: dict[str, int], player: str, amount: int = 1) -> None:
        counts[player] = counts.get(player, 0) + amount


# The types of MagicCaches' entries. Chars (layers.py) and the keyword Registry are named for the type checker only:
# the data model imports nothing above it.
Json = dict[str, Any]                                   # a board's piece as the trace shows it (snapshot.py)
CharsTable = dict[str, "Chars"]                         # layers.compute: object id → its characteristics
Copies = dict[str, CardDef]                             # MagicState.copies: object id → the card it copies
Notes = tuple[str, tuple[str, ...]]                     # a card's name and its unmodelled notes (steps.py)
# core.activated_table: a permanent's activated abilities, the non-mana ones with their index, its first plain
# mana ability (or None)
AbilityTable = tuple[tuple[Activated, ...], tuple[tuple[int, Activated], ...], Activated | None]
# snapshot.py, one player's last board: (battlefield, its stamps, layers' result, copies), (life, lost, pool, lands
# played), the hidden zones' lists, the battlefield's entries, the player's dict, the hidden zones' stamps and their
# ZoneLists
PlayerBoard = tuple[tuple[tuple[MagicObject, ...], list[int], CharsTable, Copies],
                    tuple[int, bool, tuple[tuple[str, int], ...], int], tuple[list[Json], ...], list[Json], Json,
                    tuple[int, ...], tuple[ZoneList, ...]]
# layers.compute's memo (MagicState.chars_cache): a layer effect as the layers read it (effect, timestamp,
# controller, source, source's name, affected ids); what the layers read beyond the permanents (`_reads`: combat
# status, the conditions' STATIC_READS words); everything they read (`_inputs`: the permanents, their edit stamps,
# the copy effects, the layer effects, and the step or the players' counts those reads name); then the table:
# (state.version, layers' result, inputs, reads).
LayerEffect = tuple[Effect, int, str, str, str, tuple[str, ...]]
LayerReads = tuple[bool, frozenset[str]]
LayerSeen = str | tuple[object, ...] | None       # the step alone, or the turn, step and players' counts
LayerInputs = tuple[tuple[MagicObject, ...], list[int], Copies, tuple[LayerEffect, ...], LayerSeen]
CharsCache = tuple[int, CharsTable, LayerInputs, LayerReads]
# legal.py: what a hand offers the legal-action lister: the first land of each name; the first other card of each
# name with its card (MagicState.card) and what the lister reads of it (legal._facts); the (zone, name) keys of those
HandCards = tuple[tuple[MagicObject, ...], tuple[tuple[MagicObject, CardDef, tuple[Any, ...]], ...],
                  frozenset[tuple[str, str]]]


@dataclass(eq=False)
class MagicCaches:
    """What the engine worked out from the state and keeps to skip working it out again while its inputs are the
    same (edit stamps, `Stamps.last`, the layers' result dict, the copy effects): never game state, so a reversal
    (undo.py, 733.1) neither saves nor restores it, and a rule never reads it for anything the state does not say.
    Held by the game, one per MagicState: two games in one process share none of it."""
    # snapshot.py: the last board (edits, layers' result, copies, players), each permanent's entry (its edit stamp,
    # characteristics and card with the entry), each player's hidden zone lists (by player and zone) and dict
    # layers.py: what says the layers' inputs are unchanged without building them (the table; each battlefield
    # ZoneList and its stamp; Stamps.field_layer or field_edit; the effects list; the copies; the verbs' layers;
    # what is read beyond the permanents)
    layers_unchanged: tuple[CharsTable, tuple[ZoneList, ...], tuple[int, ...], int, list[ContinuousEffect], Copies,
                            dict[str, float], Any] | None = None
    snap_board: tuple[int, CharsTable, Copies, list[Json]] | None = None
    snap_perm: dict[str, tuple[int, Chars, CardDef, Json]] = field(default_factory=dict)
    snap: dict[tuple[str, str], tuple[ZoneList, int, tuple[MagicObject, ...], list[Json]]] = \
        field(default_factory=dict)                   # (the zone, its stamp, its objects, their entries)
    snap_player: dict[str, PlayerBoard] = field(default_factory=dict)
    # steps.py: the unmodelled text notes on the board (objects, copies, (name, notes), edits, spells on the stack),
    # of the cards whose text works off it (cards, how many, name → zones), and where (edits, (name, notes))
    unmodelled: tuple[tuple[MagicObject, ...], Copies, list[Notes], int, tuple[MagicObject, ...]] | None = None
    unmodelled_zoned: tuple[dict[str, CardDef], int, dict[str, frozenset[str]]] | None = None
    unmodelled_off: tuple[int, list[Notes]] | None = None
    # … and the last notes given, with what they were of (edits, copies, spells on the stack, the objects named)
    unmodelled_said: tuple[int, Copies, tuple[MagicObject, ...], tuple[MagicObject | None, ...], tuple[str, ...]] | \
        None = None
    # sba.py: the inputs of the last state-based check that found nothing (704.3: edits, layers' result, copies,
    # how many objects and effects, whether the game is over)
    sba_quiet: tuple[int, CharsTable, Copies, int, int, bool] | None = None
    sba_quiet_reads: tuple[Any, ...] | None = None        # sba.py: … and what it read then (`_sba_reads`)
    # sba.py: the permanents with state triggers (603.8), by layers' result
    state_triggers: tuple[CharsTable, tuple[tuple[MagicObject, Triggered], ...]] | None = None
    # sba.py: the last control sync's layers' result, battlefield ZoneLists, their stamps, Stamps.field_layer and
    # effects list
    control_synced: tuple[CharsTable, tuple[ZoneList, ...], tuple[int, ...], int, list[ContinuousEffect]] | None = None
    # triggers.py: the permanents with triggered abilities, by layers' result
    triggered: tuple[CharsTable, tuple[tuple[MagicObject, tuple[Triggered, ...]], ...]] | None = None
    # legal.py: each player's permanents with their characteristics and ability tables (layers' result,
    # battlefield, copies, the table, and the battlefield's ZoneList with its stamp)
    legal_permanents: dict[str, tuple[CharsTable, tuple[MagicObject, ...], Copies,
                                      list[tuple[MagicObject, Chars, AbilityTable]], ZoneList, int]] = \
        field(default_factory=dict)
    # Memo tables keyed by id() of frozen inputs (cards, abilities, effects, Chars), each entry keeping its inputs so
    # an id() reused after one is freed never matches: layers.py's printed characteristics (card, controller,
    # copied) and counted P/T effects (effect, number); legal.py's mana of a mana ability; core.py's activated and
    # triggers.py's triggered abilities of a card with its characteristics; steps.py's unmodelled notes of a card;
    # snapshot.py's board words for a set of types and of keywords. Held here, not in module globals, so games in
    # several threads share none of it and a game's memo dies with the game.
    printed: dict[tuple[int, str, bool], tuple[CardDef, Chars]] = field(default_factory=dict)
    counted: dict[tuple[int, int], tuple[Effect, Effect]] = field(default_factory=dict)
    mana_of: dict[int, tuple[Activated, dict[str, int]]] = field(default_factory=dict)
    activated: dict[tuple[int, int], tuple[CardDef, Chars, AbilityTable]] = field(default_factory=dict)
    triggered_of: dict[tuple[int, int], tuple[CardDef, Chars, tuple[Triggered, ...]]] = field(default_factory=dict)
    notes: dict[int, tuple[CardDef, tuple[str, ...]]] = field(default_factory=dict)
    type_words: dict[tuple[frozenset[str], tuple[str, ...]], str] = field(default_factory=dict)
    keyword_words: dict[tuple[Registry, frozenset[str]], list[str]] = field(default_factory=dict)
    stack_text: dict[int, tuple[Message, str]] = field(default_factory=dict)   # snapshot.py: a stack item's text
    # snapshot.py: a stack item's board entry, by id() of the item: (the item, what the entry shows of it: id, its
    # card's object, kind, controller, text, targets; the entry)
    snap_stack: dict[int, tuple[StackItem, tuple[Any, ...], Json]] = field(default_factory=dict)
    # castfrom.py: per player, whether a card of their graveyard or a permanent of theirs gives a permission, with
    # the zones' objects and the copy effects it was worked out from
    permission_cards: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    # castfrom.py: the players a continuous effect lets cast or play from their graveyard, by the effects list
    permission_effects: tuple[list[ContinuousEffect], frozenset[str]] | None = None
    # castfrom.py: per player, their permanents with a permitting static ability (the battlefield's ZoneList and its
    # stamp, the copy effects, then (permanent, those abilities) in battlefield order)
    permitting: dict[str, tuple[ZoneList, int, Copies, tuple[tuple[MagicObject, tuple[Static, ...]], ...]]] = \
        field(default_factory=dict)
    legal_cards: dict[int, tuple[Any, ...]] = field(default_factory=dict)   # legal.py: what the lister reads of a card
    # legal.py: what each player's hand offers the lister (the hand's ZoneList and its stamp, the copy effects, the
    # keyword registry, then HandCards)
    legal_hand: dict[str, tuple[ZoneList, int, Copies, Registry, HandCards]] = field(default_factory=dict)
    legal_subsets: dict[str, tuple[Any, ...]] = field(default_factory=dict)    # legal.py: … of a player's table
    legal_graveyard: dict[str, tuple[Any, ...]] = field(default_factory=dict)  # legal.py: graveyard abilities
    # legal.py: a payment plan by (id of the cost, X, the source left out, (player, pool items, sources' ids and
    # mana)): (the cost, the plan)
    legal_plans: dict[tuple[Any, ...], tuple[tuple[Any, ...], tuple[str, ...] | None]] = field(default_factory=dict)
    replacing: tuple[Any, ...] | None = None    # replacement.py: the permanents with replacement abilities
    # priority.py: what the last round of `settle` that changed nothing read (priority.settled_key)
    settled: tuple[Any, ...] | None = None
    # legal.py: the last listing of actions of each player at sorcery speed or not, with what it read
    # (legal.listing_key)
    legal_listing: dict[tuple[str, bool], tuple[tuple[Any, ...], tuple[Any, ...]]] = field(default_factory=dict)
    # legal.py: per player, the part of a listing read from their zones alone (legal._static): the layers' result,
    # the copies, the keyword registry, the effects list, then the battlefield, hand and graveyard ZoneLists each
    # with its stamp, then (permanents, their subsets, playable lands, castable cards, graveyard abilities)
    legal_static: dict[str, tuple[Any, ...]] = field(default_factory=dict)


@dataclass(eq=False)
class MagicState(GameState):
    cards: dict[str, CardDef] = field(default_factory=dict)
    objects: dict[str, MagicObject] = field(default_factory=dict)   # id → object, every zone
    latest: dict[str, str] = field(default_factory=dict)            # base id → current incarnation's id
    lki: dict[str, LastKnown] = field(default_factory=dict)        # id of an object that left → what it was (113.7a)
    stack: list[StackItem] = field(default_factory=list)            # bottom first
    priority: str | None = None
    passes: int = 0
    effects: list[ContinuousEffect] = field(default_factory=list)
    triggers: list[PendingTrigger] = field(default_factory=list)
    combat_damage_done: bool = False
    first_strikers: set[str] = field(default_factory=set)          # dealt first-strike damage this combat
    chooser: Chooser | None = None     # answers what the game waits for (script or random: judge/engine/waiting.py)
    next_id: int = 0
    version: int = 0                   # bumped by every change that can alter characteristics
    chars_cache: CharsCache | None = None   # layers.compute: its last table, with the version and inputs it is of
    copies: dict[str, CardDef] = field(default_factory=dict)      # object id → the card it copies (layer 1)
    delayed: list[PendingTrigger] = field(default_factory=list)   # delayed triggers waiting for their moment (603.7)
    catalog_names: Collection[str] = frozenset()  # the catalog's card names, injected at start: those one may name
    # Counts the events triggers.observe has looked at (one for a simultaneous group): a "one or more" ability
    # triggers once per event (603.2c), and this says which event a waiting one came from.
    event_batch: int = 0
    # 610.3: "exile … until this leaves the battlefield": (the permanent's id, the exiled card's id) pairs; when
    # that permanent leaves, the card returns (core.move).
    exiled_until: list[tuple[str, str]] = field(default_factory=list)
    # `pass_until`'s step (play.py): the players pass priority until the game reaches it; None when not passing.
    passing_until: str | None = None
    # 510.4: the creatures with double strike that dealt first-strike damage this combat (they deal damage again).
    double_strikers: frozenset[str] = frozenset()
    # "you may play that card this turn" (zonefx.py): (card id, player, turn) the permission is for.
    may_play: list[tuple[str, str, int]] = field(default_factory=list)
    # 601.2b: the X announced for the spell being cast, by its card's id, while its costs are paid (protection.py).
    announced_x: dict[str, int] = field(default_factory=dict)
    # 613.1b: the effect that decided each permanent's controller at the last control check (sba.sync_control
    # says why control changed). Game state: reversed with the rest.
    control_by: dict[str, tuple[int, str, str]] = field(default_factory=dict)   # (timestamp, source, controller)
    # What happened this turn: spells cast, life lost, damage dealt, by player (ThisTurn).
    this_turn: ThisTurn = field(default_factory=ThisTurn)
    caches: MagicCaches = field(default_factory=MagicCaches)
    # This game's edit counter and journal (Stamps): its objects, players, zones and pools count on it, never on a
    # counter another game shares. Not game state: a reversal (undo.py) neither saves nor restores it.
    stamps: Stamps = field(default_factory=Stamps)

    def touch(self) -> None:
        self.version += 1

    def new_id(self, prefix: str) -> str:
        self.next_id += 1
        return f"{prefix}{self.next_id}"

    def obj(self, ref: str) -> MagicObject | None:
        """By exact id, else the current incarnation of a scenario id."""
        o = self.objects.get(ref)
        if o is not None:
            return o
        cur = self.latest.get(ref)
        return self.objects.get(cur) if cur else None

    def card(self, o: MagicObject) -> CardDef:
        """The object's card, or the card it is a copy of (layer 1, 613.2a / 707.2: the copiable values)."""
        if self.copies:
            copied = self.copies.get(o.id)
            if copied is not None:
                return copied
        return o.face or self.cards[o.card]

    def cards_for(self, objs: Iterable[MagicObject]) -> list[CardDef]:
        """`card` of each object, in order, in one call (the loops over a whole battlefield or hand)."""
        copies, cards = self.copies, self.cards
        if not copies:
            return [o.face or cards[o.card] for o in objs]
        return [copies.get(o.id) or o.face or cards[o.card] for o in objs]       # a CardDef is never falsy

    def set_effects(self, effects: list[ContinuousEffect]) -> None:
        """Replace the continuous effects (some ended) and recompute what is a copy of what. The very same effects
        in the same order (a step ends and no "until end of" effect was there: 500.5, 514.2) keep the list there is,
        and copy effects that come out the same keep the dict there is: what is kept by their identity (the copies
        for state.card, the effects list) stays valid, as it would be for equal new ones."""
        old = self.effects
        if len(effects) == len(old) and all(map(is_, effects, old)):
            self.touch()
            return
        self.effects = effects
        copies: dict[str, CardDef] = {}
        for ce in sorted(effects, key=lambda c: c.timestamp):
            if ce.effect.kind == "become_copy" and ce.copied is not None:
                for ref in ce.affected:
                    copies[ref] = ce.copied
        before = self.copies
        if len(copies) != len(before) or any(k != j or v is not w for (k, v), (j, w) in zip(copies.items(),
                                                                                          before.items())):
            self.copies = copies
        self.touch()

    def battlefield(self) -> list[MagicObject]:
        out: list[MagicObject] = []
        for p in self.players:
            out.extend(p.zones["battlefield"])            # type: ignore[arg-type]
        return out

    def mplayer(self, name: str) -> MagicPlayer:
        return self.player(name)                          # type: ignore[return-value]

    def opponents(self, name: str) -> list[MagicPlayer]:
        return [p for p in self.players if p.name != name and not p.lost]  # type: ignore[misc]

    def apnap(self) -> list[str]:
        """101.4: the active player, then the others in turn order."""
        names = [p.name for p in self.players if not p.lost]
        if self.active not in names:
            return names
        i = names.index(self.active)
        return names[i:] + names[:i]
