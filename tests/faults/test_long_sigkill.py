"""`make faults`: SIGKILL of `judge serve` while clients save, on SQLite and on PostgreSQL: every save answered
201 is there, intact, after the restart."""
from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

from .conftest import figure
from .server import Server, request as http, scenario

CLIENTS = 8
SAVING_FOR = 4.0    # seconds of saves before the kill



@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_sigkill_during_saves_loses_no_acknowledged_save(database: str, instance: Path,
                                                         request: pytest.FixtureRequest) -> None:
    env = {"DATABASE_URL": request.getfixturevalue("cluster").url} if database == "postgresql" else {}
    server = Server(instance, env=env).start()
    # A first save before the clients start: a fresh process loads the corpus and creates the database first,
    # which on a loaded machine can take longer than the saving window.
    warm = _post(server, scenario("Guardado warm-0"))
    assert warm[0] == 201, warm[2][:300]
    acknowledged: list[tuple[str, str]] = [(json.loads(warm[2])["id"], "Guardado warm-0")]
    stop = threading.Event()

    def client(k: int) -> None:
        n = 0
        while not stop.is_set():
            n += 1
            title = f"Guardado {k}-{n}"
            status, _, body, _ = _post(server, scenario(title))
            if status == 201:
                acknowledged.append((json.loads(body)["id"], title))

    threads = [threading.Thread(target=client, args=(k,)) for k in range(CLIENTS)]
    for thread in threads:
        thread.start()
    time.sleep(SAVING_FOR)
    server.kill()
    stop.set()
    for thread in threads:
        thread.join(timeout=60)
    assert acknowledged, "no save was acknowledged before the kill"
    server.start()
    try:
        lost = []
        for version_id, title in acknowledged:
            status, _, body, _ = http(f"{server.base}/api/scenarios/{version_id}")
            if status != 200 or json.loads(body)["title"] != title:
                lost.append((version_id, title, status))
        figure(f"SIGKILL during saves ({database}): saves acknowledged before the kill", len(acknowledged), "")
        figure(f"SIGKILL during saves ({database}): acknowledged saves missing after the restart", len(lost), "")
        assert not lost, lost[:5]
    finally:
        server.stop()


def _post(server: Server, body: bytes):  # type: ignore[no-untyped-def]
    return http(server.base + "/api/scenarios", body, timeout=30)
