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
# `to` scopes whose object is found through the source (what it is attached to).
_ATTACHED = ("enchanted", "equipped")


def _reaches(where: tuple[str, ...]) -> bool:
    return any((q[3:].lstrip("-") if q.startswith("non") else q) in _REACHING for q in where)


def source_facts(state: MagicState, effects: tuple, statics: list[Live]) -> tuple:
    """What the layers read of an effect's source besides the effect (its attachment for "enchanted creature",
    301.5f; its chosen colour, 614.12a), for the resolved layer effects (`effects`, layers.compute's tuples:
    effect, timestamp, controller, source, …) and the static abilities in force."""
    out = []
    for effect, source in [(e[0], e[3]) for e in effects] + [(s.effect, s.source) for s in statics]:
        if effect.entered_choice or effect.to in _ATTACHED:
            src = state.objects.get(source)
            out.append((source, None if src is None else src.attached_to, None if src is None else src.chosen))
    return tuple(out)


def _local(effects: list[tuple[Effect, bool]], layer_of: dict[str, float]) -> bool:
    """Whether each permanent's characteristics under these effects are its own business: no count over the
    battlefield (613.4), no ability-removing effect (613.1f, 613.8a), no quality reading other permanents, and no
    layer where the dependency order of 613.8a could be asked (two effects or more in it, one of whose sets could
    change as another applies: layers._sensitive; a locked-in set never does). `effects`: (effect, whether its
    set is locked in)."""
    per_layer: dict[float, list[tuple[Effect, bool]]] = {}
    for e, fixed in effects:
        layer = layer_of.get(e.kind)
        if layer is None:
            continue                 # a static ability of no layer (a permission: castfrom.py)
        if e.kind == "lose_abilities" or e.counted != (False, False) or _reaches(e.where) or _reaches(e.count_where):
            return False
        per_layer.setdefault(layer, []).append((e, fixed))
    for layer, group in per_layer.items():
        if len(group) > 1 and any(not fixed and (e.where or layer in (2, 4) and e.to in GROUPS)
                                  for e, fixed in group):
            return False
    return True


def _diff(before: Any, after: Any) -> tuple[list[Any], list[Any]] | None:
    """What `before` has that `after` lacks and the reverse; None when the ones both have changed their order
    (effects of one timestamp apply in list order, 613.7)."""
    gone = [e for e in before if e not in after]
    new = [e for e in after if e not in before]
    if [e for e in before if e not in gone] != [e for e in after if e not in new]:
        return None
    return gone, new


def _reached(live: Live, attached: dict[str, Any]) -> tuple[str, ...] | None:
    """The permanents a static ability of one object can apply to: its source ("self"), what the source is
    attached to ("enchanted", "equipped", 301.5f: `attached`, source → attached_to); None for a group."""
    to = live.effect.to
    if to == "self":
        return (live.source,)
    if to in _ATTACHED:
        att = attached.get(live.source)
        return () if att is None else (att,)
    return None


def to_recompute(before: tuple, after: tuple, live_before: tuple, live_after: tuple,
                 layer_of: dict[str, float]) -> frozenset[str] | None:
    """The ids of the permanents whose characteristics may differ between the layers' inputs `before` and `after`
    (layers._inputs: permanents, their stamps, copy effects, resolved layer effects, what is read beyond), given the
    static abilities in force and their sources' facts then and now (`live_*`: (statics, source_facts)); None when
    any permanent's may (recompute them all). Reached: the permanents that entered or whose stamps moved; the
    locked-in ids of a resolved effect begun or ended (611.2c); the source of a static ability of its own that
    began or stopped applying (604.1: it entered, left or its condition changed), or what the source of an
    "enchanted creature" one is attached to, then and now; the same for an effect whose source's facts changed.
    The permanents that left need nothing else: what they gave others is one of those."""
    objs0, stamps0, copies0, effects0, seen0 = before
    objs1, stamps1, copies1, effects1, seen1 = after
    if copies0 is not copies1 or seen0 != seen1:
        return None
    resolved = _diff(effects0, effects1)
    statics = _diff(live_before[0], live_after[0])
    if resolved is None or statics is None:
        return None
    if not _local([(e[0], True) for e in (*effects1, *resolved[0])]
                  + [(x.effect, False) for x in (*live_after[0], *statics[0])], layer_of):
        return None
    dirty: set[str] = set()
    for e in (*resolved[0], *resolved[1]):
        dirty.update(e[5])
    then = {f[0]: f[1] for f in live_before[1]}
    now = {f[0]: f[1] for f in live_after[1]}
    for changed, attached in ((statics[0], then), (statics[1], now)):
        for x in changed:
            reached = _reached(x, attached)
            if reached is None:
                return None
            dirty.update(reached)
    if live_before[1] != live_after[1]:
        facts_then = {f[0]: f[1:] for f in live_before[1]}
        facts_now = {f[0]: f[1:] for f in live_after[1]}
        moved = {src for src in facts_then.keys() | facts_now.keys() if facts_then.get(src) != facts_now.get(src)}
        for e in (*effects1, *resolved[0]):
            if e[3] in moved:
                dirty.update(e[5])
        for x in (*live_after[0], *statics[0]):
            if x.source in moved:
                for attached in (then, now):
                    reached = _reached(x, attached)
                    if reached is None:
                        return None
                    dirty.update(reached)
    was = {o.id: (o, s) for o, s in zip(objs0, stamps0)}
    for o, s in zip(objs1, stamps1):
        hit = was.get(o.id)
        if hit is None or hit[0] is not o or hit[1] != s:
            dirty.add(o.id)
    if all(o.id in dirty for o in objs1):
        return None                 # every one: the whole table
    return frozenset(dirty)


def restricted(perms: list[Any], only: frozenset[str] | None) -> list[Any]:
    """The permanents to compute: `only` those, in battlefield order, or all."""
    return perms if only is None else [o for o in perms if o.id in only]
