"""Entering the battlefield as a copy (707.5, 614.1c): "You may have [this creature] enter as a copy of any creature
on the battlefield" is a replacement of how it enters, written `replacements: [{event: enters, choose: copy}]`.
As it is about to enter (core.move), its controller chooses a creature on the battlefield, or none; it then
enters already a copy (it never is the card it was on the battlefield): its copiable values are the other
creature's (707.2, through that creature's own copy effects: a copy of a copy, 707.3; a token's are not a token's),
so the copied card's "enters with" replacements and "when it enters" abilities apply to it (707.5), and a layer-1
copy effect with no end records it (613.2a; MagicState.copies).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from judge.engine.rulesets.magic import layers
from judge.engine.rulesets.magic.cards import CardDef, Effect
from judge.engine.rulesets.magic.choices import Question
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.state import ContinuousEffect, MagicObject, MagicState
from judge.engine.rulesets.magic.steps import ask, name
from judge.engine.step import Step
from judge.messages import Message

NONE = ("none", "ninguna", "no")                   # "you may": entering as itself


@dataclass(frozen=True)
class CopyChoice:
    """What an entering object copies: the copiable values, and of which object."""
    card: CardDef
    model: str
    model_name: "str | Message"               # how a step names it (707.3: «X, que es una copia de Y»)
    of_a_copy: bool                                # 707.3: the model was itself a copy


def choose_copy(state: MagicState, out: list[Step], player: str, card_name: str) -> CopyChoice | None:
    """707.5 / 614.1c: the choice of what to copy, made before it enters (as every "as it enters" choice,
    614.12a): a creature on the battlefield now, by id, or none."""
    cache = layers.compute(state)
    ids = tuple(o.id for o in state.battlefield() if "creature" in cache[o.id].types)
    q = Question("copy", player, (*ids, NONE[0]), Message("magic.prompt.enters_copy", player=player, card=card_name,
                                                          options=", ".join(ids) or Message("magic.value.none")),
                 tuple(cr("707.5", "614.1c")))

    def valid(ans: Any) -> Any:
        value = ans.values[0] if len(ans.values) == 1 else ""
        if value in NONE or value in ids or (state.obj(value) is not None and state.obj(value).id in ids):
            return None
        return (Message("magic.illegal.expected_copy", options=", ".join(ids) or Message("magic.copy.no_creature")),
                cr("707.5"))
    value = ask(state, out, q, valid).values[0]
    if value in NONE:
        return None
    model = state.obj(value)
    assert model is not None
    # 707.2: the copiable values, themselves those of what it copies if it is a copy (707.3); never a token's.
    copied = state.card(model)
    of_a_copy = model.id in state.copies
    said: "str | Message" = Message("magic.copy.of_a_copy", name=name(state, model.id), card=copied.name) \
        if of_a_copy else name(state, model.id)
    return CopyChoice(replace(copied, is_token=False), model.id, said, of_a_copy)


def enters_as_copy(state: MagicState, new: MagicObject, choice: CopyChoice) -> list[str]:
    """The layer-1 copy effect of the object that entered as a copy (613.2a), from the moment it is on the
    battlefield; returns the rules its entering step cites."""
    ce = ContinuousEffect(effect=Effect("become_copy", to="self", duration="permanent"), source=new.id,
                          source_name=new.card, controller=new.controller, timestamp=new.timestamp,
                          affected=(new.id,), duration="permanent", copied=choice.card)
    state.set_effects(state.effects + [ce])
    return cr("707.5", "614.1c", "707.2", "613.2a", *(["707.3"] if choice.of_a_copy else []))
