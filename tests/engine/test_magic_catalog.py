"""The magic card catalog from the Shadowmoor FAQ (issue 9, first part): cards named in a scenario without being
defined come from the FAQ; what the patterns read is modelled, the rest is flagged word for word."""
from __future__ import annotations

import json

from click.testing import CliRunner

from judge.cli import main
from judge.engine import run_scenario
from judge.corpus.model import Card
from judge.engine.rulesets.magic.catalog import CatalogCard, card_def, read_text
from judge.scenarios.cards import magic_catalog as catalog
from judge.scenarios import load_scenario


def test_keyword_lines_and_known_sentences_become_abilities_the_rest_stays_text() -> None:
    r = read_text("Prueba", "Vuela, prisa.\nPersistir. (Cuando esta criatura vaya a un cementerio...)\n"
                            "Cuando la Prueba entre en juego, pon un contador -1/-1 sobre la criatura objetivo.\n"
                            "La Prueba baila cuando llueve.")
    assert r.keywords == ["flying", "haste", "persist"]
    assert r.triggers and r.triggers[0].when == "enters" and r.triggers[0].targets[0].kind == "creature"
    assert r.unread == ["La Prueba baila cuando llueve."]


def test_the_catalog_holds_every_faq_card_and_the_basic_lands() -> None:
    cat = catalog()
    assert {"Bosque", "Isla", "Asesino gorro rojo", "Reflejo del pensamiento"} <= set(cat)
    assert cat["Reflejo del pensamiento"].modelled and cat["Reflejo del pensamiento"].passage_id
    killer = cat["Asesino gorro rojo"].card
    assert "persist" in killer.keywords and killer.triggers[0].effects[0].count == "source_power"
    assert cat["Asesino gorro rojo"].modelled
    # A card is modelled exactly when no text of it is left unread (whichever cards the work in progress leaves).
    assert all(entry.modelled == (not entry.card.text and not entry.card.unmodelled_keywords) for entry in cat.values())
    unread = "La Prueba baila cuando llueve."          # a sentence no pattern reads: kept as the card's text
    half = card_def(Card(name="Prueba", mana_cost="{1}", colors=[], type_line="Encantamiento", supertypes=[],
                         types=["Encantamiento"], subtypes=[], power=None, toughness=None,
                         text=unread, rulings=[], passage_id=""))
    assert half.text == unread and not CatalogCard(half, "").modelled


def test_a_scenario_uses_faq_cards_by_name_and_flags_their_unmodelled_text() -> None:
    """Reflejo del pensamiento: «Si fueras a robar una carta, en vez de eso, roba dos cartas» (121.6, 614.5: the
    replacement does not apply to the draws it makes); a card's unmodelled text (here one the scenario gives, as
    the catalog keeps a FAQ card's unread lines) is flagged in every step while it is on the battlefield."""
    doc = {"ruleset": "magic", "title": "catálogo", "players": [
        {"name": "Ana", "library": ["Isla", "Isla", "Isla", "Isla"],
         "battlefield": ["Reflejo del pensamiento", "Rareza"]}, {"name": "Bruno"}],
        "cards": {"Rareza": {"cost": "{1}", "types": ["artifact"], "text": "La Rareza baila cuando llueve."}},
        "turn": {"number": 2, "active": "Ana", "step": "upkeep"},
        "actions": [{"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
        "expect": [{"player": "Ana", "hand_count": 2}, {"player": "Ana", "library_count": 2}]}
    trace = run_scenario(load_scenario(doc))
    assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
    assert any(s.kind == "replacement" and "cr-en/121.6" in s.citations for s in trace.steps)
    game = [s for s in trace.steps if s.kind != "expectation"]
    assert all(any("La Rareza baila" in n for n in s.unmodelled) for s in game)


def test_judge_cards_lists_modelled_and_unmodelled_text() -> None:
    out = CliRunner().invoke(main, ["cards", "--json"])
    assert out.exit_code == 0, out.output
    rows = {r["name"]: r for r in json.loads(out.output)["cards"]}
    assert rows["Bosque"]["modelled"] is True and rows["Bosque"]["unmodelled"] == []
    assert all(r["modelled"] == (r["unmodelled"] == []) for r in rows.values())
    assert rows["Saquear la memoria"]["modelled"] is True
