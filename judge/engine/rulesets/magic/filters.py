"""One filter of objects for every effect that selects them (XMage's FilterPermanent: a controller predicate, a
card-type predicate, "another", and qualities): an effect's group scope (`to: creatures_you_control`, ...) with its
`where` qualities, and the same scope named by a count (`count: permanents_you_control, count_where: [subtype:
Bosque]`, "the number of Forests you control"). Anthems (layers.py), destroy-all and the other group effects
(effects._subjects), and the counts of amounts (effects.amount_of) and of power/toughness (layer 7a/7b,
verbs/pt_count.py) all read it, so "noncreature", "nonbasic", "other Elves" or "creatures your opponents control"
mean one thing everywhere.

Characteristics come from the caller (the layers' `Chars` of the moment), so this module computes no layer itself.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from judge.engine.rulesets.magic.known import LastKnown
from judge.engine.rulesets.magic.mana import COLORS
from judge.engine.rulesets.magic.qualities import CARD_TYPE_QUALITIES, has_all
from judge.engine.rulesets.magic.state import MagicObject, MagicState

# Group scopes: (only creatures?, whose: any | you | opponents, the source itself excluded?).
GROUPS = {"creatures_you_control": (True, "you", False), "other_creatures_you_control": (True, "you", True),
          "all_creatures": (True, "any", False), "other_creatures": (True, "any", True),
          "opponents_creatures": (True, "opponents", False), "all_permanents": (False, "any", False),
          "permanents_you_control": (False, "you", False), "other_permanents_you_control": (False, "you", True),
          "creatures_with_minus_counters": (True, "any", False),
          # "cards not on the battlefield, spells and permanents": on the battlefield, every permanent;
          # elsewhere `printed` applies it
          "everything": (False, "any", False),
          "opponents_permanents": (False, "opponents", False)}


def in_group(state: MagicState, to: str, where: tuple[str, ...], o: MagicObject, c: Any, controller: str,
             source: str) -> bool:
    """Whether `o` (characteristics `c`) is one of the objects a group scope names, with the qualities of `where`
    (`controller`: the effect's controller, whose "you" it is; `source`: the object "other" leaves out)."""
    group = GROUPS.get(to)
    if group is None:
        return False
    creatures, whose, other = group
    if creatures and "creature" not in c.types:
        return False
    if whose == "you" and c.controller != controller or whose == "opponents" and c.controller == controller:
        return False
    if other and o.id == source:
        return False
    if to == "creatures_with_minus_counters" and not o.counters.get("-1/-1", 0):
        return False
    return has_all(state, o, c, where)


def count(state: MagicState, scope: str, where: tuple[str, ...], controller: str, source: str,
          perms: Iterable[MagicObject], chars: Mapping[str, Any]) -> int:
    """How many of the permanents `perms` (characteristics `chars`) the scope and its qualities name: "the number of
    Forests you control" (608.2h on resolution; in layer 7a/7b for a continuous one, with the characteristics
    the earlier layers gave, 613.4)."""
    return sum(1 for o in perms if o.id in chars and in_group(state, scope, where, o, chars[o.id], controller,
                                                                source))


def source_has(state: MagicState, source: LastKnown, where: tuple[str, ...], obj: MagicObject | None,
               chars: Any) -> bool:
    """Whether a source of damage (its information now or last known: core.info) has the qualities `where`
    ("red sources", "noncreature sources"): read on the object through its characteristics when it still exists
    (`obj`, `chars`), else on what was last known of its colours and types (113.7a)."""
    if obj is not None and chars is not None:
        return has_all(state, obj, chars, where)
    return all(_known_has(source, q) for q in where)


def _known_has(source: LastKnown, quality: str) -> bool:
    """A colour or card type quality (or its negation) of what is known of a source that no longer exists."""
    if quality in COLORS:
        return quality in source.colors
    if quality in CARD_TYPE_QUALITIES:
        return quality in source.types
    base = quality[3:].lstrip("-") if quality.startswith("non") else ""
    if base in COLORS or base in CARD_TYPE_QUALITIES:
        return not _known_has(source, base)
    return False
