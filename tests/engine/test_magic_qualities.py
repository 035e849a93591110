"""Qualities (`where`), conditional statics (`while`), `lose`, chosen colours and any-colour mana: the pieces the
Shadowmoor colour cards are built from, each written inline as a scenario would (docs/scenarios.md, magic)."""
from __future__ import annotations

from typing import Any

import pytest

from judge.engine import Trace, run_scenario
from judge.scenarios import ScenarioError, load_scenario

BEAR = {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2}


def run(cards: dict[str, Any], players: list[dict[str, Any]], actions: list[Any], expect: list[Any],
        step: str = "main1") -> Trace:
    return run_scenario(load_scenario({"ruleset": "magic", "title": "prueba", "cards": cards, "players": players,
                                       "turn": {"number": 3, "active": "Ana", "step": step},
                                       "actions": actions, "expect": expect}))


def failed(trace: Trace) -> list[str]:
    return [s.summary for s in trace.failed_expectations]


def test_a_static_with_where_applies_only_to_objects_with_the_quality() -> None:
    """613.4c with 105.2: «Las otras criaturas verdes que controlas obtienen +1/+1» reads colour as it is now."""
    cards = {"Osos": BEAR, "Kithkin": {"cost": "{W}", "types": ["creature"], "power": 1, "toughness": 1},
             "Señor": {"cost": "{G}", "types": ["creature"], "power": 1, "toughness": 1,
                       "static": [{"pump": [1, 1], "to": "other_creatures_you_control", "where": ["G"]}]},
             "Pintura": {"cost": "{G}", "types": ["instant"], "targets": ["creature"],
                         "effects": [{"set_color": ["W"]}]}}
    t = run(cards, [{"name": "Ana", "mana_pool": {"G": 1}, "hand": ["Pintura"],
                     "battlefield": [{"card": "Señor", "id": "s"}, {"card": "Osos", "id": "o"},
                                     {"card": "Kithkin", "id": "k"}]}, {"name": "Bruno"}],
            [{"expect": [{"object": "o", "power": 3}, {"object": "k", "power": 1}, {"object": "s", "power": 1}]},
             {"by": "Ana", "cast": "Pintura", "target": "o"}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}],
            [{"object": "o", "power": 2, "colors": ["W"]}])
    assert not failed(t), failed(t)


def test_a_group_effect_locks_in_the_unblocked_creatures_as_it_resolves(h: Any) -> None:
    """611.2c / 509.1h: "each unblocked creature" before blockers are declared is nobody; after, the attackers no
    creature blocked, and they stay 4/1 after combat."""
    cards = {"Osos": BEAR, "Bruja": {"cost": "{U}", "types": ["creature"], "power": 1, "toughness": 1,
                                     "activated": [{"cost": "{1}", "effects": [
                                         {"set_pt": [4, 1], "to": "all_creatures", "where": ["unblocked"]}]}]}}
    players = [{"name": "Ana", "battlefield": [{"card": "Bruja", "id": "b", "tapped": True},
                                               {"card": "Osos", "id": "o"}, {"card": "Osos", "id": "o2"},
                                               {"card": "Isla", "id": "i"}]},
               {"name": "Bruno", "battlefield": [{"card": "Osos", "id": "x"}]}]
    early = run(cards, players, [{"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["o"]},
                                 {"by": "Ana", "activate": "b", "tap": ["i"]}, {"by": "Ana", "pass": True},
                                 {"by": "Bruno", "pass": True}, {"expect": [{"object": "o", "attacking": True}]}],
                [{"object": "o", "power": 2}, {"steps": {"kind": "illegal", "count": 0}}], step="beginning_of_combat")
    assert not failed(early), failed(early)
    assert any("cr-en/611.2c" in s.citations and "magic.lasting.none_now" in h.ids(s) for s in early.steps)
    t = run(cards, players,
            [{"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["o", "o2"]},
             {"pass_until": "declare_blockers"}, {"by": "Bruno", "block": {"x": "o2"}},
             {"by": "Ana", "activate": "b", "tap": ["i"]}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}, {"pass_until": "main2"}],
            [{"object": "o", "power": 4, "toughness": 1, "attacking": False}, {"object": "o2", "power": 2}])
    assert not failed(t), failed(t)


def test_a_static_for_attacking_creatures_starts_and_stops_with_combat() -> None:
    """611.3a / 508.1k / 511.3: a static ability's set is what its text says at each moment."""
    cards = {"Osos": BEAR, "Rapaz": {"cost": "{W}", "types": ["enchantment"], "static": [
        {"grant": ["lifelink"], "to": "creatures_you_control", "where": ["attacking"]}]}}
    t = run(cards, [{"name": "Ana", "battlefield": ["Rapaz", {"card": "Osos", "id": "o"}]}, {"name": "Bruno"}],
            [{"expect": [{"object": "o", "keywords": []}]}, {"pass_until": "declare_attackers"},
             {"by": "Ana", "attack": ["o"]}, {"expect": [{"object": "o", "keywords": ["lifelink"]}]},
             {"pass_until": "main2"}],
            [{"player": "Ana", "life": 22}, {"object": "o", "keywords": []}])
    assert not failed(t), failed(t)


def test_a_conditional_static_applies_only_while_its_condition_holds() -> None:
    """604.1: «obtiene +4/+8 mientras una biblioteca tenga veinte o menos cartas»."""
    cards = {"Kraken": {"cost": "{U}", "types": ["creature"], "power": 1, "toughness": 1,
                        "static": [{"pump": [4, 8], "while": {"library_at_most": 1}}]}}
    t = run(cards, [{"name": "Ana", "library": ["Isla", "Isla"], "battlefield": [{"card": "Kraken", "id": "k"}]},
                    {"name": "Bruno", "library": ["Isla", "Isla"]}],
            [{"expect": [{"object": "k", "power": 1}]}, {"pass_until": "upkeep"}, {"pass_until": "main1"}],
            [{"player": "Bruno", "library_count": 1}, {"object": "k", "power": 5, "toughness": 9}])
    assert not failed(t), failed(t)


def test_lose_removes_a_keyword_until_end_of_turn() -> None:
    """613.1f / 113.10b: an ability-removing effect removes every instance of it."""
    cards = {"Halcón": {"cost": "{W}", "types": ["creature"], "power": 1, "toughness": 1, "keywords": ["flying"]},
             "Red": {"cost": "{U}", "types": ["instant"], "targets": ["creature"], "effects": [{"lose": ["flying"]}]}}
    t = run(cards, [{"name": "Ana", "mana_pool": {"U": 1}, "hand": ["Red"]},
                    {"name": "Bruno", "battlefield": [{"card": "Halcón", "id": "h"}]}],
            [{"by": "Ana", "cast": "Red", "target": "h"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
             {"expect": [{"object": "h", "keywords": []}]}, {"pass_until": "upkeep"}],
            [{"object": "h", "keywords": ["flying"]}])
    assert not failed(t), failed(t)


def test_chosen_colours_and_any_colour_mana_are_asked_and_colourless_is_refused() -> None:
    """105.1 / 105.2c: "the color or colors of your choice" and "one mana of any color": a `color` question."""
    cards = {"Osos": BEAR, "Prisma": {"cost": "{1}", "types": ["artifact"], "activated": [
        {"tap": True, "effects": [{"add_mana": "any"}]},
        {"cost": "{1}", "targets": ["creature"], "effects": [{"set_color": "chosen"}]}]}}
    t = run(cards, [{"name": "Ana", "battlefield": [{"card": "Prisma", "id": "p"}, {"card": "Osos", "id": "o"}]},
                    {"name": "Bruno"}],
            [{"by": "Ana", "mana": ["p"]}, {"by": "Ana", "choose": ["C"]}, {"by": "Ana", "choose": ["R"]},
             {"expect": [{"player": "Ana", "mana_pool": {"R": 1}}]},
             {"by": "Ana", "activate": "p", "ability": 1, "target": "o"}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}, {"by": "Ana", "choose": ["C", "U"]}, {"by": "Ana", "choose": ["U", "B"]}],
            [{"object": "o", "colors": ["U", "B"]}, {"steps": {"kind": "illegal", "count": 2}},
             {"steps": {"kind": "illegal", "count": 1, "cites": "cr-en/105.2c"}}])
    assert not failed(t), failed(t)


def test_a_target_spec_with_where_refuses_a_target_without_the_quality() -> None:
    """115.1 / 205.4a: "target nonlegendary creature"."""
    cards = {"Osos": BEAR, "Héroe": dict(BEAR, supertypes=["legendary"]),
             "Hechizo": {"cost": "{U}", "types": ["instant"],
                         "targets": [{"type": "creature", "where": ["nonlegendary"]}], "effects": [{"tap": True}]}}
    t = run(cards, [{"name": "Ana", "mana_pool": {"U": 1}, "hand": ["Hechizo"],
                     "battlefield": [{"card": "Héroe", "id": "h"}, {"card": "Osos", "id": "o"}]}, {"name": "Bruno"}],
            [{"by": "Ana", "cast": "Hechizo", "target": "h"}, {"by": "Ana", "cast": "Hechizo", "target": "o"},
             {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
            [{"object": "o", "tapped": True}, {"object": "h", "tapped": False},
             {"steps": {"kind": "illegal", "count": 1}}])
    assert not failed(t), failed(t)


def test_destroying_several_permanents_decides_indestructible_for_all_at_once() -> None:
    """608.2f / 702.12b: an Aura granting indestructible, destroyed in the same event, still saves its creature."""
    cards = {"Osos": BEAR, "Escudo": {"cost": "{G}", "types": ["enchantment"], "subtypes": ["Aura"],
                                      "targets": ["creature"],
                                      "static": [{"grant": ["indestructible"], "to": "enchanted"}]},
             "Ira": {"cost": "{W}", "types": ["sorcery"], "effects": [{"destroy": "all_permanents"}]}}
    t = run(cards, [{"name": "Ana", "mana_pool": {"W": 1}, "hand": ["Ira"],
                     "battlefield": [{"card": "Escudo", "id": "e", "attached_to": "o"}, {"card": "Osos", "id": "o"}]},
                    {"name": "Bruno"}],
            [{"by": "Ana", "cast": "Ira"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
            [{"object": "o", "zone": "battlefield"}, {"object": "e", "zone": "graveyard"}])
    assert not failed(t), failed(t)


def test_where_is_refused_where_it_cannot_filter() -> None:
    doc = {"ruleset": "magic", "title": "x", "players": [{"name": "Ana"}, {"name": "Bruno"}],
           "cards": {"Mal": {"types": ["instant"], "effects": [{"draw": 1, "where": ["G"]}]},
                     "Peor": {"types": ["artifact"], "static": [{"pump": [1, 1], "while": {"lands": 3}}]},
                     "Raro": {"types": ["instant"], "targets": [{"type": "creature", "where": ["azul"]}],
                              "effects": [{"tap": True}]}}}
    with pytest.raises(ScenarioError) as exc:
        load_scenario(doc)
    paths = {e.path for e in exc.value.errors}
    assert {"cards.Mal.effects[0].where", "cards.Peor.static[0].while.lands",
            "cards.Raro.targets[0].where[0]"} <= paths, paths


def test_an_enters_trigger_for_a_creature_of_a_colour_under_your_control() -> None:
    """603.2 / 105.2: «siempre que una criatura azul entre en juego bajo tu control»: not a green one, not an
    opponent's blue one."""
    cards = {"Osos": BEAR, "Tritón": {"cost": "{1}", "colors": ["U"], "types": ["creature"], "power": 1,
                                     "toughness": 1},
             "Corriente": {"cost": "{U}", "types": ["enchantment"], "triggers": [
                 {"when": "enters", "of": "your_creature", "where": ["U"], "effects": [{"gain_life": 1}]}]}}
    t = run(cards, [{"name": "Ana", "mana_pool": {"G": 3}, "hand": [{"card": "Tritón", "id": "t"},
                                                                        {"card": "Osos", "id": "o"}],
                     "battlefield": ["Corriente"]}, {"name": "Bruno"}],
            [{"by": "Ana", "cast": "o"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
             {"expect": [{"stack": []}]}, {"by": "Ana", "cast": "t"}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
            [{"player": "Ana", "life": 21}])
    assert not failed(t), failed(t)
