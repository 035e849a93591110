"""Which permanents' characteristics a change of the layers' inputs can have changed (613), so that layers.compute
recomputes those and keeps the table it had for the rest.

613.1 builds each permanent's characteristics from its own card, counters and layer fields and the continuous
effects that apply to it, in layer and timestamp order (613.7). The permanents affect one another only through
those effects: a static ability's source (604.1, its "as long as" condition), a resolved effect's locked-in set
(611.2c), what a source enchants or equips (301.5f), the colour it chose (614.12a), a count over the battlefield
(613.4, "the number of Forests you control"), an ability-removing effect (613.1f, 613.8a) and the dependency
order of 613.8a, which asks what other effects apply to. When none of the live effects is of the last three kinds,
no quality they read looks at other permanents ("enchanted", "equipped": qualities.py) and the static abilities in
force and the facts of their sources are the same as before, a permanent whose layer fields did not change keeps
its characteristics: only the permanents that entered, changed, or that a resolved effect begun or ended lists
are recomputed (`to_recompute`). Anything else is the whole table again (None).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from operator import attrgetter, ne
from typing import Any

from judge.engine.rulesets.magic.cards import Effect
from judge.engine.rulesets.magic.filters import GROUPS
from judge.engine.rulesets.magic.state import MagicState


@dataclass
class Live:
    """One effect in force, with what it applies to at this moment (layers.py)."""
    effect: Effect
    timestamp: int
    controller: str
    source: str
    source_name: str
    fixed: tuple[str, ...] | None            # locked-in ids (611.2c), or None for a static ability's set
    ability: tuple | None = None             # a static ability's parts share this key (613.6, `_ability_key`)
    because: tuple[str, ...] = ()            # the rules of the "as long as" condition it applies under (604.1)


# Qualities that read other permanents than the one asked about (qualities.has_quality: an Aura or an Equipment
# attached to it), also negated ("nonenchanted").
_REACHING = frozenset({"enchanted", "equipped"})
_ID = attrgetter("id")
# `to` scopes whose object is found through the source (what it is attached to).
_ATTACHED = ("enchanted", "equipped")


def _reaches(where: tuple[str, ...]) -> bool:
    return any((q[3:].lstrip("-") if q.startswith("non") else q) in _REACHING for q in where)


# A static ability in force as `to_recompute` compares it: (source, timestamp, controller, source's name, id of the
# effect, ability key, because, the effect). The cheap fields come first and the effect is compared by identity (a
# card's Effect objects are the same while the card is: an equal one elsewhere is another's); keeping the effect
# keeps its id().
StaticKey = tuple[str, int, str, str, int, Any, tuple[str, ...], Effect]
LiveKey = tuple[tuple[StaticKey, ...], tuple[tuple[str, Any, Any], ...]]


def live_key(state: MagicState, effects: tuple, statics: list[Live]) -> LiveKey:
    """The static abilities in force (`statics`, layers._statics) and what the layers read of an effect's source
    besides the effect (its attachment for "enchanted creature", 301.5f; its chosen colour, 614.12a), for the
    resolved layer effects (`effects`, layers.compute's tuples: effect, timestamp, controller, source, …) and the
    static abilities."""
    keys = tuple([(x.source, x.timestamp, x.controller, x.source_name, id(x.effect), x.ability, x.because, x.effect)
                  for x in statics])
    facts = []
    for effect, source in [(e[0], e[3]) for e in effects] + [(x.effect, x.source) for x in statics]:
        if effect.entered_choice or effect.to in _ATTACHED:
            src = state.objects.get(source)
            facts.append((source, None if src is None else src.attached_to, None if src is None else src.chosen))
    return keys, tuple(facts)


def _kind(memo: dict[int, tuple[Effect, Any, bool, bool]], e: Effect, layer_of: dict[str, float]
          ) -> tuple[Effect, Any, bool, bool]:
    """An effect's layer, whether it reads other permanents than the one it applies to (a count over the
    battlefield, 613.4; an ability-removing effect, 613.1f, 613.8a; a quality such as "enchanted"), and whether the
    set it applies to could change as another effect of its layer applies (layers._sensitive, for a set not
    locked in); kept per Effect object (frozen)."""
    hit = memo.get(id(e))
    if hit is None or hit[0] is not e:
        if len(memo) > 10_000:
            memo.clear()
        layer = layer_of.get(e.kind)
        reaching = e.kind == "lose_abilities" or e.counted != (False, False) or _reaches(e.where) \
            or _reaches(e.count_where)
        hit = memo[id(e)] = (e, layer, reaching, bool(e.where) or layer in (2, 4) and e.to in GROUPS)
    return hit


def _local(memo: dict, effects: list[tuple[Effect, bool]], layer_of: dict[str, float]) -> bool:
    """Whether each permanent's characteristics under these effects are its own business: none reads other
    permanents (`_kind`), and no layer where the dependency order of 613.8a could be asked (two effects or more in
    it, one of whose sets could change as another applies; a locked-in set never does). `effects`: (effect,
    whether its set is locked in)."""
    count: dict[float, int] = {}
    sensitive: set[float] = set()
    for e, fixed in effects:
        _, layer, reaching, could = _kind(memo, e, layer_of)
        if layer is None:
            continue                 # a static ability of no layer (a permission: castfrom.py)
        if reaching:
            return False
        count[layer] = count.get(layer, 0) + 1
        if could and not fixed:
            sensitive.add(layer)
    return not any(count[layer] > 1 for layer in sensitive)


def _diff(before: tuple, after: tuple, key: Any) -> tuple[list[Any], list[Any]] | None:
    """What `before` has that `after` lacks and the reverse, by `key`; None when the ones both have changed their
    order (effects of one timestamp apply in list order, 613.7)."""
    if before == after:
        return [], []
    keys0, keys1 = [key(e) for e in before], [key(e) for e in after]
    in0, in1 = set(keys0), set(keys1)
    if [k for k in keys0 if k in in1] != [k for k in keys1 if k in in0]:
        return None
    return [e for e, k in zip(before, keys0) if k not in in1], [e for e, k in zip(after, keys1) if k not in in0]


def _resolved_key(e: tuple) -> tuple:
    """A resolved layer effect (effect, timestamp, controller, source, source's name, affected ids) by the
    identity of its effect."""
    return (e[1], e[3], e[2], e[4], e[5], id(e[0]))


def _static_key(x: StaticKey) -> tuple:
    return x[:7]                     # without the effect itself: its id() is there (Effects may not hash cheaply)


def _reached(x: StaticKey, attached: dict[str, Any]) -> tuple[str, ...] | None:
    """The permanents a static ability of one object can apply to: its source ("self"), what the source is
    attached to ("enchanted", "equipped", 301.5f: `attached`, source → attached_to); None for a group."""
    to = x[7].to
    if to == "self":
        return (x[0],)
    if to in _ATTACHED:
        att = attached.get(x[0])
        return () if att is None else (att,)
    return None


def to_recompute(before: tuple, after: tuple, live_before: LiveKey, live_after: LiveKey,
                 layer_of: dict[str, float], memo: dict) -> frozenset[str] | None:
    """The ids of the permanents whose characteristics may differ between the layers' inputs `before` and `after`
    (layers._inputs: permanents, their stamps, copy effects, resolved layer effects, what is read beyond), given the
    static abilities in force and their sources' facts then and now (`live_key`); None when any permanent's may
    (recompute them all). Reached: the permanents that entered or whose stamps moved; the locked-in ids of a
    resolved effect begun or ended (611.2c); the source of a static ability of its own that began or stopped
    applying (604.1: it entered, left or its condition changed), or what the source of an "enchanted creature"
    one is attached to, then and now; the same for an effect whose source's facts changed. The permanents that
    left need nothing else: what they gave others is one of those. `memo`: `_kind`'s (MagicCaches.layer_kinds)."""
    objs0, stamps0, copies0, effects0, seen0 = before
    objs1, stamps1, copies1, effects1, seen1 = after
    if copies0 is not copies1 or seen0 != seen1:
        return None
    resolved = _diff(effects0, effects1, _resolved_key)
    statics = _diff(live_before[0], live_after[0], _static_key)
    if resolved is None or statics is None:
        return None
    if not _local(memo, [(e[0], True) for e in (*effects1, *resolved[0])]
                  + [(x[7], False) for x in (*live_after[0], *statics[0])], layer_of):
        return None
    dirty: set[str] = set()
    for e in (*resolved[0], *resolved[1]):
        dirty.update(e[5])
    if statics[0] or statics[1] or live_before[1] != live_after[1]:
        then = {f[0]: f[1] for f in live_before[1]}
        now = {f[0]: f[1] for f in live_after[1]}
        for changed, attached in ((statics[0], then), (statics[1], now)):
            for x in changed:
                reached = _reached(x, attached)
                if reached is None:
                    return None
                dirty.update(reached)
        facts_then = {f[0]: f[1:] for f in live_before[1]}
        facts_now = {f[0]: f[1:] for f in live_after[1]}
        moved = {src for src in facts_then.keys() | facts_now.keys() if facts_then.get(src) != facts_now.get(src)}
        for e in (*effects1, *resolved[0]):
            if e[3] in moved:
                dirty.update(e[5])
        for x in (*live_after[0], *statics[0]):
            if x[0] in moved:
                for attached in (then, now):
                    reached = _reached(x, attached)
                    if reached is None:
                        return None
                    dirty.update(reached)
    # The permanents that entered or whose stamps moved (another object under the same id, 400.7, is not in
    # `was`), found at C speed.
    was = dict(zip(objs0, stamps0))
    dirty.update(map(_ID, compress(objs1, map(ne, map(was.get, objs1), stamps1))))
    if len(dirty) >= len(objs1) and all(o.id in dirty for o in objs1):
        return None                 # every one: the whole table
    return frozenset(dirty)


def restricted(perms: list[Any], only: frozenset[str] | None) -> list[Any]:
    """The permanents to compute: `only` those, in battlefield order, or all."""
    return perms if only is None else [o for o in perms if o.id in only]
