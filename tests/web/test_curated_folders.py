"""Curated scenarios in a subfolder of their ruleset's (scenarios/magic/faq/<name>.yaml) are listed, found and run
everywhere a curated scenario is: the catalog, /escenarios, the library, the builder, "Ejemplos", `judge run`.

The real scenarios/magic/faq/ fills up while others work, so these tests use their own JUDGE_SCENARIOS_DIR."""
from __future__ import annotations

import json

from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.runner import catalog
from judge.web import examples

from .conftest import soup_of

FAQ_SCENARIO = """\
ruleset: magic
title: "La Deidad de la veneración en juego"
description: Un escenario de la carpeta faq.
illustrates: [faq-shm/cartas/deidad-de-la-veneracion/1]
players:
  - name: Ana
    battlefield:
      - {card: Deidad de la veneración, id: deidad}
      - {card: Llanura, id: l1}
  - name: Bruno
turn: {number: 3, active: Ana, step: main1}
actions: []
expect:
  - {object: deidad, zone: battlefield}
"""

TOP_SCENARIO = FAQ_SCENARIO.replace("La Deidad de la veneración en juego", "Una llanura en juego").replace(
    "deidad-de-la-veneracion/1", "deidad-de-la-veneracion/2")


@pytest.fixture()
def curated_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "curated"
    (root / "magic" / "faq").mkdir(parents=True)
    (root / "magic" / "01-arriba.yaml").write_text(TOP_SCENARIO, encoding="utf-8")
    (root / "magic" / "faq" / "deidad-en-juego.yaml").write_text(FAQ_SCENARIO, encoding="utf-8")
    # Files that are not curated scenarios: a folder two levels down, a name with capitals, a hidden folder.
    (root / "magic" / "faq" / "mas" ).mkdir()
    (root / "magic" / "faq" / "mas" / "profundo.yaml").write_text(FAQ_SCENARIO, encoding="utf-8")
    (root / "magic" / "faq" / "Mayusculas.yaml").write_text(FAQ_SCENARIO, encoding="utf-8")
    (root / "magic" / ".oculta").mkdir()
    (root / "magic" / ".oculta" / "x.yaml").write_text(FAQ_SCENARIO, encoding="utf-8")
    monkeypatch.setenv("JUDGE_SCENARIOS_DIR", str(root))
    monkeypatch.setattr(examples, "CHECK_INTERVAL", 0.0)
    return root


def test_the_catalog_lists_and_finds_a_scenario_in_a_subfolder(curated_root: Path) -> None:
    found = catalog.curated()
    assert [(s.ruleset, s.name, s.folder) for s in found] == [
        ("magic", "01-arriba", ""), ("magic", "faq/deidad-en-juego", "faq")]
    item = catalog.find("magic", "faq/deidad-en-juego")
    assert item is not None and item.title == "La Deidad de la veneración en juego"
    assert item.url == "/escenarios/magic/faq/deidad-en-juego" and item.key == "magic/faq/deidad-en-juego"
    assert item.to_json()["folder"] == "faq"
    assert catalog.find("magic", "01-arriba") is not None


@pytest.mark.parametrize("name", [
    "../magic/faq/deidad-en-juego", "faq/../01-arriba", "faq/mas/profundo", "/etc/passwd", "faq/", "",
    "faq//deidad-en-juego", ".oculta/x", "faq/Mayusculas", "faq/deidad-en-juego.yaml",
])
def test_no_name_leaves_the_folder_or_reaches_what_is_not_listed(curated_root: Path, name: str) -> None:
    assert catalog.find("magic", name) is None


def test_a_symlink_out_of_the_folder_is_not_followed(curated_root: Path, tmp_path: Path) -> None:
    outside = tmp_path / "fuera.yaml"
    outside.write_text(FAQ_SCENARIO, encoding="utf-8")
    (curated_root / "magic" / "faq" / "enlace.yaml").symlink_to(outside)
    assert catalog.find("magic", "faq/enlace") is None


def test_the_run_page_and_its_json(client, curated_root: Path) -> None:
    response = client.get("/escenarios/magic/faq/deidad-en-juego")
    assert response.status_code == 200
    page = soup_of(response)
    assert page.h1.get_text(strip=True) == "La Deidad de la veneración en juego"
    assert page.select_one("p.verdict.ok") is not None
    illustrated = [a.get_text(strip=True) for a in page.select("ul.illustrates a")]
    assert illustrated == ["faq-shm/cartas/deidad-de-la-veneracion/1"]
    for url in ("/escenarios/magic/faq/deidad-en-juego.json", "/escenarios/magic/faq/deidad-en-juego?format=json"):
        trace = client.get(url).get_json()
        assert trace["ok"] is True and trace["scenario_title"] == "La Deidad de la veneración en juego"


@pytest.mark.parametrize("url", [
    "/escenarios/magic/faq/no-existe", "/escenarios/magic/faq/mas/profundo", "/escenarios/magic/faq/..%2f01-arriba",
    "/escenarios/magic/otra/deidad-en-juego", "/escenarios/magic/faq/Mayusculas",
    "/escenarios/magic/faq/no-existe.json",
])
def test_unknown_or_escaping_urls_are_404(client, curated_root: Path, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 404
    if url.endswith(".json"):
        assert response.get_json()["status"] == 404


def test_scenario_list_and_library_list_it(client, curated_root: Path) -> None:
    page = soup_of(client.get("/escenarios"))
    items = page.select("li.scenario-item")
    assert [a["href"] for a in page.select("li.scenario-item > a")] == [
        "/escenarios/magic/01-arriba", "/escenarios/magic/faq/deidad-en-juego"]
    assert items[1]["data-folder"] == "faq" and items[1].select_one(".tag").get_text(strip=True) == "magic/faq"
    listed = client.get("/escenarios.json").get_json()["scenarios"]
    assert [s["name"] for s in listed] == ["01-arriba", "faq/deidad-en-juego"]

    library = client.get("/biblioteca.json?ruleset=magic").get_json()["curated"]
    assert library["total"] == 2
    assert [s["url"] for s in library["rulesets"][0]["scenarios"]][1] == "/escenarios/magic/faq/deidad-en-juego"
    # The library's title search sees it too.
    found = client.get("/biblioteca.json?q=deidad").get_json()["curated"]
    assert [s["name"] for g in found["rulesets"] for s in g["scenarios"]] == ["faq/deidad-en-juego"]
    # And its search by a rule the run cites (the expectation step cites cr-en/400.1), from the examples index.
    cited = client.get("/biblioteca.json?q=regla 400.1").get_json()["curated"]
    assert [s["name"] for g in cited["rulesets"] for s in g["scenarios"]] == ["01-arriba", "faq/deidad-en-juego"]
    assert client.get("/biblioteca.json?q=regla 999.9").get_json()["curated"]["total"] == 0
    page = soup_of(client.get("/biblioteca"))
    assert page.select_one('li.scenario-item[data-folder="faq"] a')["href"] == "/escenarios/magic/faq/deidad-en-juego"


def test_the_builder_offers_and_loads_it(client, curated_root: Path) -> None:
    # "Desde" lists the chosen ruleset's top-level scenarios; a folder's are one link to the library.
    page = soup_of(client.get("/escenarios/nuevo?ruleset=magic"))
    values = [o["value"] for o in page.select("#start-from option")]
    assert "magic/faq/deidad-en-juego" not in values and "magic/01-arriba" in values
    assert page.select_one("p.folder-link a")["href"] == "/biblioteca?ruleset=magic"
    page = soup_of(client.get("/escenarios/nuevo?desde=magic/faq/deidad-en-juego"))
    assert page.find("textarea", id="scenario").string.strip() == FAQ_SCENARIO.strip()
    assert page.select_one("#start-from option[selected]")["value"] == "magic/faq/deidad-en-juego"


def test_card_examples_include_it(client, curated_root: Path) -> None:
    page = soup_of(client.get("/cartas/Deidad de la veneración"))
    links = [a["href"] for a in page.select("section.examples li a")]
    assert [h.split("#")[0] for h in links] == ["/escenarios/magic/01-arriba", "/escenarios/magic/faq/deidad-en-juego"]
    # Each opens at the first step naming the card (issue 18, problem 8), not at step 1.
    assert all("#paso-" in h for h in links), links


def test_judge_run_takes_a_curated_name(curated_root: Path) -> None:
    from judge.cli import main

    result = CliRunner().invoke(main, ["run", "magic/faq/deidad-en-juego"])
    assert result.exit_code == 0, result.output
    verdict = json.loads(CliRunner().invoke(main, ["run", "magic/faq/deidad-en-juego", "--json"]).output)["verdict"]
    assert verdict["message"]["id"].startswith("core.verdict.ok")
    assert result.output.rstrip().splitlines()[-1] == verdict["text"]
    result = CliRunner().invoke(main, ["run", "magic/faq/no-existe"])
    assert result.exit_code == 2


def test_a_curated_run_page_opens_the_builder_on_it(client, curated_root: Path) -> None:
    page = soup_of(client.get("/escenarios/magic/faq/deidad-en-juego"))
    link = page.select_one("a.open-builder")
    from judge.web.i18n import translate

    assert link.get_text(strip=True) == translate("run.open_builder", "es")
    assert link["href"] == "/escenarios/nuevo?ruleset=magic&desde=magic%2Ffaq%2Fdeidad-en-juego"
    assert client.get("/escenarios/magic/faq/deidad-en-juego.json").get_json()["builder_url"] == link["href"]
    builder = soup_of(client.get(link["href"]))
    assert builder.find("textarea", id="scenario").string.strip() == FAQ_SCENARIO.strip()
    assert builder.find("input", attrs={"name": "parent"}) is None
    # A pasted run opens the builder on its own text (a draft in the link, judge/web/drafts.py).
    pasted = soup_of(client.post("/escenarios/ejecutar", data={"scenario": FAQ_SCENARIO}))
    assert pasted.select_one("a.open-builder")["href"].startswith("/escenarios/nuevo?ruleset=magic&desde=borrador")


def test_a_renamed_curated_scenario_redirects_from_its_old_name(client) -> None:
    """catalog.RENAMED: scenario 28 says «debilitar» (the FAQ's word) in its name now; the old link still works."""
    old = "/escenarios/magic/28-marchitar-y-contadores-que-se-anulan"
    r = client.get(old)
    assert r.status_code == 301 and r.headers["Location"].endswith("/escenarios/magic/28-debilitar-y-contadores-que-se-anulan")
    r = client.get(old + ".json")
    assert r.status_code == 301 and r.headers["Location"].endswith("28-debilitar-y-contadores-que-se-anulan.json")
    assert client.get(r.headers["Location"]).status_code == 200
