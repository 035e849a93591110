"""An in-process LRU in front of the shared store, for the page cache and the run cache.

Their keys already carry every version an answer depends on (corpus content, code, curated files, bounds,
language), so an entry never goes stale: a new corpus version is a new key and the old entries simply fall out
of the LRU. What this saves is the shared store's round trip (an SQLite query or a Redis GET) on every hit, which
under load is most of a cached page's cost. One LRU per shared store (per configuration), bounded by entries and
bytes (LOCAL_CACHE_ENTRIES, LOCAL_CACHE_MB), and entries keep the store's TTL.
"""
from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Any

from flask import current_app

from judge import config
from judge.web.shared_store import SharedStore, StoreUnavailable, store


class LRU:
    """Thread-safe, bounded by `max_entries` and `max_bytes` (values are bytes)."""

    def __init__(self, max_entries: int, max_bytes: int) -> None:
        self.max_entries, self.max_bytes = max(0, max_entries), max(0, max_bytes)
        self.bytes = 0
        self._items: OrderedDict[str, tuple[bytes, float]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        with self._lock:
            hit = self._items.get(key)
            if hit is None:
                return None
            if hit[1] <= time.monotonic():
                self._drop(key)
                return None
            self._items.move_to_end(key)
            return hit[0]

    def put(self, key: str, value: bytes, ttl: float) -> None:
        if len(value) > self.max_bytes or not self.max_entries:
            return               # an answer bigger than the whole LRU would only evict everything else
        with self._lock:
            if key in self._items:
                self._drop(key)
            self._items[key] = (value, time.monotonic() + ttl)
            self.bytes += len(value)
            while len(self._items) > self.max_entries or self.bytes > self.max_bytes:
                self._drop(next(iter(self._items)))

    def _drop(self, key: str) -> None:
        value, _ = self._items.pop(key)
        self.bytes -= len(value)

    def __len__(self) -> int:
        return len(self._items)


_lrus: dict[int, tuple[SharedStore, LRU]] = {}
_lock = threading.Lock()


def lru() -> LRU:
    """The LRU of the app's shared store (made on first use)."""
    shared = store()
    with _lock:
        found = _lrus.get(id(shared))
        if found is None or found[0] is not shared:
            # Stores are few per process (shared_store.MAX_STORES); an LRU is dropped with a closed store's id.
            if len(_lrus) >= 16:
                _lrus.pop(next(iter(_lrus)))
            cfg = current_app.config
            found = _lrus[id(shared)] = (shared, LRU(_int(cfg.get("LOCAL_CACHE_ENTRIES"), 1000),
                                                     _int(cfg.get("LOCAL_CACHE_MB"), 32) * 1024 * 1024))
    return found[1]


def _int(value: Any, default: int) -> int:
    try:
        return int(value) if value is not None else default
    except (TypeError, ValueError):   # a malformed setting falls back to the default rather than failing a request
        return default


def get(key: str) -> tuple[bytes | None, str]:
    """(value, where): "local" from this process's LRU, "shared" from the shared store (then kept locally), or
    (None, "none"). StoreUnavailable propagates (the caller serves uncached)."""
    local = lru()
    value = local.get(key)
    if value is not None:
        return value, "local"
    value = store().get(key)
    if value is not None:
        local.put(key, value, _ttl())
        return value, "shared"
    return None, "none"


def put(key: str, value: bytes, ttl: int) -> None:
    """Into both; the shared store's failure (StoreUnavailable) propagates after the local copy is kept."""
    lru().put(key, value, ttl)
    store().put(key, value, ttl)


def put_behind(key: str, value: bytes, ttl: int, what: str) -> None:
    """Into this worker's LRU now, into the shared store by the process's writer thread (writebehind.py): the
    request does not wait for the store. Never raises for the store (a failed put is logged there, and is only
    a later miss). WRITE_BEHIND false: both now, as put()."""
    cfg = current_app.config
    if not config.flag(cfg.get("WRITE_BEHIND", True)):
        put(key, value, ttl)
        return
    from judge.web import writebehind

    lru().put(key, value, ttl)
    writebehind.queue(_int(cfg.get("WRITE_BEHIND_ITEMS"), writebehind.DEFAULT_ITEMS),
                      _int(cfg.get("WRITE_BEHIND_MB"), writebehind.DEFAULT_MB)).put(
        writebehind.Put(store(), key, value, ttl, what))


def _ttl() -> float:
    return float(_int(current_app.config.get("PAGE_CACHE_TTL"), 86400))


__all__ = ["LRU", "StoreUnavailable", "get", "put", "put_behind", "lru"]
