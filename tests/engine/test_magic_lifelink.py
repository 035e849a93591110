"""Lifelink (702.15b) with damage dealt at once to several recipients: one life-gain event for the total (119.9),
in combat (scenario 49) and from a spell or ability's one instruction."""
from __future__ import annotations

from judge.engine import run_scenario
from judge.scenarios import load_scenario


def test_an_ability_dealing_damage_to_each_opponent_and_creature_gains_life_once() -> None:
    """«Hace 1 de daño a cada criatura»: three damage events at once, one gain of 3; "whenever you gain life"
    triggers once."""
    cards = {"Sacerdote": {"cost": "{2}{B}", "types": ["creature"], "power": 1, "toughness": 3,
                           "keywords": ["lifelink"],
                           "activated": [{"cost": "{B}", "effects": [{"damage": 1, "to": "all_creatures"}]}]},
             "Ángel": {"cost": "{W}", "types": ["creature"], "power": 1, "toughness": 3,
                       "triggers": [{"when": "life_gain", "effects": [{"counters": {"+1/+1": 1}, "to": "self"}]}]},
             "Oso": {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2}}
    doc = {"ruleset": "magic", "title": "vínculo vital", "cards": cards,
           "players": [{"name": "Ana", "mana_pool": {"B": 1},
                        "battlefield": [{"card": "Sacerdote", "id": "s"}, {"card": "Ángel", "id": "a"}]},
                       {"name": "Bruno", "battlefield": [{"card": "Oso", "id": "o"}]}],
           "turn": {"number": 3, "active": "Ana", "step": "main1"},
           "actions": [{"by": "Ana", "activate": "s"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
                       {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
           "expect": [{"player": "Ana", "life": 23}, {"object": "a", "counters": {"+1/+1": 1}},
                      {"steps": {"kind": "trigger", "count": 1}},
                      {"steps": {"kind": "resolution", "count": 1, "cites": "cr-en/119.9"}}]}
    trace = run_scenario(load_scenario(doc))
    assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
