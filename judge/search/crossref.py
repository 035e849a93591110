"""The CR's own structure as evidence for the second stage (rerank.py, issue 15): its cross-references ("See
rule 702.19", "as described in rules 601.2 and 601.3"), its glossary's pointers (the CR glossary entry "Trample …
See rule 702.19, “Trample.”" names the rule of the term), the heading a sub-rule sits under (702.19b under
702.19 "Trample") and the examples a rule ends with ("Example: A 2/2 creature with trample…").

Built once per index from the stored passages (RulesIndex._stored), lazily at the first re-ranked question; no
question or answer is in it.  The engine does not read it; only search's second stage does.
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable, TypeVar

from judge.search import schema as S
from judge.search import situation

T = TypeVar("T")

if TYPE_CHECKING:   # query.py imports rerank.py, which imports this module: the types only
    from judge.search.query import RulesIndex
    from judge.search.question import Question

# "rule 702.19", "rules 601.2 and 601.3", "rules 613.1–613.5", "rule 702.19c": the CR's way of pointing (English);
# "regla 116.2a", "reglas 121.1 y 121.2" in the Spanish seed pages.
_NUMBER = r"\d{3}(?:\.\d+[a-z]?)?"
_REFERENCE = re.compile(rf"\b(?:rules?|reglas?|sections?)\s+({_NUMBER}(?:(?:\s*,\s*(?:and\s+|or\s+|y\s+|o\s+)?|"
                        rf"\s+(?:and|or|y|o|through)\s+|\s*[–-]\s*){_NUMBER})*)", re.IGNORECASE)
_ONE_NUMBER = re.compile(_NUMBER)
_EXAMPLE = re.compile(r"(?:^|\n)\s*(?:Example|Ejemplo)s?:", re.IGNORECASE)

# Passages brought into the second stage by the structure (the rules a listed passage or a named glossary term
# points to, and their sub-rules): at most this many per question, the children of one cited rule at most
# CHILDREN_PER_RULE, taken from the references of the first CITING_DEPTH candidates.
MAX_BROUGHT = 24
CHILDREN_PER_RULE = 6
CITING_DEPTH = 10
# A situation's kind (situation.py) brings in the first TOPIC_PASSAGES passages of the first TOPIC_RULES rules
# whose heading names it (603.1, 603.2, 603.2a… for a quoted trigger): where the CR states the general rule.
TOPIC_RULES = 2
TOPIC_PASSAGES = 8


def parent_number(number: str | None) -> str | None:
    """702.19b -> 702.19; 702.19 -> 702; 702 -> None."""
    if not number:
        return None
    if number[-1].isalpha():
        return number.rstrip("abcdefghijklmnopqrstuvwxyz") or None
    if "." in number:
        return number.split(".", 1)[0]
    return None


def cited_numbers(text: str) -> list[str]:
    """The rule numbers a passage's text points to, in order, each once."""
    out: dict[str, None] = {}
    for m in _REFERENCE.finditer(text):
        for n in _ONE_NUMBER.findall(m.group(1)):
            out.setdefault(n.lower(), None)
    return list(out)


def example_text(text: str) -> str:
    """The "Example:" paragraphs of a rule's text ('' when it has none)."""
    m = _EXAMPLE.search(text)
    return text[m.start():] if m else ""


@dataclass
class Structure:
    """Per passage: the numbers it cites (existing in its document), who cites each number, each passage's
    example terms; per glossary entry: its analysed name and the rules it names."""
    cites: list[tuple[str, ...]]                                   # per passage number
    cited_by: dict[tuple[str, str], list[int]]                     # (document, number) -> citing passages
    example_terms: list[frozenset[str]]                            # per passage: analysed words of its examples
    heading_terms: list[frozenset[str]]                            # per passage: its rule's heading, analysed
    glossary: list[tuple[str, frozenset[str], int, str, tuple[str, ...]]] = field(default_factory=list)
    # (language, name's analysed words, the entry's passage, its document, the numbers it cites)
    headed: list[tuple[frozenset[str], str, str]] = field(default_factory=list)
    # per three-digit rule of an English document ("603"): its heading and section's analysed words, document, number
    under: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    # (document, three-digit number) -> the passages under it, in document order
    place: dict[int, int] = field(default_factory=dict)   # passage -> its place in its `under` list
    glossary_by_term: dict[tuple[str, str], list[int]] = field(default_factory=dict)   # -> glossary entries
    text_terms: list[frozenset[str]] = field(default_factory=list)   # per passage: its own text, analysed
    rule_of: list[int] = field(default_factory=list)   # per passage: the passage of its rule (702.19 for 702.19b), -1
    passage_of: dict[tuple[str, str], int] = field(default_factory=dict)   # (document, number) -> its passage

    def __post_init__(self) -> None:
        for passages in self.under.values():
            for k, d in enumerate(passages):
                self.place[d] = k
        for k, (lang, words, *_rest) in enumerate(self.glossary):
            for t in words:
                self.glossary_by_term.setdefault((lang, t), []).append(k)

    def topics(self, p: "Question") -> dict[tuple[str, str], int]:
        """(document, three-digit rule) whose heading names a kind the question's situation is of -> the order
        in which it was named (situation.cr_terms; first TOPIC_RULES rules per kind)."""
        out: dict[tuple[str, str], int] = {}
        for kind in situation.cr_terms(p.text):
            words = frozenset(t for t in S.analyze(kind, "en") if t.isalnum())
            found = 0
            for heading, doc, num in self.headed:
                if words and words <= heading and found < TOPIC_RULES:
                    out.setdefault((doc, num), len(out))
                    found += 1
        # the rule a kind the CR states in one sub-rule is decided by ("can't" effects: 614.17), in each English
        # document that has it
        for number in situation.cr_rules(p.text):
            for doc in self.english_docs:
                if (doc, number) in self.passage_of:
                    out.setdefault((doc, number), len(out))
        return out

    @property
    def english_docs(self) -> list[str]:
        """The documents with numbered English rules (the CR), in name order."""
        return sorted({doc for doc, _ in self.under})

    def topic_passages(self, key: tuple[str, str]) -> list[int]:
        """A topic's passages in document order: a three-digit rule's (its heading aside), or a sub-rule's and its
        lettered sub-rules' (614.17, 614.17a…: situation.cr_rules)."""
        doc, number = key
        if "." not in number:
            return self.under.get(key, [])
        d = self.passage_of.get(key)
        if d is None or d not in self.place:
            return []
        passages = self.under.get((doc, number.split(".", 1)[0]), [])
        out = [d]
        for e in passages[self.place[d] + 1:]:
            if self.rule_of[e] != d:
                break
            out.append(e)
        return out

    def topic_place(self, d: int, doc: str, number: str | None, topics: dict[tuple[str, str], int]) -> int | None:
        """Where passage `d` (of `doc`, numbered `number`) comes among the passages of a topic of the question, None
        when it is under none: its place under its three-digit rule, or under the sub-rule a kind names."""
        if not number or d not in self.place:
            return None
        if (doc, number.split(".", 1)[0]) in topics:
            return self.place[d]
        for key in ((doc, number), (doc, parent_number(number) or "")):
            if key in topics and key in self.passage_of:
                return self.place[d] - self.place.get(self.passage_of[key], 0)
        return None

    def named_rules(self, p: "Question") -> dict[tuple[str, str], tuple[int, int]]:
        """(document, number) of the rules the glossary entries the question names point to -> the entry's
        passage and its name's number of words.  An entry is named when every word of its name is among the
        question's terms of its language (the glossary's translations included: a Spanish question saying
        "arrollar" names "Trample")."""
        terms: dict[str, set[str]] = {}
        for c in p.clauses:
            terms.setdefault(c.field.rsplit("_", 1)[-1], set()).add(c.term)
        out: dict[tuple[str, str], tuple[int, int]] = {}
        # only the entries one of whose words the question has (most questions name a few of ~700)
        seen = {k for lang, ts in terms.items() for t in ts for k in self.glossary_by_term.get((lang, t), ())}
        for k in sorted(seen):
            lang, words, d, doc, numbers = self.glossary[k]
            if words <= terms.get(lang, set()):
                for n in numbers:
                    if (doc, n) not in out or out[(doc, n)][1] < len(words):
                        out[(doc, n)] = (d, len(words))
        return out


def build(index: "RulesIndex") -> Structure:
    rows, stored = index.rows, index._stored
    n = len(rows)
    cites: list[tuple[str, ...]] = [()] * n
    cited_by: dict[tuple[str, str], list[int]] = {}
    example_terms: list[frozenset[str]] = [frozenset()] * n
    heading_terms: list[frozenset[str]] = [frozenset()] * n
    glossary: list[tuple[str, frozenset[str], int, str, tuple[str, ...]]] = []
    text_terms: list[frozenset[str]] = [frozenset()] * n
    rule_of = [-1] * n
    numbers_of_doc: dict[str, set[str]] = {}
    heading_of: dict[tuple[str, str], int] = {}
    passage_of: dict[tuple[str, str], int] = {}
    for d, r in enumerate(rows):
        if r is not None and r.current:
            numbers_of_doc.setdefault(r.doc, set()).add(r.current)
            passage_of.setdefault((r.doc, r.current), d)
            if r.heading:
                heading_of[(r.doc, r.current)] = d
    for d, r in enumerate(rows):
        if r is None:
            continue
        text = str(stored[d].get(S.TEXT_F, "") or "")
        lang = r.lang if r.lang in S.LANGS else "es"
        own = r.current or ""
        known = numbers_of_doc.get(r.doc, set())
        refs = tuple(num for num in cited_numbers(text) if num in known and num != own
                     and not own.startswith(num))   # "702.19b … rule 702.19" is its own rule, not a pointer
        cites[d] = refs
        for num in refs:
            cited_by.setdefault((r.doc, num), []).append(d)
        text_terms[d] = frozenset(S.analyze(text, lang))
        rule_of[d] = passage_of.get((r.doc, parent_number(r.current) or ""), -1)
        ex = example_text(text)
        if ex:
            example_terms[d] = frozenset(S.analyze(ex, lang))
        par = parent_number(r.current) if r.current and r.current[-1].isalpha() else None
        h = heading_of.get((r.doc, par)) if par else None
        if h is not None:
            heading_terms[d] = frozenset(S.analyze(str(stored[h].get(S.TEXT_F, "") or ""), lang))
        if r.kind == "glossary" and refs:
            title = str(stored[d].get(S.TITLE, "") or "")
            words = frozenset(t for t in S.analyze(title, lang) if t.isalnum())
            if words:
                glossary.append((lang, words, d, r.doc, refs))
    headed: list[tuple[frozenset[str], str, str]] = []
    under: dict[tuple[str, str], list[int]] = {}
    for d, r in enumerate(rows):
        if r is None or not r.current or r.lang != "en":
            continue
        top = r.current.split(".", 1)[0]
        if r.current == top:
            words = f"{stored[d].get(S.SECTION, '')} {stored[d].get(S.TEXT_F, '')}"
            headed.append((frozenset(t for t in S.analyze(words, "en") if t.isalnum()), r.doc, top))
        else:
            under.setdefault((r.doc, top), []).append(d)
    for passages in under.values():
        passages.sort(key=lambda d: rows[d].order)  # type: ignore[union-attr]
    headed.sort(key=lambda h: h[2])
    return Structure(cites, cited_by, example_terms, heading_terms, glossary, headed, under,
                     text_terms=text_terms, rule_of=rule_of, passage_of=passage_of)


# Makes the per-index tables one at a time: on a new index (the first request, or an index swapped in) every
# worker thread would otherwise build the same tables at once, each paying the whole cost.
_MAKING = threading.RLock()


def kept_on(index: "RulesIndex", name: str, make: Callable[["RulesIndex"], T]) -> T:
    """`make(index)`, made at the first call and kept on the index as attribute `name`: one thread makes it, the
    others asking meanwhile wait for it (re-entrant: one table's `make` may ask for another)."""
    kept = getattr(index, name, None)
    if kept is None:
        with _MAKING:
            kept = getattr(index, name, None)
            if kept is None:
                kept = make(index)
                setattr(index, name, kept)
    return kept


def structure(index: "RulesIndex") -> Structure:
    """The index's structure, built at the first call and kept on the index."""
    return kept_on(index, "_crossref", build)


def brought_in(index: "RulesIndex", p: "Question", head: list[int], allowed: Iterable[int] | None = None,
               named: dict[tuple[str, str], tuple[int, int]] | None = None,
               topics: dict[tuple[str, str], int] | None = None) -> list[int]:
    """Passages not among `head` that the structure points to: the first passages of the rules the
    situation's kind names (topics), the rules the first CITING_DEPTH candidates cite, and those a glossary
    term the question names points to (longer names first: "first strike" before "creature"), each with its
    first sub-rules; at most MAX_BROUGHT besides the topics', in that order, of the citing passage's document
    (so of the filter's game when one is set)."""
    s = structure(index)
    rows = index.rows
    listed = set(head)
    allowed_set = set(allowed) if allowed is not None else None
    out: list[int] = []

    def take(d: int) -> None:
        if d not in listed and (allowed_set is None or d in allowed_set):
            listed.add(d)
            out.append(d)

    for key in (s.topics(p) if topics is None else topics):   # a situation's general rules are few and decide it: not counted in MAX_BROUGHT
        for d in s.topic_passages(key)[:TOPIC_PASSAGES]:
            take(d)
    cap = len(out) + MAX_BROUGHT
    targets: list[tuple[str, str]] = []
    for d in head[:CITING_DEPTH]:
        r = rows[d]
        if r is not None:
            targets.extend((r.doc, num) for num in s.cites[d])
    named = s.named_rules(p) if named is None else named
    targets.extend(sorted(named, key=lambda key: -named[key][1]))
    kept = kept_on(index, "_rule_and_children", _no_rules_yet)
    for doc, num in dict.fromkeys(targets):
        key = (doc, num)
        family = kept.get(key)
        if family is None:
            family = _rule_and_children(index, doc, num)
            if len(kept) < RULES_KEPT:
                kept[key] = family
        for d in family:
            take(d)
            if len(out) >= cap:
                return out
    return out


# (document, number) -> its passages and first sub-rules (_rule_and_children), kept per index as asked: a
# three-digit rule's children are every passage under it (702: hundreds), filtered each time they were asked
RULES_KEPT = 50_000


def _no_rules_yet(index: "RulesIndex") -> dict[tuple[str, str], tuple[int, ...]]:
    return {}


def _rule_and_children(index: "RulesIndex", doc: str, num: str) -> tuple[int, ...]:
    """The passages of rule `num` in `doc`, then its first CHILDREN_PER_RULE direct sub-rules there (the same for
    every question: brought_in keeps them)."""
    rows = index.rows
    own = [d for d in index.by_number.get(num, ()) if rows[d] is not None and rows[d].doc == doc]  # type: ignore[union-attr]
    kids = [d for d in index.children.get(num, ())
            if rows[d] is not None and rows[d].doc == doc  # type: ignore[union-attr]
            and parent_number(rows[d].current) == num][:CHILDREN_PER_RULE]  # type: ignore[union-attr]
    return tuple(own + kids)
