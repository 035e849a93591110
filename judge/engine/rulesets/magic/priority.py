"""Priority (117): before a player would receive priority, state-based actions and then triggered abilities,
repeatedly (117.5, 704.3); the waiting triggers go on the stack in APNAP order, each player ordering theirs and
choosing their targets (603.3b, 603.3d). Above the effects it uses (targets, the text of a trigger) and below the
actions (play, turn) that give priority.
"""
from __future__ import annotations

from typing import Any

from judge.engine.rulesets.magic import keyword, layers
from judge.engine.rulesets.magic.choices import Question
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.sba import check_sba, check_state_triggers, leave_combat, sync_control
from judge.engine.rulesets.magic.triggers import CONDITION_RULES
from judge.engine.rulesets.magic.targets import choose_targets, trigger_text
from judge.engine.rulesets.magic.messages import zone
from judge.engine.rulesets.magic.state import MagicState, PendingTrigger, StackItem
from judge.engine.rulesets.magic.steps import answer_names, answers_text, ask, emit, name
from judge.engine.step import Event, Step
from judge.messages import Message


def put_triggers_on_stack(state: MagicState, out: list[Step]) -> bool:
    """603.3b: APNAP order; a player with several triggers puts them in the order they choose (a choice when they
    differ). Targets are chosen as they are put on the stack (603.3d); one with no legal target is removed."""
    if not state.triggers:
        return False
    waiting, state.triggers = state.triggers, []
    several_players = len({t.controller for t in waiting}) > 1
    for player in state.apnap():
        mine = [t for t in waiting if t.controller == player]
        declined = keyword.current().declined
        for t in [t for t in mine if t.ability.keyword in declined]:
            mine.remove(t)
            # It did not trigger (603.4): not a `trigger` step, but part of the event it would have triggered on.
            k = declined[t.ability.keyword]
            emit(state, out, (t.seen.obj.left_in if t.seen.obj is not None else "") or "state-based", player, Message(k.declined, source=t.source_name),
                 cr("603.4", k.rule))
        # One ability triggered by different objects, that acts on "that creature", is not the same trigger twice:
        # their order matters and is chosen too (603.3b).
        if len(mine) > 1 and len({(t.source_name, id(t.ability), _event_key(t)) for t in mine}) > 1:
            mine = _order_triggers(state, out, player, mine)
        for t in mine:
            ab = t.ability
            targets: tuple[str, ...] = ()
            if ab.targets:
                targets = choose_targets(state, out, player, t.source, ab.targets, t.source_name)
                if targets is None:
                    emit(state, out, "trigger", player, Message("magic.trigger.no_targets", source=t.source_name),
                         cr("603.3d", "601.2c"))
                    continue
            item = StackItem(id=state.new_id("hab"), kind="trigger", controller=player, source=t.source,
                             source_name=t.source_name, effects=ab.effects, targets=targets,
                             target_specs=ab.targets, keyword=ab.keyword, seen=t.seen,
                             condition=(ab.condition, ab.condition_n, ab.condition_arg))
            item.text = trigger_text(ab, t.source_name)
            state.stack.append(item)
            when_rules = WHEN_RULES.get(ab.when, ())
            if t.seen.paid:               # 119.4: "paying life" is losing it (not 119.3's ways of losing it)
                when_rules = tuple("119.4" if r == "119.3" else r for r in when_rules)
            if ab.when == "zone_change" and ab.to_zone == "battlefield":
                when_rules += ("603.6a",)     # put onto the battlefield: every permanent there, newcomers too
            rules = ["603.2", "603.3", "603.3b", *when_rules, *(["603.2c"] if ab.one_or_more else []),
                     *(["603.3d"] if targets else []),
                     *(["603.4"] if ab.had_counter or ab.condition else []),
                     *CONDITION_RULES.get(ab.condition, ())]
            if ab.keyword:
                piece = keyword.current().get(ab.keyword)   # persist, conspire: the keyword's rule
                rules.append(piece.rule if piece is not None and piece.rule else TRIGGER_RULE.get(ab.keyword, "603.2"))
                if t.seen.obj is not None and t.seen.obj.extra.get(ab.keyword):
                    rules.append("113.2c")       # one of several instances of the keyword, each triggering
            if several_players:
                rules.append("101.4")
            gone = _left_text(state, t)
            if gone:
                rules += ["603.10a", "113.7a"]      # it looked back in time (a dies, leaves or zone_change ability)
            emit(state, out, "trigger", player, Message(
                "magic.trigger.targets" if targets else "magic.trigger", ability=item.text, item=item.id, gone=gone,
                **({"targets": [name(state, x) for x in targets]} if targets else {})),
                 cr(*rules), [Event("stack", {"item": item.id, "source": t.source})])
    return True


def _left_text(state: MagicState, t: PendingTrigger) -> "Message | str":
    """For a trigger whose source left the battlefield (603.10a): which incarnation it is about (400.7) — the object
    that left, whose last known information its effects read (113.7a, 608.2h) — and the one it is now."""
    now = t.seen.source_now
    if not now:
        return ""
    o = state.objects.get(now)
    where = Message("magic.trigger.now_in", now=now, zone=zone(o.zone)) if o is not None else \
        Message("magic.trigger.ceased", now=now) if t.source in state.lki and state.lki[t.source].token else \
        Message("magic.trigger.now", now=now)
    return Message("magic.trigger.left", source=t.source_name, id=t.source, where=where)


def _order_triggers(state: MagicState, out: list[Step], player: str, mine: list[PendingTrigger]
                    ) -> list[PendingTrigger]:
    """603.3b: the player puts their triggered abilities on the stack in the order they choose (the first at the
    bottom). Each is named `source:n` (its source's id, n its place in the list shown; `martir~2:1`, the card its
    source became in its new zone, 400.7, names it too); its source's id or its card's name alone name it when it
    is the only one from that source (`answer_names`)."""
    ids = [f"{t.source}:{n}" for n, t in enumerate(mine, 1)]
    alias = answer_names(ids, [(t.source, t.seen.source_now, t.source_name) for t in mine])
    for n, t in enumerate(mine, 1):
        if t.seen.source_now:
            alias.setdefault(f"{t.seen.source_now}:{n}", n - 1)
    how = answers_text(ids, alias, Message("magic.answers.form_colon"), Message("magic.answers.only_f"))
    shown = [Message("magic.order.by", id=i, card=t.seen.obj.card, obj=t.seen.obj.id)
             if t.seen.obj is not None and t.seen.obj.id and t.ability.of != "self" else
             Message("magic.order.source", id=i, source=t.source_name, now=Message(
                 "magic.order.now", now=t.seen.source_now) if t.seen.source_now else "")
             for i, t in zip(ids, mine)]
    q = Question("order", player, tuple(ids), Message("magic.prompt.order_triggers", player=player, shown=shown,
                                                      how=how), tuple(cr("603.3b")),
                 min=len(ids), max=len(ids))

    def valid(ans: Any) -> Any:
        picked = [alias.get(str(v)) for v in ans.values]
        if None in picked or sorted(picked) != list(range(len(ids))):      # type: ignore[type-var]
            bad = [str(v) for v, p in zip(ans.values, picked) if p is None]
            return (Message("magic.illegal.trigger_order", bad=Message("magic.illegal.names_none", names=bad)
                            if bad else "", ids=ids, how=how), cr("603.3b"))
        return None
    ans = ask(state, out, q, valid)
    return [mine[alias[str(v)]] for v in ans.values]


def _event_key(t: PendingTrigger) -> str:
    """The object a trigger acts on when its effects read it ("esa criatura": a copy of it, it as subject)."""
    reads = any(e.of < 0 or e.to == "that_creature" for e in t.ability.effects)
    return (t.seen.obj.id if t.seen.obj is not None else "") if reads else ""


# The rule of a trigger that no keyword stands for (a keyword's trigger cites its piece's rule, keywords/*.py).
TRIGGER_RULE = {"delayed": "603.7b"}
WHEN_RULES = {"state": ("603.8",), "dies": ("603.6c", "603.10a"), "leaves": ("603.6c", "603.10a"),
              "enters": ("603.6a",),
              "upkeep": ("503.1a",), "end_step": ("513.1",), "attacks": ("508.1m",), "blocks": ("509.1i",),
              "counter_put": ("122.6",), "untapped": ("603.2e",), "end_of_combat": ("603.7", "511.2"),
              "cast": ("601.2i",),
              "blocked": ("509.1i", "603.2e"), "deals_damage": ("120.3",),
              "draw": ("121.1", "603.2c"), "life_gain": ("119.3", "119.9", "603.2c"), "life_loss": ("119.3", "603.2c"),
              "zone_change": ("400.7", "603.2c"), "spell_cast": ("601.2i", "603.2")}


def settle(state: MagicState, out: list[Step]) -> bool:
    """117.5 / 704.3: before a player would receive priority, state-based actions then triggers, repeatedly.
    Whether any state-based action was performed or any triggered ability was waiting (514.3a); a control change
    (layer 2, `sync_control`) is neither."""
    # A settled state that nothing touched since settles to itself: the last round that changed nothing is kept
    # with what the round reads (`settled_key`), and while that is equal and no trigger waits nothing is done again.
    caches = state.caches
    if caches.settled is not None and not state.triggers and caches.settled == settled_key(state):
        return False
    acted = False
    for _ in range(1000):
        before = settled_key(state)
        sync_control(state, out)
        leave_combat(state, out)
        acted = check_sba(state, out) or acted
        if state.over:
            caches.settled = None
            return acted
        check_state_triggers(state)
        if not put_triggers_on_stack(state, out):
            now = settled_key(state)
            caches.settled = now if now == before and not state.triggers else None
            return acted
        acted = True
    caches.settled = None
    return acted


def settled_key(state: MagicState) -> tuple:
    """What a round of `settle` reads, as a value (the control sync, 506.4, the state-based checks, state triggers,
    the waiting triggers): every object, zone and player field (`Stamps.last`: an edit of any moves it), the
    layers' result, the copy effects, the continuous effects (the list and its items), how many objects there are
    (704.5d: tokens that left), the stack's items (603.8: a state trigger on the stack already) and whether the
    game is over. (A part of the round that comes to read another game field must add it here;
    tests/engine/test_magic_kept_answers.py settles again every round skipped.)"""
    return (state.stamps.last, layers.compute(state), state.copies, tuple(state.effects), len(state.objects),
            tuple(state.stack), state.over)


def give_priority(state: MagicState, out: list[Step], player: str) -> None:
    """117.3: `player` receives priority, after state-based actions and triggers (117.5)."""
    settle(state, out)
    if state.over:
        state.priority = None
        return
    if state.player(player).lost:
        player = next_player(state, player)
    state.priority = player


def next_player(state: MagicState, player: str) -> str:
    names = [p.name for p in state.players]
    i = names.index(player)
    for k in range(1, len(names) + 1):
        cand = state.players[(i + k) % len(names)]
        if not cand.lost:
            return cand.name
    return player
