"""The magic engine core, XMage style: set up zones, script the actions, run, assert the outcome; each test quotes
the rule it checks (rules from the official Comprehensive Rules, cited as cr-en/<number>)."""
from __future__ import annotations

import copy
import json
from typing import Any

from judge.engine import Trace, run_scenario
from judge.scenarios import load_scenario

CARDS: dict[str, Any] = {
    "Rayo": {"cost": "{R}", "types": ["instant"], "targets": ["any"], "effects": [{"damage": 3}]},
    "Crecimiento": {"cost": "{G}", "types": ["instant"], "targets": ["creature"],
                    "effects": [{"pump": [3, 3]}]},
    "Osos": {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2},
    "Enano": {"cost": "{W/B}", "types": ["creature"], "power": -2, "toughness": 2},
    "Asesino persistente": {"cost": "{2}{B}", "types": ["creature"], "power": 2, "toughness": 2,
                            "keywords": ["persist"]},
    "Rito": {"cost": "{2/B}{X}", "types": ["sorcery"], "effects": [{"draw": "X"}]},
    "Muro misterioso": {"cost": "{1}{U}", "types": ["creature"], "power": 0, "toughness": 4,
                        "text": "Las criaturas que atacan a su controlador cuestan {1} más."},
    "Encogimiento": {"cost": "{1}", "types": ["instant"], "targets": ["creature"], "effects": [{"set_pt": [4, 1]}]},
}


def scenario(players: list[dict[str, Any]], actions: list[Any] | None = None, expect: list[Any] | None = None,
             **top: Any) -> dict[str, Any]:
    return {"ruleset": "magic", "title": "prueba", "cards": copy.deepcopy(CARDS), "players": players,
            "actions": actions or [], "expect": expect or [], **top}


def run(doc: dict[str, Any]) -> Trace:
    return run_scenario(load_scenario(doc))


def failed(trace: Trace) -> list[str]:
    return [s.summary for s in trace.failed_expectations]


def test_a_spell_resolves_when_all_players_pass_in_succession() -> None:
    """117.4: if all players pass in succession, the top spell resolves; 608.2n: then it goes to the graveyard."""
    t = run(scenario(
        [{"name": "Ana", "hand": ["Rayo"], "battlefield": [{"card": "Montaña", "id": "m"}]}, {"name": "Bruno"}],
        [{"by": "Ana", "cast": "Rayo", "targets": ["Bruno"], "tap": ["m"]},
         {"expect": [{"player": "Bruno", "life": 20}, {"stack": ["Rayo"]}]},
         {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
        [{"player": "Bruno", "life": 17}, {"player": "Ana", "graveyard": ["Rayo"]}, {"stack": []}]))
    assert not failed(t)
    assert t.stopped == "fin"                 # the script ends with Ana holding priority: a resting state
    resolution = [s for s in t.steps if "se resuelve Rayo" in s.summary][0]
    assert "cr-en/117.4" in resolution.citations and "cr-en/608.1" in resolution.citations


def test_a_player_without_priority_cannot_cast() -> None:
    """117.1a: a player may cast an instant any time they have priority, and only then."""
    t = run(scenario([{"name": "Ana"}, {"name": "Bruno", "hand": ["Rayo"],
                                         "battlefield": [{"card": "Montaña", "id": "m"}]}],
                     [{"by": "Bruno", "cast": "Rayo", "targets": ["Ana"], "tap": ["m"]}],
                     [{"steps": {"kind": "illegal", "count": 1, "cites": "cr-en/117.1"}},
                      {"object": "m", "tapped": False}]))
    assert not failed(t)


def test_an_unpayable_cost_reverses_the_whole_cast() -> None:
    """733.1 / 601.2h: a cost that can't be paid after targets were chosen and lands tapped reverses everything."""
    doc = scenario([{"name": "Ana", "hand": ["Osos"], "battlefield": [{"card": "Pantano", "id": "p"}],
                     "mana_pool": {"W": 1}}, {"name": "Bruno"}],
                   [{"by": "Ana", "cast": "Osos", "tap": ["p"]}],
                   [{"object": "p", "tapped": False}, {"player": "Ana", "hand": ["Osos"]},
                    {"player": "Ana", "mana_pool": {"W": 1}},
                    {"steps": {"kind": "illegal", "count": 1, "cites": "cr-en/733.1"}},
                    {"steps": {"kind": "any", "count": 2}}])
    t = run(doc)
    assert not failed(t)
    assert [s.kind for s in t.steps[:2]] == ["setup", "illegal"]
    assert t.steps[0].board["players"] == t.steps[1].board["players"]


def test_hybrid_mana_is_each_colour_and_mono_hybrid_pays_two_generic() -> None:
    """105.2 / 202.2: an object is each colour of its hybrid symbols; 107.4e: {2/B} is paid with {B} or two
    generic; 107.3 / 202.3: X is chosen on casting and counts 0 elsewhere."""
    t = run(scenario([{"name": "Ana", "hand": ["Rito", {"card": "Enano", "id": "enano"}],
                       "library": ["Isla", "Isla", "Isla"],
                       "mana_pool": {"G": 3, "W": 1}}, {"name": "Bruno"}],
                     [{"by": "Ana", "cast": "Rito", "x": 1},
                      {"expect": [{"player": "Ana", "mana_pool": {"W": 1}}]},
                      {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
                      {"by": "Ana", "cast": "Enano"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
                     [{"player": "Ana", "hand_count": 1}, {"object": "enano", "colors": ["B", "W"]}]))
    assert not failed(t), failed(t)


def test_layers_modify_after_set_and_counters_in_7c() -> None:
    """613.4: a -2/2 getting +3/+3 is 1/5; a 2/2 with a -1/-1 counter set to 4/1 is 3/0 and dies (704.5f)."""
    t = run(scenario([{"name": "Ana", "hand": ["Crecimiento", "Encogimiento"], "mana_pool": {"G": 1, "C": 1},
                       "battlefield": [{"card": "Enano", "id": "enano"},
                                       {"card": "Osos", "id": "osos", "counters": {"-1/-1": 1}}]},
                      {"name": "Bruno"}],
                     [{"by": "Ana", "cast": "Crecimiento", "targets": ["enano"]},
                      {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
                      {"expect": [{"object": "enano", "power": 1, "toughness": 5}]},
                      {"by": "Ana", "cast": "Encogimiento", "targets": ["osos"]},
                      {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
                     [{"object": "osos", "zone": "graveyard"},
                      {"steps": {"kind": "state-based", "count": 1, "cites": "cr-en/704.5f"}}]))
    assert not failed(t), failed(t)
    check = [s for s in t.steps if s.kind == "expectation" and "fuerza" in s.summary][0]
    assert "cr-en/613.4c" in check.citations


def test_persist_returns_a_new_object_and_old_targets_are_gone() -> None:
    """400.7 / 702.79a: the creature persist returns is a new object (a new id); a spell that targeted the old one
    finds its target illegal on resolution and does nothing (608.2b)."""
    t = run(scenario([{"name": "Ana", "hand": ["Rayo", "Crecimiento"], "mana_pool": {"R": 1, "G": 1}},
                      {"name": "Bruno", "battlefield": [{"card": "Asesino persistente", "id": "asesino"}]}],
                     [{"by": "Ana", "cast": "Crecimiento", "targets": ["asesino"]},
                      {"by": "Ana", "cast": "Rayo", "targets": ["asesino"]},
                      {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},   # Rayo: it dies, persist
                      {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},   # persist resolves
                      {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],  # Crecimiento: target gone
                     [{"object": "asesino", "current_id": "asesino~3"}, {"object": "asesino", "zone": "battlefield"},
                      {"object": "asesino", "counters": {"-1/-1": 1}}, {"object": "asesino", "power": 1},
                      {"player": "Ana", "graveyard": ["Rayo", "Crecimiento"]}]))
    assert not failed(t), failed(t)
    fizzle = [s for s in t.steps if "no se resuelve" in s.summary]
    assert fizzle and "cr-en/608.2b" in fizzle[0].citations


def test_an_unanswered_choice_stops_the_run_and_says_who_chooses_what() -> None:
    """509.1a: the defending player chooses blockers; the script does not say, so the run stops there."""
    t = run(scenario([{"name": "Ana", "battlefield": [{"card": "Osos", "id": "osos"}]},
                      {"name": "Bruno", "battlefield": [{"card": "Osos", "id": "osos-b"}]}],
                     [{"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["osos"]},
                      {"pass_until": "declare_blockers"}],
                     [{"stopped": "eleccion"}]))
    assert not failed(t)
    choice = [s for s in t.steps if s.kind == "choice"][0]
    assert choice.actor == "Bruno" and "osos-b" in choice.summary and "cr-en/509.1a" in choice.citations


def test_unmodelled_text_of_a_permanent_is_flagged_in_every_step() -> None:
    """A card whose text the engine does not model is never silently ignored (DESIGN.md, engine principles)."""
    t = run(scenario([{"name": "Ana", "hand": ["Rayo"], "mana_pool": {"R": 1}},
                      {"name": "Bruno", "battlefield": [{"card": "Muro misterioso", "id": "muro"}]}],
                     [{"by": "Ana", "cast": "Rayo", "targets": ["Bruno"]}, {"by": "Ana", "pass": True},
                      {"by": "Bruno", "pass": True}], [{"player": "Bruno", "life": 17}]))
    game = [s for s in t.steps if s.kind != "expectation"]
    assert all(any("Muro misterioso" in n for n in s.unmodelled) for s in game)


def test_runs_are_deterministic() -> None:
    doc = scenario([{"name": "Ana", "library": ["Bosque", "Isla", "Montaña", "Pantano"],
                     "battlefield": [{"card": "Osos", "id": "osos"}]}, {"name": "Bruno"}],
                   [{"pass_until": "draw"}], seed=7)
    first = json.dumps(run(doc).to_json(), ensure_ascii=False)
    assert first == json.dumps(run(doc).to_json(), ensure_ascii=False)


def test_spanish_rules_list_matches_the_corpus() -> None:
    """Steps cite cr-es/<number> exactly where a Spanish document has that rule."""
    from judge.corpus import load_corpus
    from judge.engine.rulesets.magic.cites import cr, has_spanish

    numbers = {p.number for d in load_corpus().documents.values() for p in d.passages
               if p.id.startswith("cr-es/") and p.number}
    assert numbers and all(has_spanish(n) for n in numbers)
    assert not has_spanish("704.5a") and not has_spanish("1210")
    assert cr("121.4") == ["cr-en/121.4", "cr-es/121.4"]


def test_additional_costs_are_paid_with_the_cast() -> None:
    """118.8 / 601.2b: "As an additional cost to cast this spell, sacrifice a creature" is announced and paid with
    the cast; casting without it is illegal and changes nothing."""
    cards = {"Ofrenda": {"cost": "{B}", "types": ["sorcery"], "additional_costs": {"sacrifice_creature": 1},
                         "effects": [{"draw": 2}]}}
    doc = scenario([{"name": "Ana", "hand": ["Ofrenda"], "library": ["Isla", "Isla"], "mana_pool": {"B": 1},
                     "battlefield": [{"card": "Osos", "id": "osos"}]}, {"name": "Bruno"}],
                   [{"by": "Ana", "cast": "Ofrenda"},
                    {"by": "Ana", "cast": "Ofrenda", "sacrifice": ["osos"]},
                    {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
                   [{"object": "osos", "zone": "graveyard"}, {"player": "Ana", "hand": ["Isla", "Isla"]},
                    {"steps": {"kind": "illegal", "count": 1, "cites": "cr-en/118.8"}}])
    doc["cards"].update(cards)
    t = run(doc)
    assert not failed(t), failed(t)


def test_losing_abilities_comes_before_the_static_abilities_it_removes() -> None:
    """613.8a: an effect that removes a permanent's abilities is applied before that permanent's own static
    ability, whatever their timestamps: the lord that lost its abilities pumps nobody."""
    cards = {"Señor": {"cost": "{1}{W}", "types": ["creature"], "power": 1, "toughness": 1,
                       "static": [{"pump": [1, 1], "to": "other_creatures_you_control"},
                                  {"grant": ["flying"], "to": "other_creatures_you_control"}]},
             "Vaciar": {"cost": "{U}", "types": ["instant"], "targets": ["creature"],
                        "effects": [{"lose_abilities": "target"}]}}
    doc = scenario([{"name": "Ana", "battlefield": [{"card": "Señor", "id": "senor"}, {"card": "Osos", "id": "osos"}]},
                    {"name": "Bruno", "hand": ["Vaciar"], "mana_pool": {"U": 1}}],
                   [{"expect": [{"object": "osos", "power": 3}, {"object": "osos", "keywords": ["flying"]}]},
                    {"by": "Ana", "pass": True},
                    {"by": "Bruno", "cast": "Vaciar", "targets": ["senor"]},
                    {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True}],
                   [{"object": "osos", "power": 2, "toughness": 2}, {"object": "osos", "keywords": []}])
    doc["cards"].update(cards)
    t = run(doc)
    assert not failed(t), failed(t)
    from judge.engine.rulesets.magic import layers
    assert "613.8a" in layers.compute(_final_state(doc))["osos"].rules


HUMILITY = {"cost": "{2}{W}{W}", "types": ["enchantment"],
            "static": [{"lose_abilities": True, "to": "all_creatures"}, {"set_pt": [1, 1], "to": "all_creatures"}]}
OPALESCENCE = {"cost": "{2}{W}{W}", "types": ["enchantment"],
               "static": [{"add_type": ["creature"], "to": "other_permanents_you_control", "where": ["enchantment"]},
                          {"set_pt": [4, 4], "to": "other_permanents_you_control", "where": ["enchantment"]}]}
TRAMPLER = {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2, "keywords": ["trample"]}


def test_a_creature_that_removes_every_creatures_abilities_keeps_applying_its_own_effect() -> None:
    """613.6: «If an effect starts to apply in one layer and/or sublayer, it will continue to be applied to the
    same set of objects in each other applicable layer and/or sublayer, even if the ability generating the effect
    is removed during this process.» A creature with Humility's ability loses it in layer 6 too, yet its effect
    goes on: every creature, itself included, has no abilities (layer 6) and is 1/1 (layer 7b)."""
    doc = scenario([{"name": "Ana", "battlefield": [{"card": "Señor humilde", "id": "senor"},
                                                    {"card": "Pisoteador", "id": "pis"}]},
                    {"name": "Bruno"}],
                   expect=[{"object": "pis", "power": 1, "toughness": 1, "keywords": []},
                           {"object": "senor", "power": 1, "toughness": 1, "keywords": []}])
    doc["cards"].update({"Señor humilde": {**HUMILITY, "types": ["creature"], "power": 3, "toughness": 3,
                                           "keywords": ["flying"]},
                         "Pisoteador": TRAMPLER})
    t = run(doc)
    assert not failed(t), failed(t)
    from judge.engine.rulesets.magic import layers
    chars = layers.compute(_final_state(doc))
    assert chars["senor"].abilities_lost and "613.6" in chars["senor"].rules


def test_humility_and_opalescence_in_either_timestamp_order() -> None:
    """613.6 with 613.7 (timestamps in layer 7b): Opalescence makes Humility a 4/4 creature (layers 4 and 7b);
    Humility removes its own ability in layer 6 but its effect has started and still sets it to 1/1 in 7b. In 7b
    the older effect applies first: Humility newer → 1/1; Humility older → Opalescence's 4/4 wins. Every other
    creature is 1/1 without abilities either way."""
    for order, hum_pt in ((["opal", "hum"], 1), (["hum", "opal"], 4)):
        cards = {"opal": "Opalescencia", "hum": "Humildad"}
        doc = scenario([{"name": "Ana", "battlefield": [{"card": cards[i], "id": i} for i in order]
                         + [{"card": "Pisoteador", "id": "pis"}]},
                        {"name": "Bruno"}],
                       expect=[{"object": "hum", "power": hum_pt, "toughness": hum_pt, "keywords": []},
                               {"object": "pis", "power": 1, "toughness": 1, "keywords": []}])
        doc["cards"].update({"Humildad": HUMILITY, "Opalescencia": OPALESCENCE, "Pisoteador": TRAMPLER})
        t = run(doc)
        assert not failed(t), (order, failed(t))


def test_an_effect_removing_the_abilities_of_humilitys_source_applies_first() -> None:
    """613.8a/613.8b: the ability-removing effect of a creature with Humility's ability depends on a newer spell's
    effect that removes that creature's abilities (it changes whether the first exists), so the spell's effect
    applies first, whatever the timestamps, and Humility's ability gives nothing: the other creature is 2/2 with
    trample again."""
    doc = scenario([{"name": "Ana", "battlefield": [{"card": "Señor humilde", "id": "senor"},
                                                    {"card": "Pisoteador", "id": "pis"}]},
                    {"name": "Bruno", "hand": ["Vaciar"], "mana_pool": {"U": 1}}],
                   [{"expect": [{"object": "pis", "power": 1, "keywords": []}]},
                    {"by": "Ana", "pass": True},
                    {"by": "Bruno", "cast": "Vaciar", "targets": ["senor"]},
                    {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True}],
                   [{"object": "pis", "power": 2, "toughness": 2, "keywords": ["trample"]},
                    {"object": "senor", "power": 3, "toughness": 3, "keywords": []}])
    doc["cards"].update({"Señor humilde": {**HUMILITY, "types": ["creature"], "power": 3, "toughness": 3},
                         "Pisoteador": TRAMPLER,
                         "Vaciar": {"cost": "{U}", "types": ["instant"], "targets": ["creature"],
                                    "effects": [{"lose_abilities": "target"}]}})
    t = run(doc)
    assert not failed(t), failed(t)


def _final_state(doc: dict[str, Any]) -> Any:
    from judge.engine import Game
    scenario_ = load_scenario(doc)
    game = Game(scenario_)
    for action in scenario_.actions:
        if hasattr(action, "by"):
            game.play(action)
    return game.state


def test_a_copy_takes_the_copiable_values_and_other_layers_still_apply() -> None:
    """707.2 / 613.2a: a creature that becomes a copy of another takes its copiable values (name, P/T, abilities)
    in layer 1; effects in later layers (a +3/+3 in 7c) still apply on top of them."""
    cards = {"Clon": {"cost": "{U}", "types": ["instant"], "targets": ["creature", "creature"],
                      "effects": [{"become_copy": 1, "to": "target", "duration": "end_of_turn"}]},
             "Gigante": {"cost": "{4}{G}", "types": ["creature"], "power": 5, "toughness": 5,
                         "keywords": ["trample"]}}
    doc = scenario([{"name": "Ana", "hand": ["Clon", "Crecimiento"], "mana_pool": {"U": 1, "G": 1},
                     "battlefield": [{"card": "Osos", "id": "osos"}]},
                    {"name": "Bruno", "battlefield": [{"card": "Gigante", "id": "gigante"}]}],
                   [{"by": "Ana", "cast": "Crecimiento", "targets": ["osos"]},
                    {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
                    {"by": "Ana", "cast": "Clon", "targets": ["osos", "gigante"]},
                    {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
                    {"expect": [{"object": "osos", "power": 8}, {"object": "osos", "keywords": ["trample"]}]},
                    {"pass_until": "upkeep"}],
                   [{"object": "osos", "power": 2}, {"object": "osos", "keywords": []}])
    doc["cards"].update(cards)
    t = run(doc)
    assert not failed(t), failed(t)
    copied = [s for s in t.steps if s.kind == "expectation" and "fuerza: 8" in s.summary][0]
    assert "cr-en/613.2a" in copied.citations and "cr-en/613.4c" in copied.citations


def test_every_rule_number_the_engine_cites_exists_in_the_official_cr(cr_file) -> None:
    """A rule number in the engine's code is a citation a user will read: it must be a rule of the CR file
    (this caught 701.20a, which is Reveal in the 2026 CR, cited for shuffling: 701.24a)."""
    import re
    from pathlib import Path

    import judge.engine.rulesets.magic as magic

    text = cr_file.read_text(encoding="utf-8-sig")
    known = set(re.findall(r"^(\d{3}\.\d+[a-z]?)\.? ", text, flags=re.M))
    cited = set()
    for path in Path(magic.__file__).parent.rglob("*.py"):
        cited |= set(re.findall(r'"(\d{3}\.\d+[a-z]?)"', path.read_text(encoding="utf-8")))
    assert len(cited) > 100
    assert not sorted(cited - known)


def test_a_modal_spell_takes_the_mode_chosen_on_casting_and_a_may_is_asked_on_resolution(h: Any) -> None:
    """700.2a / 601.2b: the mode (with its own targets) is chosen as the spell is cast; 608.2d: "you may" is a
    choice made on resolution, answered by the script (yes or no); unanswered, the run stops there."""
    cards = {"Mandato": {"cost": "{R}", "types": ["instant"], "modes": [
                 {"targets": ["player"], "effects": [{"damage": 2, "to": "target"}]},
                 {"targets": ["creature"], "effects": [{"pump": [2, 0], "to": "target"}]}]},
             "Estudio": {"cost": "{U}", "types": ["sorcery"], "effects": [{"draw": 1, "may": True}]}}
    base = [{"name": "Ana", "hand": ["Mandato", "Estudio"], "library": ["Isla"], "mana_pool": {"R": 1, "U": 1},
             "battlefield": [{"card": "Osos", "id": "osos"}]}, {"name": "Bruno"}]
    doc = scenario(copy.deepcopy(base),
                   [{"by": "Ana", "cast": "Mandato", "targets": ["osos"]},          # no mode: illegal
                    {"by": "Ana", "cast": "Mandato", "mode": 1, "targets": ["osos"]},
                    {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
                    {"by": "Ana", "cast": "Estudio"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
                    {"by": "Ana", "choose": "no"}],
                   [{"object": "osos", "power": 4}, {"player": "Bruno", "life": 20}, {"player": "Ana", "hand": []},
                    {"steps": {"kind": "illegal", "count": 1, "cites": "cr-en/700.2a"}}])
    doc["cards"].update(cards)
    t = run(doc)
    assert not failed(t), failed(t)
    doc["actions"] = doc["actions"][:-1]
    doc["expect"] = [{"stopped": "eleccion"}]
    t = run(doc)
    assert not failed(t) and t.steps[-2].kind == "choice" and "magic.prompt.may" in h.ids(t.steps[-2])


def test_flash_shroud_and_fear() -> None:
    """702.8a: a creature with flash is cast any time its controller could cast an instant; 702.18a: a permanent
    with shroud can't be targeted; 702.36b: a creature with fear can be blocked only by artifact and/or black
    creatures."""
    cards = {"Hada rápida": {"cost": "{U}", "types": ["creature"], "power": 1, "toughness": 1,
                             "keywords": ["flash", "shroud"]},
             "Sombra": {"cost": "{B}", "types": ["creature"], "power": 2, "toughness": 1, "keywords": ["fear"]},
             "Caballero negro": {"cost": "{B}", "types": ["creature"], "power": 1, "toughness": 1}}
    doc = scenario([{"name": "Ana", "battlefield": [{"card": "Sombra", "id": "sombra"}]},
                    {"name": "Bruno", "hand": [{"card": "Hada rápida", "id": "hada"}, "Rayo"],
                     "mana_pool": {"U": 1, "R": 1},
                     "battlefield": [{"card": "Osos", "id": "osos"}, {"card": "Caballero negro", "id": "negro"}]}],
                   [{"by": "Ana", "pass": True}, {"by": "Bruno", "cast": "Hada rápida"},
                    {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True},
                    {"by": "Ana", "pass": True}, {"by": "Bruno", "cast": "Rayo", "targets": ["hada~3"]},
                    {"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["sombra"]},
                    {"pass_until": "declare_blockers"}, {"by": "Bruno", "block": {"osos": "sombra"}},
                    {"by": "Bruno", "block": {"negro": "sombra"}}],
                   [{"object": "hada", "zone": "battlefield"},
                    {"steps": {"kind": "illegal", "count": 1, "cites": "cr-en/702.18a"}},
                    {"steps": {"kind": "illegal", "count": 1, "cites": "cr-en/702.36b"}},
                    {"object": "negro", "zone": "battlefield"}])
    doc["cards"].update(cards)
    t = run(doc)
    assert not failed(t), failed(t)


def test_a_text_changing_effect_applies_in_layer_3_to_printed_words_only() -> None:
    """612.1 / 613.1c: a text-changing effect changes the words printed on the object (layer 3), before abilities
    are granted in layer 6 (612.3: a granted ability is not text and is not changed)."""
    cards = {"Hada": {"cost": "{U}", "types": ["creature"], "subtypes": ["Hada"], "power": 1, "toughness": 1,
                      "keywords": ["flying"]},
             "Reescribir": {"cost": "{U}", "types": ["instant"], "targets": ["creature"],
                            "effects": [{"change_text": ["flying", "reach"], "to": "target"},
                                        {"change_text": ["Hada", "Elfo"], "to": "target"}]},
             "Alas": {"cost": "{U}", "types": ["instant"], "targets": ["creature"],
                      "effects": [{"grant": ["flying"], "to": "target"}]}}
    doc = scenario([{"name": "Ana", "hand": ["Reescribir", "Alas"], "mana_pool": {"U": 2},
                     "battlefield": [{"card": "Hada", "id": "hada"}]}, {"name": "Bruno"}],
                   [{"by": "Ana", "cast": "Alas", "targets": ["hada"]}, {"by": "Ana", "pass": True},
                    {"by": "Bruno", "pass": True},
                    {"by": "Ana", "cast": "Reescribir", "targets": ["hada"]}, {"by": "Ana", "pass": True},
                    {"by": "Bruno", "pass": True}],
                   [{"object": "hada", "keywords": ["flying", "reach"]}])
    doc["cards"].update(cards)
    t = run(doc)
    assert not failed(t), failed(t)
    from judge.engine.rulesets.magic import layers
    chars = layers.compute(_final_state(doc))["hada"]
    assert chars.subtypes == ("Elfo",) and "613.1c" in chars.rules
