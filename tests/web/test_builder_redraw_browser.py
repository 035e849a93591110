"""The builder's redraw races (issue 18), in headless Chromium: a card definition opened just before a redraw
stays open (its state is written on the summary's press, not when the queued "toggle" event fires), and a press
held down while a redraw comes in (new choices, a change elsewhere) still clicks the control it started on (the
redraw waits for the release)."""
from __future__ import annotations

from urllib.parse import quote

import pytest
import yaml

from judge.web import drafts

from .builder_ui import key_js, scenario_text, wait_built
from .chromium import DevTools

TABLE = """ruleset: magic
title: Redibujos
cards:
  Elfo: {cost: "{G}", types: [creature], power: 1, toughness: 1}
players:
  - name: Ana
    battlefield: [{card: Elfo, id: elfo}]
  - name: Bruno
"""


def _open(browser: DevTools, server: str) -> None:
    browser.goto(f"{server}/escenarios/nuevo?ruleset=magic&desde={quote('borrador/' + drafts.encode(TABLE))}")
    wait_built(browser)
    browser.wait_for("!!document.querySelector('#builder-summary.good, #builder-summary.warn')", timeout=40)


def test_a_definition_opened_just_before_a_redraw_stays_open(server: str, open_browser) -> None:
    browser = open_browser(width=1200, height=900)
    _open(browser, server)
    # The summary pressed, then at once (before the queued toggle event) a press that redraws the form.
    browser.evaluate(f"(() => {{ {key_js('cards#0|summary')}.click(); {key_js('actions|check')}.click(); }})()")
    browser.wait_for(f"!!{key_js('actions[0].expect|add')}")
    for _ in range(3):   # and it stays open through the redraws after the check's answer
        browser.wait_for(f"{key_js('cards#0|summary')}?.closest('details')?.open === true")
        browser.evaluate("new Promise((done) => setTimeout(done, 300))")
    assert browser.evaluate(f"{key_js('cards#0|summary')}.closest('details').open") is True


def test_a_press_held_through_a_redraw_reaches_its_control(server: str, open_browser) -> None:
    browser = open_browser(width=1200, height=900)
    _open(browser, server)
    add = "players[1].battlefield|add"
    browser.evaluate(f"{key_js(add)}.focus()")
    browser.send("Input.dispatchKeyEvent", type="keyDown", key=" ", code="Space", windowsVirtualKeyCode=32,
                 nativeVirtualKeyCode=32, text=" ")
    # A redraw nobody pressed for comes in while the key is down (a change elsewhere in the form).
    browser.evaluate("document.getElementById('builder').dispatchEvent(new Event('change', {bubbles: true}))")
    browser.evaluate("new Promise((done) => setTimeout(done, 200))")
    browser.send("Input.dispatchKeyEvent", type="keyUp", key=" ", code="Space", windowsVirtualKeyCode=32,
                 nativeVirtualKeyCode=32)
    browser.wait_for(f"!!{key_js('players[1].battlefield[0].card|')}", timeout=10)
    browser.wait_for("/Bruno/.test(document.getElementById('scenario').value)")
    doc = yaml.safe_load(scenario_text(browser))
    assert len(doc["players"][1].get("battlefield", [])) == 1, doc["players"][1]
