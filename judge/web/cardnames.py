"""Closest card names for a name the catalog lacks ("Engendro serpentante" → «Engendro serpenteante»): the
builder's error on an unknown card, and its `carta=` parameter. Case and accents are ignored; a name close in
spelling (difflib's ratio over the folded names) or holding every word typed comes first."""
from __future__ import annotations

import difflib
from typing import Any

# The validator's unknown-card errors by message id (judge/messages.py) and the parameter naming the card: read from
# the error's id, not from its Spanish wording.
UNKNOWN = {"format.card.unknown": "card", "magic.schema.unknown_card": "card", "dv.schema.unknown_ref": "ref"}
CLOSEST = 5
CUTOFF = 0.6


def _fold(text: str) -> str:
    from judge.web.examples import fold

    return fold(text)


class Names:
    """The names a scenario may use, folded once (a request asks for the closest names of every unknown card: each
    of those compares with every name, so nothing is folded or split again per card)."""

    def __init__(self, names: list[str]) -> None:
        self.folded = {_fold(n): n for n in names}
        self.parts = {f: f.split() for f in self.folded}

    def closest(self, name: str, limit: int = CLOSEST) -> list[str]:
        """Up to `limit` names closest to `name`: spelling first (ratio ≥ 0.6, best first), then the names that
        hold every word of it."""
        wanted = _fold(name)
        near = difflib.get_close_matches(wanted, list(self.folded), n=limit, cutoff=CUTOFF)
        # A word misspelt inside a long name: compare word by word too ("grizzly" in «Osos grizzly de la colina»).
        words = wanted.split()
        if words:
            for f, parts in self.parts.items():
                if len(near) >= limit:
                    break       # only the first `limit` are shown
                if f in near:
                    continue
                if all(difflib.get_close_matches(w, parts, n=1, cutoff=0.75) for w in words):
                    near.append(f)
        return [self.folded[f] for f in near[:limit]]


def closest(name: str, names: list[str], limit: int = CLOSEST) -> list[str]:
    """Up to `limit` of `names` closest to `name` (Names.closest)."""
    return Names(names).closest(name, limit)


def names_of(description: dict[str, Any], doc: Any) -> list[str]:
    """The names a scenario of this ruleset may use: its catalog's and the document's own definitions."""
    names = list(description.get("cards", {}).get("catalog") or [])
    cards = doc.get("cards") if isinstance(doc, dict) else None
    if isinstance(cards, dict):
        names += [str(k) for k in cards if str(k) not in names]
    return names


def with_suggestions(errors: list[dict[str, Any]], description: dict[str, Any] | None, doc: Any
                     ) -> tuple[list[dict[str, Any]], bool]:
    """The validator's errors, each unknown-card one (UNKNOWN) given `suggestions` (the closest names, maybe none);
    the message stays the validator's own, the same /api/run answers. Bounded by the request's deadline
    (judge.format.timelimit): once it has passed, the errors not reached yet keep no `suggestions` (the errors
    themselves are all there) and the second value is True."""
    from judge.format import timelimit

    if description is None:
        return errors, False
    names: Names | None = None
    found: dict[str, list[str]] = {}       # a name misspelt the same way twice is looked up once
    for e in errors:
        key = UNKNOWN.get(str(e.get("id", "")))
        name = (e.get("params") or {}).get(key) if key else None
        if not isinstance(name, str):
            continue
        if name not in found:
            if timelimit.passed():
                return errors, True
            if names is None:
                names = Names(names_of(description, doc))
            found[name] = [n for n in names.closest(name) if n != name]
        e["suggestions"] = list(found[name])
    return errors, False
