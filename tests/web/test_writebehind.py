"""Write-behind of the run and search caches (issue 16): a new answer is sent before its put into the shared store
is done, the put lands after; the queue is bounded (the oldest pending put dropped, the request never waits) and
flushed at a clean exit, a multiprocessing worker's too."""
from __future__ import annotations

import multiprocessing
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from judge import create_app
from judge.runner.catalog import find
from judge.web import localcache, writebehind
from judge.web.shared_store import SQLiteStore, StoreUnavailable

SCENARIO = find("magic", "15-robar-de-una-biblioteca-vacia-pierde-la-partida").path
ROOT = Path(__file__).resolve().parents[2]


class GatedStore:
    """A shared store whose puts wait for `gate` (a store slow or busy with another worker's write)."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.entered = threading.Event()
        self.data: dict[str, bytes] = {}
        self.order: list[str] = []
        self.fail = False

    def hit(self, key: str, window: int) -> tuple[int, float]:
        return 1, float(window)

    def get(self, key: str) -> bytes | None:
        return self.data.get(key)

    def put(self, key: str, value: bytes, ttl: int) -> None:
        self.entered.set()
        assert self.gate.wait(10), "the test never opened the gate"
        if self.fail:
            raise StoreUnavailable("down")
        self.data[key] = value
        self.order.append(key)


@pytest.fixture()
def gated(monkeypatch: pytest.MonkeyPatch):
    assert writebehind.flush(10)     # an earlier test's puts are not counted as this one's
    found = GatedStore()
    monkeypatch.setattr(localcache, "store", lambda app=None: found)
    yield found
    found.gate.set()
    assert writebehind.flush(10)


def test_a_new_run_is_answered_before_its_put_and_the_put_lands_after(own_instance: Path, gated: GatedStore) -> None:
    client = create_app({"TESTING": True, "INSTANCE": str(own_instance), "RUN_CACHE": True}).test_client()
    body = SCENARIO.read_bytes()
    first = client.post("/api/run", data=body, content_type="application/yaml")
    # The answer is here while the store's put is still held at the gate (or not even started).
    assert first.status_code == 200 and first.headers["X-Run-Cache"] == "miss"
    assert gated.data == {}
    assert writebehind.queue().pending() == 2          # the answer and the body's pointer to it
    # The same worker answers it again at once from its LRU, the store still empty.
    assert client.post("/api/run", data=body, content_type="application/yaml").headers["X-Run-Cache"] == "hit"
    gated.gate.set()
    assert writebehind.flush(10)
    # Landed after, in order: the answer first, then the pointer (a pointer never names a missing answer first).
    assert [k.split(":")[0] for k in gated.order] == ["run", "runb"]
    assert gated.data[gated.order[0]] == first.data
    # Another worker (an empty LRU) finds it in the store: the same bytes.
    localcache._lrus.clear()
    again = client.post("/api/run", data=body, content_type="application/yaml")
    assert again.headers["X-Run-Cache"] == "hit" and again.data == first.data


def test_a_new_search_is_answered_before_its_put(own_instance: Path, gated: GatedStore) -> None:
    client = create_app({"TESTING": True, "INSTANCE": str(own_instance), "SEARCH_CACHE": True}).test_client()
    first = client.get("/api/search", query_string={"q": "robar de una biblioteca vacía"})
    assert first.headers["X-Search-Cache"] == "miss" and gated.data == {}
    gated.gate.set()
    assert writebehind.flush(10)
    assert list(gated.data.values()) == [first.data]


def test_without_write_behind_the_put_is_in_the_request(own_instance: Path, gated: GatedStore) -> None:
    gated.gate.set()
    client = create_app({"TESTING": True, "INSTANCE": str(own_instance), "RUN_CACHE": True,
                         "WRITE_BEHIND": False}).test_client()
    client.post("/api/run", data=SCENARIO.read_bytes(), content_type="application/yaml")
    assert [k.split(":")[0] for k in gated.order] == ["run", "runb"]   # before the answer came back


def _put(store: object, key: str, size: int = 10) -> writebehind.Put:
    return writebehind.Put(store, key, b"x" * size, 60, "the test")   # type: ignore[arg-type]


def test_the_queue_is_bounded_dropping_the_oldest_pending_put() -> None:
    store = GatedStore()
    queue = writebehind.WriteBehind(max_items=3, max_bytes=1000)
    queue.put(_put(store, "k0"))
    assert store.entered.wait(10)                      # the writer holds k0 at the gate
    for i in range(1, 6):
        queue.put(_put(store, f"k{i}"))                # never waits for the store
    assert queue.stats()["dropped"] == 2 and queue.pending() == 4   # k0 being written, k3…k5 pending
    store.gate.set()
    assert queue.flush(10)
    assert store.order == ["k0", "k3", "k4", "k5"]
    # By bytes: 1,000 at most pending, so of three 400-byte puts behind a held one the oldest goes.
    store.gate.clear()
    store.entered.clear()
    queue.put(_put(store, "b0"))
    assert store.entered.wait(10)
    for i in range(1, 4):
        queue.put(_put(store, f"b{i}", 400))
    assert queue.stats()["pending_bytes"] == 800 and queue.stats()["dropped"] == 3
    # One answer bigger than the whole bound is not kept at all.
    queue.put(_put(store, "huge", 5000))
    assert queue.stats()["dropped"] == 4 and queue.stats()["pending_bytes"] == 800
    store.gate.set()
    assert queue.flush(10)
    assert store.order[-3:] == ["b0", "b2", "b3"]


def test_a_failing_store_is_counted_and_the_writer_goes_on() -> None:
    store = GatedStore()
    store.gate.set()
    store.fail = True
    queue = writebehind.WriteBehind()
    queue.put(_put(store, "lost"))
    assert queue.flush(10) and queue.stats()["failed"] == 1
    store.fail = False
    queue.put(_put(store, "kept"))
    assert queue.flush(10) and store.order == ["kept"] and queue.stats()["written"] == 1


# A slow store (each put 20 ms) and 30 puts queued just before the process ends normally: all in the file.
EXIT_SCRIPT = """
import sys, time
from pathlib import Path
from judge.web import writebehind
from judge.web.shared_store import SQLiteStore

class Slow(SQLiteStore):
    def put(self, key, value, ttl):
        time.sleep(0.02)
        super().put(key, value, ttl)

store = Slow(Path(sys.argv[1]))
for i in range(30):
    writebehind.queue().put(writebehind.Put(store, f"k{i}", b"v" * 1000, 600, "the test"))
"""


def _pages(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT count(*) FROM pages").fetchone()[0])


def test_a_clean_exit_flushes_the_pending_puts(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    done = subprocess.run([sys.executable, "-c", EXIT_SCRIPT, str(path)], cwd=ROOT, timeout=60,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert _pages(path) == 30


def _child(path: str) -> None:
    import time

    class Slow(SQLiteStore):
        def put(self, key: str, value: bytes, ttl: int) -> None:
            time.sleep(0.02)
            super().put(key, value, ttl)

    store = Slow(Path(path))
    for i in range(20):
        writebehind.queue().put(writebehind.Put(store, f"c{i}", b"v" * 1000, 600, "the test"))


def test_a_forked_worker_flushes_at_its_exit_and_the_parent_queue_is_its_own(tmp_path: Path) -> None:
    """As a Granian worker (a multiprocessing child, which ends with os._exit after its target returns): the
    child's writer drains before the child exits; the parent's queue (one made before the fork) is not shared."""
    parent_store = GatedStore()
    parent_store.gate.set()
    writebehind.queue().put(_put(parent_store, "parent"))
    path = tmp_path / "shared.db"
    child = multiprocessing.get_context("fork").Process(target=_child, args=(str(path),))
    child.start()
    child.join(60)
    assert child.exitcode == 0
    assert _pages(path) == 20
    assert writebehind.flush(10) and parent_store.order == ["parent"]


def test_a_new_cached_page_is_answered_before_its_put_and_the_put_lands_after(own_instance: Path,
                                                                              gated: GatedStore) -> None:
    """Rule pages and curated run pages (pagecache.py): the page is answered while its put is held, served again
    from the worker's LRU, and in the store (without its saved scenarios' slot filled) once the writer is let go."""
    client = create_app({"TESTING": True, "INSTANCE": str(own_instance), "PAGE_CACHE": True}).test_client()
    url = "/escenarios/magic/15-robar-de-una-biblioteca-vacia-pierde-la-partida"
    first = client.get(url)
    assert first.status_code == 200 and first.headers["X-Page-Cache"] == "miss"
    assert gated.data == {} and writebehind.queue().pending() == 1
    again = client.get(url)
    assert again.headers["X-Page-Cache"] == "hit" and again.data == first.data
    gated.gate.set()
    assert writebehind.flush(10)
    assert [k.split(":")[0] for k in gated.order] == ["page"]
    assert gated.data[gated.order[0]].endswith(first.data)      # its content type, a newline, the page
    localcache._lrus.clear()                                     # another worker: from the store
    other = client.get(url)
    assert other.headers["X-Page-Cache"] == "hit" and other.data == first.data
