"""Keywords about casting and targeting: flash (702.8), shroud (702.18), «can't be countered» (101.2) and conspire
(702.78, an additional cost as the spell is cast: copies.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from judge.engine.rulesets.magic.keyword import Keyword, register
from judge.messages import Message

if TYPE_CHECKING:
    from judge.engine.rulesets.magic.state import MagicState, StackItem
    from judge.engine.step import Step


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
    triggers = True

    def resolve(self, state: "MagicState", out: list["Step"], item: "StackItem") -> None:
        """702.78a / 707.10: copy the spell, if it is still on the stack (copies.py, with the cost's payment)."""
        from judge.engine.rulesets.magic.copies import conspire_resolves     # imported as it acts, not as it loads
        conspire_resolves(state, out, item)

    def trigger_text(self, source_name: str) -> Message:
        return Message("magic.ability.conspire", source=source_name)


@register
class Uncounterable(Keyword):
    """101.2: «This spell can't be countered»: spells and abilities that would counter it don't (rules still
    do, 608.2b)."""
    name, spanish, english, rule, order = ("uncounterable", "no puede ser contrarrestado", "can't be countered",
                                           "101.2", 22)
    uncounterable = True
