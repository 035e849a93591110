"""A second stage over the first RERANK_DEPTH passages of a question (issue 15): a linear model of a few
features of each passage, learnt pairwise from the development questions (`judge eval --train-rerank`,
docs/search-rerank.md), with boosted regression trees learnt on top of its scores (boost.py; evaluated here by
Trees), shipped as rerank_weights.json and rerank_weights_fused.json.  numpy only.

The features say what the first stage does not weigh: where the passage sits in the CR's structure (a sub-rule
whose rule is also among the candidates, a rule whose sub-rules are; its depth), how its lexical score compares
with the best's, its rank in the (fused) first stage, its kind (glossary entry, card, heading, historical
quotation), whether it is in the question's language, and how many of the question's concepts its title holds.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

import numpy as np

from judge.search import crossref
from judge.search import schema as S

if TYPE_CHECKING:   # query.py imports this module: the types only
    from judge.search.query import RulesIndex
    from judge.search.question import Question

RERANK_DEPTH = 50        # first-stage passages re-ranked; the rest keep their order after them
# One model per first stage: the lexical ranking's candidates and the fused one's differ in kind (the fused list
# holds passages only the semantic side found, with no lexical score), so weights learnt on one mis-rank the other.
WEIGHTS_FILE = Path(__file__).with_name("rerank_weights.json")
FUSED_WEIGHTS_FILE = Path(__file__).with_name("rerank_weights_fused.json")

FEATURES = (
    "bias_free_lexical",     # lexical score / the best lexical score (0 when only the semantic side found it)
    "first_stage_rr",        # 1 / (1 + rank in the first stage)
    "lexical_rr",            # 1 / (1 + rank in the lexical ranking), 0 when absent
    "log_rank",              # log(1 + first-stage rank): a smooth position prior
    "is_subrule",            # a lettered sub-rule (702.19b)
    "is_rule",               # a numbered rule (702.19)
    "is_section",            # a section (702) or a document's section heading
    "parent_listed",         # its rule (702.19 for 702.19b) is also a candidate: that rule's share of the best
    "children_listed",       # share of the candidates that are its sub-rules
    "siblings_listed",       # share of the candidates under the same rule
    "glossary",              # a glossary entry
    "card",                  # a card's text or ruling
    "heading",               # a heading-like passage
    "historical",            # quotes an older rules version
    "other_language",        # not in the question's language
    "title_share",           # share of the question's concepts whose words its title (or inherited keys) holds
    "numbered_other",        # in the other language and a numbered rule (the English CR for a Spanish question)
    "unnumbered_same",       # in the question's language and no rule number (an FAQ note, a seed page's prose)
    "commentary",            # prose around quoted rules
    "smaller_game",          # a passage of a game other than the biggest (doce vidas)
    # the CR's structure (crossref.py)
    "dense_rr",              # 1 / (1 + rank in the semantic ranking), 0 when absent (always 0 on the lexical path)
    "cited_by_listed",       # a candidate points to it or to its rule ("See rule 702.19"): 1/(1 + that one's rank)
    "cites_listed",          # it points to a candidate (or to the rule of one): 1/(1 + the best such rank)
    "glossary_named",        # a glossary term the question names points to it or to its rule
    "rule_heading_share",    # share of the question's concepts in the heading of its rule (702.19 "Trample")
    "example_share",         # share of the question's concepts in its "Example:" paragraphs
    "child_best",            # the best lexical share among its sub-rules that are candidates
    "brought_in",            # not found by the first stage: brought in by a reference or a glossary name
    "topic_rule",            # under a rule whose heading names the kind of the situation's quoted text (situation.py)
    "topic_first",           # 1/(1 + its place among that rule's passages): the general rules come first
    # the question's concepts in the passage's own words, at the sub-rule level (session 3)
    "text_share",            # share of the question's concepts its own text holds
    "text_weighted",         # the same, each concept weighing its rarity (Question.concept_weights)
    "rule_text_share",       # share its text, its rule's text and its rule's heading hold together
    "text_share_best",       # text_share over the best text_share among the candidates
)


_parent = crossref.parent_number


def _family_masks(index: "RulesIndex", st: "crossref.Structure", ds: np.ndarray,
                  concept_mask: dict[str, dict[str, int]]) -> tuple[np.ndarray, ...]:
    """Per candidate (`ds`, passage numbers): the concept masks of its title, its own text, its rule's text, its
    rule's heading and its examples (0 for a family it has none of), five arrays.  By the index's TermFamilies
    (int64) when the masks fit in 62 bits, else (a question of more words) per passage with Python's integers
    (object arrays)."""
    width = max((m.bit_length() for masks in concept_mask.values() for m in masks.values()), default=0)
    rule_of = key_table(index).rule_of
    rules = rule_of[ds]
    has_rule = rules >= 0
    if width > 62:
        langs = passage_table(index).lang
        asked = {lang: frozenset(masks) for lang, masks in concept_mask.items()}

        def mask_of(terms: frozenset[str], lang: str) -> int:
            masks, m = concept_mask[lang], 0
            for t in terms & asked[lang]:   # a passage holds ~50 terms, the question ~10: intersect first
                m |= masks[t]
            return m

        empty: frozenset[str] = frozenset()
        titles, text = title_terms(index), st.text_terms or [empty] * len(index.rows)
        columns: list[list[int]] = [[], [], [], [], []]
        for d, r in zip(ds.tolist(), rules.tolist()):
            lang = langs[d]
            for column, m in zip(columns, (mask_of(titles[d], lang), mask_of(text[d], lang),
                                           mask_of(text[r], lang) if r >= 0 else 0,
                                           mask_of(st.heading_terms[d], lang), mask_of(st.example_terms[d], lang))):
                column.append(m)
        return tuple(np.array(c + [0], dtype=object)[:-1] for c in columns)   # (the 0: never a 2-d array)
    families = term_families(index)
    concept = np.zeros(max(1, len(families.vocabulary)), dtype=np.int64)
    for lang, masks in concept_mask.items():
        for t, m in masks.items():
            k = families.vocabulary.get((lang, t))
            if k is not None:
                concept[k] = m
    rule_m = np.zeros(len(ds), dtype=np.int64)
    if has_rule.any():
        rule_m[has_rule] = families.masks("text", rules[has_rule], concept)
    return (families.masks("title", ds, concept), families.masks("text", ds, concept), rule_m,
            families.masks("heading", ds, concept), families.masks("example", ds, concept))


def _bits(masks: np.ndarray) -> np.ndarray:
    """Per mask, its number of set bits (int64 masks, or Python integers in an object array)."""
    if masks.dtype == object:
        return np.fromiter((int(m).bit_count() for m in masks), dtype=np.int64, count=len(masks))
    return np.bitwise_count(masks).astype(np.int64)


def _weighted(masks: np.ndarray, weights: Sequence[float]) -> np.ndarray:
    """Per mask, the sum of `weights[k]` over its set bits k, added lowest bit first (the same floats as a loop
    over the set bits: adding 0.0 for an unset bit changes nothing); bits past the weights count nothing."""
    if masks.dtype == object:
        return np.fromiter((sum(w for k, w in enumerate(weights) if int(m) >> k & 1) for m in masks),
                           dtype=np.float64, count=len(masks))
    acc = np.zeros(len(masks), dtype=np.float64)
    bit = np.empty(len(masks), dtype=np.int64)
    for k, w in enumerate(weights[:63]):   # int64 masks hold bits 0-62 only
        np.right_shift(masks, k, out=bit)
        np.bitwise_and(bit, 1, out=bit)
        acc += bit * w
    return acc


def _depth_flags(number: str | None) -> tuple[float, float, float]:
    if not number:
        return 0.0, 0.0, 0.0
    if number[-1].isalpha():
        return 1.0, 0.0, 0.0
    if "." in number:
        return 0.0, 1.0, 0.0
    return 0.0, 0.0, 1.0


@lru_cache(maxsize=65536)
def _title_terms(title: str, lang: str) -> frozenset[str]:
    return frozenset(S.analyze(title, lang))


def title_terms(index: "RulesIndex") -> list[frozenset[str]]:
    """Per passage, the analysed words of its title and section (what `title_share` reads), made once per index
    at its first re-ranked question and kept on it: they depend on the passage alone."""
    return crossref.kept_on(index, "_title_terms", _make_title_terms)


def _make_title_terms(index: "RulesIndex") -> list[frozenset[str]]:
    kept = []
    for d, row in enumerate(index.rows):
        stored = index._stored[d]
        lang = row.lang if row is not None and row.lang in S.LANGS else "es"
        kept.append(_title_terms(f"{stored.get(S.TITLE, '') or ''} {stored.get(S.SECTION, '') or ''}", lang))
    return kept


# The features that depend on the passage alone, one named column each: computed once per index (_passage_table)
# and gathered for a question's candidates by one fancy index.  A feature of this kind is a column here and a
# line in _passage_columns; a feature about the question is a value of features()'s per-candidate tuple.
STATIC_FEATURES = ("is_subrule", "is_rule", "is_section", "glossary", "card", "heading", "historical",
                   "commentary", "smaller_game")
_COLUMN = {name: k for k, name in enumerate(FEATURES)}
_STATIC_AT = [_COLUMN[name] for name in STATIC_FEATURES]
_DYNAMIC_AT = [k for k, name in enumerate(FEATURES) if name not in STATIC_FEATURES]
_LOG1P = tuple(math.log1p(i) for i in range(1024))   # log_rank of the first places (math's, not NumPy's, floats)
_LOG1P_ARRAY = np.asarray(_LOG1P, dtype=np.float64)
_NONE = np.iinfo(np.int64).max   # "no candidate" in features()' least-place reductions


@dataclass(frozen=True)
class PassageTable:
    """What the second stage reads of each passage of one index, the same for every question."""
    static: np.ndarray                  # (passages, len(STATIC_FEATURES)); zeros for a missing row
    number: list[str | None]            # today's rule number
    parent: list[str | None]            # its rule's number (702.19 for 702.19b)
    lang: list[str]                     # its language, "es" when neither of S.LANGS


def _passage_columns(index: "RulesIndex", row) -> tuple[float, ...]:  # type: ignore[no-untyped-def]
    """One passage's STATIC_FEATURES, in that order."""
    sub, rule, section = _depth_flags(row.current)
    return (sub, rule, section or float(row.kind in ("title", "section")),
            float(row.kind == "glossary"),
            float(row.kind == "card" or bool(row.card)),
            float(row.heading),
            float(row.historical),
            float(row.commentary),
            float(bool(row.ruleset) and row.ruleset != index.largest_game))


def passage_table(index: "RulesIndex") -> PassageTable:
    """The index's PassageTable, made at its first re-ranked question and kept on it (crossref.kept_on)."""
    return crossref.kept_on(index, "_rerank_table", _make_passage_table)


def _make_passage_table(index: "RulesIndex") -> PassageTable:
    rows = index.rows
    zeros = (0.0,) * len(STATIC_FEATURES)
    static = np.array([_passage_columns(index, r) if r is not None else zeros for r in rows],
                      dtype=np.float64).reshape(len(rows), len(STATIC_FEATURES))
    numbers = [r.current if r is not None else None for r in rows]
    return PassageTable(static, numbers, [_parent(n) for n in numbers],
                        [r.lang if r is not None and r.lang in S.LANGS else "es" for r in rows])


class TermFamilies:
    """Per-term tables of one index, made once (at its first re-ranked question) and kept on it: each family of
    per-passage term sets the features read (titles, own text, rule headings, examples) as passage -> term ids
    (CSR: `start[d]:start[d + 1]` of `ids`), the ids numbering (language, term) pairs.  A question's concept
    masks become one array over those ids, and the masks of all its candidates' terms one gather and one
    `bitwise_or.reduceat` per family, instead of a set intersection per candidate and family."""

    def __init__(self, index: "RulesIndex") -> None:
        st = crossref.structure(index)
        langs = passage_table(index).lang
        self.vocabulary: dict[tuple[str, str], int] = {}
        self.families: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        n = len(index.rows)
        for name, sets in (("title", title_terms(index)), ("text", st.text_terms), ("heading", st.heading_terms),
                           ("example", st.example_terms)):
            if len(sets) != n:    # no structure of that kind (an index without it): every mask empty
                sets = [frozenset()] * n
            ids: list[int] = []
            start = [0]
            for d, terms in enumerate(sets):
                lang = langs[d]
                ids.extend(self.vocabulary.setdefault((lang, t), len(self.vocabulary)) for t in terms)
                start.append(len(ids))
            self.families[name] = (np.asarray(start, dtype=np.intp), np.asarray(ids, dtype=np.intp))

    def masks(self, family: str, passages: np.ndarray, concept: np.ndarray) -> np.ndarray:
        """Per passage of `passages`, the OR of `concept[id]` over the ids of its terms in `family`."""
        start, ids = self.families[family]
        first, lens = start[passages], start[passages + 1] - start[passages]
        out = np.zeros(len(passages), dtype=np.int64)
        total = int(lens.sum())
        if not total:
            return out
        offsets = np.cumsum(lens) - lens
        at = np.arange(total, dtype=np.intp) + np.repeat(first - offsets, lens)
        some = lens > 0
        out[some] = np.bitwise_or.reduceat(concept[ids[at]], offsets[some])
        return out


def term_families(index: "RulesIndex") -> TermFamilies:
    return crossref.kept_on(index, "_rerank_terms", TermFamilies)


@dataclass(frozen=True)
class KeyTable:
    """What features() compares between one question's candidates, as integers per passage of one index, made once
    (at its first re-ranked question) and kept on it: a candidate's rule listed too, its sub-rules listed, the
    candidates citing it or cited by it become gathers and `ufunc.at` reductions over these ids instead of dict
    look-ups per candidate.  -1 is "none": every array indexed by an id has one spare last entry, never written,
    that -1 reads (False, 0 or "absent")."""
    number: np.ndarray       # id of its rule number among every number of the index ("702.19b"), -1
    parent: np.ndarray       # id of its rule's number (702.19), the same ids, -1
    numbers: int             # how many number ids
    own: np.ndarray          # id of (its document, its number) among the (document, number) keys, -1
    rule: np.ndarray         # id of (its document, its rule's number), -1
    section: np.ndarray      # id of (its document, its number's part before the dot: "702"), -1
    keys: dict[tuple[str, str], int]   # (document, number) -> its id
    key_place: np.ndarray    # per key: the place (Structure.place) of the passage having that number, 0 when it
    #                          has none, -1 when no passage has it (Structure.topic_place reads it so)
    place: np.ndarray        # its place among the passages under its three-digit rule (Structure.place), -1
    lang: np.ndarray         # id of its language (`langs`), -1 for a missing row
    langs: dict[str, int]
    present: np.ndarray      # a row is there (False: a deleted passage, every feature 0)
    rule_of: np.ndarray      # Structure.rule_of: the passage of its rule, -1
    cites: tuple[np.ndarray, np.ndarray]      # CSR per passage: the key ids of the numbers it cites
    cited_by: tuple[np.ndarray, np.ndarray]   # CSR per key id: the passages citing it


def _csr(lists: Sequence[Sequence[int]]) -> tuple[np.ndarray, np.ndarray]:
    start = np.zeros(len(lists) + 1, dtype=np.intp)
    start[1:] = np.cumsum([len(x) for x in lists])
    flat = np.fromiter((v for x in lists for v in x), dtype=np.intp, count=int(start[-1]))
    return start, flat


def key_table(index: "RulesIndex") -> KeyTable:
    return crossref.kept_on(index, "_rerank_keys", _make_key_table)


def _make_key_table(index: "RulesIndex") -> KeyTable:
    st = crossref.structure(index)
    table = passage_table(index)
    rows = index.rows
    n = len(rows)
    number_ids: dict[str, int] = {}
    keys: dict[tuple[str, str], int] = {}
    langs: dict[str, int] = {}

    def key(doc: str, num: str | None) -> int:
        return keys.setdefault((doc, num), len(keys)) if num else -1

    number, parent, own, rule, section, lang = ([-1] * n for _ in range(6))
    cites: list[list[int]] = [[] for _ in range(n)]
    for d, r in enumerate(rows):
        if r is None:
            continue
        num, par = table.number[d], table.parent[d]
        if num:
            number[d] = number_ids.setdefault(num, len(number_ids))
        if par:
            parent[d] = number_ids.setdefault(par, len(number_ids))
        own[d], rule[d] = key(r.doc, num), key(r.doc, par)
        section[d] = key(r.doc, num.split(".", 1)[0]) if num else -1
        lang[d] = langs.setdefault(r.lang, len(langs))
        cites[d] = [key(r.doc, c) for c in st.cites[d]]
    for doc, num in list(st.cited_by) + list(st.passage_of):
        key(doc, num)
    cited_by: list[list[int]] = [[] for _ in range(len(keys))]
    for k, citing in st.cited_by.items():
        cited_by[keys[k]] = list(citing)
    key_place = np.full(len(keys) + 1, -1, dtype=np.int64)
    for k, d in st.passage_of.items():
        key_place[keys[k]] = st.place.get(d, 0)
    place = np.full(n, -1, dtype=np.int64)
    for d, k in st.place.items():
        place[d] = k
    ints = {name: np.asarray(v, dtype=np.intp) for name, v in
            (("number", number), ("parent", parent), ("own", own), ("rule", rule), ("section", section),
             ("lang", lang))}
    rule_of = np.asarray(st.rule_of if st.rule_of else [-1] * n, dtype=np.intp)
    return KeyTable(numbers=len(number_ids), keys=keys, key_place=key_place, place=place, langs=langs,
                    present=np.asarray([r is not None for r in rows], dtype=bool), rule_of=rule_of,
                    cites=_csr(cites), cited_by=_csr(cited_by), **ints)


def _gathered(csr: tuple[np.ndarray, np.ndarray], at: np.ndarray, owner: np.ndarray) -> tuple[np.ndarray, ...]:
    """The entries of rows `at` of a CSR table, and per entry the `owner` of its row."""
    start, flat = csr
    first = start[at]
    lens = start[at + 1] - first
    total = int(lens.sum())
    if not total:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
    offsets = np.cumsum(lens) - lens
    return flat[np.arange(total, dtype=np.intp) + np.repeat(first - offsets, lens)], np.repeat(owner, lens)


def _least_other(values: np.ndarray, owner: np.ndarray, size: int) -> np.ndarray:
    """Per owner (0..size-1): 1/(1 + the least of its values that is a candidate's place (>= 0) and not its own),
    0.0 when it has none."""
    keep = (values >= 0) & (values != owner)
    least = np.full(size, _NONE, dtype=np.int64)
    np.minimum.at(least, owner[keep], values[keep])
    found = least < _NONE
    out = np.zeros(size, dtype=np.float64)
    out[found] = 1.0 / (1 + least[found])
    return out


def features(index: "RulesIndex", p: "Question", candidates: Sequence[tuple[int, float]],
             lexical: Sequence[tuple[int, float]], dense: Sequence[tuple[int, float]] = (),
             brought: frozenset[int] | set[int] = frozenset(),
             named: dict[tuple[str, str], tuple[int, int]] | None = None,
             topics: dict[tuple[str, str], int] | None = None) -> np.ndarray:
    """One row of FEATURES per candidate (passage number, first-stage score), in the candidates' order;
    `dense` the semantic ranking (empty on the lexical path), `brought` the candidates the structure added.
    Column by column over every candidate at once (the index's KeyTable): the same floats as computing each
    candidate's row by itself, which cost a fifth of a lexical search."""
    st = crossref.structure(index)
    # the rankings as deep as search reads them, whatever depth the caller asked for (training asks for more)
    lexical, dense = lexical[:RERANK_DEPTH], dense[:RERANK_DEPTH]
    named = st.named_rules(p) if named is None else named
    topics = st.topics(p) if topics is None else topics
    m = len(candidates)
    out = np.zeros((m, len(FEATURES)), dtype=np.float64)
    if not m:
        return out
    kt, table = key_table(index), passage_table(index)
    col = _COLUMN
    ds = np.fromiter((d for d, _ in candidates), dtype=np.intp, count=m)
    here = np.arange(m, dtype=np.int64)
    rows = len(index.rows)

    def ranks(ranking: Sequence[tuple[int, float]]) -> np.ndarray:
        """Per passage, its place in `ranking` (the last when listed twice, as a dict of it keeps), -1."""
        at = np.full(rows, -1, dtype=np.int64)
        if ranking:
            np.maximum.at(at, np.fromiter((d for d, _ in ranking), dtype=np.intp, count=len(ranking)),
                          np.arange(len(ranking), dtype=np.int64))
        return at[ds]

    lr, dr = ranks(lexical), ranks(dense)
    top_lex = max((s for _, s in lexical), default=0.0) or 1.0
    lex_scores = np.fromiter((s for _, s in lexical), dtype=np.float64, count=len(lexical))
    share = np.zeros(m, dtype=np.float64)
    listed_lex = lr >= 0
    share[listed_lex] = lex_scores[lr[listed_lex]]
    share /= top_lex                    # (0.0 / top_lex for a candidate the lexical ranking lacks, as before)
    out[:, col["bias_free_lexical"]] = share
    out[:, col["first_stage_rr"]] = 1.0 / (1 + here)
    out[listed_lex, col["lexical_rr"]] = 1.0 / (1 + lr[listed_lex])
    out[dr >= 0, col["dense_rr"]] = 1.0 / (1 + dr[dr >= 0])
    out[:, col["log_rank"]] = _LOG1P_ARRAY[:m] if m <= len(_LOG1P) else [math.log1p(i) for i in range(m)]

    number, parent, own, rule = kt.number[ds], kt.parent[ds], kt.own[ds], kt.rule[ds]
    numbered, has_parent, has_rule = number >= 0, parent >= 0, rule >= 0
    # a number -> the last candidate having it; a number -> how many candidates are its sub-rules
    last = np.full(kt.numbers + 1, -1, dtype=np.int64)
    np.maximum.at(last, number[numbered], here[numbered])
    listed_parent = has_parent & (last[parent] >= 0)
    out[listed_parent, col["parent_listed"]] = share[last[parent[listed_parent]]]
    children = np.bincount(parent[has_parent], minlength=kt.numbers + 1)
    out[numbered, col["children_listed"]] = children[number[numbered]] / m
    out[has_parent, col["siblings_listed"]] = (children[parent[has_parent]] - 1) / m
    # (document, number) -> the first candidate having that number or a sub-rule of it; its sub-rules' best share
    keys = len(kt.keys) + 1
    first = np.full(keys, _NONE, dtype=np.int64)
    np.minimum.at(first, own[numbered], here[numbered])
    np.minimum.at(first, rule[has_rule], here[has_rule])
    child_best = np.zeros(keys, dtype=np.float64)
    np.maximum.at(child_best, rule[has_rule], share[has_rule])
    out[numbered, col["child_best"]] = child_best[own[numbered]]
    # candidates citing it or its rule; candidates (or their rules) it cites
    place_of = np.full(rows, -1, dtype=np.int64)
    np.maximum.at(place_of, ds, here)
    both = np.concatenate((own, rule))
    some = both >= 0
    citing, by = _gathered(kt.cited_by, both[some], np.concatenate((here, here))[some])
    out[:, col["cited_by_listed"]] = _least_other(place_of[citing], by, m)
    cited, by = _gathered(kt.cites, ds, here)
    got = first[cited]
    out[:, col["cites_listed"]] = _least_other(np.where(got < _NONE, got, -1), by, m)
    # the glossary entries the question names; the situation's topics
    def marked(wanted: dict[tuple[str, str], object]) -> np.ndarray:
        at = np.zeros(keys, dtype=bool)
        at[[kt.keys[k] for k in wanted if k in kt.keys]] = True
        return at

    if named:
        names = marked(named)   # type: ignore[arg-type]
        out[:, col["glossary_named"]] = numbered & (names[own] | names[rule])
    placed = np.zeros(m, dtype=bool)
    if topics:
        topic = marked(topics)   # type: ignore[arg-type]
        mine = kt.place[ds]
        at_place = numbered & (mine >= 0)
        spot = np.zeros(m, dtype=np.int64)
        by_section = at_place & topic[kt.section[ds]]
        spot[by_section] = mine[by_section]
        placed |= by_section
        for key in (own, rule):    # under the sub-rule a kind names: its place after that sub-rule's
            there = kt.key_place[key]
            hit = at_place & ~placed & topic[key] & (there >= 0)
            spot[hit] = mine[hit] - there[hit]
            placed |= hit
        out[:, col["topic_rule"]] = numbered & (topic[kt.section[ds]] | placed)
        out[placed, col["topic_first"]] = 1.0 / (1 + spot[placed])
    if brought:
        out[:, col["brought_in"]] = np.fromiter((d in brought for d in ds.tolist()), dtype=bool, count=m) & ~placed

    other = np.zeros(m, dtype=bool)
    if p.lang:
        other = kt.lang[ds] != kt.langs.get(p.lang, -2)
    out[:, col["other_language"]] = other
    out[:, col["numbered_other"]] = other & numbered
    out[:, col["unnumbered_same"]] = ~other & ~numbered

    # the concepts (question words) each candidate's title, own text, rule's text, rule heading and examples hold
    concept_mask: dict[str, dict[str, int]] = {lang: {} for lang in S.LANGS}
    weights = p.concept_weights
    every = (1 << len(weights)) - 1
    for c in p.clauses:
        lang = c.field.rsplit("_", 1)[-1]
        if lang in concept_mask:
            concept_mask[lang][c.term] = concept_mask[lang].get(c.term, 0) | (c.mask & every)
    title_m, own_m, rule_m, heading_m, example_m = _family_masks(index, st, ds, concept_mask)
    n_concepts = max(len(weights), 1)
    out[:, col["title_share"]] = _bits(title_m) / n_concepts
    out[:, col["rule_heading_share"]] = _bits(heading_m) / n_concepts   # 0 with no heading: no bit set
    out[:, col["example_share"]] = _bits(example_m) / n_concepts
    out[:, col["text_share"]] = _bits(own_m) / n_concepts
    out[:, col["text_weighted"]] = _weighted(own_m, weights) / (sum(weights) or 1.0)
    out[:, col["rule_text_share"]] = _bits(own_m | rule_m | heading_m) / n_concepts

    out[:, _STATIC_AT] = table.static[ds]
    out[~kt.present[ds]] = 0.0          # a missing row: every feature 0
    text_share = out[:, col["text_share"]]
    best = text_share.max(initial=0.0)
    if best > 0:
        out[:, col["text_share_best"]] = text_share / best
    return out


@dataclass
class Trees:
    """Boosted regression trees (boost.py learns them), each complete and of one depth, stored breadth-first:
    inner node j of a tree splits on feature[t, j] (rows whose value is above threshold[t, j] go to child 2j+2,
    the others to 2j+1); a row's score is the sum over the trees of the leaf it reaches.  All trees are walked
    at once, one level per step: a question's 80 candidates cost depth numpy steps, not trees × depth."""
    feature: np.ndarray      # (trees, 2**depth - 1) feature positions
    threshold: np.ndarray    # (trees, 2**depth - 1); +inf where a node does not split
    leaf: np.ndarray         # (trees, 2**depth)

    @property
    def depth(self) -> int:
        return int(self.leaf.shape[1]).bit_length() - 1

    def scores(self, x: np.ndarray) -> np.ndarray:
        n, count = len(x), len(self.leaf)
        if not count:
            return np.zeros(n)
        # flat positions into the arrays instead of pairs of index arrays: the same elements, gathered by one
        # 1-d take each (a third of the trees' time went to 2-d fancy indexing)
        inner = self.feature.shape[1]
        values = np.ascontiguousarray(x, dtype=np.float64).ravel()
        feature, threshold = self.feature.ravel(), self.threshold.ravel()
        tree = (np.arange(count) * inner)[None, :]
        rows = (np.arange(n) * x.shape[1])[:, None]
        node = np.zeros((n, count), dtype=np.int64)
        for _ in range(self.depth):
            at = tree + node
            node = 2 * node + 1 + (values[rows + feature[at]] > threshold[at])
        leaf = (np.arange(count) * self.leaf.shape[1])[None, :]
        return self.leaf.ravel()[leaf + node - inner].sum(axis=1)

    def to_json(self) -> dict:
        return {"depth": self.depth, "feature": self.feature.tolist(),
                # +inf is not JSON: a node that does not split is written null
                "threshold": [[None if math.isinf(t) else float(t) for t in row] for row in self.threshold],
                "leaf": [[round(float(v), 7) for v in row] for row in self.leaf]}

    @classmethod
    def from_json(cls, data: object, where: str) -> "Trees":
        """The trees of a weights file; RerankWeightsError naming the field when they do not fit FEATURES."""
        if not isinstance(data, dict) or not isinstance(data.get("depth"), int) or not 1 <= data["depth"] <= 10:
            raise RerankWeightsError(f"{where}.depth must be a whole number from 1 to 10")
        depth = data["depth"]
        arrays = []
        for key, width in (("feature", 2 ** depth - 1), ("threshold", 2 ** depth - 1), ("leaf", 2 ** depth)):
            rows = data.get(key)
            if not isinstance(rows, list) or not all(isinstance(r, list) and len(r) == width for r in rows):
                raise RerankWeightsError(f"{where}.{key} must be a list of lists of {width} entries")
            arrays.append(rows)
        feature, threshold, leaf = arrays
        if not (len(feature) == len(threshold) == len(leaf)):
            raise RerankWeightsError(f"{where}: feature, threshold and leaf must hold as many trees")
        if not all(isinstance(f, int) and not isinstance(f, bool) and 0 <= f < len(FEATURES)
                   for r in feature for f in r):
            raise RerankWeightsError(f"{where}.feature: positions in FEATURES (0 to {len(FEATURES) - 1})")
        if not all(t is None or (isinstance(t, (int, float)) and math.isfinite(t)) for r in threshold for t in r):
            raise RerankWeightsError(f"{where}.threshold: finite numbers, or null where a node does not split")
        if not all(isinstance(v, (int, float)) and math.isfinite(v) for r in leaf for v in r):
            raise RerankWeightsError(f"{where}.leaf: finite numbers")
        return cls(np.asarray(feature, dtype=np.int64).reshape(-1, 2 ** depth - 1),
                   np.asarray([[math.inf if t is None else t for t in r] for r in threshold],
                              dtype=np.float64).reshape(-1, 2 ** depth - 1),
                   np.asarray(leaf, dtype=np.float64).reshape(-1, 2 ** depth))


@dataclass
class Reranker:
    weights: np.ndarray                  # one per FEATURES entry
    trees: Trees | None = None           # boosted on top of the linear score (boost.py), when learnt

    def score(self, x: np.ndarray) -> np.ndarray:
        scores = x @ self.weights
        return scores if self.trees is None else scores + self.trees.scores(x)

    def order(self, x: np.ndarray) -> list[int]:
        """Candidate positions, best first; equal scores keep the first stage's order."""
        # a stable sort of the negated scores: the order of sorting by (-score, position), without a Python key
        # per candidate (scores are finite: no NaN to order)
        return np.argsort(-self.score(x), kind="stable").tolist()

    def to_json(self, extra: dict | None = None) -> dict:
        out = {"features": list(FEATURES), "weights": [round(float(w), 6) for w in self.weights]}
        if self.trees is not None:
            out["trees"] = self.trees.to_json()
        return {**out, **(extra or {})}


def candidates(index: "RulesIndex", p: "Question", head: list[int], allowed: set[int] | None = None,
               exclude: set[int] | frozenset[int] = frozenset()) -> tuple[list[int], frozenset[int]]:
    """The second stage's candidates: the first stage's `head`, then the passages the CR's structure points
    to (crossref.brought_in), and which those are.  Training (rerank_train.py) reads them the same way."""
    extra = [d for d in crossref.brought_in(index, p, head, allowed, *evidence(index, p)) if d not in exclude]
    return head + extra, frozenset(extra)


def evidence(index: "RulesIndex", p: "Question") -> tuple[dict, dict]:
    """What the question names in the CR's structure: the glossary entries' rules and the situation's topics
    (crossref.Structure.named_rules, .topics), read once per question and kept on it."""
    got = getattr(p, "_crossref_evidence", None)
    if got is None:
        st = crossref.structure(index)
        got = (st.named_rules(p), st.topics(p))
        p._crossref_evidence = got   # type: ignore[attr-defined]
    return got


def reorder(index: "RulesIndex", p: "Question", order: list[int], by_number: set[int],
            ranked: dict[int, tuple[float, bool]], lexical: Sequence[tuple[int, float]],
            model: Reranker, dense: Sequence[tuple[int, float]] = (), allowed: set[int] | None = None
            ) -> list[int]:
    """`order` with its first RERANK_DEPTH passages found by their words (and those the structure brings in)
    re-ordered by the model; passages found by a rule number the question names stay first.  The scores shown
    keep the order shown: the k-th re-ranked passage takes the k-th best first-stage score of those re-ranked
    (a passage brought in takes the lowest)."""
    first = [d for d in order if d in by_number]
    found = [d for d in order if d not in by_number]
    head, tail = found[:RERANK_DEPTH], found[RERANK_DEPTH:]
    if len(head) < 2:
        return order
    cands, brought = candidates(index, p, head, allowed, by_number)
    low = min(ranked[d][0] for d in head)
    for d in brought:
        ranked.setdefault(d, (low, False))
    tail = [d for d in tail if d not in brought]
    x = features(index, p, [(d, ranked[d][0]) for d in cands], lexical, dense, brought, *evidence(index, p))
    scores = sorted((ranked[d][0] for d in cands), reverse=True)
    cands = [cands[i] for i in model.order(x)]
    for d, score in zip(cands, scores):
        ranked[d] = (score, ranked[d][1])
    return first + cands + tail


def game_first(index: "RulesIndex", order: list[int], game: str, top: int) -> list[int]:
    """The first `top` passages of `game` (or of no game) first, the others in their order after them, as
    RulesIndex.one_game orders them: re-ranking must not bring the other game back into the first five."""
    rows = index.rows
    same = [d for d in order if rows[d].ruleset in (game, "")]  # type: ignore[union-attr]
    head = same[:top]
    if len(head) < top:
        head = same
    chosen = set(head)
    return head + [d for d in order if d not in chosen]


class RerankWeightsError(ValueError):
    """The weights file does not fit this code's features; the message says how."""


def load(path: Path = WEIGHTS_FILE) -> Reranker | None:
    """The shipped model, or None when there is no weights file (the first stage's order is kept)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    if not isinstance(data, dict) or data.get("features") != list(FEATURES):
        raise RerankWeightsError(f"{path}: its 'features' are not this code's {list(FEATURES)}: retrain it "
                                 "(judge eval --train-rerank)")
    weights = data.get("weights")
    if not isinstance(weights, list) or len(weights) != len(FEATURES) or not all(
            isinstance(w, (int, float)) and math.isfinite(w) for w in weights):
        raise RerankWeightsError(f"{path}: 'weights' must be {len(FEATURES)} finite numbers")
    trees = Trees.from_json(data["trees"], f"{path}: trees") if "trees" in data else None
    return Reranker(np.asarray(weights, dtype=np.float64), trees)


@lru_cache(maxsize=2)
def shipped(fused: bool = False) -> Reranker | None:
    """The model of that first stage (FUSED_WEIGHTS_FILE for the fused one), None when it is not shipped."""
    return load(FUSED_WEIGHTS_FILE if fused else WEIGHTS_FILE)


def fit(groups: Sequence[tuple[np.ndarray, np.ndarray]], l2: float = 1e-3, steps: int = 400,
        rate: float = 0.5, weights: Sequence[float] | None = None) -> Reranker:
    """Pairwise logistic regression: for each question (features, answers-mask), every answering candidate
    should outscore every other one ranked within the first 20 or above it.  Full-batch gradient descent."""
    diffs: list[np.ndarray] = []
    group_weight: list[float] = []
    for n, (x, good) in enumerate(groups):
        pos = np.flatnonzero(good)
        if not len(pos) or pos.size == len(good):
            continue
        g = int(pos[0])              # the first answering passage: the one that decides recall and MRR
        neg = [j for j in range(len(good)) if not good[j] and (j < 20 or j < g)]
        if neg:
            diffs.append(x[g] - x[neg])
            group_weight.append(1.0 if weights is None else float(weights[n]))
    k = len(FEATURES)
    if not diffs:
        return Reranker(np.zeros(k))
    D = np.vstack(diffs)
    # each question weighs the same whatever its number of pairs
    sizes = np.concatenate([np.full(len(d), gw / len(d)) for d, gw in zip(diffs, group_weight)])
    sizes /= sizes.sum()
    scale = np.maximum(np.abs(D).max(axis=0), 1e-9)
    Dn = D / scale
    w = np.zeros(k)
    w[1] = 1.0                       # start from the first stage's order
    for _ in range(steps):
        margin = Dn @ w
        grad = -(Dn * (sizes / (1 + np.exp(np.clip(margin, -30, 30))))[:, None]).sum(axis=0) + l2 * w
        w -= rate * grad
    return Reranker(w / scale)
