"""magic: the part of Magic: The Gathering the documents cover, adjudicated by Comprehensive Rules number.

Turn structure, priority and the stack, casting and activating with costs, special actions, drawing and
searching, combat, damage, counters and life, state-based actions, triggered abilities, replacement and
prevention effects, and continuous effects in layers (docs/scenarios.md, magic).
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from judge.engine.action import Action, Script
from judge.engine.errors import IllegalAction
from judge.engine.rulesets.base import Ruleset
from judge.engine.rulesets.magic import core, effects, priority, turn, undo
from judge.engine.rulesets.magic import verbs  # noqa: F401 - each verb module registers its verbs (verb.py)
from judge.engine.rulesets.magic import keywords  # noqa: F401 - each keyword module registers its keywords
from judge.engine.rulesets.magic.actions import ANSWERS, Activate, Cast, Mana, PassUntil
from judge.engine.rulesets.magic.choices import ChoiceNeeded, RandomChooser, ScriptChooser
from judge.engine.rulesets.magic.cites import GENERAL, cr
from judge.engine.rulesets.magic.expect import check
from judge.engine.rulesets.magic.legal import legal_actions
from judge.engine.rulesets.magic.play import HANDLERS
from judge.engine.rulesets.magic.schema import EVENT_KINDS, OWN_STEP_KINDS, STEPS, Setup, parse_scenario
from judge.engine.rulesets.magic.snapshot import snapshot
from judge.engine.rulesets.magic.state import (ZONES, MagicObject, MagicPlayer, MagicState, StackItem)
from judge.engine.state import GameState
from judge.engine.step import Event, Step
from judge.messages import Message
from judge.engine.rulesets.magic.messages import phase


class Magic(Ruleset):
    id: ClassVar[str] = "magic"
    name: ClassVar[str] = "Magic: The Gathering"
    general_citation: ClassVar[str] = GENERAL
    game_over_citations: ClassVar[tuple[str, ...]] = tuple(cr("104.1"))   # a game ends immediately when one wins
    extra_keys: ClassVar[tuple[str, ...]] = ("stack",)
    phases: ClassVar[tuple[str, ...]] = STEPS
    own_step_kinds: ClassVar[tuple[str, ...]] = OWN_STEP_KINDS
    own_event_kinds: ClassVar[tuple[str, ...]] = EVENT_KINDS
    # The rules modules below the actions reach the effects through the state's ruleset, never by importing them
    # (a draw replaced by effects, 121.6: core.draw).
    run_effects = staticmethod(effects.run_effects)
    # Magic questions are asked inside an action and answered there by the script's next lines (no continuation):
    # `answers_pending` is then always False and an unanswered one ends the run on a `choice` step.
    script_chooser: ClassVar[type[ScriptChooser]] = ScriptChooser

    @classmethod
    def describe(cls, cards: Mapping[str, Any] | None = None) -> dict[str, Any]:
        from judge.engine.rulesets.magic.describe import describe

        return describe(cards if cards is not None else {})

    @classmethod
    def parse_scenario(cls, doc: Mapping[str, Any], check: Any, cards: Mapping[str, Any] | None = None
                       ) -> tuple[Setup, list[Action], list[Any]]:
        return parse_scenario(doc, check, cards if cards is not None else {})

    @classmethod
    def start(cls, scenario: Any, rng: random.Random) -> tuple[GameState, list[Step]]:
        """The board as written, in the scenario's turn and step; the active player has priority there (after
        state-based actions and triggers, 117.5). Permanents on the battlefield have been there since before the
        turn began unless they say `sick: true`."""
        setup: Setup = scenario.setup
        players = []
        state = MagicState(players=players, rng=rng, cards=dict(setup.cards), ruleset=cls,
                           catalog_names=setup.catalog_names)
        for ps in setup.players:
            p = MagicPlayer(name=ps.name, lives=ps.life, zones={z: [] for z in ZONES}, pool=dict(ps.pool),
                            lands_played=ps.lands_played, stamps=state.stamps)
            players.append(p)
            for zone in ("library", "hand", "graveyard", "exile", "battlefield"):
                for o in ps.zones.get(zone, ()):
                    obj = MagicObject(id=o.id, card=o.card, owner=ps.name, controller=ps.name, zone=zone, base=o.id,
                                      tapped=o.tapped, damage=o.damage, attached_to=o.attached_to,
                                      counters=dict(o.counters), sick=o.sick, stamps=state.stamps)
                    obj.timestamp = state.tick()
                    p.zones[zone].append(obj)
                    state.objects[o.id] = obj
                    state.latest[o.id] = o.id
        for s in setup.stack:
            obj = MagicObject(id=s.id, card=s.card, owner=s.controller, controller=s.controller, zone="stack",
                              base=s.id, stamps=state.stamps)
            obj.timestamp = state.tick()
            state.player(s.controller).zones["stack"].append(obj)
            state.objects[s.id] = obj
            state.latest[s.id] = s.id
            card = state.cards[s.card]
            state.stack.append(StackItem(id=s.id, kind="spell", controller=s.controller, source=s.id,
                                         source_name=s.card, effects=card.effects, targets=s.targets,
                                         target_specs=card.targets, x=s.x, obj=obj, text=f"{s.card} ({s.id})"))
        state.turn, state.active, state.phase = setup.turn, setup.active, setup.step
        state.chooser = ScriptChooser()
        # A choice asked while setting up (two legends with the same name: 704.5j) is answered by the script's first
        # lines, as any later choice by the lines after the action that asks it (docs: Choices).
        state.script = Script(tuple(getattr(scenario, "actions", ())), 0)
        out: list[Step] = []
        names = [Message("magic.setup.player", player=p.name, lives=p.lives) for p in players]
        if state.phase not in turn.NO_PRIORITY:
            state.priority = state.active          # 117.3a: the board of the setup step shows who has priority
        try:
            core.emit(state, out, "setup", None, Message(
                "magic.setup", turn=state.turn, player=state.active, step=phase(state.phase), players=names,
                stack=Message("magic.setup.stack", items=[i.text for i in state.stack]) if state.stack else ""),
                      cr("500.1", "117.3a"),
                      # every card of the scenario whose text is not modelled, wherever it starts (docs: Cards)
                      about=[o for p in players for z in ZONES for o in p.zones[z] if core.has_notes(state, o)])
            if state.phase in turn.NO_PRIORITY:
                turn.begin(state, out, state.phase)
            else:
                priority.give_priority(state, out, state.active)
        except ChoiceNeeded as exc:
            _pend(state, exc)
        finally:
            state.opening_answers, state.script = state.script.pos, None
        return state, out

    @classmethod
    def legal_actions(cls, state: GameState) -> list[Action]:
        if state.over or state.waiting is not None:
            return []
        return legal_actions(state)  # type: ignore[arg-type]

    @classmethod
    def apply(cls, state: GameState, action: Action) -> list[Step]:
        """One action; an illegal one is one `illegal` step and the state exactly as it was (733.1)."""
        assert isinstance(state, MagicState)
        out: list[Step] = []
        if state.chooser is None or (state.script is not None and not isinstance(state.chooser, ScriptChooser)):
            state.chooser = ScriptChooser()
        # Casting and activating may fail after mana abilities were activated (733.1): keep a copy to go back to.
        # (Only when mana abilities run first: every other check comes before anything changes.)
        saved = undo.save(state) if (isinstance(action, (Cast, Activate)) and action.tap) or \
            (isinstance(action, Mana) and len(action.sources) > 1) else None
        try:
            return cls._apply(state, action, out, saved)
        finally:
            if saved is not None:
                undo.close(saved)

    @classmethod
    def _apply(cls, state: MagicState, action: Action, out: list[Step], saved: dict[str, Any] | None
               ) -> list[Step]:
        try:
            if not isinstance(action, PassUntil):
                by: Any = None
                for p in state.players:                   # one pass over the players (has_player, then player)
                    if p.name == action.by:
                        by = p
                        break
                if by is None:
                    raise IllegalAction(Message("magic.illegal.unknown_player", player=action.by), cr("102.1"))
                if by.lost:
                    raise IllegalAction(Message("magic.illegal.lost", player=action.by), cr("104.3"))
            if isinstance(action, ANSWERS):
                raise IllegalAction(Message("magic.illegal.no_question", action=action.said()),
                                    cr("508.1", "509.1") if type(action).__name__ in ("Attack", "Block")
                                    else cr("117.2e"))
            handler = HANDLERS[type(action)]
            handler(state, action, out)
        except IllegalAction as exc:
            if saved is not None:
                undo.restore(state, saved)
            elif out:
                raise            # every other action checks before it changes anything: a late refusal is a bug
            out = []
            cites = exc.citations or cr("733.1")
            if saved is not None:
                cites = [*cites, *cr("733.1", "733.2")]     # reversed; the player keeps priority
            core.emit(state, out, "illegal", action.by or None,
                      Message("core.illegal", reason=exc.reason, action=action.said()), cites)
        except ChoiceNeeded as exc:
            _pend(state, exc)
        return out

    @classmethod
    def choices(cls, state: GameState, action: Action | None, question: Any | None) -> dict[str, Any]:
        from judge.engine.rulesets.magic.options import choices    # the builder's only: not loaded by a run
        return choices(state, action, question)  # type: ignore[arg-type]

    @classmethod
    def check_expectation(cls, state: GameState, expectation: Any, steps: Sequence[Step]
                          ) -> tuple[bool, str, list[str]]:
        return check(state, expectation, steps)  # type: ignore[arg-type]

    @classmethod
    def expectation_notes(cls, state: GameState, expectation: Any) -> list[str]:
        """The unmodelled text of the object the expectation looks at, and of the board (core.unmodelled)."""
        obj = state.obj(expectation.subject) if expectation.subject_key == "object" else None  # type: ignore[attr-defined]
        return core.unmodelled(state, obj)  # type: ignore[arg-type]

    @classmethod
    def snapshot(cls, state: GameState) -> dict[str, Any]:
        return snapshot(state)  # type: ignore[arg-type]

    @classmethod
    def step(cls, state: GameState, kind: str, actor: str | None, summary: str, citations: Sequence[str],
             events: Sequence[Event] = (), unmodelled: Sequence[str] = (), passed: bool | None = None) -> Step:
        s = super().step(state, kind, actor, summary, citations, events, unmodelled, passed)
        if not unmodelled and kind in ("choice", "limit"):
            s.unmodelled = core.unmodelled(state)  # type: ignore[arg-type]
        return s


def _pend(state: MagicState, exc: ChoiceNeeded) -> None:
    state.waiting = exc.question          # no continuation: the run stops on a `choice` step (docs: Choices)


__all__ = ["Magic", "RandomChooser"]
