"""Issue 18, problem 7 (JSON boxes): in headless Chromium, a card's abilities and the spells on the stack are
built with forms drawn from the ruleset's description (describe_abilities.py), never typed as JSON: an activated
ability, a trigger whose fields follow its event, a replacement whose fields follow its event (hidden ones
dropped), a spell on the stack."""
from __future__ import annotations

from urllib.parse import quote

import pytest
import yaml

from judge.web import drafts

from .builder_ui import check, choose, click, key_js, scenario_text, wait_built
from .chromium import DevTools

TABLE = """ruleset: magic
title: Piezas
cards:
  Elfo: {cost: "{G}", types: [creature], power: 1, toughness: 1}
players:
  - name: Ana
    battlefield: [{card: Elfo, id: elfo}]
  - name: Bruno
"""

NO_JSON = "[...document.querySelectorAll('#builder .hint')].filter(e => /JSON/.test(e.textContent)).length"


def _add(browser: DevTools, key: str, appears: str) -> None:
    """Press an "add" button until its piece's first control is drawn: on a loaded machine a redraw between the
    focus and the key can take the press (as `check` in builder_ui does for a checkbox)."""
    for _ in range(4):
        # A card's definition folds; one found folded is opened again, as a user would (the race that folded it
        # after a redraw is fixed and tested in test_builder_redraw_browser.py).
        if browser.evaluate(f"{key_js(key)}?.closest('details')?.open === false"):
            click(browser, "cards#0|summary")
        click(browser, key)
        try:
            browser.wait_for(f"!!{key_js(appears)}", timeout=4.0)
            return
        except AssertionError:
            continue
    state = browser.evaluate("[document.activeElement?.dataset?.key, !!" + key_js(key) + ", " + key_js(key) + "?.closest('details')?.open, document.getElementById('scenario').value.length]")
    raise AssertionError(f"{key} never drew {appears}: {state}")


def _doc(browser: DevTools) -> dict:
    return yaml.safe_load(scenario_text(browser))


def test_abilities_and_the_stack_are_forms(server: str, open_browser) -> None:
    browser = open_browser(width=1200, height=900)
    browser.goto(f"{server}/escenarios/nuevo?ruleset=magic&desde={quote('borrador/' + drafts.encode(TABLE))}")
    wait_built(browser)
    click(browser, "cards#0|summary")
    browser.wait_for(f"!!{key_js('cards.Elfo.activated|add')}")
    assert browser.evaluate(NO_JSON) == 0
    # An activated ability: {T}: add {G}, each piece a control of its own.
    click(browser, "cards.Elfo.activated|add")
    browser.wait_for(f"{key_js('cards.Elfo.activated[0].tap|')}?.checked === true")
    assert _doc(browser)["cards"]["Elfo"]["activated"] == [{"tap": True, "effects": [{"add_mana": "{G}"}]}]
    # A trigger: "whose step" is asked only of a step trigger.
    _add(browser, "cards.Elfo.triggers|add", "cards.Elfo.triggers[0].when|")
    assert browser.evaluate(f"!{key_js('cards.Elfo.triggers[0].whose|')}")
    choose(browser, "cards.Elfo.triggers[0].when|", "upkeep")
    browser.wait_for(f"!!{key_js('cards.Elfo.triggers[0].whose|')}")
    # A replacement: the fields of its event only; a field the new event does not read is dropped.
    _add(browser, "cards.Elfo.replacements|add", "cards.Elfo.replacements[0].event|")
    choose(browser, "cards.Elfo.replacements[0].event|", "enters")
    check(browser, "cards.Elfo.replacements[0].tapped|")
    browser.wait_for("(document.getElementById('scenario').value.match(/tapped: true/g) || []).length === 1")
    choose(browser, "cards.Elfo.replacements[0].event|", "dies")
    browser.wait_for(f"!{key_js('cards.Elfo.replacements[0].tapped|')}")
    browser.wait_for("!/tapped: true/.test(document.getElementById('scenario').value)")
    assert _doc(browser)["cards"]["Elfo"]["replacements"] == [{"event": "dies"}]
    # A spell on the stack: a card, its controller, its targets.
    _add(browser, "stack|add", "stack[0].card|")
    assert _doc(browser)["stack"] == [{"card": _doc(browser)["stack"][0]["card"], "controller": "Ana"}]
    assert browser.evaluate(NO_JSON) == 0
    assert browser.evaluate("document.querySelectorAll('#builder textarea[spellcheck=false]').length") == 0
    browser.wait_for("!!document.querySelector('#builder-summary.good, #builder-summary.warn')", timeout=30)


PROTECTED = """ruleset: magic
title: Protección
cards:
  Caballero: {cost: "{1}{W}", types: [creature], power: 2, toughness: 2, static: [{protection: creature}]}
  Elfo: {cost: "{G}", types: [creature], power: 1, toughness: 1}
players:
  - name: Ana
    battlefield: [{card: Caballero, id: caballero}, {card: Elfo, id: elfo}]
  - name: Bruno
"""


def test_a_protection_static_is_a_form(server: str, open_browser) -> None:
    """702.16: `{protection: quality, to: self | controller}` is drawn as its own form (describe_abilities'
    protection piece): a written one shows its quality, a new one is picked from the qualities the schema reads."""
    browser = open_browser(width=1200, height=900)
    browser.goto(f"{server}/escenarios/nuevo?ruleset=magic&desde={quote('borrador/' + drafts.encode(PROTECTED))}")
    wait_built(browser)
    click(browser, "cards#0|summary")
    browser.wait_for(f"{key_js('cards.Caballero.static[0]|verb')}?.value === 'protection'")
    assert browser.evaluate(f"{key_js('cards.Caballero.static[0].protection|')}.value") == "creature"
    # The scopes of the other static verbs are not offered: a protection is its card's or its controller's.
    assert browser.evaluate(f"[...{key_js('cards.Caballero.static[0].to|')}.options].map(o => o.value)"
                            ) == ["", "self", "controller"]
    # A new one on the Elf: protection from red, its controller's.
    click(browser, "cards#1|summary")
    _add(browser, "cards.Elfo.static|add", "cards.Elfo.static[0]|verb")
    choose(browser, "cards.Elfo.static[0]|verb", "protection")
    browser.wait_for(f"!!{key_js('cards.Elfo.static[0].protection|')}")
    choose(browser, "cards.Elfo.static[0].protection|", "R")
    browser.wait_for(f"!!{key_js('cards.Elfo.static[0].to|')}")
    choose(browser, "cards.Elfo.static[0].to|", "controller")
    browser.wait_for("/protection: R/.test(document.getElementById('scenario').value)")
    assert _doc(browser)["cards"]["Elfo"]["static"] == [{"protection": "R", "to": "controller"}]
    assert _doc(browser)["cards"]["Caballero"]["static"] == [{"protection": "creature"}]
    browser.wait_for("!!document.querySelector('#builder-summary.good, #builder-summary.warn')", timeout=30)
