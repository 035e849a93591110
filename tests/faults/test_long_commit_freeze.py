"""`make faults`: a real PostgreSQL freeze in the middle of a save's COMMIT (issue 16). A throwaway cluster started
by the test; a `judge serve` over it; a save sent with an Idempotency-Key; the backend serving that save's
connection found in `pg_stat_activity` while it runs the COMMIT, and stopped there with SIGSTOP. The save's answer
is then a 503 that says it may have landed (the app stopped waiting after DATABASE_TIMEOUT); nothing is visible
while the backend is stopped; after SIGCONT the COMMIT completes and the row is there; the client's retry with
the same key is answered with that stored version (`replayed`), and nothing is stored twice.

To be sure the freeze falls inside the COMMIT and not before it, the test adds a deferred constraint trigger to the
table of versions (it runs at COMMIT time and sleeps there for a moment): the backend is stopped while its
`pg_stat_activity` row says `COMMIT`, waiting in that sleep. The server runs with a statement timeout longer than
the freeze (`JUDGE_DATABASE_STATEMENT_TIMEOUT=60`), so the frozen COMMIT is not cancelled by PostgreSQL itself
when it resumes: the case of a host that stalls and comes back, where the COMMIT completes behind the 503.
"""
from __future__ import annotations

import json
import os
import signal
import threading
import time
import uuid
from pathlib import Path

from sqlalchemy import create_engine, text

from judge.store import db

from .conftest import figure
from .pgcluster import Cluster
from .server import Server, scenario

SLOW_COMMIT = """
CREATE FUNCTION judge_faults_slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM pg_sleep(1.0); RETURN NULL; END $$;
CREATE CONSTRAINT TRIGGER judge_faults_slow_commit AFTER INSERT ON scenario_version
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION judge_faults_slow_commit();
"""
# the backend of the save: its COMMIT is running the deferred trigger (pg_sleep)
COMMITTING = text("SELECT pid FROM pg_stat_activity WHERE state = 'active' AND query = 'COMMIT' "
                  "AND wait_event = 'PgSleep' AND pid <> pg_backend_pid()")
TITLE = "Guardado congelado en pleno COMMIT"


def _post(server: Server, body: bytes, key: str, timeout: float = 30.0) -> tuple[int, dict[str, str], bytes]:
    import urllib.error
    import urllib.request

    req = urllib.request.Request(server.base + "/api/scenarios", data=body, method="POST",
                                 headers={"Content-Type": "application/yaml", "Idempotency-Key": key})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_a_save_frozen_in_its_commit_lands_and_its_retry_answers_it(cluster: Cluster, instance: Path) -> None:
    server = Server(instance, env={"DATABASE_URL": cluster.url, "JUDGE_DATABASE_STATEMENT_TIMEOUT": "60"}).start()
    engine = create_engine(db.database_url("", cluster.url), isolation_level="AUTOCOMMIT")
    body = scenario(TITLE)

    def rows() -> int:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM scenario_version WHERE title = :t"),
                                    {"t": TITLE}).scalar_one())

    try:
        first = _post(server, scenario("Antes de congelar"), str(uuid.uuid4()))
        assert first[0] == 201, first[2][:300]          # the schema is there, the connection pool warm
        with engine.connect() as conn:
            conn.execute(text(SLOW_COMMIT))

        key = str(uuid.uuid4())
        answer: dict[str, object] = {}

        def save() -> None:
            started = time.perf_counter()
            answer["result"] = _post(server, body, key)
            answer["seconds"] = time.perf_counter() - started

        sender = threading.Thread(target=save)
        sender.start()
        pid = None
        deadline = time.monotonic() + 20
        with engine.connect() as conn:
            while pid is None and time.monotonic() < deadline:
                pid = conn.execute(COMMITTING).scalar()
                if pid is None:
                    time.sleep(0.01)
        assert pid is not None, "the save's COMMIT was never seen in pg_stat_activity"
        os.kill(int(pid), signal.SIGSTOP)
        frozen_at = time.perf_counter()
        try:
            sender.join(20)
            assert not sender.is_alive(), "the save did not answer while its COMMIT was frozen"
            status, headers, raw = answer["result"]   # type: ignore[misc]
            assert status == 503, raw[:300]
            error = json.loads(raw)
            assert error["may_have_landed"] is True and "Idempotency-Key" in error["error"]
            assert int(headers["Retry-After"]) >= 1
            figure("PostgreSQL frozen mid-COMMIT: the save answered 503 (may have landed) in", answer["seconds"])
            assert rows() == 0                        # not visible while its COMMIT is stopped
            time.sleep(max(0.0, 3.0 - (time.perf_counter() - frozen_at)))
        finally:
            os.kill(int(pid), signal.SIGCONT)
        landed = time.monotonic() + 20
        while rows() == 0 and time.monotonic() < landed:
            time.sleep(0.05)
        assert rows() == 1, "the frozen COMMIT did not complete after SIGCONT"
        with engine.connect() as conn:
            stored_id = conn.execute(text("SELECT id FROM scenario_version WHERE title = :t"),
                                     {"t": TITLE}).scalar_one()

        # The client retries with the same key (after the 503's pause): the version stored behind the 503.
        started = time.perf_counter()
        while True:
            status, _, raw = _post(server, body, key)
            if status != 503 or time.perf_counter() - started > 30:
                break
            time.sleep(0.2)
        assert status == 201, raw[:300]
        retry = json.loads(raw)
        assert retry["replayed"] is True and retry["id"] == stored_id and retry["edit_key"]
        figure("PostgreSQL frozen mid-COMMIT: the retry answered the stored version after", time.perf_counter() - started)
        assert rows() == 1                            # stored once
    finally:
        engine.dispose()
        server.stop()
