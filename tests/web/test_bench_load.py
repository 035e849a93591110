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


def test_the_driver_does_not_collect_garbage_during_a_pass() -> None:
    """The driver's own full collections stopped its 32 threads for 66-261 ms twice per 10 s pass, charged to the
    server as latency: a pass runs with the collector off (seen by each request as it is made), and the
    collector is on again after it, whatever it was before."""
    import gc

    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    seen: list[bool] = []
    try:
        port = server.server_address[1]
        target = Target("ok", "GET", "/", path_for=lambda i: seen.append(gc.isenabled()) or "/")
        assert gc.isenabled()
        result = drive("127.0.0.1", port, target, connections=3, seconds=10, count=12)
        assert result.requests == 12 and seen == [False] * 12 and gc.isenabled()
        assert result.to_json()["client_cycles_freed"] >= 0
    finally:
        server.shutdown()
        server.server_close()


def test_bench_load_tiny_run(instance_dir: Path, tmp_path: Path) -> None:
    instance = tmp_path / "instance"
    shutil.copytree(instance_dir, instance, symlinks=True, ignore=shutil.ignore_patterns("shared.db*", "counters.bin", "judge.db*"))
    result = CliRunner().invoke(
        main, ["bench", "load", "--seconds", "0.5", "--warmup", "0", "--connections", "4", "--saves", "20",
               "--targets", "curated,run,run-cold,search", "--workers", "1", "--threads", "4", "--fill-store",
               "30", "--json"],
        env={"JUDGE_INSTANCE": str(instance)})
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [t["name"] for t in report["targets"]] == ["curated", "run", "run-cold", "search-cold", "search"]
    for row in report["targets"]:
        assert row["requests"] > 0 and row["errors"] == 0 and row["p99_ms"] >= row["p50_ms"] > 0, row
        # the server's own CPU (its process group, from /proc): answering costs something, never nothing
        assert row["server_cpu_s"] > 0 and row["server_cpu_ms_per_request"] > 0
    run, cold, search_cold, search = report["targets"][1:]
    assert run["cache"].get("hit", 0) > 0                  # the same body: answered from the run cache
    # Cold passes: a new document or question each request, for the pass's whole time (the ~16,000 questions
    # are never all asked in half a second): every answer a miss.
    for row in (cold, search_cold):
        assert row["cache"] == {"miss": row["requests"]} and row["seconds"] >= 0.5, row
    assert search["cache"].get("hit", 0) > 0, search       # warm: the questions the cold pass began with
    saves = report["saves"]
    assert saves["ok"] and saves["sent"] == saves["created"] == saves["in_database"] == saves["intact"] == 20
    assert not (instance / "judge.db").exists()    # the saves went to the bench's own database
    # the filler pages were there for the targets, and are gone after (the real entries stay)
    assert report["store_pages"] == 30
    import sqlite3

    with sqlite3.connect(instance / "shared.db") as db:
        keys = [row[0] for row in db.execute("SELECT key FROM pages")]
    assert keys and not any(key.startswith("bench-fill:") for key in keys), keys


def test_bench_load_rate_paces_the_cold_pass_too(instance_dir: Path, tmp_path: Path) -> None:
    """--rate paces every pass of a target: the cold one (a new question each request) as well as the warm one.
    An unpaced cold pass answered as fast as the server could, so a cold p99 at a given throughput could not be
    measured. At 20 requests/s for 1 s on 4 connections, no pass may send more than the schedule's 20 plus each
    connection's first request (unpaced, the small corpus's lexical questions come back far faster)."""
    instance = tmp_path / "instance"
    shutil.copytree(instance_dir, instance, symlinks=True, ignore=shutil.ignore_patterns("shared.db*", "counters.bin", "judge.db*"))
    result = CliRunner().invoke(
        main, ["bench", "load", "--seconds", "1", "--warmup", "0", "--connections", "4", "--saves", "0",
               "--targets", "lexical", "--workers", "1", "--threads", "4", "--rate", "20", "--json"],
        env={"JUDGE_INSTANCE": str(instance)})
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["targets"]
    assert [row["name"] for row in rows] == ["lexical-cold", "lexical"]
    for row in rows:
        assert row["rate"] == 20 and row["errors"] == 0, row
        assert 0 < row["requests"] <= 20 + 4, row
    assert rows[0]["cache"] == {"miss": rows[0]["requests"]}   # still new questions, only paced


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


class _CacheHandler(_Handler):
    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        body = b"{}"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Search-Cache" if "q=" in self.path else "X-Run-Cache",
                         "hit" if self.path.endswith("again") else "miss")
        self.end_headers()
        self.wfile.write(body)


def test_drive_counts_the_answers_cache_states() -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _CacheHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        port = server.server_address[1]
        paths = ["/api/search?q=a", "/api/search?q=again", "/api/run"]
        got = drive("127.0.0.1", port, Target("mixed", "GET", "/", path_for=lambda i: paths[i % 3]),
                    connections=2, seconds=10, count=9)
        assert got.cache_states() == {"hit": 3, "miss": 6} and got.to_json()["cache"] == {"hit": 3, "miss": 6}
        plain = drive("127.0.0.1", port, Target("ok", "GET", "/x"), connections=1, seconds=10, count=2)
        assert plain.to_json()["cache"] == {"miss": 2}
    finally:
        server.shutdown()
        server.server_close()


def test_a_cold_search_pass_has_a_new_question_for_every_request() -> None:
    """The cold pass asks each question once for its whole --seconds: ~16,000 distinct questions (after the
    search's own cleaning, which is what its caches key), the warm pass's ones first."""
    from urllib.parse import parse_qs, urlsplit

    from judge.search.text import clean_query
    from judge.web.bench_load import cold_question_paths, cold_questions, cold_search, question_paths

    questions = cold_questions()
    assert len(questions) > 10_000
    assert len({clean_query(q)[0] for q in questions}) == len(questions)
    assert all(len(q.split()) >= 3 for q in questions)
    warm = [parse_qs(urlsplit(p).query)["q"][0] for p in question_paths()]
    assert questions[:len(warm)] == warm
    target, count = cold_search("lexical")
    assert count == len(questions) and target.path_for is not None
    assert [target.path_for(i) for i in range(3)] == cold_question_paths()[:3]


def test_run_cold_never_sends_a_document_twice() -> None:
    """A warm-up and the measured pass each count their requests from 0: their titles still differ, and so do
    two benches' (a store kept from the last bench would answer them)."""
    from judge.web.bench_load import targets

    first, second = targets()["run-cold"], targets()["run-cold"]
    assert first.body_for is not None and second.body_for is not None
    warmup = [first.body_for(i) for i in range(5)]
    measured = [first.body_for(i) for i in range(5)]
    other = [second.body_for(i) for i in range(5)]
    titles = [json.loads(body)["title"] for body in warmup + measured + other]
    assert len(set(titles)) == 15
