"""legal_actions(state) for any state: random games made only of its actions never produce an illegal step, and
the invariants hold after every step (lives ≤ 24, every card in one zone, the card count constant)."""
from __future__ import annotations

import random
from collections import Counter

from judge.engine import Game
from judge.scenarios import load_scenario


def random_deck(rng: random.Random, names: list[str], n: int) -> list[str]:
    return [rng.choice(names) for _ in range(n)]



def _play(h, seed: int) -> tuple[int, str]:
    rng = random.Random(seed)
    names = sorted(h.make([])["cards"])
    n_players = rng.choice([2, 2, 3])
    players = [{"name": f"J{i}", "deck": random_deck(rng, names, 12)} for i in range(n_players)]
    game = Game(load_scenario(h.make(players, turn=None, seed=seed)))
    total = sum(1 for _ in game.state.all_objects())
    steps = 0
    while not game.over and steps < 3000:
        actions = game.legal_actions()
        assert actions, f"no legal action in a running game (seed {seed})"
        new = game.play(rng.choice(actions))
        steps += len(new)
        for s in new:
            assert s.kind != "illegal", (seed, s.summary)
            assert s.citations
        ids = Counter(o.id for o in game.state.all_objects())
        assert sum(ids.values()) == total and max(ids.values()) == 1
        for p in game.state.players:
            assert p.lives <= 24
            for zone, objs in p.zones.items():
                assert all(o.zone == zone and o.owner == p.name for o in objs)
    return steps, game.state.winner or ""


def test_random_games(h):
    ended = 0
    for seed in range(40):
        steps, _ = _play(h, seed)
        ended += steps < 3000
    assert ended == 40
