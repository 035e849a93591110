"""The adjudication engine: game-independent core (state, actions, steps, the run loop) and the rulesets.

Imports neither Flask nor Whoosh. Entry point: ``run_scenario(load_scenario(text))`` → Trace.
"""
from __future__ import annotations

from judge.engine.action import Action, Checkpoint
from judge.engine.errors import EngineError, IllegalAction, StepLimitReached, UnknownRuleset
from judge.engine.run import DEFAULT_STEP_LIMIT, Game, run_scenario
from judge.engine.state import GameObject, GameState, Player
from judge.engine.step import GENERIC_EVENT_KINDS, GENERIC_STEP_KINDS, STOPPED, Event, Step, Trace
from judge.engine.waiting import WaitingFor

__all__ = ["run_scenario", "Game", "Checkpoint", "Trace", "Step", "Event", "Action", "GameState", "GameObject", "Player",
           "WaitingFor", "EngineError", "IllegalAction", "StepLimitReached",
           "UnknownRuleset", "DEFAULT_STEP_LIMIT", "GENERIC_STEP_KINDS", "GENERIC_EVENT_KINDS",
           "STOPPED"]
