"""The magic card catalog from the Shadowmoor FAQ (issue 9, first part): cards named in a scenario without being
defined come from the FAQ; what the patterns read is modelled, the rest is flagged word for word."""
from __future__ import annotations

import json

from click.testing import CliRunner

from judge.cli import main
from judge.engine import run_scenario
from judge.engine.rulesets.magic.catalog import catalog, read_text
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
    recall = cat["Saquear la memoria"]                      # casting from a graveyard on resolution: not modelled
    assert not recall.modelled and "sin pagar su coste de maná" in recall.card.text


def test_a_scenario_uses_faq_cards_by_name_and_flags_their_unmodelled_text() -> None:
    """Reflejo del pensamiento: «Si fueras a robar una carta, en vez de eso, roba dos cartas» (121.6, 614.5: the
    replacement does not apply to the draws it makes); Saquear la memoria's unmodelled text is flagged in every step
    while it is on the stack."""
    doc = {"ruleset": "magic", "title": "catálogo", "players": [
        {"name": "Ana", "library": ["Isla", "Isla", "Isla", "Isla"], "mana_pool": {"U": 4},
         "hand": ["Saquear la memoria"], "battlefield": ["Reflejo del pensamiento"]}, {"name": "Bruno"}],
        "turn": {"number": 2, "active": "Ana", "step": "upkeep"},
        "actions": [{"by": "Ana", "cast": "Saquear la memoria"}, {"by": "Ana", "pass": True},
                    {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
        "expect": [{"player": "Ana", "hand_count": 2}, {"player": "Ana", "library_count": 2}]}
    trace = run_scenario(load_scenario(doc))
    assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
    assert any(s.kind == "replacement" and "cr-en/121.6" in s.citations for s in trace.steps)
    game = [s for s in trace.steps if s.kind != "expectation"]
    cast = next(i for i, s in enumerate(game) if "lanza Saquear la memoria" in s.summary)
    gone = next(i for i, s in enumerate(game) if "Saquear la memoria" in s.summary and "cementerio" in s.summary
                and i > cast)
    assert all(any("Saquear la memoria" in n for n in s.unmodelled) for s in game[cast:gone])
    assert not any("Saquear la memoria" in n for n in game[0].unmodelled)     # in the hand it cannot matter


def test_judge_cards_lists_modelled_and_unmodelled_text() -> None:
    out = CliRunner().invoke(main, ["cards", "--json"])
    assert out.exit_code == 0, out.output
    rows = {r["name"]: r for r in json.loads(out.output)["cards"]}
    assert rows["Bosque"]["modelled"] is True and rows["Bosque"]["unmodelled"] == []
    assert rows["Saquear la memoria"]["modelled"] is False
    assert any("sin pagar su coste de maná" in line for line in rows["Saquear la memoria"]["unmodelled"])
