"""What players build (issue 17): Equipment and equip (301.5, 702.6, 704.5n), power/toughness from a count (613.4),
the shared object filter (filters.py: `subtype:X`, `non<quality>`), entering as a copy (707.5) and damage doubling
and source-based prevention (614.1a, 615.1, 616.1), each written inline as a scenario would."""
from __future__ import annotations

from typing import Any

import pytest

from judge.engine import Trace, run_scenario
from judge.messages import Message
from judge.scenarios import ScenarioError, load_scenario

BEAR = {"cost": "{1}{G}", "types": ["creature"], "subtypes": ["Oso"], "power": 2, "toughness": 2}
ELF = {"cost": "{G}", "types": ["creature"], "subtypes": ["Elfo"], "power": 1, "toughness": 1}
SWORD = {"cost": "{2}", "types": ["artifact"], "subtypes": ["Equipment"], "equip": "{1}",
         "static": [{"pump": [2, 0], "to": "equipped"}]}


def run(cards: dict[str, Any], players: list[dict[str, Any]], actions: list[Any], expect: list[Any]) -> Trace:
    return run_scenario(load_scenario({"ruleset": "magic", "title": "prueba", "cards": cards, "players": players,
                                       "turn": {"number": 3, "active": "Ana", "step": "main1"},
                                       "actions": actions, "expect": expect}))


def failed(trace: Trace) -> list[str]:
    return [s.summary for s in trace.failed_expectations]


def error_ids(cards: dict[str, Any]) -> list[str]:
    """The message ids of the errors of a scenario with these inline cards."""
    with pytest.raises(ScenarioError) as exc:
        load_scenario({"ruleset": "magic", "title": "prueba", "cards": cards, "players": [{"name": "Ana"},
                                                                                          {"name": "Bruno"}]})
    return [e.said.id for e in exc.value.errors if e.said is not None]


def test_equip_is_only_for_equipment_and_define_pt_only_static_on_itself() -> None:
    assert "magic.card.equip_not_equipment" in error_ids({"Espada": {**SWORD, "subtypes": []}})
    assert "magic.verb.define_pt_static" in error_ids({"Rayo": {"types": ["instant"],
                                                                 "effects": [{"define_pt": [1, 1]}]}})
    assert "magic.verb.define_pt_self" in error_ids({"Señor": {**ELF, "static": [{
        "define_pt": ["count", 1], "to": "all_creatures", "count": "all_creatures"}]}})
    assert "magic.verb.count_needed" in error_ids({"Elfo": {**ELF, "static": [{"pump": ["count", "count"]}]}})
    assert "magic.card.unknown_quality" in error_ids({"Elfo": {**ELF, "static": [{"pump": [1, 1],
                                                                                  "to": "all_creatures",
                                                                                  "where": ["nonsense"]}]}})


def test_equip_at_instant_speed_is_illegal_and_a_control_change_keeps_it_attached() -> None:
    """602.5d: equip only in its controller's main phase with the stack empty; 301.5d: the creature changing
    control leaves the Equipment attached, its bonus now on an opponent's creature."""
    steal = {"cost": "{R}", "types": ["instant"], "targets": ["creature"], "effects": [{"gain_control": "target"}]}
    growth = {"cost": "{G}", "types": ["instant"], "targets": ["creature"], "effects": [{"pump": [1, 1]}]}
    players = [{"name": "Ana", "hand": [{"card": "Crecer", "id": "crecer"}],
                "battlefield": [{"card": "Espada", "id": "espada", "attached_to": "osos"},
                                {"card": "Osos", "id": "osos"}, {"card": "Osos", "id": "osos2"},
                                {"card": "Bosque", "id": "b1"}, {"card": "Bosque", "id": "b2"}]},
               {"name": "Bruno", "hand": [{"card": "Robo", "id": "robo"}],
                "battlefield": [{"card": "Montaña", "id": "m"}]}]
    t = run({"Espada": SWORD, "Osos": BEAR, "Robo": steal, "Crecer": growth}, players,
            [{"by": "Ana", "cast": "crecer", "target": "osos2", "tap": ["b1"]},
             {"by": "Ana", "activate": "espada", "target": "osos2", "tap": ["b2"]},      # the stack isn't empty
             {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "cast": "robo", "target": "osos", "tap": ["m"]},
             {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True}],
            [{"object": "osos", "controller": "Bruno", "power": 4}, {"object": "espada", "attached_to": "osos",
                                                                     "controller": "Ana"}])
    assert any(s.kind == "illegal" and "cr-en/602.5d" in s.citations for s in t.steps)
    assert not failed(t), failed(t)


def test_an_equipment_that_becomes_a_creature_becomes_unattached() -> None:
    """301.5c / 704.5n: an Equipment that's also a creature can't equip a creature."""
    animate = {"cost": "{U}", "types": ["instant"], "targets": ["artifact"],
               "effects": [{"add_type": ["creature"]}, {"set_pt": [3, 3]}]}
    players = [{"name": "Ana", "hand": [{"card": "Animar", "id": "animar"}],
                "battlefield": [{"card": "Espada", "id": "espada", "attached_to": "osos"},
                                {"card": "Osos", "id": "osos"}, {"card": "Isla", "id": "i"}]}, {"name": "Bruno"}]
    t = run({"Espada": SWORD, "Osos": BEAR, "Animar": animate}, players,
            [{"expect": [{"object": "osos", "power": 4}]},
             {"by": "Ana", "cast": "animar", "target": "espada", "tap": ["i"]},
             {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
            [{"object": "espada", "attached_to": None, "zone": "battlefield"}, {"object": "osos", "power": 2}])
    assert not failed(t), failed(t)
    assert any(s.kind == "state-based" and "cr-en/704.5n" in s.citations for s in t.steps)


def test_a_count_static_follows_the_board_and_a_resolved_count_is_locked_in() -> None:
    """613.4: "+1/+1 for each other Elf you control" recounts as Elves come and go; "target creature becomes X/X,
    where X is the number of Elves you control" counts once, as it resolves (608.2h)."""
    lord = {**ELF, "static": [{"pump": ["count", "count"], "count": "other_creatures_you_control",
                               "count_where": ["subtype:Elfo"]}]}
    become = {"cost": "{G}", "types": ["instant"], "targets": ["creature"],
              "effects": [{"set_pt": ["count", "count"], "count": "creatures_you_control",
                           "count_where": ["subtype:Elfo"]}]}
    kill = {"cost": "{B}", "types": ["instant"], "targets": ["creature"], "effects": [{"destroy": "target"}]}
    players = [{"name": "Ana", "hand": [{"card": "Volverse", "id": "v"}, {"card": "Matar", "id": "k"}],
                "mana_pool": {"G": 1, "B": 1},
                "battlefield": [{"card": "Señor", "id": "s"}, {"card": "Elfo", "id": "e1"},
                                {"card": "Elfo", "id": "e2"}, {"card": "Osos", "id": "o"}]}, {"name": "Bruno"}]
    t = run({"Señor": lord, "Elfo": ELF, "Osos": BEAR, "Volverse": become, "Matar": kill}, players,
            [{"expect": [{"object": "s", "power": 3}]},
             {"by": "Ana", "cast": "v", "target": "o"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
             {"expect": [{"object": "o", "power": 3, "toughness": 3}]},
             {"by": "Ana", "cast": "k", "target": "e1"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
            [{"object": "s", "power": 2, "toughness": 2}, {"object": "o", "power": 3}])
    assert not failed(t), failed(t)


def test_negated_and_subtype_qualities_select_in_a_group_effect() -> None:
    """109.2 / 205.3: "destroy all non-Elf creatures" keeps the Elves; "nonB" reads colour."""
    purge = {"cost": "{B}", "types": ["sorcery"],
             "effects": [{"destroy": True, "to": "all_creatures", "where": ["non-subtype:Elfo", "nonB"]}]}
    black = {**BEAR, "cost": "{1}{B}"}
    players = [{"name": "Ana", "hand": [{"card": "Purga", "id": "p"}], "mana_pool": {"B": 1},
                "battlefield": [{"card": "Elfo", "id": "e"}, {"card": "Osos", "id": "o"},
                                {"card": "Oso negro", "id": "n"}]}, {"name": "Bruno"}]
    t = run({"Elfo": ELF, "Osos": BEAR, "Oso negro": black, "Purga": purge}, players,
            [{"by": "Ana", "cast": "p"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
            [{"object": "e", "zone": "battlefield"}, {"object": "n", "zone": "battlefield"},
             {"object": "o", "zone": "graveyard"}])
    assert not failed(t), failed(t)


def test_entering_as_a_copy_may_be_declined() -> None:
    """707.5: "you may": answering none, the Clone enters as itself (0/0: it dies, 704.5f)."""
    clone = {"cost": "{U}", "types": ["creature"], "power": 0, "toughness": 0,
             "replacements": [{"event": "enters", "choose": "copy"}]}
    players = [{"name": "Ana", "hand": [{"card": "Clon", "id": "c"}], "mana_pool": {"U": 1},
                "battlefield": [{"card": "Osos", "id": "o"}]}, {"name": "Bruno"}]
    t = run({"Clon": clone, "Osos": BEAR}, players,
            [{"by": "Ana", "cast": "c"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
             {"by": "Ana", "choose": "none"}],
            [{"object": "c", "zone": "graveyard"}])
    assert not failed(t), failed(t)


def test_doubling_still_applies_when_damage_cant_be_prevented() -> None:
    """615.12 stops prevention, not the replacement that doubles (614.1a)."""
    furnace = {"cost": "{R}", "types": ["enchantment"], "replacements": [{"event": "damage_dealt"}]}
    circle = {"cost": "{W}", "types": ["enchantment"], "replacements": [{"event": "prevent_from", "where": ["R"]}]}
    bolt = {"cost": "{R}", "types": ["instant"], "targets": ["any"], "keywords": ["unpreventable"],
            "effects": [{"damage": 3, "to": "target"}]}
    players = [{"name": "Ana", "hand": [{"card": "Rayo", "id": "r"}], "mana_pool": {"R": 1},
                "battlefield": [{"card": "Horno", "id": "h"}]},
               {"name": "Bruno", "battlefield": [{"card": "Círculo", "id": "c"}]}]
    t = run({"Horno": furnace, "Círculo": circle, "Rayo": bolt}, players,
            [{"by": "Ana", "cast": "r", "target": "Bruno"}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}],
            [{"player": "Bruno", "life": 14}])
    assert not failed(t), failed(t)


def test_a_token_that_enters_as_a_copy_is_a_copy_and_a_token() -> None:
    """707.5 / 111.1: a token of a Clone chooses as it is created; it copies the creature and is still a token."""
    maker = {"cost": "{U}", "types": ["sorcery"], "effects": [{"create_token": {
        "name": "Clon ficha", "types": ["creature"], "power": 0, "toughness": 0,
        "replacements": [{"event": "enters", "choose": "copy"}]}}]}
    players = [{"name": "Ana", "hand": [{"card": "Hacer", "id": "h"}], "mana_pool": {"U": 1},
                "battlefield": [{"card": "Osos", "id": "o"}]}, {"name": "Bruno"}]
    t = run({"Hacer": maker, "Osos": BEAR}, players,
            [{"by": "Ana", "cast": "h"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
             {"by": "Ana", "choose": "o"}],
            [{"player": "Ana", "battlefield_count": 2}])
    assert not failed(t), failed(t)
    made = [s for s in t.steps if "cr-en/707.5" in s.citations]
    assert len(made) == 1 and made[0].kind == "resolution", [s.summary for s in t.steps]
    assert made[0].message == Message("magic.effect.token_copy", source="Hacer", token="Clon ficha", power=0,
                                      toughness=0, id="ficha-1", model="Osos (o)")
    assert made[0].events[0].kind == "move"
