"""Every step kind and event kind a run emits is one its ruleset declares (judge.engine.rulesets.base.Ruleset:
`step_kinds`, the core's generic kinds plus the ruleset's own; `event_kinds`), over every curated scenario and some
fuzz games of each ruleset; and the one step factory refuses an undeclared kind."""
from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import pytest

from judge.engine import GENERIC_EVENT_KINDS, GENERIC_STEP_KINDS, Event, run_scenario
from judge.engine.rulesets import RULESETS, get_ruleset
from judge.engine.state import GameState
from judge.engine.step import make_step
from judge.runner import fuzz as fuzz_dv
from judge.runner import fuzz_magic
from judge.runner.catalog import curated
from judge.scenarios import load_scenario

SEEN: dict[str, tuple[set[str], set[str]]] = defaultdict(lambda: (set(), set()))


def _see(ruleset: str, step: Any) -> None:
    steps, events = SEEN[ruleset]
    steps.add(step.kind)
    events.update(e.kind for e in step.events)


def _undeclared(ruleset: str) -> tuple[set[str], set[str]]:
    declared = get_ruleset(ruleset)
    steps, events = SEEN[ruleset]
    return steps - declared.step_kinds, events - declared.event_kinds


def test_every_ruleset_adds_to_the_generic_step_kinds() -> None:
    for ruleset in RULESETS:
        assert ruleset.step_kinds == {*GENERIC_STEP_KINDS, *ruleset.own_step_kinds}, ruleset.id
        # an own kind that repeats a generic one, or twice, is a slip in the declaration
        assert not set(ruleset.own_step_kinds) & set(GENERIC_STEP_KINDS), ruleset.id
        assert len(set(ruleset.own_step_kinds)) == len(ruleset.own_step_kinds), ruleset.id
        assert ruleset.own_event_kinds and ruleset.event_kinds == {*GENERIC_EVENT_KINDS, *ruleset.own_event_kinds}
        assert len(set(ruleset.own_event_kinds)) == len(ruleset.own_event_kinds), ruleset.id


def test_curated_scenarios_emit_only_declared_kinds() -> None:
    found = [c for c in curated() if c.problem is None]
    assert len(found) > 100
    for c in found:
        trace = run_scenario(load_scenario(c.path))
        for step in trace.steps:
            _see(c.ruleset, step)
    for ruleset in ("magic", "doce-vidas"):
        assert SEEN[ruleset][0], ruleset
        assert _undeclared(ruleset) == (set(), set()), ruleset


@pytest.mark.parametrize(("ruleset", "module"), [("magic", fuzz_magic), ("doce-vidas", fuzz_dv)])
def test_fuzz_games_emit_only_declared_kinds(ruleset: str, module: Any) -> None:
    seen: list[Any] = []

    def record(step: Any, _ledger: Any) -> None:
        seen.append(step)
        return None

    report = module.fuzz(12, 3, invariants=[record])
    assert seen and report.broken is None, report.broken
    for step in seen:
        _see(ruleset, step)
    assert _undeclared(ruleset) == (set(), set())


@pytest.mark.parametrize("ruleset", ["magic", "doce-vidas"])
def test_the_step_factory_refuses_an_undeclared_kind(ruleset: str) -> None:
    cls = get_ruleset(ruleset)
    state = GameState(players=[], rng=random.Random(0), ruleset=cls)
    with pytest.raises(ValueError, match="not declared"):
        make_step(state, "magia-negra", None, "x", ["cita"], lambda s: {})
    with pytest.raises(ValueError, match="not declared"):
        make_step(state, "action", None, "x", ["cita"], lambda s: {}, [Event("teletransporte", {})])
    step = make_step(state, "action", None, "x", ["cita"], lambda s: {}, [Event(sorted(cls.event_kinds)[0], {})])
    assert step.kind == "action"
