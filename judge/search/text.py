"""Text helpers for queries and results: cleaning user input, sentences, highlighting.

Highlighting runs the passage through the same analyzer as the index, so a query term marks every spelling
that stems to it ("robar" marks "roba", "robó"; "vacia" marks "vacía").
"""
from __future__ import annotations

import html
from bisect import bisect_right
import re
import unicodedata

from judge.search.schema import HIGHLIGHT_STOP, fold, term_spans

MAX_QUERY_CHARS = 500   # a question, not a document: longer input is cut (and the response says so)
MAX_QUERY_TERMS = 40

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[«“\"(¿¡A-ZÁÉÍÓÚÑ0-9])|\n+")


def clean_query(q: object) -> tuple[str, bool]:
    """User input -> (text safe to analyse, whether it was cut).  Drops NUL and other control characters and
    lone surrogates, normalises to NFC and collapses white space; never raises."""
    if not isinstance(q, str):
        q = "" if q is None else str(q)
    cut = False
    if len(q) > MAX_QUERY_CHARS * 4:
        q, cut = q[: MAX_QUERY_CHARS * 4], True  # bound the work below on huge input
    q = "".join(ch for ch in q if not (0xD800 <= ord(ch) <= 0xDFFF))
    q = unicodedata.normalize("NFC", q)
    q = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in q)
    q = " ".join(q.split())
    if len(q) > MAX_QUERY_CHARS:
        q, cut = q[:MAX_QUERY_CHARS].rsplit(" ", 1)[0] or q[:MAX_QUERY_CHARS], True
    return q, cut


def plain(text: str) -> str:
    """Lower case without accents, how players' words are matched: "gigante de dos cabezas" and "día" typed either
    way (variants.py, cardkinds.py, gamepick.py)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) character spans of the sentences of a passage (lines are sentences too)."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if m.start() > start:
            spans.append((start, m.start()))
        start = m.end()
    if start < len(text):
        spans.append((start, len(text)))
    return [(a, b) for a, b in spans if text[a:b].strip()]


def mark(text: str, spans: list[tuple[int, int]], open_tag: str = "<mark>", close_tag: str = "</mark>",
         escape: bool = True) -> str:
    """`text` with the given spans wrapped in tags; the rest HTML-escaped when `escape`."""
    esc = html.escape if escape else (lambda s: s)
    out: list[str] = []
    pos = 0
    for a, b in sorted(spans):
        if a < pos:
            continue
        out.append(esc(text[pos:a]))
        out.append(open_tag + esc(text[a:b]) + close_tag)
        pos = b
    out.append(esc(text[pos:]))
    return "".join(out)


def highlight_spans(text: str, found: list[tuple[int, int, str]],
                    terms: set[str] | dict[str, float]) -> list[tuple[int, int]]:
    """The spans of `text` to highlight: the words whose term (`found` is `term_spans(text, lang)`) the
    question searched for, except the words of the stop lists (schema.HIGHLIGHT_STOP), which the analyzers
    may keep for ranking ("no", "sin") but which mean nothing marked on their own."""
    return [(a, b) for a, b, t in found if t in terms and fold(text[a:b]) not in HIGHLIGHT_STOP]


def markable(text: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The words of `found` that highlighting may mark, whatever the question (not in HIGHLIGHT_STOP):
    `highlight_spans(text, markable(text, found), terms)` is `highlight_spans(text, found, terms)`."""
    return [(a, b, t) for a, b, t in found if fold(text[a:b]) not in HIGHLIGHT_STOP]


def marked_spans(kept: list[tuple[int, int, str]], terms: set[str] | dict[str, float]) -> list[tuple[int, int]]:
    """highlight_spans over words already filtered by `markable`."""
    return [(a, b) for a, b, t in kept if t in terms]


def highlight(text: str, lang: str, terms: set[str] | dict[str, float], **kw: object) -> str:
    return mark(text, highlight_spans(text, term_spans(text, lang), terms), **kw)  # type: ignore[arg-type]



def words_per_sentence(text: str, lang: str, weights: dict[str, float],
                       found: list[tuple[int, int, str]] | None = None,
                       spans: list[tuple[int, int]] | None = None,
                       placed: list[tuple[int, str]] | None = None,
                       ) -> tuple[list[tuple[int, int]], list[set[str]]]:
    """The sentences of `text` (`spans`, or `sentences(text)`) and, for each, the searched words (keys of `weights`)
    that start in it: one pass over the words instead of one per sentence (the sentences are sorted and do not
    overlap). `found` is `term_spans(text, lang)` and `placed` is `placements(found, spans)` when the caller
    already has them."""
    spans = spans if spans is not None else sentences(text) or [(0, len(text))]
    if placed is None:
        placed = placements(term_spans(text, lang) if found is None else found, spans)
    seen: list[set[str]] = [set() for _ in spans]
    for i, t in placed:
        if t in weights:
            seen[i].add(t)
    return spans, seen


def placements(found: list[tuple[int, int, str]], spans: list[tuple[int, int]]) -> list[tuple[int, str]]:
    """(sentence, term) of each word of `found` (term_spans) that starts inside one of the sorted, disjoint
    sentence `spans`, in text order: what words_per_sentence reads, the same for every question (hits.Passages
    keeps it per passage)."""
    starts = [a for a, _ in spans]
    out: list[tuple[int, str]] = []
    for s, _, t in found:
        i = bisect_right(starts, s) - 1
        if i >= 0 and s < spans[i][1]:
            out.append((i, t))
    return out

def best_sentence(text: str, lang: str, weights: dict[str, float],
                  found: list[tuple[int, int, str]] | None = None,
                  spans: list[tuple[int, int]] | None = None,
                  placed: list[tuple[int, str]] | None = None) -> tuple[int, int]:
    """The span of the sentence that holds the most query weight (distinct terms; ties go to the earlier).
    `found` is `term_spans(text, lang)`, `spans` is `sentences(text)` and `placed` is `placements(found, spans)`
    when the caller already has them."""
    spans, seen = words_per_sentence(text, lang, weights, found, spans, placed)
    best, best_score = spans[0], -1.0
    for (a, b), words in zip(spans, seen):
        score = sum(weights[t] for t in words)
        if text[a:b].lstrip().startswith(("Ejemplo", "Example")):
            score *= 0.8  # the rule itself answers better than its example
        if score > best_score + 1e-9:
            best, best_score = (a, b), score
    return best


def shorten(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rsplit(" ", 1)[0] + "…"
