"""The effect vocabulary carried out (609), and resolving the top of the stack (608): a spell or ability whose
targets are all illegal does not resolve; with some illegal, the rest happens. Targets themselves: targets.py. What
every effect shares is here (what it acts on, its amount, "you may", "if {G} was spent"); each verb's own
resolution is in its class (verb.py, verbs/), and the helpers several verbs use (discard, attach, search, tokens,
counters, sacrifice by a player) stay here."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from judge.engine.rulesets.magic import core, filters, keyword, layers, linked, sba
from judge.engine.rulesets.magic.cards import CardDef, Effect
from judge.engine.rulesets.magic.choices import Question
from judge.engine.rulesets.magic.cites import cr, named
from judge.engine.rulesets.magic.entering_copy import choose_copy, enters_as_copy
from judge.engine.rulesets.magic.linked import Linked
from judge.engine.rulesets.magic.qualities import has_all, where_rules
from judge.engine.rulesets.magic.replacement import ReplacementHandler, ZoneChangeEvent
from judge.engine.rulesets.magic.known import NOTHING_SEEN, Seen
from judge.engine.rulesets.magic.state import MagicObject, MagicState, StackItem
from judge.engine.rulesets.magic.targets import legal_target, mv_problem
from judge.engine.rulesets.magic.conditions import said as said_condition
from judge.engine.rulesets.magic.text import condition_text, describe_effect, search_said
from judge.engine.rulesets.magic.verb import Resolution, current
from judge.engine.rulesets.magic.vocabulary import COUNT_SCOPES
from judge.engine.step import Event, Step
from judge.messages import Message

def _subjects(state: MagicState, e: Effect, controller: str, source: str, targets: Sequence[str | None],
              seen: Seen = NOTHING_SEEN, ctx: Linked | None = None) -> list[str]:
    """The players/objects an effect acts on; an illegal target's slot is None and is skipped (608.2b)."""
    to = e.to
    if to == "linked":                # "that card", "them": what an earlier instruction moved or made (608.2c)
        return [r for r in (ctx.objects if ctx else []) if r in state.objects]
    if to == "random_target":         # one of the still-legal targets, chosen at random as it resolves
        legal = [r for r in targets if r]
        return [state.rng.choice(legal)] if legal else []
    if to == "that_creature":
        # "esa criatura": the creature its trigger event named, if it is still that object on the battlefield
        that = state.objects.get(seen.that)
        return [that.id] if that is not None and that.zone == "battlefield" else []
    if to == "target":
        ref = targets[e.target] if e.target < len(targets) else None
        return [ref] if ref else []                   # None: illegal now; "": an optional slot left empty
    if to == "self":
        # 400.7: a source that left the battlefield is gone; its new object is not "it" (never the latest incarnation).
        o = state.objects.get(source) if source in state.lki else state.obj(source)
        return [o.id] if o is not None and o.zone == "battlefield" else []
    if to == "controller":
        return [controller]
    if to == "each_opponent":
        return [p.name for p in state.opponents(controller)]
    if to == "each_player":
        return state.apnap()
    if to == "enchanted" or to == "equipped":
        # 603.10a / 113.7a: an Aura (or Equipment, 301.5f) that left names the permanent it was attached to as it left.
        o = state.objects.get(source) if source in state.lki else state.obj(source)
        host = o.attached_to if o is not None else state.lki[source].attached_to if source in state.lki else None
        return [host] if host else []
    if to == "targets":
        return [t for t in targets if t]
    if to == "active_player":
        return [state.active]
    ref = targets[e.target] if e.target < len(targets) else None
    if to == "target_controller":
        # 608.2h: the controller the target has now, or had when it left the battlefield (last known information).
        who = core.info(state, ref).controller if ref else None
        return [who] if who and state.has_player(who) else []
    cache = layers.compute(state)
    if to == "target_player_creatures":
        return [o.id for o in state.battlefield() if ref is not None and "creature" in cache[o.id].types
                and cache[o.id].controller == ref]
    # A group is fixed as the effect resolves (611.2c): "each unblocked creature" means those unblocked now.
    # "Destroy all artifacts and enchantments": `types` keeps permanents of any of those types.
    verb = current().get(e.kind)
    by_type = bool(e.types) and verb is not None and verb.group_by_types
    return [o.id for o in state.battlefield()
            if layers.in_group(state, to, e.where, o, cache[o.id], controller, source)
            and (not by_type or set(e.types) & cache[o.id].types)]


def run_effects(state: MagicState, out: list[Step], controller: str, source: str, source_name: str,
                effects: Sequence[Effect], targets: Sequence[str | None], x: int, cites: Sequence[str],
                applied: frozenset[str] = frozenset(), seen: Seen = NOTHING_SEEN,
                spent: dict[str, int] | None = None, divide: dict[str, int] | None = None) -> None:
    """608.2c: the instructions in the order written. `seen`: what a trigger carries from its event (known.py), e.g.
    what the source of a leaves-the-battlefield trigger was as it left (its counters, for "por cada contador …
    sobre él"). `spent`: the mana spent to cast the spell
    (601.2h; a copy's is empty, 707.10), read by effects that say "if {G} was spent"."""
    memo: dict[str, int] = {"destroyed": 0}          # what this resolution did so far ("destroyed this way")
    for ref, n in (divide or {}).items():
        memo[f"divide:{ref}"] = n                     # 601.2d: the division announced on casting
    # What the instructions link to the next ones (linked.Linked): "that card", "if you do", the colour chosen;
    # a delayed ability's objects and a trigger's event object come in what it saw (`seen`).
    ctx = Linked(objects=list(seen.linked), event=seen)
    untargeted = current().untargeted
    for e in effects:
        if state.over:
            return
        times = 1
        if e.if_spent:
            times = sum(1 for c in e.if_spent if (spent or {}).get(c, 0) > 0)
            colours = "".join("{" + c + "}" for c in e.if_spent)
            if not times:
                core.emit(state, out, "resolution", controller, Message(
                    "magic.effect.not_spent", source=source_name, colours=colours, effect=describe_effect(e)), [*cites, *cr("601.2h"),
                                                                     *(cr("707.10") if spent is None else [])])
                continue
        if e.to == "target" and e.kind not in untargeted and e.target < len(targets) and not targets[e.target]:
            continue                  # its target slot is empty ("up to one") or illegal: nothing to do, no choice
        if e.condition and not linked.holds(state, e, ctx, controller):
            core.emit(state, out, "resolution", controller, Message(
                "magic.effect.condition_fails", source=source_name, effect=describe_effect(e),
                condition=condition_text(e)), [*cites, *cr("608.2c")])
            continue
        if e.optional:
            ctx.did = _agrees(state, out, controller, source_name, e)
            if not ctx.did:
                continue
        run_effect(state, out, controller, source, source_name, e, targets, x, cites, applied, seen, memo,
                   times, ctx)
        sba.check_state_triggers(state, (source, tuple(effects)))    # 603.8: as soon as true, mid-resolution too


def _per_counter(state: MagicState, e: Effect, source: str, seen: Seen) -> tuple[int, list[str]]:
    """"por cada contador -1/-1 sobre él": the counters on the source now, or as it last existed on the
    battlefield (608.2h) when it has left."""
    o = state.objects.get(source)
    counters = o.counters if o is not None and o.zone == "battlefield" else seen.counters
    return counters.get(e.per_counter, 0), cr("608.2h") if o is None or o.zone != "battlefield" else []


def cant_be_countered(state: MagicState, item: StackItem) -> "Message | str":
    """Why a spell can't be countered by spells and abilities ("" if it can): its own text, or an effect that
    says so (101.2). Rules still counter it: a spell whose targets are all illegal (608.2b) is not stopped here."""
    if item.obj is not None and not keyword.current().uncounterable.isdisjoint(state.card(item.obj).keywords):
        return Message("magic.effect.uncounterable", card=item.obj.card)
    for ce in state.effects:
        if ce.effect.kind == "uncounterable" and item.id in ce.affected:
            return Message("magic.effect.uncounterable_by", source=ce.source_name)
    return ""


def choose_land_type(state: MagicState, out: list[Step], player: str, source_name: str) -> str:
    """"Choose a basic land type": one of the five of 305.6."""
    from judge.engine.rulesets.magic.cards import BASIC_LAND_TYPES
    options = tuple(BASIC_LAND_TYPES)
    q = Question("land_type", player, options, Message("magic.prompt.land_type", player=player, source=source_name,
                                                        options=options), tuple(cr("305.6")))

    def valid(ans: Any) -> Any:
        if len(ans.values) != 1 or ans.values[0] not in options:
            return (Message("magic.illegal.expected_land_type", options=options), cr("305.6"))
        return None
    chosen = core.ask(state, out, q, valid).values[0]
    core.emit(state, out, "resolution", player, Message("magic.choice.made", player=player, chosen=chosen,
                                                        source=source_name), cr("305.6"))
    return chosen


def choose_colors(state: MagicState, out: list[Step], player: str, source_name: str, least: int, most: int
                  ) -> tuple[str, ...]:
    """"A color (or colors) of your choice": 105.1's five colours; colourless is not a colour (105.2c)."""
    from judge.engine.rulesets.magic.mana import COLORS
    options = COLORS
    many = Message("magic.prompt.colors_many" if most > 1 else "magic.prompt.colors_one")
    q = Question("color", player, options, Message("magic.prompt.colors", player=player, many=many, source=source_name,
                                                   options=options), tuple(cr("105.1", "105.2c")), min=least, max=most)

    def valid(ans: Any) -> Any:
        picked = [v.upper() for v in ans.values]
        if not least <= len(set(picked)) <= most or len(set(picked)) != len(picked) or \
                any(v not in options for v in picked):
            return (Message("magic.illegal.expected_colors", many=many, options=options), cr("105.1", "105.2c"))
        return None
    chosen = tuple(v.upper() for v in core.ask(state, out, q, valid).values)
    core.emit(state, out, "resolution", player, Message("magic.choice.made", player=player, chosen="/".join(chosen),
                                                        source=source_name), cr("105.1"))
    return chosen
def amount_of(state: MagicState, e: Effect, x: int, source: str, targets: Sequence[str | None],
              memo: dict[str, int], subject: str = "", ctx: Linked | None = None) -> int:
    """The number an effect uses, determined as it applies (608.2h): its amount, X, or what `count` counts (times
    `amount`, 1 when 0). An object that left uses its last known information (113.7a)."""
    n = x if e.x else e.amount
    if not e.count:
        return n
    per = max(e.amount, 1)
    if e.count == "source_power":
        return per * max(core.info(state, source).power or 0, 0)
    if e.count == "target_power":
        ref = targets[e.target] if e.target < len(targets) else None
        return per * max(core.info(state, ref).power or 0, 0) if ref else 0
    if e.count == "life_lost_this_turn":
        return per * core.life_lost_this_turn(state, subject)
    if e.count == "destroyed":
        return per * memo.get("destroyed", 0)
    if e.count == "your_creatures":
        # "for each black creature you control": counted as the effect applies (608.2h), with the qualities given.
        you = core.info(state, source).controller
        cache = layers.compute(state)
        return per * sum(1 for o in state.battlefield() if cache[o.id].controller == you
                         and "creature" in cache[o.id].types and has_all(state, o, cache[o.id], e.count_where))
    if e.count in linked.COUNTS:
        return per * linked.amount(state, e, ctx or Linked(), targets, subject)
    if e.count in filters.GROUPS:
        # "the number of Forests you control": the shared filter (filters.py), counted now (608.2h).
        you = core.info(state, source).controller or ""
        return per * filters.count(state, e.count, e.count_where, you, source, state.battlefield(),
                                   layers.compute(state))
    return n


COUNT_RULES = {"source_power": ("608.2h", "113.7a"), "target_power": ("608.2h", "113.7a"),
               "life_lost_this_turn": ("119.3", "608.2h"), "destroyed": ("608.2c",), "your_creatures": ("608.2h",),
               "linked_power": ("608.2h",), "linked_of_color": ("608.2h",), "damage_this_turn": ("608.2h", "120.3a"),
               "life_paid": ("119.4", "608.2h"), **{s: ("608.2h",) for s in COUNT_SCOPES}}


def _agrees(state: MagicState, out: list[Step], controller: str, source_name: str, e: Effect) -> bool:
    """608.2d: a "you may" is a choice made on resolution: yes or no, answered by the script."""
    q = Question("yes_no", controller, ("yes", "no"), Message("magic.prompt.may", player=controller, source=source_name,
                                                              effect=describe_effect(e)), tuple(cr("608.2d")))

    def valid(ans: Any) -> Any:
        if len(ans.values) != 1 or ans.values[0] not in ("yes", "no", "sí", "si"):
            return (Message("magic.illegal.expected_yes_no"), cr("608.2d"))
        return None
    yes = core.ask(state, out, q, valid).values[0] != "no"
    core.emit(state, out, "resolution", controller, Message(
        "magic.choice.may", player=controller, answer=Message("magic.value.yes" if yes else "magic.value.no"),
        effect=describe_effect(e)), cr("608.2d"))
    return yes


def run_effect(state: MagicState, out: list[Step], controller: str, source: str, source_name: str, e: Effect,
               targets: Sequence[str | None], x: int, cites: Sequence[str], applied: frozenset[str],
               seen: Seen = NOTHING_SEEN, memo: dict[str, int] | None = None, times: int = 1,
               ctx: Linked | None = None) -> None:
    memo = memo if memo is not None else {"destroyed": 0}
    ctx = ctx if ctx is not None else Linked(event=seen)
    verb = current().get(e.kind)
    n = amount_of(state, e, x, source, targets, memo, ctx=ctx) * times
    # The rules of the filter that picked the objects (filters.py): "nonbasic" (205.4c), "Elves" (205.3), and a
    # count's own ("for each Forest you control").
    # (A lasting effect cites its group's where it fixes it, 611.2c: verbs/lasting.py.)
    picked = (*(where_rules(e.where) if verb is None or verb.cites_where else ()), *where_rules(e.count_where)) \
        if e.where or e.count_where else ()
    base = [*cites, *cr(*(verb.rules if verb is not None else ("609.1",))), *cr(*COUNT_RULES.get(e.count, ())),
            *cr(*dict.fromkeys(picked)),
            *(cr("601.2h") if e.if_spent else [])]
    if e.per_counter:
        count, looked = _per_counter(state, e, source, seen)
        n *= count
        base += looked
        if not n:
            core.emit(state, out, "resolution", controller, Message("magic.effect.no_counters_per", source=source_name,
                                                                      effect=describe_effect(e), kind=e.per_counter),
                      base)
            return
    subjects = _subjects(state, e, controller, source, targets, seen, ctx)
    if verb is not None:              # the verb carries itself out (verb.py, verbs/)
        verb.resolve(Resolution(state, out, controller, source, source_name, e, subjects, n, base, targets, x,
                                applied, seen, memo, times, ctx))


def any_color(state: MagicState, out: list[Step], player: str, source_name: str) -> str:
    """"Agrega un maná de cualquier color": the player chooses the colour as the ability resolves (106.1a)."""
    q = Question("color", player, ("W", "U", "B", "R", "G"), Message("magic.prompt.mana_color", player=player,
                                                                     source=source_name), tuple(cr("106.1a", "605.1a")))

    def valid(ans: Any) -> Any:
        if len(ans.values) != 1 or ans.values[0].upper() not in q.options:
            return (Message("magic.illegal.expected_color"), cr("106.1a"))
        return None
    return core.ask(state, out, q, valid).values[0].upper()


def discard(state: MagicState, out: list[Step], player: str, source_name: str, cites: Sequence[str],
            by: str = "", n: int = 1, random: bool = False, ctx: Linked | None = None) -> None:
    """701.9a–b: the player discards `n` cards of their choice (or at random, the seeded rng; n < 0: the whole
    hand): each goes from their hand to their graveyard, unless the card says that, discarded because of an
    opponent's spell or ability (`by`), it goes onto the battlefield instead (614.1a). `ctx` links what was
    discarded ("if you discarded a creature card this way")."""
    hand = state.player(player).zones["hand"]
    if ctx is not None:
        ctx.objects = []
    if not hand:
        core.emit(state, out, "resolution", player, Message("magic.effect.discard_empty", source=source_name,
                                                              player=player), [*cites, *cr("609.3")])
        return
    ids = [o.id for o in hand]
    k = len(hand) if n < 0 else min(max(n, 1), len(hand))
    if n < 0 or random:
        chosen = list(hand) if n < 0 else state.rng.sample(list(hand), k)
    else:
        q = Question("discard", player, tuple(ids), Message("magic.prompt.discard", player=player, n=k, options=ids),
                     tuple(cr("701.9b")), min=k, max=k)

        def valid(ans: Any) -> Any:
            picked = [state.obj(v) for v in ans.values]
            if len(picked) != k or any(p not in hand for p in picked) or len({id(p) for p in picked}) != k:
                return (Message("magic.illegal.expected_discard", n=k, player=player, options=ids),
                        cr("701.9b"))
            return None
        chosen = [state.obj(v) for v in core.ask(state, out, q, valid).values]
    for o in chosen:
        assert o is not None
        new = _discard_one(state, out, player, o, source_name, [*cites, *(cr("701.9b") if random else [])], by)
        if ctx is not None:
            ctx.objects.append(new.id)


def _discard_one(state: MagicState, out: list[Step], player: str, o: MagicObject, source_name: str,
                 cites: Sequence[str], by: str) -> MagicObject:
    instead, _ = ReplacementHandler(state, out).zone_change(ZoneChangeEvent(o, "hand", "graveyard", discarded_by=by))
    if instead is not None and instead.rule.event == "opponent_discard":
        return core.move(state, out, o, "battlefield", cites=[*cites, *cr("614.1a", "614.6")], controller=player,
                         why=Message("magic.why.discard_to_battlefield", player=player, source=source_name),
                         actor=player)
    at_random = "cr-en/701.9b" in cites
    return core.move(state, out, o, "graveyard", cites=cites, why=Message("magic.why.discard_random" if at_random
                                                                   else "magic.why.discard", player=player,
                                                                   source=source_name), actor=player)


def attach(state: MagicState, out: list[Step], controller: str, source: str, source_name: str, ref: str,
           cites: Sequence[str]) -> None:
    """701.3a: the Aura that is the source moves onto the object; 701.3b / 303.4j: onto one it can't enchant,
    or when it has left the battlefield, it doesn't move; 701.3c: it gets a new timestamp."""
    aura, host = state.obj(source), state.objects.get(ref)
    if aura is None or aura.zone != "battlefield" or host is None or host.zone != "battlefield":
        core.emit(state, out, "resolution", controller, Message("magic.effect.attach_gone", source=source_name),
                  [*cites, *cr("701.3b")])
        return
    spec = state.card(aura).targets[0] if state.card(aura).targets else None
    if spec is not None and not sba.can_enchant(state, spec, host):
        core.emit(state, out, "resolution", controller, Message("magic.effect.attach_cant", source=source_name,
                                                                  card=host.card, id=host.id),
                  [*cites, *cr("701.3b", "303.4j")], about=[host])
        return
    before = aura.attached_to
    aura.attached_to = host.id
    aura.timestamp = state.tick()
    state.touch()
    core.emit(state, out, "resolution", controller, Message(
        "magic.effect.attach", source=source_name, id=aura.id, card=host.card, host=host.id,
        left=Message("magic.effect.attach_left", before=core.name(state, before)) if before and before != host.id
        else "", timestamp=aura.timestamp), [*cites, *cr("701.3a", "701.3c")],
              [Event("attach", {"object": aura.id, "to": host.id})], [aura, host])


def _counter_kind(state: MagicState, out: list[Step], player: str, o: MagicObject, why: Message) -> str | None:
    """Which kind of counter: the only one it has, or the player's choice among several."""
    kinds = sorted(k for k, n in o.counters.items() if n)
    if len(kinds) <= 1:
        return kinds[0] if kinds else None
    q = Question("counter", player, tuple(kinds), Message("magic.prompt.counter_kind", player=player, verb=why,
                                                          card=o.card, id=o.id, options=kinds), tuple(cr("122.1")))

    def valid(ans: Any) -> Any:
        return None if len(ans.values) == 1 and ans.values[0] in kinds else \
            (Message("magic.illegal.expected_one_of_colon", options=kinds), cr("122.1"))
    return core.ask(state, out, q, valid).values[0]


def remove_counter(state: MagicState, out: list[Step], player: str, o: MagicObject, source_name: str,
                   cites: Sequence[str], e: Effect | None = None) -> None:
    """"Remueve un contador del permanente": one counter of any kind; with none, nothing happens (609.3).
    With a kind (`e.counter`): `e.amount` of that kind, all of them when −1 ("remueve todos los contadores")."""
    if e is not None and e.counter:
        have = o.counters.get(e.counter, 0)
        n = have if e.amount < 0 else min(have, max(e.amount, 1))
        if n:
            o.counters[e.counter] -= n
            if not o.counters[e.counter]:
                del o.counters[e.counter]
            state.touch()
        core.emit(state, out, "resolution", player, Message("magic.effect.counters_removed", source=source_name, n=n,
                                                              kind=e.counter, card=o.card, id=o.id),
                  [*cites, *([] if n else cr("609.3"))],
                  [Event("counters", {"object": o.id, "counter": e.counter, "amount": -n})] if n else [], [o])
        return
    kind = _counter_kind(state, out, player, o, Message("magic.prompt.counter_removes"))
    if kind is None:
        core.emit(state, out, "resolution", player, Message("magic.effect.no_counter_removed", source=source_name,
                                                              card=o.card, id=o.id), [*cites, *cr("609.3")], about=[o])
        return
    _take_counter(state, out, player, o, kind, source_name, cites)


def move_counter(state: MagicState, out: list[Step], player: str, targets: Sequence[str | None], e: Effect,
                 source_name: str, cites: Sequence[str]) -> None:
    """122.5: move a counter from the object in slot `target` to the one in slot `of`: removed from the first and
    put on the second, or, if either part is impossible (an illegal target, no counter, a permanent that can't have
    counters), nothing at all."""
    ref_from = targets[e.target] if e.target < len(targets) else None
    ref_to = targets[e.of] if e.of < len(targets) else None
    a, b = state.objects.get(ref_from or ""), state.objects.get(ref_to or "")
    why = None
    if a is None or b is None:
        why = Message("magic.effect.move_counter_illegal")
    elif not any(a.counters.values()):
        why = Message("magic.effect.move_counter_none", card=a.card, id=a.id)
    elif not core.can_have_counters(state, b):
        why = Message("magic.effect.move_counter_cant", card=b.card, id=b.id)
    if why is not None:
        core.emit(state, out, "resolution", player, Message("magic.effect.move_counter_not", source=source_name,
                                                            why=why), [*cites, *cr("122.5")])
        return
    assert a is not None and b is not None
    kind = _counter_kind(state, out, player, a, Message("magic.prompt.counter_moves"))
    assert kind is not None
    _take_counter(state, out, player, a, kind, source_name, cites, "…")
    core.put_counters(state, out, b, kind, 1, Message("magic.why.counter_moved", card=b.card, source=source_name),
                      cites)


def _take_counter(state: MagicState, out: list[Step], player: str, o: MagicObject, kind: str, source_name: str,
                  cites: Sequence[str], tail: str = "") -> None:
    """122.1: one counter of `kind` taken off `o` (the step says so; `tail` continues the sentence of a move)."""
    o.counters[kind] -= 1
    if not o.counters[kind]:
        del o.counters[kind]
    state.touch()
    core.emit(state, out, "resolution", player, Message("magic.effect.counter_taken", source=source_name, kind=kind,
                                                     card=o.card, id=o.id, tail=tail), cites,
              [Event("counters", {"object": o.id, "counter": kind, "amount": -1})], [o])


def _copy_of_event(state: MagicState, source: str, e: Effect, ctx: Linked) -> CardDef | None:
    """707.2 / 707.9a: the copiable values of the object the trigger saw (as it last existed: copy effects on it
    count, counters and other effects don't; a token's copy is no token), plus the ability that makes the copy."""
    model = ctx.event.obj.copiable if ctx.event.obj is not None else None
    src = core.source_now(state, source, ctx.event)
    if model is None or src is None:
        return None
    keep = tuple(t for t in state.card(src).triggers if e in t.effects and t not in model.triggers)
    return replace(model, is_token=False, triggers=model.triggers + keep)


def player_sacrifices(state: MagicState, out: list[Step], player: str, n: int, types: Sequence[str], source_name: str,
                      cites: Sequence[str]) -> None:
    """701.21a: "target opponent sacrifices N creatures": that player chooses N permanents they control of those
    types (all of them when they have N or fewer) and puts them into their owners' graveyards at once."""
    cache = layers.compute(state)
    mine = [o for o in state.battlefield() if cache[o.id].controller == player
            and (not types or set(types) & cache[o.id].types)]
    what = "/".join(types) or Message("magic.effect.permanents")
    if n <= 0 or not mine:
        core.emit(state, out, "resolution", player, Message("magic.effect.sacrifice_none", player=player,
                                                            source=source_name, n=n, what=what, have=len(mine)),
                  [*cites, *cr("701.21a")])
        return
    chosen = [o.id for o in mine]
    if len(mine) > n:
        ids = tuple(o.id for o in mine)
        q = Question("sacrifice", player, ids, Message("magic.prompt.sacrifice", player=player, n=n, what=what,
                                                       options=ids), tuple(cr("701.21a")), min=n, max=n)

        def valid(ans: Any) -> Any:
            if len(set(ans.values)) != n or any(v not in ids for v in ans.values):
                return (Message("magic.illegal.expected_n_of", n=n, options=ids), cr("701.21a"))
            return None
        chosen = list(core.ask(state, out, q, valid).values)
    batch: list[Event] = []
    before = core.last_known_all(state, [state.objects[ref] for ref in chosen])     # 603.10a: before any moves
    for ref in chosen:
        o = state.objects[ref]
        core.move(state, out, o, "graveyard", cites=[*cites, *cr("701.21a", "608.2f")],
                  why=Message("magic.why.sacrifice", player=player, source=source_name), actor=player,
                  batch=batch, seen=before)
    core.observe_all(state, batch)


def create_token(state: MagicState, out: list[Step], controller: str, token: CardDef | None, source_name: str,
                 cites: Sequence[str]) -> None:
    """111.1: a token enters the battlefield under its creator's control; one that "enters as a copy" (a token of
    a Clone) is a copy as it is created (707.5: entering_copy.py), and still a token."""
    if token is None:
        return
    copying = choose_copy(state, out, controller, token.name) \
        if any(r.event == "enters" and r.choose == "copy" for r in token.replacements) else None
    tid = state.new_id("ficha-")
    o = MagicObject(id=tid, card=token.name, owner=controller, controller=controller, zone="battlefield", base=tid,
                    token=True, face=token, sick=True, stamps=state.stamps)
    o.timestamp = state.tick()
    state.player(controller).zones["battlefield"].append(o)
    state.touch()
    state.objects[tid] = o
    state.latest[tid] = tid
    copied = enters_as_copy(state, o, copying) if copying is not None else []
    ev = Event("move", {"object": tid, "new": tid, "card": token.name, "from": None, "to": "battlefield",
                        "token": True})
    core.emit(state, out, "resolution", controller, Message(
        "magic.effect.token" if copying is None else "magic.effect.token_copy", source=source_name, token=token.name,
        power=token.power, toughness=token.toughness, id=tid,
        **({"model": copying.model_name} if copying is not None else {})),
        [*cites, *cr("111.1", "111.2", "111.4"), *copied], [ev], [o])
    core.observe(state, ev)


def search(state: MagicState, out: list[Step], player: str, e: Effect, source_name: str,
           cites: Sequence[str]) -> None:
    """701.23: look at the library, find a card with the stated quality (or fail to find: 701.23b), then shuffle."""
    lib = state.player(player).zones["library"]
    wanted = e.search.lower()
    label: "str | Message" = search_said(e.search)
    if wanted == "mv<=lands":
        # "mana value less than or equal to the number of lands you control" (202.3), counted as it resolves.
        lands = sum(1 for o in state.player(player).zones["battlefield"] if "land" in layers.chars_of(state, o).types)
        matches = [o.id for o in lib if state.card(o).mana_value <= lands]
        cites = [*cites, *cr("202.3", "608.2h")]
        label = Message("magic.search.mv_lands", n=lands)
    else:
        matches = [o.id for o in lib if _matches(state.card(o), wanted)]
    q = Question("search", player, tuple(matches), Message(
        "magic.prompt.search", player=player, label=label,
        options=matches if matches else Message("magic.prompt.search_no_match")),
                 tuple(cr("701.23a", "701.23b")), min=0, max=1)

    def valid(ans: Any) -> Any:
        if len(ans.values) > 1:
            return (Message("magic.illegal.search_one"), cr("701.23a"))
        if ans.values and ans.values[0] not in matches:
            return (Message("magic.illegal.search_not_match", ref=ans.values[0], label=label), cr("701.23a"))
        return None
    found = core.ask(state, out, q, valid).values
    if found:
        o = state.objects[found[0]]
        core.move(state, out, o, e.dest, cites=[*cites, *cr("701.23a"), *(cr("121.5") if e.dest == "hand" else [])],
                  why=Message("magic.why.found_to_hand" if e.dest == "hand" else "magic.why.found", player=player),
                  controller=player, actor=player)
    else:
        core.emit(state, out, "resolution", player, Message(
            "magic.search.none", player=player, label=label,
            hidden=Message("magic.search.hidden") if matches else ""),
                  [*cites, *cr("701.23b")])
    state.rng.shuffle(lib)
    state.touch()                        # the library's order changed: boards must not reuse the old one
    core.emit(state, out, "resolution", player, Message("magic.search.shuffle", player=player), [*cites, *cr("701.24a")],
              [Event("shuffle", {"player": player, "zone": "library", "cards": len(lib)})])


def _matches(card: CardDef, wanted: str) -> bool:
    from judge.engine.rulesets.magic.cards import CARD_TYPES, TYPE_ALIASES
    if card.name.lower() == wanted:
        return True
    t = TYPE_ALIASES.get(wanted, wanted)
    if t in CARD_TYPES and t in card.types:
        return True
    if wanted in ("básica", "basic") and "basic" in card.supertypes:
        return True
    if wanted in ("tierra básica", "basic land") and "basic" in card.supertypes and "land" in card.types:
        return True
    return any(s.lower() == wanted for s in card.subtypes)


# -- resolution -----------------------------------------------------------------------------------------------------
def resolve_top(state: MagicState, out: list[Step]) -> None:
    """608.1–608.3: the top object of the stack resolves."""
    item = state.stack.pop()
    cites_base = cr("117.4", "405.5", "608.1")
    targets: list[str | None] = list(item.targets)
    illegal = []
    for n, ref in enumerate(item.targets):
        spec = item.target_specs[n] if n < len(item.target_specs) else None
        why = None if spec is None or not ref else legal_target(state, spec, ref, item.controller, item.id)
        why = why or (mv_problem(state, item.target_specs, item.targets, n) if ref else None)
        if why is not None:
            illegal.append((ref, why))
            targets[n] = None
    chosen = [t for t in item.targets if t]            # an optional slot left empty was no target at all
    if chosen and len(illegal) == len(chosen):
        reasons = [w for _, w in illegal]
        if item.obj is not None:
            # 608.3b: a permanent spell (an Aura) whose target is illegal doesn't resolve either; it goes to its
            # owner's graveyard.
            permanent = item.kind == "spell" and state.card(item.obj).is_permanent
            what = Message("magic.resolve.target_illegal" if len(chosen) == 1 else "magic.resolve.targets_illegal")
            core.move(state, out, item.obj, "graveyard",
                      cites=[*cites_base, *cr("608.2b", *(["608.3b"] if permanent else [])), *named(*reasons)],
                      why=Message("magic.resolve.fizzles", what=what, reasons=reasons))
        else:
            core.emit(state, out, "resolution", item.controller, Message("magic.resolve.ability_fizzles", what=item.text,
                                                                           reasons=reasons),
                      [*cites_base, *cr("608.2b"), *named(*reasons)])
        return
    if illegal:
        core.emit(state, out, "resolution", item.controller, Message(
            "magic.resolve.some_illegal", what=item.text or item.source_name, reasons=[w for _, w in illegal]),
                  [*cites_base, *cr("608.2b"), *named(*(w for _, w in illegal))])
    if item.kind in ("ability", "trigger"):
        stands_for = keyword.current().triggering.get(item.keyword)
        if stands_for is not None:         # a keyword's own trigger (persist, conspire): keywords/*.py resolve it
            stands_for.resolve(state, out, item)
            return
        cond, cond_n, cond_arg = item.condition
        if cond and not core.condition_holds(state, item.controller, cond, cond_n, cond_arg):
            core.emit(state, out, "resolution", item.controller, Message(
                "magic.resolve.condition_gone", ability=item.text,
                condition=said_condition(cond, cond_n, cond_arg)),
                      [*cites_base, *cr("603.4")])
            return
        core.emit(state, out, "resolution", item.controller, Message("magic.resolve", what=item.text),
                  [*cites_base, *cr("608.2", "117.3b", *(["603.4"] if cond else []))])
        run_effects(state, out, item.controller, item.source, item.source_name, item.effects, targets, item.x,
                    cr("608.2c"), seen=item.seen)
        return
    if item.copy_of:
        core.emit(state, out, "resolution", item.controller, Message(
            "magic.resolve.effects", what=item.text, effects=[describe_effect(e) for e in item.effects]), [*cites_base, *cr("608.2", "608.2c", "707.10")])
        run_effects(state, out, item.controller, item.source, item.copy_of, item.effects, targets, item.x,
                    cr("608.2c"), spent=None, divide=item.divide)
        core.emit(state, out, "resolution", item.controller, Message("magic.resolve.copy_gone", item=item.id),
                  cr("707.10a", "704.5e"))
        return
    obj = item.obj
    assert obj is not None
    card = state.card(obj)
    if card.is_permanent:
        attach = targets[0] if card.is_aura and targets else None
        core.move(state, out, obj, "battlefield", cites=[*cites_base, *cr("608.3", "608.3a" if not card.is_aura
                                                                               else "608.3c")],
                  why=Message("magic.resolve.permanent", player=item.controller), controller=item.controller,
                  attach_to=attach, actor=item.controller)
        return
    core.emit(state, out, "resolution", item.controller, Message(
        "magic.resolve.effects", what=f"{obj.card} ({obj.id})", effects=[describe_effect(e) for e in item.effects]), [*cites_base, *cr("608.2", "608.2c", "117.3b")],
              about=[obj])
    run_effects(state, out, item.controller, obj.id, obj.card, item.effects, targets, item.x, cr("608.2c"),
                spent=item.spent, divide=item.divide)
    if state.objects.get(obj.id) is obj and obj.zone == "stack":
        core.move(state, out, obj, "graveyard", cites=cr("608.2n"), why=Message(
                  "magic.why.instant_to_graveyard"), actor=item.controller)

