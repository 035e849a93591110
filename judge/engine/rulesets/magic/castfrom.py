"""Casting spells and playing lands from a zone other than the hand (601.2a: "take it from where it is"; 601.3: a
player may begin to cast a spell only if a rule or effect allows it; 305.1: a land is played from the hand unless
an effect says otherwise). Three kinds of permission, each read here and nowhere else:

- the card's own ability, "You may cast this card from your graveyard" (`cast_from: graveyard` on the card):
  113.6f, it works in the zone it names;
- a static ability of a permanent its controller controls, "You may play lands / cast spells from your graveyard"
  (`static: [{play_from_graveyard: lands}]`): while that permanent is on the battlefield and has its abilities
  (613.1f);
- the continuous effect of a resolved spell or ability, "Until end of turn, you may play lands and cast spells from
  your graveyard" (the `play_from_graveyard` verb, verbs/graveyard.py), held by the player for its duration.

The usual timing, costs and land limit still apply (601.2, 305.2). Reading the state only: play.py and legal.py ask,
triggers.py reads the zone a spell was cast from on the `cast` event.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from judge.engine.rulesets.magic import layers
from judge.engine.rulesets.magic.cards import Static
from judge.engine.rulesets.magic.state import MagicObject, MagicState

VERB = "play_from_graveyard"
WHAT = ("spells", "lands", "all")          # what a permission covers: cast spells, play lands, or both
ZONES = ("graveyard",)                     # `cast_from` of a card: the zones besides the hand it may be cast from


@dataclass(frozen=True)
class Permission:
    """Who or what lets the player do it: the source's name and the rules the step cites."""
    source: str
    rules: tuple[str, ...]


def _covers(what: str, land: bool) -> bool:
    return what == "all" or what == ("lands" if land else "spells")


def permission(state: MagicState, who: str, o: MagicObject, land: bool) -> Permission | None:
    """What allows `who` to cast (or, a land, play) the card `o` from its owner's graveyard now, or None. Only
    their own graveyard: "from your graveyard"."""
    if o.zone != "graveyard" or o.owner != who:
        return None
    card = state.card(o)
    if not land and "graveyard" in card.cast_from:
        return Permission(o.card, ("601.3", "113.6f"))
    for ce in state.effects:
        if ce.effect.kind == VERB and who in ce.affected and _covers(ce.effect.search, land):
            return Permission(ce.source_name, ("601.3", "611.2a") if not land else ("305.1", "611.2a"))
    for p, statics in _permitting(state, who):
        if any(_covers(s.effect.search, land) for s in statics) and \
                not layers.chars_of(state, p).abilities_lost:                # 613.1f: no abilities, no permission
            return Permission(p.card, ("601.3", "604.1") if not land else ("305.1", "604.1"))
    return None


def _permitting(state: MagicState, who: str) -> tuple[tuple[MagicObject, tuple[Static, ...]], ...]:
    """`who`'s permanents whose card has a static ability permitting play from the graveyard, in battlefield order,
    with those abilities: listed again only when the battlefield is another list or changed (state.ZoneList.stamp)
    or the copy effects are another dict (an object's own card never changes, 400.7). Whether each still has its
    abilities is the layers' answer, asked each time (`permission`)."""
    zone = state.player(who).zones["battlefield"]
    kept = state.caches.permitting.get(who)
    if kept is not None and kept[0] is zone and kept[1] == zone.stamp and kept[2] is state.copies:
        return kept[3]
    found = tuple((p, statics) for p in zone
                  if (statics := tuple(s for s in state.card(p).statics if s.effect.kind == VERB)))
    state.caches.permitting[who] = (zone, zone.stamp, state.copies, found)
    return found


def any_permission(state: MagicState, who: str) -> bool:
    """Whether anything at all could let `who` cast or play from their graveyard (the legal-action lister's quick
    test before it looks at each card)."""
    if who in _held_by(state):
        return True
    # What the cards say is worked out again only when the graveyard or the battlefield holds other objects, or the
    # copy effects changed (state.card: an object's own card never changes, 400.7).
    # The very same zone lists with the same stamps (state.ZoneList.stamp) hold the same objects uncompared.
    zones = state.player(who).zones
    gz, fz = zones["graveyard"], zones["battlefield"]
    memo = state.caches.permission_cards
    hit = memo.get(who)
    if hit is not None and hit[2] is state.copies:
        if hit[4] is gz and hit[5] == gz.stamp and hit[6] is fz and hit[7] == fz.stamp:
            return hit[3]
        grave, field = tuple(gz), tuple(fz)
        if hit[0] == grave and hit[1] == field:
            memo[who] = (grave, field, state.copies, hit[3], gz, gz.stamp, fz, fz.stamp)
            return hit[3]
    else:
        grave, field = tuple(gz), tuple(fz)
    found = memo[who] = (grave, field, state.copies, cards_permit(state, grave, field), gz, gz.stamp, fz, fz.stamp)
    return found[3]


def _held_by(state: MagicState) -> frozenset[str]:
    """The players a resolved spell's or ability's effect lets cast or play from their graveyard: worked out again
    only for another list of continuous effects (set_effects replaces the list, never changes it in place; an
    effect's verb and affected players never change)."""
    kept = state.caches.permission_effects
    if kept is None or kept[0] is not state.effects:
        kept = state.caches.permission_effects = (state.effects, frozenset(
            who for ce in state.effects if ce.effect.kind == VERB for who in ce.affected))
    return kept[1]


def cards_permit(state: MagicState, grave: Sequence[MagicObject], field: Sequence[MagicObject]) -> bool:
    """Whether a card of the graveyard can be cast from there by its own ability, or a permanent of the battlefield
    has a static ability that permits it (from scratch: any_permission keeps the answer)."""
    return any(card.cast_from for card in state.cards_for(grave)) or \
        any(s.effect.kind == VERB for card in state.cards_for(field) for s in card.statics)


def find(state: MagicState, who: str, ref: str, land: bool) -> tuple[MagicObject, Permission] | None:
    """The card `ref` names in `who`'s graveyard with a permission to cast or play it, or None."""
    grave = state.player(who).zones["graveyard"]
    found = [o for o in grave if o.id == ref or o.base == ref] or [o for o in grave if o.card == ref]
    for o in found:       # type: ignore[assignment]
        allowed = permission(state, who, o, land)          # type: ignore[arg-type]
        if allowed is not None:
            return o, allowed                               # type: ignore[return-value]
    return None


def in_graveyard(state: MagicState, who: str, ref: str) -> MagicObject | None:
    """The card `ref` names in `who`'s graveyard, permission or not (for the error that says none allows it)."""
    grave = state.player(who).zones["graveyard"]
    return next((o for o in grave if o.id == ref or o.base == ref), None) or \
        next((o for o in grave if o.card == ref), None)          # type: ignore[return-value]
