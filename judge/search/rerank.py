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


def _family_masks(index: "RulesIndex", st: "crossref.Structure", candidates: Sequence[tuple[int, float]],
                  concept_mask: dict[str, dict[str, int]], mask_of, titles: list[frozenset[str]],  # type: ignore[no-untyped-def]
                  ) -> list[tuple[int, int, int, int, int]]:
    """Per candidate: the concept masks of its title, its own text, its rule's text, its rule's heading and its
    examples (0 for a family it has none of).  By the index's TermFamilies when the masks fit in 62 bits, else
    (a question of more words) by `mask_of` per passage, with Python's integers."""
    ds = [d for d, _ in candidates]
    rule_of = st.rule_of if st.rule_of else [-1] * len(index.rows)
    rules = [rule_of[d] for d in ds]
    width = max((m.bit_length() for masks in concept_mask.values() for m in masks.values()), default=0)
    langs = passage_table(index).lang
    if width > 62:
        empty: frozenset[str] = frozenset()
        text = st.text_terms or [empty] * len(index.rows)
        return [(mask_of(titles[d], langs[d]), mask_of(text[d], langs[d]),
                 mask_of(text[r], langs[d]) if r >= 0 else 0, mask_of(st.heading_terms[d], langs[d]),
                 mask_of(st.example_terms[d], langs[d])) for d, r in zip(ds, rules)]
    families = term_families(index)
    concept = np.zeros(max(1, len(families.vocabulary)), dtype=np.int64)
    for lang, masks in concept_mask.items():
        for t, m in masks.items():
            k = families.vocabulary.get((lang, t))
            if k is not None:
                concept[k] = m
    at = np.asarray(ds, dtype=np.intp)
    has_rule = np.asarray(rules, dtype=np.intp) >= 0
    rule_m = np.zeros(len(ds), dtype=np.int64)
    if has_rule.any():
        rule_m[has_rule] = families.masks("text", np.asarray(rules, dtype=np.intp)[has_rule], concept)
    columns = [families.masks("title", at, concept), families.masks("text", at, concept), rule_m,
               families.masks("heading", at, concept), families.masks("example", at, concept)]
    return list(zip(*(c.tolist() for c in columns)))


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


def features(index: "RulesIndex", p: "Question", candidates: Sequence[tuple[int, float]],
             lexical: Sequence[tuple[int, float]], dense: Sequence[tuple[int, float]] = (),
             brought: frozenset[int] | set[int] = frozenset(),
             named: dict[tuple[str, str], tuple[int, int]] | None = None,
             topics: dict[tuple[str, str], int] | None = None) -> np.ndarray:
    """One row of FEATURES per candidate (passage number, first-stage score), in the candidates' order;
    `dense` the semantic ranking (empty on the lexical path), `brought` the candidates the structure added."""
    rows = index.rows
    st = crossref.structure(index)
    # the rankings as deep as search reads them, whatever depth the caller asked for (training asks for more)
    lexical, dense = lexical[:RERANK_DEPTH], dense[:RERANK_DEPTH]
    dense_rank = {d: i for i, (d, _) in enumerate(dense)}
    named = st.named_rules(p) if named is None else named
    topics = st.topics(p) if topics is None else topics
    lex_rank = {d: i for i, (d, _) in enumerate(lexical)}
    lex_score = dict(lexical)
    top_lex = max((s for _, s in lexical), default=0.0) or 1.0
    table = passage_table(index)
    numbers = [table.number[d] for d, _ in candidates]
    n = max(len(candidates), 1)
    listed = {num: i for i, num in enumerate(numbers) if num}
    parents = [table.parent[d] for d, _ in candidates]
    child_count: dict[str, int] = {}
    for par in parents:
        if par:
            child_count[par] = child_count.get(par, 0) + 1
    docs = [rows[d].doc if rows[d] is not None else "" for d, _ in candidates]  # type: ignore[union-attr]
    # (document, number) -> the first candidate holding that number or a sub-rule of it; its best child's share
    at: dict[tuple[str, str], int] = {}
    child_best: dict[tuple[str, str], float] = {}
    for i, (d, _) in enumerate(candidates):
        num = numbers[i]
        if num:
            at.setdefault((docs[i], num), i)
            if parents[i]:
                at.setdefault((docs[i], parents[i]), i)  # type: ignore[arg-type]
                key = (docs[i], parents[i])
                child_best[key] = max(child_best.get(key, 0.0), lex_score.get(d, 0.0) / top_lex)  # type: ignore[index]
    # per language, each question term -> the concepts (question words) it stands for, as a bit mask: the
    # concepts a passage's words cover are the OR of its terms' masks
    concept_mask: dict[str, dict[str, int]] = {lang: {} for lang in S.LANGS}
    every = (1 << len(p.concept_weights)) - 1
    for c in p.clauses:
        lang = c.field.rsplit("_", 1)[-1]
        if lang in concept_mask:
            concept_mask[lang][c.term] = concept_mask[lang].get(c.term, 0) | (c.mask & every)

    def mask_of(terms: frozenset[str], lang: str) -> int:
        masks, m = concept_mask[lang], 0
        for t in terms & asked[lang]:   # a passage holds ~50 terms, the question ~10: intersect first
            m |= masks[t]
        return m

    asked = {lang: frozenset(masks) for lang, masks in concept_mask.items()}
    weights = p.concept_weights
    total_weight = sum(weights) or 1.0

    def weight_of(m: int) -> float:
        # the set bits only, lowest first: the same additions, in the same order, as over every concept
        total = 0
        while m:
            low = m & -m
            k = low.bit_length() - 1
            if k >= len(weights):
                break
            total += weights[k]
            m ^= low
        return total

    n_concepts = max(len(p.concept_weights), 1)
    pos = {d: i for i, (d, _) in enumerate(candidates)}
    titles = title_terms(index)
    # per candidate, the concepts its title, own text, rule's text, rule heading and examples hold (bit masks)
    found = _family_masks(index, st, candidates, concept_mask, mask_of, titles)
    # one tuple of the features about the question per candidate (the _DYNAMIC_AT columns, in FEATURES' order),
    # made into the matrix at the end: assigning each row into an array cost more than computing it
    values: list[tuple[float, ...]] = []
    zeros = (0.0,) * len(_DYNAMIC_AT)
    for i, (d, _) in enumerate(candidates):
        row = rows[d]
        if row is None:
            values.append(zeros)
            continue
        num = numbers[i]
        title_m, own, rule_m, heading_m, example_m = found[i]
        covered = title_m.bit_count()
        par = parents[i]
        lr = lex_rank.get(d)
        dr = dense_rank.get(d)
        other = bool(p.lang) and row.lang != p.lang
        doc = docs[i]
        citing = [j for key in ((doc, num), (doc, par)) if key[1]
                  for c in st.cited_by.get(key, ())  # type: ignore[arg-type]
                  for j in (pos.get(c),) if j is not None and j != i]
        cited = [at[(doc, n)] for n in st.cites[d] if (doc, n) in at and at[(doc, n)] != i]
        heading_terms, example_terms = st.heading_terms[d], st.example_terms[d]
        place = st.topic_place(d, doc, num, topics) if topics else None   # under a topic's rule (not its heading)
        topical = bool(num) and ((doc, num.split(".", 1)[0]) in topics or place is not None)  # type: ignore[union-attr]
        in_topic = place is not None
        around = own | rule_m | heading_m
        values.append((
            lex_score.get(d, 0.0) / top_lex,
            1.0 / (1 + i),
            0.0 if lr is None else 1.0 / (1 + lr),
            _LOG1P[i] if i < len(_LOG1P) else math.log1p(i),
            (lex_score.get(candidates[listed[par]][0], 0.0) / top_lex) if par in listed else 0.0,
            child_count.get(num, 0) / n if num else 0.0,
            (child_count.get(par, 1) - 1) / n if par else 0.0,
            float(other),
            covered / n_concepts,
            float(other and bool(num)),
            float(not other and not num),
            0.0 if dr is None else 1.0 / (1 + dr),
            1.0 / (1 + min(citing)) if citing else 0.0,
            1.0 / (1 + min(cited)) if cited else 0.0,
            float(bool(num) and ((doc, num) in named or (par is not None and (doc, par) in named))),
            heading_m.bit_count() / n_concepts if heading_terms else 0.0,
            example_m.bit_count() / n_concepts if example_terms else 0.0,
            child_best.get((doc, num), 0.0) if num else 0.0,
            float(d in brought and not in_topic),   # the topics' own are told by the two below
            float(topical),
            1.0 / (1 + place) if place is not None else 0.0,
            bin(own).count("1") / n_concepts,
            weight_of(own) / total_weight,
            bin(around).count("1") / n_concepts,
            0.0,                                  # text_share_best: below, once every row has its share
        ))
    out = np.zeros((len(candidates), len(FEATURES)), dtype=np.float64)
    if candidates:
        out[:, _DYNAMIC_AT] = np.array(values, dtype=np.float64).reshape(len(candidates), len(_DYNAMIC_AT))
        out[:, _STATIC_AT] = table.static[np.fromiter((d for d, _ in candidates), dtype=np.intp,
                                                      count=len(candidates))]
    share = FEATURES.index("text_share")
    best = out[:, share].max(initial=0.0)
    if best > 0:
        out[:, FEATURES.index("text_share_best")] = out[:, share] / best
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
        scores = self.score(x)
        return sorted(range(len(scores)), key=lambda i: (-scores[i], i))

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
