"""Storage: saved scenarios as immutable versions (SQLModel on SQLite or PostgreSQL, Alembic migrations).

The web layer reaches the database only through `call(app, fn, ...)`: `fn(engine, ...)` runs under the app's
guard (judge/store/guard.py), so a database that is down or frozen costs a request at most DATABASE_TIMEOUT
seconds and then a `DatabaseUnavailable` (a 503 with Retry-After on the web).  `init_app` migrates the database
and warms its pool when the app starts, bounded by DATABASE_START_TIMEOUT rather than a request's bound
(Guard.start); the SQLite file of an instance is created on first use (the first request that saves or reads a
scenario), so an app that never stores anything (most tests) never pays for it.
A database that cannot be reached at start is tried again by the first request that needs it (503 until then).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from sqlalchemy.engine import make_url

from judge.store.db import Timeouts, database_url, engine_for, is_sqlite, upgrade
from judge.store.guard import DatabaseUnavailable, Guard, Limits, guard_for

if TYPE_CHECKING:
    from flask import Flask
    from sqlalchemy.engine import Engine

EXTENSION = "judge.store"
T = TypeVar("T")

# The settings of the database (JUDGE_<KEY>), in seconds; README's Settings table explains each.
DEFAULTS: dict[str, float] = {
    "DATABASE_TIMEOUT": 1.5,             # a request waits at most this for the database, then 503
    "DATABASE_OPTIONAL_TIMEOUT": 1.0,    # ... for a part of a page that does without it (saved examples)
    "DATABASE_RETRY_AFTER": 3,           # Retry-After of that 503; calls fail at once this long after a failure
    "DATABASE_CONNECT_TIMEOUT": 2,       # PostgreSQL connect_timeout (whole seconds, at least 2)
    "DATABASE_STATEMENT_TIMEOUT": 1.5,   # PostgreSQL statement_timeout
    "DATABASE_POOL_TIMEOUT": 1.5,        # waiting for a free connection of the pool
    "DATABASE_BUSY_TIMEOUT": 5,          # SQLite: waiting for another connection's write lock
    "DATABASE_START_TIMEOUT": 30,        # the app's start waits this for the migration and the warm-up
}


def _seconds(app: "Flask", key: str) -> float:
    value = app.config.get(key, DEFAULTS[key])
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{key}: se esperaba un número de segundos, no «{value}»") from None
    if number < 0:
        raise ValueError(f"{key}: no puede ser negativo ({value})")
    return number


def _setup(app: "Flask", url: str) -> tuple[Timeouts, Guard]:
    timeouts = Timeouts(connect=_seconds(app, "DATABASE_CONNECT_TIMEOUT"),
                        statement=_seconds(app, "DATABASE_STATEMENT_TIMEOUT"),
                        pool=_seconds(app, "DATABASE_POOL_TIMEOUT"), busy=_seconds(app, "DATABASE_BUSY_TIMEOUT"))
    limits = Limits(timeout=_seconds(app, "DATABASE_TIMEOUT"), retry_after=_seconds(app, "DATABASE_RETRY_AFTER"))
    return timeouts, guard_for(url, limits, threaded=not is_sqlite(url))


def init_app(app: "Flask") -> None:
    for key, value in DEFAULTS.items():
        app.config.setdefault(key, value)
    url = database_url(app.config["INSTANCE"], app.config.get("DATABASE_URL"))
    timeouts, guard = _setup(app, url)
    app.extensions[EXTENSION] = (url, timeouts, guard)
    if is_sqlite(url) and not Path(make_url(url).database or "").is_file():
        return  # created on first use
    try:
        # Outside any request's bound (Guard.start): the migration and the pool's warm-up are the app's
        # start-up cost, never counted in a first save's DATABASE_TIMEOUT.
        guard.start(_warmed, url, timeouts, seconds=_seconds(app, "DATABASE_START_TIMEOUT"))
    except Exception as exc:  # e.g. PostgreSQL not reachable: the pages that need it answer 503 until it is
        app.logger.error("the database %s could not be migrated at start: %s", _safe(url),
                         str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__)


def _migrated(url: str, timeouts: Timeouts) -> "Engine":
    engine = engine_for(url, timeouts)
    upgrade(url)
    return engine


def _warmed(url: str, timeouts: Timeouts) -> "Engine":
    """The schema migrated, then the first of what a first request would pay for: a pooled connection, the ORM's
    mappers configured and a save's first statements compiled (saved.warm)."""
    from judge.store import saved

    engine = _migrated(url, timeouts)
    saved.warm(engine)
    return engine


def call(app: "Flask", fn: Callable[..., T], *args: Any, write: bool = False, optional: bool = False,
         **kwargs: Any) -> T:
    """`fn(engine, *args, **kwargs)` on the app's database (its schema migrated first), bounded by the guard:
    DatabaseUnavailable when it is down, frozen or too slow.  `optional`: the shorter DATABASE_OPTIONAL_TIMEOUT,
    for a part of a page that shows a notice instead."""
    url, timeouts, guard = app.extensions[EXTENSION]

    def run() -> T:
        return fn(_migrated(url, timeouts), *args, **kwargs)

    timeout = _seconds(app, "DATABASE_OPTIONAL_TIMEOUT") if optional else None
    return guard.call(run, timeout=timeout, write=write)


def engine(app: "Flask") -> "Engine":
    """The app's engine, its schema migrated, unguarded (commands and benchmarks; requests use `call`)."""
    url, timeouts, _ = app.extensions[EXTENSION]
    return _migrated(url, timeouts)


def created(app: "Flask") -> bool:
    """False only for an instance's SQLite file not created yet: a page that merely lists saved scenarios then
    lists none instead of creating the database."""
    url = app.extensions[EXTENSION][0]
    return not is_sqlite(url) or Path(make_url(url).database or "").is_file()


def _safe(url: str) -> str:
    return make_url(url).render_as_string(hide_password=True)


__all__ = ["DatabaseUnavailable", "call", "created", "database_url", "engine", "engine_for", "init_app",
           "upgrade"]
