"""Issue 18, problem 1: leaving the builder never loses the document. In headless Chromium: build, run, go back
(the document is there), forward (the run again, never a 405), reload (the same document), the run page's link
back to the builder (the same document), and a builder opened afresh offers the draft this browser kept."""
from __future__ import annotations


import pytest
import yaml

from .builder_ui import click, scenario_text, type_in, wait_built
from .chromium import DevTools


def _title(browser: DevTools) -> str:
    return browser.evaluate("document.querySelector('#builder [data-key=\"title|\"]').value")


def test_the_document_survives_run_back_forward_and_reload(server: str, open_browser) -> None:
    from judge.web.builder import DEFAULT_TITLE

    title = "Mi combate"                            # the title typed, then shown by the run page as it was typed
    browser = open_browser(width=390, height=844)
    browser.goto(f"{server}/escenarios/nuevo?ruleset=magic&desde=plantilla")
    wait_built(browser)
    type_in(browser, "title|", title)
    click(browser, "players[0].battlefield|add")
    browser.wait_for("location.hash.startsWith('#borrador=')")
    assert yaml.safe_load(scenario_text(browser))["title"] == title
    # Run it; the run page gets an address of its own (a GET), and links back to the builder.
    browser.evaluate("document.getElementById('run-button').focus()")
    browser.press("Enter")
    browser.wait_for("location.pathname === '/escenarios/ejecutar' && document.readyState === 'complete' && "
                     "location.search.startsWith('?escenario=')")
    run_url = browser.evaluate("location.href")
    assert title in browser.evaluate("document.getElementById('run-title').textContent")
    back_link = browser.evaluate("document.querySelector('a.open-builder').href")
    # Back: the builder with the document as it was left.
    browser.evaluate("history.back()")
    browser.wait_for("location.pathname === '/escenarios/nuevo' && document.readyState === 'complete'")
    wait_built(browser)
    browser.wait_for("document.querySelector('#builder [data-key=\"title|\"]').value === 'Mi combate'")
    assert browser.evaluate("document.querySelectorAll('#builder li.zone-entry').length") == 5
    # Forward: the run again, not a 405.
    browser.evaluate("history.forward()")
    browser.wait_for(f"location.href === {run_url!r} && document.readyState === 'complete'")
    browser.wait_for("!!document.getElementById('run-title')")
    assert title in browser.evaluate("document.getElementById('run-title').textContent")
    assert "405" not in browser.evaluate("document.title")
    # Reload it: still the run.
    browser.send("Page.reload")
    browser.wait_for("document.readyState === 'complete' && !!document.getElementById('run-title')")
    assert title in browser.evaluate("document.getElementById('run-title').textContent")
    # The run page's link back: the builder on the same document.
    browser.goto(back_link)
    wait_built(browser)
    browser.wait_for("document.querySelector('#builder [data-key=\"title|\"]').value === 'Mi combate'")
    # Reload of the builder after another change: the change is kept.
    type_in(browser, "title|", "Mi combate 2")
    browser.wait_for("location.hash.startsWith('#borrador=')")
    browser.wait_for("!!document.querySelector('#builder-summary.good')")
    browser.send("Page.reload")
    browser.wait_for("document.readyState === 'complete'")
    wait_built(browser)
    browser.wait_for("document.querySelector('#builder [data-key=\"title|\"]').value === 'Mi combate 2'")
    # A builder opened afresh (no draft in its address) offers the drafts this browser kept; one click
    # takes one back.
    browser.goto(f"{server}/escenarios/nuevo?ruleset=magic")
    wait_built(browser)
    assert _title(browser) == DEFAULT_TITLE
    browser.wait_for("document.querySelectorAll('#draft-notice li').length > 0")
    assert f"{title} 2" in browser.evaluate("document.getElementById('draft-notice').textContent")
    browser.evaluate("document.querySelector('#draft-notice button').click()")
    browser.wait_for("document.querySelector('#builder [data-key=\"title|\"]').value.startsWith('Mi combate')")
