"""Keywords of a permanent outside combat: persist (702.79: the dies trigger it stands for, and its resolution), «can't have
counters» (609.3), «doesn't untap during its controller's untap step» (502.3) and «its activated abilities can't
be activated» (602.5)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.rulesets.magic.cards import Triggered
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.keyword import Keyword, register
from judge.messages import Message

if TYPE_CHECKING:
    from judge.engine.rulesets.magic.known import LastKnown
    from judge.engine.rulesets.magic.state import MagicState, StackItem
    from judge.engine.step import Step

PERSIST = Triggered(when="dies", effects=(), keyword="persist")
# Persist whose intervening "if" is false as the creature dies: it does not trigger (603.4); shown as a step.
PERSIST_FALSE = Triggered(when="dies", effects=(), keyword="persist-false")


@register
class Persist(Keyword):
    """702.79a: «When this permanent is put into a graveyard from the battlefield, if it had no -1/-1 counters on
    it, return it to the battlefield under its owner's control with a -1/-1 counter on it.»"""
    name, spanish, english, rule, order = "persist", "persistir", "persist", "702.79a", 12
    catalog_words, ability_names = ("persistir",), ("persistir",)
    triggers, declined = True, "magic.trigger.persist_not"

    def on_dies(self, lki: "LastKnown") -> tuple[Triggered, ...]:
        """603.4 / 702.79a: its intervening "if it had no -1/-1 counters" is checked as it triggers, on the last
        known information. 113.2c: each instance triggers on its own; once one returns the card, the next finds it
        gone (a new object, 400.7) and does nothing."""
        one = PERSIST if not lki.counters.get("-1/-1") else PERSIST_FALSE
        return (one,) * (1 + lki.extra.get("persist", 0))

    def resolve(self, state: "MagicState", out: list["Step"], item: "StackItem") -> None:
        """702.79a: return it to the battlefield with a -1/-1 counter, if it had none (intervening if, 603.4) and
        is still the card that went to the graveyard (400.7)."""
        from judge.engine.rulesets.magic import core     # the rules modules ask the registry: imported as it acts
        counters = item.seen.counters
        if counters.get("-1/-1", 0):
            core.emit(state, out, "resolution", item.controller, Message("magic.persist.had_counter",
                                                                           source=item.source_name),
                      cr("702.79a", "603.4"))
            return
        o = core.source_now(state, item.source, item.seen)      # 400.7: the card that went to the graveyard
        if o is None and item.seen.obj is not None and item.seen.obj.token:
            core.emit(state, out, "resolution", item.controller,
                      Message("magic.persist.token", source=item.source_name), cr("702.79a", "111.7", "704.5d"))
            return
        if o is None or o.zone != "graveyard":
            core.emit(state, out, "resolution", item.controller,
                      Message("magic.persist.gone", source=item.source_name), cr("702.79a", "400.7"))
            return
        core.move(state, out, o, "battlefield", cites=cr("608.2", "702.79a"), why=Message("magic.persist.returns"),
                  controller=o.owner, counters={"-1/-1": 1}, actor=o.owner)


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
