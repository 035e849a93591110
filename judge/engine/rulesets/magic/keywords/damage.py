"""Keywords that change combat and damage (510, 120): first strike and double strike (702.7, 702.4), trample
(702.19), deathtouch (702.2), lifelink (702.15), wither (702.80), «its damage can't be prevented» (615.12) and
indestructible (702.12)."""
from __future__ import annotations

from judge.engine.rulesets.magic.keyword import Keyword, register


@register
class FirstStrike(Keyword):
    """702.7b: a creature with first strike deals its combat damage in the first combat damage step (510.4)."""
    name, spanish, english, rule, order = "first_strike", "dañar primero", "first strike", "702.7b", 3
    aliases, catalog_words = ("daña primero",), ("daña primero", "dañar primero")
    ability_names = ("dañar primero",)
    strikes_first = True


@register
class DoubleStrike(Keyword):
    """702.4b: a creature with double strike deals combat damage in the first and in the second combat damage
    steps."""
    name, spanish, english, rule, order = "double_strike", "dañar dos veces", "double strike", "702.4b", 4
    aliases, catalog_words = ("doble golpe",), ("doble daño",)
    ability_names = ("dañar dos veces",)
    strikes_first = strikes_twice = True


@register
class Trample(Keyword):
    """702.19b: the attacker may assign its damage beyond lethal to its blockers to the player it attacks (and all
    of it when every blocker has left combat, 702.19d)."""
    name, spanish, english, rule, order = "trample", "arrollar", "trample", "702.19b", 5
    catalog_words, ability_names = ("arrolla",), ("arrollar",)
    excess_to_player = True


@register
class Deathtouch(Keyword):
    """702.2b/c: any damage from a source with deathtouch is lethal (704.5h), also when assigning combat damage."""
    name, spanish, english, rule, order = "deathtouch", "toque mortal", "deathtouch", "702.2b", 6
    catalog_words = ("toque mortal",)
    any_damage_lethal = True


@register
class Lifelink(Keyword):
    """702.15b: damage dealt by a source with lifelink causes its controller to gain that much life."""
    name, spanish, english, rule, order = "lifelink", "vínculo vital", "lifelink", "702.15b", 7
    aliases, catalog_words = ("vinculo vital",), ("vínculo vital",)
    ability_names = ("vínculo vital",)
    damage_gains_life = True


@register
class Indestructible(Keyword):
    """702.12b: a permanent with indestructible can't be destroyed (lethal damage and deathtouch, 704.5g–h, and
    «destroy» do nothing to it)."""
    name, spanish, english, rule, order = "indestructible", "indestructible", "indestructible", "702.12b", 10
    catalog_words = ("indestructible",)
    not_destroyed = True


@register
class Wither(Keyword):
    """702.80a: damage dealt by a source with wither to a creature is dealt as -1/-1 counters (120.3d)."""
    name, spanish, english, rule, order = "wither", "debilitar", "wither", "702.80a", 11
    aliases, catalog_words, ability_names = ("marchitar",), ("debilitar",), ("debilitar",)
    damage_as_counters = True


@register
class Unpreventable(Keyword):
    """615.12: «its damage can't be prevented»: prevention effects do nothing to damage from this source."""
    name, spanish, english, rule, order = ("unpreventable", "su daño no puede prevenirse",
                                           "its damage can't be prevented", "615.12", 15)
    unpreventable = True
