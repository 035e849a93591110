"""SQLite under concurrent saves: WAL, BEGIN IMMEDIATE and retries, so a save is never refused as "locked"."""
from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from judge import create_app, store
from judge.store import saved

from .conftest import FAULT_SCENARIO as SCENARIO

THREADS, SAVES = 16, 25


def _app(tmp_path: Path, **settings):  # type: ignore[no-untyped-def]
    return create_app({"TESTING": True, "INSTANCE": str(tmp_path),
                       "DATABASE_URL": f"sqlite:///{tmp_path / 'judge.db'}", **settings})


def test_sixteen_connections_saving_at_once_store_every_save(tmp_path: Path) -> None:
    app = _app(tmp_path, DATABASE_BUSY_TIMEOUT=0.05)   # a short wait for the lock: the retries must do the rest
    errors: list[BaseException] = []
    ids: list[str] = []
    start = threading.Barrier(THREADS)

    def saver(n: int) -> None:
        start.wait()
        for k in range(SAVES):
            try:
                row = store.call(app, saved.save, source=f"# {n}/{k}", fmt="yaml", ruleset="doce-vidas",
                                 title=f"Guardado {n}/{k}", document={"n": n, "k": k},
                                 citations=["dv/turno", "704.5a"], write=True)
                ids.append(row.id)
            except BaseException as exc:  # noqa: BLE001 - collected, asserted below
                errors.append(exc)

    threads = [threading.Thread(target=saver, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors[:3]
    assert len(set(ids)) == THREADS * SAVES
    page = store.call(app, saved.recent, per_page=100)
    assert page.total == THREADS * SAVES
    assert store.call(app, saved.citing, "704", limit=1000).__len__() == THREADS * SAVES


def test_a_save_waits_out_a_lock_held_past_the_busy_timeout(tmp_path: Path) -> None:
    app = _app(tmp_path, DATABASE_BUSY_TIMEOUT=0.1)
    client = app.test_client()
    assert client.post("/api/scenarios", data=SCENARIO, headers={"Content-Type": "application/yaml"}).status_code == 201
    holder = sqlite3.connect(tmp_path / "judge.db", isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")          # another process's long write
    release = threading.Timer(0.6, holder.execute, args=("COMMIT",))
    release.start()
    try:
        response = client.post("/api/scenarios", data=SCENARIO, headers={"Content-Type": "application/yaml"})
    finally:
        release.join()
        holder.close()
    assert response.status_code == 201, response.get_data(as_text=True)
    assert client.get(response.get_json()["url"] + ".json").status_code == 200
