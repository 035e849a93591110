"""The change counting the magic engine's caches rest on (a game's Stamps, MagicObject.edit, Counters, ZoneList):
every change is seen, a same-value assignment is not a change, and a board shows a change made in place right away."""
from __future__ import annotations

import dataclasses

from judge.engine import Game
from judge.engine.rulesets.magic.snapshot import snapshot
from judge.engine.rulesets.magic.state import Counters, MagicObject, MagicState, Stamps, ZoneList
from judge.scenarios import load_scenario


def test_an_object_is_built_with_the_dataclass_defaults_and_stamped() -> None:
    o = MagicObject(id="a", card="Osos", owner="Ana", controller="Ana", zone="hand")
    for f in dataclasses.fields(MagicObject):
        if f.name in ("id", "card", "owner", "controller", "zone", "entered_under", "stamps"):
            continue
        default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
        assert getattr(o, f.name) == default, f.name
    assert o.entered_under == "Ana"                    # __post_init__ ran
    assert isinstance(o.counters, Counters) and o.counters.owner is o
    assert o.edit and o.layer_edit
    assert isinstance(o.stamps, Stamps) and o.stamps.last == o.edit     # built alone: a counter of its own


def test_field_counter_and_zone_changes_are_counted() -> None:
    stamps = Stamps()
    o = MagicObject(id="a", card="Osos", owner="Ana", controller="Ana", zone="battlefield", stamps=stamps)
    stamp, layer, before = o.edit, o.layer_edit, stamps.last
    o.tapped = False                                   # the same value: no change
    assert (o.edit, stamps.last) == (stamp, before)
    o.tapped = True                                    # a change no layer reads without a quality
    assert o.edit > stamp and o.layer_edit == layer and stamps.last > before
    stamp = o.edit
    o.counters["+1/+1"] = 1                            # in place: the object holding them is stamped
    assert o.edit > stamp and o.layer_edit > layer
    zone = ZoneList((), stamps)
    before = stamps.last
    zone.append(o)
    assert stamps.last > before
    before = stamps.last
    zone[:] = [o]
    assert stamps.last > before


def test_a_board_shows_a_change_made_in_place() -> None:
    doc = {"ruleset": "magic", "title": "prueba",
           "cards": {"Osos": {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2}},
           "players": [{"name": "Ana", "battlefield": [{"card": "Osos", "id": "osos"}]}, {"name": "Bruno"}],
           "turn": {"number": 3, "active": "Ana", "step": "main1"}}
    state = Game(load_scenario(doc)).state
    assert isinstance(state, MagicState)
    first = snapshot(state)
    assert snapshot(state)["players"] is first["players"]          # nothing changed: shared
    osos = state.obj("osos")
    assert osos is not None
    osos.counters["+1/+1"] = 2                          # no touch(): the board still sees it
    entry = snapshot(state)["players"][0]["battlefield"][0]
    assert entry["counters"] == {"+1/+1": 2}
    state.mplayer("Ana").lives = 7
    assert snapshot(state)["players"][0]["life"] == 7
    state.mplayer("Ana").zones["hand"].append(state.mplayer("Ana").zones["battlefield"].pop())
    board = snapshot(state)
    assert [o["id"] for o in board["players"][0]["hand"]] == ["osos"] and board["players"][0]["battlefield"] == []


def test_a_mana_pool_and_the_zones_count_their_changes() -> None:
    doc = {"ruleset": "magic", "title": "prueba",
           "players": [{"name": "Ana", "mana_pool": {"G": 1}, "hand": [{"card": "Bosque", "id": "b"}]},
                       {"name": "Bruno"}],
           "turn": {"number": 3, "active": "Ana", "step": "main1"}}
    state = Game(load_scenario(doc)).state
    assert isinstance(state, MagicState)
    ana = state.mplayer("Ana")
    snapshot(state)
    before = state.stamps.last
    ana.pool["R"] = 2                                   # in place, as a mana ability adds mana
    assert state.stamps.last > before
    assert snapshot(state)["players"][0]["mana_pool"] == {"G": 1, "R": 2}
    ana.pool.clear()                                    # as a step ends (106.4)
    assert snapshot(state)["players"][0]["mana_pool"] == {}
    ana.pool = {"W": 1}                                 # a new dict counts its changes too
    ana.pool["W"] += 1
    assert snapshot(state)["players"][0]["mana_pool"] == {"W": 2}
    ana.zones["exile"] = list(ana.zones["hand"])        # a zone replaced whole becomes a ZoneList, and counts
    assert isinstance(ana.zones["exile"], ZoneList)
    ana.zones["hand"].clear()
    board = snapshot(state)["players"][0]
    assert ([o["id"] for o in board["exile"]], board["hand"]) == (["b"], [])
