"""The Ruleset base class: the core calls these hooks and knows none of the rules behind them.

Rulesets are stateless: every hook is a classmethod, so ``get_ruleset("doce-vidas").apply(state, action)`` and
an instance both work. `apply` mutates `state` in place (python-chess's ``push``) and returns the steps it caused;
an illegal action returns one `illegal` step and leaves the state unchanged.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from judge.engine.action import Action
from judge.engine.state import GameState
from judge.engine.waiting import ScriptChooser
from judge.engine.step import GENERIC_EVENT_KINDS, GENERIC_STEP_KINDS, Event, Step, declared, make_step
from judge.messages import Message

if TYPE_CHECKING:
    from judge.format.model import Scenario
    from judge.format.validate import Checker


class Ruleset:
    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    # Passage cited by the core's own steps (limit, choice, expectations) when nothing more specific applies.
    general_citation: ClassVar[str] = ""
    # Passages saying the game has ended (cited by the core's step for the script's actions left after it ends);
    # empty: `general_citation`.
    game_over_citations: ClassVar[tuple[str, ...]] = ()

    # -- declarations (class flags, as python-chess's variants declare theirs) ------------------------------------
    # A ruleset names the step kinds it adds to the core's (judge.engine.step.GENERIC_STEP_KINDS: setup, action,
    # illegal, choice, limit, expectation) and every event kind its steps carry. `step_kinds` / `event_kinds` are
    # the full sets, made once per subclass; the one step factory (make_step) refuses a kind not in them, and the
    # `{steps: {kind}}` expectation accepts only these step kinds.
    own_step_kinds: ClassVar[tuple[str, ...]] = ()
    own_event_kinds: ClassVar[tuple[str, ...]] = ()
    step_kinds: ClassVar[frozenset[str]] = frozenset(GENERIC_STEP_KINDS)
    event_kinds: ClassVar[frozenset[str]] = frozenset(GENERIC_EVENT_KINDS)
    # How a script line answers what the game waits for (judge/engine/waiting.py): the ruleset's answer types.
    script_chooser: ClassVar[type[ScriptChooser]] = ScriptChooser

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.step_kinds = declared(GENERIC_STEP_KINDS, cls.own_step_kinds)
        cls.event_kinds = declared(GENERIC_EVENT_KINDS, cls.own_event_kinds)

    # -- scenarios ----------------------------------------------------------------------------------------
    @classmethod
    def parse_scenario(cls, doc: Mapping[str, Any], check: "Checker", cards: Mapping[str, Any] | None = None
                       ) -> tuple[Any, list[Action], list[Any]]:
        """Validate the ruleset's parts of a scenario document; record errors on `check`. `cards`: the catalog of
        cards a scenario may name without defining them, passed in by the loader (judge/scenarios/cards.py; the
        engine never loads documents).

        Returns (setup, actions, expectations); the values only matter when `check` has no errors."""
        raise NotImplementedError

    @classmethod
    def describe(cls, cards: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The ruleset's scenario parts as data (`cards`: the catalog a scenario may name, as `parse_scenario`), for a scenario builder: player fields (defaults, bounds), zones and
        the fields of their objects, the turn, card definition fields and the effect vocabulary, each action verb
        and what it needs, expectation fields, with Spanish and English labels (doce_vidas/describe.py documents
        the shape)."""
        raise NotImplementedError

    # -- the game -----------------------------------------------------------------------------------------
    @classmethod
    def start(cls, scenario: "Scenario", rng: random.Random) -> tuple[GameState, list[Step]]:
        """The state at the start of the run, and the steps that set it up (shuffles, a first preparation)."""
        raise NotImplementedError

    @classmethod
    def initial_state(cls, scenario: "Scenario", rng: random.Random) -> GameState:
        """`start` without its steps: the state ready for the first scripted action."""
        return cls.start(scenario, rng)[0]

    @classmethod
    def legal_actions(cls, state: GameState) -> list[Action]:
        """Actions that `apply` accepts in `state` (none once the game is over)."""
        raise NotImplementedError

    @classmethod
    def apply(cls, state: GameState, action: Action) -> list[Step]:
        raise NotImplementedError

    @classmethod
    def is_over(cls, state: GameState) -> bool:
        return state.over

    @classmethod
    def answers_pending(cls, state: GameState, action: Action) -> bool:
        """Does `action`, the script's next line, answer what the game waits for (`state.waiting`)? Only a wait
        with a continuation (`resume`) is answered by a later action, the way every answer is recognised
        (`script_chooser.answers`: the answer type of its kind, by the player asked); one asked inside an action
        was answered there or stopped the run (judge/engine/waiting.py)."""
        w = state.waiting
        return w is not None and w.resume is not None and cls.script_chooser.answers(w, action)

    @classmethod
    def choices(cls, state: GameState, action: Action | None, question: Any | None) -> dict[str, Any]:
        """The legal values of a script line's fields where the game plays it (the builder's lists): `action` as
        the game would apply it now, or the line that answers `question`, asked now (`Script.watch`). Keys are
        the line's field names; `objects` says what each ref is, for a label in words. None known by default
        (the builder then lists what the board holds). It reads the state only."""
        return {}

    @classmethod
    def check_expectation(cls, state: GameState, expectation: Any, steps: Sequence[Step]
                          ) -> tuple[bool, str, list[str]]:
        """(holds?, Spanish one-line summary, citations) for one `expect:` entry after the run."""
        raise NotImplementedError

    @classmethod
    def expectation_notes(cls, state: GameState, expectation: Any) -> list[str]:
        """The unmodelled card text an `expectation` step carries: that of the cards it looks at, or of the board
        (text that could have changed what it checks). No notes by default."""
        return []

    @classmethod
    def snapshot(cls, state: GameState) -> dict[str, Any]:
        """The board as plain JSON data (stable key order)."""
        raise NotImplementedError

    # -- helpers for subclasses -----------------------------------------------------------------------------
    @classmethod
    def step(cls, state: GameState, kind: str, actor: str | None, summary: "str | Message", citations: Sequence[str],
             events: Sequence[Event] = (), unmodelled: Sequence[str] = (), passed: bool | None = None) -> Step:
        """A numbered step with a snapshot of the board as it is now (judge.engine.step.make_step)."""
        return make_step(state, kind, actor, summary, citations, cls.snapshot, events, unmodelled, passed)
