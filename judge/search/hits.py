"""Building the hits of an answer: a passage's highlighted text and best sentence, and the answer block's clause.

A passage's analysis (its terms, its sentences, whether its text needs HTML escaping) never changes, so each
`Passages` keeps it once computed, at most one entry per passage of the index: building the ten hits of a
question then costs the question's part only (which words to mark, which sentence holds most of them).
"""
from __future__ import annotations

import html
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from judge.search import answer as _answer
from judge.search import schema as S
from judge.search.schema import term_spans
from judge.search.text import best_sentence, mark, markable, marked_spans, placements, sentences


@dataclass
class Hit:
    id: str
    doc: str
    number: str | None
    title: str
    text: str
    score: float
    url: str
    highlight: str = ""          # HTML-escaped text with <mark> around the matched terms
    best_sentence: str = ""      # the passage's most relevant sentence, highlighted the same way
    kind: str = ""
    lang: str = ""
    card: str | None = None
    matched_number: bool = False  # found because the question named its rule number
    historical: bool = False     # from a document quoting an older rules version (the 2008 FAQ): "histórico"
    ruleset: str = ""            # the game its document is of ("" for none): each result says its game (issue 15)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "doc": self.doc, "number": self.number, "title": self.title, "text": self.text,
                "score": self.score, "url": self.url, "highlight": self.highlight,
                "best_sentence": self.best_sentence, "kind": self.kind, "lang": self.lang,
                "historical": self.historical, "ruleset": self.ruleset}

    def brief(self) -> dict[str, Any]:
        """What the answer block's rules and the other game's alternative show of a passage (the keys of
        to_json's that they show, in the same order; made directly, not by converting the whole hit once more)."""
        return {"id": self.id, "doc": self.doc, "number": self.number, "title": self.title, "url": self.url,
                "best_sentence": self.best_sentence, "lang": self.lang}


class Analysis(NamedTuple):
    """What highlighting needs of a passage's text, the same for every question."""
    found: list[tuple[int, int, str]]   # term_spans(text, lang)
    spans: list[tuple[int, int]]        # its sentences (the whole text when it has none)
    plain: bool                         # nothing in it to HTML-escape: marking skips escaping (the same string)
    marks: list[tuple[int, int, str]]   # the words of `found` highlighting may mark (text.markable)
    placed: list[tuple[int, str]]       # (sentence, term) of the words of `found` in a sentence (text.placements)


def _trimmed(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    return a, b


class Passages:
    """The hits of one index's passages: `stored` are their stored fields, `rows` what ranking knows of them
    (id, doc, number, kind, lang, card, historical), both by passage number."""

    def __init__(self, stored: list[dict[str, Any]], rows: list[Any]) -> None:
        self.stored = stored
        self.rows = rows
        self._kept: dict[int, Analysis] = {}
        self._traits: dict[int, list[_answer.Traits]] = {}   # per passage, its sentences' answer.sentence_traits

    def analysis(self, docnum: int) -> Analysis:
        kept = self._kept.get(docnum)
        if kept is None:
            text = self.stored[docnum].get(S.TEXT_F, "")
            found = term_spans(text, self.lang(docnum))
            spans = sentences(text) or [(0, len(text))]
            kept = self._kept[docnum] = Analysis(found, spans, html.escape(text) == text, markable(text, found),
                                                 placements(found, spans))
        return kept

    def prepare(self) -> int:
        """Every passage's analysis and sentence traits made now, the very values a hit makes on its passage's
        first use (a worker's warm-up, judge/search/warm.py: 0.4 s of CPU for the CR's 4,577 passages, instead of
        50-150 ms for each of the first requests meeting long passages); returns how many passages."""
        done = 0
        for docnum, row in enumerate(self.rows):
            if row is None:
                continue
            kept = self.analysis(docnum)
            if docnum not in self._traits:
                self._traits[docnum] = _answer.sentence_traits(self.stored[docnum].get(S.TEXT_F, ""), kept.spans)
            done += 1
        return done

    def lang(self, docnum: int) -> str:
        lang = self.rows[docnum].lang
        return lang if lang in S.LANGS else "es"

    def _marked(self, text: str, kept: Analysis, weights: dict[str, float], a: int, b: int) -> tuple[str, str]:
        """The whole text highlighted, and its sentence text[a:b] highlighted the same way."""
        marked = marked_spans(kept.marks, weights)
        escape = not kept.plain
        return (mark(text, marked, escape=escape),
                mark(text[a:b], [(s - a, e - a) for s, e in marked if a <= s and e <= b], escape=escape))

    def hit(self, docnum: int, score: float, by_number: bool, marks: dict[str, dict[str, float]]) -> Hit:
        """Passage `docnum` as a hit, the question's words (`marks`, per language: Question.marks) marked."""
        f = self.stored[docnum]
        row = self.rows[docnum]
        lang = self.lang(docnum)
        weights = marks[lang]
        text = f.get(S.TEXT_F, "")
        kept = self.analysis(docnum)
        a, b = _trimmed(text, *best_sentence(text, lang, weights, kept.found, kept.spans, kept.placed))
        highlighted, sentence = self._marked(text, kept, weights, a, b)
        return Hit(id=row.id, doc=row.doc, number=row.number, title=f.get(S.TITLE, ""), text=text,
                   score=round(float(score), 4), url=f"/pasajes/{row.id}", highlight=highlighted,
                   best_sentence=sentence, kind=row.kind, lang=row.lang, card=row.card, matched_number=by_number,
                   historical=row.historical, ruleset=row.ruleset)

    def decides(self, docnum: int, hit: Hit, marks: dict[str, dict[str, float]],
                asks: "_answer.Asks | None" = None) -> Hit:
        """The hit (of passage `docnum`) with its best sentence replaced by the clause that decides
        (answer.deciding_clause; `asks`: what the question asks, answer.question_asks)."""
        lang = self.lang(docnum)
        weights = marks[lang]
        text = hit.text
        kept = self.analysis(docnum)
        traits = self._traits.get(docnum)
        if traits is None:
            traits = self._traits[docnum] = _answer.sentence_traits(text, kept.spans)
        clause = _answer.deciding_clause(text, lang, weights, kept.found, kept.spans, asks, kept.placed, traits)
        a, b = _trimmed(text, clause.start, clause.end)
        marked = marked_spans(kept.marks, weights)
        sentence = mark(text[a:b], [(s - a, e - a) for s, e in marked if a <= s and e <= b], escape=not kept.plain)
        return replace(hit, best_sentence=sentence)
