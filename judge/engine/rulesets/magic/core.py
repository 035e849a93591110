"""The mechanics every magic action uses: zone changes (400.7), damage (120), life (119), drawing (121) and
counters (122), each through the replacement pipeline (614–616: replacement.py) and handing its events to the
trigger matching (603.2: triggers.py, whose names this module also gives its callers). State-based actions (704)
are sba.py, above this module.

Every function that changes the state appends the steps it causes to `out`, each citing the rules it applies.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from judge.engine.errors import IllegalAction
from judge.engine.rulesets.magic import layers
from judge.engine.rulesets.magic import keyword
from judge.engine.rulesets.magic.cards import Effect, Replacement
from judge.engine.rulesets.magic.choices import ChoiceNeeded, Question
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.known import LastKnown, Seen, frozen_counts
from judge.engine.rulesets.magic.entering_copy import choose_copy, enters_as_copy
from judge.engine.rulesets.magic.protection import protected_from
from judge.engine.rulesets.magic import replacement
from judge.engine.rulesets.magic.layers import chars, is_creature
from judge.engine.rulesets.magic.messages import zone as zone_name
from judge.engine.rulesets.magic.replacement import (CountersEvent, DamageEvent, DrawEvent, LifeGainEvent,
                                                       LifeLossEvent, ReplacementHandler, ZoneChangeEvent)
from judge.engine.rulesets.magic.steps import ask, emit, has_notes, name, unmodelled
from judge.engine.rulesets.magic.state import MagicObject, MagicState
from judge.engine.rulesets.magic.text import describe_effect
from judge.engine.rulesets.magic.triggers import (CONDITION_TEXT, _bind_damaged, condition_holds, fire_delayed,
                                                  life_lost_this_turn, observe, observe_all, triggered_abilities)
from judge.engine.step import Event, Step
from judge.messages import Message


# -- characteristics ------------------------------------------------------------------------------------------------
def activated_abilities(state: MagicState, o: MagicObject) -> list[Any]:
    """Its activated abilities: those printed (unless it lost its abilities, or its land types were set, 305.7),
    then those it gained (613.1f), then the intrinsic mana ability of each basic land type it has (305.6) that
    no ability before already is."""
    c = layers.chars_of(state, o)
    card = state.card(o)
    if o.zone != "battlefield":
        return _activated(card, c)
    return list(activated_table(state, card, c)[0])


def activated_table(state: MagicState, card: Any, c: layers.Chars) -> tuple[tuple[Any, ...], tuple[tuple[int, Any], ...], Any]:
    """A permanent's activated abilities (`activated_abilities`), those of them that are not mana abilities with
    their index, and its first mana ability that only taps and adds mana of known colours (None if none): worked
    out once per card and characteristics (both frozen: a Chars is never changed once computed, and the layers
    keep a permanent's while it is unchanged)."""
    memo = state.caches.activated
    hit = memo.get((id(card), id(c)))
    if hit is None or hit[0] is not card or hit[1] is not c:
        if len(memo) > 10_000:
            memo.clear()
        hit = memo[(id(card), id(c))] = (card, c, ability_table(_activated(card, c)))   # kept: their id()s
    return hit[2]


def ability_table(activated: Sequence[Any]) -> tuple[tuple[Any, ...], tuple[tuple[int, Any], ...], Any]:
    """Activated abilities as `activated_table` gives them: all, the non-mana ones with their index, and the first
    mana ability that only taps and adds mana of known colours (None if none)."""
    abilities = tuple(activated)
    others = tuple((n, ab) for n, ab in enumerate(abilities) if not ab.is_mana_ability)
    tap_for_mana = next((ab for ab in abilities if ab.is_mana_ability and ab.tap and not ab.cost
                         and all(e.mana != "any" for e in ab.effects)), None)
    return abilities, others, tap_for_mana


def _activated(card: Any, c: layers.Chars) -> list[Any]:
    from judge.engine.rulesets.magic.cards import BASIC_LAND_TYPES, Activated, Effect
    out = ([] if c.abilities_lost or c.land_types_set
           else [a for a in card.activated if a.zone == "battlefield"]) + list(c.granted)
    if "land" in c.types and not c.abilities_lost:
        for sub in c.subtypes:
            color = BASIC_LAND_TYPES.get(sub)
            intrinsic = Activated(cost=(), tap=True, effects=(Effect("add_mana", mana="{" + color + "}"),)) \
                if color else None
            if intrinsic is not None and intrinsic not in out:
                out.append(intrinsic)
    return out


def has(state: MagicState, o: MagicObject, fact: frozenset[str], cache: dict | None = None) -> bool:
    """Whether the permanent has now a keyword with this fact (keyword.py: `keyword.current().not_destroyed`…)."""
    return not fact.isdisjoint(layers.chars_of(state, o, cache).keywords)


def info(state: MagicState, ref: str) -> LastKnown:
    """What a source is now, or was when it left (last known information, 608.2h/113.7a). The source of a
    leaves-the-battlefield trigger is the object that left (603.10a), so its power, toughness, counters,
    controller, colours and types are those it had on the battlefield, never those of the card it became."""
    o = state.objects.get(ref)
    if o is not None:
        c = chars(state, o)
        return LastKnown(id=o.id, card=o.card, controller=o.controller, keywords=frozenset(c.keywords),
                         power=c.power, toughness=c.toughness, types=frozenset(c.types),
                         colors=frozenset(c.colors), counters=frozen_counts(o.counters), zone=o.zone)
    known = state.lki.get(ref)
    return known if known is not None else LastKnown(id=ref, card=ref)


def source_now(state: MagicState, source: str, seen: Seen | None) -> MagicObject | None:
    """The object a source is now. A leaves-the-battlefield trigger's source is the object that left (603.10a); the
    card it became in its new zone (400.7) is `seen.source_now`: what an effect that acts on that card finds (persist
    returns it, 702.79a), if it is still there. Any other source: the object with that id, if it still exists."""
    now = seen.source_now if seen is not None else ""
    return state.objects.get(now) if now else state.objects.get(source)


# -- zones ----------------------------------------------------------------------------------------------------------
def last_known(state: MagicState, o: MagicObject) -> LastKnown:
    """113.7a / 608.2h: the permanent `o` as it last existed on the battlefield: its characteristics through the
    layers (613.1), counters, damage, and the triggered abilities it has now (`triggers`: those of the card it is a
    copy of, 707.2; none of its printed ones if it lost them, 613.1f; those effects grant it). 603.10a:
    leaves-the-battlefield abilities trigger from these, not from the card in its new zone."""
    c = chars(state, o)
    return LastKnown(id=o.id, card=o.card, controller=o.controller, owner=o.owner, zone="battlefield",
                     keywords=frozenset(c.keywords), types=frozenset(c.types), colors=frozenset(c.colors),
                     power=c.power, toughness=c.toughness, counters=frozen_counts(o.counters),
                     extra=frozen_counts(c.extra), token=o.token, damage=o.damage, attached_to=o.attached_to,
                     abilities_lost=c.abilities_lost, copiable=state.card(o),
                     triggers=tuple(triggered_abilities(state, o, c)))


def last_known_all(state: MagicState, objs: Sequence[MagicObject]) -> dict[str, LastKnown]:
    """603.10a: "the game has to 'look back in time' … using the appearance of objects immediately prior to the
    event": the last known information (113.7a) of every permanent among `objs` that is about to leave the
    battlefield in one event (608.2f, 704.3), taken before any of them moves: one leaving first does not change
    what the others were (a lord's bonus, Humility's ability loss)."""
    return {o.id: last_known(state, o) for o in objs if o.zone == "battlefield"}


def _zone_list(state: MagicState, o: MagicObject, zone: str) -> list:
    holder = o.controller if zone == "battlefield" else o.owner
    return state.player(holder).zones[zone]


def _return_exiled_until(state: MagicState, out: list[Step], left: str, left_name: str) -> None:
    """610.3 / 610.3c: the permanent an "exile … until this leaves the battlefield" was waiting for has left:
    right after that event, each card it exiled returns to the battlefield under its owner's control, a new object
    (400.7). A card that has left exile since is a new object too, and does not return."""
    due = [x for s, x in state.exiled_until if s == left]
    if not due:
        return
    state.exiled_until = [(s, x) for s, x in state.exiled_until if s != left]
    for ref in due:
        card = state.objects.get(ref)
        if card is None or card.zone != "exile":
            continue
        move(state, out, card, "battlefield", cites=cr("610.3", "610.3c"), controller=card.owner,
             why=Message("magic.until.returns", card=left_name, id=left))


def move(state: MagicState, out: list[Step], o: MagicObject, zone: str, *, cites: Sequence[str], why: "str | Message",
         controller: str | None = None, top: bool = True, counters: dict[str, int] | None = None,
         attach_to: str | None = None, kind: str = "resolution", actor: str | None = None,
         batch: list[Event] | None = None, seen: dict[str, LastKnown] | None = None) -> MagicObject:
    """Move `o` to `zone` as a new object (400.7) and record the step. Replacements of the move (a permanent that
    would die is exiled instead; a permanent enters with counters, 614.1c) are applied here. Returns the new object.
    `seen`: the last known information of the permanents leaving in the same event, taken before any of them moved
    (`last_known_all`; 603.10a, 113.7a)."""
    origin = o.zone
    extra_cites: list[str] = []
    card = state.card(o)
    notes: list[str] = []
    if zone == "graveyard":
        before = (seen or {}).get(o.id)
        lost = origin == "battlefield" and (before.abilities_lost if before else chars(state, o).abilities_lost)
        instead, moved = ReplacementHandler(state, out).zone_change(ZoneChangeEvent(o, origin, zone, lost))
        if instead is not None:
            zone, top = moved.zone, moved.top
            extra_cites += moved.cites
            notes += moved.notes
    if origin == "battlefield":
        # 603.10a / 608.2h: taken before the event when several permanents leave in it (`seen`), else now
        lki = (seen or {}).get(o.id) or last_known(state, o)
        if not keyword.current().dying_names.isdisjoint(lki.keywords):
            # a dies trigger that does not trigger (persist) is told as part of this event (603.4)
            lki = dataclasses.replace(lki, left_in=kind)
        state.lki[o.id] = lki
    else:
        state.lki[o.id] = LastKnown(id=o.id, card=o.card, controller=o.controller, owner=o.owner, zone=origin,
                                    keywords=frozenset(card.keywords), types=frozenset(card.types),
                                    colors=frozenset(card.colors), counters=frozen_counts(o.counters),
                                    token=o.token)
    chosen = ""
    enters: dict[str, int] = {}
    put_notes: list[str] = []
    put_cites: list[str] = []
    copying = None
    if zone == "battlefield":
        # 614.12a: "as it enters, choose …" is chosen before it enters, while nothing has moved yet.
        entering = replacement.entering_with(card)
        if any(r.choose == "copy" for r in entering):
            # 707.5: it enters as a copy: from here on it is the copied card, whose own "enters with" and "as it
            # enters" replacements are the ones that apply (entering_copy.py).
            copying = choose_copy(state, out, controller or o.owner, o.card)
            if copying is not None:
                card = copying.card
                entering = replacement.entering_with(card)
        for r in entering:
            if r.choose and r.choose != "copy":
                chosen = choose_as_enters(state, out, controller or o.owner, o.card, r.choose)
        enters = {k: n for r in entering for k, n in r.counters}
        for k, n in (counters or {}).items():
            enters[k] = enters.get(k, 0) + n
        if enters and keyword.current().no_counters.isdisjoint(card.keywords):
            # 122.6: entering with counters is putting them: the counter replacements of the permanents already
            # on the battlefield change how many (614.1a, each once 614.5, its controller orders them 616.1).
            # Asked here too, before anything moves: a question the script leaves open stops the run with the card
            # still where it was, not between zones.
            for k, n in list(enters.items()):
                n, notes_k, cites_k = replace_counters(state, out, o, k, n, controller=controller or o.owner,
                                                       creature="creature" in card.types, entering=True)
                put_notes += notes_k
                put_cites += cites_k
                if n:
                    enters[k] = n
                else:
                    del enters[k]
    _zone_list(state, o, origin).remove(o)
    del state.objects[o.id]
    state.touch()
    new = MagicObject(id=f"{o.base}~{o.incarnation + 1}", card=o.card, owner=o.owner,
                      controller=controller or o.owner, zone=zone, base=o.base, incarnation=o.incarnation + 1,
                      token=o.token, face=o.face, stamps=state.stamps)
    new.timestamp = state.tick()
    if zone == "battlefield":
        new.sick = True
        new.attached_to = attach_to
        if copying is not None:
            extra_cites += enters_as_copy(state, new, copying)
            notes.append(Message("magic.enters.as_copy", model=copying.model_name))
        if chosen:
            new.chosen = chosen
            notes.append(Message("magic.enters.chosen", chosen=chosen))
            extra_cites += cr("614.12", "614.12a")
        if any(r.tapped for r in replacement.entering_with(card)):
            new.tapped = True
            extra_cites += cr("614.1c")
            notes.append(Message("magic.enters.tapped"))
        if enters and not keyword.current().no_counters.isdisjoint(card.keywords):
            # It enters, without the counters it would have entered with (609.3: only as much as possible).
            notes.append(Message("magic.enters.no_counters"))
            extra_cites += cr("609.3")
        elif enters or put_notes:
            notes += put_notes
            extra_cites += put_cites
            new.counters = dict(enters)
            extra_cites += cr("614.1c", "122.6")
    dest = _zone_list(state, new, zone)
    if zone == "library" and top:
        dest.insert(0, new)
    else:
        dest.append(new)
    state.objects[new.id] = new
    state.latest[o.base] = new.id
    event = Event("move", {"object": o.id, "new": new.id, "card": o.card, "from": origin, "to": zone,
                           **({"counters": dict(new.counters)} if new.counters else {})})
    # The notes said when it entered (chosen, tapped, no counters) are Spanish still (a site not converted).
    summary = Message("magic.move", card=o.card, id=o.id, origin=zone_name(origin), to=zone_name(zone), new=new.id,
                      why=why, notes=Message("magic.notes", notes=notes) if notes else "",
                      counters=Message("magic.move.counters", counters=[
                          Message("magic.counters", n=n, kind=k) for k, n in new.counters.items()])
                      if new.counters and zone == "battlefield" else "")
    emit(state, out, kind, actor, summary, [*cites, *cr("400.7"), *extra_cites], [event], [new])
    if batch is not None:
        batch.append(event)          # one simultaneous event: observed once all of it has happened
    else:
        observe(state, event)
    if origin == "battlefield" and state.exiled_until:
        _return_exiled_until(state, out, o.id, o.card)
    if new.counters and zone == "battlefield":
        for k, n in new.counters.items():
            observe(state, Event("counters", {"object": new.id, "counter": k, "amount": n}))
    return new


def choose_as_enters(state: MagicState, out: list[Step], player: str, card_name: str, what: str) -> str:
    """614.12a: "as it enters, choose a color / name a card": the choice is made before it enters. A name is a
    card's name (a name only a token has is not one); colourless is not a colour (105.2c)."""
    from judge.engine.rulesets.magic.mana import COLORS
    if what == "color":
        options: tuple[str, ...] = COLORS
        prompt, rules = Message("magic.prompt.enters_color", player=player, card=card_name, options=COLORS), \
            ("614.12a", "105.1")
    else:
        names = {n for n, c in state.cards.items() if not c.is_token} | set(state.catalog_names)
        options = tuple(sorted(names))
        prompt, rules = Message("magic.prompt.enters_name", player=player, card=card_name), ("614.12a", "201.2")
    if what == "color":
        q = Question("color", player, options, prompt, tuple(cr(*rules)))
    else:
        q = Question("name", player, options, prompt, tuple(cr(*rules)))

    def valid(ans: Any) -> Any:
        value = ans.values[0].upper() if what == "color" and len(ans.values) == 1 else \
            (ans.values[0] if len(ans.values) == 1 else "")
        if value not in options:
            return ((Message("magic.illegal.not_a_color", colors=", ".join(COLORS)) if what == "color"
                     else Message("magic.illegal.not_a_card_name", value=value)),
                    cr(*rules, *(["105.2c"] if what == "color" else [])))
        return None
    ans = ask(state, out, q, valid).values[0]
    return ans.upper() if what == "color" else ans


def cease_to_exist(state: MagicState, o: MagicObject) -> None:
    state.touch()
    _zone_list(state, o, o.zone).remove(o)
    del state.objects[o.id]


# -- life, damage, counters -----------------------------------------------------------------------------------------
def gain_life(state: MagicState, out: list[Step], player: str, amount: int, why: "str | Message", cites: Sequence[str],
              source: str | None = None, kind: str = "resolution") -> None:
    """119.3 with life-gain replacements (614, applied once each, 616.1 order: `ReplacementHandler.life_gain`).
    `kind`: the step's kind when the gain is part of a turn-based action (lifelink's gain with combat damage,
    510.2)."""
    p = state.mplayer(player)
    if p.lost or amount <= 0:
        return
    stop = replacement.stops_life_gain(state)
    if stop is not None:
        # 119.7: the gain does not happen, and no replacement of it applies; the rest of the effect still does.
        emit(state, out, kind, player, Message("magic.life.gain_stopped", player=player, amount=amount, why=why,
                                               card=stop.card), [*cites, *cr("119.7")], about=[stop])
        return
    done = ReplacementHandler(state, out).life_gain(LifeGainEvent(player, amount))
    amount = done.amount
    p.lives += amount
    msg = Message("magic.life.gain", player=player, amount=amount, why=why, lives=p.lives,
                  replaced=Message("magic.replaced", notes=done.notes) if done.notes else "")
    emit(state, out, "replacement" if done.notes else kind, player, msg, [*cites, *cr("119.3"), *done.cites],
         [Event("life", {"player": player, "delta": amount})])
    observe(state, Event("life", {"player": player, "delta": amount, "source": source}))


def lose_life(state: MagicState, out: list[Step], player: str, amount: int, why: "str | Message",
              cites: Sequence[str]) -> None:
    """119.3: a player loses life, through the life-loss replacements (614.1a, each once: 614.5; the losing player
    orders several: 616.1); "whenever a player loses life" abilities see the life event (603.2)."""
    p = state.mplayer(player)
    if p.lost or amount <= 0:
        return
    done = ReplacementHandler(state, out).life_loss(LifeLossEvent(player, amount))
    amount, notes, extra = done.amount, done.notes, done.cites
    if amount <= 0:
        emit(state, out, "replacement", player, Message("magic.life.loss_replaced", player=player, why=why,
                                                        replaced=Message("magic.replaced", notes=notes)),
             [*cites, *cr("119.3"), *extra])
        return
    p.lives -= amount
    state.this_turn.add(state.this_turn.life_lost, player, amount)
    msg = Message("magic.life.lose", player=player, amount=amount, why=why, lives=p.lives,
                  replaced=Message("magic.replaced", notes=notes) if notes else "")
    emit(state, out, "replacement" if notes else "resolution", player, msg,
         [*cites, *cr("119.3"), *extra], [Event("life", {"player": player, "delta": -amount})])
    observe(state, Event("life", {"player": player, "delta": -amount}))


def replace_counters(state: MagicState, out: list[Step], o: MagicObject, kind: str, n: int,
                     controller: str | None = None, creature: bool | None = None, entering: bool = False
                     ) -> tuple[int, list[str], list[str]]:
    """122.6 through `ReplacementHandler.counters`: the number of `kind` counters put on `o` after the counter
    replacements. `entering`: `o` is about to enter the battlefield with these counters (122.6: entering with
    them is putting them), under `controller`, a creature or not (`creature`), as the object it becomes. Returns
    (n, notes, citations)."""
    ev = CountersEvent(o, kind, n, controller or o.controller,
                       is_creature(state, o) if creature is None else creature, entering)
    done = ReplacementHandler(state, out).counters(ev)
    return done.amount, list(done.notes), list(done.cites)


def regenerated(state: MagicState, out: list[Step], o: MagicObject, cites: Sequence[str]) -> bool:
    """701.19a: a regeneration shield replaces the next destruction this turn: remove all damage, tap it, remove it
    from combat. True when a shield was used (the permanent stays)."""
    shield = next((ce for ce in state.effects if ce.effect.kind == "regenerate" and o.id in ce.affected
                   and ce.remaining != 0), None)
    if shield is None:
        return False
    shield.remaining = 0
    state.set_effects([ce for ce in state.effects if ce is not shield])
    o.damage = 0
    o.deathtouch_hit = False
    o.tapped = True
    combat = bool(o.attacking or o.blocking)
    o.attacking, o.blocking = None, ()
    emit(state, out, "replacement", o.controller, Message(
        "magic.regenerates_combat" if combat else "magic.regenerates", card=o.card, id=o.id, source=shield.source_name),
         [*cites, *cr("701.19a", "614.8"), *(cr("506.4") if combat else [])],
         [Event("regenerate", {"object": o.id})], [o])
    return True


def put_counters(state: MagicState, out: list[Step], o: MagicObject, kind: str, n: int, why: "str | Message",
                 cites: Sequence[str], step_kind: str = "resolution") -> None:
    if n <= 0 or o.zone != "battlefield":
        return
    if not can_have_counters(state, o):
        emit(state, out, step_kind, o.controller, Message("magic.counters.cant", card=o.card, id=o.id, n=n, kind=kind,
                                                           why=why), [*cites, *cr("609.3")], about=[o])
        return
    n, notes, extra = replace_counters(state, out, o, kind, n)
    if n <= 0:
        emit(state, out, "replacement", o.controller, Message("magic.counters.none_replaced", card=o.card, id=o.id,
                                                                kind=kind, why=why,
                                                                replaced=Message("magic.replaced", notes=notes)),
             [*cites, *extra], about=[o])
        return
    o.counters[kind] = o.counters.get(kind, 0) + n
    state.touch()
    emit(state, out, "replacement" if notes else step_kind, o.controller,
         Message("magic.counters.put", card=o.card, id=o.id, n=n, kind=kind, why=why,
                 replaced=Message("magic.replaced", notes=notes) if notes else ""),
         [*cites, *cr("122.1"), *extra], [Event("counters", {"object": o.id, "counter": kind, "amount": n})], [o])
    observe(state, Event("counters", {"object": o.id, "counter": kind, "amount": n}))


def can_have_counters(state: MagicState, o: MagicObject) -> bool:
    """«… no puede tener contadores sobre él»: nothing puts a counter on it, and a cost that would can't be paid."""
    return keyword.current().no_counters.isdisjoint(chars(state, o).keywords)


def withers(state: MagicState, src: LastKnown) -> bool:
    """702.80a: the source has wither, or a permanent says all damage is dealt as though its source had it."""
    return (not keyword.current().damage_as_counters.isdisjoint(src.keywords)
            or replacement.all_damage_withers(state))


def deal_damage(state: MagicState, out: list[Step], src_ref: str, target: str, amount: int, *, combat: bool,
                cites: Sequence[str], lifelink: dict[str, int] | None = None) -> int:
    """120.3 / 120.4: damage from `src_ref` to a player name or object id, through prevention (615, 616.1); its
    results: life lost, damage marked or -1/-1 counters (wither), deathtouch, lifelink. Returns the damage dealt.
    `lifelink`: damage dealt at once with other damage (510.2) adds its lifelink amount here, by source, for the
    caller to gain once per source when all of it is dealt (`lifelink_gains`, 119.9)."""
    src = info(state, src_ref)
    tobj = state.objects.get(target)
    if amount <= 0:
        return 0
    if tobj is not None and (tobj.zone != "battlefield" or not is_creature(state, tobj)):
        return 0
    if tobj is None and (not state.has_player(target) or state.player(target).lost):
        return 0
    affected = target if tobj is None else tobj.controller
    guard = protected_from(state, target, src_ref)
    if guard and not replacement.cant_be_prevented(state, src):
        emit(state, out, "replacement", affected, Message("magic.damage.protected", source=src.card,
                                                          target=name(state, target), guard=guard),
             [*cites, *cr("702.16e", "615.1")], about=[tobj])
        return 0
    # 615.5: `draws`: who draws, how many, because of what
    prevented, draws = ReplacementHandler(state, out).prevent_damage(DamageEvent(src, target, tobj, amount),
                                                                     affected)
    amount = prevented.amount
    prevented_notes: list[str] = list(prevented.notes)
    extra: list[str] = list(prevented.cites)
    events: list[Event] = []
    name_src = src.card
    kw = src.keywords
    kws = keyword.current()           # wither, deathtouch, indestructible, lifelink: keywords/damage.py
    rules = ["120.3"]
    wither = False
    wither_put = 0
    if amount <= 0:
        emit(state, out, "replacement", affected, Message("magic.damage.prevented", source=name_src,
                                                          target=name(state, target), notes=prevented_notes),
             [*cites, *cr("615.1"), *extra], about=[tobj])
        _prevention_draws(state, out, draws, name_src)
        return 0
    if tobj is None:
        p = state.mplayer(target)
        state.this_turn.add(state.this_turn.damage_to, target, amount)     # dealt this turn, whatever life did after
        # 120.3a: damage to a player is life lost; a life-loss replacement changes the life lost, not the damage
        # dealt (614.1a: lifelink and "deals damage" abilities still see the damage).
        loss = ReplacementHandler(state, out).life_loss(LifeLossEvent(target, amount))
        lost, loss_notes, loss_cites = loss.amount, loss.notes, loss.cites
        p.lives -= lost
        state.this_turn.add(state.this_turn.life_lost, target, lost)
        rules.append("120.3a")
        extra += loss_cites
        what = Message("magic.damage.player", player=target, amount=lost, lives=p.lives,
                       replaced=Message("magic.replaced_paren", notes=loss_notes) if loss_notes else "")
        events.append(Event("damage", {"source": src_ref, "target": target, "amount": amount, "combat": combat}))
        if lost:
            events.append(Event("life", {"player": target, "delta": -lost}))
    else:
        wither = withers(state, src)
        if wither and not can_have_counters(state, tobj):
            wither = False                   # the damage is dealt, and does nothing: no counter, no damage marked
            rules += ["120.3d", "702.80a", "609.3"]
            what = Message("magic.damage.wither_none", card=tobj.card, id=tobj.id)
        elif wither:
            # 120.3d puts the counters: a counter replacement changes how many (122.6, 614.1a)
            put, put_notes, put_cites = replace_counters(state, out, tobj, "-1/-1", amount)
            if put:
                tobj.counters["-1/-1"] = tobj.counters.get("-1/-1", 0) + put
                state.touch()
            rules += ["120.3d", "702.80a"]
            extra += put_cites
            what = Message("magic.damage.wither" if not kws.damage_as_counters.isdisjoint(kw)
                           else "magic.damage.wither_as_if", card=tobj.card,
                           id=tobj.id, n=put,
                           replaced=Message("magic.replaced_paren", notes=put_notes) if put_notes else "")
            wither_put = put
        else:
            tobj.damage += amount
            rules.append("120.3e")
            what = Message("magic.damage.marked", card=tobj.card, id=tobj.id, damage=tobj.damage)
        if not kws.any_damage_lethal.isdisjoint(kw):
            tobj.deathtouch_hit = True
            rules.append("702.2b")
        tc = chars(state, tobj)
        if not kws.not_destroyed.isdisjoint(tc.keywords) and "creature" in tc.types and 0 < tc.toughness and \
                (tobj.damage >= tc.toughness or tobj.deathtouch_hit):
            # 702.12b: it can't be destroyed; the state-based actions for lethal damage (704.5g) and deathtouch
            # (704.5h) will not destroy it. Said here, where the damage is, not as a step of every quiet check.
            lethal, touched = tobj.damage >= tc.toughness, tobj.deathtouch_hit
            what = Message("magic.damage.indestructible", what=what, by=Message(
                "magic.damage.lethal_nor_deathtouch" if lethal and touched else "magic.damage.lethal" if lethal
                else "magic.damage.deathtouch"))
            rules.append("702.12b")
        events.append(Event("damage", {"source": src_ref, "target": tobj.id, "amount": amount, "combat": combat}))
    for k in kws.damage_notes:        # a keyword of the source whose damage is not modelled is flagged (infect)
        if k.name in kw:
            what = Message(k.damage_note, what=what)
    note = Message("magic.paren", notes=prevented_notes) if prevented_notes else ""
    emit(state, out, "resolution" if not combat else "turn-based", src.controller,
         Message("magic.damage.combat" if combat else "magic.damage", source=name_src, amount=amount,
                 target=name(state, target), note=note, what=what),
         [*cites, *cr(*rules), *extra], events, [tobj])
    for e in events:
        observe(state, e)
    if tobj is not None and wither and wither_put:
        observe(state, Event("counters", {"object": tobj.id, "counter": "-1/-1", "amount": wither_put}))
    links = not kws.damage_gains_life.isdisjoint(kw)
    if links and src.controller and lifelink is not None:
        lifelink[src_ref] = lifelink.get(src_ref, 0) + amount
    elif links and src.controller:
        # 702.15b: the gain is part of the damage event; with combat damage, of the turn-based action (510.2).
        gain_life(state, out, src.controller, amount, Message("magic.why.lifelink", source=name_src),
                  cr("120.3f", "702.15b", *(["510.2"] if combat else [])), source=src_ref,
                  kind="turn-based" if combat else "resolution")
    _prevention_draws(state, out, draws, name_src)
    return amount


def lifelink_gains(state: MagicState, out: list[Step], dealt: dict[str, int], combat: bool,
                   several: bool = False) -> None:
    """702.15b, 119.9: a lifelink source that dealt damage to several recipients at once (510.2, `several`)
    causes one life gain, of the total: "whenever you gain life" triggers once for it. One gain per source."""
    for src_ref, amount in dealt.items():
        src = info(state, src_ref)
        why = Message("magic.why.lifelink_total" if several else "magic.why.lifelink", source=src.card,
                      amount=amount)
        gain_life(state, out, src.controller, amount, why,
                  cr("120.3f", "702.15b", *(["510.2"] if combat else []), *(["119.9"] if several else [])),
                  source=src_ref, kind="turn-based" if combat else "resolution")


def _prevention_draws(state: MagicState, out: list[Step], draws: list[tuple[str, int, str]], src: str) -> None:
    """615.5: a prevention effect's additional effect happens right after the damage was prevented: the source's
    controller (its last known information if it has left) draws a card per damage prevented."""
    for player, n, by in draws:
        draw(state, out, player, n, Message("magic.why.prevention_draw", by=by, source=src), cr("615.5"))


# -- drawing --------------------------------------------------------------------------------------------------------
def draw(state: MagicState, out: list[Step], player: str, n: int, why: "str | Message", cites: Sequence[str],
         applied: frozenset[str] = frozenset(), kind: str = "resolution") -> None:
    """121.1–121.2: draw `n` cards one at a time; each draw may be replaced (121.6, 614.5: a replacement applies
    once to an event and to the events that replace it); an empty library is remembered for 704.5b (121.4).
    `kind`: the step's kind, `turn-based` for the draw step's draw (504.1)."""
    p = state.mplayer(player)
    if n > 1:
        cites = [*cites, *cr("121.2")]           # several cards: that many individual draws
    for i in range(n):
        if p.lost or state.over:
            return
        # 616.1: the drawing player chooses one; it replaces the draw, and any draw it makes instead is a new
        # event those left may replace (614.5), so the choice is made again there among them (616.1f)
        first, chosen = ReplacementHandler(state, out).draw(DrawEvent(player, applied))
        if first is not None:
            o, r = first
            emit(state, out, "replacement", player, Message("magic.draw.replaced", player=player, card=o.card,
                                                            effects=[describe_effect(e) for e in r.instead]),
                 [*cites, *cr("121.6", "121.6a", "614.1a", "614.6"), *chosen,
                  *(cr("614.5") if applied else [])], about=[o])
            # the effects instead are resolved by the actions layer, which the ruleset names (no import upwards)
            state.ruleset.run_effects(state, out, o.controller, o.id, o.card, r.instead, (), 0, cr("121.6"),
                                      applied=applied | {o.id})
            continue
        library = p.zones["library"]
        if not library:
            p.drew_from_empty = True
            emit(state, out, kind, player, Message("magic.draw.empty", player=player, why=why),
                 [*cites, *cr("121.4", "704.5b")], [Event("draw", {"player": player, "empty": True})])
            continue
        top = library[0]
        move(state, out, top, "hand", cites=[*cites, *cr("121.1")],
             why=Message("magic.draw.why", player=player, why=why), actor=player, kind=kind)
        observe(state, Event("draw", {"player": player}))


def require(cond: bool, reason: "str | Message", *rules: str) -> None:
    if not cond:
        raise IllegalAction(reason, cr(*rules))


def keyword_name(k: str) -> str:
    return keyword.current().spanish(k)


# What the actions call as core.<name>: this module's mechanics, and the names it passes on from the modules
# below it (steps, layers, triggers), so an action needs one import for the mechanics it uses.
__all__ = ["emit", "ask", "name", "unmodelled", "has_notes", "chars", "is_creature", "has", "info", "source_now",
           "activated_abilities", "activated_table", "ability_table", "last_known", "last_known_all", "move",
           "choose_as_enters", "cease_to_exist", "gain_life", "lose_life", "replace_counters", "regenerated",
           "put_counters", "can_have_counters", "withers", "deal_damage", "lifelink_gains", "draw", "observe", "observe_all",
           "fire_delayed", "condition_holds", "life_lost_this_turn", "CONDITION_TEXT", "_bind_damaged", "require",
           "keyword_name", "ChoiceNeeded", "Replacement"]
