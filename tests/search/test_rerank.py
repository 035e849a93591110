"""Issue 15: the learnt second stage (judge/search/rerank.py) and its training (rerank_train.py)."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from judge.search import RulesIndex
from judge.search import boost as B
from judge.search import rerank as R
from judge.search import rerank_train as T


@pytest.mark.parametrize("fused", [False, True])
def test_the_shipped_weights_fit_the_features_and_hold_no_question(fused: bool) -> None:
    path = R.FUSED_WEIGHTS_FILE if fused else R.WEIGHTS_FILE
    model = R.load(path)
    assert model is not None and model.weights.shape == (len(R.FEATURES),)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert set(data) <= {"features", "weights", "trees", "trained_on", "questions", "folds", "snippet_weight",
                         "l2", "semantic", "boosting", "cross_validation"}
    assert data["semantic"] is fused    # each file learnt over its own first stage
    assert not any(name.endswith("_heldout.jsonl") for name in data["trained_on"])


def test_a_weights_file_that_does_not_fit_is_refused_naming_why(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"features": ["x"], "weights": [1.0]}), encoding="utf-8")
    with pytest.raises(R.RerankWeightsError, match="features"):
        R.load(path)
    path.write_text(json.dumps({"features": list(R.FEATURES), "weights": [1.0]}), encoding="utf-8")
    with pytest.raises(R.RerankWeightsError, match="weights"):
        R.load(path)
    assert R.load(tmp_path / "absent.json") is None


def test_fit_learns_what_marks_the_answer() -> None:
    rng = np.random.default_rng(7)
    k = len(R.FEATURES)
    groups = []
    for _ in range(40):
        x = rng.random((12, k))
        good = np.zeros(12, dtype=bool)
        g = int(rng.integers(3, 12))
        good[g] = True
        x[:, 15] = 0.0
        x[g, 15] = 1.0           # title_share marks the answer, wherever the first stage put it
        groups.append((x, good))
    model = R.fit(groups)
    assert model.weights[15] > 0
    assert all(good[model.order(x)[0]] for x, good in groups)


def test_numbered_rules_stay_first_and_the_order_is_deterministic(es_index: RulesIndex) -> None:
    first = es_index.search("121.4 robar sin cartas")
    again = es_index.search("121.4 robar sin cartas")
    assert first.results[0].number == "121.4" and first.results[0].matched_number
    assert [h.id for h in first.results] == [h.id for h in again.results]


def test_reranking_keeps_one_game_in_the_first_five(es_index: RulesIndex) -> None:
    response = es_index.search("si quemo una carta cuanto mana me da?")
    assert {es_index.ruleset_of(h.id) for h in response.results[:5]} == {"doce-vidas"}
    plain = es_index.search("si quemo una carta cuanto mana me da?", rerank=False)
    assert {h.id for h in plain.results[:5]} <= {h.id for h in es_index.search(plain.query, limit=50).results}


def test_features_have_one_row_per_candidate(es_index: RulesIndex) -> None:
    p = es_index.parse("cuantas cartas robo en el primer turno")
    lexical = es_index.lexical_ranking(p, 50)
    x = R.features(es_index, p, lexical[:30], lexical)
    assert x.shape == (min(30, len(lexical)), len(R.FEATURES)) and np.isfinite(x).all()


def test_cross_validation_reports_each_file_of_the_same_folds() -> None:
    """Each file's re-ranked figures come from the folds it was left out of, pooled the same way as all."""
    rng = np.random.default_rng(3)
    k = len(R.FEATURES)
    groups, labels = [], []
    for n in range(30):
        x = rng.random((8, k))
        good = np.zeros(8, dtype=bool)
        good[n % 8] = True
        x[:, 15] = 0.0
        x[n % 8, 15] = 1.0       # title_share marks the answer in "easy"; nothing does in "hard"
        if n % 2:
            x[:, 15] = 0.5
        groups.append(T.Group(x, good, [str(i) for i in range(8)]))
        labels.append("hard" if n % 2 else "easy")
    cv = T.cross_validate(groups, folds=3, labels=labels)
    assert set(cv) == {"first stage", "re-ranked", "re-ranked easy", "re-ranked hard"}
    both = [(a + b) / 2 for a, b in zip(cv["re-ranked easy"], cv["re-ranked hard"])]
    assert np.allclose(both, cv["re-ranked"])          # 15 questions each: the pooled figure is their mean
    assert cv["re-ranked easy"][0] == 1.0 and cv["re-ranked easy"][0] > cv["re-ranked hard"][0]


def test_the_held_out_sets_are_never_trained_on() -> None:
    with pytest.raises(T.HeldOutRefused, match="players_es_quiz_heldout"):
        T.check_trainable([Path("tests/search/players_es_quiz.jsonl"), Path("tests/search/players_es_quiz_heldout.jsonl")])
    T.check_trainable([Path("tests/search/players_es_quiz.jsonl")])


def _row(**values: float) -> np.ndarray:
    x = np.zeros(len(R.FEATURES))
    for name, v in values.items():
        x[R.FEATURES.index(name)] = v
    return x


def test_the_trees_evaluator_walks_each_tree_to_its_leaf_and_sums() -> None:
    title, sub = R.FEATURES.index("title_share"), R.FEATURES.index("is_subrule")
    # tree 0 (depth 2): title_share > 0.5 ? (is_subrule > 0.5 ? 3 : 2) : (no split: always left: 0)
    # tree 1: is_subrule > 0.5 ? (title_share > 0.25 ? 10 : 20) : (never split ... -1)
    trees = R.Trees(np.array([[title, 0, sub], [sub, 0, title]]),
                    np.array([[0.5, np.inf, 0.5], [0.5, np.inf, 0.25]]),
                    np.array([[0.0, 9.0, 2.0, 3.0], [-1.0, 9.0, 20.0, 10.0]]))
    assert trees.depth == 2
    x = np.stack([_row(), _row(title_share=0.8), _row(title_share=0.8, is_subrule=1),
                  _row(is_subrule=1, title_share=0.2), _row(title_share=0.5, is_subrule=1)])
    assert trees.scores(x).tolist() == [-1.0, 1.0, 13.0, 20.0, 10.0]
    model = R.Reranker(np.zeros(len(R.FEATURES)), trees)
    assert model.order(x) == [3, 2, 4, 1, 0]
    # the file's form reads back to the same scores; a node that does not split is written null
    data = json.loads(json.dumps(trees.to_json()))
    assert data["threshold"][0][1] is None
    assert R.Trees.from_json(data, "t").scores(x).tolist() == trees.scores(x).tolist()
    # with a linear part the two add up
    both = R.Reranker(_row(title_share=10.0), trees)
    assert both.score(x).tolist() == [-1.0, 9.0, 21.0, 22.0, 15.0]


def test_a_trees_entry_that_does_not_fit_is_refused_naming_the_field(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    good = {"depth": 1, "feature": [[0]], "threshold": [[0.5]], "leaf": [[0.0, 1.0]]}
    for bad, field in (({**good, "depth": 0}, "trees.depth"), ({**good, "feature": [[len(R.FEATURES)]]},
                       "trees.feature"), ({**good, "leaf": [[0.0]]}, "trees.leaf"),
                       ({**good, "threshold": [["x"]]}, "trees.threshold")):
        path.write_text(json.dumps({"features": list(R.FEATURES), "weights": [0.0] * len(R.FEATURES),
                                    "trees": bad}), encoding="utf-8")
        with pytest.raises(R.RerankWeightsError, match=field.replace(".", r"\.")):
            R.load(path)
    path.write_text(json.dumps({"features": list(R.FEATURES), "weights": [0.0] * len(R.FEATURES),
                                "trees": good}), encoding="utf-8")
    model = R.load(path)
    assert model is not None and model.trees is not None and model.trees.depth == 1


def test_boosting_learns_what_a_weighted_sum_cannot() -> None:
    # the answer is the sub-rule under a rule whose heading holds half the question's concepts, or the rule
    # whose heading holds none (an "exclusive or" of the two): decoys are the sub-rules with none and the rules
    # with half; no weighting of the features puts the answer first in both kinds of question
    sub, head = R.FEATURES.index("is_subrule"), R.FEATURES.index("rule_heading_share")
    groups, weights = [], []
    for n in range(60):
        x = np.zeros((16, len(R.FEATURES)))
        x[:, R.FEATURES.index("first_stage_rr")] = 1 / (1 + np.arange(16))
        x[:8, sub] = 1.0                  # the first stage's first 8: sub-rules with none
        x[8:15, head] = 0.5               # then 7 rules with half
        g = 15
        if n % 2:
            x[g, sub], x[g, head] = 1.0, 0.5
        good = np.zeros(16, dtype=bool)
        good[g] = True
        groups.append((x, good))
        weights.append(1.0)
    linear = R.fit(groups)
    params = B.BoostParams(trees=30, depth=2, rate=0.3, min_hessian=0.1)
    trees = B.fit_trees(groups, weights, None, params)
    model = R.Reranker(np.zeros(len(R.FEATURES)), trees)
    assert all(model.order(x)[0] == 15 for x, _ in groups)
    assert not all(linear.order(x)[0] == 15 for x, _ in groups)
    # deterministic: the same groups learn the same trees
    assert B.fit_trees(groups, weights, None, params).to_json() == trees.to_json()
