"""The store every worker and instance shares for rate-limit counters and the page cache.

Redis (`REDIS_URL`) when configured, as a deployment of several instances uses it; otherwise an SQLite file in the
instance folder (`shared.db`), which every worker process of the machine opens, so a count is never per process.
Either fails open: a store that cannot be reached logs once a minute and lets the request through uncached and
uncounted, because rate limits and the cache protect the service and must never be what takes it down.
"""
from __future__ import annotations

import fcntl
import logging
import os
import sqlite3
import threading
import time
import zlib
from pathlib import Path
from typing import Iterable, Protocol

from flask import Flask, current_app

log = logging.getLogger(__name__)
SQLITE_NAME = "shared.db"
COUNTERS_NAME = "counters.bin"   # the rate-limit counters beside it (judge/web/counters.py)
# The page table's bound (SQLiteStore.put): expired entries, then those past the first max_pages by latest expiry.
PRUNE_EXPIRED = "DELETE FROM pages WHERE until <= ?"
PRUNE_OVER_BOUND = "DELETE FROM pages WHERE rowid IN (SELECT rowid FROM pages ORDER BY until DESC LIMIT -1 OFFSET ?)"


# Big values are kept compressed (zlib, level 1): a run's answer of 190 kB is 11 kB so, and its put costs 0.3 ms
# of compression and 0.15 ms of SQLite instead of 0.7 ms (45 overflow pages written, as many freed by the bound);
# a get from the store pays 0.1 ms to inflate it, once per worker (the LRU keeps it inflated).
PACK_MIN = 16 * 1024
PACKED = b"\x00zlib1\x00"   # begins a compressed value; a value that begins so is compressed whatever its size


def pack(value: bytes) -> bytes:
    """`value` as the store keeps it (PACKED + zlib when big, or when it begins with PACKED itself)."""
    if len(value) >= PACK_MIN or value.startswith(PACKED):
        return PACKED + zlib.compress(value, 1)
    return value


def unpack(stored: bytes) -> bytes:
    return zlib.decompress(stored[len(PACKED):]) if stored.startswith(PACKED) else stored


class StoreUnavailable(Exception):
    """The shared store did not answer (Redis down, SQLite file unwritable)."""


class SharedStore(Protocol):
    def hit(self, key: str, window: int) -> tuple[int, float]:
        """Count one request in the fixed window `key` (of `window` seconds): (the count so far, seconds left)."""

    def get(self, key: str) -> bytes | None: ...

    def put(self, key: str, value: bytes, ttl: int) -> None: ...

    def put_many(self, items: Iterable[tuple[str, bytes, int]]) -> None:
        """Several puts (key, value, ttl) in one write: the write-behind writer's batch (writebehind.py)."""


class RedisStore:
    """Counters are INCR + EXPIRE NX in one round trip; cached pages are SET EX (Redis evicts by its own policy).
    After a failure the store is skipped for RETRY_AFTER seconds, so a Redis that is down costs one timeout per
    worker every few seconds, not one per request."""
    RETRY_AFTER = 5.0

    def __init__(self, url: str, prefix: str, timeout: float = 0.5) -> None:
        import redis

        self.prefix = prefix
        self.client = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
        self._down_until = 0.0

    def _call(self, method: str, *args: object, **kwargs: object) -> object:
        import redis

        if time.monotonic() < self._down_until:
            raise StoreUnavailable("Redis failed a moment ago")
        try:
            if method == "hit":
                pipe = self.client.pipeline(transaction=True)
                name, window = args
                pipe.incr(name)
                pipe.expire(name, window, nx=True)
                pipe.pttl(name)
                return pipe.execute()
            return getattr(self.client, method)(*args, **kwargs)
        except redis.RedisError as exc:
            self._down_until = time.monotonic() + self.RETRY_AFTER
            raise StoreUnavailable(str(exc)) from exc

    def hit(self, key: str, window: int) -> tuple[int, float]:
        count, _, left = self._call("hit", self.prefix + key, window)  # type: ignore[misc]
        return int(count), int(left) / 1000 if int(left) > 0 else float(window)

    def get(self, key: str) -> bytes | None:
        value = self._call("get", self.prefix + key)
        return unpack(value) if isinstance(value, bytes) else None

    def put(self, key: str, value: bytes, ttl: int) -> None:
        self._call("set", self.prefix + key, pack(value), ex=ttl)

    def put_many(self, items: Iterable[tuple[str, bytes, int]]) -> None:
        import redis

        if time.monotonic() < self._down_until:
            raise StoreUnavailable("Redis failed a moment ago")
        try:
            pipe = self.client.pipeline(transaction=False)
            for key, value, ttl in items:
                pipe.set(self.prefix + key, pack(value), ex=ttl)
            pipe.execute()
        except redis.RedisError as exc:
            self._down_until = time.monotonic() + self.RETRY_AFTER
            raise StoreUnavailable(str(exc)) from exc


class SQLiteStore:
    """One file shared by the machine's workers (WAL: readers never wait for the writer), one connection per
    thread. Rate-limit counts go to the memory-mapped table beside it (judge/web/counters.py, `counters.bin`),
    not to an SQLite write; the file's own counter table (one UPSERT … RETURNING, atomic across workers) only
    takes the keys that table has no room for. Writers (the puts) queue on a lock file the kernel hands over in
    turn (`shared.db.writer`), one thread per process at a time, rather than on SQLite's busy handler, which sleeps
    and polls: under 32 connections some puts waited its whole timeout and the answer went uncached."""

    def __init__(self, path: Path, max_pages: int = 5000, counter_slots: int | None = None) -> None:
        from judge.web.counters import DEFAULT_SLOTS, CounterTable

        self.path = path
        self.max_pages = max_pages
        self.counters = CounterTable(path.with_name(COUNTERS_NAME), counter_slots or DEFAULT_SLOTS)
        self._local = threading.local()
        self._writes = 0
        self._opened: list[sqlite3.Connection] = []   # every thread's, so close() can release them all
        self._write_lock = threading.Lock()
        self._writer: tuple[int, int] | None = None   # (pid, fd) of the writer lock file, per process

    def close(self) -> None:
        for db in self._opened:
            db.close()
        self._opened.clear()
        self._local = threading.local()
        self.counters.close()
        if self._writer is not None and self._writer[0] == os.getpid():
            os.close(self._writer[1])
        self._writer = None

    def _writer_fd(self) -> int:
        # Opened per process: a descriptor inherited through a fork would share its flock with the parent.
        if self._writer is None or self._writer[0] != os.getpid():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._writer = (os.getpid(), os.open(self.path.with_name(self.path.name + ".writer"),
                                                 os.O_RDWR | os.O_CREAT, 0o600))
        return self._writer[1]

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=2.0, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # counters and cached pages may be lost in a crash: no fsync
            db.execute("CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, count INTEGER, until REAL)")
            db.execute("CREATE TABLE IF NOT EXISTS pages (key TEXT PRIMARY KEY, value BLOB, until REAL)")
            # The bound of put() reads the entries by expiry: without this index each put read every row, and
            # `until`, stored after the value, sits past its overflow pages (33 ms of CPU per put at 5,000 pages
            # of 12 KB, with the write lock held meanwhile: every worker's counters and puts waited on it).
            db.execute("CREATE INDEX IF NOT EXISTS pages_until ON pages (until)")
            self._local.db = db
            self._opened.append(db)
        return db

    def hit(self, key: str, window: int) -> tuple[int, float]:
        from judge.web.counters import TableFull

        try:
            return self.counters.hit(key, window)
        except TableFull:
            return self._sqlite_hit(key, window)
        except OSError as exc:
            raise StoreUnavailable(str(exc)) from exc

    def _sqlite_hit(self, key: str, window: int) -> tuple[int, float]:
        now = time.time()
        try:
            db = self._db()
            # A window that has ended starts again at 1; otherwise one more. One statement: atomic across workers.
            row = db.execute(
                "INSERT INTO counters (key, count, until) VALUES (?, 1, ?) ON CONFLICT(key) DO UPDATE SET "
                "count = CASE WHEN until <= ? THEN 1 ELSE count + 1 END, "
                "until = CASE WHEN until <= ? THEN excluded.until ELSE until END RETURNING count, until",
                (key, now + window, now, now)).fetchone()
            self._writes += 1
            if self._writes % 1000 == 0:
                db.execute("DELETE FROM counters WHERE until <= ?", (now,))
        except sqlite3.Error as exc:
            raise StoreUnavailable(str(exc)) from exc
        return int(row[0]), max(0.0, float(row[1]) - now)

    def get(self, key: str) -> bytes | None:
        try:
            row = self._db().execute("SELECT value FROM pages WHERE key = ? AND until > ?",
                                     (key, time.time())).fetchone()
        except sqlite3.Error as exc:
            raise StoreUnavailable(str(exc)) from exc
        return unpack(bytes(row[0])) if row else None

    def put(self, key: str, value: bytes, ttl: int) -> None:
        self.put_many([(key, value, ttl)])

    def put_many(self, items: Iterable[tuple[str, bytes, int]]) -> None:
        rows = [(key, pack(value), ttl) for key, value, ttl in items]   # compressed before the lock is taken
        try:
            db = self._db()
            with self._write_lock:
                fd = self._writer_fd()
                fcntl.flock(fd, fcntl.LOCK_EX)
                try:
                    self._put(db, rows)
                finally:
                    fcntl.flock(fd, fcntl.LOCK_UN)
        except (sqlite3.Error, OSError) as exc:
            raise StoreUnavailable(str(exc)) from exc

    def _put(self, db: sqlite3.Connection, rows: list[tuple[str, bytes, int]]) -> None:
        now = time.time()
        # One write transaction for the batch, not three per value.
        db.execute("BEGIN IMMEDIATE")
        try:
            db.executemany("INSERT OR REPLACE INTO pages (key, value, until) VALUES (?, ?, ?)",
                           [(key, value, now + ttl) for key, value, ttl in rows])
            # Bounded: past max_pages the entries closest to expiring go first (an LRU would cost a write per
            # read). Both deletes walk the `until` index only (rowids, never a value): a range, then the
            # entries past the first max_pages from the latest expiry down.
            db.execute(PRUNE_EXPIRED, (now,))
            db.execute(PRUNE_OVER_BOUND, (self.max_pages,))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise


MAX_STORES = 8
_stores: dict[tuple[str, str], SharedStore] = {}
_lock = threading.Lock()
_last_warning = 0.0


def store(app: Flask | None = None) -> SharedStore:
    """The app's shared store (one per process per configuration; connections are made on first use)."""
    app = app or current_app
    url = app.config.get("REDIS_URL") or ""
    prefix = app.config.get("REDIS_PREFIX") or "judge:"
    key = (url, prefix) if url else ("", str(Path(app.config["INSTANCE"]) / SQLITE_NAME))
    with _lock:
        found = _stores.get(key)
        if found is None:
            # A process serves one or two configurations; tests make many: the oldest is closed past MAX_STORES,
            # so their connections (file descriptors) do not pile up.
            while len(_stores) >= MAX_STORES:
                old = _stores.pop(next(iter(_stores)))
                if isinstance(old, SQLiteStore):
                    old.close()
            found = _stores[key] = (RedisStore(url, prefix) if url else
                                    SQLiteStore(Path(key[1]), int(app.config.get("PAGE_CACHE_MAX_ENTRIES", 5000))))
    return found


def warn_unavailable(what: str, exc: Exception) -> None:
    """Log a store failure at most once a minute per process (a burst would otherwise flood the log)."""
    global _last_warning
    now = time.monotonic()
    if now - _last_warning > 60:
        _last_warning = now
        log.warning("shared store unavailable for %s (%s): serving without it", what, exc)
