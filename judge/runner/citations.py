"""Citations → rule text, for the terminal and the run page.

A step cites passage ids ("dv/tipos/criaturas/6") or bare rule numbers ("704.5f"). DESIGN.md: a number resolves to
every passage with that number, and a citation no loaded document has is still shown, marked as outside the corpus.

The magic ruleset cites the official English CR, ``cr-en/<number>``, which is only loaded after
``judge corpus import ../shared/corpus/MagicCompRules_EN_<date>.txt``. Until then such a citation is not "outside the corpus": it
names a rule (shown by its number, linked to /reglas/<number>) whose text is not imported, with a note saying how
to import it, and it resolves to the other loaded texts of that number (the Spanish cr-es/<number>) if there are.
"""
from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judge.messages import Message

if TYPE_CHECKING:  # the corpus loader parses five documents: import it only when a citation is resolved
    from judge.corpus import Corpus

# What a citation no loaded document has is said to be (runner.cite.outside); the constant is its Spanish text.
OUTSIDE = Message("runner.cite.outside")
OUTSIDE_CORPUS = OUTSIDE.render("es")

# Documents a citation may name that are not part of the default corpus, only imported: prefix → the message saying
# how to load it (judge/runner/messages.py). The CR file is not in the repository: it ships in ../shared/corpus/
# beside the checkout (README, judge corpus import), so the command names it there, as typed from the checkout.
IMPORTABLE: dict[str, Message] = {
    "cr-en": Message("runner.cite.import.cr-en", folder="../shared/corpus/"),
}
_RULE_NUMBER = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?\.?$")   # 704, 704.5, 704.5a (not glossary/section paths)


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
    # The cited document is importable but not loaded (``"cr-en"``): `passages` are then the other loaded texts of
    # the same rule number (maybe none), and `note` says how to load the cited text.
    not_loaded: str | None = None
    number: str | None = None                  # the rule number a `not_loaded` citation names ("704.5a")

    @property
    def known(self) -> bool:
        return bool(self.passages)

    @property
    def note(self) -> str | None:
        """Spanish: what is missing and the command that loads it (None when nothing is missing)."""
        return self.note_in("es")

    def note_in(self, lang: str) -> str | None:
        """The note in `lang` (IMPORTABLE's message of the missing document), None when nothing is missing."""
        if self.not_loaded is None:
            return None
        return IMPORTABLE[self.not_loaded].render(lang)

    @property
    def url(self) -> str | None:
        """The rule page of a `not_loaded` citation's number (/reglas/704.5a), which shows any other loaded text."""
        return f"/reglas/{self.number}" if self.number else None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ref": self.ref,
            "known": self.known,
            "passages": [
                {"id": p.id, "title": p.title, "text": p.text, "doc": p.doc, "number": p.number, "url": p.url}
                for p in self.passages
            ],
        }
        if self.not_loaded is not None:
            out.update(number=self.number, url=self.url, not_loaded=self.not_loaded, note=self.note,
                       note_en=self.note_in("en"))
        return out


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
            hit = self._memo[ref] = self._lookup(ref)
        return hit

    def _loaded_prefixes(self) -> set[str]:
        return {d.prefix or d.id for d in self.corpus.documents.values()} | set(self.corpus.documents)

    def _lookup(self, ref: str) -> Citation:
        passage = self.corpus.passage(ref)
        if passage is not None:
            return Citation(ref, (_cited(passage),))
        prefix, _, path = ref.partition("/")
        if path and prefix in IMPORTABLE and prefix not in self._loaded_prefixes():
            # cr-en/704.5a before the CR is imported: the rule's other loaded texts (cr-es/704.5a), and the note.
            number = path.rstrip(".") if _RULE_NUMBER.match(path) else None
            others = self.corpus.by_number(number) if number else []
            return Citation(ref, tuple(_cited(p) for p in others), not_loaded=prefix, number=number)
        # A bare rule number: every current-version passage with that number (English CR first).
        return Citation(ref, tuple(_cited(p) for p in self.corpus.by_number(ref.rstrip("."))))

    def resolve_all(self, refs: list[str]) -> list[Citation]:
        return [self.resolve(r) for r in refs]


CHECK_INTERVAL = 1.0  # seconds between two looks at the corpus files of a cached resolver
_lock = threading.Lock()
# (corpus folder, instance folder) → (resolver, fingerprint of the files it was loaded from, when last checked)
_cache: dict[tuple[str, str], tuple[CitationResolver, tuple[Any, ...], float]] = {}


def _fingerprint(folders: list[Path]) -> tuple[tuple[str, int, int], ...]:
    """Names, sizes and modification times of the files a corpus is loaded from (cheap; no file is read)."""
    entries: list[tuple[str, int, int]] = []
    for folder in folders:
        if folder.is_dir():
            for path in sorted(folder.rglob("*")):
                if path.is_file():
                    stat = path.stat()
                    entries.append((str(path), stat.st_size, stat.st_mtime_ns))
    return tuple(entries)


def resolver(corpus_dir: Path | None = None, instance_dir: Path | None = None) -> CitationResolver:
    """One resolver per process and corpus folder pair (loading the corpus parses every document), loaded again
    when the documents change: a server keeps serving while `judge corpus import` adds the English CR."""
    from judge import config
    from judge.corpus import load_corpus

    cdir = Path(corpus_dir) if corpus_dir else config.corpus_dir()
    idir = Path(instance_dir) if instance_dir else config.instance_dir()
    key = (str(cdir), str(idir))
    with _lock:
        cached = _cache.get(key)
        now = time.monotonic()
        if cached is not None and now - cached[2] < CHECK_INTERVAL:
            return cached[0]
        fingerprint = _fingerprint([cdir, config.imported_dir(idir)])
        if cached is None or fingerprint != cached[1]:
            cached = (CitationResolver(load_corpus(cdir, idir)), fingerprint, now)
        else:
            cached = (cached[0], fingerprint, now)
        _cache[key] = cached
        return cached[0]
