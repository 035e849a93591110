"""Protection (702.16) and "as it enters, choose" (614.12a), written as inline cards."""
from __future__ import annotations

from typing import Any

import pytest

from judge.engine import Trace, run_scenario
from judge.scenarios import ScenarioError, load_scenario

BEAR = {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2}
RED_PRO = dict(BEAR, cost="{W}", static=[{"protection": "R"}])


def run(cards: dict[str, Any], players: list[dict[str, Any]], actions: list[Any], expect: list[Any],
        active: str = "Ana") -> Trace:
    return run_scenario(load_scenario({"ruleset": "magic", "title": "prueba", "cards": cards, "players": players,
                                       "turn": {"number": 3, "active": active, "step": "main1"},
                                       "actions": actions, "expect": expect}))


def failed(trace: Trace) -> list[str]:
    return [s.summary for s in trace.failed_expectations]


def test_protection_from_a_colour_stops_targets_auras_and_damage() -> None:
    """702.16b: not targeted; 702.16c: an Aura of that colour falls off (704.5m); 702.16e: damage prevented."""
    cards = {"Paladín": RED_PRO, "Rayo": {"cost": "{R}", "types": ["instant"], "targets": ["any"],
                                          "effects": [{"damage": 3}]},
             "Furia": {"cost": "{R}", "types": ["enchantment"], "subtypes": ["Aura"], "targets": ["creature"],
                       "static": [{"pump": [1, 0], "to": "enchanted"}]},
             "Pirómano": {"cost": "{R}", "types": ["sorcery"], "effects": [{"damage": 2, "to": "all_creatures"}]}}
    t = run(cards, [{"name": "Ana", "battlefield": [{"card": "Paladín", "id": "p"},
                                                    {"card": "Furia", "id": "f", "attached_to": "p"}]},
                    {"name": "Bruno", "mana_pool": {"R": 2}, "hand": ["Rayo", "Pirómano"]}],
            [{"expect": [{"object": "f", "zone": "graveyard"}]}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "cast": "Rayo", "target": "p"}, {"by": "Bruno", "pass": True}, {"pass_until": "end"}],
            [{"steps": {"kind": "illegal", "count": 1, "cites": "cr-en/702.16b"}}, {"object": "p", "damage": 0}])
    assert not failed(t), failed(t)
    t = run(cards, [{"name": "Ana", "battlefield": [{"card": "Paladín", "id": "p"}]},
                    {"name": "Bruno", "mana_pool": {"R": 1}, "hand": ["Pirómano"]}],
            [{"by": "Bruno", "cast": "Pirómano"}, {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True}],
            [{"object": "p", "damage": 0}, {"steps": {"kind": "replacement", "count": 1, "cites": "cr-en/702.16e"}}],
            active="Bruno")
    assert not failed(t), failed(t)


def test_protection_for_the_controller_from_the_name_chosen_as_it_entered() -> None:
    """614.12a: the name is chosen before it enters; 702.16b for a player: "Tienes protección contra…"."""
    cards = {"Rayo": {"cost": "{R}", "types": ["instant"], "targets": ["any"], "effects": [{"damage": 3}]},
             "Amuleto": {"cost": "{W}", "types": ["enchantment"], "replacements": [{"event": "enters", "choose": "name"}],
                         "static": [{"protection": "chosen_name", "to": "controller"}]}}
    t = run(cards, [{"name": "Ana", "mana_pool": {"W": 1}, "hand": ["Amuleto"]},
                    {"name": "Bruno", "mana_pool": {"R": 1}, "hand": ["Rayo"]}],
            [{"by": "Ana", "cast": "Amuleto"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
             {"by": "Ana", "choose": "Saprolín"}, {"by": "Ana", "choose": "Rayo"}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "cast": "Rayo", "target": "Ana"}],
            [{"steps": {"kind": "illegal", "count": 2}}, {"player": "Bruno", "hand": ["Rayo"]}])
    assert not failed(t), failed(t)


def test_a_permanent_that_starts_on_the_battlefield_has_chosen_nothing() -> None:
    """No name was chosen: protection from nothing (the Rayo targets Ana)."""
    cards = {"Rayo": {"cost": "{R}", "types": ["instant"], "targets": ["any"], "effects": [{"damage": 3}]},
             "Amuleto": {"cost": "{W}", "types": ["enchantment"], "replacements": [{"event": "enters", "choose": "name"}],
                         "static": [{"protection": "chosen_name", "to": "controller"}]}}
    t = run(cards, [{"name": "Ana", "battlefield": ["Amuleto"]}, {"name": "Bruno", "mana_pool": {"R": 1},
                                                                  "hand": ["Rayo"]}],
            [{"by": "Ana", "pass": True}, {"by": "Bruno", "cast": "Rayo", "target": "Ana"},
             {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True}],
            [{"player": "Ana", "life": 17}])
    assert not failed(t), failed(t)


def test_a_bad_protection_quality_is_an_error_at_its_path() -> None:
    doc = {"ruleset": "magic", "title": "x", "players": [{"name": "Ana"}, {"name": "Bruno"}],
           "cards": {"Mal": {"types": ["artifact"], "static": [{"protection": "azul"}]},
                     "Peor": {"types": ["artifact"], "replacements": [{"event": "enters", "choose": "number"}]}}}
    with pytest.raises(ScenarioError) as exc:
        load_scenario(doc)
    paths = {e.path for e in exc.value.errors}
    assert {"cards.Mal.static[0].protection", "cards.Peor.replacements[0].choose"} <= paths, paths


def test_a_state_trigger_fires_once_when_its_state_becomes_true() -> None:
    """603.8: «cuando no controles permanentes del color elegido, sacrifícalo»: it triggers when the last green
    permanent leaves, once, and the sacrifice happens on resolution."""
    cards = {"Osos": BEAR, "Rayo": {"cost": "{R}", "types": ["instant"], "targets": ["any"], "effects": [{"damage": 3}]},
             "Vigía": {"cost": "{3}", "types": ["artifact", "creature"], "power": 4, "toughness": 4,
                       "replacements": [{"event": "enters", "choose": "color"}],
                       "triggers": [{"when": "state", "state_condition": "no_permanents_of_chosen_color",
                                     "effects": [{"sacrifice": "self"}]}]}}
    t = run(cards, [{"name": "Ana", "mana_pool": {"C": 3}, "hand": [{"card": "Vigía", "id": "v"}],
                     "battlefield": [{"card": "Osos", "id": "o"}]},
                    {"name": "Bruno", "mana_pool": {"R": 1}, "hand": ["Rayo"]}],
            [{"by": "Ana", "cast": "v"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
             {"by": "Ana", "choose": "G"}, {"expect": [{"object": "v", "zone": "battlefield"}, {"stack": []}]},
             {"by": "Ana", "pass": True}, {"by": "Bruno", "cast": "Rayo", "target": "o"},
             {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True},
             {"expect": [{"stack": ["habilidad de Vigía"]}]}, {"by": "Ana", "pass": True},
             {"by": "Bruno", "pass": True}],
            [{"object": "v", "zone": "graveyard"}, {"steps": {"kind": "trigger", "count": 1, "cites": "cr-en/603.8"}}])
    assert not failed(t), failed(t)


def test_a_colour_added_to_everything_reaches_cards_off_the_battlefield() -> None:
    """613.1e / 105.3: «todas las cartas que no están en juego, hechizos y permanentes son del color elegido
    además de sus otros colores»: a card in the library and one in the hand too."""
    cards = {"Osos": BEAR, "Pintor": {"cost": "{2}", "types": ["artifact"],
                                      "replacements": [{"event": "enters", "choose": "color"}],
                                      "static": [{"set_color": "entered", "additive": True, "to": "everything"}]}}
    t = run(cards, [{"name": "Ana", "mana_pool": {"C": 2}, "hand": [{"card": "Pintor", "id": "p"},
                                                                     {"card": "Osos", "id": "mano"}],
                     "library": [{"card": "Osos", "id": "lib"}]}, {"name": "Bruno"}],
            [{"by": "Ana", "cast": "p"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
             {"by": "Ana", "choose": "W"}],
            [{"object": "mano", "colors": ["G", "W"]}, {"object": "lib", "colors": ["G", "W"]},
             {"object": "p", "colors": ["W"]}])
    assert not failed(t), failed(t)


def test_land_types_added_give_their_mana_abilities_and_set_ones_replace_them() -> None:
    """305.6: a land with a basic land type has its intrinsic mana ability (even one printing none); 305.7: a
    land whose types are set loses its old types and the abilities of its text."""
    cards = {"Bosque sombrío": {"types": ["land"], "subtypes": ["Bosque"]},
             "Prisma": {"cost": "{1}", "types": ["enchantment"],
                        "static": [{"land_types": ["Montaña"], "additive": True, "to": "permanents_you_control",
                                    "where": ["land"]}]},
             "Frasco": {"cost": "{1}", "types": ["artifact"], "activated": [
                 {"sacrifice": True, "effects": [{"land_types": "chosen", "to": "permanents_you_control",
                                                  "where": ["land"]}]}]}}
    t = run(cards, [{"name": "Ana", "battlefield": [{"card": "Bosque sombrío", "id": "b"}, "Prisma",
                                                    {"card": "Frasco", "id": "f"}, {"card": "Isla", "id": "i"}]},
                    {"name": "Bruno"}],
            [{"by": "Ana", "mana": ["b"]}, {"by": "Ana", "activate": "i", "ability": 1},
             {"expect": [{"player": "Ana", "mana_pool": "{G}{R}"}]},
             {"by": "Ana", "activate": "f"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
             {"by": "Ana", "choose": "Madera"}, {"by": "Ana", "choose": "Llanura"}],
            [{"steps": {"kind": "illegal", "count": 1, "cites": "cr-en/305.6"}}])
    assert not failed(t), failed(t)
    # The Isla is now only a Llanura: untapped next turn it makes {W} and has no second ability.
    t2 = run(cards, [{"name": "Ana", "battlefield": [{"card": "Frasco", "id": "f"}, {"card": "Isla", "id": "i"}]},
                     {"name": "Bruno"}],
             [{"by": "Ana", "activate": "f"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
              {"by": "Ana", "choose": "Llanura"}, {"by": "Ana", "mana": ["i"]}],
             [{"player": "Ana", "mana_pool": "{W}"}])
    assert not failed(t2), failed(t2)


def test_protection_from_a_card_type_stops_auras_and_damage_from_sources_of_that_type() -> None:
    """702.16a: a card type is a quality. From enchantments: an Aura falls off (702.16c, 704.5m); from creatures
    (by its Spanish name): the damage of the creature it blocks is prevented (702.16e), it still deals its own."""
    cards = {"Guardián": dict(BEAR, static=[{"protection": "enchantment"}, {"protection": "criatura"}]),
             "Lobo": BEAR,
             "Furia": {"cost": "{R}", "types": ["enchantment"], "subtypes": ["Aura"], "targets": ["creature"],
                       "static": [{"pump": [1, 0], "to": "enchanted"}]}}
    t = run(cards, [{"name": "Ana", "battlefield": [{"card": "Guardián", "id": "g"},
                                                    {"card": "Furia", "id": "f", "attached_to": "g"}]},
                    {"name": "Bruno", "battlefield": [{"card": "Lobo", "id": "lobo"}]}],
            [{"expect": [{"object": "f", "zone": "graveyard"}]}, {"pass_until": "declare_attackers"},
             {"by": "Bruno", "attack": ["lobo"]}, {"pass_until": "declare_blockers"},
             {"by": "Ana", "block": {"g": "lobo"}}, {"pass_until": "end_of_combat"}],
            [{"object": "g", "damage": 0, "zone": "battlefield"}, {"object": "lobo", "zone": "graveyard"},
             {"steps": {"kind": "replacement", "count": 1, "cites": "cr-en/702.16e"}}], active="Bruno")
    assert not failed(t), failed(t)


def test_legal_actions_offer_no_target_with_protection_from_the_spell() -> None:
    """702.16b: what casting refuses is not offered: an instant spell can't target a creature with protection
    from instants (the fuzzer found `legal_actions` offering it when the protection is a card type)."""
    from judge.engine import Game
    from judge.engine.rulesets.magic.actions import Cast

    cards = {"Grifo": dict(BEAR, static=[{"protection": "instant"}]), "Lobo": BEAR,
             "Rayo": {"cost": "{R}", "types": ["instant"], "targets": ["creature"], "effects": [{"damage": 3}]}}
    doc = {"ruleset": "magic", "title": "prueba", "cards": cards,
           "players": [{"name": "Ana", "mana_pool": {"R": 1}, "hand": ["Rayo"]},
                       {"name": "Bruno", "battlefield": [{"card": "Grifo", "id": "g"}, {"card": "Lobo", "id": "l"}]}],
           "turn": {"number": 3, "active": "Ana", "step": "main1"}}
    game = Game(load_scenario(doc))
    casts = [a for a in game.legal_actions() if isinstance(a, Cast)]
    assert [a.targets for a in casts] == [("l",)]
