"""What one resolution carries from an instruction to the next (608.2c: the instructions in order, each seeing what
the ones before did): the cards "that card" / "them" refer to, whether "you do", a colour chosen, life paid; the
numbers an effect reads from the game as it resolves (608.2h); and delayed triggered abilities (603.7), which an
effect creates for the objects it linked."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.engine.rulesets.magic import core
from judge.engine.rulesets.magic.cards import Effect, Triggered
from judge.engine.rulesets.magic.choices import Question
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.conditions import EFFECT_KINDS
from judge.engine.rulesets.magic.conditions import holds as holds_now
from judge.engine.rulesets.magic.known import NOTHING_SEEN, Seen
from judge.engine.rulesets.magic.state import MagicState, PendingTrigger
from judge.engine.rulesets.magic.text import describe_effect
from judge.engine.step import Step
from judge.messages import Message


@dataclass
class Linked:
    """One resolution's memory. `objects`: the ids of the cards or permanents the last moving effect touched
    (their new ids, 400.7); `did`: the answer of the last "you may" or payment; `event`: what the triggering object
    was (its last known information, 603.10a), for abilities that say "that creature"."""
    objects: list[str] = field(default_factory=list)
    did: bool | None = None
    color: str = ""
    paid: dict[str, int] = field(default_factory=dict)
    event: Seen = NOTHING_SEEN


# Numbers an effect reads from the game when it is applied (608.2h), beside effects.amount_of's own.
COUNTS = ("linked_power", "linked_of_color", "damage_this_turn", "life_paid")
# Conditions of an instruction that starts with "if" (608.2c): checked as it is reached.
CONDITIONS = ("did", "linked_creature", "linked_noncreature", "most_creatures", "not_most_creatures")


def amount(state: MagicState, e: Effect, ctx: Linked, targets: Sequence[str | None], player: str = "") -> int:
    """The number `e.count` names, read now (608.2h): the power of the linked card as it is now (in the
    graveyard, after a discard), how many linked cards have the chosen colour, the damage dealt to the target player
    this turn, the life `player` paid."""
    c = e.count
    if c == "linked_power":
        cards = [state.objects[r] for r in ctx.objects if r in state.objects]
        return sum(max(0, state.card(o).power or 0) for o in cards if "creature" in state.card(o).types)
    if c == "linked_of_color":
        return sum(1 for r in ctx.objects if r in state.objects and ctx.color in state.card(state.objects[r]).colors)
    if c == "damage_this_turn":
        who = targets[e.target] if e.target < len(targets) else None
        return state.this_turn.damage_to.get(who, 0) if who else 0
    if c == "life_paid":
        return ctx.paid.get(player, 0)
    return 0


def holds(state: MagicState, e: Effect, ctx: Linked, controller: str = "") -> bool:
    if e.condition == "did":
        return bool(ctx.did)
    if e.condition in ("most_creatures", "not_most_creatures"):
        return most_creatures(state, controller) == (e.condition == "most_creatures")
    if e.condition in EFFECT_KINDS:                  # a condition about the game state (conditions.py)
        return holds_now(state, controller, e.condition, e.condition_n, e.condition_arg)
    cards = [state.objects[r] for r in ctx.objects if r in state.objects]
    creature = any("creature" in state.card(o).types for o in cards)
    if e.condition == "linked_creature":
        return creature
    if e.condition == "linked_noncreature":
        return bool(cards) and not creature
    return True


def most_creatures(state: MagicState, player: str) -> bool:
    """"If you control more creatures than each other player": strictly more than every other player still in the
    game (Consejo de las hadas/1: any player with at least as many makes it false)."""
    from judge.engine.rulesets.magic import layers
    cache = layers.compute(state)
    counts = {p.name: 0 for p in state.players if not p.lost}
    for o in state.battlefield():
        c = cache[o.id]
        if "creature" in c.types and c.controller in counts:
            counts[c.controller] += 1
    mine = counts.get(player, 0)
    return all(mine > n for who, n in counts.items() if who != player)


# -- choices made on resolution (608.2d) ----------------------------------------------------------------------------
def pay(state: MagicState, out: list[Step], player: str, e: Effect, source_name: str, ctx: Linked,
        cites: Sequence[str]) -> None:
    """608.2g: an effect offers to pay mana; the mana comes from the pool (floated before with `mana:`). Paying is
    what "if you do" then reads; with too little mana in the pool the payment is not made."""
    from judge.engine.rulesets.magic.mana import cost_text, pay as pay_cost, pool_text
    pool = state.mplayer(player).pool
    left = pay_cost(pool, e.cost)
    if left is None:
        ctx.did = False
        core.emit(state, out, "resolution", player, Message("magic.linked.cant_pay", player=player, cost=cost_text(e.cost),
                                                              source=source_name, pool=pool_text(pool)),
                  [*cites, *cr("608.2g", "118.3")])
        return
    pool.clear()
    pool.update({k: v for k, v in left.items() if v})
    ctx.did = True
    core.emit(state, out, "resolution", player, Message("magic.linked.pays", player=player, cost=cost_text(e.cost),
                                                          source=source_name, pool=pool_text(pool)),
              [*cites, *cr("608.2g", "118.1")])


def pay_life_rounds(state: MagicState, out: list[Step], first: str, source_name: str, ctx: Linked,
                    cites: Sequence[str]) -> None:
    """"Starting with you, each player may pay any amount of life. Repeat this process until no one pays life":
    a player's offer is a choice (608.2d, at most their life total, 119.4); paying lowers the total at once; the
    process ends when every player in turn has paid nothing."""
    order = state.apnap()
    i = order.index(first) if first in order else 0
    order = order[i:] + order[:i]
    quiet, k = 0, 0
    while quiet < len(order) and not state.over:
        who = order[k % len(order)]
        k += 1
        life = max(0, state.mplayer(who).lives)
        q = Question("pay_life", who, tuple(str(n) for n in range(life + 1)), Message(
            "magic.prompt.pay_life", player=who, source=source_name, life=life), tuple(cr("119.4", "608.2d")))

        def valid(ans: Any, life: int = life) -> Any:
            v = ans.values[0] if len(ans.values) == 1 else ""
            if not v.isdigit():
                return (Message("magic.illegal.expected_life"), cr("608.2d"))
            if int(v) > life:
                return (Message("magic.illegal.pay_life_more", n=v, life=life), cr("119.4"))
            return None
        n = int(core.ask(state, out, q, valid).values[0])
        if n == 0:
            quiet += 1
            core.emit(state, out, "resolution", who, Message("magic.linked.pays_no_life", player=who, source=source_name),
                      [*cites, *cr("608.2d")])
            continue
        quiet = 0
        state.mplayer(who).lives -= n
        ctx.paid[who] = ctx.paid.get(who, 0) + n
        from judge.engine.step import Event
        core.emit(state, out, "resolution", who, Message("magic.linked.pays_life", player=who, n=n, source=source_name,
                                                         lives=state.mplayer(who).lives, paid=ctx.paid[who]),
                  [*cites, *cr("119.4", "118.3b")],
                  [Event("life", {"player": who, "delta": -n})])
        # 119.4: paying life is losing it: "whenever a player loses life" sees it (603.2); a payment is not
        # replaced (a life-loss replacement changes only life lost to an effect or damage, docs/scenarios.md)
        core.observe(state, Event("life", {"player": who, "delta": -n, "paid": True}))


# -- delayed triggered abilities (603.7) ----------------------------------------------------------------------------
def create_delayed(state: MagicState, out: list[Step], controller: str, source: str, source_name: str, e: Effect,
                   ctx: Linked, cites: Sequence[str]) -> None:
    """603.7a: a delayed triggered ability created on resolution, waiting in `state.delayed` (core.fire_delayed).
    An ability about "them" / "it" remembers the objects linked now (603.7c); with none of them on the battlefield
    there is nothing for it to do and it is not created. "At end of turn" is the next end step: created once this
    turn's has begun, it waits for the next turn's (603.7b)."""
    about_linked = any(x.to == "linked" for x in e.then)
    objs = [r for r in ctx.objects if r in state.objects and state.objects[r].zone == "battlefield"]
    if about_linked and not objs:
        return
    waits = e.at == "end_step" and state.phase in ("end", "cleanup")
    seen = Seen(linked=tuple(objs), not_before=state.turn + (1 if waits else 0)) if about_linked or waits \
        else NOTHING_SEEN
    state.delayed.append(PendingTrigger(controller, source, source_name, Triggered(when=e.at, effects=e.then,
                                                                                   keyword="delayed"),
                                        seen, len(state.delayed)))
    spell = source in state.objects and state.objects[source].zone == "stack"
    core.emit(state, out, "resolution", controller, Message(
        "magic.linked.delayed", source=source_name, effect=describe_effect(e),
        about=Message("magic.linked.delayed_about", objects=[core.name(state, r) for r in objs]) if objs else "",
        waits=Message("magic.linked.delayed_next_turn") if waits else ""),
        [*cites, *cr("603.7", "603.7a", *(["603.7c"] if objs else []), *(["603.7b"] if waits else []),
                                  # 603.7d/e: a spell's delayed ability has the spell as source; an ability's, its own
                                  "603.7d" if spell else "603.7e")])
