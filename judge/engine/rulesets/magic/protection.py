"""Protection (702.16): "protection from [quality]" on a permanent (a static ability of its own, `to: self`) or on a
player (a static ability of a permanent they control, `to: controller`). What it stops, each where the engine
applies it: being targeted (702.16b, effects.legal_target), being enchanted (702.16c, the Aura state-based action),
damage (702.16e, core.deal_damage), being blocked (702.16f, turn.can_block).

Qualities: "mv>=N" (mana value N or more; a spell on the stack counts its X, 202.3e), a colour letter,
"chosen_name" (the card name chosen as the permanent entered: 201.2, an object with that name), and a card type
("protection from creatures": 702.16a, any characteristic value; the source's types now, through the layers, or
as it last existed).
"""
from __future__ import annotations

from typing import Any

from judge.engine.rulesets.magic import layers
from judge.engine.rulesets.magic.cards import CARD_TYPES
from judge.engine.rulesets.magic.mana import COLORS
from judge.engine.rulesets.magic.state import MagicObject, MagicState
from judge.messages import Message


def _qualities_of(state: MagicState, o: MagicObject, to: str) -> list[tuple[str, str]]:
    """The (quality, giver) pairs of `o`'s protection statics aimed at `to` (self | controller)."""
    if o.zone != "battlefield":
        return []
    # Its card's protection statics first: most permanents have none, and then its characteristics are not needed.
    statics = [s for s in state.card(o).statics if s.effect.kind == "protection" and s.effect.to == to]
    if not statics or layers.chars_of(state, o).abilities_lost:
        return []
    out = []
    for s in statics:
        q = s.effect.quality
        if q == "chosen_name":
            if not o.chosen:
                continue                 # no name was chosen: protection from nothing
            q = "name:" + o.chosen
        out.append((q, o.card))
    return out


def protections(state: MagicState, ref: str) -> list[tuple[str, str]]:
    """Every protection a permanent (by id) or a player (by name) has now."""
    if state.has_player(ref):
        return [p for o in state.battlefield() if o.controller == ref for p in _qualities_of(state, o, "controller")]
    o = state.objects.get(ref)
    return _qualities_of(state, o, "self") if o is not None else []


def _source(state: MagicState, src: str) -> tuple[Any, int]:
    """The card a source is (and the X announced for it, if it is a spell): a permanent, a spell on the stack, a
    card being cast, the source of an ability on the stack, or what a source that left last was."""
    item = next((i for i in state.stack if i.id == src), None)
    if item is not None and item.kind != "spell":
        src = item.source                    # an ability: its source's characteristics
    # 400.7: a source that left (a leaves-the-battlefield trigger's, 603.10a) is never its new incarnation.
    o = state.objects.get(src) or (None if src in state.lki else state.obj(src))
    if o is None:
        return None, 0
    x = item.x if item is not None and item.kind == "spell" else state.announced_x.get(o.id, 0)
    return o, x


def source_has(state: MagicState, src: str, quality: str) -> bool:
    o, x = _source(state, src)
    if o is None:
        return _left_has(state, src, quality)
    card = state.card(o)
    if quality.startswith("mv>="):
        xs = sum(1 for sym in card.mana_cost if sym.kind == "x")
        return card.mana_value + x * xs >= int(quality[4:])       # 202.3e: X is its announced value on the stack
    if quality.startswith("name:"):
        return card.name == quality[5:]
    if quality in COLORS:
        return quality in layers.chars_of(state, o).colors
    if quality in CARD_TYPES:
        return quality in layers.chars_of(state, o).types
    return False


def _left_has(state: MagicState, src: str, quality: str) -> bool:
    """A source that left (an ability's source included): its last known information (608.2h, 113.7a): the
    colours it had as it left, its copiable values' name and mana value."""
    item = next((i for i in state.stack if i.id == src), None)
    seen = state.lki.get(item.source if item is not None and item.kind != "spell" else src)
    if seen is None:
        return False
    card = seen.copiable
    if quality.startswith("mv>="):
        return card is not None and card.mana_value >= int(quality[4:])
    if quality.startswith("name:"):
        return (card.name if card is not None else seen.card) == quality[5:]
    if quality in COLORS:
        return quality in seen.colors
    if quality in CARD_TYPES:
        return quality in seen.types
    return False


def protected_from(state: MagicState, ref: str, src: str) -> Message | None:
    """Why `ref` (a permanent or player) has protection from the source `src` (a Message for the step, 702.16), or
    None."""
    for quality, giver in protections(state, ref):
        if source_has(state, src, quality):
            return Message("magic.protection.has", quality=said(quality), giver=giver)
    return None


def said(quality: str) -> Message:
    """`describe` as a Message, in the step's language («el color R», "the color R")."""
    if quality.startswith("mv>="):
        return Message("magic.protection.mv", n=quality[4:])
    if quality.startswith("name:"):
        return Message("magic.protection.name", name=quality[5:])
    if quality in CARD_TYPES:
        return Message("magic.protection.card_type", type=Message("magic.cardtype." + quality))
    return Message("magic.protection.color", color=quality)


def describe(quality: str) -> str:
    if quality.startswith("mv>="):
        return f"valor de maná {quality[4:]} o mayor"
    if quality.startswith("name:"):
        return f"el nombre «{quality[5:]}»"
    if quality in CARD_TYPES:
        return f"el tipo de carta {CARD_TYPES[quality].lower()}"
    return f"el color {quality}"
