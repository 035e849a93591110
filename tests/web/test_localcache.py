"""The in-process LRU in front of the shared store (judge/web/localcache.py) and the cached pages' ETag/304."""
from __future__ import annotations

from pathlib import Path

from judge import create_app
from judge.web.localcache import LRU


def test_the_lru_is_bounded_by_entries_and_bytes() -> None:
    lru = LRU(max_entries=3, max_bytes=10)
    for key in "abc":
        lru.put(key, b"xx", 60)
    assert lru.get("a") == b"xx"           # a is now the most recent
    lru.put("d", b"xx", 60)                 # 4 entries: the least recent (b) goes
    assert lru.get("b") is None and len(lru) == 3
    lru.put("e", b"x" * 9, 60)              # 15 bytes: the oldest go until 10 fit
    assert lru.bytes <= 10 and lru.get("e") == b"x" * 9
    lru.put("huge", b"x" * 11, 60)          # larger than the whole LRU: not kept, nothing evicted for it
    assert lru.get("huge") is None and lru.get("e") == b"x" * 9
    lru.put("gone", b"x", -1)               # expired at once
    assert lru.get("gone") is None


def test_a_cached_page_answers_304_to_its_etag(own_instance: Path, tmp_path: Path) -> None:
    client = create_app({"TESTING": True, "INSTANCE": str(own_instance), "PAGE_CACHE": True,
                         "DATABASE_URL": f"sqlite:///{tmp_path / 'judge.db'}"}).test_client()
    first = client.get("/reglas/121.4")
    etag = first.headers["ETag"]
    again = client.get("/reglas/121.4", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    other = client.get("/reglas/121.4", headers={"If-None-Match": '"something-else"'})
    assert other.status_code == 200 and other.data == first.data
