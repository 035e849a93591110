"""The base of every action a player can take; each ruleset defines its own subclasses."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


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
