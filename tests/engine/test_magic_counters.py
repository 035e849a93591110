"""The engine pieces for -1/-1 counters, wither, persist and {Q} (issue 9), each written as an inline card so the
test also proves the piece can be written in `cards:` (docs/scenarios.md, magic). Each test quotes the rule it
checks."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from judge.engine import Trace, run_scenario
from judge.engine.rulesets.magic.catalog import read_text
from judge.scenarios.cards import magic_catalog as catalog
from judge.scenarios import ScenarioError, load_scenario

BEAR = {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2}
CARDS: dict[str, Any] = {
    "Osos": BEAR,
    "Oso persistente": {**BEAR, "keywords": ["persist"]},
    "Marchito": {**BEAR, "keywords": ["wither"]},
    "Caja": {**BEAR, "keywords": ["no_counters"]},
    "Criado": {**BEAR, "activated": [{"put_counters": {"-1/-1": 1}, "effects": [{"untap": "self"}]}]},
    "Mirón": {**BEAR, "activated": [{"tap": True, "your_turn": True, "targets": ["player"],
                                     "effects": [{"discard": "target"}]}]},
    "Rasgado": {"cost": "{B}", "types": ["sorcery"], "additional_costs": {"counter_creature": 1},
                "effects": [{"draw": 1}]},
    "Limpieza": {"cost": "{W}", "types": ["instant"], "targets": ["permanent"],
                 "effects": [{"remove_counter": "target"}]},
    "Traslado": {"cost": "{U}", "types": ["instant"], "targets": ["creature", {"type": "creature", "other": True}],
                 "effects": [{"move_counter": 1, "target": 0}]},
    "Legado": {**BEAR, "triggers": [{"when": "dies", "effects": [{"draw": 1, "per_counter": "-1/-1"}]}]},
    "Vivero": {"cost": "{G}", "types": ["enchantment"], "triggers": [
        {"when": "counter_put", "of": "creature", "counter": "-1/-1", "each_counter": True,
         "effects": [{"create_token": {"name": "Elfo", "types": ["creature"], "power": 1, "toughness": 1}}]}]},
    "Carroña": {"cost": "{B}", "types": ["enchantment"], "triggers": [
        {"when": "dies", "of": "creature", "had_counter": "-1/-1", "effects": [{"gain_life": 1}]}]},
    "Vigía": {**BEAR, "triggers": [{"when": "untapped", "effects": [{"gain_life": 1}]}]},
    "Marchante": {**BEAR, "triggers": [{"when": "attacks", "effects": [
        {"delayed": {"at": "end_of_combat", "effects": [{"counters": {"-1/-1": 1}, "to": "self"}]}}]}]},
    "Caldera": {"cost": "{1}", "types": ["artifact"], "activated": [
        {"tap": True, "targets": [{"type": "creature", "many": True}],
         "effects": [{"grant": ["persist"], "to": "targets"}]}]},
    "Yermo": {"cost": "{B}", "types": ["enchantment"], "replacements": [{"event": "no_life_gain"},
                                                                        {"event": "all_wither"}]},
    "Cisne": {**BEAR, "replacements": [{"event": "damage", "source_draws": True}]},
    "Prisma": {**BEAR, "activated": [{"cost": "{1}", "untap": True, "effects": [{"add_mana": "any"}]}]},
    "Rayo": {"cost": "{R}", "types": ["instant"], "targets": ["any"], "effects": [{"damage": 2}]},
    "Trago": {"cost": "{G}", "types": ["instant"], "effects": [{"gain_life": 3}]},
    "Plaga": {"cost": "{B}", "types": ["instant"], "targets": ["creature"],
              "effects": [{"counters": {"-1/-1": 1}}]},
    "Mengua": {"cost": "{B}", "types": ["instant"], "effects": [{"counters": {"-1/-1": 1},
                                                                   "to": "creatures_with_minus_counters"}]},
    "Grillete": {"cost": "{U}", "types": ["enchantment"], "subtypes": ["Aura"], "targets": ["creature"], "static": [
        {"grant": ["no_untap"], "to": "enchanted"},
        {"grant_ability": {"cost": "{1}", "put_counters": {"-1/-1": 1}, "effects": [{"untap": "self"}]},
         "to": "enchanted"}]},
    "Escamas": {"cost": "{G}", "types": ["creature"], "power": 5, "toughness": 5, "triggers": [
        {"when": "blocked", "effects": [{"grant": ["wither"], "to": "that_creature"}]},
        {"when": "deals_damage", "to_whom": "opponent", "effects": [
            {"remove_counter": "self", "counter": "-1/-1", "amount": "all"}]}]},
}


def run(players: list[dict[str, Any]], actions: list[Any], expect: list[Any], **top: Any) -> Trace:
    doc = {"ruleset": "magic", "title": "prueba", "cards": copy.deepcopy(CARDS), "players": players,
           "actions": actions, "expect": expect, **top}
    return run_scenario(load_scenario(doc))


def ok(trace: Trace) -> None:
    assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
    assert trace.ok, trace.stopped


def cites(trace: Trace, rule: str) -> bool:
    return any(rule in s.citations for s in trace.steps if s.kind != "expectation")


PASS = [{"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}]


def test_no_counters_refuses_counters_from_effects_wither_and_costs() -> None:
    """609.3: an effect that would put a counter on a permanent that can't have counters does only what it can;
    118.3: a cost that would put one on it can't be paid."""
    t = run([{"name": "Ana", "hand": ["Plaga", "Rasgado"], "battlefield": [
                {"card": "Caja", "id": "caja"}, {"card": "Pantano", "id": "p1"}, {"card": "Pantano", "id": "p2"}]},
             {"name": "Bruno"}],
            [{"by": "Ana", "cast": "Rasgado", "counter_on": ["caja"], "tap": ["p1"]},
             {"by": "Ana", "cast": "Plaga", "target": "caja", "tap": ["p2"]}, *PASS],
            [{"object": "caja", "counters": {}}, {"player": "Ana", "hand": ["Rasgado"]},
             {"steps": {"kind": "illegal", "count": 1, "cites": "cr-en/118.3"}}])
    ok(t)
    assert cites(t, "cr-en/609.3")


def test_wither_damage_to_a_creature_that_cant_have_counters_does_nothing() -> None:
    """120.3d / 702.80a: wither damage is -1/-1 counters; none can be put, and no damage is marked either."""
    t = run([{"name": "Ana", "battlefield": [{"card": "Marchito", "id": "m"}]},
             {"name": "Bruno", "battlefield": [{"card": "Caja", "id": "caja"}]}],
            [{"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["m"]}, {"pass_until": "declare_blockers"},
             {"by": "Bruno", "block": {"caja": "m"}}, {"pass_until": "combat_damage"}],
            [{"object": "caja", "counters": {}, "damage": 0}, {"object": "m", "zone": "graveyard"}],
            turn={"number": 3, "active": "Ana", "step": "main1"})
    ok(t)


def test_a_counter_put_as_a_cost_is_put_on_activation_and_the_ability_resolves_alone() -> None:
    """602.2b: costs are paid as the ability is activated; at toughness 0 it dies first (704.5f); the ability is
    independent of its source (113.7a)."""
    t = run([{"name": "Ana", "battlefield": [{"card": "Criado", "id": "c", "tapped": True,
                                              "counters": {"-1/-1": 1}}]}, {"name": "Bruno"}],
            [{"by": "Ana", "activate": "c"}, {"expect": [{"object": "c", "zone": "graveyard"}]}, *PASS],
            [{"stack": []}])
    ok(t)
    assert cites(t, "cr-en/602.2b") and cites(t, "cr-en/704.5f")


def test_only_during_your_turn_and_discard() -> None:
    """602.5: a prohibited activation can't begin; 701.9b: the discarding player chooses the card."""
    players = [{"name": "Ana", "battlefield": [{"card": "Mirón", "id": "miron"}]},
               {"name": "Bruno", "hand": [{"card": "Osos", "id": "o1"}, {"card": "Rayo", "id": "r1"}]}]
    t = run(players, [{"by": "Ana", "activate": "miron", "target": "Bruno"}, *PASS, {"by": "Bruno", "choose": "r1"}],
            [{"player": "Bruno", "hand": ["o1"], "graveyard": ["Rayo"]}])
    ok(t)
    t = run(players, [{"by": "Bruno", "pass": True}, {"by": "Ana", "activate": "miron", "target": "Bruno"}],
            [{"steps": {"kind": "illegal", "count": 1, "cites": "cr-en/602.5"}}, {"player": "Bruno", "hand_count": 2}],
            turn={"number": 2, "active": "Bruno", "step": "main1"})
    ok(t)


def test_remove_and_move_a_counter_of_any_kind() -> None:
    """122.5: moving a counter removes it from one object and puts it on the other; if either is impossible,
    nothing moves (here the second can't have counters). A kind is chosen when there are several (122.1)."""
    t = run([{"name": "Ana", "hand": ["Traslado", "Limpieza"], "battlefield": [
                {"card": "Osos", "id": "a", "counters": {"+1/+1": 1}}, {"card": "Osos", "id": "b"},
                {"card": "Caja", "id": "caja"}, {"card": "Isla", "id": "i"}, {"card": "Llanura", "id": "l"}]},
             {"name": "Bruno"}],
            [{"by": "Ana", "cast": "Traslado", "targets": ["a", "caja"], "tap": ["i"]}, *PASS,
             {"by": "Ana", "cast": "Limpieza", "target": "a", "tap": ["l"]}, *PASS],
            [{"object": "a", "counters": {}}, {"object": "caja", "counters": {}}])
    ok(t)
    assert cites(t, "cr-en/122.5")


def test_an_amount_per_counter_reads_the_last_known_counters() -> None:
    """608.2h: a dies trigger counting the counters on its source uses how it last existed on the battlefield."""
    t = run([{"name": "Ana", "library": ["Isla", "Isla", "Isla"], "hand": ["Plaga"], "battlefield": [
                {"card": "Legado", "id": "legado", "counters": {"-1/-1": 1}}, {"card": "Pantano", "id": "p"}]},
             {"name": "Bruno"}],
            [{"by": "Ana", "cast": "Plaga", "target": "legado", "tap": ["p"]}, *PASS, *PASS],
            [{"object": "legado", "zone": "graveyard"}, {"player": "Ana", "hand_count": 2}])
    ok(t)
    assert cites(t, "cr-en/608.2h")


def test_a_counter_put_on_any_creature_triggers_once_per_counter() -> None:
    """122.6: a permanent entering with counters has counters put on it; the ability triggers for each one."""
    doc_cards = copy.deepcopy(CARDS)
    doc_cards["Tirano"] = {**BEAR, "power": 5, "toughness": 5, "replacements": [
        {"event": "enters", "counters": {"-1/-1": 2}}]}
    t = run_scenario(load_scenario({
        "ruleset": "magic", "title": "prueba", "cards": doc_cards,
        "players": [{"name": "Ana", "battlefield": [{"card": "Vivero", "id": "vivero"}]}, {"name": "Bruno"}],
        "stack": [{"card": "Tirano", "controller": "Bruno"}],
        "actions": [*PASS, *PASS, *PASS], "expect": [{"player": "Ana", "battlefield_count": 3}]}))
    ok(t)


def test_dies_if_it_had_a_counter_is_an_intervening_if() -> None:
    """603.4: the ability triggers only if the creature had a -1/-1 counter as it died (last known information)."""
    t = run([{"name": "Ana", "hand": ["Rayo", "Rayo"], "battlefield": [
                {"card": "Carroña", "id": "c"}, {"card": "Montaña", "id": "m1"}, {"card": "Montaña", "id": "m2"}]},
             {"name": "Bruno", "battlefield": [{"card": "Osos", "id": "limpio"},
                                               {"card": "Osos", "id": "marcado", "counters": {"-1/-1": 1}}]}],
            [{"by": "Ana", "cast": "Rayo", "target": "limpio", "tap": ["m1"]}, *PASS,
             {"by": "Ana", "cast": "Rayo", "target": "marcado", "tap": ["m2"]}, *PASS, *PASS],
            [{"player": "Ana", "life": 21}, {"player": "Bruno", "graveyard_count": 2}])
    ok(t)


def test_becoming_untapped_triggers_in_the_untap_step_and_waits_for_the_upkeep() -> None:
    """603.2e / 502.4: it triggers as it untaps; nobody gets priority in the untap step, so it goes on the stack
    in the upkeep."""
    t = run([{"name": "Ana", "library": ["Isla"], "battlefield": [{"card": "Vigía", "id": "v", "tapped": True}]},
             {"name": "Bruno"}],
            [{"pass_until": "upkeep"}, {"expect": [{"stack": ["habilidad de Vigía"]}]}, *PASS],
            [{"player": "Ana", "life": 21}], turn={"number": 2, "active": "Bruno", "step": "end"})
    ok(t)


def test_a_delayed_trigger_acts_at_end_of_combat() -> None:
    """603.7 / 511.2: created when it attacks, it triggers as the end of combat step begins."""
    t = run([{"name": "Ana", "battlefield": [{"card": "Marchante", "id": "m"}]}, {"name": "Bruno"}],
            [{"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["m"]}, {"pass_until": "combat_damage"},
             {"expect": [{"object": "m", "counters": {}}]}, {"pass_until": "main2"}],
            [{"object": "m", "counters": {"-1/-1": 1}}, {"player": "Bruno", "life": 18}],
            turn={"number": 3, "active": "Ana", "step": "main1"})
    ok(t)
    assert cites(t, "cr-en/603.7")


def test_any_number_of_targets_and_other_targets() -> None:
    """115.3: a target can't be chosen twice for one 'target'; 'any number of target creatures' may be none or
    several different ones; 'another target creature' can't repeat an earlier target."""
    players = [{"name": "Ana", "hand": ["Traslado"], "battlefield": [
        {"card": "Caldera", "id": "caldera"}, {"card": "Osos", "id": "a"}, {"card": "Osos", "id": "b"},
        {"card": "Isla", "id": "i"}]}, {"name": "Bruno"}]
    t = run(players, [{"by": "Ana", "activate": "caldera", "targets": ["a", "a"]},
                      {"by": "Ana", "activate": "caldera", "targets": ["a", "b"]}, *PASS,
                      {"by": "Ana", "cast": "Traslado", "targets": ["a", "a"], "tap": ["i"]}],
            [{"object": "a", "keywords": ["persist"]}, {"object": "b", "keywords": ["persist"]},
             {"steps": {"kind": "illegal", "count": 2, "cites": "cr-en/115.3"}}])
    ok(t)
    t = run(players, [{"by": "Ana", "activate": "caldera", "targets": []}, *PASS], [{"object": "caldera",
                                                                                     "tapped": True}])
    ok(t)


def test_players_cant_gain_life_and_all_damage_withers() -> None:
    """119.7: a player who can't gain life gains none (the rest of the effect still happens); 702.80a: all damage
    dealt as though its source had wither is -1/-1 counters on creatures, life loss on players."""
    t = run([{"name": "Ana", "hand": ["Trago", "Rayo", "Rayo"], "battlefield": [
                {"card": "Yermo", "id": "y"}, {"card": "Bosque", "id": "b"}, {"card": "Montaña", "id": "m1"},
                {"card": "Montaña", "id": "m2"}]},
             {"name": "Bruno", "life": 20, "battlefield": [{"card": "Osos", "id": "o", "counters": {"+1/+1": 1}}]}],
            [{"by": "Ana", "cast": "Trago", "tap": ["b"]}, *PASS,
             {"by": "Ana", "cast": "Rayo", "target": "o", "tap": ["m1"]}, *PASS,
             {"by": "Ana", "cast": "Rayo", "target": "Bruno", "tap": ["m2"]}, *PASS],
            [{"player": "Ana", "life": 20}, {"object": "o", "counters": {"-1/-1": 1}, "damage": 0},
             {"player": "Bruno", "life": 18}])
    ok(t)
    assert cites(t, "cr-en/119.7")


def test_prevention_whose_source_controller_draws() -> None:
    """615.5: the additional effect of a prevention effect happens right after: the source's controller draws a
    card per damage prevented."""
    t = run([{"name": "Ana", "hand": ["Rayo"], "library": ["Isla", "Isla", "Isla"],
              "battlefield": [{"card": "Montaña", "id": "m"}]},
             {"name": "Bruno", "battlefield": [{"card": "Cisne", "id": "cisne"}]}],
            [{"by": "Ana", "cast": "Rayo", "target": "cisne", "tap": ["m"]}, *PASS],
            [{"object": "cisne", "damage": 0}, {"player": "Ana", "hand_count": 2}])
    ok(t)
    assert cites(t, "cr-en/615.5")


def test_untap_cost_mana_of_any_colour() -> None:
    """107.6: {Q} means untap this permanent (only a tapped one can); 106.1a: the colour is chosen on resolution
    of the mana ability."""
    t = run([{"name": "Ana", "mana_pool": "{G}", "battlefield": [{"card": "Prisma", "id": "p", "tapped": True}]},
             {"name": "Bruno"}],
            [{"by": "Ana", "activate": "p"}, {"by": "Ana", "choose": "R"}, {"by": "Ana", "activate": "p"}],
            [{"player": "Ana", "mana_pool": "{R}"}, {"object": "p", "tapped": False},
             {"steps": {"kind": "illegal", "count": 1, "cites": "cr-en/107.6"}}])
    ok(t)


def test_a_mana_ability_whose_cost_puts_a_counter_and_only_in_your_turn() -> None:
    """605.3a / 602.2b: a mana ability pays its costs as it is activated, a counter put on the permanent too;
    602.5: "only during your turn" holds for a mana ability as well."""
    cards = {"Savia": {**BEAR, "activated": [{"put_counters": {"-1/-1": 1}, "your_turn": True,
                                              "effects": [{"add_mana": "{G}"}]}]}}
    doc = {"ruleset": "magic", "title": "prueba", "cards": cards,
           "players": [{"name": "Ana", "battlefield": [{"card": "Savia", "id": "s"}]}, {"name": "Bruno"}],
           "actions": [{"by": "Ana", "mana": ["s"]}],
           "expect": [{"player": "Ana", "mana_pool": "{G}"}, {"object": "s", "counters": {"-1/-1": 1}}]}
    ok(run_scenario(load_scenario(doc)))
    doc["turn"] = {"number": 2, "active": "Bruno", "step": "main1"}
    doc["actions"] = [{"by": "Bruno", "pass": True}, {"by": "Ana", "mana": ["s"]}]
    doc["expect"] = [{"player": "Ana", "mana_pool": {}}, {"object": "s", "counters": {}},
                     {"steps": {"kind": "illegal", "count": 1, "cites": "cr-en/602.5"}}]
    ok(run_scenario(load_scenario(doc)))


def test_a_scope_of_creatures_with_a_minus_counter() -> None:
    """122.1: each creature with a -1/-1 counter on it gets one more; the others none."""
    t = run([{"name": "Ana", "hand": ["Mengua"], "battlefield": [
                {"card": "Osos", "id": "a", "counters": {"-1/-1": 1}}, {"card": "Osos", "id": "b"},
                {"card": "Pantano", "id": "p"}]}, {"name": "Bruno"}],
            [{"by": "Ana", "cast": "Mengua", "tap": ["p"]}, *PASS],
            [{"object": "a", "zone": "graveyard"}, {"object": "b", "counters": {}}])
    ok(t)


def test_a_creature_leaving_in_the_same_check_keeps_its_counters_for_persist() -> None:
    """704.3: state-based actions happen at once: a creature that dies by lethal damage while its +1/+1 and -1/-1
    counters would annihilate leaves with both, so persist (702.79a) sees the -1/-1 counter and does not return
    it."""
    t = run([{"name": "Ana", "hand": ["Plaga"], "battlefield": [{"card": "Pantano", "id": "p"}]},
             {"name": "Bruno", "battlefield": [{"card": "Oso persistente", "id": "o", "counters": {"+1/+1": 1},
                                                "damage": 2}]}],
            [{"by": "Ana", "cast": "Plaga", "target": "o", "tap": ["p"]}, *PASS],
            [{"object": "o", "zone": "graveyard"}, {"stack": []}])
    ok(t)


def test_a_granted_activated_ability_and_not_untapping() -> None:
    """613.1f: the enchanted creature has the ability (its controller activates it, 602.2); 502.3: an effect keeps
    it from untapping in its controller's untap step."""
    t = run([{"name": "Ana", "library": ["Isla"], "battlefield": [
                {"card": "Osos", "id": "osos", "tapped": True}, {"card": "Grillete", "id": "g", "attached_to": "osos"},
                {"card": "Isla", "id": "i", "tapped": True}]}, {"name": "Bruno"}],
            [{"pass_until": "upkeep"}, {"expect": [{"object": "osos", "tapped": True}, {"object": "i", "tapped": False}]},
             {"by": "Ana", "activate": "osos", "tap": ["i"]}, *PASS],
            [{"object": "osos", "tapped": False, "counters": {"-1/-1": 1}}],
            turn={"number": 2, "active": "Bruno", "step": "end"})
    ok(t)
    assert cites(t, "cr-en/613.1f")


def test_becomes_blocked_names_that_creature_and_damage_to_an_opponent() -> None:
    """509.1i / 603.2e: "whenever it becomes blocked by a creature" triggers per blocker and gives *that* creature
    wither (702.80a); "whenever it deals damage to an opponent" (not to a creature) removes all its -1/-1 counters."""
    t = run([{"name": "Ana", "battlefield": [{"card": "Escamas", "id": "e"}, {"card": "Osos", "id": "o"}]},
             {"name": "Bruno", "battlefield": [{"card": "Osos", "id": "b"}]}],
            [{"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["e", "o"]},
             {"pass_until": "declare_blockers"}, {"by": "Bruno", "block": {"b": "e"}},
             {"pass_until": "combat_damage"},
             {"expect": [{"object": "e", "counters": {"-1/-1": 2}}, {"player": "Bruno", "life": 18}]}],
            [{"object": "e", "keywords": []}], turn={"number": 3, "active": "Ana", "step": "main1"})
    ok(t)
    t = run([{"name": "Ana", "battlefield": [{"card": "Escamas", "id": "e", "counters": {"-1/-1": 2}}]},
             {"name": "Bruno"}],
            [{"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["e"]}, {"pass_until": "main2"}],
            [{"object": "e", "counters": {}}, {"player": "Bruno", "life": 17}],
            turn={"number": 3, "active": "Ana", "step": "main1"})
    ok(t)


def test_two_instances_of_persist_trigger_separately() -> None:
    """113.2c: each instance of an ability functions independently: persist printed and granted again triggers
    twice; the first returns the card, the second finds a new object and does nothing (400.7)."""
    t = run([{"name": "Ana", "hand": ["Rayo"], "battlefield": [
                {"card": "Caldera", "id": "caldera"}, {"card": "Oso persistente", "id": "o"},
                {"card": "Montaña", "id": "m"}]}, {"name": "Bruno"}],
            [{"by": "Ana", "activate": "caldera", "targets": ["o"]}, *PASS,
             {"by": "Ana", "cast": "Rayo", "target": "o", "tap": ["m"]}, *PASS,
             {"expect": [{"stack": ["habilidad de Oso persistente", "habilidad de Oso persistente"]}]}, *PASS, *PASS],
            [{"object": "o", "zone": "battlefield", "current_id": "o~3"}, {"stack": []}])
    ok(t)


@pytest.mark.parametrize("raw, path", [
    ({"types": ["creature"], "power": 1, "toughness": 1, "triggers": [{"when": "attacks", "each_counter": True,
                                                                      "effects": [{"draw": 1}]}]},
     "cards.X.triggers[0].each_counter"),
    ({"types": ["creature"], "power": 1, "toughness": 1, "triggers": [{"when": "enters", "had_counter": "-1/-1",
                                                                      "effects": [{"draw": 1}]}]},
     "cards.X.triggers[0].had_counter"),
    ({"types": ["instant"], "targets": [{"type": "creature", "many": True}, "creature"],
      "effects": [{"draw": 1}]}, "cards.X.targets[0].many"),
    ({"types": ["instant"], "effects": [{"draw": 1, "per_counter": "poison"}]}, "cards.X.effects[0].per_counter"),
    ({"types": ["instant"], "effects": [{"delayed": {"at": "upkeep", "effects": [{"draw": 1}]}}]},
     "cards.X.effects[0].delayed.at"),
    ({"types": ["creature"], "power": 1, "toughness": 1, "activated": [{"put_counters": {"poison": 1},
                                                                        "effects": [{"draw": 1}]}]},
     "cards.X.activated[0].put_counters"),
    ({"types": ["creature"], "power": 1, "toughness": 1, "replacements": [{"event": "all_wither", "prevent": 1}]},
     "cards.X.replacements[0].prevent"),
])
def test_new_keys_are_checked_with_their_field_path(raw: dict[str, Any], path: str) -> None:
    doc = {"ruleset": "magic", "title": "prueba", "cards": {"X": raw}, "players": [{"name": "Ana"}, {"name": "Bruno"}]}
    with pytest.raises(ScenarioError) as err:
        load_scenario(doc)
    assert any(e.path.startswith(path) for e in err.value.errors), [(e.path, e.message) for e in err.value.errors]


def test_the_catalog_reads_the_counter_cards_into_these_pieces() -> None:
    """The FAQ sentences become the pieces above (catalog.PIECES); a follow-up sentence alone is not read."""
    cat = catalog()
    druida = cat["Druida devoto"].card
    assert cat["Druida devoto"].modelled and druida.activated[1].put_counters == (("-1/-1", 1),)
    assert cat["Engendro bruma cenicienta"].card.activated[0].your_turn
    assert cat["Ritual de escamas cicatrizadas"].card.additional == (("counter_creature", 1),)
    assert cat["Caldero de almas"].card.activated[0].targets[0].many
    assert cat["Cisnes de Bryn Árgoll"].card.replacements[0].source_draws
    assert "no_counters" in cat["Barrilete de harapos"].card.keywords
    assert read_text("X", "Juega esta habilidad sólo durante tu turno.").unread


def test_a_token_phrase_reads_singular_and_plural_colours() -> None:
    import re

    from judge.engine.rulesets.magic.catalogpieces import TOKEN, token_def
    m = re.match(TOKEN, "Bribón Hada azules y negras 1/1")
    assert m is not None and token_def(m).colors == ("U", "B") and token_def(m).subtypes == ("Bribón", "Hada")
