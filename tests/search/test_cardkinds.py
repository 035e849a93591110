"""The rules of a kind of card only when the question names that kind (judge/search/cardkinds.py, issue 15):
unasked.demote moves them past the first ten others of their game otherwise, as it does a keyword's."""
from __future__ import annotations

from judge.search import RulesIndex
from judge.search import cardkinds, unasked


def test_players_words_name_a_kind_in_both_languages() -> None:
    assert cardkinds.named_kinds("If a face-down creature with morph dies, is it revealed?") == {708}
    assert cardkinds.named_kinds("si muere una criatura mutada, ¿qué pasa con las cartas de debajo?") == {730}
    assert cardkinds.named_kinds("¿Transformar una carta de doble cara la hace nueva?") == {712}
    assert cardkinds.named_kinds("el monarca roba al final del turno?") == {725}
    assert cardkinds.named_kinds("Una carta de aventura ¿va al exilio?") == {715}
    # a question about casting from exile names no kind of card
    assert cardkinds.named_kinds("Can a player cast a card exiled from their library?") == frozenset()


def test_a_kinds_passages_are_told_apart(cr_index: RulesIndex) -> None:
    kinds = cardkinds.passage_kinds(cr_index)
    by_number = {r.current: d for d, r in enumerate(cr_index.rows) if r is not None and r.doc == "cr-en"}
    assert kinds[by_number["715.3d"]] == 715
    assert kinds[by_number["715"]] == 715
    # the rules around them are no kind's: 707 Copying Objects, 723 Controlling Another Player, 613.1d
    assert kinds[by_number["707.10c"]] == kinds[by_number["723.1"]] == kinds[by_number["613.1d"]] == 0


def _order(index: RulesIndex, first: str) -> list[int]:
    """cr-en's `first` ahead of twelve passages of 601 (casting spells)."""
    rows = {r.current: d for d, r in enumerate(index.rows) if r is not None and r.doc == "cr-en"}
    others = [d for n, d in rows.items() if n and n.startswith("601.2")][:12]
    return [rows[first]] + others


def test_an_unnamed_kinds_rule_gives_way_and_a_named_one_stays(cr_index: RulesIndex) -> None:
    order = _order(cr_index, "715.3d")
    ranked = {d: (float(len(order) - i), False) for i, d in enumerate(order)}
    moved = unasked.demote(cr_index, cr_index.parse("Can a player cast a card from exile after it resolves?"),
                           order, dict(ranked))
    assert moved.index(order[0]) == 10
    kept = unasked.demote(cr_index, cr_index.parse("Can a player cast an Adventure card from exile later?"),
                          order, dict(ranked))
    assert kept[0] == order[0]
    # found by the number the question names: it stays
    ranked[order[0]] = (99.0, True)
    assert unasked.demote(cr_index, cr_index.parse("rule 715.3d"), order, ranked)[0] == order[0]
