"""614–616: one replacement and prevention pipeline. An event that is about to happen is a typed proposed event
(damage, life gain or loss, a draw, a zone change, counters, mana); `ReplacementHandler` gathers every replacement
and prevention effect that applies to it — the one place where "loses all abilities" (613.1f) and "damage can't be
prevented" (615.12) are read —, lets the affected player or the affected object's controller choose among them
(616.1, 616.1e-f: asked through `state.chooser` as every other choice), applies each once (614.5), and returns the
event as it will happen. The caller performs it, records its step and hands its `Event` to the trigger matching
(603.2, `core.observe`).

It imports no action module: the mechanics (core) call it, never the other way round.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Union

from judge.engine.rulesets.magic import keyword, layers
from judge.engine.rulesets.magic.cards import Replacement
from judge.engine.rulesets.magic.choices import Question
from judge.engine.rulesets.magic.filters import source_has
from judge.engine.rulesets.magic.known import LastKnown
from judge.engine.rulesets.magic.qualities import said_where
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.state import ContinuousEffect, MagicObject, MagicState
from judge.engine.rulesets.magic.steps import answer_names, answers_text, ask
from judge.engine.rulesets.magic.text import describe_effect
from judge.engine.step import Step
from judge.messages import Message


# -- proposed events ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DamageEvent:
    """120.3: `amount` damage from a source (its information now or last known, `core.info`) to a player name or a
    creature (`target_obj`)."""
    source: LastKnown
    target: str
    target_obj: MagicObject | None
    amount: int


@dataclass(frozen=True)
class LifeGainEvent:
    """119.3: `player` would gain `amount` life."""
    player: str
    amount: int


@dataclass(frozen=True)
class LifeLossEvent:
    """119.3: `player` would lose `amount` life."""
    player: str
    amount: int


@dataclass(frozen=True)
class DrawEvent:
    """121.1: `player` would draw one card; `applied`: the sources whose replacement already replaced the draw this
    one comes from (614.5: a replacement applies once to an event and to the events that replace it)."""
    player: str
    applied: frozenset[str] = frozenset()


@dataclass(frozen=True)
class ZoneChangeEvent:
    """400.7: `obj` would move from `origin` to `to`. `abilities_lost`: whether the permanent had lost its abilities
    as it left (its last known information, 603.10a: read before any of those leaving with it moved);
    `discarded_by`: the player whose effect makes a player discard it (701.9), "" for any other move."""
    obj: MagicObject
    origin: str
    to: str
    abilities_lost: bool = False
    discarded_by: str = ""


@dataclass(frozen=True)
class CountersEvent:
    """122.1 / 122.6: `n` counters of `kind` would be put on `obj` (controlled by `controller`, a creature or not:
    `creature`); `entering`: on the new object `obj` becomes as it enters the battlefield with them (400.7)."""
    obj: MagicObject
    kind: str
    n: int
    controller: str
    creature: bool
    entering: bool = False


@dataclass(frozen=True)
class ManaEvent:
    """106.12b: `player` tapped a permanent for mana and it would produce `made`."""
    player: str
    made: dict[str, int]


Proposed = Union[DamageEvent, LifeGainEvent, LifeLossEvent, DrawEvent, ZoneChangeEvent, CountersEvent, ManaEvent]


class Applicable(NamedTuple):
    """A replacement effect of a permanent's (or a moving card's own) ability that applies to a proposed event."""
    permanent: MagicObject
    rule: Replacement


# The replacements of the damage a source would deal: "it deals double that damage instead" (614.1a) and "prevent
# all damage that red sources would deal" (615.1).
SOURCE_EVENTS = ("damage_dealt", "prevent_from")
# A prevention shield from a resolved spell or ability (615: `ContinuousEffect` of kind "prevent"), or an ability's.
Effect = Union[Applicable, ContinuousEffect]


@dataclass(frozen=True)
class Outcome:
    """A proposed event after its replacements: the amount (life, damage, counters) or the zone it now has, what
    each effect changed (`notes`, for the step's text) and the rules applied (`cites`)."""
    amount: int = 0
    notes: tuple["str | Message", ...] = ()
    cites: tuple[str, ...] = ()
    zone: str = ""
    top: bool = True


# -- what applies ---------------------------------------------------------------------------------------------------
def _abilities_work(state: MagicState, o: MagicObject) -> bool:
    """613.1f: a permanent that lost all its abilities has no replacement or prevention ability either. The one
    check of it for every effect of this module."""
    return not layers.chars_of(state, o).abilities_lost


def _replacing(state: MagicState) -> tuple[tuple[MagicObject, tuple], ...]:
    """The permanents whose card (state.card: copy effects included) has replacement abilities, in battlefield order,
    with them: listed again only when the battlefield holds other objects or the copy effects changed (an object's
    own card never changes, 400.7)."""
    bf = state.battlefield()
    hit = state.caches.replacing
    if hit is not None and hit[1] is state.copies and hit[0] == bf:
        return hit[2]
    found = tuple([(o, card.replacements) for o, card in zip(bf, state.cards_for(bf)) if card.replacements])
    state.caches.replacing = (bf, state.copies, found)
    return found


def permanents_with(state: MagicState, event: str | tuple[str, ...]) -> Iterator[Applicable]:
    """The replacement abilities of kind `event` (or of any of several kinds, in one pass) of the permanents on the
    battlefield that still have their abilities, in battlefield order (a permanent's in its card's order)."""
    events = (event,) if isinstance(event, str) else event
    for o, replacements in _replacing(state):
        rules = [r for r in replacements if r.event in events]
        if rules and _abilities_work(state, o):
            for r in rules:
                yield Applicable(o, r)


def _is_creature(state: MagicState, o: MagicObject) -> bool:
    return "creature" in layers.chars_of(state, o).types


def _damage_applies(state: MagicState, ev: DamageEvent, a: Applicable) -> bool:
    """615: a prevention ability protects itself, its controller, or the creatures its controller controls."""
    o, r, tobj = a.permanent, a.rule, ev.target_obj
    return (r.to == "self" and tobj is not None and tobj.id == o.id
            or r.to == "controller" and ev.target == o.controller
            or r.to == "creatures_you_control" and tobj is not None and tobj.controller == o.controller
            and _is_creature(state, tobj))


def _counters_apply(ev: CountersEvent, a: Applicable) -> bool:
    """614.1a: the counter kind it names ("" any), put on itself, or on a permanent / creature its controller
    controls; an entering object is a new one (400.7), which no «self» replacement of the old one names."""
    w, r = a.permanent, a.rule
    if r.counter not in ("", ev.kind):
        return False
    return (r.to == "self" and w.id == ev.obj.id and not ev.entering
            or r.to == "permanents_you_control" and w.controller == ev.controller
            or r.to == "creatures_you_control" and w.controller == ev.controller and ev.creature)


def _zone_change_effects(state: MagicState, ev: ZoneChangeEvent) -> list[Applicable]:
    """The replacements of a move (614.1a, 614.6): the moving permanent's own "if it would die, exile it instead"
    (unless it had lost its abilities as it left), a discarded card's own "if an opponent makes you discard it, put
    it onto the battlefield instead", and the permanents' that send the cards (not tokens, 111.1) that would go to
    the graveyard of the player they enchant to the bottom of that player's library instead."""
    card = state.card(ev.obj)
    found: list[Applicable] = []
    if ev.origin == "battlefield" and ev.to == "graveyard" and not ev.abilities_lost:
        found += [Applicable(ev.obj, r) for r in card.replacements if r.event == "dies"]
    if ev.origin == "hand" and ev.to == "graveyard" and ev.discarded_by and ev.discarded_by != ev.obj.owner:
        found += [Applicable(ev.obj, r) for r in card.replacements if r.event == "opponent_discard"]
    if ev.to == "graveyard" and not ev.obj.token:
        found += [a for a in permanents_with(state, "to_library_bottom") if a.permanent.attached_to == ev.obj.owner]
    return found


def _source_applies(state: MagicState, ev: DamageEvent, a: Applicable) -> bool:
    """614.1a / 615: a replacement or prevention of the damage a source deals ("if a source you control would deal
    damage", "damage that red sources would deal"): whose source (`to`: each | controller | opponents | self) and
    its qualities (`where`, the shared filter's: filters.source_has)."""
    o, r, src = a.permanent, a.rule, ev.source
    whose = src.controller
    if not (r.to == "each" or r.to == "controller" and whose == o.controller
            or r.to == "opponents" and whose is not None and whose != o.controller
            or r.to == "self" and src.id == o.id):
        return False
    if not r.where:
        return True
    now = state.objects.get(src.id)
    return source_has(state, src, r.where, now, layers.chars_of(state, now) if now is not None else None)


def applicable(state: MagicState, ev: Proposed) -> list[Effect]:
    """616.1: every replacement and prevention effect that applies to the proposed event `ev`, in the order they
    are offered (shields from resolved spells first, then the battlefield's abilities)."""
    if isinstance(ev, DamageEvent):
        shields: list[Effect] = [ce for ce in state.effects
                                 if ce.effect.kind == "prevent" and ev.target in ce.affected and ce.remaining != 0]
        return shields + [a for a in permanents_with(state, "damage") if _damage_applies(state, ev, a)] \
            + [a for a in permanents_with(state, SOURCE_EVENTS) if _source_applies(state, ev, a)]
    if isinstance(ev, LifeGainEvent):
        return [a for a in permanents_with(state, "life_gain") if a.permanent.controller == ev.player]
    if isinstance(ev, LifeLossEvent):
        return [a for a in permanents_with(state, "life_loss")
                if a.rule.to == "each" or (a.rule.to == "opponents") == (a.permanent.controller != ev.player)]
    if isinstance(ev, DrawEvent):
        return [a for a in permanents_with(state, "draw")
                if a.permanent.controller == ev.player and a.permanent.id not in ev.applied]
    if isinstance(ev, CountersEvent):
        return [a for a in permanents_with(state, "counters") if _counters_apply(ev, a)]
    if isinstance(ev, ManaEvent):
        return [a for a in permanents_with(state, "tap_for_mana") if a.permanent.controller == ev.player]
    return list(_zone_change_effects(state, ev))


def cant_be_prevented(state: MagicState, source: LastKnown) -> bool:
    """615.12: damage from a source with "its damage can't be prevented", or while a permanent on the battlefield
    says damage can't be prevented — only while that permanent has its abilities (613.1f: under a Humility-style
    effect it no longer stops prevention)."""
    if not keyword.current().unpreventable.isdisjoint(source.keywords):
        return True
    return next(permanents_with(state, "prevent_none"), None) is not None


def stops_life_gain(state: MagicState) -> MagicObject | None:
    """119.7: a permanent that says players can't gain life (while it has its abilities), or None."""
    return next((a.permanent for a in permanents_with(state, "no_life_gain")), None)


def all_damage_withers(state: MagicState) -> bool:
    """702.80a / 120.3d: a permanent says all damage is dealt as though its source had wither."""
    return next(permanents_with(state, "all_wither"), None) is not None


def entering_with(card: Any) -> list[Replacement]:
    """614.1c / 614.12: the "enters with / enters tapped / as it enters, choose" replacements of a card that is
    entering the battlefield: its own, read from the card (not yet a permanent whose abilities could be lost)."""
    return [r for r in card.replacements if r.event == "enters"]


# -- the choice among them (616.1) ----------------------------------------------------------------------------------
def _source_id(item: Effect) -> str:
    return item.source if isinstance(item, ContinuousEffect) else item.permanent.id


def _rep_text(item: Effect) -> Message:
    """What one replacement or prevention effect does, for the question that orders them (616.1), in the
    question's language (magic.rep.*, messages_effects.py)."""
    def prevents(n: int) -> "Message | int":
        return Message("magic.rep.all_damage") if n < 0 else n

    if isinstance(item, ContinuousEffect):
        return Message("magic.rep.prevents", card=item.source_name, n=prevents(item.remaining), more="")
    o, r = item
    if r.event == "prevent_from":
        return Message("magic.rep.prevents_from", card=o.card, n=prevents(r.prevent),
                       where=Message("magic.rep.where", where=said_where(r.where)) if r.where else "")
    if r.event == "damage":
        return Message("magic.rep.prevents", card=o.card, n=prevents(r.prevent),
                       more=Message("magic.rep.source_draws") if r.source_draws else "")
    if r.event in _AMOUNT_WHAT:
        # 614.1a: "N times / N more than that much instead": what it does to the amount (never the schema's event
        # id); «sin cambio» for one that multiplies by 1 and adds 0.
        parts: list["Message | str"] = ([Message("magic.rep.times", n=r.multiply)] if r.multiply != 1 else []) + \
            ([f"{r.add:+d}"] if r.add else [])
        amount = Message("magic.rep.and", a=parts[0], b=parts[1]) if len(parts) == 2 else parts[0] if parts else \
            Message("magic.rep.unchanged")
        what: "Message | str" = "" if not _AMOUNT_WHAT[r.event] else Message(
            _AMOUNT_WHAT[r.event], counter=f" {r.counter}" if r.counter else "") if r.event == "counters" else \
            Message(_AMOUNT_WHAT[r.event])
        return Message("magic.rep.amount", card=o.card, what=what, amount=amount)
    if r.event in _MOVE_TEXT:
        return Message("magic.rep.does", card=o.card, what=Message(_MOVE_TEXT[r.event]))
    # an option of the question that orders them: what it does instead, or its event's id
    return Message("magic.rep.instead", card=o.card, effects=[describe_effect(e) for e in r.instead] or [r.event])


# What an amount-changing replacement's amount counts, for `_rep_text` (life_gain: the prompt already says it).
_AMOUNT_WHAT = {"life_gain": "", "counters": "magic.rep.what.counters", "life_loss": "magic.rep.what.life_loss",
                "damage_dealt": "magic.rep.what.damage"}
# What a zone-change replacement does instead, for `_rep_text`.
_MOVE_TEXT = {"dies": "magic.rep.move.dies", "opponent_discard": "magic.rep.move.opponent_discard",
              "to_library_bottom": "magic.rep.move.to_library_bottom"}


def _order(state: MagicState, out: list[Step], player: str, items: list[Any], what: Message,
           cites: Sequence[str]) -> list[Any]:
    """616.1: the affected player chooses the order of several replacement/prevention effects. Each is named by its
    source's id (`golem#n`, n its place in the list, when one source has several of them); the source's id alone or
    its card's name also name it when it is the only one from that source (`answer_names`)."""
    if len(items) < 2:
        return items
    ids = [_source_id(i) for i in items]
    if len(set(ids)) < len(ids):
        ids = [f"{x}#{n}" for n, x in enumerate(ids, 1)]
    sources = [(_source_id(i), i.source_name if isinstance(i, ContinuousEffect) else i.permanent.card)
               for i in items]
    alias = answer_names(ids, sources)
    how = answers_text(ids, alias, Message("magic.answers.form_hash" if "#" in ids[0] else "magic.answers.form_source"),
                       Message("magic.answers.only_m"))        # «efecto» is masculine
    q = Question("replacement", player, tuple(ids), Message(
        "magic.prompt.replacement", player=player, what=what, how=how,
        options=[Message("magic.rep.option", id=i, text=_rep_text(x)) for i, x in zip(ids, items)]), tuple(cites),
        min=1, max=len(ids))

    def valid(ans: Any) -> Any:
        if not ans.values or str(ans.values[0]) not in alias:         # the first one named is applied first
            return (Message("magic.illegal.expected_one_of_how", options=ids, how=how), list(cites))
        return None
    ans = ask(state, out, q, valid)
    first = alias[str(ans.values[0])]
    return [items[first]] + [x for n, x in enumerate(items) if n != first]


class ReplacementHandler:
    """616.1 for one game: gathers what applies to a proposed event (`applicable`), asks the affected player or
    controller to choose among them, applies each once (614.5) and returns the event's `Outcome`. Steps it needs
    (an `illegal` answer, 733.1) are appended to `out`."""

    def __init__(self, state: MagicState, out: list[Step]) -> None:
        self.state, self.out = state, out

    def one_by_one(self, player: str, items: list[Any], what: Callable[[], Message]) -> Iterator[Any]:
        """616.1, 616.1e-f: of the effects that apply to one event, the affected player or the affected object's
        controller chooses one (a `replacement` choice when two or more are left), it is applied, and the choice is
        made again among those left; each applies once to the event (614.5). `what()` names the event as the ones
        applied so far left it (read again before each choice: the second question says «perder 4 vidas», not 2)."""
        left = list(items)
        while left:
            first = _order(self.state, self.out, player, left, what(), cr("616.1", "616.1e", "616.1f"))[0]
            left = [x for x in left if x is not first]
            yield first

    def _amount(self, player: str, items: list[Applicable], amount: int, what: Callable[[int], Message]
                ) -> tuple[int, list[Message]]:
        """614.1a: "N times / N more than that much instead", each once in the chosen order, never below 0."""
        notes: list[Message] = []
        for o, r in self.one_by_one(player, items, lambda: what(amount)):
            before = amount
            amount = max(0, amount * r.multiply + r.add)
            notes.append(Message("magic.replacement.changes", card=o.card, before=before, after=amount))
        return amount, notes

    def life_gain(self, ev: LifeGainEvent) -> Outcome:
        """119.3 / 614.1a: the life `ev.player` gains after the life-gain replacements (the gaining player orders
        them, 616.1; chosen again among those left, 616.1f)."""
        items = applicable(self.state, ev)
        amount, notes = self._amount(ev.player, items, ev.amount, lambda n: Message("magic.event.gain", n=n))
        cites = cr("614.1a", "616.1") * len(items) + (cr("616.1f") if len(items) > 2 else [])
        return Outcome(amount, tuple(notes), tuple(cites))

    def life_loss(self, ev: LifeLossEvent) -> Outcome:
        """614.1a: "if [a player] would lose life, they lose N times / N more than that much instead": the amount
        after every life-loss replacement that applies to `ev.player`, each once (614.5), in the order the losing
        player chooses (616.1); never below 0."""
        items = applicable(self.state, ev)
        if not items:
            return Outcome(ev.amount)
        amount, notes = self._amount(ev.player, items, ev.amount, lambda n: Message("magic.event.lose", n=n))
        return Outcome(amount, tuple(notes),
                       tuple(cr("614.1a", "614.5", "616.1", "119.3", *(["616.1f"] if len(items) > 1 else []))))

    def counters(self, ev: CountersEvent) -> Outcome:
        """614.1a / 122.6: "if one or more [kind] counters would be put on [a permanent], that many plus / times N
        are put instead": the number after every counter replacement that applies, each once (614.5), in the order
        the permanent's controller chooses (616.1); never below 0."""
        items = applicable(self.state, ev)
        if not items:
            return Outcome(ev.n)
        n, notes = self._amount(ev.controller, items, ev.n,
                                lambda k: Message("magic.event.counters", n=k, kind=ev.kind, card=ev.obj.card))
        return Outcome(n, tuple(notes),
                       tuple(cr("614.1a", "614.5", "616.1", "122.6", *(["616.1f"] if len(items) > 1 else []))))

    def prevent_damage(self, ev: DamageEvent, affected: str) -> tuple[Outcome, list[tuple[str, int, str]]]:
        """615.1 / 614.1a / 616.1: the damage left after the prevention and replacement effects that apply, the
        affected player (or the affected creature's controller) choosing one, then again among those that still
        apply (none once all the damage is prevented): a prevention shield or ability, "prevent all damage that
        red sources would deal", and "a source would deal damage: it deals double / that much plus N instead" all
        in one choice; a shield from a resolved effect is used up by what it prevents. With "damage can't be
        prevented" (615.12) no prevention applies, a replacement still does. Also returns the draws prevention
        makes happen (615.5: who draws, how many, because of what)."""
        shields = applicable(self.state, ev)
        if not shields:
            return Outcome(ev.amount), []
        if cant_be_prevented(self.state, ev.source):
            kept = [s for s in shields if isinstance(s, Applicable) and s.rule.event == "damage_dealt"]
            if not kept:
                return Outcome(ev.amount, (Message("magic.replacement.cant_prevent"),), tuple(cr("615.12"))), []
            amount, notes = self._amount(affected, kept, ev.amount, lambda n: Message("magic.event.damage", n=n))
            return Outcome(amount, (Message("magic.replacement.cant_prevent"), *notes),
                           tuple(cr("615.12", "614.1a", "616.1", *(["616.1f"] if len(kept) > 1 else [])))), []
        amount, notes, cites = ev.amount, [], []
        draws: list[tuple[str, int, str]] = []
        left = len(shields)
        for s in self.one_by_one(affected, shields, lambda: Message("magic.event.damage", n=amount)):
            if left > 1:
                cites += cr("616.1", *(["616.1f"] if left < len(shields) else []))
            left -= 1
            if isinstance(s, Applicable) and s.rule.event == "damage_dealt":
                # 614.1a: "it deals double that damage instead" (never below 0); prevention chosen later sees it
                before = amount
                amount = max(0, amount * s.rule.multiply + s.rule.add)
                notes.append(Message("magic.replacement.changes_damage", card=s.permanent.card, before=before,
                                     after=amount))
                cites += cr("614.1a")
                if amount <= 0:
                    break
                continue
            if isinstance(s, ContinuousEffect):
                cut = amount if s.remaining < 0 else min(amount, s.remaining)
                if s.remaining > 0:
                    s.remaining -= cut
                who = s.source_name
            else:
                o, r = s
                cut = amount if r.prevent < 0 else min(amount, r.prevent)
                who = o.card
                if r.source_draws and cut and ev.source.controller:
                    draws.append((ev.source.controller, cut, o.card))
            amount -= cut
            notes.append(Message("magic.replacement.prevents", source=who, n=cut))
            cites += cr("615.1")
            if amount <= 0:
                break
        self.state.set_effects([ce for ce in self.state.effects
                                if not (ce.effect.kind == "prevent" and ce.remaining == 0)])
        return Outcome(amount, tuple(notes), tuple(cites)), draws

    def draw(self, ev: DrawEvent) -> tuple[Applicable | None, list[str]]:
        """121.6 / 616.1: the draw replacement that replaces this draw (the drawing player choosing one when
        several apply; any draw it makes instead is a new event those left may replace, 614.5, so the choice is
        made again there among them, 616.1f), with the rules of that choice; (None, []) when none applies."""
        items = applicable(self.state, ev)
        if not items:
            return None, []
        chosen = cr("616.1", *(["616.1f"] if ev.applied else [])) if len(items) > 1 else []
        first = _order(self.state, self.out, ev.player, items, Message("magic.event.draw"),
                       cr("616.1", "616.1f", "121.6"))[0]
        return first, chosen

    def zone_change(self, ev: ZoneChangeEvent) -> tuple[Applicable | None, Outcome]:
        """614.1a / 614.6 / 616.1: the replacement that applies to a move — when several do (a creature's own
        "exile it instead" and an Aura's "put it on the bottom of its owner's library instead"), the affected
        object's controller (its owner off the battlefield) chooses one; once applied, the card no longer goes to
        the graveyard, so no other applies. Returns it (None when none applies) and where the card goes."""
        items = _zone_change_effects(self.state, ev)
        if not items:
            return None, Outcome(zone=ev.to)
        chooser = ev.obj.controller if ev.origin == "battlefield" else ev.obj.owner
        first = _order(self.state, self.out, chooser, items, Message("magic.event.to_graveyard", card=ev.obj.card,
                                                                  id=ev.obj.id), cr("616.1"))[0]
        choice = tuple(cr("616.1")) if len(items) > 1 else ()
        o, r = first
        if r.event == "dies":
            return first, Outcome(zone="exile", notes=(Message("magic.replacement.exile_instead"),),
                                  cites=(*cr("614.1a", "614.6"), *choice))
        if r.event == "opponent_discard":
            return first, Outcome(zone="battlefield", cites=(*cr("614.1a", "614.6"), *choice))
        # 614.1a: "instead" — it never reaches the graveyard (no "dies" trigger); revealed, then the bottom (701.20a)
        return first, Outcome(zone="library", top=False, cites=(*cr("614.1a", "701.20a"), *choice),
                              notes=(Message("magic.replacement.bottom_instead", card=o.card, id=o.id,
                                             owner=ev.obj.owner),))

    def mana(self, ev: ManaEvent) -> tuple[dict[str, int], list[str], list[str]]:
        """106.12b / 614.1a: the mana a permanent tapped for mana produces after the replacements that multiply it,
        each applied once (614.5); multiplying commutes, so their order is not asked. Returns (mana, rules, notes)."""
        made, rules, notes = dict(ev.made), [], []
        for o, r in applicable(self.state, ev):
            made = {c: n * r.multiply for c, n in made.items()}
            notes.append(Message("magic.replacement.multiplies", card=o.card, id=o.id, n=r.multiply))
            rules += ["106.12b", "614.1a"]
        return made, rules, notes
