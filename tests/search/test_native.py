"""The package engine's product done by AVX-512 VNNI (judge/search/native.py, e5_exact.c): the package's own
vectors bit for bit, for questions and passages; the package's product whenever it cannot be used."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from judge.search import native
from judge.search import semantic as sem

QUESTIONS = ("¿Qué pasa si bloqueo una criatura 3/3 con dos criaturas 2/2?",
             "If my creature with trample is blocked by two creatures, how do I assign its combat damage?",
             "tapeo mi criatura para maná el turno que entra, ¿puedo?", "", "?")
# passages of every length the engine handles differently: one text, a batch, and one past 512 tokens (windows)
PASSAGES = ["Arrollar. El controlador de una criatura atacante con arrollar asigna su daño.", "Trample.",
            " ".join(["702.19c If an attacking creature with trample is blocked, but there are no creatures "
                      "blocking it when damage is assigned, all its damage is assigned to the player."] * 30)]


def _usable() -> None:
    if native.compiler() is None:
        pytest.skip("no C compiler on this machine: the package's product answers (test below)")
    kernel = native._kernel(native.build())
    if not kernel.e5x_supported():
        pytest.skip("no AVX-512 VNNI on this CPU: the package's product answers")


def _bits(a: Any) -> np.ndarray:
    return np.ascontiguousarray(np.asarray(a, dtype=np.float32)).view(np.uint32)


@pytest.fixture()
def model() -> sem.Embedder:
    m = sem.Embedder(native=True)
    m.recent_max = 0
    return m


def test_the_vnni_product_gives_the_package_products_vectors_bit_for_bit(model: sem.Embedder) -> None:
    _usable()
    assert model.native and native.active(model._model)
    assert model.engine_id == model.encoder_id == "e5"       # the same vectors: the same cache keys
    kernel = native.install(model._model, native.build())   # already in: the same library, nothing changes
    ran = kernel.e5x_products()
    got_q = [model.query(t) for t in QUESTIONS]
    got_p = model.passages(PASSAGES)
    got_one = model.passages(PASSAGES[:1])
    assert kernel.e5x_products() > ran                       # the products were the kernel's
    native.uninstall(model._model)
    try:
        assert not native.active(model._model)
        ran = kernel.e5x_products()
        want_q = [model.query(t) for t in QUESTIONS]
        want_p = model.passages(PASSAGES)
        assert kernel.e5x_products() == ran                  # and these the package's own
    finally:
        native.install(model._model, native.build())
    for got, want in zip(got_q, want_q):
        assert np.array_equal(_bits(got), _bits(want))
    assert np.array_equal(_bits(got_p), _bits(want_p))
    assert np.array_equal(_bits(got_one[0]), _bits(want_p[0]))


def test_the_package_setting_takes_the_kernel_out(model: sem.Embedder) -> None:
    _usable()
    assert native.active(model._model)
    package = sem.Embedder(native=False)
    assert not package.native and not native.active(package._model)
    sem.Embedder(native=True)
    assert native.active(package._model)                     # one engine library per process


def test_a_product_whose_vectors_differ_is_refused() -> None:
    right = [np.ones(sem.DIM, dtype=np.float32) / np.sqrt(sem.DIM) for _ in native.CHECK_TEXTS]
    native.check(right, lambda text: right[0])

    def off_by_one_bit(text: str) -> np.ndarray:
        v = right[0].copy()
        v.view(np.uint32)[5] += 1
        return v

    with pytest.raises(native.NativeUnavailable, match="differ"):
        native.check(right, off_by_one_bit)


def test_a_failed_check_takes_the_kernel_out_again(monkeypatch: pytest.MonkeyPatch, model: sem.Embedder) -> None:
    _usable()
    native.uninstall(model._model)

    def refuse(before: Any, after: Any, texts: Any = ()) -> None:
        raise native.NativeUnavailable("its vectors differ (test)")

    monkeypatch.setattr(native, "check", refuse)
    try:
        with pytest.raises(native.NativeUnavailable, match="differ"):
            native.enable(model._model)
        assert not native.active(model._model)
    finally:
        monkeypatch.undo()
        native.enable(model._model)


def test_another_engine_binary_is_left_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             model: sem.Embedder) -> None:
    monkeypatch.setattr(native, "ENGINE_SHA256", "0" * 64)
    with pytest.raises(native.NativeUnavailable, match="SHA-256"):
        native.enable(model._model)


def test_without_a_compiler_the_package_product_answers(monkeypatch: pytest.MonkeyPatch,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(sem, "_logged", set())
    monkeypatch.setenv("CC", "no-such-compiler-here")
    monkeypatch.setattr(native, "build_dirs", lambda: [Path("/nonexistent-for-the-test")])
    with pytest.raises(native.NativeUnavailable, match="no C compiler"):
        native.build()
    first = sem.Embedder(native=False)              # the package's product, whatever an earlier test installed
    want = first.query(QUESTIONS[0])
    with caplog.at_level(logging.WARNING):
        model = sem.Embedder(native=True)
    assert not model.native and not native.active(model._model)
    assert model.engine_id == model.encoder_id == "e5"
    assert "no C compiler" in caplog.text
    model.recent_max = 0
    assert np.array_equal(_bits(model.query(QUESTIONS[0])), _bits(want))
    monkeypatch.undo()
    if native.compiler() is not None:
        sem.Embedder(native=True)                   # the rest of the session as configured


def test_loading_the_kernel_keeps_the_process_subnormal_floats(model: sem.Embedder) -> None:
    """Never built with -ffast-math (gcc's crtfastmath.o would set flush-to-zero for the whole server process on
    load: a subnormal float then reads as 0; hypothesis refuses to generate floats)."""
    _usable()
    model.query(QUESTIONS[0])
    import sys
    tiny = sys.float_info.min
    assert tiny / 2 > 0.0 and float("5e-324") > 0.0
    assert "-ffast-math" not in native.FLAGS


def test_the_engine_setting_is_read_and_checked(monkeypatch: pytest.MonkeyPatch,
                                                caplog: pytest.LogCaptureFixture) -> None:
    from judge.config import search_engine

    monkeypatch.setattr(sem, "_logged", set())
    monkeypatch.delenv("JUDGE_SEARCH_ENGINE", raising=False)
    assert search_engine() == "native"       # the same vectors as the package's: the default
    monkeypatch.setenv("JUDGE_SEARCH_ENGINE", "package")
    assert search_engine() == sem.engine_setting() == "package"
    monkeypatch.setenv("JUDGE_SEARCH_ENGINE", "gpu")
    with pytest.raises(ValueError, match="JUDGE_SEARCH_ENGINE"):
        search_engine()
    with caplog.at_level(logging.WARNING):
        assert sem.engine_setting() == "native"
    assert "JUDGE_SEARCH_ENGINE='gpu'" in caplog.text
