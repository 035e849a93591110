"""A checker that walks a parsed document and collects every error with its field path.

Rulesets use it to validate their own parts (cards, players, actions, expectations), so that every message
has the same shape: ``players[1].board[0].card: carta desconocida «Lobo gris»``.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from judge.format import timelimit
from judge.format.errors import FieldError, ScenarioError
from judge.messages import Message

MAX_STRING = 200          # card names, ids, player names, titles
MAX_TEXT = 4000           # descriptions and card text


def join(path: str, key: str | int) -> str:
    """``join("players", 1) == "players[1]"``, ``join("players[1]", "board") == "players[1].board"``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def type_message(value: Any) -> Message:
    """What a value is, as a message («un entero», "an integer")."""
    for kind, yes in (("null", value is None), ("bool", isinstance(value, bool)), ("int", isinstance(value, int)),
                      ("float", isinstance(value, float)), ("str", isinstance(value, str)),
                      ("map", isinstance(value, Mapping)), ("list", isinstance(value, list))):
        if yes:
            return Message("format.type." + kind)
    return Message("format.type.other", name=type(value).__name__)


def type_name(value: Any) -> str:
    """type_message in Spanish, for the messages still written as Spanish strings."""
    return type_message(value).render()


class Checker:
    """Collects FieldErrors; each helper returns the checked value, or None after recording an error."""

    def __init__(self) -> None:
        self.errors: list[FieldError] = []

    def error(self, path: str, message: "str | Message") -> None:
        """Record one problem: a Message (format/messages.py, a ruleset's catalog), or a plain Spanish string."""
        self.errors.append(FieldError(path, message))

    def raise_if_errors(self) -> None:
        if self.errors:
            raise ScenarioError(self.errors)

    # -- shapes ---------------------------------------------------------------------------------------------
    def mapping(self, path: str, value: Any, *, allowed: Iterable[str], required: Iterable[str] = ()
                ) -> Mapping[str, Any] | None:
        """A mapping whose keys are all in `allowed` (typos are errors, never silently ignored)."""
        timelimit.check()     # every mapping checked looks at the request's deadline (timelimit.py), if any
        if not isinstance(value, Mapping):
            self.error(path, Message("format.not_mapping", got=type_message(value)))
            return None
        allowed = list(allowed)
        for key in value:
            if not isinstance(key, str):
                self.error(path, Message("format.key_not_text", key=repr(key)))
            elif key not in allowed:
                self.error(join(path, key), Message("format.unknown_key", key=key, allowed=allowed))
        for key in required:
            if key not in value:
                self.error(join(path, key), Message("format.missing"))
        return value

    def sequence(self, path: str, value: Any, *, max_items: int, what: str = "elementos") -> list[Any] | None:
        timelimit.check()
        if not isinstance(value, list):
            self.error(path, Message("format.not_list", got=type_message(value)))
            return None
        if len(value) > max_items:
            self.error(path, Message("format.list_too_long", n=len(value), what=what, max=max_items))
            return None
        return value

    def integer(self, path: str, value: Any, *, minimum: int | None = 0, maximum: int | None = None) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(path, Message("format.not_integer_min" if minimum is not None else "format.not_integer",
                                     min=minimum, got=type_message(value)))
            return None
        if minimum is not None and value < minimum:
            self.error(path, Message("format.integer_below", min=minimum, got=value))
            return None
        if maximum is not None and value > maximum:
            self.error(path, Message("format.integer_above", max=maximum, got=value))
            return None
        return value

    def boolean(self, path: str, value: Any) -> bool | None:
        if not isinstance(value, bool):
            self.error(path, Message("format.not_boolean", got=type_message(value)))
            return None
        return value

    def string(self, path: str, value: Any, *, max_length: int = MAX_STRING, empty: bool = False) -> str | None:
        if not isinstance(value, str):
            self.error(path, Message("format.not_text", got=type_message(value)))
            return None
        if not empty and not value.strip():
            self.error(path, Message("format.empty_text"))
            return None
        if len(value) > max_length:
            self.error(path, Message("format.text_too_long", n=len(value), max=max_length))
            return None
        return value

    def choice(self, path: str, value: Any, options: Iterable[str]) -> str | None:
        options = list(options)
        if not isinstance(value, str) or value not in options:
            shown = Message("format.quoted", value=value) if isinstance(value, str) else type_message(value)
            self.error(path, Message("format.not_choice", options="|".join(options), got=shown))
            return None
        return value

    def string_list(self, path: str, value: Any, *, max_items: int, what: str = "elementos") -> list[str] | None:
        items = self.sequence(path, value, max_items=max_items, what=what)
        if items is None:
            return None
        out = [self.string(join(path, i), item) for i, item in enumerate(items)]
        return None if any(v is None for v in out) else [v for v in out if v is not None]
