"""Issue 18, problem 8, in headless Chromium at 390 px: a card page's "ver en acción" opens its scenario at the
step that cites the ruling (not step 1); the run page gives one step count; a tapped card's text runs
horizontally; each step's text and cited rule come before its board; the builder's "Ejecutar" stays in reach
however far the form is scrolled."""
from __future__ import annotations


import pytest

from .builder_ui import wait_built

CARD = "/cartas/Contrataladro"


def test_the_viewer_on_a_phone_opens_where_the_ruling_is(server: str, open_browser) -> None:
    browser = open_browser(width=390, height=844)
    browser.goto(server + CARD)
    browser.wait_for("!!document.querySelector('a.see-in-action')")
    href = browser.evaluate("document.querySelector('a.see-in-action').getAttribute('href')")
    assert "#paso-" in href, href
    step = int(href.rsplit("#paso-", 1)[1])
    browser.goto(server + href)
    browser.wait_for("!document.querySelector('.step-controls').hidden")
    shown = browser.evaluate("[...document.querySelectorAll('ol.steps > li.run-step')].filter(li => !li.hidden)"
                             ".map(li => Number(li.dataset.step))")
    assert len(shown) == 1 and shown[0] > 1, shown
    cited = browser.evaluate(f"document.getElementById('paso-{step}').textContent")
    assert "faq-shm/cartas/contrataladro/3" in cited or "Contrataladro" in cited
    # One count of the game steps: the heading's and the index's are the same number.
    counts = browser.evaluate("[document.getElementById('steps-title').textContent,"
                              " document.querySelector('.step-index summary').textContent]"
                              ".map(t => t.match(/\\((\\d+)\\)/)[1])")
    assert counts[0] == counts[1], counts
    # A tapped card stays legible: horizontal text.
    modes = browser.evaluate("[...document.querySelectorAll('.board .tile.tapped')].map(t => getComputedStyle(t).writingMode)")
    assert modes and set(modes) == {"horizontal-tb"}, modes
    # On the phone the step's text, then its cited rules, then the board.
    order = browser.evaluate("""(() => { const li = [...document.querySelectorAll('ol.steps > li.run-step')].find(li => !li.hidden);
        const y = (sel) => li.querySelector(sel)?.getBoundingClientRect().top;
        return [y('.what'), y('.cites'), y('.step-board')]; })()""")
    assert order[0] < order[1] < order[2], order
    # The builder: scrolled to the bottom of its form, "Ejecutar" is still on screen.
    browser.goto(server + "/escenarios/nuevo?ruleset=magic&desde=plantilla")
    wait_built(browser)
    browser.evaluate("window.scrollTo(0, document.getElementById('builder').getBoundingClientRect().bottom"
                     " + window.scrollY - 400)")
    rect = browser.evaluate("(() => { const r = document.getElementById('run-bar').getBoundingClientRect();"
                            " return [r.top, r.bottom, innerHeight, scrollY]; })()")
    assert rect[3] > 1000 and 0 <= rect[0] and rect[1] <= rect[2], rect
