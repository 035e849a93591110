"""The layers' memo (layers.compute) compares only what the layers read (layers._reads / _inputs: the permanents'
layer fields, combat status when a quality reads it, what static abilities' conditions read of the game). A stale
table would be a silent wrong answer, so here every table compute hands out, once per state version, is checked
against a fresh computation from scratch (layers._compute) over fuzz games and the curated scenarios with
conditions, qualities and counts. Those handed out on the key that says the inputs are unchanged without building
them (layers._unchanged: the battlefield ZoneLists' stamps, Stamps.field_layer) are among them, and counted."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from judge.engine import run_scenario
from judge.engine.rulesets.magic import layers
from judge.runner import fuzz_magic
from judge.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    memo = layers.compute
    seen: dict[tuple[int, int], int] = {}
    counts = {"checked": 0, "unchanged": 0}

    def compute(state: Any) -> dict[str, Any]:
        chars = memo(state)
        key = (id(state), state.version)
        if seen.get(key) is None:
            seen[key] = 1
            fresh = layers._compute(state)
            assert chars == fresh, f"stale layers at version {state.version}: " + ", ".join(
                ref for ref in fresh if chars.get(ref) != fresh[ref])
            counts["checked"] += 1
        return chars

    unchanged = layers._unchanged

    def unchanged_counted(state: Any, cached: tuple, layer_of: Any) -> bool:
        said = unchanged(state, cached, layer_of)       # the kept key's answer (Stamps.field_layer): checked above
        counts["unchanged"] += said
        return said

    monkeypatch.setattr(layers, "compute", compute)
    monkeypatch.setattr(layers, "_unchanged", unchanged_counted)
    return counts


def test_the_memo_agrees_with_a_fresh_computation_in_fuzz_games(checked: dict[str, int]) -> None:
    for seed in (3, 7):
        report = fuzz_magic.fuzz(3, seed)
        assert report.broken is None
    assert checked["checked"] > 500 and checked["unchanged"] > 500


def _scenarios_with(*words: str) -> list[Path]:
    found = []
    for path in sorted((ROOT / "scenarios" / "magic").rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        if any(w in text for w in words):
            found.append(path)
    return found


def test_the_memo_agrees_with_a_fresh_computation_in_curated_scenarios(checked: dict[str, int]) -> None:
    paths = _scenarios_with("while:", "where:", "count:", "attacking", "unblocked")
    assert len(paths) >= 10
    for path in paths:
        run_scenario(load_scenario(path))
    assert checked["checked"] > 200
