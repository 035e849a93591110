"""`judge bench load`: the production server (`judge serve --prod`) started on a free port of 127.0.0.1 and driven
by judge/web/load.py: 32 connections, a bounded time per target, then concurrent saves checked in the database.

The saves go to a database of the bench's own (a temporary SQLite file, or a database created on the PostgreSQL
server given by --database-url and dropped afterwards): the instance's saved scenarios are never touched. Rate
limits stay on with limits no bench reaches, so their counting is part of every figure.
"""
from __future__ import annotations

import contextlib
import http.client
import itertools
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import click

from judge.web.load import LoadResult, Target, drive

RUN_SCENARIO = "magic/01-un-turno-completo-de-enderezar-a-limpieza"   # 74 steps
SAVE_SCENARIO = "doce-vidas/01-preparacion-de-la-partida"
UNREACHED = "1000000000/minute"   # counted, never reached
LEXICAL_ENV = {"JUDGE_SEARCH_SEMANTIC": "false"}   # the targets measured on a lexical-only server
SEARCH_TARGETS = ("search", "lexical")   # measured cold (new questions for the pass's time), then warm
# A cold search pass asks the curated titles' word windows (start, length), in this order after the warm pass's
# (0, 8): ~16,000 different questions, so a pass of --seconds at a few hundred per second never asks one twice.
WINDOW_STARTS = range(6)
WINDOW_LENGTHS = (8, 7, 9, 6, 10, 5, 11, 4, 12)


def free_port(wanted: int = 0) -> int:
    """`wanted` when given (a shared machine hands each user a port range), else any free port of 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", wanted))
        return int(sock.getsockname()[1])


def _curated(key: str) -> Path:
    from judge.runner.catalog import find, split_key

    parts = split_key(key)
    item = find(*parts) if parts else None
    if item is None:
        raise click.ClickException(f"curated scenario {key} not found")
    return item.path


def targets() -> dict[str, Target]:
    """The targets of the issue's table, by name (a `--targets` list picks some)."""
    run_body = json.dumps(_yaml(_curated(RUN_SCENARIO))).encode()
    json_type = (("Content-Type", "application/json"),)
    paths = question_paths()
    # run-cold's titles: one counter for every pass (a warm-up's and the measured pass's never share a title) and
    # a token of this bench (a store kept from an earlier bench holds none of them)
    fresh, salt = itertools.count(), secrets.token_hex(4)
    return {
        "search": Target(f"GET /api/search (default: semantic + lexical; {len(paths)} questions)", "GET",
                         paths[0], path_for=lambda i: paths[i % len(paths)]),
        # the same questions on a server started with JUDGE_SEARCH_SEMANTIC=false (LEXICAL_ENV)
        "lexical": Target(f"GET /api/search (lexical only; {len(paths)} questions)", "GET",
                          paths[0], path_for=lambda i: paths[i % len(paths)]),
        "rule": Target("GET /reglas/704.5", "GET", "/reglas/704.5"),
        "curated": Target(f"GET /escenarios/{RUN_SCENARIO}", "GET", f"/escenarios/{RUN_SCENARIO}"),
        "run": Target("POST /api/run (74 steps)", "POST", "/api/run", body=run_body, headers=json_type),
        # the same scenario under a title of its own each time: every request misses the run cache (a new run)
        "run-cold": Target("POST /api/run (74 steps), a new document each time", "POST", "/api/run",
                           headers=json_type, body_for=lambda i: _retitled(run_body, f"{salt}-{next(fresh)}")),
    }


def cold_search(name: str) -> tuple[Target, int]:
    """A search target's cold pass and how many requests it may send: a new question each request
    (cold_question_paths), never one asked before."""
    paths = cold_question_paths()
    return Target(f"GET /api/search ({'default' if name == 'search' else 'lexical only'}; a new question each "
                  f"time, of {len(paths)})", "GET", paths[0], path_for=lambda i: paths[i % len(paths)]), len(paths)


def _retitled(body: bytes, tag: str) -> bytes:
    """`body` (a scenario's JSON) with a title of its own (`tag`): the run cache keys on the document."""
    doc = json.loads(body)
    doc["title"] = f"{doc.get('title', '')} · {tag}"
    return json.dumps(doc, ensure_ascii=False).encode()


def question_paths() -> list[str]:
    """Searches for the bench: the curated scenarios' titles cut to their first eight words (a player's question
    is short), in Spanish, in a fixed order: ~300 different questions, so no cache of recent questions answers
    them all."""
    from urllib.parse import urlencode

    from judge.runner.catalog import curated

    titles = sorted({" ".join(item.title.split()[:8]) for item in curated() if item.title})
    return ["/api/search?" + urlencode({"q": title}) for title in titles] or ["/api/search?q=robar"]


def cold_questions() -> list[str]:
    """New questions for a cold pass, in a fixed order: each curated title's window of words (WINDOW_STARTS ×
    WINDOW_LENGTHS, at least three words), distinct once cleaned, the warm pass's questions (the first eight
    words) first. Each is a question of its own to the search (no cache of answers or of question vectors keys it
    as another), made of a player's words as the warm ones are, so a pass costs what new questions cost."""
    from judge.runner.catalog import curated
    from judge.search.text import clean_query

    titles = sorted({item.title for item in curated() if item.title})
    seen: set[str] = set()
    out: list[str] = []
    for start in WINDOW_STARTS:
        for length in WINDOW_LENGTHS:
            for title in titles:
                words = title.split()
                if start and start + length > len(words):   # past the end: a shorter window of another pass
                    continue
                question = clean_query(" ".join(words[start:start + length]))[0]
                if len(question.split()) >= 3 and question not in seen:
                    seen.add(question)
                    out.append(question)
    return out or ["robar una carta"]


def cold_question_paths() -> list[str]:
    from urllib.parse import urlencode

    return ["/api/search?" + urlencode({"q": q}) for q in cold_questions()]


def _yaml(path: Path) -> Any:
    import yaml

    return yaml.safe_load(path.read_text(encoding="utf-8"))


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    port: int
    log: Path


@contextlib.contextmanager
def production_server(env: dict[str, str], workers: int | None, threads: int | None,
                      log_dir: Path, ready_path: str = "/reglas/704.5", wait: float = 240.0,
                      port: int = 0) -> Iterator[Server]:
    """`judge serve --prod` in a process group of its own (on `port`, else a free one), stopped (SIGTERM, then
    SIGKILL) on the way out."""
    port = free_port(port)
    command = [sys.executable, "-m", "judge.cli", "serve", "--prod", "--host", "127.0.0.1", "--port", str(port)]
    if workers:
        command += ["--workers", str(workers)]
    if threads:
        command += ["--threads", str(threads)]
    log = log_dir / f"server-{port}.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(process, port, log)
    try:
        _wait_ready(server, ready_path, wait)
        _settle(server, wait)
        yield server
    finally:
        stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)


def _wait_ready(server: Server, path: str, wait: float) -> None:
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise click.ClickException(f"the server stopped (exit {server.process.returncode}); see {server.log}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            conn.request("GET", path)
            if conn.getresponse().status < 500:
                return
        except OSError:
            time.sleep(0.3)
    raise click.ClickException(f"the server did not answer {path} within {wait:.0f} s; see {server.log}")


def _settle(server: Server, wait: float, quiet: float = 0.05, every: float = 0.5) -> None:
    """Wait until the server's processes are idle (under `quiet` CPU seconds in each of two looks `every` s
    apart): one worker answering the ready path does not mean the others have warmed (corpus, index, encoder),
    and a worker still warming would charge its start-up to the first target's CPU per request."""
    deadline = time.monotonic() + wait
    last, calm = group_cpu_seconds(server.process.pid), 0
    while calm < 2 and time.monotonic() < deadline:
        time.sleep(every)
        now = group_cpu_seconds(server.process.pid)
        calm = calm + 1 if now - last < quiet else 0
        last = now


@contextlib.contextmanager
def bench_database(server_url: str | None, scratch: Path, prefix: str = "judge_bench") -> Iterator[str]:
    """A database of the bench's own: SQLite in `scratch`, or one named `prefix_…` created on `server_url` and
    dropped after."""
    from judge.store import db

    if not server_url:
        url = db.database_url(scratch)
        db.upgrade(url)
        yield url
        db.dispose(url)
        return
    name = f"{prefix}_{int(time.time())}_{secrets.token_hex(4)}"
    with db.scratch_database(server_url, name) as url:
        db.upgrade(url)
        yield url


@dataclass
class SaveCheck:
    sent: int
    created: int
    statuses: dict[int, int]
    in_database: int
    distinct: int
    intact: int
    result: LoadResult

    @property
    def ok(self) -> bool:
        return self.sent == self.created == self.in_database == self.distinct == self.intact

    def to_json(self) -> dict[str, Any]:
        return {"sent": self.sent, "created": self.created, "in_database": self.in_database,
                "distinct": self.distinct, "intact": self.intact, "ok": self.ok,
                "statuses": {str(k): v for k, v in sorted(self.statuses.items())}, **self.result.to_json()}


def run_saves(port: int, database_url: str, count: int, connections: int, seconds: float) -> SaveCheck:
    """`count` saves of distinct titles from `connections` threads, then the database read back: every 201's
    id there once, with the very text sent; no title twice; nothing refused."""
    from sqlalchemy import select

    from judge.store import db
    from judge.store.models import ScenarioVersion

    document = _yaml(_curated(SAVE_SCENARIO))
    tag = f"bench-load {secrets.token_hex(4)}"
    bodies: dict[int, bytes] = {}

    def body_for(i: int) -> bytes:
        bodies[i] = json.dumps({**document, "title": f"{tag} {i:05d}"}, ensure_ascii=False).encode()
        return bodies[i]

    target = Target(f"POST /api/scenarios × {count}", "POST", "/api/scenarios",
                    headers=(("Content-Type", "application/json"),), body_for=body_for)
    result = drive("127.0.0.1", port, target, connections=connections, seconds=seconds, count=count,
                   keep_bodies=True)
    ids = {}
    for answer in result.answers:
        if answer.status == 201:
            ids[json.loads(answer.body)["id"]] = answer.index
    engine = db.engine_for(database_url)
    with engine.connect() as conn:
        rows = conn.execute(select(ScenarioVersion.id, ScenarioVersion.title, ScenarioVersion.source)
                            .where(ScenarioVersion.title.like(f"{tag} %"))).all()
    intact = sum(1 for row in rows if row.id in ids and row.source.encode() == bodies.get(ids[row.id]))
    return SaveCheck(sent=len(result.answers), created=len(ids), statuses=result.statuses, in_database=len(rows),
                     distinct=len({row.title for row in rows}), intact=intact, result=result)


def store_costs(scratch: Path, redis_url: str | None, prefix: str, calls: int = 2000) -> dict[str, float]:
    """Microseconds per rate-limit count (`hit`) and per cached-page read (`get`) of each shared store, one thread
    (what a limited or cached request pays on top of its work)."""
    from judge.web.shared_store import RedisStore, SQLiteStore

    stores: dict[str, Any] = {"sqlite": SQLiteStore(scratch / "costs.db")}
    if redis_url:
        stores["redis"] = RedisStore(redis_url, prefix)
    costs: dict[str, float] = {}
    page = b"text/html; charset=utf-8\n" + b"x" * 40_000
    for name, store in stores.items():
        store.put("page:bench", page, 60)
        calls_of = (("hit", lambda: store.hit("rl:bench:127.0.0.1", 60)), ("get", lambda: store.get("page:bench")))
        if name == "sqlite":   # hit: the memory-mapped counters (counters.py); the SQLite table only when full
            calls_of += (("table_hit", lambda: store._sqlite_hit("rl:bench:127.0.0.1", 60)),)
        for what, call in calls_of:
            started = time.perf_counter()
            for _ in range(calls):
                call()
            costs[f"{name}_{what}_us"] = round((time.perf_counter() - started) / calls * 1e6, 1)
    return costs


def _clean_redis(redis_url: str | None, prefix: str) -> None:
    if not redis_url:
        return
    from judge.web.shared_store import RedisStore

    client = RedisStore(redis_url, prefix).client
    for key in client.scan_iter(prefix + "*"):
        client.delete(key)


FILL_PREFIX = "bench-fill:"
FILL_BYTES = 12_000   # about a search answer's JSON (11.7 KB on average over the bench's questions)


def fill_store(redis_url: str | None, prefix: str, count: int, ttl: int = 3600) -> int:
    """Put `count` filler pages of FILL_BYTES into the store the server will use (the bench's Redis prefix, or
    the instance's SQLite file), expiring before any real entry (TTL `ttl`, under the caches' day), so that the
    new answers of a cold pass push them out as they would a full store's oldest pages. Returns the store's page
    count after (SQLite; Redis: `count`). A cold figure depends on how full the store is: a put used to read
    every stored page (shared_store.PRUNE_OVER_BOUND), 33 ms of CPU at 5,000 pages."""
    if count <= 0:
        return _store_pages(redis_url)
    now = time.time()
    if redis_url:
        from judge.web.shared_store import RedisStore

        client = RedisStore(redis_url, prefix).client
        pipe = client.pipeline(transaction=False)
        for i in range(count):
            pipe.set(f"{prefix}page:{FILL_PREFIX}{i}", os.urandom(FILL_BYTES), ex=ttl)
        pipe.execute()
        return count
    from judge import config
    from judge.web.shared_store import SQLITE_NAME, SQLiteStore

    store = SQLiteStore(config.instance_dir() / SQLITE_NAME)
    db = store._db()   # the store's own schema (tables and index), made as a server would
    db.execute("BEGIN IMMEDIATE")
    db.executemany("INSERT OR REPLACE INTO pages (key, value, until) VALUES (?, ?, ?)",
                   ((f"{FILL_PREFIX}{i}", os.urandom(FILL_BYTES), now + ttl + i * 1e-3) for i in range(count)))
    db.execute("COMMIT")
    store.close()
    return _store_pages(None)


def forget_fill(redis_url: str | None) -> None:
    """Remove the filler pages (the bench's Redis prefix is removed whole by _clean_redis)."""
    if redis_url:
        return
    import sqlite3

    from judge import config
    from judge.web.shared_store import SQLITE_NAME

    path = config.instance_dir() / SQLITE_NAME
    if path.exists():
        with contextlib.closing(sqlite3.connect(path, timeout=10)) as db:
            db.execute("DELETE FROM pages WHERE key LIKE ?", (FILL_PREFIX + "%",))
            db.commit()


def _store_pages(redis_url: str | None) -> int:
    """The SQLite store's page count (-1 with Redis, whose eviction is its own)."""
    if redis_url:
        return -1
    import sqlite3

    from judge import config
    from judge.web.shared_store import SQLITE_NAME

    path = config.instance_dir() / SQLITE_NAME
    if not path.exists():
        return 0
    with contextlib.closing(sqlite3.connect(path, timeout=10)) as db:
        try:
            return int(db.execute("SELECT count(*) FROM pages").fetchone()[0])
        except sqlite3.OperationalError:   # no table yet
            return 0


def group_cpu_seconds(pgid: int) -> float:
    """User + system CPU seconds of the processes of process group `pgid` (the server: Granian's main process and
    its workers), read from /proc/<pid>/stat without psutil: each live process's utime + stime, plus cutime +
    cstime (what its reaped children used, so a worker that died and was respawned still counts)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as handle:
                stat = handle.read()
        except OSError:      # gone meanwhile
            continue
        # after the command name (in parentheses, which may hold spaces): state ppid pgrp … utime(14) stime cutime cstime
        fields = stat[stat.rfind(b")") + 2:].split()
        if int(fields[2]) == pgid:
            total += sum(int(v) for v in fields[11:15])
    return total / tick


def _measure(server: Server, target: Target, connections: int, seconds: float, warmup: float,
             count: int | None = None, rate: float | None = None) -> dict[str, Any]:
    """One target's figures, with the server's CPU per request (the honest figure on a loaded machine: what the
    requests cost, whatever share of the cores the server got meanwhile). `rate` paces the warm-up and the
    measured pass alike, cold or warm (an unpaced cold pass once made a paced cold p99 impossible to measure)."""
    if warmup > 0:   # paced as the measured pass (--rate), so the server is measured in the state that rate leaves
        drive("127.0.0.1", server.port, target, connections=connections, seconds=warmup, rate=rate)
    cpu = group_cpu_seconds(server.process.pid)
    result = drive("127.0.0.1", server.port, target, connections=connections, seconds=seconds, count=count,
                   rate=rate)
    cpu = group_cpu_seconds(server.process.pid) - cpu
    return result.to_json() | {"rate": rate, "load": round(os.getloadavg()[0], 2), "server_cpu_s": round(cpu, 3),
                               "server_cpu_ms_per_request": round(cpu * 1000 / max(1, result.requests), 3)}


def _forget_searches(redis_url: str | None, prefix: str) -> None:
    """Empty the search cache before a cold pass: the bench's own Redis prefix, or the instance's SQLite store
    (entries of a cache only: the next search computes them again)."""
    if redis_url:
        _clean_redis(redis_url, prefix)
        return
    import sqlite3

    from judge import config
    from judge.web.shared_store import SQLITE_NAME

    path = config.instance_dir() / SQLITE_NAME
    if path.exists():
        with contextlib.closing(sqlite3.connect(path, timeout=10)) as db:
            db.execute("DELETE FROM pages WHERE key LIKE 'search:%'")
            db.commit()


def _line(r: dict[str, Any]) -> str:
    cache = r.get("cache") or {}
    return (f"{r['target']:<58} {r['requests_per_s']:>8.1f} req/s  p50 {r['p50_ms']:>7.1f} ms  "
            f"p99 {r['p99_ms']:>7.1f} ms  errors {r['errors']}  ({r['requests']} in {r['seconds']:.1f} s"
            + (f"; cache {', '.join(f'{k} {v}' for k, v in cache.items())}" if cache else "") + ")"
            + (f"  server CPU {r['server_cpu_ms_per_request']:.2f} ms/req" if "server_cpu_ms_per_request" in r else "")
            + (f"  paced at {r['rate']:g} req/s (p99 from sending {r['p99_from_sent_ms']:.1f} ms)"
               if r.get("rate") else ""))


@click.command("load")
@click.option("--seconds", default=20.0, show_default=True, help="Time per target (after a 3 s warm-up).")
@click.option("--connections", default=32, show_default=True)
@click.option("--targets", "names", default="search,lexical,rule,curated,run,run-cold", show_default=True,
              help="Comma-separated: search, lexical, rule, curated, run, run-cold.")
@click.option("--saves", default=1000, show_default=True, help="Concurrent saves checked in the database (0: none).")
@click.option("--database-url", default=None, help="A PostgreSQL server: the saves go to a database created on it "
              "and dropped afterwards (default: a temporary SQLite file).")
@click.option("--workers", type=int, default=None, help="Server workers (default: one per core).")
@click.option("--threads", type=int, default=None, help="Threads per worker (default 16).")
@click.option("--redis-url", default=None, envvar="REDIS_URL",
              help="Serve with this Redis as the shared store (rate limits, page cache), under a prefix of the "
              "bench's own, removed afterwards (default: REDIS_URL, else the instance's SQLite file).")
@click.option("--warmup", default=3.0, show_default=True, help="Seconds of each target before measuring.")
@click.option("--rate", type=float, default=None, help="Send at this many requests/s in all (each connection on a "
              "fixed schedule, latency counted from when a request was due): the p99 at that throughput; default "
              "as fast as the server answers (saturation).")
@click.option("--port", type=click.IntRange(0, 65535), default=0,
              help="The server's port on 127.0.0.1 (default: any free port).")
@click.option("--database-prefix", default="judge_bench", show_default=True,
              help="How the scratch PostgreSQL database's name begins (with --database-url).")
@click.option("--fill-store", "fill_store_pages", type=click.IntRange(0, 1_000_000), default=0, show_default=True,
              help="Put this many filler pages of 12 KB in the shared store first (removed afterwards), expiring "
              "before any real entry: the cold targets measured against a store as full as a day of serving "
              "leaves it (PAGE_CACHE_MAX_ENTRIES, 5000 by default).")
@click.option("--json", "as_json", is_flag=True)
def bench_load_cmd(seconds: float, connections: int, names: str, saves: int, database_url: str | None,
                   workers: int | None, threads: int | None, redis_url: str | None, warmup: float,
                   rate: float | None, port: int, database_prefix: str, fill_store_pages: int,
                   as_json: bool) -> None:
    """Drive the production server on 127.0.0.1: requests/s, p50, p99 and errors per target, then concurrent
    saves checked in the database (none lost, duplicated or refused)."""
    from judge import config

    available = targets()
    chosen = [n.strip() for n in names.split(",") if n.strip()]
    unknown = [n for n in chosen if n not in available]
    if unknown:
        raise click.BadParameter(f"unknown target(s) {', '.join(unknown)}; known: {', '.join(available)}",
                                 param_hint="--targets")
    report: dict[str, Any] = {"instance": str(config.instance_dir()), "load_before": os.getloadavg(),
                              "started_utc": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime()), "targets": []}
    # The rule pages' "Ejemplos" built first, as `make serve-prod` does (judge index --if-stale): otherwise the rule
    # page is measured uncached while a server thread builds them (a page without them is never stored).
    from judge.web.examples import index as examples_index

    examples_index(instance=config.instance_dir())
    with tempfile.TemporaryDirectory(prefix="judge-bench-load-") as scratch_name:
        scratch = Path(scratch_name)
        prefix = f"judge-bench-{secrets.token_hex(4)}:"
        report["store_costs"] = store_costs(scratch, redis_url, prefix)
        if not as_json:
            click.echo("shared store, µs per call: " + ", ".join(f"{k} {v}" for k, v in report["store_costs"].items()))
        with bench_database(database_url, scratch, database_prefix) as db_url, contextlib.ExitStack() as cleanup:
            cleanup.callback(_clean_redis, redis_url, prefix)
            cleanup.callback(forget_fill, redis_url)
            report["store_pages"] = fill_store(redis_url, prefix, fill_store_pages)
            if not as_json:
                click.echo(f"shared store: {report['store_pages']} pages before the targets"
                           + (f" ({fill_store_pages} filler pages)" if fill_store_pages else ""))
            env = dict(os.environ, JUDGE_DATABASE_URL=db_url, PYTHONUNBUFFERED="1",
                       **{f"JUDGE_RATE_LIMIT_{k}": UNREACHED for k in ("WRITE", "RUN", "VALIDATE", "SEARCH")})
            if redis_url:
                env |= {"REDIS_URL": redis_url, "JUDGE_REDIS_PREFIX": prefix}
            else:
                env.pop("REDIS_URL", None)
                env.pop("JUDGE_REDIS_URL", None)
            lexical = [n for n in chosen if n == "lexical"]
            phases = [(env, [n for n in chosen if n != "lexical"]), (env | LEXICAL_ENV, lexical)]
            # one server per phase that has targets; the saves go to the last one started
            phases = [(e, names) for e, names in phases if names] or [(env, [])]
            for index, (phase_env, phase) in enumerate(phases):
                last = index == len(phases) - 1
                with production_server(phase_env, workers, threads, scratch, port=port) as server:
                    for name in phase:
                        rows = []
                        if name in SEARCH_TARGETS:
                            # cold: new questions for the pass's whole time, on an empty search cache (each
                            # asked once; the pass stops early only if every variant was asked)
                            _forget_searches(redis_url, prefix)
                            target, count = cold_search(name)
                            # paced like every other pass (--rate): a cold p99 at a given throughput
                            cold = _measure(server, target, connections, seconds, 0, count=count, rate=rate)
                            rows.append(cold | {"name": f"{name}-cold", "target": cold["target"] + ", cold"})
                        row = _measure(server, available[name], connections, seconds, warmup,
                                       rate=rate) | {"name": name}
                        if name in SEARCH_TARGETS:
                            row["target"] += ", warm"
                        rows.append(row)
                        for row in rows:
                            report["targets"].append(row)
                            if not as_json:
                                click.echo(_line(row) + f"  load {row['load']:.1f}")
                    if last and saves > 0:
                        check = run_saves(server.port, db_url, saves, connections, max(seconds, 120.0))
                        report["saves"] = check.to_json()
                        if not as_json:
                            click.echo(_line(check.result.to_json()) + f"  load {os.getloadavg()[0]:.1f}")
                            click.echo(f"saves: {check.created} acknowledged of {check.sent} sent, "
                                       f"{check.in_database} in the database, {check.distinct} distinct, "
                                       f"{check.intact} intact: {'ok' if check.ok else 'FAILED'}")
    report["load_after"] = os.getloadavg()
    if as_json:
        click.echo(json.dumps(report, indent=2))
    if "saves" in report and not report["saves"]["ok"]:
        raise SystemExit(1)
