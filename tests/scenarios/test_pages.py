"""The run pages, checked by parsing the HTML: the curated list, a trace page (steps, cited text beside each step,
the board after it, illegal steps, failed expectations, unmodelled text), the paste form, and their JSON."""
from __future__ import annotations

import pytest
from bs4 import BeautifulSoup
from flask import render_template

from .conftest import CURATED_DIR, DEEP_ERROR_LINES, curated_files


def ui(key: str, lang: str = "es", **values: object) -> str:
    """The page's own words for `key` (the interface catalogue, judge/web/i18n.py) in `lang`."""
    from judge.web.i18n import translate

    return translate(key, lang, **values)


def soup(response) -> BeautifulSoup:
    assert response.status_code == 200, response.data[:500]
    return BeautifulSoup(response.data, "html.parser")


def test_list_links_every_curated_scenario_and_each_link_runs(client) -> None:
    page = soup(client.get("/escenarios"))
    links = [a["href"] for a in page.select("li.scenario-item > a")]
    assert len(links) == len(curated_files())
    assert page.select_one("form.run-form textarea[name=scenario]") is not None
    assert page.select_one("form.run-form")["action"].startswith("/escenarios/ejecutar")
    for href in links[:3]:
        assert client.get(href).status_code == 200


def test_list_as_json(client) -> None:
    for response in (client.get("/escenarios?format=json"),
                     client.get("/escenarios", headers={"Accept": "application/json"})):
        data = response.get_json()
        assert len(data["scenarios"]) == len(curated_files())
        first = data["scenarios"][0]
        assert first["url"] == f"/escenarios/{first['ruleset']}/{first['name']}" and first["title"]


def test_trace_page_shows_steps_cited_text_and_board(client) -> None:
    page = soup(client.get("/escenarios/doce-vidas/11-combate-simultaneo"))
    assert "mueren los dos" in page.h1.get_text()
    # The game steps in the timeline, the expectation checks grouped apart: every step of the trace once.
    steps = page.select("ol.steps > li.run-step")
    checks = page.select("section.checks ol.checks-list > li.run-step.expectation")
    json_trace = client.get("/escenarios/doce-vidas/11-combate-simultaneo?format=json").get_json()
    assert len(steps) + len(checks) == len(json_trace["steps"])
    assert [int(li["data-step"]) for li in steps + checks] == sorted(s["number"] for s in json_trace["steps"])
    assert not any(li["data-kind"] == "expectation" for li in steps) and checks
    [fight] = [s for s in json_trace["steps"] if s.get("message", {}).get("id") == "dv.attack.creature"]
    combat = next(s for s in steps if int(s["data-step"]) == fight["number"])
    assert combat.select_one(".summary").get_text(strip=True) == fight["summary"].strip()
    assert combat["data-kind"] == "resolution" and combat.select_one(".kind").get_text() == ui("run.kind.resolution")
    cite = combat.select_one('.cite[data-ref="dv/tipos/criaturas/6"]')
    assert "ambas se infligen su daño de forma simultánea" in cite.blockquote.get_text()
    assert cite.a["href"] == "/pasajes/dv/tipos/criaturas/6"
    # The board after that step: both bears on their owner's discard pile after the state-based step.
    after = next(li for li in reversed(steps) if li["data-kind"] == "state-based")
    board = after.select_one("section.step-board .board")
    ana = board.select_one('section.player[data-player="Ana"]')
    assert "Oso pardo" in ana.select_one(".zone-discard").get_text()
    assert " ".join(ana.select_one(".lives").get_text().split()) == f"12 {ui('run.lives')}"
    verdict = page.select_one(".verdict")
    assert "ok" in verdict["class"] and json_trace["verdict"]["text"] in " ".join(verdict.get_text().split())
    assert json_trace["verdict"]["message"]["params"]["head"]["id"] == "core.verdict.good"


def test_permanents_show_tapped_damage_and_attachments(client) -> None:
    page = soup(client.get("/escenarios/doce-vidas/16-el-encantamiento-va-a-la-pila-de-su-propietario"))
    first_board = page.select_one("li.run-step section.step-board .board")
    # The enchantments are drawn on the creature they enchant (Bruno's Grilletes on Ana's wolf stays on Bruno's side).
    lobo = first_board.select_one('.tile[data-object="lobo"]')
    import yaml

    doc = yaml.safe_load((CURATED_DIR / "doce-vidas" / "16-el-encantamiento-va-a-la-pila-de-su-propietario.yaml")
                         .read_text(encoding="utf-8"))
    name = next(o["card"] for o in doc["players"][0]["board"] if o["id"] == "lobo")
    assert lobo.select_one(".card").get_text() == name                    # the card the scenario put there
    assert lobo.select_one(".cost").get_text() == ui("view.cost", cost=2)
    written = doc["cards"][name]["type"]
    assert lobo.select_one(".types").get_text() == written                # the scenario's card type, as written
    assert lobo.select_one(".stats").get_text() == ui("view.lives_of", damage=2, life=5)    # 2 damage, 3+2 life
    assert lobo.select_one(".damage") is None                                 # no damage marked
    assert [t["data-object"] for t in lobo.select(".attachments > .tile")] == ["piel", "grilletes"]
    grilletes = lobo.select_one('.attachments > .tile[data-object="grilletes"]')
    assert grilletes.select_one(".controller").get_text() == ui("view.of", player="Bruno")  # on Ana's wolf
    assert lobo.select_one('.tile[data-object="piel"] .controller') is None
    assert first_board.select_one('section.player[data-player="Bruno"] .zone-board .count').get_text() == "1"


def test_illegal_step_is_marked(client) -> None:
    url = "/escenarios/doce-vidas/06-criatura-recien-jugada-no-ataca"
    for lang in ("es", "en"):
        page = soup(client.get(f"{url}?lang={lang}"))
        illegal = page.select("li.run-step.illegal")
        assert len(illegal) == 1
        assert illegal[0].select_one(".flag").get_text() == ui("run.illegal", lang)
        [said] = [s for s in client.get(f"{url}?format=json&lang={lang}").get_json()["steps"] if s["kind"] == "illegal"]
        assert said["message"]["id"] == "core.illegal"
        assert illegal[0].select_one(".summary").get_text(strip=True) == said["summary"].strip()
        assert illegal[0].select(".cite")


def test_an_illegal_step_gets_the_refusal_before_it_by_its_message_id(app) -> None:
    """The page puts its own "no se puede:" before an illegal step's text unless the step's message already says
    the refusal (judge.engine.messages.SAYS_REFUSAL): decided by the id, so the same in both languages."""
    from judge.web.templating import says_refusal

    own = {"number": 3, "kind": "illegal", "summary": "x", "message": {"id": "magic.illegal.unpaid", "params": {}}}
    core = dict(own, message={"id": "core.illegal", "params": {}})
    assert not says_refusal(own) and says_refusal(core)
    assert says_refusal({"kind": "illegal", "summary": ui("run.illegal", "en") + ": x"})    # a trace without ids
    assert not says_refusal({"kind": "illegal", "summary": "x"})
    for lang in ("es", "en"):
        with app.test_request_context(f"/?lang={lang}"):
            shown = [BeautifulSoup(render_template("_run_step.html", step=step, cites={}), "html.parser")
                     .select_one(".summary").get_text()
                     for step in (own, core)]
        assert shown == [ui("run.illegal", lang) + ": x", "x"]


def test_failed_expectation_and_unmodelled_text_are_marked(client, minimal_failing: str) -> None:
    source = minimal_failing.replace(
        "Lobo gris: {type: criatura, cost: 2, damage: 2, life: 3}",
        'Lobo gris: {type: criatura, cost: 2, damage: 2, life: 3, text: "Vuela."}')
    response = client.post("/escenarios/ejecutar", data={"scenario": source})
    page = soup(response)
    failed = page.select("li.run-step.failed")
    assert len(failed) == 1 and failed[0].select_one(".flag").get_text() == ui("run.failed")
    assert "failed" in page.select_one(".verdict")["class"]
    flagged = page.select(".unmodelled")
    assert flagged and "Vuela." in flagged[0].get_text()
    assert page.select_one("textarea[name=scenario]").get_text() == source


def test_citation_outside_the_corpus_is_marked(app) -> None:
    """A cited number no loaded document has is still shown, marked as outside the loaded corpus."""
    from judge.runner.citations import resolver

    res = resolver(app.config["CORPUS_DIR"], app.config["INSTANCE"])
    step = {"number": 1, "kind": "action", "actor": "Ana", "summary": "algo", "events": [],
            "citations": ["999.9z", "dv/objetivo"], "unmodelled": [], "board": {"turn": 1, "players": []}}
    with app.test_request_context("/"):
        html = render_template("_run_step.html", step=step,
                               cites={r: res.resolve(r) for r in step["citations"]})
    part = BeautifulSoup(html, "html.parser")
    unknown = part.select_one('.cite.unknown[data-ref="999.9z"]')
    assert unknown is not None and unknown.select_one(".outside").get_text() == ui("run.outside")
    assert "Gana quien consiga" in part.select_one('.cite[data-ref="dv/objetivo"] blockquote').get_text()


def test_invalid_paste_shows_the_form_with_every_field_error(client) -> None:
    response = client.post("/escenarios/ejecutar", data={"scenario": "ruleset: doce-vidas\ntitle: x\nplayers: 3\n"})
    assert response.status_code == 400
    page = BeautifulSoup(response.data, "html.parser")
    errors = page.select(".run-errors li")
    paths = [li.select_one("code.path").get_text() for li in errors if li.select_one("code.path")]
    assert "players" in paths and "cards" in paths
    assert "players: 3" in page.select_one("textarea[name=scenario]").get_text()


def test_deep_paste_lists_the_depth_error_at_its_path_with_the_others(client, deep_invalid: str) -> None:
    response = client.post("/escenarios/ejecutar", data={"scenario": deep_invalid})
    assert response.status_code == 400
    page = BeautifulSoup(response.data, "html.parser")
    shown = [(li.select_one("code.path").get_text(), li.select_one(".message-text").get_text())
             for li in page.select(".run-errors li")]
    assert shown == DEEP_ERROR_LINES


def test_paste_as_json_and_errors_as_json(client, minimal: str) -> None:
    ok = client.post("/escenarios/ejecutar?format=json", data={"scenario": minimal, "format": "yaml"})
    assert ok.status_code == 200 and ok.get_json()["ok"] is True
    bad = client.post("/escenarios/ejecutar?format=json", data={"scenario": "{"})
    error = bad.get_json()["errors"][0]
    assert bad.status_code == 400 and error["id"] == "format.load.bad_json" and error["params"]["line"] == 1
    # The same URL with .json, as every page (README; /escenarios/nuevo.json takes its POST too).
    same = client.post("/escenarios/ejecutar.json", data={"scenario": minimal, "format": "yaml"})
    assert same.status_code == 200 and same.get_json() == ok.get_json()


@pytest.mark.parametrize("url", ["/escenarios/doce-vidas/no-existe", "/escenarios/magic/01-x",
                                 "/escenarios/doce-vidas/..%2F..%2Fpyproject", "/escenarios/ninguno/x"])
def test_unknown_scenario_is_404(client, url: str) -> None:
    assert client.get(url).status_code == 404


def test_english_ui(client) -> None:
    page = soup(client.get("/escenarios/doce-vidas/06-criatura-recien-jugada-no-ataca?lang=en"))
    assert page.select_one("li.run-step.illegal .flag").get_text() == "not allowed"
    # The rules text is shown as the document wrote it: the same quotes as the Spanish page's.
    spanish = soup(client.get("/escenarios/doce-vidas/06-criatura-recien-jugada-no-ataca?lang=es"))
    quotes = [q.get_text() for q in page.select(".cite blockquote")]
    assert quotes and quotes == [q.get_text() for q in spanish.select(".cite blockquote")]


def test_every_curated_page_renders(client) -> None:
    for path in curated_files():
        name = path.relative_to(CURATED_DIR).with_suffix("")
        assert client.get(f"/escenarios/{name}").status_code == 200, name


def test_pasted_scenario_over_the_limit_is_413(app) -> None:
    app.config["MAX_CONTENT_LENGTH"] = 2048
    client = app.test_client()
    big = {"scenario": "title: " + "x" * 4000}
    page = client.post("/escenarios/ejecutar", data=big)
    assert page.status_code == 413 and b"Traceback" not in page.data
    as_json = client.post("/escenarios/ejecutar?format=json", data=big)
    assert as_json.status_code == 413 and as_json.is_json


def test_step_kinds_follow_the_ui_language(client) -> None:
    es = soup(client.get("/escenarios/doce-vidas/06-criatura-recien-jugada-no-ataca?lang=es"))
    en = soup(client.get("/escenarios/doce-vidas/06-criatura-recien-jugada-no-ataca?lang=en"))
    assert es.select_one("li.run-step.illegal .kind").get_text() == "ilegal"
    assert en.select_one("li.run-step.illegal .kind").get_text() == "illegal"


def test_open_choice_is_shown_on_the_board(client) -> None:
    url = "/escenarios/doce-vidas/24-eleccion-sin-respuesta"
    for lang in ("es", "en"):
        page = soup(client.get(f"{url}?lang={lang}"))
        choice = page.select_one("li.run-step.choice")
        [said] = [s for s in client.get(f"{url}?format=json&lang={lang}").get_json()["steps"] if s["kind"] == "choice"]
        assert said["message"]["id"] == "core.choice.missing"
        assert choice is not None and choice.select_one(".summary").get_text(strip=True) == said["summary"].strip()
        pending = choice.select_one(".board .pending")
        assert pending is not None and ui("run.pending", lang, player="Bruno", count=2) in " ".join(
            pending.get_text().split())
