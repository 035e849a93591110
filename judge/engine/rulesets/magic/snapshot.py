"""The magic board as plain JSON data after every step (docs/scenarios.md, "El tablero de magic")."""
from __future__ import annotations

from typing import Any

from judge.engine.rulesets.magic import layers
from judge.engine.rulesets.magic.cards import CARD_TYPES, KEYWORDS
from judge.engine.rulesets.magic.mana import POOL_KEYS, cost_text
from judge.engine.rulesets.magic.state import STEP_NAMES, MagicState


def _zone(state: MagicState, player: str, zone: str, objs: list) -> list[dict[str, Any]]:
    # Hidden and out-of-play zones rarely change between steps: share the last list while the ids are the same.
    # Every change of a zone's contents or order bumps `state.version`: unchanged since, the list is the same.
    cache: dict = state.extra.setdefault("snap", {})
    hit = cache.get((player, zone))
    if hit is not None and hit[2] == state.version:
        return hit[1]
    key = tuple(o.id for o in objs)
    if hit is not None and hit[0] == key:
        cache[(player, zone)] = (key, hit[1], state.version)
        return hit[1]
    listed = [{"id": o.id, "card": o.card} for o in objs]
    cache[(player, zone)] = (key, listed, state.version)
    return listed


_TYPES: dict[tuple, str] = {}
_KEYWORDS: dict[frozenset, list[str]] = {}


def _types(types: set[str], subtypes: tuple[str, ...]) -> str:
    key = (frozenset(types), subtypes)
    hit = _TYPES.get(key)
    if hit is None:
        hit = _TYPES[key] = " ".join(CARD_TYPES.get(t, t) for t in sorted(types)) + (
            f" — {' '.join(subtypes)}" if subtypes else "")
    return hit


def _keywords(kws: set[str]) -> list[str]:
    key = frozenset(kws)
    hit = _KEYWORDS.get(key)
    if hit is None:
        hit = _KEYWORDS[key] = sorted(KEYWORDS.get(k, k) for k in kws)
    return list(hit)


def snapshot(state: MagicState) -> dict[str, Any]:
    cache = layers.compute(state)
    entries: dict = state.extra.setdefault("snap_perm", {})
    if len(entries) > 5000:
        entries.clear()
    players = []
    for p in state.players:
        field = []
        for o in p.zones["battlefield"]:
            # Boards are read-only and shared: the entry of a permanent nothing touched since is reused.
            ekey = (o.id, state.version, o.tapped, o.damage, o.sick, o.attacking, o.blocking, o.controller)
            hit = entries.get(ekey)
            if hit is not None:
                field.append(hit)
                continue
            c = cache[o.id]
            card = state.card(o)
            entry: dict[str, Any] = {
                "id": o.id, "card": card.name, "controller": o.controller, "owner": o.owner, "tapped": o.tapped,
                "types": _types(c.types, c.subtypes),
                "mana_cost": cost_text(card.mana_cost), "colors": list(c.colors),
            }
            if card.name != o.card:
                entry["printed"] = o.card                 # a copy (layer 1) shows the copied name
            if "creature" in c.types:
                entry.update(power=c.power, toughness=c.toughness, damage=o.damage, sick=o.sick)
            entry.update(counters=dict(o.counters), attached_to=o.attached_to, token=o.token,
                         attacking=o.attacking, blocking=list(o.blocking),
                         keywords=_keywords(c.keywords))
            entries[ekey] = entry
            field.append(entry)
        players.append({
            "name": p.name, "life": p.lives, "lost": p.lost,
            "mana_pool": {k: v for k in POOL_KEYS if (v := p.pool.get(k, 0))},  # type: ignore[attr-defined]
            "lands_played": p.lands_played,  # type: ignore[attr-defined]
            "library": _zone(state, p.name, "library", p.zones["library"]),
            "hand": _zone(state, p.name, "hand", p.zones["hand"]),
            "graveyard": _zone(state, p.name, "graveyard", p.zones["graveyard"]),
            "exile": _zone(state, p.name, "exile", p.zones["exile"]),
            "battlefield": field,
        })
    stack = [{"id": i.id, "card": i.obj.card if i.obj is not None else None, "kind": "spell" if i.kind == "spell"
              else "ability", "controller": i.controller, "text": i.text, "targets": list(i.targets)}
             for i in state.stack]
    # A spell being cast (601.2a: already on the stack, its costs not yet all paid) or resolving (popped) is still
    # in the stack zone: show it on top, so every card is in exactly one place on every board.
    listed = {i.obj.id for i in state.stack if i.obj is not None}
    for p in state.players:
        for o in p.zones["stack"]:
            if o.id not in listed:
                stack.append({"id": o.id, "card": o.card, "kind": "spell", "controller": o.controller,
                              "text": f"{o.card} ({o.id})", "targets": [], "in_transit": True})
    pending = state.pending
    return {
        "ruleset": "magic", "turn": state.turn, "active": state.active, "phase": state.phase,
        "phase_label": STEP_NAMES.get(state.phase, state.phase), "priority": state.priority,
        "winner": state.winner, "over": state.over, "players": players, "stack": stack,
        "pending": None if pending is None else {"kind": pending.kind, "player": pending.player,
                                                 "count": pending.count, "options": list(pending.options),
                                                 "prompt": pending.prompt},
    }
