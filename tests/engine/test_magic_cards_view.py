"""MagicState.cards_of / battlefield_cards: the permanents with their cards (state.card), kept while each
battlefield is the same ZoneList at the same stamp and the copy effects and cards are the same. A kept tuple that
went stale would give the layers, the state-based checks and the unmodelled notes the wrong cards, so every answer
is checked against a fresh listing over fuzz games and curated scenarios with copies and tokens; then what
invalidates it."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from judge.engine import Game, run_scenario

from judge.engine.rulesets.magic.state import MagicState
from judge.runner import fuzz_magic
from judge.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    of, everyone = MagicState.cards_of, MagicState.battlefield_cards
    counts = {"of": 0, "everyone": 0, "wrong": 0}

    def cards_of(self: MagicState, p: Any) -> Any:
        pairs = of(self, p)
        counts["of"] += 1
        if [(o, c) for o, c in pairs] != [(o, self.card(o)) for o in p.zones["battlefield"]]:
            counts["wrong"] += 1
        return pairs

    def battlefield_cards(self: MagicState) -> Any:
        pairs = everyone(self)
        counts["everyone"] += 1
        if list(pairs) != [(o, self.card(o)) for o in self.battlefield()]:
            counts["wrong"] += 1
        return pairs

    monkeypatch.setattr(MagicState, "cards_of", cards_of)
    monkeypatch.setattr(MagicState, "battlefield_cards", battlefield_cards)
    return counts


def test_every_answer_is_a_fresh_listing_in_fuzz_games(checked: dict[str, int]) -> None:
    for seed in (2, 9):
        assert fuzz_magic.fuzz(3, seed).broken is None
    assert checked["wrong"] == 0
    assert checked["everyone"] > 1000 and checked["of"] > 2000


def test_every_answer_is_a_fresh_listing_in_curated_scenarios(checked: dict[str, int]) -> None:
    paths = [p for p in sorted((ROOT / "scenarios" / "magic").rglob("*.yaml"))
             if any(w in p.read_text(encoding="utf-8") for w in ("become_copy", "copy", "token", "undo", "clone"))]
    assert len(paths) >= 5
    for path in paths:
        run_scenario(load_scenario(path))
    assert checked["wrong"] == 0
    assert checked["everyone"] > 100


DOC = {"ruleset": "magic", "title": "prueba",
       "cards": {"Osos": {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2}},
       "players": [{"name": "Ana", "battlefield": [{"card": "Bosque", "id": "b1"}, {"card": "Osos", "id": "osos"}]},
                   {"name": "Bruno", "battlefield": [{"card": "Osos", "id": "osos-b"}]}],
       "turn": {"number": 3, "active": "Ana", "step": "main1"}}


def _started() -> MagicState:
    state = Game(load_scenario(DOC)).state
    assert isinstance(state, MagicState)
    return state


def test_a_zone_change_copies_or_a_new_list_give_a_new_listing() -> None:
    state = _started()
    p = next(p for p in state.players if p.zones["battlefield"])
    first = state.cards_of(p)
    assert state.cards_of(p) is first and state.battlefield_cards() is state.battlefield_cards()
    zone = p.zones["battlefield"]
    o = zone.pop()                                      # the ZoneList's stamp moves
    assert o not in [x for x, _ in state.cards_of(p)]
    zone.append(o)
    assert [x for x, _ in state.cards_of(p)] == list(zone)
    # A copy effect (a new dict: set_effects) makes the object's card the copied one (613.2a).
    other = next(c for c in state.cards.values() if c is not state.card(o))
    state.copies = {**state.copies, o.id: other}
    assert dict(state.cards_of(p))[o] is other
    assert dict(state.battlefield_cards())[o] is other
    # A reversal (undo.py) refills the zones with new lists: never the kept tuple of the old one.
    p.zones["battlefield"] = list(zone)
    assert state.cards_of(p) is not first and [x for x, _ in state.cards_of(p)] == list(zone)
