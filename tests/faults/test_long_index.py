"""`make faults`: `judge serve` restarted on a damaged index: served from the last good copy at once and rebuilt
in the background; without a good copy, 503 "rebuilding" at once and 200 when the build ends."""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

from judge import config
from judge.search.index import LAST_GOOD, damage

from .conftest import figure
from .indexdamage import damage_segment
from .server import Server, request

REBUILD_LIMIT = 300.0


def _until(condition, what: str) -> float:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    while not condition():
        assert time.perf_counter() - started < REBUILD_LIMIT, f"{what} did not happen in {REBUILD_LIMIT} s"
        time.sleep(0.2)
    return time.perf_counter() - started


def _whole(instance: Path) -> bool:
    return damage(config.index_dir(instance).resolve()) is None


def test_damaged_index_after_a_restart(instance: Path) -> None:
    server = Server(instance).start(ready_path="/api/search?q=robar")
    server.stop()

    damage_segment(instance)
    server.start(ready_path="/escenarios/nuevo")
    status, _, body, seconds = request(server.base + "/api/search?q=robar")
    assert status == 200 and json.loads(body)["results"], (status, body[:300])
    figure("damaged index, last good copy kept: first search answered 200 (last good copy) in", seconds)
    figure("damaged index, last good copy kept: rebuilt in the background in",
           _until(lambda: _whole(instance), "the rebuild"))
    server.stop()

    damage_segment(instance)
    shutil.rmtree((instance / LAST_GOOD).resolve())
    server.start(ready_path="/escenarios/nuevo")
    status, headers, body, seconds = request(server.base + "/api/search?q=robar")
    assert status == 503 and int(headers["Retry-After"]) > 0 and "reconstruyendo" in json.loads(body)["error"]
    figure("damaged index, no good copy: search answered 503 rebuilding in", seconds)
    status, _, body, seconds = request(server.base + "/reglas/704.5")
    assert status == 503 and "reconstruyendo".encode() in body
    figure("damaged index, no good copy: rule page answered 503 rebuilding in", seconds)
    recovered = _until(lambda: request(server.base + "/api/search?q=robar")[0] == 200, "search answering")
    figure("damaged index, no good copy: search answering 200 again after", recovered)
    server.stop()
