"""Card definitions of doce-vidas: the game has no card list, so scenarios define their cards inline.

A card is a type, a cost, damage and life for creatures, and effects from a small vocabulary (docs/scenarios.md).
Unknown types, effects or keys are validation errors with their field path.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.format.validate import MAX_STRING, MAX_TEXT, Checker, join
from judge.messages import Message

CARD_TYPES = ("criatura", "reliquia", "encantamiento", "hechizo", "instantaneo")
PERMANENT_TYPES = ("criatura", "reliquia", "encantamiento")
MAX_CARD_DEFINITIONS = 500
MAX_EFFECTS = 10
MAX_AMOUNT = 99

# effect kind -> (targets it accepts, default target). "to" for boosts is checked per card type below.
ONE_SHOT: dict[str, tuple[tuple[str, ...], str]] = {
    "damage": (("any", "player", "creature", "self", "opponents", "all_creatures", "all_players"), "any"),
    "heal": (("self", "player", "creature", "any", "all_players"), "self"),
    "draw": (("self", "player", "opponents", "all_players"), "self"),
    "gain_mana": (("self", "player"), "self"),
    "destroy": (("creature", "permanent", "relic", "enchantment", "all_creatures"), "permanent"),
    "discard": (("player", "self", "opponents"), "player"),
}
BOOSTS = ("boost_damage", "boost_life")
EFFECT_KINDS = tuple(ONE_SHOT) + BOOSTS
# Targets chosen by the player who plays the card (the others need no choice).
CHOSEN_TARGETS = ("any", "player", "creature", "permanent", "relic", "enchantment")
BOOST_SCOPES = {
    "criatura": ("all", "yours", "theirs", "self"),
    "reliquia": ("all", "yours", "theirs"),
    "encantamiento": ("enchanted", "all", "yours", "theirs"),
    "hechizo": ("target", "all", "yours", "theirs"),
    "instantaneo": ("target", "all", "yours", "theirs"),
}
TRIGGERS = ("enters", "turn_start")


@dataclass(frozen=True)
class Effect:
    """One effect: ``Effect("damage", 3, target="any")``, ``Effect("boost_damage", 1, to="yours")``.

    `when` is set for one-shot effects of permanents: "enters" (when it enters play) or "turn_start" (at the
    start of its controller's action phase)."""
    kind: str
    amount: int
    target: str | None = None
    to: str | None = None
    when: str | None = None

    @property
    def is_boost(self) -> bool:
        return self.kind in BOOSTS

    @property
    def chooses_target(self) -> bool:
        return (self.target in CHOSEN_TARGETS) or self.to == "target"


@dataclass(frozen=True)
class CardDef:
    name: str
    type: str
    cost: int
    damage: int = 0               # creatures only
    life: int = 0                 # creatures only
    effects: tuple[Effect, ...] = ()
    text: str = ""                # printed text the engine does not model (shown as unmodelled)

    @property
    def is_permanent(self) -> bool:
        return self.type in PERMANENT_TYPES

    @property
    def is_creature(self) -> bool:
        return self.type == "criatura"

    def chosen_slots(self) -> list[str]:
        """What the player chooses when playing it, in order: the enchanted permanent first, then one target
        per effect that needs one ("any", "creature", …, or "target" for a spell's boost)."""
        slots = ["attach"] if self.type == "encantamiento" else []
        if self.type in ("hechizo", "instantaneo"):
            slots += [e.to if e.to == "target" else str(e.target) for e in self.effects if e.chooses_target]
        return slots


def parse_cards(check: Checker, value: Any) -> dict[str, CardDef]:
    path = "cards"
    cards: dict[str, CardDef] = {}
    if not isinstance(value, Mapping):
        check.error(path, Message("dv.card.cards_shape"))
        return cards
    if len(value) > MAX_CARD_DEFINITIONS:
        check.error(path, Message("dv.card.too_many", n=len(value), max=MAX_CARD_DEFINITIONS))
        return cards
    for name, spec in value.items():
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_STRING:
            check.error(path, Message("dv.card.bad_name", name=repr(str(name)[:40]), max=MAX_STRING))
            continue
        card = _parse_card(check, join(path, name), name, spec)
        if card is not None:
            cards[name] = card
    return cards


def _parse_card(check: Checker, path: str, name: str, spec: Any) -> CardDef | None:
    errors_before = len(check.errors)
    m = check.mapping(path, spec, allowed=("type", "cost", "damage", "life", "effects", "text"),
                      required=("type", "cost"))
    if m is None:
        return None
    ctype = check.choice(join(path, "type"), m["type"], CARD_TYPES) if "type" in m else None
    cost = check.integer(join(path, "cost"), m["cost"], maximum=MAX_AMOUNT) if "cost" in m else None
    text = check.string(join(path, "text"), m.get("text", ""), max_length=MAX_TEXT, empty=True)
    damage = life = 0
    if ctype == "criatura":
        for key in ("damage", "life"):
            if key not in m:
                check.error(join(path, key), Message("dv.card.creature_field"))
        damage = check.integer(join(path, "damage"), m.get("damage", 0), maximum=MAX_AMOUNT) or 0
        life = check.integer(join(path, "life"), m.get("life", 1), minimum=1, maximum=MAX_AMOUNT) or 0
    elif ctype is not None:
        for key in ("damage", "life"):
            if key in m:
                check.error(join(path, key), Message("dv.card.only_creatures", key=key,
                                                            type=Message("dv.type." + ctype)))
    effects: list[Effect] = []
    raw_effects = m.get("effects", [])
    items = check.sequence(join(path, "effects"), raw_effects, max_items=MAX_EFFECTS, what="efectos")
    if items is not None and ctype is not None:
        for i, raw in enumerate(items):
            eff = _parse_effect(check, join(join(path, "effects"), i), ctype, raw)
            if eff is not None:
                effects.append(eff)
        if ctype in ("hechizo", "instantaneo") and not items:
            check.error(join(path, "effects"), Message("dv.card.needs_effect", type=Message("dv.type." + ctype)))
    if len(check.errors) > errors_before or ctype is None or cost is None:
        return None
    return CardDef(name=name, type=ctype, cost=cost, damage=damage, life=life, effects=tuple(effects),
                   text=text or "")


def _parse_effect(check: Checker, path: str, ctype: str, raw: Any) -> Effect | None:
    if not isinstance(raw, Mapping):
        check.error(path, Message("dv.card.effect_shape", got=type(raw).__name__))
        return None
    kinds = [k for k in raw if k in EFFECT_KINDS]
    if len(kinds) != 1:
        unknown = [k for k in raw if k not in EFFECT_KINDS and k not in ("target", "to", "when")]
        if unknown and not kinds:
            check.error(join(path, str(unknown[0])), Message("dv.card.unknown_effect", effect=str(unknown[0]),
                                                             allowed=list(EFFECT_KINDS)))
        else:
            check.error(path, Message("dv.card.one_effect_found", n=len(kinds), found=kinds, kinds=list(EFFECT_KINDS))
                        if kinds else Message("dv.card.one_effect", kinds=list(EFFECT_KINDS)))
        return None
    kind = kinds[0]
    is_permanent = ctype in PERMANENT_TYPES
    allowed = [kind, "to"] if kind in BOOSTS else [kind, "target"]
    if is_permanent and kind not in BOOSTS:
        allowed.append("when")
    if check.mapping(path, raw, allowed=allowed) is None:
        return None
    if kind == "destroy":
        amount = check.integer(join(path, kind), raw[kind], minimum=1, maximum=1)
    else:
        amount = check.integer(join(path, kind), raw[kind], minimum=1, maximum=MAX_AMOUNT)
    if kind in BOOSTS:
        scopes = BOOST_SCOPES[ctype]
        to = check.choice(join(path, "to"), raw.get("to", "all"), scopes)
        if amount is None or to is None:
            return None
        return Effect(kind, amount, to=to)
    targets, default = ONE_SHOT[kind]
    target = check.choice(join(path, "target"), raw.get("target", default), targets)
    when = None
    if is_permanent:
        # A permanent's one-shot effect needs a moment to happen; nobody chooses its target then.
        if "when" not in raw:
            check.error(join(path, "when"), Message("dv.card.needs_when", kind=kind))
        else:
            when = check.choice(join(path, "when"), raw["when"], TRIGGERS)
        if target in CHOSEN_TARGETS:
            check.error(join(path, "target"), Message("dv.card.triggered_target", options="|".join(
                t for t in targets if t not in CHOSEN_TARGETS)))
            return None
        if kind == "discard":
            check.error(join(path, kind), Message("dv.card.permanent_discard"))
            return None
    if amount is None or target is None or (is_permanent and when is None):
        return None
    return Effect(kind, amount, target=target, when=when)
