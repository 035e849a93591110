"""Driving the scenario builder in headless Chromium as a user does (tests/web/chromium.py): focus a control by its
`data-key` and press Space, type and leave with Tab, pick an option. Each helper counts one form operation in
`OPS` (the journey test prints how many a scenario took). Shared by the builder's browser tests."""
from __future__ import annotations

import json
import time

from .chromium import DevTools

OPS = {"n": 0}


def key_js(key: str) -> str:
    return f"document.querySelector('#builder [data-key=\"' + CSS.escape({json.dumps(key)}) + '\"]')"


def click(browser: DevTools, key: str) -> None:
    """Focus a builder control by its data-key and press it with the keyboard (Space), as a keyboard user does."""
    browser.wait_for(f"!!{key_js(key)}")
    browser.evaluate(f"{key_js(key)}.focus()")
    browser.press(" ")
    OPS["n"] += 1


def check(browser: DevTools, key: str) -> None:
    """Tick a builder checkbox with Space and wait until it is ticked. Pressed again if the form was redrawn between
    the focus and the key (a loaded machine): the press then reached the old control, as no user's could."""
    for _ in range(5):
        click(browser, key)
        try:
            browser.wait_for(f"{key_js(key)}?.checked", timeout=2.0)
            return
        except AssertionError:
            OPS["n"] -= 1
            continue
    raise AssertionError(f"{key} never got ticked")


def type_in(browser: DevTools, key: str, text: str) -> None:
    """Type into a builder field (its old text selected first) and leave it with Tab (the form commits on change)."""
    browser.wait_for(f"!!{key_js(key)}")
    browser.evaluate(f"(() => {{ const el = {key_js(key)}; el.focus(); el.select && el.select(); }})()")
    browser.type(text)
    browser.press("Tab")
    OPS["n"] += 1


def choose(browser: DevTools, key: str, value: str) -> None:
    """Pick an option of a builder <select> (what the arrow keys do on a focused select), firing its change."""
    browser.wait_for(f"!!{key_js(key)}")
    browser.evaluate(f"""(() => {{ const el = {key_js(key)}; el.focus(); el.value = {json.dumps(value)};
        el.dispatchEvent(new Event('change', {{bubbles: true}})); }})()""")
    time.sleep(0.05)
    OPS["n"] += 1


def scenario_text(browser: DevTools) -> str:
    return browser.evaluate("document.getElementById('scenario').value")


def wait_built(browser: DevTools) -> None:
    browser.wait_for("!document.getElementById('builder').hidden && !!document.querySelector('#builder section')")
