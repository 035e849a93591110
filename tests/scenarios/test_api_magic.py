"""A magic scenario through the web, with the real engine: POST /api/run (YAML and JSON bodies), the run pages
(POST /escenarios/ejecutar and the curated /escenarios/magic/<name>), and an invalid magic scenario answered 400 with
the field path of every error. Pages are read with BeautifulSoup. The scenario is the complete example of
docs/scenarios.md (magic), so the documented example is also what the web runs."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from bs4 import BeautifulSoup

from judge import config
from judge.messages import Message

from .conftest import CURATED_DIR

DOCS = config.CHECKOUT_DIR / "docs" / "scenarios.md"


def documented_example() -> str:
    text = DOCS.read_text(encoding="utf-8")
    magic = text[text.index("\n## magic\n"):]
    m = re.search(r"### Complete example\n.*?```yaml\n(.*?)```", magic, re.S)
    assert m, "docs/scenarios.md: the magic section has no complete example"
    return m.group(1)


EXAMPLE = documented_example()

BROKEN = """\
ruleset: magic
title: "Varios errores"
cards:
  Rayo: {cost: "{Z}", types: [instant], targets: [any], effects: [{damage: 3}]}
players:
  - name: Ana
    battlefield: [{card: Montaña, id: m}, {card: Lobo gris, id: lobo}]
  - name: Bruno
turn: {step: combate}
actions:
  - {by: Ana, pass: true}
  - {by: Ana, atack: [m]}
  - {by: Ana, cast: Relámpago}
"""
BROKEN_PATHS = {"cards.Rayo.cost", "players[0].battlefield[1].card", "turn.step", "actions[1]", "actions[2].cast"}

SMALL = """\
ruleset: magic
title: "Rayo a los osos"
cards:
  Rayo: {cost: "{R}", types: [instant], targets: [any], effects: [{damage: 3, to: target}]}
  Osos: {cost: "{1}{G}", types: [creature], power: 2, toughness: 2}
players:
  - name: Ana
    hand: [Rayo]
    battlefield: [{card: Montaña, id: m}]
  - name: Bruno
    battlefield: [{card: Osos, id: osos}]
turn: {number: 3, active: Ana, step: main1}
actions:
  - {by: Ana, cast: Rayo, target: osos, tap: [m]}
  - expect: [{stack: [Rayo]}, {object: m, tapped: true}]
  - {by: Ana, pass: true}
  - {by: Bruno, pass: true}
expect:
  - {object: osos, zone: graveyard}
  - {player: Bruno, graveyard: [Osos]}
  - {player: Ana, graveyard: [Rayo]}
"""

OPEN_CHOICE = """\
ruleset: magic
title: "Nadie dice quién ataca"
cards:
  Osos: {cost: "{1}{G}", types: [creature], power: 2, toughness: 2}
players:
  - name: Ana
    battlefield: [{card: Osos, id: osos}]
  - name: Bruno
turn: {number: 3, active: Ana, step: beginning_of_combat}
actions:
  - {by: Ana, pass: true}
  - {by: Bruno, pass: true}
  - {by: Ana, pass: true}
expect:
  - {stopped: eleccion}
"""


def soup(response) -> BeautifulSoup:
    assert response.status_code == 200, response.data[:500]
    assert response.mimetype == "text/html"
    return BeautifulSoup(response.data, "html.parser")


def run_api(client, text: str, ctype: str = "application/yaml"):
    return client.post("/api/run", data=text.encode("utf-8"), content_type=ctype)


# -- POST /api/run ----------------------------------------------------------------------------------------------------
def test_yaml_body_returns_the_magic_trace(client) -> None:
    response = run_api(client, EXAMPLE)
    assert response.status_code == 200 and response.is_json
    trace = response.get_json()
    assert trace["ruleset"] == "magic" and trace["scenario_title"] == "Garras de oso, arrollar y persistir"
    assert trace["ok"] is True and trace["stopped"] == "fin" and trace["failed_expectations"] == []
    assert trace["verdict"]["ok"] is True
    steps = trace["steps"]
    assert [s["number"] for s in steps] == list(range(1, len(steps) + 1))
    for step in steps:
        assert step["citations"], step
        if step["kind"] != "expectation":
            assert any(c.startswith("cr-en/") for c in step["citations"]), step["summary"]
    # The board of a magic trace: ruleset, step, priority, the stack and the battlefield through the layers.
    setup = steps[0]
    assert setup["kind"] == "setup" and set(setup["citations"]) >= {"cr-en/500.1", "cr-en/117.3a"}
    board = setup["board"]
    assert board["ruleset"] == "magic" and board["phase"] == "main1" and board["active"] == "Ana"
    assert setup["board"]["priority"] == "Ana" and [i["card"] for i in board["stack"]] == ["Rayo"]
    lobo = next(o for o in board["players"][0]["battlefield"] if o["id"] == "lobo")
    assert (lobo["power"], lobo["toughness"], lobo["damage"]) == (3, 3, 0)
    cast = next(s for s in steps if s["kind"] == "action" and "lanza Garras de oso" in s["summary"])
    assert [i["card"] for i in cast["board"]["stack"]] == ["Garras de oso"]
    aura = next(s for s in steps if "cr-en/704.5m" in s["citations"])
    assert aura["kind"] == "state-based"
    game_steps = [s for s in steps if s["kind"] != "expectation"]
    final = game_steps[-1]["board"]
    assert final["phase"] == "main2" and [p["life"] for p in final["players"]] == [20, 17]


def test_json_body_returns_the_same_trace(client) -> None:
    as_yaml = run_api(client, EXAMPLE).get_json()
    body = json.dumps(yaml.safe_load(EXAMPLE), ensure_ascii=False)
    as_json = run_api(client, body, "application/json").get_json()
    assert as_json == as_yaml
    assert run_api(client, EXAMPLE, "text/yaml").get_json() == as_yaml


def test_invalid_magic_scenario_is_400_with_every_field_path(client) -> None:
    for body, ctype in ((BROKEN, "application/yaml"),
                        (json.dumps(yaml.safe_load(BROKEN), ensure_ascii=False), "application/json")):
        response = run_api(client, body, ctype)
        assert response.status_code == 400 and response.is_json
        data = response.get_json()
        assert data["error"] == Message("format.invalid").render()
        paths = {e["path"]: (e.get("id"), e.get("params")) for e in data["errors"]}
        assert BROKEN_PATHS <= set(paths), sorted(paths)
        assert paths["cards.Rayo.cost"] == ("magic.card.bad_cost", {"reason": {"id": "magic.mana_text.symbol",
                                                                              "params": {"symbol": "Z"}}})
        ident, params = paths["players[0].battlefield[1].card"]
        assert (ident, params["card"]) == ("magic.schema.unknown_card", "Lobo gris")
        ident, params = paths["actions[2].cast"]
        assert (ident, params["ref"]) == ("magic.schema.unknown_ref", "Relámpago")


def test_stack_key_in_a_doce_vidas_body_is_400(client) -> None:
    doc = {"ruleset": "doce-vidas", "title": "x", "players": [{"name": "Ana"}, {"name": "Bruno"}],
           "stack": [{"card": "Rayo", "controller": "Ana"}]}
    response = client.post("/api/run", json=doc)
    assert response.status_code == 400
    paths = {e["path"]: (e["id"], e["params"]) for e in response.get_json()["errors"]}
    assert paths["stack"] == ("format.key_of_other_ruleset", {"key": "stack", "ruleset": "doce-vidas"})


def test_failed_expectation_is_a_200_trace_that_says_so(client) -> None:
    wrong = EXAMPLE.replace("- {player: Ana, life: 20, lost: false}", "- {player: Ana, life: 22}")
    assert wrong != EXAMPLE
    trace = run_api(client, wrong).get_json()
    assert trace["ok"] is False and len(trace["failed_expectations"]) == 1
    failed = next(s for s in trace["steps"] if s["number"] == trace["failed_expectations"][0])
    assert failed["passed"] is False and failed["citations"] == ["cr-en/119.1"]


def test_an_unanswered_choice_stops_the_run_on_a_choice_step(client) -> None:
    trace = run_api(client, OPEN_CHOICE).get_json()
    assert trace["stopped"] == "eleccion" and trace["ok"] is True       # the scenario expects the stop
    choice = [s for s in trace["steps"] if s["kind"] != "expectation"][-1]
    assert choice["kind"] == "choice" and choice["actor"] == "Ana"
    assert "cr-en/508.1" in choice["citations"]
    pending = choice["board"]["pending"]
    assert pending["kind"] == "attackers" and pending["player"] == "Ana" and pending["options"] == ["osos"]


def test_an_illegal_action_is_a_step_and_the_board_is_unchanged(client) -> None:
    doc = yaml.safe_load(EXAMPLE)
    doc["actions"] = [{"by": "Ana", "pass": True},
                      {"by": "Ana", "cast": "Garras de oso", "target": "lobo", "tap": ["b1", "l1"]}]
    doc["expect"] = [{"steps": {"kind": "illegal", "count": 1, "cites": "cr-en/117.1"}}]
    trace = client.post("/api/run", json=doc).get_json()
    assert trace["ok"] is True
    passed, illegal = trace["steps"][1], trace["steps"][2]      # Bruno has priority after Ana passes
    assert illegal["kind"] == "illegal" and illegal["message"]["id"] == "core.illegal"
    reason = illegal["message"]["params"]["reason"]         # 117.1: Bruno holds priority, not Ana
    assert reason["id"] == "magic.illegal.priority" and reason["params"]["holder"] == "Bruno"
    for key in ("players", "stack", "phase", "turn"):             # nothing tapped, nothing moved (733.1)
        assert illegal["board"][key] == passed["board"][key], key


def test_the_board_after_a_pass_shows_who_has_priority_now(client) -> None:
    trace = run_api(client, SMALL).get_json()
    passed = next(s for s in trace["steps"] if s["summary"] == "Ana pasa la prioridad")
    assert passed["board"]["priority"] == "Bruno"


# -- the run pages ----------------------------------------------------------------------------------------------------
def check_run_page(page: BeautifulSoup, trace: dict[str, Any]) -> None:
    """The page shows every step of the trace, each with its kind, summary and cited rules (cr-en linked to the
    rule page), and a magic board."""
    # The game steps in the timeline, then the expectation checks grouped apart: every step once, by number.
    steps = sorted(page.select("ol.steps > li.run-step, ol.checks-list > li.run-step"), key=lambda li: int(li["data-step"]))
    assert len(steps) == len(trace["steps"])
    for li, step in zip(steps, trace["steps"]):
        assert li["data-kind"] == step["kind"]
        assert li.select_one(".summary").get_text(strip=True) == step["summary"].strip()
        refs = [c["data-ref"] for c in li.select(".cite[data-ref]")]
        assert set(step["citations"]) <= set(refs), (step["citations"], refs)
    cite = page.select_one('.cite[data-ref^="cr-en/"]')
    assert cite is not None and cite.a["href"].startswith("/reglas/")
    assert page.select_one('.board[data-ruleset="magic"]') is not None


def test_pasted_magic_scenario_runs_on_the_page(client) -> None:
    # (A short scenario: the page of the documented example is 650 kB of boards, seconds to parse.)
    page = soup(client.post("/escenarios/ejecutar", data={"scenario": SMALL}))
    trace = client.post("/escenarios/ejecutar?format=json", data={"scenario": SMALL}).get_json()
    # The page's JSON is /api/run's plus its own address and the way back to the builder (judge/web/drafts.py).
    assert trace.pop("run_url").startswith("/escenarios/ejecutar?escenario=")
    assert trace.pop("builder_url").startswith("/escenarios/nuevo?ruleset=magic&desde=borrador")
    assert trace["ok"] is True and trace == run_api(client, SMALL).get_json()
    check_run_page(page, trace)
    assert "Rayo a los osos" in page.h1.get_text()
    verdict = page.select_one(".verdict")
    assert trace["verdict"]["message"]["id"] == "core.verdict.ok_many" and trace["verdict"]["message"]["params"][
        "head"]["id"] == "core.verdict.good"
    assert "ok" in verdict["class"] and trace["verdict"]["text"] in " ".join(verdict.get_text().split())
    assert len(page.select("li.run-step.expectation")) == 5
    # The cast: the card on the stack on the board after it, the Montaña tapped.
    cast_step = next(s for s in trace["steps"] if s.get("message", {}).get("id") == "magic.move"
                     and s["message"]["params"]["to"]["id"] == "magic.zone.stack")
    cast = page.select_one(f'li.run-step[data-step="{cast_step["number"]}"]')
    assert "Rayo" in cast.select_one(".board section.stack").get_text()
    # The state-based step: the Osos in Bruno's graveyard, cited by 704.5g, linked to its rule page.
    dies = page.select_one("li.run-step.state-based")
    assert dies.select_one('.cite[data-ref="cr-en/704.5g"] a')["href"] == "/reglas/704.5g"
    bruno = dies.select_one('.board section.player[data-player="Bruno"]')
    assert "Osos" in bruno.get_text() and bruno.select_one('.zone-battlefield .tile[data-object="osos"]') is None


def test_pasted_magic_scenario_as_json_text(client) -> None:
    body = json.dumps(yaml.safe_load(SMALL), ensure_ascii=False)
    page = soup(client.post("/escenarios/ejecutar", data={"scenario": body, "format": "json"}))
    assert len(page.select("li.run-step")) == len(run_api(client, SMALL).get_json()["steps"])


def test_invalid_pasted_magic_scenario_shows_every_field_error(client) -> None:
    response = client.post("/escenarios/ejecutar", data={"scenario": BROKEN})
    assert response.status_code == 400
    page = BeautifulSoup(response.data, "html.parser")
    paths = {li.select_one("code.path").get_text() for li in page.select(".run-errors li") if li.select_one("code.path")}
    assert BROKEN_PATHS <= paths, sorted(paths)
    assert page.select_one("textarea[name=scenario]").get_text() == BROKEN
    as_json = client.post("/escenarios/ejecutar?format=json", data={"scenario": BROKEN})
    assert as_json.status_code == 400 and BROKEN_PATHS <= {e["path"] for e in as_json.get_json()["errors"]}


def test_open_choice_is_shown_on_the_magic_page(client) -> None:
    page = soup(client.post("/escenarios/ejecutar", data={"scenario": OPEN_CHOICE}))
    choice = page.select_one("li.run-step.choice")
    [said] = [s for s in run_api(client, OPEN_CHOICE).get_json()["steps"] if s["kind"] == "choice"]
    assert said["message"]["id"] == "core.choice.missing"
    assert choice is not None and choice.select_one(".summary").get_text(strip=True) == said["summary"].strip()
    assert "Ana" in choice.select_one(".board .pending").get_text()


# The ruleset folder's files and those of its subfolders (magic/faq/): /escenarios lists both.
MAGIC_FILES = sorted(CURATED_DIR.glob("magic/*.yaml")) + sorted(CURATED_DIR.glob("magic/*/*.yaml"))


def _url(path: Path) -> str:
    return "/escenarios/" + path.relative_to(CURATED_DIR).with_suffix("").as_posix()


def _sample() -> list[Any]:
    """The two shortest curated magic scenarios (test_pages renders every page; parsing them all takes minutes)."""
    if not MAGIC_FILES:
        return [pytest.param(None, marks=pytest.mark.skip(reason="no scenarios/magic/*.yaml yet"))]
    picks = sorted(MAGIC_FILES, key=lambda p: p.stat().st_size)[:2]
    return [pytest.param(p, id=p.stem) for p in picks]


@pytest.mark.parametrize("path", _sample())
def test_curated_magic_scenario_page(client, path) -> None:
    url = _url(path)
    trace = client.get(url + "?format=json").get_json()
    assert trace["ruleset"] == "magic"
    page = soup(client.get(url))
    check_run_page(page, trace)
    title = yaml.safe_load(path.read_text(encoding="utf-8"))["title"]
    assert title in page.h1.get_text()


def test_the_list_links_every_curated_magic_scenario(client) -> None:
    if not MAGIC_FILES:
        pytest.skip("no scenarios/magic/*.yaml yet")
    page = soup(client.get("/escenarios"))
    links = {a["href"] for a in page.select("li.scenario-item > a")}
    assert {_url(p) for p in MAGIC_FILES} <= links
    magic_items = page.select('li.scenario-item[data-ruleset="magic"]')
    assert len(magic_items) == len(MAGIC_FILES)


AURA = """ruleset: magic
title: Aura con texto no modelado
cards:
  Grilletes: {cost: "{W}", types: [enchantment], subtypes: [Aura], targets: [creature],
              text: "La criatura encantada no puede atacar."}
  Oso: {cost: "{1}{G}", types: [creature], power: 2, toughness: 2}
players:
  - name: Ana
    battlefield: [{card: Oso, id: oso}, {card: Grilletes, id: grill, attached_to: oso}]
  - name: Bruno
turn: {number: 5, active: Ana, step: main1}
actions:
  - {pass_until: declare_attackers}
  - {by: Ana, attack: [oso]}
  - {pass_until: end}
expect:
  - {player: Bruno, life: 18}
"""


def test_the_verdict_says_when_unmodelled_text_could_have_changed_the_result(client) -> None:
    # DESIGN.md: "An ability the engine does not model is never silently ignored": the Aura's "can't attack"
    # (508.1c) is ignored, so Bruno's 18 may be wrong; the verdict says so in the JSON, the CLI line and the page.
    trace = run_api(client, AURA).get_json()
    verdict = trace["verdict"]
    assert verdict["ok"] is True
    short = {"id": "core.unmodelled.text_short",          # each note a message, said in the run's language
             "params": {"card": "Grilletes", "text": "La criatura encantada no puede atacar."}}
    note = Message.from_json(short).render()            # the card's name and its own text
    assert verdict["message"]["params"]["head"] == {"id": "core.verdict.good_unmodelled", "params": {"notes": [short]}}
    assert verdict["unmodelled_messages"] == [{**short, "id": "core.unmodelled.text"}]
    assert [n.startswith(note) for n in verdict["unmodelled"]] == [True]
    assert verdict["text"].count(note) == 1          # the head names it once; the note's own suffix is not repeated
    expectation = [s for s in trace["steps"] if s["kind"] == "expectation"]
    assert expectation and expectation[0]["unmodelled"] == verdict["unmodelled"]
    page = soup(client.post("/escenarios/ejecutar", data={"scenario": AURA}))
    assert verdict["text"] in " ".join(page.select_one(".verdict").get_text().split())
    # Without the text, the verdict is the plain one.
    plain = run_api(client, AURA.replace('text: "La criatura encantada no puede atacar."', 'colors: [W]')).get_json()
    assert plain["verdict"]["message"]["params"]["head"] == {"id": "core.verdict.good", "params": {}}
    assert plain["verdict"]["message"]["id"] == "core.verdict.ok_one" and plain["verdict"]["unmodelled"] == []


def test_unmodelled_notes_in_english_on_the_api_and_the_page(client) -> None:
    # Issue 17: ?lang=en says each note («… (text not modelled)») and the verdict's head in English; the flag stays.
    trace = client.post("/api/run?lang=en", data=AURA.encode("utf-8"), content_type="application/yaml").get_json()
    en = Message("core.unmodelled.text", card="Grilletes", text="La criatura encantada no puede atacar.").render("en")
    assert trace["verdict"]["unmodelled"] == [en]
    head = trace["verdict"]["message"]["params"]["head"]
    assert head["id"] == "core.verdict.good_unmodelled" and head["params"]["notes"][0]["params"]["card"] == "Grilletes"
    assert trace["verdict"]["text"] == Message.from_json(trace["verdict"]["message"]).render("en")
    flagged = [s for s in trace["steps"] if s["unmodelled"]]
    assert flagged and all(s["unmodelled"] == [en] for s in flagged if s["kind"] != "setup")
    assert all(m["id"] == "core.unmodelled.text" for s in flagged for m in s["unmodelled_messages"])
    page = soup(client.post("/escenarios/ejecutar?lang=en", data={"scenario": AURA}))
    shown = [li.get_text() for li in page.select(".run-step .unmodelled li")]
    assert shown and set(shown) == {en}             # each step's note as the English API says it
