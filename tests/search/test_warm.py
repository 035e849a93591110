"""judge/search/warm.py: after `warm_index`, the players' questions of every kind (both languages, both games,
notation, slang, misspellings) build no table of the index; and warming changes no answer."""
from __future__ import annotations

import json
import threading
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


def test_a_reopened_index_is_warmed_before_its_swap(es_instance: Path, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """In a production worker, an index reopened after `judge index` rebuilt it (judge/web/data.py _reopen) is
    warmed in the background before it replaces the loaded one: requests meanwhile are answered from the old index
    without waiting, and once swapped in, new questions build no table of it."""
    import threading

    from judge import create_app
    from judge.search import warm
    from judge.web import data

    own = tmp_path / "instance"   # the session's index through symlinks, this test's own RulesData and database
    own.mkdir()
    for entry in es_instance.iterdir():
        if not entry.name.startswith("shared.db") and entry.name != "counters.bin":
            (own / entry.name).symlink_to(entry)
    app = create_app({"TESTING": True, "INSTANCE": str(own)})
    client = app.test_client()
    assert client.get("/api/search?q=robar una carta").status_code == 200
    semantic = app.config.get("SEARCH_SEMANTIC")
    rules = data.rules_data_for(Path(app.config["CORPUS_DIR"]), own, None if semantic is None else bool(semantic))
    old = rules.index
    assert old is not None

    # This process as a worker that warmed at start (warm.freeze_loaded is not called: freezing the test process's
    # heap would leak into other tests; tests/web/test_worker_heap.py checks the freeze in a process of its own).
    monkeypatch.setattr(warm, "replacement_limit", lambda: 10)
    refrozen: list[int] = []
    monkeypatch.setattr(warm, "refreeze", lambda: refrozen.append(1) or 0)
    monkeypatch.setattr(data, "REFREEZE_GRACE", 0.0)
    monkeypatch.setattr(data, "CHECK_INTERVAL", 0.0)
    started, release = threading.Event(), threading.Event()
    warmed_index: list[RulesIndex] = []
    real_warm = warm.warm_index

    def held_warm(index: RulesIndex, limit: int) -> warm.Warmed:
        warmed_index.append(index)
        started.set()
        assert release.wait(60)
        return real_warm(index, limit)

    monkeypatch.setattr(warm, "warm_index", held_warm)
    asked_old: list[str] = []
    real_search = old.search

    def old_search(question: str, *args: Any, **kwargs: Any) -> Any:
        asked_old.append(question)
        return real_search(question, *args, **kwargs)

    monkeypatch.setattr(old, "search", old_search)
    monkeypatch.setattr(old, "is_stale", lambda: True)   # as after `judge index` rebuilt it in another process

    rules.refresh()                      # the look that finds the newer index: it starts warming it and returns
    assert started.wait(60)
    warming = rules._warming
    assert warming is not None and warming.is_alive()
    new = warmed_index[0]
    assert new is not old and _tables(new) != _tables(old)   # the new one is cold so far
    # Requests while it warms: answered at once, from the old index (not a second reopen either).
    for question in ("¿cuántas cartas robo?", "¿qué pasa cuando una criatura bloquea?"):
        response = client.get("/api/search", query_string={"q": question})
        assert response.status_code == 200 and "results" in response.get_json()
    assert asked_old == ["¿cuántas cartas robo?", "¿qué pasa cuando una criatura bloquea?"]
    assert rules.index is old and len(warmed_index) == 1
    release.set()
    warming.join(120)
    assert not warming.is_alive() and rules._warming is None and rules.index is new and refrozen == [1]

    ready = _tables(new)
    for question in _questions():
        new.search(question, limit=10)
    assert _tables(new) == ready
    assert client.get("/api/search?q=¿puedo robar dos cartas?").status_code == 200 and len(asked_old) == 2


def test_a_reopen_that_fails_to_warm_still_swaps(es_instance: Path, monkeypatch: pytest.MonkeyPatch,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    """Warming is an optimisation: when it raises, the new index is swapped in cold and the failure logged."""
    from judge.search import warm
    from judge.web.data import RulesData

    rules = RulesData(config.corpus_dir(), es_instance)
    rules.refresh(force=True)
    old = rules.index
    assert old is not None
    monkeypatch.setattr(warm, "replacement_limit", lambda: 10)
    monkeypatch.setattr(warm, "refreeze", lambda: 0)
    monkeypatch.setattr("judge.web.data.REFREEZE_GRACE", 0.0)

    # the warming thread waits until the test has seen it running: raising at once, it could swap and clear
    # rules._warming before the test looked (it did under a load of 18)
    seen = threading.Event()

    def broken(index: RulesIndex, limit: int) -> warm.Warmed:
        seen.wait(60)
        raise RuntimeError("warming broke")

    monkeypatch.setattr(warm, "warm_index", broken)
    try:
        rules._reopen()
        warming = rules._warming
        seen.set()
        assert warming is not None
        warming.join(60)
        assert rules.index is not None and rules.index is not old
        assert any("swapped in cold" in r.getMessage() for r in caplog.records)
    finally:
        if rules.index is not None:
            rules.index.close()
