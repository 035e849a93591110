"""Keywords printed on real cards that the engine does not model: a card's `keywords:` may name them, and the trace
flags them wherever the card could matter (never silently ignored). Protection is flagged as a bare keyword too,
but it acts (as the static `protection: QUALITY`): its piece is in combat.py."""
from __future__ import annotations

from judge.engine.rulesets.magic.keyword import Keyword, register


class _Unmodelled(Keyword):
    modelled = False
    fuzzed = False


@register
class Infect(_Unmodelled):
    """702.90 (not modelled)."""
    name, spanish, english, order = "infect", "infectar", "infect", 100
    damage_note = "magic.damage.infect"       # its damage is dealt as plain damage: flagged where it is dealt


@register
class Poison(_Unmodelled):
    """122.1f, 704.5c: poison counters (not modelled)."""
    name, spanish, english, order = "poison", "veneno", "poison", 101


@register
class Toxic(_Unmodelled):
    """702.164 (not modelled)."""
    name, spanish, english, order = "toxic", "tóxico", "toxic", 102


@register
class Hexproof(_Unmodelled):
    """702.11 (not modelled)."""
    name, spanish, english, order = "hexproof", "antimaleficio", "hexproof", 104


@register
class Regenerate(_Unmodelled):
    """701.19 (not modelled)."""
    name, spanish, english, order = "regenerate", "regenerar", "regenerate", 105


@register
class Menace(_Unmodelled):
    """702.110 (not modelled)."""
    name, spanish, english, order = "menace", "amenaza", "menace", 106


@register
class Intimidate(_Unmodelled):
    """702.13 (not modelled)."""
    name, spanish, english, order = "intimidate", "intimidar", "intimidate", 107


@register
class Changeling(_Unmodelled):
    """702.73 (not modelled): the 2008 FAQ prints it as «cambiaformas»."""
    name, spanish, english, order = "changeling", "cambiaformas", "changeling", 108
    catalog_words = ("cambiaformas",)


@register
class Prowess(_Unmodelled):
    """702.108 (not modelled)."""
    name, spanish, english, order = "prowess", "destreza", "prowess", 109
