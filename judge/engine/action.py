"""The base of every action a player can take; each ruleset defines its own subclasses."""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable
from typing import Any

from judge.messages import Message


@dataclass(frozen=True)
class Action:
    """A player's action. Subclasses are small frozen value types (python-chess's Move)."""
    by: str                       # the acting player's name

    def to_script(self) -> dict[str, Any]:
        """The action as a scenario line (``{by: Ana, play: Lobo gris}``), so a played game can be replayed."""
        raise NotImplementedError

    def describe(self) -> str:
        """One Spanish line: "Ana juega Lobo gris"."""
        raise NotImplementedError

    def said(self) -> Any:
        """The same line as a Message (judge/messages.py) where the ruleset has one, rendered in the step's language
        (a step that names the action: an illegal one, a limit); by default the Spanish line itself."""
        return self.describe()


@dataclass(frozen=True)
class Checkpoint:
    """``- expect: [...]`` standing between a scenario's actions: checked at that moment of the script, so an
    educator can show a value when it matters (a creature's toughness while a pump spell is on it)."""
    expectations: tuple[Any, ...]
    path: str = ""

    def to_script(self) -> dict[str, Any]:
        return {"expect": [e.to_script() for e in self.expectations]}

    def describe(self) -> str:
        return self.said().render()

    def said(self) -> Any:
        """The checkpoint as a line of the script (core.checkpoint: «comprobación entre acciones»)."""
        return Message("core.checkpoint")


class Script:
    """The script's actions after the one being applied. A ruleset that needs a player's decision in the middle of
    an action (blockers, an order of triggers, a search) takes the answer from here, as XMage's card tests queue
    their choices; the run loop then goes on after what was taken. `taken` counts them.

    `watch` (None in a run): called as `watch(pos, state, question)` each time the game asks the line at `pos` for
    an answer, before it is taken or found missing, so the builder's dry run can offer that question's legal
    choices for the line (judge.runner.dryrun). It reads; it never changes the game."""

    def __init__(self, actions: "tuple[Any, ...] | list[Any]", start: int,
                 watch: "Callable[[int, Any, Any], None] | None" = None) -> None:
        self.actions = actions
        self.pos = start
        self.watch = watch

    def asked(self, state: Any, question: Any) -> None:
        """The game asks `question` of the line at `pos` (the ruleset's chooser calls this)."""
        if self.watch is not None:
            self.watch(self.pos, state, question)

    def peek(self) -> Any:
        return self.actions[self.pos] if self.pos < len(self.actions) else None

    def take(self) -> Any:
        item = self.peek()
        if item is not None:
            self.pos += 1
        return item
