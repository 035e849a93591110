"""A keyword's rules only when the question names the keyword (issue 15).

The rules of a keyword ability (702.2 Deathtouch … 702.19 Trample …) and of a keyword action (701.2 Activate …
701.23 Search …) restate the general rules with that keyword's
twist, in the general rules' own words: "702.19b The controller of an attacking creature with trample first
assigns damage to the creature(s) blocking it…" holds every word of "a 4/4 attacks and is blocked by two
creatures: how is the damage assigned?", so it came first for combat questions that have no trample in them (6
of quiz_en_dev's questions answered at rank 2–5 had 702.19b first) while 510.1c decides them.  Such a rule
decides a question only when the question names its keyword, in either language ("trample", "arrollar"; not
only inside a card's name or quoted text, below): its passages (the rule and its sub-rules) move down past the
first KEYWORD_DEPTH other passages otherwise.  A question naming the rule's number keeps it where it is.

Words of the question are no naming of a keyword when they are only part of a card it names (incidental_terms,
issue 15, branch `enmrr`): the card's name, or its quoted text.  A question naming the card Explore ("You may
play an additional land this turn…") is about playing lands, not about the keyword action 701.44 Explore, whose
701.44a came first (305.1 decides); a question quoting a card that says "Search your library…" is about what the
card does, and 701.23's rules came before the rule that decides.  The keyword's rule decides when the question's
own words name it ("a creature with trample", "can it counter an artifact creature spell?").  A card's name is
the quiz's and the players' way of quoting a card: a name in capitals right before its quoted text ("Explore
(\"…\")", "Kor Skyfisher (which has: \"…\")"), and every later occurrence of that name; its text is a quotation
of situation.py's of at least CARD_TEXT_WORDS words ('"deathtouch"' quoted alone is the keyword's name).  (Words
the stemmer folds onto a keyword's were tried too, "enchantment" onto Enchant: "equipment" is Equip's the same
way, and regression_en's question on attaching an Equipment lost 702.6.)

A candidate filter after the ranking, as variants.demote is: the shipped re-ranker weights stay as trained.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from judge.search import cardkinds
from judge.search import crossref
from judge.search import schema as S
from judge.search import situation
from judge.search import variants

if TYPE_CHECKING:   # query.py imports this module: the types only
    from judge.search.query import RulesIndex
    from judge.search.question import Question

# Keyword actions and abilities: 701.2 and 702.2 onwards (701.1 and 702.1 are their sections' general rules).
_KEYWORD_RULE = re.compile(r"^(70[12]\.(?:[2-9]|\d{2,3}))(?:[a-z]|$)")
# Other passages a keyword's passage the question does not name gives way to (None: after every other).
KEYWORD_DEPTH: int | None = 10

# A card's name in capitals right before its quoted text: "Explore (\"…\")", "Traverse the Ulvenwald (\"…\")",
# "Elspeth, Sun's Champion (\"…\")", "Kor Skyfisher (which has: \"…\")"; the small words a name joins by
# ("of", "the", "with", "de") may be lower-case.
_CAP = r"[A-Z\u00c0-\u00de][\w'\u2019-]*"
_JOIN = r"(?:,?\s+(?:(?:of|the|with|to|from|and|in|on|for|de|del|la|el|los|las|y)\s+)*)"
# A quotation of at least this many words is a card's text (a keyword's name quoted alone is shorter).
CARD_TEXT_WORDS = 4
_CARD_BEFORE_QUOTE = re.compile(rf"({_CAP}(?:{_JOIN}{_CAP})*)\s*\(\s*(?:which has:\s*)?[\"\u201c\u00ab]")


def keyword_terms(index: "RulesIndex") -> list[frozenset[str]]:
    """Per passage of a keyword action's or ability's rule, the analysed words of that keyword's name (its rule's heading,
    "702.19. Trample" -> {"trampl"}), in the passage's language; empty for every other passage.  Made once per
    index and kept on it."""
    return crossref.kept_on(index, "_keyword_terms", _make_keyword_terms)


def _make_keyword_terms(index: "RulesIndex") -> list[frozenset[str]]:
    rows, stored = index.rows, index._stored
    names: dict[tuple[str, str], frozenset[str]] = {}
    for d, r in enumerate(rows):
        if r is not None and r.current and _KEYWORD_RULE.match(r.current) and "." in r.current and \
                not r.current[-1].isalpha() and r.lang in S.LANGS:
            names[(r.doc, r.current)] = frozenset(S.analyze(str(stored[d].get(S.TEXT_F, "") or ""), r.lang))
    out: list[frozenset[str]] = [frozenset()] * len(rows)
    for d, r in enumerate(rows):
        m = _KEYWORD_RULE.match(r.current or "") if r is not None else None
        if m is not None and r is not None:
            out[d] = names.get((r.doc, m.group(1)), frozenset())
    return out


def card_name_spans(text: str) -> list[tuple[int, int]]:
    """Where `text` names a card: each name in capitals right before its quoted text, and every later
    occurrence of that name as written (the question goes on to say "as Explore resolves")."""
    spans: list[tuple[int, int]] = []
    for m in _CARD_BEFORE_QUOTE.finditer(text):
        name = m.group(1)
        spans.append((m.start(1), m.end(1)))
        for again in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text[m.end():]):
            spans.append((m.end() + again.start(), m.end() + again.end()))
    return spans


def card_text_spans(text: str) -> list[tuple[int, int]]:
    """Where `text` quotes a card's text: each quotation of situation.py's of at least CARD_TEXT_WORDS words
    ('"deathtouch"' or '"first strike"' quoted alone is the keyword's name, not a card's text)."""
    return [(m.start(), m.end()) for m in situation.QUOTED.finditer(text)
            if len(m.group().split()) >= CARD_TEXT_WORDS]


def incidental_terms(text: str, lang: str, words: frozenset[str]) -> bool:
    """Whether the question's words that make the keyword's terms `words` are all part of a card it names:
    inside the card's name (card_name_spans) or its quoted text (card_text_spans).  False when no word of
    `text` makes them (they came from the glossary's translations or players' words: a naming)."""
    found = [(a, b) for a, b, t in S.term_spans(text, lang) if t in words]
    if not found:
        return False
    spans = card_name_spans(text) + card_text_spans(text)
    return all(any(x <= a and b <= y for x, y in spans) for a, b in found)


def demote(index: "RulesIndex", p: "Question", order: list[int], ranked: dict[int, tuple[float, bool]]
           ) -> list[int]:
    """`order` with the passages of keyword rules whose keyword the question does not name, and those of the
    rules of a kind of card it does not name (cardkinds.py), moved past the first KEYWORD_DEPTH other passages of
    their game, each group keeping its order; passages found by a number the question names stay where they are.
    The scores shown keep the order shown (as variants.demote hands them out)."""
    names, kinds = keyword_terms(index), cardkinds.passage_kinds(index)
    rows = index.rows
    kept, moved = [], []
    incidental: dict[tuple[str, frozenset[str]], bool] = {}   # per keyword: named only as part of a card
    asked: frozenset[int] | None = None                        # the kinds of card the question names
    for d in order:
        words = names[d]
        lang = rows[d].lang if rows[d] is not None else ""  # type: ignore[union-attr]
        if ranked.get(d, (0.0, False))[1]:
            kept.append(d)
            continue
        if kinds[d]:   # a kind of card's rule (cardkinds.py): when the question names that kind
            if asked is None:
                asked = cardkinds.named_kinds(p.text)
            (kept if kinds[d] in asked else moved).append(d)
            continue
        if not words:
            kept.append(d)
            continue
        named = bool(words & p.marks.get(lang, {}).keys())
        if named:
            key = (lang, words)
            if key not in incidental:
                incidental[key] = incidental_terms(p.text, lang, words)
            named = not incidental[key]
        (kept if named else moved).append(d)
    if not moved:
        return order
    # past KEYWORD_DEPTH passages of their own game (the other game's, put after the first five anyway by
    # rerank.game_first, do not count)
    game = rows[moved[0]].ruleset  # type: ignore[union-attr]
    at, seen = len(kept), 0
    for i, d in enumerate(kept):
        if KEYWORD_DEPTH is not None and seen >= KEYWORD_DEPTH:
            at = i
            break
        seen += rows[d].ruleset in (game, "")  # type: ignore[union-attr]
    new = kept[:at] + moved + kept[at:]
    variants.scores_follow(order, new, ranked)
    return new
