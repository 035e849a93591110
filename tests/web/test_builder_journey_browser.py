"""Issue 18's timed journey, in headless Chromium at 390 px: the combat-with-a-trick scenario built from an empty
table with keyboard and mouse (catalog cards only: Ana's Lancera avispa attacks, Bruno's Barrilete de harapos
blocks, Bruno answers with Rayo punzante paid with two Mountains), then run, stepped, saved and reopened. The form
operations (builder_ui.OPS: a click, a field typed, an option picked, a link followed) are printed; the aim is 25
or fewer (24 now). The engine's lists do the rest: a one-click fix inserts each pass, a new block line is the
defending player's with its legal pair, a cast line's player brings the card they hold, a fresh cast gets its
target and its payment."""
from __future__ import annotations

import time
from pathlib import Path

import pytest
import yaml

from .builder_ui import OPS, choose, click, key_js, scenario_text, type_in, wait_built
from .chromium import DevTools, _chromium


class Browser(DevTools):
    KEYS = {**DevTools.KEYS, "ArrowRight": 39}


def _follow(browser: DevTools, selector: str) -> None:
    """One operation: activate a link or a button outside the builder's form (Enter on it, as a keyboard does)."""
    browser.wait_for(f"!!document.querySelector({selector!r})")
    browser.evaluate(f"document.querySelector({selector!r}).focus()")
    browser.press("Enter")
    OPS["n"] += 1


def _built_after_navigation(browser: DevTools) -> None:
    browser.wait_for("location.pathname === '/escenarios/nuevo' && !!document.getElementById('builder')", timeout=40)
    wait_built(browser)


def _fix(browser: DevTools, i: int) -> None:
    browser.wait_for(f"!!{key_js(f'fix|{i}')}", timeout=40)
    click(browser, f"fix|{i}")


def _add(browser: DevTools, add_key: str, new_key: str) -> None:
    """One operation: press a list's add button until its new entry's control `new_key` is there. Pressed again if
    the form was redrawn between the focus and the key (as builder_ui.check): the press then reached the old
    button, as no user's could; counted once."""
    for attempt in range(5):
        click(browser, add_key)
        try:
            browser.wait_for(f"!!{key_js(new_key)}", timeout=8.0)
            return
        except AssertionError:
            OPS["n"] -= 1
            if attempt == 4:
                raise


def _card(browser: DevTools, zone: str, name: str) -> None:
    """Add a card to a zone and name it (two operations)."""
    before = browser.evaluate(f"document.querySelectorAll('#builder [data-path^=\"{zone}[\"].zone-entry').length")
    key = f"{zone}[{before}].card|"
    _add(browser, f"{zone}|add", key)
    type_in(browser, key, name)
    browser.wait_for(f"{key_js(key)}?.value === {name!r}")


def test_the_combat_with_a_trick_from_an_empty_table(server: str, tmp_path: Path) -> None:
    browser = Browser(_chromium(), tmp_path / "profile", width=390, height=844)
    OPS["n"] = 0
    started = time.monotonic()
    try:
        browser.goto(f"{server}/escenarios/nuevo?ruleset=magic&desde=vacio")
        wait_built(browser)
        _card(browser, "players[0].battlefield", "Lancera avispa")
        _card(browser, "players[1].battlefield", "Barrilete de harapos")
        _card(browser, "players[1].battlefield", "Montaña")
        _card(browser, "players[1].battlefield", "Montaña")
        _card(browser, "players[1].hand", "Rayo punzante")
        # Ana attacks: the game needs the declare-attackers step first (one click inserts the pass).
        _add(browser, "actions|add", "actions[0]|verb")
        choose(browser, "actions[0]|verb", "attack")
        _fix(browser, 0)
        # Bruno blocks: the engine names the defending player and the pair (its blocker, the attacker it can
        # block); nothing picked by hand.
        _add(browser, "actions|add", "actions[2]|verb")
        choose(browser, "actions[2]|verb", "block")
        browser.wait_for(f"{key_js('actions[2].by|')}?.value === 'Bruno' && !!{key_js('actions[2].block#0|k')}",
                         timeout=40)
        _fix(browser, 2)
        # Bruno's trick: Bruno picked, the card he holds comes with him; its target and payment come from the
        # engine; Ana's pass inserted.
        _add(browser, "actions|add", "actions[4].by|")
        choose(browser, "actions[4].by|", "Bruno")
        browser.wait_for(f"{key_js('actions[4].cast|')}?.value === 'rayo-punzante-1'")
        _fix(browser, 4)
        browser.wait_for("!!document.querySelector('#builder-summary.good')", timeout=40)
        doc = yaml.safe_load(scenario_text(browser))
        assert [next(k for k in a if k != "by") for a in doc["actions"]] == \
            ["pass_until", "attack", "pass_until", "block", "pass", "cast"], doc["actions"]
        cast = doc["actions"][5]
        assert cast["targets"] == ["lancera-avispa-1"] and sorted(cast["tap"]) == ["montana-1", "montana-2"], cast
        # Run, step, back to the builder, save, reopen.
        _follow(browser, "#run-bar")
        browser.wait_for("location.pathname.startsWith('/escenarios/ejecutar')", timeout=40)
        browser.wait_for("(() => { const c = document.querySelector('.step-controls'); return !!c && !c.hidden; })()")
        browser.evaluate("document.body.focus()")
        browser.press("ArrowRight")
        OPS["n"] += 1
        browser.wait_for("/#paso-\\d+/.test(location.hash)")
        _follow(browser, "a.open-builder")
        _built_after_navigation(browser)
        _follow(browser, "#save-button")
        browser.wait_for("location.pathname.startsWith('/escenarios/guardados/')", timeout=40)
        _follow(browser, "a.open-builder")
        _built_after_navigation(browser)
        again = yaml.safe_load(scenario_text(browser))
        assert again["actions"] == doc["actions"] and again["players"] == doc["players"]
        print(f"\nbuilder journey (combat with a trick): {OPS['n']} form operations, "
              f"{time.monotonic() - started:.0f} s wall (loaded machine; aim: 25 operations or fewer)")
        assert OPS["n"] <= 24
    finally:
        browser.close()
