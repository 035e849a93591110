"""Keywords of a permanent outside combat: persist (702.79, the trigger it stands for: triggers.py), «can't have
counters» (609.3), «doesn't untap during its controller's untap step» (502.3) and «its activated abilities can't
be activated» (602.5)."""
from __future__ import annotations

from judge.engine.rulesets.magic.keyword import Keyword, register


@register
class Persist(Keyword):
    """702.79a: «When this permanent is put into a graveyard from the battlefield, if it had no -1/-1 counters on
    it, return it to the battlefield under its owner's control with a -1/-1 counter on it.»"""
    name, spanish, english, rule, order = "persist", "persistir", "persist", "702.79a", 12
    catalog_words, ability_names = ("persistir",), ("persistir",)


@register
class NoCounters(Keyword):
    """609.3: «… can't have counters put on it»: nothing puts one, and a cost that would can't be paid."""
    name, spanish, english, rule, order = ("no_counters", "no puede tener contadores", "can't have counters",
                                           "609.3", 19)
    no_counters = True


@register
class NoUntap(Keyword):
    """502.3: «… doesn't untap during its controller's untap step.»"""
    name, spanish, english, rule, order = ("no_untap", "no se endereza en el paso de enderezar",
                                           "doesn't untap during the untap step", "502.3", 21)
    no_untap = True


@register
class CantActivate(Keyword):
    """602.5: «its activated abilities can't be activated»: a player can't begin to activate them."""
    name, spanish, english, rule, order = ("cant_activate", "no pueden activarse sus habilidades activadas",
                                           "its activated abilities can't be activated", "602.5", 24)
    cant_activate = True
