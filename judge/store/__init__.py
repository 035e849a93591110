"""Storage: saved scenarios as immutable versions (SQLModel on SQLite or PostgreSQL, Alembic migrations).

The web layer gets its engine from `engine(app)`.  `init_app` migrates the database when the app starts; the
SQLite file of an instance is created on first use (the first request that saves or reads a scenario), so an
app that never stores anything (most tests) never pays for it.  A database that cannot be reached at start is
tried again by the first request that needs it (503 until then).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from pathlib import Path

from sqlalchemy.engine import make_url

from judge.store.db import database_url, engine_for, is_sqlite, upgrade

if TYPE_CHECKING:
    from flask import Flask
    from sqlalchemy.engine import Engine

EXTENSION = "judge.store"


def init_app(app: "Flask") -> None:
    url = database_url(app.config["INSTANCE"], app.config.get("DATABASE_URL"))
    app.extensions[EXTENSION] = url
    if is_sqlite(url) and not Path(make_url(url).database or "").is_file():
        return  # created on first use
    try:
        upgrade(url)
    except Exception as exc:  # e.g. PostgreSQL not reachable: the pages that need it answer 503 until it is
        app.logger.error("the database %s could not be migrated at start: %s", _safe(url),
                         str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__)


def engine(app: "Flask") -> "Engine":
    """The app's engine, its schema migrated (raises when the database cannot be reached)."""
    url = app.extensions[EXTENSION]
    upgrade(url)
    return engine_for(url)


def created(app: "Flask") -> bool:
    """False only for an instance's SQLite file not created yet: a page that merely lists saved scenarios then
    lists none instead of creating the database."""
    url = app.extensions[EXTENSION]
    return not is_sqlite(url) or Path(make_url(url).database or "").is_file()


def _safe(url: str) -> str:
    return make_url(url).render_as_string(hide_password=True)


__all__ = ["created", "database_url", "engine", "engine_for", "init_app", "upgrade"]
