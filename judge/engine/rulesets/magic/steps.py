"""How a magic action records what happened: the steps it emits (each with the card text the engine does not model,
113.6), the questions it asks a player (733.1: an answer that breaks a rule is an `illegal` step), and how an
object or player is named in a step. Below every rules module: it imports only the state and the step types.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from judge.engine.rulesets.magic import keyword
from judge.engine.rulesets.magic.actions import Choose
from judge.engine.rulesets.magic.cards import CardDef
from judge.engine.rulesets.magic.choices import ChoiceNeeded, Question, RandomChooser
from judge.engine.rulesets.magic.snapshot import snapshot
from judge.engine.rulesets.magic.state import MagicObject, MagicState
from judge.engine.step import Event, Step, make_step
from judge.messages import Message


# -- steps ----------------------------------------------------------------------------------------------------------
def _notes_of(state: MagicState, card: Any) -> tuple[str, ...]:
    """A card's unmodelled notes, worked out once per card (cards are frozen)."""
    memo = state.caches.notes
    hit = memo.get(id(card))
    if hit is None or hit[0] is not card:
        if len(memo) > 10_000:
            memo.clear()
        hit = memo[id(card)] = (card, tuple(card.unmodelled_notes()))     # keeping the card keeps its id()
    return hit[1]


# Unmodelled text that works outside the battlefield and the stack. 113.6: the abilities of a permanent card work
# only on the battlefield and those of an instant or sorcery only on the stack, except those that say they work
# elsewhere (113.6a-n: from a graveyard, from a hand, from exile…). So a card off the battlefield and the stack is
# flagged while it is in a zone its unmodelled text names (a word of _ZONE_WORDS: "…de tu cementerio…") or has a
# keyword that works there (_ZONE_KEYWORDS: "Suspender 3—{R}" in exile, "Retrospectiva" in a graveyard); in a hand
# also when it has flash, or is an instant whose text reacts to an event ("cuando…", "siempre que…": it may be cast
# in answer, 702.8a, 117.1a). Worked out once per game for the scenario's cards with text (_off_zone keeps it in
# `state.caches`), and looked for only when some card of the scenario has such text.
_ZONE_WORDS = {"graveyard": re.compile(r"\b(cementerios?|graveyards?)\b", re.I),
               "hand": re.compile(r"\b(manos?|hands?)\b", re.I),
               "exile": re.compile(r"\b(exili\w*|exiled?)\b", re.I),
               "library": re.compile(r"\b(bibliotecas?|librar(y|ies))\b", re.I)}
# Keywords whose abilities work in a zone without the text naming it (113.6: "unless the ability says otherwise";
# each rule says where it functions), Spanish and English names; a short list, searched with _ZONE_WORDS:
# exile: suspend 702.62a (its triggered abilities), foretell 702.143a and madness 702.35a (cast from exile);
# graveyard: flashback 702.34a, unearth 702.84a, dredge 702.52a, scavenge 702.97a, embalm 702.128a,
# eternalize 702.129a, escape 702.138a;
# hand: suspend 702.62a (its static ability), cycling and landcycling 702.29a, ninjutsu 702.49a, madness 702.35a,
# miracle 702.94a, foretell 702.143a.
_ZONE_KEYWORDS = {
    "exile": re.compile(r"\b(suspender|suspend|foretell|locura|madness)\b", re.I),
    "graveyard": re.compile(r"\b(retrospectiva|flashback|desenterrar|unearth|dragar|dredge|carroñear|scavenge|"
                            r"embalsamar|embalm|eternizar|eternalize|escapar|escape)\b", re.I),
    "hand": re.compile(r"\b(suspender|suspend|ciclo|\w*cycling|ninjutsu|locura|madness|milagro|miracle|foretell)\b",
                       re.I)}
_FLASH = re.compile(r"\b(destello|flash)\b", re.I)
_REACTS = re.compile(r"\b(cuando|siempre que|al comienzo|when|whenever|at the beginning)\b", re.I)


def _works_from(card: CardDef) -> frozenset[str]:
    """The zones off the battlefield and the stack where the card's unmodelled text could work (113.6). Called
    once per card and game (`_off_zone`), so it keeps no table of its own shared by every run and thread."""
    text = card.text or ""
    if not text:
        return frozenset()
    zones = {zone for zone, words in _ZONE_WORDS.items() if words.search(text)}
    zones |= {zone for zone, words in _ZONE_KEYWORDS.items() if words.search(text)}
    if not keyword.current().as_instant.isdisjoint(card.keywords) or _FLASH.search(text) or ("instant" in card.types and _REACTS.search(text)):
        zones.add("hand")
    return frozenset(zones)


def _off_zone(state: MagicState, now: int) -> list[tuple[str, tuple[str, ...]]]:
    """(name, notes) of the cards in a graveyard, hand, exile or library whose unmodelled text works there
    (_works_from), each name once; kept while nothing was edited (`state.stamps`: no zone changed)."""
    zoned = state.caches.unmodelled_zoned
    if zoned is None or zoned[0] is not state.cards or zoned[1] != len(state.cards):
        names = {n: z for n, c in state.cards.items() if c.text and (z := _works_from(c))}
        zoned = state.caches.unmodelled_zoned = (state.cards, len(state.cards), names)
    works = zoned[2]
    if not works:
        return []
    hit = state.caches.unmodelled_off
    if hit is not None and hit[0] == now:
        return hit[1]
    found: list[tuple[str, tuple[str, ...]]] = []
    names: set[str] = set()
    for p in state.players:
        for zone in ("graveyard", "hand", "exile", "library"):
            for o in p.zones[zone]:
                if o.card in works and o.card not in names and zone in works[o.card]:
                    names.add(o.card)
                    found.append((o.card, _notes_of(state, state.cards[o.card])))
    state.caches.unmodelled_off = (now, found)
    return found


def has_notes(state: MagicState, o: MagicObject) -> bool:
    """Has the object's card text or keywords the engine does not model?"""
    return bool(_notes_of(state, state.card(o)))


def unmodelled(state: MagicState, *extra: MagicObject | None) -> list[str]:
    """Card text the engine does not model, for every card that could matter now: named by the step (`extra`),
    on the battlefield, on the stack, or in another zone its text says it works from (_works_from, 113.6); each
    card once, in that order."""
    # The battlefield's and the stack's part is kept while the very same objects are there and the copy effects
    # are the same (state.card; an object's own card never changes, 400.7); nothing edited since (`state.stamps`: no
    # zone changed) and the same spells on the stack is the same battlefield without listing it.
    stacked = tuple([i.obj for i in state.stack if i.obj is not None]) if state.stack else ()
    now = state.stamps.last
    # The notes of a step that names the same objects as the last one, with nothing edited since and the same copy
    # effects and spells on the stack, are that step's.
    said = state.caches.unmodelled_said
    if said is not None and said[0] == now and said[1] is state.copies and said[2] == stacked and said[3] == extra:
        return list(said[4])
    hit = state.caches.unmodelled
    if hit is not None and hit[1] is state.copies and hit[3] == now and hit[4] == stacked:
        base = hit[2]
    elif hit is not None and hit[1] is state.copies and hit[0] == (key := (*state.battlefield(), *stacked)):
        base = hit[2]
        state.caches.unmodelled = (key, state.copies, base, now, stacked)
    else:
        on = (*state.battlefield(), *stacked)
        base = []                          # the cards with notes, each name once (the first card of that name)
        names: set[str] = set()
        # Each permanent's card from the kept view (MagicState.battlefield_cards), then each spell's.
        for _, card in (*state.battlefield_cards(), *zip(stacked, map(state.card, stacked))):
            if card.name not in names:
                names.add(card.name)
                of_card = _notes_of(state, card)
                if of_card:
                    base.append((card.name, of_card))
        state.caches.unmodelled = (on, state.copies, base, now, stacked)
    notes: list[str] = []
    seen: set[str] = set()
    for o in extra:
        if o is None:
            continue
        card = state.card(o)
        if card.name not in seen:
            seen.add(card.name)
            notes.extend(_notes_of(state, card))
    for name, of_card in base:
        if name not in seen:
            seen.add(name)
            notes.extend(of_card)
    for name, of_card in _off_zone(state, now):
        if name not in seen:
            seen.add(name)
            notes.extend(of_card)
    state.caches.unmodelled_said = (now, state.copies, stacked, extra, tuple(notes))
    return notes


def emit(state: MagicState, out: list[Step], kind: str, actor: str | None, summary: "str | Message",
         citations: Sequence[str], events: Sequence[Event] = (), about: Sequence[MagicObject | None] = ()) -> Step:
    """Record a step (make_step) with the unmodelled text that could matter now (unmodelled). `summary`: a Message
    (magic/messages.py), or a plain Spanish string where a site is not converted yet."""
    return make_step(state, kind, actor, summary, citations, snapshot, events, unmodelled(state, *about), out=out)


def ask(state: MagicState, out: list[Step], q: Question, validate: Any) -> Any:
    """Ask the chooser; an answer that breaks a rule is an `illegal` step and the question is asked again
    (733.1: the state is as before). `validate(answer)` returns None or (reason, citations)."""
    tries = 0
    while True:
        answer = current_ids(state, q, state.chooser.next_answer(state, q))
        problem = validate(answer)
        if problem is None:
            return answer
        reason, cites = problem
        emit(state, out, "illegal", q.player, Message("core.illegal", reason=reason, action=answer.said()),
             cites)
        tries += 1
        if isinstance(state.chooser, RandomChooser) and tries >= 5:
            raise ChoiceNeeded(q)


def current_ids(state: MagicState, q: Question, answer: Any) -> Any:
    """A scenario id names its current incarnation (400.7) in every answer, as in actions and expectations: a value
    that is no option but the scenario id of exactly one option's object is that option (`reina` for `reina~3`)."""
    if not isinstance(answer, Choose) or not q.options:
        return answer
    options = set(q.options)
    values = list(answer.values)
    for n, v in enumerate(values):
        if isinstance(v, str) and v not in options:
            hits = [ref for ref in q.options if (o := state.objects.get(ref)) is not None and o.base == v]
            if len(hits) == 1:
                values[n] = hits[0]
    return answer if values == list(answer.values) else replace(answer, values=tuple(values))


def name(state: MagicState, ref: str) -> str:
    o = state.objects.get(ref)
    if o is not None:
        return f"{o.card} ({o.id})"
    if ref in state.lki:
        return f"{state.lki[ref].card} ({ref})"
    return ref


def answer_names(precise: Sequence[str], sources: Sequence[Sequence[str]]) -> dict[str, int]:
    """The answers that name each option of an ordering question: its precise id (`precise[n]`), and each of
    `sources[n]` — its source's id, that source's scenario id (400.7: any incarnation of it, `golem` for `golem~2`),
    the card's name — when it names that option only (exactly one option comes from that source). An answer that
    would name several options is not offered: the precise id is needed there."""
    names: dict[str, set[int]] = {}
    for n, ident in enumerate(precise):
        names.setdefault(ident, set()).add(n)
    for n, forms in enumerate(sources):
        for f in forms:
            if f:
                names.setdefault(f, set()).add(n)
                names.setdefault(f.split("~")[0], set()).add(n)
    return {f: next(iter(ns)) for f, ns in names.items() if len(ns) == 1}


def answers_text(precise: Sequence[str], alias: dict[str, int], form: Message, only: Message) -> Message:
    """How an ordering question's options are answered, for its prompt and its illegal steps. `only`: «the only one
    from its source» agreeing with what is ordered («la única»: habilidades, 603.3b; «el único»: efectos, 616.1)."""
    plain = sorted(f for f in alias if f not in precise)
    return Message("magic.answers.by_id", form=form,
                   more=Message("magic.answers.or_source", only=only, names=plain) if plain else "")
