"""`- expect: [...]` between the actions of a doce-vidas scenario (judge.engine.action.Checkpoint), and the
expectations every ruleset shares (winner, stopped, turn, active, phase, steps) parsed and checked by
judge.engine.expect."""
from __future__ import annotations

import pytest

from judge.engine import Checkpoint
from judge.engine.expect import Expectation
from judge.scenarios import ScenarioError, load_scenario


def errors_of(doc) -> list[str]:
    with pytest.raises(ScenarioError) as exc:
        load_scenario(doc)
    return [str(e) for e in exc.value.errors]


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
    assert "se esperaba 2" in t.failed_expectations[0].summary


def test_checkpoint_errors_name_their_field_path(h):
    doc = h.make(PUMP, [{"by": "Ana", "end_turn": True},
                        {"expect": [{"player": "Ana", "lives": "x"}]},
                        {"expect": [{"stopped": "fin"}]},
                        {"expect": [{"player": "Ana", "lives": 3}], "by": "Ana"},
                        {"expect": []},
                        {"expect": [{"object": "nada", "zone": "board"}, {"winner": "Zoe"}]}])
    errs = errors_of(doc)
    assert "actions[1].expect[0].lives: se esperaba un entero ≥ 0, no un texto" in errs
    assert any(e.startswith("actions[2].expect[0].stopped: «stopped» solo se comprueba al final") for e in errs)
    assert any(e.startswith("actions[3].by: clave desconocida «by»") for e in errs)
    assert any(e.startswith("actions[4].expect: ") for e in errs)
    assert "actions[5].expect[0].object: id desconocido «nada»" in errs
    assert "actions[5].expect[1].winner: jugador desconocido «Zoe»" in errs


def test_checkpoints_share_one_bound(h):
    many = [{"expect": [{"turn": 3}] * 300}, {"expect": [{"turn": 3}] * 300}]
    errs = errors_of(h.make(PUMP, many))
    assert any(e.startswith("actions[1].expect: demasiadas comprobaciones entre acciones") for e in errs)


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
    assert any(e.startswith("expect[0].ruling") for e in errors), errors
    assert any(e.startswith("expect[1].ruling") for e in errors), errors
