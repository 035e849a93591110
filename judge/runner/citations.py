"""Citations → rule text, for the terminal and the run page.

A step cites passage ids ("dv/tipos/criaturas/6") or bare rule numbers ("704.5f"). DESIGN.md: a number resolves to
every passage with that number, and a citation no loaded document has is still shown, marked as outside the corpus.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the corpus loader parses five documents: import it only when a citation is resolved
    from judge.corpus import Corpus

OUTSIDE_CORPUS = "fuera del corpus cargado"


@dataclass(frozen=True)
class CitedPassage:
    id: str
    title: str
    text: str
    doc: str
    number: str | None
    url: str

    def short(self, width: int = 90) -> str:
        """The text on one line, cut at a word boundary so a terminal line stays readable."""
        flat = " ".join(self.text.split())
        if len(flat) <= width:
            return flat
        cut = flat[: width - 1].rsplit(" ", 1)[0]
        return cut + "…"


@dataclass(frozen=True)
class Citation:
    ref: str                                   # as the step cites it: a passage id or a bare rule number
    passages: tuple[CitedPassage, ...] = field(default_factory=tuple)

    @property
    def known(self) -> bool:
        return bool(self.passages)

    def to_json(self) -> dict[str, Any]:
        return {
            "ref": self.ref,
            "known": self.known,
            "passages": [
                {"id": p.id, "title": p.title, "text": p.text, "doc": p.doc, "number": p.number, "url": p.url}
                for p in self.passages
            ],
        }


def _cited(p: Any) -> CitedPassage:
    return CitedPassage(id=p.id, title=p.title, text=p.text, doc=p.doc, number=p.number, url=f"/pasajes/{p.id}")


class CitationResolver:
    """Resolves citations against one loaded corpus; results are memoised (a trace cites the same few rules)."""

    def __init__(self, corpus: "Corpus") -> None:
        self.corpus = corpus
        self._memo: dict[str, Citation] = {}

    def resolve(self, ref: str) -> Citation:
        hit = self._memo.get(ref)
        if hit is None:
            hit = self._memo[ref] = Citation(ref, self._lookup(ref))
        return hit

    def _lookup(self, ref: str) -> tuple[CitedPassage, ...]:
        passage = self.corpus.passage(ref)
        if passage is not None:
            return (_cited(passage),)
        # A bare rule number: every current-version passage with that number (English CR first).
        return tuple(_cited(p) for p in self.corpus.by_number(ref.rstrip(".")))

    def resolve_all(self, refs: list[str]) -> list[Citation]:
        return [self.resolve(r) for r in refs]


_lock = threading.Lock()
_cache: dict[tuple[str, str], CitationResolver] = {}


def resolver(corpus_dir: Path | None = None, instance_dir: Path | None = None) -> CitationResolver:
    """One resolver per process and corpus folder pair (loading the corpus parses every document)."""
    from judge import config
    from judge.corpus import load_corpus

    cdir = Path(corpus_dir) if corpus_dir else config.corpus_dir()
    idir = Path(instance_dir) if instance_dir else config.instance_dir()
    key = (str(cdir), str(idir))
    with _lock:
        cached = _cache.get(key)
        if cached is None:
            cached = _cache[key] = CitationResolver(load_corpus(cdir, idir))
        return cached
