"""Creatures (dv/tipos/criaturas/1..9) and attacking (dv/turno/accion/2). Steps are found by their message id
(judge/engine/rulesets/doce_vidas/messages.py), not by their Spanish wording."""
from __future__ import annotations


def _said(step) -> str | None:
    return step.message.id if step.message is not None else None


def _reason(step) -> str | None:
    """The id of an illegal step's reason (core.illegal's `reason` parameter)."""
    reason = step.message.params.get("reason") if step.message is not None else None
    return getattr(reason, "id", None)

ANA_TURN = {"number": 3, "active": "Ana", "phase": "accion"}


def test_creature_enters_tapped_and_cannot_attack_the_same_turn(h):
    """dv/tipos/criaturas/1 «Entran al juego giradas»; /3 «Solo pueden atacar estando enderezadas»."""
    t = h.run([{"name": "Ana", "mana": 2, "hand": [{"card": "Lobo gris", "id": "lobo"}]}, {"name": "Bruno"}],
              [{"by": "Ana", "play": "Lobo gris"}, {"by": "Ana", "attack": "lobo", "target": "Bruno"}],
              expect=[{"object": "lobo", "zone": "board", "tapped": True}, {"player": "Bruno", "lives": 12},
                      {"player": "Ana", "mana": 0}])
    assert t.ok
    play, illegal = [s for s in t.steps if s.kind in ("action", "illegal")]
    assert "dv/tipos/criaturas/1" in play.citations and "dv/mana/1" in play.citations
    assert illegal.kind == "illegal" and "dv/tipos/criaturas/3" in illegal.citations
    assert illegal.board == play.board                 # an illegal action leaves the board unchanged


def test_attack_a_player_loses_lives_equal_to_damage_and_taps(h):
    """dv/tipos/criaturas/7: «este pierde tantas vidas como daño tenga la criatura»."""
    t = h.run([{"name": "Ana", "board": [{"card": "Oso pardo", "id": "oso"}]}, {"name": "Bruno"}],
              [{"by": "Ana", "attack": "oso", "target": "Bruno"}],
              expect=[{"player": "Bruno", "lives": 9}, {"object": "oso", "tapped": True}])
    assert t.ok
    assert h.citing(t, "dv/tipos/criaturas/7")


def test_creatures_attack_each_other_simultaneously(h):
    """dv/tipos/criaturas/6: «ambas se infligen su daño de forma simultánea»: both die."""
    t = h.run([{"name": "Ana", "board": [{"card": "Oso pardo", "id": "oso"}]},
               {"name": "Bruno", "board": [{"card": "Oso pardo", "id": "oso-b", "damage": 1}]}],
              [{"by": "Ana", "attack": "oso", "target": "oso-b"}],
              expect=[{"object": "oso", "zone": "board", "damage": 3}, {"object": "oso-b", "zone": "discard"}])
    assert t.ok, [s.summary for s in t.failed_expectations]
    both = h.run([{"name": "Ana", "board": [{"card": "Lobo gris", "id": "a"}]},
                  {"name": "Bruno", "board": [{"card": "Lobo gris", "id": "b", "damage": 1}]}],
                 [{"by": "Ana", "attack": "a", "target": "b"}],
                 expect=[{"object": "a", "zone": "board"}, {"object": "b", "zone": "discard"}])
    assert both.ok
    dead = h.run([{"name": "Ana", "board": [{"card": "Oso pardo", "id": "a", "damage": 2}]},
                  {"name": "Bruno", "board": [{"card": "Oso pardo", "id": "b", "damage": 1}]}],
                 [{"by": "Ana", "attack": "a", "target": "b"}],
                 expect=[{"object": "a", "zone": "discard"}, {"object": "b", "zone": "discard"}])
    assert dead.ok


def test_several_creatures_attack_the_same_target(h):
    """dv/tipos/criaturas/8: «Varias criaturas pueden atacar simultáneamente al mismo objetivo»."""
    t = h.run([{"name": "Ana", "board": [{"card": "Oso pardo", "id": "a"}, {"card": "Lobo gris", "id": "b"}]},
               {"name": "Bruno", "board": [{"card": "Lobo gris", "id": "c"}]}],
              [{"by": "Ana", "attack": ["a", "b"], "target": "Bruno"}],
              expect=[{"player": "Bruno", "lives": 7}])
    assert t.ok
    t2 = h.run([{"name": "Ana", "board": [{"card": "Oso pardo", "id": "a"}, {"card": "Lobo gris", "id": "b"}]},
                {"name": "Bruno", "board": [{"card": "Oso pardo", "id": "c"}]}],
               [{"by": "Ana", "attack": ["a", "b"], "target": "c"}],
               expect=[{"object": "c", "zone": "discard"}, {"object": "a", "damage": 3},
                       {"object": "b", "zone": "discard"}])
    assert t2.ok, [s.summary for s in t2.failed_expectations]
    assert h.citing(t2, "dv/tipos/criaturas/8")


def test_creatures_may_attack_allies(h):
    """dv/tipos/criaturas/5: «Pueden atacar a cualquier jugador o criatura, incluso aliados»."""
    t = h.run([{"name": "Ana", "board": [{"card": "Oso pardo", "id": "a"}, {"card": "Ratón", "id": "r"}]},
               {"name": "Bruno"}],
              [{"by": "Ana", "attack": "a", "target": "r"}, {"by": "Ana", "attack": "a", "target": "a"}],
              expect=[{"object": "r", "zone": "discard"}, {"object": "a", "damage": 1}])
    assert t.ok
    assert h.kinds(t).count("illegal") == 1            # never itself


def test_only_in_the_controllers_turn_and_only_own_creatures(h):
    """dv/tipos/criaturas/4: «Solo pueden atacar durante el turno de su controlador»."""
    t = h.run([{"name": "Ana", "board": [{"card": "Oso pardo", "id": "a"}]},
               {"name": "Bruno", "board": [{"card": "Oso pardo", "id": "b"}]}],
              [{"by": "Bruno", "attack": "b", "target": "Ana"}, {"by": "Ana", "attack": "b", "target": "Bruno"}],
              expect=[{"player": "Ana", "lives": 12}, {"player": "Bruno", "lives": 12}])
    assert t.ok
    ill = [s for s in t.steps if s.kind == "illegal"]
    assert "dv/tipos/criaturas/4" in ill[0].citations and _reason(ill[1]) == "dv.illegal.not_yours"
    assert ill[1].message.params["reason"].params["player"] == "Ana"


def test_marked_damage_goes_at_the_start_of_its_controllers_next_turn(h):
    """dv/tipos/criaturas/9: cleared at the start of its controller's turn, not the opponent's."""
    t = h.run([{"name": "Ana", "board": [{"card": "Oso pardo", "id": "a", "damage": 2}], "deck": ["Ratón"] * 5},
               {"name": "Bruno", "deck": ["Ratón"] * 5}],
              [{"by": "Ana", "end_turn": True}])
    assert h.player(h.final(t), "Ana")["board"][0]["damage"] == 2
    t2 = h.run([{"name": "Ana", "board": [{"card": "Oso pardo", "id": "a", "damage": 2}], "deck": ["Ratón"] * 5},
                {"name": "Bruno", "deck": ["Ratón"] * 5}],
               [{"by": "Ana", "end_turn": True}, {"by": "Bruno", "end_turn": True}],
               expect=[{"object": "a", "damage": 0}])
    assert t2.ok and h.citing(t2, "dv/tipos/criaturas/9")


def test_untap_at_the_start_of_the_controllers_turn(h):
    """dv/tipos/criaturas/2 and dv/turno/preparacion/2."""
    t = h.run([{"name": "Ana", "board": [{"card": "Oso pardo", "id": "a", "tapped": True}], "deck": ["Ratón"] * 5},
               {"name": "Bruno", "board": [{"card": "Oso pardo", "id": "b", "tapped": True}], "deck": ["Ratón"] * 5}],
              [{"by": "Ana", "end_turn": True}],
              expect=[{"object": "a", "tapped": True}, {"object": "b", "tapped": False}])
    assert t.ok


def test_killing_blow_ends_the_game(h):
    """dv/objetivo: «Gana quien consiga reducir las vidas del oponente a 0»; later actions are not played."""
    t = h.run([{"name": "Ana", "board": [{"card": "Oso pardo", "id": "a"}]}, {"name": "Bruno", "lives": 3}],
              [{"by": "Ana", "attack": "a", "target": "Bruno"}, {"by": "Ana", "end_turn": True}],
              expect=[{"winner": "Ana"}, {"player": "Bruno", "lives": 0, "lost": True},
                      {"stopped": "partida terminada"}])
    assert t.ok and t.stopped == "partida terminada"
    assert h.final(t)["phase"] == "terminada"
    assert not any(_said(s) == "dv.end_turn" for s in t.steps)


def test_three_players_last_one_standing_wins(h):
    t = h.run([{"name": "Ana", "board": [{"card": "Oso pardo", "id": "a"}]}, {"name": "Bruno", "lives": 2},
               {"name": "Carla", "deck": ["Ratón"] * 4}],
              [{"by": "Ana", "attack": "a", "target": "Bruno"}, {"by": "Ana", "end_turn": True}],
              expect=[{"winner": None}, {"player": "Bruno", "lost": True}, {"active": "Carla"}])
    assert t.ok, [s.summary for s in t.failed_expectations]


def _thorns(h, players, actions, expect):
    from judge.engine import run_scenario
    from judge.scenarios import load_scenario
    doc = h.make(players, actions, expect, turn={"number": 9, "active": "Ana", "phase": "accion"})
    doc["cards"]["Espinas"] = {"type": "reliquia", "cost": 1,
                               "effects": [{"damage": 2, "target": "self", "when": "turn_start"}]}
    doc["cards"]["Fuente"] = {"type": "reliquia", "cost": 1,
                              "effects": [{"heal": 1, "target": "self", "when": "turn_start"}]}
    return run_scenario(load_scenario(doc))


def test_players_who_lose_at_the_start_of_their_turns_one_after_another_are_skipped(h):
    """dv/objetivo: a player at 0 lives has lost and takes no more part (docs/scenarios.md, Interpretations): when
    Bruno's turn-start Espinas leave him at 0 his turn ends, Carla's turn starts, her Espinas do the same to her,
    and the turn goes on to Diego; the game goes on between Ana and Diego."""
    t = _thorns(h, [{"name": "Ana"},
                    {"name": "Bruno", "lives": 2, "deck": ["Ratón"] * 2, "board": [{"card": "Espinas", "id": "eb"}]},
                    {"name": "Carla", "lives": 2, "deck": ["Ratón"] * 2, "board": [{"card": "Espinas", "id": "ec"}]},
                    {"name": "Diego", "deck": ["Ratón"] * 2}],
                [{"by": "Ana", "end_turn": True}, {"by": "Diego", "play": "Ratón"}],
                [{"player": "Bruno", "lost": True}, {"player": "Carla", "lost": True}, {"winner": None},
                 {"active": "Diego"}, {"turn": 12}, {"phase": "accion"}, {"player": "Diego", "hand_count": 1}])
    assert t.ok, [s.summary for s in t.failed_expectations]
    ends = [s for s in t.steps if _said(s) == "dv.turn.loser_passes"]
    assert [s.actor for s in ends] == ["Bruno", "Carla"] and all("dv/objetivo" in s.citations for s in ends)


def test_a_player_who_lost_fires_no_more_triggers(h):
    """Bruno's Espinas leave him at 0: his turn ends there, his Fuente (read after it) does not heal a player who
    has already lost."""
    t = _thorns(h, [{"name": "Ana", "deck": ["Ratón"] * 2},
                    {"name": "Bruno", "lives": 2, "deck": ["Ratón"] * 2,
                     "board": [{"card": "Espinas", "id": "eb"}, {"card": "Fuente", "id": "f"}]},
                    {"name": "Carla", "deck": ["Ratón"] * 2}],
                [{"by": "Ana", "end_turn": True}],
                [{"player": "Bruno", "lost": True, "lives": 0}, {"active": "Carla"}])
    assert t.ok, [s.summary for s in t.failed_expectations]
    assert not any(_said(s) == "dv.effect" and s.message.params["card"] == "Fuente" for s in t.steps)
