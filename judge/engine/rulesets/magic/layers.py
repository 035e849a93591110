"""Characteristics through the layers of 613, computed from the printed card, counters and continuous effects,
never stored: copy (1, through MagicState.card), control (2), text (3), type (4), colour (5), abilities (6), then
power/toughness set (7b), modified by effects and counters (7c), switched (7d). Within a layer, effects apply in
timestamp order (613.7), except that an effect waits for those it depends on (613.8a: applying them would change
what it applies to, in any layer; an ability-removing effect applies before the static abilities it removes). A
static ability's effect that has started to apply keeps applying in the later layers, to the same objects, even
once the ability is removed (613.6).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from judge.engine.rulesets.magic.cards import CardDef, Effect, Static
from judge.engine.rulesets.magic.conditions import STATIC_READS
from judge.engine.rulesets.magic.filters import GROUPS, count, in_group
from judge.engine.rulesets.magic.qualities import condition_holds, has_all
from judge.engine.rulesets.magic.state import ContinuousEffect, MagicObject, MagicState
from judge.engine.rulesets.magic.verb import current

LAYER_RULES = {2: "613.1b", 3: "613.1c", 4: "613.1d", 5: "613.1e", 6: "613.1f", 7.1: "613.4a", 7.2: "613.4b",
               7.3: "613.4c", 7.4: "613.4d"}
LAYERS = tuple(LAYER_RULES)        # in order: 7.1 is 7a (characteristic-defining P/T), 7.2–7.4 are 7b–7d


@dataclass
class Chars:
    """The characteristics of one permanent right now, and the rules (layers) that made them."""
    controller: str
    types: set[str]
    subtypes: tuple[str, ...]
    colors: tuple[str, ...]
    keywords: set[str]
    power: int
    toughness: int
    abilities_lost: bool = False
    land_types_set: bool = False     # 305.7: its land types were set: the abilities of its rules text are gone
    granted: tuple[Any, ...] = ()                        # activated abilities gained from other objects (layer 6)
    # 113.2c: instances of a keyword beyond the first (each granted again adds one; each instance of a triggered
    # keyword such as persist triggers on its own).
    extra: dict[str, int] = field(default_factory=dict)
    triggers: list = field(default_factory=list)         # triggered abilities granted by effects (layer 6)
    rules: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)     # names of what changed it, in order


@dataclass
class _Live:
    """One effect in force, with what it applies to at this moment."""
    effect: Effect
    timestamp: int
    controller: str
    source: str
    source_name: str
    fixed: tuple[str, ...] | None            # locked-in ids (611.2c), or None for a static ability's set
    ability: tuple | None = None             # a static ability's parts share this key (613.6, `_ability_key`)
    because: tuple[str, ...] = ()            # the rules of the "as long as" condition it applies under (604.1)


def _ability_key(o: MagicObject, s: Static) -> tuple:
    """613.6: which static entries of a permanent are the parts of one ability. A card's text such as «All
    creatures lose all abilities and have base power and toughness 1/1» is written as one `static:` entry per
    layer; the entries of one permanent with the same scope (`to`, `where`) and condition (`while`) are read as the
    parts of one ability, applied in their own layers (613.6) and to the same set of objects."""
    return (o.id, s.effect.to, s.effect.where, s.condition)


# The rules a characteristic cites when a static ability applies because its condition holds (conditions.py); the
# library condition of the FAQ's Engendro is told by its own expectation.
CONDITION_CITES = {"you_control": ("604.1",), "devotion": ("604.1", "700.5"), "spells_cast_this_turn": ("604.1", "601.2i")}


def _statics(state: MagicState, perms: list[MagicObject], lost: set[str]) -> list[_Live]:
    out = []
    for o in perms:
        if o.id in lost:
            continue
        for s in state.card(o).statics:
            if condition_holds(state, s.condition, o.controller):
                because = CONDITION_CITES.get(s.condition[0], ()) if s.condition else ()
                out.append(_Live(s.effect, o.timestamp, o.controller, o.id, o.card, None, _ability_key(o, s),
                                 because))
    return out


def _applies(state: MagicState, live: _Live, o: MagicObject, chars: dict[str, Chars]) -> bool:
    if live.fixed is not None:
        return o.id in live.fixed
    c = chars[o.id]
    to = live.effect.to
    if to == "self":
        return o.id == live.source and has_all(state, o, c, live.effect.where)
    if to == "enchanted" or to == "equipped":
        # "As long as enchanted creature is green, it gets…" is a quality of the enchanted one (the FAQ's Escudo).
        # 301.5f: "the equipped creature" is whatever creature the source is attached to.
        src = state.objects.get(live.source)
        return src is not None and src.attached_to == o.id and has_all(state, o, c, live.effect.where)
    return in_group(state, to, live.effect.where, o, c, live.controller, live.source)


def _applying(state: MagicState, live: _Live, perms: list[MagicObject], chars: dict[str, Chars]
              ) -> list[MagicObject]:
    """The permanents of `perms` `live` applies to (`_applies`), in their order. A static ability of the source
    itself or of what it enchants or equips can apply to one permanent only, whose id is known first: only that
    one is asked."""
    if live.fixed is None:
        to = live.effect.to
        if to == "self":
            ref = live.source
        elif to == "enchanted" or to == "equipped":
            src = state.objects.get(live.source)
            if src is None or src.attached_to is None:
                return []
            ref = src.attached_to
        else:
            return [o for o in perms if _applies(state, live, o, chars)]
        return [o for o in perms if o.id == ref and _applies(state, live, o, chars)]
    return [o for o in perms if _applies(state, live, o, chars)]


def compute(state: MagicState) -> dict[str, Chars]:
    """Every permanent's characteristics (613.1), layer by layer; memoised until the state changes
    (`MagicState.touch`), and past a change that touched none of the layers' inputs (`_inputs`: a card drawn, a
    step begun). The Chars returned are shared: read them, never change them."""
    cached = state.chars_cache          # (version, chars, inputs, what the layers read: _reads)
    if cached is not None and cached[0] == state.version:
        return cached[1]
    layer_of = current().layer_of
    if cached is not None and _unchanged(state, cached, layer_of):
        state.chars_cache = (state.version, cached[1], cached[2], cached[3])
        return cached[1]
    perms = state.battlefield()
    effects = tuple((ce.effect, ce.timestamp, ce.controller, ce.source, ce.source_name, ce.affected)
                    for ce in state.effects if ce.effect.kind in layer_of)
    objs = tuple(perms)
    if cached is not None and cached[2][0] == objs and cached[2][2] is state.copies and cached[2][3] == effects:
        reads = cached[3]              # the same permanents, cards and effects: the same qualities read
    else:
        reads = _reads(state, perms, effects)
    inputs = _inputs(state, objs, effects, reads)
    if cached is not None and cached[2] == inputs:
        state.chars_cache = (state.version, cached[1], inputs, reads)
        _keep_unchanged(state, cached[1], reads, layer_of)
        return cached[1]
    chars = _compute(state)
    if cached is not None:
        # A permanent whose characteristics came out the same keeps the same Chars object, so what is built from
        # them (the board's entry of the permanent, snapshot.py) can be reused by identity; when every one did,
        # the whole table is the one before (what the board and the checks keep by identity stays valid).
        before = cached[1]
        same = len(before) == len(chars)
        for ref, c in chars.items():
            old = before.get(ref)
            if old is not None and old is not c and old == c:
                chars[ref] = old
            elif old is not c:
                same = False
        if same and list(before) == list(chars):
            chars = before
    state.chars_cache = (state.version, chars, inputs, reads)
    _keep_unchanged(state, chars, reads, layer_of)
    return chars


def _keep_unchanged(state: MagicState, chars: dict[str, Chars], reads: tuple[bool, frozenset[str]],
                    layer_of: Any) -> None:
    """Keep what says, without building `_inputs`, that the layers' inputs are still the ones `chars` is of: each
    player's battlefield ZoneList and its stamp (the same permanents, state.ZoneList.stamp), the game's stamp of the
    last change of a permanent (Stamps.field_layer; field_edit when a quality reads combat status, `_reads`), the
    list of continuous effects (set_effects replaces it, never changes it in place; their layer fields never
    change), the copy effects (a new dict each time they change), the verbs' layers, and what the qualities and conditions read
    beyond the permanents (`_seen`). Taken when `_inputs` was just built or compared: these are its values now."""
    zones = tuple(p.zones["battlefield"] for p in state.players)
    stamps = state.stamps
    state.caches.layers_unchanged = (chars, zones, tuple(z.stamp for z in zones),
                                     stamps.field_edit if reads[0] else stamps.field_layer, state.effects,
                                     state.copies, layer_of, _seen(state, reads))


def _unchanged(state: MagicState, cached: tuple, layer_of: Any) -> bool:
    """Whether what `_keep_unchanged` kept for the cached table holds now: then `_inputs` would be equal."""
    kept = state.caches.layers_unchanged
    if kept is None or kept[0] is not cached[1] or kept[4] is not state.effects or kept[5] is not state.copies \
            or kept[6] is not layer_of:
        return False
    reads = cached[3]
    stamps = state.stamps
    if kept[3] != (stamps.field_edit if reads[0] else stamps.field_layer):
        return False
    players = state.players
    zones, at = kept[1], kept[2]
    if len(players) != len(zones):
        return False
    for p, zone, stamp in zip(players, zones, at):
        now = p.zones["battlefield"]         # type: ignore[attr-defined]
        if now is not zone or now.stamp != stamp:
            return False
    return kept[7] == _seen(state, reads) if reads[0] or reads[1] else True     # nothing read beyond: None


# The qualities (qualities.py) that read a field the layers otherwise leave out (state.LAYER_BLIND: combat status)
# and, for "unblocked", the step.
_BLIND_QUALITIES = frozenset({"attacking", "unblocked"})


def _reads(state: MagicState, perms: list[MagicObject], effects: tuple) -> tuple[bool, frozenset[str]]:
    """What `_compute` reads beyond the permanents' layer fields (`layer_edit`), the copy effects and the layer
    effects: whether a quality of a layer effect or static ability reads combat status (then every field,
    `edit`, and the step), and what the static abilities' conditions read of the game (conditions.STATIC_READS:
    "libraries", "spells"; "world" for a kind that table does not know)."""
    wheres = [q for e in effects for q in (*e[0].where, *e[0].count_where)]
    world: set[str] = set()
    for o in perms:
        for st in state.card(o).statics:
            if st.condition:
                world.update(STATIC_READS.get(st.condition[0], ("world",)))
            wheres += (*st.effect.where, *st.effect.count_where)
    blind = any((q[3:].lstrip("-") if q.startswith("non") else q) in _BLIND_QUALITIES for q in wheres)
    return blind, frozenset(world)


def _inputs(state: MagicState, objs: tuple, effects: tuple, reads: tuple[bool, frozenset[str]]) -> tuple:
    """Everything `_compute` reads, as a value (equal inputs, equal characteristics): the permanents, each with
    every field and counter it reads (its edit stamp, MagicObject.edit; without a quality that reads combat status,
    `layer_edit`, which leaves state.LAYER_BLIND out: a land tapped for mana recomputes nothing), the copy effects
    (their cards, state.card), the layer effects, and what the qualities and conditions read beyond the
    permanents (`_reads`): the step for combat status ("unblocked"), each library's size and its player's loss,
    the spells each player cast this turn, or, for a condition `conditions.STATIC_READS` does not know, the turn,
    step, each player's life and zone sizes. (A layer, quality or condition that comes to read something else of
    the state must add it here.)"""
    blind = reads[0]
    stamps = [o.edit for o in objs] if blind else [o.layer_edit for o in objs]
    return (objs, stamps, state.copies, effects, _seen(state, reads))


def _seen(state: MagicState, reads: tuple[bool, frozenset[str]]) -> Any:
    """What the layers read beyond the permanents and the effects (`_inputs`' last part), as a value."""
    blind, world = reads
    step = state.phase if blind else None
    if not world:
        return step
    if "world" in world:
        return (state.turn, state.active, state.phase,
                tuple((p.lives, p.lost, tuple(len(z) for z in p.zones.values()),
                       state.this_turn.spells.get(p.name, 0)) for p in state.players))
    return (step,
            tuple((p.lost, len(p.zones["library"])) for p in state.players) if "libraries" in world else None,
            tuple(state.this_turn.spells.get(p.name, 0) for p in state.players) if "spells" in world else None)


def _printed(state: MagicState, card: CardDef, controller: str, copied: bool) -> Chars:
    """A permanent's characteristics before any effect of layers 2–7 and its counters: one Chars shared by every
    permanent with this card, controller and copy status, and never changed (`_compute` copies it first)."""
    memo = state.caches.printed
    key = (id(card), controller, copied)
    hit = memo.get(key)
    if hit is None or hit[0] is not card:
        if len(memo) > 10_000:
            memo.clear()
        c = Chars(controller=controller, types=set(card.types), subtypes=card.subtypes, colors=card.colors,
                  keywords=set(card.keywords), power=card.power or 0, toughness=card.toughness or 0)
        if copied:
            c.rules.append("613.2a")                    # layer 1: a copy effect set its copiable values
        hit = memo[key] = (card, c)                 # keeping the card keeps its id()
    return hit[1]


def _compute(state: MagicState) -> dict[str, Chars]:
    layer_of = current().layer_of
    perms = state.battlefield()
    chars: dict[str, Chars] = {}
    # Most permanents are what their card says: they keep the shared printed Chars, and one that an effect or a
    # counter changes gets its own copy first (`own`).
    shared: set[str] = set()
    copies = state.copies
    for o in perms:
        chars[o.id] = _printed(state, state.card(o), o.entered_under, o.id in copies)
        shared.add(o.id)

    def own(ref: str) -> Chars:
        c = chars[ref]
        if ref in shared:
            shared.discard(ref)
            c = chars[ref] = _own_copy(c, list(c.rules), list(c.sources))
        return c

    lost: set[str] = set()
    resolved = [_Live(ce.effect, ce.timestamp, ce.controller, ce.source, ce.source_name, ce.affected)
                for ce in state.effects if ce.effect.kind in layer_of]
    statics = _statics(state, perms, set())
    # 613.6: a static ability's effect that has started to apply (in an earlier layer, or in layer 6 as the effect
    # that removes abilities) keeps applying in each later layer, to the same set of objects, even when the ability
    # is removed meanwhile: ability key -> the ids it applies to.
    started: dict[tuple, frozenset[str]] = {}

    def targets(e: _Live) -> list[MagicObject]:
        if e.ability is not None and e.ability in started:
            return [o for o in perms if o.id in started[e.ability]]
        return _applying(state, e, perms, chars)

    def removed(e: _Live) -> bool:
        """A static ability of a permanent that lost its abilities gives nothing from then on (613.1f), unless
        its effect had already started to apply (613.6)."""
        return e.fixed is None and e.source in lost and e.ability not in started

    # Each layer's effects, resolved ones then static ones, each in the order listed: grouped once, not looked for
    # among all of them in every layer.
    in_layer: dict[float, list[_Live]] = {}
    statics_in: dict[float, list[_Live]] = {}
    for e in resolved:
        in_layer.setdefault(layer_of.get(e.effect.kind), []).append(e)      # type: ignore[arg-type]
    for e in statics:
        in_layer.setdefault(layer_of.get(e.effect.kind), []).append(e)      # type: ignore[arg-type]
        statics_in.setdefault(layer_of.get(e.effect.kind), []).append(e)    # type: ignore[arg-type]
    for layer in LAYERS:
        if layer == 6:
            # 613.8a: an effect that removes the abilities of a permanent is applied before the effects of that
            # permanent's own static abilities (it changes whether they exist), whatever the timestamps; so is
            # one ability-removing effect before another whose source it removes the abilities of (613.8b), in
            # timestamp order when they remove each other's (a dependency loop, 613.8b) or none depends on
            # another (613.7). After each, the order is reevaluated (613.8c): one whose ability an applied one
            # removed no longer exists. One that applies keeps applying, to the same objects, even to its own
            # source (613.6: a creature with Humility's ability is 1/1 too).
            pending = sorted((e for e in resolved + statics if e.effect.kind == "lose_abilities"),
                             key=lambda e: e.timestamp)
            while pending := [e for e in pending if not removed(e)]:
                hits = {id(e): {o.id for o in targets(e)} for e in pending}
                free = [e for e in pending if e.fixed is not None
                        or not any(x is not e and e.source in hits[id(x)] for x in pending)]
                e = (free or pending)[0]
                pending.remove(e)
                if e.ability is not None:
                    started.setdefault(e.ability, frozenset(hits[id(e)]))
                lost.update(hits[id(e)])
        live = sorted([e for e in in_layer.get(layer, ()) if not removed(e)], key=lambda e: e.timestamp)
        if layer >= 6:
            # Why a static ability of a permanent that lost its abilities gives nothing: a dependency (613.8a)
            # in layer 6, the ability no longer existing (613.1f) after it.
            for e in statics_in.get(layer, ()):
                if removed(e):
                    for o in _applying(state, e, perms, chars):
                        own(o.id).rules.append("613.8a" if layer == 6 else "613.1f")
        first: dict[tuple, set[str]] = {}          # abilities starting in this layer: what their parts apply to
        pending = live
        while pending:
            # 613.8: a dependent effect waits until just after those it depends on; the order is reevaluated
            # after each one applied (613.8c); timestamp order otherwise, and within a dependency loop (613.8b).
            e = _next_effect(state, pending, perms, chars, started, layer) if len(pending) > 1 else pending[0]
            early = e is not pending[0]          # applied before an older one that depends on it (613.8a)
            pending = [x for x in pending if x is not e]
            effect = _with_entered_choice(state, e)
            if effect is None:
                continue
            if effect.counted != (False, False):
                effect = counted(state, effect, e.controller, e.source, perms, chars)
            # 613.6: the ability of a permanent that lost its abilities applies on because it had started.
            kept = e.fixed is None and e.source in lost
            for o in targets(e):
                c = own(o.id)
                _apply(effect, c, e.controller)
                c.rules.append(LAYER_RULES[layer])
                c.rules.extend(e.because)
                if early:
                    c.rules.append("613.8a")
                if kept:
                    c.rules.append("613.6")
                c.sources.append(e.source_name)
                if e.effect.kind == "lose_abilities":
                    lost.add(o.id)
                if e.ability is not None and e.ability not in started:
                    first.setdefault(e.ability, set()).add(o.id)
            if e.ability is not None and e.ability not in started:
                first.setdefault(e.ability, set())
        for key, ids in first.items():
            started[key] = frozenset(ids)
        if layer == 7.2:
            for o in perms:                   # 613.4c: counters modify in the same sublayer as effects
                plus, minus = o.counters.get("+1/+1", 0), o.counters.get("-1/-1", 0)
                if plus or minus:
                    c = own(o.id)
                    c.power += plus - minus
                    c.toughness += plus - minus
                    c.rules.append("613.4c")
    return chars


# What a scope's membership reads that a layer changes: control (layer 2: "you control"), types (layer 4:
# "creatures"), and whatever `where` qualities read (colour in layer 5, types in 4).
def _sensitive(e: _Live, layer: float, started: dict[tuple, frozenset[str]]) -> bool:
    """Whether the objects `e` applies to could change as another effect of this layer applies."""
    if e.fixed is not None or (e.ability is not None and e.ability in started):
        return False                 # a locked-in set (611.2c) or one that started to apply (613.6)
    return bool(e.effect.where) or layer in (2, 4) and e.effect.to in GROUPS


def _next_effect(state: MagicState, pending: list[_Live], perms: list[MagicObject], chars: dict[str, Chars],
                 started: dict[tuple, frozenset[str]], layer: float) -> _Live:
    """613.8a: of the effects left in this layer (timestamp order), the first that depends on none of the others:
    B depends on A when applying A would change what B applies to ("white creatures are blue" on "all creatures
    are white"). With none free (a dependency loop, 613.8b), the first in timestamp order."""
    if not any(_sensitive(e, layer, started) for e in pending):
        return pending[0]

    def applies_to(e: _Live, table: dict[str, Chars]) -> frozenset[str]:
        return frozenset(o.id for o in _applying(state, e, perms, table))

    now = {id(e): applies_to(e, chars) for e in pending if _sensitive(e, layer, started)}
    for e in pending:
        if id(e) not in now:
            return e
        if not any(x is not e and _changes(state, x, e, perms, chars, now[id(e)], applies_to) for x in pending):
            return e
    return pending[0]


def _changes(state: MagicState, first: _Live, then: _Live, perms: list[MagicObject], chars: dict[str, Chars],
             before: frozenset[str], applies_to: Any) -> bool:
    """Whether applying `first` would change the set of objects `then` applies to (613.8a (b)): tried on copies."""
    effect = _with_entered_choice(state, first)
    if effect is None:
        return False
    scratch = dict(chars)
    hit = _applying(state, first, perms, chars) if first.fixed is None else \
        [o for o in perms if o.id in first.fixed]
    for o in hit:
        c = chars[o.id]
        c = scratch[o.id] = _own_copy(c, [], [])
        _apply(effect, c, first.controller)
    return applies_to(then, scratch) != before


def _own_copy(c: Chars, rules: list[str], sources: list[str]) -> Chars:
    """A Chars of its own to change, equal to `c` (its sets, dict and lists copied; `rules`, `sources` given):
    dataclasses.replace without its reading of the fields, which the layers pay for every permanent they change."""
    return Chars(controller=c.controller, types=set(c.types), subtypes=c.subtypes, colors=c.colors,
                 keywords=set(c.keywords), power=c.power, toughness=c.toughness, abilities_lost=c.abilities_lost,
                 land_types_set=c.land_types_set, granted=c.granted, extra=dict(c.extra), triggers=list(c.triggers),
                 rules=rules, sources=sources)


def _apply(e: Effect, c: Chars, controller: str) -> None:
    """The effect's verb changes the characteristics in its layer (verb.py: `Verb.apply`)."""
    verb = current().get(e.kind)
    if verb is not None:
        verb.apply(e, c, controller)


def of(state: MagicState, o: MagicObject) -> Chars:
    """One permanent's characteristics (the whole battlefield is computed: effects depend on each other)."""
    return compute(state)[o.id]


def counted(state: MagicState, e: Effect, controller: str, source: str, perms: list[MagicObject],
            chars: dict[str, Chars]) -> Effect:
    """A power/toughness effect with the number its `count` counts now put in (613.4: "X/X where X is the number
    of Forests you control", "+1/+1 for each other Elf"), counted once for all it applies to, with the
    characteristics the earlier layers gave (a land made a Forest in layer 4 counts)."""
    n = max(e.amount, 1) * count(state, e.count, e.count_where, controller, source, perms, chars)
    memo = state.caches.counted
    key = (id(e), n)
    hit = memo.get(key)
    if hit is None or hit[0] is not e:
        if len(memo) > 10_000:
            memo.clear()
        hit = memo[key] = (e, replace(e, power=n if e.counted[0] else e.power,
                                          toughness=n if e.counted[1] else e.toughness, counted=(False, False)))
    return hit[1]          # Effects are frozen: one copy per effect and number (keeping `e` keeps its id())


def _with_entered_choice(state: MagicState, live: _Live) -> Effect | None:
    """The effect with "the chosen color" read from its source (614.12a); None when no colour was chosen."""
    if not live.effect.entered_choice:
        return live.effect
    src = state.objects.get(live.source)
    if src is None or not src.chosen:
        return None
    return replace(live.effect, colors=(src.chosen,))


def printed(state: MagicState, o: MagicObject) -> Chars:
    """Characteristics of an object off the battlefield: its card as printed (counters count on none there), with
    the colours that static abilities of permanents add to every card and spell (`to: everything`)."""
    card = state.card(o)
    c = Chars(controller=o.controller, types=set(card.types), subtypes=card.subtypes, colors=card.colors,
              keywords=set(card.keywords), power=card.power or 0, toughness=card.toughness or 0)
    perms = state.battlefield()
    lost = {p.id for p in perms if compute(state)[p.id].abilities_lost}
    for live in sorted((x for x in _statics(state, perms, lost) if x.effect.to == "everything"
                        and x.effect.kind == "set_color"), key=lambda x: x.timestamp):
        effect = _with_entered_choice(state, live)
        if effect is not None:
            _apply(effect, c, live.controller)
            c.rules.append("613.1e")
    for s in card.statics:
        # 604.3: a characteristic-defining ability works in every zone ("its power is the number of …" in a hand).
        if s.effect.kind == "define_pt":
            e = counted(state, s.effect, o.controller, o.id, perms, compute(state)) if any(s.effect.counted) \
                else s.effect
            c.power, c.toughness = e.power, e.toughness
            c.rules.append("604.3")
    return c


def chars_of(state: MagicState, o: MagicObject, cache: dict[str, Chars] | None = None) -> Chars:
    if o.zone == "battlefield":
        return (cache if cache is not None else compute(state))[o.id]
    return printed(state, o)


def chars(state: MagicState, o: MagicObject) -> Chars:
    """The object's characteristics now (613.1), through the layers."""
    return chars_of(state, o)


def is_creature(state: MagicState, o: MagicObject, cache: dict | None = None) -> bool:
    return "creature" in chars_of(state, o, cache).types
