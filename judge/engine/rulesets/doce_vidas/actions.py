"""The actions of doce-vidas (dv/turno/accion): play, burn, attack, end the turn, and answer a discard."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.engine.action import Action
from judge.messages import Message, render


@dataclass(frozen=True)
class Play(Action):
    """Play a card from hand paying its cost (dv/turno/accion/1). `card` is a card name or an object id.

    `targets`: one per chosen slot of the card (CardDef.chosen_slots); `choose`: pre-answers the discard a
    card's `discard` effect asks for."""
    card: str = ""
    targets: tuple[str, ...] = ()
    choose: tuple[str, ...] | None = None

    def to_script(self) -> dict[str, Any]:
        out: dict[str, Any] = {"by": self.by, "play": self.card}
        if len(self.targets) == 1:
            out["target"] = self.targets[0]
        elif self.targets:
            out["targets"] = list(self.targets)
        if self.choose is not None:
            out["choose"] = list(self.choose)
        return out

    def describe(self) -> str:
        return render(self.said())

    def said(self) -> Message:
        if self.targets:
            return Message("dv.action.play_on", player=self.by, card=self.card, targets=list(self.targets))
        return Message("dv.action.play", player=self.by, card=self.card)


@dataclass(frozen=True)
class Burn(Action):
    """Discard a card from hand for 1 mana (dv/turno/accion/3, dv/mana/3)."""
    card: str = ""

    def to_script(self) -> dict[str, Any]:
        return {"by": self.by, "burn": self.card}

    def describe(self) -> str:
        return render(self.said())

    def said(self) -> Message:
        return Message("dv.action.burn", player=self.by, card=self.card)


@dataclass(frozen=True)
class Attack(Action):
    """Attack one target (a player name or a creature id) with one or more creatures (dv/turno/accion/2)."""
    attackers: tuple[str, ...] = ()
    target: str = ""

    def to_script(self) -> dict[str, Any]:
        who: Any = self.attackers[0] if len(self.attackers) == 1 else list(self.attackers)
        return {"by": self.by, "attack": who, "target": self.target}

    def describe(self) -> str:
        return render(self.said())

    def said(self) -> Message:
        return Message("dv.action.attack", player=self.by, target=self.target, attackers=list(self.attackers))


@dataclass(frozen=True)
class EndTurn(Action):
    """End the action phase; the next player's turn begins (dv/turno)."""

    def to_script(self) -> dict[str, Any]:
        return {"by": self.by, "end_turn": True}

    def describe(self) -> str:
        return render(self.said())

    def said(self) -> Message:
        return Message("dv.action.end_turn", player=self.by)


@dataclass(frozen=True)
class Discard(Action):
    """Answer a pending discard (down to two cards, or a `discard` effect): the cards, in the order they enter
    the discard pile (bottom first)."""
    cards: tuple[str, ...] = ()

    def to_script(self) -> dict[str, Any]:
        return {"by": self.by, "discard": list(self.cards)}

    def describe(self) -> str:
        return render(self.said())

    def said(self) -> Message:
        return Message("dv.action.discard", player=self.by, cards=list(self.cards) or Message("dv.action.nothing"))


ACTION_KEYS = {"play": Play, "burn": Burn, "attack": Attack, "end_turn": EndTurn, "discard": Discard}
