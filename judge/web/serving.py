"""Production serving: `judge serve --prod` runs the app under Granian (a Rust HTTP server with worker
processes and a pool of threads each), chosen by measurement (docs/deploy.md): on 2 cores it answered 1.2-1.6×
the requests of gunicorn's gthread workers, and 40 clients trickling their headers did not delay anyone (they
starved gthread's 2×8 threads). Header reads are bounded by a timeout; bodies are bounded by
MAX_CONTENT_LENGTH (413 before they are read) and, in a deployment, by the reverse proxy's buffering.

Each worker process imports judge.web.wsgi once: the app, its corpus, index and embedding model are loaded
there and shared by every request of that worker, never per request.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from flask import Flask


def machine_cores() -> int:
    """The cores this process may use (the affinity mask, not the machine's total when confined)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not Linux
        return max(1, os.cpu_count() or 1)


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return max(1, int(value))
    except ValueError as exc:
        raise SystemExit(f"{name}: expected a whole number, got {value!r}") from exc


@dataclass(frozen=True)
class ServerPlan:
    """How the production server runs: sized to the machine unless the settings say otherwise."""
    host: str
    port: int
    workers: int
    threads: int
    header_timeout_ms: int
    backlog: int

    @classmethod
    def from_environment(cls, host: str, port: int, workers: int | None = None,
                         threads: int | None = None) -> "ServerPlan":
        # One worker per core (the work is CPU-bound Python: more processes than cores only queue), and enough
        # threads per worker that a request waiting on the database or a slow upload does not hold the others.
        return cls(host=host, port=port,
                   workers=workers or _env_int("JUDGE_SERVE_WORKERS", machine_cores()),
                   threads=threads or _env_int("JUDGE_SERVE_THREADS", 16),
                   header_timeout_ms=_env_int("JUDGE_SERVE_HEADER_TIMEOUT_MS", 10_000),
                   backlog=_env_int("JUDGE_SERVE_BACKLOG", 2048))

    def describe(self) -> str:
        return (f"granian (WSGI) on http://{self.host}:{self.port}: {self.workers} worker(s) × {self.threads} "
                f"threads, header timeout {self.header_timeout_ms} ms, backlog {self.backlog}")


def serve_production(plan: ServerPlan) -> None:
    """Run Granian in the foreground until it is stopped (SIGINT/SIGTERM stop the workers gracefully)."""
    from granian import Granian
    from granian.constants import Interfaces
    from granian.http import HTTP1Settings

    Granian(
        "judge.web.wsgi:app",
        address=plan.host,
        port=plan.port,
        interface=Interfaces.WSGI,
        workers=plan.workers,
        blocking_threads=plan.threads,
        backlog=plan.backlog,
        http1_settings=HTTP1Settings(header_read_timeout=plan.header_timeout_ms),
        respawn_failed_workers=True,   # a worker that dies (OOM, SIGKILL) is replaced, the others keep serving
        workers_kill_timeout=30,       # a worker that will not stop gracefully is killed after 30 s
        log_access=False,
    ).serve()


def init_app(app: Flask) -> None:
    """Behind PROXY_HOPS reverse proxies, the client address (rate limits) and scheme come from their
    X-Forwarded-* headers; with 0 (default) those headers are ignored, so a client cannot forge them."""
    hops = int(app.config.get("PROXY_HOPS", 0) or 0)
    if hops > 0:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)  # type: ignore[method-assign]
