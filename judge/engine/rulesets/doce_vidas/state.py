"""The doce-vidas game state: the core's GameState plus what this game keeps between steps, each a typed field.

Game state (what a rule reads): the scenario's cards, the boosts until end of turn (dv/stack/3), who started second
and how many turns each player has begun (dv/turno/preparacion/4), and what a resolving card has taken out of play
or struck so far (dv/stack/5). Caches (derived from the above, never read by a rule): the board snapshot's zone
lists and the unmodelled text notes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.engine.rulesets.doce_vidas.cards import CardDef, Effect
from judge.engine.state import GameState


@dataclass(frozen=True)
class TempBoost:
    """A boost from a resolved spell or instant (dv/stack/3), until the end of the turn it was played in."""
    source: str                   # card name
    source_id: str
    controller: str
    effect: Effect
    target_id: str | None         # for `to: target`
    turn: int


@dataclass(eq=False)
class Held:
    """dv/stack/5: what a resolving card's destroys have taken out of play so far (zone `resolving`), to enter the
    discard piles together at its last destroy or at the end of its resolution, in the reading order of the board
    as it was when the first of them left (`keys`), from the side of that first destroy's target (`first`)."""
    first: str
    keys: dict[str, tuple[str, int]]
    ids: list[str] = field(default_factory=list)
    riders: bool = False          # an enchantment went with them (dv/tipos/encantamientos)


@dataclass(frozen=True)
class FinishPreparation:
    """The continuation of the discard down to the hand limit (dv/turno/preparacion/3): the rest of the
    preparation (draw, then the action phase: game.finish_preparation)."""


@dataclass(frozen=True)
class ResumeEffects:
    """The continuation of one player's discard for a card's `discard` effect: the other players' discards of that
    effect (`others`), then the card's effects after it (`plan` from `index` + 1: game.resume_effects)."""
    source: str                                    # the resolving card's id
    plan: tuple[tuple[Effect, object], ...]        # its effects with their targets
    index: int                                     # the `discard` effect's place in the plan
    others: tuple[str, ...]                        # the players who discard after this one


@dataclass(eq=False)
class DoceVidasState(GameState):
    cards: dict[str, CardDef] = field(default_factory=dict)        # the scenario's cards by name
    temp: list[TempBoost] = field(default_factory=list)             # boosts until end of turn (dv/stack/3)
    # dv/turno/preparacion/4: who was seated second in a game played from its start (None: the scenario starts
    # mid-game), and how many turns each player has begun.
    second_player: str | None = None
    turns_started: dict[str, int] = field(default_factory=dict)
    # Inside a resolution (dv/stack/5): what its destroys hold out of play, and the creatures its damage marked
    # (None: nothing yet; an empty list still means the resolution gathers its deaths).
    held: Held | None = None
    struck: list[str] | None = None
    # Caches, derived from `cards` and the zones (never game state).
    text_works_from: dict[str, frozenset[str]] | None = None      # card name → the zones off the board its text works in
    has_text: bool | None = None                                    # some card carries text not modelled
    snap: dict[tuple[str, str], tuple[tuple[str, ...], list[dict[str, Any]]]] = field(default_factory=dict)
