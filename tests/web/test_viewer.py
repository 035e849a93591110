"""The step-by-step viewer's HTML (parsed with BeautifulSoup): the timeline's controls, counter and step list, the
board pictures with what each step changed, boards drawn once, checks grouped apart, the English UI; and the
"Ejemplos" of rule and card pages."""
from __future__ import annotations

import os
from pathlib import Path

from bs4 import BeautifulSoup

from judge.web import examples

MAGIC_LONG = "/escenarios/magic/10-mareo-de-invocacion-y-prisa"          # the longest curated run (102 steps)
DV = "/escenarios/doce-vidas/07-enderezar-al-comienzo-del-turno"


def ui(key: str, lang: str = "es", **values: object) -> str:
    """The page's own words for `key` (the interface catalogue) in `lang`."""
    from judge.web.i18n import translate

    return translate(key, lang, **values)


def page(client, url: str) -> BeautifulSoup:
    response = client.get(url)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def test_timeline_controls_counter_and_step_list(client) -> None:
    dom = page(client, DV)
    trace = client.get(DV + "?format=json").get_json()
    game = [s for s in trace["steps"] if s["kind"] != "expectation"]
    viewer = dom.select_one("section.viewer")
    assert viewer["data-total"] == str(len(trace["steps"]))
    assert viewer["data-counter"] == ui("view.counter")         # the template the script fills in: {n}, {total}
    assert "{n}" in viewer["data-counter"] and "{total}" in viewer["data-counter"]
    controls = viewer.select_one("nav.step-controls")
    assert controls.has_attr("hidden")              # shown by the script; without it every step is on the page
    assert [b["aria-label"] for b in controls.select("button")] == [ui("view.previous"), ui("view.next")]
    assert all(b["type"] == "button" for b in controls.select("button"))
    counter = controls.select_one(".counter")
    assert counter["aria-live"] == "polite" and counter.get_text() == ui("view.counter", n=1,
                                                                        total=len(trace["steps"]))
    links = [a["href"] for a in viewer.select("details.step-index li a")]
    assert links == [f"#paso-{s['number']}" for s in game]
    steps = viewer.select("ol.steps > li.run-step")
    assert [li["id"] for li in steps] == [f"paso-{s['number']}" for s in game]
    assert all(li.select_one("section.step-board") for li in steps)
    illegal = viewer.select_one("details.step-index li.illegal")
    assert illegal is not None and ui("run.illegal") in illegal.get_text()
    assert dom.select_one('script[type=module][src$="viewer.js"]') is not None


def test_checks_are_grouped_apart_and_tied_to_their_step(client) -> None:
    dom = page(client, DV)
    checks = dom.select("section.checks ol.checks-list > li.run-step.expectation")
    assert checks and not dom.select("ol.steps > li.run-step.expectation")
    first = checks[0]
    after = first.select_one("a.after")
    game_step = dom.select_one(after["href"])        # the game step the check follows
    assert game_step is not None and "expectation" not in game_step["class"]
    assert first["id"] in [a["href"][1:] for a in game_step.select(".checks-after a")]


def test_board_is_a_picture_with_the_changes_marked(client) -> None:
    dom = page(client, DV)
    trace = client.get(DV + "?format=json").get_json()
    untapped = next(s["number"] for s in trace["steps"] if s.get("message", {}).get("id") == "dv.turn.untap")
    untap = dom.select_one(f'ol.steps > li.run-step[data-step="{untapped}"]')
    board = untap.select_one(".board.doce-vidas")
    from judge.web.viewer import DV_PHASES
    assert board.select_one(".step-label").get_text() == DV_PHASES["preparacion"]["es"]   # game words, not the id
    bear = board.select_one('section.player[data-player="Bruno"] .zone-board .tile[data-object]')
    assert "changed" in bear["class"] and bear["data-change"] == "tapped" and "tapped" not in bear["class"]
    assert f"{ui('view.changed')}: {ui('view.change.tapped')}" in bear.select_one(".change-note").get_text()
    assert bear.select_one(".card").get_text() == "Oso pardo"
    # Before it, the bear was drawn turned (tapped).
    before = untap.find_previous_sibling("li")
    while before.select_one(".board-body") is None:
        before = before.find_previous_sibling("li")
    assert "tapped" in before.select_one(f'.tile[data-object="{bear["data-object"]}"]')["class"]


def test_a_long_magic_run_draws_each_board_once(client) -> None:
    response = client.get(MAGIC_LONG)
    dom = BeautifulSoup(response.get_data(as_text=True), "html.parser")
    steps = dom.select("ol.steps > li.run-step")
    drawn = [li for li in steps if li.select_one(".board-body")]
    same = [li for li in steps if li.select_one(".same-board")]
    assert len(drawn) + len(same) == len(steps) and len(drawn) < len(steps) / 2
    # A step without a board of its own says which step's board it is, and still has its own state line.
    note = same[0].select_one(".same-board")
    assert dom.select_one(f'#paso-{note["data-same"]} .board-body') is not None
    assert same[0].select_one(".board .state .priority") is not None
    # 102 steps: every board, cited text and summary, in well under half a megabyte (623 kB as tables).
    assert len(response.data) < 400_000, len(response.data)
    # The pass steps cite the same rules: their cited text is the same block each time.
    assert all(li.select(".cites .cite, .cites .no-cites") for li in steps)


def test_viewer_in_english(client) -> None:
    dom = page(client, DV + "?lang=en")
    controls = dom.select_one("nav.step-controls")
    assert [b["aria-label"] for b in controls.select("button")] == ["Previous step", "Next step"]
    assert controls.select_one(".counter").get_text().startswith("step 1 of ")
    assert dom.select_one("section.viewer")["data-counter"] == "step {n} of {total}"
    assert dom.select_one("#checks-title").get_text().startswith("Checks")
    first = dom.select_one("ol.steps > li.run-step")
    assert first.select_one(".n").get_text() == "Step 1"
    assert first.select_one(".step-label").get_text() == "action phase"
    tile = dom.select_one(".zone-board .tile")
    assert "damage" in tile.select_one(".stats").get_text() and "life" in tile.select_one(".stats").get_text()


def test_magic_run_in_english_names_the_step(client) -> None:
    dom = page(client, MAGIC_LONG + "?lang=en")
    labels = {s.get_text() for s in dom.select(".board .step-label")}
    assert "first main phase" in labels or "upkeep step" in labels, labels
    assert not any(label.startswith(("el ", "la ")) for label in labels)


# -- Ejemplos ---------------------------------------------------------------------------------------------------

def test_rule_page_lists_the_scenarios_that_cite_it(client) -> None:
    dom = page(client, "/reglas/121.4")
    section = dom.select_one("section.examples")
    assert section is not None and section.h2.get_text().startswith("Ejemplos")
    items = section.select("li")
    trace_urls = []
    for li in items:
        href = li.a["href"]
        url, _, anchor = href.partition("#")
        assert url.startswith("/escenarios/") and anchor.startswith("paso-")
        trace_urls.append((url, int(anchor.split("-")[1])))
    url, number = trace_urls[0]
    trace = client.get(url + "?format=json").get_json()
    cited = trace["steps"][number - 1]["citations"]
    assert any(ref.rsplit("/", 1)[-1] == "121.4" for ref in cited)
    english = page(client, "/reglas/121.4?lang=en").select_one("section.examples")
    assert english.h2.get_text().startswith("Examples") and "?lang=en" in english.a["href"]


def test_card_page_lists_the_scenarios_that_use_the_card(client, tmp_path: Path, monkeypatch) -> None:
    folder = tmp_path / "curated" / "doce-vidas"
    folder.mkdir(parents=True)
    title = "Un asesino en juego"
    (folder / "01-asesino.yaml").write_text(
        f"ruleset: doce-vidas\ntitle: {title}\n"
        "cards:\n  Asesino gorro rojo: {type: criatura, cost: 2, damage: 2, life: 2}\n"
        "players:\n  - name: Ana\n    board: [{card: Asesino gorro rojo, id: asesino}]\n  - name: Bruno\n"
        "turn: {number: 3, active: Ana, phase: accion}\nactions: []\n", encoding="utf-8")
    monkeypatch.setenv("JUDGE_SCENARIOS_DIR", str(tmp_path / "curated"))
    dom = page(client, "/cartas/asesino gorro rojo")
    section = dom.select_one("section.examples")
    assert section is not None
    assert [a["href"] for a in section.select("li a")] == ["/escenarios/doce-vidas/01-asesino"]
    assert title in section.get_text()              # the scenario's own title
    # The index follows the files: a new version of the file is read again.
    (folder / "01-asesino.yaml").write_text((folder / "01-asesino.yaml").read_text(encoding="utf-8")
                                            .replace(title, "Otro título"), encoding="utf-8")
    os.utime(folder / "01-asesino.yaml", ns=(1, 1))
    monkeypatch.setattr(examples, "CHECK_INTERVAL", 0.0)
    assert examples.index(tmp_path / "curated")["cards"]["asesino gorro rojo"][0]["title"] == "Otro título"
    assert page(client, "/cartas/Barrilete de harapos").select_one("section.examples") is None


def test_magic_events_in_words() -> None:
    from judge.runner.render import event_text

    assert event_text({"kind": "damage", "source": "gigante", "target": "osos", "amount": 4, "combat": True}) \
        == "gigante hace 4 de daño de combate a osos"
    assert event_text({"kind": "mana", "player": "Ana", "pool": {"W": 1}}) == "Ana agrega {W}×1 a su reserva de maná"
    assert event_text({"kind": "damage", "object": "lobo", "from": 0, "to": 2}) == "daño marcado en lobo: 0 → 2"


def test_rule_of_the_english_cr_not_imported_still_lists_its_examples(client) -> None:
    response = client.get("/reglas/704.5g")                      # 404 here: the English CR is not imported
    assert response.status_code == 404
    section = BeautifulSoup(response.get_data(as_text=True), "html.parser").select_one("section.examples")
    assert section is not None and section.select("li a[href^='/escenarios/magic/']")
