"""Suggestions as you type in the question box (GET /api/suggest): rule numbers, card names, glossary terms.

Built once per loaded corpus and glossary, then answered by a scan over folded labels (a few thousand entries):
- a question starting with a digit (or "regla"/"rule" and a digit) gets the rule numbers that start with it,
  in the rules' order ("704.5" → 704.5, 704.5a, 704.5b…), each with its title or the start of its text;
- words get card names and glossary terms (the bilingual glossary's names, the corpus's glossary entries)
  whose name is the text typed, starts with it, has a word starting with it, or (from three letters) holds it,
  in that order; names in the page's language first (Spanish unless the page is in English), then shorter ones.
Case and accents never matter ("argoll" finds "Cisnes de Bryn Árgoll").
"""
from __future__ import annotations

import re
import threading
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from judge.corpus.text import fold
from judge.web.templating import card_url, passage_url, rule_url, shorten
from judge.web.views.common import is_historical, label

if TYPE_CHECKING:
    from judge.corpus import Corpus
    from judge.search.glossary import Glossary

DEFAULT_LIMIT = 8
MAX_LIMIT = 20
MAX_QUERY_CHARS = 100
KIND_ORDER = {"rule": 0, "card": 1, "term": 2}
_NUMBER_QUERY = re.compile(r"^(?:(?:regla|reglas|rule|rules)\s+)?(\d[\d.]*[a-z]?)$")


@dataclass(frozen=True)
class Entry:
    kind: str            # rule | card | term
    label: str           # what the list shows and the box gets
    key: str             # the folded text matched against (the label, or an alias of it)
    words: tuple[str, ...]
    lang: str
    url: str
    detail: str = ""
    order: int = 0       # rules: their position in the rules; others: the order they were added


def _number_key(number: str) -> tuple[Any, ...]:
    """Natural order of rule numbers: 704 < 704.5 < 704.5a < 704.10."""
    parts = re.findall(r"\d+|[a-z]+", number)
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts)


class Suggester:
    """The entries of one corpus and glossary."""

    def __init__(self, corpus: "Corpus", glossary: "Glossary | None") -> None:
        self.rules: list[Entry] = []
        self.words: list[Entry] = []
        numbers: dict[str, Any] = {}
        for passage in corpus.passages():
            if passage.number and not is_historical(corpus, passage) and passage.number not in numbers:
                numbers[passage.number] = passage
        for i, number in enumerate(sorted(numbers, key=_number_key)):
            passage = corpus.by_number(number)[0] if corpus.by_number(number) else numbers[number]
            self.rules.append(Entry("rule", number, number, (number,), passage.lang, rule_url(number),
                                    shorten(_rule_label(corpus, number, passage), 80), i))
        seen: set[tuple[str, str]] = set()

        def add(kind: str, name: str, lang: str, url: str, detail: str = "", alias: str | None = None) -> None:
            key = fold(alias or name)
            if not key or (kind, key) in seen:
                return
            seen.add((kind, key))
            self.words.append(Entry(kind, name, key, tuple(key.split()), lang, url, detail, len(self.words)))

        for card in corpus.cards().values():
            add("card", card.name, "es", card_url(card.name), card.type_line)
        if glossary is not None:
            for concept in glossary.concepts:
                for lang, names in concept.names.items():
                    if not names:
                        continue
                    official = names[0]
                    other = next((n[0] for l, n in concept.names.items() if l != lang and n), "")
                    for name in names:
                        detail = other if name == official else f"{name} → {official}" + (f" · {other}" if other else "")
                        add("term", official, lang, "/?q=" + quote(official), detail,
                            alias=None if name == official else name)
        for passage in corpus.passages():
            if passage.kind == "glossary" and passage.title:
                document = corpus.documents.get(passage.doc)
                add("term", passage.title, passage.lang, passage_url(passage.id),
                    document.title if document else passage.doc)

    def suggest(self, query: str, limit: int, lang: str = "es") -> list[Entry]:
        text = fold(" ".join(query.split())[:MAX_QUERY_CHARS])
        if not text:
            return []
        number = _NUMBER_QUERY.match(text)
        if number:
            prefix = number.group(1)
            return [e for e in self.rules if e.key.startswith(prefix)][:limit]
        ranked: list[tuple[tuple[Any, ...], Entry]] = []
        for entry in self.words:
            if entry.key == text:
                tier = 0
            elif entry.key.startswith(text):
                tier = 1
            elif any(w.startswith(text) for w in entry.words[1:]) or (" " in text and f" {text}" in entry.key):
                tier = 2
            elif len(text) >= 3 and text in entry.key:
                tier = 3
            else:
                continue
            ranked.append(((tier, entry.lang != lang, len(entry.label), KIND_ORDER[entry.kind], entry.order), entry))
        ranked.sort(key=lambda pair: pair[0])
        out: list[Entry] = []
        shown: set[tuple[str, str]] = set()
        for _, entry in ranked:
            if (entry.kind, entry.label) not in shown:   # one line per name, however many aliases matched
                shown.add((entry.kind, entry.label))
                out.append(entry)
                if len(out) == limit:
                    break
        return out


def _rule_label(corpus: "Corpus", number: str, passage: Any) -> str:
    from judge.web.views.rules import rule_title

    return rule_title(corpus.by_number(number) or [passage]) or label(passage)


_cache: "weakref.WeakKeyDictionary[Corpus, tuple[Any, Suggester]]" = weakref.WeakKeyDictionary()
_lock = threading.Lock()


def suggester_for(corpus: "Corpus", corpus_dir: Path | None) -> Suggester:
    """The Suggester of this corpus and its folder's glossary, built once (again when the glossary changes)."""
    glossary = None
    if corpus_dir is not None:
        from judge.search.glossary import GlossaryError, glossary_for

        try:
            glossary = glossary_for(Path(corpus_dir))
        except GlossaryError:
            glossary = None  # the search reports a broken glossary; suggestions go on without its terms
    with _lock:
        cached = _cache.get(corpus)
        if cached is None or cached[0] is not glossary:
            cached = _cache[corpus] = (glossary, Suggester(corpus, glossary))
        return cached[1]


def suggest_view(corpus: "Corpus", corpus_dir: Path | None, query: str, limit: int, lang: str) -> dict[str, Any]:
    """`{"query", "suggestions": [{"kind", "kind_label", "label", "value", "detail", "lang", "url"}]}`."""
    from judge.web.i18n import translate

    query = query[:MAX_QUERY_CHARS]
    entries = suggester_for(corpus, corpus_dir).suggest(query, limit, lang)
    return {"query": query, "suggestions": [
        {"kind": e.kind, "kind_label": translate(f"suggest.kind.{e.kind}", lang), "label": e.label,
         "value": e.label, "detail": e.detail, "lang": e.lang, "url": e.url} for e in entries]}


def limit_param(raw: str | None) -> int:
    """`limit` of a suggestion request: 1–MAX_LIMIT, DEFAULT_LIMIT when absent; a bad one is a 400 naming it."""
    from judge.web.errors import BadParameter

    raw = (raw or "").strip()
    if not raw:
        return DEFAULT_LIMIT
    try:
        limit = int(raw)
    except ValueError:
        raise BadParameter("limit", "param.int_between", top=MAX_LIMIT, raw=shorten(raw, 20)) from None
    if not 1 <= limit <= MAX_LIMIT:
        raise BadParameter("limit", "param.between", top=MAX_LIMIT, asked=limit)
    return limit
