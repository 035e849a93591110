"""A bound on how long the database may hold a request: a deadline per call, and a pause after a failure.

A stopped PostgreSQL refuses connections at once, but a frozen one (a stalled host, SIGSTOP, a network that drops
packets) accepts them and never answers: the socket read blocks, and neither `statement_timeout` (the server is not
running) nor TCP keepalives (the kernel still answers them) end it.  So every call on a network database runs in
one of a fixed set of worker threads and the caller waits at most `timeout` seconds for it; past that it gets
`DatabaseUnavailable` (the web answers 503 with Retry-After), the call is marked abandoned (a save checks that
before it commits, so an abandoned save is rolled back, not stored behind the 503), and for `retry_after` seconds
every call fails at once instead of queueing behind the stuck ones.  The stuck worker ends when the database
answers or its connection fails; the pool's pre-ping then replaces dead connections, so nothing needs a restart.

SQLite is a local file: calls run in the caller's thread, bounded by its busy timeout, and a write refused with
"database is locked" is tried again a few times before it counts as a failure.
"""
from __future__ import annotations

import logging
import random
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Any, Callable, TypeVar

from sqlalchemy import exc as sa_exc

log = logging.getLogger(__name__)
T = TypeVar("T")

WORKERS = 16            # at most this many calls in flight per process (the pool holds 8 + 8 overflow)
LOCKED_RETRIES = 6      # SQLite: attempts of a write refused as locked/busy (besides the busy timeout itself)
# What a database that is down, unreachable or overloaded raises (a programming error is none of these).
UNAVAILABLE_ERRORS: tuple[type[BaseException], ...] = (
    sa_exc.OperationalError, sa_exc.InterfaceError, sa_exc.DisconnectionError, sa_exc.TimeoutError,
    ConnectionError, TimeoutError,
)


class DatabaseUnavailable(RuntimeError):
    """The database did not answer in time or refused: `reason` for the log, `retry_after` seconds for clients."""

    def __init__(self, reason: str, retry_after: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after = retry_after


class CallAbandoned(RuntimeError):
    """Raised inside a worker whose caller stopped waiting: the transaction must not commit."""


@dataclass(frozen=True)
class Limits:
    timeout: float = 1.5       # seconds a caller waits for one call (DATABASE_TIMEOUT)
    retry_after: float = 3.0   # seconds calls fail at once after a failure; the Retry-After (DATABASE_RETRY_AFTER)


_current = threading.local()


def check_not_abandoned() -> None:
    """Called by a write just before it commits: raises CallAbandoned if its caller already answered 503."""
    flag: threading.Event | None = getattr(_current, "abandoned", None)
    if flag is not None and flag.is_set():
        raise CallAbandoned("the request stopped waiting for the database; not committed")


def _is_locked(error: BaseException) -> bool:
    text = str(getattr(error, "orig", error)).lower()
    return "database is locked" in text or "database is busy" in text or "database table is locked" in text


class Guard:
    """The calls of one process on one database (see the module's docstring)."""

    def __init__(self, name: str, limits: Limits, *, threaded: bool) -> None:
        self.name = name
        self.limits = limits
        self.threaded = threaded
        self._executor: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()
        self._down_until = 0.0
        self._reason = ""

    # -- state
    def _retry_after(self) -> int:
        return max(1, round(self.limits.retry_after))

    def _trip(self, reason: str) -> DatabaseUnavailable:
        with self._lock:
            if time.monotonic() >= self._down_until:
                log.error("database %s unavailable: %s (calls refused for %.0f s)", self.name, reason,
                          self.limits.retry_after)
            self._down_until = time.monotonic() + self.limits.retry_after
            self._reason = reason
        return DatabaseUnavailable(reason, self._retry_after())

    def down(self) -> bool:
        return time.monotonic() < self._down_until

    # -- calls
    def call(self, fn: Callable[..., T], *args: Any, timeout: float | None = None, write: bool = False,
             **kwargs: Any) -> T:
        """`fn(*args, **kwargs)` within the deadline, or DatabaseUnavailable."""
        remaining = self._down_until - time.monotonic()
        if remaining > 0:
            raise DatabaseUnavailable(self._reason, max(1, round(remaining)))
        if not self.threaded:
            return self._inline(fn, args, kwargs, write)
        wait = self.limits.timeout if timeout is None else min(timeout, self.limits.timeout)
        # a short wait (an optional part of a page) proves no outage
        return self._waited(fn, args, kwargs, wait, "", trips=wait >= self.limits.timeout)

    def start(self, fn: Callable[..., T], *args: Any, seconds: float, **kwargs: Any) -> T:
        """`fn(*args, **kwargs)` at an app's start (the schema's migration, the pool's first connection and the
        ORM's first statements), waited for up to `seconds` (DATABASE_START_TIMEOUT) rather than a request's
        DATABASE_TIMEOUT: on a loaded machine creating the schema takes seconds of a busy core, and counted in the
        request's bound it made the first calls after start-up 503 (the pause after the "failure" included)
        though nothing was wrong. A database that is down or frozen still fails here within connect_timeout,
        and DatabaseUnavailable (with the pause) as from `call`."""
        if self.down():
            raise DatabaseUnavailable(self._reason, self._retry_after())
        if not self.threaded:
            return self._inline(fn, args, kwargs, True)
        return self._waited(fn, args, kwargs, seconds, " at start", trips=True)

    def _waited(self, fn: Callable[..., T], args: Any, kwargs: Any, wait: float, when: str, *, trips: bool) -> T:
        """`fn` run on the guard's pool, waited for `wait` seconds: past it the call is abandoned (and cancelled
        if still queued behind stuck calls) and the database marked down when `trips`."""
        abandoned = threading.Event()
        future: Future[T] = self._pool().submit(self._in_worker, abandoned, fn, args, kwargs)
        try:
            return future.result(timeout=wait)
        except FutureTimeout:
            abandoned.set()
            future.cancel()
            reason = f"no answer within {wait:g} s{when}"
            if not trips:
                raise DatabaseUnavailable(reason, self._retry_after()) from None
            raise self._trip(reason) from None
        except UNAVAILABLE_ERRORS as error:
            raise self._trip(_first_line(error)) from error

    def _pool(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(WORKERS, thread_name_prefix="judge-db")
            return self._executor

    @staticmethod
    def _in_worker(abandoned: threading.Event, fn: Callable[..., T], args: tuple[Any, ...],
                   kwargs: dict[str, Any]) -> T:
        _current.abandoned = abandoned
        try:
            return fn(*args, **kwargs)
        finally:
            _current.abandoned = None

    def _inline(self, fn: Callable[..., T], args: tuple[Any, ...], kwargs: dict[str, Any], write: bool) -> T:
        attempt = 0
        while True:
            try:
                return fn(*args, **kwargs)
            except UNAVAILABLE_ERRORS as error:
                attempt += 1
                if write and _is_locked(error) and attempt < LOCKED_RETRIES:
                    # Another writer held the lock past the busy timeout: back off (jittered) and insert again;
                    # the failed transaction was rolled back, so nothing is stored twice.
                    time.sleep(min(1.0, 0.05 * 2 ** attempt) * (0.5 + random.random()))
                    continue
                if _is_locked(error):   # a busy file is not a database that is down: no pause for others
                    raise DatabaseUnavailable(_first_line(error), self._retry_after()) from error
                raise self._trip(_first_line(error)) from error

    def close(self) -> None:
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


def _first_line(error: BaseException) -> str:
    text = str(getattr(error, "orig", None) or error).strip()
    return (text.splitlines()[0] if text else error.__class__.__name__)[:300]


_guards: dict[tuple[str, Limits], Guard] = {}
_guards_lock = threading.Lock()


def guard_for(url: str, limits: Limits, *, threaded: bool) -> Guard:
    """One guard per database URL, limits and process."""
    key = (url, limits)
    with _guards_lock:
        guard = _guards.get(key)
        if guard is None:
            from sqlalchemy.engine import make_url

            name = make_url(url).render_as_string(hide_password=True)
            guard = _guards[key] = Guard(name, limits, threaded=threaded)
        return guard


def forget(url: str) -> None:
    """Drop the guards of `url` (tests that stop a database and start another on the same URL)."""
    with _guards_lock:
        for key in [k for k in _guards if k[0] == url]:
            _guards.pop(key).close()
