"""Drafts in a URL: a scenario's text carried by the address itself, so that a run, the builder, back/forward and
reload all find the same document without saving anything on the server.

A draft token is the text (YAML or JSON, as written) compressed with zlib (RFC 1950, what the browser's
`CompressionStream("deflate")` writes) and encoded as unpadded base64url. The builder writes it into its fragment
(`#borrador=<token>`), a run of a pasted scenario is reachable as `GET /escenarios/ejecutar?escenario=<token>`, and
`/escenarios/nuevo?desde=borrador/<token>` opens the builder on it.
"""
from __future__ import annotations

import base64
import binascii
import zlib

from judge.web.i18n import MESSAGES, translate

# The longest token put into a link: past it a run page keeps its POST address and the way back to the builder
# is the draft the browser keeps (localStorage). 8,000 characters stay under the request-line limits of the usual
# proxies and WSGI servers (gunicorn's is 8,190 with its option raised; nginx's large buffers 8 kB).
MAX_TOKEN = 8000
DRAFT_PREFIX = "borrador/"


class BadDraft(ValueError):
    """A token that is not a draft: not base64url, not zlib data, not UTF-8, or larger than allowed once
    decompressed (a compression bomb stops at the limit). `key` is why (a `draft.*` line of i18n.MESSAGES, with
    its `values`): the 400 says it in the request's language and carries its id (errors.BadParameter); `str()` is
    the Spanish line, as it always was."""

    def __init__(self, key: str, /, **values: object) -> None:
        super().__init__(translate(key, "es", **values))
        self.key = key
        self.values = values


MESSAGES.update({
    "draft.too_long": {"es": "el borrador es demasiado largo", "en": "the draft is too long"},
    "draft.not_base64url": {"es": "el borrador no está en base64url", "en": "the draft is not base64url"},
    "draft.not_zlib": {"es": "el borrador no es un texto comprimido (zlib)",
                       "en": "the draft is not compressed text (zlib)"},
    "draft.over_limit": {"es": "el borrador pasa de {limit} bytes una vez descomprimido",
                         "en": "the draft is over {limit} bytes once decompressed"},
    "draft.cut": {"es": "el borrador está cortado", "en": "the draft is cut short"},
    "draft.not_utf8": {"es": "el borrador no es texto UTF-8", "en": "the draft is not UTF-8 text"},
})


def encode(text: str) -> str:
    """The draft token of a scenario text."""
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def decode(token: str, limit: int) -> str:
    """The text of a draft token, at most `limit` bytes once decompressed; BadDraft saying why otherwise."""
    if len(token) > 4 * limit:
        raise BadDraft("draft.too_long")
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (binascii.Error, ValueError):
        raise BadDraft("draft.not_base64url") from None
    inflater = zlib.decompressobj()
    try:
        data = inflater.decompress(raw, limit + 1)
    except zlib.error:
        raise BadDraft("draft.not_zlib") from None
    if len(data) > limit or inflater.unconsumed_tail:
        raise BadDraft("draft.over_limit", limit=limit)
    if not inflater.eof:
        raise BadDraft("draft.cut")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadDraft("draft.not_utf8") from None


def linkable(text: str) -> str | None:
    """The token of `text` when it is short enough for a link (MAX_TOKEN), else None."""
    token = encode(text)
    return token if len(token) <= MAX_TOKEN else None
