"""rerank.features computed column by column over all candidates (issues 15 and 16: the CPU of a lexical question)
gives the very floats of the per-candidate code it replaced, kept here as the reference: on the fixture indexes'
questions, with the lexical ranking listing only some candidates, a semantic ranking, passages brought in, and a
question of more than 62 concepts (the masks as Python integers).  tools/search_identity.py checks the same on
the quiz questions with the CR imported, byte for byte."""
from __future__ import annotations

import dataclasses
import math
from typing import Sequence

import numpy as np
import pytest

from judge.search import RulesIndex
from judge.search import crossref
from judge.search import rerank as R
from judge.search import schema as S
from judge.search.question import Question

_parent = crossref.parent_number


def _reference_family_masks(index: "RulesIndex", st: "crossref.Structure", candidates: Sequence[tuple[int, float]],
                  concept_mask: dict[str, dict[str, int]], mask_of, titles: list[frozenset[str]],  # type: ignore[no-untyped-def]
                  ) -> list[tuple[int, int, int, int, int]]:
    """Per candidate: the concept masks of its title, its own text, its rule's text, its rule's heading and its
    examples (0 for a family it has none of).  By the index's TermFamilies when the masks fit in 62 bits, else
    (a question of more words) by `mask_of` per passage, with Python's integers."""
    ds = [d for d, _ in candidates]
    rule_of = st.rule_of if st.rule_of else [-1] * len(index.rows)
    rules = [rule_of[d] for d in ds]
    width = max((m.bit_length() for masks in concept_mask.values() for m in masks.values()), default=0)
    langs = R.passage_table(index).lang
    if width > 62:
        empty: frozenset[str] = frozenset()
        text = st.text_terms or [empty] * len(index.rows)
        return [(mask_of(titles[d], langs[d]), mask_of(text[d], langs[d]),
                 mask_of(text[r], langs[d]) if r >= 0 else 0, mask_of(st.heading_terms[d], langs[d]),
                 mask_of(st.example_terms[d], langs[d])) for d, r in zip(ds, rules)]
    families = R.term_families(index)
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



def _reference_features(index: "RulesIndex", p: "Question", candidates: Sequence[tuple[int, float]],
             lexical: Sequence[tuple[int, float]], dense: Sequence[tuple[int, float]] = (),
             brought: frozenset[int] | set[int] = frozenset(),
             named: dict[tuple[str, str], tuple[int, int]] | None = None,
             topics: dict[tuple[str, str], int] | None = None) -> np.ndarray:
    """One row of R.FEATURES per candidate (passage number, first-stage score), in the candidates' order;
    `dense` the semantic ranking (empty on the lexical path), `brought` the candidates the structure added."""
    rows = index.rows
    st = crossref.structure(index)
    # the rankings as deep as search reads them, whatever depth the caller asked for (training asks for more)
    lexical, dense = lexical[:R.RERANK_DEPTH], dense[:R.RERANK_DEPTH]
    dense_rank = {d: i for i, (d, _) in enumerate(dense)}
    named = st.named_rules(p) if named is None else named
    topics = st.topics(p) if topics is None else topics
    lex_rank = {d: i for i, (d, _) in enumerate(lexical)}
    lex_score = dict(lexical)
    top_lex = max((s for _, s in lexical), default=0.0) or 1.0
    table = R.passage_table(index)
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
    titles = R.title_terms(index)
    # per candidate, the concepts its title, own text, rule's text, rule heading and examples hold (bit masks)
    found = _reference_family_masks(index, st, candidates, concept_mask, mask_of, titles)
    # one tuple of the features about the question per candidate (the R._DYNAMIC_AT columns, in R.FEATURES' order),
    # made into the matrix at the end: assigning each row into an array cost more than computing it
    values: list[tuple[float, ...]] = []
    zeros = (0.0,) * len(R._DYNAMIC_AT)
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
            R._LOG1P[i] if i < len(R._LOG1P) else math.log1p(i),
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
    out = np.zeros((len(candidates), len(R.FEATURES)), dtype=np.float64)
    if candidates:
        out[:, R._DYNAMIC_AT] = np.array(values, dtype=np.float64).reshape(len(candidates), len(R._DYNAMIC_AT))
        out[:, R._STATIC_AT] = table.static[np.fromiter((d for d, _ in candidates), dtype=np.intp,
                                                      count=len(candidates))]
    share = R.FEATURES.index("text_share")
    best = out[:, share].max(initial=0.0)
    if best > 0:
        out[:, R.FEATURES.index("text_share_best")] = out[:, share] / best
    return out


def _same(index: RulesIndex, p: Question, candidates: list[tuple[int, float]], lexical: list[tuple[int, float]],
          dense: list[tuple[int, float]] = (), brought: frozenset[int] = frozenset()) -> np.ndarray:  # type: ignore[assignment]
    got = R.features(index, p, candidates, lexical, dense, brought)
    want = _reference_features(index, p, candidates, lexical, dense, brought)
    assert got.shape == want.shape
    assert got.tobytes() == want.tobytes(), [
        (int(i), R.FEATURES[j], float(want[i, j]), float(got[i, j])) for i, j in np.argwhere(got != want)[:5]]
    return got


QUESTIONS = (
    "¿puedo bloquear con una criatura girada si el hechizo dice que no puede bloquear?",
    "¿qué pasa si robo de una biblioteca vacía?",
    "if my creature with trample and deathtouch is blocked, how much damage must I assign to the blocker?",
    "el rival tiene «los jugadores no pueden robar cartas», puedo robar?",
    "what does first strike do when a creature with double strike blocks",
)


@pytest.mark.parametrize("fixture", ["es_index", "cr_index"])
def test_features_are_the_per_candidate_code_s_floats(fixture: str, request: pytest.FixtureRequest) -> None:
    index: RulesIndex = request.getfixturevalue(fixture)
    checked = 0
    for q in QUESTIONS:
        p = index.parse(q)
        lexical = index.lexical_ranking(p, 60)
        if len(lexical) < 4:
            continue
        head = [d for d, _ in lexical[:R.RERANK_DEPTH]]
        cands, brought = R.candidates(index, p, head)
        low = min(s for _, s in lexical)
        score = dict(lexical)
        candidates = [(d, score.get(d, low)) for d in cands]
        _same(index, p, candidates, lexical, brought=brought)
        # the lexical ranking lacking some candidates, a semantic ranking in another order, fewer candidates
        _same(index, p, candidates, lexical[::2], dense=lexical[::-1][:20], brought=brought)
        _same(index, p, candidates[:3], lexical)
        checked += 1
    assert checked >= 3


def test_features_of_a_question_of_more_than_62_concepts(cr_index: RulesIndex) -> None:
    """Masks past 62 bits (Python integers): a question read with 40 words at most never has them, but the
    features must not depend on that; its words' bits moved up by 60 places, the weights padded to match."""
    p = cr_index.parse("if my creature with trample and deathtouch is blocked, how much damage must I assign?")
    lexical = cr_index.lexical_ranking(p, 60)
    assert len(lexical) > 10
    wide = dataclasses.replace(p, clauses=[dataclasses.replace(c, mask=c.mask << 60) for c in p.clauses],
                               concept_weights=[0.75] * 60 + list(p.concept_weights))
    assert max(c.mask for c in wide.clauses).bit_length() > 62
    got = _same(cr_index, wide, lexical, lexical)
    _same(cr_index, wide, lexical[:20], lexical[5:])
    assert got[:, R.FEATURES.index("text_share")].max() > 0


def test_no_candidates_is_an_empty_matrix(es_index: RulesIndex) -> None:
    p = es_index.parse("robar una carta")
    assert R.features(es_index, p, [], []).shape == (0, len(R.FEATURES))


def test_bits_and_weighted_sums_on_both_kinds_of_mask() -> None:
    weights = [0.5, 1.25, 3.0, 0.1] * 20
    small = [0, 1, 5, (1 << 62) - 1, 0b1011]
    for masks in (np.asarray(small, dtype=np.int64), np.asarray(small + [(1 << 79) | 3], dtype=object)):
        assert R._bits(masks).tolist() == [int(m).bit_count() for m in masks]
        want = []
        for m in masks:
            total = 0
            for k, w in enumerate(weights):
                if int(m) >> k & 1:
                    total += w
            want.append(float(total))
        assert R._weighted(masks, weights).tolist() == want
