"""The edit keys of saved lines on the web: where a request offers one, and how a browser keeps them.

Whoever saves the first version of a line (or a fork) gets its key three ways: in the answer (`edit_key`, the
API), in a cookie (`judge_edit_keys`, HttpOnly, SameSite=Lax: the pairs `<line>:<key>` of the lines this browser
saved, newest first, at most MAX_KEYS), and as a secret link (`/escenarios/guardados/<id>/editar?clave=<key>`)
to keep and share with whoever may edit.  A request offers a key by the `X-Edit-Key` header, the form's
`edit_key` field (the secret link's form carries it), or the cookie's entry for that line.
"""
from __future__ import annotations

from flask import Response, current_app, request

COOKIE = "judge_edit_keys"
HEADER = "X-Edit-Key"
FORM_FIELD = "edit_key"
LINK_PARAM = "clave"
MAX_KEYS = 40            # 40 pairs of 66 characters stay under the 4 KB browsers keep of one cookie
COOKIE_DAYS = 400        # the longest lifetime browsers grant a cookie


def cookie_keys() -> dict[str, str]:
    """The cookie's keys by line, newest first (malformed pairs skipped)."""
    found: dict[str, str] = {}
    for pair in (request.cookies.get(COOKIE) or "").split("."):
        lineage, _, key = pair.partition(":")
        if lineage and key and lineage not in found:
            found[lineage] = key
    return found


def offered_key(lineage: str) -> str | None:
    """The key this request offers for `lineage`: header, then form field, then cookie."""
    key = request.headers.get(HEADER)
    if not key and request.mimetype in ("application/x-www-form-urlencoded", "multipart/form-data"):
        key = request.form.get(FORM_FIELD)
    return (key or cookie_keys().get(lineage) or "").strip() or None


def remember(response: Response, lineage: str, key: str) -> Response:
    """Add (or move first) the line's key in the browser's cookie."""
    pairs = {lineage: key}
    for other, other_key in cookie_keys().items():
        if other != lineage and len(pairs) < MAX_KEYS:
            pairs[other] = other_key
    response.set_cookie(COOKIE, ".".join(f"{k}:{v}" for k, v in pairs.items()), max_age=COOKIE_DAYS * 86400,
                        httponly=True, samesite="Lax", secure=bool(current_app.config.get("COOKIE_SECURE")))
    return private(response)


def private(response: Response) -> Response:
    """A response that carries or depends on a key: never stored by a cache.  (Its URL, `?clave=` and all, goes
    in a Referer only to this site, by the app's `same-origin` policy: `no-referrer` would make Flask-WTF refuse
    the form it holds over HTTPS, where it requires a Referer.)"""
    response.headers["Cache-Control"] = "private, no-store"
    response.vary.add("Cookie")
    return response


def edit_link(version_id: str, key: str) -> str:
    return f"/escenarios/guardados/{version_id}/editar?{LINK_PARAM}={key}"
