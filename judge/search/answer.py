"""The answer on top: the clause that decides the question, and for a situation the two or three rules deciding it.

A rule's best sentence for an answer is the one that rules (it says what can, can't, must or may happen) among those
holding the question's words, not the sentence that names or defines it ("This rule is informally called…",
"Playing a land is a special action."): 302.6's "can't attack unless…" answers "can my creature with summoning
sickness block?".  A situation question ("I block X with Y, what happens?") is decided by several rules (the
combat damage rule, the keyword's rule): the first results of other rules that score close to the first are shown
beside it.  Where the question's language has the same rule number (a Spanish excerpt of the CR), it is shown in
that language.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from judge.search.schema import term_spans
from judge.search.text import words_per_sentence

# Sentences that say what a rule is called, point elsewhere or only name the rule: they answer nothing.
_NAMING = re.compile(r"informally called|is called|see rule|see also|se (?:la |le )?(?:llama|denomina)|"
                     r"ver la regla|véase|^example|^ejemplo|this rule|esta regla", re.IGNORECASE)
# A clause that rules: what can, can't, must or may happen.
_RULING = re.compile(r"\b(?:can(?:'|’)?t|cannot|can|may|must|doesn(?:'|’)?t|isn(?:'|’)?t|aren(?:'|’)?t|won(?:'|’)?t|"
                     r"only|never|instead|unless|loses?|no puede[n]?|puede[n]?|debe[n]?|solo|sólo|nunca|"
                     r"en vez de|a menos que|pierde)\b", re.IGNORECASE)
NAMING_FACTOR = 0.3
# A rule's "Example:" paragraphs illustrate it with cards ("Elvish Regrower's controller can assign all 4 damage…",
# 510.1c): their sentences hold many of the question's words and often a modal, but the rule's own statement before
# them is what decides.  Every sentence from the first "Example:" on weighs EXAMPLE_FACTOR.
EXAMPLE_FACTOR = 0.3
_EXAMPLE = re.compile(r"(?:^|\n|(?<=[.:]) )\s*(?:Examples?|Ejemplos?):", re.IGNORECASE)
RULING_BONUS = 1.3
# What the question asks, read from its wording (Asks): "¿puedo…?", "can my…?" asks whether something may happen, so
# a sentence that only describes ("To play a land, a player puts…") answers it less; a clause counting times ("only
# once each turn") answers "how many", not "when"; a clause whose modal follows one of the question's words ("A
# creature can't attack") says what that thing can do.
NOT_RULING_FACTOR = 0.6
COUNT_FACTOR = 0.8
SUBJECT_BONUS = 1.2
_PERMISSION = re.compile(r"\b(?:puedo|puedes|podemos|pueden|se puede[n]?|can|could|may)\b", re.IGNORECASE)
_COUNT_QUESTION = re.compile(r"\b(?:cu[aá]nt[oa]s?|how many|how much|how often|veces|times|\d+)\b", re.IGNORECASE)
_COUNT_CLAUSE = re.compile(r"\b(?:once|twice|one time|una vez|dos veces|una sola vez)\b", re.IGNORECASE)
DECIDING_SHARE = 0.6     # a further rule decides too when it scores this share of the first
MAX_DECIDING = 3
SITUATION_WORDS = 6      # a question of this many words or more describes a situation


@dataclass(frozen=True)
class Clause:
    start: int
    end: int


@dataclass(frozen=True)
class Asks:
    """What a question's wording asks: whether something may happen (`permission`), how many (`count`)."""
    permission: bool = False
    count: bool = False


@lru_cache(maxsize=256)      # asked once per answer-block rule of a question: the recent questions' kept
def question_asks(question: str) -> Asks:
    """"puedo jugar una tierra en el turno del oponente" -> Asks(permission=True, count=False)."""
    return Asks(permission=bool(_PERMISSION.search(question)), count=bool(_COUNT_QUESTION.search(question)))


class Traits(NamedTuple):
    """What deciding_clause reads of one sentence whatever the question: it names or points (_NAMING), it rules
    (_RULING), it counts times (_COUNT_CLAUSE), it is three words or fewer."""
    naming: bool
    ruling: bool
    counting: bool
    short: bool


def sentence_traits(text: str, spans: list[tuple[int, int]]) -> list[Traits]:
    """The Traits of each sentence span of `text`: the same for every question (hits.Passages keeps them)."""
    out: list[Traits] = []
    for a, b in spans:
        sentence = text[a:b].strip()
        out.append(Traits(bool(_NAMING.search(sentence)), bool(_RULING.search(sentence)),
                          bool(_COUNT_CLAUSE.search(sentence)), len(sentence.split()) <= 3))
    return out


def deciding_clause(text: str, lang: str, weights: dict[str, float],
                    found: list[tuple[int, int, str]] | None = None,
                    spans: list[tuple[int, int]] | None = None, asks: Asks | None = None,
                    placed: list[tuple[int, str]] | None = None, traits: list[Traits] | None = None) -> Clause:
    """The sentence of `text` that decides: the question's words it holds (weighted), times RULING_BONUS for a
    clause that rules and NAMING_FACTOR for one that names or points, EXAMPLE_FACTOR for a sentence of the rule's
    "Example:" paragraphs; ties go to the earlier sentence.
    `asks` (question_asks) weighs a clause by what the question asks: NOT_RULING_FACTOR for one that does not rule
    when the question asks whether something may happen, COUNT_FACTOR for a clause counting times when it does not
    ask how many, SUBJECT_BONUS when the clause's modal follows one of the question's words.
    `found` is `term_spans(text, lang)`, `spans` is `sentences(text)`, `placed` is `text.placements(found, spans)`
    and `traits` is `sentence_traits(text, spans)` when the caller already has them."""
    if found is None:
        found = term_spans(text, lang)
    spans, seen = words_per_sentence(text, lang, weights, found, spans, placed)
    if traits is None:
        traits = sentence_traits(text, spans)
    # where the question's words end in the text: a modal right after one has it as its subject
    ends = {e for _, e, t in found if t in weights} if asks is not None else set()
    best, best_score = spans[0], -1.0
    example = _EXAMPLE.search(text)
    examples_from = example.start() if example is not None and example.start() > 0 else len(text)
    for (a, b), words, trait in zip(spans, seen, traits):
        score = sum(weights[t] for t in words)
        if a >= examples_from:
            score *= EXAMPLE_FACTOR
        if trait.naming:
            score *= NAMING_FACTOR
        elif trait.ruling:
            score *= RULING_BONUS
            if asks is not None and any(m.start() - 1 in ends or m.start() - 2 in ends
                                        for m in _RULING.finditer(text, a, b)):
                score *= SUBJECT_BONUS
        elif asks is not None and asks.permission:
            score *= NOT_RULING_FACTOR
        if asks is not None and not asks.count and trait.counting:
            score *= COUNT_FACTOR
        if trait.short:      # a heading ("702.19. Trample") names, it does not rule
            score *= NAMING_FACTOR
        if score > best_score + 1e-9:
            best, best_score = (a, b), score
    return Clause(*best)


def is_situation(question_words: int) -> bool:
    return question_words >= SITUATION_WORDS


def related(a: str | None, b: str | None) -> bool:
    """Whether two rule numbers are one rule (the same, or one a sub-rule of the other: 702.19 and 702.19b)."""
    if not a or not b:
        return False
    return a == b or b.startswith(a) and not b[len(a):len(a) + 1].isdigit() or \
        a.startswith(b) and not a[len(b):len(b) + 1].isdigit()
