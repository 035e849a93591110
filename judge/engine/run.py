"""Running a scenario: initial state, then each scripted action through the ruleset, then the expectations."""
from __future__ import annotations

import os
import random

from judge.engine.action import Action
from judge.engine.rulesets import get_ruleset
from judge.engine.state import GameState
from judge.engine.step import Step, Trace
from judge.scenarios.model import Scenario

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

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.ruleset = get_ruleset(scenario.ruleset)
        self.state: GameState
        self.state, opening = self.ruleset.start(scenario, random.Random(scenario.seed))
        self.steps: list[Step] = list(opening)

    @property
    def over(self) -> bool:
        return self.ruleset.is_over(self.state)

    def legal_actions(self) -> list[Action]:
        return self.ruleset.legal_actions(self.state)

    def play(self, action: Action) -> list[Step]:
        steps = self.ruleset.apply(self.state, action)
        self.steps.extend(steps)
        return steps


def run_scenario(scenario: Scenario, *, step_limit: int | None = None) -> Trace:
    """Run the scenario's actions, then check its expectations; never raises for anything the rules forbid.

    The step limit (argument, else the scenario's `step_limit`, else JUDGE_STEP_LIMIT / 1000) is checked before
    each action: an action's steps always complete, and the run stops with a `limit` step once the count reached
    the limit. A pending choice the next action does not answer stops the run with a `choice` step. The
    expectation steps come after, in every case."""
    limit = step_limit or scenario.step_limit or default_step_limit()
    game = Game(scenario)
    ruleset, state = game.ruleset, game.state
    trace = Trace(scenario_title=scenario.title, ruleset=scenario.ruleset, seed=scenario.seed, steps=game.steps)
    general = [ruleset.general_citation]
    stopped = "fin"
    for action in scenario.actions:
        if ruleset.is_over(state):
            break
        if len(game.steps) >= limit:
            game.steps.append(ruleset.step(
                state, "limit", None, f"límite de pasos alcanzado ({limit}): la ejecución se detiene aquí",
                general))
            stopped = "limite"
            break
        if state.pending is not None and not ruleset.answers_pending(state, action):
            stopped = "eleccion"
            break
        game.play(action)
    if ruleset.is_over(state):
        stopped = "partida terminada"
    elif stopped != "limite" and state.pending is not None:
        stopped = "eleccion"
    if stopped == "eleccion":
        pending = state.pending
        assert pending is not None
        game.steps.append(ruleset.step(state, "choice", pending.player,
                                       f"falta una elección: {pending.prompt}", list(pending.citations)))
    trace.stopped = stopped
    for expectation in scenario.expect:
        held, summary, cites = ruleset.check_expectation(state, expectation, game.steps)
        game.steps.append(ruleset.step(state, "expectation", None,
                                       ("se cumple: " if held else "NO se cumple: ") + summary,
                                       cites or general, passed=held))
        if getattr(expectation, "field", None) == "stopped":
            trace.expects_stop = True
    return trace
