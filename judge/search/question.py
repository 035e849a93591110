"""Reading a question: its rule numbers, its language, its words and the glossary's names for the game terms it
mentions, the cards it names -> the weighted terms (clauses) the index is scored with.

Each meaningful word of the question is one concept (a bit in the clauses' masks): ranking rewards a passage by
how much of the question it covers, whichever form (own word, synonym, translation, card name) it matched.
"""
from __future__ import annotations

import functools
import math
import operator
import re
from dataclasses import dataclass, field
from typing import Callable

from judge.search import schema as S
from judge.search.glossary import Glossary, phrase_of
from judge.search.names import MIN_CORRECTION_DF, CardMatcher, Vocabulary
from judge.search.text import MAX_QUERY_TERMS
from judge.search.wordcache import WordCache

# Query-side weights: a word in the passage's title or structure keys says more than one in its body;
# names the glossary adds count less than the user's own words.
W_BODY, W_TITLE, W_KEYS, W_CARD = 1.0, 1.0, 1.2, 2.5
W_TRANSLATION, W_SYNONYM = 0.6, 0.45
W_PHRASE_SYNONYM = 1.5     # pairs of a synonym phrase, as a share of the question's own pairs' weight
W_LOANWORD = 0.9            # the question's language's name of a game term the question said in the other language
COMMON_SHARE = 0.05          # a word held by more passages than this share is common
TRANSLATION_SHARE = 0.15     # translations into words more common than this are skipped (see below)
# A question word this long that no passage and no glossary name holds in any form may be a misspelt glossary word.
MIN_RESPELT = 6
W_TOLD = 0.8                # a word of a table card's text (cards.py) beside the question's own words
W_PAIR = 0.5                # two words of the question (or of a glossary name) side by side in the passage
# The rules' words for "more than one", which a number in a question stands for.
QUANTITY_TERMS = {"es": tuple(dict.fromkeys(S.analyze("varias varios cantidad", "es"))),
                  "en": tuple(S.analyze("multiple several", "en"))}
# A word's rarity is judged in passage text, or, for a word only titles and headings have ("Preparación"),
# in those.
BODY_FIELDS = frozenset(S.body_field(l) for l in S.LANGS)
LABEL_FIELDS = frozenset(f(l) for l in S.LANGS for f in (S.keys_field, S.title_field))

_NUMBER = re.compile(r"(?<![\w.])(\d{3}\.\d{1,3}[a-z]?|\d{3})(?![\w/])", re.IGNORECASE)
_RULE_WORD = re.compile(r"\b(regla|reglas|rule|rules|secci[oó]n|section)\s*$", re.IGNORECASE)
_SPANISH_MARKS = re.compile(r"[¿¡ñáéíóú]", re.IGNORECASE)
# Words that only shape a question ("what happens if…", "¿cuántas…?") and would otherwise match every
# passage that narrates events.
QUESTION_WORDS = frozenset("pasa pasar ocurre sucede happen happens mean means work works "
                           "funciona funcionan funcionar significa significan "
                           "cuanto cuanta cuantos cuantas cual cuales donde many much".split()) | frozenset(
    # Spanish players' chat: "q"/"k" (que), "xq"/"pq" (porque), "tmb"/"tb" (también), "osea", and the way they
    # address each other across Spain and Latin America ("che", "wey", "parce", "pana", "tío", "bro"): no rule is
    # about them, and as rare words they would count most
    "q k xq pq porq tmb tb osea che wey guey parce pana tio tia bro".split())
_PLAYERS_CHAT = frozenset("q k xq pq porq tmb tb osea che wey guey parce".split())
_ES_WORDS = frozenset("que como cuando cual cuanto cuantas cuantos si con la el los las de del una un es se mi "
                      "mis tu por para en y o puedo puede pasa hay al su sus le lo este esta esto me te nos son "
                      "soy tengo tienes tiene pero porque aunque hasta desde sobre entre otra otro mas muy yo "
                      "tambien ya cuanta donde quien".split())
_EN_WORDS = frozenset("what how when which the a an of to is are does do can i my if with in on and or it its "
                      "has have from that this there their they be by for".split())


# Spanish players cast with "tirar" ("le tiro un Rayo", "tiras un instant"), a verb the rules use only for rolling
# the planar die (116.2i, "tirar el dado planar"): read as "lanzar" unless a die follows or cards do ("tirar una
# carta", "tirar dos cartas": discarding, which the glossary reads).
_PLAYERS_CAST = re.compile(r"\btir(?:o|as|a|amos|áis|ais|an|ar|é|e|aste|ó|amos|aron|arle|arles|ándole)\b"
                           r"(?!\s+(?:(?:el|un|los|unos|dos|tres|\d+|mi|tu|su)\s+)?dados?\b)"
                           r"(?!\s+(?:(?:una|la|las|unas|mi|mis|tu|tus|su|sus|dos|tres|cuatro|cinco|\d+)\s+)?cartas?\b)",
                           re.IGNORECASE)


def players_words(text: str) -> str:
    """A Spanish question with the players' verbs whose literal word the rules use in another sense said as the
    rules say them (see _PLAYERS_CAST)."""
    return _PLAYERS_CAST.sub("lanzo", text)


@dataclass
class Clause:
    field: str
    term: str
    weight: float
    mask: int               # the question's words (bits) a passage matching this clause covers


@dataclass
class Question:
    numbers: list[str]                     # rule numbers named ("121.2a")
    lang: str | None                       # None when the question could be either language
    clauses: list[Clause]
    concept_weights: list[float]           # per question word: how much covering it counts (rarer: more)
    marks: dict[str, dict[str, float]]     # per language: terms to highlight -> weight (for the best sentence)
    cards: list[str]                       # card names recognised
    only_card: bool = False                # the question is a card's name and nothing else
    docs: list[str] = field(default_factory=list)   # documents the question names ("en doce vidas")
    said: dict[str, list[str]] = field(default_factory=dict)   # per language: the question's own terms
    doc_masks: dict[str, int] = field(default_factory=dict)    # named document -> the words that named it
    text: str = ""                         # the question as searched (table cards replaced by what they do)
    table_cards: tuple[str, ...] = ()      # cards of the shipped table it names (cards.py)
    # RulesIndex.ruleset_factors, once per question and index (the ranking and the game decision both read it)
    factors_memo: tuple[object, dict[str, float]] | None = field(default=None, repr=False, compare=False)
    # the question's text as each analysis reads it (text_terms), once per question: the game decision reads it
    # in several places
    terms_memo: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict, repr=False, compare=False)


def text_terms(p: Question, lang: str) -> tuple[str, ...]:
    """`S.analyze(p.text, lang)` ("es", "en", "name"), worked out once per question (kept on it, keyed by the text
    too: parse replaces the text read with the table cards' expansion)."""
    key = (lang, p.text)
    terms = p.terms_memo.get(key)
    if terms is None:
        terms = p.terms_memo[key] = tuple(S.analyze(p.text, lang))
    return terms


class QuestionReader:
    """Reads questions against one index: its glossary, its cards, its documents' titles, its term counts."""

    def __init__(self, glossary: Glossary, cards: CardMatcher, doc_titles: dict[str, tuple[str, set[str]]],
                 df: Callable[[str, str], int], doc_count: int, lang_docs: dict[str, int],
                 spelling: dict[str, "Vocabulary"] | None = None) -> None:
        self.glossary = glossary
        self.cards = cards
        self.doc_titles = doc_titles   # doc id -> (language, stemmed title words)
        self.df = df                   # (field, term) -> number of passages holding it
        self.doc_count = doc_count
        self.lang_docs = lang_docs     # passages per language
        self.spelling = spelling       # per language: the passages' terms, for misspelt question words
        self._glossary_words: dict[str, Vocabulary] = {}   # per language: the glossary's words, built when first asked
        # What each word is against this index (its forms, its spelling, which languages hold it; gamepick's
        # facts about a term), worked out once per word: wordcache.py.  Bounded and shared by request threads.
        self.words = WordCache()

    def language_by_vocabulary(self, text: str) -> str | None:
        """When function words do not tell: the language whose passages hold more of the question's words
        (only words one language's passages hold count; a corpus of one language decides nothing alone)."""
        if sum(1 for n in self.lang_docs.values() if n) < 2:
            return None
        votes = {l: 0 for l in S.LANGS}
        for w in S.analyze(text, "name"):
            has = self.words.get(("held-in", w), lambda: self._held_in(w))
            if len(has) == 1:
                votes[has[0]] += 1
        best = max(votes.values())
        winners = [l for l, v in votes.items() if v == best]
        return winners[0] if best and len(winners) == 1 else None

    def _held_in(self, word: str) -> tuple[str, ...]:
        """The languages whose passages' text holds one of the word's forms in that language."""
        return tuple(l for l in S.LANGS if any(self.df(S.body_field(l), t) for t in S.analyze(word, l)))

    def _read_word(self, lang: str, word: str) -> tuple[str, tuple[tuple[str, tuple[str, ...]], ...], bool]:
        """A question word of a `lang` question as read() takes it: the word itself or the glossary word it
        misspells (_respelt); its terms in each language, those of `lang` spelt as the passages spell them
        (_spelled); whether it is a word of the other language (_foreign).  Depends on the word and the index
        alone: kept in `words`."""
        word = self._respelt(lang, word)
        forms: dict[str, list[str]] = {}
        for l in S.LANGS:
            terms = S.analyze(word, l)
            forms[l] = [self._spelled(lang, t) for t in terms] if l == lang else terms
        return word, tuple((l, tuple(terms)) for l, terms in forms.items()), self._foreign(forms, lang)

    def common(self, lang: str, term: str) -> bool:
        """A term most passages of that language hold ("carta", "jugador")."""
        return self.df(S.body_field(lang), term) > COMMON_SHARE * max(1, self.lang_docs.get(lang, 0))

    def _spelled(self, lang: str, term: str) -> str:
        """The passages' term a misspelt question term stands for; the term itself when the passages or the
        glossary have it, or nothing is near."""
        vocabulary = (self.spelling or {}).get(lang)
        if (vocabulary is None or len(term) < 5 or not term.isalpha() or self.glossary.knows(term, lang)
                or any(self.df(f(lang), term) for f in (S.body_field, S.title_field, S.keys_field))):
            return term
        return vocabulary.correct(term) or term

    def glossary_words(self, lang: str) -> Vocabulary:
        """The words of the glossary's `lang` names as typed (folded, unstemmed): the players' words ("arrollar",
        "vigilancia", "encantamiento"), each counted as a word the passages hold often enough to be meant."""
        vocabulary = self._glossary_words.get(lang)
        if vocabulary is None:
            words = {w for c in self.glossary.concepts for name in c.names.get(lang, ())
                     for w in S.analyze(name, "name") if len(w) >= MIN_RESPELT and w.isalpha()}
            vocabulary = Vocabulary(dict.fromkeys(sorted(words), MIN_CORRECTION_DF))
            self._glossary_words[lang] = vocabulary
        return vocabulary

    def _respelt(self, lang: str, word: str) -> str:
        """The glossary word a misspelt question word stands for ("vijilancia" -> "vigilancia", "encantamineto" ->
        "encantamiento"): only a long word that neither the passages of either language nor the glossary know in
        any form, and one edit away (two from nine letters); the word itself otherwise."""
        if len(word) < MIN_RESPELT or not word.isalpha():
            return word
        for l in S.LANGS:
            for t in S.analyze(word, l):
                if self.glossary.knows(t, l) or any(self.df(f(l), t) for f in (S.body_field, S.title_field,
                                                                                 S.keys_field)):
                    return word
        return self.glossary_words(lang).correct(word) or word

    def _foreign(self, forms: dict[str, list[str]], lang: str | None) -> bool:
        """A word of a `lang` question that no passage of that language holds, in text or labels."""
        terms = forms.get(lang or "", [])
        return bool(terms) and not any(self.df(f(lang), t) for t in terms
                                       for f in (S.body_field, S.title_field, S.keys_field))

    def read(self, text: str, lang: str | None = None, told: tuple[tuple[int, int], ...] = ()) -> Question:
        """The question's rule numbers, language (`lang` when the caller has read it), scoring clauses and
        highlight terms.  `told`: spans of `text` that the question did not say itself (what a card of the
        shipped table does, cards.py), whose words weigh W_TOLD of the question's own."""
        numbers: list[str] = []
        for m in _NUMBER.finditer(text):
            n = m.group(1).lower()
            # A bare three-digit number is a rule only when the question says so or is little else.
            if "." in n or _RULE_WORD.search(text[: m.start()]) or len(text.split()) <= 2:
                if n not in numbers:
                    numbers.append(n)
        lang = lang or guess_language(text) or self.language_by_vocabulary(text)
        langs = [lang] if lang else list(S.LANGS)
        number_set = set(numbers)
        # One concept per meaningful word of the question, with its Spanish and English terms.
        kept = [(a, t) for a, _, t in S.term_spans(text, "name") if t not in number_set and t not in QUESTION_WORDS]
        told_mask = 0
        for i, (a, _) in enumerate(kept[:MAX_QUERY_TERMS]):
            if any(start <= a < end for start, end in told):
                told_mask |= 1 << i
        if lang == "es":
            text = players_words(text)   # one word for one (the spans above stay the question's words)
        words = [w for w in S.analyze(text, "name") if w not in number_set and w not in QUESTION_WORDS]
        words = words[:MAX_QUERY_TERMS]
        concept_terms: list[dict[str, list[str]]] = []
        if lang is not None and self.spelling is not None:
            # A misspelt word ("enderesar", "contrarestar", "biblioteka") is read as the passages' word one
            # edit away, unless the glossary knows it as it is (_read_word, once per word and index).
            read_words = [self.words.get(("read", lang, w), lambda w=w: self._read_word(lang, w)) for w in words]
            words = [w for w, _, _ in read_words]
            for _, forms, _ in read_words:
                concept_terms.append({l: list(terms) for l, terms in forms})
        else:
            for w in words:
                concept_terms.append({l: S.analyze(w, l) for l in S.LANGS})
        bits: dict[tuple[str, str], int] = {}
        for i, forms in enumerate(concept_terms):
            for l in S.LANGS:
                for t in forms[l]:
                    bits[(l, t)] = bits.get((l, t), 0) | (1 << i)
        weights_acc: dict[tuple[str, str], tuple[float, int]] = {}

        def add(field: str, term: str, weight: float, mask: int) -> None:
            # A term reached several ways (own word, synonym, translation) counts once, at its best weight
            # (max(old, weight) is the old weight unless the new one is greater: said without the call).
            key = (field, term)
            old = weights_acc.get(key)
            weights_acc[key] = (weight, mask) if old is None else (
                old[0] if old[0] >= weight else weight, old[1] | mask)

        marks: dict[str, dict[str, float]] = {l: {} for l in S.LANGS}
        for l in langs:
            for forms in concept_terms:
                for t in forms[l]:
                    mask = bits[(l, t)]
                    add(S.body_field(l), t, W_BODY, mask)
                    add(S.title_field(l), t, W_TITLE, mask)
                    add(S.keys_field(l), t, W_KEYS, mask)
                    marks[l][t] = 1.0
        # A word of the other language inside the question ("shroud", "trample", "mulligan" in a Spanish question)
        # that no passage of the question's language holds is the question's own word in that language.
        # per concept: a word of the other language inside the question (_foreign), asked four times below
        if lang is not None and self.spelling is not None:
            foreign = [is_foreign for _, _, is_foreign in read_words]
        else:
            foreign = [self._foreign(forms, lang) for forms in concept_terms] if lang is not None else []
        if lang is not None:
            for forms, is_foreign in zip(concept_terms, foreign):
                if is_foreign:
                    for l in S.LANGS:
                        if l != lang and any(self.df(S.body_field(l), t) for t in forms[l]):
                            for t in forms[l]:
                                mask = bits[(l, t)]
                                add(S.body_field(l), t, W_LOANWORD, mask)
                                add(S.title_field(l), t, W_LOANWORD * W_TITLE, mask)
                                add(S.keys_field(l), t, W_LOANWORD * W_KEYS, mask)
                                marks[l][t] = W_LOANWORD
            # Words of the question found side by side in a passage count extra, in either order and with
            # one word between them in the question ("tierras puedo jugar" meets "jugar una tierra").
            own = [(t, bits[(l, t)]) for forms in concept_terms for t in forms[l]]
            for i, (a, ma) in enumerate(own):
                for j in range(i + 1, min(i + 3, len(own))):
                    b, mb = own[j]
                    if a != b:
                        near = W_PAIR if j == i + 1 else W_PAIR * 0.6
                        add(S.pairs_field(l), a + S.PAIR_SEP + b, near, ma | mb)
                        add(S.pairs_field(l), b + S.PAIR_SEP + a, W_PAIR * 0.6, ma | mb)
        # The glossary: the other language's names of the game terms the question mentions, and synonyms.
        terms_by_lang = {l: [t for forms in concept_terms for t in forms[l]] for l in S.LANGS}
        # A word no passage of the question's language holds, that names a game term in the other language, is
        # a loanword ("companion", "untap", "lifelink" in a Spanish question): its translations are what it meant.
        loan = {l: {t for i, forms in enumerate(concept_terms) if foreign[i]
                    for t in forms[l]} for l in S.LANGS} if lang else {}
        # ... and the word each term was read from: a name the stemmer cut short matches only its own words
        expansions = self.glossary.expand(terms_by_lang, lambda l: [w for w, forms in zip(words, concept_terms)
                                                                    for _ in forms[l]], phrase_of(text))
        # A word of the question that neither it nor its glossary synonyms find in the question's language, but
        # whose translations the other language's passages hold ("vigilancia" when only the English CR has
        # vigilance): the other language must answer for it.
        unknown_word = False
        if lang is not None:
            found = {l: 0 for l in S.LANGS}   # per language: the question's words a glossary name of theirs finds
            for named, names in expansions:
                mask = 0
                for l in S.LANGS:
                    for t in named[l]:
                        mask |= bits.get((l, t), 0)
                for l in S.LANGS:
                    if any(self.df(S.body_field(l), t) for seq in names[l] for t in seq):
                        found[l] |= mask
            unknown_word = any(foreign[i] and not found[lang] >> i & 1
                               and any(found[l] >> i & 1 for l in S.LANGS if l != lang)
                               for i, forms in enumerate(concept_terms))
        for named, names in expansions:
            loanword = False
            if lang is not None and not named[lang]:
                other = [l for l in S.LANGS if l != lang and named[l]]
                if not other or not all(named[l] <= loan[l] for l in other):
                    continue  # found only in the other language's reading of words the question's language has
                loanword = True
            elif lang is not None and named[lang] <= loan[lang]:
                loanword = True   # a word the passages never use ("tutoreo"): its synonyms are all it can find
            phrase = any(len(named[l]) > 1 for l in S.LANGS)   # the question named it with several words
            mask = 0
            for l in S.LANGS:
                for t in named[l]:
                    mask |= bits.get((l, t), 0)
            for l in S.LANGS:
                # In the question's own language these are synonyms of what it said; in the other, translations
                # (even when a word reads the same in both: "persist" is also the Spanish stem of "persistir").
                own = l in langs and bool(named[l])
                w = W_SYNONYM if own else W_TRANSLATION
                if loanword and l in langs:
                    w, own = W_LOANWORD, True
                for seq in names[l]:
                    if own and (len(seq) == 1 and seq[0] in named[l] or _contains(terms_by_lang[l], seq)):
                        continue  # the question's own words, already weighted in full (and their pairs)
                    for t in seq:
                        marks[l].setdefault(t, w)
                        # A translation into a word most passages of that language hold ("card", "player")
                        # says little and costs the most to score: the question's language decides there.
                        # (Only when the question's own language has passages to find and holds all its words.)
                        if (not own and lang is not None and self.lang_docs.get(lang, 0) and not unknown_word
                                and self.df(S.body_field(l), t) > TRANSLATION_SHARE * self.lang_docs.get(l, 0)):
                            continue
                        share = w / len(seq) ** 0.5
                        # A common word of a longer name ("carta" in "carta boca abajo") does not say the
                        # passage covers the concept; its rarer words and their pairs do.
                        m = mask if len(seq) == 1 or not self.common(l, t) else 0
                        add(S.body_field(l), t, share * W_BODY, m)
                        add(S.keys_field(l), t, share * W_KEYS, m)
                    # Another wording of a phrase the question used ("biblioteca vacía" -> "biblioteca sin
                    # cartas") is found by its words side by side, which say as much as the question's own.
                    pw = W_PAIR * W_PHRASE_SYNONYM if own and phrase else w * W_PAIR
                    for pair in S.pairs(list(seq)):
                        add(S.pairs_field(l), pair, pw, mask)
        # A count in the question ("robar 3 cartas", "two cards") is what the rules call "varias" or "una
        # cantidad" ("Si a un jugador se le indica que robe varias cartas…").
        for i, forms in enumerate(concept_terms):
            if any(t.isdecimal() and int(t) >= 2 for l in langs for t in forms[l]):
                for l in langs:
                    for t in QUANTITY_TERMS[l]:
                        add(S.body_field(l), t, W_SYNONYM * W_BODY, 1 << i)
                        marks[l].setdefault(t, W_SYNONYM)
        # Card names, typos and missing accents forgiven: the correctly spelled words are searched.
        cards: list[str] = []
        named_words = 0
        for name, positions in self.cards.find(words):
            cards.append(name)
            named_words = max(named_words, len(set(positions)))
            mask = 0
            for pos in positions:
                mask |= 1 << pos
            for t in S.analyze(name, "name"):
                add(S.CARD, t, W_CARD, mask)
            for t in S.analyze(name, "es"):
                add(S.body_field("es"), t, W_BODY, mask)
                marks["es"].setdefault(t, 1.0)
        # Words only a table card's text brought (none of the question's own) say what the card does, not what is
        # asked: they count less, in the clauses and in the coverage
        clauses = [Clause(f, t, w * W_TOLD if m and not m & ~told_mask else w, m)
                   for (f, t), (w, m) in weights_acc.items()]
        # A rare word of the question counts more towards coverage than a common one; a word the corpus only
        # has in translation (an English question over Spanish documents) is weighed by its translations.
        # The question's own language decides a word's weight; a translation only weighs a word the question's
        # language has no passage for (a rare Spanish translation would otherwise make a common English word
        # count most).
        concept_weights = [0.0] * len(concept_terms)
        own_fields = {f(l) for l in langs for f in (S.body_field, S.title_field, S.keys_field)}
        # per kind of field, in clause order: each clause that can weigh a word, its field, idf and words (both
        # passes below read them: one df look-up and one idf per clause)
        rare: dict[frozenset[str], list[tuple[str, float, list[int]]]] = {BODY_FIELDS: [], LABEL_FIELDS: []}
        for c in clauses:
            kind = BODY_FIELDS if c.field in BODY_FIELDS else LABEL_FIELDS if c.field in LABEL_FIELDS else None
            if kind is not None and c.mask:
                df = self.df(c.field, c.term)
                if df:
                    rare[kind].append((c.field, math.log(1 + self.doc_count / (1 + df)),
                                       _bits(c.mask, len(concept_terms))))
        for group in (own_fields, None):
            seen = [w > 0 for w in concept_weights]
            for fields in (BODY_FIELDS, LABEL_FIELDS):   # labels only for words no passage text has
                for field_name, idf, positions in rare[fields]:
                    if group is None or field_name in group:
                        for i in positions:
                            if idf > concept_weights[i] and not seen[i] and (
                                    fields is BODY_FIELDS or not body_seen[i]):
                                concept_weights[i] = idf
                if fields is BODY_FIELDS:
                    body_seen = [w > 0 for w in concept_weights]
        if told_mask:
            concept_weights = [w * W_TOLD if told_mask >> i & 1 else w for i, w in enumerate(concept_weights)]
        said = {l: {t for forms in concept_terms for t in forms[l]} for l in S.LANGS}
        docs = [d for d, (l, title_words) in self.doc_titles.items() if title_words <= said[l]]
        # The words naming a document ("doce vidas") are covered by every passage of it.
        doc_masks = {d: functools.reduce(operator.or_, (bits.get((l, t), 0) for t in title_words), 0)
                     for d, (l, title_words) in self.doc_titles.items() if d in docs}
        return Question(numbers, lang, clauses, concept_weights, marks, cards,
                       only_card=bool(cards) and named_words == len(words), docs=docs, doc_masks=doc_masks,
                       said={l: [t for t in terms_by_lang[l] if t not in number_set] for l in langs})



def _bits(mask: int, count: int) -> list[int]:
    """The positions of `mask`'s set bits below `count`, lowest first (a clause covers a few of the question's
    words: looking at those alone instead of testing every word's bit)."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        if i >= count:
            break
        out.append(i)
        mask ^= low
    return out


def _contains(terms: list[str], seq: tuple[str, ...]) -> bool:
    """Whether `seq` occurs in `terms` as a run of consecutive terms."""
    n = len(seq)
    return any(tuple(terms[i:i + n]) == seq for i in range(len(terms) - n + 1))


def guess_language(text: str) -> str | None:
    """"es", "en" or None (could be either): function words and Spanish punctuation/accents decide."""
    words = [w.strip("¿?¡!.,;:()«»\"'") for w in S.fold(text).split()]
    es = sum(w in _ES_WORDS or w in _PLAYERS_CHAT for w in words) + 2 * bool(_SPANISH_MARKS.search(text))
    en = sum(w in _EN_WORDS for w in words)
    if es > en:
        return "es"
    if en > es:
        return "en"
    return None
