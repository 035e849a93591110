"""The registry of one kind of typed piece (the effect verbs of verb.py, the keywords of keyword.py): each piece's
module registers its class as the ruleset loads, the rules read `current()`, and a test lends a registry of its
own for a while with `using()` (a toy verb or keyword). Imports nothing of judge: the data modules use it."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

Piece = TypeVar("Piece")
Table = TypeVar("Table")


class Registrar(Generic[Piece, Table]):
    """Keeps the registered pieces and the table (`make(pieces)`) built from them."""

    def __init__(self, make: Callable[[Iterable[Piece]], Table]) -> None:
        self._make = make
        self._registered: list[Piece] = []
        self._current = make(())

    def register(self, cls: type[Piece]) -> type[Piece]:
        """Class decorator of a piece's module: one instance of the class joins the ruleset's registry."""
        self._registered.append(cls())
        self._current = self._make(self._registered)
        return cls

    def current(self) -> Table:
        return self._current

    @contextmanager
    def using(self, registry: Table) -> Iterator[Table]:
        """Run with another registry; the ruleset's comes back afterwards."""
        before, self._current = self._current, registry
        try:
            yield registry
        finally:
            self._current = before
