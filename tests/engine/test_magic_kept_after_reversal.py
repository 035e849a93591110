"""The answers the magic engine keeps on the game's stamps (MagicCaches: a hand's cards for the legal-action lister,
a stack item's board entry, the layers' "inputs unchanged" key on Stamps.field_layer / field_edit) are the answers
worked out from nothing: on a game played on, and after a reversal (undo.py, 733.1) put the state back under a
cache that was filled while the reversed action ran."""
from __future__ import annotations

from typing import Any

from judge.engine import Game
from judge.engine.rulesets.magic import Magic, layers, undo
from judge.engine.rulesets.magic.actions import Cast
from judge.engine.rulesets.magic.snapshot import snapshot
from judge.engine.rulesets.magic.cards import Effect
from judge.engine.rulesets.magic.state import ContinuousEffect, MagicCaches, MagicObject, MagicState, Stamps
from judge.scenarios import load_scenario

DOC = {"ruleset": "magic", "title": "prueba",
       "cards": {"Osos": {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2},
                 "Rayo": {"cost": "{R}", "types": ["instant"], "targets": ["any"], "effects": [{"damage": 3}]},
                 "Gigante": {"cost": "{3}{G}{G}", "types": ["creature"], "power": 5, "toughness": 5}},
       "players": [{"name": "Ana", "hand": ["Osos", "Rayo", "Gigante", "Bosque"], "library": ["Bosque", "Isla"],
                    "battlefield": [{"card": "Bosque", "id": "b1"}, {"card": "Bosque", "id": "b2"},
                                    {"card": "Montaña", "id": "m1"}, {"card": "Osos", "id": "osos"}]},
                   {"name": "Bruno", "battlefield": [{"card": "Osos", "id": "osos-b"}]}],
       "turn": {"number": 3, "active": "Ana", "step": "main1"}}


def _game() -> tuple[Game, MagicState]:
    game = Game(load_scenario(DOC))
    assert isinstance(game.state, MagicState)
    return game, game.state


def _answers(state: MagicState) -> tuple[Any, ...]:
    return ([a.to_script() for a in Magic.legal_actions(state)], layers.compute(state), snapshot(state))


def _fresh(state: MagicState) -> tuple[Any, ...]:
    """The answers worked out from scratch: the same game with nothing kept (its caches put back after), so the
    very objects whose answers were kept are the ones asked again."""
    kept = state.caches, state.chars_cache
    state.caches, state.chars_cache = MagicCaches(), None
    try:
        return _answers(state)
    finally:
        state.caches, state.chars_cache = kept


def test_the_kept_answers_are_the_fresh_ones_as_a_game_goes_on() -> None:
    game, state = _game()
    assert _answers(state) == _fresh(state)
    game.play(Cast(by="Ana", card="Rayo", targets=("osos-b",), tap=("m1",)))     # a spell on the stack
    assert state.stack and _answers(state) == _fresh(state)
    hand = state.caches.legal_hand["Ana"]
    assert [o.card for o in hand[4][0]] == ["Bosque"] and [o.card for o, _, _ in hand[4][1]] == ["Osos", "Gigante"]
    assert state.caches.snap_stack                                                 # its entry is kept
    osos = state.obj("osos")
    assert osos is not None
    layers.compute(state)
    state.touch()                       # a new version, nothing the layers read changed: the kept key says so
    assert layers._unchanged(state, state.chars_cache, layers.current().layer_of)  # type: ignore[arg-type]
    osos.counters["+1/+1"] = 1          # a permanent's layer field, no touch(): the key sees it
    state.touch()
    assert not layers._unchanged(state, state.chars_cache, layers.current().layer_of)  # type: ignore[arg-type]
    assert layers.compute(state)["osos"].power == 3
    assert _answers(state) == _fresh(state)
    state.mplayer("Ana").zones["hand"].pop()           # the hand changes in place: listed again
    assert _answers(state) == _fresh(state)


def test_after_a_reversal_no_kept_answer_of_the_reversed_action_is_handed_out() -> None:
    _, state = _game()
    before = _answers(state)
    saved = undo.save(state)
    ana = state.mplayer("Ana")
    osos = state.obj("osos")
    assert osos is not None
    ana.zones["hand"].clear()                          # what the reversed action did, each kept as it ran
    osos.counters["+1/+1"] = 2
    ana.zones["battlefield"].remove(state.obj("b2"))
    state.touch()
    during = _answers(state)
    assert during != before and during == _fresh(state)
    undo.restore(state, saved)
    assert _answers(state) == _fresh(state) == before


def test_a_permanents_change_moves_the_battlefield_stamps_and_another_objects_does_not() -> None:
    stamps = Stamps()
    land = MagicObject(id="b", card="Bosque", owner="Ana", controller="Ana", zone="battlefield", stamps=stamps)
    card = MagicObject(id="h", card="Osos", owner="Ana", controller="Ana", zone="hand", stamps=stamps)
    edit, layer = stamps.field_edit, stamps.field_layer
    assert edit == layer == land.edit                  # a permanent built: its first stamps
    card.counters["+1/+1"] = 1                         # an object of another zone
    card.controller = "Bruno"
    assert (stamps.field_edit, stamps.field_layer) == (edit, layer)
    land.tapped = True                                 # a field no layer reads without a quality
    assert stamps.field_edit == land.edit > edit and stamps.field_layer == layer
    land.counters["-1/-1"] = 1                         # in place
    assert stamps.field_edit == stamps.field_layer == land.layer_edit > layer
    land.controller = "Bruno"
    assert stamps.field_layer == land.layer_edit
    stamps.bump()                                      # a reversal wrote fields back past the hooks
    assert stamps.field_edit == stamps.field_layer == stamps.last


def test_a_reversal_keeps_the_zone_lists_and_effects_the_action_left_as_they_were() -> None:
    # undo.restore: a zone the reversed action did not change is the very same ZoneList at the same stamp (so what is
    # kept by list and stamp holds); a zone it changed comes back as a new list with the saved contents; the effects
    # list and the copy effects are kept when the action left them, put back when it replaced them.
    _, state = _game()
    _answers(state)
    ana = state.mplayer("Ana")
    hand, field, library = ana.zones["hand"], ana.zones["battlefield"], ana.zones["library"]
    was_hand, field_stamp = list(hand), field.stamp
    effects, copies = state.effects, state.copies
    saved = undo.save(state)
    hand.pop()                                         # what the reversed action changed
    state.set_effects([*state.effects])                # the same effects: the list there is stays
    assert state.effects is effects and state.copies is copies
    undo.restore(state, saved)
    assert ana.zones["battlefield"] is field and field.stamp == field_stamp and ana.zones["library"] is library
    assert ana.zones["hand"] is not hand and list(ana.zones["hand"]) == was_hand
    assert state.effects is effects and state.copies is copies
    assert _answers(state) == _fresh(state)
    saved = undo.save(state)
    state.set_effects([])                              # replaced by the action (none were there: the same list)
    assert state.effects is effects
    state.set_effects([ContinuousEffect(Effect("pump", power=1, toughness=1, to="target"), "osos", "Osos", "Ana", 99,
                                        ("osos",))])
    assert state.effects is not effects
    undo.restore(state, saved)
    assert state.effects == effects and state.effects is not effects and _answers(state) == _fresh(state)


def test_a_reversal_gives_an_object_back_the_edit_stamps_of_what_it_was() -> None:
    # undo.restore puts a journalled object's fields and counters back as they were at its saved edit stamps, so it
    # keeps those stamps (the counters are written past their hooks): what is kept by them still holds, and the
    # answers are the fresh ones.
    _, state = _game()
    _answers(state)
    osos = state.obj("osos")
    assert osos is not None
    osos.counters["+1/+1"] = 1
    edit, layer, counters = osos.edit, osos.layer_edit, dict(osos.counters)
    saved = undo.save(state)
    osos.counters["+1/+1"] = 3                         # what the reversed action did
    osos.tapped = True
    assert osos.edit > edit
    undo.restore(state, saved)
    assert (osos.edit, osos.layer_edit, dict(osos.counters), osos.tapped) == (edit, layer, counters, False)
    assert type(osos.counters) is not dict and osos.counters.owner is osos
    assert _answers(state) == _fresh(state)


def test_a_step_begun_sends_the_layers_back_to_their_inputs_only_when_they_read_the_step() -> None:
    # turn.begin touches the state (the layers' version) when the last table read combat status or the game
    # (layers._reads: the step for "unblocked", a static condition's reads); one that read only the permanents is
    # the same table in the next step, without asking whether its inputs changed.
    from judge.engine.rulesets.magic import turn

    _, state = _game()
    table = layers.compute(state)
    assert state.chars_cache is not None and state.chars_cache[3] == (False, frozenset())
    version = state.version
    turn.begin(state, [], "main2")
    assert state.version == version and layers.compute(state) is table
    assert _answers(state) == _fresh(state)
    cached = state.chars_cache
    state.chars_cache = (cached[0], cached[1], cached[2], (True, frozenset()))    # as if a quality read the step
    turn.begin(state, [], "end")
    assert state.version > version
