"""Keywords about casting and targeting: flash (702.8), shroud (702.18), «can't be countered» (101.2) and conspire
(702.78, an additional cost as the spell is cast: copies.py)."""
from __future__ import annotations

from judge.engine.rulesets.magic.keyword import Keyword, register


@register
class Flash(Keyword):
    """702.8a: «Flash is a static ability that functions in any zone from which you could play the card it's on.
    "Flash" means "You may play this card any time you could cast an instant."»"""
    name, spanish, english, rule, order = "flash", "destello", "flash", "702.8a", 16
    catalog_words = ("destello",)
    as_instant = True


@register
class Shroud(Keyword):
    """702.18a: «"Shroud" means "This permanent or player can't be the target of spells or abilities."»"""
    name, spanish, english, rule, order = "shroud", "velo", "shroud", "702.18a", 17
    catalog_words, ability_names = ("velo",), ("velo",)
    untargetable = True


@register
class Conspire(Keyword):
    """702.78a: as the spell is cast, its controller may tap two untapped creatures they control that share a
    colour with it; a copy is made when it is (copies.py, the trigger it stands for)."""
    name, spanish, english, rule, order = "conspire", "conspirar", "conspire", "702.78a", 20
    catalog_words = ("conspirar",)


@register
class Uncounterable(Keyword):
    """101.2: «This spell can't be countered»: spells and abilities that would counter it don't (rules still
    do, 608.2b)."""
    name, spanish, english, rule, order = ("uncounterable", "no puede ser contrarrestado", "can't be countered",
                                           "101.2", 22)
    uncounterable = True
