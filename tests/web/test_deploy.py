"""Production serving (issue 16, docs/deploy.md): `judge serve --prod` as deployed, two instances on two free
ports sharing one PostgreSQL database (created and dropped here), each with its own copy of the index; and
clients that trickle their headers do not starve it."""
from __future__ import annotations

import contextlib
import http.client
import json
import os
import secrets
import shutil
import socket
import time
from pathlib import Path
from typing import Iterator

import pytest

from judge.runner.catalog import find
from judge.store import db
from judge.web.bench_load import Server, production_server
from judge.web.serving import ServerPlan

ADMIN_URL = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
SCENARIO = find("doce-vidas", "01-preparacion-de-la-partida").path.read_text(encoding="utf-8")


def _request(port: int, method: str, path: str, body: bytes | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    return response.status, response.read()


def _copy_instance(source: Path, target: Path) -> Path:
    # Each instance has its own copy of the index (docs/deploy.md); the shared store file is not copied.
    shutil.copytree(source, target, symlinks=True, ignore=shutil.ignore_patterns("shared.db*", "counters.bin", "judge.db*"))
    return target


@contextlib.contextmanager
def _instances(instance_dir: Path, tmp_path: Path, database_url: str, count: int) -> Iterator[list[Server]]:
    with contextlib.ExitStack() as stack:
        servers = []
        for n in range(count):
            instance = _copy_instance(instance_dir, tmp_path / f"instance-{n}")
            # (the rule pages compared must not be served while one instance is still building its "Ejemplos")
            env = dict(os.environ, JUDGE_INSTANCE=str(instance), JUDGE_DATABASE_URL=database_url,
                       JUDGE_EXAMPLES_WAIT="300")
            servers.append(stack.enter_context(production_server(env, 1, 4, tmp_path, ready_path="/reglas/121.4")))
        yield servers


def test_plan_is_sized_to_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JUDGE_SERVE_WORKERS", raising=False)
    plan = ServerPlan.from_environment("127.0.0.1", 8000)
    assert plan.workers == len(os.sched_getaffinity(0)) and plan.threads == 16
    monkeypatch.setenv("JUDGE_SERVE_WORKERS", "3")
    monkeypatch.setenv("JUDGE_SERVE_HEADER_TIMEOUT_MS", "2500")
    plan = ServerPlan.from_environment("127.0.0.1", 8000, threads=4)
    assert (plan.workers, plan.threads, plan.header_timeout_ms) == (3, 4, 2500)
    assert "3 worker(s) × 4 threads" in plan.describe()
    monkeypatch.setenv("JUDGE_SERVE_WORKERS", "many")
    with pytest.raises(SystemExit, match="JUDGE_SERVE_WORKERS"):
        ServerPlan.from_environment("127.0.0.1", 8000)


def test_two_instances_share_one_postgresql(instance_dir: Path, tmp_path: Path) -> None:
    name = f"judge_test_deploy_{int(time.time())}_{secrets.token_hex(4)}"
    try:
        scratch = db.scratch_database(ADMIN_URL, name)
        url = scratch.__enter__()
    except Exception as exc:  # noqa: BLE001 - no server here
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            raise
        pytest.skip(f"PostgreSQL is not reachable at {ADMIN_URL}: {exc}")
    try:
        db.upgrade(url)
        with _instances(instance_dir, tmp_path, url, 2) as (one, other):
            status, body = _request(one.port, "POST", "/api/scenarios", SCENARIO.encode(),
                                    {"Content-Type": "application/yaml"})
            assert status == 201, body
            saved = json.loads(body)
            status, body = _request(other.port, "GET", f"/api/scenarios/{saved['id']}")
            assert status == 200
            served = json.loads(body)
            assert served["source"] == SCENARIO and served["trace"]["steps"]
            status, body = _request(other.port, "GET", "/api/scenarios")
            assert status == 200 and saved["id"] in [s["id"] for s in json.loads(body)["scenarios"]]
            # Rule pages: each instance renders from its own index copy; the same page on both.
            assert _request(one.port, "GET", "/reglas/121.4.json")[1] == _request(other.port, "GET",
                                                                                  "/reglas/121.4.json")[1]
    finally:
        scratch.__exit__(None, None, None)


def test_slow_clients_do_not_starve_the_server(instance_dir: Path, tmp_path: Path) -> None:
    # More clients trickling their headers than the worker has threads: a normal request is still answered.
    instance = _copy_instance(instance_dir, tmp_path / "instance")
    env = dict(os.environ, JUDGE_INSTANCE=str(instance), JUDGE_DATABASE_URL=f"sqlite:///{tmp_path / 'judge.db'}",
               JUDGE_SERVE_HEADER_TIMEOUT_MS="3000")
    with production_server(env, 1, 2, tmp_path, ready_path="/reglas/121.4") as server:
        slow = []
        try:
            for _ in range(20):
                sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
                sock.sendall(b"GET /reglas/121.4 HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                slow.append(sock)
            started = time.monotonic()
            status, _ = _request(server.port, "GET", "/api/search?q=robar")
            assert status == 200 and time.monotonic() - started < 10
            # A client that never finishes its headers is disconnected after the header timeout.
            slow[0].settimeout(15)   # a socket.timeout here (still connected after 15 s) fails the test
            try:
                answer = slow[0].recv(100)
            except ConnectionResetError:
                answer = b""
            assert answer == b"" or answer.startswith(b"HTTP/1.1 408"), answer
        finally:
            for sock in slow:
                sock.close()


def test_a_worker_is_warm_before_its_first_request(instance_dir: Path, tmp_path: Path) -> None:
    """judge.web.wsgi, as each worker imports it, loads everything a request would otherwise load on its own clock:
    the corpus and the index, the cited rules' resolver (runs and the dry run's problems) and the index's lazy
    tables of a full search (the cross-references), which the first new questions of 16 threads would otherwise
    each build at once. Counted in a fresh process: after the import, neither a new question nor a cited rule
    loads or builds anything, and what was loaded is frozen (gc.freeze)."""
    import subprocess
    import sys

    instance = _copy_instance(instance_dir, tmp_path / "instance")
    code = """
from judge.corpus import loader
from judge.search import crossref
from judge.web import wsgi
builds, loads = [], []
real_build, real_load = crossref.build, loader.load_corpus
crossref.build = lambda index: builds.append(1) or real_build(index)
loader.load_corpus = lambda *a, **k: loads.append(1) or real_load(*a, **k)
import judge.corpus
judge.corpus.load_corpus = loader.load_corpus
client = wsgi.app.test_client()
assert client.get("/api/search?q=" + "cuántas cartas roba el jugador inicial").status_code == 200
from pathlib import Path
from judge.runner.citations import resolver
with wsgi.app.app_context():
    resolver(Path(wsgi.app.config["CORPUS_DIR"]), Path(wsgi.app.config["INSTANCE"]))
import gc
from judge.web import pagecache
env = wsgi.app.jinja_env
compiled = {key[1] for key in env.cache.keys()} if env.cache is not None else set()
print(len(builds), len(loads), gc.get_freeze_count() > 10_000,
      pagecache._code_digest is not None and set(env.list_templates()) <= compiled)
"""
    env = dict(os.environ, JUDGE_INSTANCE=str(instance), JUDGE_DATABASE_URL=f"sqlite:///{tmp_path / 'judge.db'}",
               JUDGE_SEARCH_CACHE="false", JUDGE_RATE_LIMITS="false", JUDGE_SEARCH_SEMANTIC="false")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    # ... the loaded heap is frozen out of the collector's full passes (warm.freeze_loaded), and the cache keys'
    # code digest and every template were made before the first request (each thread's first requests made them)
    assert out.stdout.split() == ["0", "0", "True", "True"], out.stdout
