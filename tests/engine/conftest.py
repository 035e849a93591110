"""Helpers for the engine tests: build a doce-vidas scenario in a few lines (XMage style), run it, look at it."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from judge.engine import Trace, run_scenario
from judge.messages import Message
from judge.scenarios import load_scenario

CARDS: dict[str, Any] = {
    "Lobo gris": {"type": "criatura", "cost": 2, "damage": 2, "life": 3},
    "Oso pardo": {"type": "criatura", "cost": 3, "damage": 3, "life": 4},
    "Ratón": {"type": "criatura", "cost": 1, "damage": 1, "life": 1},
    "Bola de fuego": {"type": "hechizo", "cost": 2, "effects": [{"damage": 3, "target": "any"}]},
    "Terremoto": {"type": "hechizo", "cost": 3, "effects": [{"damage": 5, "target": "all_creatures"}]},
    "Bálsamo": {"type": "instantaneo", "cost": 1, "effects": [{"heal": 5, "target": "player"}]},
    "Rayo": {"type": "instantaneo", "cost": 1, "effects": [{"damage": 2, "target": "any"}]},
    "Estandarte": {"type": "reliquia", "cost": 3, "effects": [{"boost_damage": 1, "to": "yours"}]},
    "Muralla": {"type": "reliquia", "cost": 2, "effects": [{"boost_life": 1, "to": "all"}]},
    "Piel de roble": {"type": "encantamiento", "cost": 1, "effects": [{"boost_life": 2, "to": "enchanted"}]},
    "Garras": {"type": "encantamiento", "cost": 1, "effects": [{"boost_damage": 2, "to": "enchanted"}]},
    "Saqueo": {"type": "hechizo", "cost": 1, "effects": [{"discard": 2, "target": "player"}]},
    "Aniquilar": {"type": "hechizo", "cost": 2, "effects": [{"destroy": 1, "target": "permanent"}]},
    "Sabiduría": {"type": "hechizo", "cost": 1, "effects": [{"draw": 2, "target": "self"}]},
    "Ritual": {"type": "hechizo", "cost": 0, "effects": [{"gain_mana": 2}]},
    "Furia": {"type": "instantaneo", "cost": 1, "effects": [{"boost_damage": 3, "to": "target"}]},
    "Fuente": {"type": "reliquia", "cost": 1, "effects": [{"heal": 1, "target": "self", "when": "turn_start"}]},
    "Vigor": {"type": "hechizo", "cost": 1, "effects": [{"boost_life": 2, "to": "yours"}]},
}


def make(players: list[dict[str, Any]], actions: list[dict[str, Any]] | None = None,
         expect: list[dict[str, Any]] | None = None, turn: dict[str, Any] | None | str = "default",
         **top: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"ruleset": "doce-vidas", "title": "prueba", "cards": copy.deepcopy(CARDS),
                           "players": players, "actions": actions or [], "expect": expect or []}
    if turn == "default":
        doc["turn"] = {"number": 3, "active": "Ana", "phase": "accion"}
    elif turn is not None:
        doc["turn"] = turn
    doc.update(top)
    return doc


def run(players: list[dict[str, Any]], actions: list[dict[str, Any]] | None = None,
        expect: list[dict[str, Any]] | None = None, **kw: Any) -> Trace:
    return run_scenario(load_scenario(make(players, actions, expect, **kw)))


def final(trace: Trace) -> dict[str, Any]:
    """The board after the last game step (before the expectations)."""
    game_steps = [s for s in trace.steps if s.kind != "expectation"]
    return game_steps[-1].board


def player(board: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in board["players"] if p["name"] == name)


def names(objs: list[dict[str, Any]]) -> list[str]:
    return [o["card"] for o in objs]


def kinds(trace: Trace) -> list[str]:
    return [s.kind for s in trace.steps]


def steps_citing(trace: Trace, passage: str) -> list[Any]:
    return [s for s in trace.steps if passage in s.citations]


def messages(step: Any) -> list[Message]:
    """Every message a step (or a Message: a board's pending prompt, Message.from_json) says: its own and those nested in its parameters (an illegal step's reason, a
    destruction's details…), outermost first. Tests find steps by these ids, not by their Spanish wording."""
    out: list[Message] = []
    todo: list[Any] = [step if isinstance(step, Message) else step.message]      # a step, or a message itself
    while todo:
        value = todo.pop(0)
        if isinstance(value, Message):
            out.append(value)
            todo.extend(value.params.values())
        elif isinstance(value, (list, tuple)):
            todo.extend(value)
    return out


def ids(step: Any) -> set[str]:
    return {m.id for m in messages(step)}


def with_id(trace: Trace, ident: str) -> list[Any]:
    """The steps whose message, or a message nested in it, has the id `ident`."""
    return [s for s in trace.steps if ident in ids(s)]


def said(step: Any, ident: str) -> Message:
    """The (first) message with the id `ident` in a step; fails when there is none."""
    found = [m for m in messages(step) if m.id == ident]
    assert found, f"no {ident} in step {step.number}: {step.message!r}"
    return found[0]


@pytest.fixture
def h() -> Any:
    import types
    return types.SimpleNamespace(make=make, run=run, final=final, player=player, names=names, kinds=kinds,
                                 citing=steps_citing, messages=messages, ids=ids, with_id=with_id, said=said)
