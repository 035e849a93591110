"""POST /api/validate's dry run (judge/runner/dryrun.py, judge/web/playcheck.py): a valid scenario the game refuses
in part answers `ok: true` with `dry_run.problems`, each tied to its action, the first with its fix."""
from __future__ import annotations

import yaml

from judge.engine.rulesets.magic.actions import PassUntil
from judge.messages import Message

NO_MANA = """ruleset: magic
title: Sin maná
cards:
  Rayo: {cost: "{R}", types: [instant], targets: [any], effects: [{damage: 3, to: target}]}
players:
  - name: Ana
    hand: [{card: Rayo, id: rayo}]
  - name: Bruno
actions:
  - {by: Ana, cast: rayo, targets: [Bruno]}
"""

OPEN_CHOICE = """ruleset: magic
title: Nadie declara
cards:
  Ogro gris: {cost: "{2}{R}", types: [creature], power: 3, toughness: 3}
players:
  - name: Ana
    battlefield: [{card: Ogro gris, id: ogro}]
  - name: Bruno
turn: {number: 3, active: Ana, step: main1}
actions:
  - {pass_until: declare_attackers}
"""


def test_a_spell_without_its_mana_is_a_problem_of_its_action(client) -> None:
    answer = client.post("/api/validate", data=NO_MANA, content_type="application/yaml").get_json()
    assert answer["ok"] is True and answer["errors"] == []
    dry = answer["dry_run"]
    assert [(p["kind"], p["path"], p["actor"]) for p in dry["problems"]] == [("illegal", "actions[0]", "Ana")]
    problem = dry["problems"][0]
    assert problem["id"] == "core.illegal" and problem["citations"]
    assert problem["message"] == Message.from_json(problem).render("es")
    assert problem["rule"]["ref"] == problem["citations"][0]
    assert problem["fix"] is None          # no pass gives Ana a Mountain


def test_an_open_choice_names_the_action_that_opened_it(client) -> None:
    dry = client.post("/api/validate", data=OPEN_CHOICE, content_type="application/yaml").get_json()["dry_run"]
    assert dry["stopped"] == "eleccion"
    assert [(p["kind"], p["path"], p["actor"]) for p in dry["problems"]] == [("choice", "actions[0]", "Ana")]
    assert dry["problems"][0]["id"] == "core.choice.missing"
    assert dry["problems"][0]["message"] == Message.from_json(dry["problems"][0]).render("es")


def test_a_scenario_that_plays_has_no_problems_and_json_bodies_too(client) -> None:
    doc = yaml.safe_load(OPEN_CHOICE)
    doc["actions"].append({"by": "Ana", "attack": ["ogro"]})
    answer = client.post("/api/validate", json=doc).get_json()
    assert answer["dry_run"]["problems"] == [] and answer["dry_run"]["stopped"] == "fin"
    # An invalid scenario is not played.
    doc["players"][0]["life"] = "mucha"
    assert client.post("/api/validate", json=doc).get_json().get("dry_run") is None


def test_a_misplaced_block_gets_the_pass_the_engine_needs(client) -> None:
    doc = yaml.safe_load(OPEN_CHOICE)
    doc["players"][1]["battlefield"] = [{"card": "Ogro gris", "id": "ogro-b"}]
    doc["actions"] = [{"by": "Ana", "attack": ["ogro"]}, {"by": "Bruno", "block": {"ogro-b": "ogro"}}]
    dry = client.post("/api/validate", json=doc).get_json()["dry_run"]
    # the line to insert, said as the pass it is (the action's own describe(): test_magic_turn_steps' wording test)
    said = PassUntil(step="declare_attackers").said()
    assert dry["problems"][0]["fix"] == {"insert": 0, "actions": [{"pass_until": "declare_attackers"}],
                                         "describe": PassUntil(step="declare_attackers").describe(),
                                         **said.to_json()}
    assert dry["problems"][0]["fix"]["id"] == "magic.action.pass_until"
    assert dry["problems"][0]["fix"]["params"]["step"]["id"] == "magic.phase.declare_attackers"
    assert dry["problems"][1]["fix"] is None and dry["problems"][1]["path"] == "actions[1]"
    # In English the fix says the same message in English (issue 17), its id and parameters unchanged.
    english = client.post("/api/validate?lang=en", json=doc).get_json()["dry_run"]["problems"][0]["fix"]
    assert english == {**dry["problems"][0]["fix"], "describe": said.render("en")}
    assert said.render("en") != said.render("es")


def test_an_unknown_card_lists_the_closest_names(client) -> None:
    doc = {"ruleset": "magic", "title": "x", "players": [
        {"name": "Ana", "battlefield": [{"card": "Engendro serpentante", "id": "e"}], "hand": ["montana"]},
        {"name": "Bruno"}]}
    errors = {e["path"]: e for e in client.post("/api/validate", json=doc).get_json()["errors"]}
    assert errors["players[0].battlefield[0].card"]["suggestions"][0] == "Engendro serpenteante"
    unknown = errors["players[0].battlefield[0].card"]
    assert (unknown["id"], unknown["params"]["card"]) == ("magic.schema.unknown_card", "Engendro serpentante")
    assert errors["players[0].hand[0].card"]["suggestions"] == ["Montaña"]
    typo = client.get("/escenarios/nuevo?ruleset=magic&carta=Engendro%20serpentante",
                      headers={"Accept": "application/json"})
    assert typo.status_code == 400 and "«Engendro serpenteante»" in typo.get_json()["error"]


def test_the_dry_run_s_problems_are_in_the_request_s_language(client) -> None:
    """Issue 17: ?lang=en says each problem in English (a refused line's own step message, a missing choice's
    prompt), with the same kinds, paths and citations as in Spanish; no message id or internal key leaks."""
    for body in (NO_MANA, OPEN_CHOICE):
        es = client.post("/api/validate?lang=es", data=body, content_type="application/yaml").get_json()["dry_run"]
        en = client.post("/api/validate?lang=en", data=body, content_type="application/yaml").get_json()["dry_run"]
        assert [(p["kind"], p["path"], p["citations"]) for p in en["problems"]] == \
            [(p["kind"], p["path"], p["citations"]) for p in es["problems"]]
        for p_es, p_en in zip(es["problems"], en["problems"]):
            assert p_en["message"] != p_es["message"] and "said" not in p_en
            assert (p_en["id"], p_en["params"]) == (p_es["id"], p_es["params"])       # the same message
            assert p_en["message"] == Message.from_json(p_es).render("en")
            assert not p_en["message"].startswith(("magic.", "core."))
    en = client.post("/api/validate?lang=en", data=OPEN_CHOICE, content_type="application/yaml").get_json()
    assert en["dry_run"]["problems"][0]["message"].startswith("a choice is missing")
