"""The actions of a magic scenario (python-chess's Move): small frozen value types, each able to write itself
back as a scenario line. Decisions asked in the middle of the game (attackers, blockers, damage assignment, an
order, a search) are answered by the next lines of the script: Attack, Block, Assign, Choose."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.engine.action import Action
from judge.messages import Message, render


def _written(line: dict[str, Any], **keys: Any) -> dict[str, Any]:
    """A scenario line with the keys that say something (a tuple as a list; 0 and () are left out)."""
    for key, value in keys.items():
        if value:
            line[key] = list(value) if isinstance(value, tuple) else value
    return line


def _on(targets: tuple[str, ...]) -> "Message | str":
    """« con objetivo a, b» (the targets an action names), "" for none."""
    return Message("magic.play.targeting", targets=list(targets)) if targets else ""


@dataclass(frozen=True)
class Cast(Action):
    """601: cast a spell from hand. `tap`: permanents whose mana abilities are activated to pay (601.2g)."""
    card: str = ""
    targets: tuple[str, ...] = ()
    x: int | None = None                     # the value of X announced (601.2b, 107.3a); None: none announced
    tap: tuple[str, ...] = ()
    sacrifice: tuple[str, ...] = ()          # permanents sacrificed to pay an additional cost (118.8)
    discard: tuple[str, ...] = ()            # cards discarded to pay an additional cost
    mode: int | None = None                  # a modal spell's chosen mode (700.2a), 0 first
    counter_on: tuple[str, ...] = ()         # creatures that get a -1/-1 counter to pay an additional cost
    conspire: tuple[str, ...] = ()           # the two creatures tapped to pay conspire (702.78a)
    divide: tuple[tuple[str, int], ...] = ()  # how a divided effect is split among the targets (601.2d)

    def to_script(self) -> dict[str, Any]:
        out: dict[str, Any] = {"by": self.by, "cast": self.card}
        if self.mode is not None:
            out["mode"] = self.mode
        _written(out, sacrifice=self.sacrifice, discard=self.discard, counter_on=self.counter_on,
                 targets=self.targets)
        if self.x is not None:
            out["x"] = self.x                # announced, 0 included (601.2b)
        return _written(out, tap=self.tap, conspire=self.conspire, divide=dict(self.divide))

    def describe(self) -> str:
        return render(self.said())

    def said(self) -> Message:
        return Message("magic.action.cast", player=self.by, card=self.card, on=_on(self.targets),
                       x=f" (X={self.x})" if self.x is not None else "")


@dataclass(frozen=True)
class Activate(Action):
    """602: activate the `ability`-th activated ability (0 first) of a permanent."""
    source: str = ""
    ability: int = 0
    targets: tuple[str, ...] = ()
    x: int | None = None                     # the value of X announced (602.2b, 601.2b); None: none announced
    tap: tuple[str, ...] = ()
    sacrifice: tuple[str, ...] = ()          # the permanent sacrificed for a "sacrifice a Mountain" cost
    reveal: tuple[str, ...] = ()             # the cards of the hand revealed for a "reveal" cost

    def to_script(self) -> dict[str, Any]:
        out = _written({"by": self.by, "activate": self.source}, ability=self.ability, targets=self.targets)
        if self.x is not None:
            out["x"] = self.x                # announced, 0 included (601.2b)
        return _written(out, tap=self.tap, sacrifice=self.sacrifice, reveal=self.reveal)

    def describe(self) -> str:
        return render(self.said())

    def said(self) -> Message:
        return Message("magic.action.activate", player=self.by, source=self.source, on=_on(self.targets))


@dataclass(frozen=True)
class Mana(Action):
    """605: activate the mana abilities of these permanents (tap a land for mana)."""
    sources: tuple[str, ...] = ()

    def to_script(self) -> dict[str, Any]:
        return {"by": self.by, "mana": list(self.sources)}

    def describe(self) -> str:
        return render(self.said())

    def said(self) -> Message:
        return Message("magic.action.mana", player=self.by, sources=list(self.sources))


@dataclass(frozen=True)
class PlayLand(Action):
    """116.2a / 305.1: play a land (a special action)."""
    card: str = ""

    def to_script(self) -> dict[str, Any]:
        return {"by": self.by, "play_land": self.card}

    def describe(self) -> str:
        return render(self.said())

    def said(self) -> Message:
        return Message("magic.action.land", player=self.by, card=self.card)


@dataclass(frozen=True)
class Pass(Action):
    """117.3d: pass priority."""

    def to_script(self) -> dict[str, Any]:
        return {"by": self.by, "pass": True}

    def describe(self) -> str:
        return render(self.said())

    def said(self) -> Message:
        return Message("magic.play.pass", player=self.by)


@dataclass(frozen=True)
class PassUntil(Action):
    """Every player passes each time they get priority (the stack resolving in between) until `step` begins."""
    step: str = ""
    by: str = ""

    def to_script(self) -> dict[str, Any]:
        return {"pass_until": self.step}

    def describe(self) -> str:
        return render(self.said())                         # «todos pasan la prioridad hasta el paso final»

    def said(self) -> Message:
        from judge.engine.rulesets.magic.state import STEP_NAMES
        return Message("magic.action.pass_until",
                       step=Message("magic.phase." + self.step) if self.step in STEP_NAMES else self.step)


@dataclass(frozen=True)
class Attack(Action):
    """508.1: the attackers declared (each attacks `target`, the defending player by default)."""
    attackers: tuple[str, ...] = ()
    target: str = ""

    def to_script(self) -> dict[str, Any]:
        out: dict[str, Any] = {"by": self.by, "attack": list(self.attackers)}
        if self.target:
            out["target"] = self.target
        return out

    def describe(self) -> str:
        return render(self.said())

    def said(self) -> Message:
        return Message("magic.action.attack", player=self.by,
                       attackers=list(self.attackers) or Message("magic.turn.no_creature"))


@dataclass(frozen=True)
class Block(Action):
    """509.1: blocks as (blocker, attacker) pairs."""
    blocks: tuple[tuple[str, str], ...] = ()

    def to_script(self) -> dict[str, Any]:
        return {"by": self.by, "block": {b: a for b, a in self.blocks}}

    def describe(self) -> str:
        return render(self.said())

    def said(self) -> Message:
        return Message("magic.turn.blocks", player=self.by, blocks=[
            Message("magic.turn.block_pair", blocker=b, attacker=a) for b, a in self.blocks]
            or Message("magic.turn.no_creature"))


@dataclass(frozen=True)
class Assign(Action):
    """510.1c–d, 702.19b: how an attacker's combat damage is divided (recipient → damage)."""
    attacker: str = ""
    damage: tuple[tuple[str, int], ...] = ()

    def to_script(self) -> dict[str, Any]:
        return {"by": self.by, "assign": {"attacker": self.attacker, "damage": dict(self.damage)}}

    def describe(self) -> str:
        return render(self.said())

    def said(self) -> Message:
        return Message("magic.action.assign", player=self.by, attacker=self.attacker,
                       damage=[Message("magic.action.assign_part", n=n, recipient=r) for r, n in self.damage])


@dataclass(frozen=True)
class Choose(Action):
    """The answer to the choice the game asks for (targets of a trigger, an order, yes/no, which card…)."""
    values: tuple[str, ...] = ()

    def to_script(self) -> dict[str, Any]:
        return {"by": self.by, "choose": list(self.values)}

    def describe(self) -> str:
        return render(self.said())

    def said(self) -> Message:
        return Message("magic.action.choose", player=self.by,
                       values=list(self.values) or Message("magic.value.nothing"))


ANSWERS = (Attack, Block, Assign, Choose)
ACTION_KEYS = ("cast", "activate", "mana", "play_land", "pass", "pass_until", "attack", "block", "assign", "choose")
