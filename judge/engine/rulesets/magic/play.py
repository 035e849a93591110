"""The actions a player takes with priority: cast (601), activate (602), mana abilities (605), play a land
(116.2a, 305), pass (117.3d, 117.4) and pass until a step. Each checks the rules before it changes anything; a
cost that can't be paid after targets were chosen reverses the whole action (733.1)."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from judge.engine.errors import IllegalAction
from judge.engine.rulesets.magic import castfrom, core, keyword, layers, priority, turn
from judge.engine.rulesets.magic.actions import Activate, Cast, Mana, Pass, PassUntil, PlayLand
from judge.engine.rulesets.magic.cards import Activated
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.copies import check_conspire, pay_conspire
from judge.engine.rulesets.magic.replacement import ManaEvent, ReplacementHandler
from judge.engine.rulesets.magic.effects import resolve_top
from judge.engine.rulesets.magic.targets import (count_problem, distinct_problem, expand_specs, legal_target,
                                                 mv_problem)
from judge.engine.rulesets.magic.choices import Question
from judge.engine.rulesets.magic.mana import COLORS, POOL_KEYS, cost_text, parse_mana, pay, pool_text
from judge.engine.rulesets.magic.messages import phase
from judge.engine.rulesets.magic.state import STEPS, MagicObject, MagicState, StackItem
from judge.engine.rulesets.magic.text import describe_effect, describe_target
from judge.engine.step import Event, Step
from judge.messages import Message

MAIN = ("main1", "main2")


def _priority(state: MagicState, who: str, what: str | Message) -> None:
    core.require(state.priority == who, Message("magic.illegal.priority", player=who, holder=state.priority or
                                                Message("core.expect.nobody"), what=what), "117.1", "117.3")


def _find_in(objs: Sequence[MagicObject], ref: str) -> MagicObject | None:
    for o in objs:
        if o.id == ref or o.base == ref:
            return o
    for o in objs:
        if o.card == ref:
            return o
    return None


def _sorcery_timing(state: MagicState, who: str) -> bool:
    return state.active == who and state.phase in MAIN and not state.stack


def _tap_for_mana(state: MagicState, out: list[Step], who: str, refs: Sequence[str], why: str | Message) -> None:
    """605.3a: activate the mana abilities of these permanents (each {T}: add mana)."""
    for ref in refs:
        o = _find_in(state.player(who).zones["battlefield"], ref)
        core.require(o is not None, Message("magic.illegal.not_your_permanent", ref=ref, player=who), "605.1a")
        assert o is not None
        ab = next((a for a in core.activated_abilities(state, o) if a.is_mana_ability), None)
        core.require(ab is not None, Message("magic.illegal.no_mana_ability", card=o.card, id=o.id), "605.1a")
        assert ab is not None
        activate_mana(state, out, who, o, ab, why)


def activate_mana(state: MagicState, out: list[Step], who: str, o: MagicObject, ab: Activated, why: str,
                  sacrifice: Sequence[str] = ()) -> None:
    """605.3a–b: a mana ability is activated and resolves at once (no stack): its costs, then the mana it makes,
    through the replacements of tapping for mana (106.12b)."""
    core.require(not layers.chars_of(state, o).abilities_lost,
                 Message("magic.illegal.abilities_lost", card=o.card, id=o.id), "613.1f")
    _check_may_activate(state, o)
    _check_only_if(state, o, ab, who)
    _check_your_turn(state, o, ab, who)
    pool = state.mplayer(who).pool
    left = pay(pool, ab.cost)
    core.require(left is not None, Message("magic.illegal.unpaid_mana_ability", cost=cost_text(ab.cost), card=o.card,
                                         pool=pool_text(pool)), "602.2b", "118.3")
    sac = _check_sacrifice_type(state, ab, who, sacrifice)
    _pay_non_mana(state, o, ab, who)
    assert left is not None
    pool.clear()
    pool.update({k: v for k, v in left.items() if v})
    made, rules, notes = mana_made(state, out, who, o, ab)
    player = who
    if any(e.to == "chosen_player" for e in ab.effects):
        player = _choose_player(state, out, who, o)
    into = state.mplayer(player).restricted if any(e.spend_only for e in ab.effects) else state.mplayer(player).pool
    for c, n in made.items():
        into[c] = into.get(c, 0) + n
    text = "".join("{" + c + "}" for c, n in made.items() for _ in range(n)) or Message("magic.value.nothing")
    restricted = Message("magic.mana.only_x") if any(e.spend_only for e in ab.effects) else ""
    left = state.mplayer(player).restricted
    core.emit(state, out, "action", who, Message(
        "magic.mana.activate", player=who, card=o.card, id=o.id,
        pays=Message("magic.mana.pays", cost=ab.cost_said()) if ab.cost or ab.untap else "",
        adds=Message("magic.mana.adds_for", player=player) if player != who else Message("magic.mana.adds"),
        mana=text, restricted=restricted, why=why, notes=Message("magic.mana.notes", notes=notes) if notes else "",
        owner=player, pool=pool_text(state.mplayer(player).pool),
        kept=Message("magic.mana.kept", pool=pool_text(left)) if left else ""),
              cr("605.1a", "605.3a", "605.3b", "106.4", *(["107.5"] if ab.tap else []),
                 *(["107.6"] if ab.untap else []), *rules, *(["106.6"] if restricted else []),
                 *(["106.6a"] if restricted and "106.12b" in rules else [])),
              [Event("untap" if ab.untap else "tap", {"object": o.id}),
               Event("mana", {"player": player, "pool": dict(pool)})], [o])
    if ab.untap:
        core.observe(state, Event("untap", {"object": o.id}))
    _put_cost_counters(state, out, who, o, ab)
    for s_obj in sac:
        core.move(state, out, s_obj, "graveyard", cites=cr("701.21a", "602.2b", "118.3"), why=Message(
                  "magic.why.sacrifice_for_mana", player=who, card=o.card), kind="action", actor=who)
    if ab.sacrifice and state.objects.get(o.id) is o:
        core.move(state, out, o, "graveyard", cites=cr("701.21a", "602.2b"), why=Message(
                  "magic.why.sacrifice_for_mana_self", player=who), kind="action", actor=who)


def mana_made(state: MagicState, out: list[Step], who: str, o: MagicObject, ab: Activated
              ) -> tuple[dict[str, int], list[str], list[str]]:
    """The mana a mana ability makes: fixed, or one mana of a type the player chooses among those a land they
    control could make (checking the effects of those lands' mana abilities, not their costs); then the
    replacements that multiply mana from a permanent tapped for mana (106.12b), each applied once (614.5)."""
    made: dict[str, int] = {}
    rules: list[str] = []
    notes: list[str] = []
    for e in ab.effects:
        if e.mana == "any":
            # "un maná de cualquier color": the colour is chosen as the mana ability resolves (106.1a)
            from judge.engine.rulesets.magic.effects import any_color
            c = any_color(state, out, who, o.card)
            made[c] = made.get(c, 0) + 1
            rules += ["106.1a"]
            continue
        if e.mana == "land_types":
            kinds = sorted(_land_mana_types(state, who, o), key=POOL_KEYS.index)
            rules += ["106.7"]
            if not kinds:
                notes.append(Message("magic.mana.no_other_land"))
                continue
            q = Question("mana", who, tuple(kinds), Message("magic.prompt.mana_type", player=who, card=o.card,
                                                         options=kinds), tuple(cr("106.7")))

            def valid(ans: Any, kinds: list[str] = kinds) -> Any:
                if len(ans.values) != 1 or ans.values[0].upper() not in kinds:
                    return (Message("magic.illegal.expected_one_of", options=kinds), cr("106.7"))
                return None
            c = core.ask(state, out, q, valid).values[0].upper()
            made[c] = made.get(c, 0) + 1
            continue
        for c, n in parse_mana(e.mana).items():
            made[c] = made.get(c, 0) + n
    if ab.tap:
        made, more, mult = ReplacementHandler(state, out).mana(ManaEvent(who, made))
        rules += more
        notes += mult
    return made, rules, notes


def _land_mana_types(state: MagicState, who: str, source: MagicObject) -> set[str]:
    """Estanque reflectante/2 and /4: the types of mana the mana abilities of the other lands you control could
    make (their effects, not their costs); a land that itself chooses among lands adds nothing (no loop)."""
    kinds: set[str] = set()
    for x in state.player(who).zones["battlefield"]:
        if x is source or "land" not in layers.chars_of(state, x).types:
            continue
        for a in state.card(x).activated:
            if a.is_mana_ability:
                for e in a.effects:
                    if e.mana == "any":
                        kinds |= set(COLORS)
                    elif e.mana != "land_types":
                        kinds |= {c for c, n in parse_mana(e.mana).items() if n}
    return kinds


def _choose_player(state: MagicState, out: list[Step], who: str, o: MagicObject) -> str:
    """"Choose a player": not a target (Creavalles/1): any player in the game."""
    names = tuple(p.name for p in state.players if not p.lost)
    q = Question("player", who, names, Message("magic.prompt.player", player=who, card=o.card, options=names),
                 tuple(cr("605.3b")))

    def valid(ans: Any) -> Any:
        if len(ans.values) != 1 or ans.values[0] not in names:
            return (Message("magic.illegal.expected_one_of", options=names), cr("605.3b"))
        return None
    return core.ask(state, out, q, valid).values[0]


def _check_only_if(state: MagicState, o: MagicObject, ab: Activated, who: str) -> None:
    """602.5: "activate only if you control two or more green permanents": checked as it is activated only."""
    if not ab.only_if_color:
        return
    have = sum(1 for x in state.player(who).zones["battlefield"]
               if ab.only_if_color in layers.chars_of(state, x).colors)
    core.require(have >= ab.only_if_n, Message("magic.illegal.only_if_color", card=o.card, n=ab.only_if_n,
                                                color=ab.only_if_color, have=have), "602.5")


def _check_sacrifice_type(state: MagicState, ab: Activated, who: str, refs: Sequence[str]) -> list[MagicObject]:
    """118.3 / 602.2b: "sacrifice a Mountain": one permanent of that type or subtype that `who` controls."""
    if not ab.sacrifice_type:
        core.require(not refs, Message("magic.illegal.no_sacrifice_cost"), "602.2b")
        return []
    core.require(len(refs) == 1, Message("magic.illegal.sacrifice_needed", kind=ab.sacrifice_type),
                 "602.2b", "118.3")
    s_obj = _find_in(state.player(who).zones["battlefield"], refs[0])
    core.require(s_obj is not None, Message("magic.illegal.not_your_permanent", ref=refs[0], player=who), "118.3")
    assert s_obj is not None
    c = layers.chars_of(state, s_obj)
    wanted = ab.sacrifice_type.lower()
    core.require(wanted in {s.lower() for s in c.subtypes} | set(c.types), Message(
                 "magic.illegal.not_of_type", card=s_obj.card, id=s_obj.id, kind=ab.sacrifice_type), "118.3", "602.2b")
    return [s_obj]


def _check_reveal(state: MagicState, ab: Activated, who: str, refs: Sequence[str]) -> list[MagicObject]:
    """"Reveal two cards from your hand that share a colour" (118.3): cards of the hand, each sharing a colour with
    the others; colourless is not a colour (105.1, Folio iluminado/2)."""
    n = ab.reveal_sharing_color
    if not n:
        core.require(not refs, Message("magic.illegal.no_reveal_cost"), "602.2b")
        return []
    core.require(len(refs) == n and len(set(refs)) == n, Message(
                 "magic.illegal.reveal_needed", n=n), "602.2b", "118.3")
    cards = []
    for ref in refs:
        h = _find_in(state.player(who).zones["hand"], ref)
        core.require(h is not None, Message("magic.illegal.not_a_hand_card", ref=ref, player=who), "118.3")
        assert h is not None
        cards.append(h)
    shared = set.intersection(*(set(state.card(h).colors) for h in cards))
    core.require(bool(shared), Message("magic.illegal.reveal_no_shared_color"), "118.3",
                 "105.1", "105.2")
    return cards


def spend(state: MagicState, who: str, cost: Sequence[Any], x: int) -> dict[str, int] | None:
    """601.2h: pay a mana cost from the pool; mana restricted to costs with {X} (106.6) may pay any part of such a
    cost and is used first (Rosheen Meanderer/2, /3). Returns the mana spent by type, or None (nothing changed)."""
    p = state.mplayer(who)
    has_x = any(s.kind == "x" for s in cost)
    usable = dict(p.pool)
    if has_x:
        for c, n in p.restricted.items():
            usable[c] = usable.get(c, 0) + n
    left = pay(usable, tuple(cost), x)
    if left is None:
        return None
    spent = {k: usable.get(k, 0) - left.get(k, 0) for k in POOL_KEYS}
    for k, n in spent.items():
        from_restricted = min(n, p.restricted.get(k, 0)) if has_x else 0
        if from_restricted:
            p.restricted[k] -= from_restricted
        p.pool[k] = p.pool.get(k, 0) - (n - from_restricted)
    for d in (p.pool, p.restricted):
        for k in [k for k, v in d.items() if not v]:
            del d[k]
    return {k: n for k, n in spent.items() if n}


def _check_may_activate(state: MagicState, o: MagicObject) -> None:
    """602.5: a player can't begin to activate an ability that is prohibited from being activated."""
    core.require(keyword.current().cant_activate.isdisjoint(layers.chars_of(state, o).keywords),
                 Message("magic.illegal.cant_activate", card=o.card, id=o.id), "602.5")


def _pay_non_mana(state: MagicState, o: MagicObject, ab: Activated, who: str) -> None:
    """{T}, {Q}, counters removed (602.2, 107.5, 107.6, 302.6); raises before changing anything if impossible."""
    c = layers.chars_of(state, o)
    if (ab.tap or ab.untap) and "creature" in c.types and o.sick and keyword.current().unsick.isdisjoint(c.keywords):
        core.require(False, Message("magic.illegal.sick_tap", card=o.card, id=o.id), "302.6")
    if ab.tap:
        core.require(not o.tapped, Message("magic.illegal.already_tapped", card=o.card, id=o.id), "107.5", "118.3")
    if ab.untap:
        core.require(o.tapped, Message("magic.illegal.already_untapped", card=o.card, id=o.id), "107.6", "118.3")
    for kind, n in ab.remove_counters:
        core.require(o.counters.get(kind, 0) >= n, Message("magic.illegal.counters_to_remove", card=o.card,
                                                         id=o.id, n=n, kind=kind), "118.3", "602.2b")
    if ab.put_counters:
        core.require(core.can_have_counters(state, o), Message("magic.illegal.cost_counters", card=o.card, id=o.id),
                     "118.3", "609.3")
    if ab.tap:
        o.tapped = True
    if ab.untap:
        o.tapped = False
    state.touch()
    for kind, n in ab.remove_counters:
        o.counters[kind] -= n
        if not o.counters[kind]:
            del o.counters[kind]


NO_TARGET = ("-", "ninguno", "none")      # an optional slot ("up to one target") left empty


def _check_your_turn(state: MagicState, o: MagicObject, ab: Activated, who: str) -> None:
    """602.5: "Juega esta habilidad sólo durante tu turno"."""
    core.require(not ab.your_turn or state.active == who, Message("magic.illegal.your_turn_only", card=o.card,
                                                                 active=state.active), "602.5", "602.1b")


def _put_cost_counters(state: MagicState, out: list[Step], who: str, o: MagicObject, ab: Activated) -> None:
    """602.2b / 118.3: counters put on the permanent as a cost are put as the ability is activated."""
    for kind, n in ab.put_counters:
        core.put_counters(state, out, o, kind, n, Message("magic.why.cost_counter", player=who, card=o.card),
                          cr("602.2b", "118.3"), step_kind="action")


def _check_targets(state: MagicState, specs: Sequence, targets: Sequence[str], who: str, source: str) -> list[str]:
    """601.2c / 115.3: one legal choice per target slot (any number for a last "cualquier cantidad" slot), each
    "otra … objetivo" different from the source and from the targets chosen before it."""
    targets = list(targets)
    # Optional slots at the end may be left out; one in the middle is left empty with "-" (601.2c: "up to one").
    while len(targets) < len(specs) and specs[len(targets)].optional:
        targets.append("-")
    count = count_problem(specs, len(targets))
    core.require(count is None, count or "", "601.2c", "115.1")
    specs = expand_specs(specs, len(targets))
    resolved = []
    for spec, ref in zip(specs, targets):
        if ref in NO_TARGET:
            core.require(spec.optional, Message("magic.illegal.target_not_optional", target=describe_target(spec)),
                         "601.2c", "115.1")
            resolved.append("")
            continue
        o = state.obj(ref) if not state.has_player(ref) else None
        real = o.id if o is not None else ref
        if o is None and not state.has_player(ref):
            item = next((i for i in state.stack if i.id == ref or (i.obj is not None and i.obj.base == ref)), None)
            real = item.id if item is not None else ref
        why = legal_target(state, spec, real, who, source)
        # A reason naming the rule that forbids the target "(702.18a)" cites it too.
        named = re.findall(r"\((\d{3}\.\d+[a-z]?)\)", str(why or ""))
        core.require(why is None, Message("magic.illegal.target", why=why), "601.2c", "115.1", *named)
        resolved.append(real)
    same = distinct_problem(specs, resolved)
    core.require(same is None, Message("magic.illegal.target", why=same), "601.2c", "115.3")
    for n in range(len(resolved)):                   # "… with equal or lesser mana value" than another target
        why = mv_problem(state, expand_specs(specs, len(resolved)), resolved, n)
        core.require(why is None, Message("magic.illegal.target", why=why), "601.2c", "115.1", "202.3")
    return resolved


def _playable_from_exile(state: MagicState, who: str, ref: str) -> MagicObject | None:
    """A card in exile an effect lets `who` play this turn (zonefx `may_play`, 601.2a / 305.1: from the zone the
    effect names, with the usual timing, costs and land limit); once the turn is over the permission is gone."""
    allowed = {r for r, player, turn in state.may_play if player == who and turn == state.turn}
    exiled = [o for p in state.players for o in p.zones["exile"] if o.id in allowed]  # type: ignore[attr-defined]
    return _find_in(exiled, ref)


def _from_graveyard(state: MagicState, who: str, ref: str, land: bool) -> tuple[MagicObject | None, Any]:
    """A card in `who`'s graveyard that a rule or effect lets them cast or play (601.3, 305.1: castfrom.py), with
    that permission; one there that nothing lets them cast is refused, saying so."""
    hit = castfrom.find(state, who, ref, land)
    if hit is not None:
        return hit
    there = castfrom.in_graveyard(state, who, ref)
    if there is not None:
        core.require(False, Message("magic.illegal.graveyard_land" if land else "magic.illegal.graveyard_cast",
                                    card=there.card, id=there.id, player=who), *(("305.1",) if land else ("601.3",)))
    return None, None


def do_cast(state: MagicState, action: Cast, out: list[Step]) -> None:
    """601.2a–i: announce, targets, total cost, mana abilities, pay; then it is on the stack."""
    who = action.by
    _priority(state, who, Message("magic.what.cast"))
    p = state.mplayer(who)
    o = _find_in(p.zones["hand"], action.card) or _playable_from_exile(state, who, action.card)
    allowed = None                     # 601.3: what lets `who` cast it from their graveyard (castfrom.py)
    if o is None:
        o, allowed = _from_graveyard(state, who, action.card, land=False)
    core.require(o is not None, Message("magic.illegal.not_in_hand", card=action.card, player=who), "601.2a")
    assert o is not None
    from_zone = o.zone
    card = state.card(o)
    core.require("land" not in card.types, Message("magic.illegal.land_cast", card=o.card), "305.1", "116.2a")
    flash = not keyword.current().as_instant.isdisjoint(card.keywords)      # 702.8a: flash, as an instant
    if "instant" not in card.types and not flash:
        core.require(_sorcery_timing(state, who), Message("magic.illegal.sorcery_timing", card=o.card), "117.1a", "307.1" if "sorcery" in card.types
                     else "302.1")
    # 601.2a: the card moves to the stack (a new object); 601.2c targets; 601.2f–h costs. Any failure → 733.1.
    specs, effects = card.targets, card.effects
    if card.modes:
        core.require(action.mode is not None and 0 <= action.mode < len(card.modes),
                     Message("magic.illegal.modal", card=o.card, last=len(card.modes) - 1), "700.2a", "601.2b")
        assert action.mode is not None
        specs, effects = card.modes[action.mode].targets, card.modes[action.mode].effects
    else:
        core.require(action.mode is None, Message("magic.illegal.not_modal", card=o.card), "700.2", "601.2b")
    if card.is_aura and not specs:
        core.require(False, Message("magic.illegal.aura_without_enchant", card=o.card), "303.4a")
    if card.x_counts:
        action = _x_from_text(state, card, action)
    else:
        action = _announced_x(action, card.mana_cost, Message("magic.x.in_cost", card=o.card))
    # 601.2b before 601.2c: X is announced before targets, and a spell's mana value counts it (202.3e).
    state.announced_x = {o.id: action.x}
    try:
        targets = _check_targets(state, specs, action.targets, who, o.id)
    finally:
        state.announced_x = {}
    xs = [s for s in card.mana_cost if s.kind == "x"]
    core.require(not action.x or xs or card.x_counts, Message("magic.illegal.no_x", card=o.card), "107.3")
    divide = _check_division(card, effects, action, targets)
    _check_additional(state, card, action, o)
    conspirers = check_conspire(state, who, card, action.conspire) if action.conspire else []
    _tap_for_mana(state, out, who, action.tap, Message("magic.mana.to_pay", card=o.card))
    spent = spend(state, who, card.mana_cost, action.x)
    if spent is None:
        restricted = Message("magic.illegal.unpaid_restricted", pool=pool_text(p.restricted)) \
            if p.restricted and not xs else ""
        raise IllegalAction(Message("magic.illegal.unpaid", cost=cost_text(card.mana_cost) or "{0}", card=o.card,
                                    x=Message("magic.illegal.unpaid_x", x=action.x) if xs else "",
                                    pool=pool_text(p.pool), restricted=restricted),
                            cr("601.2h", "118.3", "733.1", *(["106.6"] if restricted else [])))
    hybrid = any(s.kind in ("hybrid", "mono_hybrid") for s in card.mana_cost)
    value = card.mana_value + action.x * len(xs)        # 202.3e: on the stack X is the number chosen
    new = core.move(state, out, o, "stack", cites=cr("601.2a", *(["601.2b", "700.2a"] if card.modes else []),
                                                     "601.2c", "601.2f", "601.2h", "601.2i", "202.3",
                                                     *(["202.3e", "107.3a"] if xs else []),
                                                     *(["107.3c", "601.2d"] if card.x_counts else []),
                                                     *(["202.3f", "107.4e"] if hybrid else []), "117.3c",
                                                     *(["702.8a"] if flash
                                                       and not _sorcery_timing(state, who) else []),
                                                     *(allowed.rules if allowed else ())),
                    why=Message("magic.cast.why", player=who, card=o.card, value=value,
                                graveyard=Message("magic.cast.from_graveyard", source=allowed.source)
                                if allowed else "",
                                mode=Message("magic.cast.mode", mode=action.mode, effects=[describe_effect(e) for e in effects])
                                if card.modes else "", x=f", X={action.x}" if xs or card.x_counts else "",
                                cost=cost_text(card.mana_cost) or "{0}",
                                paid=pool_text(spent) if any(spent.values()) else Message("magic.value.nothing"),
                                targets=Message("magic.cast.targets", targets=[core.name(state, t) for t in targets])
                                if targets else ""),
                    controller=who, kind="action", actor=who)
    _pay_additional(state, out, card, action, new)
    state.stack.append(StackItem(id=new.id, kind="spell", controller=who, source=new.id, source_name=new.card,
                                 effects=effects, targets=tuple(targets),
                                 target_specs=expand_specs(specs, len(targets)), x=action.x,
                                 obj=new, text=f"{new.card} ({new.id})", spent={k: v for k, v in spent.items() if v},
                                 divide=divide))
    if conspirers:
        pay_conspire(state, out, who, conspirers, new)
    state.this_turn.add(state.this_turn.spells, who)
    state.touch()              # a static ability's "if you've cast a spell this turn" may now hold (conditions.py)
    core.observe(state, Event("cast", {"object": new.id, "player": who, "from": from_zone}))
    state.passes = 0
    priority.give_priority(state, out, who)               # 117.3c


_XAction = TypeVar("_XAction", Cast, Activate)


def _announced_x(action: _XAction, cost: Sequence[Any], what: Message) -> _XAction:
    """601.2b / 107.3a: the player announces the value of X as the spell is cast or the ability activated (602.2b
    follows 601.2b): with {X} in the cost and no «x» nothing was announced, which the engine never guesses: the
    action is illegal and nothing happens (733.1). `x: 0` is an announcement. Without {X}, none is X=0."""
    if any(sym.kind == "x" for sym in cost):
        core.require(action.x is not None, Message("magic.illegal.announce_x", what=what), "601.2b", "107.3a")
        return action
    return action if action.x is not None else replace(action, x=0)


def _x_from_text(state: MagicState, card: Any, action: Cast) -> Cast:
    """107.3c: X defined by the text ("X is the number of Mountains you control as you cast it"): counted now; the
    caster does not choose it."""
    core.require(not action.x, Message("magic.illegal.x_defined", card=card.name, counts=card.x_counts),
                 "107.3c")
    wanted = card.x_counts.lower()
    n = sum(1 for o in state.player(action.by).zones["battlefield"]
            if wanted in {t.lower() for t in layers.chars_of(state, o).subtypes} | layers.chars_of(state, o).types)
    return replace(action, x=n)


def _check_division(card: Any, effects: Sequence[Any], action: Cast, targets: Sequence[str]) -> dict[str, int]:
    """601.2d: a divided effect is split as the spell is cast: between 1 and X targets (none when X is 0), each
    getting at least 1, X in all."""
    if not any(getattr(e, "divided", False) for e in effects):
        core.require(not action.divide, Message("magic.illegal.not_divided", card=card.name), "601.2d")
        return {}
    chosen = [t for t in targets if t]
    x = action.x
    core.require(len(chosen) <= x and (x == 0) == (not chosen),
                 Message("magic.illegal.divide_none" if x == 0 else "magic.illegal.divide_range", x=x, n=len(chosen)),
                 "601.2d", "601.2c")
    named = dict(action.divide)
    if len(chosen) == 1 and not named:
        named = {action.targets[0]: x}               # a single target gets all of it
    core.require(len(named) == len(chosen) and sum(named.values()) == x and all(n >= 1 for n in named.values()),
                 Message("magic.illegal.divide_split", x=x, n=len(chosen)), "601.2d")
    out: dict[str, int] = {}
    for ref, real in zip(action.targets, targets):
        core.require(ref in named, Message("magic.illegal.divide_missing", ref=ref), "601.2d")
        out[real] = named[ref]
    return out


def _check_additional(state: MagicState, card: Any, action: Cast, o: MagicObject) -> None:
    """601.2b / 118.8: the additional costs announced with the cast (checked before anything is paid)."""
    need = dict(card.additional)
    who = action.by
    n_sac, n_dis = need.get("sacrifice_creature", 0), need.get("discard", 0)
    core.require(len(action.sacrifice) == n_sac, Message("magic.illegal.additional_sacrifice", card=o.card,
                                                          n=n_sac, given=len(action.sacrifice)), "118.8", "601.2b")
    core.require(len(action.discard) == n_dis, Message("magic.illegal.additional_discard", card=o.card, n=n_dis,
                                                        given=len(action.discard)), "118.8", "601.2b")
    for ref in action.sacrifice:
        s = _find_in(state.player(who).zones["battlefield"], ref)
        core.require(s is not None and "creature" in layers.chars_of(state, s).types,
                     Message("magic.illegal.not_your_creature", ref=ref, player=who), "701.21a", "118.3")
    hand = [h for h in state.player(who).zones["hand"] if h is not o]
    for ref in action.discard:
        core.require(_find_in(hand, ref) is not None, Message("magic.illegal.not_other_hand_card", ref=ref,
                                                                    player=who), "701.9a", "118.3")
    n_counter = need.get("counter_creature", 0)
    able = [c for c in state.player(who).zones["battlefield"] if "creature" in layers.chars_of(state, c).types
            and core.can_have_counters(state, c)]
    core.require(len(able) >= n_counter, Message("magic.illegal.additional_counter_able", player=who, n=n_counter,
                                                  card=o.card), "118.3", "118.8", "601.2b")
    core.require(len(action.counter_on) == n_counter, Message("magic.illegal.additional_counter", card=o.card,
                                                               n=n_counter, given=len(action.counter_on)),
                 "118.8", "601.2b")
    for ref in action.counter_on:
        s = _find_in(state.player(who).zones["battlefield"], ref)
        core.require(s is not None and "creature" in layers.chars_of(state, s).types,
                     Message("magic.illegal.not_your_creature", ref=ref, player=who), "118.8", "118.3")
        assert s is not None
        core.require(core.can_have_counters(state, s), Message("magic.illegal.additional_counter_cant", card=s.card,
                                                                id=s.id), "118.3", "609.3")
    life = need.get("pay_life", 0)
    core.require(state.mplayer(who).lives >= life, Message("magic.illegal.pay_life", player=who, n=life,
                                                            lives=state.mplayer(who).lives), "118.3", "119.4")


def _pay_additional(state: MagicState, out: list[Step], card: Any, action: Cast, spell: MagicObject) -> None:
    who = action.by
    for ref in action.sacrifice:
        s = _find_in(state.player(who).zones["battlefield"], ref)
        assert s is not None
        core.move(state, out, s, "graveyard", cites=cr("118.8", "601.2h", "701.21a"), why=Message(
                  "magic.why.sacrifice_additional", player=who, card=spell.card), kind="action", actor=who)
    for ref in action.discard:
        d = _find_in(state.player(who).zones["hand"], ref)
        assert d is not None
        core.move(state, out, d, "graveyard", cites=cr("118.8", "601.2h", "701.9a"), why=Message(
                  "magic.why.discard_additional", player=who, card=spell.card), kind="action", actor=who)
    for ref in action.counter_on:
        s = _find_in(state.player(who).zones["battlefield"], ref)
        assert s is not None
        core.put_counters(state, out, s, "-1/-1", 1, Message("magic.why.counter_additional", player=who,
                                                               card=spell.card),
                          cr("118.8", "601.2h"), step_kind="action")
    life = dict(card.additional).get("pay_life", 0)
    if life:
        state.mplayer(who).lives -= life
        core.emit(state, out, "action", who, Message("magic.play.pay_life", player=who, n=life, card=spell.card,
                                                     lives=state.mplayer(who).lives),
                  cr("118.8", "118.3b", "601.2h", "119.4"),
                  [Event("life", {"player": who, "delta": -life})])
        # 119.4, 603.2: life paid is lost ("paid": the trigger it causes cites 119.4)
        core.observe(state, Event("life", {"player": who, "delta": -life, "paid": True}))


def do_activate(state: MagicState, action: Activate, out: list[Step]) -> None:
    """602.2: like casting: targets, then the total cost; the ability goes on the stack (mana abilities don't)."""
    who = action.by
    o = _find_in(state.player(who).zones["battlefield"], action.source)
    in_hand = _find_in(state.player(who).zones["hand"], action.source) if o is None else None
    if in_hand is not None and any(a.discard_self for a in state.card(in_hand).activated):
        _activate_from_hand(state, action, out, in_hand)
        return
    in_grave = _find_in(state.player(who).zones["graveyard"], action.source) if o is None and in_hand is None \
        else None
    if in_grave is not None and any(a.zone == "graveyard" for a in state.card(in_grave).activated):
        _activate_from_graveyard(state, action, out, in_grave)
        return
    core.require(o is not None, Message("magic.illegal.not_your_permanent", ref=action.source, player=who), "602.2")
    assert o is not None
    abilities = core.activated_abilities(state, o)
    if layers.chars_of(state, o).abilities_lost and not abilities:
        core.require(False, Message("magic.illegal.abilities_lost", card=o.card, id=o.id), "613.1f")
    if not 0 <= action.ability < len(abilities) and any(a.zone == "graveyard" for a in state.card(o).activated):
        core.require(False, Message("magic.illegal.ability_graveyard_only", card=o.card, id=o.id, n=action.ability),
                     "602.1", "113.6b")
    core.require(0 <= action.ability < len(abilities), Message("magic.illegal.no_ability", card=o.card,
                                                                  n=action.ability), "602.1")
    ab = abilities[action.ability]
    core.require(not ab.discard_self, Message("magic.illegal.hand_only", card=o.card), "113.6m", "602.1")
    granted = ab in layers.chars_of(state, o).granted
    intrinsic = not granted and ab not in state.card(o).activated      # a basic land type's mana ability (305.6)
    _check_may_activate(state, o)
    if ab.is_mana_ability:
        _priority(state, who, Message("magic.what.mana"))          # 605.3a
        activate_mana(state, out, who, o, ab, Message("magic.why.mana_ability"), action.sacrifice)
        return
    _priority(state, who, Message("magic.what.activate"))
    action = _announced_x(action, ab.cost, Message("magic.x.ability_in_cost", card=o.card))
    _check_your_turn(state, o, ab, who)
    # 602.5d: "activate only as a sorcery" (every equip ability, 702.6a): main phase, own turn, empty stack.
    core.require(not ab.sorcery or _sorcery_timing(state, who), Message("magic.illegal.sorcery_ability",
                                                                           card=o.card), "602.5d",
                 *(("702.6a",) if ab.equip else ()))
    _check_only_if(state, o, ab, who)
    targets = _check_targets(state, ab.targets, action.targets, who, o.id)
    sacrificed = _check_sacrifice_type(state, ab, who, action.sacrifice)
    revealed = _check_reveal(state, ab, who, action.reveal)
    _tap_for_mana(state, out, who, action.tap, Message("magic.mana.to_activate", card=o.card))
    p = state.mplayer(who)
    if spend(state, who, ab.cost, action.x) is None:
        raise IllegalAction(Message("magic.illegal.unpaid_ability", cost=cost_text(ab.cost), pool=pool_text(p.pool)),
                            cr("602.2b", "601.2h", "118.3", "733.1"))
    _pay_non_mana(state, o, ab, who)
    if ab.untap:
        core.observe(state, Event("untap", {"object": o.id}))     # "whenever it becomes untapped" (603.2e)
    _put_cost_counters(state, out, who, o, ab)
    for s_obj in sacrificed:
        core.move(state, out, s_obj, "graveyard", cites=cr("701.21a", "602.2b", "118.3"), why=Message(
                  "magic.why.sacrifice_for_cost", player=who, card=o.card), kind="action", actor=who)
    if revealed:
        core.emit(state, out, "action", who, Message("magic.play.reveal", player=who, card=o.card,
                                                     cards=[f"{r.card} ({r.id})" for r in revealed]),
                  cr("602.2b", "118.3", "701.20a"),
                  [Event("reveal", {"player": who, "cards": [r.id for r in revealed]})], revealed)
    item = StackItem(id=state.new_id("hab"), kind="ability", controller=who, source=o.id, source_name=o.card,
                     effects=ab.effects, targets=tuple(targets), target_specs=expand_specs(ab.targets, len(targets)),
                     x=action.x)
    item.text = Message("magic.ability.activated", card=o.card, id=o.id, cost=ab.cost_said(),
                        effects=[describe_effect(e) for e in ab.effects])
    if ab.sacrifice:
        core.move(state, out, o, "graveyard", cites=cr("701.21a", "602.2b"), why=Message(
                  "magic.why.sacrifice_self_for_cost", player=who), kind="action", actor=who)
    state.stack.append(item)
    rules = ["602.1a", "602.2", "602.2b", "113.7a", "117.3c", *(["303.4e", "613.1f"] if granted else []),
             *(["305.6"] if intrinsic else [])]
    if ab.only_if_color:
        rules.append("602.5")                # its "activate only if" was checked now, and only now
    if ab.sorcery:
        rules.append("602.5d")
    if ab.equip:
        rules.append("702.6a")
    if ab.tap:
        rules.append("107.5")
    if ab.untap:
        rules.append("107.6")
    if ab.remove_counters or ab.put_counters:
        rules.append("118.3")
    if ab not in state.card(o).activated:
        rules.append("613.1f")               # an ability it has because another object gives it (layer 6)
    core.emit(state, out, "action", who, Message(
        "magic.play.activate_targets" if targets else "magic.play.activate", player=who, ability=item.text,
        item=item.id, **({"targets": [core.name(state, t) for t in targets]} if targets else {})), cr(*rules),
              [Event("stack", {"item": item.id, "source": o.id})], [o])
    state.passes = 0
    priority.give_priority(state, out, who)


def _activate_from_hand(state: MagicState, action: Activate, out: list[Step], card_obj: MagicObject) -> None:
    """113.6m / 602.2: an ability whose cost is discarding its own card is activated from the hand, any time its
    owner has priority (no timing restriction, 602.5: like an instant); `ability` counts those abilities only."""
    who = action.by
    _priority(state, who, Message("magic.what.activate"))
    abilities = [a for a in state.card(card_obj).activated if a.discard_self]
    core.require(0 <= action.ability < len(abilities), Message("magic.illegal.no_ability_in_hand",
                                                                  card=card_obj.card, n=action.ability), "602.1")
    ab = abilities[action.ability]
    action = _announced_x(action, ab.cost, Message("magic.x.ability_in_cost", card=card_obj.card))
    targets = _targets_and_mana(state, out, who, card_obj, ab, action)
    name_now = card_obj.card
    core.move(state, out, card_obj, "graveyard", cites=cr("602.2b", "701.9a", "113.6m"),
              why=Message("magic.why.discard_for_ability", player=who), kind="action", actor=who)
    item = StackItem(id=state.new_id("hab"), kind="ability", controller=who, source=card_obj.id,
                     source_name=name_now, effects=ab.effects, targets=tuple(targets),
                     target_specs=expand_specs(ab.targets, len(targets)), x=action.x)
    item.text = Message("magic.ability.activated_named", card=name_now, cost=ab.cost_said(),
                        effects=[describe_effect(e) for e in ab.effects])
    state.stack.append(item)
    core.emit(state, out, "action", who, Message("magic.play.activate_from_hand", player=who, ability=item.text,
                                                 item=item.id, targets=_targeting(state, targets)),
              cr("602.1a", "602.2", "602.2b", "113.6m", "113.7a", "117.3c"),
              [Event("stack", {"item": item.id, "source": card_obj.id})])
    state.passes = 0
    priority.give_priority(state, out, who)


def _targets_and_mana(state: MagicState, out: list[Step], who: str, card_obj: MagicObject, ab: Any,
                      action: Activate) -> list[str]:
    """602.2b: the targets chosen, then the mana abilities activated and the cost paid, of an ability activated
    from a hand or a graveyard (an unpaid cost reverses the activation, 733.1)."""
    targets = _check_targets(state, ab.targets, action.targets, who, card_obj.id)
    _tap_for_mana(state, out, who, action.tap, Message("magic.mana.to_activate", card=card_obj.card))
    p = state.mplayer(who)
    if spend(state, who, ab.cost, action.x) is None:
        raise IllegalAction(Message("magic.illegal.unpaid_ability", cost=cost_text(ab.cost), pool=pool_text(p.pool)),
                            cr("602.2b", "601.2h", "118.3", "733.1"))
    return targets


def _activate_from_graveyard(state: MagicState, action: Activate, out: list[Step], card_obj: MagicObject) -> None:
    """602.2 / 113.6b: an ability that says it works from the graveyard ("{2}{B}: Return this card from your
    graveyard to your hand") is activated while its card is in its owner's graveyard, any time they have priority
    (602.5: no timing restriction is written); `ability` counts those abilities only. The ability on the stack is
    independent of its source (113.7a): if the card leaves the graveyard first, "this card" is a new object the
    ability no longer finds (400.7)."""
    who = action.by
    _priority(state, who, Message("magic.what.activate"))
    abilities = [a for a in state.card(card_obj).activated if a.zone == "graveyard"]
    core.require(0 <= action.ability < len(abilities), Message("magic.illegal.no_ability_in_graveyard",
                                                                  card=card_obj.card, n=action.ability), "602.1", "113.6b")
    ab = abilities[action.ability]
    action = _announced_x(action, ab.cost, Message("magic.x.ability_in_cost", card=card_obj.card))
    _check_your_turn(state, card_obj, ab, who)
    targets = _targets_and_mana(state, out, who, card_obj, ab, action)
    item = StackItem(id=state.new_id("hab"), kind="ability", controller=who, source=card_obj.id,
                     source_name=card_obj.card, effects=ab.effects, targets=tuple(targets),
                     target_specs=expand_specs(ab.targets, len(targets)), x=action.x)
    item.text = Message("magic.ability.activated", card=card_obj.card, id=card_obj.id, cost=ab.cost_said(),
                        effects=[describe_effect(e) for e in ab.effects])
    state.stack.append(item)
    core.emit(state, out, "action", who, Message("magic.play.activate_from_graveyard", player=who,
                                                 ability=item.text, item=item.id, targets=_targeting(state, targets)),
              cr("602.1a", "602.2", "602.2b", "113.6b", "113.7a", "117.3c"),
              [Event("stack", {"item": item.id, "source": card_obj.id})], [card_obj])
    state.passes = 0
    priority.give_priority(state, out, who)


def do_mana(state: MagicState, action: Mana, out: list[Step]) -> None:
    """117.1d: a player may activate mana abilities whenever they have priority."""
    _priority(state, action.by, Message("magic.what.mana"))
    _tap_for_mana(state, out, action.by, action.sources, Message("magic.why.mana_ability"))


def do_play_land(state: MagicState, action: PlayLand, out: list[Step]) -> None:
    """116.2a / 305.1–305.2: in your main phase, with priority and the stack empty, once per turn."""
    who = action.by
    p = state.mplayer(who)
    o = _find_in(p.zones["hand"], action.card) or _playable_from_exile(state, who, action.card)
    allowed = None                     # 305.1: what lets `who` play it from their graveyard (castfrom.py)
    if o is None:
        o, allowed = _from_graveyard(state, who, action.card, land=True)
    core.require(o is not None, Message("magic.illegal.not_in_hand", card=action.card, player=who), "116.2a")
    assert o is not None
    core.require("land" in state.card(o).types, Message("magic.illegal.not_land", card=o.card), "116.2a", "305.1")
    core.require(state.active == who, Message("magic.illegal.not_your_turn", player=who), "116.2a", "305.3")
    core.require(state.phase in MAIN, Message("magic.illegal.main_only", step=phase(state.phase)), "116.2a",
                 "305.1", "505.6b")
    core.require(not state.stack, Message("magic.illegal.stack_not_empty"), "116.2a", "305.1")
    _priority(state, who, Message("magic.what.land"))
    core.require(p.lands_played < 1, Message("magic.illegal.land_played", player=who), "116.2a", "305.2")
    p.lands_played += 1
    core.move(state, out, o, "battlefield", cites=cr("116.2a", "305.1", "117.3c", *(allowed.rules if allowed else ())),
              why=Message("magic.land.why", player=who, graveyard=Message("magic.cast.from_graveyard",
                                                                         source=allowed.source) if allowed else ""),
              controller=who, kind="action", actor=who)
    priority.give_priority(state, out, who)               # 117.3c


def do_pass(state: MagicState, action: Pass, out: list[Step]) -> None:
    """117.3d / 117.4: pass; when all players pass in succession the top of the stack resolves, or with the stack
    empty the step ends (500.2)."""
    who = action.by
    _priority(state, who, Message("magic.what.pass"))
    pass_once(state, out, who)


def pass_once(state: MagicState, out: list[Step], who: str) -> None:
    state.passes += 1
    everyone = state.passes >= sum(not p.lost for p in state.players)
    # The board of the pass shows where priority goes: the next player, or nobody once all have passed.
    # (Recording the step loses nobody: the same next player receives it.)
    state.priority = after = None if everyone else priority.next_player(state, who)
    core.emit(state, out, "action", who, Message("magic.play.pass_all" if everyone else "magic.play.pass",
                                                 player=who), cr("117.3d"))
    if after is not None:
        priority.give_priority(state, out, after)
        return
    state.passes = 0
    if state.stack:
        resolve_top(state, out)
        if not state.over:
            priority.give_priority(state, out, state.active)   # 117.3b
        return
    state.priority = None
    turn.advance(state, out)


def do_pass_until(state: MagicState, action: PassUntil, out: list[Step]) -> None:
    """Everyone passes each time they get priority until `step` begins (the stack resolves in between), at its next
    place in the turn order (500.1): later in this turn, or in the next turn when it is the step being played or an
    earlier one. Passing never goes beyond that place: a step that does not begin there — skipped (508.8: no
    attackers; 510.4: no first or double strike) — or in which nobody receives priority (502.4 untap, 514.3 cleanup)
    stops it as soon as a later step begins, with a `limit` step that says why (no extra turns are played). Combat
    declarations on the way are taken from the script when its next line is one; otherwise nobody attacks or
    blocks."""
    target = action.step
    at = step_index(target)
    # 500.1: the first place of `target` from here; the step being played comes again only in the next turn.
    due = (state.turn if at > step_index(state.phase) else state.turn + 1, at)
    state.passing_until = target
    try:
        while not state.over:
            if state.waiting is not None:
                return
            who = state.priority
            core.require(who is not None, Message("magic.illegal.nobody_priority"), "117.3")
            assert who is not None
            before = (state.turn, state.phase)
            pass_once(state, out, who)
            if (state.turn, state.phase) == before:
                continue
            if state.phase == target:
                return
            if (state.turn, step_index(state.phase)) > due:
                why, rule = _not_reached(target, state.phase)
                core.emit(state, out, "limit", None, Message("magic.play.pass_until_stopped", turn=due[0],
                                                             target=phase(target), why=why, now=phase(state.phase),
                                                             current=state.turn), cr("500.1", rule))
                return
    finally:
        state.passing_until = None


def _not_reached(target: str, now: str) -> tuple[Message, str]:
    """Why `pass_until` went past its step's place without stopping in it (`now`: the step that began after it),
    and the rule. The combat steps after declare attackers are skipped only without attackers (508.8); with them,
    the first-strike damage step is missing only for lack of first and double strike (510.4)."""
    if target == "untap":
        return Message("magic.pass_until.untap"), "502.4"
    if target == "cleanup":
        return Message("magic.pass_until.cleanup"), "514.3"
    if target == "first_strike_damage" and now == "combat_damage":
        return Message("magic.pass_until.no_first_strike"), "510.4"
    if target in ("declare_blockers", "first_strike_damage", "combat_damage"):
        return Message("magic.pass_until.no_attackers"), "508.8"
    return Message("magic.pass_until.not_passed"), "500.2"


def _targeting(state: MagicState, targets: Sequence[str]) -> "Message | str":
    """« con objetivo A, B» after an ability activated from a hand or a graveyard; "" without targets."""
    return Message("magic.play.targeting", targets=[core.name(state, t) for t in targets if t]) if any(targets) \
        else ""


HANDLERS = {Cast: do_cast, Activate: do_activate, Mana: do_mana, PlayLand: do_play_land, Pass: do_pass,
            PassUntil: do_pass_until}


def step_index(step: str) -> int:
    return STEPS.index(step)
