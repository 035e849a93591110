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
from judge.messages import Message

# After blockers are declared an attacker is blocked or unblocked until it leaves combat (509.1h); before that
# step it is neither (the FAQ's Bruja de Tinta Profunda ruling 1).
BLOCKERS_DECLARED = ("declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat")
CARD_TYPE_QUALITIES = ("creature", "land", "enchantment", "artifact")
QUALITIES: dict[str, str] = {
    **{c: f"de color {c}" for c in COLORS if c != "C"},
    "creature": "criatura", "land": "tierra", "enchantment": "encantamiento", "artifact": "artefacto",
    "attacking": "atacante", "unblocked": "no bloqueada", "counters": "con contadores",
    "enchanted": "encantada", "nonlegendary": "no legendaria",
    "equipped": "equipada", "legendary": "legendaria", "basic": "básica",
}
# Besides the names above, a quality may be written `subtype:<subtype>` ("Forests", "Elves": the object has that
# subtype now, through the layers: 205.3) or `non<quality>` / `non-<quality>` (the negation of any of them:
# "noncreature", "nonbasic", "nonB", "non-subtype:Elfo": descriptions of objects, 109.2). XMage's filters compose
# the same predicates (SubtypePredicate, Predicates.not).
SUBTYPE_PREFIX = "subtype:"
# The rule each quality is read by: colour (105.2), card type (205.2a), combat status, counters, Auras.
QUALITY_RULES = {"attacking": "508.1k", "unblocked": "509.1h", "counters": "122.1", "enchanted": "303.4b",
                 "nonlegendary": "205.4a", "equipped": "301.5a", "legendary": "205.4a", "basic": "205.4c"}
CONDITIONS = {"library_at_most": "una biblioteca tiene {n} cartas o menos"}


def _negated(quality: str) -> str | None:
    """The quality a «non-» quality negates ("noncreature" → "creature"), or None when it is not a negation."""
    if quality in QUALITIES or not quality.startswith("non"):
        return None
    rest = quality[3:].lstrip("-")
    return rest if rest and is_quality(rest) else None


def is_quality(quality: str) -> bool:
    """Whether a scenario may write `quality` in a `where:` (the names above, `subtype:X`, their negations)."""
    if quality in QUALITIES:
        return True
    if quality.startswith(SUBTYPE_PREFIX):
        return bool(quality[len(SUBTYPE_PREFIX):].strip())
    return _negated(quality) is not None


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
    if quality in ("legendary", "basic"):
        return quality in state.card(o).supertypes
    if quality == "equipped":
        # 301.5a: an Equipment is attached to it (an Aura is not; "enchanted" asks for that).
        return any(a.attached_to == o.id and state.card(a).is_equipment for a in state.battlefield())
    # The written forms last, so the named qualities cost no more than before.
    if quality.startswith(SUBTYPE_PREFIX):
        return quality[len(SUBTYPE_PREFIX):] in chars.subtypes       # 205.3: its subtypes now (layer 4 applied)
    negated = _negated(quality)
    if negated is not None:
        return not has_quality(state, o, chars, negated)
    return False


def has_all(state: MagicState, o: MagicObject, chars: Any, where: tuple[str, ...]) -> bool:
    if not where:                 # most scopes ask for no quality: no generator for them
        return True
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
    out: list[str] = []
    for q in where:
        base = _negated(q) or q
        if base in QUALITY_RULES:
            out.append(QUALITY_RULES[base])
        elif base.startswith(SUBTYPE_PREFIX):
            out.append("205.3")
        if base != q:
            out.append("109.2")           # a description of an object: "noncreature", "nonbasic"
    return tuple(out)


def describe_quality(q: str) -> str:
    """The Spanish words of one quality: «criatura», «no criatura», «de subtipo Elfo»."""
    negated = _negated(q)
    if negated is not None:
        return "no " + describe_quality(negated)
    if q.startswith(SUBTYPE_PREFIX):
        return f"de subtipo {q[len(SUBTYPE_PREFIX):]}"
    return QUALITIES.get(q, q)


def said_quality(q: str) -> "Message | str":
    """`describe_quality` as a Message (magic.quality.*, messages_text.py), in the step's language."""
    negated = _negated(q)
    if negated is not None:
        return Message("magic.quality.non", quality=said_quality(negated))
    if q.startswith(SUBTYPE_PREFIX):
        return Message("magic.quality.subtype", subtype=q[len(SUBTYPE_PREFIX):])
    return Message(f"magic.quality.{q}") if q in QUALITIES else q


def said_where(where: tuple[str, ...]) -> "list[Message | str]":
    """The qualities of a `where`, said one by one (a Message's list parameter joins them with ", ")."""
    return [said_quality(q) for q in where]


def describe_where(where: tuple[str, ...]) -> str:
    return ", ".join(describe_quality(q) for q in where)


def describe_condition(condition: tuple[str, int] | None) -> str:
    if not condition:
        return ""
    kind, n = condition
    return CONDITIONS.get(kind, kind).format(n=n)
