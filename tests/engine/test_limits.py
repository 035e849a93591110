"""Bounds of a run (DESIGN.md: «every run has a step limit and says so when it stops on it»): the step limit holds
even inside one action, and an optional board budget bounds the size of a trace (a web request must not turn a
1,000-card scenario into a response of tens of megabytes)."""
from __future__ import annotations

import json

from judge.engine import run_scenario
from judge.scenarios import load_scenario


def _fountains(h, n: int, **top):
    """Ana ends her turn; Bruno's turn starts with `n` relics that each heal him at the start of his turn."""
    return load_scenario(h.make([{"name": "Ana", "deck": ["Ratón"] * 4},
                                 {"name": "Bruno", "lives": 1, "deck": ["Ratón"] * 4,
                                  "board": [{"card": "Fuente", "id": f"f{i}"} for i in range(n)]}],
                                [{"by": "Ana", "end_turn": True}, {"by": "Bruno", "end_turn": True}], **top))


def test_the_step_limit_holds_inside_one_action(h):
    """One end_turn fires 60 turn-start triggers; with step_limit 20 the run stops at step 20, in the middle of
    that action, with a limit step that says so; nothing after it is applied."""
    t = run_scenario(_fountains(h, 60, step_limit=20))
    game = [s for s in t.steps if s.kind != "expectation"]
    assert t.stopped == "limite" and not t.ok
    assert len(game) == 21 and game[-1].kind == "limit" and game[-2].number == 20
    assert "20" in game[-1].summary and "Ana" in game[-1].summary
    # The state is the one of the last step recorded: the limit step's board is the step before's.
    assert game[-1].board == game[-2].board


def test_an_action_that_fits_is_not_cut(h):
    t = run_scenario(_fountains(h, 3, step_limit=200))
    assert t.stopped == "fin" and all(s.kind != "limit" for s in t.steps)


def test_board_budget_bounds_the_boards_and_changes_nothing_else(h):
    """board_budget: at most that many objects in the boards of the trace; the steps after it carry no board (null
    in JSON), except the last step, which always shows the final board. Summaries, events, citations: unchanged."""
    sc = _fountains(h, 30)
    full = run_scenario(sc)
    cut = run_scenario(sc, board_budget=200)
    objects = 4 + 4 + 30 + 1          # every card of the game, plus one for the board itself
    with_board = [s for s in cut.steps[:-1] if s.board is not None]
    assert len(with_board) == 200 // objects
    assert all(s.board is None for s in cut.steps[len(with_board):-1])
    assert cut.steps[-1].board == full.steps[-1].board
    strip = lambda t: [{k: v for k, v in s.to_json().items() if k != "board"} for s in t.steps]  # noqa: E731
    assert strip(cut) == strip(full)
    data = cut.to_json()
    assert data["boards_omitted"] == len(cut.steps) - 1 - len(with_board)
    assert "boards_omitted" not in full.to_json()
    assert json.dumps(data) == json.dumps(run_scenario(sc, board_budget=200).to_json())   # deterministic


def test_a_big_scenario_stays_small_with_a_board_budget(h):
    """1,000 cards and hundreds of actions: with a 20,000-object budget the trace JSON stays around 2 MB."""
    cards = {"Lobo gris": {"type": "criatura", "cost": 2, "damage": 2, "life": 3}}
    players = [{"name": n, "deck": ["Lobo gris"] * 300,
                "board": [{"card": "Lobo gris", "id": f"{n}{i}"} for i in range(200)]} for n in ("Ana", "Bruno")]
    actions = [{"by": "Ana", "end_turn": True}]
    for turn in range(300):
        n = ("Bruno", "Ana")[turn % 2]
        actions += [{"by": n, "burn": "Lobo gris"}, {"by": n, "burn": "Lobo gris"}, {"by": n, "end_turn": True}]
    sc = load_scenario({"ruleset": "doce-vidas", "title": "grande", "cards": cards, "players": players,
                        "turn": {"number": 3, "active": "Ana", "phase": "accion"}, "actions": actions[:900]})
    t = run_scenario(sc, step_limit=2000, board_budget=20_000)
    size = len(json.dumps(t.to_json(), ensure_ascii=False))
    assert len(t.steps) > 1000 and size < 3_000_000, (len(t.steps), size)


def test_the_step_limit_holds_in_the_opening_too(h):
    """A scenario that starts in a preparation phase runs that turn start before any action: 60 turn-start
    triggers and step_limit 20 stop there, with the limit step."""
    sc = load_scenario(h.make([{"name": "Ana", "deck": ["Ratón"] * 4,
                                "board": [{"card": "Fuente", "id": f"f{i}"} for i in range(60)]},
                               {"name": "Bruno", "deck": ["Ratón"] * 4}],
                              [{"by": "Ana", "end_turn": True}],
                              turn={"number": 3, "active": "Ana", "phase": "preparacion"}, step_limit=20))
    t = run_scenario(sc)
    assert t.stopped == "limite" and len(t.steps) == 21 and t.steps[-1].kind == "limit"
    assert t.steps[-1].message.id == "core.limit.setup"        # reached in the opening (the preparation phase)
    assert t.steps[-1].board == t.steps[-2].board
    cut = run_scenario(sc, board_budget=5 * (4 + 4 + 60 + 1))
    assert sum(s.board is not None for s in cut.steps) == 6      # five, and the last step's
