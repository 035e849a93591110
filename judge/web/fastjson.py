"""The app's compact JSON written by orjson (C, ≈10× faster than json.dumps), where its bytes are `jsonify`'s.

The app's provider writes compact, unsorted JSON with `ensure_ascii` off (app.py), which orjson writes byte for
byte alike (the same escapes: the short forms, `\\u00XX` for other control characters, every other character as
UTF-8), except where this module falls back to `jsonify`'s own encoder (the caller does, on None):
- a value orjson will not write: a lone surrogate (jsonify's answer then fails as it did), an integer past 64
  bits, a key that is not a string (json.dumps writes `1` as `"1"`), nesting past orjson's 254 levels;
- a value jsonify writes through Flask's `default` (dataclasses, dates, Decimal) or a subclass of int, dict,
  list, tuple: passed through to a `default` that refuses them (a subclass of str is written as its text, as
  json.dumps does); a key that is a subclass of str (orjson refuses it);
- a float written in a form where the two differ: json.dumps writes `repr` (`1e-05`, `1.5e-07`), orjson
  `0.00001`, `1.5e-7`; every float below 1e-4 (the only ones they write apart) gives orjson's text a digit
  before `e-` or `0.0000`, so an answer holding either is left to json.dumps (a text of the answer that holds
  them costs only the fallback).
Not covered (the run and search answers hold no floats at all: a valid scenario's numbers are integers, the
engine counts in integers; tests/web/test_fastjson.py checks every curated run): NaN and ±Infinity, which
json.dumps writes as the invalid `NaN`/`Infinity` and orjson as `null`; a plain Enum, which jsonify refuses
(TypeError) and orjson writes as its value.
"""
from __future__ import annotations

import re
from typing import Any

import orjson
from flask import Response, current_app, jsonify

_OPTIONS = (orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_SUBCLASS
            | orjson.OPT_APPEND_NEWLINE)
_EXPONENT = re.compile(rb"e-[0-9]")                        # orjson's `1.5e-7`, and texts' "…2e-17"
_NUMBER_ENDS = re.compile(rb"[:,\[]-?[0-9]+(?:\.[0-9]+)?\Z")    # … right after a number token begins


def _as_json_writes(value: Any) -> Any:
    """orjson's `default`: a subclass of str (messages.Note, Markup) as its text, which json.dumps writes (the
    string's own characters, whatever its __str__ says); anything else is left to jsonify."""
    if isinstance(value, str):
        return str.__str__(value)
    raise TypeError(f"left to jsonify: {type(value).__name__}")


def plain_provider() -> bool:
    """Whether the app's JSON is the compact, unsorted, non-ASCII-escaping form orjson writes (app.py sets
    sort_keys and ensure_ascii False; in debug mode Flask indents)."""
    provider = current_app.json
    compact = getattr(provider, "compact", None)
    return (getattr(provider, "sort_keys", True) is False and getattr(provider, "ensure_ascii", True) is False
            and compact is not False and not (compact is None and current_app.debug))


def encode(data: Any) -> bytes | None:
    """`jsonify(data).get_data()` (its final newline included) written by orjson, or None where orjson's bytes
    could differ (see the module's docstring): the caller then encodes as before."""
    if not plain_provider():
        return None
    try:
        out = orjson.dumps(data, default=_as_json_writes, option=_OPTIONS)
    except TypeError:            # orjson.JSONEncodeError is a TypeError
        return None
    if _written_apart(out):
        return None
    return out


def _written_apart(out: bytes) -> bool:
    """Whether `out` may hold a float that json.dumps writes otherwise: orjson's text of each is a number token
    (after `:`, `,` or `[`) with a negative exponent (`1.5e-7`) or beginning `0.0000` (`0.00001`). Literal
    searches first, then a look at what stands before each hit (a text such as a hex tag "…2e-17" or "doce-vidas"
    is no number there); a character class at a pattern's start would make `re` try every byte (≈0.8 ms on a
    run's 190 kB)."""
    for match in _EXPONENT.finditer(out):
        if _NUMBER_ENDS.search(out, max(0, match.start() - 40), match.start()):
            return True
    start = out.find(b"0.0000")
    while start >= 0:
        if start and out[start - 1] in b":,[-":
            return True
        start = out.find(b"0.0000", start + 1)
    return False


def response(data: Any) -> Response:
    """`jsonify(data)`, its body written by orjson where that gives the same bytes."""
    body = encode(data)
    if body is None:
        return jsonify(data)
    return current_app.response_class(body, mimetype=current_app.json.mimetype)  # type: ignore[attr-defined]


__all__ = ["encode", "plain_provider", "response"]
