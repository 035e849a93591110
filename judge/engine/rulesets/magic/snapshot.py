"""The magic board as plain JSON data after every step (docs/scenarios.md, "El tablero de magic")."""
from __future__ import annotations

from itertools import compress
from operator import attrgetter, is_, is_not, ne, or_
from typing import Any

from judge.engine.rulesets.magic import layers
from judge.engine.rulesets.magic import keyword
from judge.engine.rulesets.magic.cards import CARD_TYPES
from judge.engine.rulesets.magic.mana import POOL_KEYS, cost_text
from judge.engine.rulesets.magic.state import STEP_NAMES, MagicState, StackItem
from judge.messages import Message, render


_EDIT, _ID = attrgetter("edit"), attrgetter("id")


def _zone(cache: dict, player: str, zone: str, objs: Any) -> list[dict[str, Any]]:
    # Hidden and out-of-play zones rarely change between steps: share the last list while it holds the very same
    # objects in the same order (an object's id and card never change: a zone change makes a new object, 400.7).
    # The very same ZoneList with the same stamp (state.ZoneList.stamp) holds them without comparing them.
    hit = cache.get((player, zone))
    if hit is not None and hit[0] is objs and hit[1] == objs.stamp:
        return hit[3]
    now = tuple(objs)
    if hit is not None and hit[2] == now:
        cache[(player, zone)] = (objs, objs.stamp, now, hit[3])
        return hit[3]
    listed = [{"id": o.id, "card": o.card} for o in objs]
    cache[(player, zone)] = (objs, objs.stamp, now, listed)
    return listed


def _types(state: MagicState, types: set[str], subtypes: tuple[str, ...]) -> str:
    memo = state.caches.type_words
    key = (frozenset(types), subtypes)
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = " ".join(CARD_TYPES.get(t, t) for t in sorted(types)) + (
            f" — {' '.join(subtypes)}" if subtypes else "")
    return hit


def _keywords(state: MagicState, kws: set[str]) -> list[str]:
    registry = keyword.current()
    memo = state.caches.keyword_words
    key = (registry, frozenset(kws))         # a test's registry (keyword.using) names its own keywords
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = sorted(registry.spanish(k) for k in kws)
    return list(hit)


def _entry(state: MagicState, o: Any, c: Any, card: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": o.id, "card": card.name, "controller": o.controller, "owner": o.owner, "tapped": o.tapped,
        "types": _types(state, c.types, c.subtypes),
        "mana_cost": cost_text(card.mana_cost), "colors": list(c.colors),
    }
    if card.name != o.card:
        entry["printed"] = o.card                 # a copy (layer 1) shows the copied name
    if "creature" in c.types:
        entry.update(power=c.power, toughness=c.toughness, damage=o.damage, sick=o.sick)
    entry.update(counters=dict(o.counters), attached_to=o.attached_to, token=o.token,
                 attacking=o.attacking, blocking=list(o.blocking),
                 keywords=_keywords(state, c.keywords))
    return entry


def _field(state: MagicState, cache: dict, entries: dict, objs: tuple) -> list[dict[str, Any]]:
    """The battlefield entries of one player, each reused while nothing it shows changed: the object's fields and
    counters (its edit stamp), its characteristics (the same layers.Chars object: layers.compute keeps it while
    unchanged) and its card."""
    field = []
    copies = state.copies
    for o in objs:
        c = cache[o.id]
        hit = entries.get(o.id)
        # The same copy effects: the same card (state.card; an object's own card never changes, 400.7).
        if hit is not None and hit[0] == o.edit and hit[1] is c and hit[4] is copies:
            field.append(hit[3])
            continue
        card = state.card(o)
        if hit is not None and hit[0] == o.edit and hit[1] is c and hit[2] is card:
            entries[o.id] = (o.edit, c, card, hit[3], copies)
            field.append(hit[3])
            continue
        entry = _entry(state, o, c, card)
        entries[o.id] = (o.edit, c, card, entry, copies)
        field.append(entry)
    return field


def snapshot(state: MagicState) -> dict[str, Any]:
    cache = layers.compute(state)
    # Boards are read-only and shared between steps (structural sharing): a permanent's entry is reused while
    # nothing it shows changed, a player's whole dict while nothing in it changed, and the whole list of players
    # while nothing at all was edited (`state.stamps`: every object and player field, counter, zone and mana pool counts
    # its changes), nor the layers' results or the copy effects changed.
    now = state.stamps.last
    hit = state.caches.snap_board
    if hit is not None and hit[0] == now and hit[1] is cache and hit[2] is state.copies:
        players = hit[3]
    else:
        players = _players(state, cache)
        if hit is not None and len(hit[3]) == len(players) and all(map(is_, hit[3], players)):
            players = hit[3]              # every player's dict as before: the same list too
        state.caches.snap_board = (now, cache, state.copies, players)
    return _board(state, players)


def _players(state: MagicState, cache: dict) -> list[dict[str, Any]]:
    entries = state.caches.snap_perm
    if len(entries) > 5000:
        entries.clear()
    zone_lists = state.caches.snap
    last = state.caches.snap_player
    copies = state.copies
    players = []
    for p in state.players:
        bf = tuple(p.zones["battlefield"])
        # What its battlefield's entries are built from: the objects and their stamps, their characteristics (the
        # layers' Chars objects: layers.compute keeps a permanent's while it is unchanged, even in a new table) and
        # the copy effects (state.card).
        basis = (bf, list(map(_EDIT, bf)), list(map(cache.__getitem__, map(_ID, bf))), copies, cache)
        prev = last.get(p.name)
        if prev is not None and prev[0][3] is copies and prev[0][0] == bf:
            moved = list(map(ne, prev[0][1], basis[1]))
            if prev[0][4] is not cache:     # another table: some permanents' Chars may be others
                moved = list(map(or_, moved, map(is_not, prev[0][2], basis[2])))
            if not any(moved):
                field = prev[3]           # nothing any entry shows changed: the same entries
            else:
                # The same permanents and cards: only those whose edit stamp moved or whose Chars is another are
                # looked at (the others' entries, found at C speed, are the ones before).
                field = list(prev[3])
                for i in compress(range(len(bf)), moved):
                    field[i] = _field(state, cache, entries, (bf[i],))[0]
        else:
            field = _field(state, cache, entries, bf)
        pool = tuple((k, v) for k in POOL_KEYS if (v := p.pool.get(k, 0))) if p.pool else ()  # type: ignore
        scalars = (p.lives, p.lost, pool, p.lands_played)  # type: ignore[attr-defined]
        # The hidden zones as the last board showed them while each is the very same ZoneList at the same stamp
        # (state.ZoneList.stamp), compared at C speed; else each zone's list as `_zone` gives it.
        z = p.zones
        hidden = (z["library"], z["hand"], z["graveyard"], z["exile"])
        at = (hidden[0].stamp, hidden[1].stamp, hidden[2].stamp, hidden[3].stamp)  # type: ignore[attr-defined]
        if prev is not None and prev[5] == at and all(map(is_, prev[6], hidden)):
            zones = prev[2]
        else:
            zones = (_zone(zone_lists, p.name, "library", hidden[0]), _zone(zone_lists, p.name, "hand", hidden[1]),
                     _zone(zone_lists, p.name, "graveyard", hidden[2]), _zone(zone_lists, p.name, "exile", hidden[3]))
        if prev is not None and prev[1] == scalars and all(map(is_, prev[2], zones)) and \
                (prev[3] is field or len(prev[3]) == len(field) and all(map(is_, prev[3], field))):
            last[p.name] = (basis, scalars, zones, prev[3], prev[4], at, hidden)
            players.append(prev[4])
            continue
        entry_p = {
            "name": p.name, "life": p.lives, "lost": p.lost,
            "mana_pool": dict(pool),
            "lands_played": p.lands_played,  # type: ignore[attr-defined]
            "library": zones[0], "hand": zones[1], "graveyard": zones[2], "exile": zones[3],
            "battlefield": field,
        }
        last[p.name] = (basis, scalars, zones, field, entry_p, at, hidden)
        players.append(entry_p)
    return players


def _text(state: MagicState, text: Any) -> str:
    """A stack item's text as the board shows it: a Message rendered once (Messages never change once built;
    keeping it keeps its id()), a plain string as it is."""
    if type(text) is str:
        return text
    memo = state.caches.stack_text
    hit = memo.get(id(text))
    if hit is None or hit[0] is not text:
        if len(memo) > 10_000:
            memo.clear()
        hit = memo[id(text)] = (text, str(text))
    return hit[1]


def _stack_entry(state: MagicState, i: StackItem) -> dict[str, Any]:
    """A stack item's entry on the board, reused while what it shows is the same: its id, its card's object (an
    object's card never changes, 400.7), kind, controller, text (a Message never changes once built: the same
    object) and targets. Boards are read-only, so boards share it (as they share a player's dict)."""
    memo = state.caches.snap_stack
    shows = (i.id, i.obj, i.kind, i.controller, i.text, tuple(i.targets))
    hit = memo.get(id(i))
    if hit is not None and hit[0] is i and hit[1] == shows:
        return hit[2]
    if len(memo) > 5000:
        memo.clear()
    entry = {"id": i.id, "card": i.obj.card if i.obj is not None else None, "kind": "spell" if i.kind == "spell"
             else "ability", "controller": i.controller, "text": _text(state, i.text), "targets": list(i.targets),
             **({"message": i.text.to_json()} if type(i.text) is Message else {})}
    memo[id(i)] = (i, shows, entry)                  # keeping the item keeps its id()
    return entry


def _board(state: MagicState, players: list[dict[str, Any]]) -> dict[str, Any]:
    # `text` in Spanish, and beside it `message` (its id and parameters) so the render layer says it in the trace's
    # language (judge.messages.localize_board).
    stack = [_stack_entry(state, i) for i in state.stack] if state.stack else []
    # A spell being cast (601.2a: already on the stack, its costs not yet all paid) or resolving (popped) is still
    # in the stack zone: show it on top, so every card is in exactly one place on every board.
    listed = None
    for p in state.players:
        for o in p.zones["stack"]:
            if listed is None:
                listed = {i.obj.id for i in state.stack if i.obj is not None}
            if o.id not in listed:
                stack.append({"id": o.id, "card": o.card, "kind": "spell", "controller": o.controller,
                              "text": f"{o.card} ({o.id})", "targets": [], "in_transit": True})
    pending = state.waiting
    return {
        "ruleset": "magic", "turn": state.turn, "active": state.active, "phase": state.phase,
        "phase_label": STEP_NAMES.get(state.phase, state.phase), "priority": state.priority,
        "winner": state.winner, "over": state.over, "players": players, "stack": stack,
        "pending": None if pending is None else {"kind": pending.kind, "player": pending.player,
                                                 "count": pending.count, "options": list(pending.options),
                                                 "prompt": render(pending.prompt),
                                                 **({"prompt_message": pending.prompt.to_json()}
                                                    if type(pending.prompt) is Message else {})},
    }
