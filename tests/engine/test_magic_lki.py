"""Leaves-the-battlefield triggers read their source's last known information (400.7, 603.10a, 608.2h, 113.7a):
the object that left, as it last existed on the battlefield, never the card it became in its new zone; effects
that act on that card in its new zone (persist, 702.79a) still find it."""
from __future__ import annotations

from typing import Any

from judge.engine import run_scenario
from judge.messages import Message
from judge.scenarios import load_scenario

MARTIR = {"cost": "{1}{W}", "types": ["creature"], "power": 2, "toughness": 2,
          "triggers": [{"when": "dies", "effects": [{"gain_life": 1, "count": "source_power"}]}]}
CRECER = {"cost": "{G}", "types": ["instant"], "targets": ["creature"], "effects": [{"pump": [3, 3], "to": "target"}]}
IRA = {"cost": "", "types": ["sorcery"], "effects": [{"destroy": True, "to": "all_creatures"}]}
PASS = [{"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}]


def _run(doc: dict[str, Any]) -> Any:
    trace = run_scenario(load_scenario({"ruleset": "magic", "title": "lki", **doc}))
    assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
    assert trace.stopped != "eleccion", trace.steps[-1].summary
    return trace


def _pumped_then_destroyed(name: str, card: dict[str, Any], oid: str) -> Any:
    """Ana's 2/2 `card` (id `oid`) is pumped to 5/5 (Crecer), then every creature is destroyed (Ira)."""
    return _run({"cards": {name: card, "Crecer": CRECER, "Ira": IRA},
                 "players": [{"name": "Ana", "mana_pool": "G", "hand": ["Crecer", "Ira"],
                              "battlefield": [{"card": name, "id": oid}]}, {"name": "Bruno"}],
                 "turn": {"number": 3, "active": "Ana", "step": "main1"},
                 "actions": [{"by": "Ana", "cast": "Crecer", "target": oid}, *PASS,
                             {"by": "Ana", "cast": "Ira"}, *PASS, *PASS],
                 "expect": [{"stack": []}]})


def _life(trace: Any, who: str) -> int:
    return next(p["life"] for p in trace.steps[-1].board["players"] if p["name"] == who)


def test_a_dies_trigger_reads_the_power_its_source_had_as_it_died() -> None:
    """608.2h: "if it's no longer in that zone … the effect uses the object's last known information"; 113.7a.
    A 2/2 pumped to 5/5 that dies gains its controller 5 life, not the 2 of the card in the graveyard."""
    trace = _pumped_then_destroyed("Martir", MARTIR, "martir")
    assert _life(trace, "Ana") == 25


def test_a_leaves_trigger_reads_the_counters_its_source_had() -> None:
    """603.10a: leaves-the-battlefield abilities look back in time; 113.7a/608.2h: a 1/1 with three +1/+1
    counters that is returned to its owner's hand draws 4 (its power as it left), not 1 (the card in hand)."""
    card = {"cost": "{1}{U}", "types": ["creature"], "power": 1, "toughness": 1,
            "triggers": [{"when": "leaves", "effects": [{"draw": 1, "count": "source_power"}]}]}
    bounce = {"cost": "", "types": ["instant"], "targets": ["creature"], "effects": [{"bounce": True, "to": "target"}]}
    _run({"cards": {"Mensajero": card, "Devolver": bounce},
          "players": [{"name": "Ana", "hand": ["Devolver"], "library": ["Isla"] * 5,
                       "battlefield": [{"card": "Mensajero", "id": "men", "counters": {"+1/+1": 3}}]},
                      {"name": "Bruno"}],
          "turn": {"number": 3, "active": "Ana", "step": "main1"},
          "actions": [{"by": "Ana", "cast": "Devolver", "target": "men"}, *PASS, *PASS],
          "expect": [{"player": "Ana", "hand_count": 5, "library_count": 1}, {"stack": []}]})


def test_damage_equal_to_its_power_uses_the_last_known_power_for_dies_and_leaves() -> None:
    """608.2h, 113.7a: two bombs with +1/+1 counters die together (one "dies", one "leaves"): 5 + 3 damage."""
    dies = {"cost": "{2}{R}", "types": ["creature"], "power": 2, "toughness": 2,
            "triggers": [{"when": "dies", "effects": [{"damage": 1, "count": "source_power", "to": "each_opponent"}]}]}
    leaves = {**dies, "power": 1, "toughness": 1,
              "triggers": [{"when": "leaves", "effects": [{"damage": 1, "count": "source_power",
                                                           "to": "each_opponent"}]}]}
    _run({"cards": {"Bomba": dies, "Bomba de salida": leaves, "Ira": IRA},
          "players": [{"name": "Ana", "hand": ["Ira"],
                       "battlefield": [{"card": "Bomba", "id": "bomba", "counters": {"+1/+1": 3}},
                                       {"card": "Bomba de salida", "id": "bomba2", "counters": {"+1/+1": 2}}]},
                      {"name": "Bruno"}],
          "turn": {"number": 3, "active": "Ana", "step": "main1"},
          "actions": [{"by": "Ana", "cast": "Ira"}, *PASS, {"by": "Ana", "choose": ["bomba:1", "bomba2:2"]},
                      *PASS, *PASS],
          "expect": [{"player": "Bruno", "life": 12}, {"stack": []}]})


def test_persist_still_returns_the_new_object_while_the_other_trigger_reads_the_old_one() -> None:
    """702.79a: persist returns the card that went to the graveyard (400.7: the new object, martir~2); the other
    dies trigger of the same death reads the 5/5 that died (608.2h), not the card nor the 1/1 that came back."""
    persisting = {**MARTIR, "keywords": ["persist"]}
    trace = _run({"cards": {"Martir": persisting, "Crecer": CRECER, "Ira": IRA},
                  "players": [{"name": "Ana", "mana_pool": "G", "hand": ["Crecer", "Ira"],
                               "battlefield": [{"card": "Martir", "id": "martir"}]}, {"name": "Bruno"}],
                  "turn": {"number": 3, "active": "Ana", "step": "main1"},
                  # the dies ability at the bottom: persist resolves first and the card is back when it resolves
                  "actions": [{"by": "Ana", "cast": "Crecer", "target": "martir"}, *PASS,
                              {"by": "Ana", "cast": "Ira"}, *PASS, {"by": "Ana", "choose": ["martir:1", "martir:2"]},
                              *PASS, *PASS],
                  "expect": [{"object": "martir", "current_id": "martir~3", "zone": "battlefield",
                              "counters": {"-1/-1": 1}, "power": 1}, {"stack": []}]})
    assert _life(trace, "Ana") == 25


def test_the_trigger_step_names_the_incarnation_that_left_and_the_new_one() -> None:
    """400.7: the card in the graveyard is a new object; the trigger step says its source is the object that left
    (martir, read through its last known information, 113.7a) and what it is now (martir~2)."""
    trace = _run({"cards": {"Martir": MARTIR, "Ira": IRA},
                  "players": [{"name": "Ana", "hand": ["Ira"], "battlefield": [{"card": "Martir", "id": "martir"}]},
                              {"name": "Bruno"}],
                  "turn": {"number": 3, "active": "Ana", "step": "main1"},
                  "actions": [{"by": "Ana", "cast": "Ira"}, *PASS]})
    step = next(s for s in trace.steps if s.kind == "trigger")
    gone = step.message.params["gone"]
    assert gone == Message("magic.trigger.left", source="Martir", id="martir", where=Message(
        "magic.trigger.now_in", now="martir~2", zone=Message("magic.zone.graveyard"))), step.summary
    assert "cr-en/113.7a" in step.citations and "cr-en/603.10a" in step.citations
    on_stack = Message.from_json(trace.steps[-1].board["stack"][0]["message"])
    assert on_stack.id == "magic.ability.triggered" and on_stack.params["source"] == "Martir"
    assert on_stack == step.message.params["ability"]


def test_protection_from_a_dies_triggers_source_sees_the_colour_it_had_as_it_died() -> None:
    """702.16e with 608.2h / 113.7a: a colourless artifact creature painted red dies; its "deals 2 damage to each
    opponent" comes from a red source (its last known information), so Bruno's protection from red prevents it
    (the card in the graveyard is colourless again)."""
    bomb = {"cost": "{3}", "types": ["artifact", "creature"], "power": 2, "toughness": 2,
            "triggers": [{"when": "dies", "effects": [{"damage": 2, "to": "each_opponent"}]}]}
    paint = {"cost": "", "types": ["instant"], "targets": ["creature"],
             "effects": [{"set_color": ["R"], "to": "target"}]}
    ward = {"cost": "{1}{W}", "types": ["enchantment"], "static": [{"protection": "R", "to": "controller"}]}
    trace = _run({"cards": {"Bomba": bomb, "Pintura": paint, "Ira": IRA, "Amparo": ward},
                  "players": [{"name": "Ana", "hand": ["Pintura", "Ira"],
                               "battlefield": [{"card": "Bomba", "id": "bomba"}]},
                              {"name": "Bruno", "battlefield": [{"card": "Amparo", "id": "amparo"}]}],
                  "turn": {"number": 3, "active": "Ana", "step": "main1"},
                  "actions": [{"by": "Ana", "cast": "Pintura", "target": "bomba"}, *PASS,
                              {"expect": [{"object": "bomba", "colors": ["R"]}]},
                              {"by": "Ana", "cast": "Ira"}, *PASS, *PASS],
                  "expect": [{"player": "Bruno", "life": 20}, {"object": "bomba", "colors": []}, {"stack": []}]})
    assert any("cr-en/702.16e" in s.citations for s in trace.steps)


def test_a_zone_change_trigger_that_looks_back_reads_its_sources_last_known_power(h: Any) -> None:
    """603.10a: a permanent's "whenever a card is put into a graveyard" ability sees its own move from the
    battlefield, and its source is the object that left (113.7a, 608.2h): a 2/2 pumped to 5/5 gains 5, not the 2 of
    the card in the graveyard; the trigger step names both incarnations (400.7)."""
    mourner = {"cost": "{1}{W}", "types": ["creature"], "power": 2, "toughness": 2,
               "triggers": [{"when": "zone_change", "from_zone": "battlefield", "to_zone": "graveyard",
                             "effects": [{"gain_life": 1, "count": "source_power"}]}]}
    trace = _pumped_then_destroyed("Doliente", mourner, "dol")
    assert _life(trace, "Ana") == 25
    step = next(s for s in trace.steps if s.kind == "trigger")
    left = h.said(step, "magic.trigger.left")
    assert (left.params["source"], left.params["id"]) == ("Doliente", "dol"), step.summary


OSOS = {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2}
MIMESIS = {"cost": "{U}", "types": ["instant"], "targets": ["creature", "creature"],
           "effects": [{"become_copy": 1, "to": "target", "target": 0, "duration": "permanent"}]}
MATAR = {"cost": "{B}", "types": ["instant"], "targets": ["creature"], "effects": [{"destroy": True}]}


def _copy_then_kill(copier: str, model: str, *, bruno_has_model: bool) -> Any:
    """`copier` becomes a copy of `model` (707.2), is pumped to 5/5 and destroyed; the game runs to the stack's end."""
    ana = [{"card": "Osos" if copier == "osos" else "Martir", "id": copier}]
    other = [{"card": "Martir" if model == "martir" else "Osos", "id": model}]
    return _run({"cards": {"Martir": MARTIR, "Osos": OSOS, "Mimesis": MIMESIS, "Crecer": CRECER, "Matar": MATAR},
                 "players": [{"name": "Ana", "mana_pool": {"U": 1, "G": 1, "B": 1},
                              "hand": ["Mimesis", "Crecer", "Matar"],
                              "battlefield": ana + ([] if bruno_has_model else other)},
                             {"name": "Bruno", "battlefield": other if bruno_has_model else []}],
                 "turn": {"number": 3, "active": "Ana", "step": "main1"},
                 "actions": [{"by": "Ana", "cast": "Mimesis", "targets": [copier, model]}, *PASS,
                             {"by": "Ana", "cast": "Crecer", "target": copier}, *PASS,
                             {"by": "Ana", "cast": "Matar", "target": copier}, *PASS, *PASS],
                 "expect": [{"stack": []}]})


def test_a_copy_of_a_creature_with_a_dies_ability_triggers_as_it_dies() -> None:
    """603.10a: leaves-the-battlefield abilities trigger from the permanent as it existed just before the event;
    707.2: a bear that became a copy of Mártir has Mártir's dies ability (the card in the graveyard, a bear, has
    none). Set up: Osos copies Mártir, is pumped to 5/5; act: it is destroyed; assert: its controller gains 5."""
    trace = _copy_then_kill("osos", "martir", bruno_has_model=True)
    assert _life(trace, "Ana") == 25
    trigger = next(s for s in trace.steps if s.kind == "trigger")
    assert "cr-en/603.10a" in trigger.citations


def test_a_creature_that_became_a_copy_of_a_vanilla_one_has_no_dies_ability_as_it_dies() -> None:
    """603.10a / 707.2: a Mártir that became a copy of Osos had no dies ability as it died: nothing triggers,
    though the card in the graveyard (a Mártir again) has one."""
    trace = _copy_then_kill("martir", "osos", bruno_has_model=False)
    assert _life(trace, "Ana") == 20
    assert not [s for s in trace.steps if s.kind == "trigger"]


HUMILDAD = {"cost": "{2}{W}{W}", "types": ["enchantment"],
            "static": [{"lose_abilities": True, "to": "all_creatures"}, {"set_pt": [1, 1], "to": "all_creatures"}]}
SENOR = {"cost": "{2}{W}", "types": ["creature"], "power": 2, "toughness": 2,
         "static": [{"pump": [1, 1], "to": "other_creatures_you_control"}]}


def _wrath(card: dict[str, Any], ref: str, to: str) -> Any:
    """Ana's Ira destroys `to` (all permanents or all creatures): `card` (`ref`) and Mártir leave in one event."""
    ira = {"cost": "", "types": ["sorcery"], "effects": [{"destroy": True, "to": to}]}
    return _run({"cards": {"Martir": MARTIR, "Otra": card, "Ira": ira},
                 "players": [{"name": "Ana", "hand": ["Ira"],
                              "battlefield": [{"card": "Otra", "id": ref}, {"card": "Martir", "id": "martir"}]},
                             {"name": "Bruno"}],
                 "turn": {"number": 3, "active": "Ana", "step": "main1"},
                 "actions": [{"by": "Ana", "cast": "Ira"}, *PASS, *PASS],
                 "expect": [{"stack": []}]})


def test_a_creature_destroyed_with_humility_had_no_abilities_as_it_died() -> None:
    """603.10a: "the game has to 'look back in time' … using the appearance of objects immediately prior to the
    event"; Humility (listed first) and Mártir are destroyed at once (608.2f): just before, Mártir had no
    abilities (613.1f), so its dies ability does not trigger, though Humility moved first in the trace."""
    trace = _wrath(HUMILDAD, "hum", "all_permanents")
    assert _life(trace, "Ana") == 20
    assert not [s for s in trace.steps if s.kind == "trigger"]


def test_a_lords_bonus_counts_for_a_creature_destroyed_with_it() -> None:
    """603.10a / 608.2h / 113.7a: a lord (+1/+1) and Mártir destroyed together: Mártir's power just before the
    event was 3, so it gains 3, not the 2 it had once the lord (moved first) was gone."""
    trace = _wrath(SENOR, "senor", "all_creatures")
    assert _life(trace, "Ana") == 23
