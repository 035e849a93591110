"""Hypothesis strategies that build scenarios from each ruleset's `describe()`: valid ones (the template with player
fields drawn within their declared bounds, cards moved between the declared zones, actions of the declared verbs
by declared players) and broken ones (a value of the wrong type or out of bounds, a missing required field, an
unknown key, a surrogate, text too long), for both rulesets. Used by tests/web/test_generated_scenarios.py and
`judge bench api`; needs hypothesis (a test extra)."""
from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True),
                 st.text(max_size=30), st.just("\ud800"), st.just("x" * 5000), st.lists(st.integers(), max_size=3),
                 st.dictionaries(st.text(max_size=5), st.integers(), max_size=2))


def _player_fields(description: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in description["players"]["fields"] if f.get("type") == "int"]


@st.composite
def valid_scenario(draw: Any, description: dict[str, Any]) -> dict[str, Any]:
    doc = copy.deepcopy(description["template"])
    for player in doc.get("players", []):
        for field in _player_fields(description):
            if draw(st.booleans()):
                player[field["key"]] = draw(st.integers(field.get("min", 0), min(field.get("max", 99), 99)))
    zones = [z["key"] for z in description["zones"] if not z.get("permanents_only")]
    names = [p["name"] for p in doc.get("players", [])]
    if zones and names and draw(st.booleans()):
        card = next(iter(doc.get("cards") or {}), None)
        if card is not None:
            doc["players"][0].setdefault(draw(st.sampled_from(zones)), []).append({"card": card})
    # The verbs that need nothing but themselves (`end_turn: true`, `pass: true`): the description's `const` args.
    verbs = [a["verb"] for a in description["actions"] if a.get("arg", {}).get("type") == "const"]
    if verbs and names:
        doc["actions"] = list(doc.get("actions") or []) + [
            {"by": draw(st.sampled_from(names)), draw(st.sampled_from(verbs)): True}
            for _ in range(draw(st.integers(0, 3)))]
    doc["title"] = draw(st.text(min_size=1, max_size=60).filter(str.strip))
    return doc


def _places(doc: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _places(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _places(v, path + (i,))
    return out


@st.composite
def broken_scenario(draw: Any, description: dict[str, Any]) -> dict[str, Any]:
    """A valid scenario with one to three things broken at places drawn from it."""
    doc = draw(valid_scenario(description))
    for _ in range(draw(st.integers(1, 3))):
        places = [p for p in _places(doc) if p]
        if not places:
            break
        place = draw(st.sampled_from(places))
        parent: Any = doc
        for key in place[:-1]:
            parent = parent[key]
        how = draw(st.sampled_from(["replace", "delete", "unknown"]))
        if how == "replace":
            parent[place[-1]] = draw(JUNK)
        elif how == "delete" and isinstance(parent, dict):
            del parent[place[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["zzz", "\ud800k", "título", ""]))] = draw(JUNK)
    return doc


def scenarios(descriptions: list[dict[str, Any]]) -> Any:
    """Valid and broken scenarios of every described ruleset."""
    return st.one_of(*[st.one_of(valid_scenario(d), broken_scenario(d)) for d in descriptions])
