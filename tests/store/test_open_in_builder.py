""""Abrir en el constructor" from a saved scenario's page: the builder starts from that version's text, and its
"Guardar" stores a new version of it (the form carries the version as `parent`); the version itself is untouched."""
from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

import pytest
from bs4 import BeautifulSoup

from judge.web.i18n import translate

sqlite_only = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


def _soup(response) -> BeautifulSoup:  # type: ignore[no-untyped-def]
    assert response.mimetype == "text/html"
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


@sqlite_only
def test_saved_page_opens_the_builder_on_that_version(client, scenario_yaml: str) -> None:
    saved = client.post("/api/scenarios", data=scenario_yaml, content_type="application/yaml").get_json()
    page = _soup(client.get(saved["url"]))
    link = page.select_one("a.open-builder")
    assert link.get_text(strip=True) == translate("run.open_builder", "es")
    assert parse_qs(urlsplit(link["href"]).query) == {"ruleset": ["doce-vidas"], "desde": [f"guardado/{saved['id']}"]}
    assert client.get(saved["url"] + ".json").get_json()["builder_url"] == link["href"]

    builder = _soup(client.get(link["href"]))
    assert builder.find("textarea", id="scenario").string == scenario_yaml
    state = json.loads(builder.find("script", id="builder-state").string)
    assert state["document"]["title"] == "Ana ataca a Bruno"
    form = builder.find("form", id="source-form")
    assert form.find("input", attrs={"name": "parent"})["value"] == saved["id"]
    said = form.select_one(".save-version")
    assert (said["data-message"], said["data-version"]) == ("builder.save_version", "2")     # the owner: a new version
    assert client.get(link["href"].replace("/nuevo?", "/nuevo.json?")).get_json()["parent"] == saved["id"]

    # "Guardar" from there (the form posts its fields to /escenarios/guardados): a new version of the same line.
    edited = scenario_yaml.replace('title: "Ana ataca a Bruno"', 'title: "Ana ataca a Bruno otra vez"')
    token = form.find("input", attrs={"name": "csrf_token"})["value"]
    answer = client.post("/escenarios/guardados", data={"scenario": edited, "parent": saved["id"],
                                                        "csrf_token": token})
    assert answer.status_code == 303
    new_url = answer.headers["Location"]
    assert new_url != saved["url"]
    new = client.get(new_url + ".json").get_json()
    assert new["version"] == 2 and new["parent"] == saved["id"]
    assert [v["id"] for v in new["versions"]] == [saved["id"], new["id"]]
    first = client.get(saved["url"] + ".json").get_json()
    assert first["source"] == scenario_yaml and first["title"] == "Ana ataca a Bruno"
    # In English too (the language is remembered in a cookie, so this comes last).
    english = _soup(client.get(saved["url"] + "?lang=en")).select_one("a.open-builder")
    assert english.get_text(strip=True) == "Open in the builder" and english["href"].endswith("&lang=en")


@sqlite_only
def test_validating_in_the_builder_keeps_the_parent(client, scenario_yaml: str) -> None:
    saved = client.post("/api/scenarios", data=scenario_yaml, content_type="application/yaml").get_json()
    page = _soup(client.post("/escenarios/nuevo", data={"scenario": scenario_yaml, "parent": saved["id"],
                                                        "action": "validate"}))
    assert page.find("form", id="source-form").find("input", attrs={"name": "parent"})["value"] == saved["id"]
    # An id that is no saved version is dropped, not carried on.
    page = _soup(client.post("/escenarios/nuevo", data={"scenario": scenario_yaml, "parent": "no-existe",
                                                        "action": "validate"}))
    assert page.find("form", id="source-form").find("input", attrs={"name": "parent"}) is None


@sqlite_only
def test_builder_from_an_unknown_saved_id_is_an_empty_table(client) -> None:
    page = _soup(client.get("/escenarios/nuevo?desde=guardado/no-existe"))
    assert page.find("input", attrs={"name": "parent"}) is None


@sqlite_only
@pytest.mark.parametrize("title", ["<!--<script>", "</script><script>alert(1)</script>", "a\u2028b & <c>"])
def test_a_saved_title_cannot_break_the_builders_state(client, scenario_yaml: str, title: str) -> None:
    # The state is a <script type="application/json"> element: `<!--<script>` inside it once swallowed the rest of
    # the page (HTML's script-data-escaped states), so the builder drew 3 of its controls.
    text = scenario_yaml.replace('title: "Ana ataca a Bruno"', f"title: {json.dumps(title)}")
    saved = client.post("/api/scenarios", data=text.encode(), content_type="application/yaml").get_json()
    html = client.get(f"/escenarios/nuevo?desde=guardado/{saved['id']}").get_data(as_text=True)
    raw = html.split('<script type="application/json" id="builder-state">', 1)[1].split("</script>", 1)[0]
    assert not set("<>&\u2028\u2029") & set(raw)
    assert json.loads(raw)["document"]["title"] == title
    assert BeautifulSoup(html, "html.parser").find("form", id="source-form") is not None
