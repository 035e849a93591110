"""Highlighting: only the meaningful words of the question are marked in a result, never stop words ("no", "de"),
even those the analyzers keep for ranking."""
from __future__ import annotations

from bs4 import BeautifulSoup

from judge.search import RulesIndex
from judge.search.schema import HIGHLIGHT_STOP, SPANISH_STOP, fold, term_spans
from judge.search.text import highlight, highlight_spans


def _marked(html: str) -> list[str]:
    return [m.get_text() for m in BeautifulSoup(html, "html.parser").find_all("mark")]


def test_kept_stop_words_rank_but_are_never_marked() -> None:
    # "no" and "sin" are terms of the Spanish analysis (they rank passages) ...
    assert "no" not in SPANISH_STOP and "sin" not in SPANISH_STOP
    text = "Un jugador no puede robar una carta de una biblioteca sin cartas."
    terms = {t for _, _, t in term_spans("no robar de biblioteca sin cartas", "es")}
    assert "no" in terms
    # ... but a highlight marks only the words that say something.
    marked = _marked(highlight(text, "es", terms))
    assert marked == ["robar", "carta", "biblioteca", "cartas"]


def test_stop_words_of_either_language_are_never_marked() -> None:
    # A question whose language is unknown is read in both: "de" becomes an English term, "can" a kept one.
    text = "A player can't cast a spell de la mano if no one can pay."
    terms = {t for _, _, t in term_spans("can de no cast pay", "en")}
    assert {"de", "can", "no"} <= terms
    assert _marked(highlight(text, "en", terms)) == ["cast", "pay"]
    assert {"de", "no", "can", "sin", "not"} <= HIGHLIGHT_STOP


def test_highlight_spans_keep_accented_and_inflected_words() -> None:
    text = "La biblioteca vacía: no robas."
    found = term_spans(text, "es")
    terms = {t for _, _, t in term_spans("bibliotecas vacias robar no", "es")}
    spans = highlight_spans(text, found, terms)
    assert [text[a:b] for a, b in spans] == ["biblioteca", "vacía", "robas"]
    assert all(fold(text[a:b]) not in HIGHLIGHT_STOP for a, b in spans)


def test_search_results_mark_no_stop_words(es_index: RulesIndex) -> None:
    response = es_index.search("¿qué pasa si no tengo cartas en la biblioteca?", limit=5)
    assert response.results
    for hit in response.results:
        marked = [fold(w) for w in _marked(hit.highlight) + _marked(hit.best_sentence)]
        assert marked, hit.id
        assert not set(marked) & HIGHLIGHT_STOP, (hit.id, marked)
    # the question's meaningful words still are
    assert {"biblioteca", "cartas"} <= {fold(w) for w in _marked(response.answer.highlight)}


def test_terminal_snippet_marks_no_stop_words(es_index: RulesIndex) -> None:
    hit = es_index.search("no robar de la biblioteca", limit=1).results[0]
    snippet = es_index.terminal_snippet(hit, "no robar de la biblioteca", width=1000)
    inside = [snippet[a + 1:snippet.index("»", a)] for a in range(len(snippet)) if snippet[a] == "«"]
    assert inside and not {fold(w) for w in inside} & HIGHLIGHT_STOP, snippet
