"""The scenario builder in a real browser: Debian's headless Chromium, at a phone's width (390 px), builds a small
doce-vidas scenario through the form without typing YAML (players, a creature on the board, an attack, an
expectation), runs it and reads the verdict. Driven over the DevTools protocol on a pipe (no extra package)."""
from __future__ import annotations

import json

import pytest
import yaml

from judge.messages import Message
from judge.web.builder import descriptions
from judge.web.i18n import translate

from .builder_ui import check, choose, click, key_js, scenario_text, type_in

# The doce-vidas template's spell in hand (the object id the builder's play list starts on).
TEMPLATE_SPELL = next(d for d in descriptions() if d["id"] == "doce-vidas")["template"]["players"][0]["hand"][0]["id"]


def test_build_and_run_a_doce_vidas_scenario_at_390px(server: str, open_browser) -> None:
    browser = open_browser(width=390, height=844)
    browser.goto(f"{server}/escenarios/nuevo?lang=es")
    browser.wait_for("!document.getElementById('builder').hidden && !!document.querySelector('#builder section')")
    # An empty table: two seats (doce-vidas's fewest players); a third one is added, then removed again.
    type_in(browser, "title|", "El lobo ataca")
    click(browser, "players|add")
    assert browser.evaluate("document.querySelectorAll('#builder li.player').length") == 3
    click(browser, "players[2]|remove")
    assert browser.evaluate("document.querySelectorAll('#builder li.player').length") == 2
    # Checked as you go: a value out of bounds is marked on its own field with the validator's message.
    type_in(browser, "players[0].lives|", "99")
    browser.wait_for("!!document.querySelector('#builder .field[data-field=\"players[0].lives\"] .field-error')")
    error = "document.querySelector('#builder .field[data-field=\"players[0].lives\"] .field-error')"
    assert browser.evaluate(f"{error}.dataset.message") == "format.integer_above"      # the validator's message id
    said = browser.evaluate(f"{error}.textContent")
    assert "24" in said and "99" in said                                            # its bound and the value typed
    assert browser.evaluate(f"{key_js('players[0].lives|')}.getAttribute('aria-invalid')") == "true"
    type_in(browser, "players[0].lives|", "12")
    browser.wait_for("!document.querySelector('#builder .field-error')")
    type_in(browser, "players[0].name|", "Ana")
    type_in(browser, "players[1].name|", "Bruno")
    # A creature on Ana's board: a new card name is defined inline, then given its damage in the cards section.
    click(browser, "players[0].board|add")
    type_in(browser, "players[0].board[0].card|", "Lobo gris")
    # A name no card has is an error beside it; the card is defined only when asked to.
    browser.wait_for("!!document.querySelector('#builder .field[data-field=\"players[0].board[0].card\"] .field-error')")
    assert not yaml.safe_load(scenario_text(browser)).get("cards")
    click(browser, "players[0].board[0].card|define")
    type_in(browser, "players[0].board[0].id|", "lobo")
    browser.wait_for(f"!!{key_js('cards.Lobo gris.damage|')}")
    type_in(browser, "cards.Lobo gris.damage|", "2")
    type_in(browser, "cards.Lobo gris.life|", "3")
    # Ana's action phase, then the attack, each field chosen from what is on the board.
    check(browser, "turn|on")
    click(browser, "actions|add")
    choose(browser, "actions[0]|verb", "attack")
    assert browser.evaluate(f"[...{key_js('actions[0].attack[0]|')}.options].map(o => o.value)") == ["lobo"]
    choose(browser, "actions[0].target|", "Bruno")
    # What is expected: Bruno down to 10 lives.
    click(browser, "expect|add")
    choose(browser, "expect[0].player|", "Bruno")
    type_in(browser, "expect[0].lives|", "10")
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
    click(browser, "actions|add")
    assert browser.evaluate(f"{key_js('actions[0].play|')}.value") == TEMPLATE_SPELL
    assert browser.evaluate("document.querySelectorAll('#builder .slots select').length") == 1
    options = browser.evaluate(f"[...{key_js('actions[0].targets[0]|')}.options].map(o => o.value)")
    assert options == ["", "Ana", "Bruno", "lobo-ana", "lobo-bruno"], options
    choose(browser, "actions[0].targets[0]|", "Bruno")
    browser.wait_for("document.querySelector('#builder-summary.good') !== null")
    assert yaml.safe_load(browser.evaluate("document.getElementById('scenario').value"))["actions"] == \
        [{"by": "Ana", "play": TEMPLATE_SPELL, "targets": ["Bruno"]}]
    # A curated magic scenario loads into the same form (drawn from magic's own description) and is valid.
    browser.goto(f"{server}/escenarios/nuevo?desde=magic/01-un-turno-completo-de-enderezar-a-limpieza&lang=en")
    browser.wait_for("document.querySelector('#builder-summary.good') !== null")
    assert browser.evaluate("document.querySelectorAll('#builder li.player').length") == 2
    assert browser.evaluate("document.querySelector('#b-players').textContent") == "Players"
    # magic's damage assignment: the attacker from the creatures, then how much to whom.
    browser.goto(f"{server}/escenarios/nuevo?desde=plantilla&ruleset=magic&lang=en")
    browser.wait_for("!!document.querySelector('#builder section')")
    click(browser, "actions|add")
    choose(browser, "actions[0]|verb", "assign")
    choose(browser, "actions[0].assign.attacker|", "lobo")
    click(browser, "actions[0].assign.damage|add")
    choose(browser, "actions[0].assign.damage#0|k", "Bruno")
    type_in(browser, "actions[0].assign.damage#0|n", "3")
    browser.wait_for("document.getElementById('format').value === 'yaml' && "
                     "document.getElementById('scenario').value.includes('attacker: lobo')")
    assert yaml.safe_load(browser.evaluate("document.getElementById('scenario').value"))["actions"] == \
        [{"by": "Ana", "assign": {"attacker": "lobo", "damage": {"Bruno": 3}}}]


TEXT_BOX_BAD = "ruleset: doce-vidas\ntitle: Mal\ncards: {}\nplayers:\n  - name: Ana\n    lives: 99\n  - name: Bruno\n"


def test_the_text_box_is_checked_in_every_format(server: str, open_browser) -> None:
    """Typing in the text box checks it with POST /api/validate, which takes JSON or YAML by their content types
    only (text/plain is a 415): with the format on "detectar" the page picks the type, so the errors still show."""
    as_json = json.dumps(yaml.safe_load(TEXT_BOX_BAD), indent=1)
    browser = open_browser(width=390, height=844)
    browser.goto(f"{server}/escenarios/nuevo?lang=es")
    browser.wait_for("!document.getElementById('builder').hidden && !!document.querySelector('#builder section')")
    at_line = f"{translate('builder.line', 'es', n=6)} · "      # YAML errors name their line; JSON ones do not
    too_many = Message("format.integer_above", max=24, got=99).render()
    for fmt, text, line in (("auto", TEXT_BOX_BAD, at_line), ("auto", as_json, ""),
                            ("yaml", TEXT_BOX_BAD, at_line), ("json", as_json, "")):
        browser.evaluate(f"""(() => {{ document.getElementById('source-errors').replaceChildren();
            document.getElementById('format').value = {json.dumps(fmt)};
            const box = document.getElementById('scenario'); box.value = {json.dumps(text)};
            box.dispatchEvent(new Event('input', {{bubbles: true}})); }})()""")
        browser.wait_for("document.getElementById('source-errors').childElementCount > 0")
        shown = browser.evaluate("[...document.querySelectorAll('#source-errors li')].map(li => li.textContent)")
        assert shown == [f"{line}players[0].lives: {too_many}"], (fmt, shown)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_table_emptied_by_a_change_of_game_is_titled_in_the_pages_language(server: str, open_browser,
                                                                             lang: str) -> None:
    # The script's emptyDocument titles the new table with the page's builder.default_title (issue 17).
    browser = open_browser(width=390, height=844)
    browser.goto(f"{server}/escenarios/nuevo?desde=plantilla&ruleset=doce-vidas&lang={lang}")
    browser.wait_for("!document.getElementById('builder').hidden && !!document.querySelector('#builder section')")
    choose(browser, "ruleset|", "magic")
    title = json.dumps(translate("builder.default_title", lang))
    browser.wait_for(f"{key_js('title|')} && {key_js('title|')}.value === {title}")
    assert yaml.safe_load(scenario_text(browser))["title"] == translate("builder.default_title", lang)
