"""Running a scenario: initial state, then each scripted action through the ruleset, then the expectations."""
from __future__ import annotations

import os
import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from judge.engine.action import Action, Checkpoint, Script
from judge.engine.errors import StepLimitReached
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
                 board_budget: int | None = None) -> None:
        """`step_limit`, `board_budget`: the bounds of `run_scenario` (None: unbounded, as the fuzzer plays).
        With a step limit, `play` raises StepLimitReached once it is reached; `cut` says the opening reached it."""
        self.scenario = scenario
        self.ruleset = get_ruleset(scenario.ruleset)
        self.state: GameState
        self.cut = False
        with run_bounds(step_limit, board_budget):
            try:
                self.state, opening = self.ruleset.start(scenario, random.Random(scenario.seed))
            except StepLimitReached as exc:       # a long turn start before any action
                assert isinstance(exc.state, GameState)
                self.state, opening, self.cut = exc.state, exc.steps, True
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
                 time_budget: float | None = None) -> Trace:
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
    Only a run that would otherwise take that long depends on the machine's speed."""
    deadline = None if time_budget is None else time.monotonic() + time_budget
    limit = step_limit or scenario.step_limit or default_step_limit()
    game = Game(scenario, step_limit=limit, board_budget=board_budget)
    ruleset, state = game.ruleset, game.state
    trace = Trace(scenario_title=scenario.title, ruleset=scenario.ruleset, seed=scenario.seed, steps=game.steps)
    general = [ruleset.general_citation]
    stopped = "fin"
    if game.cut and not ruleset.is_over(state):
        game.steps.append(ruleset.step(
            state, "limit", None, Message("core.limit.setup", limit=limit), general))
        stopped = "limite"
    actions = () if stopped == "limite" else scenario.actions
    index = state.opening_answers                 # the first lines may have answered a choice asked during setup
    noted = False                                 # the step saying the actions after the game's end are not played
    while index < len(actions):
        action = actions[index]
        index += 1
        if isinstance(action, Checkpoint):        # checked now, even after the game ended (it is part of the script)
            if state.pending is not None:
                break                             # the choice left open stops the run before the checkpoint
            _check(ruleset, state, game.steps, action.expectations, general)
            continue
        if ruleset.is_over(state):                # not played; the checkpoints after it still are checked
            if not noted:
                _note_unplayed(ruleset, state, game.steps, actions[index - 1:])
                noted = True
            continue
        if deadline is not None and time.monotonic() > deadline:
            game.steps.append(ruleset.step(
                state, "limit", None, Message("core.limit.time", seconds=f"{time_budget:g}", action=action.describe()),
                general))
            stopped = "limite"
            break
        if len(game.steps) >= limit:
            game.steps.append(ruleset.step(
                state, "limit", None, Message("core.limit.steps", limit=limit), general))
            stopped = "limite"
            break
        if state.pending is not None and not ruleset.answers_pending(state, action):
            stopped = "eleccion"
            break
        state.script = Script(actions, index)
        try:
            game.play(action)
            index = state.script.pos            # past the answers the action took from the script
        except StepLimitReached:
            if ruleset.is_over(state):    # the last step allowed was the one that ended the game: read on
                index = state.script.pos
                continue
            game.steps.append(ruleset.step(
                state, "limit", None, Message("core.limit.action", limit=limit, action=action.describe()), general))
            stopped = "limite"
            break
    state.step_ceiling = None
    state.script = None
    if ruleset.is_over(state):
        stopped = "partida terminada"
    elif stopped != "limite" and state.pending is not None:
        stopped = "eleccion"
    if stopped == "eleccion":
        pending = state.pending
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


UNPLAYED_LISTED = 5                               # actions named in the step that says they are not played


def _note_unplayed(ruleset: type[Ruleset], state: GameState, steps: list[Step],
                   rest: Sequence[Action | Checkpoint]) -> None:
    """One `illegal` step where the first action after the game's end stands: that action and the ones after it
    are not played (the board stays as the game left it); the checkpoints among them are still checked."""
    unplayed = [a for a in rest if isinstance(a, Action)]
    named = "; ".join(a.describe() for a in unplayed[:UNPLAYED_LISTED])
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
