"""The event lines and zone names of a run (judge/runner/render.py, issue 17): each a runner.event.* / runner.zone.*
message in Spanish and English, the Spanish the wording the run page always showed. Read by message id and
parameters; the tests of the wording itself are `test_rendering_*` and check both languages."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine import run_scenario
from judge.messages import Message, catalog, template_fields
from judge.runner import messages as runner_messages
from judge.runner.render import ZONES, event_message, event_text, zone_label, zone_message
from judge.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[2]
IDS = sorted(i for i in runner_messages.ES if i.startswith(("runner.event.", "runner.zone.")))


def _curated_events() -> list[dict]:
    events: list[dict] = []
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        for step in run_scenario(load_scenario(path)).to_json()["steps"]:
            events += step.get("events") or []
    return events


@pytest.fixture(scope="module")
def curated_events() -> list[dict]:
    return _curated_events()


def test_every_event_and_zone_id_has_both_languages_with_the_same_parameters() -> None:
    es, en = catalog("runner", "es"), catalog("runner", "en")
    assert len(IDS) > 20 and set(IDS) <= set(en)
    for ident in IDS:
        assert es[ident] and en[ident], ident
        assert template_fields(es[ident]) == template_fields(en[ident]), ident


def test_every_zone_a_ruleset_names_has_a_message() -> None:
    from judge.engine.rulesets.doce_vidas import schema as dv
    from judge.engine.rulesets.magic import vocabulary as magic

    for zone in (*dv.ZONES, *magic.ZONES_OF_CARDS, "resolving"):
        said = zone_message(zone)
        assert isinstance(said, Message) and said.id == f"runner.zone.{zone}" in IDS
        assert zone_label(zone, "en") == said.render("en") != said.render("es")
    assert zone_message("nowhere") == "nowhere" and zone_label("None", "en") == "None"   # as the engine names it
    assert ZONES == {i.removeprefix("runner.zone.") for i in IDS if i.startswith("runner.zone.")}


def test_the_curated_runs_events_are_said_by_their_messages_in_each_language(curated_events: list[dict]) -> None:
    """Every event the curated scenarios emit either has its message, said in the language asked (the line is
    that message's text), or is a kind with no line of its own, listed as its fields in every language."""
    said_ids = set()
    for event in curated_events:
        said = event_message(event)
        if said is None:
            assert event_text(event, "en") == event_text(event, "es")
            assert event_text(event, "es").startswith(f"{event['kind']}:")
            continue
        said_ids.add(said.id)
        assert said.id in IDS
        for lang in ("es", "en"):
            assert event_text(event, lang) == said.render(lang)
            assert not said.render(lang).startswith("runner.")         # every parameter the template names is given
    # the lines of both rulesets are there: moves with their zones, counts, damage, mana, taps, shuffles, the end
    assert {"runner.event.move", "runner.event.move_owned", "runner.event.count.mana", "runner.event.count.lives",
            "runner.event.count.recycle_cost", "runner.event.damage_combat", "runner.event.damage_marked",
            "runner.event.mana_added", "runner.event.tap", "runner.event.untap", "runner.event.attach",
            "runner.event.shuffle", "runner.event.lose", "runner.event.win"} <= said_ids


def test_a_move_names_its_card_and_its_zones_as_messages() -> None:
    said = event_message({"kind": "move", "object": "ana-1", "card": "Lobo gris", "owner": "Ana", "from": "deck",
                          "to": "hand"})
    assert said == Message("runner.event.move_owned", who=Message("runner.event.card", card="Lobo gris",
                                                                  object="ana-1"),
                           from_zone=Message("runner.zone.deck"), to_zone=Message("runner.zone.hand"), owner="Ana")
    bare = event_message({"kind": "move", "object": "oso", "from": "battlefield", "to": "graveyard"})
    assert bare is not None and bare.id == "runner.event.move" and bare.params["who"] == "oso"
    combat = event_message({"kind": "damage", "source": "gigante", "target": "osos", "amount": 4, "combat": True})
    assert combat is not None and combat.id == "runner.event.damage_combat" and combat.params["amount"] == 4
    assert event_message({"kind": "attack", "object": "osos", "target": "Bruno"}) is None
    # a player loses the game; an object that loses keywords (magic's `lose` effect) is not said to
    assert event_message({"kind": "lose", "player": "Ana"}) == Message("runner.event.lose", player="Ana")
    assert event_message({"kind": "lose", "affected": ["osos"]}) is None


# (event, Spanish line, English line): Spanish as the run page always said it («1 cartas» included)
RENDERED = [
    ({"kind": "move", "object": "ana-1", "card": "Lobo gris", "owner": "Ana", "from": "deck", "to": "hand"},
     "Lobo gris (ana-1) de Ana: mazo → mano", "Ana's Lobo gris (ana-1): deck → hand"),
    ({"kind": "shuffle", "player": "Ana", "zone": "library", "cards": 1},
     "Ana baraja su biblioteca (1 cartas)", "Ana shuffles their library (1 card)"),
    ({"kind": "damage", "source": "rayo", "target": "Bruno", "amount": 3},
     "rayo hace 3 de daño a Bruno", "rayo deals 3 damage to Bruno"),
    ({"kind": "lives", "player": "Bruno", "from": 12, "to": 10}, "vidas de Bruno: 12 → 10", "Bruno's lives: 12 → 10"),
    ({"kind": "mana", "player": "Ana", "pool": {"G": 2}},
     "Ana agrega {G}×2 a su reserva de maná", "Ana adds {G}×2 to their mana pool"),
    ({"kind": "step", "step": "upkeep", "active": "Ana"}, "step: step=upkeep, active=Ana", "step: step=upkeep, active=Ana"),
]


def test_rendering_event_lines_in_spanish_and_in_english() -> None:
    """Spanish is the default language; a kind without a line of its own is its fields in both."""
    assert [(event_text(e), event_text(e, "es"), event_text(e, "en")) for e, _, _ in RENDERED] == \
        [(es, es, en) for _, es, en in RENDERED]
