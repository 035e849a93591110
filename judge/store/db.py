"""The database: SQLite in the instance folder (`judge.db`) unless `DATABASE_URL` names another (PostgreSQL).

`upgrade(url)` brings the schema to the newest Alembic revision (judge/store/migrations, inside the package so a
wheel carries it).  It is idempotent and cheap once done (remembered per process), and safe when several
processes start at once: PostgreSQL takes an advisory lock, SQLite a lock file beside the database.
"""
from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine, make_url

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
DB_FILE = "judge.db"
_ADVISORY_LOCK = 7_151_908_001  # any constant: serialises concurrent upgrades of one PostgreSQL database

_lock = threading.Lock()
_engines: dict[str, Engine] = {}
_upgraded: set[str] = set()
IMMEDIATE = "judge_immediate"   # execution option: an SQLite write transaction takes the write lock at BEGIN


@dataclass(frozen=True)
class Timeouts:
    """How long the database may keep a caller waiting (the DATABASE_* settings), in seconds.

    `connect`: PostgreSQL's connect_timeout (libpq counts whole seconds, at least 2); `statement`: the server
    cancels a statement running longer (PostgreSQL `statement_timeout`); `pool`: waiting for a free connection
    of the pool; `busy`: SQLite waits this long for another connection's write lock before "database is locked".
    """
    connect: float = 2.0
    statement: float = 1.5
    pool: float = 1.5
    busy: float = 5.0

    def postgresql_args(self) -> dict[str, object]:
        return {"connect_timeout": max(2, round(self.connect)),
                "options": f"-c statement_timeout={max(1, round(self.statement * 1000))}"}


def database_url(instance: Path | str, configured: str | None = None) -> str:
    """The SQLAlchemy URL: `configured` (DATABASE_URL) or SQLite at `<instance>/judge.db`.  `postgres://` and
    `postgresql://` use psycopg 3 (the driver this package installs)."""
    if not configured:
        return f"sqlite:///{Path(instance) / DB_FILE}"
    url = configured.strip()
    for plain in ("postgres://", "postgresql://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain):]
    return url


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def _sqlite_pragmas(busy_ms: int):  # type: ignore[no-untyped-def]
    def on_connect(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        # The driver's own transaction handling is off: SQLAlchemy's "begin" event below emits BEGIN itself,
        # the recipe of SQLAlchemy's pysqlite documentation, so a save can BEGIN IMMEDIATE.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={busy_ms}")
        cursor.execute("PRAGMA journal_mode=WAL")      # readers never wait for a writer
        cursor.execute("PRAGMA synchronous=NORMAL")    # durable at each checkpoint; the safe setting with WAL
        cursor.close()
    return on_connect


def _sqlite_begin(conn) -> None:  # type: ignore[no-untyped-def]
    # A deferred transaction that reads and then writes fails at once ("database is locked", no busy wait) when
    # another connection wrote in between; IMMEDIATE takes the write lock first and waits busy_timeout for it.
    conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(IMMEDIATE) else "BEGIN")


def engine_for(url: str, timeouts: Timeouts | None = None) -> Engine:
    """One engine (connection pool) per URL and process; `timeouts` apply when the first caller creates it."""
    timeouts = timeouts or Timeouts()
    with _lock:
        engine = _engines.get(url)
        if engine is None:
            if is_sqlite(url):
                database = make_url(url).database
                if database and database != ":memory:":
                    Path(database).parent.mkdir(parents=True, exist_ok=True)
                engine = create_engine(url, connect_args={"check_same_thread": False})
                event.listen(engine, "connect", _sqlite_pragmas(max(0, round(timeouts.busy * 1000))))
                event.listen(engine, "begin", _sqlite_begin)
            else:
                # pre-ping: a connection the server dropped (restart) is replaced, not handed to a request.
                engine = create_engine(url, pool_pre_ping=True, pool_timeout=timeouts.pool, pool_size=8,
                                       max_overflow=8, connect_args=timeouts.postgresql_args())
            _engines[url] = engine
        return engine


def writing(engine: Engine) -> Engine:
    """The same pool, for a transaction that writes (SQLite: BEGIN IMMEDIATE)."""
    return engine.execution_options(**{IMMEDIATE: True})


def dispose(url: str) -> None:
    """Close the pool of `url` and forget it (tests drop their PostgreSQL database after this)."""
    with _lock:
        engine = _engines.pop(url, None)
        _upgraded.discard(url)
    if engine is not None:
        engine.dispose()


def alembic_config():  # type: ignore[no-untyped-def]
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    return cfg


def head_revision() -> str | None:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(url: str) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine_for(url).connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


@contextlib.contextmanager
def _file_lock(url: str) -> Iterator[None]:
    database = make_url(url).database
    if not database or database == ":memory:":
        yield
        return
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    with open(f"{database}.lock", "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def upgrade(url: str, *, force: bool = False) -> bool:
    """Migrate the database at `url` to the newest revision (creating it if needed).  Returns True when this call
    looked at the database, False when this process had already done it."""
    if url in _upgraded and not force:
        return False
    from alembic import command

    engine = engine_for(url)
    cfg = alembic_config()
    sqlite = is_sqlite(url)
    with _file_lock(url) if sqlite else contextlib.nullcontext():
        with engine.begin() as conn:
            if not sqlite:
                # A migration may outlast the statement timeout meant for requests.
                conn.execute(text("SET LOCAL statement_timeout = 0"))
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _ADVISORY_LOCK})
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
    _upgraded.add(url)
    return True


@contextlib.contextmanager
def scratch_database(server_url: str, name: str) -> Iterator[str]:
    """A PostgreSQL database `name` created on the server of `server_url` for a test or a bench, its URL yielded,
    dropped (connections and all) on the way out, whatever happened."""
    admin = create_engine(database_url("", server_url), isolation_level="AUTOCOMMIT",
                          connect_args={"connect_timeout": 3})
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        url = make_url(database_url("", server_url)).set(database=name).render_as_string(hide_password=False)
        try:
            yield url
        finally:
            dispose(url)
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()
