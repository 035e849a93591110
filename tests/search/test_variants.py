"""Issue 15: variant and multiplayer rules (800-811, 900-905) only for a question about them (variants.py)."""
from __future__ import annotations

import pytest

from judge.search import RulesIndex
from judge.search import variants as V


@pytest.mark.parametrize("question, named", [
    ("en 2HG cuanta vida tiene el equipo?", {810}),
    ("jugando al gigante de dos cabezas, ataco a los dos?", {810}),
    ("In Two-Headed Giant, does each player get a combat phase?", {810}),
    ("mi comandante vuelve a la zona de mando?", {903}),
    ("in EDH how much damage from one commander makes me lose?", {903}),
    ("en archienemigo quien empieza?", {904}),
    ("how does the planar die work in Planechase?", {901}),
])
def test_a_named_variant_allows_its_rules(question: str, named: set[int]) -> None:
    allowed = V.allowed_sections(question)
    assert named <= allowed, (question, sorted(allowed))
    assert not (allowed & V.CASUAL) - named, (question, sorted(allowed))   # not the other casual variants


@pytest.mark.parametrize("question", [
    "en una partida de cuatro, a quien puedo atacar?",
    "en un multi si un jugador pierde que pasa con sus permanentes?",
    "In a four-player game, who does my creature attack?",
    "el jugador de mi izquierda puede responder?",
    "what happens to my cards when a player leaves the game?",
])
def test_a_multiplayer_situation_allows_the_multiplayer_rules(question: str) -> None:
    assert V.MULTIPLAYER <= V.allowed_sections(question), question


@pytest.mark.parametrize("question", [
    "can I attack a planeswalker?",                       # a planeswalker is no plane (901)
    "le pongo un equipo a mi criatura, cuanto cuesta equipar?",   # Equipo: Equipment, not a team
    "each opponent loses 2 life: how much do I gain?",   # "each opponent" is a two-player card's word too
    "cuantas cartas robo en mi primer turno?",
])
def test_a_question_naming_no_variant_allows_none(question: str) -> None:
    assert V.allowed_sections(question) == frozenset(), question


def test_variant_rules_come_after_the_rest_unless_asked(cr_index: RulesIndex, monkeypatch: pytest.MonkeyPatch) -> None:
    sections = V.passage_sections(cr_index)

    def variant_ids(q: str) -> list[str]:
        hits = cr_index.search(q, semantic=False).results
        return [h.id for h in hits if sections[cr_index.by_id[h.id]]]

    plain = ("can I attack a planeswalker?", "who takes the first turn of the game?")
    real = V.demote
    monkeypatch.setattr(V, "demote", lambda index, p, order, ranked: order)
    assert all(variant_ids(q) for q in plain)        # without the filter, 802-804 and 904 are among the first ten
    monkeypatch.setattr(V, "demote", real)
    assert [variant_ids(q) for q in plain] == [[], []]
    named = cr_index.search("en gigante de dos cabezas con cuanta vida empieza el equipo?", semantic=False).results
    assert any(h.number and h.number.startswith("810") for h in named[:5])


def test_demoted_scores_keep_the_order_shown(cr_index: RulesIndex) -> None:
    scores = [h.score for h in cr_index.search("can I attack a planeswalker?", semantic=False).results]
    assert scores == sorted(scores, reverse=True)


def test_a_glossary_entry_pointing_only_to_variants_is_one(cr_index: RulesIndex) -> None:
    sections = V.passage_sections(cr_index)
    assert sections[cr_index.by_id["cr-en/glossary/commander-tax"]] == frozenset({903})
    assert sections[cr_index.by_id["cr-en/glossary/lose-the-game"]] == frozenset()   # 104 too
    assert sections[cr_index.by_id["cr-en/810.8a"]] == frozenset({810})
    assert sections[cr_index.by_id["cr-en/704.5a"]] == frozenset()
