"""Keywords as typed pieces (issue 17), the twin of verb.py: one small class per keyword owns its names (the id a
scenario writes, its Spanish name and the other Spanish words read for it, the English label), the rule that says
what it does, the words of the 2008 Spanish FAQ the card catalog reads for it, whether the fuzzer may give it to a
card, and where it acts: a restriction on attacking or blocking (`attack_restriction`, `block_restriction`, asked
by turn.py for every creature and pair) or a fact the rules modules ask of a permanent's keywords (`unsick`,
`strikes_first`, `not_destroyed`…: each a frozenset of the keywords that have it, gathered by the `Registry`).

The keyword modules (keywords/*.py) register themselves as the ruleset loads (magic/__init__.py imports the
keywords package, which imports every module in it), so a new keyword is one new file. This module imports data
only: the rules modules read the registry (`current()`) and never name a keyword.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from judge.engine.rulesets.magic.registrar import Registrar
from judge.messages import Message

if TYPE_CHECKING:
    from judge.engine.rulesets.magic.cards import Triggered
    from judge.engine.rulesets.magic.known import LastKnown
    from judge.engine.rulesets.magic.layers import Chars
    from judge.engine.rulesets.magic.state import MagicObject, MagicState, StackItem
    from judge.engine.step import Step

# What a restriction answers when it forbids: the reason (Spanish) and the rules it breaks.
Refusal = tuple["Message", list[str]]     # why not (a judge.messages.Message) and the rules cited

# The facts a keyword may have, each a class attribute of `Keyword` (True where the keyword has it) and a frozenset
# of the keywords with it on the `Registry`: the rules modules ask `not reg.<fact>.isdisjoint(keywords)`.
FACTS = ("unsick", "attacks_untapped", "must_be_blocked", "blocks_flying", "strikes_first", "strikes_twice", "excess_to_player",
         "any_damage_lethal", "damage_gains_life", "damage_as_counters", "not_destroyed", "untargetable",
         "unpreventable", "as_instant", "uncounterable", "no_counters", "no_untap", "cant_activate")


class Keyword:
    """One keyword. The class attributes are its data and facts; the methods where it restricts combat."""
    name: ClassVar[str]                                 # the id a scenario writes («flying»)
    spanish: ClassVar[str]                              # its Spanish name, shown in traces and boards («volar»)
    english: ClassVar[str] = ""                         # the builder's English label (the id when empty)
    rule: ClassVar[str] = ""                            # the rule that says what it does (702.9b)
    order: ClassVar[float] = 1000.0                     # place in the lists users read, and in the fuzzer's pool
    aliases: ClassVar[tuple[str, ...]] = ()             # other Spanish words a scenario may write for it
    catalog_words: ClassVar[tuple[str, ...]] = ()       # a keyword line of the 2008 FAQ's cards («vuela»)
    ability_names: ClassVar[tuple[str, ...]] = ()       # «… la habilidad de X» in the FAQ's card text
    modelled: ClassVar[bool] = True                     # False: printed on real cards, flagged as not modelled
    fuzzed: ClassVar[bool] = True                       # the fuzzer may give it to a card (when modelled)
    # Where it acts in combat: the order its attack or block restriction is checked in (the first refusal is told).
    block_order: ClassVar[float | None] = None
    attack_order: ClassVar[float | None] = None
    # Its facts (FACTS above): each documented on the keyword that has it.
    unsick = attacks_untapped = must_be_blocked = blocks_flying = strikes_first = strikes_twice = False
    excess_to_player = any_damage_lethal = damage_gains_life = damage_as_counters = not_destroyed = False
    untargetable = unpreventable = as_instant = uncounterable = no_counters = no_untap = cant_activate = False
    # A keyword that stands for a triggered ability (persist 702.79a, conspire 702.78a): its `Triggered` carry
    # `keyword=name`, and the rules modules hand them back here (`resolve`, `trigger_text`). One whose intervening
    # "if" (603.4) can be false as it would trigger marks that with `keyword=name + "-false"` and says so with its
    # `declined` message (priority.py tells it as part of the event, not as a trigger step).
    triggers: ClassVar[bool] = False
    declined: ClassVar[str] = ""                        # message id: its intervening "if" was false (603.4)
    # A keyword flagged in the damage it deals (a message id wrapping the damage's words): one whose damage the
    # engine does not model (infect, 702.90: poison counters and -1/-1 counters are not dealt).
    damage_note: ClassVar[str] = ""

    def on_dies(self, lki: "LastKnown") -> tuple["Triggered", ...]:
        """The triggered abilities this keyword gives a permanent that died with it (603.10a: read from its last
        known information `lki`, each instance on its own, 113.2c); none unless the keyword triggers on dying."""
        return ()

    def resolve(self, state: "MagicState", out: list["Step"], item: "StackItem") -> None:
        """Resolve the triggered ability this keyword stands for (`triggers`), told in `out` (608.2)."""
        raise NotImplementedError(self.name)

    def trigger_text(self, source_name: str) -> "Message":
        """The words of its triggered ability on the stack, from the source's name: «persistir de X»."""
        return Message("magic.ability.keyword", keyword=Message(f"magic.kwname.{self.name}"), source=source_name)

    def attack_restriction(self, state: "MagicState", o: "MagicObject", c: "Chars") -> Refusal | None:
        """Why `o` (its characteristics `c`) can't attack because of this keyword (508.1c), or None."""
        return None

    def block_restriction(self, state: "MagicState", b: "MagicObject", cb: "Chars", a: "MagicObject",
                          ca: "Chars") -> Refusal | None:
        """Why `b` can't block `a` because of this keyword on either of them (509.1b), or None."""
        return None

    @property
    def label(self) -> tuple[str, str]:
        """The builder's name of it: Spanish, English."""
        return self.spanish, self.english or self.name


class Registry:
    """The keywords in the order a user reads them, with the tables the readers look up."""

    def __init__(self, keywords: Iterable[Keyword]) -> None:
        self.keywords: tuple[Keyword, ...] = tuple(sorted(keywords, key=lambda k: (k.order, k.name)))
        self.by_name: dict[str, Keyword] = {k.name: k for k in self.keywords}
        if len(self.by_name) != len(self.keywords):
            raise ValueError("two keywords with one name")
        modelled = [k for k in self.keywords if k.modelled]
        # id → Spanish name: the modelled keywords (what a card's `keywords:` may say) and the flagged ones.
        self.names: dict[str, str] = {k.name: k.spanish for k in modelled}
        self.unmodelled: dict[str, str] = {k.name: k.spanish for k in self.keywords if not k.modelled}
        self.spanish_ids: dict[str, str] = {k.spanish: k.name for k in modelled}
        for k in modelled:
            self.spanish_ids.update({alias: k.name for alias in k.aliases})
        self.catalog_words: dict[str, str | None] = {
            w: (k.name if k.modelled else None) for k in self.keywords for w in k.catalog_words}
        self.ability_names: dict[str, str] = {w: k.name for k in modelled for w in k.ability_names}
        self.fuzz_pool: tuple[str, ...] = tuple(k.name for k in modelled if k.fuzzed)
        self.attack_restrictions: tuple[Keyword, ...] = tuple(sorted(
            (k for k in self.keywords if k.attack_order is not None), key=lambda k: (k.attack_order, k.name)))
        self.block_restrictions: tuple[Keyword, ...] = tuple(sorted(
            (k for k in self.keywords if k.block_order is not None), key=lambda k: (k.block_order, k.name)))
        for fact in FACTS:
            setattr(self, fact, frozenset(k.name for k in modelled if getattr(k, fact)))
        # The keywords that stand for a triggered ability, by the `keyword` their abilities carry; those that
        # trigger on dying (`on_dies` overridden); the "did not trigger" marks (603.4); the flagged damage notes.
        self.triggering: dict[str, Keyword] = {k.name: k for k in modelled if k.triggers}
        self.dying: tuple[Keyword, ...] = tuple(k for k in modelled if type(k).on_dies is not Keyword.on_dies)
        self.dying_names: frozenset[str] = frozenset(k.name for k in self.dying)
        self.declined: dict[str, Keyword] = {k.name + "-false": k for k in modelled if k.declined}
        self.damage_notes: tuple[Keyword, ...] = tuple(k for k in self.keywords if k.damage_note)

    # The facts, as the type checker sees them (set in __init__ from FACTS).
    unsick: frozenset[str]
    attacks_untapped: frozenset[str]
    must_be_blocked: frozenset[str]
    blocks_flying: frozenset[str]
    strikes_first: frozenset[str]
    strikes_twice: frozenset[str]
    excess_to_player: frozenset[str]
    any_damage_lethal: frozenset[str]
    damage_gains_life: frozenset[str]
    damage_as_counters: frozenset[str]
    not_destroyed: frozenset[str]
    untargetable: frozenset[str]
    unpreventable: frozenset[str]
    as_instant: frozenset[str]
    uncounterable: frozenset[str]
    no_counters: frozenset[str]
    no_untap: frozenset[str]
    cant_activate: frozenset[str]

    def __iter__(self) -> Iterator[Keyword]:
        return iter(self.keywords)

    def __contains__(self, name: object) -> bool:
        return name in self.by_name

    def get(self, name: str) -> Keyword | None:
        return self.by_name.get(name)

    def spanish(self, name: str) -> str:
        """The Spanish name of a modelled keyword's id; any other id as it is."""
        return self.names.get(name, name)

    def keyword_id(self, name: str) -> str | None:
        """A modelled keyword's id from its id or a Spanish name (case as written; accents as the tables have)."""
        key = name.strip().lower().replace(" ", "_")
        if key in self.names:
            return key
        return self.spanish_ids.get(name.strip().lower())

    def is_unmodelled(self, name: str) -> bool:
        """A keyword printed on real cards that the engine does not model, by its id or its Spanish name."""
        low = name.lower()
        return low in self.unmodelled or low in self.unmodelled.values()

    def with_keywords(self, *keywords: Keyword) -> "Registry":
        """This registry and more keywords (a test's toy keyword)."""
        return Registry((*self.keywords, *keywords))


def has_fact(fact: frozenset[str], keywords: Any) -> bool:
    """Whether any of `keywords` (a set, tuple or list of ids) has the fact."""
    return not fact.isdisjoint(keywords)


# One registry for the ruleset (registrar.py): `@register` in each keyword module, `current()` where the rules ask,
# `using(...)` in a test that adds a toy keyword.
_REGISTRAR: Registrar[Keyword, Registry] = Registrar(Registry)
register = _REGISTRAR.register
current = _REGISTRAR.current
using = _REGISTRAR.using
