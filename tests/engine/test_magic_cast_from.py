"""Casting from zones other than the hand (601.3, 113.6f, 305.1: castfrom.py) and "whenever a player casts a spell"
(601.2i, 603.2: triggers._observe_spell_cast): the schema's words for them, what the game lets a player do, the
steps' structure (kinds, cited rules, events), and the legal actions the fuzzer is offered."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from judge.engine import Game, run_scenario
from judge.engine.rulesets.magic.actions import Cast, PlayLand
from judge.scenarios import FieldError, ScenarioError, load_scenario

CARDS: dict[str, Any] = {
    "Merodeador": {"cost": "{B}", "types": ["creature"], "power": 2, "toughness": 1, "cast_from": "graveyard"},
    "Rayo": {"cost": "{R}", "types": ["instant"], "targets": ["any"], "effects": [{"damage": 3, "to": "target"}]},
    "Voluntad": {"cost": "{B}", "types": ["sorcery"], "effects": [{"play_from_graveyard": "spells"}]},
    "Crisol": {"cost": "{3}", "types": ["artifact"], "static": [{"play_from_graveyard": "lands"}]},
    "Vigía": {"cost": "{1}{W}", "types": ["creature"], "power": 1, "toughness": 1, "triggers": [
        {"when": "spell_cast", "whose": "each", "from_zone": "graveyard", "effects": [{"gain_life": 2}]}]},
    "Cazador": {"cost": "{1}{G}", "types": ["creature"], "power": 1, "toughness": 1, "triggers": [
        {"when": "spell_cast", "where": ["creature"], "effects": [{"gain_life": 1}]}]},
}


def doc(ana: dict[str, Any], actions: list[Any], cards: dict[str, Any] | None = None,
        bruno: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"ruleset": "magic", "title": "prueba", "cards": copy.deepcopy(CARDS) if cards is None else cards,
            "players": [{"name": "Ana", **ana}, {"name": "Bruno", **(bruno or {})}],
            "turn": {"number": 3, "active": "Ana", "step": "main1"}, "actions": actions}


def errors_of(source: Any) -> dict[str, str]:
    with pytest.raises(ScenarioError) as exc:
        load_scenario(source)
    assert all(isinstance(e, FieldError) for e in exc.value.errors)
    return {e.path: e.message for e in exc.value.errors}


def steps(source: dict[str, Any]) -> list[Any]:
    return run_scenario(load_scenario(source)).steps


def test_cast_from_is_read_and_refused_on_a_land_and_for_an_unknown_zone() -> None:
    cards = copy.deepcopy(CARDS)
    cards["Tierra rara"] = {"types": ["land"], "cast_from": "graveyard"}
    cards["Otro"] = {"cost": "{B}", "types": ["sorcery"], "effects": [{"draw": 1}], "cast_from": ["library"]}
    errors = errors_of(doc({}, [], cards=cards))
    assert "cards.Tierra rara.cast_from" in errors and "305.1" in errors["cards.Tierra rara.cast_from"]
    assert "cards.Otro.cast_from[0]" in errors


def test_spell_cast_reads_whose_from_zone_and_where_but_not_to_zone() -> None:
    cards = copy.deepcopy(CARDS)
    cards["Malo"] = {"cost": "{W}", "types": ["creature"], "power": 1, "toughness": 1, "triggers": [
        {"when": "spell_cast", "to_zone": "stack", "effects": [{"gain_life": 1}]}]}
    errors = errors_of(doc({}, [], cards=cards))
    assert set(errors) == {"cards.Malo.triggers[0].to_zone"}


def test_play_from_graveyard_is_for_its_controller_only() -> None:
    cards = copy.deepcopy(CARDS)
    cards["Malo"] = {"cost": "{B}", "types": ["sorcery"], "effects": [{"play_from_graveyard": "all",
                                                                        "to": "each_player"}]}
    cards["Peor"] = {"cost": "{B}", "types": ["sorcery"], "effects": [{"play_from_graveyard": "creatures"}]}
    errors = errors_of(doc({}, [], cards=cards))
    assert "cards.Malo.effects[0].to" in errors and "cards.Peor.effects[0].play_from_graveyard" in errors


def test_a_card_in_the_graveyard_without_permission_is_an_illegal_cast_citing_601_3() -> None:
    run = steps(doc({"mana_pool": {"R": 1}, "graveyard": [{"card": "Rayo", "id": "rayo"}]},
                    [{"by": "Ana", "cast": "rayo", "target": "Bruno"}]))
    illegal = [s for s in run if s.kind == "illegal"]
    assert len(illegal) == 1 and "cr-en/601.3" in illegal[0].citations


def test_the_card_s_own_permission_casts_it_from_the_graveyard_with_its_cost() -> None:
    run = steps(doc({"mana_pool": {"B": 1}, "graveyard": [{"card": "Merodeador", "id": "m"}]},
                    [{"by": "Ana", "cast": "m"}, {"pass_until": "main2"}]))
    cast = next(s for s in run if s.kind == "action" and any(e.kind == "move" and e.data["to"] == "stack"
                                                             for e in s.events))
    assert cast.events[0].data["from"] == "graveyard"
    assert {"cr-en/601.3", "cr-en/113.6f"} <= set(cast.citations)
    assert not [s for s in run if s.kind == "illegal"]
    # with no mana the same cast is illegal: the usual costs apply (601.2h)
    run = steps(doc({"graveyard": [{"card": "Merodeador", "id": "m"}]}, [{"by": "Ana", "cast": "m"}]))
    assert [s.kind for s in run if s.kind == "illegal"] == ["illegal"]


def test_an_effect_permission_lasts_until_end_of_turn_and_covers_spells_not_lands() -> None:
    run = steps(doc({"mana_pool": {"B": 1, "R": 2}, "hand": ["Voluntad"],
                     "graveyard": [{"card": "Rayo", "id": "rayo"}, {"card": "Isla", "id": "isla"}]},
                    [{"by": "Ana", "cast": "Voluntad"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
                     {"by": "Ana", "play_land": "isla"},                 # lands: not covered
                     {"by": "Ana", "cast": "rayo", "target": "Bruno"}, {"by": "Ana", "pass": True},
                     {"by": "Bruno", "pass": True}]))
    illegal = [s for s in run if s.kind == "illegal"]
    assert len(illegal) == 1 and "cr-en/305.1" in illegal[0].citations
    assert run[-1].board["players"][1]["life"] == 17


def test_a_static_permission_lets_its_controller_play_a_land_from_the_graveyard_once_a_turn() -> None:
    run = steps(doc({"graveyard": [{"card": "Isla", "id": "i1"}, {"card": "Isla", "id": "i2"}],
                     "battlefield": [{"card": "Crisol", "id": "crisol"}]},
                    [{"by": "Ana", "play_land": "i1"}, {"by": "Ana", "play_land": "i2"}]))
    played = [s for s in run if s.kind == "action" and s.events and s.events[0].data.get("to") == "battlefield"]
    assert len(played) == 1 and "cr-en/604.1" in played[0].citations
    assert "cr-en/305.2" in [s for s in run if s.kind == "illegal"][0].citations


def test_a_static_permission_of_a_permanent_that_lost_its_abilities_permits_nothing() -> None:
    cards = copy.deepcopy(CARDS)
    cards["Humildad"] = {"cost": "{W}", "types": ["enchantment"], "static": [
        {"lose_abilities": True, "to": "all_permanents", "where": ["artifact"]}]}
    run = steps(doc({"graveyard": [{"card": "Isla", "id": "i1"}],
                     "battlefield": [{"card": "Crisol", "id": "crisol"}, {"card": "Humildad", "id": "h"}]},
                    [{"by": "Ana", "play_land": "i1"}], cards=cards))
    assert [s.kind for s in run].count("illegal") == 1


def test_spell_cast_triggers_by_caster_zone_and_quality() -> None:
    run = steps(doc({"mana_pool": {"B": 2, "R": 1}, "hand": ["Rayo"], "graveyard": [{"card": "Merodeador",
                                                                                       "id": "m"}],
                     "battlefield": [{"card": "Vigía", "id": "vigia"}, {"card": "Cazador", "id": "cazador"}]},
                    [{"by": "Ana", "cast": "Rayo", "target": "Bruno"}, {"by": "Ana", "pass": True},
                     {"by": "Bruno", "pass": True},
                     {"by": "Ana", "cast": "m"}, {"by": "Ana", "choose": ["vigia", "cazador"]},
                     {"pass_until": "main2"}]))
    triggered = [s for s in run if s.kind == "trigger"]
    # the Rayo from the hand: neither (not from a graveyard; not a creature); the Merodeador: both
    assert len(triggered) == 2 and all("cr-en/601.2i" in s.citations for s in triggered)
    assert run[-1].board["players"][0]["life"] == 23


def test_legal_actions_offer_the_graveyard_only_with_a_permission() -> None:
    def offered(ana: dict[str, Any]) -> list[Any]:
        game = Game(load_scenario(doc(ana, [])))
        return [a for a in game.legal_actions() if isinstance(a, (Cast, PlayLand))]
    assert offered({"mana_pool": {"R": 1}, "graveyard": [{"card": "Rayo", "id": "rayo"}]}) == []
    got = offered({"mana_pool": {"B": 1}, "graveyard": [{"card": "Merodeador", "id": "m"}, {"card": "Isla", "id": "i"}],
                   "battlefield": [{"card": "Crisol", "id": "c"}]})
    assert {type(a).__name__ for a in got} == {"Cast", "PlayLand"}


RETURNER = {"cost": "{B}", "types": ["creature"], "power": 2, "toughness": 1, "activated": [
    {"cost": "{1}", "zone": "graveyard", "effects": [{"put": True, "to": "source_card", "dest": "hand"}]}]}


def test_a_graveyard_ability_refuses_permanent_costs() -> None:
    cards = copy.deepcopy(CARDS)
    cards["Malo"] = {**RETURNER, "activated": [{"cost": "{1}", "zone": "graveyard", "tap": True,
                                                "effects": [{"put": True, "to": "source_card", "dest": "hand"}]}]}
    assert set(errors_of(doc({}, [], cards=cards))) == {"cards.Malo.activated[0].tap"}


def test_a_graveyard_ability_works_from_the_graveyard_only_and_is_offered_there() -> None:
    cards = {**copy.deepcopy(CARDS), "Espectro": RETURNER}
    run = steps(doc({"mana_pool": {"C": 2}, "battlefield": [{"card": "Espectro", "id": "e1"}],
                     "graveyard": [{"card": "Espectro", "id": "e2"}]},
                    [{"by": "Ana", "activate": "e1"}, {"by": "Ana", "activate": "e2"}, {"by": "Ana", "pass": True},
                     {"by": "Bruno", "pass": True}], cards=cards))
    illegal = [s for s in run if s.kind == "illegal"]
    assert len(illegal) == 1 and "cr-en/113.6b" in illegal[0].citations
    assert [o["id"] for o in run[-1].board["players"][0]["hand"]] == ["e2~2"]
    game = Game(load_scenario(doc({"mana_pool": {"C": 1}, "graveyard": [{"card": "Espectro", "id": "e2"}]}, [],
                                  cards=cards)))
    assert [a.source for a in game.legal_actions() if type(a).__name__ == "Activate"] == ["e2"]


def test_the_builder_picks_the_permission_and_the_until_from_lists() -> None:
    """The builder draws a verb's argument from its description: what a graveyard permission covers and what an
    exile lasts until are lists of the values the card schema accepts, never a text box."""
    from judge.engine.rulesets.magic.castfrom import WHAT
    from judge.engine.rulesets.magic.verbs.graveyard import PlayFromGraveyard
    from judge.engine.rulesets.magic.verbs.until import UNTIL, ExileUntil

    for verb, values in ((PlayFromGraveyard, WHAT), (ExileUntil, UNTIL)):
        arg = verb.builder_arg
        assert arg["type"] == "choice" and [o["value"] for o in arg["options"]] == list(values)
        assert all(o["label"]["es"] and o["label"]["en"] for o in arg["options"])
