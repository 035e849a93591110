"""The pieces for spells, costs, life and mana abilities (issue 9): mana spent to cast a spell, conspire and copies
of spells, intervening-if conditions, life lost this turn, counted amounts, regeneration, graveyard and optional
targets, tapped-for-mana multipliers, mana a land could make, restricted mana and activation conditions. Each test
uses inline cards built from the pieces, so it shows the piece, not a catalog card."""
from __future__ import annotations

from typing import Any

import pytest

from judge.engine import Trace, run_scenario
from judge.scenarios.cards import magic_catalog as catalog
from judge.scenarios import ScenarioError, load_scenario

BOLT = {"cost": "{1}{R}", "types": ["instant"], "targets": ["any"], "effects": [{"damage": 2}]}


def run(players: list[dict[str, Any]], actions: list[Any], expect: list[Any], cards: dict[str, Any] | None = None,
        **top: Any) -> Trace:
    doc = {"ruleset": "magic", "title": "pieza", "cards": cards or {}, "players": players, "actions": actions,
           "expect": expect, **top}
    return run_scenario(load_scenario(doc))


def failed(trace: Trace) -> list[str]:
    return [s.summary for s in trace.failed_expectations]


def cited(trace: Trace, rule: str) -> bool:
    return any(f"cr-en/{rule}" in s.citations for s in trace.steps)


def test_if_spent_counts_each_named_colour_spent_on_the_total_cost() -> None:
    """601.2h: the mana spent to cast the spell; "X life if {G} was spent and X if {W}" is one gain of X per colour."""
    cards = {"Doble": {"cost": "{X}{G/W}", "types": ["sorcery"],
                       "effects": [{"gain_life": "X", "if_spent": ["G", "W"]}]}}
    both = run([{"name": "Ana", "mana_pool": "GWW", "hand": ["Doble"]}, {"name": "Bruno"}],
               [{"by": "Ana", "cast": "Doble", "x": 2}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
               [{"player": "Ana", "life": 24}], cards)
    assert not failed(both)
    one = run([{"name": "Ana", "mana_pool": "GGG", "hand": ["Doble"]}, {"name": "Bruno"}],
              [{"by": "Ana", "cast": "Doble", "x": 2}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
              [{"player": "Ana", "life": 22}], cards)
    assert not failed(one)


def test_conspire_needs_creatures_sharing_a_colour_with_the_spell() -> None:
    """702.78a: "tap two untapped creatures you control that each share a color with it"."""
    cards = {"Chispa": {**BOLT, "keywords": ["conspire"]},
             "Osa verde": {"cost": "{G}", "types": ["creature"], "power": 1, "toughness": 1},
             "Trasgo": {"cost": "{R}", "types": ["creature"], "power": 1, "toughness": 1}}
    t = run([{"name": "Ana", "mana_pool": "RR", "hand": ["Chispa"],
              "battlefield": [{"card": "Osa verde", "id": "osa"}, {"card": "Trasgo", "id": "trasgo"}]},
             {"name": "Bruno"}],
            [{"by": "Ana", "cast": "Chispa", "target": "Bruno", "conspire": ["osa", "trasgo"]}],
            [{"object": "trasgo", "tapped": False}, {"player": "Ana", "hand": ["Chispa"]}], cards)
    assert not failed(t)
    assert any(s.kind == "illegal" and "cr-en/702.78a" in s.citations for s in t.steps)


def test_a_conspired_copy_keeps_or_changes_its_targets_and_ceases_to_exist() -> None:
    """707.10 / 707.10c: the copy may get a new legal target; a copy leaving the stack ceases to exist (704.5e)."""
    cards = {"Chispa": {**BOLT, "keywords": ["conspire"]},
             "Trasgo": {"cost": "{R}", "types": ["creature"], "power": 1, "toughness": 1}}
    t = run([{"name": "Ana", "mana_pool": "RR", "hand": ["Chispa"],
              "battlefield": [{"card": "Trasgo", "id": "t1"}, {"card": "Trasgo", "id": "t2"}]},
             {"name": "Bruno"}, {"name": "Carla"}],
            [{"by": "Ana", "cast": "Chispa", "target": "Bruno", "conspire": ["t1", "t2"]},
             {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}, {"by": "Carla", "pass": True},
             {"by": "Ana", "choose": ["Carla"]},
             {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}, {"by": "Carla", "pass": True},
             {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}, {"by": "Carla", "pass": True}],
            [{"player": "Bruno", "life": 18}, {"player": "Carla", "life": 18}, {"stack": []}], cards)
    assert not failed(t)
    assert cited(t, "707.10c") and cited(t, "704.5e")


def test_an_intervening_if_is_checked_on_triggering_and_on_resolution() -> None:
    """603.4: a trigger whose condition is false when the event happens does not trigger at all."""
    cards = {"Vigía": {"cost": "{B}", "types": ["enchantment"], "triggers": [
        {"when": "upkeep", "whose": "opponents", "condition": "active_hand_empty",
         "effects": [{"lose_life": 3, "to": "active_player"}]}]}}
    t = run([{"name": "Ana", "battlefield": ["Vigía"]}, {"name": "Bruno", "hand": ["Isla"], "library": ["Isla"]}],
            [{"pass_until": "draw"}], [{"player": "Bruno", "life": 20}],
            cards, turn={"number": 2, "active": "Ana", "step": "end"})
    assert not failed(t) and not any(s.kind == "trigger" for s in t.steps)


def test_life_lost_this_turn_ignores_gains_and_resets_each_turn() -> None:
    """119.3: life lost and life gained are separate events; the count is of this turn only."""
    cards = {"Espejo": {"cost": "{B}", "types": ["enchantment"], "triggers": [
        {"when": "end_step", "whose": "each", "effects": [{"lose_life": 1, "count": "life_lost_this_turn",
                                                           "to": "each_opponent"}]}]},
             "Rayo": BOLT, "Bálsamo": {"cost": "{W}", "types": ["instant"], "effects": [{"gain_life": 5}]}}
    t = run([{"name": "Ana", "mana_pool": "RR", "hand": ["Rayo"], "battlefield": ["Espejo"]},
             {"name": "Bruno", "mana_pool": "W", "hand": ["Bálsamo"]}],
            [{"by": "Ana", "cast": "Rayo", "target": "Bruno"}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True}, {"by": "Bruno", "cast": "Bálsamo"},
             {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True}, {"pass_until": "end"},
             {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
            [{"player": "Bruno", "life": 21}], cards)
    assert not failed(t)


def test_counted_amounts_read_last_known_power_and_destroyed_permanents() -> None:
    """608.2h: "damage equal to its power" uses the target's last known power; "2 life for each destroyed";
    701.21a: "its controller sacrifices it"."""
    cards = {"Castigo": {"cost": "{B}", "types": ["sorcery"], "targets": ["creature"], "effects": [
        {"sacrifice": True, "by": "its_controller"},
        {"damage": 1, "count": "target_power", "by": "target", "to": "target_controller"}]},
             "Ogro": {"cost": "{3}", "types": ["creature"], "power": 4, "toughness": 4},
             "Purga": {"cost": "{W}", "types": ["sorcery"], "effects": [
                 {"destroy": True, "to": "all_permanents", "types": ["artifact", "enchantment"]},
                 {"gain_life": 2, "count": "destroyed"}]},
             "Ídolo": {"cost": "{1}", "types": ["artifact"]}, "Aura suelta": {"cost": "{1}", "types": ["enchantment"]}}
    t = run([{"name": "Ana", "mana_pool": "BW", "hand": ["Castigo", "Purga"]},
             {"name": "Bruno", "battlefield": [{"card": "Ogro", "id": "ogro"}, "Ídolo", "Aura suelta"]}],
            [{"by": "Ana", "cast": "Castigo", "target": "ogro"}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}, {"by": "Ana", "cast": "Purga"}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}],
            [{"player": "Bruno", "life": 16, "battlefield_count": 0}, {"player": "Ana", "life": 24}], cards)
    assert not failed(t)


def test_a_regeneration_shield_replaces_one_destruction_this_turn() -> None:
    """701.19a: the next time it would be destroyed this turn: remove its damage, tap it (once)."""
    cards = {"Remiendo": {"cost": "{G}", "types": ["instant"], "targets": ["creature"],
                          "effects": [{"regenerate": True}]},
             "Muerte": {"cost": "{B}", "types": ["instant"], "targets": ["creature"], "effects": [{"destroy": True}]},
             "Ogro": {"cost": "{3}", "types": ["creature"], "power": 4, "toughness": 4}}
    t = run([{"name": "Ana", "mana_pool": "GBB", "hand": ["Remiendo", "Muerte", "Muerte"]},
             {"name": "Bruno", "battlefield": [{"card": "Ogro", "id": "ogro", "damage": 2}]}],
            [{"by": "Ana", "cast": "Remiendo", "target": "ogro"}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True},
             {"by": "Ana", "cast": "Muerte", "target": "ogro"}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True},
             {"expect": [{"object": "ogro", "zone": "battlefield", "tapped": True, "damage": 0}]},
             {"by": "Ana", "cast": "Muerte", "target": "ogro"}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}],
            [{"object": "ogro", "zone": "graveyard"}], cards)
    assert not failed(t) and cited(t, "701.19a")


def test_graveyard_and_optional_targets() -> None:
    """115.1: a target card in a graveyard; "up to one" may be left empty with "-" and then does nothing."""
    cards = {"Regreso": {"cost": "{B}", "types": ["sorcery"],
                         "targets": [{"type": "creature", "zone": "graveyard", "controller": "you", "optional": True},
                                     "player"],
                         "effects": [{"return_to_battlefield": True}, {"draw": 1, "to": "target", "target": 1}]},
             "Ogro": {"cost": "{3}", "types": ["creature"], "power": 4, "toughness": 4}}
    t = run([{"name": "Ana", "mana_pool": "BB", "hand": ["Regreso", "Regreso"], "library": ["Isla", "Isla"],
              "graveyard": [{"card": "Ogro", "id": "ogro"}, {"card": "Isla", "id": "isla"}]}, {"name": "Bruno"}],
            [{"by": "Ana", "cast": "Regreso", "targets": ["isla", "Ana"]},
             {"by": "Ana", "cast": "Regreso", "targets": ["-", "Ana"]}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True},
             {"by": "Ana", "cast": "Regreso", "targets": ["ogro", "Ana"]}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}],
            [{"object": "ogro", "zone": "battlefield"}, {"player": "Ana", "hand_count": 2}], cards)
    assert not failed(t)
    assert sum(1 for s in t.steps if s.kind == "illegal") == 1          # a land card is not a creature card


def test_mana_pieces_multiplier_land_types_restriction_and_activation_condition() -> None:
    """106.12b, 106.7, 106.6, 602.5: a tapped-for-mana multiplier; a type a land could make; {X}-only mana; "only
    if you control two or more green permanents"."""
    cards = {"Doblador": {"cost": "{G}", "types": ["enchantment"],
                          "replacements": [{"event": "tap_for_mana", "multiply": 2}]},
             "Espejo de tierras": {"types": ["land"],
                                   "activated": [{"tap": True, "effects": [{"add_mana": "land_types"}]}]},
             "Cofre": {"cost": "{2}", "types": ["artifact"], "activated": [
                 {"tap": True, "effects": [{"add_mana": "{C}{C}", "spend_only": "x_costs"}]}]},
             "Fuente verde": {"types": ["land"], "activated": [
                 {"cost": "{G}", "tap": True, "only_if": {"color": "G", "count": 2}, "effects": [{"gain_life": 1}]}]},
             "Rito": {"cost": "{X}", "types": ["sorcery"], "effects": [{"gain_life": "X"}]}}
    t = run([{"name": "Ana", "hand": ["Rito"],
              "battlefield": [{"card": "Doblador", "id": "doblador"}, {"card": "Bosque", "id": "bosque"},
                              {"card": "Espejo de tierras", "id": "espejo"}, {"card": "Cofre", "id": "cofre"},
                              {"card": "Fuente verde", "id": "fuente"}]}, {"name": "Bruno"}],
            [{"by": "Ana", "mana": ["espejo"]}, {"by": "Ana", "choose": "G"},
             {"expect": [{"player": "Ana", "mana_pool": "GG"}]},
             {"by": "Ana", "activate": "fuente"},
             {"by": "Ana", "mana": ["cofre"]}, {"by": "Ana", "cast": "Rito", "x": 4}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}],
            [{"player": "Ana", "life": 24, "mana_pool": "GG"}], cards)
    assert not failed(t)
    assert any(s.kind == "illegal" and "cr-en/602.5" in s.citations for s in t.steps)   # one green permanent only


def test_sacrifice_a_land_type_reveal_and_enters_tapped() -> None:
    """118.3: "sacrifice a Mountain" and "reveal two cards that share a colour" are costs; 614.1c enters tapped."""
    cards = {"Gigante": {"cost": "{3}", "types": ["artifact"], "activated": [
        {"tap": True, "sacrifice_type": "Montaña", "targets": ["creature"], "effects": [{"damage": 3}]},
        {"cost": "{1}", "reveal_sharing_color": 2, "effects": [{"draw": 1}]}]},
             "Ogro": {"cost": "{3}", "types": ["creature"], "power": 4, "toughness": 3},
             "Guarida": {"types": ["land"], "replacements": [{"event": "enters", "tapped": True}]},
             "Rojo": {"cost": "{R}", "types": ["sorcery"], "effects": [{"draw": 1}]}}
    t = run([{"name": "Ana", "mana_pool": "C", "hand": ["Guarida", {"card": "Rojo", "id": "r1"},
                                                        {"card": "Rojo", "id": "r2"}], "library": ["Isla"],
              "battlefield": [{"card": "Gigante", "id": "gigante"}, {"card": "Montaña", "id": "montana"},
                              {"card": "Bosque", "id": "bosque"}]},
             {"name": "Bruno", "battlefield": [{"card": "Ogro", "id": "ogro"}]}],
            [{"by": "Ana", "activate": "gigante", "target": "ogro", "sacrifice": ["bosque"]},
             {"by": "Ana", "activate": "gigante", "target": "ogro", "sacrifice": ["montana"]},
             {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
             {"by": "Ana", "activate": "gigante", "ability": 1, "reveal": ["r1", "r2"]}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}, {"by": "Ana", "play_land": "Guarida"}],
            [{"object": "ogro", "zone": "graveyard"}, {"object": "montana", "zone": "graveyard"},
             {"object": "bosque", "zone": "battlefield"}, {"player": "Ana", "hand_count": 3}], cards)
    assert not failed(t)
    land = next(s for s in t.steps if "Guarida" in s.summary and "entra girado" in s.summary)
    assert "cr-en/614.1c" in land.citations


def test_nonbasic_land_with_a_basic_type_has_its_intrinsic_mana_ability() -> None:
    """305.6: Bosque savia rezumada is a Forest: "{T}: Add {G}" besides its own text, which is read too."""
    card = catalog()["Bosque savia rezumada"]
    assert card.modelled
    kinds = [(a.tap, tuple(e.kind for e in a.effects), a.only_if_color) for a in card.card.activated]
    assert kinds == [(True, ("add_mana",), ""), (True, ("gain_life",), "G")]
    assert any(r.event == "enters" and r.tapped for r in card.card.replacements)


@pytest.mark.parametrize("spec, path", [
    ({"types": ["sorcery"], "targets": [{"type": "card"}], "effects": [{"draw": 1}]}, "cards.Sonda.targets[0].zone"),
    ({"types": ["sorcery"], "effects": [{"draw": 1, "to": "chosen_player"}]}, "cards.Sonda.effects[0].to"),
    ({"types": ["sorcery"], "effects": [{"draw": 1, "count": "colores"}]}, "cards.Sonda.effects[0].count"),
    ({"types": ["artifact"], "triggers": [{"when": "upkeep", "condition": "luna", "effects": []}]},
     "cards.Sonda.triggers[0].condition"),
])
def test_bad_pieces_are_field_path_errors(spec: dict[str, Any], path: str) -> None:
    doc = {"ruleset": "magic", "title": "x", "cards": {"Sonda": spec}, "players": [{"name": "Ana"}, {"name": "Bruno"}]}
    with pytest.raises(ScenarioError) as exc:
        load_scenario(doc)
    assert path in {e.path for e in exc.value.errors}


def test_a_coloured_creature_entering_under_your_control_triggers_each_matching_ability() -> None:
    """603.6a / 603.2: Corrientes subterráneas: a blue creature and a black creature entering under your control
    trigger their abilities; a blue-and-black one triggers both; an opponent's creature triggers neither."""
    card = catalog()["Corrientes subterráneas"]
    assert card.modelled and [t.where for t in card.card.triggers] == [("U",), ("B",)]
    t = run([{"name": "Ana", "mana_pool": "UUU", "library": ["Isla"], "hand": ["Lancera avispa"],
              "battlefield": [{"card": "Corrientes subterráneas", "id": "corrientes"}]},
             {"name": "Bruno", "hand": [{"card": "Isla", "id": "isla-bruno"}],
              "battlefield": [{"card": "Lancera avispa", "id": "otra"}]}],
            [{"by": "Ana", "cast": "Lancera avispa"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
             {"by": "Ana", "choose": ["corrientes:1", "corrientes:2"]},
             {"by": "Ana", "choose": "Ana"}, {"by": "Ana", "choose": "Bruno"},
             {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}, {"by": "Ana", "choose": "yes"},
             {"by": "Bruno", "choose": "isla-bruno"},
             {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}, {"by": "Ana", "choose": "yes"}],
            [{"player": "Ana", "hand": ["Isla"]}, {"player": "Bruno", "hand_count": 0}])
    assert not failed(t), [s.summary for s in t.steps]


def test_a_player_sacrifices_permanents_of_a_type_counted_by_colour() -> None:
    """701.21a: "target opponent sacrifices a creature for each green creature you control": they choose which;
    with no more than N they sacrifice them all, without a choice."""
    cards = {"Edicto": {"cost": "{B}", "types": ["sorcery"], "targets": [{"type": "player", "controller": "opponent"}],
                        "effects": [{"sacrifice": True, "types": ["creature"], "count": "your_creatures",
                                     "count_where": ["G"]}]},
             "Oso": {"cost": "{G}", "types": ["creature"], "power": 2, "toughness": 2},
             "Lobo": {"cost": "{B}", "types": ["creature"], "power": 2, "toughness": 2}}
    t = run([{"name": "Ana", "mana_pool": "B", "hand": ["Edicto"], "battlefield": ["Oso", "Oso", "Lobo"]},
             {"name": "Bruno", "battlefield": [{"card": "Lobo", "id": "l1"}, {"card": "Lobo", "id": "l2"},
                                               {"card": "Lobo", "id": "l3"}, "Isla"]}],
            [{"by": "Ana", "cast": "Edicto", "target": "Bruno"}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}, {"by": "Bruno", "choose": ["l1", "l3"]}],
            [{"player": "Bruno", "battlefield": ["Lobo", "Isla"]}, {"object": "l2", "zone": "battlefield"}], cards)
    assert not failed(t) and cited(t, "701.21a")


def test_x_defined_by_the_text_and_damage_divided_on_casting() -> None:
    """107.3c: X counted from the text as it is cast (not chosen); 601.2d: the division is announced on casting and
    each target gets at least 1."""
    cards = {"Granizo": {"cost": "{G}", "types": ["sorcery"], "x_counts": "Bosque",
                         "targets": [{"type": "any", "many": True}],
                         "effects": [{"damage": "X", "divided": True, "to": "targets"}]}}
    t = run([{"name": "Ana", "mana_pool": "GG", "hand": ["Granizo"], "battlefield": ["Bosque", "Bosque", "Bosque"]},
             {"name": "Bruno"}, {"name": "Carla"}],
            [{"by": "Ana", "cast": "Granizo", "x": 3, "targets": ["Bruno"]},
             {"by": "Ana", "cast": "Granizo", "targets": ["Bruno", "Carla"], "divide": {"Bruno": 2, "Carla": 1}},
             {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}, {"by": "Carla", "pass": True}],
            [{"player": "Bruno", "life": 18}, {"player": "Carla", "life": 19}], cards)
    assert not failed(t) and cited(t, "601.2d")
    assert any(s.kind == "illegal" and "cr-en/107.3c" in s.citations for s in t.steps)


def test_look_at_the_top_cards_keep_some_and_put_the_rest_on_the_bottom() -> None:
    """608.2c / 401.4: look at the top 3, keep 2 when you control more creatures than each other player (the other
    instruction, "otherwise keep 1", does not happen); the rest goes to the bottom."""
    cards = {"Visión": {"cost": "{U}", "types": ["sorcery"], "effects": [
        {"look_top": 3, "keep": 2, "condition": "most_creatures"},
        {"look_top": 3, "keep": 1, "condition": "not_most_creatures"}]},
             "Oso": {"cost": "{G}", "types": ["creature"], "power": 2, "toughness": 2}}
    t = run([{"name": "Ana", "mana_pool": "U", "hand": ["Visión"], "battlefield": ["Oso"],
              "library": [{"card": "Isla", "id": "a"}, {"card": "Bosque", "id": "b"}, {"card": "Pantano", "id": "c"},
                          {"card": "Llanura", "id": "d"}]}, {"name": "Bruno"}],
            [{"by": "Ana", "cast": "Visión"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
             {"by": "Ana", "choose": ["a", "c"]}],
            [{"player": "Ana", "hand": ["Isla", "Pantano"], "library": ["Llanura", "Bosque"]}], cards)
    assert not failed(t) and cited(t, "401.4")


def test_mana_restricted_to_x_costs_empties_with_the_pool() -> None:
    """106.4: unspent mana empties from the pool at the end of each step, restricted mana (106.6) included."""
    cards = {"Cofre": {"cost": "{2}", "types": ["artifact"], "activated": [
        {"tap": True, "effects": [{"add_mana": "{C}{C}", "spend_only": "x_costs"}]}]},
             "Rito": {"cost": "{X}", "types": ["sorcery"], "effects": [{"gain_life": "X"}]}}
    t = run([{"name": "Ana", "hand": ["Rito"], "battlefield": [{"card": "Cofre", "id": "cofre"}]}, {"name": "Bruno"}],
            [{"by": "Ana", "mana": ["cofre"]}, {"pass_until": "beginning_of_combat"}, {"pass_until": "main2"},
             {"by": "Ana", "cast": "Rito", "x": 2}],
            [{"player": "Ana", "life": 20, "hand": ["Rito"]}], cards)
    assert not failed(t)
    assert any(s.kind == "illegal" for s in t.steps) and cited(t, "106.4")
