"""THE search schema: field names and analyzers.  Every other search module imports field names from here.

Spanish text: tokenize, lowercase, fold accents, drop stop words, then stem.  Folding comes *before* stemming so
that "vacia" and "vacía" meet (the Snowball stemmer cuts "vacía" to "vac" but "vacia" to "vaci").  Because the
stock Spanish stemmer only knows the accented spelling of a few suffixes ("-ción", "-logía"), those suffixes are
put back in their accented form before stemming, so "regeneracion" and "regeneración" stem alike; stems then
lose the spelling changes of verbs ("pierde"/"perder", "busque"/"buscar"), numbers written as words become
digits, and a few folded words are kept apart from look-alikes ("maná" from "mano").
English text: the same tokenizer, English stop words, Porter2 stemming plus the irregular forms the rules use
("dealt", "drew") and keyword abilities kept apart ("defender" is not "defending").
`term_spans` runs the same steps without Whoosh's token objects, for questions and highlighting.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable

from whoosh.analysis import (
    Analyzer, BiWordFilter, CharsetFilter, Filter, LowercaseFilter, RegexTokenizer, StopFilter,
)
from whoosh import scoring
from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, TEXT, Schema
from whoosh.lang import stemmer_for_language
from whoosh.lang.snowball.spanish import SpanishStemmer
from whoosh.lang.stopwords import stoplists
from whoosh.support.charset import accent_map

# Bumped whenever the schema or an analyzer changes, so `ensure_index` rebuilds stale indexes.
SCHEMA_VERSION = "22"   # 22: documents.json says which documents are historical

# Tokens: rule numbers ("121.2a", "702.19"), counters ("+1/+1", "-1/-1"), mana symbols ("{Q}", "{2/B}"),
# then ordinary words.  Keeping the game's symbols whole lets "{Q}" and "-1/-1" be searched for.
TOKEN_PATTERN = r"[+-]\d+/[+-]\d+|\{[^{}\s]{1,5}\}|\w+(?:\.\w+)*"

# Field names.  body/title/keys exist once per language so each gets its own analysis.
ID_F = "id"
DOC = "doc"
RULESET = "ruleset"
LANG = "lang"
KIND = "kind"
NUMBER = "number"          # the rule number exactly ("702.19b")
NUMPATH = "numpath"        # the number and its ancestors ("702.19b 702.19 702"): a parent finds its sub-rules
CARD = "card"              # card name, folded words (no stemming) for exact/typo matching
CARD_KEY = "card_key"      # card name folded as one token, for exact matching
ORDER = "order"
TEXT_F = "text"            # stored whole passage text
TITLE = "title"            # stored title
SECTION = "section"
PARENT = "parent"
DERIVED = "derived"        # stored: the sub-rule letter was assigned by the parser, not printed

LANGS = ("es", "en")


def body_field(lang: str) -> str:
    return f"body_{lang}"


def title_field(lang: str) -> str:
    return f"title_{lang}"


def pairs_field(lang: str) -> str:
    """The body's adjacent term pairs ("bibliotec_sin", "sin_cart"): phrase matching at the cost of a term."""
    return f"pairs_{lang}"


PAIR_SEP = "_"


def pairs(terms: list[str]) -> list[str]:
    """Adjacent pairs of analysed terms, as the pairs field indexes them."""
    return [a + PAIR_SEP + b for a, b in zip(terms, terms[1:])]


def keys_field(lang: str) -> str:
    """Words the passage inherits from its document's structure: its parent rule's title ("Trample"), the
    CR glossary terms whose "See rule" points to it, its FAQ section heading."""
    return f"keys_{lang}"


def fold(text: str) -> str:
    """Lower-case and strip accents ("Vacía" -> "vacia"); ñ becomes n, as the accent map does."""
    return text.lower().translate(accent_map)


_FOLDED_ES_STOP = frozenset(fold(w) for w in stoplists["es"]) | frozenset({"regla", "reglas"})
_EN_STOP = frozenset(stoplists["en"]) | frozenset({"rule", "rules"})
# Words that carry meaning in rules questions even though generic stop lists drop them.
# Kept: negation, amounts, and the place and time words rules turn on ("fuera del juego", "antes de robar",
# "hasta el final del turno", "desde tu mano").
_KEEP_ES = frozenset({"no", "sin", "mas", "menos", "todo", "todos", "otra", "otro", "dos",
                      "fuera", "antes", "durante", "hasta", "desde"})
_KEEP_EN = frozenset({"no", "not", "can", "cannot", "more", "less", "all", "each", "other", "two", "one"})
# Single letters carry nothing ("it's" -> "s"), single digits do ("0 or less life").
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
SPANISH_STOP = (_FOLDED_ES_STOP - _KEEP_ES) | _LETTERS
ENGLISH_STOP = (_EN_STOP - _KEEP_EN) | _LETTERS
# Words never highlighted in a result, in either language: every word of both stop lists, the kept ones too.
# "no", "sin", "antes", "can" rank passages as part of a question but say nothing marked on their own ("de" in
# an English passage, "no" in every Spanish rule); a question's language is not always known, hence both lists.
HIGHLIGHT_STOP = _FOLDED_ES_STOP | frozenset(fold(w) for w in _EN_STOP) | _LETTERS

# Suffixes the stemmer only recognises with their accent; restored before stemming (see module docstring).
_REACCENT = ((re.compile(r"cion$"), "ción"), (re.compile(r"logia(s?)$"), r"logía\1"))


# Folded words the stemmer would merge with another game word: "maná" (folded "mana") with "mano" (hand),
# "dan" (they give) with "daño" (damage).
ES_WORDS_APART = {"mana": "mana", "manas": "mana", "dan": "dar"}
_DIPHTHONG = re.compile(r"(?<![qg])ue|ie")
_SILENT_U = re.compile(r"([qg])ue?$")
_VOWEL_WORD_ENDINGS = ("ieron", "aron", "ado", "ido", "ada", "ida", "ad", "id", "ar", "er", "ir", "an", "en",
                       "as", "es", "a", "e", "o")


class _SpanishStem:
    """Folded Spanish stemming: restore the accented suffixes the stemmer knows, stem, fold again."""

    def __init__(self) -> None:
        self._stemmer = SpanishStemmer()

    @lru_cache(maxsize=50000)
    def __call__(self, word: str) -> str:
        if not word.isalpha():
            return word  # numbers, "+1/+1", "{q}" stay whole
        if word in ES_NUMBERS:
            return ES_NUMBERS[word]
        if word in ES_WORDS_APART:
            return ES_WORDS_APART[word]
        for pattern, repl in _REACCENT:
            word = pattern.sub(repl, word)
        stem = fold(self._stemmer.stem(word))
        # Spelling changes inside the verb: the diphthongs of "pierde/perder", "cuesta/coste", "tiene/tener",
        # and "busque/buscar", "pague/pagar" before e.
        # ("jugar" is the one verb whose u becomes ue: "juega".)
        stem = _DIPHTHONG.sub(lambda m: "o" if m.group() == "ue" else "e", stem.replace("jueg", "jug"))
        stem = _SILENT_U.sub(lambda m: "c" if m.group(1) == "q" else "g", stem)
        # Snowball's RV region starts late in words opening with a vowel and a consonant pair, so it leaves
        # "entra", "entran", "entrar" (and "entrado" -> "entrad") apart: their ending goes here.
        if stem[:1] in "aeiou":
            for ending in _VOWEL_WORD_ENDINGS:
                if stem.endswith(ending) and len(stem) - len(ending) >= 3:
                    return stem[: -len(ending)]
        return stem


class SpanishStemFilter(Filter):
    """Stems folded Spanish tokens with `_SpanishStem`."""

    is_morph = True

    def __init__(self) -> None:
        self.stem = _SpanishStem()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SpanishStemFilter)

    def __call__(self, tokens):  # type: ignore[no-untyped-def]
        for t in tokens:
            if not t.stopped:
                t.text = self.stem(t.text)
            yield t


# Irregular forms the rules use, which Porter2 leaves apart from their verb ("dealt" vs "deal").
EN_IRREGULAR = {
    "dealt": "deal", "drew": "draw", "drawn": "draw", "paid": "pay", "chose": "choos", "chosen": "choos",
    "put": "put", "dies": "die", "died": "die", "dying": "die", "lost": "lose", "loses": "lose", "won": "win",
    "began": "begin", "begun": "begin", "gave": "give", "given": "give", "took": "take", "taken": "take",
    "became": "becom", "cast": "cast", "casting": "cast", "chooses": "choos", "choosing": "choos",
    "spent": "spend", "held": "hold", "left": "leav", "leaves": "leav", "leaving": "leav",
    # Keyword abilities Porter2 would merge with other game words ("defending player", "beginning phase").
    "defender": "defender", "phasing": "phasing",
}
# Numbers written as words are numbers ("zero life" is "0 or less life").
EN_NUMBERS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())} | {"twenty": "20"}
# ("uno"/"una" are articles far more often; "doce" names the game "Doce vidas".)
ES_NUMBERS = {w: str(i) for i, w in enumerate(
    "cero _ dos tres cuatro cinco seis siete ocho nueve diez".split()) if w != "_"} | {"veinte": "20"}
EN_IRREGULAR.update(EN_NUMBERS)
_english_snowball = stemmer_for_language("en")


@lru_cache(maxsize=50000)
def english_stem(word: str) -> str:
    return EN_IRREGULAR.get(word) or _english_snowball(word)


class EnglishStemFilter(Filter):
    """Porter2 (Snowball English) with the irregular forms of EN_IRREGULAR."""

    is_morph = True

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EnglishStemFilter)

    def __call__(self, tokens):  # type: ignore[no-untyped-def]
        for t in tokens:
            if not t.stopped:
                t.text = english_stem(t.text)
            yield t
_TOKEN_RE = re.compile(TOKEN_PATTERN)


def _identity(word: str) -> str:
    return word


@lru_cache(maxsize=None)
def _pipeline(lang: str) -> tuple[frozenset[str], Callable[[str], str]]:
    if lang == "es":
        return SPANISH_STOP, _SpanishStem()
    if lang == "en":
        return ENGLISH_STOP, english_stem
    return SPANISH_STOP | ENGLISH_STOP, _identity


def term_spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    """(start, end, term) of every term the analyzer of `lang` ("es", "en", "name") makes of `text`.

    The same steps as the Whoosh analyzers below (tokenize, lowercase, fold, stop, stem), without Whoosh's
    token objects: several times faster, for query parsing and highlighting.  A test checks that both agree.
    """
    known = _TERMS.get(lang)
    if known is None:
        known = _TERMS.setdefault(lang, {})
    out: list[tuple[int, int, str]] = []
    for m in _TOKEN_RE.finditer(text):
        raw = m.group()
        term = known.get(raw, _UNSEEN)
        if term is _UNSEEN:
            term = _term(raw, lang)
            if len(known) < _TERMS_KEPT:
                known[raw] = term
        if term is not None:
            out.append((m.start(), m.end(), term))
    return out


# Per analysis language, each token as written -> its term (None: a stop word).  A token's term depends on the
# token alone, and the same few thousand words make up every question and passage: folding, the stop list and
# the stemmer ran ~15,000 times per 300 questions for the same words.  Bounded; a dict's single get/set is atomic
# under the GIL, and two threads computing one token store the same string.
_TERMS: dict[str, dict[str, str | None]] = {}
_TERMS_KEPT = 200_000
_UNSEEN = object()


def _term(raw: str, lang: str) -> str | None:
    stop, stem = _pipeline(lang)
    word = raw.lower().translate(accent_map)
    return None if word in stop else stem(word)


def spanish_analyzer() -> Analyzer:
    return (RegexTokenizer(TOKEN_PATTERN) | LowercaseFilter() | CharsetFilter(accent_map)
            | StopFilter(stoplist=SPANISH_STOP, minsize=1) | SpanishStemFilter())


def english_analyzer() -> Analyzer:
    return (RegexTokenizer(TOKEN_PATTERN) | LowercaseFilter() | CharsetFilter(accent_map)
            | StopFilter(stoplist=ENGLISH_STOP, minsize=1) | EnglishStemFilter())


def name_analyzer() -> Analyzer:
    """Card names: folded words, no stemming, articles and prepositions dropped ("de", "la")."""
    return (RegexTokenizer(TOKEN_PATTERN) | LowercaseFilter() | CharsetFilter(accent_map)
            | StopFilter(stoplist=SPANISH_STOP | ENGLISH_STOP, minsize=1))


@lru_cache(maxsize=None)
def analyzers() -> dict[str, Analyzer]:
    """One shared instance per language (their stem caches are worth keeping)."""
    return {"es": spanish_analyzer(), "en": english_analyzer(), "name": name_analyzer()}


def analyze(text: str, lang: str) -> list[str]:
    """The terms a text yields in a language's analysis ("Vacía" -> ["vaci"])."""
    return [t for _, _, t in term_spans(text, lang)]


def card_key(name: str) -> str:
    return " ".join(fold(name).split())


# The fields a question is scored against (their BM25F impacts are precomputed at build time, see index.py).
SCORED_FIELDS = tuple(f(l) for l in LANGS for f in (body_field, title_field, keys_field, pairs_field)) + ("card",)


BM25_B, BM25_K1, SHORT_B = 0.75, 1.2, 0.3


def field_B(field: str) -> float:
    """BM25F's length normalisation per field: titles, keys and card names are short labels, so their length
    matters little."""
    short = {f(l) for l in LANGS for f in (title_field, keys_field)} | {CARD}
    return SHORT_B if field in short else BM25_B


def weighting() -> scoring.BM25F:
    return scoring.BM25F(B=BM25_B, K1=BM25_K1, **{f"{f}_B": field_B(f) for f in SCORED_FIELDS if field_B(f) != BM25_B})


def build_schema() -> Schema:
    a = analyzers()
    fields = {
        ID_F: ID(stored=True, unique=True),
        DOC: ID(stored=True),
        RULESET: ID(stored=True),
        LANG: ID(stored=True),
        KIND: ID(stored=True),
        NUMBER: ID(stored=True),
        NUMPATH: KEYWORD(stored=True),
        CARD: TEXT(analyzer=a["name"], stored=True),
        CARD_KEY: ID(),
        ORDER: NUMERIC(stored=True, sortable=True),
        TEXT_F: STORED(),
        TITLE: STORED(),
        SECTION: STORED(),
        PARENT: STORED(),
        DERIVED: STORED(),
    }
    for lang in LANGS:
        ana = a[lang]
        # Phrases are matched through the pairs field, so no field needs positions.
        fields[body_field(lang)] = TEXT(analyzer=ana, phrase=False)
        fields[title_field(lang)] = TEXT(analyzer=ana, phrase=False)
        fields[keys_field(lang)] = TEXT(analyzer=ana, phrase=False)
        fields[pairs_field(lang)] = TEXT(analyzer=ana | BiWordFilter(sep=PAIR_SEP), phrase=False)
    return Schema(**fields)
