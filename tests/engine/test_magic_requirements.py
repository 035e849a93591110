"""Requirements and prohibitions: "can't be countered" (101.2), "must be blocked if able" and "blocks it this turn
if able" (509.1c), a granted triggered ability (613.1f), "its activated abilities can't be activated" (602.5)."""
from __future__ import annotations

from typing import Any

from judge.engine import Trace, run_scenario
from judge.scenarios import load_scenario

BEAR = {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2}


def run(cards: dict[str, Any], players: list[dict[str, Any]], actions: list[Any], expect: list[Any]) -> Trace:
    return run_scenario(load_scenario({"ruleset": "magic", "title": "prueba", "cards": cards, "players": players,
                                       "turn": {"number": 3, "active": "Ana", "step": "main1"},
                                       "actions": actions, "expect": expect}))


def failed(trace: Trace) -> list[str]:
    return [s.summary for s in trace.failed_expectations]


def test_a_spell_that_cant_be_countered_stays_on_the_stack_and_the_counterspell_does_the_rest() -> None:
    """101.2: the "can't" effect takes precedence; the counterspell still resolves (its draw happens)."""
    cards = {"Terco": dict(BEAR, keywords=["uncounterable"]),
             "Anular": {"cost": "{U}", "types": ["instant"], "targets": ["spell"],
                        "effects": [{"counter_spell": True}, {"draw": 1}]}}
    t = run(cards, [{"name": "Ana", "mana_pool": {"G": 2}, "hand": [{"card": "Terco", "id": "t"}]},
                    {"name": "Bruno", "mana_pool": {"U": 1}, "hand": ["Anular"], "library": ["Isla"]}],
            [{"by": "Ana", "cast": "t"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "cast": "Anular", "target": "t"},
             {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True},
             {"expect": [{"stack": ["Terco"]}, {"player": "Bruno", "hand_count": 1}]},
             {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
            [{"object": "t", "zone": "battlefield"}])
    assert not failed(t), failed(t)


def _lure_cards() -> dict[str, Any]:
    lure = {"when": "attacks", "targets": ["creature"], "effects": [{"must_block": "target"}]}
    return {"Osos": BEAR, "Señuelo": {"cost": "{G}", "types": ["sorcery"], "targets": ["creature"],
                                      "effects": [{"grant": ["trample"], "triggers": [lure], "to": "target"}]}}


def test_a_granted_attack_trigger_makes_its_target_block_if_able() -> None:
    """613.1f: the granted ability triggers (508.1m); 509.1c: a declaration obeying fewer requirements than
    possible is illegal, so the target must block the attacker; passing to a later step does not skip it."""
    t = run(_lure_cards(),
            [{"name": "Ana", "mana_pool": {"G": 1}, "hand": ["Señuelo"], "battlefield": [{"card": "Osos", "id": "a"}]},
             {"name": "Bruno", "battlefield": [{"card": "Osos", "id": "x"}, {"card": "Osos", "id": "y"}]}],
            [{"by": "Ana", "cast": "Señuelo", "target": "a"}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}, {"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["a"]},
             {"by": "Ana", "choose": "x"}, {"pass_until": "main2"}, {"by": "Bruno", "block": {}},
             {"by": "Bruno", "block": {"y": "a"}}, {"by": "Bruno", "block": {"x": "a"}}],
            [{"steps": {"kind": "illegal", "count": 2, "cites": "cr-en/509.1c"}}, {"object": "x", "zone": "graveyard"},
             {"phase": "main2"}])
    assert not failed(t), failed(t)


def test_a_requirement_that_cannot_be_obeyed_asks_nothing() -> None:
    """509.1c: a creature that can't block the attacker (here it is tapped) leaves the declaration free."""
    t = run(_lure_cards(),
            [{"name": "Ana", "mana_pool": {"G": 1}, "hand": ["Señuelo"], "battlefield": [{"card": "Osos", "id": "a"}]},
             {"name": "Bruno", "battlefield": [{"card": "Osos", "id": "x", "tapped": True},
                                               {"card": "Osos", "id": "y"}]}],
            [{"by": "Ana", "cast": "Señuelo", "target": "a"}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}, {"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["a"]},
             {"by": "Ana", "choose": "x"}, {"pass_until": "main2"}],
            [{"player": "Bruno", "life": 18}, {"steps": {"kind": "illegal", "count": 0}}])
    assert not failed(t), failed(t)


def test_activated_abilities_that_cant_be_activated() -> None:
    """602.5: a player can't begin to activate a prohibited ability (mana abilities too)."""
    cards = {"Prisión": {"cost": "{W}", "types": ["enchantment"], "subtypes": ["Aura"], "targets": ["creature"],
                         "static": [{"grant": ["cant_activate"], "to": "enchanted"}]},
             "Elfo": {"cost": "{G}", "types": ["creature"], "power": 1, "toughness": 1,
                      "activated": [{"tap": True, "effects": [{"add_mana": "{G}"}]}]}}
    t = run(cards, [{"name": "Ana", "battlefield": [{"card": "Elfo", "id": "e"},
                                                    {"card": "Prisión", "id": "p", "attached_to": "e"}]},
                    {"name": "Bruno"}],
            [{"by": "Ana", "mana": ["e"]}, {"by": "Ana", "activate": "e"}],
            [{"object": "e", "tapped": False}, {"steps": {"kind": "illegal", "count": 2, "cites": "cr-en/602.5"}}])
    assert not failed(t), failed(t)
