"""What the magic fuzzer's invariants (judge/runner/fuzz_magic.py) compare a game's boards against, and what they
read of a board once per player's dict and battlefield list (boards share those while nothing in them changed,
magic/snapshot.py): the `Ledger` of one game."""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain
from operator import is_
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.engine import Step

MOVING = frozenset({"move", "cease", "stack", "control", "draw", "shuffle"})   # events of steps that change zones


class PlayerSeen:
    """What the board invariants read of one player's dict of a board, worked out once per dict: boards share a
    player's dict while nothing in it changed (magic/snapshot.py), so every later board showing that dict is read
    with one lookup. `hidden`: the (ids, scenario ids) of its library, hand, graveyard and exile, each kept per zone
    list; `field`: what its battlefield list shows (FieldSeen); `count`: how many objects all five hold;
    `life_zero`: still in the game at 0 life or less. The set of its scenario ids (`base_set`) and the ids in zone
    order (`ids`, `bases`) are put together only when a check asks for them."""

    __slots__ = ("player", "hidden", "field", "count", "life_zero", "_base_set")

    def __init__(self, player: dict[str, Any], hidden: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...],
                 field: "FieldSeen") -> None:
        self.player = player                     # keeping the dict keeps its id()
        self.hidden = hidden
        self.field = field
        count = len(field.ids)
        for ids, _ in hidden:
            count += len(ids)
        self.count = count
        self.life_zero = not player["lost"] and player["life"] <= 0
        self._base_set: frozenset[str] | None = None

    def base_set(self) -> frozenset[str]:
        """The scenario ids (400.7) of every object of its five zones."""
        if self._base_set is None:
            self._base_set = frozenset(chain(*[bases for _, bases in self.hidden], self.field.bases))
        return self._base_set

    @property
    def ids(self) -> tuple[str, ...]:
        """The object ids of its library, hand, graveyard, exile and battlefield, in that order."""
        return tuple(chain(*[ids for ids, _ in self.hidden], self.field.ids))

    @property
    def bases(self) -> tuple[str, ...]:
        """Their scenario ids, in the same order."""
        return tuple(chain(*[bases for _, bases in self.hidden], self.field.bases))


_UNREAD: Any = object()          # a FieldSeen fact not worked out yet


class FieldSeen:
    """What the invariants read of one battlefield list of a board (boards share it, and each entry, while no
    entry changed): its ids and bases; then, the first time a check asks (the combat check only outside combat, the
    state-based one as an action ends), its first permanent in combat (`in_combat`), and whether an entry fails a
    state-based check of its own and its Auras' hosts (`sba`)."""

    __slots__ = ("field", "ids", "bases", "_in_combat", "_sba")

    def __init__(self, field: list[dict[str, Any]], memo: dict[str, str]) -> None:
        self.field = field                       # keeping the list keeps its id()
        self.ids = tuple([o["id"] for o in field])
        self.bases = tuple([memo.get(oid) or memo.setdefault(oid, oid.split("~")[0]) for oid in self.ids])
        self._in_combat: Any = _UNREAD
        self._sba: Any = _UNREAD

    def in_combat(self) -> dict[str, Any] | None:
        """The first entry that attacks or blocks; None: none."""
        if self._in_combat is _UNREAD:
            self._in_combat = next((o for o in self.field if o.get("attacking") or o.get("blocking")), None)
        return self._in_combat

    def sba(self) -> tuple[Any, ...] | None:
        """None when an entry fails a state-based check of its own (_fails_own_checks); else what each Aura is
        attached to."""
        if self._sba is _UNREAD:
            self._sba = None if any(map(_fails_own_checks, self.field)) else \
                tuple([o.get("attached_to") for o in self.field if "Aura" in o.get("types", "")])
        return self._sba


def _fails_own_checks(o: dict[str, Any]) -> bool:
    """704.5f-g, 704.5q on one battlefield entry: toughness 0 or less, lethal damage and not indestructible, both
    +1/+1 and -1/-1 counters."""
    if "toughness" in o and (o["toughness"] <= 0 or o["damage"] >= o["toughness"] and
                             "indestructible" not in o.get("keywords", ())):
        return True
    counters = o.get("counters") or {}
    return bool(counters.get("+1/+1") and counters.get("-1/-1"))


@dataclass
class Ledger:
    """What a game's invariants compare against: the cards of the game (by scenario id) and each player's life
    total as the start plus every `life` event so far; also the last board seen."""
    bases: frozenset[str]
    life: dict[str, int]
    board: dict[str, Any] = field(default_factory=dict)       # the last step's board
    moved: bool = True            # a step seen since the last state check may have changed zones
    _zones: dict[int, tuple[Any, tuple[tuple[str, ...], tuple[str, ...]]]] = field(default_factory=dict, repr=False)
    _fields: dict[int, FieldSeen] = field(default_factory=dict, repr=False)
    _players: dict[int, PlayerSeen] = field(default_factory=dict, repr=False)
    _base: dict[str, str] = field(default_factory=dict, repr=False)
    # players_seen: the players list it read last and what it found there
    _seen: tuple[Any, list[PlayerSeen]] | None = field(default=None, repr=False)
    # Boards share a player's dict while nothing in it changed, and the list of them while no player's changed
    # (magic/snapshot.py): a board-wide check that held keeps what it held for (holding it keeps its id()), and
    # holds again for the same.
    _held: dict[str, tuple[Any, ...]] = field(default_factory=dict, repr=False)
    # life_matches_events: the players list it held for and how many life events had been seen then (`life_events`)
    life_events: int = 0
    _life_held: tuple[Any, int] | None = field(default=None, repr=False)
    # check_steps: what the last board every invariant held for showed (players list, phase, life events, stack)
    shown: tuple[Any, ...] | None = field(default=None, repr=False)

    def held(self, check: str, board: dict[str, Any], *more: Any) -> bool:
        """Whether `check` held for a board with these very player dicts (and these `more` values)."""
        last = self._held.get(check)
        if last is None or last[2] != more:
            return False
        players = board.get("players", ())
        return last[0] is players or len(last[1]) == len(players) and all(map(is_, last[1], players))

    def hold(self, check: str, board: dict[str, Any], *more: Any) -> None:
        players = board.get("players", ())
        self._held[check] = (players, tuple(players), more)

    def see(self, step: "Step") -> None:
        for e in step.events:
            if e.kind == "life":
                self.life[e.data["player"]] = self.life.get(e.data["player"], 0) + e.data["delta"]
                self.life_events += 1
            elif e.kind in MOVING:
                self.moved = True
        if step.board is not None:
            self.board = step.board

    def players_seen(self, board: dict[str, Any]) -> list[PlayerSeen]:
        """What the invariants read of each player of `board` (PlayerSeen), in the board's order."""
        players = board.get("players", ())
        last = self._seen
        if last is not None and last[0] is players:
            return last[1]
        seen = [self.player_seen(p) for p in players]
        self._seen = (players, seen)          # keeping the list keeps its id()
        return seen

    def player_seen(self, p: dict[str, Any]) -> PlayerSeen:
        hit = self._players.get(id(p))
        if hit is not None and hit.player is p:
            return hit
        if len(self._players) > 4096:
            self._players.clear()
            self._zones.clear()
            self._fields.clear()
        hidden = []
        zones = self._zones
        for zone in ("library", "hand", "graveyard", "exile"):
            objs = p.get(zone, ())
            known = zones.get(id(objs))
            if known is None or known[0] is not objs:
                listed = tuple([o["id"] for o in objs])
                known = zones[id(objs)] = (objs, (listed, tuple([oid.split("~")[0] for oid in listed])))  # keeps id()
            hidden.append(known[1])
        bf = p.get("battlefield", ())
        field_seen = self._fields.get(id(bf))
        if field_seen is None or field_seen.field is not bf:
            field_seen = self._fields[id(bf)] = FieldSeen(bf, self._base)
        hit = self._players[id(p)] = PlayerSeen(p, tuple(hidden), field_seen)
        return hit

    def ids(self, board: dict[str, Any]) -> tuple[list[str], list[str]]:
        """The object ids of a board, zone by zone (each player's library, hand, graveyard, exile, battlefield,
        then the stack's spells), and their scenario ids (``c11~3`` → ``c11``, 400.7)."""
        ids: list[str] = []
        bases: list[str] = []
        for seen in self.players_seen(board):
            ids += seen.ids
            bases += seen.bases
        listed = [i["id"] for i in board.get("stack", ()) if i.get("kind") == "spell"]
        ids.extend(listed)
        bases.extend(oid.split("~")[0] for oid in listed)
        return ids, bases
