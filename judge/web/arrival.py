"""When a request arrived: the outermost WSGI layer stamps the monotonic clock into the environ before anything of
Flask runs (the request context, the body bound of limits.py, the rate limit, the CSRF session), so the time
budgets (VALIDATE_TIME_BUDGET, RUN_TIME_BUDGET: judge.runner.dryrun.Budget) count from the request's arrival,
not from the moment a view starts its clock. Whatever runs before the view then spends the same budget as the
parse, the checks and the run.

A client cannot set the stamp: the environ keys a request's headers become are all `HTTP_…`.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, has_request_context, request

ENVIRON_KEY = "judge.arrived"


class StampArrival:
    """WSGI middleware: `environ["judge.arrived"] = time.monotonic()` when the server hands the request over
    (kept if an outer layer, or a test, set it already)."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        environ.setdefault(ENVIRON_KEY, time.monotonic())
        return self.app(environ, start_response)


def elapsed() -> float:
    """Seconds since the current request arrived (0 outside a request or without the stamp): what a budget
    started now has already spent (judge.runner.dryrun.Budget.already)."""
    if has_request_context():
        stamp = request.environ.get(ENVIRON_KEY)
        if isinstance(stamp, float):
            return max(0.0, time.monotonic() - stamp)
    return 0.0


def init_app(app: Flask) -> None:
    # Called last by create_app, so it wraps every other WSGI layer (ProxyFix behind a proxy) and stamps first.
    app.wsgi_app = StampArrival(app.wsgi_app)  # type: ignore[method-assign]
