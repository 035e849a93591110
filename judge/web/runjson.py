"""A run's JSON answer encoded with each board's shared parts encoded once: the same bytes as `jsonify`, cheaper.

A run's answer is mostly its boards (150 of the 192 kB of the 74-step magic scenario), and the boards share their
structure between steps (magic/snapshot.py: a player's dict, and the whole list of players, are the very same
objects while nothing in them changed: 8 distinct lists of players for 74 boards there). `jsonify` encoded every
board in full, ≈2.3 ms of a new run's ≈14 ms of CPU. Here each distinct list of players (by identity, all alive in
the data meanwhile) is encoded once; the step's board is encoded with a placeholder in its place, and the
placeholders are replaced by those texts in one pass. Encoding is context-free without indentation (the app's
compact JSON: no sorted keys, separators "," and ":"), so the result is byte for byte what `jsonify` answers;
tests/web/test_runjson.py compares them for every curated scenario in both languages. `response` writes the
answer with orjson first (fastjson.py: ≈0.2 ms against this encoder's 1.2–1.8 ms), and comes here only where
orjson's bytes could differ.

A placeholder is a string holding a NUL and a random token of this call, which no scenario text can guess; the
count of replacements is checked anyway, and a mismatch falls back to encoding the whole data as before.
"""
from __future__ import annotations

import re
import secrets
from typing import Any

from flask import Response, current_app, jsonify

from judge.web import fastjson


def _plain_provider() -> bool:
    """Whether the app's JSON is the compact, unsorted form this encoder reproduces (app.py sets sort_keys
    False; in debug mode Flask indents, and then nested pieces would not be context-free)."""
    provider = current_app.json
    compact = getattr(provider, "compact", None)
    return (getattr(provider, "sort_keys", True) is False and compact is not False
            and not (compact is None and current_app.debug))


def encode(data: dict[str, Any]) -> str:
    """The text `jsonify(data)` answers (with its final newline), each distinct list of a board's players
    encoded once."""
    dumps = current_app.json.dumps
    steps = data.get("steps")
    if not isinstance(steps, list) or not _plain_provider():
        return f"{dumps(data, separators=(',', ':'))}\n"
    token = secrets.token_hex(8)
    pieces: dict[int, tuple[str, Any]] = {}      # id(players list) -> (placeholder, the list: kept alive)
    out_steps: list[Any] = []
    replaced = 0
    for step in steps:
        board = step.get("board") if isinstance(step, dict) else None
        players = board.get("players") if isinstance(board, dict) else None
        if isinstance(players, list):
            found = pieces.get(id(players))
            if found is None:
                found = pieces[id(players)] = (f"\x00{token}:{len(pieces)}", players)
            # a new dict with the same keys in the same order: the board's encoding keeps its layout
            step = {**step, "board": {**board, "players": found[0]}}
            replaced += 1
        out_steps.append(step)
    text = dumps({**data, "steps": out_steps}, separators=(",", ":"))
    if not pieces:
        return f"{text}\n"
    encoded = {f"{n}": dumps(players, separators=(",", ":")) for n, (_, players) in enumerate(pieces.values())}
    pattern = re.compile(r'"\\u0000' + token + r':(\d+)"')
    if len(pattern.findall(text)) != replaced:    # never expected: the whole data as before
        return f"{dumps(data, separators=(',', ':'))}\n"
    return f"{pattern.sub(lambda m: encoded[m.group(1)], text)}\n"


def response(data: dict[str, Any]) -> Response:
    """`jsonify(data)` for a run's JSON (runs.run_json): written by orjson where its bytes are the same
    (fastjson.py: ≈0.2 ms for the 74-step answer), else by `encode`."""
    if not _plain_provider():
        return jsonify(data)
    body = fastjson.encode(data)
    if body is None:
        body = encode(data).encode()
    return current_app.response_class(body, mimetype=current_app.json.mimetype)  # type: ignore[attr-defined]
