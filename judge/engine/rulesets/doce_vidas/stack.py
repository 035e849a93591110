"""The stack (dv/stack): the order in which cards are read, and the stats computed from it.

Bonuses are never stored: a creature's damage and life are computed from its card and every card that affects it,
read in the stack order (dv/stack/4): the side of the player concerned first, then the adversaries in turn order;
on each side the creature row left to right, then the row of relics and spells; a card's own stack of
enchantments is read LIFO, newest first, before the card it sits on (dv/stack/2).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from judge.engine.rulesets.doce_vidas import cites as C
from judge.engine.rulesets.doce_vidas.cards import CardDef, Effect
from judge.engine.rulesets.doce_vidas.state import DoceVidasState, TempBoost  # noqa: F401 - TempBoost: its old home
from judge.engine.state import GameObject


def cards(state: DoceVidasState) -> dict[str, CardDef]:
    return state.cards


def card_of(state: DoceVidasState, obj: GameObject) -> CardDef:
    return state.cards[obj.card]


def side_order(state: DoceVidasState, first: str) -> list[str]:
    """Player names: `first`, then the others in seating order after it (dv/stack/4)."""
    names = [p.name for p in state.players]
    i = names.index(first) if first in names else 0
    return names[i:] + names[:i]


def reading_order(state: DoceVidasState, first: str) -> list[GameObject]:
    """Every permanent in play in stack reading order, starting with `first`'s side (dv/stack/2, dv/stack/4)."""
    return _read(state, side_order(state, first))[0]


def reading_keys(state: DoceVidasState) -> dict[str, tuple[str, int]]:
    """Object id -> (the side it is read on, its place in the reading) for every permanent in play: the side is its
    row's player (an enchantment is read on the side of the card it is stacked on). Sorting by (place of the side
    in `side_order(state, first)`, place) gives `reading_order(state, first)`, also after some of them left."""
    order, starts = _read(state, [p.name for p in state.players])
    keys: dict[str, tuple[str, int]] = {}
    for k, (side, start) in enumerate(starts):
        end = starts[k + 1][1] if k + 1 < len(starts) else len(order)
        for i in range(start, end):
            keys[order[i].id] = (side, i)
    return keys


def _read(state: DoceVidasState, sides: list[str]) -> tuple[list[GameObject], list[tuple[str, int]]]:
    """The permanents in play read side by side in the order of `sides`, and where each side's reading starts."""
    board = [o for p in state.players for o in p.zones["board"]]
    on_board = {o.id for o in board}
    stacked: dict[str, list[GameObject]] = {}
    for o in board:
        if o.attached_to is not None and o.attached_to in on_board:
            stacked.setdefault(o.attached_to, []).append(o)
    for pile in stacked.values():
        pile.sort(key=lambda o: -o.timestamp)          # LIFO: the last one stacked is read first

    out: list[GameObject] = []
    starts: list[tuple[str, int]] = []

    def read(obj: GameObject) -> None:
        for above in stacked.get(obj.id, ()):
            read(above)
        out.append(obj)

    for name in sides:
        starts.append((name, len(out)))
        row = state.player(name).zones["board"]
        loose = [o for o in row if o.attached_to is None or o.attached_to not in on_board]
        for o in loose:
            if card_of(state, o).is_creature:
                read(o)
        for o in loose:
            if not card_of(state, o).is_creature:
                read(o)
    return out, starts


def boost_sources(state: DoceVidasState, first: str) -> list[GameObject]:
    """The permanents that give a bonus, in stack reading order from `first`'s side: what `bonuses` reads, without
    the cards that give none (a big board has few of them; reading them all for every creature is quadratic)."""
    return [o for o in reading_order(state, first) if any(e.is_boost for e in card_of(state, o).effects)]


def _applies(state: DoceVidasState, source: GameObject | None, controller: str, effect: Effect,
             creature: GameObject, target_id: str | None = None) -> bool:
    to = effect.to
    if to == "all":
        return True
    if to == "yours":
        return creature.controller == controller
    if to == "theirs":
        return creature.controller != controller
    if to == "enchanted":
        return source is not None and source.attached_to == creature.id
    if to == "self":
        return source is not None and source.id == creature.id
    return to == "target" and target_id == creature.id


def bonuses(state: DoceVidasState, creature: GameObject, kind: str, order: list[GameObject] | None = None
            ) -> list[tuple[str, int]]:
    """(source card name, amount) of every `kind` boost ("boost_damage"/"boost_life") on `creature`, in order.
    `order`: the reading order from the creature's controller's side (all of it, or its `boost_sources`), if
    already computed."""
    out: list[tuple[str, int]] = []
    for src in order if order is not None else boost_sources(state, creature.controller):
        for eff in card_of(state, src).effects:
            if eff.kind == kind and _applies(state, src, src.controller, eff, creature):
                out.append((src.card, eff.amount))
    for tb in state.temp:
        if tb.effect.kind == kind and _applies(state, None, tb.controller, tb.effect, creature, tb.target_id):
            out.append((tb.source, tb.effect.amount))
    return out


def bonus_citations(state: DoceVidasState, creatures: list[GameObject], kind: str) -> list[str]:
    """The passages behind the `kind` bonuses on `creatures`: each source's card type (dv/tipos/reliquias, …),
    dv/stack/2 for what is stacked on the card itself (an enchantment, a spell aimed at it), dv/stack/3 and
    dv/stack/4 for board-wide cards read in order; dv/stack/1 whenever the stack decides. Empty without bonuses."""
    out: list[str] = []

    def add(card: CardDef, effect: Effect) -> None:
        out.append(C.TYPE_CITATION[card.type])
        if effect.to in ("enchanted", "target"):
            out.append(C.STACK_LIFO)
        elif effect.to != "self":
            out.extend([C.STACK_TABLERO, C.STACK_ORDEN])

    for creature in creatures:
        for src in boost_sources(state, creature.controller):
            for eff in card_of(state, src).effects:
                if eff.kind == kind and _applies(state, src, src.controller, eff, creature):
                    add(card_of(state, src), eff)
        for tb in state.temp:
            if tb.effect.kind == kind and _applies(state, None, tb.controller, tb.effect, creature, tb.target_id):
                add(cards(state)[tb.source], tb.effect)
    return list(dict.fromkeys([C.STACK] + out)) if out else []


def bonus_givers(state: DoceVidasState, creatures: list[GameObject]) -> list[GameObject]:
    """The permanents in play whose bonuses (damage or life) apply to any of `creatures`, in reading order."""
    out: list[GameObject] = []
    for creature in creatures:
        for src in boost_sources(state, creature.controller):
            if src not in out and any(e.is_boost and _applies(state, src, src.controller, e, creature)
                                      for e in card_of(state, src).effects):
                out.append(src)
    return out


def creature_damage(state: DoceVidasState, creature: GameObject, order: list[GameObject] | None = None) -> int:
    return card_of(state, creature).damage + sum(a for _, a in bonuses(state, creature, "boost_damage", order))


def creature_life(state: DoceVidasState, creature: GameObject, order: list[GameObject] | None = None) -> int:
    return card_of(state, creature).life + sum(a for _, a in bonuses(state, creature, "boost_life", order))


def explain(state: DoceVidasState, creature: GameObject, kind: str) -> str:
    """"2 + 1 (Estandarte) = 3" in reading order, or just "2" without bonuses."""
    card = card_of(state, creature)
    base = card.damage if kind == "boost_damage" else card.life
    parts = bonuses(state, creature, kind)
    if not parts:
        return str(base)
    return f"{base} " + " ".join(f"+ {a} ({n})" for n, a in parts) + f" = {base + sum(a for _, a in parts)}"


def with_stacks(state: DoceVidasState, leaving: Sequence[GameObject], first: str) -> list[GameObject]:
    """`leaving` plus every enchantment stacked on them (transitively), in stack reading order: the pile on a card
    top first, then the card (dv/stack/2); cards left to right, the `first` player's side first (dv/stack/4).
    They leave play together, so they enter the discard piles in this order (dv/stack/5)."""
    gone = {o.id for o in leaving}
    board = [o for p in state.players for o in p.zones["board"]]
    changed = True
    while changed:
        changed = False
        for o in board:
            if o.id not in gone and o.attached_to in gone:
                gone.add(o.id)
                changed = True
    return [o for o in reading_order(state, first) if o.id in gone]
