"""`judge bench load` and its driver, in tiny bounded runs (the real figures come from the command itself)."""
from __future__ import annotations

import json
import shutil
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from click.testing import CliRunner

from judge.cli import main
from judge.web.load import Target, drive


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        code = 503 if self.path == "/fail" else 200
        body = b"ok"
        self.send_response(code)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def test_drive_counts_statuses_and_latencies() -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_address[1]
        ok = drive("127.0.0.1", port, Target("ok", "GET", "/"), connections=4, seconds=10, count=40)
        assert ok.requests == 40 and ok.statuses == {200: 40} and ok.errors == 0
        assert 0 < ok.percentile(50) <= ok.percentile(99) and ok.rate > 0
        assert [a.index for a in ok.answers] == list(range(40))
        failing = drive("127.0.0.1", port, Target("fail", "GET", "/fail"), connections=2, seconds=10, count=6)
        assert failing.errors == 6 and failing.to_json()["statuses"] == {"503": 6}
        # Paced: never more than the schedule allows (40/s for 1 s, plus each connection's first request).
        paced = drive("127.0.0.1", port, Target("ok", "GET", "/"), connections=4, seconds=1.0, rate=40)
        assert 0 < paced.requests <= 40 + 4 and paced.errors == 0
    finally:
        server.shutdown()
        server.server_close()
    # Nothing listening: every request is an error (status 0), none hangs past the bound.
    gone = drive("127.0.0.1", port, Target("gone", "GET", "/"), connections=2, seconds=0.5, timeout=2)
    assert gone.requests > 0 and gone.statuses.keys() == {0}


def test_bench_load_tiny_run(instance_dir: Path, tmp_path: Path) -> None:
    instance = tmp_path / "instance"
    shutil.copytree(instance_dir, instance, symlinks=True, ignore=shutil.ignore_patterns("shared.db*", "counters.bin", "judge.db*"))
    result = CliRunner().invoke(
        main, ["bench", "load", "--seconds", "0.5", "--warmup", "0", "--connections", "4", "--saves", "20",
               "--targets", "curated,run", "--workers", "1", "--threads", "4", "--fill-store", "30", "--json"],
        env={"JUDGE_INSTANCE": str(instance)})
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [t["name"] for t in report["targets"]] == ["curated", "run"]
    for row in report["targets"]:
        assert row["requests"] > 0 and row["errors"] == 0 and row["p99_ms"] >= row["p50_ms"] > 0, row
        # the server's own CPU (its process group, from /proc): answering costs something, never nothing
        assert row["server_cpu_s"] > 0 and row["server_cpu_ms_per_request"] > 0
    saves = report["saves"]
    assert saves["ok"] and saves["sent"] == saves["created"] == saves["in_database"] == saves["intact"] == 20
    assert not (instance / "judge.db").exists()    # the saves went to the bench's own database
    # the filler pages were there for the targets, and are gone after (the real entries stay)
    assert report["store_pages"] == 30
    import sqlite3

    with sqlite3.connect(instance / "shared.db") as db:
        keys = [row[0] for row in db.execute("SELECT key FROM pages")]
    assert keys and not any(key.startswith("bench-fill:") for key in keys), keys


def test_group_cpu_seconds_counts_a_busy_process_group() -> None:
    import subprocess
    import sys
    import time

    from judge.web.bench_load import group_cpu_seconds

    busy = subprocess.Popen([sys.executable, "-c", "import time\nend = time.process_time() + 0.3\n"
                             "while time.process_time() < end: pass\ntime.sleep(30)"], start_new_session=True)
    try:
        deadline = time.monotonic() + 20
        while group_cpu_seconds(busy.pid) < 0.25 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert 0.25 <= group_cpu_seconds(busy.pid) < 5
        assert group_cpu_seconds(2 ** 22 + 7) == 0     # a group with no process
    finally:
        busy.kill()
        busy.wait()


def test_bench_load_names_an_unknown_target() -> None:
    result = CliRunner().invoke(main, ["bench", "load", "--targets", "rule,nothing"])
    assert result.exit_code == 2 and "nothing" in result.output and "--targets" in result.output
