"""A bounded, thread-safe memo of what a question's words are for one index (issues 15 and 16: the CPU of one
lexical question).

Reading a question looks every word up the same way against the same index (question.QuestionReader: its forms
in each language, the passages' spelling of a misspelt one, whether it is a loanword; gamepick.game_words: which
games' passages hold a term, whether the glossary knows it): those answers depend on the word and the index alone,
and the same few thousand words make up most questions, so each is worked out once per index and word.

Held by the object that reads against one index (a QuestionReader), never in a module: several indexes can be
open in one process (an instance and its last good copy, tests), and each answers for its own passages.  Several
requests read questions in threads of one process at once: a value is computed outside the lock (two threads may
compute the same key; they compute the same value and either is kept), a single dict read is atomic under the GIL,
and inserting and evicting run under the lock so the bound holds.  Past `limit` entries the oldest are dropped
first (insertion order), so a stream of new words cannot grow it without end.  Values must be immutable (tuples,
frozensets, strings, numbers): they are shared by every question that reads the word.
"""
from __future__ import annotations

import threading
from typing import Callable, Hashable, TypeVar

V = TypeVar("V")

DEFAULT_LIMIT = 50_000     # entries; a quiz question reads ~30 words, a few kinds of fact each
_MISSING = object()


class WordCache:
    """key -> value, computed once by `get(key, compute)`, at most `limit` entries (oldest dropped first);
    `limit` 0 keeps nothing (every `get` computes: the tests compare answers with and without the cache)."""

    def __init__(self, limit: int = DEFAULT_LIMIT) -> None:
        if limit < 0:
            raise ValueError("a WordCache's limit is a number of entries, 0 or more")
        self.limit = limit
        self._values: dict[Hashable, object] = {}
        self._lock = threading.Lock()
        # key -> the value kept, or None: one dict read, for a hot loop that computes on None itself (get)
        self.lookup: Callable[[Hashable], object | None] = self._values.get

    def __len__(self) -> int:
        return len(self._values)

    def get(self, key: Hashable, compute: Callable[[], V]) -> V:
        value = self._values.get(key, _MISSING)
        if value is _MISSING:
            value = compute()
            if not self.limit:
                return value
            with self._lock:
                values = self._values
                if key not in values:
                    while len(values) >= self.limit:
                        del values[next(iter(values))]   # the oldest entry (dicts keep insertion order)
                    values[key] = value
        return value  # type: ignore[return-value]

    def clear(self) -> None:
        with self._lock:
            self._values.clear()
