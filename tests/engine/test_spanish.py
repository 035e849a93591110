"""The Spanish of the step summaries: «1 vida», never «1 vidas»."""
from __future__ import annotations

from judge.engine import run_scenario
from judge.engine.spanish import vidas
from judge.scenarios import load_scenario


def test_rendering_vidas_is_singular_only_for_one() -> None:
    assert [vidas(n) for n in (0, 1, "1", 2, -1, "X")] == ["0 vidas", "1 vida", "1 vida", "2 vidas", "-1 vidas", "X vidas"]


def test_rendering_a_one_life_gain_and_a_one_life_player_in_the_singular() -> None:
    doc = {"ruleset": "magic", "title": "una vida",
           "cards": {"Bálsamo": {"cost": "{W}", "types": ["instant"], "targets": ["player"],
                                 "effects": [{"gain_life": 1, "to": "target"}]}},
           "players": [{"name": "Ana", "life": 1, "hand": ["Bálsamo"], "battlefield": [{"card": "Llanura", "id": "l"}]},
                       {"name": "Bruno"}],
           "actions": [{"by": "Ana", "cast": "Bálsamo", "target": "Ana", "tap": ["l"]},
                       {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
           "expect": [{"player": "Ana", "life": 2}]}
    trace = run_scenario(load_scenario(doc))
    assert trace.ok
    assert "Ana (1 vida)" in trace.steps[0].summary
    assert any("Ana gana 1 vida (" in s.summary for s in trace.steps)
    assert not any("1 vidas" in s.summary for s in trace.steps)
