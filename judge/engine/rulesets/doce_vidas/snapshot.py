"""The board as plain JSON data, after every step (stable key order)."""
from __future__ import annotations

from typing import Any

from judge.engine.rulesets.doce_vidas.stack import card_of, creature_damage, creature_life
from judge.engine.state import GameObject, GameState


def _obj(o: GameObject) -> dict[str, Any]:
    return {"id": o.id, "card": o.card}


def _permanent(state: GameState, o: GameObject) -> dict[str, Any]:
    card = card_of(state, o)
    out: dict[str, Any] = {"id": o.id, "card": o.card, "type": card.type, "tapped": o.tapped}
    if card.is_creature:
        out.update(damage=o.damage, card_damage=creature_damage(state, o), card_life=creature_life(state, o))
    out["attached_to"] = o.attached_to
    return out


def snapshot(state: GameState) -> dict[str, Any]:
    players = []
    for p in state.players:
        entry: dict[str, Any] = {
            "name": p.name, "lives": p.lives, "mana": p.mana, "recycle_cost": getattr(p, "recycle_cost", 1),
            "lost": p.lost,
            "deck": [_obj(o) for o in p.zones["deck"]],
            "hand": [_obj(o) for o in p.zones["hand"]],
            "board": [_permanent(state, o) for o in p.zones["board"]],
            "discard": [_obj(o) for o in p.zones["discard"]],
        }
        if p.zones.get("resolving"):
            entry["resolving"] = [_obj(o) for o in p.zones["resolving"]]
        players.append(entry)
    pending = state.pending
    return {
        "turn": state.turn, "active": state.active, "phase": state.phase, "winner": state.winner,
        "over": state.over, "players": players,
        "pending": None if pending is None else {"kind": pending.kind, "player": pending.player,
                                                 "count": pending.count, "options": list(pending.options)},
    }
