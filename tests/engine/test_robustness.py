"""Bad input gets a clear error, never a crash: randomly damaged scenarios either load and run, or raise
ScenarioError with field errors."""
from __future__ import annotations

import copy
import random
from typing import Any

from judge.engine import run_scenario
from judge.scenarios import ScenarioError, load_scenario

ODD_VALUES: list[Any] = [None, True, -1, 0, 7, 10**12, 1.5, "", "x" * 300, "Ana", "lobo", "Lobo gris", [], [1, "a"],
                         {}, {"card": "Ratón"}, {"by": "Ana"}, "accion", "dv/objetivo"]


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, prefix + (i,))
    return out


def damage(doc: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    for _ in range(rng.randint(1, 3)):
        where = rng.choice(paths(doc)[1:])
        parent = doc
        for key in where[:-1]:
            parent = parent[key]
        if rng.random() < 0.2 and isinstance(parent, dict):
            del parent[where[-1]]
        else:
            parent[where[-1]] = copy.deepcopy(rng.choice(ODD_VALUES))
    return doc


def test_damaged_scenarios_never_crash(h):
    base = h.make([{"name": "Ana", "mana": 3, "hand": ["Bola de fuego", {"card": "Lobo gris", "id": "lobo"}],
                    "deck": ["Ratón", "Rayo"], "board": [{"card": "Oso pardo", "id": "oso"},
                                                         {"card": "Garras", "id": "g", "attached_to": "oso"}]},
                   {"name": "Bruno", "mana": 1, "hand": ["Rayo", "Bálsamo", "Ratón"], "discard": ["Saqueo"]}],
                  [{"by": "Ana", "play": "lobo"}, {"by": "Ana", "attack": "oso", "target": "Bruno"},
                   {"by": "Bruno", "play": "Rayo", "target": "oso"}, {"by": "Ana", "play": "Bola de fuego",
                                                                      "target": "Bruno"},
                   {"by": "Ana", "end_turn": True}, {"by": "Bruno", "discard": ["Ratón"]}],
                  [{"player": "Bruno", "lives": 6}, {"object": "g", "zone": "board"}])  # 12 - 5 - 1 (recycling)
    first = run_scenario(load_scenario(base))
    assert first.ok, [s.summary for s in first.failed_expectations]
    rng = random.Random(5)
    loaded = rejected = 0
    for _ in range(400):
        doc = damage(base, rng)
        try:
            scenario = load_scenario(doc)
        except ScenarioError as exc:
            assert exc.errors and all(e.message for e in exc.errors)
            rejected += 1
            continue
        trace = run_scenario(scenario)
        assert all(s.citations for s in trace.steps)
        loaded += 1
    assert loaded >= 5 and rejected > 100
