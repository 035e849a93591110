"""Equipment (301.5) and its equip ability (702.6): the verb the equip ability resolves, "attach this Equipment to
target creature you control". A card writes the ability as `equip: "{2}"` (cardschema.equip builds the activated
ability: sorcery speed, 602.5d; its target a creature you control); what the Equipment gives the equipped creature
is a static ability with `to: equipped` (layers.py applies it in its layer, like an Aura's `enchanted`). The
state-based action that unattaches an Equipment from an illegal permanent (704.5n) is sba.py's.
"""
from __future__ import annotations

from judge.engine.rulesets.magic import core
from judge.engine.rulesets.magic.cards import Effect
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.sba import equip_problem
from judge.engine.rulesets.magic.text import _to
from judge.engine.rulesets.magic.verb import Acting, Resolution, register
from judge.engine.step import Event
from judge.messages import Message


@register
class Equip(Acting):
    """702.6a: what an equip ability does as it resolves. 701.3a: the Equipment moves onto the creature; 701.3b:
    onto one it can't equip, it doesn't move, and onto the one it already equips, nothing happens; 701.3c: it gets
    a new timestamp. 301.5b: the target must still be a creature its controller controls (608.2b checks it)."""
    name, label, order, rules = "equip", ("anexar este Equipo", "attach this Equipment"), 39.2, ("702.6a",)

    texts = {
        '': ('anexa este Equipo a {to}',
               'attach this Equipment to {to}'),
        'target': ('anexa este Equipo a la criatura objetivo que controlas',
               'attach this Equipment to target creature you control'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say("target") if e.to == "target" else self.say(to=_to(e))

    def resolve(self, r: Resolution) -> None:
        state, out = r.state, r.out
        for ref in r.subjects:
            gear, host = state.obj(r.source), state.objects.get(ref)
            if gear is None or gear.zone != "battlefield" or host is None or host.zone != "battlefield":
                core.emit(state, out, "resolution", r.controller, Message("magic.equip.gone", source=r.source_name),
                          [*r.base, *cr("701.3b")])
                continue
            why = equip_problem(state, gear, host)
            if why is not None:
                core.emit(state, out, "resolution", r.controller, Message("magic.equip.cant", source=r.source_name,
                                                                          card=host.card, id=host.id, why=why),
                          [*r.base, *cr("701.3b", "301.5c")], about=[host])
                continue
            if gear.attached_to == host.id:
                core.emit(state, out, "resolution", r.controller, Message("magic.equip.already", source=r.source_name,
                                                                          card=host.card, id=host.id),
                          [*r.base, *cr("701.3b")], about=[host])
                continue
            before = gear.attached_to
            gear.attached_to = host.id
            gear.timestamp = state.tick()
            state.touch()
            core.emit(state, out, "resolution", r.controller, Message(
                "magic.equip.attach", source=r.source_name, id=gear.id, card=host.card, host=host.id,
                left=Message("magic.equip.left", before=core.name(state, before)) if before else "",
                timestamp=gear.timestamp),
                      [*r.base, *cr("301.5a", "701.3a", "701.3c")],
                      [Event("attach", {"object": gear.id, "to": host.id})], [gear, host])
