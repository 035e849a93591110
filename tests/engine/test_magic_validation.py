"""magic scenario validation (docs/scenarios.md, magic): every problem is reported before any rule runs, all of them
at once, each with its field path (``cards.Rayo.cost``, ``players[0].battlefield[1].card``, ``actions[2].cast``).

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


def errors_of(source: Any, **kw: Any) -> dict[str, str]:
    """path → message (the first message of each path), asserting the error type."""
    with pytest.raises(ScenarioError) as exc:
        load_scenario(source, **kw)
    assert exc.value.errors and all(isinstance(e, FieldError) for e in exc.value.errors)
    out: dict[str, str] = {}
    for e in exc.value.errors:
        out.setdefault(e.path, e.message)
    return out


def test_the_base_document_is_valid() -> None:
    scenario = load_scenario(doc())
    assert scenario.ruleset == "magic"


# -- one error each, with its path ------------------------------------------------------------------------------------
def test_unknown_card_in_a_zone() -> None:
    errs = errors_of(doc(players=[{"name": "Ana", "hand": ["Relámpago"]},
                                  {"name": "Bruno", "battlefield": [{"card": "Osos"}, {"card": "Lobo gris"}]}]))
    assert "carta desconocida «Relámpago»" in errs["players[0].hand[0].card"]
    assert "carta desconocida «Lobo gris»" in errs["players[1].battlefield[1].card"]
    assert "players[1].battlefield[0].card" not in errs
    # The message says where cards come from, and which lands need no definition.
    assert "cards:" in errs["players[0].hand[0].card"] and "Bosque" in errs["players[0].hand[0].card"]


@pytest.mark.parametrize("cost", ["{Z}", "{R", "{R}x", "{W/W}", "{P}"])
def test_bad_cost_symbol(cost: str) -> None:
    errs = errors_of(with_card("Rayo", {**CARDS["Rayo"], "cost": cost}))
    assert errs["cards.Rayo.cost"].startswith("coste de maná no válido")


def test_bad_cost_names_the_symbol() -> None:
    errs = errors_of(with_card("Rayo", {**CARDS["Rayo"], "cost": "{2}{Z}"}))
    assert "«{Z}»" in errs["cards.Rayo.cost"]


def test_unknown_keyword_lists_the_modelled_ones() -> None:
    errs = errors_of(with_card("Osos", {**CARDS["Osos"], "keywords": ["volar", "banding"]}))
    message = errs["cards.Osos.keywords[1]"]
    assert "palabra clave desconocida «banding»" in message and "flying" in message and "text" in message
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
    assert errs[f"cards.Osos.{missing}"] == "una criatura necesita fuerza y resistencia"


@pytest.mark.parametrize("targets", [[], ["creature", "creature"]])
def test_aura_needs_exactly_one_target(targets: list[str]) -> None:
    errs = errors_of(with_card("Garras", {**CARDS["Garras"], "targets": targets}))
    assert "303.4a" in errs["cards.Garras.targets"]


def test_aura_without_target_key() -> None:
    spec = {k: v for k, v in CARDS["Garras"].items() if k != "targets"}
    assert "cards.Garras.targets" in errors_of(with_card("Garras", spec))


def test_unknown_step() -> None:
    errs = errors_of(doc(turn={"number": 3, "active": "Ana", "step": "combate"}))
    assert errs["turn.step"].startswith("se esperaba untap|upkeep|draw|main1|")
    assert "«combate»" in errs["turn.step"]


def test_unknown_active_player() -> None:
    errs = errors_of(doc(turn={"active": "Carla"}))
    assert errs["turn.active"] == "jugador desconocido «Carla»"


@pytest.mark.parametrize("action", [{"by": "Ana", "atack": ["osos"]}, {"by": "Ana"},
                                    {"by": "Ana", "pass": True, "cast": "Rayo"}])
def test_bad_action_verb(action: dict[str, Any]) -> None:
    errs = errors_of(doc(actions=[{"by": "Ana", "pass": True}, action]))
    assert errs["actions[1]"].startswith("cada acción lleva exactamente uno de: cast, activate, mana, play_land")
    assert "actions[0]" not in errs


def test_cast_of_an_unknown_ref() -> None:
    errs = errors_of(doc(actions=[{"by": "Ana", "cast": "Relámpago"}]))
    assert errs["actions[0].cast"] == "«Relámpago» no es un id de objeto ni nombre de carta del escenario"


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
    assert errs["actions[0].by"] == "jugador desconocido «Carla»"
    assert "«lobo»" in errs["actions[1].attack[0]"]
    assert "«muro»" in errs["actions[2].block.muro"]
    assert "«Carla»" in errs["actions[3].targets[0]"] and "«x»" in errs["actions[3].tap[1]"]
    assert errs["actions[4].assign.damage"] == "falta este campo obligatorio"
    assert errs["actions[5].pass"] == "se esperaba «pass: true»"
    assert "«combate»" in errs["actions[6].pass_until"]
    assert "actions[7].targets" in errs


def test_stack_key_in_a_doce_vidas_scenario_is_refused() -> None:
    dv = {"ruleset": "doce-vidas", "title": "x", "players": [{"name": "Ana"}, {"name": "Bruno"}],
          "stack": [{"card": "Rayo", "controller": "Ana"}]}
    errs = errors_of(dv)
    assert errs["stack"] == "clave desconocida «stack» en un escenario doce-vidas"


def test_stack_entries_are_checked() -> None:
    errs = errors_of(doc(stack=[{"card": "Relámpago", "controller": "Ana"},
                                {"card": "Rayo", "controller": "Carla", "targets": ["nadie"]},
                                {"card": "Rayo"}]))
    assert errs["stack[0].card"] == "carta desconocida «Relámpago»"
    assert errs["stack[1].controller"] == "jugador desconocido «Carla»"
    assert "«nadie»" in errs["stack[1].targets[0]"]
    assert errs["stack[2].controller"] == "falta este campo obligatorio"


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
    assert "stack[0].x" in errs and "601.2b" in errs["stack[0].x"]
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
    assert "no es un permanente" in errs["players[0].battlefield[0].card"]
    assert errs["players[0].battlefield[1].damage"] == "solo las criaturas tienen daño marcado"
    assert "falta «attached_to»" in errs["players[0].battlefield[2].attached_to"]
    assert "«nada»" in errs["players[0].battlefield[3].attached_to"]
    assert "nombre de un jugador" in errs["players[0].battlefield[4].id"]
    assert "~" in errs["players[0].battlefield[5].id"]
    assert "players[0].battlefield[6].counters.+2/+2" in errs
    assert "players[0].battlefield[7].tapped" in errs
    assert errs["players[1].hand[0].id"] == "id repetido «g»"
    assert "players[1].hand[1].tapped" in errs            # tapped is for the battlefield only


def test_players_are_checked() -> None:
    errs = errors_of(doc(players=[{"name": "Ana", "life": "veinte", "mana_pool": {"X": 1}, "lifes": 3},
                                  {"name": "Ana", "mana_pool": "{G}{Q}"}]))
    assert "players[0].life" in errs and "players[0].mana_pool.X" in errs
    assert errs["players[0].lifes"].startswith("clave desconocida «lifes»")
    assert errs["players[1].name"] == "jugador repetido «Ana»"
    assert "players[1].mana_pool" in errs
    assert "al menos 2 jugadores" in errors_of(doc(players=[{"name": "Ana"}]))["players"]


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
    assert "tipo de carta desconocido «creatura»" in errs["cards.Bicho.types[0]"]
    assert "cards.Chispa.targets[0].type" in errs
    assert errs["cards.Chispa.effects[0]"].startswith("cada efecto lleva exactamente uno de: damage")
    assert "«effects»" in errs["cards.Vacío.effects"]
    assert "solo los instantáneos y conjuros" in errs["cards.Estatua.effects"]
    assert "habilidad estática" in errs["cards.Ídolo.static[0]"]
    assert errs["cards.Ídolo.triggers[0].effects"] == "falta este campo obligatorio"
    assert "{T}" in errs["cards.Ídolo.activated[0].cost"]      # {T} is `tap: true`, not a mana symbol
    assert "cards.Ídolo.replacements[0].event" in errs
    assert "cards.Rojo.colors[0]" in errs
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
    assert "solo se comprueba al final" in errs["actions[0].expect[0].stopped"]
    assert errs["actions[0].expect[1].lifes"].startswith("clave desconocida «lifes»")
    assert "actions[1].by" in errs
    assert errs["expect[0].player"] == "jugador desconocido «Carla»"
    assert "«nadie»" in errs["expect[1].object"]
    assert "«cementerio»" in errs["expect[2].zone"]
    assert errs["expect[3]"].startswith("falta qué comprobar")
    assert "expect[4]" in errs
    assert "expect[5].stack" in errs
    assert "expect[6].steps.kind" in errs


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
    lines = [str(e) for e in exc.value.errors]
    assert "actions[2].cast: «Relámpago» no es un id de objeto ni nombre de carta del escenario" in lines
    assert any(line.startswith("cards.Rayo.cost: coste de maná no válido") for line in lines)


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


def test_every_expectation_field_reads_in_spanish_in_the_trace() -> None:
    """An expectation step's summary names the field in the UI's language, never the raw key («hand_count»)."""
    from judge.engine.rulesets.magic.expect import LABELS
    from judge.engine.rulesets.magic.schema import OBJECT_FIELDS, PLAYER_FIELDS

    assert set(PLAYER_FIELDS) | set(OBJECT_FIELDS) <= set(LABELS)
    doc = yaml.safe_load("""
ruleset: magic
title: contar
players: [{name: Ana, hand: [Bosque, Bosque]}, {name: Bruno}]
expect: [{player: Ana, hand_count: 2}]
""")
    trace = run_scenario(load_scenario(doc))
    (step,) = [s for s in trace.steps if s.kind == "expectation"]
    assert "cartas en la mano: 2" in step.summary and "hand_count" not in step.summary
