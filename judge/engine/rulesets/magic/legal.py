"""Legal actions for the player with priority (python-chess's legal-move generator), used by the fuzzer: pass,
play a land, cast a spell or activate an ability with targets and a way to pay chosen from the board."""
from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any

from judge.engine.action import Action
from judge.engine.rulesets.magic import castfrom, core, keyword, layers
from judge.engine.rulesets.magic.actions import Activate, Cast, Mana, Pass, PlayLand
from judge.engine.rulesets.magic.targets import candidates
from judge.engine.rulesets.magic.mana import parse_mana, pay
from judge.engine.rulesets.magic.qualities import BLOCKERS_DECLARED
from judge.engine.rulesets.magic.state import MagicObject, MagicState

MAIN = ("main1", "main2")
# What a hand offers (`_hand`): the first land of each name; the first other card of each name, with its card and
# facts (`_facts`); the (zone, name) keys of those.
HandOffers = tuple[tuple[MagicObject, ...], tuple[tuple[MagicObject, Any, tuple], ...], frozenset[tuple[str, str]]]


def _mana_sources(state: MagicState, who: str, permanents: list[tuple[MagicObject, Any, tuple]] | None = None
                  ) -> list[tuple[MagicObject, dict[str, int]]]:
    """Untapped permanents of `who` with a mana ability that only taps (the first such ability of each), and the
    mana it adds. "Any color" asks which as it resolves: the planner counts only sources whose mana is known.
    `permanents`: `_permanents(state, who)` when the caller has it already."""
    # A creature without haste that is summoning sick can't tap (302.6): a later such ability would be no more
    # usable, it taps too. Whether a source is such a creature and the mana it adds are kept with the subsets.
    sources = _subsets(state, who, permanents if permanents is not None else _permanents(state, who))[2]
    return [(o, mana) for o, needs_unsick, mana in sources if not o.tapped and not (needs_unsick and o.sick)]


def _permanents(state: MagicState, who: str) -> list[tuple[MagicObject, Any, tuple]]:
    """Each permanent `who` controls with its characteristics and its ability table (`_table`): listed again
    only when the layers' results are another dict (the same dict: the same permanents and characteristics) or
    the player's battlefield holds other objects."""
    cache = layers.compute(state)
    zone = state.player(who).zones["battlefield"]
    kept = state.caches.legal_permanents
    hit = kept.get(who)
    if hit is not None and hit[0] is cache and hit[2] is state.copies and hit[4] is zone and hit[5] == zone.stamp:
        return hit[3]           # the very same zone list, unchanged since (state.ZoneList.stamp)
    bf = tuple(zone)
    if hit is not None and hit[0] is cache and hit[1] == bf and hit[2] is state.copies:
        kept[who] = (*hit[:4], zone, zone.stamp)
        return hit[3]
    # A permanent whose characteristics are the same Chars (layers.compute keeps an unchanged permanent's) and whose
    # card is the same (the same copy effects) keeps its entry: its ability table is the same.
    before = {id(e[0]): e for e in hit[3]} if hit is not None and hit[2] is state.copies else {}
    out = []
    for o in bf:
        if o.zone == "battlefield":
            c = cache[o.id]
            e = before.get(id(o))
            if e is not None and e[0] is o and e[1] is c:
                out.append(e)
                continue
        else:
            c = layers.chars_of(state, o, cache)
        out.append((o, c, _table(state, o, c)))
    if all(o.zone == "battlefield" for o in bf):        # one on its way is read again next time
        kept[who] = (cache, bf, state.copies, out, zone, zone.stamp)
    return out


def _subsets(state: MagicState, who: str, permanents: list[tuple[MagicObject, Any, tuple]]
             ) -> tuple[list[tuple[MagicObject, Any, tuple]], list[tuple[MagicObject, Any, tuple]],
                        list[tuple[MagicObject, bool, dict[str, int]]]]:
    """Of `permanents` (`_permanents`), those with an ability that is not a mana ability, and those with a mana
    ability that only taps, and the latter as mana sources: each with whether it is a creature without a keyword
    that lets it tap while summoning sick (keywords/*.py: haste) and the mana its first such ability adds. Worked
    out again only for another list (`_permanents` hands out the same one while nothing it lists changed) or
    another keyword registry."""
    kept = state.caches.legal_subsets
    hit = kept.get(who)
    kws = keyword.current()
    if hit is None or hit[0] is not permanents or hit[2] is not kws:
        mana = [e for e in permanents if e[2][2] is not None]
        hit = kept[who] = (permanents, ([e for e in permanents if e[2][1]], mana, [
            (o, "creature" in c.types and kws.unsick.isdisjoint(c.keywords), _mana_of(state, table[2]))
            for o, c, table in mana]), kws)
    return hit[1]


def _graveyard_abilities(state: MagicState, who: str, kws: Any) -> tuple[tuple[MagicObject, list], ...]:
    """The cards of `who`'s graveyard with abilities that work there (113.6b), with them: listed again only when
    the graveyard holds other objects, the copy effects or the keyword registry changed (an object's card never
    changes, 400.7)."""
    zone = state.player(who).zones["graveyard"]
    kept = state.caches.legal_graveyard
    hit = kept.get(who)
    if hit is not None and hit[1] is state.copies and hit[2] is kws and hit[4] is zone and hit[5] == zone.stamp:
        return hit[3]           # the very same zone list, unchanged since (state.ZoneList.stamp)
    grave = tuple(zone)
    if hit is None or hit[1] is not state.copies or hit[2] is not kws or hit[0] != grave:
        hit = (grave, state.copies, kws, tuple(
            (o, abilities) for o in grave if (abilities := _facts(state, state.card(o), kws)[4])))
    hit = kept[who] = (*hit[:4], zone, zone.stamp)
    return hit[3]


def _table(state: MagicState, o: MagicObject, c: layers.Chars) -> tuple:
    """core.activated_table of a permanent; an object whose `zone` is not the battlefield's (on its way) has its
    abilities worked out from scratch, as core.activated_abilities does."""
    if o.zone != "battlefield":
        return core.ability_table(core.activated_abilities(state, o))
    return core.activated_table(state, state.card(o), c)


def _mana_of(state: MagicState, ab: Any) -> dict[str, int]:
    """The mana a mana ability adds (the same dict for the same ability: read it, never change it)."""
    memo = state.caches.mana_of
    hit = memo.get(id(ab))
    if hit is None or hit[0] is not ab:
        mana: dict[str, int] = {}
        for e in ab.effects:
            for k, n in parse_mana(e.mana).items():
                mana[k] = mana.get(k, 0) + n
        if len(memo) > 10_000:
            memo.clear()
        hit = memo[id(ab)] = (ab, mana)        # keeping the ability keeps its id()
    return hit[1]


def plan_payment(state: MagicState, who: str, cost: tuple, x: int = 0, exclude: str = "",
                 available: list[tuple[MagicObject, dict[str, int]]] | None = None) -> tuple[str, ...] | None:
    """Sources to tap so the pool pays `cost` (None if no plan found): add sources one at a time, those whose
    colours the cost names first. `available`: `_mana_sources(state, who)` when the caller has it already."""
    pool = dict(state.mplayer(who).pool)
    # Each symbol takes at least one mana (X: x of them, {2/B}: one): no payment is tried with less in the pool.
    least = sum(s.value if s.kind == "generic" else x if s.kind == "x" else 1 for s in cost)
    total = sum(pool.values())
    if total >= least and pay(pool, cost, x) is not None:
        return ()
    named = {c for s in cost for c in s.colors}
    if available is None:
        available = _mana_sources(state, who)
    sources = [(o, m) for o, m in available if o.id != exclude]
    sources.sort(key=lambda om: (named.isdisjoint(om[1]), om[0].id))
    tapped = []
    for o, mana in sources:
        for k, n in mana.items():
            pool[k] = pool.get(k, 0) + n
            total += n
        tapped.append(o.id)
        if total >= least and pay(pool, cost, x) is not None:
            return tuple(tapped)
    return None


def _planner(state: MagicState, who: str, available: list[tuple[MagicObject, dict[str, int]]]) -> Any:
    """`plan_payment` for one listing of `who`'s actions, kept across listings (MagicCaches.legal_plans): a plan is
    a function of the cost (frozen: kept by identity), X, the source left out, the pool's contents and the sources'
    ids and mana, in order, and those two are read once per listing, when a first plan is asked for."""
    memo = state.caches.legal_plans
    keys: tuple[Any, ...] | None = None

    def plan(cost: tuple, x: int = 0, exclude: str = "") -> tuple[str, ...] | None:
        nonlocal keys
        if keys is None:
            keys = (who, tuple(state.mplayer(who).pool.items()),
                    tuple([(o.id, tuple(mana.items())) for o, mana in available]))
        key = (id(cost), x, exclude, keys)
        hit = memo.get(key)
        if hit is None or hit[0] is not cost:
            if len(memo) > 10_000:
                memo.clear()
            hit = memo[key] = (cost, plan_payment(state, who, cost, x, exclude, available))   # keeps its id()
        return hit[1]

    return plan


def _target_sets(state: MagicState, specs: Sequence, who: str, source: str, limit: int = 3
                 ) -> list[tuple[str, ...]]:
    """Target choices for a spell or ability of `source` (its card or permanent): with the source, so that a
    permanent with protection from it is not offered (702.16b), as casting and activating will refuse it."""
    if not specs:
        return [()]
    options = [candidates(state, s, who, source, 3) for s in specs]
    if any(not o for o in options):
        return []
    return [tuple(t) for t in product(*options)][:limit]


def _facts(state: MagicState, card: Any, kws: Any) -> tuple[bool, bool, int | None, list, list]:
    """What the lister reads of a card (frozen), worked out once per card and keyword registry: is it a land, may
    it be cast at instant speed (an instant, or flash: keywords/*.py), the X it is cast with (601.2b: 1 when its
    cost has {X} that is announced, else None), its modes with their target specs, its abilities that work from
    the graveyard (113.6b)."""
    memo = state.caches.legal_cards
    hit = memo.get(id(card))
    if hit is None or hit[0] is not card or hit[1] is not kws:
        if len(memo) > 10_000:
            memo.clear()
        x = 1 if any(s.kind == "x" for s in card.mana_cost) and not card.x_counts else None
        modes = [(n, m.targets) for n, m in enumerate(card.modes)] or [(None, card.targets)]
        hit = memo[id(card)] = (card, kws, ("land" in card.types, "instant" in card.types or not
                                           kws.as_instant.isdisjoint(card.keywords), x, modes,
                                           [a for a in card.activated if a.zone == "graveyard"]))
    return hit[2]


def _hand(state: MagicState, who: str, kws: Any) -> HandOffers:
    """What `who`'s hand offers the lister: the first card of each land's name (one PlayLand per name), and the
    first card of each other name with its card (state.card) and what the lister reads of it (`_facts`), with the
    (zone, name) keys of those. Listed again only when the hand is another list or changed (state.ZoneList.stamp:
    a reversal puts a zone it changed back as a new list), the copy effects are another dict (set_effects makes a new one when they change)
    or the keyword registry is another (an object's own card and zone never change, 400.7)."""
    zone = state.player(who).zones["hand"]
    kept = state.caches.legal_hand
    hit = kept.get(who)
    if hit is not None and hit[0] is zone and hit[1] == zone.stamp and hit[2] is state.copies and hit[3] is kws:
        return hit[4]
    lands: list[MagicObject] = []
    castable: list[tuple[MagicObject, Any, tuple]] = []
    names: set[str] = set()
    keys: set[tuple[str, str]] = set()
    for o, card in zip(zone, state.cards_for(zone)):
        facts = _facts(state, card, kws)
        if facts[0]:
            if o.card not in names:
                names.add(o.card)
                lands.append(o)
        elif (o.zone, o.card) not in keys:
            keys.add((o.zone, o.card))
            castable.append((o, card, facts))
    offers = (tuple(lands), tuple(castable), frozenset(keys))
    kept[who] = (zone, zone.stamp, state.copies, kws, offers)
    return offers


def listing_key(state: MagicState, who: str) -> tuple:
    """What the listing of `who`'s actions reads, as a value: equal keys, equal listings. `Stamps.last` stands for
    every object, zone, mana pool and player field (an edit of any moves it; stamps never repeat, not even across a
    reversal or a copy of the game); beside it the game's own fields the lister and what it calls read: the layers'
    result (what the layers read of the turn, the step and this turn's spells is in it), the copy effects, the
    continuous effects, the active player, the stack's items with their targets and X, the X announced; the keyword
    registry; and of the step only what is read of it: whether `who` may act at sorcery speed (307.1: their main
    phase, the stack empty) and whether an attacking creature can be unblocked (blockers declared, the "unblocked"
    quality, qualities.py), so a listing holds from one step to the next. (The last known information is read
    only for a source that left, and it grows only as an object leaves, a zone change. A lister part that comes
    to read another game field must add it here; tests/engine/test_magic_kept_answers.py checks every kept
    listing against a fresh one.)"""
    stack = state.stack
    unblocked_read = state.phase in BLOCKERS_DECLARED and any(o.attacking is not None for o in state.battlefield())
    return (who, state.active == who and state.phase in MAIN and not stack, state.stamps.last, layers.compute(state),
            state.copies, tuple(state.effects), unblocked_read, state.active, keyword.current(),
            tuple([(i, i.targets, i.x) for i in stack]) if stack else (),
            tuple(state.announced_x.items()) if state.announced_x else ())


def kept_past_reversal(state: MagicState, saved_at: int) -> None:
    """After a reversal (undo.restore, 733.1) the game is again what it was when saved, at stamp `saved_at`, but
    its stamps only go forward (a new `Stamps.last`): a listing kept with that very stamp read that game, so it is
    kept on with the new stamp instead of being worked out again (a payment the fuzzer or a script gets wrong is
    reversed, then the same player lists the same actions). Only the stamp is renewed: every other part of the
    key (the layers' result, the stack, the step...) is still compared on the next listing."""
    kept = state.caches.legal_listing
    now = state.stamps.last
    for at, (key, out) in list(kept.items()):
        if key[2] == saved_at:
            kept[at] = ((*key[:2], now, *key[3:]), out)


def legal_actions(state: MagicState) -> list[Action]:
    """The actions `state.priority` may take (a new list each time). Between two listings of one player nothing
    the listing reads has often changed (a pass that only moved priority and back, a probe's listing then the
    move's): the last listing of each player is kept with its `listing_key` and handed out again while the key is
    equal (MagicCaches.legal_listing, one per player and sorcery timing: a player's listings in and out of their
    main phase alternate); actions are frozen, so the listings share them."""
    who = state.priority
    if who is None:
        return []
    key = listing_key(state, who)
    kept = state.caches.legal_listing.get(key[:2])
    if kept is not None and kept[0] == key:
        return list(kept[1])
    out = list_actions(state, who)
    state.caches.legal_listing[key[:2]] = (key, tuple(out))
    return out


# What one listing of a player's actions reads that changes only with their zones' contents, the layers' result,
# the copy effects, the continuous effects and the keyword registry (`_static`): their permanents with
# characteristics and ability tables, the subsets of those, the lands of their hand and graveyard they may play,
# the cards they may cast from either (each name once), their graveyard's abilities.
ListerStatic = tuple[list[tuple[MagicObject, Any, tuple]], tuple[list, list, list], tuple[MagicObject, ...],
                     tuple[tuple[MagicObject, Any, tuple], ...], tuple[tuple[MagicObject, list], ...]]


def _static(state: MagicState, who: str, kws: Any) -> ListerStatic:
    """The part of `who`'s listing that reads only their battlefield, hand and graveyard (each the very same
    ZoneList with the same stamp: state.ZoneList.stamp; a reversal puts a zone it changed back as a new list), the layers'
    result (the same dict: the same characteristics), the copy effects (state.card), the continuous effects (a
    permission to cast from the graveyard; set_effects replaces the list, never changes it in place) and the
    keyword registry: kept with those (MagicCaches.legal_static) and handed out again while every one is the same,
    instead of asking `_permanents`, `_subsets`, `_hand`, castfrom's permissions and `_graveyard_abilities` one by
    one (each keeps its own answer on a part of the same key). What a listing reads beyond them (tapped, sick,
    counters, the pool, targets, the step) is read by `list_actions` itself each time."""
    zones = state.player(who).zones
    field, hand, grave = zones["battlefield"], zones["hand"], zones["graveyard"]
    cache = layers.compute(state)
    kept = state.caches.legal_static.get(who)
    if kept is not None and kept[0] is cache and kept[1] is state.copies and kept[2] is kws and \
            kept[3] is state.effects and kept[4] is field and kept[5] == field.stamp and kept[6] is hand and \
            kept[7] == hand.stamp and kept[8] is grave and kept[9] == grave.stamp:        # type: ignore[attr-defined]
        return kept[10]
    permanents = _permanents(state, who)
    subsets = _subsets(state, who, permanents)
    lands, castable, offered = _hand(state, who, kws)
    # 601.3 / 305.1: the cards of the graveyard something lets `who` cast or play (castfrom.py)
    from_graveyard = [(o, card, facts) for o in grave if castfrom.permission(
        state, who, o, (facts := _facts(state, card := state.card(o), kws))[0]) is not None] \
        if castfrom.any_permission(state, who) else []
    grave_lands = tuple(o for o, _, facts in from_graveyard if facts[0])
    if from_graveyard:                   # each other name once, after the hand's (whose keys are `offered`)
        seen_cards = set(offered)
        for o, card, facts in from_graveyard:
            if not facts[0] and (o.zone, o.card) not in seen_cards:
                seen_cards.add((o.zone, o.card))
                castable = (*castable, (o, card, facts))
    parts = (permanents, subsets, lands + grave_lands, castable, _graveyard_abilities(state, who, kws))
    held = state.caches.legal_permanents.get(who)
    if held is not None and held[3] is permanents:      # `_permanents` keeps it (no permanent on its way)
        state.caches.legal_static[who] = (cache, state.copies, kws, state.effects, field,
                                          field.stamp, hand, hand.stamp, grave, grave.stamp, parts)  # type: ignore
    return parts


def list_actions(state: MagicState, who: str) -> list[Action]:
    """The listing itself (legal_actions without its kept listings)."""
    out: list[Action] = [Pass(by=who)]
    p = state.mplayer(who)
    # Nothing changes while the actions are listed: the permanents' abilities and the untapped mana sources are
    # found once.
    kws = keyword.current()                      # flash, "can't activate", haste: keywords/*.py
    permanents, subsets, lands, castable, grave_abilities = _static(state, who, kws)
    # `_mana_sources` on the subsets at hand: untapped, and not a summoning-sick creature that can't tap (302.6)
    available = [(o, mana) for o, needs_unsick, mana in subsets[2] if not o.tapped and not (needs_unsick and o.sick)]
    planned = _planner(state, who, available)
    sorcery_ok = state.active == who and state.phase in MAIN and not state.stack
    if sorcery_ok and p.lands_played < 1:
        for o in lands:                          # the hand's, then the graveyard's a permission lets them play
            out.append(PlayLand(by=who, card=o.id))
    for o, card, facts in castable:
        _, instant, x, modes, _ = facts
        if not instant and not sorcery_ok:
            continue
        # 601.2b: X is announced (1 here), never left out; without {X} nothing is announced (_facts).
        plan = planned(card.mana_cost, x or 0)
        if plan is None:
            continue
        for mode, specs in modes:
            for targets in _target_sets(state, specs, who, o.id):
                out.append(Cast(by=who, card=o.id, targets=targets, x=x, tap=plan, mode=mode))
    for o, c, table in subsets[0]:
        if not kws.cant_activate.isdisjoint(c.keywords):
            continue                                         # 602.5
        for n, ab in table[1]:
            if ab.tap and o.tapped or ab.untap and not o.tapped or ab.sorcery and not sorcery_ok:
                continue
            if (ab.tap or ab.untap) and "creature" in c.types and o.sick and kws.unsick.isdisjoint(c.keywords):
                continue
            if any(o.counters.get(k, 0) < m for k, m in ab.remove_counters):
                continue
            plan = planned(ab.cost, 0, o.id if ab.tap else "")
            if plan is None:
                continue
            x = 0 if any(s.kind == "x" for s in ab.cost) else None       # 601.2b: announced, X=0
            for targets in _target_sets(state, ab.targets, who, o.id):
                out.append(Activate(by=who, source=o.id, ability=n, targets=targets, tap=plan, x=x))
    for o, abilities in grave_abilities:     # 113.6b: abilities that work from the graveyard
        for n, ab in enumerate(abilities):
            plan = planned(ab.cost, 0)
            if plan is None:
                continue
            x = 0 if any(s.kind == "x" for s in ab.cost) else None
            for targets in _target_sets(state, ab.targets, who, o.id):
                out.append(Activate(by=who, source=o.id, ability=n, targets=targets, tap=plan, x=x))
    if available:
        out.append(Mana(by=who, sources=(available[0][0].id,)))
    return out
