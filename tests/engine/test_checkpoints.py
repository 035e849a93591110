"""`- expect: [...]` between the actions of a doce-vidas scenario (judge.engine.action.Checkpoint), and the
expectations every ruleset shares (winner, stopped, turn, active, phase, steps) parsed and checked by
judge.engine.expect."""
from __future__ import annotations

import pytest

from judge.engine import Checkpoint, run_scenario
from judge.engine.expect import Expectation
from judge.messages import Message
from judge.scenarios import ScenarioError, load_scenario


def errors_of(doc) -> list[tuple[str, Message | None]]:
    """Every error as (field path, message id and parameters)."""
    with pytest.raises(ScenarioError) as exc:
        load_scenario(doc)
    return [(e.path, e.said) for e in exc.value.errors]


def ids_at(errs: list[tuple[str, Message | None]], path: str) -> list[str]:
    return [m.id if m is not None else "" for p, m in errs if p == path]


PUMP = [{"name": "Ana", "mana": 1, "hand": ["Furia"], "board": [{"card": "Lobo gris", "id": "l"}]},
        {"name": "Bruno"}]


def test_an_expect_entry_among_the_actions_is_a_checkpoint(h):
    scenario = load_scenario(h.make(PUMP, [{"by": "Ana", "play": "Furia", "target": "l"},
                                           {"expect": [{"object": "l", "card_damage": 5}, {"phase": "accion"}]},
                                           {"by": "Ana", "end_turn": True}]))
    checkpoint = scenario.actions[1]
    assert isinstance(checkpoint, Checkpoint) and checkpoint.path == "actions[1]"
    assert [e.field for e in checkpoint.expectations] == ["card_damage", "phase"]
    assert checkpoint.to_script() == {"expect": [{"object": "l", "card_damage": 5}, {"phase": "accion"}]}


def test_a_checkpoint_is_checked_at_its_moment_of_the_script(h):
    """Furia's +3 lasts until the end of the turn: 5 between the two actions, 2 once the turn is over."""
    t = h.run(PUMP, [{"by": "Ana", "play": "Furia", "target": "l"},
                     {"expect": [{"object": "l", "card_damage": 5}, {"player": "Ana", "mana": 0}]},
                     {"by": "Ana", "end_turn": True},
                     {"expect": [{"object": "l", "card_damage": 2}, {"active": "Bruno"}, {"turn": 4}]}],
              expect=[{"object": "l", "card_damage": 2}])
    assert t.ok, [s.summary for s in t.failed_expectations]
    kinds = h.kinds(t)
    first = kinds.index("expectation")
    assert kinds[first:first + 2] == ["expectation", "expectation"]
    assert "action" in kinds[first + 2:]                  # checked before Ana ends her turn
    assert "5" in t.steps[first].summary
    assert kinds.count("expectation") == 6


def test_a_failed_checkpoint_fails_the_run(h):
    t = h.run(PUMP, [{"by": "Ana", "play": "Furia", "target": "l"}, {"expect": [{"object": "l", "card_damage": 2}]}])
    assert not t.ok and len(t.failed_expectations) == 1
    assert h.said(t.failed_expectations[0], "dv.expect.field").params["want"] == "2"


def test_checkpoint_errors_name_their_field_path(h):
    doc = h.make(PUMP, [{"by": "Ana", "end_turn": True},
                        {"expect": [{"player": "Ana", "lives": "x"}]},
                        {"expect": [{"stopped": "fin"}]},
                        {"expect": [{"player": "Ana", "lives": 3}], "by": "Ana"},
                        {"expect": []},
                        {"expect": [{"object": "nada", "zone": "board"}, {"winner": "Zoe"}]}])
    errs = errors_of(doc)
    assert ("actions[1].expect[0].lives", Message("format.not_integer_min", min=0,
                                                  got=Message("format.type.str"))) in errs
    assert ("actions[2].expect[0].stopped", Message("core.check.stopped_in_script")) in errs
    assert ids_at(errs, "actions[3].by") == ["format.unknown_key"]
    assert ids_at(errs, "actions[4].expect") == ["dv.schema.empty_check"]
    assert ("actions[5].expect[0].object", Message("dv.schema.unknown_id", ref="nada")) in errs
    assert ("actions[5].expect[1].winner", Message("format.player.unknown", name="Zoe")) in errs


def test_checkpoints_share_one_bound(h):
    many = [{"expect": [{"turn": 3}] * 300}, {"expect": [{"turn": 3}] * 300}]
    errs = errors_of(h.make(PUMP, many))
    assert ids_at(errs, "actions[1].expect") == ["dv.schema.too_many_checks"]


def test_a_checkpoint_after_an_open_choice_is_not_checked(h):
    """The run stops on the choice the script leaves open, before the checkpoint (as it would before an action)."""
    t = h.run([{"name": "Ana", "mana": 1, "hand": ["Saqueo"]},
               {"name": "Bruno", "hand": ["Ratón", "Rayo", "Oso pardo"]}],
              [{"by": "Ana", "play": "Saqueo", "target": "Bruno"}, {"expect": [{"player": "Bruno", "hand_count": 1}]}],
              expect=[{"stopped": "eleccion"}])
    assert t.ok
    assert h.kinds(t)[-2:] == ["choice", "expectation"]


def test_a_checkpoint_after_the_game_ended_is_still_checked(h):
    t = h.run([{"name": "Ana", "board": [{"card": "Oso pardo", "id": "o"}]}, {"name": "Bruno", "lives": 2}],
              [{"by": "Ana", "attack": "o", "target": "Bruno"}, {"expect": [{"winner": "Ana"}, {"phase": "terminada"}]}])
    assert t.ok and t.stopped == "partida terminada"
    assert [s.passed for s in t.steps if s.kind == "expectation"] == [True, True]
    assert "dv/objetivo" in [s for s in t.steps if s.kind == "expectation"][0].citations


# docs/scenarios.md, "Generic: checkpoints…": «A checkpoint after the game ended is still checked»; «one after the game
# ended is made (the script goes on being read, no action is applied)». dv/objetivo: «Gana quien consiga reducir las
# vidas del oponente a 0.»
WIN = [{"name": "Ana", "board": [{"card": "Oso pardo", "id": "o"}]}, {"name": "Bruno", "lives": 2}]
ATTACK = {"by": "Ana", "attack": "o", "target": "Bruno"}


def test_a_false_checkpoint_after_an_action_that_comes_once_the_game_is_over_fails_the_run(h):
    """The actions after the game's end are not played, but the checkpoints between them are all checked."""
    t = h.run(WIN, [ATTACK, {"by": "Ana", "end_turn": True}, {"expect": [{"turn": 99}]},
                    {"by": "Bruno", "end_turn": True}, {"expect": [{"turn": 3}, {"active": "Ana"}]}],
              expect=[{"stopped": "partida terminada"}])
    assert not t.ok and t.stopped == "partida terminada"
    assert [s.passed for s in t.steps if s.kind == "expectation"] == [False, True, True, True]
    assert h.said(t.failed_expectations[0], "core.expect.turn").params["want"] == 99


def test_the_actions_after_the_games_end_are_one_illegal_step_that_names_them(h):
    """One `illegal` step, where the first of them stands, says that none of them is played (board as the game
    left it), citing dv/objetivo; the checkpoints after it stand where they stand."""
    t = h.run(WIN, [ATTACK, {"expect": [{"winner": "Ana"}]}, {"by": "Ana", "end_turn": True},
                    {"expect": [{"turn": 3}]}, {"by": "Bruno", "end_turn": True}],
              expect=[{"turn": 3}, {"steps": {"kind": "action", "count": 1}}])
    assert t.ok, [s.summary for s in t.failed_expectations]
    assert h.kinds(t)[-5:] == ["expectation", "illegal", "expectation", "expectation", "expectation"]
    note = [s for s in t.steps if s.kind == "illegal"]
    assert len(note) == 1 and note[0].citations == ["dv/objetivo"] and note[0].actor is None
    said = h.said(note[0], "core.unplayed.many")
    assert said.params["count"] == 2 and said.params["more"] == ""
    # both lines named, each as its own message (said in the step's language)
    assert [(a.id, a.params["player"]) for a in said.params["actions"]] == [("dv.action.end_turn", "Ana"),
                                                                           ("dv.action.end_turn", "Bruno")]
    assert note[0].board == [s for s in t.steps if s.kind == "state-based"][-1].board


def test_the_final_expectations_are_checked_after_unplayed_actions_too(h):
    """A false `expect:` after actions the game's end left unplayed fails the run; a true one does not."""
    after = [ATTACK, {"by": "Ana", "end_turn": True}]
    assert not h.run(WIN, after, expect=[{"turn": 99}]).ok
    assert h.run(WIN, after, expect=[{"turn": 3}, {"winner": "Ana"}]).ok


def test_checkpoints_are_checked_when_the_last_step_the_limit_allows_ends_the_game(h):
    """Attack, damage, Bruno loses, Ana wins: the fifth step ends the game and is the last the limit allows."""
    t = h.run(WIN, [ATTACK, {"expect": [{"turn": 99}]}, {"by": "Ana", "end_turn": True}], step_limit=5)
    assert t.stopped == "partida terminada" and "limit" not in h.kinds(t)
    assert not t.ok and [s.passed for s in t.steps if s.kind == "expectation"] == [False]
    assert h.kinds(t)[-2:] == ["expectation", "illegal"]


def test_a_false_checkpoint_after_the_games_end_fails_a_magic_run_too():
    """Magic: 104.1 «A game ends immediately when a player wins…»; the pass after it is not played, the false
    `{turn: 99}` after it is checked."""
    doc = {"ruleset": "magic", "title": "prueba",
           "cards": {"Rayo": {"cost": "{R}", "types": ["instant"], "targets": ["any"],
                              "effects": [{"damage": 3, "to": "target"}]}},
           "players": [{"name": "Ana", "hand": ["Rayo"], "battlefield": [{"card": "Montaña", "id": "m1"}]},
                       {"name": "Bruno", "life": 3}],
           "turn": {"number": 5, "active": "Ana", "step": "main1"},
           "actions": [{"by": "Ana", "cast": "Rayo", "target": "Bruno", "tap": ["m1"]}, {"by": "Ana", "pass": True},
                       {"by": "Bruno", "pass": True}, {"expect": [{"winner": "Ana"}]}, {"by": "Ana", "pass": True},
                       {"expect": [{"turn": 99}]}],
           "expect": [{"stopped": "partida terminada"}]}
    t = run_scenario(load_scenario(doc))
    assert not t.ok and t.stopped == "partida terminada"
    assert [s.passed for s in t.steps if s.kind == "expectation"] == [True, False, True]
    note = [s for s in t.steps if s.kind == "illegal"]
    assert len(note) == 1 and note[0].citations == ["cr-en/104.1"]
    assert note[0].message.id == "core.unplayed.one" and [a.params.get("player") for a in note[0].message.params["actions"]] == ["Ana"]


def test_doce_vidas_expectations_are_the_core_expectation_and_write_back_unchanged(h):
    """The common keys are parsed by judge.engine.expect; every entry writes back as it was written."""
    entries = [{"player": "Ana", "lives": 12}, {"object": "l", "card_damage": 2}, {"winner": None},
               {"stopped": "fin"}, {"turn": 3}, {"active": "Ana"}, {"phase": "accion"},
               {"steps": {"kind": "illegal", "count": 0}}, {"steps": {"kind": "any", "count": 1, "cites": "dv/turno"}},
               {"object": "l", "attached_to": None}, {"player": "Bruno", "hand": []}]
    scenario = load_scenario(h.make(PUMP, [], entries))
    assert all(type(e) is Expectation for e in scenario.expect)
    assert [e.to_script() for e in scenario.expect] == [
        {"player": "Ana", "lives": 12}, {"object": "l", "card_damage": 2}, {"winner": None}, {"stopped": "fin"},
        {"turn": 3}, {"active": "Ana"}, {"phase": "accion"}, {"steps": {"kind": "illegal", "count": 0}},
        {"steps": {"kind": "any", "count": 1, "cites": "dv/turno"}}, {"object": "l", "attached_to": None},
        {"player": "Bruno", "hand": ()}]


def test_a_ruling_on_an_expectation_is_cited_by_its_step(h):
    """`ruling:` names the passage whose outcome the check shows: the expectation step cites it beside the field's
    own rule, at the end and between actions, and the parsed entry writes it back."""
    t = h.run(PUMP, [{"by": "Ana", "play": "Furia", "target": "l"},
                     {"expect": [{"object": "l", "card_damage": 5, "ruling": "dv/criaturas/3"}]}],
              expect=[{"turn": 3, "ruling": ["dv/turno/1", "dv/turno/2"]}])
    assert t.ok, [s.summary for s in t.failed_expectations]
    checks = [s for s in t.steps if s.kind == "expectation"]
    assert "dv/criaturas/3" in checks[0].citations and len(checks[0].citations) > 1
    assert checks[1].citations[-2:] == ["dv/turno/1", "dv/turno/2"]
    scenario = load_scenario(h.make(PUMP, [{"expect": [{"phase": "accion", "ruling": "dv/turno/1"}]}]))
    assert scenario.actions[0].to_script() == {"expect": [{"phase": "accion", "ruling": "dv/turno/1"}]}


def test_a_malformed_ruling_is_an_error_at_its_path(h):
    errors = errors_of(h.make(PUMP, [], expect=[{"turn": 3, "ruling": "no es un id"},
                                                {"player": "Ana", "lives": 12, "ruling": []}]))
    assert ids_at(errors, "expect[0].ruling") == ["core.check.ruling"], errors
    assert ids_at(errors, "expect[1].ruling") == ["core.check.ruling"], errors
