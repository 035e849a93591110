"""Write-behind for the run, search and page caches: a new answer's put into the shared store leaves the request's
path (pagecache.py's rule and curated run pages too).

A new run's answer (≈180 kB for the 74-step scenario) or a new search's used to be written to the shared store
(the instance's SQLite file, or Redis) inside the request: the request waited for the store's writer lock (one
writer at a time across every worker) and for the write itself before its answer was sent. Now the request keeps
the answer in its worker's LRU (localcache.py: the same worker answers it again at once) and hands the put to
this module: a bounded queue per process, drained by one writer thread.

Why a lost put is harmless: runs and searches are deterministic (runcache.py, searchcache.py: the answer is a
pure function of what the key holds), so a cache entry that never lands only means that a later request for it is
a miss and computes the same bytes again. It costs CPU, never correctness. Hence the bounds:
- memory: at most WRITE_BEHIND_ITEMS puts and WRITE_BEHIND_MB megabytes pending per process; past either, the
  oldest pending put is dropped (counted in `stats()`), and a request never waits for room;
- a crash (SIGKILL, OOM) loses the pending puts, that is cache entries only; a clean shutdown (the interpreter's
  or a multiprocessing worker's normal exit, as Granian's workers stop on SIGTERM) flushes them first, for at
  most FLUSH_AT_EXIT seconds.
Writes keep their order (one writer, and a batch of the puts pending for one store is one transaction), so a
run's body pointer (`runb:`) never lands before the answer it points to.
"""
from __future__ import annotations

import logging
import os
import threading
import time
from collections import deque
from dataclasses import dataclass

from judge.web.shared_store import SharedStore, StoreUnavailable, warn_unavailable

log = logging.getLogger(__name__)
DEFAULT_ITEMS = 2000
DEFAULT_MB = 64
FLUSH_AT_EXIT = 10.0      # seconds a clean exit waits for the pending puts (a store that hangs cannot hold it)
IDLE_WAKE = 0.5           # how often an idle writer looks whether the main thread has ended
BATCH = 32                # puts written in one transaction at most (a batch holds the store's writer lock)


@dataclass(frozen=True)
class Put:
    store: SharedStore
    key: str
    value: bytes
    ttl: int
    what: str             # "the run cache", "the search cache": for the store's warning


class WriteBehind:
    """One process's queue of pending puts and its writer thread (started on the first put, again after a fork).

    The thread is not a daemon: at the interpreter's exit (threading._shutdown, which a multiprocessing child
    runs too before os._exit) the main thread is marked ended, the writer sees it, drains what is pending within
    FLUSH_AT_EXIT and ends, and only then does the process exit."""

    def __init__(self, max_items: int = DEFAULT_ITEMS, max_bytes: int = DEFAULT_MB * 1024 * 1024) -> None:
        self.max_items, self.max_bytes = max(1, max_items), max(1, max_bytes)
        self._cond = threading.Condition()
        self._pending: deque[Put] = deque()
        self._bytes = 0
        self._busy = 0                 # puts taken by the writer and not yet done
        self._thread: threading.Thread | None = None
        self.pid = os.getpid()     # a forked child makes its own (queue())
        self.dropped = 0
        self.written = 0
        self.failed = 0

    def put(self, item: Put) -> None:
        """Queue a put; never blocks beyond the queue's own lock, never raises for the store."""
        with self._cond:
            if len(item.value) > self.max_bytes:   # bigger than the whole bound: it would only push out the rest
                self.dropped += 1
                return
            self._pending.append(item)
            self._bytes += len(item.value)
            # bounded: the oldest pending put goes first (a later request for it is only a miss)
            while len(self._pending) > self.max_items or self._bytes > self.max_bytes:
                old = self._pending.popleft()
                self._bytes -= len(old.value)
                self.dropped += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="judge-write-behind", daemon=False)
                self._thread.start()
            self._cond.notify()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every put queued so far is written (or failed); False if `timeout` passed first."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._pending or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def pending(self) -> int:
        with self._cond:
            return len(self._pending) + self._busy

    def stats(self) -> dict[str, int]:
        with self._cond:
            return {"pending": len(self._pending) + self._busy, "pending_bytes": self._bytes,
                    "written": self.written, "failed": self.failed, "dropped": self.dropped}

    def _run(self) -> None:
        main = threading.main_thread()
        exit_by: float | None = None
        while True:
            with self._cond:
                while not self._pending:
                    if not main.is_alive():
                        self._thread = None
                        self._cond.notify_all()
                        return
                    self._cond.wait(IDLE_WAKE)
                if not main.is_alive():
                    exit_by = exit_by or time.monotonic() + FLUSH_AT_EXIT
                    if time.monotonic() > exit_by:
                        self.dropped += len(self._pending)
                        log.warning("write-behind: %d cache puts not written at exit", len(self._pending))
                        self._pending.clear()
                        self._bytes = 0
                        self._thread = None
                        self._cond.notify_all()
                        return
                batch = [self._pending.popleft()]
                # What is pending for the same store goes in one write (one transaction on SQLite, one round
                # trip on Redis): a run's answer and its body's pointer, or a burst of new pages.
                while self._pending and len(batch) < BATCH and self._pending[0].store is batch[0].store:
                    batch.append(self._pending.popleft())
                self._bytes -= sum(len(item.value) for item in batch)
                self._busy += len(batch)
            ok = self._write(batch)
            with self._cond:
                self._busy -= len(batch)
                if ok:
                    self.written += len(batch)
                else:
                    self.failed += len(batch)
                self._cond.notify_all()

    @staticmethod
    def _write(batch: list[Put]) -> bool:
        first = batch[0]
        try:
            put_many = getattr(first.store, "put_many", None)
            if put_many is not None:
                put_many([(item.key, item.value, item.ttl) for item in batch])
            else:
                for item in batch:
                    item.store.put(item.key, item.value, item.ttl)
            return True
        except StoreUnavailable as exc:
            warn_unavailable(first.what, exc)
        except Exception:  # noqa: BLE001 - the writer outlives any one put; the entry is only a later miss
            log.exception("write-behind: a put into the shared store failed")
        return False


_queue: WriteBehind | None = None
_lock = threading.Lock()


def queue(max_items: int = DEFAULT_ITEMS, max_mb: int = DEFAULT_MB) -> WriteBehind:
    """This process's queue (made on first use with these bounds; WRITE_BEHIND_ITEMS / WRITE_BEHIND_MB)."""
    global _queue
    with _lock:
        if _queue is None or _queue.pid != os.getpid():
            _queue = WriteBehind(max_items, max_mb * 1024 * 1024)
        return _queue


def _forget_in_child() -> None:
    # A forked child (a server's worker) inherits the parent's queue but not its thread, and perhaps a lock held
    # by another of the parent's threads: it starts afresh; the parent writes its own pending puts.
    global _queue, _lock
    _queue, _lock = None, threading.Lock()


os.register_at_fork(after_in_child=_forget_in_child)


def flush(timeout: float = 5.0) -> bool:
    """Wait for this process's pending puts (tests; a shutdown hook)."""
    found = _queue
    return found.flush(timeout) if found is not None and found.pid == os.getpid() else True


__all__ = ["Put", "WriteBehind", "flush", "queue"]
