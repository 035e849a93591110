"""Issue 15: the learnt second stage (judge/search/rerank.py) and its training (rerank_train.py)."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from judge.search import RulesIndex
from judge.search import rerank as R
from judge.search import rerank_train as T


@pytest.mark.parametrize("fused", [False, True])
def test_the_shipped_weights_fit_the_features_and_hold_no_question(fused: bool) -> None:
    path = R.FUSED_WEIGHTS_FILE if fused else R.WEIGHTS_FILE
    model = R.load(path)
    assert model is not None and model.weights.shape == (len(R.FEATURES),)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert set(data) <= {"features", "weights", "trained_on", "questions", "folds", "snippet_weight", "l2",
                         "semantic", "cross_validation"}
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


def test_the_held_out_sets_are_never_trained_on() -> None:
    with pytest.raises(T.HeldOutRefused, match="players_es_quiz_heldout"):
        T.check_trainable([Path("tests/search/players_es_quiz.jsonl"), Path("tests/search/players_es_quiz_heldout.jsonl")])
    T.check_trainable([Path("tests/search/players_es_quiz.jsonl")])
