"""The search cache: `GET /api/search`'s JSON answer, and the search page `/?q=` (HTML or JSON), stored by
the question, its options and the index version.

A search is deterministic: its answer is a pure function of the question's text, its options (limit, doc,
ruleset), the corpus (its content hash), the index built from it (the stamp recorded beside the index), the code
(the ranking, the second stage's shipped weights, the question encoder's model id: pagecache.code_version), whether
the semantic half runs, and the language of the request. All of them are in the key, as in the run cache
(runcache.py), so an entry never goes stale: a new corpus, index or release is a new key and the old entries
expire. Stored like cached pages: the shared store (Redis, or the instance's SQLite file) behind each worker's
LRU (localcache.py), so a question asked on one instance is answered from the store on the others.

The shared store's copy is written behind the request (writebehind.py): the answer is sent first, and a put that
is dropped (the queue's bound) or lost in a crash only makes a later request for that question a miss that computes
the same bytes again (CPU, never a wrong answer).

Not stored: an answer computed while the passages' vectors are still being computed by the embedding job (the
semantic half changes as vectors arrive, with the same index stamp), and nothing when the store is unreachable
(the search is answered uncached, as the page cache does).
"""
from __future__ import annotations

import hashlib
from typing import Any, Callable

from flask import current_app

CACHE_FORMAT = "1"        # bump when the stored answer's layout changes


def enabled() -> bool:
    """SEARCH_CACHE; unset, on except for a TESTING app (as PAGE_CACHE and RUN_CACHE)."""
    value = current_app.config.get("SEARCH_CACHE")
    return (not current_app.testing) if value is None else bool(value)


def _ttl() -> int:
    try:
        return int(current_app.config.get("SEARCH_CACHE_TTL", 86400))
    except (TypeError, ValueError):
        return 86400


def key_and_stable(params: dict[str, Any], kind: str = "api") -> tuple[str, bool]:
    """The cache key of a checked search (api.checked_params), and whether its answer may be stored: False while
    the semantic half runs on an incomplete set of vectors."""
    from judge.web import data
    from judge.web.i18n import get_language
    from judge.search.semantic import get_embedder
    from judge.web.pagecache import code_version

    rules = data.rules_data()
    index = rules.index
    assert index is not None
    semantic = index.semantic_active()
    stable = True
    encoder = ""
    if semantic:
        vectors = index.vectors
        stable = vectors is not None and bool(getattr(vectors, "complete", False))
        embedder = get_embedder()   # loaded already: semantic_active() needs it
        encoder = embedder.encoder_id if embedder is not None else ""   # the shallow encoder answers differently
    # `kind`: which answer is stored (the API's JSON, the search page's HTML or its JSON): never mixed
    parts = [CACHE_FORMAT, kind, rules.content_hash, str(index.stamp), code_version(), f"semantic:{encoder}" if semantic else
             "lexical", get_language(), str(params["limit"]), params["doc"] or "", params["ruleset"] or "",
             params["q"]]
    return "search:" + hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest(), stable


def answer(params: dict[str, Any], compute: Callable[[], bytes], kind: str = "api") -> tuple[bytes, str]:
    """The body of this search's answer (`kind`: "api", the JSON of GET /api/search; "page-html" and
    "page-json", the search page `/?q=` and its JSON) and the X-Search-Cache state (`hit`, `miss` or `off`):
    from the worker's LRU, else the shared store, else `compute()` (then stored when stable and its making
    touched no session)."""
    from judge.web.pagecache import session_touched

    from judge.web import localcache
    from judge.web.shared_store import StoreUnavailable, warn_unavailable

    if not enabled():
        return compute(), "off"
    key, stable = key_and_stable(params, kind)
    try:
        value, _ = localcache.get(key)
    except StoreUnavailable as exc:
        warn_unavailable("the search cache", exc)
        return compute(), "off"
    if value is not None:
        return value, "hit"
    body = compute()
    if stable and not session_touched():
        # written behind the request (writebehind.py): a search is deterministic, a lost put is a later miss
        localcache.put_behind(key, body, _ttl(), "the search cache")
    return body, "miss"
