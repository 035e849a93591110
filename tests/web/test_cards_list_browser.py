"""Issue 18, problem 9, in headless Chromium: /cartas forgives a misspelt name (the closest names offered, as the
card page's 404 does), lists the basic lands (each opening the builder with it), and the board names wither as the
Spanish FAQ does, «debilitar» (faq-paramo-sombrio), not «marchitar»."""
from __future__ import annotations


import pytest


WITHER = "/escenarios/magic/28-debilitar-y-contadores-que-se-anulan"


def test_the_card_list_forgives_typos_and_lists_basic_lands(server: str, open_browser) -> None:
    browser = open_browser(width=390, height=844)
    browser.goto(server + "/cartas")
    browser.wait_for("!!document.getElementById('card-q')")
    rows = browser.evaluate("[...document.querySelectorAll('table.cards tbody th a')].map(a => [a.textContent, a.getAttribute('href')])")
    lands = {name: href for name, href in rows if name in ("Llanura", "Isla", "Pantano", "Montaña", "Bosque")}
    assert set(lands) == {"Llanura", "Isla", "Pantano", "Montaña", "Bosque"}, rows[:8]
    assert lands["Bosque"].startswith("/escenarios/nuevo?") and "carta=Bosque" in lands["Bosque"]
    # A misspelt name: no card holds it, the closest are offered.
    browser.evaluate("document.getElementById('card-q').focus()")
    browser.type("contratalardo")
    browser.press("Enter")
    browser.wait_for("!!document.querySelector('ul.near')")
    near = browser.evaluate("[...document.querySelectorAll('ul.near a')].map(a => a.textContent)")
    assert near[0] == "Contrataladro", near
    # The board and the steps say «debilitar».
    browser.goto(server + WITHER)
    browser.wait_for("!!document.querySelector('ol.steps')")
    text = browser.evaluate("[...document.querySelectorAll('ol.steps, section.checks')].map(e => e.textContent).join(' ')")
    assert "debilitar" in text and "marchitar" not in text
