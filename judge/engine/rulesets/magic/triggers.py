"""Trigger matching (603.2): the abilities whose trigger event matches an event that just happened trigger, and wait
in `state.triggers` until a player would receive priority (`priority.put_triggers_on_stack`); leaves-the-battlefield
abilities look back in time (603.10a); delayed triggers (603.7); intervening "if" conditions (603.4). Below the
mechanics that cause the events (core): it reads the state and the layers only.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from judge.engine.rulesets.magic import keyword, layers
from judge.engine.rulesets.magic.cards import Triggered
from judge.engine.rulesets.magic.conditions import RULES, TEXT, holds
from judge.engine.rulesets.magic.layers import chars, is_creature
from judge.engine.rulesets.magic.qualities import has_all
from judge.engine.rulesets.magic.known import NOTHING_KNOWN, NOTHING_SEEN, LastKnown, Seen
from judge.engine.rulesets.magic.state import MagicObject, MagicState, PendingTrigger
from judge.engine.step import Event


def life_lost_this_turn(state: MagicState, player: str) -> int:
    """119.3: the life a player lost this turn (damage, loss, payment), however much they also gained."""
    return state.this_turn.life_lost.get(player, 0)


def condition_holds(state: MagicState, controller: str, condition: str, n: int, arg: str = "") -> bool:
    """603.4: the intervening "if" of a triggered ability, true or not now (conditions.py)."""
    return holds(state, controller, condition, n, arg)


CONDITION_RULES = RULES          # e.g. life lost is counted apart from life gained (119.3)
CONDITION_TEXT = TEXT



# -- triggers -------------------------------------------------------------------------------------------------------
def known(state: MagicState, ref: str) -> LastKnown:
    """The last known information of the object `ref` that left its zone (113.7a), or what is known of nothing."""
    return state.lki.get(ref, NOTHING_KNOWN)


def _add_trigger(state: MagicState, controller: str, src_id: str, src_name: str, ab: Triggered,
                 seen: Seen = NOTHING_SEEN) -> None:
    if ab.condition and not holds(state, controller, ab.condition, ab.condition_n, ab.condition_arg):
        return                             # 603.4: an intervening "if" false as the event happens: no trigger
    if ab.one_or_more:
        # 603.2c: "one or more …" triggers once for the whole event, however many objects it has; "that
        # creature" would name one of them, so none is kept.
        if any(t.ability is ab and t.source == src_id and t.seen.batch == state.event_batch
               for t in state.triggers):
            return
        seen = replace(seen, that="", batch=state.event_batch)
    state.triggers.append(PendingTrigger(controller, src_id, src_name, ab, seen, len(state.triggers)))


def _of_matches(of: str, watcher: MagicObject, obj_id: str, obj_controller: str, creature: bool) -> bool:
    """Whether the object of an enters / dies / attacks event is the one the ability's `of` names, seen from the
    permanent `watcher` that has the ability."""
    if of == "self":
        return obj_id == watcher.id
    if not creature:
        return False
    return (of == "creature" or of == "another_creature" and obj_id != watcher.id
            or of == "your_creature" and obj_controller == watcher.controller
            or of == "opponents_creature" and obj_controller != watcher.controller)


def fire_delayed(state: MagicState, at: str) -> None:
    """511.2 / 603.7: delayed triggered abilities waiting for this moment trigger now, once, and are gone."""
    # One created after this turn's end step began waits for the next turn's (603.7b, `Seen.not_before`).
    due = [t for t in state.delayed if t.ability.when == at and t.seen.not_before <= state.turn]
    state.delayed = [t for t in state.delayed if t not in due]
    for t in due:
        _add_trigger(state, t.controller, t.source, t.source_name, t.ability, t.seen)


def observe_all(state: MagicState, events: list[Event]) -> None:
    """Several objects moved at once (a "destroy all", state-based actions, 704.3): each leaves-the-battlefield
    ability looks back in time and sees every object that left with it (603.10a)."""
    for e in events:
        observe(state, e, together=events)


def observe(state: MagicState, e: Event, together: Sequence[Event] = ()) -> None:
    """603.2: abilities whose trigger event matches `e` trigger now; they wait in `state.triggers` until a player
    would receive priority. Leaves-the-battlefield abilities look back in time (603.10a): the object's last known
    information decides, and objects that left in the same event (`together`) still see it."""
    d = e.data
    if not together or e is together[0]:
        state.event_batch += 1              # one event, however many objects moved in it together (603.2c)
    if e.kind in GENERAL_EVENTS:
        _observe_general(state, e, together)
    if e.kind == "move":
        dies = d["from"] == "battlefield" and d["to"] == "graveyard"
        leaves = d["from"] == "battlefield"
        if leaves:
            lki = known(state, d["object"])
            # 603.10a / 707.2: the abilities it had as it left (a copy's, none if it had lost them), not its card's
            abilities = list(lki.triggers)
            # The keywords that stand for a dies trigger (persist, 702.79a: keywords/permanents.py) it had.
            if dies:
                had = lki.keywords
                for k in keyword.current().dying:
                    if k.name in had:
                        abilities.extend(k.on_dies(lki))
            for ab in abilities:
                # 603.10a: leaves-the-battlefield abilities look back: the one leaving sees itself leave.
                if ((ab.when == "dies" and dies or ab.when == "leaves") and ab.of == "self" or
                        ab.when == "dies" and dies and ab.of in ("creature", "your_creature")
                        and "creature" in lki.types) \
                        and _had(ab, lki):
                    # 603.10a / 113.7a: its source is the object that left (read through its last known
                    # information); `source_now` is the card it became in its new zone (400.7), for effects
                    # that act on that card (persist, 702.79a).
                    _add_trigger(state, lki.controller or d.get("owner", ""), d["object"], d["card"], ab,
                                 Seen(obj=lki, source_now=d["new"]))
        if dies:
            lki = known(state, d["object"])
            if "creature" in lki.types:
                for o, abilities in _triggered_permanents(state):
                    if o.zone != "battlefield":
                        continue
                    for ab in abilities:
                        if ab.when == "dies" and ab.of != "self" and _had(ab, lki) and _of_matches(
                                ab.of, o, d["object"], lki.controller or "", True):
                            _add_trigger(state, o.controller, o.id, o.card, ab, Seen(obj=lki))
                for other in together:          # 603.10a: those that died with it look back and see it die
                    od = other.data
                    if other is e or od.get("from") != "battlefield" or od.get("to") != "graveyard":
                        continue
                    olki = known(state, od["object"])
                    ocontroller = olki.controller or olki.owner
                    for ab in olki.triggers:                # those it had as it left (603.10a)
                        if ab.when == "dies" and ab.of in ("creature", "another_creature") and _had(ab, lki) or \
                                ab.when == "dies" and ab.of in ("your_creature", "opponents_creature") and \
                                _had(ab, lki) and (ab.of == "your_creature") == \
                                ((lki.controller or "") == ocontroller):
                            # 603.10a: its source is the object that died too (last known information, 113.7a).
                            _add_trigger(state, olki.controller or olki.owner, od["object"],
                                         od["card"], ab, Seen(obj=lki, source_now=od["new"]))
        if d["to"] == "battlefield":
            new = state.objects.get(d["new"])
            if new is None:
                return
            for o, abilities in _triggered_permanents(state):
                if o.zone != "battlefield":
                    continue
                for ab in abilities:
                    if ab.when != "enters":
                        continue
                    if _of_matches(ab.of, o, new.id, new.controller, ab.of != "self" and is_creature(state, new)):
                        if ab.where and not has_all(state, new, chars(state, new), ab.where):
                            continue
                        # "that creature" of the effects is the one that entered
                        _add_trigger(state, o.controller, o.id, o.card, ab, Seen(that=new.id))
    elif e.kind in ("attack", "block"):
        o = state.objects.get(d["object"])
        if o is not None:
            # "esa criatura": the trigger remembers the other creature of the event (the attacker it blocks)
            that = Seen(that=d["attacker"]) if e.kind == "block" else NOTHING_SEEN
            for ab in triggered_abilities(state, o):
                if ab.when == ("attacks" if e.kind == "attack" else "blocks") and ab.of == "self":
                    _add_trigger(state, o.controller, o.id, o.card, ab, that)
            if e.kind == "attack":
                # "whenever a creature you control attacks" / "… one or more creatures you control attack"
                # (508.1m: the abilities of other permanents that watch the declaration)
                for w, abilities in _triggered_permanents(state):
                    for ab in abilities:
                        if ab.when == "attacks" and ab.of != "self" and w.zone == "battlefield" and _of_matches(
                                ab.of, w, o.id, o.controller, is_creature(state, o)):
                            _add_trigger(state, w.controller, w.id, w.card, ab, Seen(that=o.id))
        a = state.objects.get(d.get("attacker", "")) if e.kind == "block" else None
        if a is not None:
            for ab in triggered_abilities(state, a):      # 509.1i / 603.2e: "becomes blocked by a creature": once per blocker
                if ab.when == "blocked":
                    _add_trigger(state, a.controller, a.id, a.card, ab, Seen(that=d["object"]))
    elif e.kind == "step":
        for o, abilities in _triggered_permanents(state):
            if o.zone != "battlefield":
                continue
            for ab in abilities:
                whose = ab.whose == "each" or (ab.whose == "opponents") == (o.controller != state.active)
                if ab.when == d["step"] and whose and condition_holds(state, o.controller, ab.condition,
                                                                      ab.condition_n):
                    _add_trigger(state, o.controller, o.id, o.card, ab)
    elif e.kind == "counters":
        o = state.objects.get(d["object"])
        if o is None or d["amount"] <= 0:
            return
        creature = is_creature(state, o)
        for w, abilities in _triggered_permanents(state):
            if w.zone != "battlefield":
                continue
            for ab in abilities:
                if ab.when != "counter_put" or ab.counter not in ("", d["counter"]):
                    continue
                if ab.of == "self" and w.id == o.id or ab.of == "creature" and creature:
                    # "Siempre que se coloque un contador": once per counter (122.6 counts entering with them too)
                    for _ in range(d["amount"] if ab.each_counter else 1):
                        _add_trigger(state, w.controller, w.id, w.card, ab)
    elif e.kind == "untap":
        o = state.objects.get(d["object"])
        if o is not None:
            for ab in triggered_abilities(state, o):
                if ab.when == "untapped":
                    _add_trigger(state, o.controller, o.id, o.card, ab)
    elif e.kind == "damage":
        for ref, when in ((d["source"], "deals_damage"), (d["target"], "dealt_damage")):
            o = state.objects.get(ref)
            if o is not None and o.zone == "battlefield":
                for ab in triggered_abilities(state, o):
                    if ab.when == when and (when == "dealt_damage" or _damage_matches(state, ab, o, d)):
                        _add_trigger(state, o.controller, o.id, o.card, _bind_damaged(ab, d["target"]),
                                     Seen(damaged=d["target"]))
    elif e.kind == "cast":
        # 601.2i: "when you cast" abilities trigger as the spell becomes cast; they work from the stack (113.6k).
        o = state.objects.get(d["object"])
        if o is not None:
            for ab in state.card(o).triggers:
                if ab.when == "cast":
                    _add_trigger(state, d["player"], o.id, o.card, ab)
            _observe_spell_cast(state, o, d)


def _observe_spell_cast(state: MagicState, spell: MagicObject, d: dict[str, Any]) -> None:
    """601.2i / 603.2: "whenever a player casts a spell": the abilities of the permanents on the battlefield whose
    `whose` is the caster, whose `from_zone` is the zone the spell was cast from ("whenever a spell is cast from a
    graveyard") and whose `where` the spell has, trigger once per spell (603.2c). The spell itself is on the stack,
    not the battlefield: a card cast from a graveyard does not see itself cast (its abilities work only on the
    battlefield, 113.6)."""
    found = _triggered_permanents(state)
    if not any(ab.when == "spell_cast" for _, abilities in found for ab in abilities):
        return
    caster, origin = d["player"], d.get("from", "hand")
    for w, abilities in found:
        if w.zone != "battlefield":
            continue
        for ab in abilities:
            if ab.when != "spell_cast" or ab.from_zone not in ("", origin):
                continue
            if ab.whose != "each" and (ab.whose == "opponents") != (caster != w.controller):
                continue
            if ab.where and not has_all(state, spell, chars(state, spell), ab.where):
                continue
            _add_trigger(state, w.controller, w.id, w.card, ab, Seen(player=caster, spell=spell.id))


# The events "whenever a player draws / gains life / loses life / a card changes zones" abilities watch (603.2).
GENERAL_EVENTS = ("draw", "life", "move")
GENERAL_WHEN = ("draw", "life_gain", "life_loss", "zone_change")


def _general_when(state: MagicState, e: Event) -> tuple[str, str] | None:
    """(the `when` an event matches, the player it concerns: who drew, gained or lost life, whose card moved), or
    None. 119.9: gaining 0 life is no life-gain event; a token is not a card (111.1, 108.2), so it matches no
    "card is put into …" ability."""
    d = e.data
    if e.kind == "draw":
        return None if d.get("empty") else ("draw", d["player"])
    if e.kind == "life":
        delta = d.get("delta", 0)
        return None if not delta else ("life_gain" if delta > 0 else "life_loss", d["player"])
    lki = known(state, d["object"])
    if lki.token:
        return None
    return "zone_change", lki.owner


def _general_matches(ab: Triggered, when: str, player: str, controller: str, d: dict[str, Any]) -> bool:
    """603.2: the ability's event is this one: its `whose` (you: the event's player is its controller; opponents;
    each) and, for a zone change, its `from_zone` / `to_zone`."""
    if ab.when != when:
        return False
    if ab.whose != "each" and (ab.whose == "opponents") != (player != controller):
        return False
    if when == "zone_change":
        return ab.from_zone in ("", d["from"]) and ab.to_zone in ("", d["to"])
    return True


def _observe_general(state: MagicState, e: Event, together: Sequence[Event]) -> None:
    """603.2 / 603.2c: a draw (121.1, one per card), a life gain or loss (119.3, 119.9: once per event, whatever the
    amount) or a card's zone change (400.7) triggers the matching abilities of the permanents on the battlefield,
    once per event. A permanent that leaves the battlefield in the zone change looks back in time (603.10a): it sees
    its own move and the moves of those that left with it (`together`); its ability's source is the object that
    left, read through its last known information (113.7a), as for the dies abilities that look back (`observe`)."""
    got = _general_when(state, e)
    if got is None:
        return
    when, player = got
    for o, abilities in _triggered_permanents(state):
        if o.zone != "battlefield":
            continue
        for ab in abilities:
            if _general_matches(ab, when, player, o.controller, e.data):
                _add_trigger(state, o.controller, o.id, o.card, ab,
                             Seen(player=player, paid=bool(e.data.get("paid"))))
    if e.kind != "move" or e.data["from"] != "battlefield":
        return
    for other in (together or (e,)):          # 603.10a: what left the battlefield with it looks back
        od = other.data
        if other.kind != "move" or od.get("from") != "battlefield":
            continue
        olki = known(state, od["object"])
        gone = state.objects.get(od["new"])
        if gone is None:
            continue
        controller = olki.controller or gone.owner
        for ab in olki.triggers:                   # the abilities it had as it left (603.10a, 707.2)
            if _general_matches(ab, when, player, controller, e.data):
                # 603.10a, 113.7a: its source is the object that left; `source_now` is the card it became (400.7)
                _add_trigger(state, controller, od["object"], gone.card, ab,
                             Seen(player=player, source_now=gone.id))


def _damage_matches(state: MagicState, ab: Triggered, o: MagicObject, d: dict[str, Any]) -> bool:
    """A "deals damage" trigger's conditions: to a player / an opponent, combat damage, at least N in one event
    (one damage event: damage dealt at different times is not added up, 603.2c)."""
    to = d["target"]
    if ab.to_whom == "player" and not state.has_player(to):
        return False
    if ab.to_whom == "opponent" and (not state.has_player(to) or to == o.controller):
        return False
    if ab.combat and not d.get("combat"):
        return False
    return d.get("amount", 0) >= ab.at_least


def _bind_damaged(ab: Triggered, damaged: str) -> Triggered:
    """A target "that player controls" becomes the player the damage was dealt to."""

    if not any(t.controller == "damaged_player" for t in ab.targets):
        return ab
    return replace(ab, targets=tuple(replace(t, controller=f"player:{damaged}") if t.controller == "damaged_player"
                                     else t for t in ab.targets))


def _had(ab: Triggered, lki: LastKnown) -> bool:
    """603.4: "if it had a -1/-1 counter on it": checked as it triggers, on the last known information."""
    return not ab.had_counter or bool(lki.counters.get(ab.had_counter))


def triggered_abilities(state: MagicState, o: MagicObject, c: layers.Chars | None = None) -> list[Triggered]:
    """Its printed triggered abilities and those effects grant it (613.1f, 113.10); none off the battlefield
    (with `c`, its characteristics as a permanent: those it has with them, whatever its `zone` says now)."""
    if c is None:
        if o.zone != "battlefield":
            return []
        c = chars(state, o)
    card = state.card(o)
    # Worked out once per card and characteristics (a permanent's Chars is frozen and kept while unchanged).
    memo = state.caches.triggered_of
    hit = memo.get((id(card), id(c)))
    if hit is None or hit[0] is not card or hit[1] is not c:
        if len(memo) > 10_000:
            memo.clear()
        if c.abilities_lost or c.land_types_set:           # 305.7: no abilities from its rules text
            found = tuple(c.triggers)
        else:
            found = (*card.triggers, *c.triggers)
        hit = memo[(id(card), id(c))] = (card, c, found)      # kept: their id()s too
    return list(hit[2])


def _triggered_permanents(state: MagicState) -> tuple[tuple[MagicObject, tuple[Triggered, ...]], ...]:
    """The permanents that have triggered abilities, with those abilities (`_abilities`), in battlefield order:
    listed again only when the layers' results are another dict (the same dict: the same permanents, in the same
    order, with the same characteristics and copy effects). An object on its way in or out may be in the list
    with another `zone`: the caller skips it, as `_abilities` gives it none."""
    cache = layers.compute(state)
    hit = state.caches.triggered
    if hit is None or hit[0] is not cache:
        found = []
        for o in state.battlefield():
            abilities = triggered_abilities(state, o, cache[o.id])
            if abilities:
                found.append((o, tuple(abilities)))
        hit = state.caches.triggered = (cache, tuple(found))
    return hit[1]


