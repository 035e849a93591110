"""How a doce-vidas action records what happened: the steps it emits, each with the notes of the card text the
engine does not model for the cards involved (on the board, or in a zone their text says they work from). Below
the game's mechanics (game.py), which use it and pass its names on."""
from __future__ import annotations

import re
from collections.abc import Sequence

from judge.engine.rulesets.doce_vidas.cards import CardDef
from judge.engine.rulesets.doce_vidas.snapshot import snapshot
from judge.engine.rulesets.doce_vidas.stack import card_of, with_stacks
from judge.engine.rulesets.doce_vidas.state import DoceVidasState
from judge.engine.state import GameObject
from judge.engine.step import Event, Step, make_step
from judge.messages import Message, Note


def emit(state: DoceVidasState, out: list[Step], kind: str, actor: str | None, summary: "str | Message",
         citations: Sequence[str], events: Sequence[Event] = (), unmodelled: Sequence[str] = ()) -> Step:
    """Record a step (make_step); its unmodelled text is the caller's and that of the cards out of play whose text
    works where they are (off_board)."""
    if has_text(state):
        unmodelled = list(dict.fromkeys((*unmodelled, *off_board(state))))
    return make_step(state, kind, actor, summary, citations, snapshot, events, unmodelled, out=out)


# Unmodelled text that works out of play: a card in a hand, a deck or a discard pile is flagged in every step while
# it is there when its text names that zone ("…desde tu mano…", "…de tu pila de descarte…"), and in a hand also when
# it is an instant whose text reacts to something ("cuando…", "siempre que…": it could be played in answer). The
# same rule as magic's core.unmodelled (113.6), with this game's zone names.
_ZONE_WORDS = {"hand": re.compile(r"\bmanos?\b", re.I), "deck": re.compile(r"\bmazos?\b", re.I),
               "discard": re.compile(r"\b(descartes?|descartad\w*)\b", re.I)}
_REACTS = re.compile(r"\b(cuando|siempre que|al comienzo)\b", re.I)


def _works_from(card: CardDef) -> frozenset[str]:
    """The zones out of play (hand, deck, discard) where the card's unmodelled text could work: those its text
    names, and the hand for an instant that reacts to something (dv/tipos/instantaneos: played in answer)."""
    zones = {zone for zone, words in _ZONE_WORDS.items() if words.search(card.text)}
    if card.type == "instantaneo" and _REACTS.search(card.text):
        zones.add("hand")
    return frozenset(zones)


def off_board(state: DoceVidasState) -> list[str]:
    """The notes of the cards in a hand, deck or discard pile whose unmodelled text works there (_works_from)."""
    works = state.text_works_from
    if works is None:
        works = state.text_works_from = {n: z for n, c in state.cards.items() if c.text and (z := _works_from(c))}
    if not works:
        return []
    return unmodelled(state, *(o for p in state.players for zone in ("hand", "deck", "discard")
                               for o in p.zones[zone] if o.card in works and zone in works[o.card]))


def unmodelled(state: DoceVidasState, *objs: GameObject) -> list[str]:
    """The card text of `objs` the engine does not model (each card once): shown wherever it could matter."""
    texts: list[str] = []
    for o in dict.fromkeys(objs):
        card = card_of(state, o)
        if card.text:
            texts.append(Note(Message("core.unmodelled.text", card=card.name, text=card.text)))
    return list(dict.fromkeys(texts))


def has_text(state: DoceVidasState) -> bool:
    """Does any card of the scenario carry text the engine does not model? (Read once: most have none.)"""
    known = state.has_text
    if known is None:
        known = state.has_text = any(c.text for c in state.cards.values())
    return known


def involved(state: DoceVidasState, objs: Sequence[GameObject], sides: Sequence[str] = ()) -> list[str]:
    """The unmodelled text that could change a step involving `objs`: theirs, that of every card stacked on the ones
    in play (an aura saying its creature cannot attack), and that of the relics on the `sides` the step reaches
    (a relic's text may touch anything of its side: «Tus criaturas no pueden ser destruidas»)."""
    if not has_text(state):
        return []
    in_play = [o for o in objs if o.zone == "board"]
    stacked = with_stacks(state, in_play, state.active) if in_play else []
    relics = [o for name in dict.fromkeys(sides) if state.has_player(name)
              for o in state.player(name).zones["board"] if card_of(state, o).type == "reliquia"]
    return unmodelled(state, *objs, *stacked, *relics)
