"""Conspire (702.78) and copies of spells (707.10): the optional additional cost of tapping two creatures that share
a colour with the spell, the trigger it makes on casting, and the copy that trigger puts on the stack (not cast,
nothing spent on it, its targets kept or changed by its controller, 707.10c)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from judge.engine.rulesets.magic import core, layers
from judge.engine.rulesets.magic.cards import CardDef, Triggered
from judge.engine.rulesets.magic.choices import Question
from judge.engine.rulesets.magic.known import LastKnown, Seen
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.state import MagicObject, MagicState, PendingTrigger, StackItem
from judge.engine.rulesets.magic.targets import _spell_card, candidates, legal_target
from judge.engine.rulesets.magic.text import describe_target
from judge.engine.step import Event, Step
from judge.messages import Message

# The trigger conspire stands for ("When you cast this spell, if its conspire cost was paid, copy it").
CONSPIRE = Triggered(when="cast", effects=(), keyword="conspire")


def check_conspire(state: MagicState, who: str, card: CardDef, refs: Sequence[str]) -> list[MagicObject]:
    """702.78a: "you may tap two untapped creatures you control that each share a colour with it" (each with the
    spell, not with each other: nota de conspirar/1). Checked before anything is paid (601.2h, 733.1)."""
    core.require("conspire" in card.keywords, Message("magic.illegal.no_conspire", card=card.name), "702.78a", "601.2b")
    core.require(len(refs) == 2 and len(set(refs)) == 2, Message("magic.illegal.conspire_two"), "702.78a")
    spell_colors = set(card.colors)
    found = []
    for ref in refs:
        o = state.obj(ref)
        core.require(o is not None and o.zone == "battlefield" and o.controller == who,
                     Message("magic.illegal.not_your_permanent", ref=ref, player=who), "702.78a")
        assert o is not None
        c = layers.chars_of(state, o)
        core.require("creature" in c.types, Message("magic.illegal.not_creature", card=o.card, id=o.id), "702.78a")
        core.require(not o.tapped, Message("magic.illegal.tapped", card=o.card, id=o.id), "702.78a", "118.3")
        core.require(bool(spell_colors & set(c.colors)), Message("magic.illegal.no_shared_color", card=o.card, id=o.id,
                                                                 spell=card.name), "702.78a", "105.2")
        found.append(o)
    return found


def pay_conspire(state: MagicState, out: list[Step], who: str, creatures: list[MagicObject], spell: MagicObject
                 ) -> None:
    """601.2h: tap the two creatures (a cost, not {T}: summoning sickness does not matter, 302.6); the conspire
    trigger waits for the next time a player would receive priority (603.3)."""
    for o in creatures:
        o.tapped = True
    state.touch()
    core.emit(state, out, "action", who, Message("magic.conspire.pay", player=who, card=spell.card,
                                                 creatures=[f"{o.card} ({o.id})" for o in creatures]),
              cr("702.78a", "601.2h", "118.8"),
              [Event("tap", {"object": o.id}) for o in creatures], creatures)
    state.triggers.append(PendingTrigger(who, spell.id, spell.card, CONSPIRE, Seen(spell=spell.id),
                                         len(state.triggers)))


def conspire_resolves(state: MagicState, out: list[Step], item: StackItem) -> None:
    """702.78a / 707.10: copy the spell, if it is still on the stack; its controller may choose new targets."""
    spell = next((i for i in state.stack if i.id == item.seen.spell and i.kind == "spell"), None)
    if spell is None:
        core.emit(state, out, "resolution", item.controller, Message("magic.conspire.gone", source=item.source_name),
                  cr("702.78a", "608.2b"))
        return
    copy = copy_spell(state, out, spell, item.controller)
    core.emit(state, out, "resolution", item.controller, Message(
        "magic.conspire.resolves", source=item.source_name, copy=copy.text,
        targets=Message("magic.play.targeting", targets=[core.name(state, t) for t in copy.targets if t])
        if copy.targets else ""),
              cr("702.78a", "707.10", *(["707.10c"] if copy.targets else [])),
              [Event("stack", {"item": copy.id, "copy_of": spell.id})])


def copy_spell(state: MagicState, out: list[Step], spell: StackItem, controller: str) -> StackItem:
    """707.10: a copy of a spell: its characteristics and the choices made for it (targets, X); not cast, with no
    mana spent on it. 707.10c: its controller may change targets (new ones must be legal)."""
    card = _spell_card(state, spell)
    cid = state.new_id("copia")
    targets = list(spell.targets)
    if spell.target_specs:
        options = sorted({c for spec in spell.target_specs for c in candidates(state, spec, controller, cid)})
        q = Question("targets", controller, tuple(options), Message(
            "magic.prompt.copy_targets", player=controller, card=card.name,
            specs=[describe_target(s) for s in spell.target_specs], now=[t or "-" for t in targets]),
                     tuple(cr("707.10c")), min=0, max=len(spell.target_specs))

        def valid(ans: Any) -> Any:
            if not ans.values:
                return None
            if len(ans.values) != len(spell.target_specs):
                return (Message("magic.illegal.copy_target_count", n=len(spell.target_specs)), cr("707.10c"))
            for n, (spec, ref) in enumerate(zip(spell.target_specs, ans.values)):
                if ref == targets[n]:
                    continue                      # unchanged: kept even if illegal now (707.10c)
                why = legal_target(state, spec, ref, controller, cid)
                if why is not None:
                    return (Message("magic.illegal.copy_target", why=why), cr("707.10c", "115.1"))
            return None
        ans = core.ask(state, out, q, valid)
        if ans.values:
            targets = [_current(state, v) for v in ans.values]
    copy = StackItem(id=cid, kind="spell", controller=controller, source=cid, source_name=card.name,
                     effects=spell.effects, targets=tuple(targets), target_specs=spell.target_specs, x=spell.x,
                     copy_of=card.name, text=Message("magic.ability.spell_copy", card=card.name, id=cid),
                     divide=dict(spell.divide) if tuple(targets) == spell.targets else {})
    # The copy is the source of its own effects (its damage, 707.10): what it is, for the trace and for lifelink.
    # Its name as a step says it is a Message (the trace's language), rendered «la copia de X» in Spanish.
    state.lki[cid] = LastKnown(id=cid, card=Message("magic.copy.spell_name", card=card.name), controller=controller,
                               zone="stack", keywords=frozenset(card.keywords), types=frozenset(card.types))
    state.stack.append(copy)
    return copy


def _current(state: MagicState, ref: str) -> str:
    o = state.obj(ref)
    return o.id if o is not None else ref
