"""Issue 18, problem 7 (lists): in headless Chromium, the builder's target, payment and blocker lists offer only
what the engine allows where the line stands (the dry run's `choices`, Ruleset.choices), labelled in words: a
«criatura objetivo» spell defaults to a creature, never a player or a land; paying taps the land, not a creature;
a block's pairs say which is the blocker and which the attacker."""
from __future__ import annotations

from urllib.parse import quote

import pytest
import yaml

from judge.web import drafts

from judge.web.i18n import translate

from .builder_ui import choose, click, key_js, scenario_text, wait_built
from .chromium import DevTools

COMBAT = """ruleset: magic
title: Un truco en el combate
cards:
  Ogro gris: {cost: "{2}{R}", types: [creature], power: 3, toughness: 3}
  Trasgo: {cost: "{R}", types: [creature], power: 1, toughness: 1}
  Crecimiento: {cost: "{G}", types: [instant], targets: [creature], effects: [{pump: [3, 3], to: target}]}
players:
  - name: Ana
    battlefield: [{card: Ogro gris, id: ogro}]
  - name: Bruno
    hand: [{card: Crecimiento, id: crecimiento}]
    battlefield: [{card: Trasgo, id: trasgo}, {card: Bosque, id: bosque}]
turn: {number: 3, active: Ana, step: main1}
actions:
  - {pass_until: declare_attackers}
  - {by: Ana, attack: [ogro]}
  - {pass_until: declare_blockers}
  - {by: Bruno, block: {trasgo: ogro}}
  - {by: Ana, pass: true}
"""


def _options(browser: DevTools, key: str) -> list[list[str]]:
    return browser.evaluate(f"[...{key_js(key)}.options].filter(o => o.value).map(o => [o.value, o.textContent])")


def _said(card: str, ref: str, kind: str, player: str) -> str:
    """A legal choice's words as the page says them (builder.choice.object, in Spanish): the card, its id, its
    kind and its controller."""
    return translate("builder.choice.object", "es", card=card, id=ref,
                     kind=translate(f"builder.choice.kind.{kind}", "es"), player=player)


def test_the_lists_offer_what_the_engine_allows_in_words(server: str, open_browser) -> None:
    browser = open_browser(width=1200, height=900)
    token = drafts.encode(COMBAT)
    browser.goto(f"{server}/escenarios/nuevo?ruleset=magic&desde={quote('borrador/' + token)}")
    wait_built(browser)
    # The block's pair: the blocker and the attacker named as such, each in words.
    browser.wait_for(f"{key_js('actions[3].block#0|k')}?.closest('li').textContent.includes('Bloqueadora')")
    # Until the dry run answers, the board's creatures; then the engine's blocker and the attacker it can block.
    browser.wait_for(f"{key_js('actions[3].block#0|k')}?.options.length === 1 && "
                     f"{key_js('actions[3].block#0|v')}?.options.length === 1", timeout=30)
    assert _options(browser, "actions[3].block#0|k") == [["trasgo", _said("Trasgo", "trasgo", "creature", "Bruno")]]
    assert _options(browser, "actions[3].block#0|v") == [["ogro", _said("Ogro gris", "ogro", "creature", "Ana")]]
    # Bruno casts his trick: its one target slot lists the creatures only, a creature chosen for him.
    click(browser, "actions|add")
    choose(browser, "actions[5].by|", "Bruno")
    browser.wait_for(f"!!{key_js('actions[5].cast|')} && [...{key_js('actions[5].cast|')}.options]"
                     ".some(o => o.value === 'crecimiento')")
    choose(browser, "actions[5].cast|", "crecimiento")
    browser.wait_for(f"{key_js('actions[5].targets[0]|')}?.value === 'ogro' || "
                     f"{key_js('actions[5].targets[0]|')}?.value === 'trasgo'", timeout=30)
    targets = _options(browser, "actions[5].targets[0]|")
    assert targets == [["ogro", _said("Ogro gris", "ogro", "creature", "Ana")],
                       ["trasgo", _said("Trasgo", "trasgo", "creature", "Bruno")]]
    # Paying: the Forest the engine plans, not the creature; the list to tap holds no creature.
    browser.wait_for(f"{key_js('actions[5].tap[0]|')}?.value === 'bosque'", timeout=30)
    assert _options(browser, "actions[5].tap[0]|") == [["bosque", _said("Bosque", "bosque", "land", "Bruno")]]
    browser.wait_for("!!document.querySelector('#builder-summary.good')", timeout=30)
    line = yaml.safe_load(scenario_text(browser))["actions"][5]
    assert line["cast"] == "crecimiento" and line["tap"] == ["bosque"] and line["targets"][0] in ("ogro", "trasgo")
