"""Validation errors: every problem of a scenario, each with the path of the field it is about."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.messages import Message, render


@dataclass(frozen=True)
class FieldError:
    """One problem in a scenario: `path` like ``players[1].board[0].card``, `message` in Spanish.

    Built from a Message (judge/messages.py; format/messages.py and the rulesets' catalogs) it keeps it as `said`,
    and `message` is its Spanish line; a plain Spanish string (a site not converted yet) is `message` itself."""
    path: str
    message: str
    said: Message | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.message, Message):
            object.__setattr__(self, "said", self.message)
            object.__setattr__(self, "message", self.message.render())

    def render(self, lang: str = "es") -> str:
        """The message in `lang` (the Spanish line where there is no Message)."""
        return render(self.said, lang) if self.said is not None else self.message

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message

    def to_json(self, lang: str = "es") -> dict[str, Any]:
        """{path, message} and, built from a Message, its `id` and `params` (so a client can render it)."""
        out: dict[str, Any] = {"path": self.path, "message": self.render(lang)}
        if self.said is not None:
            out.update(self.said.to_json())
        return out


class ScenarioError(Exception):
    """A scenario that cannot be run. `errors` lists ALL the problems found, not just the first."""

    def __init__(self, errors: list[FieldError]) -> None:
        self.errors: list[FieldError] = list(errors)
        super().__init__("; ".join(str(e) for e in self.errors[:5])
                         + (f" (y {len(self.errors) - 5} más)" if len(self.errors) > 5 else ""))

    def to_json(self, lang: str = "es") -> dict[str, object]:
        return {"error": render(Message("format.invalid"), lang), "errors": [e.to_json(lang) for e in self.errors]}
