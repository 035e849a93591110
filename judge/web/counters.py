"""The embedded rate-limit counters: fixed windows in a memory-mapped table every worker process of the machine
maps (`<instance>/counters.bin`, beside shared.db), under a lock the kernel queues (`flock`) and a thread lock.

Why not SQLite: a count there was a write transaction per limited request, queued on the file's single writer lock
with the page cache's puts (a new run's answer is 180 kB), and SQLite's busy handler waits by sleeping and polling:
under 32 connections some requests waited its whole 2 s timeout. Here a count is a few microseconds under a lock
held only for them, and the puts no longer stand in the counters' way.

The table: a header (magic, slot count) and `slots` slots of 32 bytes (the key's 16-byte BLAKE2b digest, the count,
when the window ends), open addressing by the digest, probing at most PROBES slots. A slot whose window has ended
is taken over by the next new key that probes it (never emptied, so a live key is always found before the first
never-used slot). A key that finds no slot within PROBES (more live clients in one neighbourhood than it holds)
raises TableFull and is counted by the caller elsewhere (SQLiteStore: its old counter table), never uncounted.
A crash mid-write can garble one slot (one client's count): counters, like cached pages, are not durable.
"""
from __future__ import annotations

import fcntl
import hashlib
import mmap
import os
import struct
import threading
import time
from pathlib import Path

MAGIC = b"JRLCNT01"
HEADER = struct.Struct("<8sQ")        # magic, slot count
SLOT = struct.Struct("<16sqd")        # key digest, count, window end (time.time())
EMPTY = bytes(16)
DEFAULT_SLOTS = 1 << 16               # 2 MB: 65,536 clients counted at once per machine
PROBES = 64


class TableFull(Exception):
    """No free slot within PROBES of the key's place: count it elsewhere."""


class CounterTable:
    """`hit(key, window)` as SharedStore.hit, shared by every process that maps `path` (see the module)."""

    def __init__(self, path: Path, slots: int = DEFAULT_SLOTS) -> None:
        self.path = path
        self.wanted_slots = max(1, slots)
        self._thread_lock = threading.Lock()
        self._pid = -1
        self._fd = -1
        self._map: mmap.mmap | None = None
        self.slots = 0

    def _open(self) -> mmap.mmap:
        # After a fork the inherited descriptor would share its flock with the parent (one open file description):
        # each process opens its own.
        if self._map is not None and self._pid == os.getpid():
            return self._map
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                head = os.pread(fd, HEADER.size, 0)
                if len(head) == HEADER.size and head[:8] == MAGIC:
                    slots = HEADER.unpack(head)[1]      # the file's own size wins: every process agrees on it
                else:                                   # new (or not ours): laid out afresh, all slots empty
                    slots = self.wanted_slots
                    os.ftruncate(fd, 0)
                    os.ftruncate(fd, HEADER.size + slots * SLOT.size)
                    os.pwrite(fd, HEADER.pack(MAGIC, slots), 0)
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)
            table = mmap.mmap(fd, HEADER.size + slots * SLOT.size)
        except BaseException:
            os.close(fd)
            raise
        self._fd, self._map, self.slots, self._pid = fd, table, slots, os.getpid()
        return table

    def close(self) -> None:
        with self._thread_lock:
            if self._map is not None and self._pid == os.getpid():
                self._map.close()
                os.close(self._fd)
            self._map, self._fd, self._pid = None, -1, -1

    def hit(self, key: str, window: int) -> tuple[int, float]:
        """Count one request in the fixed window `key` of `window` seconds: (count so far, seconds left). A window
        that has ended starts again at 1. Raises TableFull (see the module) or OSError."""
        digest = hashlib.blake2b(key.encode("utf-8", "surrogatepass"), digest_size=16).digest()
        with self._thread_lock:          # flock excludes other processes only: one thread of this one at a time
            table = self._open()
            start = int.from_bytes(digest[:8], "little") % self.slots
            fcntl.flock(self._fd, fcntl.LOCK_EX)
            try:
                now = time.time()
                free = -1
                for i in range(min(PROBES, self.slots)):
                    at = HEADER.size + ((start + i) % self.slots) * SLOT.size
                    found, count, until = SLOT.unpack_from(table, at)
                    if found == digest:
                        count, until = (1, now + window) if until <= now else (count + 1, until)
                        SLOT.pack_into(table, at, digest, count, until)
                        return count, max(0.0, until - now)
                    if found == EMPTY:   # never used: the key is not further along
                        free = at if free < 0 else free
                        break
                    if free < 0 and until <= now:
                        free = at        # an ended window: reusable, but the key may still be further along
                if free < 0:
                    raise TableFull(key)
                SLOT.pack_into(table, free, digest, 1, now + window)
                return 1, float(window)
            finally:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
