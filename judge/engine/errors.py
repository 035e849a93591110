"""Exceptions of the engine. Illegal actions never escape a run: they become `illegal` steps."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.messages import Message


class EngineError(Exception):
    """Base class of the engine's errors."""


class UnknownRuleset(EngineError, KeyError):
    """`get_ruleset` was asked for an id that no registered ruleset has."""


class IllegalAction(EngineError):
    """An action the rules forbid; `citations` name the rule it breaks. Raised before the state changes.
    `reason`: a Message (judge/messages.py), or a plain Spanish string where a site is not converted yet."""

    def __init__(self, reason: "str | Message", citations: list[str]) -> None:
        super().__init__(str(reason))
        self.reason = reason
        self.citations = list(citations)


class StepLimitReached(EngineError):
    """The run's step limit was reached in the middle of an action (`GameState.step_ceiling`). Raised right after
    the last step allowed is recorded, so the state is the one that step shows; `steps` are the action's steps so
    far. The run loop catches it and stops with a `limit` step."""

    def __init__(self, steps: list, state: object = None) -> None:
        super().__init__(f"step limit reached after {len(steps)} step(s) of the action")
        self.steps = steps
        self.state = state        # the game, for a limit reached while a ruleset builds it (the opening)


class DeadlineReached(StepLimitReached):
    """The run's wall-clock deadline (`GameState.deadline`, time.monotonic()) passed in the middle of an action: a
    step limit in time rather than in steps, raised the same way (right after a step is recorded), so an action that
    plays thousands of steps cannot outlast the budget its caller gave (a validation's, a web run's)."""

    def __init__(self, steps: list, state: object = None) -> None:
        super().__init__(steps, state)
        self.args = (f"deadline passed after {len(steps)} step(s) of the action",)
