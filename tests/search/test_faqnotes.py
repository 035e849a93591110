"""An old FAQ's passages give way to today's rule when the question does not name their subject (faqnotes.py)."""
from __future__ import annotations

import pytest

from judge.search import RulesIndex
from judge.search import faqnotes as F
from judge.search.faqnotes import Candidate, Settings


def _old(cover: float = 1.0, named: float = 0.0, by_number: bool = False, game: str = "magic") -> Candidate:
    return Candidate(old=True, rule=False, game=game, cover=cover, named=named, by_number=by_number)


def _rule(cover: float = 1.0, game: str = "magic") -> Candidate:
    return Candidate(old=False, rule=True, game=game, cover=cover, named=0.0)


def _other(cover: float = 1.0) -> Candidate:
    return Candidate(old=False, rule=False, game="magic", cover=cover, named=0.0)


def test_an_unnamed_note_moves_after_the_first_rule_covering_as_much() -> None:
    cands = [_old(cover=2.0), _other(), _rule(cover=1.0), _rule(cover=2.5), _other()]
    assert F.plan(cands) == [1, 2, 3, 0, 4]


def test_a_named_note_stays() -> None:
    cands = [_old(cover=2.0, named=0.8), _rule(cover=3.0)]
    assert F.plan(cands) == [0, 1]


def test_a_note_found_by_its_number_stays() -> None:
    cands = [_old(cover=2.0, by_number=True), _rule(cover=3.0)]
    assert F.plan(cands) == [0, 1]


def test_another_games_rule_is_no_reason_to_move() -> None:
    cands = [_old(cover=1.0), _rule(cover=3.0, game="doce-vidas")]
    assert F.plan(cands) == [0, 1]


def test_no_rule_within_depth_leaves_the_note() -> None:
    cands = [_old(cover=1.0)] + [_other() for _ in range(3)] + [_rule(cover=1.0)]
    assert F.plan(cands, Settings(depth=3)) == list(range(5))
    assert F.plan(cands, Settings(depth=4)) == [1, 2, 3, 4, 0]


def test_a_note_below_the_first_results_stays() -> None:
    cands = [_other(), _other(), _old(cover=1.0), _rule(cover=1.0)]
    assert F.plan(cands, Settings(top=2)) == [0, 1, 2, 3]
    assert F.plan(cands, Settings(top=3)) == [0, 1, 3, 2]


def test_two_notes_follow_the_same_rule_in_their_order() -> None:
    cands = [_old(cover=1.0), _old(cover=1.0), _rule(cover=1.0), _rule(cover=1.0)]
    assert F.plan(cands) == [2, 0, 1, 3]


def test_the_cover_share_is_a_setting() -> None:
    cands = [_old(cover=1.0), _rule(cover=0.85)]
    assert F.plan(cands, Settings(cover=1.0)) == [0, 1]
    assert F.plan(cands, Settings(cover=0.8)) == [1, 0]


def test_the_subject_is_the_last_heading_without_its_kind() -> None:
    assert F.subject_text("Notas generales › Tema: Contadores -1/-1", None).strip() == "Contadores -1/-1"
    assert F.subject_text("Notas de cartas específicas › Torrear", "Torrear").strip() == "Torrear"
    assert "Lancera avispa" in F.subject_text("Notas generales › Mecánica que regresa: Híbrido", "Lancera avispa")


def test_named_share_weighs_rare_words_more() -> None:
    terms = {"hechiz": 0.5, "hibrid": 2.0, "aument": 2.5}
    assert F.named_share(terms, {"hechiz": 1.0}) == pytest.approx(0.1)
    assert F.named_share(terms, {"hibrid": 1.0, "hechiz": 1.0}) == pytest.approx(0.5)
    assert F.named_share({}, {"hechiz": 1.0}) == 0.0


def test_only_historical_passages_have_a_subject(es_index: RulesIndex) -> None:
    subj = F.subjects(es_index)
    rows = es_index.rows
    have = [d for d, s in enumerate(subj) if s is not None]
    assert have and all(rows[d].historical for d in have)  # type: ignore[union-attr]
    assert all(s is None for d, s in enumerate(subj) if rows[d] is not None and not rows[d].historical)
    # every general note and every ruling of the FAQ has words to be named by
    assert all(subj[d][1] for d in have if rows[d].kind in ("note", "ruling"))  # type: ignore[index, union-attr]


def _first_old(index: RulesIndex, q: str, monkeypatch: pytest.MonkeyPatch, on: bool) -> tuple[int | None, list]:
    if not on:
        monkeypatch.setattr(F, "give_way", lambda ix, p, order, ranked, s=Settings(): order)
    else:
        monkeypatch.undo()
    hits = index.search(q, limit=10, semantic=False).results
    return next((i for i, h in enumerate(hits) if h.historical), None), hits


def test_a_general_question_gets_todays_rule_before_the_faq(cr_index: RulesIndex,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # the FAQ's note on the untap symbol holds these words too; 305.1 and 505.6b decide
    q = "puedo responder a un permiso de jugar una tierra adicional?"
    before, hits_off = _first_old(cr_index, q, monkeypatch, on=False)
    after, hits_on = _first_old(cr_index, q, monkeypatch, on=True)
    assert before is not None and before < 5, [h.id for h in hits_off]
    first_old = hits_off[before].id
    # the note moved down, after a current rule, and is still among the results
    assert first_old in [h.id for h in hits_on]
    at = [h.id for h in hits_on].index(first_old)
    assert at > before
    assert any(h.number and not h.historical for h in hits_on[:at])
    scores = [h.score for h in hits_on if cr_index.ruleset_of(h.id) == "magic"]
    assert scores == sorted(scores, reverse=True)


def test_a_question_naming_the_mechanic_keeps_the_faq(cr_index: RulesIndex, monkeypatch: pytest.MonkeyPatch) -> None:
    q = "si una criatura con persistir muere con un contador -1/-1, ¿vuelve al campo de batalla?"
    before, hits_off = _first_old(cr_index, q, monkeypatch, on=False)
    after, hits_on = _first_old(cr_index, q, monkeypatch, on=True)
    assert before is not None
    assert [h.id for h in hits_on[:5]] == [h.id for h in hits_off[:5]]


def test_the_cr_is_the_authority_of_magics_rules(cr_index: RulesIndex, es_index: RulesIndex) -> None:
    assert F.authorities(cr_index)["magic"] == "cr-en"
    # without the CR, the largest of the Spanish excerpts: a Spanish question then keeps every passage
    head = F.authorities(es_index)["magic"]
    assert es_index.documents[head]["language"] == "es"


def _twins(index: RulesIndex, q: str, monkeypatch: pytest.MonkeyPatch, on: bool) -> list:
    if not on:
        monkeypatch.setattr(F, "one_per_rule", lambda ix, p, order: order)
    else:
        monkeypatch.undo()
    return index.search(q, limit=10, semantic=False).results


def test_a_spanish_question_sees_a_rule_once_in_spanish(cr_index: RulesIndex,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    q = "¿qué pasa si tengo que robar con la biblioteca vacía?"
    off = _twins(cr_index, q, monkeypatch, on=False)
    on = _twins(cr_index, q, monkeypatch, on=True)
    numbers_off = [h.number for h in off if h.number]
    assert len(numbers_off) > len(set(numbers_off)), [h.id for h in off]   # the same rule twice without it
    numbers_on = [h.number for h in on if h.number and not h.historical]
    assert len(numbers_on) == len(set(numbers_on)), [h.id for h in on]
    for h in on:
        if h.number and h.doc != "cr-en":
            assert h.lang == "es"
    # what the duplicates held is another rule now, and the first results stay in their places
    assert len({h.id for h in on} - {h.id for h in off}) >= 1
    assert on[0].id == off[0].id
    # (the other game's passages placed after the first five by rerank.game_first keep their own scores)
    scores = [h.score for h in on if cr_index.ruleset_of(h.id) == "magic"]
    assert scores == sorted(scores, reverse=True)


def test_an_english_question_keeps_both_languages(cr_index: RulesIndex, monkeypatch: pytest.MonkeyPatch) -> None:
    q = "what happens if I draw from an empty library?"
    off = _twins(cr_index, q, monkeypatch, on=False)
    on = _twins(cr_index, q, monkeypatch, on=True)
    assert [h.id for h in on] == [h.id for h in off]


def test_a_rule_in_another_language_may_be_asked_only_what_that_language_says() -> None:
    # the note covers 3.0 of the question, 1.5 of it in words the question also says in English
    note = Candidate(old=True, rule=False, game="magic", cover=3.0, named=0.0, lang="es", shared=1.5)
    english = Candidate(old=False, rule=True, game="magic", cover=2.0, named=0.0, lang="en")
    spanish = Candidate(old=False, rule=True, game="magic", cover=2.0, named=0.0, lang="es")
    assert F.plan([note, english], Settings(shared=False)) == [0, 1]
    assert F.plan([note, english], Settings(shared=True)) == [1, 0]
    assert F.plan([note, spanish], Settings(shared=True)) == [0, 1]


def test_the_answer_block_shows_a_translated_rule_in_spanish(cr_index: RulesIndex) -> None:
    got = cr_index.search("¿qué pasa si tengo que robar con la biblioteca vacía?", limit=10, semantic=False)
    assert got.answer is not None and got.deciding
    spanish = {h.number for h in got.results if h.number and h.lang == "es" and not h.historical}
    for h in got.deciding:
        if h.number in spanish:
            assert h.lang == "es", h.id
    shown = [h.number for h in got.results if h.number and not h.historical]
    assert len(shown) == len(set(shown))
