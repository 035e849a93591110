"""733.1: a cast whose payment fails after its mana abilities ran is reversed: judge.engine.rulesets.magic.undo
puts back every field of every object, player, stack item and effect, the zones, the pools and the generator."""
from __future__ import annotations

import random
from collections.abc import KeysView, Mapping
from typing import Any

from judge.engine import Game
from judge.engine.rulesets.magic import undo
from judge.engine.rulesets.magic.actions import Cast
from judge.engine.rulesets.magic.state import MagicState
from judge.scenarios import load_scenario

_SKIP = {"script", "chooser", "chars_cache", "caches", "version", "rng", "edit", "layer_edit", "ruleset", "stamps"}


def _dump(x: Any, seen: dict[int, str]) -> Any:
    """Everything the state holds, as plain values (objects by their fields, shared objects once)."""
    if isinstance(x, (str, int, float, bool, type(None))):
        return x
    if id(x) in seen:
        return seen[id(x)]
    if isinstance(x, (list, tuple)):
        return [_dump(v, seen) for v in x]
    if isinstance(x, (set, frozenset)):
        return sorted(repr(_dump(v, seen)) for v in x)
    if isinstance(x, Mapping):                        # dicts, and the read-only counts of last known information
        return [(k, _dump(v, seen)) for k, v in x.items()]
    if isinstance(x, KeysView):
        return "<the catalog's names>"                # read-only, never changed by a game
    if type(x).__module__.endswith("cards") or isinstance(x, random.Random):
        return f"<{type(x).__name__} {id(x)}>"      # immutable card data, shared
    seen[id(x)] = f"<{type(x).__name__} #{len(seen)}>"
    fields = {k: v for k, v in vars(x).items() if k not in _SKIP}
    if isinstance(x, MagicState):
        fields["rng"] = x.rng.getstate()
    return [type(x).__name__, _dump(fields, seen)]


def test_a_failed_payment_puts_everything_back() -> None:
    doc = {"ruleset": "magic", "title": "prueba",
           "cards": {"Osos": {"cost": "{1}{G}{G}{G}", "types": ["creature"], "power": 2, "toughness": 2},
                     "Rayo": {"cost": "{R}", "types": ["instant"], "targets": ["any"], "effects": [{"damage": 3}]}},
           "players": [{"name": "Ana", "hand": ["Osos", "Rayo"], "library": ["Bosque", "Isla"],
                        "battlefield": [{"card": "Bosque", "id": "b1"}, {"card": "Montaña", "id": "m1"},
                                        {"card": "Osos", "id": "osos", "counters": {"+1/+1": 1}, "damage": 1}],
                        "mana_pool": {"W": 1}},
                       {"name": "Bruno", "battlefield": [{"card": "Osos", "id": "osos-b"}]}],
           "turn": {"number": 3, "active": "Ana", "step": "main1"}}
    game = Game(load_scenario(doc))
    state = game.state
    assert isinstance(state, MagicState)
    game.play(Cast(by="Ana", card="Rayo", targets=("osos-b",), tap=("m1",)))     # something on the stack
    before = _dump(state, {})
    steps = game.play(Cast(by="Ana", card="Osos", tap=("b1",)))    # taps the Forest, then can't pay {1}{G}{G}{G}
    assert [s.kind for s in steps] == ["illegal"] and "cr-en/733.1" in steps[0].citations
    state.steps_taken -= 1                         # the one thing that changed: the `illegal` step was recorded
    assert _dump(state, {}) == before
    saved = undo.save(state)
    # The journal itself: change the state by hand, then restore it.
    osos = state.obj("osos")
    assert osos is not None
    osos.tapped, osos.damage = True, 0
    osos.counters["-1/-1"] = 2
    state.mplayer("Ana").pool["G"] = 5
    state.mplayer("Ana").zones["hand"].clear()
    state.stack.clear()
    state.rng.random()
    version = state.version
    undo.restore(state, saved)
    assert _dump(state, {}) == before
    assert state.version > version                 # caches keyed by version never match a reversed state


def test_objects_are_journalled_as_first_changed_and_a_nested_save_keeps_everything() -> None:
    doc = {"ruleset": "magic", "title": "prueba",
           "players": [{"name": "Ana", "battlefield": [{"card": "Bosque", "id": "b1"},
                                                       {"card": "Bosque", "id": "b2", "counters": {"+1/+1": 1}}]},
                       {"name": "Bruno"}],
           "turn": {"number": 3, "active": "Ana", "step": "main1"}}
    state = Game(load_scenario(doc)).state
    assert isinstance(state, MagicState)
    before = _dump(state, {})
    saved = undo.save(state)
    b1, b2 = state.obj("b1"), state.obj("b2")
    assert b1 is not None and b2 is not None
    assert id(b2) not in saved["objects"]                 # nothing changed yet: nothing journalled
    b2.counters["+1/+1"] += 2                             # its first change is to its counters
    assert id(b2) in saved["objects"] and saved["objects"][id(b2)][2] == {"+1/+1": 1}
    inner = undo.save(state)                              # a journal is open: this one keeps every object now
    assert id(b1) in inner["objects"]
    b1.tapped = True
    undo.restore(state, inner)
    assert not b1.tapped and b2.counters == {"+1/+1": 3}
    b1.tapped = True
    undo.restore(state, saved)
    assert _dump(state, {}) == before
    saved = undo.save(state)                              # the journal was closed: a new one opens
    undo.close(saved)
    b1.tapped = True
    assert id(b1) not in saved["objects"]


def test_a_save_that_fails_leaves_no_journal_open() -> None:
    import threading

    import pytest

    doc = {"ruleset": "magic", "title": "prueba",
           "players": [{"name": "Ana", "battlefield": [{"card": "Bosque", "id": "b1"}]}, {"name": "Bruno"}],
           "turn": {"number": 3, "active": "Ana", "step": "main1"}}
    state = Game(load_scenario(doc)).state
    assert isinstance(state, MagicState)
    # A value deepcopy refuses, in a field of game state undo.py does not know (so it is deep-copied).
    state.__dict__["no_se_copia"] = threading.Lock()
    with pytest.raises(TypeError):
        undo.save(state)
    del state.__dict__["no_se_copia"]
    saved = undo.save(state)
    assert saved["objects"] == {}                             # a new journal, lazy again: the failed one was closed
    undo.close(saved)
