"""Structured card data from the FAQ entries: cost, colours, type line, P/T, rulings."""
from __future__ import annotations

import pytest

from judge.corpus import Corpus
from judge.corpus.cards import colors_of, split_type_line


def test_asesino_gorro_rojo(corpus: Corpus) -> None:
    card = corpus.card("Asesino gorro rojo")
    assert card.mana_cost == "{2}{B/R}{B/R}" and card.colors == ["B", "R"]
    assert card.type_line == "Criatura — Asesino trasgo"
    assert (card.supertypes, card.types, card.subtypes) == ([], ["Criatura"], ["Asesino", "Trasgo"])
    assert (card.power, card.toughness) == ("2", "2")
    assert card.rulings == ["faq-shm/cartas/asesino-gorro-rojo/1"]
    assert card.text.splitlines()[1].startswith("Persistir.")
    assert card.passage_id == "faq-shm/cartas/asesino-gorro-rojo"


@pytest.mark.parametrize("name, cost, colors, supertypes, types, subtypes, pt", [
    ("Oona, reina de las hadas", "{3}{U/B}{U/B}{U/B}", ["U", "B"], ["Legendaria"], ["Criatura"],
     ["Hechicero", "Hada"], ("5", "5")),
    ("Pili-Pala", "{2}", [], [], ["Criatura", "Artefacto"], ["Espantapájaros"], ("1", "1")),
    ("Estanque reflectante", "", [], [], ["Tierra"], [], (None, None)),
    ("Consejo de las hadas", "{2/U}{2/U}{2/U}", ["U"], [], ["Conjuro"], [], (None, None)),
    ("Infusión de solanera", "{X}{G/W}", ["W", "G"], [], ["Conjuro"], [], (None, None)),
    ("Rueda del sol y la luna", "{G/W}{G/W}", ["W", "G"], [], ["Encantamiento"], ["Aura"], (None, None)),
    ("Bosque savia rezumada", "", [], [], ["Tierra"], ["Bosque"], (None, None)),
    ("Chiquillos del crepúsculo", "{2}{B}", ["B"], [], ["Criatura"], ["Oufé"], ("4", "3")),
])
def test_card_fields(corpus: Corpus, name: str, cost: str, colors: list[str], supertypes: list[str],
                     types: list[str], subtypes: list[str], pt: tuple[str | None, str | None]) -> None:
    card = corpus.card(name)
    assert card is not None, name
    assert (card.mana_cost, card.colors) == (cost, colors)
    assert (card.supertypes, card.types, card.subtypes) == (supertypes, types, subtypes)
    assert (card.power, card.toughness) == pt


def test_lookup_ignores_case_accents_and_spaces(corpus: Corpus) -> None:
    assert corpus.card("cisnes de bryn argoll").name == "Cisnes de Bryn Árgoll"
    assert corpus.card("  MEDICO  de barrenton ").name == "Médico de Bárrenton"
    assert corpus.card("Lobo gris") is None


def test_catalog_is_consistent(corpus: Corpus) -> None:
    cards = corpus.cards()
    assert len(cards) == 100        # 92 card entries + 8 cards printed only in the general notes
    for card in cards.values():
        assert corpus.passage(card.passage_id).card == card.name
        assert ("Criatura" in card.types) == (card.power is not None), card.name
        for rid in card.rulings:
            assert corpus.passage(rid).parent in (card.passage_id, corpus.passage(card.passage_id).parent)
    entries = [c for c in cards.values() if c.passage_id.startswith("faq-shm/cartas/")]
    assert len(entries) == 92 and sum(len(c.rulings) for c in entries) == 237
    assert all(c.rulings for c in entries)


def test_colours_and_type_lines() -> None:
    assert colors_of("{W/U}{B}{2/G}{X}") == ["W", "U", "B", "G"]
    assert colors_of("{5}") == []
    assert split_type_line("Criatura artefacto legendaria — Espantapájaros") == (
        ["Legendaria"], ["Criatura", "Artefacto"], ["Espantapájaros"])
    with pytest.raises(ValueError, match="Vuela"):
        split_type_line("Vuela.")
