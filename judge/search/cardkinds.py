"""The rules of a kind of card only when the question is about that kind of card (issue 15, branch `enmrr`).

708-722 and a few rules after them each state how one kind of card or one designation works (708 Face-Down Spells
and Permanents, 709 Split Cards, 712 Double-Faced Cards, 715 Adventurer Cards, 725 The Monarch…), and they restate
the general rules for that kind in the general rules' words: "715.3d Instead of putting a spell that was cast as
an Adventure into its owner's graveyard as it resolves, its controller exiles it. For as long as that card remains
exiled, that player may play it" holds every word of a question about casting a card from exile, and came first
for such a question that has no Adventure in it (quiz_en_dev, fused path, main 723ee17) where 614.17 decides.
Such a rule decides a question only when the question names its kind, in either language (players' words
included: "morph", "boca abajo", "DFC", "transformar", "mutar"), or names the rule's number: unasked.demote moves
its passages past the first unasked.KEYWORD_DEPTH other passages otherwise, as it does a keyword's.

A table of players' words, as variants.py's is: a kind's rule heading alone misses how players say it ("mutate"
for 730 Merging with Permanents, "transform" for 712).  Accents are stripped before matching.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from judge.search import crossref
from judge.search.text import plain as _plain

if TYPE_CHECKING:   # query.py imports unasked.py, which imports this module: the types only
    from judge.search.query import RulesIndex

# Each kind's rule (three digits) by the words, English and Spanish (without accents), that name it.
_WORDS: tuple[tuple[int, str], ...] = (
    (708, r"\bface[- ]?(?:down|up)\b|\bmorph|\bmegamorph|\bmanifest|\bdisguise|\bcloak|\bboca (?:abajo|arriba)\b"
          r"|\bmanifestad?|\bdisfraz|\bencubiert"),
    (709, r"\bsplit\b|\bfuse\b|\bsplit cards?\b|\bcartas? partidas?\b|\bcartas? divididas?\b|\bfusionar\b"),
    (710, r"\bflip cards?\b|\bflipped\b|\bcartas? (?:que se )?voltea"),
    (711, r"\blevel(?:er|s)?\b|\blevel up\b|\bnivel(?:es)?\b"),
    (712, r"\bdouble[- ]faced\b|\bdfcs?\b|\btransform|\bmdfcs?\b|\bmodal\b|\bmeld|\bback face\b|\bfront face\b"
          r"|\bconvert|\bdos caras\b|\bdoble cara\b|\btransforma|\bcara (?:trasera|frontal|delantera)\b"
          r"|\bfusiona|\bconvierte"),
    (713, r"\bsubstitute cards?\b|\bchecklist\b|\bcartas? (?:de )?sustitu"),
    (714, r"\bsagas?\b|\bchapters?\b|\blore counters?\b|\bcapitulos?\b|\bcontadores? de saber\b"),
    (715, r"\badventur|\baventur"),
    (716, r"\bclass(?:es)?\b|\bclases?\b"),
    (717, r"\battractions?\b|\batracci"),
    (718, r"\bprototype|\bprototipo"),
    (719, r"\bcase cards?\b|\bcases?\b|\bsolved?\b|\bcasos?\b|\bresuel"),
    (720, r"\bomens?\b|\bpresagios?\b"),
    (721, r"\bstation|\bestaci"),
    (722, r"\bprepar"),
    (725, r"\bmonarch|\bmonarca"),
    (726, r"\binitiative\b|\bundercity\b|\biniciativa\b|\binfraciudad\b"),
    (728, r"\brad\b"),
    (730, r"\bmerg|\bmutat|\bmutar|\bmutad|\bmuta\b|\bfusion"),
    (731, r"\bday\b|\bnight|\bdaybound\b|\bdia\b|\bnoche\b|\bdiurn|\bnocturn"),
)
KINDS: tuple[tuple[int, re.Pattern[str]], ...] = tuple((section, re.compile(words, re.IGNORECASE))
                                                      for section, words in _WORDS)
_SECTIONS = frozenset(section for section, _ in KINDS)


def named_kinds(text: str) -> frozenset[int]:
    """The kinds' rules (their three-digit numbers) the question's words name."""
    plain = _plain(text)
    return frozenset(section for section, pattern in KINDS if pattern.search(plain))


def passage_kinds(index: "RulesIndex") -> list[int]:
    """Per passage, the kind's rule it is under (its three-digit number), 0 for the others.  Made once per
    index and kept on it."""
    return crossref.kept_on(index, "_card_kinds", _make_kinds)


def _make_kinds(index: "RulesIndex") -> list[int]:
    out = [0] * len(index.rows)
    for d, r in enumerate(index.rows):
        number = r.current if r is not None else None
        if number and r is not None and r.ruleset and len(number) >= 3 and number[:3].isdigit() and \
                (len(number) == 3 or number[3] == ".") and int(number[:3]) in _SECTIONS:
            out[d] = int(number[:3])
    return out
