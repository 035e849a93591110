"""`- expect: [...]` between the actions of a doce-vidas scenario (judge.engine.action.Checkpoint), and the
expectations every ruleset shares (winner, stopped, turn, active, phase, steps) parsed and checked by
judge.engine.expect."""
from __future__ import annotations

import pytest

from judge.engine import Checkpoint
from judge.engine.expect import Expectation
from judge.scenarios import ScenarioError, load_scenario


def errors_of(doc) -> list[str]:
    with pytest.raises(ScenarioError) as exc:
        load_scenario(doc)
    return [str(e) for e in exc.value.errors]


PUMP = [{"name": "Ana", "mana": 1, "hand": ["Furia"], "board": [{"card": "Lobo gris", "id": "l"}]},
        {"name": "Bruno"}]


def test_doce_vidas_expectations_are_the_core_expectation_and_write_back_unchanged(h):
    """The common keys are parsed by judge.engine.expect; every entry writes back as it was written."""
    entries = [{"player": "Ana", "lives": 12}, {"object": "l", "card_damage": 2}, {"winner": None},
               {"stopped": "fin"}, {"turn": 3}, {"active": "Ana"}, {"phase": "accion"},
               {"steps": {"kind": "illegal", "count": 0}}, {"steps": {"kind": "any", "count": 1, "cites": "dv/turno"}},
               {"object": "l", "attached_to": None}, {"player": "Bruno", "hand": []}]
    scenario = load_scenario(h.make(PUMP, [], entries))
    assert all(type(e) is Expectation for e in scenario.expect)
    assert [e.to_script() for e in scenario.expect] == [
        {"player": "Ana", "lives": 12}, {"object": "l", "card_damage": 2}, {"winner": None}, {"stopped": "fin"},
        {"turn": 3}, {"active": "Ana"}, {"phase": "accion"}, {"steps": {"kind": "illegal", "count": 0}},
        {"steps": {"kind": "any", "count": 1, "cites": "dv/turno"}}, {"object": "l", "attached_to": None},
        {"player": "Bruno", "hand": ()}]
