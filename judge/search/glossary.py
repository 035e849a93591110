"""The bilingual game-term glossary (rules_corpus/glossary.yaml), applied at query time.

A question that names a game concept in one language ("wither", "acción especial") also searches the other
language's names for it ("debilitar", "special action") and the same language's synonyms ("in play" /
"battlefield").  Matching is on analysed terms, so "draws" matches the entry "draw" and "vacía" matches "vacia".

A one-word name the stemmer cuts to less than half of itself ("entrenamiento" -> "entr", "mantenimiento" ->
"manten") would also match every other word of that stem ("entra", "entrar": "training" read into every question
about a permanent entering; "mantener": upkeep).  Such a name matches only a word that goes on with it one letter
past the stem ("entrenar", "mantenimientos"), unless another name of the concept reads that stem as it is.  A
Spanish verb's attached pronouns count as the stemmer strips them ("meterle" is "meter": "meto" still names it).

A name written with a leading "=" (`=fuera de fase`) is read only as those very words, in that order, with nothing
between them: its stems are also an everyday phrase ("cambiar de fase", moving to the next phase, stems as
"cambio de fase", the Spanish name of phasing, 702.26; "fuera de fase" as "fuera de la fase de combate").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable
from functools import lru_cache
from pathlib import Path

import yaml

from judge.search.schema import LANGS, analyze, fold

# A Spanish infinitive's attached pronouns ("meterle", "enseñársela"), stripped before a name's length is compared
# with its stem's: the stemmer strips them too, so "meter" and "meterle" are one verb, not an over-cut name.
_CLITICS = re.compile(r"(?<=[aei]r)(?:se)?(?:l[aeo]s?|se|me|te|nos)$")
_WORDS = re.compile(r"[^\W_]+")


class GlossaryError(ValueError):
    """The glossary file is malformed; the message names the entry and the problem."""


@dataclass(frozen=True)
class Concept:
    """One game concept and its names: {"en": ("special action",), "es": ("acción especial",)}."""
    names: dict[str, tuple[str, ...]]
    # The analysed form of each name, per language: {"en": (("special", "action"),), ...}
    terms: dict[str, tuple[tuple[str, ...], ...]]
    # (language, position in names[language]) of the names read only as their very words ("=" in the file)
    exact: frozenset[tuple[str, int]] = frozenset()


Words = list[str] | Callable[[], list[str]]     # the folded word each term was read from, or what makes that list
Named = dict[str, set[str]]                      # per language: the question's terms that named a concept
Names = dict[str, list[tuple[str, ...]]]          # per language: all of the concept's names, analysed


class Glossary:
    def __init__(self, concepts: list[Concept]) -> None:
        self.concepts = concepts
        # Index by the first analysed term of each name, per language, to match a query in one pass.
        self._by_first: dict[str, dict[str, list[tuple[tuple[str, ...], int]]]] = {lang: {} for lang in LANGS}
        self._terms = {lang: {t for c in concepts for seq in c.terms[lang] for t in seq} for lang in LANGS}
        self._singles = {lang: {seq for c in concepts for seq in c.terms[lang] if len(seq) == 1} for lang in LANGS}
        # (language, concept, its one-term name's term) -> the beginnings a word must have to be read as that name,
        # for the names cut short by the stemmer (over_cut) when no other name of the concept reads the term freely
        guarded: dict[tuple[str, int, str], tuple[str, ...]] = {}
        free: set[tuple[str, int, str]] = set()
        # (language, concept, name's terms) -> the phrases (phrase_of) one of which the question must hold, for
        # the "=" names; a plain name of the concept with the same terms reads them freely
        self._exact: dict[tuple[str, int, tuple[str, ...]], tuple[str, ...]] = {}
        loose: set[tuple[str, int, tuple[str, ...]]] = set()
        for i, c in enumerate(concepts):
            for lang in LANGS:
                for k, (name, seq) in enumerate(zip(c.names[lang], c.terms[lang])):
                    if seq:
                        self._by_first[lang].setdefault(seq[0], []).append((seq, i))
                        if (lang, k) in c.exact:
                            self._exact[(lang, i, seq)] = self._exact.get((lang, i, seq), ()) + (phrase_of(name),)
                        else:
                            loose.add((lang, i, seq))
                    if len(seq) == 1:
                        key = (lang, i, seq[0])
                        if over_cut(name, seq[0]):
                            guarded[key] = guarded.get(key, ()) + (fold(name)[:len(seq[0]) + 1],)
                        else:
                            free.add(key)
        # per language and term, per concept: looked up once per question term (most terms have none)
        self._guarded: dict[str, dict[str, dict[int, tuple[str, ...]]]] = {lang: {} for lang in LANGS}
        for (lang, i, term), starts in guarded.items():
            if (lang, i, term) not in free:
                self._guarded[lang].setdefault(term, {})[i] = starts
        for exact in loose:
            self._exact.pop(exact, None)

    def __len__(self) -> int:
        return len(self.concepts)

    def knows(self, term: str, lang: str) -> bool:
        """Whether some concept's `lang` name holds this analysed term."""
        return term in self._terms[lang]

    def is_name(self, term: str, lang: str) -> bool:
        """Whether some concept has this analysed term alone as one of its `lang` names ("bicho", "hexproof"),
        not only as part of a longer one ("acab" of "se acaba el mazo")."""
        return (term,) in self._singles[lang]

    def named_by(self, seq: tuple[str, ...], lang: str) -> frozenset[int]:
        """Indexes of the concepts that have exactly this run of analysed terms as one of their `lang` names
        (("pil", "descart"): "pila de descartes"; ("pil",): "pila", the stack)."""
        return frozenset(i for s, i in self._by_first[lang].get(seq[0], ()) if s == seq) if seq else frozenset()

    def matches(self, terms: list[str], lang: str, words: Words | None = None,
                phrase: str | None = None) -> list[int]:
        """Indexes of the concepts one of whose `lang` names occurs (as a run of analysed terms) in `terms`.
        `words`: the folded word each term was read from (or what makes that list, asked only when a term is
        a cut-short name's); such a name matches only the words that begin as it does (module docstring).
        `phrase`: the question as phrase_of gives it; an "=" name matches only when it holds that name's words
        (without it, by the terms alone, as older callers did)."""
        found: list[int] = []
        table = self._by_first[lang]
        guarded = self._guarded[lang] if words is not None else {}
        exact = self._exact
        for pos, term in enumerate(terms):
            cut = guarded.get(term)
            for seq, i in table.get(term, ()):
                if tuple(terms[pos:pos + len(seq)]) == seq and i not in found:
                    if cut and len(seq) == 1 and i in cut:
                        if callable(words):
                            words = words()
                        if not words[pos].startswith(cut[i]):  # type: ignore[index]
                            continue
                    said = exact.get((lang, i, seq)) if phrase is not None else None
                    if said is not None and not any(s in phrase for s in said):  # type: ignore[operator]
                        continue
                    found.append(i)
        return found

    def expand(self, terms_by_lang: dict[str, list[str]],
               words_by_lang: Callable[[str], list[str]] | None = None,
               phrase: str | None = None) -> list[tuple[Named, Names]]:
        """The concepts a query mentions: for each, the query terms that named it (per language) and all of its
        names, analysed, in each language.  The caller weights the other names below the query's own words.
        `words_by_lang(lang)`: the folded word each of those terms was read from (matches), made only if asked;
        `phrase`, the question as phrase_of gives it (matches)."""
        seen: dict[int, dict[str, set[str]]] = {}
        for lang in LANGS:
            terms = terms_by_lang.get(lang, [])
            words = (lambda lang=lang: words_by_lang(lang)) if words_by_lang is not None else None
            for i in self.matches(terms, lang, words, phrase):
                named = seen.setdefault(i, {l: set() for l in LANGS})
                for seq in self.concepts[i].terms[lang]:
                    if set(seq) <= set(terms):
                        named[lang].update(seq)
        out = []
        for i, named in seen.items():
            names = {lang: [seq for seq in self.concepts[i].terms[lang] if seq] for lang in LANGS}
            out.append((named, names))
        return out


def phrase_of(text: str) -> str:
    """A text's folded words, one space between them and one at each end: what an "=" name is looked for in
    (" fuera de fase " is not in " fuera de la fase de combate ")."""
    return " " + " ".join(_WORDS.findall(fold(text))) + " "


def over_cut(name: str, term: str) -> bool:
    """Whether the stemmer cut a one-word name to less than half of itself ("entrenamiento" -> "entr"), its
    attached pronouns aside ("meterle" -> "met" is "meter": not cut short)."""
    word = fold(name)
    return word.isalpha() and 2 * len(term) < len(_CLITICS.sub("", word))


def parse_glossary(data: object, source: str = "glossary.yaml") -> Glossary:
    if not isinstance(data, dict) or not isinstance(data.get("terms"), list):
        raise GlossaryError(f"{source}: expected a mapping with a 'terms' list")
    concepts: list[Concept] = []
    for n, entry in enumerate(data["terms"]):
        if not isinstance(entry, dict) or not set(entry) <= set(LANGS) or not entry:
            raise GlossaryError(f"{source}: terms[{n}]: expected a mapping with keys among {list(LANGS)}")
        names: dict[str, tuple[str, ...]] = {}
        exact: set[tuple[str, int]] = set()
        for lang in LANGS:
            raw = entry.get(lang, [])
            if isinstance(raw, str):
                raw = [raw]
            if not isinstance(raw, list) or not all(isinstance(x, str) and x.strip() for x in raw):
                raise GlossaryError(f"{source}: terms[{n}].{lang}: expected a list of non-empty strings")
            exact.update((lang, k) for k, x in enumerate(raw) if x.startswith("="))
            names[lang] = tuple(x[1:].strip() if x.startswith("=") else x for x in raw)
            if not all(names[lang]):
                raise GlossaryError(f"{source}: terms[{n}].{lang}: a name '=' must be followed by its words")
        terms = {lang: tuple(tuple(analyze(name, lang)) for name in names[lang]) for lang in LANGS}
        concepts.append(Concept(names=names, terms=terms, exact=frozenset(exact)))
    return Glossary(concepts)


def load_glossary(path: Path) -> Glossary:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Glossary([])  # a corpus without a glossary simply gets no translations
    except yaml.YAMLError as exc:
        raise GlossaryError(f"{path}: not valid YAML: {exc}") from exc
    return parse_glossary(data, str(path))


@lru_cache(maxsize=4)
def cached_glossary(path: str, mtime: float) -> Glossary:
    """Parsed once per file version (mtime is part of the key so an edited glossary is picked up)."""
    return load_glossary(Path(path))


def glossary_for(corpus_dir: Path) -> Glossary:
    path = corpus_dir / "glossary.yaml"
    mtime = path.stat().st_mtime if path.exists() else 0.0
    return cached_glossary(str(path), mtime)
