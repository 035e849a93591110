"""The turn (500–514): steps in order with their turn-based actions, mana pools emptying between steps (500.5,
106.4), effects ending, and combat (506–511): attackers, blockers, first strike, damage assignment, trample."""
from __future__ import annotations

from typing import Any

from judge.engine.rulesets.magic import core, keyword, layers, priority
from judge.engine.rulesets.magic.actions import Assign, Attack, Block
from judge.engine.rulesets.magic.choices import Question
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.messages import phase
from judge.engine.rulesets.magic.state import COMBAT_STEPS, STEP_RULES, STEPS, MagicState
from judge.engine.step import Event, Step
from judge.messages import Message

MAX_HAND = 7
NO_PRIORITY = ("untap", "cleanup")


def end_step(state: MagicState, out: list[Step]) -> None:
    """500.5: as a step ends, "until end of" effects of it end and mana pools empty (106.4)."""
    emptied = []
    for p in state.players:
        pool = p.pool  # type: ignore[attr-defined]
        restricted = p.restricted  # type: ignore[attr-defined]   # mana only for {X} costs empties too (106.4)
        if any(pool.values()) or any(restricted.values()):
            from judge.engine.rulesets.magic.mana import pool_text
            both = {k: pool.get(k, 0) + restricted.get(k, 0) for k in {*pool, *restricted}}
            emptied.append(f"{p.name} ({pool_text(both)})")
            pool.clear()
            restricted.clear()
    if emptied:
        core.emit(state, out, "turn-based", None, Message("magic.turn.pools_emptied", step=phase(state.phase),
                                                          pools=emptied), cr("500.5", "106.4"),
                  [Event("mana", {"emptied": [e.split(" ")[0] for e in emptied]})])
    if state.phase == "end_of_combat":
        ended = [ce for ce in state.effects if ce.duration == "end_of_combat"]
        state.set_effects([ce for ce in state.effects if ce.duration != "end_of_combat"])
        for o in state.battlefield():
            o.attacking, o.blocking, o.blocked = None, (), False
        state.touch()                        # "attacking creatures you control" no longer names them
        core.emit(state, out, "turn-based", None, Message(
            "magic.turn.combat_ends", ended=Message("magic.turn.combat_effects_end", count=len(ended)) if ended else ""),
                  cr("511.3", "500.5a"))


def _any_first_strike(state: MagicState) -> bool:
    cache = layers.compute(state)
    first = keyword.current().strikes_first
    return any(not first.isdisjoint(cache[o.id].keywords) for o in state.battlefield() if o.attacking or o.blocking)


def _attackers(state: MagicState) -> list:
    return [o for o in state.battlefield() if o.attacking]


def advance(state: MagicState, out: list[Step]) -> None:
    """500.2: all players passed with the stack empty: the step ends and the next one begins."""
    end_step(state, out)
    i = STEPS.index(state.phase)
    while True:
        i += 1
        if i >= len(STEPS):
            if state.phase == "cleanup":
                # 514.3a: players received priority in the cleanup step; once the stack is empty and all pass,
                # another cleanup step begins (not the next turn).
                begin(state, out, "cleanup", again=True)
                return
            new_turn(state, out)
            return
        step = STEPS[i]
        if step in ("declare_blockers", "first_strike_damage", "combat_damage") and not _attackers(state):
            continue                                              # 508.8
        if step == "first_strike_damage" and not _any_first_strike(state):
            continue                                              # 510.4: only with first or double strike
        begin(state, out, step)
        return


def new_turn(state: MagicState, out: list[Step]) -> None:
    nxt = priority.next_player(state, state.active)
    state.turn += 1
    state.active = nxt
    for p in state.players:
        p.lands_played = 0  # type: ignore[attr-defined]
    state.this_turn.clear()
    state.touch()              # what static conditions read of this turn (spells cast, conditions.py) starts again
    state.first_strikers.clear()
    state.double_strikers = frozenset()
    begin(state, out, "untap")


def begin(state: MagicState, out: list[Step], step: str, again: bool = False) -> None:
    """A step begins: its turn-based actions, "at the beginning of" triggers (500.6), then priority (117.3a).
    `again`: another cleanup step after players received priority in one (514.3a)."""
    state.phase = step
    state.passes = 0
    # What "unblocked" means depends on the step (qualities.py), and a static condition may read the step or the
    # game (conditions.STATIC_READS): the layers' table is worked out again unless the last one read neither
    # (layers._reads: only the permanents, their counters and the effects; the untap step's `tapped` and `sick`
    # are state.LAYER_BLIND, read then only through a quality, which the same reads tell).
    cached = state.chars_cache
    if cached is None or cached[3][0] or cached[3][1]:
        state.touch()
    rule = STEP_RULES[step]
    if step == "untap":
        mine = [o for o in state.battlefield() if o.controller == state.active]
        for o in mine:
            o.sick = False                      # 302.6: controlled continuously since this turn began
        cache = layers.compute(state)
        held_by = keyword.current().no_untap
        held = [o for o in mine if o.tapped and not held_by.isdisjoint(cache[o.id].keywords)]
        tapped = [o for o in mine if o.tapped and o not in held]
        for o in tapped:
            o.tapped = False
        untapped = [Event("untap", {"object": o.id}) for o in tapped]
        ids = [o.id for o in tapped]
        what = Message("magic.turn.untap_one" if len(tapped) == 1 else "magic.turn.untap_many", ids=ids) \
            if tapped else Message("magic.turn.untap_none")
        core.emit(state, out, "turn-based", state.active, Message(
            "magic.turn.untap", turn=state.turn, player=state.active, what=what,
            held=Message("magic.turn.untap_held", ids=[o.id for o in held]) if held else ""),
                  cr("500.1", "502.3", "302.6"), untapped)
        for e in untapped:                      # "whenever it becomes untapped" triggers now, waits for priority
            core.observe(state, e)
        begin(state, out, "upkeep")             # 502.4: no player receives priority in the untap step
        return
    core.emit(state, out, "turn-based", state.active, Message(
        "magic.turn.begin_again" if again else "magic.turn.begin", step=phase(step, again), turn=state.turn,
        player=state.active),
              cr(rule, *(["117.3a"] if step != "cleanup" else []), *(["514.3a"] if again else [])),
              [Event("step", {"step": step, "active": state.active})])
    if step == "end":
        core.fire_delayed(state, "end_step")     # 603.7b: delayed "at end of turn" abilities trigger now
    if step in ("upkeep", "end"):
        core.observe(state, Event("step", {"step": "upkeep" if step == "upkeep" else "end_step"}))
    if step == "end_of_combat":
        core.fire_delayed(state, "end_of_combat")
    if step == "draw":
        core.draw(state, out, state.active, 1, Message("magic.draw.turn"), cr("504.1"), kind="turn-based")
    elif step == "declare_attackers":
        declare_attackers(state, out)
        if not _attackers(state):
            priority.settle(state, out)
            if not state.stack and not state.over:
                core.emit(state, out, "turn-based", state.active, Message("magic.turn.no_attackers"), cr("508.8"))
    elif step == "declare_blockers":
        declare_blockers(state, out)
    elif step in ("first_strike_damage", "combat_damage"):
        combat_damage(state, out, first=step == "first_strike_damage")
    elif step == "cleanup":
        cleanup(state, out)
        return
    if not state.over:
        priority.give_priority(state, out, state.active)


def cleanup(state: MagicState, out: list[Step]) -> None:
    """514.1 discard to hand size; 514.2 damage wears off and "until end of turn" effects end; 514.3a."""
    p = state.mplayer(state.active)
    hand = p.zones["hand"]
    if len(hand) > MAX_HAND:
        n = len(hand) - MAX_HAND
        ids = [o.id for o in hand]
        q = Question("discard", p.name, tuple(ids), Message("magic.prompt.discard_to_hand_size", player=p.name, n=n,
                                                           max=MAX_HAND, options=ids), tuple(cr("514.1")), min=n, max=n)

        def valid(ans: Any) -> Any:
            if len(ans.values) != n or len(set(ans.values)) != n or any(v not in ids for v in ans.values):
                return (Message("magic.illegal.expected_hand_cards", n=n), cr("514.1"))
            return None
        for ref in core.ask(state, out, q, valid).values:
            core.move(state, out, state.objects[ref], "graveyard", cites=cr("514.1", "701.9a"),
                      why=Message("magic.why.hand_size"), kind="turn-based", actor=p.name)
    before = len(out)
    damaged = [o for o in state.battlefield() if o.damage]
    for o in damaged:
        o.damage = 0
    ended = [ce for ce in state.effects if ce.duration == "end_of_turn"]
    state.set_effects([ce for ce in state.effects if ce.duration != "end_of_turn"])
    core.emit(state, out, "turn-based", state.active, Message(
        "magic.turn.cleanup", damaged=Message("magic.turn.cleanup_damaged", ids=[o.id for o in damaged]) if damaged
        else "", ended=Message("magic.turn.cleanup_effects", count=len(ended), sources=[ce.source_name for ce in ended])
        if ended else ""), cr("514.2"),
              [Event("cleanup", {"damage_removed": [o.id for o in damaged], "effects_ended": len(ended)})])
    # 514.3: normally no player receives priority in the cleanup step; 514.3a: only if state-based actions were
    # performed or triggered abilities were waiting does the active player receive it (a control change as an
    # effect ends, layer 2, is neither).
    acted = priority.settle(state, out)
    if state.over:
        return
    if acted or state.stack:
        sba = any(s.kind == "state-based" for s in out[before:])
        trig = bool(state.stack) or any(s.kind == "trigger" for s in out[before:])
        what = Message("magic.turn.cleanup_both" if sba and trig else "magic.turn.cleanup_triggers" if trig
                       else "magic.turn.cleanup_sba")
        core.emit(state, out, "turn-based", state.active, Message("magic.turn.cleanup_again", what=what),
                  cr("514.3a"))
        priority.give_priority(state, out, state.active)
        return
    new_turn(state, out)


# -- combat ---------------------------------------------------------------------------------------------------------
def can_attack(state: MagicState, o: Any, cache: dict) -> tuple[Message, list[str]] | None:
    c = cache[o.id]
    if "creature" not in c.types:
        return (Message("magic.illegal.not_creature", card=o.card, id=o.id), cr("506.3"))
    if c.controller != state.active:
        return (Message("magic.attack.not_active", card=o.card, id=o.id), cr("508.1a"))
    if o.tapped:
        return (Message("magic.attack.tapped", card=o.card, id=o.id), cr("508.1a"))
    kws = keyword.current()
    if o.sick and kws.unsick.isdisjoint(c.keywords):
        return (Message("magic.attack.sick", card=o.card, id=o.id, player=o.controller), cr("302.6", "508.1a"))
    for k in kws.attack_restrictions:            # 508.1c: defender, "can't attack" (keywords/combat.py)
        bad = k.attack_restriction(state, o, c)
        if bad is not None:
            return bad
    return None


def declare_attackers(state: MagicState, out: list[Step]) -> None:
    """508.1: the active player declares attackers (a choice answered by the script's `attack` line)."""
    cache = layers.compute(state)
    possible = [o.id for o in state.battlefield() if can_attack(state, o, cache) is None]
    defenders = [p.name for p in state.opponents(state.active)]
    if not possible or not defenders:
        # 302.6: when summoning sickness is why one of their creatures can't attack, the step says so and cites it
        sick = [o for o in state.battlefield() if not possible and o.controller == state.active
                and "creature" in cache[o.id].types
                and "cr-en/302.6" in ((can_attack(state, o, cache) or ("", []))[1])]
        core.emit(state, out, "turn-based", state.active, Message(
            "magic.turn.cannot_attack", player=state.active, sick=Message(
                "magic.turn.cannot_attack_sick", creatures=[f"{o.card} ({o.id})" for o in sick]) if sick else ""),
                  cr("508.1a", *(["302.6"] if sick else [])))
        return
    auto_none = state.passing_until not in (None, "declare_attackers")
    nxt = state.script.peek() if state.script is not None else None
    if auto_none and not (isinstance(nxt, Attack) and nxt.by == state.active):
        core.emit(state, out, "turn-based", state.active, Message(
            "magic.turn.no_attack_passing", player=state.active, step=phase(state.passing_until)),
                  cr("508.1a"))
        return
    q = Question("attackers", state.active, tuple(possible), Message("magic.prompt.attackers", player=state.active,
                                                                      options=possible),
                 tuple(cr("508.1", "508.1a")), min=0, max=len(possible))

    def valid(ans: Attack) -> Any:
        if len(set(ans.attackers)) != len(ans.attackers):
            return (Message("magic.attack.once"), cr("508.1a"))
        for ref in ans.attackers:
            o = state.obj(ref)
            if o is None or o.zone != "battlefield":
                return (Message("magic.attack.not_permanent", ref=ref), cr("508.1a"))
            bad = can_attack(state, o, cache)
            if bad is not None:
                return bad
        if ans.target and ans.target not in defenders:
            return (Message("magic.attack.not_opponent", ref=ans.target), cr("506.2", "508.1b"))
        return None
    ans: Attack = core.ask(state, out, q, valid)
    target = ans.target or defenders[0]
    objs = [state.obj(r) for r in ans.attackers]
    events = []
    state.touch()                            # combat status is a quality static abilities read (qualities.py)
    for o in objs:
        assert o is not None
        o.attacking = target
        if not core.has(state, o, keyword.current().attacks_untapped, cache):
            o.tapped = True
            events.append(Event("tap", {"object": o.id}))
        events.append(Event("attack", {"object": o.id, "target": target}))
    rules = ["508.1a", "508.1f", "508.1k"]
    if any(core.has(state, o, keyword.current().attacks_untapped, cache) for o in objs):
        rules.append("702.20b")
    if any(o.sick for o in objs):
        rules += ["702.10b", "302.6"]           # attacking although it came under control this turn: haste
    core.emit(state, out, "turn-based", state.active, Message(
        "magic.turn.attacks", player=state.active, target=target,
        creatures=[f"{o.card} ({o.id})" for o in objs] or Message("magic.turn.no_creature")), cr(*rules), events, objs)
    # One declaration (508.1): the attacks are one event for "whenever one or more creatures attack" (603.2c).
    core.observe_all(state, [e for e in events if e.kind == "attack"])


def can_block(state: MagicState, b: Any, a: Any, cache: dict) -> tuple[Message, list[str]] | None:
    cb, ca = cache[b.id], cache[a.id]
    if "creature" not in cb.types:
        return (Message("magic.illegal.not_creature", card=b.card, id=b.id), cr("509.1a"))
    if b.tapped:
        return (Message("magic.attack.tapped", card=b.card, id=b.id), cr("509.1a"))
    # 509.1b: each keyword's restriction in its order ("can't block", fear, protection, flying: keywords/combat.py)
    for k in keyword.current().block_restrictions:
        bad = k.block_restriction(state, b, cb, a, ca)
        if bad is not None:
            return bad
    return None


def block_requirements(state: MagicState, defender: str, against: list, cache: dict) -> list[tuple[str, str, str]]:
    """509.1c: the requirements on this defender's blocks: ("blocked", attacker, "") for an attacker that must be
    blocked if able, ("blocks", attacker, blocker) for a creature that must block that attacker if able."""
    must = keyword.current().must_be_blocked
    reqs = [("blocked", a.id, "") for a in against if not must.isdisjoint(cache[a.id].keywords)]
    ids = {a.id for a in against}
    for ce in state.effects:
        if ce.effect.kind == "must_block" and ce.source in ids:
            reqs += [("blocks", ce.source, b) for b in ce.affected
                     if b in state.objects and state.objects[b].controller == defender]
    return reqs


def obeyed(reqs: list[tuple[str, str, str]], blocks: dict[str, str]) -> int:
    """How many requirements a declaration (blocker → attacker) obeys."""
    blocked = set(blocks.values())
    return sum(1 for kind, a, b in reqs if (a in blocked if kind == "blocked" else blocks.get(b) == a))


def most_obeyable(state: MagicState, reqs: list, mine: list, against: list, cache: dict
                  ) -> tuple[int, dict[str, str]]:
    """509.1c: the most requirements any legal declaration obeys, and one declaration (blocker → attacker) that
    obeys that many. Only creatures a requirement concerns matter, so each of them tries "no block" and each
    attacker it could legally block that a requirement names; blockers no requirement names and that could block
    the same attackers are interchangeable, so only as many of them as those attackers are tried."""
    from itertools import product
    named = {a for _, a, _ in reqs}
    pinned = {b for kind, _, b in reqs if kind == "blocks"}
    options = []
    alike: dict[tuple[str, ...], int] = {}
    for b in mine:
        opts = [a.id for a in against if a.id in named and can_block(state, b, a, cache) is None]
        if not opts:
            continue
        if b.id not in pinned:
            key = tuple(opts)
            alike[key] = alike.get(key, 0) + 1
            if alike[key] > len(opts):
                continue
        options.append((b.id, [None, *opts]))
    best, best_blocks = 0, {}
    for choice in product(*(o for _, o in options)):
        blocks = {b: a for (b, _), a in zip(options, choice) if a is not None}
        got = obeyed(reqs, blocks)
        if got > best:
            best, best_blocks = got, blocks
    return best, best_blocks


def declare_blockers(state: MagicState, out: list[Step]) -> None:
    """509.1: each defending player declares blockers (the script's `block` line)."""
    cache = layers.compute(state)
    attackers = _attackers(state)
    for defender in sorted({o.attacking for o in attackers if o.attacking}, key=state.apnap().index):
        mine = [o for o in state.battlefield() if o.controller == defender and "creature" in cache[o.id].types
                and not o.tapped]
        against = [a for a in attackers if a.attacking == defender]
        if not mine:
            core.emit(state, out, "turn-based", defender, Message("magic.turn.cannot_block", player=defender),
                      cr("509.1a"))
            continue
        reqs = block_requirements(state, defender, against, cache)
        best, obeying = most_obeyable(state, reqs, mine, against, cache) if reqs else (0, {})
        # With a requirement that can be obeyed, "nobody blocks" is not a legal default: the defender is asked.
        auto_none = state.passing_until not in (None, "declare_blockers") and not best
        nxt = state.script.peek() if state.script is not None else None
        if auto_none and not (isinstance(nxt, Block) and nxt.by == defender):
            core.emit(state, out, "turn-based", defender, Message(
                "magic.turn.no_block_passing", player=defender, step=phase(state.passing_until)),
                      cr("509.1a"))
            continue
        q = Question("blockers", defender, tuple(o.id for o in mine), Message(
            "magic.prompt.blockers", player=defender, options=[o.id for o in mine],
            attackers=[a.id for a in against]),
                     tuple(cr("509.1", "509.1a")), min=0, max=len(mine),
                     data={"attackers": tuple(a.id for a in against), "obeying": tuple(obeying.items())})

        def valid(ans: Block, against: list = against) -> Any:
            seen: set[str] = set()
            for bref, aref in ans.blocks:
                b, a = state.obj(bref), state.obj(aref)
                if b is None or b.zone != "battlefield" or b.controller != defender:
                    return (Message("magic.block.not_yours", ref=bref, player=defender), cr("509.1a"))
                if a is None or a not in against:
                    return (Message("magic.block.not_attacking", ref=aref, player=defender), cr("509.1a"))
                if b.id in seen:
                    return (Message("magic.block.one", card=b.card, id=b.id), cr("509.1a"))
                seen.add(b.id)
                bad = can_block(state, b, a, cache)
                if bad is not None:
                    return bad
            if reqs:
                pairs = [(state.obj(b), state.obj(a)) for b, a in ans.blocks]
                got = obeyed(reqs, {b.id: a.id for b, a in pairs if b is not None and a is not None})
                if got < best:
                    return (Message("magic.block.requirements", got=got, best=best,
                                    reqs=[_requirement_text(state, r) for r in reqs]), cr("509.1c"))
            return None
        ans: Block = core.ask(state, out, q, valid)
        events = []
        state.touch()
        for bref, aref in ans.blocks:
            b, a = state.obj(bref), state.obj(aref)
            assert b is not None and a is not None
            b.blocking = (a.id,)
            a.blocked = True
            events.append(Event("block", {"object": b.id, "attacker": a.id}))
        core.emit(state, out, "turn-based", defender, Message("magic.turn.blocks", player=defender, blocks=[
            Message("magic.turn.block_pair", blocker=f"{state.objects[e.data['object']].card} ({e.data['object']})",
                    attacker=e.data["attacker"]) for e in events] or Message("magic.turn.no_creature")), cr("509.1a", *(["509.1c"] if reqs else []), "509.1g", "509.1h"), events)
        for e in events:
            core.observe(state, e)


def _requirement_text(state: MagicState, req: tuple[str, str, str]) -> Message:
    kind, a, b = req
    if kind == "blocked":
        return Message("magic.block.must_be_blocked", attacker=core.name(state, a))
    return Message("magic.block.must_block", blocker=core.name(state, b), attacker=core.name(state, a))


def _lethal(state: MagicState, blocker: Any, cache: dict, deathtouch: bool) -> int:
    """702.19b / 702.2c: lethal damage counts damage already marked; with deathtouch any 1 is lethal."""
    if deathtouch:
        return 1
    return max(0, cache[blocker.id].toughness - blocker.damage)


def combat_damage(state: MagicState, out: list[Step], first: bool) -> None:
    """510.1–510.2: each attacking and blocking creature assigns damage equal to its power; all of it is dealt at
    once. In the first-strike step only first and double strikers deal damage; in the second, the others and double
    strikers (510.4, 702.4b, 702.7b)."""
    cache = layers.compute(state)
    kws = keyword.current()           # first and double strike, trample, deathtouch: keywords/damage.py

    def strikes(o: Any) -> bool:
        kw = cache[o.id].keywords
        if first:
            return not kws.strikes_first.isdisjoint(kw)
        if not kws.strikes_twice.isdisjoint(kw):
            return True
        return o.id not in state.first_strikers

    assignments: list[tuple[str, str, int]] = []      # source, recipient, amount
    rules = ["510.1", "510.2"]
    for a in [o for o in state.battlefield() if o.attacking]:
        if not strikes(a):
            continue
        power = cache[a.id].power
        if power <= 0:
            rules.append("510.1a")             # 0 or less power: it assigns no combat damage at all
            continue
        blockers = [b for b in state.battlefield() if a.id in b.blocking]
        kw = cache[a.id].keywords
        trample = not kws.excess_to_player.isdisjoint(kw)
        deathtouch = not kws.any_damage_lethal.isdisjoint(kw)
        if not a.blocked:
            assignments.append((a.id, a.attacking or "", power))
            rules.append("510.1b")
            continue
        if not blockers:
            if trample:
                assignments.append((a.id, a.attacking or "", power))
                rules.append("702.19d")
            else:
                rules.append("510.1c")
            continue
        lethal = {b.id: _lethal(state, b, cache, deathtouch) for b in blockers}
        if len(blockers) == 1 and (not trample or power <= lethal[blockers[0].id]):
            assignments.append((a.id, blockers[0].id, power))
            rules.append("510.1c")
            continue
        default = _default_split(blockers, lethal, power, trample, a.attacking or "")
        recipients = [b.id for b in blockers] + ([a.attacking or ""] if trample else [])
        q = Question("assign", a.controller, tuple(recipients), Message(
            "magic.prompt.assign", player=a.controller, power=power, card=a.card, id=a.id, options=recipients),
                     tuple(cr("510.1c", *(["702.19b"] if trample else []),
                              *(["702.2c"] if deathtouch else []))),
                     min=1, max=len(recipients), data={"attacker": a.id, "default": default})

        def valid(ans: Assign, a: Any = a, power: int = power, lethal: dict = lethal, trample: bool = trample,
                  recipients: list = recipients) -> Any:
            if state.obj(ans.attacker) is not a:
                return (Message("magic.assign.expected", id=a.id), cr("510.1c"))
            dmg = dict(ans.damage)
            if any(r not in recipients for r in dmg) or any(v < 0 for v in dmg.values()):
                return (Message("magic.assign.among", options=recipients), cr("510.1c"))
            if sum(dmg.values()) != power:
                return (Message("magic.assign.exactly", power=power), cr("510.1a", "510.1c"))
            to_player = dmg.get(a.attacking or "", 0)
            if to_player and any(dmg.get(b, 0) < lethal[b] for b in lethal):
                return (Message("magic.assign.trample"), cr("702.19b"))
            return None
        ans: Assign = core.ask(state, out, q, valid)
        rules += ["510.1c"] + (["702.19b"] if trample else []) + (["702.2c"] if deathtouch else [])
        for r, n in ans.damage:
            if n:
                assignments.append((a.id, r, n))
    for b in [o for o in state.battlefield() if o.blocking]:
        if not strikes(b):
            continue
        power = cache[b.id].power
        if power <= 0:
            rules.append("510.1a")
        target = state.objects.get(b.blocking[0])
        if power > 0 and target is not None and target.zone == "battlefield":
            assignments.append((b.id, target.id, power))
            rules.append("510.1d")
    if first:
        doubles = []
        for a in state.battlefield():
            if (a.attacking or a.blocking) and strikes(a):
                state.first_strikers.add(a.id)
                if not kws.strikes_twice.isdisjoint(cache[a.id].keywords):
                    doubles.append(a.id)
        # Which of them dealt first-strike damage with double strike: only to tell, in the second step, a
        # creature that gained or lost double strike in between (702.4c, 702.4d). Bookkeeping for the trace.
        state.double_strikers = frozenset(doubles)
        rules += ["702.7b"]
    else:
        rules += _strike_changes(state, cache)
    if any(not kws.strikes_twice.isdisjoint(cache[o.id].keywords) for o in state.battlefield()
           if (o.attacking or o.blocking) and strikes(o)):
        rules += ["702.4b"]
    if not assignments:
        core.emit(state, out, "turn-based", state.active, Message("magic.turn.no_combat_damage"), cr(*rules))
        return
    core.emit(state, out, "turn-based", state.active, Message("magic.turn.assign_damage", assignments=[
        Message("magic.turn.assignment", source=core.name(state, s), amount=n, recipient=core.name(state, r))
        for s, r, n in assignments]), cr(*rules))
    # 510.2: dealt at once, so a lifelink source dealing damage to several recipients gains once, for the total
    # (119.9); a source's gain comes after its last damage, which keeps one-recipient traces as they were.
    dealt: dict[str, int] = {}
    for i, (s, r, n) in enumerate(assignments):
        core.deal_damage(state, out, s, r, n, combat=True, cites=cr("510.2"), lifelink=dealt)
        if s in dealt and (i + 1 == len(assignments) or assignments[i + 1][0] != s):
            several = sum(1 for a in assignments if a[0] == s) > 1
            core.lifelink_gains(state, out, {s: dealt.pop(s)}, combat=True, several=several)


def _strike_changes(state: MagicState, cache: dict) -> list[str]:
    """The second combat damage step after a first-strike one: the rules that decide for a creature in combat
    whose first or double strike changed in between. 702.7c: one given first strike after the first step still
    deals damage now; one that dealt first-strike damage and lost first strike doesn't deal it again. 702.4c: one
    whose double strike was removed deals none now. 702.4d: a first striker given double strike deals it now."""
    if not state.first_strikers:
        return []
    doubles = state.double_strikers
    kws = keyword.current()
    out: list[str] = []
    for o in state.battlefield():
        if not (o.attacking or o.blocking):
            continue
        kw = cache[o.id].keywords
        twice = not kws.strikes_twice.isdisjoint(kw)            # double strike (702.4b)
        early = not kws.strikes_first.isdisjoint(kw)            # first or double strike (702.7b)
        if o.id not in state.first_strikers:
            if early and not twice:
                out.append("702.7c")               # gained first strike: it still deals damage in this step
        elif o.id in doubles:
            if not twice:
                out.append("702.4c")               # lost double strike: no damage in this step
        elif twice:
            out.append("702.4d")                   # a first striker given double strike: damage in this step
        elif not early:
            out.append("702.7c")                   # lost first strike: still no second damage
    return out


def _default_split(blockers: list, lethal: dict, power: int, trample: bool, player: str) -> tuple:
    """A legal split (lethal to each blocker in order, the rest to the player with trample or the last blocker)."""
    left = power
    out: dict[str, int] = {}
    for b in blockers:
        n = min(left, lethal[b.id])
        out[b.id] = n
        left -= n
    if left:
        if trample:
            out[player] = left
        else:
            out[blockers[-1].id] += left
    return tuple(out.items())
