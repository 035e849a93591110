"""Effects that move cards between zones other than by destroying or bouncing permanents (discarding is
effects.discard): revealing (701.20), exiling from the top of a library, putting linked cards somewhere, searching three zones for a
name (701.23), keeping some of a hand and shuffling the rest (701.24), reordering a graveyard (404.2), moving Auras
(701.3), token copies (707.2), emptying mana pools (106.4). Each links what it moved for the next instruction
(linked.Linked)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from judge.engine.rulesets.magic import core, sba
from judge.engine.rulesets.magic.cards import Effect
from judge.engine.rulesets.magic.choices import Question
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.linked import Linked
from judge.engine.rulesets.magic.messages import zone
from judge.engine.rulesets.magic.state import MagicObject, MagicState
from judge.engine.rulesets.magic.targets import candidates, expand_specs
from judge.engine.rulesets.magic.text import describe_target
from judge.engine.step import Event, Step
from judge.messages import Message

# Where `put` puts the cards, and the rule that says under whose control / where they go.
DESTS = {"battlefield": ("110.2a",), "graveyard": ("404.1",), "hand": ("400.7",), "library_bottom": ("401.4",),
         "exile": ("406.1",)}


def _choose_cards(state: MagicState, out: list[Step], q: Question) -> list[str]:
    options, lo, hi, cites = list(q.options), q.min, q.max, q.citations

    def valid(ans: Any) -> Any:
        vals = list(ans.values)
        if not lo <= len(vals) <= hi or len(set(vals)) != len(vals) or any(v not in options for v in vals):
            return (Message("magic.illegal.cards_between", lo=lo, hi=hi,
                            options=", ".join(options) or Message("magic.zonefx.none_paren")), list(cites))
        return None
    return list(core.ask(state, out, q, valid).values)


def run(state: MagicState, out: list[Step], controller: str, source: str, source_name: str, e: Effect,
        subjects: list[str], n: int, cites: list[str], ctx: Linked, targets: Sequence[str | None]) -> None:
    k = e.kind
    if k in ("reveal_top", "exile_top"):
        for who in subjects:
            if not state.has_player(who):
                continue
            top = list(state.player(who).zones["library"][:n])
            if k == "reveal_top":
                ctx.objects = [o.id for o in top]
                core.emit(state, out, "resolution", who, Message("magic.zonefx.reveal_top", player=who, cards=", ".join(
                    f"{o.card} ({o.id})" for o in top) or Message("magic.zonefx.no_cards")), cites,
                          [Event("reveal", {"player": who, "cards": [o.id for o in top]})], top)
                continue
            ctx.objects = [core.move(state, out, o, "exile", cites=cites, why=Message(
                "magic.zonefx.why_exile_top", source=source_name, player=who, n=n), actor=who).id for o in top]
            if len(top) < n:
                core.emit(state, out, "resolution", who, Message("magic.zonefx.only_had", player=who, n=len(top)),
                          [*cites, *cr("609.3")])
    elif k == "look_top":
        _look_top(state, out, controller, n, e.keep, source_name, cites, ctx)
    elif k == "put":
        _put(state, out, controller, source, source_name, e, cites, ctx, targets)
    elif k == "exile_same_name":
        for ref in subjects:
            _exile_same_name(state, out, controller, ref, source_name, cites, ctx)
    elif k == "keep_hand":
        for who in subjects:
            if state.has_player(who):
                _keep_hand(state, out, who, n, source_name, cites)
    elif k == "reorder_graveyard":
        for who in subjects:
            if state.has_player(who):
                _reorder(state, out, who, source_name, cites)
    elif k == "move_auras":
        for ref in subjects:
            _move_auras(state, out, controller, ref, source_name, cites)
    elif k == "copy_token":
        _copy_token(state, out, controller, source, source_name, cites, ctx)
    elif k == "cast_free":
        for ref in subjects:
            _cast_free(state, out, controller, ref, source_name, cites)
    elif k == "exchange_control":
        _exchange_control(state, out, source, source_name, targets, cites)
    elif k == "may_play":
        # "Hasta el final del turno, puedes jugar esa carta": the linked cards, for the effect's controller, this turn
        cards = [r for r in subjects if r in state.objects and state.objects[r].zone == "exile"]
        state.may_play = [*state.may_play, *((r, controller, state.turn) for r in cards)]
        core.emit(state, out, "resolution", controller, Message(
            "magic.zonefx.may_play", source=source_name, player=controller,
            cards=", ".join(core.name(state, r) for r in cards) or Message("magic.value.nothing")), cites)
    elif k == "empty_pools":
        from judge.engine.rulesets.magic.mana import pool_text
        emptied = [f"{p.name} ({pool_text(p.pool)})" for p in state.players if any(p.pool.values())]  # type: ignore[attr-defined]
        for p in state.players:
            p.pool.clear()  # type: ignore[attr-defined]
        core.emit(state, out, "resolution", controller, Message(
            "magic.zonefx.empty_pools", source=source_name, pools=Message("magic.zonefx.pools_of", pools=emptied)
            if emptied else Message("magic.zonefx.pools_were_empty")), cites,
                  [Event("mana", {"emptied": [p.name for p in state.players]})])


def _look_top(state: MagicState, out: list[Step], who: str, n: int, keep: int, source_name: str, cites: list[str],
              ctx: Linked) -> None:
    """"Look at the top N cards of your library, put K of them into your hand, then the rest on the bottom in any
    order": two choices of the player (which K; the order of the rest, the first one going to the bottom first)."""
    top = list(state.player(who).zones["library"][:n])
    ids = tuple(o.id for o in top)
    core.emit(state, out, "resolution", who, Message(
        "magic.zonefx.look_top", player=who, n=len(top), keep=min(keep, len(top)),
        cards=", ".join(f"{o.card} ({o.id})" for o in top) or Message("magic.value.none")), cites,
        [Event("look", {"player": who, "cards": list(ids)})], top)
    k = min(keep, len(top))
    chosen = list(ids) if k == len(ids) else _choose_cards(state, out, Question(
        "look", who, ids, Message("magic.prompt.look", player=who, n=k, options=ids), tuple(cites), min=k, max=k))
    ctx.objects = [core.move(state, out, state.objects[r], "hand", cites=[*cites, *cr("121.5")], why=Message(
        "magic.zonefx.why_to_hand", source=source_name, player=who), actor=who).id for r in chosen]
    rest = [r for r in ids if r not in chosen]
    if len(rest) > 1:
        q = Question("bottom_order", who, tuple(rest), Message("magic.prompt.bottom_order", player=who, options=rest),
                     tuple(cr("401.4")), min=len(rest), max=len(rest))
        rest = _choose_cards(state, out, q)
    for r in rest:
        core.move(state, out, state.objects[r], "library", top=False, cites=[*cites, *cr("401.4")],
                  why=Message("magic.zonefx.why_to_bottom", source=source_name, player=who), actor=who)


def _cards(state: MagicState, controller: str, source_name: str, e: Effect, ctx: Linked,
           targets: Sequence[str | None] = (), source: str = "") -> list[MagicObject]:
    """The cards a `put` moves: the linked ones, the target cards (in a graveyard) still legal, one at random from its
    controller's graveyard, or every card in its controller's graveyard with the source's name."""
    grave = state.player(controller).zones["graveyard"]
    if e.to == "targets":
        return [state.objects[r] for r in targets if r and r in state.objects]
    if e.to == "linked":
        return [state.objects[r] for r in ctx.objects if r in state.objects]
    if e.to == "graveyard_random":
        return [state.rng.choice(grave)] if grave else []
    if e.to == "graveyard_named_self":
        return [o for o in grave if o.card == source_name]
    if e.to == "source_card":
        # "Return this card from your graveyard to your hand" (602.2, 113.6b): the card the ability was activated
        # from, if it is still that object there (400.7: once it moved it is a new object the ability can't find)
        o = state.objects.get(source)
        return [o] if o is not None and o.zone == "graveyard" else []
    return []


def _put(state: MagicState, out: list[Step], controller: str, source: str, source_name: str, e: Effect,
         cites: list[str], ctx: Linked, targets: Sequence[str | None] = ()) -> None:
    # 111.8: a token that left the battlefield can't move to another zone or come back (it ceases to exist)
    cards = [o for o in _cards(state, controller, source_name, e, ctx, targets, source) if not o.token]
    rules = [*cites, *cr(*DESTS.get(e.dest, ()), *(["701.9b"] if e.to == "graveyard_random" else []))]
    if not cards:
        core.emit(state, out, "resolution", controller, Message("magic.zonefx.nothing_to_move", source=source_name),
                  rules)
        ctx.objects = []
        return
    moved = []
    batch: list[Event] = []
    before = core.last_known_all(state, cards)          # 603.10a: what each was before any moves
    for o in cards:
        zone = "library" if e.dest == "library_bottom" else e.dest
        why = Message("magic.zonefx.why_random", source=source_name) if e.to == "graveyard_random" else source_name
        new = core.move(state, out, o, zone, cites=rules, why=why, top=False, batch=batch, seen=before,
                        controller=controller if zone == "battlefield" else None, actor=controller)
        moved.append(new.id)
    core.observe_all(state, batch)
    ctx.objects = moved


def _exile_same_name(state: MagicState, out: list[Step], searcher: str, ref: str, source_name: str,
                     cites: list[str], ctx: Linked) -> None:
    """`searcher` searches the graveyard, hand and library of the target spell's controller for the cards with its
    name and exiles them, then that player shuffles. The graveyard is public: every such card there is found; in the
    hidden zones finding them is optional (701.23b), a choice of the searcher."""
    item = next((i for i in state.stack if i.id == ref), None)
    seen = state.lki.get(ref)
    name = item.obj.card if item is not None and item.obj is not None else seen.card if seen is not None else None
    player = item.controller if item is not None else seen.controller if seen is not None else None
    if not name or not player or not state.has_player(player):
        return
    zones = state.player(player).zones
    found = [o for o in zones["graveyard"] if o.card == name]
    hidden = [o.id for z in ("hand", "library") for o in zones[z] if o.card == name]
    if hidden:
        found += [state.objects[r] for r in _choose_cards(state, out, Question(
            "search", searcher, tuple(hidden), Message("magic.prompt.search_name", player=searcher, owner=player,
                                                       card=name),
            tuple([*cites, *cr("701.23b")]), min=0, max=len(hidden)))]
    core.emit(state, out, "resolution", searcher, Message(
        "magic.zonefx.search_name", source=source_name, owner=player, card=name,
        found=[Message("magic.zonefx.found_in", id=o.id, zone=zone(o.zone)) for o in found]
        or Message("magic.value.none")), [*cites, *cr("404.2")])
    batch: list[Event] = []
    ctx.objects = [core.move(state, out, o, "exile", cites=cites, why=source_name, batch=batch).id for o in found]
    core.observe_all(state, batch)
    state.rng.shuffle(zones["library"])
    state.touch()
    core.emit(state, out, "resolution", player, Message("magic.search.shuffle", player=player),
              [*cites, *cr("701.24a")],
              [Event("shuffle", {"player": player, "zone": "library", "cards": len(zones["library"])})])


def _keep_hand(state: MagicState, out: list[Step], who: str, n: int, source_name: str, cites: list[str]) -> None:
    """The player chooses up to n cards of their hand; the rest are shuffled into their library (701.24a)."""
    hand = [o.id for o in state.player(who).zones["hand"]]
    keep = hand if len(hand) <= n else _choose_cards(state, out, Question(
        "keep", who, tuple(hand), Message("magic.prompt.keep", player=who, n=n, source=source_name), tuple(cites),
        min=0, max=n))
    rest = [state.objects[r] for r in hand if r not in keep]
    for o in rest:
        core.move(state, out, o, "library", cites=cites, why=Message("magic.zonefx.why_not_kept", source=source_name,
                                                                         player=who))
    state.rng.shuffle(state.player(who).zones["library"])
    state.touch()
    core.emit(state, out, "resolution", who, Message("magic.zonefx.kept", player=who, n=len(keep), rest=len(rest)),
              [*cites, *cr("701.24a")],
              [Event("shuffle", {"player": who, "zone": "library", "cards": len(state.player(who).zones["library"])})])


def _reorder(state: MagicState, out: list[Step], who: str, source_name: str, cites: list[str]) -> None:
    """404.2: a graveyard's order is normally fixed; this effect lets its owner reorder it (`[]` keeps it)."""
    grave = state.player(who).zones["graveyard"]
    ids = [o.id for o in grave]
    if len(ids) < 2:
        return
    q = Question("graveyard_order", who, tuple(ids), Message("magic.prompt.graveyard_order", player=who,
                                                              source=source_name, options=ids),
                 tuple(cites), min=0, max=len(ids))

    def valid(ans: Any) -> Any:
        if ans.values and sorted(ans.values) != sorted(ids):
            return (Message("magic.illegal.graveyard_order", options=ids), list(cites))
        return None
    order = list(core.ask(state, out, q, valid).values) or ids
    grave[:] = [state.objects[r] for r in order]
    state.touch()
    core.emit(state, out, "resolution", who, Message("magic.zonefx.reordered", player=who, order=order), cites)


def _move_auras(state: MagicState, out: list[Step], controller: str, ref: str, source_name: str,
                cites: list[str]) -> None:
    """Attach every Aura on the target to another permanent of the same controller, chosen now (608.2d); it must
    be one every one of those Auras could enchant, else they don't move (701.3b)."""
    host = state.objects.get(ref)
    if host is None or host.zone != "battlefield":
        return
    auras = [o for o in state.battlefield() if o.attached_to == host.id and state.card(o).is_aura]
    if not auras:
        core.emit(state, out, "resolution", controller, Message("magic.zonefx.no_auras", source=source_name,
                                                                  card=host.card, id=host.id), cites)
        return
    cache = core.layers.compute(state)
    options = [o.id for o in state.battlefield() if o.id != host.id and o.controller == host.controller
               and o.id not in {a.id for a in auras}
               and all(sba.enchantable(state, state.card(a).targets[0], o, cache) for a in auras
                       if state.card(a).targets)]
    if not options:
        core.emit(state, out, "resolution", controller, Message("magic.zonefx.no_new_host", source=source_name,
                                                                  player=host.controller), [*cites, *cr("701.3b")])
        return
    new_host = _choose_cards(state, out, Question("attach", controller, tuple(options), Message(
        "magic.prompt.attach_auras", player=controller, owner=host.controller, card=host.card), tuple(cites)))[0]
    for a in auras:
        a.attached_to = new_host
        a.timestamp = state.tick()
    state.touch()
    core.emit(state, out, "resolution", controller, Message(
        "magic.zonefx.auras_moved", source=source_name, auras=[f"{a.card} ({a.id})" for a in auras],
        host=core.name(state, new_host)), cites,
              [Event("attach", {"object": a.id, "to": new_host}) for a in auras], auras)


def _copy_token(state: MagicState, out: list[Step], controller: str, source: str, source_name: str,
                cites: list[str], ctx: Linked) -> None:
    """A token that's a copy of the source: its copiable values as they are now (a copy effect on it included),
    or as it last existed; never its counters or other effects (707.2)."""
    from judge.engine.rulesets.magic.effects import create_token
    o = state.objects.get(source)
    model = state.card(o) if o is not None else state.lki[source].copiable if source in state.lki else None
    if model is None:
        return
    before = set(state.objects)
    create_token(state, out, controller, replace(model, is_token=True), source_name, cites)
    ctx.objects = [r for r in state.objects if r not in before]


def _exchange_control(state: MagicState, out: list[Step], source: str, source_name: str,
                      targets: Sequence[str | None], cites: list[str]) -> None:
    """701.12a-b: the two targets' controllers each gain control of the other's permanent (layer 2, no duration);
    if either target is illegal now, the exchange can't be completed and none of it happens."""
    from judge.engine.rulesets.magic.state import ContinuousEffect
    objs = [state.objects.get(r or "") for r in targets[:2]]
    if len(objs) < 2 or any(o is None or o.zone != "battlefield" for o in objs):
        core.emit(state, out, "resolution", None, Message("magic.zonefx.exchange_illegal", source=source_name),
                  [*cites, *cr("608.2b")])
        return
    a, b = objs
    assert a is not None and b is not None
    ca, cb = core.chars(state, a).controller, core.chars(state, b).controller
    if ca == cb:
        core.emit(state, out, "resolution", ca, Message("magic.zonefx.exchange_same", source=source_name),
                  [*cites, *cr("701.12b")])
        return
    grab = Effect("gain_control", duration="permanent")
    new = [ContinuousEffect(effect=grab, source=source, source_name=source_name, controller=cb, timestamp=state.tick(),
                            affected=(a.id,), duration="permanent"),
           ContinuousEffect(effect=grab, source=source, source_name=source_name, controller=ca, timestamp=state.tick(),
                            affected=(b.id,), duration="permanent")]
    state.set_effects(state.effects + new)
    core.emit(state, out, "resolution", None, Message("magic.zonefx.exchange", source=source_name, first=cb,
                                                        second=ca, a=f"{a.card} ({a.id})", b=f"{b.card} ({b.id})"),
              cites,
              [Event("effect", {"kind": "exchange_control", "affected": [a.id, b.id]})], [a, b])
    sba.sync_control(state, out)


def _cast_free(state: MagicState, out: list[Step], player: str, ref: str, source_name: str, cites: list[str]) -> None:
    """608.2g: cast the target card during the resolution, following 601.2 (its targets chosen now; timing
    restrictions of its type ignored), without paying its mana cost (118.9: no alternative cost either). With a
    target slot that has no legal choice it can't be cast: nothing happens and the card stays where it is."""
    from judge.engine.rulesets.magic.state import StackItem
    o = state.objects.get(ref)
    if o is None or o.zone != "graveyard":
        return
    card = state.card(o)
    if card.modes:
        core.emit(state, out, "resolution", player, Message("magic.zonefx.cast_modal", source=source_name,
                                                              card=o.card), cites)
        return
    chosen: list[str] = []
    for spec in card.targets:
        options = [c for c in candidates(state, spec, player, o.id) if not (spec.other and c in chosen)]
        if not options:
            core.emit(state, out, "resolution", player, Message("magic.zonefx.cast_no_target", source=source_name,
                                                                  card=o.card, id=o.id, target=describe_target(spec)),
                      [*cites, *cr("601.2c")])
            return
        q = Question("targets", player, tuple(options), Message(
            "magic.prompt.cast_free_target", player=player, target=describe_target(spec), card=o.card,
            source=source_name, options=options), tuple(cr("601.2c", "608.2g")))

        def valid(ans: Any, options: list[str] = options) -> Any:
            v = ans.values[0] if len(ans.values) == 1 else ""
            return None if v in options else (Message("magic.illegal.expected_one_of_colon", options=options),
                                               cr("601.2c"))
        chosen.append(core.ask(state, out, q, valid).values[0])
    new = core.move(state, out, o, "stack", cites=[*cites, *cr("601.2a", "601.2i")], why=Message(
        "magic.zonefx.why_cast_free", player=player, source=source_name,
        targets=Message("magic.cast.targets", targets=chosen) if chosen else ""),
                    controller=player, actor=player)
    state.stack.append(StackItem(id=new.id, kind="spell", controller=player, source=new.id, source_name=new.card,
                                 effects=card.effects, targets=tuple(chosen),
                                 target_specs=expand_specs(card.targets, len(chosen)), obj=new,
                                 text=f"{new.card} ({new.id})"))
    state.this_turn.add(state.this_turn.spells, player)
    state.touch()              # a static ability's "if you've cast a spell this turn" may now hold (conditions.py)
    core.observe(state, Event("cast", {"object": new.id, "player": player, "from": "graveyard"}))
