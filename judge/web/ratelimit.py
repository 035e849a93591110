"""Rate limits per client on writes and on the expensive endpoints (run, validate, search).

Fixed windows counted in the shared store (judge/web/shared_store.py: Redis across instances, or the machine's
SQLite file across workers), so a client cannot multiply its allowance by the number of workers. Over the limit:
429 with Retry-After, JSON under /api and for JSON requests, the error page otherwise.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import TooManyRequests

from judge.web.i18n import MESSAGES, translate

MESSAGES.update({
    "error.429": {"es": "Demasiadas peticiones de «{kind}» ({limit}): vuelve a intentarlo en {seconds} s.",
                  "en": "Too many «{kind}» requests ({limit}): try again in {seconds} s."},
})

UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
_LIMIT = re.compile(r"^\s*(\d+)\s*/\s*(\d*)\s*(second|minute|hour|day)s?\s*$")


class BadRateLimit(ValueError):
    """A RATE_LIMIT_* setting that is not `<count>/<unit>` (`30/minute`, `5/10second`)."""


@dataclass(frozen=True)
class Limit:
    """`count` requests per `seconds`, per client."""
    count: int
    seconds: int

    @classmethod
    def parse(cls, text: str) -> "Limit | None":
        """`30/minute`, `1000/hour`, `5/10second`; empty or `off` disables the limit."""
        text = str(text).strip().lower()
        if text in ("", "0", "off", "none", "false"):
            return None
        match = _LIMIT.match(text)
        if not match:
            raise BadRateLimit(f"rate limit {text!r}: expected <count>/<unit> (unit second, minute, hour or day)")
        per = int(match.group(2) or 1) * UNITS[match.group(3)]
        return cls(int(match.group(1)), per)

    def __str__(self) -> str:
        return f"{self.count}/{self.seconds}s"


# endpoint → kind of request (the methods that cost: writes and runs are POSTs; a search is a GET with `q`)
ENDPOINT_KINDS: dict[str, str] = {
    "saved.api_create": "write", "saved.api_edit": "write",
    "saved.page_create": "write", "saved.page_edit": "write",
    "run.api_run": "run", "run.scenario_run": "run",
    "builder.api_validate": "validate", "builder.post_new": "validate",
    "api.search": "search", "pages.home": "search",
}
DEFAULT_LIMITS = {"write": "60/minute", "run": "120/minute", "validate": "300/minute", "search": "300/minute"}


def _kind() -> str | None:
    kind = ENDPOINT_KINDS.get(request.endpoint or "")
    if kind == "search":
        return kind if request.method == "GET" and request.args.get("q", "").strip() else None
    return kind if kind and request.method == "POST" else None


def client_id() -> str:
    """Who is asking: the peer address (behind a proxy, PROXY_HOPS makes it the X-Forwarded-For one)."""
    return request.remote_addr or "unknown"


def limits(app: Flask) -> dict[str, Limit | None]:
    """The app's limits by kind (RATE_LIMIT_WRITE, _RUN, _VALIDATE, _SEARCH), parsed once per app."""
    parsed = app.extensions.get("judge.rate_limits")
    if parsed is None:
        parsed = {kind: Limit.parse(app.config.get(f"RATE_LIMIT_{kind.upper()}", default))
                  for kind, default in DEFAULT_LIMITS.items()}
        app.extensions["judge.rate_limits"] = parsed
    return parsed


def _check() -> Response | None:
    from judge.web.errors import error_response
    from judge.web.shared_store import StoreUnavailable, store, warn_unavailable

    kind = _kind()
    if kind is None:
        return None
    limit = limits(current_app)[kind]
    if limit is None:
        return None
    try:
        count, left = store().hit(f"rl:{kind}:{client_id()}", limit.seconds)
    except StoreUnavailable as exc:
        warn_unavailable("rate limits", exc)
        return None
    if count <= limit.count:
        return None
    seconds = max(1, math.ceil(left))
    error = TooManyRequests(translate("error.429", kind=kind, limit=str(limit), seconds=seconds))
    error.extra = {"limit": str(limit), "kind": kind, "retry_after": seconds}  # type: ignore[attr-defined]
    response = error_response(error)
    response.headers["Retry-After"] = str(seconds)
    return response


def init_app(app: Flask) -> None:
    """Limits are on unless RATE_LIMITS is false; a TESTING app has them off unless it sets RATE_LIMITS."""
    enabled = app.config.get("RATE_LIMITS")
    if enabled is None:
        enabled = not app.testing
    if not enabled:
        return
    limits(app)  # a malformed setting fails at start-up, not on the first request
    app.before_request(_check)
