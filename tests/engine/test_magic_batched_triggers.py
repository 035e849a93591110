"""«Whenever one or more creatures … attack / die / enter» (603.2c: once per event, `one_or_more`) and `of` for
attacks and dies (508.1m, 603.10a): the schema's words, and how many times each ability triggers for one event
with several creatures, by the steps' kinds and cited rules."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from judge.engine import run_scenario
from judge.scenarios import FieldError, ScenarioError, load_scenario

BEAR = {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2}
CARDS: dict[str, Any] = {
    "Osos": BEAR,
    "Capitana": {**BEAR, "triggers": [{"when": "attacks", "of": "your_creature", "one_or_more": True,
                                       "effects": [{"gain_life": 1}]}]},
    "Tambor": {**BEAR, "triggers": [{"when": "attacks", "of": "your_creature", "effects": [{"gain_life": 1}]}]},
    "Cuervo": {**BEAR, "triggers": [{"when": "dies", "of": "your_creature", "one_or_more": True,
                                     "effects": [{"gain_life": 5}]}]},
    "Rival": {**BEAR, "triggers": [{"when": "dies", "of": "opponents_creature",
                                    "effects": [{"gain_life": 1}]}]},
    "Pira": {"cost": "{R}", "types": ["instant"], "effects": [{"damage": 2, "to": "all_creatures"}]},
}


def doc(ana: list[Any], bruno: list[Any], actions: list[Any], cards: dict[str, Any] | None = None,
        step: str = "main1") -> dict[str, Any]:
    return {"ruleset": "magic", "title": "prueba", "cards": copy.deepcopy(CARDS) if cards is None else cards,
            "players": [{"name": "Ana", "battlefield": ana, "mana_pool": {"R": 1}, "hand": ["Pira"]},
                        {"name": "Bruno", "battlefield": bruno}],
            "turn": {"number": 3, "active": "Ana", "step": step}, "actions": actions}


def life(run: Any, who: int) -> int:
    return run.steps[-1].board["players"][who]["life"]


def test_one_or_more_needs_a_group_and_one_of_the_three_events() -> None:
    cards = copy.deepcopy(CARDS)
    cards["Malo"] = {**BEAR, "triggers": [{"when": "attacks", "one_or_more": True, "effects": [{"gain_life": 1}]},
                                          {"when": "upkeep", "one_or_more": True, "effects": [{"gain_life": 1}]},
                                          {"when": "counter_put", "of": "your_creature",
                                           "effects": [{"gain_life": 1}]}]}
    with pytest.raises(ScenarioError) as exc:
        load_scenario(doc([], [], [], cards=cards))
    paths = {e.path for e in exc.value.errors if isinstance(e, FieldError)}
    assert paths == {"cards.Malo.triggers[0].one_or_more", "cards.Malo.triggers[1].one_or_more",
                     "cards.Malo.triggers[2].of"}


def test_one_declaration_of_attackers_is_one_event_and_each_attacker_its_own() -> None:
    run = run_scenario(load_scenario(doc(
        [{"card": "Capitana", "id": "cap"}, {"card": "Tambor", "id": "tam"}, {"card": "Osos", "id": "o1"},
         {"card": "Osos", "id": "o2"}], [],
        [{"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["o1", "o2", "tam"]},
         {"by": "Ana", "choose": ["cap", "tam:2", "tam:3", "tam:4"]}, {"pass_until": "main2"}])))
    triggers = [s for s in run.steps if s.kind == "trigger"]
    assert len(triggers) == 4                                  # the Capitana once, the Tambor once per attacker
    assert sum("cr-en/603.2c" in s.citations for s in triggers) == 1
    assert life(run, 0) == 24


def test_creatures_dying_at_once_are_one_event_the_dying_source_included() -> None:
    # the Pira kills all four bears at once (state-based actions, 704.3): the Cuervo, dying among them, looks
    # back and triggers once (603.10a); Bruno's Rival triggers once per creature of Ana's
    run = run_scenario(load_scenario(doc(
        [{"card": "Cuervo", "id": "cuervo"}, {"card": "Osos", "id": "o1"}, {"card": "Osos", "id": "o2"}],
        [{"card": "Rival", "id": "rival"}],
        [{"by": "Ana", "cast": "Pira"}, {"pass_until": "main2"}])))
    triggers = [s for s in run.steps if s.kind == "trigger"]
    assert [("603.2c" in " ".join(s.citations)) for s in triggers].count(True) == 1
    assert len(triggers) == 4
    assert (life(run, 0), life(run, 1)) == (25, 23)


def test_without_one_or_more_a_group_dies_ability_triggers_per_creature() -> None:
    cards = copy.deepcopy(CARDS)
    cards["Cuervo"] = {**BEAR, "triggers": [{"when": "dies", "of": "your_creature", "effects": [{"gain_life": 5}]}]}
    run = run_scenario(load_scenario(doc(
        [{"card": "Cuervo", "id": "cuervo"}, {"card": "Osos", "id": "o1"}], [],
        [{"by": "Ana", "cast": "Pira"}, {"pass_until": "main2"}], cards=cards)))
    assert life(run, 0) == 30


def test_creatures_entering_at_once_are_one_event_for_one_or_more() -> None:
    cards = copy.deepcopy(CARDS)
    cards["Heraldo"] = {**BEAR, "triggers": [{"when": "enters", "of": "creature", "one_or_more": True,
                                              "effects": [{"gain_life": 1}]},
                                             {"when": "enters", "of": "another_creature",
                                              "effects": [{"gain_life": 10}]}]}
    cards["Regreso"] = {"cost": "{B}", "types": ["sorcery"], "targets": [{"type": "creature", "zone": "graveyard",
                                                                          "controller": "you", "many": True}],
                        "effects": [{"put": True, "to": "targets", "dest": "battlefield"}]}
    source = doc([{"card": "Heraldo", "id": "h"}], [], [{"by": "Ana", "cast": "Regreso", "targets": ["o1", "o2"]},
                                                         {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
                                                         {"by": "Ana", "choose": ["h:1", "h:2", "h:3"]},
                                                         {"pass_until": "main2"}], cards=cards)
    source["players"][0].update(mana_pool={"B": 1}, hand=["Regreso"],
                                graveyard=[{"card": "Osos", "id": "o1"}, {"card": "Osos", "id": "o2"}])
    run = run_scenario(load_scenario(source))
    assert len([s for s in run.steps if s.kind == "trigger"]) == 3       # once for the event, twice one by one
    assert life(run, 0) == 41
