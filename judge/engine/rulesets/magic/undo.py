"""Reversing an action (733.1): what the state was before a cast, an activation or several mana abilities, so a
payment that fails after mana abilities were activated puts everything back as it was.

A journal, not a copy of the game: the fields of every object as it is first changed (MagicObject and Counters
journal themselves while the action runs), and of every player, stack item, continuous effect and pending or
delayed trigger (shallow: their fields are immutable values, or the containers kept here too), and the
containers of the state are copied one level. Restoring puts the same Python objects back with their old fields,
so nothing outside the state holding one of them (a chooser, a cache keyed by object) sees a stranger. Anything
of the state this module does not know is deep-copied as before, so a field added later is still reversed.
"""
from __future__ import annotations

import copy
from operator import is_
from typing import Any

from judge.engine.rulesets.magic.legal import kept_past_reversal
from judge.engine.rulesets.magic.state import MagicState, close_journal, open_journal

# Bookkeeping that is not game state: never saved, never restored (the caches, MagicCaches, the game's edit
# stamps, which only go forward, the run's script and the chooser answering questions).
_NOT_STATE = frozenset({"script", "chooser", "rng", "cards", "chars_cache", "caches", "stamps"})
# Containers of the state copied one level: their items are immutable values or objects journalled below
# (`exiled_until`, `may_play`: tuples of ids, names and turns; `announced_x`: numbers; `control_by`: tuples).
_SHALLOW = frozenset({"objects", "latest", "lki", "stack", "effects", "triggers", "delayed", "first_strikers",
                      "this_turn", "copies", "players", "exiled_until", "may_play", "announced_x", "control_by"})
# Read-only for the whole game, kept as they are: the ruleset (a class) and the catalog's card names injected at
# start (a view of the catalog's names: nothing changes it).
_READ_ONLY = frozenset({"ruleset", "catalog_names"})
_IMMUTABLE = (str, int, float, bool, type(None), frozenset)
_REFILLED = frozenset({"zones", "pool", "restricted"})     # a player's containers kept and refilled in place
_KEPT = _REFILLED | {"stamps"}                             # and its game's stamps, kept as they are


def _all_objects(state: MagicState) -> list[Any]:
    objs = list(state.objects.values())
    if sum(len(zone) for p in state.players for zone in p.zones.values()) != len(objs):
        # Not every object of the zones is in `objects` (or the other way round): both, once each.
        seen = {id(o): o for p in state.players for zone in p.zones.values() for o in zone}
        seen.update((id(o), o) for o in objs)
        objs = list(seen.values())
    return objs


def save(state: MagicState) -> dict[str, Any]:
    """The journal of `state` (see the module's docstring). Objects are journalled as they are first changed
    (state.open_journal): `close` (or `restore`) ends that; with a journal already open in this thread, every
    object is kept now."""
    journal = open_journal(state.stamps)
    if journal is None:
        journal = {id(o): (o, o.__dict__.copy(), o.counters.copy()) for o in _all_objects(state)}
    try:
        return _save(state, journal)
    except BaseException:
        close_journal(state.stamps, journal)       # nothing to reverse to: objects are no longer journalled for it
        raise


def _save(state: MagicState, journal: dict[int, Any]) -> dict[str, Any]:
    items = [*state.stack, *state.effects, *state.triggers, *state.delayed]
    memo: dict[int, Any] | None = None

    def deep(value: Any) -> Any:
        """A field this module does not know: deep-copied, keeping the journalled objects themselves."""
        nonlocal memo
        if isinstance(value, _IMMUTABLE):
            return value
        if memo is None:
            memo = {id(x): x for x in (*_all_objects(state), *state.players, *items, state.cards, state.rng)}
        return copy.deepcopy(value, memo)

    fields: dict[str, Any] = {}
    for name, value in state.__dict__.items():
        if name in _NOT_STATE:
            continue
        if name in _SHALLOW:
            fields[name] = value.copy()
        elif name in _READ_ONLY:
            fields[name] = value
        else:
            fields[name] = deep(value)
    players = []
    for p in state.players:
        # The zones and the mana (pool, restricted mana: colour → amount) are refilled in place on restoring.
        # The zones are saved as plain lists: refilling the player's dict of zones makes them ZoneLists again.
        pf = {k: v if k in _KEPT else deep(v) for k, v in p.__dict__.items()}
        players.append((p, pf, {z: list(objs_) for z, objs_ in p.zones.items()}, dict(p.pool),  # type: ignore
                        dict(p.restricted)))  # type: ignore[attr-defined]
    return {
        "state": fields,
        "rng": state.rng.getstate(),                       # the generator itself is kept; its position restored
        "objects": journal,              # id → (object, fields, counters) before its first change
        "stamps": state.stamps,          # whose journal it is
        "last": state.stamps.last,       # the game as saved: restoring puts it back (legal.kept_past_reversal)
        "players": players,
        # Stack items, effects and triggers: their fields (what a trigger saw, `seen`, is a frozen value: known.py).
        "items": [(x, x.__dict__.copy()) for x in items],
    }


def restore(state: MagicState, saved: dict[str, Any]) -> None:
    """Put `state` back as `save` found it. Versions only go forward: the caches keyed by the versions the
    reversed action used must never match again."""
    close(saved)
    version = state.version + 1
    for o, fields, counters in list(saved["objects"].values()):
        o.__dict__.clear()
        o.__dict__.update(fields)
        # Written straight in, past the Counters hooks (the journal is closed): the object is again what it was at
        # the edit stamps its fields put back, so what is kept by those stamps (the board's entry, the layers'
        # inputs, the state-based check's reads) holds; a counter hook would give it new stamps as if it changed.
        dict.clear(o.counters)
        dict.update(o.counters, counters)
    for p, fields, zones, pool, restricted in saved["players"]:
        p.__dict__.clear()
        p.__dict__.update(fields)
        # A zone the action left as it was keeps its ZoneList, and with it its stamp: what is kept by that very list
        # and stamp (the board's zones, the lister's parts) holds. One with other contents is put back as a new
        # ZoneList (never refilled in place: a kept list's stamp would then stand for other contents).
        now = dict(p.zones)
        p.zones.clear()
        p.zones.update({z: cur if (cur := now.get(z)) is not None and _same(cur, objs) else objs
                        for z, objs in zones.items()})
        p.pool.clear()
        p.pool.update(pool)
        p.restricted.clear()
        p.restricted.update(restricted)
    for x, fields in saved["items"]:
        x.__dict__.clear()
        x.__dict__.update(fields)
    fields = dict(saved["state"])
    for name in ("effects", "copies"):
        # Kept as they are when the action left them so (set_effects replaces them, never changes them in place):
        # what is kept by their identity (the copies for state.card, the effects list) holds.
        cur, was = getattr(state, name), fields.get(name)
        if was is not None and (_same(cur, was) if name == "effects" else
                                list(cur) == list(was) and _same(cur.values(), was.values())):
            fields[name] = cur
    state.__dict__.update(fields)
    state.rng.setstate(saved["rng"])
    state.version = version
    state.stamps.bump()             # fields were written back past the hooks that count edits
    kept_past_reversal(state, saved["last"])


def _same(now: Any, was: Any) -> bool:
    """The very same items in the same order."""
    now, was = list(now), list(was)
    return len(now) == len(was) and all(map(is_, now, was))


def close(saved: dict[str, Any]) -> None:
    """The action is over (or being reversed): objects are no longer journalled for it."""
    close_journal(saved["stamps"], saved["objects"])
