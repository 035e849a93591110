"""The saved scenarios on the web, on SQLite and PostgreSQL: POST /api/scenarios → 201 {"id", "version", "url"};
GET /api/scenarios/<id> → the scenario, its versions and its trace; the permalink page; an edit is a new version;
errors as JSON (400 with field paths, 404, 405, 413, 415); the library and `/escenarios.json`."""
from __future__ import annotations

import json

import pytest
import yaml
from bs4 import BeautifulSoup

from judge.messages import Message

from .conftest import form_token

# The storage itself runs on both databases in test_store.py; the web layer's checks run on SQLite, except the
# ones that write and read back several versions (marked with both).
sqlite_only = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


def _save(client, body: str, ctype: str = "application/yaml", url: str = "/api/scenarios"):
    response = client.post(url, data=body.encode(), content_type=ctype)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


@sqlite_only
def test_save_returns_id_version_and_permalink(client, scenario_yaml: str) -> None:
    response = client.post("/api/scenarios", data=scenario_yaml, content_type="application/yaml")
    assert response.status_code == 201
    body = response.get_json()
    assert list(body) == ["id", "version", "url", "edit_key", "edit_url"]
    assert body["version"] == 1 and body["url"] == f"/escenarios/guardados/{body['id']}"
    assert response.headers["Location"] == body["url"]
    as_json = _save(client, json.dumps(yaml.safe_load(scenario_yaml)), "application/json")
    assert as_json["id"] != body["id"]


@sqlite_only
def test_get_returns_the_scenario_its_versions_and_its_trace(client, scenario_yaml: str) -> None:
    saved = _save(client, scenario_yaml)
    data = client.get(f"/api/scenarios/{saved['id']}").get_json()
    assert data["id"] == saved["id"] and data["version"] == 1 and data["parent"] is None
    assert data["source"] == scenario_yaml and data["format"] == "yaml"
    assert data["document"]["title"] == "Ana ataca a Bruno" and data["ruleset"] == "doce-vidas"
    assert [v["id"] for v in data["versions"]] == [saved["id"]] and data["versions"][0]["current"] is True
    trace = data["trace"]
    assert trace["ok"] is True and trace["verdict"]["ok"] is True
    assert trace["steps"][-1]["kind"] == "expectation"
    # the permalink answers the same JSON the documented ways
    for url, headers in ((saved["url"] + ".json", {}), (saved["url"] + "?format=json", {}),
                         (saved["url"], {"Accept": "application/json"})):
        assert client.get(url, headers=headers).get_json() == data


def test_an_edit_makes_a_new_version_and_the_old_permalink_keeps_its_version(client, scenario_yaml: str) -> None:
    first = _save(client, scenario_yaml)
    edited_text = scenario_yaml.replace("Ana ataca a Bruno", "Ana ataca otra vez")
    second = _save(client, edited_text, url=f"/api/scenarios/{first['id']}")
    assert second["version"] == 2 and second["id"] != first["id"]
    old = client.get(f"/api/scenarios/{first['id']}").get_json()
    new = client.get(f"/api/scenarios/{second['id']}").get_json()
    assert old["title"] == "Ana ataca a Bruno" and old["source"] == scenario_yaml
    assert new["title"] == "Ana ataca otra vez" and new["parent"] == first["id"]
    assert [v["version"] for v in old["versions"]] == [1, 2] == [v["version"] for v in new["versions"]]
    # the page form does the same and answers with a 303 to the new permalink
    response = client.post(f"/escenarios/guardados/{second['id']}",
                           data={"scenario": edited_text.replace("otra vez", "por tercera vez"),
                                 "csrf_token": form_token(client)})
    assert response.status_code == 303
    third = client.get(response.headers["Location"] + ".json").get_json()
    assert third["version"] == 3 and third["parent"] == second["id"]
    assert client.get(f"/api/scenarios/{second['id']}").get_json()["title"] == "Ana ataca otra vez"


@sqlite_only
def test_no_route_updates_or_deletes(client, app, scenario_yaml: str) -> None:
    saved = _save(client, scenario_yaml)
    for method in ("put", "patch", "delete"):
        for url in (f"/api/scenarios/{saved['id']}", saved["url"], saved["url"] + ".json"):
            response = getattr(client, method)(url, data=scenario_yaml, content_type="application/yaml")
            assert response.status_code == 405, (method, url)
            assert "POST" in response.headers["Allow"] and "DELETE" not in response.headers["Allow"]
        assert getattr(client, method)(f"/api/scenarios/{saved['id']}").get_json()["status"] == 405
    methods = {m for rule in app.url_map.iter_rules() if "scenarios" in rule.rule or "guardados" in rule.rule
               for m in rule.methods}
    assert methods <= {"GET", "HEAD", "OPTIONS", "POST"}
    assert client.get(f"/api/scenarios/{saved['id']}").get_json()["source"] == scenario_yaml


@sqlite_only
def test_errors_are_json(client, app, scenario_yaml: str) -> None:
    doc = yaml.safe_load(scenario_yaml)
    doc["players"][1]["board"] = [{"card": "Lobo azul", "id": "x"}]
    response = client.post("/api/scenarios", json=doc)
    assert response.status_code == 400
    body = response.get_json()
    assert body["error"] == Message("format.invalid").render("es")
    card = {e["path"]: e for e in body["errors"]}["players[1].board[0].card"]
    assert card["id"] == "format.card.unknown" and card["params"]["card"] == "Lobo azul"
    malformed = client.post("/api/scenarios", data="title: [abierto\n", content_type="application/yaml")
    bad_yaml = malformed.get_json()["errors"][0]
    assert malformed.status_code == 400 and (bad_yaml["id"], bad_yaml["params"]["line"]) == ("format.load.bad_yaml_at", 2)
    unknown = client.get("/api/scenarios/AAAAAAAAAAAAAAAAAAAAAA")
    assert unknown.status_code == 404 and unknown.get_json()["status"] == 404
    assert client.post("/api/scenarios/AAAAAAAAAAAAAAAAAAAAAA", data=scenario_yaml,
                       content_type="application/yaml").status_code == 404
    assert client.get("/escenarios/guardados/AAAAAAAAAAAAAAAAAAAAAA.json").get_json()["status"] == 404
    wrong_type = client.post("/api/scenarios", data="<x/>", content_type="application/xml")
    assert wrong_type.status_code == 415 and wrong_type.get_json()["status"] == 415
    app.config["MAX_CONTENT_LENGTH"] = 1000
    too_big = client.post("/api/scenarios", data=scenario_yaml + "#" * 2000, content_type="application/yaml")
    assert too_big.status_code == 413 and too_big.get_json()["status"] == 413
    # nothing of it was stored
    assert client.get("/api/scenarios").get_json()["total"] == 0


@sqlite_only
def test_permalink_page_shows_the_run_and_the_versions(client, scenario_yaml: str) -> None:
    first = _save(client, scenario_yaml)
    second = _save(client, scenario_yaml.replace("Ana ataca a Bruno", "Segunda"), url=f"/api/scenarios/{first['id']}")
    response = client.get(first["url"])
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = BeautifulSoup(response.get_data(as_text=True), "html.parser")
    nav = page.select_one("nav.saved-versions")
    assert nav["data-id"] == first["id"] and nav["data-version"] == "1"
    items = nav.select("ol.versions li")
    assert [li["data-id"] for li in items] == [first["id"], second["id"]]
    assert items[0].get("aria-current") == "page" and items[1].a["href"] == second["url"]
    assert nav.select_one("a.edit")["href"] == first["url"] + "/editar"
    assert "Ana ataca a Bruno" in page.h1.get_text()
    edit = BeautifulSoup(client.get(first["url"] + "/editar").get_data(as_text=True), "html.parser")
    assert edit.form["action"] == first["url"] and edit.textarea.get_text() == scenario_yaml
    as_json = client.get(first["url"] + "/editar.json").get_json()
    assert (as_json["save_url"], as_json["source"], as_json["version"]) == (first["url"], scenario_yaml, 1)
    assert client.get("/escenarios/guardados.json").get_json()["api_url"] == "/api/scenarios"


@sqlite_only
def test_save_form_redirects_to_the_permalink_or_shows_the_errors(client, scenario_yaml: str) -> None:
    assert client.get("/escenarios/guardados").status_code == 200
    token = form_token(client)
    response = client.post("/escenarios/guardados", data={"scenario": scenario_yaml, "csrf_token": token})
    assert response.status_code == 303 and response.headers["Location"].startswith("/escenarios/guardados/")
    first_id = response.headers["Location"].rsplit("/", 1)[-1]
    child = client.post("/escenarios/guardados", data={"scenario": scenario_yaml, "parent": first_id,
                                                       "csrf_token": token})
    assert client.get(child.headers["Location"] + ".json").get_json()["parent"] == first_id
    assert client.post("/escenarios/guardados", data={"scenario": scenario_yaml, "csrf_token": token,
                                                      "parent": "A" * 22}).status_code == 404
    bad = client.post("/escenarios/guardados", data={"scenario": "ruleset: doce-vidas\n", "csrf_token": token})
    assert bad.status_code == 400
    page = BeautifulSoup(bad.get_data(as_text=True), "html.parser")
    assert page.select_one(".run-errors code.path") is not None
    assert page.select_one(".run-errors h2")["data-message"] == "run.invalid"
    said = {li["data-path"]: li["data-message"] for li in page.select(".run-errors li[data-path]")}
    assert said and all(ident.startswith(("format.", "dv.", "magic.")) for ident in said.values()), said


def test_library_lists_curated_by_ruleset_and_recent_saved_paginated(client, scenario_yaml: str) -> None:
    ids = [_save(client, scenario_yaml.replace("Ana ataca a Bruno", f"Guardado {i:02d}"))["id"] for i in range(5)]
    assert client.get("/biblioteca.json").get_json()["saved"]["per_page"] == 20
    data = client.get("/biblioteca.json?per_page=3").get_json()
    assert {g["ruleset"] for g in data["curated"]["rulesets"]} >= {"doce-vidas", "magic"}
    # The curated part is paginated too (100 a page, `curated_page`), each entry brief: every page together
    # lists each scenario once.
    curated, seen = data["curated"], []
    while True:
        seen += [s["url"] for g in curated["rulesets"] for s in g["scenarios"]]
        assert all("description" not in s for g in curated["rulesets"] for s in g["scenarios"])
        if curated["next"] is None:
            break
        curated = client.get(curated["next"], headers={"Accept": "application/json"}).get_json()["curated"]
    assert len(seen) == len(set(seen)) == data["curated"]["total"] and data["curated"]["pages"] > 1
    assert client.get("/biblioteca.json?curated_page=0").get_json()["parameter"] == "curated_page"
    saved = data["saved"]
    assert (saved["total"], saved["pages"], saved["page"], saved["per_page"]) == (5, 2, 1, 3)
    assert [s["id"] for s in saved["scenarios"]] == ids[::-1][:3] and saved["previous"] is None
    page2 = client.get(saved["next"], headers={"Accept": "application/json"}).get_json()["saved"]
    assert [s["id"] for s in page2["scenarios"]] == ids[::-1][3:] and page2["next"] is None
    assert client.get("/api/scenarios?page=2&per_page=3").get_json()["scenarios"] == page2["scenarios"]
    html = BeautifulSoup(client.get("/biblioteca?page=2&per_page=3").get_data(as_text=True), "html.parser")
    assert len(html.select("ol.saved li")) == 2 and html.select_one("a[rel=prev]") is not None
    for name, bad in (("page", "0"), ("page", "x"), ("page", "-1"), ("per_page", "0"), ("per_page", "101")):
        response = client.get(f"/biblioteca.json?{name}={bad}")
        assert response.status_code == 400 and response.get_json()["parameter"] == name
    assert client.get("/biblioteca.json?ruleset=ajedrez").get_json()["parameter"] == "ruleset"


@sqlite_only
def test_library_search_by_title_and_by_cited_rule(client, scenario_yaml: str) -> None:
    mine = _save(client, scenario_yaml)
    by_title = client.get("/biblioteca.json?q=ATACA bruno").get_json()
    assert [s["id"] for s in by_title["saved"]["scenarios"]] == [mine["id"]]
    cited = client.get(f"/api/scenarios/{mine['id']}").get_json()["trace"]["steps"][1]["citations"][0]
    by_rule = client.get("/biblioteca.json", query_string={"q": cited}).get_json()
    assert [s["id"] for s in by_rule["saved"]["scenarios"]] == [mine["id"]]
    assert by_rule["curated"]["total"] >= 1
    # a magic rule number finds curated magic scenarios citing it or a rule below it, and no saved one
    magic = client.get("/biblioteca.json?q=regla 500").get_json()
    assert magic["saved"]["total"] == 0
    assert [g["ruleset"] for g in magic["curated"]["rulesets"]] == ["magic"]
    assert client.get("/biblioteca.json?q=zzzz-nada").get_json()["curated"]["total"] == 0
    only = client.get("/biblioteca.json?ruleset=magic").get_json()["curated"]["rulesets"]
    assert [g["ruleset"] for g in only] == ["magic"]


@sqlite_only
def test_scenario_list_pages_answer_json(client) -> None:
    listing = client.get("/escenarios.json")
    assert listing.status_code == 200 and listing.is_json
    scenarios = listing.get_json()["scenarios"]
    assert scenarios and client.get("/escenarios?format=json").get_json()["scenarios"] == scenarios
    first = scenarios[0]
    trace = client.get(first["url"] + ".json").get_json()
    assert trace["scenario_title"] == first["title"] and trace["steps"]
