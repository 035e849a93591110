"""snapshot's whole board kept (MagicCaches.snap_whole): the same dict while it shows the same players list, stack
entries, turn, step, priority, outcome and the very same wait; anything else a new board. The kept boards' contents
are checked against boards built from nothing in tests/engine/test_magic_kept_answers.py."""
from __future__ import annotations

from dataclasses import replace

from judge.engine import Game
from judge.engine.rulesets.magic.snapshot import snapshot
from judge.engine.rulesets.magic.state import MagicState
from judge.engine.waiting import WaitingFor
from judge.scenarios import load_scenario

DOC = {"ruleset": "magic", "title": "prueba",
       "cards": {"Osos": {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2}},
       "players": [{"name": "Ana", "battlefield": [{"card": "Bosque", "id": "b1"}, {"card": "Osos", "id": "osos"}]},
                   {"name": "Bruno", "battlefield": [{"card": "Osos", "id": "osos-b"}]}],
       "turn": {"number": 3, "active": "Ana", "step": "main1"}}


def _state() -> MagicState:
    state = Game(load_scenario(DOC)).state
    assert isinstance(state, MagicState)
    return state


def test_the_same_board_while_it_shows_the_same_and_a_new_one_for_any_change() -> None:
    state = _state()
    first = snapshot(state)
    assert snapshot(state) is first
    state.phase = "main2"
    state.touch()
    second = snapshot(state)
    assert second is not first and second["phase"] == "main2" and first["phase"] == "main1"
    state.priority = "Bruno"
    assert snapshot(state) is not second and snapshot(state)["priority"] == "Bruno"
    # A wait with the same fields but another prompt (not in WaitingFor's equality) is another board.
    wait = WaitingFor("attackers", "Ana", ("osos",), "una", ("508.1",))
    state.waiting = wait
    asked = snapshot(state)
    state.waiting = replace(wait, prompt="otra")
    assert snapshot(state) is not asked and asked["pending"]["prompt"] == "una"
    assert snapshot(state)["pending"]["prompt"] == "otra"
