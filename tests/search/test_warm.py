"""judge/search/warm.py: after `warm_index`, the players' questions of every kind (both languages, both games,
notation, slang, misspellings) build no table of the index; and warming changes no answer."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judge import config
from judge.search import RulesIndex, open_index
from judge.search.warm import WARM_QUESTIONS, warm_index

HERE = Path(__file__).parent
# Development question sets only (never a *_heldout file): what players ask, of every shape.
QUESTION_FILES = ("regression_en.jsonl", "regression_es.jsonl", "interactions_en.jsonl", "players_doce_vidas.jsonl",
                  "players_es_slang.jsonl", "players_stack.jsonl")
# Memos filled one small entry per thing asked, never a table over the passages: each entry is a lookup in a table
# the warm-up has built (a concept's games: in the word pairs; a game's passage set: one pass over the rows, <1 ms).
MEMOS = {"_concept_games", "_game_rows"}


def _questions() -> list[str]:
    out: list[str] = []
    for name in QUESTION_FILES:
        for line in (HERE / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                out.append(row.get("q") or row["question"])
    return out


def _tables(index: RulesIndex) -> dict[str, Any]:
    """What of the index is made on first use: each attribute still None, the keys of each small table (per
    language, per shape...), and how many passages have their highlighting and answer tables."""
    out: dict[str, Any] = {}
    for name, value in vars(index).items():
        if name in MEMOS:
            continue
        if value is None:
            out[name] = None
        elif isinstance(value, dict) and len(value) <= 8:
            out[name] = sorted(map(str, value))
    out["passages analysed"] = len(index._passages._kept)
    out["passages' sentence traits"] = len(index._passages._traits)
    out["glossary words"] = sorted(index.reader._glossary_words)
    return out


@pytest.mark.parametrize("which", ["es", "cr"])
def test_after_warming_new_questions_build_no_table(which: str, request: pytest.FixtureRequest) -> None:
    instance = request.getfixturevalue(f"{which}_instance")
    index = open_index(instance, corpus_dir=config.corpus_dir())   # a fresh index: the session's is warm already
    try:
        cold = _tables(index)
        warmed = warm_index(index, 10)
        assert warmed.questions >= len(WARM_QUESTIONS) and warmed.passages == sum(r is not None for r in index.rows)
        ready = _tables(index)
        assert ready != cold                      # it did build tables (else the check below proves nothing)
        for question in _questions():
            index.search(question, limit=10)
        assert _tables(index) == ready
    finally:
        index.close()


def test_warming_changes_no_answer(cr_instance: Path) -> None:
    """The same questions answered by a warmed index and a cold one: the very hits, in the same order."""
    questions = _questions()[::7]
    cold = open_index(cr_instance, corpus_dir=config.corpus_dir())
    warm = open_index(cr_instance, corpus_dir=config.corpus_dir())
    try:
        warm_index(warm, 10)
        for question in questions:
            a, b = cold.search(question, limit=10), warm.search(question, limit=10)
            assert a == b, question
    finally:
        cold.close()
        warm.close()
