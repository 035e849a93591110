"""Bounded request bodies: every body over MAX_CONTENT_LENGTH is a 413, whatever its framing, never cut short.

Werkzeug refuses a body whose Content-Length is over the limit, but a body sent with `Transfer-Encoding: chunked`
has no length: its stream is a LimitedStream that stops quietly at the limit, so `get_data()` and the form parser
read the first MAX_CONTENT_LENGTH bytes as if they were the whole body (a 315 kB scenario was saved cut at 256 kB).
Before any view runs, a body without a length is read here up to one byte past the limit: one byte more is a
413; otherwise the body is put back as a plain, sized one, so every reader after this sees the whole of it.
"""
from __future__ import annotations

import io

from flask import Flask, current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from judge.web.i18n import MESSAGES, translate

DEFAULT_MAX_CONTENT_LENGTH = 256 * 1024
_CHUNK = 64 * 1024

MESSAGES.update({
    "limits.too_large": {"es": "La petición es demasiado grande: como máximo {limit} bytes.",
                         "en": "The request is too large: at most {limit} bytes."},
})


class BodyTooLarge(RequestEntityTooLarge):
    """A 413 that says the limit; rendered as JSON or a page by judge.web.errors like any HTTP error."""

    def __init__(self, limit: int) -> None:
        super().__init__(description=translate("limits.too_large", limit=limit))
        self.extra = {"limit": limit}


def body_limit() -> int:
    """MAX_CONTENT_LENGTH (`JUDGE_MAX_CONTENT_LENGTH`), the largest request body in bytes."""
    try:
        return max(0, int(current_app.config.get("MAX_CONTENT_LENGTH") or DEFAULT_MAX_CONTENT_LENGTH))
    except (TypeError, ValueError):
        return DEFAULT_MAX_CONTENT_LENGTH


def _read_at_most(stream: io.RawIOBase | io.BufferedIOBase, limit: int) -> bytes:
    """Up to `limit + 1` bytes of `stream` (one past the limit tells that there is more)."""
    out = bytearray()
    while len(out) <= limit:
        try:
            data = stream.read(min(_CHUNK, limit + 1 - len(out)))
        except (OSError, ValueError):  # the client went away mid-body: what came is all there is
            break
        if not data:
            break
        out.extend(data)
    return bytes(out)


def bound_body() -> None:
    """before_request: a body without Content-Length (chunked) read with the limit, then given a length."""
    environ = request.environ
    if environ.get("CONTENT_LENGTH") or not environ.get("wsgi.input_terminated"):
        # A sized body is bounded by Werkzeug (over the limit: 413 before anything is read); a server that does not
        # terminate an unsized stream gives Werkzeug no body to read at all.
        return
    limit = body_limit()
    body = _read_at_most(environ["wsgi.input"], limit)
    if len(body) > limit:
        raise BodyTooLarge(limit)
    environ["wsgi.input"] = io.BytesIO(body)
    environ["CONTENT_LENGTH"] = str(len(body))
    # The stream is now sized, no longer chunked: Werkzeug wraps it in a LimitedStream of that length like any other
    # (a Transfer-Encoding left in place would make it ignore the length).
    del environ["wsgi.input_terminated"]
    environ.pop("HTTP_TRANSFER_ENCODING", None)


def refuse_oversized() -> None:
    """before_request: a Content-Length over the limit is a 413 with the limit in its message, on every route."""
    length = request.content_length
    if length is not None and length > body_limit():
        raise BodyTooLarge(body_limit())


def init_app(app: Flask) -> None:
    # First of the app's before_request hooks, so that nothing (a CSRF check reading the form) reads a body before
    # it is bounded.
    app.before_request_funcs.setdefault(None, []).insert(0, bound_body)
    app.before_request_funcs[None].insert(1, refuse_oversized)
