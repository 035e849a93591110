"""Keywords that decide who may attack or block (508.1, 509.1): flying and reach (702.9, 702.17), fear (702.36),
defender (702.3), "can't attack" and "can't block" (508.1c, 509.1b), "must be blocked if able" (509.1c),
vigilance (702.20), haste (702.10), and where protection stops a block (702.16f)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.keyword import Keyword, Refusal, current, register
from judge.engine.rulesets.magic.protection import protected_from
from judge.messages import Message

if TYPE_CHECKING:
    from judge.engine.rulesets.magic.layers import Chars
    from judge.engine.rulesets.magic.state import MagicObject, MagicState


@register
class Flying(Keyword):
    """702.9b: «A creature with flying can't be blocked except by creatures with flying and/or reach.»"""
    name, spanish, english, rule, order = "flying", "volar", "flying", "702.9b", 0
    catalog_words, ability_names = ("vuela",), ("volar",)
    blocks_flying = True
    block_order = 40

    def block_restriction(self, state: "MagicState", b: "MagicObject", cb: "Chars", a: "MagicObject",
                          ca: "Chars") -> Refusal | None:
        if self.name in ca.keywords and current().blocks_flying.isdisjoint(cb.keywords):
            return (Message("magic.block.flying", attacker=f"{a.card} ({a.id})", blocker=f"{b.card} ({b.id})"),
                    cr("702.9b", "702.17b", "509.1b"))
        return None


@register
class Reach(Keyword):
    """702.17b: «A creature with flying can't be blocked except by creatures with flying and/or reach.» (reach is
    what lets a creature without flying block one with it: the Flying piece asks `blocks_flying`)."""
    name, spanish, english, rule, order = "reach", "alcance", "reach", "702.17b", 1
    catalog_words, ability_names = ("alcance",), ("alcance",)
    blocks_flying = True


@register
class Defender(Keyword):
    """702.3b: «A creature with defender can't attack.»"""
    name, spanish, english, rule, order = "defender", "defensor", "defender", "702.3b", 2
    catalog_words = ("defensor",)
    attack_order = 10

    def attack_restriction(self, state: "MagicState", o: "MagicObject", c: "Chars") -> Refusal | None:
        if self.name in c.keywords:
            return (Message("magic.attack.defender", card=o.card, id=o.id), cr("702.3b", "508.1c"))
        return None


@register
class Vigilance(Keyword):
    """702.20b: «Attacking doesn't cause creatures with vigilance to tap.»"""
    name, spanish, english, rule, order = "vigilance", "vigilancia", "vigilance", "702.20b", 8
    catalog_words, ability_names = ("vigilancia",), ("vigilancia",)
    attacks_untapped = True


@register
class Haste(Keyword):
    """702.10b: «A creature with haste can attack or use {T} and {Q} abilities even if it hasn't been under its
    controller's control continuously since their most recent turn began» (302.6: summoning sickness)."""
    name, spanish, english, rule, order = "haste", "prisa", "haste", "702.10b", 9
    catalog_words, ability_names = ("prisa",), ("prisa",)
    unsick = True


@register
class CantBlock(Keyword):
    """509.1b: a creature with «can't block» is not declared as a blocker."""
    name, spanish, english, rule, order = "cant_block", "no puede bloquear", "can't block", "509.1b", 13
    block_order = 10

    def block_restriction(self, state: "MagicState", b: "MagicObject", cb: "Chars", a: "MagicObject",
                          ca: "Chars") -> Refusal | None:
        if self.name in cb.keywords:
            return (Message("magic.block.cant", card=b.card, id=b.id), cr("509.1b"))
        return None


@register
class CantAttack(Keyword):
    """508.1c: a creature with «can't attack» is not declared as an attacker."""
    name, spanish, english, rule, order = "cant_attack", "no puede atacar", "can't attack", "508.1c", 14
    attack_order = 20

    def attack_restriction(self, state: "MagicState", o: "MagicObject", c: "Chars") -> Refusal | None:
        if self.name in c.keywords:
            return (Message("magic.attack.cant", card=o.card, id=o.id), cr("508.1c"))
        return None


@register
class Fear(Keyword):
    """702.36b: «A creature with fear can't be blocked except by artifact creatures and/or black creatures.»"""
    name, spanish, english, rule, order = "fear", "miedo", "fear", "702.36b", 18
    aliases, catalog_words = ("inspirar temor",), ("inspirar temor",)
    block_order = 20

    def block_restriction(self, state: "MagicState", b: "MagicObject", cb: "Chars", a: "MagicObject",
                          ca: "Chars") -> Refusal | None:
        if self.name in ca.keywords and "artifact" not in cb.types and "B" not in cb.colors:
            return (Message("magic.block.fear", attacker=f"{a.card} ({a.id})", blocker=f"{b.card} ({b.id})"),
                    cr("702.36b", "509.1b"))
        return None


@register
class MustBeBlocked(Keyword):
    """509.1c: «… must be blocked if able»: a requirement on the defending player's blocks."""
    name, spanish, english, rule, order = ("must_be_blocked", "debe ser bloqueado si se puede",
                                           "must be blocked if able", "509.1c", 23)
    must_be_blocked = True


@register
class Protection(Keyword):
    """702.16f: «A permanent with protection can't be blocked by creatures that have the stated quality.» As a
    bare keyword of a card it is flagged (protection from what?): a scenario writes it as the static
    `protection: QUALITY` (protection.py), and this piece is where it stops a block."""
    name, spanish, english, rule, order = "protection", "protección", "protection", "702.16f", 103
    modelled = False
    block_order = 30

    def block_restriction(self, state: "MagicState", b: "MagicObject", cb: "Chars", a: "MagicObject",
                          ca: "Chars") -> Refusal | None:
        guard = protected_from(state, a.id, b.id)
        if guard:
            return (Message("magic.block.protection", attacker=f"{a.card} ({a.id})", guard=guard,
                             blocker=f"{b.card} ({b.id})"), cr("702.16f", "509.1b"))
        return None
