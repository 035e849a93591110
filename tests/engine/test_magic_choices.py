"""Ruleset.choices (magic/options.py), the builder's lists: the legal values of a line's fields where the game
plays it, read from the functions `apply` checks with (targets.candidates, turn.can_block, the mana planner)."""
from __future__ import annotations

import yaml

from judge.runner.dryrun import dry_run
from judge.scenarios.load import validate_tree

BOARD = """ruleset: magic
title: Listas
cards:
  Grifo: {cost: "{2}{W}", types: [creature], power: 2, toughness: 2, keywords: [flying]}
  Oso: {cost: "{1}{G}", types: [creature], power: 2, toughness: 2}
  Araña: {cost: "{1}{G}", types: [creature], power: 1, toughness: 3, keywords: [reach]}
  Elfo: {cost: "{G}", types: [creature], power: 1, toughness: 1, activated: [{tap: true, effects: [{add_mana: "{G}"}]}]}
  Crecimiento: {cost: "{G}", types: [instant], targets: [creature], effects: [{pump: [3, 3], to: target}]}
players:
  - name: Ana
    battlefield: [{card: Grifo, id: grifo}, {card: Oso, id: oso-ana}]
  - name: Bruno
    hand: [{card: Crecimiento, id: crecimiento}]
    battlefield: [{card: Oso, id: oso}, {card: Araña, id: arana}, {card: Elfo, id: elfo}, {card: Bosque, id: bosque}]
turn: {number: 3, active: Ana, step: main1}
actions:
  - {pass_until: declare_attackers}
  - {by: Ana, attack: [grifo, oso-ana]}
  - {pass_until: declare_blockers}
  - {by: Bruno, block: {arana: grifo}}
  - {by: Ana, pass: true}
  - {by: Bruno, cast: crecimiento, targets: [arana], tap: [bosque]}
"""


def _choices() -> dict:
    return dry_run(validate_tree(yaml.safe_load(BOARD))).choices


def test_attackers_and_blocks_are_the_games() -> None:
    ch = _choices()
    assert ch[1]["question"] == "attackers" and ch[1]["attack"] == ["grifo", "oso-ana"] and ch[1]["target"] == ["Bruno"]
    # 702.9b: only the reach creature can block the flier; every untapped creature can block the bear.
    assert ch[3]["block"] == {"oso": ["oso-ana"], "arana": ["grifo", "oso-ana"], "elfo": ["oso-ana"]}
    assert ch[3]["objects"]["grifo"] == {"card": "Grifo", "zone": "battlefield", "controller": "Ana",
                                         "types": ["creature"]}


def test_a_creature_target_lists_creatures_and_payment_lists_mana_sources() -> None:
    ch = _choices()[5]
    assert ch["targets"] == [["grifo", "oso-ana", "oso", "arana", "elfo"]]     # no land, no player
    # The blocking Spider and the bear cannot pay; the elf (not summoning sick) and the Forest can.
    assert sorted(ch["tap"]) == ["bosque", "elfo"] and len(ch["tap_plan"]) == 1 and ch["tap_plan"][0] in ch["tap"]
    assert ch["objects"]["bosque"]["types"] == ["land"]


def test_without_choices_the_run_is_the_same() -> None:
    scenario = validate_tree(yaml.safe_load(BOARD))
    with_lists, without = dry_run(scenario), dry_run(scenario, choices=False)
    assert without.choices == {} and with_lists.to_json()["problems"] == without.to_json()["problems"]
    assert with_lists.steps == without.steps


def test_a_block_written_before_its_step_names_the_defender_and_its_blockers() -> None:
    """509.1a: once attackers are declared, a block line (here by the wrong player, before declare blockers) is
    offered the defending player and, for each of that player's untapped creatures, the attackers it can block."""
    doc = yaml.safe_load(BOARD)
    doc["actions"] = [doc["actions"][0], doc["actions"][1], {"by": "Ana", "block": {}}]
    ch = dry_run(validate_tree(doc)).choices
    assert ch[2]["by"] == ["Bruno"]
    assert ch[2]["block"] == {"oso": ["oso-ana"], "arana": ["grifo", "oso-ana"], "elfo": ["oso-ana"]}
    # The question asked of a line of its kind names who answers it; a line of another kind is not told so.
    assert _choices()[3]["by"] == ["Bruno"] and _choices()[1]["by"] == ["Ana"]


def test_no_attackers_no_block_choices() -> None:
    doc = yaml.safe_load(BOARD)
    doc["actions"] = [{"by": "Bruno", "block": {}}]
    assert "block" not in dry_run(validate_tree(doc)).choices.get(0, {})
