"""The SQLite shared store's page table (shared_store.SQLiteStore): bounded by max_pages, the entries closest to
expiring dropped first, expired ones dropped on the next put, and the bound kept through the `until` index alone
(a put that read every row cost 33 ms of CPU at 5,000 pages and held the write lock meanwhile)."""
from __future__ import annotations

import sqlite3
from pathlib import Path

from judge.web import shared_store
from judge.web.shared_store import SQLiteStore


def _keys(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {row[0] for row in db.execute("SELECT key FROM pages")}


def test_the_bound_drops_the_entries_closest_to_expiring(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "shared.db", max_pages=5)
    for i in range(8):                       # a longer TTL each: page0 expires first
        store.put(f"page{i}", b"v" * 3000, 1000 + i)
    assert _keys(store.path) == {f"page{i}" for i in range(3, 8)}
    store.put("page3", b"again", 5000)       # replacing an entry keeps one row for its key
    assert len(_keys(store.path)) == 5 and store.get("page3") == b"again"
    store.put("short", b"x", 1)              # the one closest to expiring: the bound drops it at once
    assert "short" not in _keys(store.path)


def test_expired_entries_go_on_the_next_put(tmp_path: Path, monkeypatch) -> None:
    store = SQLiteStore(tmp_path / "shared.db", max_pages=100)
    store.put("old", b"x", 10)
    now = shared_store.time.time()
    monkeypatch.setattr(shared_store.time, "time", lambda: now + 11)
    assert store.get("old") is None          # already unseen once expired
    store.put("new", b"y", 10)
    assert _keys(store.path) == {"new"}


def test_the_bound_reads_the_expiry_index_not_the_values(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "shared.db")
    store.put("k", b"v", 60)
    db = store._db()
    plans = [" ".join(row[3] for row in db.execute("EXPLAIN QUERY PLAN " + sql, args))
             for sql, args in ((shared_store.PRUNE_EXPIRED, (0.0,)), (shared_store.PRUNE_OVER_BOUND, (5,)))]
    assert "USING INDEX pages_until" in plans[0], plans
    assert "USING COVERING INDEX pages_until" in plans[1], plans


def test_big_values_are_kept_compressed_and_come_back_whole(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "shared.db")
    answer = b'{"steps":[' + b",".join(b'{"board":{"players":[{"life":%d}]}}' % (i % 7) for i in range(4000)) + b"]}"
    assert len(answer) >= shared_store.PACK_MIN
    small = b"run:" + b"0" * 64
    tricky = shared_store.PACKED + b"not compressed"     # a small value that begins as a packed one does
    store.put_many([("answer", answer, 60), ("pointer", small, 60), ("tricky", tricky, 60)])
    with sqlite3.connect(store.path) as db:
        raw = dict(db.execute("SELECT key, value FROM pages"))
    assert raw["pointer"] == small                        # small values as they are
    assert raw["answer"].startswith(shared_store.PACKED) and len(raw["answer"]) < len(answer) // 10
    assert store.get("answer") == answer and store.get("pointer") == small and store.get("tricky") == tricky
    store.put("answer", b"short now", 60)                 # replaced, small: stored as it is
    assert store.get("answer") == b"short now"


def test_a_batch_is_one_transaction_in_its_order(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "shared.db", max_pages=3)
    store.put_many([(f"k{i}", b"v%d" % i, 100 + i) for i in range(5)])   # the bound applies to the batch
    assert _keys(store.path) == {"k2", "k3", "k4"}
    store.put_many([("k2", b"again", 500)])
    assert store.get("k2") == b"again"
