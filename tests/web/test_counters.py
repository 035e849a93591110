"""The embedded rate-limit counters (judge/web/counters.py): one count shared by every process and thread of the
machine, windows that start again, a full table counted in SQLite instead of not at all, and the 429 at the limit
when the count was made by another process."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from judge import create_app
from judge.runner.catalog import find
from judge.web import counters
from judge.web.counters import CounterTable, TableFull
from judge.web.shared_store import COUNTERS_NAME, SQLiteStore

SCENARIO = find("doce-vidas", "01-preparacion-de-la-partida").path.read_text(encoding="utf-8")

# Each process counts 4 threads × 50 hits of one key and prints the counts it was given.
HAMMER = """
import sys, threading
from pathlib import Path
from judge.web.shared_store import SQLiteStore
store = SQLiteStore(Path(sys.argv[1]))
got, lock = [], threading.Lock()
def run():
    mine = [store.hit("rl:run:10.0.0.1", 600)[0] for _ in range(50)]
    with lock:
        got.extend(mine)
threads = [threading.Thread(target=run) for _ in range(4)]
[t.start() for t in threads]
[t.join() for t in threads]
print(" ".join(map(str, got)))
"""


def test_processes_and_threads_share_one_count(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    procs = [subprocess.Popen([sys.executable, "-c", HAMMER, str(path)], stdout=subprocess.PIPE, text=True)
             for _ in range(4)]
    counts = [int(n) for p in procs for n in p.communicate(timeout=120)[0].split()]
    assert all(p.returncode == 0 for p in procs)
    # every hit got a count of its own: none lost, none given twice, whichever process or thread made it
    assert sorted(counts) == list(range(1, 801))
    assert SQLiteStore(path).hit("rl:run:10.0.0.1", 600)[0] == 801
    assert (tmp_path / COUNTERS_NAME).exists()


def test_a_window_that_ended_starts_again_and_its_slot_is_reused(tmp_path: Path, monkeypatch) -> None:
    now = [1000.0]
    monkeypatch.setattr(counters.time, "time", lambda: now[0])
    table = CounterTable(tmp_path / "c.bin", slots=2)
    assert table.hit("a", 10) == (1, 10.0) and table.hit("b", 100) == (1, 100.0)
    now[0] += 4
    assert table.hit("a", 10) == (2, 6.0)
    with pytest.raises(TableFull):            # both slots live: a third client has no room here
        table.hit("c", 10)
    now[0] += 10                              # a's window ended: b is still found, c takes a's slot
    assert table.hit("b", 100) == (2, 86.0)
    assert table.hit("c", 10) == (1, 10.0)
    with pytest.raises(TableFull):
        table.hit("a", 10)
    now[0] += 100
    assert table.hit("b", 100) == (1, 100.0)  # b's window ended: it starts again at 1


def test_a_full_table_counts_in_sqlite(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "shared.db", counter_slots=1)
    assert [store.hit("one", 60)[0] for _ in range(2)] == [1, 2]
    assert [store.hit("two", 60)[0] for _ in range(3)] == [1, 2, 3]   # no slot left: SQLite's counters
    with store._db() as db:
        assert db.execute("SELECT count FROM counters WHERE key = 'two'").fetchone()[0] == 3


def test_the_file_keeps_its_own_size(tmp_path: Path) -> None:
    CounterTable(tmp_path / "c.bin", slots=8).hit("k", 60)
    other = CounterTable(tmp_path / "c.bin", slots=4096)    # another process with another setting
    assert other.hit("k", 60)[0] == 2 and other.slots == 8


def test_the_limit_counts_what_another_process_counted(own_instance: Path, tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "INSTANCE": str(own_instance), "RATE_LIMITS": True,
                      "RATE_LIMIT_RUN": "3/minute", "DATABASE_URL": f"sqlite:///{tmp_path / 'judge.db'}"})
    client = app.test_client()
    assert client.post("/api/run", data=SCENARIO, content_type="application/yaml").status_code == 200
    code = ("import sys; from pathlib import Path; from judge.web.shared_store import SQLiteStore; "
            "s = SQLiteStore(Path(sys.argv[1])); print([s.hit('rl:run:127.0.0.1', 60)[0] for _ in range(2)])")
    out = subprocess.run([sys.executable, "-c", code, str(own_instance / "shared.db")], capture_output=True,
                         text=True, check=True, timeout=60).stdout.strip()
    assert out == "[2, 3]"
    refused = client.post("/api/run", data=SCENARIO, content_type="application/yaml")
    assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60
