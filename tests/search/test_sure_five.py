"""Issue 15: a question whose game is sure keeps the other game's passages out of its first five.  When the game
has fewer passages for the question's words than the first five (doce vidas says "reliquia" in four), the other
game's weak passages are set apart (`SearchResponse.elsewhere`, gamepick.apart), after the results and under their
game's name, instead of filling the fifth place.  The questions are written here, none from an evaluation set."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from judge.search import RulesIndex
from judge.search import gamepick

# doce vidas's words, the game decided by them: some have fewer than five doce-vidas passages to show
SURE_DOCE_VIDAS = ["¿qué hace una reliquia?", "reliquia izquierda derecha fila", "¿puedo quemar una reliquia?",
                   "en doce vidas, ¿las criaturas entran giradas?",
                   "en doce vidas, ¿en qué orden se leen las cartas del tablero?"]
# Magic's words
SURE_MAGIC = ["le robe una criatura con Act of Treason, puedo atacar?", "¿la habilidad disparada usa la pila?"]


def _shown(index: RulesIndex, q: str, limit: int = 10) -> tuple[object, list[int]]:
    """The answer and the order it was cut from (the last step's, game_first; trail.py)."""
    stages: dict = {}
    response = index.search(q, limit=limit, stages=stages)
    return response, stages["orders"][-1][1][:limit]


@pytest.mark.parametrize("q", SURE_DOCE_VIDAS + SURE_MAGIC)
def test_a_sure_games_first_five_are_all_its_own(es_index: RulesIndex, q: str) -> None:
    response, order = _shown(es_index, q)
    game = response.game
    assert game and game["sure"] is True and game["how"] not in ("first", "filter"), game
    mine = (game["ruleset"], "")
    assert {es_index.ruleset_of(h.id) for h in response.results[:5]} <= set(mine), q
    ids = [es_index.rows[d].id for d in order]  # type: ignore[union-attr]
    if not response.elsewhere:   # a full first five: the rest as ranked, the other game's where they rank
        assert [h.id for h in response.results] == ids
        return
    # set apart: the results and the blocks are the passages shown, each in its order, nothing lost
    assert [h.id for h in response.results] == [i for i in ids if es_index.ruleset_of(i) in mine]
    for other, hits in response.elsewhere.items():
        assert other != game["ruleset"] and hits
        assert [h.id for h in hits] == [i for i in ids if es_index.ruleset_of(i) == other]
    assert len(response.results) + sum(map(len, response.elsewhere.values())) == len(order)


def test_a_short_game_is_not_filled_by_the_other(es_index: RulesIndex) -> None:
    # fewer than five doce-vidas passages for the words: the fifth place is not Magic's (it was before)
    short = []
    for q in SURE_DOCE_VIDAS:
        response, order = _shown(es_index, q)
        first_five = {es_index.ruleset_of(es_index.rows[d].id) for d in order[:5]}  # type: ignore[union-attr]
        if response.game and response.game["sure"] and "magic" in first_five:
            short.append(q)
            assert len(response.results) < 5 and response.elsewhere.get("magic"), q
            blocks = response.to_json()["elsewhere"]
            assert [b["ruleset"] for b in blocks] == ["magic"]
            assert [r["id"] for r in blocks[0]["results"]] == [h.id for h in response.elsewhere["magic"]]
    assert short, "none of the questions has a short first five any more: write one that has"


def test_unsure_or_picked_games_show_everything_in_order(es_index: RulesIndex) -> None:
    # nothing tells the game ("first"): both games may be in the results, the other one's best offered beside
    response, order = _shown(es_index, "¿quién lee primero las cartas del tablero?")
    assert response.game and response.game["sure"] is False
    assert response.elsewhere == {} and response.to_json()["elsewhere"] == []
    assert [h.id for h in response.results] == [es_index.rows[d].id for d in order]  # type: ignore[union-attr]
    picked = es_index.search("¿qué hace una reliquia?", ruleset="magic")
    assert picked.game and picked.game["how"] == "filter" and picked.elsewhere == {}


def _index(games: list[str]) -> SimpleNamespace:
    return SimpleNamespace(rows=[SimpleNamespace(ruleset=g) for g in games])


@pytest.mark.parametrize("game, expected", [
    ({"ruleset": "dv", "how": "words", "sure": True}, ([0, 2, 4], {"magic": [1, 3]})),
    ({"ruleset": "dv", "how": "first", "sure": False}, ([0, 1, 2, 3, 4], {})),
    ({"ruleset": "dv", "how": "filter", "sure": True}, ([0, 1, 2, 3, 4], {})),
    ({"ruleset": "magic", "how": "name", "sure": True}, ([1, 2, 3], {"dv": [0, 4]})),
    ({"ruleset": "other", "how": "words", "sure": True}, ([2], {"dv": [0, 4], "magic": [1, 3]})),
    (None, ([0, 1, 2, 3, 4], {})),
])
def test_apart(game: dict | None, expected: tuple[list[int], dict[str, list[int]]]) -> None:
    # passage 2 is of no game (a glossary-like passage): it stays with the results
    assert gamepick.apart(_index(["dv", "magic", "", "magic", "dv"]), [0, 1, 2, 3, 4], game, 5) == expected  # type: ignore[arg-type]


def test_a_full_first_five_keeps_the_rest_in_order() -> None:
    # the first `top` all of the game: nothing is set apart, the other game's passages stay where they rank
    index = _index(["dv", "magic", "", "magic", "dv"])
    sure = {"ruleset": "dv", "how": "words", "sure": True}
    assert gamepick.apart(index, [0, 2, 4, 1, 3], sure, 3) == ([0, 2, 4, 1, 3], {})  # type: ignore[arg-type]
    assert gamepick.apart(index, [0, 2, 1, 4, 3], sure, 3) == ([0, 2, 4], {"magic": [1, 3]})  # type: ignore[arg-type]


def test_none_of_the_games_own_keeps_everything() -> None:
    # a sure game none of whose passages was found: nothing to set the others apart from
    assert gamepick.apart(_index(["magic", "magic"]), [1, 0], {"ruleset": "dv", "how": "words", "sure": True},  # type: ignore[arg-type]
                          5) == ([1, 0], {})
