"""The scenario builder (/escenarios/nuevo) without a browser: its structure (BeautifulSoup), starting points
(empty table, template, a curated scenario), the form without JavaScript (paste, upload, validate with the errors
beside their lines, download YAML, run), POST /api/validate and GET /api/rulesets."""
from __future__ import annotations

import html

import io
import json

import pytest
import yaml

from judge.messages import Message
from judge.runner.catalog import curated, find
from judge.scenarios import ScenarioError, load_scenario
from judge.web.builder import default_document, descriptions, dump_yaml, in_language, line_of
from judge.web.i18n import translate

BAD = """ruleset: doce-vidas
title: Mal
cards:
  Lobo gris: {type: criatura, cost: 2, damage: 2, life: 3}
players:
  - name: Ana
    lives: 99
    board:
      - {card: Lobo grs, id: lobo}
  - name: Bruno
"""


def state_of(page) -> dict:
    """The page's embedded state, its packed descriptions unpacked (judge/web/packing.py)."""
    from judge.web.packing import unpack

    state = json.loads(page.find("script", id="builder-state").string)
    state["rulesets"] = unpack(state.pop("rulesets_packed"))
    return state


def test_builder_page_structure(get_page) -> None:
    page = get_page("/escenarios/nuevo")
    assert page.find("h1").get_text(strip=True) == "Construir un escenario"
    # The form the script draws into: hidden until JavaScript shows it; the script is a plain module.
    builder = page.find(id="builder")
    assert builder is not None and builder.has_attr("hidden")
    assert page.find("script", src="/static/builder.js")["type"] == "module"
    assert page.find("noscript") is not None
    # Starting points: each ruleset, an empty table, the template, the chosen ruleset's top-level curated ones.
    start = page.find("form", class_="builder-start")
    assert start["method"] == "get" and start["action"] == "/escenarios/nuevo"
    assert [o["value"] for o in start.find("select", id="start-ruleset").find_all("option")] == ["doce-vidas", "magic"]
    froms = [o["value"] for o in start.find("select", id="start-from").find_all("option")]
    assert froms[:2] == ["vacio", "plantilla"]
    assert froms[2:] == [f"doce-vidas/{c.name}" for c in curated() if c.ruleset == "doce-vidas" and not c.folder]
    # The form that works without JavaScript: paste or upload, validate, download, run.
    form = page.find("form", id="source-form")
    assert form["method"] == "post" and form["enctype"] == "multipart/form-data"
    assert form.find("textarea", attrs={"name": "scenario"}) is not None
    assert form.find("label", attrs={"for": "scenario"}) is not None
    assert form.find("input", attrs={"type": "file", "name": "upload"}) is not None
    buttons = {b.get("value") or b.get("id"): b for b in form.find_all("button")}
    assert buttons["validate"]["name"] == "action" and buttons["download"]["name"] == "action"
    assert buttons["run-button"]["formaction"] == "/escenarios/ejecutar"
    # The descriptions and the starting document for the script.
    state = state_of(page)
    assert [r["id"] for r in state["rulesets"]] == ["doce-vidas", "magic"]
    # the page carries its own language's labels only (GET /api/rulesets keeps both)
    assert state["rulesets"] == in_language(descriptions(), "es")
    assert state["document"] == default_document(state["rulesets"][0])
    assert state["document"]["title"] == translate("builder.default_title", "es")
    # the script's own words: the catalogue's builder.* lines in the page's language
    assert state["messages"]["builder.add_player"] == translate("builder.add_player", "es")
    assert translate("builder.add_player", "es") != translate("builder.add_player", "en")


def test_builder_page_in_english(get_page) -> None:
    page = get_page("/escenarios/nuevo?lang=en")
    assert page.find("h1").get_text(strip=True) == "Build a scenario"
    assert state_of(page)["messages"]["builder.add_player"] == "Add player"
    magic = next(r for r in state_of(page)["rulesets"] if r["id"] == "magic")
    assert next(e for e in magic["effects"] if e["verb"] == "damage")["label"] == "deal damage"
    assert page.find("form", id="source-form")["action"] == "/escenarios/nuevo?lang=en"
    assert "Validate" in [b.get_text(strip=True) for b in page.find_all("button")]


@pytest.mark.parametrize("rid", ["doce-vidas", "magic"])
def test_empty_table_and_template_validate(get_page, rid: str) -> None:
    for start in ("vacio", "plantilla"):
        page = get_page(f"/escenarios/nuevo?ruleset={rid}&desde={start}")
        doc = state_of(page)["document"]
        assert doc["ruleset"] == rid
        load_scenario(doc)
        # The text box holds the same document as YAML.
        assert yaml.safe_load(page.find("textarea", id="scenario").string) == doc


def test_start_from_a_curated_scenario(get_page) -> None:
    item = curated()[0]
    page = get_page(f"/escenarios/nuevo?desde={item.ruleset}/{item.name}")
    source = item.path.read_text(encoding="utf-8")
    assert page.find("textarea", id="scenario").string.strip() == source.strip()
    assert state_of(page)["document"] == yaml.safe_load(source)
    assert page.find("select", id="start-ruleset").find("option", selected=True)["value"] == item.ruleset


def test_builder_json(client) -> None:
    data = client.get("/escenarios/nuevo.json?ruleset=magic&desde=plantilla").get_json()
    assert data["ruleset"] == "magic" and data["document"]["ruleset"] == "magic"
    assert [r["id"] for r in data["rulesets"]] == ["doce-vidas", "magic"]
    assert client.get("/escenarios/nuevo", headers={"Accept": "application/json"}).get_json()["document"]


def test_validate_without_javascript_shows_errors_beside_their_lines(client, soup) -> None:
    response = client.post("/escenarios/nuevo", data={"scenario": BAD, "action": "validate"})
    assert response.status_code == 400
    page = soup(response)
    errors = page.find(id="server-errors")
    assert errors is not None and errors["role"] == "alert"
    items = [li.get_text(" ", strip=True) for li in errors.find_all("li")]
    assert any("línea 7" in t and "players[0].lives" in t for t in items), items
    unknown = Message("format.card.unknown", card="Lobo grs").render()
    assert any("línea 9" in t and unknown in t for t in items), items
    # The listing of the text, each error under its own line.
    line7 = page.find("li", id="linea-7")
    assert "has-error" in line7["class"] and "lives: 99" in line7.code.get_text()
    assert Message("format.integer_above", max=24, got=99).render() in line7.find("p", class_="line-error").get_text()
    assert "has-error" in page.find("li", id="linea-9")["class"]
    assert "has-error" not in (page.find("li", id="linea-1").get("class") or [])
    # The text stays in the box to be corrected.
    assert page.find("textarea", id="scenario").string.strip() == BAD.strip()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_validate_an_empty_form_says_the_loaders_empty_document_error(client, soup, lang: str) -> None:
    # format.load.empty, with its id, in the page's language (issue 17)
    response = client.post(f"/escenarios/nuevo?lang={lang}", data={"scenario": "  \n", "action": "validate"})
    assert response.status_code == 400
    [error] = state_of(soup(response))["errors"]
    assert error["id"] == "format.load.empty" and error["params"] == {} and error["path"] == ""
    assert error["message"] == Message("format.load.empty").render(lang)
    assert Message("format.load.empty").render("en") != Message("format.load.empty").render("es")


def test_validate_a_good_scenario_and_upload_a_file(client, soup) -> None:
    good = BAD.replace("lives: 99", "lives: 9").replace("Lobo grs", "Lobo gris")
    page = soup(client.post("/escenarios/nuevo", data={"scenario": good, "action": "validate"}))
    assert page.find(class_="verdict")["role"] == "status"
    upload = {"scenario": "", "action": "validate", "upload": (io.BytesIO(BAD.encode()), "mal.yaml")}
    response = client.post("/escenarios/nuevo", data=upload, content_type="multipart/form-data")
    assert response.status_code == 400
    assert soup(response).find("textarea", id="scenario").string.strip() == BAD.strip()


def test_download_yaml_is_the_same_scenario(client) -> None:
    """Built in the form (a JSON document) or downloaded as YAML and pasted back: the same scenario."""
    doc = json.loads(json.dumps(yaml.safe_load(find("doce-vidas", curated()[0].name).path.read_text())))
    response = client.post("/escenarios/nuevo", data={"scenario": json.dumps(doc), "format": "json",
                                                      "action": "download"})
    assert response.status_code == 200 and response.mimetype == "application/yaml"
    assert response.headers["Content-Disposition"].startswith("attachment; filename=")
    text = response.get_data(as_text=True)
    assert text == dump_yaml(doc)
    assert yaml.safe_load(text) == doc
    a, b = load_scenario(doc), load_scenario(text)
    assert (a.setup, a.actions, a.expect, a.title) == (b.setup, b.actions, b.expect, b.title)


def test_run_without_javascript(client, soup) -> None:
    page = soup(client.get("/escenarios/nuevo?desde=plantilla"))
    form = page.find("form", id="source-form")
    run = form.find("button", id="run-button")["formaction"]
    response = client.post(run, data={"scenario": form.find("textarea").string, "format": "auto"})
    assert response.status_code == 200
    assert soup(response).find(class_="verdict") is not None


def test_api_validate_json_and_yaml(client) -> None:
    with pytest.raises(ScenarioError) as exc:
        load_scenario(BAD)
    expected = [{"path": e.path, "message": e.message} for e in exc.value.errors]
    got = client.post("/api/validate", data=BAD, content_type="application/yaml").get_json()
    assert got["ok"] is False
    assert [{"path": e["path"], "message": e["message"]} for e in got["errors"]] == expected
    assert {e["path"]: e["line"] for e in got["errors"]} == {"players[0].lives": 7, "players[0].board[0].card": 9}
    doc = yaml.safe_load(BAD)
    got = client.post("/api/validate", json=doc).get_json()
    assert [{"path": e["path"], "message": e["message"]} for e in got["errors"]] == expected
    assert got["document"] == doc and yaml.safe_load(got["yaml"]) == doc
    doc["players"][0]["lives"] = 9
    doc["players"][0]["board"][0]["card"] = "Lobo gris"
    good = client.post("/api/validate", json=doc).get_json()
    assert good == {"ok": True, "errors": [], "document": doc, "yaml": dump_yaml(doc),
                    "dry_run": {"problems": [], "steps": good["dry_run"]["steps"], "stopped": "fin",
                                "time_budget": 60.0, "time_budget_spent": False,   # a TESTING app's
                                "choices": {}}}
    broken = client.post("/api/validate", data="ruleset: [\n", content_type="application/yaml").get_json()
    assert broken["ok"] is False and broken["errors"][0]["id"] == "format.load.bad_yaml_at"
    assert broken["errors"][0]["line"] == broken["errors"][0]["params"]["line"]
    # Only JSON and YAML types (as /api/run): text/plain, no type at all or any other is a 415, not a guess.
    for refused in ("text/plain", "application/octet-stream", "image/png"):
        assert client.post("/api/validate", data=BAD, content_type=refused).status_code == 415
    assert client.post("/api/validate", data=BAD.encode()).status_code == 415


# BAD with, under Bruno, a key holding 3,000 levels of nesting (more than yaml.safe_load or json.loads can read).
DEEP = BAD + "    extra: " + "[" * 3000 + "]" * 3000 + "\n"
DEEP_PATH = "players[1].extra" + "[0]" * 10          # the first value 13 levels down


def test_deep_nesting_is_an_error_at_its_path_and_line_with_the_others(client, soup) -> None:
    # Every error the same text has with a shallow `extra` (its unknown key among them), then the depth error.
    shallow = client.post("/api/validate", data=BAD + "    extra: 1\n", content_type="application/yaml").get_json()
    said = [(e["path"], e.get("id"), e.get("params"), e["line"]) for e in shallow["errors"]]
    assert ("players[0].lives", "format.integer_above", {"max": 24, "got": 99}, 7) in said
    assert ("players[0].board[0].card", "format.card.unknown", {"card": "Lobo grs"}, 9) in said
    assert [(p, line) for p, ident, _, line in said if ident == "format.unknown_key"] == [("players[1].extra", 11)]
    expected = [(e["path"], e["message"], e["line"]) for e in shallow["errors"]]
    expected.append((DEEP_PATH, Message("format.load.too_deep", max=12).render(), 11))
    got = client.post("/api/validate", data=DEEP, content_type="application/yaml").get_json()
    assert got["ok"] is False
    assert [(e["path"], e["message"], e["line"]) for e in got["errors"]] == expected
    # The same scenario as a JSON body: the same errors (a JSON body's have no line), never a 500.
    as_json = json.dumps(yaml.safe_load(BAD)).replace('"name": "Bruno"', '"name": "Bruno", "extra": '
                                                      + "[" * 3000 + "]" * 3000)
    got = client.post("/api/validate", data=as_json, content_type="application/json").get_json()
    assert [(e["path"], e["message"], e["line"]) for e in got["errors"]] == [e[:2] + (None,) for e in expected]
    # The form without JavaScript lists them all, each under its line.
    response = client.post("/escenarios/nuevo", data={"scenario": DEEP, "action": "validate"})
    assert response.status_code == 400
    page = soup(response)
    items = page.find(id="server-errors").find_all("li")
    assert [(li.find("code", class_="path").get_text(), li.find(class_="message-text").get_text()) for li in items] \
        == [e[:2] for e in expected]
    assert [p.find("code", class_="path").get_text() for p in page.find("li", id="linea-11").find_all(
        "p", class_="line-error")] == ["players[1].extra", DEEP_PATH]


# Nine levels of anchors, each list naming the one before nine times: 9**9 values from 300 bytes.
ALIAS_BOMB = "l0: &l0 [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]\n" for i in range(1, 9))


def test_an_alias_bomb_is_refused_without_being_expanded(client) -> None:
    # The errors echo no document: copying or dumping it (as a valid one is) would expand the aliases in full.
    answer = client.post("/api/validate", data=ALIAS_BOMB, content_type="application/yaml").get_json()
    assert answer["ok"] is False and answer["document"] is None and answer["yaml"] is None
    error = answer["errors"][0]
    assert error["id"] == "format.load.too_many_values", error
    for action in ("validate", "download"):
        response = client.post("/escenarios/nuevo", data={"scenario": ALIAS_BOMB, "action": action})
        assert response.status_code == 400 and html.escape(error["message"], quote=False) in response.get_data(
            as_text=True)


def test_a_document_too_deep_to_write_out_is_downloaded_without_its_deep_part(client) -> None:
    # 400 levels of block mappings: yaml.safe_load reads them, yaml.safe_dump (deeper recursion) could not write
    # them; the download is the document as the validator saw it, the part below 12 levels null.
    deep = BAD + "    extra:\n" + "".join("  " * (i + 3) + f"k{i}:\n" for i in range(400))
    response = client.post("/escenarios/nuevo", data={"scenario": deep, "action": "download"})
    assert response.status_code == 200 and response.mimetype == "application/yaml"
    extra = yaml.safe_load(response.data)["players"][1]["extra"]
    for i in range(9):                  # extra is 3 levels down: k9's value would be the 13th
        extra = extra[f"k{i}"]
    assert extra == {"k9": None}


def test_api_validate_says_a_body_is_not_utf8(client) -> None:
    answer = client.post("/api/validate", data=b"ruleset: \xff\n", content_type="application/yaml").get_json()
    assert [(e["path"], e["id"], e["params"]) for e in answer["errors"]] == [("", "format.load.not_utf8", {"byte": 9})]


def test_pasted_json_nested_too_deep_has_its_errors_on_their_lines() -> None:
    # check_text composes the text read_text parsed (the deep part already cut) for the lines, once: 500 levels of
    # JSON, which json.loads reads but the YAML composer could not, still give every error its line.
    from judge.web.builder import check_text

    text = json.dumps({"ruleset": "doce-vidas", "title": "x", "z": "Z"}, indent=1).replace('"Z"', "[" * 500 + "]" * 500)
    assert [(e["path"] == "z", e["line"]) for e in check_text(text)["errors"] if e["path"].startswith("z")] == [
        (True, 4), (False, 4)]


def test_api_rulesets(client) -> None:
    data = client.get("/api/rulesets").get_json()
    assert [d["id"] for d in data["rulesets"]] == ["doce-vidas", "magic"]
    assert {a["verb"] for a in data["rulesets"][0]["actions"]} == {"play", "burn", "attack", "end_turn", "discard"}


def test_line_of_paths() -> None:
    text = "cards:\n  Sr. Lobo: {type: criatura}\n  Oso:\n    type: criatura\nplayers:\n  - name: Ana\n    hand: [a, b]\n"
    assert line_of(text, "cards.Sr. Lobo.type") == 2
    assert line_of(text, "cards.Oso.type") == 4
    assert line_of(text, "players[0].hand[1]") == 7
    assert line_of(text, "players[3].name") == 5     # the nearest field that exists
    assert line_of(text, "") == 1
    assert line_of("a: [\n", "a") is None


def test_save_what_was_built_and_start_from_a_saved_version(client, soup) -> None:
    page = soup(client.get("/escenarios/nuevo?desde=plantilla"))
    save = page.find("button", id="save-button")
    assert save["formaction"] == "/escenarios/guardados"
    doc = state_of(page)["document"]
    token = page.find("form", id="source-form").find("input", attrs={"name": "csrf_token"})["value"]
    response = client.post(save["formaction"], data={"scenario": json.dumps(doc), "format": "json",
                                                     "csrf_token": token})
    assert response.status_code == 303
    version_id = response.headers["Location"].rsplit("/", 1)[-1]
    again = soup(client.get(f"/escenarios/nuevo?desde=guardado/{version_id}"))
    assert state_of(again)["document"] == doc
    assert json.loads(again.find("textarea", id="scenario").string) == doc
    # An unknown saved id starts from an empty table.
    assert state_of(soup(client.get("/escenarios/nuevo?desde=guardado/nope")))["document"]["title"] == \
        translate("builder.default_title", "es")


def test_scenario_list_links_to_the_builder(get_page) -> None:
    assert get_page("/escenarios").find("a", href="/escenarios/nuevo") is not None
    assert get_page("/escenarios?lang=en").find("a", href="/escenarios/nuevo?lang=en").get_text() == \
        "Build a scenario without YAML"


def test_a_new_scenario_is_titled_in_the_pages_language(client, soup) -> None:
    """builder.default_title is data once saved: the English builder starts an English title, the Spanish one a
    Spanish title, and the script gets the same key to title a table it empties (issue 17)."""
    titles = {}
    for lang in ("es", "en"):
        state = state_of(soup(client.get(f"/escenarios/nuevo?lang={lang}")))
        titles[lang] = state["document"]["title"]
        assert titles[lang] == translate("builder.default_title", lang)
        assert state["messages"]["builder.default_title"] == titles[lang]
        doc = client.get(f"/escenarios/nuevo.json?lang={lang}").get_json()["document"]
        assert doc["title"] == titles[lang]
    assert titles["es"] != titles["en"]
    # the ruleset's template, titled as a new scenario, is a new scenario too; the rest of it is the template's
    for rid in ("doce-vidas", "magic"):
        template = next(d for d in descriptions() if d["id"] == rid)["template"]
        for lang in ("es", "en"):
            doc = client.get(f"/escenarios/nuevo.json?lang={lang}&desde=plantilla&ruleset={rid}").get_json()["document"]
            assert doc == {**template, "title": titles[lang]}
