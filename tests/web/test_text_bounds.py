"""Invalid text and over-long questions: a lone UTF-16 surrogate escape is a 400 naming its field (never a 500), a
surrogate pair is read as its character and saved; a question over SEARCH_MAX_QUERY is a JSON 400 on /api and a
message on the search page."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from judge import create_app

from .conftest import soup_of

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "doce-vidas" / "11-combate-simultaneo.yaml"
ENDPOINTS = ["/api/run", "/api/scenarios", "/api/validate"]
SURROGATE = "format.load.lone_surrogate"          # the error's message id (judge/format/messages.py)


@pytest.fixture()
def client(tmp_path: Path, instance_dir: Path):
    app = create_app({"TESTING": True, "INSTANCE": str(instance_dir),
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'judge.db'}"})
    return app.test_client()


def _document() -> dict:
    return yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))


def _errors(response) -> list[dict]:
    body = response.get_json()
    return body["errors"]


def _with_lone_surrogates() -> str:
    # A title, a player's name (used again by the actions), a card name and a key, each with a lone surrogate.
    doc = _document()
    text = json.dumps(doc, ensure_ascii=True)
    text = text.replace('"title": ', '"title": "\\ud800x", "_t": ', 1)
    text = text.replace(json.dumps(doc["players"][1]["name"]), '"Bru\\udfffno"', 1)
    text = text.replace('"ruleset": ', '"rule\\udbffset2": 1, "ruleset": ', 1)
    return text


@pytest.mark.parametrize("url", ENDPOINTS)
def test_a_lone_surrogate_escape_is_refused_naming_each_field(client, url: str) -> None:
    response = client.post(url, data=_with_lone_surrogates(), content_type="application/json")
    assert response.status_code == (200 if url == "/api/validate" else 400), response.get_data(as_text=True)[:300]
    errors = _errors(response)
    bad = {e["path"]: e for e in errors if e.get("id") == SURROGATE}
    assert set(bad) == {"title", "players[1].name", "rule\ufffdset2"}, errors
    assert bad["title"]["params"] == {"code": "d800", "position": 1}
    # Every other problem is there too (all at once): the unknown keys.
    assert any(e["path"] == "_t" for e in errors)
    if url == "/api/validate":
        assert response.get_json()["ok"] is False
    if url == "/api/scenarios":
        assert client.get("/api/scenarios").get_json()["total"] == 0


@pytest.mark.parametrize("url", ENDPOINTS)
def test_a_lone_surrogate_in_yaml_is_refused_too(client, url: str) -> None:
    text = SCENARIO.read_text(encoding="utf-8").replace("title:", 'title: "\\U0000dc00"\n_x:', 1)
    response = client.post(url, data=text.encode(), content_type="application/yaml")
    assert response.status_code in (200, 400)
    assert any(e["path"] == "title" and e.get("id") == SURROGATE for e in _errors(response))


def test_a_surrogate_pair_in_yaml_is_read_as_its_character_and_saved(client) -> None:
    text = SCENARIO.read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("title:"))
    text = text.replace(line, 'title: "Oso \\ud83d\\ude00 contra oso"', 1)
    assert "\\ud83d" in text
    run = client.post("/api/run", data=text.encode(), content_type="application/yaml")
    assert run.status_code == 200 and run.get_json()["scenario_title"] == "Oso 😀 contra oso"
    checked = client.post("/api/validate", data=text.encode(), content_type="application/yaml").get_json()
    assert checked["ok"] and checked["document"]["title"] == "Oso 😀 contra oso" and "😀" in checked["yaml"]
    saved = client.post("/api/scenarios", data=text.encode(), content_type="application/yaml")
    assert saved.status_code == 201
    stored = client.get(f"/api/scenarios/{saved.get_json()['id']}").get_json()
    assert stored["title"] == "Oso 😀 contra oso" and stored["source"] == text
    assert stored["document"]["title"] == "Oso 😀 contra oso" and stored["trace"]["ok"]


def test_a_surrogate_pair_in_json_is_its_character(client) -> None:
    doc = _document()
    doc["title"] = "Oso 😀"
    response = client.post("/api/run", data=json.dumps(doc, ensure_ascii=True), content_type="application/json")
    assert response.status_code == 200 and response.get_json()["scenario_title"] == "Oso 😀"


def test_a_question_over_the_bound_is_a_json_400_naming_q(client) -> None:
    limit = client.application.config["SEARCH_MAX_QUERY"]
    assert limit == 1000
    long = "persistir " * 150
    for url in ("/api/search", "/.json"):
        response = client.get(url, query_string={"q": long})
        assert response.status_code == 400 and response.is_json
        body = response.get_json()
        from judge.web.i18n import translate

        assert body["parameter"] == "q" and translate("param.query_too_long", "es", length=len(long),
                                                      maximum=limit) in body["error"]
    assert client.get("/api/search", query_string={"q": long[:limit]}).status_code == 200


def test_the_search_page_says_the_question_is_too_long(client) -> None:
    long = "persistir " * 150
    response = client.get("/", query_string={"q": long})
    assert response.status_code == 400
    page = soup_of(response)
    from judge.web.i18n import translate

    assert translate("param.query_too_long", "es", length=len(long), maximum=1000) in \
        page.select_one("p.message").get_text()
    box = page.select_one("input[name=q]")
    assert box["maxlength"] == "1000" and len(box["value"]) == 1000
    assert not page.select(".results li")


def test_the_question_bound_is_a_setting(tmp_path: Path, instance_dir: Path) -> None:
    app = create_app({"TESTING": True, "INSTANCE": str(instance_dir), "SEARCH_MAX_QUERY": 20})
    client = app.test_client()
    assert client.get("/api/search?q=" + "a" * 21).status_code == 400
    assert client.get("/api/search?q=" + "a" * 20).status_code == 200


def test_a_lone_surrogate_in_a_question_is_a_400_naming_q() -> None:
    # HTTP cannot carry one (Werkzeug decodes a query with replacement characters); a caller of the checked
    # parameters can, and gets the same 400 rather than a UnicodeEncodeError later.
    from judge.web.errors import BadParameter
    from judge.web.views import search_params

    class Corpus:
        documents: dict = {}
        passages: dict = {}

    with pytest.raises(BadParameter) as caught:
        search_params(Corpus(), {"q": "regla \ud800"}, 10, 100)
    assert caught.value.parameter == "q"
