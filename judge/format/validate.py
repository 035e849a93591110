"""A checker that walks a parsed document and collects every error with its field path.

Rulesets use it to validate their own parts (cards, players, actions, expectations), so that every message
has the same shape: ``players[1].board[0].card: carta desconocida «Lobo gris»``.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from judge.format.errors import FieldError, ScenarioError

MAX_STRING = 200          # card names, ids, player names, titles
MAX_TEXT = 4000           # descriptions and card text


def join(path: str, key: str | int) -> str:
    """``join("players", 1) == "players[1]"``, ``join("players[1]", "board") == "players[1].board"``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def type_name(value: Any) -> str:
    if value is None:
        return "nada (null)"
    if isinstance(value, bool):
        return "un booleano"
    if isinstance(value, int):
        return "un entero"
    if isinstance(value, float):
        return "un número decimal"
    if isinstance(value, str):
        return "un texto"
    if isinstance(value, Mapping):
        return "un mapa"
    if isinstance(value, list):
        return "una lista"
    return type(value).__name__


class Checker:
    """Collects FieldErrors; each helper returns the checked value, or None after recording an error."""

    def __init__(self) -> None:
        self.errors: list[FieldError] = []

    def error(self, path: str, message: str) -> None:
        self.errors.append(FieldError(path, message))

    def raise_if_errors(self) -> None:
        if self.errors:
            raise ScenarioError(self.errors)

    # -- shapes ---------------------------------------------------------------------------------------------
    def mapping(self, path: str, value: Any, *, allowed: Iterable[str], required: Iterable[str] = ()
                ) -> Mapping[str, Any] | None:
        """A mapping whose keys are all in `allowed` (typos are errors, never silently ignored)."""
        if not isinstance(value, Mapping):
            self.error(path, f"se esperaba un mapa (clave: valor), no {type_name(value)}")
            return None
        allowed = list(allowed)
        for key in value:
            if not isinstance(key, str):
                self.error(path, f"clave no válida {key!r}: las claves son textos")
            elif key not in allowed:
                self.error(join(path, key), f"clave desconocida «{key}»; se esperaba una de: {', '.join(allowed)}")
        for key in required:
            if key not in value:
                self.error(join(path, key), "falta este campo obligatorio")
        return value

    def sequence(self, path: str, value: Any, *, max_items: int, what: str = "elementos") -> list[Any] | None:
        if not isinstance(value, list):
            self.error(path, f"se esperaba una lista, no {type_name(value)}")
            return None
        if len(value) > max_items:
            self.error(path, f"lista demasiado larga: {len(value)} {what} (máximo {max_items})")
            return None
        return value

    def integer(self, path: str, value: Any, *, minimum: int | None = 0, maximum: int | None = None) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            bound = f" ≥ {minimum}" if minimum is not None else ""
            self.error(path, f"se esperaba un entero{bound}, no {type_name(value)}")
            return None
        if minimum is not None and value < minimum:
            self.error(path, f"se esperaba un entero ≥ {minimum}, no {value}")
            return None
        if maximum is not None and value > maximum:
            self.error(path, f"se esperaba un entero ≤ {maximum}, no {value}")
            return None
        return value

    def boolean(self, path: str, value: Any) -> bool | None:
        if not isinstance(value, bool):
            self.error(path, f"se esperaba true o false, no {type_name(value)}")
            return None
        return value

    def string(self, path: str, value: Any, *, max_length: int = MAX_STRING, empty: bool = False) -> str | None:
        if not isinstance(value, str):
            self.error(path, f"se esperaba un texto, no {type_name(value)}")
            return None
        if not empty and not value.strip():
            self.error(path, "el texto no puede estar vacío")
            return None
        if len(value) > max_length:
            self.error(path, f"texto demasiado largo: {len(value)} caracteres (máximo {max_length})")
            return None
        return value

    def choice(self, path: str, value: Any, options: Iterable[str]) -> str | None:
        options = list(options)
        if not isinstance(value, str) or value not in options:
            shown = f"«{value}»" if isinstance(value, str) else type_name(value)
            self.error(path, f"se esperaba {'|'.join(options)}, no {shown}")
            return None
        return value

    def string_list(self, path: str, value: Any, *, max_items: int, what: str = "elementos") -> list[str] | None:
        items = self.sequence(path, value, max_items=max_items, what=what)
        if items is None:
            return None
        out = [self.string(join(path, i), item) for i, item in enumerate(items)]
        return None if any(v is None for v in out) else [v for v in out if v is not None]
