"""magic scenario validation (docs/scenarios.md, magic): every problem is reported before any rule runs, all of them
at once, each with its field path (``cards.Rayo.cost``, ``players[0].battlefield[1].card``, ``actions[2].cast``)
and its message id and parameters (judge/messages.py: the tests read those, not the Spanish wording, which
tests/engine/test_messages.py checks on purpose).

Where the validator misses what a user would expect, the test states the expectation and is a strict xfail (the
engine is the lead's; each one is reported in /tmp/engine-bugs.md): when the validator is fixed the XPASS fails and
the mark must go."""
from __future__ import annotations

import copy
import json
from typing import Any

import pytest
import yaml

from judge.engine import run_scenario
from judge.messages import Message
from judge.scenarios import FieldError, ScenarioError, load_scenario

CARDS: dict[str, Any] = {
    "Rayo": {"cost": "{R}", "types": ["instant"], "targets": ["any"], "effects": [{"damage": 3, "to": "target"}]},
    "Osos": {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2},
    "Garras": {"cost": "{G}", "types": ["enchantment"], "subtypes": ["Aura"], "targets": ["creature"],
               "static": [{"pump": [2, 2], "to": "enchanted"}]},
}


def doc(players: list[dict[str, Any]] | None = None, actions: list[Any] | None = None,
        expect: list[Any] | None = None, cards: dict[str, Any] | None = None, **top: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ruleset": "magic", "title": "prueba",
        "cards": copy.deepcopy(CARDS) if cards is None else cards,
        "players": players if players is not None else [
            {"name": "Ana", "hand": ["Rayo"], "battlefield": [{"card": "Montaña", "id": "m"},
                                                               {"card": "Osos", "id": "osos"}]},
            {"name": "Bruno"}],
        "actions": actions or [], "expect": expect or [],
    }
    out.update(top)
    return out


def with_card(name: str, spec: dict[str, Any]) -> dict[str, Any]:
    cards = copy.deepcopy(CARDS)
    cards[name] = spec
    return doc(cards=cards)


def errors_of(source: Any, **kw: Any) -> dict[str, Message | None]:
    """path → what is wrong there as a Message (id and parameters; the first error of each path), asserting the
    error type; None where a site still writes a plain string (the verbs' own arguments, to convert)."""
    with pytest.raises(ScenarioError) as exc:
        load_scenario(source, **kw)
    assert exc.value.errors and all(isinstance(e, FieldError) for e in exc.value.errors)
    out: dict[str, Message | None] = {}
    for e in exc.value.errors:
        out.setdefault(e.path, e.said)
    return out


def quoted(value: str) -> Message:
    """How a choice error shows the value given («combate»)."""
    return Message("format.quoted", value=value)


def unknown_ref(ref: str, what: str = "object") -> Message:
    return Message("magic.schema.unknown_ref", ref=ref, what=Message("magic.schema.ref." + what))


def test_the_base_document_is_valid() -> None:
    scenario = load_scenario(doc())
    assert scenario.ruleset == "magic"


# -- one error each, with its path ------------------------------------------------------------------------------------
def test_unknown_card_in_a_zone() -> None:
    errs = errors_of(doc(players=[{"name": "Ana", "hand": ["Relámpago"]},
                                  {"name": "Bruno", "battlefield": [{"card": "Osos"}, {"card": "Lobo gris"}]}]))
    hand, field = errs["players[0].hand[0].card"], errs["players[1].battlefield[1].card"]
    assert hand is not None and field is not None
    assert (hand.id, hand.params["card"]) == ("magic.schema.unknown_card", "Relámpago")
    assert (field.id, field.params["card"]) == ("magic.schema.unknown_card", "Lobo gris")
    assert "players[1].battlefield[0].card" not in errs
    # The message says which lands need no definition.
    assert "Bosque" in hand.params["basics"] and "Montaña" in hand.params["basics"]


@pytest.mark.parametrize("cost", ["{Z}", "{R", "{R}x", "{W/W}", "{P}"])
def test_bad_cost_symbol(cost: str) -> None:
    errs = errors_of(with_card("Rayo", {**CARDS["Rayo"], "cost": cost}))
    said = errs["cards.Rayo.cost"]
    assert said is not None and said.id == "magic.card.bad_cost"
    assert said.params["reason"].id.startswith("magic.mana_text.")


def test_bad_cost_names_the_symbol() -> None:
    errs = errors_of(with_card("Rayo", {**CARDS["Rayo"], "cost": "{2}{Z}"}))
    assert errs["cards.Rayo.cost"] == Message("magic.card.bad_cost",
                                              reason=Message("magic.mana_text.symbol", symbol="Z"))


def test_unknown_keyword_lists_the_modelled_ones() -> None:
    errs = errors_of(with_card("Osos", {**CARDS["Osos"], "keywords": ["volar", "banding"]}))
    said = errs["cards.Osos.keywords[1]"]
    assert said is not None and (said.id, said.params["keyword"]) == ("magic.card.unknown_keyword", "banding")
    assert "flying" in said.params["modelled"]
    assert "cards.Osos.keywords[0]" not in errs          # a Spanish name of a modelled keyword is fine


def test_unmodelled_keyword_is_accepted_and_flagged() -> None:
    scenario = load_scenario(with_card("Osos", {**CARDS["Osos"], "keywords": ["menace", "regenerar"]}))
    trace = run_scenario(scenario)
    notes = trace.steps[0].unmodelled
    assert any("Osos" in n and "amenaza" in n for n in notes)
    assert any("Osos" in n and "regenerar" in n for n in notes)


def test_grant_takes_only_modelled_keywords() -> None:
    errs = errors_of(with_card("Velo", {"types": ["instant"], "targets": ["creature"],
                                        "effects": [{"grant": ["hexproof"], "to": "target"}]}))
    assert "cards.Velo.effects[0].grant" in errs


@pytest.mark.parametrize("missing", ["power", "toughness"])
def test_creature_without_power_or_toughness(missing: str) -> None:
    spec = {k: v for k, v in CARDS["Osos"].items() if k != missing}
    errs = errors_of(with_card("Osos", spec))
    assert errs[f"cards.Osos.{missing}"] == Message("magic.card.creature_needs_pt")


@pytest.mark.parametrize("targets", [[], ["creature", "creature"]])
def test_aura_needs_exactly_one_target(targets: list[str]) -> None:
    errs = errors_of(with_card("Garras", {**CARDS["Garras"], "targets": targets}))
    assert errs["cards.Garras.targets"] == Message("magic.card.aura_one_target")      # 303.4a


def test_aura_without_target_key() -> None:
    spec = {k: v for k, v in CARDS["Garras"].items() if k != "targets"}
    assert "cards.Garras.targets" in errors_of(with_card("Garras", spec))


def test_unknown_step() -> None:
    errs = errors_of(doc(turn={"number": 3, "active": "Ana", "step": "combate"}))
    said = errs["turn.step"]
    assert said is not None and said.id == "format.not_choice"
    assert said.params["options"].startswith("untap|upkeep|draw|main1|") and said.params["got"] == quoted("combate")


def test_unknown_active_player() -> None:
    errs = errors_of(doc(turn={"active": "Carla"}))
    assert errs["turn.active"] == Message("format.player.unknown", name="Carla")


@pytest.mark.parametrize("action", [{"by": "Ana", "atack": ["osos"]}, {"by": "Ana"},
                                    {"by": "Ana", "pass": True, "cast": "Rayo"}])
def test_bad_action_verb(action: dict[str, Any]) -> None:
    errs = errors_of(doc(actions=[{"by": "Ana", "pass": True}, action]))
    said = errs["actions[1]"]
    assert said is not None and said.id in ("magic.schema.one_action", "magic.schema.one_action_found")
    assert said.params["keys"][:4] == ["cast", "activate", "mana", "play_land"] and "expect" in said.params["keys"]
    assert said.params.get("found", ["pass", "cast"]) == ["pass", "cast"]
    assert "actions[0]" not in errs


def test_cast_of_an_unknown_ref() -> None:
    errs = errors_of(doc(actions=[{"by": "Ana", "cast": "Relámpago"}]))
    assert errs["actions[0].cast"] == unknown_ref("Relámpago", "object_card")


def test_unknown_player_and_refs_in_actions() -> None:
    errs = errors_of(doc(actions=[
        {"by": "Carla", "pass": True},
        {"by": "Ana", "attack": ["lobo"]},
        {"by": "Bruno", "block": {"muro": "osos"}},
        {"by": "Ana", "cast": "Rayo", "targets": ["Carla"], "tap": ["m", "x"]},
        {"by": "Ana", "assign": {"attacker": "osos"}},
        {"by": "Ana", "pass": False},
        {"pass_until": "combate"},
        {"by": "Ana", "cast": "Rayo", "target": "Bruno", "targets": ["Bruno"]},
    ]))
    assert errs["actions[0].by"] == Message("format.player.unknown", name="Carla")
    assert errs["actions[1].attack[0]"] == unknown_ref("lobo")
    assert errs["actions[2].block.muro"] == unknown_ref("muro")
    assert errs["actions[3].targets[0]"] == unknown_ref("Carla", "object_player_card")
    assert errs["actions[3].tap[1]"] == unknown_ref("x")
    assert errs["actions[4].assign.damage"] == Message("format.missing")
    assert errs["actions[5].pass"] == Message("magic.schema.pass_true")
    said = errs["actions[6].pass_until"]
    assert said is not None and (said.id, said.params["got"]) == ("format.not_choice", quoted("combate"))
    assert errs["actions[7].targets"] == Message("format.target_or_targets")


def test_stack_key_in_a_doce_vidas_scenario_is_refused() -> None:
    dv = {"ruleset": "doce-vidas", "title": "x", "players": [{"name": "Ana"}, {"name": "Bruno"}],
          "stack": [{"card": "Rayo", "controller": "Ana"}]}
    errs = errors_of(dv)
    assert errs["stack"] == Message("format.key_of_other_ruleset", key="stack", ruleset="doce-vidas")


def test_stack_entries_are_checked() -> None:
    errs = errors_of(doc(stack=[{"card": "Relámpago", "controller": "Ana"},
                                {"card": "Rayo", "controller": "Carla", "targets": ["nadie"]},
                                {"card": "Rayo"}]))
    assert errs["stack[0].card"] == Message("format.card.unknown", card="Relámpago")
    assert errs["stack[1].controller"] == Message("format.player.unknown", name="Carla")
    assert errs["stack[1].targets[0]"] == unknown_ref("nadie", "object_player")
    assert errs["stack[2].controller"] == Message("format.missing")


def test_stack_in_a_magic_scenario_is_accepted() -> None:
    scenario = load_scenario(doc(stack=[{"card": "Rayo", "controller": "Ana", "targets": ["Bruno"], "id": "r"}],
                                 actions=[{"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
                                 expect=[{"player": "Bruno", "life": 17}, {"stack": []}]))
    assert run_scenario(scenario).ok


def test_a_spell_with_x_on_the_setup_stack_says_its_x() -> None:
    """601.2b: X was announced as the spell was cast; a stack entry that leaves it out is an error at its path (the
    engine never guesses X=0), and `x: 0` written out is an announcement."""
    cards = copy.deepcopy(CARDS)
    cards["Bola"] = {"cost": "{X}{R}", "types": ["sorcery"], "targets": ["any"],
                     "effects": [{"damage": "X", "to": "target"}]}
    errs = errors_of(doc(cards=cards, stack=[{"card": "Bola", "controller": "Ana", "targets": ["Bruno"]}]))
    assert errs["stack[0].x"] == Message("magic.schema.x_needed", card="Bola")        # 601.2b
    scenario = load_scenario(doc(cards=cards, stack=[{"card": "Bola", "controller": "Ana", "targets": ["Bruno"],
                                                      "x": 2}],
                                 actions=[{"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
                                 expect=[{"player": "Bruno", "life": 18}]))
    assert run_scenario(scenario).ok


# -- the board --------------------------------------------------------------------------------------------------------
def test_battlefield_entries_are_checked() -> None:
    errs = errors_of(doc(players=[
        {"name": "Ana", "battlefield": [
            {"card": "Rayo"},                                   # not a permanent
            {"card": "Montaña", "damage": 2},                   # damage on a land
            {"card": "Garras", "id": "g"},                      # an Aura attached to nothing
            {"card": "Garras", "attached_to": "nada"},          # attached to an unknown permanent
            {"card": "Osos", "id": "Bruno"},                    # an id that is a player's name
            {"card": "Osos", "id": "o~2"},                      # the engine's incarnation mark
            {"card": "Osos", "counters": {"+2/+2": 1}},
            {"card": "Osos", "tapped": "sí"},
        ]},
        {"name": "Bruno", "hand": [{"card": "Osos", "id": "g"}, {"card": "Osos", "tapped": True}]}]))
    assert errs["players[0].battlefield[0].card"] == Message("magic.schema.not_permanent", card="Rayo")
    assert errs["players[0].battlefield[1].damage"] == Message("format.damage_not_creature")
    assert errs["players[0].battlefield[2].attached_to"] == Message("magic.schema.aura_unattached")
    assert errs["players[0].battlefield[3].attached_to"] == Message("magic.schema.attached_not_permanent", ref="nada")
    assert errs["players[0].battlefield[4].id"] == Message("format.id.is_player", id="Bruno")
    assert errs["players[0].battlefield[5].id"] == Message("magic.schema.id_tilde")
    said = errs["players[0].battlefield[6].counters.+2/+2"]
    assert said is not None and (said.id, said.params["key"]) == ("format.unknown_key", "+2/+2")
    said = errs["players[0].battlefield[7].tapped"]
    assert said is not None and said.id == "format.not_boolean"
    assert errs["players[1].hand[0].id"] == Message("format.id.repeated", id="g")
    said = errs["players[1].hand[1].tapped"]            # tapped is for the battlefield only
    assert said is not None and (said.id, said.params["key"]) == ("format.unknown_key", "tapped")


def test_players_are_checked() -> None:
    errs = errors_of(doc(players=[{"name": "Ana", "life": "veinte", "mana_pool": {"X": 1}, "lifes": 3},
                                  {"name": "Ana", "mana_pool": "{G}{Q}"}]))
    assert "players[0].life" in errs and "players[0].mana_pool.X" in errs
    said = errs["players[0].lifes"]
    assert said is not None and (said.id, said.params["key"]) == ("format.unknown_key", "lifes")
    assert errs["players[1].name"] == Message("format.player.repeated", name="Ana")
    assert errs["players[1].mana_pool"] == Message("magic.mana_text.symbol", symbol="Q")
    assert errors_of(doc(players=[{"name": "Ana"}]))["players"] == Message("format.players.too_few", min=2, n=1)


def test_card_parts_are_checked() -> None:
    cards = copy.deepcopy(CARDS)
    cards.update({
        "Bicho": {"types": ["creatura"], "power": 1, "toughness": 1},
        "Chispa": {"types": ["instant"], "targets": ["criatura"], "effects": [{"explode": 1}]},
        "Vacío": {"types": ["sorcery"]},
        "Estatua": {"types": ["artifact"], "effects": [{"draw": 1}]},
        "Ídolo": {"types": ["artifact"], "static": [{"damage": 1}], "triggers": [{"when": "combat"}],
                  "activated": [{"cost": "{T}", "effects": [{"draw": 1}]}],
                  "replacements": [{"event": "discard"}]},
        "Rojo": {"types": ["instant"], "colors": ["rojo"], "effects": [{"pump": [1], "to": "nadie"}]},
    })
    errs = errors_of(doc(cards=cards))
    said = errs["cards.Bicho.types[0]"]
    assert said is not None and (said.id, said.params["type"]) == ("magic.card.unknown_type", "creatura")
    said = errs["cards.Chispa.targets[0].type"]
    assert said is not None and (said.id, said.params["got"]) == ("format.not_choice", quoted("criatura"))
    said = errs["cards.Chispa.effects[0]"]
    assert said is not None and said.id == "magic.card.one_verb" and said.params["verbs"][0] == "damage"
    assert errs["cards.Vacío.effects"] == Message("magic.card.spell_needs_effects")
    assert errs["cards.Estatua.effects"] == Message("magic.card.effects_not_spell")
    said = errs["cards.Ídolo.static[0]"]
    assert said is not None and said.id == "magic.card.static_verbs" and "pump" in said.params["verbs"]
    assert errs["cards.Ídolo.triggers[0].effects"] == Message("format.missing")
    # {T} is `tap: true`, not a mana symbol
    assert errs["cards.Ídolo.activated[0].cost"] == Message("magic.card.bad_cost",
                                                            reason=Message("magic.mana_text.symbol", symbol="T"))
    assert "cards.Ídolo.replacements[0].event" in errs
    assert errs["cards.Rojo.colors[0]"] == Message("magic.card.unknown_color", value="'rojo'")
    assert "cards.Rojo.effects[0].pump" in errs


def test_spanish_types_and_keywords_are_accepted() -> None:
    cards = {"Lobo": {"cost": "{2}{G}", "types": "criatura", "power": 3, "toughness": 3,
                      "keywords": ["arrollar", "toque mortal", "first strike"]},
             "Orbe": {"types": ["artefacto"], "supertypes": ["legendaria"]}}
    scenario = load_scenario(doc(cards=cards, players=[{"name": "Ana", "battlefield": ["Lobo", "Orbe"]},
                                                       {"name": "Bruno"}],
                                 expect=[{"object": "ana-1", "keywords": ["trample", "deathtouch", "first_strike"]}]))
    assert run_scenario(scenario).ok


def test_expectations_are_checked() -> None:
    errs = errors_of(doc(
        actions=[{"expect": [{"stopped": "fin"}, {"player": "Ana", "lifes": 3}]}, {"by": "Ana", "expect": []}],
        expect=[{"player": "Carla", "life": 3}, {"object": "nadie", "zone": "graveyard"},
                {"object": "osos", "zone": "cementerio"}, {"player": "Ana"}, {"winner": "Ana", "turn": 2},
                {"stack": "Rayo"}, {"steps": {"kind": "combate", "count": 1}}]))
    assert errs["actions[0].expect[0].stopped"] == Message("core.check.stopped_in_script")
    said = errs["actions[0].expect[1].lifes"]
    assert said is not None and (said.id, said.params["key"]) == ("format.unknown_key", "lifes")
    said = errs["actions[1].by"]
    assert said is not None and (said.id, said.params["key"]) == ("format.unknown_key", "by")
    assert errs["expect[0].player"] == Message("format.player.unknown", name="Carla")
    assert errs["expect[1].object"] == unknown_ref("nadie")
    said = errs["expect[2].zone"]
    assert said is not None and (said.id, said.params["got"]) == ("format.not_choice", quoted("cementerio"))
    said = errs["expect[3]"]
    assert said is not None and said.id == "core.check.nothing" and "life" in said.params["fields"]
    said = errs["expect[4]"]
    assert said is not None and said.id == "core.check.one_of" and "winner" in said.params["keys"]
    said = errs["expect[5].stack"]
    assert said is not None and said.id == "format.not_list"
    said = errs["expect[6].steps.kind"]
    assert said is not None and (said.id, said.params["got"]) == ("format.not_choice", quoted("combate"))


# -- all errors at once -----------------------------------------------------------------------------------------------
BROKEN = """\
ruleset: magic
title: "Varios errores"
cards:
  Rayo: {cost: "{Z}", types: [instant], targets: [any], effects: [{damage: 3}]}
  Osos: {cost: "{1}{G}", types: [creature], toughness: 2, keywords: [volar, banding]}
  Garras: {cost: "{G}", types: [enchantment], subtypes: [Aura]}
players:
  - name: Ana
    battlefield:
      - {card: Montaña, id: m}
      - {card: Lobo gris, id: lobo}
  - name: Bruno
turn: {number: 2, active: Ana, step: combate}
actions:
  - {by: Ana, pass: true}
  - {by: Ana, atack: [m]}
  - {by: Ana, cast: Relámpago}
expect:
  - {player: Ana, lifes: 20}
"""

BROKEN_PATHS = {
    "cards.Rayo.cost", "cards.Osos.power", "cards.Osos.keywords[1]", "cards.Garras.targets",
    "players[0].battlefield[1].card", "turn.step", "actions[1]", "actions[2].cast", "expect[0].lifes",
}


def test_several_errors_reported_together_with_their_paths() -> None:
    errs = errors_of(BROKEN)
    assert BROKEN_PATHS <= set(errs), sorted(set(errs))
    assert "actions[0]" not in errs                       # the valid lines have no error


def test_the_same_errors_from_json() -> None:
    as_json = json.dumps(yaml.safe_load(BROKEN), ensure_ascii=False)
    assert errors_of(as_json) == errors_of(BROKEN)
    assert errors_of(BROKEN.encode("utf-8"), fmt="yaml") == errors_of(BROKEN)


def test_error_strings_read_path_colon_message() -> None:
    with pytest.raises(ScenarioError) as exc:
        load_scenario(BROKEN)
    by_path = {e.path: e for e in exc.value.errors}
    for path in ("actions[2].cast", "cards.Rayo.cost"):
        error = by_path[path]
        assert error.said is not None and str(error) == f"{path}: {error.said.render()}"
        assert error.render("en") == error.said.render("en") != error.message


# -- what the validator once missed (reported, then fixed) --------------------------------------------------------------
def test_an_invalid_card_is_not_also_called_unknown() -> None:
    errs = errors_of(BROKEN)
    assert "cards.Rayo.cost" in errs
    cascaded = errors_of(doc(cards={**copy.deepcopy(CARDS), "Rayo": {**CARDS["Rayo"], "cost": "{Z}"}}))
    assert "players[0].hand[0].card" not in cascaded, cascaded


@pytest.mark.parametrize(("effect", "path"), [
    ({"damage": 1, "amount": 3, "to": "target"}, "cards.Chispa.effects[0].amount"),
    ({"damage": 1, "dest": "battlefield", "to": "target"}, "cards.Chispa.effects[0].dest"),
    ({"draw": 1, "duration": "permanent"}, "cards.Chispa.effects[0].duration"),
])
def test_keys_an_effect_does_not_use_are_errors(effect: dict[str, Any], path: str) -> None:
    errs = errors_of(with_card("Chispa", {"types": ["instant"], "targets": ["any"], "effects": [effect]}))
    assert path in errs


def test_to_on_create_token_is_an_error() -> None:
    token = {"name": "Soldado", "types": ["creature"], "power": 1, "toughness": 1}
    errs = errors_of(with_card("Llamada", {"types": ["sorcery"],
                                           "effects": [{"create_token": token, "to": "each_opponent"}]}))
    assert "cards.Llamada.effects[0].to" in errs


def test_replacement_keys_of_another_event_are_errors() -> None:
    errs = errors_of(with_card("Urna", {"types": ["artifact"], "replacements": [{"event": "dies", "multiply": 2}]}))
    assert "cards.Urna.replacements[0].multiply" in errs


def test_trigger_of_on_blocks_is_an_error() -> None:
    # `of` names whose enters, dies or attacks an ability watches (508.1m: "whenever another creature attacks" is
    # read since the «one or more» work); "blocks" is still only the creature's own
    errs = errors_of(with_card("Tambor", {"types": ["artifact"], "triggers": [
        {"when": "blocks", "of": "another_creature", "effects": [{"gain_life": 1}]},
        {"when": "attacks", "of": "another_creature", "effects": [{"gain_life": 1}]}]}))
    assert "cards.Tambor.triggers[0].of" in errs and "cards.Tambor.triggers[1].of" not in errs


def test_a_trigger_reports_every_error() -> None:
    errs = errors_of(with_card("Tambor", {"types": ["artifact"], "triggers": [{"when": "combat"}]}))
    assert "cards.Tambor.triggers[0].effects" in errs and "cards.Tambor.triggers[0].when" in errs


def test_bad_power_on_a_noncreature_is_an_error() -> None:
    errs = errors_of(with_card("Estatua", {"types": ["artifact"], "power": "x", "toughness": 3}))
    assert "cards.Estatua.power" in errs


def test_a_token_created_in_the_run_can_be_named() -> None:
    token = {"name": "Soldado", "types": ["creature"], "power": 1, "toughness": 1}
    scenario = load_scenario(doc(
        cards={**copy.deepcopy(CARDS), "Llamada": {"types": ["sorcery"], "effects": [{"create_token": token}]}},
        players=[{"name": "Ana", "hand": ["Llamada"]}, {"name": "Bruno"}],
        actions=[{"by": "Ana", "cast": "Llamada"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
        expect=[{"player": "Ana", "battlefield": ["Soldado"]}, {"object": "ficha-1", "exists": True}]))
    assert run_scenario(scenario).ok


def test_every_expectation_field_reads_in_the_languages_of_the_trace() -> None:
    """An expectation step's summary names the field in the trace's language (a `magic.field.*` message in both
    catalogs), never the raw key («hand_count»)."""
    from judge.engine.rulesets.magic.expect import LABELS
    from judge.engine.rulesets.magic.schema import OBJECT_FIELDS, PLAYER_FIELDS
    from judge.messages import template_of

    fields = set(PLAYER_FIELDS) | set(OBJECT_FIELDS)
    assert fields <= set(LABELS)
    assert all(template_of(f"magic.field.{f}", lang) for f in fields for lang in ("es", "en"))
    doc = yaml.safe_load("""
ruleset: magic
title: contar
players: [{name: Ana, hand: [Bosque, Bosque]}, {name: Bruno}]
expect: [{player: Ana, hand_count: 2}]
""")
    trace = run_scenario(load_scenario(doc))
    (step,) = [s for s in trace.steps if s.kind == "expectation"]
    assert step.message.id == "core.expect.held"
    check = step.message.params["check"]
    assert (check.id, check.params["label"], check.params["got"]) == ("magic.expect.field",
                                                                      Message("magic.field.hand_count"), "2")
    assert all("hand_count" not in step.to_json(lang)["summary"] for lang in ("es", "en"))
