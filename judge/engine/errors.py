"""Exceptions of the engine. Illegal actions never escape a run: they become `illegal` steps."""
from __future__ import annotations


class EngineError(Exception):
    """Base class of the engine's errors."""


class UnknownRuleset(EngineError, KeyError):
    """`get_ruleset` was asked for an id that no registered ruleset has."""


class IllegalAction(EngineError):
    """An action the rules forbid; `citations` name the rule it breaks. Raised before the state changes."""

    def __init__(self, reason: str, citations: list[str]) -> None:
        super().__init__(reason)
        self.reason = reason
        self.citations = list(citations)
