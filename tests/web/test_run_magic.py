"""The run pages with a magic board and `cr-en/…` citations, before the magic engine exists: a hand-built trace of
the snapshot shape the magic ruleset will produce (judge/engine/rulesets/magic) is handed to the real page route
in place of the engine's, and the page is read with BeautifulSoup."""
from __future__ import annotations

import copy
from typing import Any

import pytest
from bs4 import BeautifulSoup

import judge.web.runs as web_runs
from judge.messages import Message
from judge.runner.execute import Verdict

# What the snapshot carries for a stack entry and a pending choice (magic/snapshot.py): the Spanish text and its
# message; the page says them in its language (judge.messages.localize_board).
SPELL = Message("magic.ability.spell_copy", card="Rayo", id="s1")
PROMPT = Message("magic.prompt.trigger_target", player="Ana", target=Message("magic.target.any"), source="Rayo",
                 options=["muro", "Bruno"])


def ui(key: str, lang: str = "es", **values: Any) -> str:
    """The page's own words for `key` (judge/web/i18n.py's catalogue) in `lang`."""
    from judge.web.i18n import translate

    return translate(key, lang, **values)


MAGIC_BOARD: dict[str, Any] = {
    "ruleset": "magic", "turn": 3, "active": "Ana", "phase": "declare_blockers",
    "phase_label": "paso de declarar bloqueadoras", "priority": "Bruno", "winner": None, "over": False,
    "players": [
        {"name": "Ana", "life": 18, "lost": False, "mana_pool": {"C": 1, "G": 2}, "lands_played": 1,
         "library": [{"id": "l1", "card": "Bosque"}, {"id": "l2", "card": "Oso runa"}],
         "hand": [{"id": "rayo", "card": "Rayo"}],
         "graveyard": [{"id": "g1", "card": "Gigante de la colina"}, {"id": "g2", "card": "Elfo de Llanowar"}],
         "exile": [],
         "battlefield": [
             {"id": "elfo", "card": "Guerrero elfo", "controller": "Ana", "owner": "Ana", "tapped": True,
              "types": "Criatura — Elfo guerrero", "mana_cost": "{1}{G}", "colors": ["G"], "power": 3,
              "toughness": 3, "damage": 1, "counters": {"+1/+1": 1}, "attached_to": None, "sick": False,
              "token": False, "attacking": "Bruno", "blocking": [], "keywords": ["arrollar"]},
             {"id": "aura", "card": "Fuerza salvaje", "controller": "Ana", "owner": "Bruno", "tapped": False,
              "types": "Encantamiento — Aura", "mana_cost": "{G}", "colors": ["G"], "power": None,
              "toughness": None, "damage": 0, "counters": {}, "attached_to": "elfo", "sick": False,
              "token": False, "attacking": None, "blocking": [], "keywords": []},
         ]},
        {"name": "Bruno", "life": 17, "lost": False, "mana_pool": {}, "lands_played": 0,
         "library": [], "hand": [], "graveyard": [], "exile": [{"id": "x1", "card": "Espíritu"}],
         "battlefield": [
             {"id": "muro", "card": "Muro de espadas", "controller": "Bruno", "owner": "Bruno", "tapped": False,
              "types": "Criatura — Muro", "mana_cost": "{3}{W}", "colors": ["W"], "power": 3, "toughness": 5,
              "damage": 0, "counters": {}, "attached_to": None, "sick": True, "token": True,
              "attacking": None, "blocking": ["elfo"], "keywords": ["defensor", "volar"]},
         ]},
    ],
    "stack": [
        {"id": "s1", "card": "Rayo", "kind": "spell", "controller": "Ana", "text": SPELL.render("es"),
         "message": SPELL.to_json(), "targets": ["muro"]},
        {"id": "s2", "card": None, "kind": "ability", "controller": "Bruno",
         "text": "Disparo: Bruno gana 1 vida", "targets": ["Bruno"]},      # a text without its message: as it is
    ],
    "pending": {"kind": "target", "player": "Ana", "count": 1, "options": ["muro", "Bruno"],
                "prompt": PROMPT.render("es"), "prompt_message": PROMPT.to_json()},
}


def card_of(object_id: str) -> str:
    """The card name MAGIC_BOARD gives an object: what the board must show for it (the scenario's words)."""
    return next(o["card"] for p in MAGIC_BOARD["players"] for o in p["battlefield"] if o["id"] == object_id)


def magic_trace(board: dict[str, Any] | None = None, citations: list[str] | None = None) -> dict[str, Any]:
    return {
        "scenario_title": "Rayo contra un muro", "ruleset": "magic", "seed": 1, "stopped": "eleccion", "ok": False,
        "failed_expectations": [],
        "steps": [
            {"number": 1, "kind": "action", "actor": "Ana", "summary": "Ana lanza Rayo",
             "events": [{"kind": "move", "object": "rayo", "card": "Rayo", "from": "hand", "to": "stack"}],
             "citations": citations or ["cr-en/601.2", "cr-en/121.4", "cr-es/121.4", "cr-en/704.5a"],
             "unmodelled": [], "board": board or MAGIC_BOARD},
        ],
    }


class _Trace:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def to_json(self, lang: str = "es") -> dict[str, Any]:
        # as Trace.to_json(lang): steps without a message stay Spanish (judge.messages.localize_trace)
        from judge.messages import localize_trace

        return localize_trace(copy.deepcopy(self.data), lang)


def _Verdict() -> Verdict:
    return Verdict(False, "MAL: la ejecución se detuvo en una elección")


@pytest.fixture()
def run_trace(client, monkeypatch):
    """POST a (dummy) scenario to /escenarios/ejecutar, the engine replaced by a hand-built trace; the parsed page."""
    def run(trace: dict[str, Any], lang: str = "es") -> BeautifulSoup:
        monkeypatch.setattr(web_runs, "run_scenario", lambda source, fmt: (object(), _Trace(trace), _Verdict()))
        response = client.post(f"/escenarios/ejecutar?lang={lang}", data={"scenario": "ruleset: magic"})
        assert response.status_code == 200, response.get_data(as_text=True)[:500]
        return BeautifulSoup(response.get_data(as_text=True), "html.parser")
    return run


def final_board(page: BeautifulSoup):
    boards = page.select(".board.magic")
    assert len(boards) == 1          # the one step's board (the last step's board is the final board)
    return boards[-1]


def text(node) -> str:
    return " ".join(node.get_text(" ").split())


def test_magic_board_shows_turn_step_priority_and_pending_choice(run_trace) -> None:
    board = final_board(run_trace(magic_trace()))
    state = board.select_one("p.state")
    assert state.select_one(".active").get_text() == "Ana"
    assert state.select_one(".step-label").get_text() == MAGIC_BOARD["phase_label"]     # the board's label
    assert state.select_one(".step-label")["data-phase"] == "declare_blockers"
    assert text(state.select_one(".priority")) == f"{ui('run.priority')}: Bruno"
    pending = board.select_one(".pending")
    assert pending["data-player"] == "Ana" and pending["data-kind"] == "target"
    assert PROMPT.render("es") in text(pending)
    assert [li.get_text() for li in pending.select("ul.options li")] == ["Muro de espadas", "Bruno"]   # names


def test_stack_is_shown_top_first_and_labelled(run_trace) -> None:
    board = final_board(run_trace(magic_trace()))
    stack = board.select_one("section.stack")
    assert f"{ui('run.zone.stack')} (2)" in text(stack.h4) and ui("run.stack_order") in text(stack.h4)
    items = stack.select("ol.stack-items > li.stack-item")
    assert [li["data-object"] for li in items] == ["s2", "s1"]          # the last of the snapshot is the top
    top, bottom = items
    assert "top" in top["class"] and top.select_one(".pos").get_text() == ui("run.stack_top")
    assert top.select_one(".stack-kind").get_text() == ui("run.stack.ability")
    assert top.select_one(".controller").get_text() == "Bruno"
    assert bottom.select_one(".pos").get_text() == ui("run.stack_bottom")
    assert bottom.select_one(".stack-kind").get_text() == ui("run.stack.spell")
    assert bottom.select_one(".card").get_text() == "Rayo"
    assert bottom.select_one(".text").get_text() == SPELL.render("es")
    assert text(bottom.select_one(".targets")) == f"{ui('run.targets')}: {card_of('muro')}"     # by its name


def test_player_life_mana_pool_lands_and_zones(run_trace) -> None:
    board = final_board(run_trace(magic_trace()))
    ana = board.select_one('section.player[data-player="Ana"]')
    assert text(ana.select_one(".life")) == f"18 {ui('run.life')}"
    pool = ana.select(".mana-pool abbr.mana")
    assert [(a["data-color"], a.get_text(), a["title"]) for a in pool] == [("G", "{G}", ui("run.color.G")),
                                                                          ("C", "{C}", ui("run.color.C"))]
    assert "{G}×2" in text(ana.select_one(".mana-pool")).replace(" ", "")
    assert text(ana.select_one(".lands-played")) == f"{ui('run.lands_played')}: 1"
    library = ana.select_one(".zone-library")
    assert library.select_one(".count").get_text() == "2"
    assert [s.get_text() for s in library.select(".card")] == ["Bosque", "Oso runa"]      # top first
    assert [s["data-object"] for s in ana.select(".zone-hand .chip")] == ["rayo"]
    assert [s.get_text() for s in ana.select(".zone-graveyard .card")] == ["Gigante de la colina",
                                                                          "Elfo de Llanowar"]
    assert ana.select_one(".zone-exile .count").get_text() == "0"
    bruno = board.select_one('section.player[data-player="Bruno"]')
    assert ui("run.empty_f") in text(bruno.select_one(".mana-pool"))
    assert [s.get_text() for s in bruno.select(".zone-exile .card")] == ["Espíritu"]
    assert bruno.select_one(".zone-library .count").get_text() == "0"


def test_battlefield_permanents(run_trace) -> None:
    board = final_board(run_trace(magic_trace()))
    elfo = board.select_one('section.player[data-player="Ana"] .zone-battlefield ul.tiles > li.tile[data-object="elfo"]')
    assert elfo.select_one(".card").get_text() == "Guerrero elfo"
    assert elfo.select_one(".types").get_text() == MAGIC_BOARD["players"][0]["battlefield"][0]["types"]
    assert elfo.select_one(".cost").get_text() == "{1}{G}"
    assert elfo.select_one(".pt").get_text() == "3/3"
    assert text(elfo.select_one(".damage")) == f"{ui('run.damage')} 1"
    assert elfo.select_one('.counters .counter[data-counter="+1/+1"]').get_text() == "1 × +1/+1"
    assert text(elfo.select_one(".status")) == ui("run.tapped") and "tapped" in elfo["class"]     # drawn turned
    assert text(elfo.select_one(".combat")) == ui("run.attacking", player="Bruno")
    assert elfo.select_one(".keywords").get_text() == ", ".join(MAGIC_BOARD["players"][0]["battlefield"][0]["keywords"])
    # The Aura is drawn on the permanent it enchants, not in the row.
    aura = elfo.select_one('ul.attachments > li.tile[data-object="aura"]')
    assert aura is not None and aura.select_one(".card").get_text() == card_of("aura")
    assert aura.select_one(".pt") is None and aura.select_one(".damage") is None
    assert f"{ui('run.owner')}: Bruno" in text(aura.select_one(".owner"))
    assert board.select_one('section.player[data-player="Ana"] .zone-battlefield .count').get_text() == "2"
    muro = board.select_one('section.player[data-player="Bruno"] .tile[data-object="muro"]')
    assert [s.get_text() for s in muro.select(".status span")] == [ui("run.sick"), ui("run.token")]
    assert text(muro.select_one(".combat.blocking")) == f"{ui('run.blocking')} Guerrero elfo"
    assert muro.select_one(".keywords").get_text() == ", ".join(MAGIC_BOARD["players"][1]["battlefield"][0][
        "keywords"])                                                   # the board's words, as they are
    assert muro.select_one(".damage") is None and "tapped" not in muro["class"]


def test_magic_board_in_english(run_trace) -> None:
    board = final_board(run_trace(magic_trace(), lang="en"))
    assert text(board.select_one(".priority")) == "priority: Bruno"
    assert "Stack (2)" in text(board.select_one("section.stack h4"))
    assert board.select_one(".stack-item.top .stack-kind").get_text() == "ability"
    ana = board.select_one('section.player[data-player="Ana"]')
    assert text(ana.select_one(".life")) == "18 life"
    assert text(ana.select_one(".lands-played")) == "lands played this turn: 1"
    assert ana.select_one(".zone-library .name").get_text() == "Library"
    assert ana.select_one(".zone-graveyard .name").get_text() == "Graveyard"
    assert ana.select_one(".zone-battlefield .name").get_text() == "Battlefield"
    assert text(ana.select_one('.tile[data-object="elfo"] .combat')) == "attacking Bruno"
    assert text(board.select_one(".step-label")) == "declare blockers step"       # game words, in English
    muro = board.select_one('.tile[data-object="muro"]')
    assert [s.get_text() for s in muro.select(".status span")] == ["summoning sick", "token"]
    # the board's stack text and pending prompt from their messages, in English (judge.messages.localize_board);
    # a text without its message stays as it is
    items = board.select("ol.stack-items > li.stack-item")
    assert [i.select_one(".text").get_text() for i in items] == ["Disparo: Bruno gana 1 vida", SPELL.render("en")]
    assert PROMPT.render("en") in text(board.select_one(".pending"))
    assert PROMPT.render("es") not in text(board.select_one(".pending"))


def test_game_over_priority_nobody_and_empty_stack(run_trace) -> None:
    board = copy.deepcopy(MAGIC_BOARD)
    board.update(priority=None, winner="Ana", over=True, stack=[], pending=None)
    board["players"][1].update(life=0, lost=True)
    page = run_trace(magic_trace(board))
    final = final_board(page)
    assert text(final.select_one(".priority")) == f"{ui('run.priority')}: {ui('run.nobody')}"
    assert final.select_one(".winner").get_text() == "Ana"
    assert final.select_one(".pending") is None
    assert final.select_one("section.stack ol") is None and ui("run.empty_f") in text(final.select_one("section.stack"))
    bruno = final.select_one('section.player[data-player="Bruno"]')
    assert "lost" in bruno["class"] and ui("run.lost") in text(bruno.h4)


def test_magic_board_without_ruleset_key_is_recognised_by_its_battlefield(run_trace) -> None:
    board = copy.deepcopy(MAGIC_BOARD)
    del board["ruleset"]
    assert final_board(run_trace(magic_trace(board))).select_one('.tile[data-object="muro"]') is not None


def test_doce_vidas_board_keeps_its_layout(client) -> None:
    page = BeautifulSoup(client.get("/escenarios/doce-vidas/11-combate-simultaneo").get_data(as_text=True),
                         "html.parser")
    assert page.select(".board") and not page.select(".board.magic")
    assert page.select_one(".board .lives") is not None


# -- cr-en citations without the English CR loaded ------------------------------------------------------------

def test_cr_en_citation_without_the_cr_shows_the_number_and_how_to_import_it(run_trace) -> None:
    page = run_trace(magic_trace())
    step = page.select_one("li.run-step")
    cite = step.select_one('.cite[data-ref="cr-en/704.5a"]')
    assert "not-loaded" in cite["class"] and "unknown" not in cite["class"]
    link = cite.select_one("a.ref")
    assert link["href"] == "/reglas/704.5a" and "704.5a" in link.get_text()
    note = cite.select_one(".note")
    assert note["data-message"] == "run.not_loaded.cr-en"          # how to import it: worded in test_rendering_…
    # Where the file is, then the command that imports it from there (typed in the checkout).
    assert [c.get_text() for c in note.find_all("code")] == [
        "../shared/corpus/", "judge corpus import ../shared/corpus/MagicCompRules_EN_<fecha>.txt"]
    assert cite.select_one(".outside") is None        # a rule of a document not imported, not outside the corpus


def test_cr_en_citation_falls_back_to_the_spanish_text_of_the_same_number(run_trace) -> None:
    # cr-en/121.4 alone: the Spanish cr-es/121.4 is shown under it, with the note.
    page = run_trace(magic_trace(citations=["cr-en/121.4"]))
    cite = page.select_one('li.run-step .cite[data-ref="cr-en/121.4"]')
    assert cite.select_one("a.ref")["href"] == "/reglas/121.4"
    assert cite.select_one(".note") is not None
    same = cite.select_one('.same-number[data-passage="cr-es/121.4"]')
    assert same.a["href"] == "/pasajes/cr-es/121.4"
    assert "biblioteca sin cartas" in same.blockquote.get_text()


def test_cr_en_fallback_does_not_repeat_a_passage_the_step_cites_itself(run_trace) -> None:
    page = run_trace(magic_trace(citations=["cr-en/121.4", "cr-es/121.4"]))
    step = page.select_one("li.run-step")
    assert step.select_one('.cite[data-ref="cr-en/121.4"] .same-number') is None
    assert "biblioteca sin cartas" in step.select_one('.cite[data-ref="cr-es/121.4"] blockquote').get_text()
    assert len(step.select("blockquote")) == 1


def test_rendering_the_cr_en_note_in_both_languages(run_trace) -> None:
    spanish = run_trace(magic_trace()).select_one('.cite[data-ref="cr-en/704.5a"] .note')
    assert spanish.get_text().startswith(
        "texto no cargado: importa el CR inglés, que viene en ../shared/corpus/ junto a")
    page = run_trace(magic_trace(), lang="en")
    note = page.select_one('.cite[data-ref="cr-en/704.5a"] .note')
    assert note.get_text().startswith("text not loaded: import the English CR, which ships in ../shared/corpus/ beside")
    assert [c.get_text() for c in note.find_all("code")] == [
        "../shared/corpus/", "judge corpus import ../shared/corpus/MagicCompRules_EN_<date>.txt"]
    assert page.select_one('.cite[data-ref="cr-en/704.5a"] a.ref').get_text().startswith("rule 704.5a")


def test_rule_page_linked_from_a_not_loaded_citation_shows_the_spanish_text(get_page, corpus_text, flat_text) -> None:
    page = get_page("/reglas/121.4")
    assert corpus_text("cr-es/121.4") in flat_text(page.get_text())


def test_cr_en_citation_with_the_cr_imported_shows_the_english_text(cr_client, monkeypatch) -> None:
    monkeypatch.setattr(web_runs, "run_scenario", lambda source, fmt: (object(), _Trace(magic_trace()), _Verdict()))
    response = cr_client.post("/escenarios/ejecutar", data={"scenario": "ruleset: magic"})
    page = BeautifulSoup(response.get_data(as_text=True), "html.parser")
    cite = page.select_one('li.run-step .cite[data-ref="cr-en/704.5a"]')
    assert "not-loaded" not in cite["class"] and cite.select_one(".note") is None
    assert cite.a["href"] == "/pasajes/cr-en/704.5a"
    assert "0 or less life, that player loses the game" in cite.blockquote.get_text()


# -- the run's JSON carries what its page shows beside the steps (Datasette style): `passages` -------------------

CURATED_MAGIC = "/escenarios/magic/15-robar-de-una-biblioteca-vacia-pierde-la-partida"


def assert_json_carries_the_page(page: BeautifulSoup, passages: dict[str, Any]) -> None:
    """Every cited passage the run page quotes is in `passages` with the same text, title and link; every citation
    without text has its entry with the page's note; nothing else is in `passages`."""
    from urllib.parse import unquote

    shown: set[str] = set()
    for cite in page.select(".cite[data-ref]"):
        ref = cite["data-ref"]
        shown.add(ref)
        entry = passages[ref]
        if "not-loaded" in cite["class"]:
            assert entry["loaded"] is False and entry["text"] is None and entry["doc"] == cite["data-missing"]
            assert entry["note"].replace("`", "") == cite.select_one(".note").get_text()
            assert entry["rule_url"] == cite.select_one("a.ref")["href"] == f"/reglas/{entry['number']}"
            for same in cite.select(".same-number"):
                pid = same["data-passage"]
                shown.add(pid)
                assert pid in entry["same_number"]
                assert passages[pid]["text"] == same.blockquote.get_text().strip()
                assert passages[pid]["url"] == same.a["href"]
        elif "unknown" in cite["class"]:
            assert entry["loaded"] is False and entry["text"] is None
            assert entry["note"] == cite.select_one(".outside").get_text()
        else:
            link = cite.select_one("a.ref")
            pid = unquote(link["href"].removeprefix("/pasajes/"))
            shown.add(pid)
            assert passages[pid]["loaded"] is True and passages[pid]["url"] == link["href"]
            assert passages[pid]["text"] == cite.blockquote.get_text().strip()
            assert passages[pid]["title"] == cite.select_one(".doc").get_text()
            if passages[pid]["number"]:
                assert passages[pid]["rule_url"] == cite.select_one("a.rule-link")["href"]
            if pid != ref:                      # a bare rule number: each passage with it is shown
                assert pid in passages[ref]["same_number"]
    assert set(passages) == shown
    assert all(entry["id"] == key for key, entry in passages.items())


def test_curated_run_json_carries_the_cited_passages_and_the_import_note(client, get_page, corpus_text) -> None:
    page = get_page(CURATED_MAGIC)
    data = client.get(CURATED_MAGIC + ".json").get_json()
    passages = data["passages"]
    assert_json_carries_the_page(page, passages)
    # Without the English CR: its rules by number with the note, the Spanish text of a number beside it.
    cited = {ref for step in data["steps"] for ref in step["citations"]}
    assert cited <= set(passages) and "cr-en/121.4" in cited and "cr-es/121.4" in cited
    assert passages["cr-en/121.4"] == {
        "id": "cr-en/121.4", "doc": "cr-en", "number": "121.4", "title": None, "text": None, "url": None,
        "rule_url": "/reglas/121.4", "loaded": False, "same_number": ["cr-es/121.4"],
        "note": ui("run.not_loaded.cr-en")}
    spanish = passages["cr-es/121.4"]
    assert spanish["loaded"] is True and spanish["number"] == "121.4" and spanish["url"] == "/pasajes/cr-es/121.4"
    assert " ".join(spanish["text"].split()) == corpus_text("cr-es/121.4") and spanish["rule_url"] == "/reglas/121.4"
    # The English page's JSON has the English note.
    english = client.get(CURATED_MAGIC + ".json?lang=en").get_json()["passages"]["cr-en/121.4"]
    assert english["note"].startswith("text not loaded: import the English CR, which ships in `../shared/corpus/`")


def test_curated_run_json_with_the_cr_imported_has_the_english_text(cr_client) -> None:
    page = BeautifulSoup(cr_client.get(CURATED_MAGIC).get_data(as_text=True), "html.parser")
    passages = cr_client.get(CURATED_MAGIC + ".json").get_json()["passages"]
    assert_json_carries_the_page(page, passages)
    rule = passages["cr-en/704.5a"] if "cr-en/704.5a" in passages else passages["cr-en/121.4"]
    assert rule["loaded"] is True and rule["doc"] == "cr-en" and rule["text"] and "note" not in rule


def test_api_run_and_saved_versions_carry_the_same_passages(client) -> None:
    from judge.runner.catalog import find

    page_json = client.get(CURATED_MAGIC + ".json").get_json()
    source = find("magic", CURATED_MAGIC.rsplit("/", 1)[1]).path.read_text(encoding="utf-8")
    api = client.post("/api/run", data=source.encode(), content_type="application/yaml").get_json()
    assert api["passages"] == page_json["passages"]
    # The keys that were there are unchanged: the page's JSON is /api/run's plus its builder link.
    assert {k: v for k, v in page_json.items() if k != "builder_url"} == api
    created = client.post("/api/scenarios", data=source.encode(), content_type="application/yaml").get_json()
    saved = client.get(f"/api/scenarios/{created['id']}").get_json()
    assert saved["trace"]["passages"] == api["passages"]
    assert client.get(created["url"] + ".json").get_json()["trace"] == saved["trace"]
    page = BeautifulSoup(client.get(created["url"]).get_data(as_text=True), "html.parser")
    assert_json_carries_the_page(page, saved["trace"]["passages"])


def test_bare_numbers_and_refs_outside_the_corpus_in_the_run_json(client, monkeypatch, run_trace) -> None:
    trace = magic_trace(citations=["121.4", "999.9z", "dv/no-existe", "cr-en/704.5a"])
    page = run_trace(trace)
    data = client.post("/escenarios/ejecutar?format=json", data={"scenario": "ruleset: magic"}).get_json()
    passages = data["passages"]
    assert_json_carries_the_page(page, passages)
    assert passages["121.4"] == {"id": "121.4", "doc": None, "number": "121.4", "title": None, "text": None,
                                 "url": None, "rule_url": "/reglas/121.4", "loaded": True,
                                 "same_number": ["cr-es/121.4"]}
    for ref in ("999.9z", "dv/no-existe"):
        assert passages[ref] == {"id": ref, "doc": None, "number": None, "title": None, "text": None, "url": None,
                                 "rule_url": None, "loaded": False, "same_number": [],
                                 "note": ui("run.outside")}
    assert passages["cr-en/704.5a"]["loaded"] is False and passages["cr-en/704.5a"]["same_number"] == []
    assert data["verdict"] == {"ok": False, "text": "MAL: la ejecución se detuvo en una elección", "unmodelled": []}


def test_documents_that_cannot_be_loaded_are_a_503_saying_why(client, monkeypatch) -> None:
    from judge.corpus import CorpusError
    from judge.runner import citations

    problem = "manifest.yaml: no se puede leer"         # the loader's own words, passed on as the 503's detail

    def broken(*args: Any) -> None:
        raise CorpusError(problem)

    monkeypatch.setattr(citations, "resolver", broken)
    for url in (CURATED_MAGIC, CURATED_MAGIC + ".json"):
        response = client.get(url)
        assert response.status_code == 503, (url, response.status_code)
        assert problem in response.get_data(as_text=True)
    said = response.get_json()["message"]
    assert said == {"id": "error.503", "params": {"detail": problem}}
    page = BeautifulSoup(client.get(CURATED_MAGIC).get_data(as_text=True), "html.parser")
    assert page.select_one("p.message")["data-message"] == "error.503"
