"""Real browsers: Debian's headless Chromium loads the home page with a question (the DOM is checked), and drives
the suggestions widget with the keyboard at a phone's width over the DevTools protocol."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path
from urllib.parse import quote

import pytest
from bs4 import BeautifulSoup

from judge.web.i18n import translate

from .chromium import _chromium


def test_home_page_with_a_question_in_chromium(server: str, tmp_path: Path) -> None:
    chromium = _chromium()
    url = f"{server}/?q={quote('121.4')}"
    result = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
         f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", url],
        capture_output=True, text=True, timeout=90,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    dom = BeautifulSoup(result.stdout, "html.parser")
    assert dom.find("input", attrs={"name": "q"})["value"] == "121.4"
    answer = dom.select_one("section.answer")
    assert answer is not None and "121.4" in answer.select_one(".citation").get_text()
    assert len(dom.select("section.results li.result")) >= 1


def test_suggestions_widget_with_the_keyboard_at_390px(server: str, open_browser) -> None:
    browser = open_browser(width=390, height=844)
    browser.goto(f"{server}/?lang=es")
    # The script made the box a combobox (ARIA 1.2) with a listbox popup, closed.
    state = browser.evaluate("""(() => { const q = document.getElementById('q');
        const list = document.getElementById(q.getAttribute('aria-controls'));
        return {role: q.getAttribute('role'), expanded: q.getAttribute('aria-expanded'),
                autocomplete: q.getAttribute('aria-autocomplete'), listRole: list && list.getAttribute('role'),
                hidden: list && list.hidden, label: list && list.getAttribute('aria-label')}; })()""")
    assert state == {"role": "combobox", "expanded": "false", "autocomplete": "list", "listRole": "listbox",
                     "hidden": True, "label": translate("suggest.label", "es")}
    browser.evaluate("document.getElementById('q').focus()")
    browser.type("cisnes")
    browser.wait_for("document.querySelectorAll('#q-suggestions [role=option]').length > 0")
    options = browser.evaluate("""[...document.querySelectorAll('#q-suggestions [role=option]')]
        .map(o => ({id: o.id, kind: o.dataset.kind, value: o.dataset.value,
                    selected: o.getAttribute('aria-selected')}))""")
    assert options[0]["value"] == "Cisnes de Bryn Árgoll" and options[0]["kind"] == "card"
    assert all(o["selected"] == "false" for o in options)
    assert browser.evaluate("document.getElementById('q').getAttribute('aria-expanded')") == "true"
    status = browser.evaluate("document.querySelector('.suggest [role=status]').textContent")
    assert status == translate("suggest.count", "es", n=len(options))       # the page's line, with the count

    # Down highlights the first option (focus stays in the box: aria-activedescendant); Up from there wraps.
    browser.press("ArrowDown")
    active = "document.getElementById('q').getAttribute('aria-activedescendant')"
    assert browser.evaluate(active) == options[0]["id"]
    assert browser.evaluate(f"document.getElementById({options[0]['id']!r}).getAttribute('aria-selected')") == "true"
    assert browser.evaluate("document.activeElement.id") == "q"
    browser.press("ArrowUp")
    assert browser.evaluate(active) == options[-1]["id"]
    browser.press("ArrowDown")
    assert browser.evaluate(active) == options[0]["id"]

    # At 390 px the open list stays inside the viewport and the page does not scroll sideways.
    layout = browser.evaluate("""(() => { const r = document.getElementById('q-suggestions').getBoundingClientRect();
        return {left: r.left, right: r.right, width: innerWidth, scroll: document.documentElement.scrollWidth}; })()""")
    assert layout["width"] == 390 and 0 <= layout["left"] and layout["right"] <= 390, layout
    assert layout["scroll"] <= 390, layout

    # Escape closes the list and keeps the text; Down opens it again.
    browser.press("Escape")
    assert browser.evaluate("document.getElementById('q-suggestions').hidden") is True
    assert browser.evaluate("document.getElementById('q').getAttribute('aria-expanded')") == "false"
    assert browser.evaluate(active) is None
    assert browser.evaluate("document.getElementById('q').value") == "cisnes"
    browser.press("ArrowDown")
    assert browser.evaluate(active) == options[0]["id"]

    # Enter searches for the highlighted suggestion.
    browser.press("Enter")
    chosen = options[0]["value"]                  # the card's name the first suggestion offered
    browser.wait_for(f"new URLSearchParams(location.search).get('q') === {json.dumps(chosen)}"
                     " && document.readyState === 'complete'")
    assert browser.evaluate("document.getElementById('q').value") == chosen
    assert chosen in browser.evaluate("document.querySelector('section.results').textContent")
