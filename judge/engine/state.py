"""The game state shared by every ruleset: players, zones of objects with stable ids, turn and phase.

A ruleset names its own zones (doce-vidas: deck, hand, board, discard) and may subclass Player for its own
counters. Invariants a fuzzer checks from outside: each object is in exactly one zone (`all_objects()`), the
object count is constant, and each object's `zone`/`zone_owner` agree with the list that holds it.
"""
from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from judge.engine.errors import DeadlineReached, StepLimitReached
from judge.engine.waiting import WaitingFor

# The bounds of the run being set up (step ceiling, board budget, deadline): a GameState created while they are
# set takes them, so a ruleset's opening steps (built in `Ruleset.start`) are bounded like the rest without the
# ruleset having to pass them along.
_RUN_BOUNDS: ContextVar[tuple[int | None, int | None, float | None]] = ContextVar("run_bounds",
                                                                                 default=(None, None, None))


@contextmanager
def run_bounds(step_ceiling: int | None, board_budget: int | None,
               deadline: float | None = None) -> Iterator[None]:
    token = _RUN_BOUNDS.set((step_ceiling, board_budget, deadline))
    try:
        yield
    finally:
        _RUN_BOUNDS.reset(token)


@dataclass(eq=False)
class GameObject:
    """A card in some zone. `id` is stable across zones; `card` names the card definition."""
    id: str
    card: str
    owner: str
    controller: str
    zone: str
    tapped: bool = False
    damage: int = 0
    attached_to: str | None = None
    counters: dict[str, int] = field(default_factory=dict)
    timestamp: int = 0            # when it last entered its zone (orders a stack of attachments)

    def __repr__(self) -> str:
        return f"<{self.card} #{self.id} en {self.zone}>"


@dataclass(eq=False)
class Player:
    name: str
    lives: int
    mana: int = 0
    zones: dict[str, list[GameObject]] = field(default_factory=dict)
    lost: bool = False

    def zone(self, name: str) -> list[GameObject]:
        return self.zones[name]


@dataclass(eq=False)
class GameState:
    players: list[Player]
    rng: random.Random
    turn: int = 1
    active: str = ""
    phase: str = ""
    winner: str | None = None
    over: bool = False
    waiting: WaitingFor | None = None   # the decision the game waits for (judge/engine/waiting.py), None if none
    steps_taken: int = 0          # numbers the steps across calls to `apply`
    clock: int = 0                # timestamps for objects entering zones
    # Bounds of a run, set by the run loop (None: unbounded). `step_ceiling`: the last step number allowed;
    # `board_budget`: how many objects the board snapshots may still hold in total (see `charge_board`).
    step_ceiling: int | None = None
    board_budget: int | None = None
    # `deadline`: the time.monotonic() after which the next recorded step stops the action (DeadlineReached).
    deadline: float | None = None
    boards_omitted: int = 0
    script: Any = None            # the actions after the current one (judge.engine.action.Script), set by the run
    # How many of the script's first lines the ruleset's `start` took as answers to choices asked while setting up
    # (magic: the legend rule between two legends already on the battlefield); the run plays on after them.
    opening_answers: int = 0
    # The Ruleset class playing this game (set by its `start`): the step factory checks each step's kind and
    # events against its declarations (judge.engine.step.make_step). None: not checked (a bare state in a test).
    ruleset: Any = None

    def __post_init__(self) -> None:
        ceiling, budget, deadline = _RUN_BOUNDS.get()
        if self.step_ceiling is None:
            self.step_ceiling = ceiling
        if self.board_budget is None:
            self.board_budget = budget
        if self.deadline is None:
            self.deadline = deadline

    @property
    def pending(self) -> WaitingFor | None:
        """`waiting` by its older name (read only), for code written before the two kinds of wait became one."""
        return self.waiting

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def has_player(self, name: str) -> bool:
        for p in self.players:
            if p.name == name:
                return True
        return False

    def all_objects(self) -> Iterator[GameObject]:
        """Every object of the game, zone by zone, player by player (a card is in exactly one zone)."""
        for p in self.players:
            for objs in p.zones.values():
                yield from objs

    def find(self, object_id: str) -> GameObject | None:
        for obj in self.all_objects():
            if obj.id == object_id:
                return obj
        return None

    def charge_board(self) -> bool:
        """Whether the step being recorded carries a board snapshot: each one costs the objects of the game plus
        one; once a snapshot does not fit the budget, no later step gets one (the run loop gives the last step
        its board anyway)."""
        if self.board_budget is None:
            return True
        cost = 1 + sum(len(objs) for p in self.players for objs in p.zones.values())
        if cost <= self.board_budget:
            self.board_budget -= cost
            return True
        self.board_budget = 0
        self.boards_omitted += 1
        return False

    def check_step_ceiling(self, steps: list[Any]) -> None:
        """Call right after recording a step: stop the action once the run's last allowed step is recorded, or
        once its deadline has passed (one clock read per step, only when a deadline is set)."""
        if self.step_ceiling is not None and self.steps_taken >= self.step_ceiling:
            raise StepLimitReached(steps, self)
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise DeadlineReached(steps, self)

    def tick(self) -> int:
        self.clock += 1
        return self.clock
