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

from judge.search.text import words_per_sentence

# Sentences that say what a rule is called, point elsewhere or only name the rule: they answer nothing.
_NAMING = re.compile(r"informally called|is called|see rule|see also|se (?:la |le )?(?:llama|denomina)|"
                     r"ver la regla|véase|^example|^ejemplo|this rule|esta regla", re.IGNORECASE)
# A clause that rules: what can, can't, must or may happen.
_RULING = re.compile(r"\b(?:can(?:'|’)?t|cannot|can|may|must|doesn(?:'|’)?t|isn(?:'|’)?t|aren(?:'|’)?t|won(?:'|’)?t|"
                     r"only|never|instead|unless|loses?|no puede[n]?|puede[n]?|debe[n]?|solo|sólo|nunca|"
                     r"en vez de|a menos que|pierde)\b", re.IGNORECASE)
NAMING_FACTOR = 0.3
RULING_BONUS = 1.3
DECIDING_SHARE = 0.6     # a further rule decides too when it scores this share of the first
MAX_DECIDING = 3
SITUATION_WORDS = 6      # a question of this many words or more describes a situation


@dataclass(frozen=True)
class Clause:
    start: int
    end: int


def deciding_clause(text: str, lang: str, weights: dict[str, float],
                    found: list[tuple[int, int, str]] | None = None,
                    spans: list[tuple[int, int]] | None = None) -> Clause:
    """The sentence of `text` that decides: the question's words it holds (weighted), times RULING_BONUS for a
    clause that rules and NAMING_FACTOR for one that names or points; ties go to the earlier sentence.
    `found` is `term_spans(text, lang)` and `spans` is `sentences(text)` when the caller already has them."""
    spans, seen = words_per_sentence(text, lang, weights, found, spans)
    best, best_score = spans[0], -1.0
    for (a, b), words in zip(spans, seen):
        sentence = text[a:b].strip()
        score = sum(weights[t] for t in words)
        if _NAMING.search(sentence):
            score *= NAMING_FACTOR
        elif _RULING.search(sentence):
            score *= RULING_BONUS
        if len(sentence.split()) <= 3:      # a heading ("702.19. Trample") names, it does not rule
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
