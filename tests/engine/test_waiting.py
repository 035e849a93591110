"""One typed "waiting for" (judge/engine/waiting.py) shared by both rulesets: what the state says it waits for,
who answers it and how (a script line, the fuzzer's random chooser, the legal actions offered)."""
from __future__ import annotations

import random
from typing import Any

import pytest

from judge.engine import Game
from judge.engine.rulesets.doce_vidas import DoceVidas
from judge.engine.rulesets.doce_vidas.actions import Discard, EndTurn
from judge.engine.rulesets.doce_vidas.state import FinishPreparation, ResumeEffects
from judge.engine.rulesets.magic import Magic
from judge.engine.rulesets.magic.actions import Choose
from judge.engine.rulesets.magic.choices import RandomChooser, ScriptChooser
from judge.engine.waiting import ChoiceNeeded, WaitingFor
from judge.scenarios import load_scenario

DV_FULL_HAND = [{"name": "Ana"}, {"name": "Bruno", "hand": ["Ratón", "Rayo", "Bálsamo", "Oso pardo"]}]


def _dv_waiting(h: Any) -> Game:
    game = Game(load_scenario(h.make(DV_FULL_HAND)))
    game.play(EndTurn(by="Ana"))             # Bruno's preparation: four cards, the limit is two
    return game


def test_doce_vidas_waits_with_a_continuation_that_a_discard_line_answers(h: Any) -> None:
    game = _dv_waiting(h)
    w = game.state.waiting
    assert isinstance(w, WaitingFor) and w.kind == "descarte" and w.player == "Bruno"
    assert (w.min, w.max, len(w.options)) == (2, 2, 4) and w.citations == ("dv/turno/preparacion/3",)
    assert isinstance(w.resume, FinishPreparation)
    assert game.state.pending is w            # the older name reads the same wait
    # The answer: a discard line of the player asked, recognised the same way a magic answer is.
    assert DoceVidas.answers_pending(game.state, Discard(by="Bruno", cards=w.options[:2]))
    assert not DoceVidas.answers_pending(game.state, Discard(by="Ana", cards=w.options[:2]))
    assert not DoceVidas.answers_pending(game.state, EndTurn(by="Bruno"))
    # What the fuzzer may answer: every pair of the four cards, in the order of the hand.
    offered = DoceVidas.legal_actions(game.state)
    assert [a.cards for a in offered] == list(w.selections(24)) and len(offered) == 6
    steps = game.play(offered[0])
    assert game.state.waiting is None and game.state.phase == "accion"      # resumed: drew, then the action phase
    assert any(s.kind == "turn-based" and "dv/turno/preparacion/3" in s.citations for s in steps)


def test_a_discard_effect_waits_for_each_player_then_resumes_the_rest_of_its_card(h: Any) -> None:
    from judge.engine.rulesets.doce_vidas.actions import Play

    doc = h.make([{"name": "Ana", "mana": 3, "hand": ["Saqueo global"], "deck": ["Ratón"]},
                  {"name": "Bruno", "hand": ["Ratón", "Rayo"]}, {"name": "Carla", "hand": ["Ritual", "Bálsamo"]}])
    doc["cards"]["Saqueo global"] = {"type": "hechizo", "cost": 1,
                                     "effects": [{"discard": 1, "target": "opponents"}, {"draw": 1}]}
    game = Game(load_scenario(doc))
    game.play(Play(by="Ana", card="Saqueo global"))
    w = game.state.waiting
    assert w is not None and w.player == "Bruno" and (w.min, w.max) == (1, 1)
    assert isinstance(w.resume, ResumeEffects) and w.resume.others == ("Carla",) and w.resume.index == 0
    game.play(Discard(by="Bruno", cards=w.options[:1]))
    w = game.state.waiting
    assert w is not None and w.player == "Carla" and isinstance(w.resume, ResumeEffects) and w.resume.others == ()
    game.play(Discard(by="Carla", cards=w.options[:1]))
    assert game.state.waiting is None
    ana = game.state.player("Ana")
    assert [o.card for o in ana.zones["hand"]] == ["Ratón"]       # the card's next effect ran: Ana drew


MAGIC_SEARCH = {
    "ruleset": "magic", "title": "prueba",
    "cards": {"Tutor": {"cost": "{B}", "types": ["sorcery"], "effects": [{"search": "tierra", "dest": "hand"}]}},
    "players": [{"name": "Ana", "hand": [{"card": "Tutor", "id": "tutor"}], "library": ["Bosque", "Isla"],
                 "battlefield": [{"card": "Pantano", "id": "p1"}]}, {"name": "Bruno"}],
    "turn": {"number": 3, "active": "Ana", "step": "main1"},
    "actions": [{"by": "Ana", "cast": "tutor", "tap": ["p1"]}, {"by": "Ana", "pass": True},
                {"by": "Bruno", "pass": True}],
}


def test_magic_waits_without_a_continuation_and_the_run_stops_on_it() -> None:
    from judge.engine import run_scenario

    trace = run_scenario(load_scenario(MAGIC_SEARCH))
    assert trace.stopped == "eleccion"
    choice = [s for s in trace.steps if s.kind == "choice"]
    assert len(choice) == 1 and choice[0].actor == "Ana"
    game = Game(load_scenario(MAGIC_SEARCH))
    from judge.engine.run import ScriptHooks, play_script
    play_script(game, load_scenario(MAGIC_SEARCH).actions, 0, None, ScriptHooks())
    w = game.state.waiting
    assert isinstance(w, WaitingFor) and w.kind == "search" and w.player == "Ana" and w.resume is None
    assert not Magic.answers_pending(game.state, Choose(by="Ana", values=w.options[:1]))   # answered inside only


def test_the_script_chooser_takes_only_an_answer_of_the_right_type_by_the_one_asked() -> None:
    class _Script:
        def __init__(self, line: Any) -> None:
            self.line, self.taken = line, False

        def asked(self, state: Any, q: Any) -> None:
            pass

        def peek(self) -> Any:
            return None if self.taken else self.line

        def take(self) -> Any:
            self.taken = True
            return self.line

    class _State:
        script: Any = None

    q = WaitingFor("search", "Ana", ("a", "b"), "Ana busca", ("701.23a",))
    state = _State()
    state.script = _Script(Choose(by="Bruno", values=("a",)))
    with pytest.raises(ChoiceNeeded) as raised:
        ScriptChooser().next_answer(state, q)
    assert raised.value.question is q
    state.script = _Script(Choose(by="Ana", values=("a",)))
    assert ScriptChooser().next_answer(state, q) == Choose(by="Ana", values=("a",)) and state.script.taken


@pytest.mark.parametrize("low,high", [(0, 1), (1, 1), (1, 3), (2, 2)])
def test_the_random_chooser_answers_within_the_bounds(low: int, high: int) -> None:
    q = WaitingFor("sacrifice", "Bruno", ("x", "y", "z"), "Bruno sacrifica", ("701.21a",), min=low, max=high)
    chooser = RandomChooser(random.Random(7))
    for _ in range(30):
        ans = chooser.next_answer(None, q)
        assert isinstance(ans, Choose) and ans.by == "Bruno"
        assert low <= len(ans.values) <= high and set(ans.values) <= set(q.options)
    assert len(chooser.recorded) == 30                        # every answer kept, to replay the game


def test_selections_go_from_min_to_max_and_stop_at_the_cap() -> None:
    q = WaitingFor("k", "Ana", ("a", "b", "c"), "", (), min=1, max=2)
    assert list(q.selections(10)) == [("a",), ("b",), ("c",), ("a", "b"), ("a", "c"), ("b", "c")]
    assert list(q.selections(2)) == [("a",), ("b",)]
    assert q.count == 2
