"""Issue 18, problems 3 to 6, in headless Chromium: a misspelt card name is an error with the closest catalog
names, never a silent new definition, and saving then stays in the builder; picking one fixes the name, and the id the builder made follows the card's
name (`engendro-serpenteante-1`, not `llanura-1`), in the script too; unticking "criatura" drops the P/T it hid."""
from __future__ import annotations


import pytest
import yaml

from .builder_ui import check, choose, click, key_js, scenario_text, type_in, wait_built
from .chromium import DevTools


def _doc(browser: DevTools) -> dict:
    return yaml.safe_load(scenario_text(browser))


def test_a_misspelt_card_is_an_error_with_the_closest_names(server: str, open_browser) -> None:
    browser = open_browser(width=390, height=844)
    browser.goto(f"{server}/escenarios/nuevo?ruleset=magic")
    wait_built(browser)
    click(browser, "players[0].battlefield|add")
    browser.wait_for(f"{key_js('players[0].battlefield[0].id|')}?.value === 'llanura-1'")
    typed = "Engendro serpentante"                  # one letter off the catalog's «Engendro serpenteante»
    type_in(browser, "players[0].battlefield[0].card|", typed)
    error = "#builder .field[data-field=\"players[0].battlefield[0].card\"] .field-error"
    browser.wait_for(f"!!document.querySelector({error!r})")
    assert browser.evaluate(f"document.querySelector({error!r}).dataset.message") == "magic.schema.unknown_card"
    assert f"«{typed}»" in browser.evaluate(f"document.querySelector({error!r}).textContent")
    # the closest catalog name first, offered as a button that uses it
    use = key_js('players[0].battlefield[0].card|use|0')
    assert browser.evaluate(f"{use}.dataset.card") == "Engendro serpenteante"
    assert "«Engendro serpenteante»" in browser.evaluate(f"{use}.textContent")      # its label names it
    # Nothing was defined for the typo; defining it is a button of its own, beside the catalog's names.
    assert not _doc(browser).get("cards")
    define = key_js('players[0].battlefield[0].card|define')
    assert browser.evaluate(f"{define}.dataset.card") == typed and f"«{typed}»" in browser.evaluate(f"{define}.textContent")
    # Saving it now stays in the builder, the errors in view (issue 18, problem 4).
    browser.evaluate("document.getElementById('save-button').click()")
    browser.wait_for("!!document.querySelector('#builder-summary .save-refused')")
    assert browser.evaluate("location.pathname") == "/escenarios/nuevo"
    assert browser.evaluate("document.activeElement.className") == "save-refused"
    # An action naming the permanent by its id, before the name is fixed.
    click(browser, "actions|add")
    choose(browser, "actions[0]|verb", "activate")
    choose(browser, "actions[0].activate|", "engendro-serpentante-1")
    click(browser, "players[0].battlefield[0].card|use|0")
    browser.wait_for(f"{key_js('players[0].battlefield[0].card|')}?.value === 'Engendro serpenteante'")
    doc = _doc(browser)
    assert doc["players"][0]["battlefield"] == [{"card": "Engendro serpenteante", "id": "engendro-serpenteante-1"}]
    assert doc["actions"][0]["activate"] == "engendro-serpenteante-1"
    assert not doc.get("cards")


def test_unticking_creature_drops_its_power_and_toughness(server: str, open_browser) -> None:
    browser = open_browser(width=390, height=844)
    browser.goto(f"{server}/escenarios/nuevo?ruleset=magic")
    wait_built(browser)
    click(browser, "cards|add")
    browser.wait_for(f"!!{key_js('cards.Carta 1.types|creature')}")
    check(browser, "cards.Carta 1.types|creature")
    browser.wait_for(f"!!{key_js('cards.Carta 1.power|')}")
    type_in(browser, "cards.Carta 1.power|", "4")
    browser.wait_for("document.getElementById('scenario').value.includes('power: 4')")
    click(browser, "cards.Carta 1.types|creature")
    browser.wait_for(f"!{key_js('cards.Carta 1.power|')}")
    browser.wait_for("!document.getElementById('scenario').value.includes('power')")
    card = _doc(browser)["cards"]["Carta 1"]
    assert "power" not in card and "toughness" not in card, card
