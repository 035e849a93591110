"""Games run in several threads of one process (a web server's) decide exactly what they decide alone: every cache
is held by its game (MagicCaches) and the edit stamps come from one counter no two changes share
(magic/state.py)."""
from __future__ import annotations

import json
import threading
from pathlib import Path

from judge.engine import run_scenario
from judge.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[2]
FILES = ("41-acto", "39-capa-7", "10-mareo")


def _traces() -> list[str]:
    out = []
    for prefix in FILES:
        path = next((ROOT / "scenarios" / "magic").glob(f"{prefix}*.yaml"))
        out.append(json.dumps(run_scenario(load_scenario(path)).to_json(), ensure_ascii=False, sort_keys=True))
    return out


def test_games_in_threads_play_as_they_play_alone() -> None:
    alone = _traces()
    results: list[list[str]] = []
    errors: list[BaseException] = []

    def play() -> None:
        try:
            for _ in range(3):
                results.append(_traces())
        except BaseException as exc:          # reported below: a thread's failure must fail the test
            errors.append(exc)

    threads = [threading.Thread(target=play) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    assert not errors, errors
    assert len(results) == 12 and all(r == alone for r in results)
