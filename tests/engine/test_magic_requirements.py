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


def test_an_aura_attaches_to_the_creature_an_opponent_just_put_onto_the_battlefield() -> None:
    """701.3a/701.3c: «siempre que una criatura entre en juego bajo el control de un oponente, puedes anexarle esta
    Aura a esa criatura»; 701.3b: to one it can't enchant it doesn't move (here a noncreature: no trigger at all)."""
    cards = {"Osos": BEAR, "Red": {"cost": "{W}", "types": ["enchantment"], "subtypes": ["Aura"],
                                   "targets": ["creature"], "static": [{"grant": ["cant_attack"], "to": "enchanted"}],
                                   "triggers": [{"when": "enters", "of": "opponents_creature",
                                                 "effects": [{"attach": "that_creature", "may": True}]}]}}
    t = run(cards, [{"name": "Ana", "mana_pool": {"G": 2}, "hand": [{"card": "Osos", "id": "mio"}],
                     "battlefield": [{"card": "Red", "id": "red", "attached_to": "suyo"}]},
                    {"name": "Bruno", "mana_pool": {"G": 2}, "hand": [{"card": "Osos", "id": "nuevo"}],
                     "battlefield": [{"card": "Osos", "id": "suyo"}]}],
            [{"by": "Ana", "cast": "mio"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
             {"expect": [{"stack": []}]}, {"pass_until": "upkeep"}, {"pass_until": "main1"},
             {"by": "Bruno", "cast": "nuevo"}, {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True}, {"by": "Ana", "choose": "no"},
             {"expect": [{"object": "red", "attached_to": "suyo"}]}],
            [{"object": "suyo", "keywords": ["cant_attack"]}])
    assert not failed(t), failed(t)


def test_a_card_discarded_by_an_opponents_effect_goes_onto_the_battlefield_instead() -> None:
    """614.1a: «si un hechizo o habilidad que controle un oponente te hace descartar esta carta, ponla en juego en
    vez de ponerla en tu cementerio»; discarded by its owner's own effect, it goes to the graveyard (701.9a)."""
    cards = {"Sierva": dict(BEAR, replacements=[{"event": "opponent_discard"}]),
             "Coerción": {"cost": "{B}", "types": ["sorcery"], "targets": ["player"],
                          "effects": [{"discard": True, "to": "target"}]}}
    t = run(cards, [{"name": "Ana", "mana_pool": {"B": 2}, "hand": ["Coerción", "Coerción"]},
                    {"name": "Bruno", "hand": [{"card": "Sierva", "id": "s"}]}],
            [{"by": "Ana", "cast": "Coerción", "target": "Bruno"}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}, {"by": "Bruno", "choose": "s"}],
            [{"object": "s", "zone": "battlefield", "controller": "Bruno"}])
    assert not failed(t), failed(t)
    own = run(cards, [{"name": "Ana", "mana_pool": {"B": 1}, "hand": ["Coerción", {"card": "Sierva", "id": "s"}]},
                      {"name": "Bruno"}],
              [{"by": "Ana", "cast": "Coerción", "target": "Ana"}, {"by": "Ana", "pass": True},
               {"by": "Bruno", "pass": True}, {"by": "Ana", "choose": "s"}],
              [{"object": "s", "zone": "graveyard"}])
    assert not failed(own), failed(own)
