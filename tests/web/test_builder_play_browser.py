"""Issue 18, problem 2: "valid" is not "plays". In headless Chromium, a magic combat written without the passes it
needs (an attack in the main phase, a block before the declare-blockers step, a trick cast without priority): the
builder shows the first refused action inside that action, with the rule it cites, and a one-click fix that
inserts the pass the engine needs, visibly, until the game plays it all."""
from __future__ import annotations

import json
from urllib.parse import quote

import pytest
import yaml

from judge.web import drafts

from .builder_ui import click, key_js, scenario_text, wait_built
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
  - {by: Ana, attack: [ogro]}
  - {by: Bruno, block: {trasgo: ogro}}
  - {by: Bruno, cast: crecimiento, targets: [trasgo], tap: [bosque]}
expect:
  - {object: ogro, zone: graveyard}
"""


def _problem(browser: DevTools) -> dict:
    """The first problem drawn in the form: where, which message (id and parameters, as /api/validate's dry run
    gives them), the rule it links and the lines its fix inserts."""
    browser.wait_for("!!document.querySelector('#builder .play-problem')")
    found = browser.evaluate("""(() => { const box = document.querySelector('#builder .play-problem');
        const fix = box.querySelector('button.play-fix');
        return {path: box.closest('fieldset').dataset.path, text: box.textContent, message: box.dataset.message,
                params: box.dataset.params || 'null', fix: fix?.textContent || null,
                inserts: fix?.dataset.actions || 'null',
                rule: box.querySelector('.play-rule a')?.getAttribute('href') || null}; })()""")
    return {**found, "params": json.loads(found["params"]), "inserts": json.loads(found["inserts"])}


def _refused(problem: dict) -> tuple[str, str, dict]:
    """A refused line's problem as (why: the refusal's id, what: the line's message id, its parameters)."""
    assert problem["message"] == "core.illegal", problem
    action = problem["params"]["action"]
    return problem["params"]["reason"]["id"], action["id"], action["params"]


def test_the_builder_shows_what_the_game_refuses_and_inserts_the_passes(server: str, open_browser) -> None:
    browser = open_browser(width=390, height=844)
    token = drafts.encode(COMBAT)
    browser.goto(f"{server}/escenarios/nuevo?ruleset=magic&desde={quote('borrador/' + token)}")
    wait_built(browser)
    # Valid, but not playable as written: the summary says so, not «El escenario es válido».
    browser.wait_for("!!document.querySelector('#builder-summary.warn')")
    assert browser.evaluate("document.querySelector('#builder-summary h3').dataset.message") == "builder.plays_not"
    first = _problem(browser)
    assert first["path"] == "actions[0]"
    # Ana's attack answers no question yet (the declare-attackers step has not begun); 508.1 says when it is asked
    assert _refused(first) == ("magic.illegal.no_question", "magic.action.attack",
                               {"player": "Ana", "attackers": ["ogro"]}) and first["rule"] == "/reglas/508.1"
    assert first["inserts"] == [{"pass_until": "declare_attackers"}] and first["fix"]
    click(browser, "fix|0")
    # The pass is an action of its own in the list, before the attack; the next problem is the block.
    browser.wait_for(f"{key_js('actions[0]|verb')}?.value === 'pass_until'")
    assert browser.evaluate(f"{key_js('actions[0].pass_until|')}.value") == "declare_attackers"
    browser.wait_for("document.querySelector('#builder .play-problem')?.closest('fieldset').dataset.path "
                     "=== 'actions[2]'")
    second = _problem(browser)
    assert second["inserts"] == [{"pass_until": "declare_blockers"}], second
    click(browser, "fix|2")
    browser.wait_for("document.querySelector('#builder .play-problem')?.closest('fieldset').dataset.path "
                     "=== 'actions[4]'")
    third = _problem(browser)
    why, what, params = _refused(third)            # Bruno casts without priority: Ana holds it
    assert (why, what, params["player"]) == ("magic.illegal.priority", "magic.action.cast", "Bruno"), third
    assert third["inserts"] == [{"by": "Ana", "pass": True}], third
    click(browser, "fix|4")
    browser.wait_for("!!document.querySelector('#builder-summary.good')", timeout=30)
    actions = yaml.safe_load(scenario_text(browser))["actions"]
    assert actions == [{"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["ogro"]},
                       {"pass_until": "declare_blockers"}, {"by": "Bruno", "block": {"trasgo": "ogro"}},
                       {"by": "Ana", "pass": True},
                       {"by": "Bruno", "cast": "crecimiento", "targets": ["trasgo"], "tap": ["bosque"]}]
