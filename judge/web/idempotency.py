"""`Idempotency-Key` on the saving API (`POST /api/scenarios`, an edit, a fork): a save whose answer was lost
(a 503 while the database froze in the middle of its COMMIT, which may still land; a dropped connection) can be
sent again with the same key, and is then answered with the version the first one stored, never stored twice.

The key is the client's: 16 to 200 characters of letters, digits, `-` and `_` (a UUID fits), so that nobody
guesses another's. It is stored hashed with where it was sent (a new line, an edit of a version, a fork of one),
with the hash of the body; the same key with another body is a 422. A new line's edit key is derived from the
idempotency key (an HMAC with the app's secret key), so the replayed answer can give the client the edit key the
lost answer carried: only the holder of the idempotency key can ask for it.

A form cannot send a header: the save forms' `idempotency_key` field carries the key instead (the builder's
script fills it with one key per save attempt, kept across a retry of the same text: static/savekey.js), and a
browser that posts the form again (reload after a 503) sends the same field.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

from flask import current_app, request

from judge.web.errors import BadParameter

HEADER = "Idempotency-Key"
FORM_FIELD = "idempotency_key"
_VALID = re.compile(r"^[A-Za-z0-9_-]{16,200}$")


@dataclass(frozen=True)
class SaveRequest:
    key_hash: str      # the key and where it was sent, hashed
    body_hash: str

    def edit_key(self) -> str:
        """The new line's edit key, the same for every retry (see the module's docstring)."""
        secret = str(current_app.config.get("SECRET_KEY") or "").encode()
        digest = hmac.new(secret, b"edit-key\0" + self.key_hash.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()   # the form of saved.new_key()


def from_request(scope: str, body: bytes) -> SaveRequest | None:
    """The request's save identity (None without the header, or for a form without its FORM_FIELD or with it
    empty); a malformed key is a 400 naming the header (or the field)."""
    key = request.headers.get(HEADER)
    name = HEADER
    if key is None and request.mimetype in ("application/x-www-form-urlencoded", "multipart/form-data"):
        key, name = request.form.get(FORM_FIELD) or None, FORM_FIELD
    if key is None:
        return None
    if not _VALID.match(key):
        raise BadParameter(name, "param.idempotency_key")
    return SaveRequest(hashlib.sha256(f"{scope}\0{key}".encode()).hexdigest(), hashlib.sha256(body).hexdigest())
