"""The run cache: `POST /api/run`'s JSON answer stored by a hash of the canonical scenario document.

A run is deterministic (seeded): its answer is a pure function of the scenario document, the code (the engine
and its card catalog, every source file: pagecache.code_version), the corpus (the cited passages' text:
its content hash), the run bounds (RUN_MAX_STEPS, RUN_MAX_BOARD_OBJECTS, STEP_LIMIT, RUN_TIME_BUDGET) and the
language (the notes of `passages`). All of them are in the key; nothing else goes in the answer.

Two keys: the document's (`run:`, its canonical form: whitespace, key order, YAML or JSON do not matter) holds
the answer; the body's (`runb:`, the bytes as sent) holds only the document's key, so a body sent again is
answered without parsing it (YAML parsing costs about as much as the run). Stored like cached pages (the shared
store behind the in-process LRU, judge/web/localcache.py), bounded in number by the store and in size by
RUN_CACHE_MAX_BYTES; the shared store's copy is written behind the request (writebehind.py). Not stored: an invalid scenario's errors (cheap to find again), and a run that took as long
as its time budget (the budget may have cut it, which depends on the machine, not the document).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from flask import current_app

CACHE_FORMAT = "2"        # bump when the stored answer's layout changes


def enabled() -> bool:
    """RUN_CACHE; unset, on except for a TESTING app (as PAGE_CACHE)."""
    value = current_app.config.get("RUN_CACHE")
    return (not current_app.testing) if value is None else bool(value)


def canonical(doc: Any) -> Any:
    """The document as JSON data with its types kept apart: a map is ["m", [key, value]… sorted], a list
    ["l", …], a value JSON has no type for (a YAML date) ["t", its type, its text]. So `1` and `"1"` as keys,
    or a date and its text, never share an entry."""
    if isinstance(doc, dict):
        items = [[canonical(k), canonical(v)] for k, v in doc.items()]
        return ["m", sorted(items, key=lambda kv: json.dumps(kv[0], sort_keys=True, ensure_ascii=False))]
    if isinstance(doc, (list, tuple)):
        return ["l", *(canonical(v) for v in doc)]
    if doc is None or isinstance(doc, (str, bool, int, float)):
        return doc
    return ["t", type(doc).__name__, str(doc)]


def _plain(doc: Any) -> bool:
    """Whether `doc` is JSON's own data (string keys, JSON values), for which sorted-key JSON is already a
    canonical form."""
    if isinstance(doc, dict):
        return all(type(k) is str and _plain(v) for k, v in doc.items())
    if isinstance(doc, list):
        return all(_plain(v) for v in doc)
    return doc is None or type(doc) in (str, bool, int, float)


def canonical_bytes(doc: Any, fmt: str) -> bytes:
    """The bytes the document's key hashes: its sorted-key JSON (`j`) when it is JSON's own data, which json.loads
    always gives and most YAML too (C code: a 74-step scenario's `canonical` walk cost ~1 ms of a new run), else
    `canonical`'s form (`c`). The same document gets the same bytes from YAML or JSON; two documents never do."""
    if fmt == "json" or _plain(doc):
        text = "j" + json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    else:
        text = "c" + json.dumps(canonical(doc), ensure_ascii=False, separators=(",", ":"))
    return text.encode("utf-8", "surrogatepass")


def _versions() -> str:
    from judge.web import data
    from judge.web.i18n import get_language
    from judge.web.pagecache import code_version

    cfg = current_app.config
    return "\n".join([CACHE_FORMAT, data.rules_data().content_hash, code_version(),
                      str(cfg.get("RUN_MAX_STEPS")), str(cfg.get("RUN_MAX_BOARD_OBJECTS")),
                      str(cfg.get("STEP_LIMIT")), str(cfg.get("RUN_TIME_BUDGET")), get_language()])


def _sha(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()


@dataclass
class Lookup:
    """What a lookup found: `answer` (the stored JSON bytes) or None, the keys to store under, the document
    parsed on the way (None when it was not parsed or did not parse), and `state` for the X-Run-Cache header:
    `hit`, `miss` or `off`."""
    state: str
    answer: bytes | None = None
    body_key: str = ""
    doc_key: str = ""
    doc: Any = None


def lookup(body: bytes, fmt: str) -> Lookup:
    """The cached answer of this body, by its bytes, else by its parsed document's canonical form."""
    from judge.scenarios import ScenarioError
    from judge.scenarios.load import parse_text
    from judge.web import localcache
    from judge.web.shared_store import StoreUnavailable, warn_unavailable

    if not enabled():
        return Lookup("off")
    versions = _versions().encode()
    found = Lookup("miss", body_key="runb:" + _sha(versions, fmt.encode(), body))
    try:
        pointer, _ = localcache.get(found.body_key)
        if pointer is not None:
            answer, _ = localcache.get(pointer.decode())
            if answer is not None:
                return Lookup("hit", answer, found.body_key, pointer.decode())
        try:
            found.doc = parse_text(body, fmt)
        except ScenarioError:        # not cached: the run reports it
            return found
        found.doc_key = "run:" + _sha(versions, canonical_bytes(found.doc, fmt))
        found.answer, _ = localcache.get(found.doc_key)
        if found.answer is not None:
            found.state = "hit"
            localcache.put(found.body_key, found.doc_key.encode(), _ttl())
    except StoreUnavailable as exc:
        warn_unavailable("the run cache", exc)
        found.state = "off"
    return found


def keep(found: Lookup, answer: bytes, seconds: float, budget: float) -> None:
    """Store a run's answer, unless it is too big or took `seconds` as long as its time `budget` (see the
    docstring). The shared store's put is written behind (judge/web/writebehind.py), after the answer is sent: a
    run is deterministic, so a put that is dropped or lost in a crash costs a later request the run's CPU again,
    never a wrong answer."""
    from judge.web import localcache

    if found.state != "miss" or not found.doc_key or seconds >= budget:
        return
    if len(answer) > _max_bytes():
        return
    # Off the request's path (writebehind.py): the worker's LRU has it now, the shared store once the process's
    # writer gets to it; the answer before its pointer (one writer keeps their order).
    localcache.put_behind(found.doc_key, answer, _ttl(), "the run cache")
    localcache.put_behind(found.body_key, found.doc_key.encode(), _ttl(), "the run cache")


def _ttl() -> int:
    try:
        return int(current_app.config.get("RUN_CACHE_TTL", 86400))
    except (TypeError, ValueError):
        return 86400


def _max_bytes() -> int:
    try:
        return int(current_app.config.get("RUN_CACHE_MAX_BYTES", 2 * 1024 * 1024))
    except (TypeError, ValueError):
        return 2 * 1024 * 1024
