"""State-based actions (704) and the checks made with them before a player would receive priority: the state
triggers (603.8) and who controls what (layer 2, 613.1b: control changes). Above the mechanics (core): what a
state-based action does is a zone move, a regeneration, a life total checked.
"""
from __future__ import annotations

from operator import attrgetter
from typing import Any

from judge.engine.rulesets.magic import keyword, layers
from judge.engine.rulesets.magic.cards import EQUIPMENT_SUBTYPES, Triggered
from judge.engine.rulesets.magic.core import (cease_to_exist, last_known_all, move, regenerated)
from judge.engine.rulesets.magic.choices import Question
from judge.engine.rulesets.magic.cites import cr, named
from judge.engine.rulesets.magic.protection import protected_from
from judge.engine.rulesets.magic.state import MagicObject, MagicPlayer, MagicState
from judge.engine.rulesets.magic.steps import ask, emit
from judge.engine.rulesets.magic.triggers import (_add_trigger, _triggered_permanents, observe_all)
from judge.engine.step import Event, Step
from judge.messages import Message


# -- state-based actions --------------------------------------------------------------------------------------------
def check_sba(state: MagicState, out: list[Step]) -> bool:
    """704.3: perform every applicable state-based action at once, then check again, until none applies."""
    any_done = False
    for _ in range(100):
        if state.over:
            return any_done
        done = _sba_once(state, out)
        if not done:
            return any_done
        any_done = True
    return any_done


def _sba_once(state: MagicState, out: list[Step]) -> bool:
    # A check that found nothing to do is not repeated while nothing it reads changed (`_sba_inputs`), nor while
    # everything changed since is something it does not read (`_sba_reads`: a land tapped for mana, a card drawn).
    quiet = _sba_inputs(state)
    caches = state.caches
    if caches.sba_quiet == quiet:
        return False
    if caches.sba_quiet_reads is not None and caches.sba_quiet_reads == _sba_reads(state):
        caches.sba_quiet = quiet
        return False
    done = _sba_check(state, out)
    if not done:
        caches.sba_quiet = _sba_inputs(state)      # after its resets (deathtouch marks, empty draws)
        caches.sba_quiet_reads = _sba_reads(state)
    else:
        caches.sba_quiet_reads = None
    return done


def _sba_inputs(state: MagicState) -> tuple:
    """What the state-based checks read: every object with its fields and counters, every zone and each player's
    own fields (all of them counted by the game's `stamps`), the characteristics (the layers' result) and cards (copy
    effects), the objects and continuous effects there are, whether the game is over."""
    return (state.stamps.last, layers.compute(state), state.copies, len(state.objects), len(state.effects), state.over)


_IS_TOKEN = attrgetter("token")
_ATTACKING, _BLOCKING = attrgetter("attacking"), attrgetter("blocking")
# What _sba_check reads of a permanent: `layer_edit` stamps a change of every field but those of state.LAYER_BLIND
# (and of its counters); of those it reads damage (704.5g) and the deathtouch mark (704.5h), never tapped, sick or
# combat status.
_PERMANENT_READS = attrgetter("layer_edit", "damage", "deathtouch_hit")


def _sba_reads(state: MagicState) -> tuple:
    """Everything `_sba_check` reads, as a value: the permanents in battlefield order with their fields and counters
    as above (an Aura's or Equipment's host is one of them, or the check is not quiet), their characteristics (the
    layers' result: the same dict while every permanent's Chars is the same) and cards (copy effects), each
    player's life, loss and draw from an empty library (704.5a-b), whether a token is off the battlefield
    (704.5d), how many objects and continuous effects there are, whether the game is over. Finer than
    `_sba_inputs`, which any edit anywhere changes."""
    bf = state.battlefield()
    return (layers.compute(state), state.copies, len(state.objects), len(state.effects), state.over, bf,
            list(map(_PERMANENT_READS, bf)), [(p.lives, p.lost, p.drew_from_empty) for p in state.players],
            any(o.zone != "battlefield" for o in filter(_IS_TOKEN, state.objects.values())))


def _sba_check(state: MagicState, out: list[Step]) -> bool:
    cache = layers.compute(state)
    done = False
    losers = []
    for p in state.players:
        mp: MagicPlayer = p  # type: ignore[assignment]
        if mp.lost:
            continue
        if mp.lives <= 0:
            losers.append((mp, "704.5a", Message("magic.sba.no_life", player=mp.name, lives=mp.lives)))
        elif mp.drew_from_empty:
            losers.append((mp, "704.5b", Message("magic.sba.drew_empty", player=mp.name)))
        if mp.drew_from_empty:
            mp.drew_from_empty = False
    for mp, rule, why in losers:
        mp.lost = True
        done = True
        extra = ["121.4"] if rule == "704.5b" else ["104.3b"]
        emit(state, out, "state-based", mp.name, Message("magic.sba.loses", why=why), cr("704.3", rule, *extra),
             [Event("lose", {"player": mp.name})])
    alive = [p for p in state.players if not p.lost]
    if losers and len(alive) <= 1:
        state.over = True
        state.winner = alive[0].name if alive else None
        state.priority = None
        emit(state, out, "state-based", state.winner,
             Message("magic.sba.wins", player=state.winner) if state.winner else
             Message("magic.sba.draw"), cr("104.2a") if state.winner
             else cr("104.4a"), [Event("win", {"player": state.winner})] if state.winner else [])
        return True
    # 704.5d: tokens off the battlefield cease to exist.
    for o in [o for o in filter(_IS_TOKEN, state.objects.values()) if o.zone != "battlefield"]:
        cease_to_exist(state, o)
        done = True
        emit(state, out, "state-based", None, Message("magic.sba.token_gone", card=o.card, id=o.id), cr("704.3", "704.5d", "111.7"), [Event("cease", {"object": o.id})])
    to_grave: list[tuple[MagicObject, str, str | Message]] = []
    # One pass over the battlefield: each permanent's own checks, then its deathtouch mark is spent, and the
    # legends are grouped by controller and name for 704.5j.
    legends: dict[tuple[str, str], list[MagicObject]] = {}
    pairs = state.battlefield_cards()              # each permanent with its card (state.card), in order
    bf = state.battlefield()
    not_destroyed = keyword.current().not_destroyed
    auras = []                       # each permanent's card is an Aura: read again by 704.5n below
    for o, card in pairs:
        c = cache[o.id]
        if "legendary" in card.supertypes:
            legends.setdefault((o.controller, o.card), []).append(o)
        dies = None
        aura = card.is_aura
        auras.append(aura)
        if "creature" in c.types:
            if c.toughness <= 0:
                dies = ("704.5f", Message("magic.sba.toughness", toughness=c.toughness))
            elif not_destroyed.isdisjoint(c.keywords):
                if o.damage >= c.toughness:
                    dies = ("704.5g", Message("magic.sba.lethal", damage=o.damage, toughness=c.toughness))
                elif o.deathtouch_hit:
                    dies = ("704.5h", Message("magic.sba.deathtouch"))
        if o.deathtouch_hit:
            o.deathtouch_hit = False
        if dies is not None:
            to_grave.append((o, *dies))
        elif aura and card.targets and card.targets[0].kind == "player":
            # 303.4c: an Aura enchanting a player who has left the game (or none) is put into the graveyard
            if not (o.attached_to and state.has_player(o.attached_to) and not state.player(o.attached_to).lost):
                to_grave.append((o, "704.5m", Message("magic.sba.aura_no_player")))
        elif aura:
            host = state.objects.get(o.attached_to or "")
            ok = host is not None and host.zone == "battlefield" and (not card.targets or enchantable(
                state, card.targets[0], host, cache))
            guard = protected_from(state, host.id, o.id) if ok and host is not None else None
            if not ok:
                to_grave.append((o, "704.5m", Message("magic.sba.aura_illegal")))
            elif guard:
                to_grave.append((o, "704.5m", Message("magic.sba.aura_protected", guard=guard)))
    # 704.5j: the legend rule, one choice per player and name.
    for (player, card_name), group in legends.items():
        if len(group) < 2:
            continue
        ids = [o.id for o in group]
        q = Question("legend", player, tuple(ids), Message("magic.prompt.legend", player=player, card=card_name,
                                                           options=ids), tuple(cr("704.5j")))

        def valid(ans: Any, ids: list[str] = ids) -> Any:
            if len(ans.values) != 1 or ans.values[0] not in ids:
                return (Message("magic.illegal.expected_one_of_f", options=ids), cr("704.5j"))
            return None
        keep = ask(state, out, q, valid).values[0]
        to_grave += [(o, "704.5j", Message("magic.sba.legend", player=player, keep=keep)) for o in group
                     if o.id != keep]
    # 704.5n / 301.5c: an Equipment attached to an illegal or nonexistent permanent becomes unattached and stays.
    for o, aura in zip(bf, auras):
        if o.attached_to and not aura:
            host = state.objects.get(o.attached_to)
            why = Message("magic.equip.host_gone") if host is None or host.zone != "battlefield" \
                else equip_problem(state, o, host)
            if why is not None:
                o.attached_to = None
                state.touch()                # the layers' memo keys on the state's version
                done = True
                emit(state, out, "state-based", o.controller,
                     Message("magic.sba.unattached", card=o.card, id=o.id, why=why),
                     cr("704.3", "704.5n", "301.5c", "701.3d"),
                     [Event("attach", {"object": o.id, "to": None})], [o])
    # 704.5q: +1/+1 and -1/-1 counters annihilate. All these actions happen at once (704.3): a permanent that
    # leaves in this check is seen as it was just before, with all its counters (persist, 702.79a, looks at them).
    leaving = {o.id for o, _, _ in to_grave}
    for o in bf:
        if o.id in leaving:
            continue
        plus, minus = o.counters.get("+1/+1", 0), o.counters.get("-1/-1", 0)
        if plus and minus:
            n = min(plus, minus)
            state.touch()
            for k in ("+1/+1", "-1/-1"):
                o.counters[k] -= n
                if not o.counters[k]:
                    del o.counters[k]
            done = True
            emit(state, out, "state-based", o.controller, Message("magic.sba.annihilate", card=o.card, id=o.id, n=n),
                 cr("704.3", "704.5q", "122.3"),
                 [Event("counters", {"object": o.id, "counter": "+1/+1", "amount": -n}),
                  Event("counters", {"object": o.id, "counter": "-1/-1", "amount": -n})], [o])
    seen: set[str] = set()
    batch: list[Event] = []
    # 704.3: they all happen at once; what each was is taken before any moves (603.10a)
    before = last_known_all(state, [o for o, _, _ in to_grave if state.objects.get(o.id) is o])
    for o, rule, why in to_grave:
        if o.id in seen or state.objects.get(o.id) is not o:
            continue
        seen.add(o.id)
        done = True
        if rule in ("704.5g", "704.5h") and regenerated(state, out, o, cr("704.3", rule)):
            continue                         # 701.19a: destruction replaced (not a 0-toughness death)
        extra = ["702.2b"] if rule == "704.5h" else ["120.5"] if rule == "704.5g" else []
        if rule in ("704.5f", "704.5g") and o.id in cache and "613.4a" in cache[o.id].rules:
            extra += ["613.4a", "604.3"]     # its toughness is the number its own ability counts (layer 7a)
        move(state, out, o, "graveyard", cites=[*cr("704.3", rule, *extra), *named(why)], why=why, kind="state-based", batch=batch,
             seen=before)
    observe_all(state, batch)
    return done


def can_enchant(state: MagicState, spec: Any, host: MagicObject) -> bool:
    """Whether an Aura whose enchant ability is `spec` could be attached to `host` now (303.4a)."""
    return enchantable(state, spec, host, layers.compute(state))


def enchantable(state: MagicState, spec: Any, host: MagicObject, cache: dict) -> bool:
    c = cache.get(host.id)
    if c is None:
        return False
    if spec.kind == "creature":
        return "creature" in c.types
    if spec.kind in ("land", "artifact", "enchantment"):
        return spec.kind in c.types
    return True


def equip_problem(state: MagicState, equipment: MagicObject, host: MagicObject) -> "Message | str | None":
    """Why `equipment` can't equip `host` now (301.5, 301.5c, 702.16d), or None when it can. Read through the
    layers: an Equipment that became a creature, or lost the subtype, equips nothing."""
    cache = layers.compute(state)
    ec, hc = cache.get(equipment.id), cache.get(host.id)
    if ec is None or hc is None:
        return Message("magic.equip.not_on_battlefield")
    if not ("artifact" in ec.types and EQUIPMENT_SUBTYPES & set(ec.subtypes)):
        return Message("magic.equip.not_equipment")
    if "creature" in ec.types:
        return Message("magic.equip.is_creature")
    if host.id == equipment.id:
        return Message("magic.equip.itself")
    if "creature" not in hc.types:
        return Message("magic.equip.host_not_creature")
    guard = protected_from(state, host.id, equipment.id)
    if guard:
        return guard
    return None


def _control_effects(state: MagicState) -> dict[str, tuple[int, str, str]]:
    """Per permanent, the control-changing effect that decides its controller in layer 2: the newest one applying
    to it (613.1b, 613.7): (timestamp, source's name, controller)."""
    newest: dict[str, tuple[int, str, str]] = {}
    for ce in state.effects:
        if ce.effect.kind == "gain_control":
            for ref in ce.affected:
                if ref not in newest or ce.timestamp > newest[ref][0]:
                    newest[ref] = (ce.timestamp, ce.source_name, ce.controller)
    return newest


def sync_control(state: MagicState, out: list[Step] | None = None) -> None:
    """Layer 2 decides who controls a permanent (613.1b); keep each permanent in its controller's battlefield list,
    and say why control changed: a newer control-changing effect applies (613.7: the newest one wins), or the one
    that gave control ended (611.2a) and an older one, or none (the controller it entered under), decides now."""
    cache = layers.compute(state)
    # Nothing to do again while the layers' results are the same dict, the battlefield lists hold the same
    # permanents (the same ZoneLists at the same stamps), none of them had a layer field changed since the last
    # time (Stamps.field_layer: `controller` is one) and the continuous effects are the same list (set_effects
    # replaces it: `_control_effects` reads only it).
    done = state.caches.control_synced
    if done is not None and done[0] is cache and done[3] == state.stamps.field_layer and done[4] is state.effects \
            and len(done[1]) == len(state.players) and \
            all(p.zones["battlefield"] is z and z.stamp == at for p, z, at in zip(state.players, done[1], done[2])):
        return
    was = state.control_by       # the deciding effect at the last check (game state: undone too)
    now = _control_effects(state)
    for o in state.battlefield():
        c = cache[o.id]
        if c.controller != o.controller:
            before = o.controller
            state.touch()
            state.player(o.controller).zones["battlefield"].remove(o)
            o.controller = c.controller
            o.sick = True                     # 302.6: a new controller has not controlled it since their turn began
            in_combat = o.attacking is not None or bool(o.blocking)
            o.attacking, o.blocking, o.blocked = None, (), False     # 506.4: control change removes from combat
            state.player(o.controller).zones["battlefield"].append(o)
            if out is not None:
                _say_control(state, out, o, before, was.get(o.id), now.get(o.id), in_combat)
    if now != was:
        state.control_by = now
    zones = tuple(p.zones["battlefield"] for p in state.players)
    state.caches.control_synced = (cache, zones, tuple(z.stamp for z in zones), state.stamps.field_layer,
                                   state.effects)


def _say_control(state: MagicState, out: list[Step], o: MagicObject, before: str,
                 prev: tuple[int, str, str] | None, cur: tuple[int, str, str] | None, in_combat: bool) -> None:
    """The step of a control change, with its cause: the effect that began applying (a resolution), or the one that
    ended (turn-based: 514.2 in the cleanup step; 611.2a) and what decides now; a creature in combat leaves it
    (506.4)."""
    back = o.controller == o.entered_under
    parts: list[Message] = []          # why, joined by «; » (the step's text after «: »)
    ended = prev is not None and prev != cur and (cur is None or cur[0] < prev[0])
    if ended:
        assert prev is not None
        parts.append(Message("magic.control.ended", source=prev[1], player=prev[2]))
        parts.append(Message("magic.control.now", source=cur[1], timestamp=cur[0]) if cur is not None
                     else Message("magic.control.no_other"))
        kind, rules = "turn-based", ["613.1b", "611.2a", *(["613.7"] if cur else []),
                                     *(["514.2"] if state.phase == "cleanup" else []), "302.6"]
    elif cur is not None:
        parts.append(Message("magic.control.applies", source=cur[1], timestamp=cur[0],
                             after=Message("magic.control.after", source=prev[1], timestamp=prev[0])
                             if prev is not None else ""))
        kind, rules = "resolution", ["613.1b", "613.7", "302.6"]
    else:
        kind, rules = "resolution", ["613.1b", "302.6"]
    if in_combat:
        parts.append(Message("magic.control.leaves_combat"))
        rules.insert(-1, "506.4")
    emit(state, out, kind, o.controller, Message(
        "magic.control.back" if back else "magic.control.gains", player=o.controller, card=o.card, id=o.id,
        before=before, why=Message("magic.control.why", parts=parts) if parts else ""), cr(*rules),
         [Event("control", {"object": o.id, "from": before, "to": o.controller})], [o])


def leave_combat(state: MagicState, out: list[Step]) -> None:
    """506.4: an attacking or blocking permanent that stops being a creature (an effect that made it one ended, its
    source left) is removed from combat at once; the creatures it blocked or that blocked it stay blocked or
    blocking (506.4, 509.1h)."""
    bf = state.battlefield()
    if not (any(map(_ATTACKING, bf)) or any(map(_BLOCKING, bf))):       # outside combat: one pass at C speed
        return
    in_combat = [o for o in bf if o.attacking or o.blocking]
    cache = layers.compute(state)
    for o in in_combat:
        if "creature" in cache[o.id].types:
            continue
        o.attacking, o.blocking, o.blocked = None, (), False
        state.touch()
        emit(state, out, "resolution", o.controller, Message("magic.sba.not_creature", card=o.card, id=o.id),
             cr("506.4"), [Event("combat", {"object": o.id, "removed": True})], [o])


def state_condition_holds(state: MagicState, o: MagicObject, ab: Triggered) -> bool:
    """The game state a state trigger waits for (603.8)."""
    if ab.state_condition == "no_permanents_of_chosen_color":
        if not o.chosen:
            return False              # no colour was chosen: the condition is undefined and never true
        cache = layers.compute(state)
        return not any(p.controller == o.controller and o.chosen in cache[p.id].colors for p in state.battlefield())
    return False


def check_state_triggers(state: MagicState, resolving: tuple[str, Any] | None = None) -> None:
    """603.8: a state trigger triggers as soon as its state is true, and not again while that ability is waiting,
    on the stack or resolving. Checked before priority and after each instruction of a resolution (608.2c): a
    state true only in the middle of one still triggers. `resolving`: the source and effects being resolved."""
    # The permanents with a state trigger are listed again only when the layers' results are new: the same dict
    # from layers.compute is the same permanents with the same characteristics and copy effects. (An object on
    # its way in or out may be in the battlefield's list with another `zone`: that is read each time.)
    cache = layers.compute(state)
    hit = state.caches.state_triggers
    if hit is None or hit[0] is not cache:
        found = tuple((o, ab) for o, abilities in _triggered_permanents(state) for ab in abilities
                      if ab.when == "state")
        hit = state.caches.state_triggers = (cache, found)
    for o, ab in hit[1]:
        if o.zone != "battlefield" or not state_condition_holds(state, o, ab):
            continue
        waiting = any(t.source == o.id and t.ability is ab for t in state.triggers) or \
            any(i.kind == "trigger" and i.source == o.id and i.effects == ab.effects for i in state.stack) or \
            resolving is not None and resolving[0] == o.id and resolving[1] == ab.effects
        if not waiting:
            _add_trigger(state, o.controller, o.id, o.card, ab)


