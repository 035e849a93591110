"""Running a scenario: initial state, then each scripted action through the ruleset, then the expectations."""
from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from judge.engine.action import Action, Checkpoint, Script
from judge.engine.errors import DeadlineReached, StepLimitReached
from judge.engine.rulesets import get_ruleset
from judge.engine.state import GameState, run_bounds
from judge.engine.step import Step, Trace
from judge.format.model import Scenario
from judge.messages import Message

if TYPE_CHECKING:
    from judge.engine.rulesets.base import Ruleset

DEFAULT_STEP_LIMIT = 1000


def default_step_limit() -> int:
    """`JUDGE_STEP_LIMIT` from the environment, else DEFAULT_STEP_LIMIT."""
    try:
        return max(1, int(os.environ.get("JUDGE_STEP_LIMIT", DEFAULT_STEP_LIMIT)))
    except ValueError:
        return DEFAULT_STEP_LIMIT


class Game:
    """A game in progress: the state, every step so far, and `play(action)` for the next action.

    All randomness comes from ``random.Random(scenario.seed)``, so the same scenario plays the same game."""

    def __init__(self, scenario: Scenario, *, step_limit: int | None = None,
                 board_budget: int | None = None, deadline: float | None = None) -> None:
        """`step_limit`, `board_budget`: the bounds of `run_scenario` (None: unbounded, as the fuzzer plays).
        With a step limit, `play` raises StepLimitReached once it is reached; `cut` says the opening reached it.
        `deadline` (a time.monotonic() value, None: none): once passed, the next step recorded raises
        DeadlineReached (a StepLimitReached), so one long action cannot outlast the caller's time budget."""
        self.scenario = scenario
        self.ruleset = get_ruleset(scenario.ruleset)
        self.state: GameState
        self.cut = False
        self.cut_by_deadline = False              # the opening was cut by the deadline, not by the step limit
        with run_bounds(step_limit, board_budget, deadline):
            try:
                self.state, opening = self.ruleset.start(scenario, random.Random(scenario.seed))
            except StepLimitReached as exc:       # a long turn start before any action
                assert isinstance(exc.state, GameState)
                self.state, opening, self.cut = exc.state, exc.steps, True
                self.cut_by_deadline = isinstance(exc, DeadlineReached)
        self.steps: list[Step] = list(opening)

    @property
    def over(self) -> bool:
        return self.ruleset.is_over(self.state)

    def legal_actions(self) -> list[Action]:
        return self.ruleset.legal_actions(self.state)

    def play(self, action: Action) -> list[Step]:
        """The steps of one action. StepLimitReached (only with `state.step_ceiling` set) propagates after the
        steps recorded so far are added to `steps`."""
        try:
            steps = self.ruleset.apply(self.state, action)
        except StepLimitReached as exc:
            self.steps.extend(exc.steps)
            raise
        self.steps.extend(steps)
        return steps


def run_scenario(scenario: Scenario, *, step_limit: int | None = None, board_budget: int | None = None,
                 time_budget: float | None = None, started: float | None = None) -> Trace:
    """Run the scenario's actions, then check its expectations; never raises for anything the rules forbid.

    The step limit (argument, else the scenario's `step_limit`, else JUDGE_STEP_LIMIT / 1000) bounds the game
    steps: the run stops with a `limit` step once that many are recorded, between actions or in the middle of one
    (the rest of that action is not applied). A pending choice the next action does not answer stops the run with
    a `choice` step. Once the game is over, the script's remaining actions are not played (one `illegal` step at
    the first of them says so, citing the ruleset's `game_over_citations`) but its remaining checkpoints are still
    checked where they stand. The expectation steps come after, in every case.

    `board_budget` (None: unbounded) bounds the size of the trace: the board snapshots of all steps together hold
    at most that many objects (a snapshot costs the game's card count + 1); later steps carry `board` None,
    except the last step of the trace, which always shows the final board, and `Trace.boards_omitted` counts
    them. Nothing else in the trace changes. A web request should pass one (about 75 bytes of JSON per object).

    `time_budget` (seconds, None: unbounded) bounds the wall-clock time of a web run: once it is spent, the run
    stops before the next action with a `limit` step that says so (an action itself is bounded by the step limit).
    The same deadline is checked at every step recorded inside an action too (DeadlineReached): the run then stops
    there with a `limit` step saying so, and what remained of that action is not applied.
    Only a run that would otherwise take that long depends on the machine's speed. `started` (a time.monotonic()
    value, default: now) is when that budget began: a web request's parse and checks count against the same one."""
    deadline = None if time_budget is None else (time.monotonic() if started is None else started) + time_budget
    limit = step_limit or scenario.step_limit or default_step_limit()
    game = Game(scenario, step_limit=limit, board_budget=board_budget, deadline=deadline)
    ruleset, state = game.ruleset, game.state
    trace = Trace(scenario_title=scenario.title, ruleset=scenario.ruleset, seed=scenario.seed, steps=game.steps)
    general = [ruleset.general_citation]
    stopped = "fin"
    if game.cut and not ruleset.is_over(state):
        game.steps.append(ruleset.step(
            state, "limit", None, Message("core.limit.setup_time", seconds=f"{time_budget:g}")
            if game.cut_by_deadline else Message("core.limit.setup", limit=limit), general))
        stopped = "limite"
    actions = () if stopped == "limite" else scenario.actions
    hooks = _RunHooks(game, limit, general, time_budget, deadline)
    # The first lines may have answered a choice asked during setup.
    play_script(game, actions, state.opening_answers, limit, hooks)
    stopped = hooks.stopped or stopped
    state.step_ceiling = None
    state.deadline = None             # the expectations' steps after it are never cut
    state.script = None
    if ruleset.is_over(state):
        stopped = "partida terminada"
    elif stopped != "limite" and state.waiting is not None:
        stopped = "eleccion"
    if stopped == "eleccion":
        pending = state.waiting
        assert pending is not None
        game.steps.append(ruleset.step(state, "choice", pending.player,
                                       Message("core.choice.missing", prompt=pending.prompt), list(pending.citations)))
    trace.stopped = stopped
    _check(ruleset, state, game.steps, scenario.expect, general)
    trace.expects_stop = any(getattr(e, "field", None) == "stopped" for e in scenario.expect)
    if game.steps and game.steps[-1].board is None:
        game.steps[-1].board = ruleset.snapshot(state)     # nothing happened after the last step: its board
        state.boards_omitted -= 1
    trace.boards_omitted = state.boards_omitted
    return trace


class ScriptHooks:
    """Where the run loop (`play_script`) hands over: a scenario's run (`_RunHooks`) and the builder's dry run
    (judge.runner.dryrun) play a script with that one loop and differ only in these. Each hook that returns a
    bool says whether the loop goes on; `watch` is the Script's (the dry run reads the choices asked mid-action)."""

    watch: Callable[[int, Any, Any], None] | None = None

    def checkpoint(self, index: int, checkpoint: Checkpoint) -> bool:
        """A checkpoint of the script reached (no choice pending)."""
        return True

    def after_end(self, index: int, action: Action) -> bool:
        """An action after the game's end: it is not played."""
        return True

    def before(self, index: int, action: Action) -> bool:
        """Before an action of a game still on, ahead of the step limit's and the pending choice's tests."""
        return True

    def at_limit(self, index: int, action: Action) -> None:
        """The step limit was reached before `action` (the loop stops)."""

    def unanswered(self, index: int, item: Action | Checkpoint) -> None:
        """A choice is pending that the item at `index` does not answer (the loop stops)."""

    def playing(self, index: int, action: Action) -> None:
        """The action is about to be played."""

    def cut(self, index: int, action: Action, by_deadline: bool = False) -> bool:
        """The step limit (or, `by_deadline`, the caller's deadline: DeadlineReached) was reached during the action;
        True: read on (past the answers it took)."""
        return False

    def played(self, index: int, action: Action, steps: list[Step]) -> bool:
        """The action was played; `steps`: the steps it made."""
        return True


def play_script(game: Game, actions: Sequence[Action | Checkpoint], index: int, limit: int | None,
                hooks: ScriptHooks) -> bool:
    """Play `actions` from `index` (an action takes the answers it asks for from the lines after it: `Script`),
    handing over to `hooks` at each point where a run and a dry run differ. Returns True when the script was read
    to its end, False when a hook (or a pending choice, or the step limit) stopped it."""
    state, ruleset = game.state, game.ruleset
    try:
        while index < len(actions):
            i, action = index, actions[index]
            index += 1
            if isinstance(action, Checkpoint):    # checked now, even after the game ended (part of the script)
                if state.waiting is not None:      # the choice left open stops the run before the checkpoint
                    hooks.unanswered(i, action)
                    return False
                if not hooks.checkpoint(i, action):
                    return False
                continue
            if ruleset.is_over(state):            # not played; the checkpoints after it still are checked
                if not hooks.after_end(i, action):
                    return False
                continue
            if not hooks.before(i, action):
                return False
            if limit is not None and len(game.steps) >= limit:
                hooks.at_limit(i, action)
                return False
            if state.waiting is not None and not ruleset.answers_pending(state, action):
                hooks.unanswered(i, action)
                return False
            hooks.playing(i, action)
            state.script = Script(actions, index, hooks.watch)
            before = len(game.steps)
            try:
                game.play(action)
            except StepLimitReached as exc:
                if not hooks.cut(i, action, isinstance(exc, DeadlineReached)):
                    return False
            index = state.script.pos              # past the answers the action took from the script
            if not hooks.played(i, action, game.steps[before:]):
                return False
        return True
    finally:
        state.script = None


class _RunHooks(ScriptHooks):
    """A scenario's run: checkpoints checked where they stand, one step noting the actions after the game's end,
    the time budget and the step limit as `limit` steps."""

    def __init__(self, game: Game, limit: int, general: list[str], time_budget: float | None,
                 deadline: float | None) -> None:
        self.game, self.limit, self.general = game, limit, general
        self.time_budget, self.deadline = time_budget, deadline
        self.stopped: str | None = None
        self.noted = False                        # the step saying the actions after the game's end are not played

    def checkpoint(self, index: int, checkpoint: Checkpoint) -> bool:
        g = self.game
        _check(g.ruleset, g.state, g.steps, checkpoint.expectations, self.general)
        return True

    def after_end(self, index: int, action: Action) -> bool:
        if not self.noted:
            g = self.game
            _note_unplayed(g.ruleset, g.state, g.steps, g.scenario.actions[index:])
            self.noted = True
        return True

    def before(self, index: int, action: Action) -> bool:
        if self.deadline is not None and time.monotonic() > self.deadline:
            g = self.game
            g.steps.append(g.ruleset.step(
                g.state, "limit", None, Message("core.limit.time", seconds=f"{self.time_budget:g}",
                                                action=action.said()), self.general))
            self.stopped = "limite"
            return False
        return True

    def at_limit(self, index: int, action: Action) -> None:
        g = self.game
        g.steps.append(g.ruleset.step(
            g.state, "limit", None, Message("core.limit.steps", limit=self.limit), self.general))
        self.stopped = "limite"

    def unanswered(self, index: int, item: Action | Checkpoint) -> None:
        if isinstance(item, Action):
            self.stopped = "eleccion"

    def cut(self, index: int, action: Action, by_deadline: bool = False) -> bool:
        g = self.game
        if g.ruleset.is_over(g.state):            # the last step allowed was the one that ended the game: read on
            return True
        if by_deadline:
            g.steps.append(g.ruleset.step(
                g.state, "limit", None, Message("core.limit.action_time", seconds=f"{self.time_budget:g}",
                                                action=action.said()), self.general))
            self.stopped = "limite"
            return False
        g.steps.append(g.ruleset.step(
            g.state, "limit", None, Message("core.limit.action", limit=self.limit, action=action.said()),
            self.general))
        self.stopped = "limite"
        return False


UNPLAYED_LISTED = 5                               # actions named in the step that says they are not played


def _note_unplayed(ruleset: type[Ruleset], state: GameState, steps: list[Step],
                   rest: Sequence[Action | Checkpoint]) -> None:
    """One `illegal` step where the first action after the game's end stands: that action and the ones after it
    are not played (the board stays as the game left it); the checkpoints among them are still checked."""
    unplayed = [a for a in rest if isinstance(a, Action)]
    named = [a.said() for a in unplayed[:UNPLAYED_LISTED]]      # each in the step's language, joined by «; »
    more = Message("core.unplayed.more", count=len(unplayed) - UNPLAYED_LISTED) \
        if len(unplayed) > UNPLAYED_LISTED else ""
    said = Message("core.unplayed.one" if len(unplayed) == 1 else "core.unplayed.many", count=len(unplayed),
                   actions=named, more=more)
    steps.append(ruleset.step(state, "illegal", None, said,
                              list(ruleset.game_over_citations or (ruleset.general_citation,))))


def _check(ruleset: type, state: GameState, steps: list[Step], expectations: tuple, general: list[str]) -> None:
    """One `expectation` step per expectation, checked against the state as it is now."""
    for expectation in expectations:
        held, summary, cites = ruleset.check_expectation(state, expectation, steps)
        said = Message("core.expect.held" if held else "core.expect.failed", check=summary)
        steps.append(ruleset.step(state, "expectation", None, said,
                                  [*(cites or general), *expectation.rulings], passed=held,
                                  unmodelled=ruleset.expectation_notes(state, expectation)))
