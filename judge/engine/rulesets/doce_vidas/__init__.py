"""doce-vidas: the whole 12-life game of rules_corpus/doce-vidas-reglas.txt (passages dv/...)."""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from judge.engine.action import Action, Checkpoint
from judge.engine.errors import IllegalAction
from judge.engine.expect import Expectation
from judge.engine.rulesets.base import Ruleset
from judge.engine.rulesets.doce_vidas import cites as C
from judge.engine.rulesets.doce_vidas import game, legal, steps
from judge.engine.rulesets.doce_vidas.actions import Attack, Burn, Discard, EndTurn, Play
from judge.engine.rulesets.doce_vidas.cards import CardDef, Effect
from judge.engine.rulesets.doce_vidas.expect import check_expectation
from judge.engine.rulesets.doce_vidas.schema import EVENT_KINDS, OWN_STEP_KINDS, Setup, parse_scenario
from judge.engine.rulesets.doce_vidas.snapshot import snapshot
from judge.engine.rulesets.doce_vidas.state import DoceVidasState
from judge.engine.state import GameObject, GameState, Player
from judge.engine.waiting import ScriptChooser
from judge.engine.step import Event, Step
from judge.messages import Message


@dataclass(eq=False)
class DVPlayer(Player):
    """A doce-vidas player: lives, mana, the recycle cost (1, 2, 4, …) and the zones deck/hand/board/discard."""
    recycle_cost: int = 1

    @property
    def deck(self) -> list[GameObject]:
        return self.zones["deck"]

    @property
    def hand(self) -> list[GameObject]:
        return self.zones["hand"]

    @property
    def board(self) -> list[GameObject]:
        return self.zones["board"]

    @property
    def discard(self) -> list[GameObject]:
        return self.zones["discard"]


class DVScriptChooser(ScriptChooser):
    """The script line that answers what a doce-vidas game waits for: only discards are asked (dv/turno/preparacion/3,
    a card's `discard` effect)."""
    answer_types = {"descarte": Discard}


class DoceVidas(Ruleset):
    id: ClassVar[str] = "doce-vidas"
    name: ClassVar[str] = "Doce vidas"
    general_citation: ClassVar[str] = C.TURNO
    game_over_citations: ClassVar[tuple[str, ...]] = (C.OBJETIVO,)   # the game is won once the rival has 0 lives
    zones: ClassVar[tuple[str, ...]] = ("deck", "hand", "board", "discard", "resolving")
    own_step_kinds: ClassVar[tuple[str, ...]] = OWN_STEP_KINDS
    own_event_kinds: ClassVar[tuple[str, ...]] = EVENT_KINDS
    # A discard the game waits for (down to two cards, a card's `discard` effect) is answered by a `discard` line of
    # the player asked; the game then resumes where it stopped (the wait's continuation, game.do_discard).
    script_chooser: ClassVar[type[ScriptChooser]] = DVScriptChooser

    @classmethod
    def describe(cls, cards: Mapping[str, Any] | None = None) -> dict[str, Any]:
        from judge.engine.rulesets.doce_vidas.describe import describe          # its cards are the scenario's

        return describe()

    @classmethod
    def parse_scenario(cls, doc: Mapping[str, Any], check: Any, cards: Mapping[str, Any] | None = None
                       ) -> tuple[Setup, list[Action | Checkpoint], list[Expectation]]:
        return parse_scenario(doc, check)

    @classmethod
    def start(cls, scenario: Any, rng: random.Random) -> tuple[GameState, list[Step]]:
        """dv/preparacion: 12 lives and 0 mana (or the scenario's values), each deck shuffled; then turn 1.
        A scenario with `turn:` starts there instead, decks in the order written."""
        setup: Setup = scenario.setup
        players: list[Player] = []
        for ps in setup.players:
            p = DVPlayer(name=ps.name, lives=ps.lives, mana=ps.mana, recycle_cost=ps.recycle_cost,
                         zones={z: [] for z in cls.zones})
            for zone in ("deck", "hand", "discard", "board"):
                for o in getattr(ps, zone):
                    p.zones[zone].append(GameObject(id=o.id, card=o.card, owner=ps.name, controller=ps.name,
                                                    zone=zone, tapped=o.tapped, damage=o.damage,
                                                    attached_to=o.attached_to))
            players.append(p)
        state = DoceVidasState(players=players, rng=rng, ruleset=cls, cards=dict(setup.cards))
        for obj in state.all_objects():
            obj.timestamp = state.tick()          # the order written is the order stacked (LIFO reads it back)
        out: list[Step] = []
        names = [Message("dv.setup.player", player=p.name, lives=p.lives, mana=p.mana) for p in players]
        # The rules describe a duel; more players is one of the other formats dv/formatos mentions without rules.
        formats = [C.FORMATOS] if len(players) > 2 else []
        # Text the engine does not model on a card that starts in play is shown from the first step on.
        notes = game.involved(state, game.reading_order(state, players[0].name))
        # … and every other card of the scenario whose text is not modelled, wherever it starts (docs: Cards).
        notes = list(dict.fromkeys((*notes, *game.unmodelled(state, *(o for p in players for z in cls.zones
                                                                            for o in p.zones[z])))))
        if setup.turn is None:
            state.active = players[0].name
            # Who starts second draws one more card in their first turn (dv/turno/preparacion/4).
            state.second_player = players[1].name
            state.phase = "preparacion"
            game.emit(state, out, "setup", None,
                      Message("dv.setup.new", n=len(players), players=names),
                      [C.PREPARACION, C.PREP_VIDAS, *formats], unmodelled=notes)
            for p in players:
                rng.shuffle(p.zones["deck"])
                game.emit(state, out, "setup", p.name, Message("dv.setup.shuffle", player=p.name,
                                                                n=len(p.zones["deck"])),
                          [C.PREP_BARAJA], [Event("shuffle", {"player": p.name, "zone": "deck",
                                                              "cards": len(p.zones["deck"])})])
            game.settle(state, out)
            if not state.over:
                game.begin_turn(state, out)
            return state, out
        state.turn, state.active, state.phase = setup.turn.number, setup.turn.active, setup.turn.phase
        game.emit(state, out, "setup", None,
                  Message("dv.setup.mid", turn=state.turn, player=state.active, players=names,
                          phase=Message("dv.phase.accion" if state.phase == "accion" else "dv.phase.preparacion")),
                  [C.TURNO, *formats],
                  unmodelled=notes)
        game.settle(state, out)
        if state.phase == "preparacion" and not state.over:
            game.begin_turn(state, out)
        return state, out

    @classmethod
    def legal_actions(cls, state: GameState) -> list[Action]:
        return legal.legal_actions(state)

    @classmethod
    def apply(cls, state: GameState, action: Action) -> list[Step]:
        """Apply one action; an illegal one becomes a single `illegal` step and changes nothing."""
        out: list[Step] = []
        handlers = {Play: game.do_play, Burn: game.do_burn, Attack: game.do_attack, EndTurn: game.do_end_turn,
                    Discard: game.do_discard}
        try:
            if not state.has_player(action.by):
                raise IllegalAction(Message("dv.illegal.unknown_player", player=action.by), [C.TURNO])
            handler = handlers.get(type(action))
            if handler is None:
                raise IllegalAction(Message("dv.illegal.unknown_action", action=type(action).__name__), [C.ACCION])
            handler(state, action, out)  # type: ignore[operator]
        except IllegalAction as exc:
            if out:        # rules check before changing anything; a late refusal is an engine bug
                raise
            game.emit(state, out, "illegal", action.by,
                      Message("core.illegal", reason=exc.reason, action=action.said()), exc.citations)
            return out
        game.loser_passes(state, out)      # e.g. a player whose own spell or attack left them at 0
        return out

    @classmethod
    def check_expectation(cls, state: GameState, expectation: Any, steps: Sequence[Step]
                          ) -> tuple[bool, str, list[str]]:
        return check_expectation(state, expectation, steps)

    @classmethod
    def expectation_notes(cls, state: GameState, expectation: Any) -> list[str]:
        """The unmodelled text of the card the expectation looks at, and of every card in play (and the cards stacked
        on them: game.involved): text that could have changed what it checks."""
        if not steps.has_text(state):
            return []
        obj = state.find(expectation.subject) if expectation.subject_key == "object" else None
        in_play = [o for p in state.players for o in p.zones["board"]]
        return game.involved(state, [*([obj] if obj is not None else []), *in_play])

    @classmethod
    def snapshot(cls, state: GameState) -> dict[str, Any]:
        return snapshot(state)


__all__ = ["DoceVidas", "DVPlayer", "CardDef", "Effect", "Play", "Burn", "Attack", "EndTurn", "Discard"]
