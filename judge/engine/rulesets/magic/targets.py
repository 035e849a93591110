"""Targets (115, 601.2c, 608.2b): which object or player a target spec allows, the legal candidates, the choice of
targets as a spell, an ability or a trigger is put on the stack (603.3d), and the text of a triggered ability.
Below the effects: it reads the state, the layers and the text only.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from judge.engine.rulesets.magic import keyword, layers
from judge.engine.rulesets.magic.cards import CardDef, TargetSpec, Triggered
from judge.engine.rulesets.magic.choices import Question
from judge.engine.rulesets.magic.cites import cr, named
from judge.engine.rulesets.magic.protection import protected_from
from judge.engine.rulesets.magic.qualities import describe_where, has_all, said_where
from judge.engine.rulesets.magic.state import MagicState, StackItem
from judge.engine.rulesets.magic.steps import ask
from judge.engine.rulesets.magic.text import describe_effect, describe_target
from judge.engine.rulesets.magic.conditions import said as said_condition
from judge.engine.rulesets.magic.messages_text import GENERAL_WHEN
from judge.engine.rulesets.magic.triggers import CONDITION_TEXT
from judge.engine.step import Step
from judge.messages import Message


# -- targets --------------------------------------------------------------------------------------------------------
def legal_target(state: MagicState, spec: TargetSpec, ref: str, controller: str, source: str = "") -> Message | None:
    """None if `ref` is a legal choice for `spec` now, else why not."""
    if spec.kind in ("spell", "creature_spell"):
        item = next((i for i in state.stack if i.id == ref and i.kind == "spell"), None)
        if item is None:
            return Message("magic.target.not_spell", ref=ref)
        if ref == source:
            return Message("magic.target.itself")
        if spec.kind == "creature_spell" and "creature" not in _spell_card(state, item).types:
            return Message("magic.target.not_creature_spell", item=item.text)
        return None
    if spec.zone == "graveyard":
        return _legal_card_in_graveyard(state, spec, ref, controller)
    if state.has_player(ref):
        if spec.kind not in ("player", "any"):
            return Message("magic.target.player_not", ref=ref, target=describe_target(spec))
        if state.player(ref).lost:
            return Message("magic.target.left_game", ref=ref)
        if spec.controller == "opponent" and ref == controller:
            return Message("magic.target.must_be_opponent")
        if spec.controller == "you" and ref != controller:
            return Message("magic.target.must_be_you")
        guard = protected_from(state, ref, source) if source else None
        if guard:
            return Message("magic.target.protected", who=ref, guard=guard)
        return None
    o = state.objects.get(ref)
    if o is None or o.zone != "battlefield":
        return Message("magic.attack.not_permanent", ref=ref)
    if spec.kind == "player":
        return Message("magic.target.not_player", ref=ref)
    if spec.other and ref == source:
        return Message("magic.target.is_source", card=o.card, id=ref)
    c = layers.chars_of(state, o)
    if not keyword.current().untargetable.isdisjoint(c.keywords):
        return Message("magic.target.shroud", card=o.card, id=ref)
    if spec.kind in ("creature", "any") and "creature" not in c.types:
        return Message("magic.illegal.not_creature", card=o.card, id=ref)
    guard = protected_from(state, ref, source) if source else None
    if guard:
        return Message("magic.target.protected", who=f"{o.card} ({ref})", guard=guard)
    if spec.untapped and o.tapped:
        return Message("magic.target.tapped", card=o.card, id=ref)
    if spec.kind in ("land", "artifact", "enchantment") and spec.kind not in c.types:
        return Message("magic.target.not_kind", card=o.card, id=ref, target=describe_target(spec))
    if spec.where and not has_all(state, o, c, spec.where):
        return Message("magic.target.not_kind", card=o.card, id=ref, target=describe_target(spec))
    if spec.kind == "nonenchantment" and "enchantment" in c.types:
        return Message("magic.target.is_enchantment", card=o.card, id=ref)
    if spec.kind == "nonland" and "land" in c.types:
        return Message("magic.target.is_land", card=o.card, id=ref)
    if spec.controller.startswith("player:") and c.controller != spec.controller.removeprefix("player:"):
        return Message("magic.target.not_controlled_by", card=o.card, id=ref,
                       player=spec.controller.removeprefix("player:"))
    if spec.controller == "you" and c.controller != controller:
        return Message("magic.target.not_yours", card=o.card, id=ref)
    if spec.controller == "opponent" and c.controller == controller:
        return Message("magic.target.not_opponents", card=o.card, id=ref)
    return None


def expand_specs(specs: Sequence[TargetSpec], n: int) -> tuple[TargetSpec, ...]:
    """The target slots for `n` chosen targets: a last `many` slot ("any number of target creatures") repeats."""
    if specs and specs[-1].many:
        return tuple(specs[:-1]) + (specs[-1],) * max(0, n - len(specs) + 1)
    return tuple(specs)


def count_problem(specs: Sequence[TargetSpec], n: int) -> Message | None:
    """None if `n` targets fit the slots (exactly one each; any number for a last `many` slot)."""
    if specs and specs[-1].many:
        return None if n >= len(specs) - 1 else Message("magic.illegal.target_count_many", n=len(specs) - 1)
    return None if n == len(specs) else Message(
        "magic.illegal.target_count", n=len(specs), given=n,
        specs=[describe_target(s) for s in specs] or Message("magic.illegal.target_count_none"))


def distinct_problem(specs: Sequence[TargetSpec], refs: Sequence[str]) -> Message | None:
    """115.3: one object once per instance of "target"; "otra … objetivo" and "any number of" slots must differ
    from the targets chosen before them."""
    for i, (spec, ref) in enumerate(zip(specs, refs)):
        if (spec.other or spec.many) and ref in refs[:i]:
            return Message("magic.illegal.target_twice", ref=ref, spec=describe_target(spec))
def _spell_card(state: MagicState, item: StackItem) -> CardDef:
    """The card a spell on the stack is, or the card a copy of a spell copies (707.10)."""
    if item.obj is not None:
        return state.card(item.obj)
    return state.cards[item.copy_of]


def _legal_card_in_graveyard(state: MagicState, spec: TargetSpec, ref: str, controller: str) -> Message | None:
    """115.1 / 400.1: a target card in a graveyard (a public zone): the card must be there now, of the kind asked."""
    o = state.objects.get(ref)
    if o is None or o.zone != "graveyard":
        return Message("magic.target.not_in_graveyard", ref=ref)
    if spec.controller == "you" and o.owner != controller:
        return Message("magic.target.not_your_graveyard", card=o.card, id=ref)
    if spec.controller == "opponent" and o.owner == controller:
        return Message("magic.target.not_opponent_graveyard", card=o.card, id=ref)
    if spec.kind == "creature" and "creature" not in state.card(o).types:
        return Message("magic.target.not_creature_card", card=o.card, id=ref)
    if spec.kind == "instant_or_sorcery" and not {"instant", "sorcery"} & set(state.card(o).types):
        return Message("magic.target.not_instant_sorcery", card=o.card, id=ref)
    return None


def mv_problem(state: MagicState, specs: Sequence[TargetSpec], refs: Sequence[str | None], n: int
               ) -> Message | None:
    """A slot whose mana value must be at most another target's (202.3; Diablura de puca): why it isn't, or None."""
    spec = specs[n] if n < len(specs) else None
    if spec is None or spec.mv_at_most_slot < 0 or spec.mv_at_most_slot >= len(refs):
        return None
    a, b = state.objects.get(refs[n] or ""), state.objects.get(refs[spec.mv_at_most_slot] or "")
    if a is None or b is None:
        return None
    if state.card(a).mana_value > state.card(b).mana_value:
        return Message("magic.target.mana_value", a=f"{a.card} ({a.id})", b=f"{b.card} ({b.id})")
    return None


def candidates(state: MagicState, spec: TargetSpec, controller: str, source: str = "", limit: int | None = None
               ) -> list[str]:
    """The legal targets for `spec` now, in the order players, permanents, stack (the first `limit` of them, when
    given: the rest are not looked at). The refs `legal_target` refuses at its first test whatever the state
    (anything but a spell on the stack for a spell spec; a player's name for a spec that takes no player, any other
    ref for one that takes only players; a permanent that is no creature for a creature spec) are left out before
    it is asked, so no reason is built for them."""
    if spec.zone == "graveyard":
        refs = [o.id for p in state.players for o in p.zones["graveyard"]]
    else:
        names = [p.name for p in state.players]
        refs = names + [o.id for o in state.battlefield()] + [i.id for i in state.stack]
        if spec.kind in ("spell", "creature_spell"):
            spells = {i.id for i in state.stack if i.kind == "spell"}
            refs = [r for r in refs if r in spells]
        elif spec.kind == "player":
            refs = [r for r in refs if r in names]
        elif spec.kind != "any":
            refs = [r for r in refs if r not in names]
        if spec.kind in ("creature", "any"):
            # A permanent that is no creature now is refused (shroud or not, 115.1): not asked either.
            chars = layers.compute(state)
            refs = [r for r in refs if r in names or (c := chars.get(r)) is None or "creature" in c.types]
    if limit is None:
        return [r for r in refs if legal_target(state, spec, r, controller, source) is None]
    found: list[str] = []
    for r in refs:
        if len(found) >= limit:
            break
        if legal_target(state, spec, r, controller, source) is None:
            found.append(r)
    return found


def choose_targets(state: MagicState, out: list[Step], player: str, source: str, specs: Sequence[TargetSpec],
                   source_name: str) -> tuple[str, ...] | None:
    """603.3d: a triggered ability's targets, chosen by its controller as it is put on the stack; None when a
    target slot has no legal choice."""
    chosen: list[str] = []
    for n, spec in enumerate(specs):
        options = [o for o in candidates(state, spec, player, source) if not (spec.other and o in chosen)]
        # A later slot compared with this one: only choices that leave it a legal target (Diablura de puca/1).
        later = [k for k, s in enumerate(specs) if s.mv_at_most_slot == n and k > n]
        options = [o for o in options if all(any(mv_problem(state, specs, [*chosen, o, *[None] * (k - n - 1), c], k)
                                                  is None for c in candidates(state, specs[k], player, source))
                                              for k in later)]
        options = [o for o in options if mv_problem(state, specs, [*chosen, o], n) is None]
        if not options:
            return None
        q = Question("targets", player, tuple(options), Message("magic.prompt.trigger_target", player=player,
                                                                target=describe_target(spec), source=source_name,
                                                                options=options), tuple(cr("603.3d", "601.2c")))

        def current(ref: str) -> str:
            # A scenario id names its current incarnation (400.7), as in actions; a player stays a player.
            o = state.obj(ref) if not state.has_player(ref) else None
            return o.id if o is not None else ref

        def valid(ans: Any, spec: TargetSpec = spec) -> Any:
            if len(ans.values) != 1:
                return (Message("magic.illegal.one_target"), cr("601.2c"))
            why = legal_target(state, spec, current(ans.values[0]), player, source)
            if why is None and current(ans.values[0]) not in options:
                # legal alone, but it would leave a later target with no legal choice, or break its comparison
                why = Message("magic.target.blocks_others", ref=ans.values[0], options=options)
            named = re.findall(r"\((\d{3}\.\d+[a-z]?)\)", str(why or ""))
            return None if why is None else (why, cr("601.2c", "115.1", *named))
        chosen.append(current(ask(state, out, q, valid).values[0]))
    return tuple(chosen)


# The trigger events and who triggers them that messages_text.py says (magic.when.*).
WHEN_SAID = frozenset({"enters", "dies", "leaves", "attacks", "blocks", "upkeep", "end_step", "counter_put",
                       "deals_damage", "dealt_damage", "untapped", "state", "end_of_combat", "blocked"})
WHO_SAID = frozenset({"creature", "opponents_creature", "your_creature"})


def trigger_text(ab: Triggered, source_name: str) -> Message:
    """A triggered ability as the stack and the steps name it (603.2): its source, trigger condition and effects."""
    stands_for = keyword.current().triggering.get(ab.keyword)
    if stands_for is not None:            # a keyword's own trigger (persist, conspire): its words are the keyword's
        return stands_for.trigger_text(source_name)
    # 603.2: the trigger event, a Message of messages_text.py (its «cuando …» is the ability's template's)
    when: "Message | str" = Message(f"magic.when.{ab.when}") if ab.when in WHEN_SAID else ab.when
    if ab.when in GENERAL_TEXT:
        when = general_when_text(ab)
    if ab.to_whom == "opponent":
        when = Message("magic.when.to_opponent", when=when)
    if ab.when == "counter_put" and ab.of == "creature":
        when = Message("magic.when.counter_on_creature", counter=f" {ab.counter}" if ab.counter else "")
    if ab.had_counter:
        when = Message("magic.when.had_counter", when=when, counter=ab.had_counter)
    if ab.when in ("dies", "enters", "attacks") and ab.of != "self":
        many = ".many" if ab.one_or_more else ""        # 603.2c: once per event, however many
        who: Message = Message(f"magic.when.who.{ab.of if ab.of in WHO_SAID else 'other'}{many}")
        if ab.where:
            who = Message("magic.to.where", what=who, where=said_where(ab.where))
        when = Message("magic.when.who_verb", who=who, verb=Message(f"magic.when.verb.{ab.when}{many}"))
    cond = Message("magic.fx.comma", text=said_condition(ab.condition, ab.condition_n, ab.condition_arg)) \
        if CONDITION_TEXT.get(ab.condition) else ""         # 603.4: its intervening «if»
    return Message("magic.ability.triggered", source=source_name, when=when, cond=cond,
                   effects=[describe_effect(e) for e in ab.effects])


# "Whenever [who] draws / gains life / loses life", "whenever a card [whose] is put into [zone] from [zone]" (603.2):
# the trigger events said by `whose` (their words in messages_text.py)
GENERAL_TEXT = frozenset(GENERAL_WHEN)


def general_when_text(ab: Triggered) -> Message:
    """The trigger condition of a draw / life / zone-change / cast ability, from its `whose` and zones (603.2), as
    a Message (magic.when.*, messages_text.py)."""
    from judge.engine.rulesets.magic.messages import zone
    from judge.engine.rulesets.magic.state import ZONE_NAMES
    text = Message(f"magic.when.{ab.when}.{ab.whose}")
    if ab.when == "zone_change":
        where = zone(ab.to_zone) if ab.to_zone else Message("magic.when.other_zone")
        since = zone(ab.from_zone) if ab.from_zone else Message("magic.when.any_zone")
        text = Message("magic.when.put_into", what=text, where=where, since=since)
    if ab.when == "spell_cast":
        if ab.where:
            text = Message("magic.to.where", what=text, where=said_where(ab.where))
        if ab.from_zone:
            source = Message(f"magic.when.from.{ab.from_zone}") if ab.from_zone in WHOSE_ZONES else \
                zone(ab.from_zone) if ab.from_zone in ZONE_NAMES else ""
            text = Message("magic.when.from", what=text, zone=source)
    return text


WHOSE_ZONES = ("graveyard", "hand", "exile", "library")     # «desde un cementerio», "from a graveyard"…
