"""Validation errors: every problem of a scenario, each with the path of the field it is about."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FieldError:
    """One problem in a scenario: `path` like ``players[1].board[0].card``, `message` in Spanish."""
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message

    def to_json(self) -> dict[str, str]:
        return {"path": self.path, "message": self.message}


class ScenarioError(Exception):
    """A scenario that cannot be run. `errors` lists ALL the problems found, not just the first."""

    def __init__(self, errors: list[FieldError]) -> None:
        self.errors: list[FieldError] = list(errors)
        super().__init__("; ".join(str(e) for e in self.errors[:5])
                         + (f" (y {len(self.errors) - 5} más)" if len(self.errors) > 5 else ""))

    def to_json(self) -> dict[str, object]:
        return {"error": "escenario no válido", "errors": [e.to_json() for e in self.errors]}
