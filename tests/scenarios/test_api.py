"""POST /api/run: the trace of a scenario sent as JSON or YAML; 400 with field paths for an invalid scenario,
400 naming the line for a malformed body, 413 for a body over the size limit, never a 500."""
from __future__ import annotations

import json

import pytest
from bs4 import BeautifulSoup
import yaml

from judge.messages import Message

from .conftest import DEEP_ERRORS


def test_yaml_body_returns_the_trace(client, minimal: str) -> None:
    for ctype in ("application/yaml", "text/yaml"):
        response = client.post("/api/run", data=minimal.encode(), content_type=ctype)
        assert response.status_code == 200
        trace = response.get_json()
        assert trace["ok"] is True and trace["verdict"]["ok"] is True
        assert trace["scenario_title"] == "Ana ataca a Bruno"
        assert trace["steps"][-1]["kind"] == "expectation" and trace["steps"][-1]["passed"] is True
        assert trace["steps"][-2]["board"]["players"][1]["lives"] == 10


def test_json_body_returns_the_same_trace(client, minimal: str) -> None:
    as_yaml = client.post("/api/run", data=minimal.encode(), content_type="application/yaml").get_json()
    body = json.dumps(yaml.safe_load(minimal), ensure_ascii=False)
    as_json = client.post("/api/run", data=body, content_type="application/json").get_json()
    assert as_json == as_yaml


def test_failed_expectation_is_a_200_trace_that_says_so(client, minimal_failing: str) -> None:
    response = client.post("/api/run", data=minimal_failing, content_type="application/yaml")
    assert response.status_code == 200
    trace = response.get_json()
    assert trace["ok"] is False and trace["failed_expectations"] == [trace["steps"][-1]["number"]]


def test_invalid_scenario_is_400_with_every_field_path(client, minimal: str) -> None:
    doc = yaml.safe_load(minimal)
    doc["players"][1]["board"] = [{"card": "Lobo azul", "id": "x"}]
    doc["actions"].append({"by": "Carla", "end_turn": True})
    doc["turn"]["phase"] = "combate"
    response = client.post("/api/run", json=doc)
    assert response.status_code == 400
    body = response.get_json()
    assert body["error"] == Message("format.invalid").render()
    paths = {e["path"]: (e["id"], e["params"]) for e in body["errors"]}
    assert paths["players[1].board[0].card"] == ("format.card.unknown", {"card": "Lobo azul"})
    assert paths["actions[1].by"] == ("format.player.unknown", {"name": "Carla"})
    assert paths["turn.phase"][0] == "format.not_choice"


@pytest.mark.parametrize("ctype", ["application/json", "application/yaml"])
def test_deep_nesting_is_400_at_its_path_with_every_other_error(client, deep_invalid: str, ctype: str) -> None:
    response = client.post("/api/run", data=deep_invalid, content_type=ctype)
    assert response.status_code == 400
    errors = response.get_json()["errors"]
    assert [(e["path"], Message.from_json(e)) for e in errors] == DEEP_ERRORS
    assert [(e["path"], e["message"]) for e in errors] == [(p, m.render()) for p, m in DEEP_ERRORS]


@pytest.mark.parametrize(("body", "ctype", "where"), [
    ("ruleset: doce-vidas\ntitle: [abierto\n", "application/yaml", "YAML mal formado en la línea"),
    ('{"ruleset": "doce-vidas",\n "title": }', "application/json", "JSON mal formado en la línea 2"),
])
def test_malformed_body_is_400_naming_the_line(client, body: str, ctype: str, where: str) -> None:
    response = client.post("/api/run", data=body, content_type=ctype)
    assert response.status_code == 400
    assert where in response.get_json()["errors"][0]["message"]


def test_body_over_the_limit_is_413_json(app, minimal: str) -> None:
    app.config["MAX_CONTENT_LENGTH"] = 4096
    client = app.test_client()
    big = minimal + "description: '" + "x" * 5000 + "'\n"
    response = client.post("/api/run", data=big, content_type="application/yaml")
    assert response.status_code == 413
    assert response.is_json and "4096" in response.get_json()["error"]
    # Just under the limit is fine.
    assert client.post("/api/run", data=minimal, content_type="application/yaml").status_code == 200


def test_unsupported_content_type_is_415_json(client) -> None:
    response = client.post("/api/run", data={"a": "b"})
    assert response.status_code == 415 and response.is_json


# Every endpoint that takes a scenario body (README: JSON as application/json, YAML as application/yaml or text/yaml;
# "another content type → 415"), and the types it must refuse although the body is a good scenario.
SCENARIO_ENDPOINTS = ["/api/run", "/api/validate", "/api/scenarios", "/escenarios/guardados"]
REFUSED = ["text/plain", "application/octet-stream", None, "application/xml", "text/html", "application/x-json"]


@pytest.mark.parametrize("url", SCENARIO_ENDPOINTS)
@pytest.mark.parametrize("ctype", REFUSED)
def test_any_other_content_type_is_415_even_with_a_good_scenario(client, minimal: str, url: str,
                                                                 ctype: str | None) -> None:
    body = minimal if ctype != "application/x-json" else json.dumps(yaml.safe_load(minimal))
    response = client.post(url, data=body.encode(), headers={"Content-Type": ctype} if ctype else {})
    assert response.status_code == 415, (url, ctype, response.status_code)
    assert response.is_json and response.get_json()["status"] == 415
    assert "application/json" in response.get_json()["error"] and "application/yaml" in response.get_json()["error"]


@pytest.mark.parametrize("url", SCENARIO_ENDPOINTS)
@pytest.mark.parametrize("ctype", ["application/json", "application/yaml", "text/yaml", "application/x-yaml",
                                   "text/x-yaml", "application/yaml; charset=utf-8"])
def test_json_and_yaml_types_are_taken(client, minimal: str, url: str, ctype: str) -> None:
    body = json.dumps(yaml.safe_load(minimal)) if ctype == "application/json" else minimal
    response = client.post(url, data=body.encode(), content_type=ctype)
    assert response.status_code in (200, 201), (url, ctype, response.status_code, response.data[:200])


@pytest.mark.parametrize("body", [
    b"", b"   \n", b"\xff\xfe\x00", b"[1, 2, 3]", b"42", b"null", b"ruleset: magic\ntitle: x\n",
    b"a: &a [*a, *a]\n", b"{" * 5000, b"- " * 3000 + b"x", b"title: \x00\x01\n",
    ("x: &a [" + ",".join(["*a"] * 10) + "]\n").encode(),
])
def test_junk_never_500(client, body: bytes) -> None:
    response = client.post("/api/run", data=body, content_type="application/yaml")
    assert response.status_code == 400, response.data[:300]
    assert response.get_json()["errors"]


def test_get_is_405_json(client) -> None:
    response = client.get("/api/run")
    assert response.status_code == 405 and response.is_json


def test_step_limit_of_a_web_run_is_capped(app) -> None:
    """A pasted scenario cannot make a request run an unbounded game: the app's RUN_MAX_STEPS caps it."""
    app.config["RUN_MAX_STEPS"] = 5
    doc = {
        "ruleset": "doce-vidas", "title": "larga", "step_limit": 10000,
        "cards": {"Ardilla": {"type": "criatura", "cost": 1, "damage": 1, "life": 1}},
        "players": [{"name": "Ana", "deck": ["Ardilla"] * 20}, {"name": "Bruno", "deck": ["Ardilla"] * 20}],
        "actions": [{"by": "Ana", "end_turn": True}, {"by": "Bruno", "end_turn": True}] * 10,
    }
    trace = app.test_client().post("/api/run", json=doc).get_json()
    assert trace["stopped"] == "limite" and trace["ok"] is False


def test_board_snapshots_of_a_web_run_are_bounded(app) -> None:
    """A long game must not turn into a response of tens of megabytes: once RUN_MAX_BOARD_OBJECTS card objects
    have been sent in board snapshots, later steps carry none, except the last, which shows the final board."""
    app.config["RUN_MAX_BOARD_OBJECTS"] = 200
    doc = {
        "ruleset": "doce-vidas", "title": "larga",
        "cards": {"Ardilla": {"type": "criatura", "cost": 1, "damage": 1, "life": 1}},
        "players": [{"name": "Ana", "deck": ["Ardilla"] * 20}, {"name": "Bruno", "deck": ["Ardilla"] * 20}],
        "actions": [{"by": "Ana", "end_turn": True}, {"by": "Bruno", "end_turn": True}] * 5,
    }
    client = app.test_client()
    trace = client.post("/api/run", json=doc).get_json()
    assert trace["boards_omitted"] > 0
    assert any(step["board"] is None for step in trace["steps"])
    assert trace["steps"][-1]["board"] is not None
    page = client.post("/escenarios/ejecutar", data={"scenario": json.dumps(doc), "format": "json"})
    assert page.status_code == 200
    soup = BeautifulSoup(page.get_data(as_text=True), "html.parser")
    assert soup.select(".step-board.omitted")
