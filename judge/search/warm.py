"""A search index made ready for its first request: what the first new questions would otherwise build.

The index keeps several tables it makes on first use, once per index (and language): the game decision's words
as written and word pairs per language, the notation shapes' games, the glossary's words for misspellings, the
re-ranker's key table, the passages' vectors, each passage's analysis for highlighting and its sentences'
traits for the answer block. Made by a request, such a table costs that request 50-400 ms of CPU with the
interpreter lock held (the English game words: ~0.4 s over the CR's 4,577 passages), and the 16 threads of a
production worker that get their first new questions at once each build it, since nothing serialises the
builders: the first second of a worker's life was its p99 (docs/benchmarks.md, branch lexload).

`warm_index` asks WARM_QUESTIONS (written here for their shapes: both languages, P/T and mana notation, an
English keyword typed in a Spanish question, misspelt keywords, each game, weak words leaning to a game), on every
path the index serves (semantic and lexical), and then analyses every passage as the hits would. The answers are
thrown away; no table is ever keyed by a warm question, so no later answer differs (tests/search/test_warm.py
compares a warmed index's answers with a cold one's).
`tests/search/test_warm.py` checks that after it, new questions of every kind build no table of the index.

A production worker's start warms and freezes (judge/web/wsgi.py); an index that replaces the worker's later
(`judge index` rebuilt it, or a damaged one was built again: judge/web/data.py `RulesData._reopen`) is warmed the
same way before it is swapped in, and the heap frozen again: `replacement_limit` says whether this process is such
a worker, `refreeze` freezes again. Elsewhere (the development server, the tests, the CLI) nothing was warmed at
start, so a reopen is not warmed either.
"""
from __future__ import annotations

import gc
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.search.query import RulesIndex

# Each line reaches tables the others may not: what it is for, then the question.
WARM_QUESTIONS: tuple[tuple[str, str], ...] = (
    ("Spanish, state-based actions (the CR's cross-references, the re-ranker's keys)",
     "¿Qué pasa con una criatura con daño letal marcado cuando se comprueban las acciones de estado?"),
    ("Spanish with an English keyword and a misspelt one, P/T notation (Spanish words as written, word pairs)",
     "¿Una criatura 2/2 con haste y vijilancia puede atacar el turno en que entra al campo de batalla?"),
    ("English with a misspelt keyword and P/T notation (English words as written, the notation's games)",
     "Does a 3/3 creature with deathtouch and trampel assign lethal damage to each blocking creature?"),
    ("English with mana symbols and X (the symbol and variable shapes)",
     "If I pay {2}{R} for a spell with X in its cost and X is 3, what is its mana value on the stack?"),
    ("Spanish, the other game (its passages, its words)",
     "En Doce Vidas, ¿cuántas vidas pierde un jugador cuando le ataca una carta y no puede defenderse?"),
    ("English with no notation: the game decided by its words",
     "Can a player activate an ability of a tapped permanent during the cleanup step?"),
    ("Spanish with English loanwords of several words (the glossary's names as word pairs)",
     "¿Qué pasa si mi criatura con double strike bloquea a otra que tiene first strike?"),
    ("Spanish about a Magic spell (a game's own passages topped up)",
     "¿Puedo responder con un instantáneo cuando mi oponente lanza un conjuro?"),
    ("Short Spanish slang, a small game's passages crowded out (that game's own ranking)",
     "cuantas cartas cojo al empezar?"),
    ("Short Spanish naming an English keyword (the English game's own ranking)",
     "flanking como funciona?"),
    # A weak-word question leaning to the smaller game: that game's words said beside one partner (gamesense's
    # fixed_partners, per language and game); which wording leans there depends on the corpus, hence two.
    ("Spanish weak words leaning to the smaller game (default corpus)",
     "lo que sobra de mana se pierde al acabar la fase?"),
    ("Spanish weak words leaning to the smaller game (the CR imported)",
     "las cartas que no juego se descartan al acabar la ronda?"),
)


# What the process's start did (set by warm_index and freeze_loaded): a worker that warmed and froze its heap.
_limit: int | None = None     # the results per search the last warm_index asked for (the API's default)
_frozen_worker = False        # freeze_loaded ran: this process is a production worker (wsgi._freeze_heap)


@dataclass(frozen=True)
class Warmed:
    """What warming did: searches made (every warm question on each path), passages analysed, CPU seconds."""
    questions: int
    passages: int
    cpu_s: float


def warm_index(index: "RulesIndex", limit: int) -> Warmed:
    """Build `index`'s lazy tables (module docstring) by asking WARM_QUESTIONS with `limit` results (the API's
    default, so the same depth of candidates is read) on the semantic path when it is on, and the lexical one."""
    global _limit
    _limit = limit
    started = time.process_time()
    paths = [False] + ([True] if index.semantic_active() else [])
    asked = 0
    for semantic in paths:
        for _why, question in WARM_QUESTIONS:
            index.search(question, limit=limit, semantic=semantic)
            asked += 1
    # the hits' per-passage tables (query.py is at the 900-line bound of a module: read through its attribute)
    passages = index._passages.prepare()
    return Warmed(questions=asked, passages=passages, cpu_s=round(time.process_time() - started, 3))


def freeze_loaded() -> int:
    """Move everything loaded so far out of the garbage collector's reach (a worker's start, after warm_index):
    the corpus, the index and its tables, the model's Python side live as long as the worker (~360,000 objects
    with the CR), and a full (gen2) collection otherwise walks them all, 280-390 ms with the interpreter lock held,
    stalling every thread of the worker (12 ms after the freeze; docs/benchmarks.md, branch lexload). A collection
    first, so that the garbage of loading is freed rather than frozen. Returns the objects frozen."""
    global _frozen_worker
    _frozen_worker = True
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def thaw() -> None:
    """Give the frozen objects back to the collector: called when an index is replaced (a rebuild, the last good
    copy), since the old one's reference cycles (its tables point back at it) are freed only by a full collection,
    which never looks at frozen objects: without this each replaced index would stay in memory for good."""
    if gc.get_freeze_count():
        gc.unfreeze()


def replacement_limit() -> int | None:
    """The `limit` to warm an index that replaces this process's with: the one its start warmed with when the
    start also froze the heap (a production worker), else None (nothing was warmed at start: nor on a reopen)."""
    return _limit if _frozen_worker and _limit is not None else None


def refreeze() -> int:
    """Freeze the heap again after a replaced index was thawed (`thaw`) and its replacement warmed, as the
    worker's start did (`freeze_loaded`); a no-op (0) in a process that never froze. Returns the objects frozen."""
    return freeze_loaded() if _frozen_worker else 0
