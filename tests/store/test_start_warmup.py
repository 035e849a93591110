"""The database's migration and the pool's warm-up at the app's start are bounded by DATABASE_START_TIMEOUT, not by
a request's DATABASE_TIMEOUT (issue 16: on a loaded machine a fresh schema took longer than a request may wait,
the start "failed", and the first save after start-up answered 503 during the pause that followed). A request's
bound on a real fault stays as it was."""
from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

import judge.store as store
from judge import create_app
from judge.store import db, saved
from judge.store.guard import DatabaseUnavailable, Guard, Limits

from .conftest import FAULT_SCENARIO, FAULT_SETTINGS
from .test_database_faults import bounded

YAML = {"Content-Type": "application/yaml"}


def test_a_start_slower_than_a_request_may_wait_is_no_fault_and_the_first_save_is_stored(
        fault_instance: Path, proxied_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    real = store.upgrade
    started: list[float] = []

    def slow_upgrade(url: str, **kwargs):  # type: ignore[no-untyped-def]
        if url not in db._upgraded:       # a migration (not the per-call check that it was done)
            started.append(time.monotonic())
            time.sleep(2 * FAULT_SETTINGS["DATABASE_TIMEOUT"])     # a busy core creating the schema
        return real(url, **kwargs)

    monkeypatch.setattr(store, "upgrade", slow_upgrade)
    warmed = threading.Event()
    real_warm = saved.warm
    monkeypatch.setattr(saved, "warm", lambda engine: (real_warm(engine), warmed.set()))
    app = create_app({"TESTING": True, "INSTANCE": str(fault_instance), "DATABASE_URL": proxied_url,
                      **FAULT_SETTINGS})
    assert started and warmed.is_set()           # migrated and warmed within create_app, not by a request
    url, _, guard = app.extensions[store.EXTENSION]
    assert not guard.down()                      # no pause: a slow start is not an outage
    first = bounded(lambda: app.test_client().post("/api/scenarios", data=FAULT_SCENARIO, headers=YAML))
    assert first.status_code == 201, first.get_data(as_text=True)[:300]
    assert len(started) == 1                     # the request did not migrate again


def test_a_frozen_database_at_start_still_fails_within_the_connect_timeout(
        fault_instance: Path, proxied_url: str, proxy) -> None:  # type: ignore[no-untyped-def]
    proxy.freeze()
    # DATABASE_START_TIMEOUT far above the hang detector: the start must end on connect_timeout (2 s), not on it
    app = bounded(lambda: create_app({"TESTING": True, "INSTANCE": str(fault_instance),
                                      "DATABASE_URL": proxied_url, **FAULT_SETTINGS,
                                      "DATABASE_START_TIMEOUT": 600}))
    answer = bounded(lambda: app.test_client().post("/api/scenarios", data=FAULT_SCENARIO, headers=YAML))
    assert answer.status_code == 503 and int(answer.headers["Retry-After"]) >= 1


def test_start_waits_its_own_bound_and_calls_keep_theirs() -> None:
    guard = Guard("test", Limits(timeout=0.05, retry_after=1), threaded=True)
    try:
        assert guard.start(lambda: time.sleep(0.3) or "migrated", seconds=10) == "migrated"
        assert not guard.down()
        with pytest.raises(DatabaseUnavailable):
            guard.call(lambda: time.sleep(0.3))   # a request's call: its own short bound, then the pause
        assert guard.down()
        with pytest.raises(DatabaseUnavailable):
            guard.start(lambda: "never", seconds=10)   # during the pause, at once, as every call
        fresh = Guard("test", Limits(timeout=0.05, retry_after=1), threaded=True)
        with pytest.raises(DatabaseUnavailable, match="at start"):
            fresh.start(lambda: time.sleep(1), seconds=0.1)
        fresh.close()
    finally:
        guard.close()
