"""The saved scenarios citing a rule, for rule pages' "Ejemplos" (the page cache's `fill` and the rule view):
read from the database for each request, kept SAVED_EXAMPLES_TTL seconds per worker, forgotten at a save.

A service below the pages and the views: it imports the database service only, never a blueprint.
"""
from __future__ import annotations

import time
from typing import Any

from flask import current_app

from judge.web import database
from judge.web.database import brief


def saved_citing(rule: str, limit: int = 10) -> list[dict[str, Any]] | None:
    """The saved scenarios whose run cites `rule` or a rule below it, newest first, one version per line (its
    newest citing one), for rule pages' "Ejemplos". None while the instance has no database yet; None (the page
    shows a notice, the log says why) when the database does not answer within DATABASE_OPTIONAL_TIMEOUT: a
    rule page never fails or waits for want of saved scenarios."""
    from judge import store
    from judge.store import saved

    if not store.created(current_app):
        return []
    memo_key = (current_app.extensions[store.EXTENSION][0], rule, limit)
    ttl = _citing_ttl()
    hit = _citing_memo.get(memo_key)
    if hit is not None and hit[0] > time.monotonic() and hit[2] == _saves_seen:
        return hit[1]
    try:
        rows = database.db_call(saved.citing, rule, limit=limit * 5, optional=True)
    except database.DatabaseDown:
        return None
    seen: set[str] = set()
    found = []
    for row in rows:
        if row.lineage not in seen:
            seen.add(row.lineage)
            found.append(brief(row))
    if ttl > 0:
        if len(_citing_memo) >= 4096:
            _citing_memo.clear()
        _citing_memo[memo_key] = (time.monotonic() + ttl, found[:limit], _saves_seen)
    return found[:limit]


# The rule pages' saved scenarios, kept SAVED_EXAMPLES_TTL seconds per worker: under load that query was most of
# a cached rule page's cost (profile, docs/benchmarks.md). A save through this worker forgets them at once.
_citing_memo: dict[tuple[str, str, int], tuple[float, list[dict[str, Any]], int]] = {}
_saves_seen = 0


def _citing_ttl() -> float:
    value = current_app.config.get("SAVED_EXAMPLES_TTL")
    if value is None:
        return 0.0 if current_app.testing else 2.0
    try:
        return max(0.0, float(value))
    except (TypeError, ValueError):
        return 2.0


def forget() -> None:
    global _saves_seen
    _saves_seen += 1
