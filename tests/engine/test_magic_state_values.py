"""The magic state's typed values: last known information is a frozen LastKnown that carries what 608.2h reads
(known.py), a trigger carries a frozen Seen; each game counts its own edit stamps and keeps its own journal
(state.Stamps), so two games, interleaved in two threads, share neither."""
from __future__ import annotations

import copy
import dataclasses
import threading
from operator import is_
from collections.abc import Iterator
from typing import Any

import pytest

from judge.engine import Game
from judge.engine.rulesets.magic import undo
from judge.engine.rulesets.magic.known import LastKnown, Seen
from judge.engine.rulesets.magic.state import EditedDict, MagicState, ZoneList
from judge.scenarios import load_scenario

MARTIR = {"cost": "{1}{W}", "types": ["creature"], "colors": ["W"], "power": 2, "toughness": 2,
          "triggers": [{"when": "dies", "effects": [{"gain_life": 1, "count": "source_power"}]}]}
CRECER = {"cost": "{G}", "types": ["instant"], "targets": ["creature"], "effects": [{"pump": [3, 3], "to": "target"}]}
IRA = {"cost": "", "types": ["sorcery"], "effects": [{"destroy": True, "to": "all_creatures"}]}
PASS = [{"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}]
OSOS = {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2}


def _game(doc: dict[str, Any]) -> tuple[Game, MagicState]:
    game = Game(load_scenario({"ruleset": "magic", "title": "valores", **doc}))
    assert isinstance(game.state, MagicState)
    return game, game.state


def _martir_died() -> tuple[Game, MagicState]:
    """Ana's 2/2 Mártir with a +1/+1 counter, pumped to 6/6 (Crecer), dies to Ira: its dies trigger waits on the
    stack, and Crecer's pump has ended with the object that left (400.7)."""
    game, state = _game({"cards": {"Martir": MARTIR, "Crecer": CRECER, "Ira": IRA},
                         "players": [{"name": "Ana", "mana_pool": "G", "hand": ["Crecer", "Ira"],
                                      "battlefield": [{"card": "Martir", "id": "martir", "counters": {"+1/+1": 1}}]},
                                     {"name": "Bruno"}],
                         "turn": {"number": 3, "active": "Ana", "step": "main1"},
                         "actions": [{"by": "Ana", "cast": "Crecer", "target": "martir"}, *PASS,
                                     {"by": "Ana", "cast": "Ira"}, *PASS]})
    for action in game.scenario.actions:
        game.play(action)
    return game, state


def test_last_known_information_is_frozen_and_carries_what_608_2h_reads() -> None:
    """608.2h / 113.7a: the object as it last existed on the battlefield: power and toughness through the layers
    (a pump that has ended since still counts), counters, controller, colours, types, its copiable values and the
    triggered abilities it had (603.10a). Nothing done later changes it, and nothing can change it."""
    _, state = _martir_died()
    lki = state.lki["martir"]
    assert isinstance(lki, LastKnown)
    assert (lki.id, lki.card, lki.controller, lki.owner, lki.zone) == ("martir", "Martir", "Ana", "Ana", "battlefield")
    assert (lki.power, lki.toughness) == (6, 6)
    assert dict(lki.counters) == {"+1/+1": 1}
    assert "creature" in lki.types and "W" in lki.colors and not lki.token and not lki.abilities_lost
    assert lki.copiable is not None and lki.copiable.name == "Martir"
    assert [t.when for t in lki.triggers] == ["dies"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        lki.power = 2                                               # type: ignore[misc]
    with pytest.raises(TypeError):
        lki.counters["+1/+1"] = 5                                   # type: ignore[index]
    assert copy.deepcopy(lki) is lki and copy.copy(lki) is lki      # a copy of the game shares it
    card = state.obj("martir")                                      # the card in the graveyard (400.7)
    assert card is not None and card.zone == "graveyard"
    card.counters["+1/+1"] = 4                                      # a later change of the new object…
    assert dict(state.lki["martir"].counters) == {"+1/+1": 1}       # …is not what the one that left was


def test_a_trigger_carries_a_frozen_seen_with_its_sources_last_known_information() -> None:
    """603.10a: the dies trigger's source is the object that left, read through its last known information;
    `source_now` is the card it became (400.7). What it carries is frozen from the trigger event to resolution."""
    _, state = _martir_died()
    item = state.stack[-1]
    assert item.kind == "trigger" and item.source == "martir"
    assert isinstance(item.seen, Seen)
    assert item.seen.obj is state.lki["martir"] and item.seen.source_now == "martir~2"
    assert item.seen.counters == state.lki["martir"].counters
    with pytest.raises(dataclasses.FrozenInstanceError):
        item.seen.that = "otro"                                     # type: ignore[misc]


def _edit(state: MagicState, oid: str, times: int, turns: Iterator[None]) -> list[int]:
    """Tap and untap `oid` `times` times, waiting for its turn before each change; the game's stamps after each."""
    o = state.obj(oid)
    assert o is not None
    seen = []
    for _ in range(times):
        next(turns)
        o.tapped = not o.tapped
        state.mplayer(o.controller).zones["hand"].reverse()         # a zone changes in place too
        seen.append(state.stamps.last)
    return seen


def test_two_games_in_threads_with_interleaved_edits_share_no_stamps() -> None:
    """Each game's changes take the next number of its own counter: two games edited in two threads, their
    changes interleaved one by one, each count exactly their own (two stamps per round: the object, the zone)."""
    doc = {"cards": {"Osos": OSOS},
           "players": [{"name": "Ana", "hand": ["Osos", "Osos"], "battlefield": [{"card": "Osos", "id": "osos"}]},
                       {"name": "Bruno"}],
           "turn": {"number": 3, "active": "Ana", "step": "main1"}}
    (_, a), (_, b) = _game(doc), _game(doc)
    assert a.stamps is not b.stamps
    rounds = 200
    turn = [threading.Semaphore(1), threading.Semaphore(0)]         # A, then B, then A… one change at a time

    def turns(mine: int) -> Iterator[None]:
        while True:
            turn[mine].acquire()
            yield
            turn[1 - mine].release()

    start_a, start_b = a.stamps.last, b.stamps.last
    results: dict[str, list[int]] = {}
    errors: list[BaseException] = []

    def play(name: str, state: MagicState, mine: int) -> None:
        try:
            results[name] = _edit(state, "osos", rounds, turns(mine))
        except BaseException as exc:          # reported below: a thread's failure must fail the test
            errors.append(exc)
        finally:
            turn[1 - mine].release()

    threads = [threading.Thread(target=play, args=("a", a, 0)), threading.Thread(target=play, args=("b", b, 1))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors, errors
    assert results["a"] == [start_a + 2 * n for n in range(1, rounds + 1)]
    assert results["b"] == [start_b + 2 * n for n in range(1, rounds + 1)]


def test_a_reversal_journals_and_restores_only_its_own_game() -> None:
    """undo.save opens the journal of its game only (733.1): a change to another game meanwhile is neither
    journalled nor reversed."""
    doc = {"cards": {"Osos": OSOS},
           "players": [{"name": "Ana", "battlefield": [{"card": "Osos", "id": "osos"}]}, {"name": "Bruno"}],
           "turn": {"number": 3, "active": "Ana", "step": "main1"}}
    (_, a), (_, b) = _game(doc), _game(doc)
    saved = undo.save(a)
    assert a.stamps.journal is not None and b.stamps.journal is None
    osos_a, osos_b = a.obj("osos"), b.obj("osos")
    assert osos_a is not None and osos_b is not None
    osos_a.tapped = osos_b.tapped = True
    assert set(a.stamps.journal) == {id(osos_a)}
    before = a.stamps.last
    undo.restore(a, saved)
    assert (osos_a.tapped, osos_b.tapped) == (False, True)
    assert a.stamps.journal is None and a.stamps.last > before      # stamps only go forward


def test_a_copy_of_the_game_made_while_a_reversal_is_open_leaves_that_reversal_whole() -> None:
    """A deep copy of the game made mid-action (733.1: its journal open) has stamps, counters and no journal of its
    own: changing the copy journals nothing of it in the original's reversal, and restoring the original puts the
    original back, counters included, and leaves the copy as it is."""
    doc = {"cards": {"Osos": OSOS},
           "players": [{"name": "Ana", "battlefield": [{"card": "Osos", "id": "osos"}]}, {"name": "Bruno"}],
           "turn": {"number": 3, "active": "Ana", "step": "main1"}}
    _, state = _game(doc)
    saved = undo.save(state)
    osos = state.obj("osos")
    assert osos is not None
    osos.counters["+1/+1"] = 2                         # journalled as it was: no counters
    twin = copy.deepcopy(state)
    assert twin.stamps is not state.stamps and twin.stamps.journal is None and twin.stamps.last == state.stamps.last
    assert _counts_on_its_game(twin) is None
    twin_osos = twin.obj("osos")
    assert twin_osos is not None and twin_osos.counters == {"+1/+1": 2} and twin_osos.counters is not osos.counters
    twin_osos.counters["+1/+1"] = 5
    twin_osos.tapped = True
    assert set(state.stamps.journal) == {id(osos)} and osos.counters == {"+1/+1": 2}
    undo.restore(state, saved)
    assert osos.counters == {} and not osos.tapped
    assert twin_osos.counters == {"+1/+1": 5} and twin_osos.tapped


def _counts_on_its_game(state: MagicState) -> str | None:
    """Every object, player, zone and pool of the game counts its changes on the game's own stamps."""
    for o in state.objects.values():
        if o.stamps is not state.stamps:
            return f"{o.id} counts on other stamps"
    for p in state.players:
        containers = [p.zones, *p.zones.values(), p.pool, p.restricted]  # type: ignore[attr-defined]
        if p.stamps is not state.stamps or any(c.stamps is not state.stamps for c in containers):  # type: ignore
            return f"{p.name} or one of their zones or pools counts on other stamps"
        if type(p.zones) is not EditedDict or any(type(z) is not ZoneList for z in p.zones.values()):
            return f"{p.name}'s zones are not counted"
    return None


def test_every_object_player_zone_and_pool_of_a_played_game_counts_on_its_games_stamps(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Checked after every action of random games (new objects, tokens, zone changes, reversed payments)."""
    from judge.runner import fuzz_magic
    checks = [*fuzz_magic.STATE_INVARIANTS, lambda game, ledger: _counts_on_its_game(game.state)]
    monkeypatch.setattr(fuzz_magic, "STATE_INVARIANTS", checks)
    report = fuzz_magic.fuzz(3, 5, step_limit=400)
    assert report.broken is None, report.broken
    _, state = _martir_died()
    assert _counts_on_its_game(state) is None


def test_cards_of_is_card_of_each_object_with_and_without_copy_effects() -> None:
    """MagicState.cards_of (the loops over a whole zone) hands out the very CardDef `card` gives each object, in
    order: without copy effects, and with one (707.2, layer 1: the copy's card is the copied one), a token's own
    definition (its `face`) included."""
    game, state = _martir_died()
    objs = list(state.objects.values())
    assert not state.copies and len(objs) >= 3
    assert all(map(is_, state.cards_for(objs), map(state.card, objs)))
    state.copies = {objs[0].id: state.card(objs[1])}          # as set_effects would for a become_copy effect
    objs[2].face = state.card(objs[1])
    cards = state.cards_for(objs)
    assert cards[0] is state.card(objs[1]) and cards[2] is objs[2].face
    assert all(map(is_, cards, map(state.card, objs)))
