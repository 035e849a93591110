"""`make faults`: a real `judge serve` over a throwaway PostgreSQL cluster that is stopped (a crash) and frozen
(SIGSTOP): how long a save takes to answer 503, what the other pages do meanwhile, how long after the database
returns the first save is stored again (no restart of the app), and that no save answered 503 was stored."""
from __future__ import annotations

import json
import time
from pathlib import Path

from sqlalchemy import create_engine, text

from judge.store import db

from .conftest import figure
from .pgcluster import Cluster
from .server import Server, request, scenario

SCENARIO = scenario("Guardado con la base de datos en apuros")
RECOVERY_LIMIT = 60.0


def _rows(cluster: Cluster) -> int:
    engine = create_engine(db.database_url("", cluster.url))
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM scenario_version")).scalar_one())
    finally:
        engine.dispose()


def _until_saved(server: Server) -> tuple[float, dict]:
    started = time.perf_counter()
    while time.perf_counter() - started < RECOVERY_LIMIT:
        status, _, body, _ = request(server.base + "/api/scenarios", SCENARIO, timeout=10)
        if status == 201:
            return time.perf_counter() - started, json.loads(body)
        time.sleep(0.1)
    raise AssertionError(f"no save was stored within {RECOVERY_LIMIT} s of the database's return")


OTHER_PAGES = ["/reglas/121.4", "/biblioteca", "/api/search?q=robar", "/escenarios/nuevo",
               "/escenarios/doce-vidas/01-preparacion-de-la-partida"]


def _outage_checks(server: Server, saved_url: str, label: str) -> int:
    """The pages during an outage; returns how many saves were answered (503, so not stored)."""
    status, headers, body, seconds = request(server.base + "/api/scenarios", SCENARIO)
    assert status == 503 and int(headers["Retry-After"]) >= 1, (status, body[:300])
    assert "base de datos" in json.loads(body)["error"]
    figure(f"{label}: first save answered 503 in", seconds)
    status, headers, _, seconds = request(server.base + "/api/scenarios", SCENARIO)
    assert status == 503
    figure(f"{label}: next save answered 503 in", seconds)
    status, _, body, seconds = request(server.base + saved_url)
    assert status == 503 and b"base de datos" in body
    figure(f"{label}: permalink page answered 503 in", seconds)
    for path in OTHER_PAGES:
        status, _, body, seconds = request(server.base + path)
        assert status == 200, (path, status, body[:300])
        figure(f"{label}: {path} answered 200 in", seconds)
    return 2


def test_postgresql_stopped_then_frozen(cluster: Cluster, instance: Path) -> None:
    server = Server(instance, env={"DATABASE_URL": cluster.url}).start()
    try:
        status, _, body, _ = request(server.base + "/api/scenarios", SCENARIO)
        assert status == 201, body[:300]
        saved_url = json.loads(body)["url"]
        stored = 1
        for path in OTHER_PAGES:   # once each before the faults: the figures are then the pages' usual cost
            assert request(server.base + path)[0] == 200, path

        cluster.stop()
        refused = _outage_checks(server, saved_url, "PostgreSQL stopped")
        cluster.start()
        seconds, _ = _until_saved(server)
        stored += 1
        figure("PostgreSQL stopped: first save stored after its restart, in", seconds)

        cluster.freeze()
        try:
            refused += _outage_checks(server, saved_url, "PostgreSQL frozen")
            time.sleep(3)
        finally:
            cluster.thaw()
        seconds, _ = _until_saved(server)
        stored += 1
        figure("PostgreSQL frozen: first save stored after SIGCONT, in", seconds)
        time.sleep(1)   # the abandoned saves' workers have their answer by now
        assert _rows(cluster) == stored, f"{refused} saves were answered 503; none of them may be stored"
    finally:
        server.stop()
