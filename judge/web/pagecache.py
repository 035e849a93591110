"""The page cache: rule pages and curated run pages, the same for every visitor of one corpus version.

A curated run is deterministic (its trace is a pure function of the scenario file, the engine's code and the
corpus), so the rendered answer (HTML or JSON) is stored in the shared store (Redis, or the instance's SQLite
file) under a key made of everything it depends on: the corpus content hash, the code (every source file,
template and static file), the curated files, the run bounds, the language, JSON or HTML, and the URL. A new
page goes into the worker's LRU at once and into the shared store behind the request (writebehind.py, as the
run cache's answers: WRITE_BEHIND and its bounds).

Nothing user- or database-specific is cached: an answer that touched the session or sets a cookie is not stored,
and a rule page's saved scenarios (from the database) are left out of the stored page as a slot that every
request fills afresh (`fill`).
"""
from __future__ import annotations

import functools
import hashlib
import threading
import time
from typing import Any, Callable

from flask import Response, current_app, make_response, request
from flask.globals import _cv_request
from flask.sessions import NullSession

CACHE_FORMAT = "1"          # bump when the stored layout changes
CHECK_INTERVAL = 1.0        # seconds between two looks at the curated files
HTML_SLOT = "<!--saved-examples-->"
JSON_SLOT = "\u0000saved-examples\u0000"   # a value no passage text has; json.dumps writes it as \u0000…
JSON_NOTICE_SLOT = "\u0000saved-examples-notice\u0000"   # the notice when the database did not answer

_code_digest: str | None = None
_curated: dict[str, tuple[float, tuple[Any, ...], str]] = {}
_scanning: set[str] = set()
_lock = threading.Lock()
_code_lock = threading.Lock()


def code_version() -> str:
    """A digest of the package's code, templates and static files, once per process (code does not change
    under a running process; a new release is a new key, so two versions behind one Redis never mix). Made by one
    thread: the 16 threads of a worker's first requests each read and hashed the ~650 files at once (7.5 times in
    one worker under load, a profile showed; branch lexload), and the production worker makes it before its first
    request (judge/web/wsgi.py)."""
    global _code_digest
    if _code_digest is None:
        with _code_lock:
            if _code_digest is None:
                from judge import config

                digest = hashlib.sha256()
                for root in (config.PACKAGE_DIR, config.templates_dir()):
                    for path in sorted(root.rglob("*")):
                        if path.is_file() and path.suffix in (".py", ".html", ".js", ".css", ".txt", ".yaml", ".json"):
                            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
                _code_digest = digest.hexdigest()[:16]
    return _code_digest


def curated_version() -> str:
    """A digest of the curated scenarios' contents, recomputed only when a file's size or time changes. The
    files are looked at by one thread at a time, outside the lock: every other request meanwhile uses the digest
    of a second ago rather than queueing behind the scan (under load that wait was a cached page's p99)."""
    from judge.runner.catalog import scenarios_dir

    root = scenarios_dir()
    key = str(root)
    with _lock:
        now = time.monotonic()
        hit = _curated.get(key)
        if hit is not None and (now - hit[0] < CHECK_INTERVAL or key in _scanning):
            return hit[2]
        _scanning.add(key)
    try:
        files = sorted(p for p in root.rglob("*.yaml") if p.is_file()) if root.is_dir() else []
        stamp = tuple((str(p), p.stat().st_size, p.stat().st_mtime_ns) for p in files)
        if hit is not None and hit[1] == stamp:
            digest = hit[2]
        else:
            sha = hashlib.sha256()
            for path in files:
                sha.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
            digest = sha.hexdigest()[:16]
        with _lock:
            _curated[key] = (time.monotonic(), stamp, digest)
        return digest
    finally:
        with _lock:
            _scanning.discard(key)


def page_key() -> str:
    """The cache key of the current request (see the module's docstring for what goes in)."""
    from judge.web import data
    from judge.web.errors import wants_json
    from judge.web.i18n import get_language

    cfg = current_app.config
    parts = [CACHE_FORMAT, data.rules_data().content_hash, code_version(), curated_version(),
             str(cfg.get("RUN_MAX_STEPS")), str(cfg.get("RUN_MAX_BOARD_OBJECTS")), str(cfg.get("STEP_LIMIT")),
             get_language(), "json" if wants_json() else "html", request.full_path]
    return "page:" + hashlib.sha256("\n".join(parts).encode()).hexdigest()


def enabled() -> bool:
    """PAGE_CACHE; unset, on except for a TESTING app (tests patch what a cached page would hide)."""
    value = current_app.config.get("PAGE_CACHE")
    return (not current_app.testing) if value is None else bool(value)


def _pack(response: Response) -> bytes:
    return (response.headers.get("Content-Type") or "").encode() + b"\n" + response.get_data()


def _unpack(value: bytes) -> Response:
    content_type, _, body = value.partition(b"\n")
    return Response(body, content_type=content_type.decode())


def cached(fill: Callable[[bytes, bool], bytes] | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Serve the view's 200 answer from the shared store when present, store it otherwise. `fill(body, is_json)`
    completes the stored answer with what may not be stored (a rule page's saved scenarios), hit or miss."""
    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(view)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            from judge.web import localcache
            from judge.web.errors import wants_json
            from judge.web.shared_store import StoreUnavailable, warn_unavailable

            use = enabled() and request.method in ("GET", "HEAD")
            key = page_key() if use else ""
            response: Response | None = None
            state = "off"
            if use:
                try:
                    value, _ = localcache.get(key)
                except StoreUnavailable as exc:
                    warn_unavailable("the page cache", exc)
                    value, use = None, False
                if value is not None:
                    response, state = _unpack(value), "hit"
            if response is None:
                response = make_response(view(*args, **kwargs))
                if use:
                    state = "miss"
                    if _storable(response):
                        # Off the request's path, as a new run's (writebehind.py): the worker's LRU has it now,
                        # the shared store once the writer gets to it; a put lost is a later miss (a page is a
                        # pure function of its key), never a wrong page.
                        try:
                            localcache.put_behind(key, _pack(response), _ttl(), "the page cache")
                        except StoreUnavailable as exc:
                            warn_unavailable("the page cache", exc)
            if fill is not None and response.status_code == 200:
                response.set_data(fill(response.get_data(), wants_json()))
            response.headers["X-Page-Cache"] = state
            if use and response.status_code == 200:
                # The same answer for every visitor of one version: a browser's revalidation is a 304 without
                # the body (the ETag is of the body as sent, its saved scenarios included).
                response.set_etag(hashlib.blake2b(response.get_data(), digest_size=16).hexdigest())
                if "If-None-Match" in request.headers:   # (make_conditional costs ~1 ms: only when asked)
                    response.make_conditional(request)
            return response
        return wrapper
    return decorate


def _ttl() -> int:
    try:
        return int(current_app.config.get("PAGE_CACHE_TTL", 86400))
    except (TypeError, ValueError):
        return 86400


def _storable(response: Response) -> bool:
    # Only a plain 200 whose making read no session and set no cookie: anything else may be someone's own
    # (a form's CSRF token, an edit key). Read through the request context's own attribute: in Flask 3.1
    # merely touching the `session` proxy marks it accessed. A NullSession (no SECRET_KEY) holds nothing.
    touched = session_touched()
    from judge.web.examples import building

    # A page served without its "Ejemplos" while they are built in the background is not kept either.
    return (response.status_code == 200 and not response.is_streamed and not touched
            and "Set-Cookie" not in response.headers and not building())


def session_touched() -> bool:
    """Whether making this request's answer read or wrote a session (a form's CSRF token, an edit key): such an
    answer may be someone's own and is not stored."""
    current = getattr(_cv_request.get(), "_session", None)
    return current is not None and current.accessed and not isinstance(current, NullSession)


def fill_saved_examples(number_of: Callable[[], str]) -> Callable[[bytes, bool], bytes]:
    """The `fill` of rule pages: the saved scenarios citing the rule (judge.web.citing.saved_citing), read from
    the database for this request, put where the stored page has its slot."""
    def fill(body: bytes, is_json: bool) -> bytes:
        from flask import render_template

        from judge.web.citing import saved_citing

        from judge.web.i18n import translate

        rows = saved_citing(number_of())   # None: the database did not answer in time (a notice instead)
        notice = translate("saved.examples_unavailable") if rows is None else None
        if is_json:
            dumps = current_app.json.dumps
            body = body.replace(dumps(JSON_SLOT).encode(), dumps(rows or []).encode(), 1)
            return body.replace(dumps(JSON_NOTICE_SLOT).encode(), dumps(notice).encode(), 1)
        if notice is not None:
            html = render_template("_saved_examples_unavailable.html", notice=notice)
        else:
            html = render_template("_saved_examples.html", saved_examples=rows) if rows else ""
        return body.replace(HTML_SLOT.encode(), html.encode(), 1)
    return fill
