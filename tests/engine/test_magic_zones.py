"""The zones group's pieces (judge/engine/rulesets/magic/linked.py, zonefx.py): what the catalog reads them into,
random choices that follow the seed, "if you do" after a payment, numbers read on resolution, triggers on damage
events, exiling from the top of a short library."""
from __future__ import annotations

from typing import Any

from judge.engine import run_scenario
from judge.engine.rulesets.magic.cards import Triggered
from judge.scenarios.cards import find
from judge.engine.rulesets.magic.triggers import _damage_matches
from judge.engine.rulesets.magic.state import MagicObject
from judge.scenarios import load_scenario


def _run(doc: dict[str, Any]) -> Any:
    trace = run_scenario(load_scenario({"ruleset": "magic", "title": "zonas", **doc}))
    assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
    return trace


def test_the_catalog_reads_linked_instructions_into_pieces() -> None:
    raid = find("Incursión improvisada")
    assert raid is not None and not raid.text
    kinds = [(e.kind, e.to, e.condition) for e in raid.activated[0].effects]
    assert kinds == [("reveal_top", "controller", ""), ("put", "linked", "linked_noncreature"),
                     ("put", "linked", "linked_creature"), ("grant", "linked", ""), ("delayed", "target", "")]
    assert raid.activated[0].effects[-1].then[0].kind == "sacrifice"
    mastery = find("Maestría elemental")
    assert mastery is not None and not mastery.text
    granted = mastery.statics[0].effect
    assert granted.kind == "grant_ability" and granted.ability is not None and granted.ability.tap
    make, later = granted.ability.effects
    assert make.kind == "create_token" and make.count == "source_power" and make.token.keywords == ("haste",)
    assert later.kind == "delayed" and later.at == "end_step" and later.then[0].to == "linked"
    fossil = find("Encontrar un fósil")
    assert fossil is not None and [(e.kind, e.to) for e in fossil.effects] == [
        ("put", "graveyard_random"), ("reorder_graveyard", "controller")]


FOSSIL = {"players": [{"name": "Ana", "mana_pool": {"G": 1}, "hand": ["Encontrar un fósil"],
                       "graveyard": [{"card": "Isla", "id": "a"}, {"card": "Bosque", "id": "b"},
                                     {"card": "Pantano", "id": "c"}]}, {"name": "Bruno"}],
          "turn": {"number": 3, "active": "Ana", "step": "main1"},
          "actions": [{"by": "Ana", "cast": "Encontrar un fósil"}, {"by": "Ana", "pass": True},
                      {"by": "Bruno", "pass": True}, {"by": "Ana", "choose": []}]}


def _returned(seed: int) -> str:
    trace = _run({**FOSSIL, "seed": seed})
    board = trace.steps[-1].board
    ana = next(p for p in board["players"] if p["name"] == "Ana")
    assert len(ana["hand"]) == 1 and any("cr-en/701.9b" in s.citations for s in trace.steps)
    return ana["hand"][0]["id"].split("~")[0]


def test_a_card_at_random_follows_the_seed() -> None:
    """Encontrar un fósil: one card of the three, chosen with the scenario's seed: the same seed, the same card;
    over several seeds more than one card comes back (it is not always the first or the last)."""
    assert _returned(7) == _returned(7)
    assert len({_returned(seed) for seed in range(1, 9)}) > 1


PUCA = {"players": [{"name": "Ana", "mana_pool": {"B": 1}, "hand": ["Asesinato"],
                     "battlefield": [{"card": "Puca del cementerio", "id": "puca"}]},
                    {"name": "Bruno", "battlefield": [{"card": "Gigante", "id": "gigante"}]}],
        "cards": {"Gigante": {"cost": "{3}{R}", "types": ["creature"], "power": 3, "toughness": 3},
                  "Asesinato": {"cost": "{B}", "types": ["instant"], "targets": ["creature"],
                                "effects": [{"destroy": "target"}]}},
        "turn": {"number": 3, "active": "Ana", "step": "main1"},
        "actions": [{"by": "Ana", "cast": "Asesinato", "target": "gigante"}, {"by": "Ana", "pass": True},
                    {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
                    {"by": "Ana", "choose": "yes"}]}


def test_if_you_do_needs_the_payment(h: Any) -> None:
    """«Puedes pagar {1}. Si lo haces, …»: saying yes with an empty pool pays nothing (608.2g), so the copy does not
    happen; with the mana in the pool it does."""
    poor = _run({**PUCA, "expect": [{"object": "puca", "power": 1, "toughness": 2}]})
    assert any("magic.linked.cant_pay" in h.ids(s) for s in poor.steps)
    assert any({"magic.effect.condition_fails", "magic.fx.cond.did"} <= h.ids(s) for s in poor.steps)
    rich = dict(PUCA, players=[dict(PUCA["players"][0], mana_pool={"B": 1, "C": 1}), PUCA["players"][1]])
    _run({**rich, "expect": [{"object": "puca", "power": 3, "toughness": 3}]})


def test_exiling_more_cards_than_the_library_has_exiles_what_there_is() -> None:
    """Oona with X = 4 against a two-card library: both are exiled (609.3: do as much as possible) and the tokens
    count the cards of the chosen colour among them."""
    trace = _run({"players": [{"name": "Ana", "mana_pool": {"U": 5},
                               "battlefield": [{"card": "Oona, reina de las hadas", "id": "oona"}]},
                              {"name": "Bruno", "library": ["Pantano", "Zombi"]}],
                  "cards": {"Zombi": {"cost": "{1}{B}", "types": ["creature"], "power": 2, "toughness": 2}},
                  "turn": {"number": 3, "active": "Ana", "step": "main1"},
                  "actions": [{"by": "Ana", "activate": "oona", "target": "Bruno", "x": 4},
                              {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
                              {"by": "Ana", "choose": "B"}],
                  "expect": [{"player": "Bruno", "exile": ["Pantano", "Zombi"]},
                             {"player": "Ana", "battlefield_count": 2}]})
    assert any("cr-en/609.3" in s.citations for s in trace.steps)


def test_damage_trigger_conditions_read_one_damage_event() -> None:
    """"Whenever it deals 6 or more damage to an opponent" / "combat damage to a player": each damage event alone."""
    o = MagicObject(id="deus", card="Deus", owner="Ana", controller="Ana", zone="battlefield")
    big = Triggered(when="deals_damage", effects=(), to_whom="opponent", at_least=6)
    combat = Triggered(when="deals_damage", effects=(), to_whom="player", combat=True)

    class Players:
        def has_player(self, name: str) -> bool:
            return name in ("Ana", "Bruno")
    state: Any = Players()
    assert _damage_matches(state, big, o, {"target": "Bruno", "amount": 6, "combat": False})
    assert not _damage_matches(state, big, o, {"target": "Bruno", "amount": 5, "combat": True})
    assert not _damage_matches(state, big, o, {"target": "Ana", "amount": 7, "combat": True})
    assert not _damage_matches(state, big, o, {"target": "oso", "amount": 7, "combat": True})
    assert _damage_matches(state, combat, o, {"target": "Ana", "amount": 1, "combat": True})
    assert not _damage_matches(state, combat, o, {"target": "Bruno", "amount": 9, "combat": False})


def test_the_pieces_are_written_inline_too() -> None:
    """A scenario's own card uses the same pieces: a "when you cast" trigger that reveals the top card and puts it
    onto the battlefield if it is a creature card, then gives it haste and a delayed end-step sacrifice."""
    cards = {"Llamada": {"cost": "{1}", "types": ["creature"], "power": 1, "toughness": 1, "triggers": [
        {"when": "cast", "effects": [
            {"reveal_top": 1}, {"put": True, "dest": "battlefield", "condition": "linked_creature"},
            {"grant": ["haste"], "to": "linked", "duration": "permanent"},
            {"delayed": {"at": "end_step", "effects": [{"sacrifice": "linked"}]}}]}]},
        "Oso": {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2}}
    _run({"cards": cards,
          "players": [{"name": "Ana", "mana_pool": {"C": 1}, "hand": ["Llamada"],
                       "library": [{"card": "Oso", "id": "oso"}]}, {"name": "Bruno"}],
          "turn": {"number": 3, "active": "Ana", "step": "main1"},
          "actions": [{"by": "Ana", "cast": "Llamada"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
                      {"expect": [{"object": "oso", "zone": "battlefield", "keywords": ["haste"]}]},
                      {"pass_until": "end"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
          "expect": [{"object": "oso", "zone": "graveyard"}]})
    with_errors = {"ruleset": "magic", "title": "x", "cards": {"Mal": {"cost": "{1}", "types": ["sorcery"],
                   "effects": [{"destroy": True, "to": "graveyard_random"}]}}, "players": [{"name": "A"}, {"name": "B"}]}
    try:
        load_scenario(with_errors)
    except Exception as exc:                      # ScenarioError: each problem with its field path
        assert "cards.Mal.effects[0].to" in [e.path for e in getattr(exc, "errors", ())]
    else:
        raise AssertionError("graveyard_random is only for put")


def test_an_aura_on_a_player_sends_their_cards_to_the_bottom_of_the_library() -> None:
    """Rueda del sol y la luna: «Encantar jugador» attaches it to a player (303.4b) and keeps it there while that
    player is in the game (704.5m); a card of that player that would go to their graveyard goes to the bottom of
    their library instead; another player's cards are not affected."""
    _run({"cards": {"Chispa": {"cost": "{R}", "types": ["instant"], "effects": [{"draw": 1}]}},
          "players": [{"name": "Ana", "mana_pool": {"G": 2}, "hand": ["Rueda del sol y la luna"]},
                      {"name": "Bruno", "mana_pool": {"R": 1}, "hand": [{"card": "Chispa", "id": "chispa"}],
                       "library": ["Isla", "Isla"]}],
          "turn": {"number": 3, "active": "Ana", "step": "main1"},
          "actions": [{"by": "Ana", "cast": "Rueda del sol y la luna", "target": "Bruno"}, {"by": "Ana", "pass": True},
                      {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True},
                      {"by": "Bruno", "cast": "chispa"}, {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True}],
          "expect": [{"player": "Bruno", "library": ["Isla", "Chispa"]}, {"player": "Bruno", "graveyard": []},
                     {"player": "Ana", "battlefield": ["Rueda del sol y la luna"]}]})


def test_may_play_lets_the_controller_play_an_exiled_card_this_turn_only() -> None:
    """exile_top then may_play: the exiled land can be played this turn, as a land (one a turn, 305.2)."""
    spell = {"cost": "{U}", "types": ["instant"], "targets": [{"type": "player", "controller": "opponent"}],
             "effects": [{"exile_top": 1, "to": "target"}, {"may_play": True}]}
    trace = _run({"cards": {"Hurto": spell},
                  "players": [{"name": "Ana", "mana_pool": {"U": 1}, "hand": ["Hurto"], "lands_played": 0},
                              {"name": "Bruno", "library": [{"card": "Isla", "id": "isla"}]}],
                  "turn": {"number": 3, "active": "Ana", "step": "main1"},
                  "actions": [{"by": "Ana", "cast": "Hurto", "target": "Bruno"}, {"by": "Ana", "pass": True},
                              {"by": "Bruno", "pass": True}, {"by": "Ana", "play_land": "isla"}],
                  "expect": [{"object": "isla", "zone": "battlefield", "controller": "Ana"},
                             {"player": "Ana", "lands_played": 1}]})
    assert not any(s.kind == "illegal" for s in trace.steps)


def test_exchange_control_is_all_or_nothing_and_targets_compare_mana_values() -> None:
    """exchange_control swaps the two targets' controllers (701.12b); `mv_at_most_slot` refuses a second target
    with a greater mana value (202.3), asking again."""
    swap = {"cost": "{U}", "types": ["instant"],
            "targets": [{"type": "nonland", "controller": "you"},
                        {"type": "nonland", "controller": "opponent", "mv_at_most_slot": 0}],
            "effects": [{"exchange_control": True}]}
    cards = {"Trueque": swap, "Oso": {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2},
             "Lobo": {"cost": "{2}{G}", "types": ["creature"], "power": 3, "toughness": 3}}
    base = {"cards": cards, "turn": {"number": 3, "active": "Ana", "step": "main1"},
            "players": [{"name": "Ana", "mana_pool": {"U": 2}, "hand": ["Trueque"],
                         "battlefield": [{"card": "Oso", "id": "oso"}]},
                        {"name": "Bruno", "battlefield": [{"card": "Lobo", "id": "lobo"}, {"card": "Oso", "id": "osa"}]}]}
    trace = run_scenario(load_scenario({"ruleset": "magic", "title": "x", **base, "actions": [
        {"by": "Ana", "cast": "Trueque", "targets": ["oso", "lobo"]}]}))
    assert any(s.kind == "illegal" and "cr-en/202.3" in s.citations for s in trace.steps)
    _run({**base, "actions": [{"by": "Ana", "cast": "Trueque", "targets": ["oso", "osa"]},
                              {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
          "expect": [{"object": "oso", "controller": "Bruno"}, {"object": "osa", "controller": "Ana"}]})


def test_cast_free_casts_a_graveyard_card_on_resolution_without_paying() -> None:
    """cast_free: the target sorcery is cast during the resolution (its target chosen then), paying nothing."""
    cards = {"Recuerdo": {"cost": "{U}", "types": ["instant"],
                          "targets": [{"type": "instant_or_sorcery", "controller": "opponent", "zone": "graveyard"}],
                          "effects": [{"cast_free": True}]},
             "Chispa": {"cost": "{5}{R}", "types": ["sorcery"], "targets": ["player"],
                        "effects": [{"damage": 2, "to": "target"}]}}
    _run({"cards": cards, "turn": {"number": 4, "active": "Bruno", "step": "main1"},
          "players": [{"name": "Ana", "mana_pool": {"U": 1}, "hand": ["Recuerdo"]},
                      {"name": "Bruno", "graveyard": [{"card": "Chispa", "id": "chispa"}]}],
          "actions": [{"by": "Bruno", "pass": True}, {"by": "Ana", "cast": "Recuerdo", "target": "chispa"},
                      {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}, {"by": "Ana", "choose": "Bruno"},
                      {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True}],
          "expect": [{"player": "Bruno", "life": 18}, {"player": "Bruno", "graveyard": ["Chispa"]},
                     {"player": "Ana", "mana_pool": {}}]})
