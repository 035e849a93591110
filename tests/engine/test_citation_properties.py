"""Citations as properties of random games: whatever happens, the step that does it cites the rule behind it
(dv/generales/pilas for every card put in a discard pile, dv/generales/curacion for every life gained, …)."""
from __future__ import annotations

import random

from judge.engine import Game
from judge.scenarios import load_scenario

EXTRA = {
    "Espinas": {"type": "reliquia", "cost": 1, "effects": [{"damage": 2, "target": "self", "when": "turn_start"}]},
    "Druida": {"type": "criatura", "cost": 2, "damage": 1, "life": 2,
               "effects": [{"heal": 3, "target": "self", "when": "turn_start"}]},
    "Plaga": {"type": "hechizo", "cost": 1, "effects": [{"damage": 3, "target": "all_players"}]},
    "Vendaval": {"type": "instantaneo", "cost": 0, "effects": [{"damage": 1, "target": "all_creatures"}]},
}


def _games(h, seeds: range):
    for seed in seeds:
        rng = random.Random(seed)
        doc = h.make([], turn=None, seed=seed)
        doc["cards"].update(EXTRA)
        names = sorted(doc["cards"])
        doc["players"] = [{"name": f"J{i}", "lives": rng.randint(2, 12),
                           "deck": [rng.choice(names) for _ in range(rng.randint(0, 14))]}
                          for i in range(rng.choice([2, 3]))]
        game = Game(load_scenario(doc))
        while not game.over and len(game.steps) < 1500:
            game.play(rng.choice(game.legal_actions()))
        yield game.steps


def test_every_change_cites_its_rule(h):
    checked = 0
    for steps in _games(h, range(40)):
        for s in steps:
            cites = set(s.citations)
            for e in s.events:
                d = e.data
                if e.kind == "move" and d["to"] == "discard":
                    assert "dv/generales/pilas" in cites, s.summary
                if e.kind == "lives" and d["to"] > d["from"]:
                    assert "dv/generales/curacion" in cites, s.summary
                if e.kind == "lives" and d["to"] < d["from"] and s.kind == "replacement":
                    assert "dv/generales/reciclar" in cites, s.summary
                if e.kind == "recycle_cost":
                    assert "dv/generales/reciclar-coste" in cites, s.summary
                if e.kind == "untap":
                    assert "dv/turno/preparacion/2" in cites, s.summary
                if e.kind == "tap":
                    assert "dv/turno/accion/2" in cites, s.summary
                if e.kind == "shuffle":
                    assert cites & {"dv/preparacion/2", "dv/generales/reciclar"}, s.summary
                checked += 1
            if s.kind == "turn-based" and "reserva de maná pasa a 1" in s.summary:
                assert "dv/turno/preparacion/1" in cites
            if s.kind == "resolution" and " = " in s.summary:        # a sum with bonuses decided the damage
                assert "dv/stack/1" in cites, s.summary
            if s.kind == "state-based" and " = " in s.summary:       # a life with bonuses decided a death
                assert "dv/stack/1" in cites, s.summary
            if s.kind == "trigger":
                assert cites & {"dv/tipos", "dv/tipos/reliquias", "dv/tipos/encantamientos"}, s.summary
    assert checked > 500
