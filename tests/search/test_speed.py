"""The search's speedups give the same answers as the plain code they replace (issue 15, "speed"): the coverage factor
summed with arrays, the passages' analysis kept between questions, escaping skipped on texts with nothing to
escape, the card-name matches kept per word.  tools/search_identity.py checks the same on the quiz questions with
the CR imported, byte for byte."""
from __future__ import annotations

import random
from types import SimpleNamespace

import numpy as np

from judge.search import RulesIndex
from judge.search import schema as S
from judge.search.answer import deciding_clause
from judge.search.hits import Passages
from judge.search.names import CardMatcher
from judge.search.query import _covered
from judge.search.schema import term_spans
from judge.search.text import highlight_spans, mark, sentences


def _reference_covered(masks: list[int], cw: list[tuple[int, float]]) -> list[float]:
    """The per-mask Python sum the array version replaced."""
    return [sum(w for i, w in cw if int(u) >> i & 1) for u in masks]


def test_covered_gives_the_very_floats_of_the_python_sum() -> None:
    rng = random.Random(15)
    for words in (1, 5, 17, 40, 62):
        cw = list(enumerate(rng.uniform(0.01, 3.0) for _ in range(words)))
        masks = [rng.getrandbits(words) for _ in range(300)] + [0, (1 << words) - 1]
        got = _covered(np.asarray(masks, dtype=np.int64), cw)
        assert got.tolist() == _reference_covered(masks, cw)     # equal floats, not approximately


def test_covered_past_62_words_uses_python_integers() -> None:
    rng = random.Random(16)
    cw = list(enumerate(rng.uniform(0.01, 3.0) for _ in range(80)))
    masks = [rng.getrandbits(80) for _ in range(50)]
    got = _covered(np.asarray(masks, dtype=object), cw)
    assert got.tolist() == _reference_covered(masks, cw)


def test_deciding_clause_with_the_kept_analysis_is_the_same(es_index: RulesIndex) -> None:
    p = es_index.parse("¿puedo bloquear con una criatura girada si el hechizo dice que no puede bloquear?")
    checked = 0
    for f in es_index._stored[:400]:
        text = f.get(S.TEXT_F, "")
        if not text:
            continue
        lang = f.get(S.LANG, "es") if f.get(S.LANG) in S.LANGS else "es"
        weights = p.marks[lang]
        plain = deciding_clause(text, lang, weights)
        kept = deciding_clause(text, lang, weights, term_spans(text, lang), sentences(text) or [(0, len(text))])
        assert kept == plain
        checked += 1
    assert checked > 100


def test_hits_mark_the_same_as_escaping_every_piece(es_index: RulesIndex) -> None:
    """The hits of a question: their highlight is exactly html-escaped text with <mark> around the words."""
    response = es_index.search("¿qué pasa si robo de una biblioteca vacía?", limit=10)
    assert response.results
    for hit in response.results:
        p = es_index.parse(response.query)
        lang = hit.lang if hit.lang in S.LANGS else "es"
        spans = highlight_spans(hit.text, term_spans(hit.text, lang), p.marks[lang])
        assert hit.highlight == mark(hit.text, spans)
        assert "<mark>" in hit.highlight


def test_a_text_with_markup_characters_is_still_escaped() -> None:
    text = 'Robar una carta <b>"ahora"</b> & después, si no puede robar.'
    row = SimpleNamespace(id="x-1", doc="x", number=None, kind="rule", lang="es", card=None, historical=False,
                          ruleset="")
    passages = Passages([{S.TEXT_F: text, S.TITLE: "t"}], [row])
    marks = {"es": {t: 1.0 for t in S.analyze("robar", "es")}, "en": {}}
    hit = passages.hit(0, 1.0, False, marks)
    assert "<b>" not in hit.highlight and "&lt;b&gt;" in hit.highlight and "&amp;" in hit.highlight
    assert hit.highlight == mark(text, highlight_spans(text, term_spans(text, "es"), marks["es"]))
    assert hit.highlight.count("<mark>") == 2
    assert not passages.analysis(0).plain
    assert "&amp;" in hit.best_sentence and "<b>" not in hit.best_sentence


def test_card_matches_kept_per_word_are_the_fresh_ones() -> None:
    names = ["Cisnes de Bryn Argoll", "Lightning Bolt", "Giant Growth", "Llanowar Elves", "Bolt Bend"]
    kept, fresh = CardMatcher(names), CardMatcher(names)
    words = S.analyze("cisnes de brin argol lightnig bolt y llanowar elfs gigant grwth bolt", "name")
    first = kept.find(words)
    assert kept.find(words) == first            # the second time from the kept matches
    assert first == fresh.find(words)
    assert {w: set(kept._close(w)) for w in words} == {w: fresh._close_words(w) for w in words}
    assert {n for n, _ in first} >= {"Cisnes de Bryn Argoll", "Lightning Bolt", "Giant Growth"}


def test_a_hits_brief_is_its_json_cut_to_the_brief_keys(es_index: RulesIndex) -> None:
    """Hit.brief is made directly now: the same keys, values and order as cutting its to_json."""
    response = es_index.search("¿puedo bloquear con una criatura girada?", limit=10)
    assert response.results
    for hit in response.results + response.deciding:
        j = hit.to_json()
        assert list(hit.brief().items()) == [(k, j[k]) for k in ("id", "doc", "number", "title", "url",
                                                                   "best_sentence", "lang")]


def test_unique_inverse_and_inserted_are_numpy_s() -> None:
    """_accumulate's label correction: its own np.unique(return_inverse) and np.insert give numpy's arrays."""
    from judge.search.arrays import inserted as _inserted, unique_inverse as _unique_inverse

    rng = np.random.default_rng(15)
    for size in (1, 2, 7, 300):
        keys = rng.integers(0, 40, size=size)
        ukeys, inverse = _unique_inverse(keys)
        want_u, want_inv = np.unique(keys, return_inverse=True)
        assert ukeys.tolist() == want_u.tolist() and inverse.tolist() == want_inv.reshape(-1).tolist()
        array, floats = rng.integers(0, 1000, size=size), rng.random(size)
        where = np.sort(rng.integers(0, size + 1, size=5))      # non-decreasing, repeats and the end included
        values, more = rng.integers(0, 1000, size=5), rng.random(5)
        got_a, got_f = _inserted(where, (array, values), (floats, more))
        assert got_a.tolist() == np.insert(array, where, values).tolist()
        assert got_f.tobytes() == np.insert(floats, where, more).tobytes()
