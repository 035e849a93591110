"""The scenario builder in a real browser: Debian's headless Chromium, at a phone's width (390 px), builds a small
doce-vidas scenario through the form without typing YAML (players, a creature on the board, an attack, an
expectation), runs it and reads the verdict. Driven over the DevTools protocol on a pipe (no extra package)."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import yaml

from .chromium import DevTools, _chromium, live_server


@pytest.fixture()
def server(app):
    yield from live_server(app)



def _key(browser: DevTools, key: str) -> str:
    return f"document.querySelector('#builder [data-key=\"' + CSS.escape({json.dumps(key)}) + '\"]')"


def _click(browser: DevTools, key: str) -> None:
    """Focus a builder control by its data-key and press it with the keyboard (Space), as a keyboard user does."""
    browser.wait_for(f"!!{_key(browser, key)}")
    browser.evaluate(f"{_key(browser, key)}.focus()")
    browser.press(" ")


def _check(browser: DevTools, key: str) -> None:
    """Tick a builder checkbox with Space and wait until it is ticked. Pressed again if the form was redrawn between
    the focus and the key (a loaded machine): the press then reached the old control, as no user's could."""
    for _ in range(5):
        _click(browser, key)
        try:
            browser.wait_for(f"{_key(browser, key)}?.checked", timeout=2.0)
            return
        except AssertionError:
            continue
    raise AssertionError(f"{key} never got ticked")


def _type(browser: DevTools, key: str, text: str) -> None:
    """Type into a builder field (its old text selected first) and leave it with Tab (the form commits on change)."""
    browser.wait_for(f"!!{_key(browser, key)}")
    browser.evaluate(f"(() => {{ const el = {_key(browser, key)}; el.focus(); el.select && el.select(); }})()")
    browser.type(text)
    browser.press("Tab")


def _choose(browser: DevTools, key: str, value: str) -> None:
    """Pick an option of a builder <select> (what the arrow keys do on a focused select), firing its change."""
    browser.wait_for(f"!!{_key(browser, key)}")
    browser.evaluate(f"""(() => {{ const el = {_key(browser, key)}; el.focus(); el.value = {json.dumps(value)};
        el.dispatchEvent(new Event('change', {{bubbles: true}})); }})()""")
    time.sleep(0.05)


def test_build_and_run_a_doce_vidas_scenario_at_390px(server: str, tmp_path: Path) -> None:
    browser = DevTools(_chromium(), tmp_path / "profile", width=390, height=844)
    try:
        browser.goto(f"{server}/escenarios/nuevo?lang=es")
        browser.wait_for("!document.getElementById('builder').hidden && !!document.querySelector('#builder section')")
        # An empty table: two seats (doce-vidas's fewest players); a third one is added, then removed again.
        _type(browser, "title|", "El lobo ataca")
        _click(browser, "players|add")
        assert browser.evaluate("document.querySelectorAll('#builder li.player').length") == 3
        _click(browser, "players[2]|remove")
        assert browser.evaluate("document.querySelectorAll('#builder li.player').length") == 2
        # Checked as you go: a value out of bounds is marked on its own field with the validator's message.
        _type(browser, "players[0].lives|", "99")
        browser.wait_for("!!document.querySelector('#builder .field[data-field=\"players[0].lives\"] .field-error')")
        assert browser.evaluate("document.querySelector('#builder .field[data-field=\"players[0].lives\"] .field-error')"
                                ".textContent") == "se esperaba un entero ≤ 24, no 99"
        assert browser.evaluate(f"{_key(browser, 'players[0].lives|')}.getAttribute('aria-invalid')") == "true"
        _type(browser, "players[0].lives|", "12")
        browser.wait_for("!document.querySelector('#builder .field-error')")
        _type(browser, "players[0].name|", "Ana")
        _type(browser, "players[1].name|", "Bruno")
        # A creature on Ana's board: a new card name is defined inline, then given its damage in the cards section.
        _click(browser, "players[0].board|add")
        _type(browser, "players[0].board[0].card|", "Lobo gris")
        _type(browser, "players[0].board[0].id|", "lobo")
        browser.wait_for(f"!!{_key(browser, 'cards.Lobo gris.damage|')}")
        _type(browser, "cards.Lobo gris.damage|", "2")
        _type(browser, "cards.Lobo gris.life|", "3")
        # Ana's action phase, then the attack, each field chosen from what is on the board.
        _check(browser, "turn|on")
        _click(browser, "actions|add")
        _choose(browser, "actions[0]|verb", "attack")
        assert browser.evaluate(f"[...{_key(browser, 'actions[0].attack[0]|')}.options].map(o => o.value)") == ["lobo"]
        _choose(browser, "actions[0].target|", "Bruno")
        # What is expected: Bruno down to 10 lives.
        _click(browser, "expect|add")
        _choose(browser, "expect[0].player|", "Bruno")
        _type(browser, "expect[0].lives|", "10")
        browser.wait_for("document.querySelector('#builder-summary.good') !== null")
        # The text box holds the document the form built, as YAML once checked (the same the run receives).
        browser.wait_for("document.getElementById('format').value === 'yaml'")
        built = yaml.safe_load(browser.evaluate("document.getElementById('scenario').value"))
        assert built["cards"] == {"Lobo gris": {"type": "criatura", "cost": 1, "damage": 2, "life": 3}}
        assert built["players"][0] == {"name": "Ana", "lives": 12, "mana": 0, "recycle_cost": 1,
                                       "board": [{"card": "Lobo gris", "id": "lobo"}]}
        assert built["turn"] == {"number": 1, "active": "Ana", "phase": "accion"}
        assert built["actions"] == [{"by": "Ana", "attack": ["lobo"], "target": "Bruno"}]
        assert built["expect"] == [{"player": "Bruno", "lives": 10}]
        # The page fits a phone: nothing scrolls sideways and every control is at least 24 px tall and wide.
        layout = browser.evaluate("""(() => ({scroll: document.documentElement.scrollWidth, width: innerWidth,
            small: [...document.querySelectorAll('#builder button, #builder input, #builder select, #source-form button')]
              .map(el => el.getBoundingClientRect()).filter(r => r.width && (r.width < 24 || r.height < 24)).length}))()""")
        assert layout["width"] == 390 and layout["scroll"] <= 390, layout
        assert layout["small"] == 0, layout
        # Run it: the run page shows the trace and the verdict.
        browser.evaluate("document.getElementById('run-button').focus()")
        browser.press("Enter")
        browser.wait_for("location.pathname === '/escenarios/ejecutar' && document.readyState === 'complete'")
        verdict = browser.evaluate("document.querySelector('.verdict') && document.querySelector('.verdict').className")
        text = browser.evaluate("document.querySelector('.verdict').textContent")
        assert verdict is not None and "ok" in verdict.split(), text
        assert "Bruno" in browser.evaluate("document.body.textContent")

        # Playing a spell asks for one target per slot of its definition: the template's Bola de fuego, one.
        browser.goto(f"{server}/escenarios/nuevo?desde=plantilla&ruleset=doce-vidas")
        browser.wait_for("!!document.querySelector('#builder section')")
        _click(browser, "actions|add")
        assert browser.evaluate(f"{_key(browser, 'actions[0].play|')}.value") == "bola"
        assert browser.evaluate("document.querySelectorAll('#builder .slots select').length") == 1
        options = browser.evaluate(f"[...{_key(browser, 'actions[0].targets[0]|')}.options].map(o => o.value)")
        assert options == ["", "Ana", "Bruno", "lobo-ana", "lobo-bruno"], options
        _choose(browser, "actions[0].targets[0]|", "Bruno")
        browser.wait_for("document.querySelector('#builder-summary.good') !== null")
        assert yaml.safe_load(browser.evaluate("document.getElementById('scenario').value"))["actions"] == \
            [{"by": "Ana", "play": "bola", "targets": ["Bruno"]}]
        # A curated magic scenario loads into the same form (drawn from magic's own description) and is valid.
        browser.goto(f"{server}/escenarios/nuevo?desde=magic/01-un-turno-completo-de-enderezar-a-limpieza&lang=en")
        browser.wait_for("document.querySelector('#builder-summary.good') !== null")
        assert browser.evaluate("document.querySelectorAll('#builder li.player').length") == 2
        assert browser.evaluate("document.querySelector('#b-players').textContent") == "Players"
        # magic's damage assignment: the attacker from the creatures, then how much to whom.
        browser.goto(f"{server}/escenarios/nuevo?desde=plantilla&ruleset=magic&lang=en")
        browser.wait_for("!!document.querySelector('#builder section')")
        _click(browser, "actions|add")
        _choose(browser, "actions[0]|verb", "assign")
        _choose(browser, "actions[0].assign.attacker|", "lobo")
        _click(browser, "actions[0].assign.damage|add")
        _choose(browser, "actions[0].assign.damage#0|k", "Bruno")
        _type(browser, "actions[0].assign.damage#0|n", "3")
        browser.wait_for("document.getElementById('format').value === 'yaml' && "
                         "document.getElementById('scenario').value.includes('attacker: lobo')")
        assert yaml.safe_load(browser.evaluate("document.getElementById('scenario').value"))["actions"] == \
            [{"by": "Ana", "assign": {"attacker": "lobo", "damage": {"Bruno": 3}}}]
    finally:
        browser.close()


TEXT_BOX_BAD = "ruleset: doce-vidas\ntitle: Mal\ncards: {}\nplayers:\n  - name: Ana\n    lives: 99\n  - name: Bruno\n"


def test_the_text_box_is_checked_in_every_format(server: str, tmp_path: Path) -> None:
    """Typing in the text box checks it with POST /api/validate, which takes JSON or YAML by their content types
    only (text/plain is a 415): with the format on "detectar" the page picks the type, so the errors still show."""
    as_json = json.dumps(yaml.safe_load(TEXT_BOX_BAD), indent=1)
    browser = DevTools(_chromium(), tmp_path / "profile", width=390, height=844)
    try:
        browser.goto(f"{server}/escenarios/nuevo?lang=es")
        browser.wait_for("!document.getElementById('builder').hidden && !!document.querySelector('#builder section')")
        for fmt, text, line in (("auto", TEXT_BOX_BAD, "línea 6 · "), ("auto", as_json, ""),
                                ("yaml", TEXT_BOX_BAD, "línea 6 · "), ("json", as_json, "")):
            browser.evaluate(f"""(() => {{ document.getElementById('source-errors').replaceChildren();
                document.getElementById('format').value = {json.dumps(fmt)};
                const box = document.getElementById('scenario'); box.value = {json.dumps(text)};
                box.dispatchEvent(new Event('input', {{bubbles: true}})); }})()""")
            browser.wait_for("document.getElementById('source-errors').childElementCount > 0")
            shown = browser.evaluate("[...document.querySelectorAll('#source-errors li')].map(li => li.textContent)")
            assert shown == [f"{line}players[0].lives: se esperaba un entero ≤ 24, no 99"], (fmt, shown)
    finally:
        browser.close()
