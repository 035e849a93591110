"""A curated run page with ?lang=en is English all through (issue 17): its event lines (runner.event.*, each with
its `data-message`), the zones in them (runner.zone.*), how the run stopped (core.stopped.*) and a magic tile's card
types and keywords; with ?lang=es the same page says what it always said. Compared with the catalogs' texts,
never with Spanish literals."""
from __future__ import annotations

from typing import Any

import pytest
from bs4 import BeautifulSoup

from judge.engine.step import stopped_said
from judge.messages import Message, render
from judge.runner.render import event_message, event_text

MAGIC = "/escenarios/magic/10-mareo-de-invocacion-y-prisa"      # moves, taps, mana, a creature with haste
DV = "/escenarios/doce-vidas/20-reciclar-el-mazo"                # counts, a recycle, a shuffle, owned moves


def page(client, url: str) -> BeautifulSoup:
    response = client.get(url)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def events_by_step(client, url: str) -> dict[str, list[dict[str, Any]]]:
    trace = client.get(url + ".json?lang=es").get_json()
    return {str(s["number"]): s.get("events") or [] for s in trace["steps"]}


@pytest.mark.parametrize("url", [MAGIC, DV])
def test_the_event_lines_are_their_messages_in_the_page_s_language(client, url: str) -> None:
    events = events_by_step(client, url)
    for lang in ("en", "es"):
        dom = page(client, f"{url}?lang={lang}")
        said = shown = differs = 0
        for li in dom.select("ol.steps > li.run-step"):
            lines = li.select("ul.events > li")
            assert len(lines) == len(events[li["data-step"]])
            for line, event in zip(lines, events[li["data-step"]]):
                message = event_message(event)
                shown += 1
                assert message is not None, event      # every declared kind has its line: none is raw fields
                said += 1
                assert line["data-message"] == message.id
                assert line.get_text() == message.render(lang)
                differs += message.render("en") != message.render("es")
        assert said >= 5 and said == shown and differs == said     # each line is English of its own


def test_an_english_event_line_names_its_zones_in_english(client) -> None:
    events = events_by_step(client, DV)
    dom = page(client, DV + "?lang=en")
    moves = [(line, e) for li in dom.select("ol.steps > li.run-step")
             for line, e in zip(li.select("ul.events > li"), events[li["data-step"]]) if e["kind"] == "move"]
    assert moves
    for line, e in moves:
        for zone in (e["from"], e["to"]):
            english, spanish = (Message(f"runner.zone.{zone}").render(lang) for lang in ("en", "es"))
            assert english in line.get_text() and english != spanish
    counts = [line for line in dom.select("ul.events > li[data-message^='runner.event.count.']")]
    assert {line["data-message"] for line in counts} >= {"runner.event.count.lives", "runner.event.count.recycle_cost"}
    assert all("→" in line.get_text() for line in counts)


@pytest.mark.parametrize("url", [MAGIC, DV])
def test_how_the_run_stopped_is_said_in_the_page_s_language(client, url: str) -> None:
    stopped = client.get(url + ".json").get_json()["stopped"]
    texts = {}
    for lang in ("es", "en"):
        dd = page(client, f"{url}?lang={lang}").select_one("dl.meta dd.stopped")
        assert dd["data-stopped"] == stopped
        texts[lang] = dd.get_text()
        assert texts[lang] == render(stopped_said(stopped), lang)
    assert texts["es"] == stopped != texts["en"]       # Spanish: the value a scenario's `stopped:` writes, as before


def test_a_magic_tile_says_its_card_types_and_keywords_in_english(client) -> None:
    from judge.engine.rulesets.magic import keyword
    from judge.engine.rulesets.magic.cards import CARD_TYPES

    haste = keyword.current().get("haste")
    assert haste is not None
    for lang in ("es", "en"):
        dom = page(client, f"{MAGIC}?lang={lang}")
        words = {w.strip() for span in dom.select(".tile .keywords") for w in span.get_text().split(",")}
        assert (haste.english if lang == "en" else haste.spanish) in words
        types = {span.get_text().partition(" — ")[0] for span in dom.select(".tile .types")}
        expected = {"Land", "Creature"} if lang == "en" else {CARD_TYPES["land"], CARD_TYPES["creature"]}
        assert expected <= types, types
        if lang == "en":
            assert not types & set(CARD_TYPES.values())
