"""A keyword's rules only when the question names the keyword (judge/search/unasked.py, issue 15): its passages
move past the first ten others of its game otherwise; a question naming it, in either language, keeps them."""
from __future__ import annotations

from judge.search import RulesIndex
from judge.search import schema as S
from judge.search import unasked


def test_a_keywords_passages_carry_its_name(es_index: RulesIndex) -> None:
    names = unasked.keyword_terms(es_index)
    # 701.23 Search is a keyword action: its sub-rules carry the heading's "Buscar"
    assert S.analyze("buscar", "es")[0] in names[es_index.by_id["cr-es/701.23b"]]
    # a rule that is no keyword's (121.4 drawing from an empty library) carries nothing
    assert names[es_index.by_id["cr-es/121.4"]] == frozenset()


def _moved(index: RulesIndex, q: str) -> list[str]:
    """Where the demotion puts cr-es/701.23b when it comes first among twelve other Magic passages."""
    others = [d for d, r in enumerate(index.rows)
              if r is not None and r.ruleset == "magic" and r.doc == "robar-una-carta"][:12]
    order = [index.by_id["cr-es/701.23b"]] + others
    ranked = {d: (float(len(order) - i), False) for i, d in enumerate(order)}
    new = unasked.demote(index, index.parse(q), order, ranked)
    # the scores shown still go down the list
    assert [ranked[d][0] for d in new] == sorted((ranked[d][0] for d in new), reverse=True)
    return [index.rows[d].id for d in new]  # type: ignore[union-attr]


def test_an_unnamed_keyword_gives_way_to_ten_others(es_index: RulesIndex) -> None:
    got = _moved(es_index, "¿puedo mirar las cartas de mi biblioteca cuando quiera?")
    assert got.index("cr-es/701.23b") == 10, got


def test_a_named_keyword_stays(es_index: RulesIndex) -> None:
    assert _moved(es_index, "si busco una tierra en la biblioteca tengo que enseñarla?")[0] == "cr-es/701.23b"
    # the players' word for it, through the glossary ("tutorear": to search)
    assert _moved(es_index, "si tutoreo una tierra tengo que enseñarla?")[0] == "cr-es/701.23b"


def test_a_keyword_found_by_its_number_stays(es_index: RulesIndex) -> None:
    order = [es_index.by_id["cr-es/701.23b"], es_index.by_id["cr-es/121.4"]]
    ranked = {order[0]: (2.0, True), order[1]: (1.0, False)}
    assert unasked.demote(es_index, es_index.parse("regla 701.23b"), order, ranked) == order


def test_a_card_name_before_its_quoted_text_is_found() -> None:
    q = ('A player controls Kor Skyfisher (which has: "When this creature enters, return a permanent…") and casts '
         'Explore ("Draw a card."). As Explore resolves, Elspeth, Sun\'s Champion ("+1: …") stays.')
    assert [q[a:b] for a, b in unasked.card_name_spans(q)] == [
        "Kor Skyfisher", "Explore", "Explore", "Elspeth, Sun's Champion"]
    # capitals without quoted text after them are no card's name
    assert unasked.card_name_spans("Can a player Explore twice in a turn?") == []


def test_a_keyword_named_only_by_a_cards_name_is_incidental() -> None:
    explore = frozenset(S.analyze("explore", "en"))
    q = 'Player B casts Explore ("Draw a card and more."). Does Player B draw before Explore leaves the stack?'
    assert unasked.incidental_terms(q, "en", explore)
    # the keyword in the question's own words is a naming
    assert not unasked.incidental_terms("What happens when a creature explores?", "en", explore)
    assert not unasked.incidental_terms('Explore ("Draw a card and more."): can a creature explore twice?', "en",
                                        explore)


def test_a_keyword_only_in_a_cards_quoted_text_is_incidental() -> None:
    search = frozenset(S.analyze("search", "en"))
    q = ('Player B casts Traverse the Ulvenwald ("Search your library for a basic land card, reveal it, put it '
         'into your hand."). Can Player C respond before it resolves?')
    assert unasked.incidental_terms(q, "en", search)
    assert not unasked.incidental_terms(q + " Does each of them search?", "en", search)
    # a keyword's name quoted alone is no card's text
    deathtouch = frozenset(S.analyze("deathtouch", "en"))
    assert not unasked.incidental_terms('What does "deathtouch" do against a 5/5?', "en", deathtouch)
    said = 'It says "draw two cards, then discard" and “first strike too”.'
    assert [said[a:b] for a, b in unasked.card_text_spans(said)] == ['"draw two cards, then discard"']


def test_a_longer_word_the_stemmer_folds_onto_the_keyword_is_a_naming() -> None:
    # "equipment" is Equip's ("How do I attach equipment to a creature?": 702.6 decides), though it is another word
    equip = frozenset(S.analyze("equip", "en"))
    assert equip == frozenset(S.analyze("equipment", "en"))
    assert not unasked.incidental_terms("How do I attach equipment to a creature?", "en", equip)
    # terms no word of the text makes came from the glossary or a translation: a naming
    assert not unasked.incidental_terms("¿qué pasa con el aura?", "en", frozenset(S.analyze("enchant", "en")))


def test_a_keyword_named_only_as_a_card_gives_way(es_index: RulesIndex) -> None:
    # "Busca" is the card's name here ("buscar": 701.23 Search), its quoted text says nothing of searching
    got = _moved(es_index, "lanzo Busca Rápida («Roba una carta.»): ¿puedo mirar las cartas de mi biblioteca?")
    assert got.index("cr-es/701.23b") == 10, got
    # the same card whose text says "busca" is still only the card's: the question's own "busco" names it
    got = _moved(es_index, "lanzo Busca Rápida («Busca una tierra en tu biblioteca.»): ¿tengo que enseñarla?")
    assert got.index("cr-es/701.23b") == 10, got
    got = _moved(es_index, "lanzo Busca Rápida («Busca una tierra en tu biblioteca.»): si busco, ¿la enseño?")
    assert got[0] == "cr-es/701.23b", got
