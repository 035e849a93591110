"""The game's setup and the turn structure (dv/preparacion, dv/turno)."""
from __future__ import annotations


def test_new_game_starts_with_12_lives_0_mana_and_shuffled_decks(h):
    """dv/preparacion/1: «Comienza con 12 vidas y 0 de maná»; dv/preparacion/2: «Baraja su mazo»."""
    deck = ["Lobo gris", "Oso pardo", "Ratón", "Rayo", "Bálsamo", "Bola de fuego"]
    t = h.run([{"name": "Ana", "deck": deck}, {"name": "Bruno", "deck": deck}], turn=None, seed=3)
    assert t.steps[0].kind == "setup" and "dv/preparacion/1" in t.steps[0].citations
    shuffles = h.citing(t, "dv/preparacion/2")
    assert [s.actor for s in shuffles] == ["Ana", "Bruno"]
    board = h.final(t)
    ana = h.player(board, "Ana")
    assert ana["lives"] == 12 and ana["mana"] == 1          # preparation of turn 1 set the pool to 1
    assert len(ana["hand"]) == 2 and len(ana["deck"]) == 4
    assert board["turn"] == 1 and board["active"] == "Ana" and board["phase"] == "accion"


def test_different_seeds_shuffle_differently_same_seed_is_byte_identical(h):
    """Determinism: every shuffle draws from random.Random(seed)."""
    import json
    deck = [c for c in ["Lobo gris", "Oso pardo", "Ratón", "Rayo", "Bálsamo", "Bola de fuego", "Terremoto",
                        "Saqueo", "Ritual", "Muralla"]]
    players = [{"name": "Ana", "deck": deck}, {"name": "Bruno", "deck": deck}]
    actions = [{"by": "Ana", "end_turn": True}, {"by": "Bruno", "end_turn": True}]
    a = json.dumps(h.run(players, actions, turn=None, seed=1).to_json(), ensure_ascii=False)
    b = json.dumps(h.run(players, actions, turn=None, seed=1).to_json(), ensure_ascii=False)
    c = json.dumps(h.run(players, actions, turn=None, seed=2).to_json(), ensure_ascii=False)
    assert a == b
    assert a != c


def test_preparation_in_order_mana_untap_discard_draw(h):
    """dv/turno/preparacion/1..4 in this order: mana to 1, untap, discard down to 2, draw two."""
    t = h.run([{"name": "Ana", "mana": 3},
               {"name": "Bruno", "mana": 4, "hand": ["Ratón", "Rayo", "Bálsamo"], "deck": ["Oso pardo"] * 3,
                "board": [{"card": "Lobo gris", "id": "lobo", "tapped": True, "damage": 2}]}],
              [{"by": "Ana", "end_turn": True}, {"by": "Bruno", "discard": ["Rayo"]}])
    cited = [next(c for c in s.citations if c.startswith("dv/turno/preparacion/") or c.endswith("criaturas/9"))
             for s in t.steps if any(c.startswith("dv/turno/preparacion/") or c.endswith("criaturas/9")
                                     for c in s.citations)]
    assert cited == ["dv/turno/preparacion/1", "dv/turno/preparacion/2", "dv/tipos/criaturas/9",
                     "dv/turno/preparacion/3", "dv/turno/preparacion/4"]
    bruno = h.player(h.final(t), "Bruno")
    assert bruno["mana"] == 1                               # SET to 1, not +1: the 4 kept mana are gone
    assert h.names(bruno["hand"]) == ["Ratón", "Bálsamo", "Oso pardo", "Oso pardo"]
    assert h.names(bruno["discard"]) == ["Rayo"]
    lobo = bruno["board"][0]
    assert lobo["tapped"] is False and lobo["damage"] == 0


def test_unspent_mana_stays_until_the_start_of_your_next_turn(h):
    """dv/mana/4: «El maná que no gastes permanece en tu reserva hasta el comienzo de tu siguiente turno»."""
    t = h.run([{"name": "Ana", "mana": 3, "deck": ["Ratón"] * 4}, {"name": "Bruno", "deck": ["Ratón"] * 4}],
              [{"by": "Ana", "end_turn": True}],
              expect=[{"player": "Ana", "mana": 3}, {"player": "Bruno", "mana": 1}])
    assert t.ok, [s.summary for s in t.failed_expectations]
    assert "dv/mana/4" in h.citing(t, "dv/turno/preparacion/1")[0].citations


def test_second_player_draws_one_more_on_their_first_turn(h):
    """dv/turno/preparacion/4: «El jugador que empieza segundo roba una carta adicional durante su primer turno»."""
    deck = ["Ratón"] * 10
    t = h.run([{"name": "Ana", "deck": deck}, {"name": "Bruno", "deck": deck}],
              [{"by": "Ana", "end_turn": True}, {"by": "Bruno", "end_turn": True}],
              expect=[{"player": "Ana", "hand_count": 4}, {"player": "Bruno", "hand_count": 3}], turn=None)
    assert t.ok, [s.summary for s in t.failed_expectations]


def test_the_extra_card_is_the_second_players_even_if_they_never_play(h):
    """dv/turno/preparacion/4: «El jugador que empieza segundo roba una carta adicional durante su primer turno».
    Bruno starts second; Ana's Bola de fuego leaves him at 0 in turn 1, so turn 2 is Carla's, and Carla, who
    starts third, draws two cards, not three."""
    t = h.run([{"name": "Ana", "deck": ["Bola de fuego"] * 4}, {"name": "Bruno", "lives": 3, "deck": ["Ratón"] * 5},
               {"name": "Carla", "deck": ["Ratón"] * 5}],
              [{"by": "Ana", "burn": "Bola de fuego"}, {"by": "Ana", "play": "Bola de fuego", "target": "Bruno"},
               {"by": "Ana", "end_turn": True}],
              expect=[{"player": "Bruno", "lost": True}, {"active": "Carla"}, {"turn": 2},
                      {"player": "Carla", "hand_count": 2}], turn=None)
    assert t.ok, [s.summary for s in t.failed_expectations]


def test_discard_down_to_two_stops_on_a_choice_when_the_script_does_not_say(h):
    """dv/turno/preparacion/3: the player chooses which cards; never guessed: the run stops asking."""
    t = h.run([{"name": "Ana"}, {"name": "Bruno", "hand": ["Ratón", "Rayo", "Bálsamo", "Oso pardo"]}],
              [{"by": "Ana", "end_turn": True}, {"by": "Bruno", "end_turn": True}],
              expect=[{"stopped": "eleccion"}, {"player": "Bruno", "hand_count": 4}])
    assert t.stopped == "eleccion"
    choice = [s for s in t.steps if s.kind == "choice"]
    assert len(choice) == 1 and choice[0].actor == "Bruno" and h.said(choice[0], "dv.prompt.discard_down").params["n"] == 2
    assert choice[0].citations == ["dv/turno/preparacion/3"]
    assert t.ok                                   # the stop was expected


def test_unexpected_choice_stop_is_not_ok(h):
    t = h.run([{"name": "Ana"}, {"name": "Bruno", "hand": ["Ratón", "Rayo", "Bálsamo"]}],
              [{"by": "Ana", "end_turn": True}])
    assert t.stopped == "eleccion" and not t.ok


def test_wrong_discard_answer_is_illegal_and_the_run_then_stops_on_the_choice(h):
    t = h.run([{"name": "Ana"}, {"name": "Bruno", "hand": ["Ratón", "Rayo", "Bálsamo"]}],
              [{"by": "Ana", "end_turn": True}, {"by": "Bruno", "discard": ["Ratón", "Rayo"]}])
    assert h.kinds(t)[-2:] == ["illegal", "choice"]


def test_end_turn_only_by_the_active_player(h):
    t = h.run([{"name": "Ana"}, {"name": "Bruno"}], [{"by": "Bruno", "end_turn": True}])
    assert h.kinds(t)[-1] == "illegal"
    assert h.final(t)["active"] == "Ana"


def test_step_limit_stops_the_run_and_says_so(h):
    """Every run has a step limit; the last game step says it stopped on it."""
    actions = [{"by": n, "end_turn": True} for _ in range(50) for n in ("Ana", "Bruno")]
    t = h.run([{"name": "Ana", "lives": 24}, {"name": "Bruno", "lives": 24}], actions, step_limit=20,
              expect=[{"stopped": "limite"}])
    game_steps = [s for s in t.steps if s.kind != "expectation"]
    assert game_steps[-1].kind == "limit" and "20" in game_steps[-1].summary
    assert t.stopped == "limite" and t.ok
    t2 = h.run([{"name": "Ana", "lives": 24}, {"name": "Bruno", "lives": 24}], actions, step_limit=20)
    assert not t2.ok


def test_run_scenario_step_limit_argument_wins(h):
    from judge.engine import run_scenario
    from judge.scenarios import load_scenario
    actions = [{"by": n, "end_turn": True} for _ in range(10) for n in ("Ana", "Bruno")]
    sc = load_scenario(h.make([{"name": "Ana"}, {"name": "Bruno"}], actions, step_limit=500))
    t = run_scenario(sc, step_limit=5)
    assert t.stopped == "limite"


def test_engine_imports_neither_flask_nor_whoosh():
    import subprocess
    import sys
    code = ("import sys, judge.engine, judge.scenarios; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('flask', 'whoosh')]; print(bad); sys.exit(bool(bad))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0
