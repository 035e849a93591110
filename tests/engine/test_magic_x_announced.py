"""601.2b / 107.3a: the player announces the value of X as a spell with {X} is cast or an ability with {X} is
activated. A cast or activation without «x» announces nothing: the engine does not guess 0, it is an illegal step
citing the rule and the state is as before (733.1); `x: 0` written out is an announcement and is legal."""
from __future__ import annotations

from typing import Any

from judge.engine import run_scenario
from judge.engine.rulesets.magic.actions import Activate, Cast
from judge.scenarios import load_scenario

CARDS = {"Bola": {"cost": "{X}{R}", "types": ["sorcery"], "targets": ["any"],
                  "effects": [{"damage": "X", "to": "target"}]},
         "Horno": {"cost": "{2}", "types": ["artifact"],
                   "activated": [{"cost": "{X}", "effects": [{"gain_life": "X"}]}]},
         "Chispa": {"cost": "{R}", "types": ["instant"], "targets": ["any"],
                    "effects": [{"damage": 1, "to": "target"}]}}
LANDS = [{"card": "Montaña", "id": f"m{n}"} for n in (1, 2, 3)]


def _run(actions: list[dict[str, Any]], expect: list[dict[str, Any]], hand: list[str] | None = None) -> Any:
    doc = {"ruleset": "magic", "title": "x", "cards": CARDS,
           "players": [{"name": "Ana", "hand": hand or ["Bola"],
                        "battlefield": [*LANDS, {"card": "Horno", "id": "horno"}]}, {"name": "Bruno"}],
           "turn": {"number": 3, "active": "Ana", "step": "main1"}, "actions": actions, "expect": expect}
    trace = run_scenario(load_scenario(doc))
    assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
    return trace


def test_a_cast_with_x_in_its_cost_and_no_x_is_illegal_and_changes_nothing() -> None:
    """601.2b: "the player announces the value of X"; no «x» is no announcement: illegal, nothing tapped or moved."""
    trace = _run([{"by": "Ana", "cast": "Bola", "target": "Bruno", "tap": ["m1", "m2", "m3"]}],
                 [{"player": "Ana", "hand": ["Bola"]}, {"object": "m1", "tapped": False},
                  {"player": "Ana", "mana_pool": {}}, {"stack": []}])
    bad = [s for s in trace.steps if s.kind == "illegal"]
    assert len(bad) == 1 and "«x»" in bad[0].summary and "cr-en/601.2b" in bad[0].citations, bad
    assert "cr-en/107.3a" in bad[0].citations


def test_x_zero_written_out_is_an_announcement() -> None:
    """107.3a: X=0 is a value the player may announce; {X}{R} with x: 0 costs {R} and deals 0 damage."""
    trace = _run([{"by": "Ana", "cast": "Bola", "target": "Bruno", "x": 0, "tap": ["m1"]},
                  {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
                 [{"player": "Ana", "graveyard": ["Bola"]}, {"player": "Bruno", "life": 20}])
    assert not [s for s in trace.steps if s.kind == "illegal"]


def test_an_activation_with_x_in_its_cost_and_no_x_is_illegal() -> None:
    """602.2b applies 601.2b to activated abilities: X in the activation cost is announced too."""
    trace = _run([{"by": "Ana", "activate": "horno", "tap": ["m1", "m2"]},
                  {"by": "Ana", "activate": "horno", "x": 2, "tap": ["m1", "m2"]},
                  {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
                 [{"player": "Ana", "life": 22}])
    bad = [s for s in trace.steps if s.kind == "illegal"]
    assert len(bad) == 1 and "cr-en/601.2b" in bad[0].citations


def test_a_spell_without_x_needs_no_x() -> None:
    """107.3: only a cost with X asks for its value; a spell without it is cast without «x»."""
    trace = _run([{"by": "Ana", "cast": "Chispa", "target": "Bruno", "tap": ["m1"]},
                  {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
                 [{"player": "Bruno", "life": 19}], hand=["Chispa"])
    assert not [s for s in trace.steps if s.kind == "illegal"]


def test_written_actions_keep_an_announced_zero_and_leave_out_no_announcement() -> None:
    """601.2b: what the fuzzer and legal_actions write must replay: x: 0 is kept, an unannounced X is left out."""
    assert Cast(by="Ana", card="Bola", x=0).to_script()["x"] == 0
    assert "x" not in Cast(by="Ana", card="Chispa").to_script()
    assert Activate(by="Ana", source="horno", x=0).to_script()["x"] == 0
    import random

    from judge.engine.rulesets.magic import Magic, legal
    doc = {"ruleset": "magic", "title": "x", "cards": CARDS,
           "players": [{"name": "Ana", "hand": [{"card": "Bola", "id": "bola"}, {"card": "Chispa", "id": "chispa"}],
                        "battlefield": [*LANDS, {"card": "Horno", "id": "horno"}]}, {"name": "Bruno"}],
           "turn": {"number": 3, "active": "Ana", "step": "main1"}}
    state, _ = Magic.start(load_scenario(doc), random.Random(0))
    offered = legal.legal_actions(state)
    assert {a.x for a in offered if isinstance(a, Cast) and a.card == "bola"} == {1}
    assert {a.x for a in offered if isinstance(a, Cast) and a.card == "chispa"} == {None}
    assert {a.x for a in offered if isinstance(a, Activate) and a.source == "horno"} == {0}
