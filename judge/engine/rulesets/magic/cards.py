"""Magic card definitions: basic lands built in, the scenario's own cards defined inline (`cards:`).

A card is its printed characteristics (name, mana cost, types, colours, P/T) plus the abilities the engine models,
written as data: keywords, spell effects, triggered, activated and static abilities, replacement effects. Printed
text the engine does not model goes in `text` and is flagged in the trace wherever the card could matter.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from judge.engine.rulesets.magic import keyword
from judge.engine.rulesets.magic.mana import Symbol, colors_of, cost_text, mana_value
from judge.messages import Message, Note

class Immutable:
    """Frozen card data: a copy of the game state shares it (copy.deepcopy returns the same object)."""

    def __deepcopy__(self, memo: dict) -> "Immutable":
        return self


# The keywords (their ids, Spanish names, rules and where they act) are pieces of their own: keyword.py and
# keywords/*.py. A CardDef names them by id.


CARD_TYPES = {"creature": "Criatura", "land": "Tierra", "instant": "Instantáneo", "sorcery": "Conjuro",
              "enchantment": "Encantamiento", "artifact": "Artefacto"}
TYPE_ALIASES = {"criatura": "creature", "tierra": "land", "instantáneo": "instant", "instantaneo": "instant",
                "conjuro": "sorcery", "encantamiento": "enchantment", "artefacto": "artifact"}
SUPERTYPES = {"legendary": "legendaria", "basic": "básica"}
PERMANENT_TYPES = {"creature", "land", "enchantment", "artifact"}
EQUIPMENT_SUBTYPES = frozenset({"Equipment", "Equipo"})      # 301.5: the artifact subtype, in English or Spanish


@dataclass(frozen=True)
class TargetSpec(Immutable):
    """What a target slot accepts (115): a creature, a player, any target, a permanent, a spell on the stack, a
    creature spell, or a card in a graveyard (`zone: graveyard`, whose owner `controller` says)."""
    kind: str                        # creature | player | any | permanent | spell | creature_spell | land | artifact
    #                                  | enchantment | card | nonenchantment (a permanent that isn't an enchantment)
    controller: str = "any"          # any | you | opponent | player:<name> (set as a trigger fixes "that player")
    other: bool = False              # "otra criatura objetivo": not the source, nor a target chosen before it (115.3)
    many: bool = False               # "cualquier cantidad de … objetivo": 0 or more distinct choices (last slot only)
    where: tuple[str, ...] = ()      # qualities it must have too (qualities.py): "nonlegendary"…
    zone: str = "battlefield"        # battlefield | graveyard (a card there: `kind` creature or card)
    optional: bool = False           # "up to one target …": the caster may leave the slot empty (115.1, 601.2c)
    untapped: bool = False           # "target untapped creature"
    mv_at_most_slot: int = -1        # "… con un coste de maná convertido igual o menor": at most that slot's (202.3)


@dataclass(frozen=True)
class Effect(Immutable):
    """One instruction of a spell or ability, from a small vocabulary (docs/scenarios.md, magic).

    `to`: who or what it affects: "target" (slot `target`), "self" (the source), "controller", "each_opponent",
    "each_player", "creatures_you_control", "other_creatures_you_control", "all_creatures", "enchanted"."""
    kind: str
    amount: int = 0
    to: str = "target"
    target: int = 0
    power: int = 0
    toughness: int = 0
    counter: str = ""                 # counter kind for `counters`
    keywords: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    mana: str = ""
    duration: str = "end_of_turn"     # end_of_turn | permanent (for effects created by resolution)
    token: "CardDef | None" = None
    search: str = ""                  # a type or card name searched for
    dest: str = "hand"
    x: bool = False                   # the amount is the spell's X
    of: int = 0                       # become_copy: the target slot of the object copied
    optional: bool = False            # "you may": its controller chooses yes or no on resolution (608.2d)
    per_counter: str = ""             # the amount counts once per counter of this kind on the source (its last
                                      # known information when it has left: "por cada contador -1/-1 sobre él")
    at: str = ""                      # delayed: when the delayed triggered ability triggers (end_of_combat, end_step)
    then: tuple["Effect", ...] = ()   # delayed: what it does then (603.7)
    where: tuple[str, ...] = ()       # a group scope keeps only objects with these qualities (qualities.py)
    choose: bool = False              # set_color: the colours are chosen by its controller on resolution
    # "if {G} was spent to cast this spell" (601.2h): the colours it looks for; an amount is multiplied by how many
    # of them were spent ("X life if {G} was spent and X life if {W} was spent" is one gain of 2X).
    if_spent: tuple[str, ...] = ()
    # The amount counted on resolution (608.2h), times `amount` (1 when 0): effects.COUNT_RULES (source_power,
    # target_power, life_lost_this_turn, destroyed; linked_power, linked_of_color, damage_this_turn, life_paid).
    count: str = ""
    by: str = ""                      # damage: "" the source deals it; "target": the object in slot `target` does
    spend_only: str = ""              # add_mana: "x_costs": this mana may be spent only on costs with {X} (106.6)
    count_where: tuple[str, ...] = ()  # count your_creatures: the qualities of the creatures counted ("negra")
    divided: bool = False             # damage: X divided among its targets as announced on casting (601.2d)
    keep: int = 0                     # look_top: how many of the cards looked at go to the hand
    ability: "Activated | None" = None   # grant_ability: the activated ability the permanent gains (613.1f)
    abilities: tuple["Triggered", ...] = ()   # grant: triggered abilities it gains too (113.10, layer 6)
    quality: str = ""                 # protection: from what (protection.py): "mv>=3", "W", "chosen_name"
    additive: bool = False            # set_color, land_types: "in addition to its other colors / types"
    entered_choice: bool = False      # set_color: the colour its source chose as it entered (614.12a)
    # What one resolution links from an instruction to the next ("that card", "if you do": 608.2c),
    # read by judge/engine/rulesets/magic/linked.py.
    condition: str = ""               # done only if true on resolution: linked.CONDITIONS
    random: bool = False              # the cards or target are chosen at random (701.9b), with the seeded rng
    cost: tuple[Symbol, ...] = ()     # pay: the mana paid from the pool (608.2g)
    # pump, set_pt, define_pt: which of [power, toughness] is the number `count` counts ("X/X where X is the
    # number of Forests you control"; "+1/+1 for each other Elf"): counted as it resolves (608.2h) or, in a
    # static ability, each time the layers apply it (613.4; filters.count).
    counted: tuple[bool, bool] = (False, False)
    # A `condition` about the game state (conditions.EFFECT_KINDS: "if you've cast a spell this turn", 608.2c):
    # its number and argument.
    condition_n: int = 0
    condition_arg: str = ""



@dataclass(frozen=True)
class Mode(Immutable):
    """One option of a modal spell (700.2): its own targets and effects."""
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()


@dataclass(frozen=True)
class Triggered(Immutable):
    """603: "When/Whenever/At …". `when`: enters | dies | leaves | attacks | blocks | blocked | upkeep | end_step
    | counter_put | deals_damage | dealt_damage | untapped, and the general events of any player or card (603.2,
    603.2c): draw (121.1) | life_gain | life_loss (119.3) | zone_change (400.7, "whenever a card is put into a
    graveyard from anywhere") | spell_cast ("whenever a player casts a spell", 601.2i: `whose` cast it, `from_zone`
    the zone it was cast from, `where` the spell's qualities); `of`: self | creature | another_creature."""
    when: str
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    of: str = "self"
    whose: str = "you"                 # upkeep/end_step and the general events (WHOSE_WHEN): you | each | opponents
    counter: str = ""                  # counter_put: the kind, "" for any
    combat: bool = False               # deals_damage: combat damage only
    at_least: int = 0                  # deals_damage: only damage events of at least this much
    keyword: str = ""                  # set for the abilities a keyword stands for (persist)
    each_counter: bool = False         # counter_put: triggers once per counter put, not once per event
    had_counter: str = ""              # dies: intervening "if it had a counter of this kind on it" (603.4)
    # 603.4 intervening "if": checked as it triggers and again on resolution. your_hand_empty | active_hand_empty |
    # opponent_lost_life (an opponent lost at least `condition_n` life this turn).
    condition: str = ""
    condition_n: int = 0
    condition_arg: str = ""            # you_control: the type or subtype; devotion: the colour (conditions.py)
    to_whom: str = ""                  # deals_damage: "opponent" ("… a un oponente") | "player" ("… a un jugador")
    # when: state (603.8): triggers as soon as this game state is true: no_permanents_of_chosen_color ("when you
    # control no permanents of the chosen color"); never with no colour chosen.
    state_condition: str = ""
    where: tuple[str, ...] = ()        # enters of a creature: the qualities it must have ("una criatura azul")
    # zone_change: the zone the card comes from / goes to ("" any): "put into a graveyard from anywhere" is to_zone
    # graveyard. `whose` (you | each | opponents) says whose draw, life or card it watches for these general events.
    # spell_cast: `from_zone` is the zone the spell was cast from ("whenever a spell is cast from a graveyard").
    from_zone: str = ""
    to_zone: str = ""
    # "Whenever one or more creatures you control attack / die / enter" (603.2c): enters, dies or attacks of a group
    # (`of` not self) that triggers once per event, however many of them the event has (a declaration of
    # attackers, 508.1; permanents that die or enter at the same time, 603.6a, 603.10a).
    one_or_more: bool = False


@dataclass(frozen=True)
class Activated(Immutable):
    """602: "[cost]: [effect]". Costs: mana, {T}, {Q}, counters removed or put on it, sacrificing the permanent
    (118, 602.2). `your_turn`: "Juega esta habilidad sólo durante tu turno" (602.5)."""
    cost: tuple[Symbol, ...]
    tap: bool = False
    untap: bool = False
    remove_counters: tuple[tuple[str, int], ...] = ()
    sacrifice: bool = False
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    put_counters: tuple[tuple[str, int], ...] = ()
    your_turn: bool = False
    sacrifice_type: str = ""          # "sacrifice a Mountain": a permanent you control of this type or subtype
    reveal_sharing_color: int = 0     # "reveal N cards from your hand that share a colour"
    only_if_color: str = ""           # "activate only if you control `only_if_n` or more permanents of this colour"
    only_if_n: int = 0
    # "Descartar [esta carta]: …": the cost moves the card out of its owner's hand, so the ability works only there
    # (113.6m), and is activated from the hand (play.do_activate)
    discard_self: bool = False
    # "Activate only as a sorcery" (602.5d): its controller's main phase, the stack empty. Equip is one (702.6a).
    sorcery: bool = False
    equip: bool = False               # the equip keyword ability (702.6a), written `equip: "{N}"` on the card
    # 113.6b / 602.2: "graveyard": an ability that says it works from the graveyard ("{2}{B}: Return this card from
    # your graveyard to your hand"): activated only while its card is in its owner's graveyard (play.py), and
    # not one of the permanent's abilities.
    zone: str = "battlefield"

    @cached_property
    def is_mana_ability(self) -> bool:
        """605.1a: no target, could add mana, not a loyalty ability. (Worked out once: the ability is frozen.)"""
        return not self.targets and bool(self.effects) and all(e.kind == "add_mana" for e in self.effects)

    def cost_text(self) -> str:
        parts = [cost_text(self.cost)] if self.cost else []
        if self.tap:
            parts.append("{T}")
        if self.untap:
            parts.append("{Q}")
        for kind, n in self.remove_counters:
            parts.append(f"quitar {n} contador(es) {kind}")
        for kind, n in self.put_counters:
            parts.append(f"poner {n} contador(es) {kind} sobre él")
        if self.sacrifice:
            parts.append("sacrificar")
        if self.discard_self:
            parts.append("descartar esta carta")
        if self.sacrifice_type:
            parts.append(f"sacrificar {self.sacrifice_type}")
        if self.reveal_sharing_color:
            parts.append(f"mostrar {self.reveal_sharing_color} cartas de tu mano que compartan un color")
        return ", ".join(parts) or "{0}"

    def cost_said(self) -> "list[Message | str] | str":
        """`cost_text` as the parts of a Message's list parameter (magic.cost.*, messages_text.py): mana symbols
        as they are, the other costs (602.1a) in the step's language."""
        parts: list[Message | str] = [cost_text(self.cost)] if self.cost else []
        if self.tap:
            parts.append("{T}")
        if self.untap:
            parts.append("{Q}")
        parts += [Message("magic.cost.remove_counters", n=n, kind=kind) for kind, n in self.remove_counters]
        parts += [Message("magic.cost.put_counters", n=n, kind=kind) for kind, n in self.put_counters]
        if self.sacrifice:
            parts.append(Message("magic.cost.sacrifice"))
        if self.discard_self:
            parts.append(Message("magic.cost.discard_self"))
        if self.sacrifice_type:
            parts.append(Message("magic.cost.sacrifice_type", what=self.sacrifice_type))
        if self.reveal_sharing_color:
            parts.append(Message("magic.cost.reveal_sharing_color", n=self.reveal_sharing_color))
        return parts or "{0}"


@dataclass(frozen=True)
class Static(Immutable):
    """604/611.3: a continuous effect while the permanent is on the battlefield (an Effect with `to`), and only
    while `condition` holds when it has one ("as long as a library has twenty or fewer cards", 604.1)."""
    effect: Effect
    condition: tuple[str, int, str] | None = None     # (kind, n, arg): conditions.py


@dataclass(frozen=True)
class Replacement(Immutable):
    """614/615: `event` draw | life_gain | damage | enters | dies | prevent_none | no_life_gain | all_wither |
    tap_for_mana | counters | life_loss.

    draw: the controller's draws are replaced by `instead`; life_gain: `multiply`/`add` to the controller's
    gains; damage: prevents `prevent` (−1: all) damage dealt to `to`, and with `source_draws` the source's
    controller then draws a card per damage prevented (615.5); enters: this permanent enters with `counters` (and
    tapped with `tapped`, 614.1c); dies: this permanent goes to exile instead of its owner's graveyard;
    prevent_none: damage can't be prevented (615.12); no_life_gain: players can't gain life (119.7); all_wither: all
    damage is dealt as though its source had wither (120.3d, 702.80a); tap_for_mana: a permanent its controller
    taps for mana produces `multiply` times that mana (106.12b); counters: counters of kind `counter` ("" any) that
    would be put on a permanent in `to` (self | creatures_you_control | permanents_you_control) are `multiply` times
    that many plus `add` instead, never fewer than 0 (614.1a, 122.6); life_loss: a player in `to` (controller |
    opponents | each) who would lose life loses `multiply` times that much plus `add` instead (614.1a, 119.3)."""
    event: str
    instead: tuple[Effect, ...] = ()
    multiply: int = 1
    add: int = 0
    prevent: int = -1
    to: str = "self"
    counters: tuple[tuple[str, int], ...] = ()
    source_draws: bool = False
    tapped: bool = False
    choose: str = ""                  # enters: "as it enters, choose a color | name a card" (614.12a): color | name
    counter: str = ""                 # counters: the kind of counter it replaces ("" any)
    # damage_dealt: "if a source would deal damage, it deals `multiply` times that much plus `add` instead"
    # (614.1a); prevent_from: "prevent all (or `prevent`) damage that [such] sources would deal" (615.1). `to`:
    # whose sources (each | controller | opponents | self); `where`: their qualities (filters.source_has).
    where: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardDef(Immutable):
    name: str
    types: tuple[str, ...]
    mana_cost: tuple[Symbol, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    color_override: tuple[str, ...] | None = None     # a colour indicator / "is red" (202.2, 204)
    power: int | None = None
    toughness: int | None = None
    keywords: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()                  # instants and sorceries
    targets: tuple[TargetSpec, ...] = ()              # spell targets (an Aura's enchant target)
    modes: tuple["Mode", ...] = ()                    # a modal spell: one mode chosen on casting (700.2a)
    triggers: tuple[Triggered, ...] = ()
    activated: tuple[Activated, ...] = ()
    statics: tuple[Static, ...] = ()
    replacements: tuple[Replacement, ...] = ()
    text: str = ""                                    # printed text the engine does not model (flagged)
    # 118.8 / 601.2b: "As an additional cost to cast this spell, sacrifice a creature / pay N life / discard a card".
    # 107.3c: "where X is the number of <subtype/type> you control as you cast it": fixed as it is cast.
    x_counts: str = ""
    additional: tuple[tuple[str, int], ...] = ()      # ("sacrifice_creature" | "pay_life" | "discard" |
                                                      #  "counter_creature": a -1/-1 counter on a creature, n)
    unmodelled_keywords: tuple[str, ...] = ()
    is_token: bool = False
    # 601.3 / 113.6f: "You may cast this card from your graveyard": the zones besides the hand its owner may cast it
    # from (castfrom.py); the ability works there, from where it could be cast.
    cast_from: tuple[str, ...] = ()

    @property
    def colors(self) -> tuple[str, ...]:
        return self.color_override if self.color_override is not None else colors_of(self.mana_cost)

    @property
    def mana_value(self) -> int:
        return mana_value(self.mana_cost)

    @property
    def is_permanent(self) -> bool:
        return bool(PERMANENT_TYPES & set(self.types))

    @property
    def is_aura(self) -> bool:
        return "enchantment" in self.types and "Aura" in self.subtypes

    @property
    def is_equipment(self) -> bool:
        """301.5: an artifact with the subtype Equipment (written «Equipment» or «Equipo»)."""
        return "artifact" in self.types and bool(EQUIPMENT_SUBTYPES & set(self.subtypes))

    def has_type(self, t: str) -> bool:
        return t in self.types

    def type_line(self) -> str:
        sup = " ".join(SUPERTYPES[s].capitalize() for s in self.supertypes)
        main = " ".join(CARD_TYPES.get(t, t) for t in self.types)
        line = f"{sup} {main}".strip() if sup else main
        return f"{line} — {' '.join(self.subtypes)}" if self.subtypes else line

    def unmodelled_notes(self) -> list[str]:
        """What a trace flags of this card (113.6: its abilities the engine does not model): its text, then each
        unmodelled keyword, each a Note («Lobo: «…» (texto no modelado)» / «… (text not modelled)»)."""
        notes: list[str] = []
        if self.text:
            notes.append(Note(Message("core.unmodelled.text", card=self.name, text=self.text)))
        known = keyword.current().unmodelled
        for k in self.unmodelled_keywords:
            notes.append(Note(Message("core.unmodelled.ability", card=self.name,
                                      ability=Message(f"magic.kwname.{k}") if k in known else k)))
        return notes


def _land(name: str, color: str, subtype: str) -> CardDef:
    from judge.engine.rulesets.magic.mana import parse_cost
    return CardDef(name=name, types=("land",), supertypes=("basic",), subtypes=(subtype,),
                   activated=(Activated(cost=(), tap=True, effects=(Effect("add_mana", mana=f"{{{color}}}"),)),),
                   color_override=())


# The basic land types (305.6) and the mana their intrinsic ability makes.
BASIC_LAND_TYPES = {"Llanura": "W", "Isla": "U", "Pantano": "B", "Montaña": "R", "Bosque": "G"}
BASIC_LANDS: dict[str, CardDef] = {c.name: c for c in (
    _land("Llanura", "W", "Llanura"), _land("Isla", "U", "Isla"), _land("Pantano", "B", "Pantano"),
    _land("Montaña", "R", "Montaña"), _land("Bosque", "G", "Bosque"))}
