"""The actions doce-vidas's `apply` accepts now (what the fuzzer and a script's `legal` helpers offer): a
representative set, one list of target combinations per card, capped. Above the game's mechanics."""
from __future__ import annotations

import itertools

from judge.engine.rulesets.doce_vidas.actions import Attack, Burn, Discard, EndTurn, Play
from judge.engine.rulesets.doce_vidas.game import alive
from judge.engine.rulesets.doce_vidas.stack import card_of
from judge.engine.rulesets.doce_vidas.state import DoceVidasState
from judge.engine.state import GameObject


def legal_targets(state: DoceVidasState, slot: str, obj: GameObject) -> list[str]:
    players = [p.name for p in alive(state)]
    board = [o for p in state.players for o in p.zones["board"]]
    creatures = [o.id for o in board if card_of(state, o).is_creature]
    return {"any": players + creatures, "player": players, "creature": creatures, "target": creatures,
            "permanent": [o.id for o in board], "attach": [o.id for o in board],
            "relic": [o.id for o in board if card_of(state, o).type == "reliquia"],
            "enchantment": [o.id for o in board if card_of(state, o).type == "encantamiento"]}[slot]


def legal_actions(state: DoceVidasState, cap: int = 24) -> list:
    """The actions `apply` accepts now (a representative set: one target combination list per card, capped)."""
    if state.over:
        return []
    if state.waiting is not None:
        waiting = state.waiting
        return [Discard(by=waiting.player, cards=c) for c in waiting.selections(cap)]
    if state.phase != "accion":
        return []
    actions: list = []
    for p in alive(state):
        mine = p.name == state.active
        for obj in p.zones["hand"]:
            card = card_of(state, obj)
            if (mine or card.type == "instantaneo") and card.cost <= p.mana:
                options = [legal_targets(state, s, obj) for s in card.chosen_slots()]
                for combo in itertools.islice(itertools.product(*options), cap):
                    if card.type == "encantamiento" and combo and combo[0] == obj.id:
                        continue
                    actions.append(Play(by=p.name, card=obj.id, targets=tuple(combo)))
            if mine:
                actions.append(Burn(by=p.name, card=obj.id))
        if mine:
            ready = [o for o in p.zones["board"] if card_of(state, o).is_creature and not o.tapped]
            targets = [q.name for q in alive(state)] + [o.id for q in state.players for o in q.zones["board"]
                                                        if card_of(state, o).is_creature]
            for o in ready:
                actions.extend(Attack(by=p.name, attackers=(o.id,), target=t) for t in targets if t != o.id)
            if len(ready) > 1:
                ids = tuple(o.id for o in ready)
                actions.extend(Attack(by=p.name, attackers=ids, target=t) for t in targets if t not in ids)
            actions.append(EndTurn(by=p.name))
    return actions
