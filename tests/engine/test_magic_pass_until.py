"""`pass_until` passes to its step's next place in the turn order (500.1) and never beyond it: a step that is skipped
(508.8, 510.4) or in which nobody receives priority (502.4) stops the passing as the next step begins, with a
`limit` step saying why, instead of playing further turns nobody asked for."""
from __future__ import annotations

from typing import Any

from judge.engine import run_scenario
from judge.messages import Message
from judge.scenarios import load_scenario

OSOS = {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2}


def _run(actions: list[dict[str, Any]], expect: list[dict[str, Any]], step: str = "main1") -> Any:
    doc = {"ruleset": "magic", "title": "pasar", "cards": {"Osos": OSOS},
           "players": [{"name": "Ana", "library": ["Osos"] * 3, "battlefield": [{"card": "Osos", "id": "osos"}]},
                       {"name": "Bruno", "library": ["Osos"] * 3}],
           "turn": {"number": 3, "active": "Ana", "step": step}, "actions": actions, "expect": expect}
    trace = run_scenario(load_scenario(doc))
    assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
    return trace


def _limits(trace: Any) -> list[Any]:
    return [s for s in trace.steps if s.kind == "limit"]


def test_a_first_strike_step_that_does_not_exist_stops_at_combat_damage_in_the_same_turn() -> None:
    """510.4: with no first or double strike there is no first-strike damage step; passing stops as the combat
    damage step begins, in turn 3, after its damage, and nobody draws for turns 4 and 5."""
    trace = _run([{"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["osos"]},
                  {"pass_until": "first_strike_damage"}],
                 [{"turn": 3}, {"phase": "combat_damage"}, {"player": "Bruno", "life": 18, "hand_count": 0},
                  {"player": "Ana", "hand_count": 0}])
    (limit,) = _limits(trace)
    assert "cr-en/510.4" in limit.citations and limit.message.id == "magic.play.pass_until_stopped", limit.summary
    assert (limit.message.params["turn"], limit.message.params["current"]) == (3, 3)
    assert limit.message.params["why"] == Message("magic.pass_until.no_first_strike")


def test_declare_blockers_skipped_for_lack_of_attackers_stops_at_end_of_combat() -> None:
    """508.8: no attackers, so the declare blockers step is skipped; passing stops at the end of combat step of
    the same turn rather than playing two more turns (with their draws) looking for it."""
    trace = _run([{"pass_until": "declare_attackers"}, {"by": "Ana", "attack": []},
                  {"pass_until": "declare_blockers"}],
                 [{"turn": 3}, {"phase": "end_of_combat"}, {"player": "Bruno", "hand_count": 0}])
    (limit,) = _limits(trace)
    assert "cr-en/508.8" in limit.citations, limit.citations


def test_the_untap_step_has_no_priority_so_passing_stops_in_the_next_upkeep() -> None:
    """502.4: nobody receives priority in the untap step: `pass_until: untap` goes to the next turn's untap step
    (the one it asked for) and stops as its upkeep begins, before the draw."""
    trace = _run([{"pass_until": "untap"}], [{"turn": 4}, {"phase": "upkeep"}, {"player": "Bruno", "hand_count": 0}])
    (limit,) = _limits(trace)
    assert "cr-en/502.4" in limit.citations


def test_the_step_being_played_is_reached_again_in_the_next_turn_without_a_limit() -> None:
    """500.1: a step earlier in the turn (or the step being played) comes in the next turn: from the second main
    phase, `pass_until: main1` plays to turn 4's first main phase (Bruno draws on the way) and says nothing more."""
    trace = _run([{"pass_until": "main1"}], [{"turn": 4}, {"phase": "main1"}, {"player": "Bruno", "hand_count": 1}],
                 step="main2")
    assert not _limits(trace)
