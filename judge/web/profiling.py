"""Profiling a running server's requests (`JUDGE_PROFILE_DIR`; off unless set): each worker process profiles
every request with cProfile in the thread that serves it (one profiler per thread, enabled only during a request,
so an idle thread costs nothing) and writes into that folder:

- `requests-<pid>.jsonl`: one line per request: method, path, status, the serving thread, its CPU ms (that thread's
  own CPU time, `time.thread_time`) and wall ms, and the thread's request count (a first request per thread that
  costs more than the next is a per-thread table or connection being built);
- `profile-<pid>.pstats`: every thread's profile merged, timed by each thread's CPU clock (not the wall: a wait
  for the GIL or a lock costs nothing there) (`python -m pstats FILE`, or `pstats.Stats(FILE)`),
  rewritten every JUDGE_PROFILE_EVERY requests (default 100) of that worker and at its exit;
- `gc-<pid>.jsonl`: one line per garbage collection that took 1 ms or more, or was a full (gen2) one: its
  generation, milliseconds, objects freed and the objects frozen then (a full collection holds the interpreter
  lock throughout, stalling every thread of the worker: how branch lexload found 280-390 ms of them before the
  worker froze its loaded heap, judge/search/warm.py).

It is how the cold-path cost of issue 16 was looked for under Granian without py-spy: the lines showed the cost
on every miss whichever thread served it, and the profile put it in the shared store's put (shared_store.py).
Profiling slows requests (roughly 1.5-2× in pure-Python code): never leave it on in production.
"""
from __future__ import annotations

import atexit
import cProfile
import gc
import json
import os
import pstats
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterable


class ProfiledApp:
    """A WSGI layer profiling each request of `app` (see the module's docstring)."""

    def __init__(self, app: Callable[..., Iterable[bytes]], folder: Path, every: int = 100) -> None:
        self.app = app
        self.folder = folder
        self.every = max(1, every)
        folder.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._profiles: list[cProfile.Profile] = []
        self._lock = threading.Lock()
        self._served = 0
        self._log = open(folder / f"requests-{os.getpid()}.jsonl", "a", encoding="utf-8", buffering=1)
        self._gc_log = open(folder / f"gc-{os.getpid()}.jsonl", "a", encoding="utf-8", buffering=1)
        self._gc_started = 0.0
        gc.callbacks.append(self._collection)
        atexit.register(self.dump)

    def _collection(self, phase: str, info: dict[str, Any]) -> None:
        """gc.callbacks: the collections worth a line (module docstring). Called with the interpreter lock held
        by whichever thread triggered the collection, so no other callback runs meanwhile."""
        if phase == "start":
            self._gc_started = time.perf_counter()
            return
        ms = (time.perf_counter() - self._gc_started) * 1000
        if ms >= 1.0 or info.get("generation") == 2:
            line = {"gen": info.get("generation"), "ms": round(ms, 3), "collected": info.get("collected"),
                    "frozen": gc.get_freeze_count(), "at": round(time.time(), 3)}
            self._gc_log.write(json.dumps(line) + "\n")

    def close(self) -> None:
        """Stop logging collections (a worker never needs this; tests do, the callback being process-wide)."""
        if self._collection in gc.callbacks:
            gc.callbacks.remove(self._collection)
        self._gc_log.close()

    def _profile(self) -> cProfile.Profile:
        profile = getattr(self._local, "profile", None)
        if profile is None:
            # the thread's CPU clock: 32 threads waiting on the GIL and the store's lock would otherwise charge
            # their waits to whatever call they were in (the log's wall_ms shows the waits)
            profile = self._local.profile = cProfile.Profile(time.thread_time)
            self._local.count = 0
            with self._lock:
                self._profiles.append(profile)
        return profile

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        profile = self._profile()
        status: list[str] = []

        def recording_start(code: str, headers: Any, *rest: Any) -> Any:
            status.append(code.split(" ", 1)[0])
            return start_response(code, headers, *rest)

        cpu, wall = time.thread_time(), time.perf_counter()
        profile.enable()
        try:
            # the body is joined inside the profile: an iterable answer does its work while it is read
            body = b"".join(self.app(environ, recording_start))
        finally:
            profile.disable()
            self._local.count += 1
            self._record(environ, status, (time.thread_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000)
        return [body]

    def _record(self, environ: dict[str, Any], status: list[str], cpu_ms: float, wall_ms: float) -> None:
        line = {"method": environ.get("REQUEST_METHOD"), "path": environ.get("PATH_INFO"),
                "query": environ.get("QUERY_STRING", "")[:200], "status": status[0] if status else None,
                "thread": threading.get_ident(), "nth_in_thread": self._local.count,
                "cpu_ms": round(cpu_ms, 3), "wall_ms": round(wall_ms, 3), "at": round(time.time(), 3)}
        with self._lock:
            self._log.write(json.dumps(line) + "\n")
            self._served += 1
            due = self._served % self.every == 0
        if due:
            self.dump()

    def dump(self) -> None:
        """Write every thread's profile, merged, to profile-<pid>.pstats (a profile being filled by a request
        meanwhile is read as it stands)."""
        with self._lock:
            profiles = list(self._profiles)
        stats: pstats.Stats | None = None
        for profile in profiles:
            try:
                profile.create_stats()
            except Exception:  # noqa: BLE001 - an empty or busy profile is skipped this time
                continue
            if not getattr(profile, "stats", None):
                continue
            stats = pstats.Stats(profile) if stats is None else stats.add(profile)
        if stats is not None:
            target = self.folder / f"profile-{os.getpid()}.pstats"
            stats.dump_stats(str(target.with_suffix(".tmp")))
            os.replace(target.with_suffix(".tmp"), target)


def wrap(app: Any) -> None:
    """Put ProfiledApp around `app.wsgi_app` when PROFILE_DIR (JUDGE_PROFILE_DIR) is set."""
    folder = app.config.get("PROFILE_DIR")
    if not folder:
        return
    try:
        every = int(app.config.get("PROFILE_EVERY") or 100)
    except (TypeError, ValueError):
        every = 100
    app.wsgi_app = ProfiledApp(app.wsgi_app, Path(str(folder)), every)
