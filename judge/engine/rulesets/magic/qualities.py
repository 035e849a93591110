"""Qualities a card's text names to pick out objects ("the other green creatures", "unblocked creatures",
"creatures with counters on them", "enchanted creatures", "a nonlegendary creature") and game conditions a static
ability depends on ("as long as a library has twenty or fewer cards"): one vocabulary for effect scopes (`where`),
target specs and static conditions (`while`), in the manner of XMage's filter predicates.

Characteristics come from the caller (a layers.Chars of the moment), so this module never computes layers itself.
"""
from __future__ import annotations

from typing import Any

from judge.engine.rulesets.magic.mana import COLORS
from judge.engine.rulesets.magic.state import MagicObject, MagicState

# After blockers are declared an attacker is blocked or unblocked until it leaves combat (509.1h); before that
# step it is neither (the FAQ's Bruja de Tinta Profunda ruling 1).
BLOCKERS_DECLARED = ("declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat")
CARD_TYPE_QUALITIES = ("creature", "land", "enchantment", "artifact")
QUALITIES: dict[str, str] = {
    **{c: f"de color {c}" for c in COLORS if c != "C"},
    "creature": "criatura", "land": "tierra", "enchantment": "encantamiento", "artifact": "artefacto",
    "attacking": "atacante", "unblocked": "no bloqueada", "counters": "con contadores",
    "enchanted": "encantada", "nonlegendary": "no legendaria",
}
# The rule each quality is read by: colour (105.2), card type (205.2a), combat status, counters, Auras.
QUALITY_RULES = {"attacking": "508.1k", "unblocked": "509.1h", "counters": "122.1", "enchanted": "303.4b",
                 "nonlegendary": "205.4a"}
CONDITIONS = {"library_at_most": "una biblioteca tiene {n} cartas o menos"}


def has_quality(state: MagicState, o: MagicObject, chars: Any, quality: str) -> bool:
    """Whether `o`, with characteristics `chars` (layers.Chars), has `quality` now."""
    if quality in COLORS:
        return quality in chars.colors                     # 105.2: colourless has no colour
    if quality in CARD_TYPE_QUALITIES:
        return quality in chars.types
    if quality == "attacking":
        return o.attacking is not None
    if quality == "unblocked":
        return o.attacking is not None and not o.blocked and state.phase in BLOCKERS_DECLARED
    if quality == "counters":
        return any(n > 0 for n in o.counters.values())     # any kind of counter (the FAQ's Caballero ruling)
    if quality == "enchanted":
        return any(a.attached_to == o.id and state.card(a).is_aura for a in state.battlefield())
    if quality == "nonlegendary":
        return "legendary" not in state.card(o).supertypes
    return False


def has_all(state: MagicState, o: MagicObject, chars: Any, where: tuple[str, ...]) -> bool:
    return all(has_quality(state, o, chars, q) for q in where)


def condition_holds(state: MagicState, condition: tuple[str, int, str] | None, controller: str = "") -> bool:
    """A static ability's "as long as …" (604.1: it applies only while the condition is true): conditions.py, the
    vocabulary static abilities, triggers and effects share."""
    if not condition:
        return True
    from judge.engine.rulesets.magic.conditions import holds
    kind, n, *rest = condition              # (kind, n) or (kind, n, arg)
    return holds(state, controller, kind, n, rest[0] if rest else "")


def where_rules(where: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(QUALITY_RULES[q] for q in where if q in QUALITY_RULES)


def describe_where(where: tuple[str, ...]) -> str:
    return ", ".join(QUALITIES.get(q, q) for q in where)


def describe_condition(condition: tuple[str, int] | None) -> str:
    if not condition:
        return ""
    kind, n = condition
    return CONDITIONS.get(kind, kind).format(n=n)
