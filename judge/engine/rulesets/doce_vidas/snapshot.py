"""The board as plain JSON data, after every step (stable key order)."""
from __future__ import annotations

from typing import Any

from judge.engine.rulesets.doce_vidas.stack import boost_sources, card_of, creature_damage, creature_life
from judge.engine.rulesets.doce_vidas.state import DoceVidasState
from judge.engine.state import GameObject


def _obj(o: GameObject) -> dict[str, Any]:
    return {"id": o.id, "card": o.card}


def _zone(state: DoceVidasState, player: str, zone: str, objs: list[GameObject]) -> list[dict[str, Any]]:
    # Out-of-play zones rarely change between steps: reuse the last snapshot's list when the same cards are there
    # in the same order, so a long run over big decks shares memory instead of copying every deck at every step.
    cache = state.snap
    key = tuple(o.id for o in objs)
    hit = cache.get((player, zone))
    if hit is not None and hit[0] == key:
        return hit[1]
    listed = [_obj(o) for o in objs]
    cache[(player, zone)] = (key, listed)
    return listed


def _permanent(state: DoceVidasState, o: GameObject, order: list[GameObject] | None) -> dict[str, Any]:
    card = card_of(state, o)
    out: dict[str, Any] = {"id": o.id, "card": o.card, "type": card.type, "tapped": o.tapped}
    if card.is_creature:
        out.update(damage=o.damage, card_damage=creature_damage(state, o, order),
                   card_life=creature_life(state, o, order))
    out["attached_to"] = o.attached_to
    return out


def snapshot(state: DoceVidasState) -> dict[str, Any]:
    players = []
    for p in state.players:
        # One reading order of the bonus sources per side, shared by every creature of that side.
        order = boost_sources(state, p.name) if p.zones["board"] else None
        entry: dict[str, Any] = {
            "name": p.name, "lives": p.lives, "mana": p.mana, "recycle_cost": getattr(p, "recycle_cost", 1),
            "lost": p.lost,
            "deck": _zone(state, p.name, "deck", p.zones["deck"]),
            "hand": _zone(state, p.name, "hand", p.zones["hand"]),
            "board": [_permanent(state, o, order) for o in p.zones["board"]],
            "discard": _zone(state, p.name, "discard", p.zones["discard"]),
        }
        if p.zones.get("resolving"):
            entry["resolving"] = [_obj(o) for o in p.zones["resolving"]]
        players.append(entry)
    pending = state.waiting
    return {
        "turn": state.turn, "active": state.active, "phase": state.phase, "winner": state.winner,
        "over": state.over, "players": players,
        "pending": None if pending is None else {"kind": pending.kind, "player": pending.player,
                                                 "count": pending.count, "options": list(pending.options)},
    }
