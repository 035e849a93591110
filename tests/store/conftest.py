"""Fixtures of the storage tests: every test that takes `database_url` (or `engine`, `app`, `client`) runs twice,
on SQLite and on PostgreSQL.

PostgreSQL: `TEST_DATABASE_URL` (default `postgresql://postgres@127.0.0.1:5432/postgres`, the server of the
development machine, trust auth) is only used to create a database of this test run (`judge_test_<random>`),
which is migrated once and dropped at the end of the session (and, if the run was killed, by a run
starting more than six hours later).  When the server cannot be reached the PostgreSQL
variants are skipped, saying why, except on CI (`CI=true`), where they fail.
Each test starts with empty tables (the tables are emptied, not re-created: migrating once keeps this fast).

The database fault tests (test_database_faults.py) reach that PostgreSQL database through a FaultProxy
(faultproxy.py) that stops or freezes their traffic; the server itself is never stopped or frozen.
"""
from __future__ import annotations

import contextlib
import os
import secrets
import time
from pathlib import Path
from typing import Iterator

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from judge import config, create_app
from judge.store import db, guard
from judge.web.data import rules_data_for

from .faultproxy import FaultProxy

ADMIN_URL = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")


def _on_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


@pytest.fixture(scope="session")
def _sqlite_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = db.database_url(tmp_path_factory.mktemp("store-sqlite"))
    db.upgrade(url)
    yield url
    db.dispose(url)


STALE_AFTER = 6 * 3600  # seconds: a test run's database still there after this was left by a killed run


def _drop_stale(conn) -> None:  # type: ignore[no-untyped-def]
    """Drop the databases of earlier runs that were killed before their clean-up (the name carries its time)."""
    names = conn.execute(text("SELECT datname FROM pg_database WHERE datname LIKE 'judge\\_test\\_%'")).scalars()
    for old in list(names):
        stamp = old.split("_")[2] if old.count("_") >= 3 else ""
        if stamp.isdigit() and time.time() - int(stamp) > STALE_AFTER:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{old}" WITH (FORCE)'))


@pytest.fixture(scope="session")
def _postgresql_url() -> str:
    from sqlalchemy import create_engine

    name = f"judge_test_{int(time.time())}_{secrets.token_hex(4)}"
    scratch = contextlib.ExitStack()
    try:
        admin = create_engine(db.database_url("", ADMIN_URL), isolation_level="AUTOCOMMIT",
                              connect_args={"connect_timeout": 3})
        with admin.connect() as conn:
            _drop_stale(conn)
        admin.dispose()
        url = scratch.enter_context(db.scratch_database(ADMIN_URL, name))
    except Exception as exc:  # no server, no driver, no right to create databases
        message = f"PostgreSQL is not reachable at {ADMIN_URL} (TEST_DATABASE_URL): {exc.__class__.__name__}: {exc}"
        if _on_ci():
            pytest.fail(message)
        pytest.skip(message)
    with scratch:
        db.upgrade(url)
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest) -> str:
    url = request.getfixturevalue(f"_{request.param}_url")
    with db.engine_for(url).begin() as conn:
        if request.param == "postgresql":
            conn.execute(text("TRUNCATE save_request, scenario_citation, scenario_line, scenario_version RESTART IDENTITY CASCADE"))
        else:
            conn.execute(text("DELETE FROM save_request"))
            conn.execute(text("DELETE FROM scenario_citation"))
            conn.execute(text("DELETE FROM scenario_line"))
            conn.execute(text("DELETE FROM scenario_version"))
    return url


@pytest.fixture()
def engine(database_url: str):
    return db.engine_for(database_url)


@pytest.fixture(scope="session")
def store_instance(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # The app pages need the corpus (cited text), not the search index: a bare instance is enough.
    return tmp_path_factory.mktemp("store-instance")


@pytest.fixture()
def app(store_instance: Path, database_url: str):
    from judge import create_app

    return create_app({"TESTING": True, "INSTANCE": str(store_instance), "DATABASE_URL": database_url})


@pytest.fixture()
def client(app):
    return app.test_client()


SCENARIO = """\
ruleset: doce-vidas
title: "Ana ataca a Bruno"
cards:
  Lobo gris: {type: criatura, cost: 2, damage: 2, life: 3}
players:
  - name: Ana
    board: [{card: Lobo gris, id: lobo}]
  - name: Bruno
turn: {number: 3, active: Ana, phase: accion}
actions:
  - {by: Ana, attack: lobo, target: Bruno}
expect:
  - {player: Bruno, lives: %(lives)s}
"""


@pytest.fixture()
def scenario_yaml() -> str:
    """A valid doce-vidas scenario whose expectation holds."""
    return SCENARIO % {"lives": 10}


def form_token(client, url: str = "/escenarios/guardados") -> str:
    """The CSRF token a saving form carries (GET the form page as a browser would, then post with it)."""
    from bs4 import BeautifulSoup

    page = BeautifulSoup(client.get(url).get_data(as_text=True), "html.parser")
    return page.find("input", attrs={"name": "csrf_token"})["value"]


# -- database faults ------------------------------------------------------------------------------------------
# Short bounds, so a test sees the 503, the pause and the recovery in a few seconds.
FAULT_SETTINGS = {"DATABASE_TIMEOUT": 1.0, "DATABASE_OPTIONAL_TIMEOUT": 0.3, "DATABASE_RETRY_AFTER": 1,
                  "DATABASE_STATEMENT_TIMEOUT": 1.0, "DATABASE_POOL_TIMEOUT": 1.0}

# A curated scenario's text: what the fault tests save.
FAULT_SCENARIO = (config.CHECKOUT_DIR / "scenarios" / "doce-vidas" / "01-preparacion-de-la-partida.yaml").read_text(
    encoding="utf-8")


@pytest.fixture(scope="session")
def fault_instance(tmp_path_factory: pytest.TempPathFactory) -> Path:
    instance = tmp_path_factory.mktemp("faults-instance")
    rules_data_for(config.corpus_dir(), instance)   # the index, built once: rule pages and search need it
    # Rule pages' "Ejemplos" run every curated scenario once per instance (examples.json): done here, so the
    # tests' requests time only what they are about.
    warm = create_app({"TESTING": True, "INSTANCE": str(instance)}).test_client().get("/reglas/121.4")
    assert warm.status_code == 200
    return instance


@pytest.fixture()
def proxy(_postgresql_url: str) -> Iterator[FaultProxy]:
    target = make_url(_postgresql_url)
    running = FaultProxy(target.host or "127.0.0.1", target.port or 5432).start()
    yield running
    running.resume()
    running.stop()


@pytest.fixture()
def proxied_url(proxy: FaultProxy, _postgresql_url: str) -> Iterator[str]:
    """The test database's URL through the proxy (a new port per test, so a new pool and guard)."""
    url = make_url(_postgresql_url).set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
    yield url
    proxy.resume()
    internal = db.database_url("", url)
    guard.forget(internal)
    db.dispose(internal)


@pytest.fixture()
def fault_app(fault_instance: Path, proxied_url: str):
    return create_app({"TESTING": True, "INSTANCE": str(fault_instance), "DATABASE_URL": proxied_url,
                       **FAULT_SETTINGS})


def saved_count(_postgresql_url: str) -> int:
    engine = create_engine(db.database_url("", _postgresql_url))
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM scenario_version")).scalar_one())
    finally:
        engine.dispose()
