"""Who may write, and what a browser may do with the pages: CSRF tokens on the forms that save, same-origin
checks on the JSON writes, the security headers (a Content-Security-Policy allowing only the app's own scripts and
styles, no framing), and the cookies' flags.

A write is a request that stores something (a saved scenario, a version):
- a form (urlencoded or multipart) must carry the form's CSRF token (Flask-WTF's CSRFProtect): `form_write()`;
- the API takes only JSON or YAML bodies (text/plain, the third type a cross-site `<form>` or
  `fetch(mode: 'no-cors')` can send, is a 415), and they must come from this origin (`same_origin()`):
  `Sec-Fetch-Site` (sent by browsers) must be `same-origin` or `none`; without it (an older browser) `Origin`, when
  sent, must be this host or one of TRUSTED_ORIGINS.  A request with neither header comes from a non-browser client (curl, a script), which no other site can make
  on a visitor's behalf, and is allowed.
"""
from __future__ import annotations

import json
import os
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import Forbidden

from judge.web.i18n import MESSAGES, translate

csrf = CSRFProtect()

SECRET_FILE = "secret_key"
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")

MESSAGES.update({
    "security.csrf": {"es": "El formulario no lleva su código de seguridad, o ha caducado: vuelve a cargar la página "
                            "y envíalo otra vez. No se ha guardado nada.",
                      "en": "The form lacks its security code, or it has expired: reload the page and send it "
                            "again. Nothing was saved."},
    "security.cross_origin": {"es": "Una escritura desde otro sitio ({origin}) no está permitida: no se ha guardado "
                                    "nada.",
                              "en": "A write from another site ({origin}) is not allowed: nothing was saved."},
})


class CrossOriginWrite(Forbidden):
    """A JSON or YAML write whose Origin or Sec-Fetch-Site says another site's page sent it."""

    def __init__(self, origin: str) -> None:
        super().__init__(description=translate("security.cross_origin", origin=origin))
        from judge.web.errors import mark

        mark(self, "security.cross_origin", origin=origin)
        self.extra = {"origin": origin}


class SecretKeyMissing(RuntimeError):
    """No JUDGE_SECRET_KEY, and none can be kept in the instance folder."""


def secret_key(instance: Path) -> str:
    """The instance's secret (signs the session cookie that holds the CSRF token), made once and kept in
    `<instance>/secret_key` (mode 0600).  Written beside and linked into place, so two workers starting at once
    agree on one key; several instances behind a proxy set the same `JUDGE_SECRET_KEY` instead."""
    path = instance / SECRET_FILE
    try:
        return path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        pass
    tmp = instance / f".{SECRET_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as exc:
        # A per-process key would make every worker refuse the others' forms: say what to do instead.
        raise SecretKeyMissing(f"cannot write {path} ({exc.strerror}): set JUDGE_SECRET_KEY, or make the "
                               "instance folder writable") from exc
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(secrets.token_urlsafe(48))
    try:
        os.link(tmp, path)   # fails if another process linked its key first: then that one is the key
    except FileExistsError:
        pass
    finally:
        tmp.unlink()
    return path.read_text(encoding="ascii").strip()


def script_json(value: Any) -> str:
    """JSON safe inside a `<script type="application/json">` element: `<`, `>`, `&` and U+2028/9 written as
    escapes, so no text (a title `<!--<script>`, `</script>`) can end or re-open the element (HTML 4.12.1.3)."""
    text = json.dumps(value, ensure_ascii=False)
    for raw, escaped in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(raw, escaped)
    return text


def _origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def _trusted_origins() -> set[str]:
    configured = current_app.config.get("TRUSTED_ORIGINS") or ()
    if isinstance(configured, str):   # JUDGE_TRUSTED_ORIGINS="https://a.example https://b.example" (not JSON)
        configured = configured.replace(",", " ").split()
    return {str(o).rstrip("/").lower() for o in configured}


def same_origin() -> None:
    """Raises CrossOriginWrite unless the request comes from this origin or from no browser at all."""
    fetch_site = request.headers.get("Sec-Fetch-Site")
    origin = request.headers.get("Origin")
    if fetch_site is not None:
        # The browser's own verdict (no page can set this header), right behind a proxy too.  "same-site" is
        # refused: another port of the same host is the same site, and another origin.
        if fetch_site not in ("same-origin", "none"):
            raise CrossOriginWrite(origin or fetch_site)
        return
    if origin is not None and origin.lower() not in {_origin_of(request.host_url)} | _trusted_origins():
        # An older browser: its Origin must be the host the client reached (behind a proxy: the Host header it
        # passes on), or one of TRUSTED_ORIGINS.
        raise CrossOriginWrite(origin)


def form_write() -> None:
    """The check of a form that stores something: its CSRF token (CSRFError, answered 403, otherwise)."""
    csrf.protect()


def _csrf_refused(error: CSRFError) -> Response:
    from judge.web.errors import error_response, said

    current_app.logger.info("write refused: %s", error.description)
    refused = said(Forbidden, "security.csrf")
    refused.extra = {"reason": error.description}  # type: ignore[attr-defined]
    return error_response(refused)


def _headers(response: Response) -> Response:
    headers = response.headers
    headers.setdefault("Content-Security-Policy", CSP)
    headers.setdefault("X-Frame-Options", "DENY")
    # Browsers must not guess content types (a JSON body is never run as HTML); no referrer leaks the question.
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "same-origin")
    return response


def init_app(app: Flask) -> None:
    app.config.setdefault("COOKIE_SECURE", False)   # JUDGE_COOKIE_SECURE: true behind HTTPS
    app.config.setdefault("TRUSTED_ORIGINS", [])     # JUDGE_TRUSTED_ORIGINS: more origins a JSON write may come from
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key(Path(app.config["INSTANCE"]))
    secure = bool(app.config["COOKIE_SECURE"])
    app.config.update(SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Lax", SESSION_COOKIE_SECURE=secure)
    # Checked by guard_write() on the views that store, not on every POST: running or validating a pasted
    # scenario stores nothing, and those pages stay the same for every visitor.  A token lasts as long as the
    # browser session (a builder left open for hours can still save).
    app.config.setdefault("WTF_CSRF_CHECK_DEFAULT", False)
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)
    csrf.init_app(app)
    app.register_error_handler(CSRFError, _csrf_refused)
    app.after_request(_headers)
