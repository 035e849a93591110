"""From a card page, "probar esta carta" opens the builder with the card on the first player's battlefield, in
headless Chromium (tests/web/chromium.py), and the scenario it starts runs."""
from __future__ import annotations

from urllib.parse import quote

import pytest
import yaml


CARD = "Deidad de la veneración"


def test_try_this_card_from_its_page(server: str, open_browser) -> None:
    browser = open_browser(width=390, height=844)
    browser.goto(f"{server}/cartas/{quote(CARD)}")
    assert browser.evaluate("document.querySelector('section.card-engine p.modelled') !== null")
    # At a phone's width nothing scrolls sideways and the stand-alone links are at least 24 px tall.
    layout = browser.evaluate("""(() => ({scroll: document.documentElement.scrollWidth, width: innerWidth,
        small: [...document.querySelectorAll('a.try-card, a.see-in-action')]
          .map(el => el.getBoundingClientRect()).filter(r => r.height < 24).length}))()""")
    assert layout == {"scroll": 390, "width": 390, "small": 0}, layout
    browser.evaluate("document.querySelector('a.try-card').focus()")
    browser.press("Enter")
    browser.wait_for("location.pathname === '/escenarios/nuevo' && document.readyState === 'complete'")
    # The form is drawn (static/builder.js) with magic chosen and the card on Ana's battlefield, and valid.
    browser.wait_for("document.querySelector('#builder-summary.good') !== null")
    assert browser.evaluate("document.getElementById('start-ruleset').value") == "magic"
    field = "document.querySelector('#builder [data-key=\"players[0].battlefield[0].card|\"]')"
    assert browser.evaluate(f"{field} && {field}.value") == CARD
    doc = yaml.safe_load(browser.evaluate("document.getElementById('scenario').value"))
    assert doc["players"][0]["battlefield"] == [{"card": CARD, "id": "deidad-de-la-veneracion"}]
    # Run it: the run page shows the card on the board and a good verdict.
    browser.evaluate("document.getElementById('run-button').focus()")
    browser.press("Enter")
    browser.wait_for("location.pathname === '/escenarios/ejecutar' && document.readyState === 'complete'")
    verdict = browser.evaluate("document.querySelector('.verdict').className")
    assert "ok" in verdict.split(), browser.evaluate("document.querySelector('.verdict').textContent")
    assert CARD in browser.evaluate("document.querySelector('.board').textContent")
    # the run page is titled by the scenario the card's page started (its own title, naming the card)
    assert CARD in doc["title"] and browser.evaluate("document.title").startswith(doc["title"])
