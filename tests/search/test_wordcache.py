"""The per-index word cache (judge/search/wordcache.py, issues 15 and 16): bounded, safe under request threads,
and the same answers with it as without it."""
from __future__ import annotations

import threading

import pytest

from judge.search import RulesIndex
from judge.search.wordcache import WordCache

QUESTIONS = [
    "¿puedo bloquear con una criatura girada si el hechizo dice que no puede bloquear?",
    "si tapeo mi criatura para maná el turno que entra, ¿puedo?",
    "can my creature with summoning sickness block?",
    "¿que pasa si robo de una biblioteca vacia en doce vidas?",
    "enderesar vijilancia arrollar encantamineto",     # misspelt words: the respelt and corrected forms kept
    "does hexproof stop my own spells? trample deathtouch",
    "quemar una reliquia al final del turno",
]


def test_the_cache_keeps_at_most_its_limit_oldest_dropped_first() -> None:
    cache = WordCache(limit=3)
    for k in range(10):
        assert cache.get(k, lambda k=k: k * 10) == k * 10
        assert len(cache) <= 3
    computed: list[int] = []
    assert cache.get(9, lambda: computed.append(9) or -1) == 90      # kept: not computed again
    assert cache.get(0, lambda: computed.append(0) or -1) == -1      # dropped long ago: computed again
    assert computed == [0]
    assert len(cache) == 3


def test_a_cache_of_limit_zero_keeps_nothing() -> None:
    cache = WordCache(limit=0)
    calls: list[int] = []
    for _ in range(3):
        assert cache.get("w", lambda: calls.append(1) or "v") == "v"
    assert len(cache) == 0 and len(calls) == 3
    with pytest.raises(ValueError):
        WordCache(limit=-1)


def test_threads_sharing_a_cache_get_the_computed_values_and_the_bound_holds() -> None:
    cache = WordCache(limit=50)
    errors: list[str] = []
    start = threading.Barrier(8)

    def work(seed: int) -> None:
        start.wait()
        for n in range(3000):
            k = (n * 7 + seed) % 200
            got = cache.get(k, lambda k=k: ("value", k))
            if got != ("value", k):
                errors.append(f"{k}: {got}")
            if len(cache) > 50:
                errors.append(f"{len(cache)} entries")

    threads = [threading.Thread(target=work, args=(s,)) for s in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(cache) <= 50


def _answers(index: RulesIndex) -> list[dict]:
    return [index.search(q, limit=10).to_json() for q in QUESTIONS]


@pytest.mark.parametrize("which", ["es_index", "cr_index"])
def test_answers_are_the_same_with_and_without_the_word_cache(which: str, request: pytest.FixtureRequest) -> None:
    index: RulesIndex = request.getfixturevalue(which)
    kept = index.reader.words
    try:
        index.reader.words = WordCache(limit=0)          # every word worked out afresh
        fresh = _answers(index)
        index.reader.words = WordCache()                 # filled by the first pass, read by the second
        first = _answers(index)
        assert len(index.reader.words) > 0
        again = _answers(index)
        index.reader.words = WordCache(limit=5)          # a cache far too small: entries dropped all along
        tiny = _answers(index)
    finally:
        index.reader.words = kept
    assert first == fresh
    assert again == fresh
    assert tiny == fresh


def test_questions_read_in_threads_at_once_answer_as_read_alone(es_index: RulesIndex) -> None:
    kept = es_index.reader.words
    try:
        es_index.reader.words = WordCache(limit=0)
        alone = _answers(es_index)
        es_index.reader.words = WordCache(limit=40)      # small: eviction happens while the threads read
        results: list[list[dict]] = [[] for _ in range(4)]
        start = threading.Barrier(4)

        def work(k: int) -> None:
            start.wait()
            for _ in range(3):
                results[k] = _answers(es_index)

        threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        es_index.reader.words = kept
    assert all(r == alone for r in results)


@pytest.mark.parametrize("which", ["es_index", "cr_index"])
def test_answers_are_the_same_whatever_the_clause_terms_kept(which: str, request: pytest.FixtureRequest) -> None:
    """RulesIndex._postings' bounded cache of each clause term's arrays, label share and field kind."""
    index: RulesIndex = request.getfixturevalue(which)
    kept = index._clause_terms
    try:
        index._clause_terms = WordCache(limit=0)
        fresh = _answers(index)
        index._clause_terms = WordCache(limit=5)
        tiny = _answers(index)
        assert len(index._clause_terms) <= 5
        index._clause_terms = WordCache()
        _answers(index)
        again = _answers(index)
    finally:
        index._clause_terms = kept
    assert tiny == fresh
    assert again == fresh


def test_the_rules_brought_in_are_the_same_kept_or_made_afresh(cr_index: RulesIndex) -> None:
    """crossref.brought_in keeps each rule's passages and first sub-rules per index: the same as made afresh."""
    from judge.search import crossref

    kept = crossref.kept_on(cr_index, "_rule_and_children", crossref._no_rules_yet)
    first = _answers(cr_index)
    assert kept, "the questions brought rules in"
    for (doc, num), family in list(kept.items()):
        assert family == crossref._rule_and_children(cr_index, doc, num)
    kept.clear()
    assert _answers(cr_index) == first


def test_a_question_reading_kept_is_a_fresh_list_each_time() -> None:
    """situation.cr_terms and cr_rules keep the recent questions' readings: a caller changing the list it got
    changes nothing the next caller gets."""
    from judge.search import situation

    q = 'mi carta dice "whenever a creature enters, you gain 1 life" en una partida de cuatro jugadores (four-player game)'
    terms = situation.cr_terms(q)
    assert terms and terms == situation.cr_terms(q)
    terms.append("changed")
    assert "changed" not in situation.cr_terms(q)
    rules = situation.cr_rules(q)
    rules.append("999.9")
    assert "999.9" not in situation.cr_rules(q)
