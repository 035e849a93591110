"""The event lines and zone names of a run (judge/runner/render.py, issue 17): each a runner.event.* / runner.zone.*
message in Spanish and English, the Spanish the wording the run page always showed. Read by message id and
parameters; the tests of the wording itself are `test_rendering_*` and check both languages."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine import run_scenario
from judge.engine.rulesets import RULESETS
from judge.messages import Message, catalog, template_fields
from judge.runner import messages as runner_messages
from judge.runner.render import EVENT_LINES, ZONES, event_fields, event_message, event_text, zone_label, zone_message
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
    """Every event the curated scenarios emit has its message, said in the language asked (the line is that
    message's text); none falls back to its raw fields."""
    said_ids = set()
    for event in curated_events:
        said = event_message(event)
        assert said is not None, event
        said_ids.add(said.id)
        assert said.id in IDS
        for lang in ("es", "en"):
            assert event_text(event, lang) == said.render(lang)
            assert "runner." not in said.render(lang) and "magic." not in said.render(lang), (event, lang)
    # the lines of both rulesets are there: moves with their zones, counts, damage, mana, taps, shuffles, the end,
    # and magic's turn, combat, stack, life, counters, cleanup, tokens and effects
    assert {"runner.event.move", "runner.event.move_owned", "runner.event.count.mana", "runner.event.count.lives",
            "runner.event.count.recycle_cost", "runner.event.damage_combat", "runner.event.damage_marked",
            "runner.event.mana_added", "runner.event.tap", "runner.event.untap", "runner.event.attach",
            "runner.event.shuffle", "runner.event.lose", "runner.event.win", "runner.event.step_active",
            "runner.event.attack", "runner.event.block", "runner.event.stack_source", "runner.event.life_lost",
            "runner.event.counters_put", "runner.event.cleanup", "runner.event.token", "runner.event.effect",
            "runner.event.pools_emptied"} <= said_ids


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_every_event_kind_a_ruleset_declares_has_a_line_of_its_own(ruleset) -> None:
    """The raw-field form is unreachable for a declared kind: each has its line, which says a sentence in both
    languages whatever fields the event carries (none, here)."""
    assert ruleset.own_event_kinds
    for kind in ruleset.own_event_kinds:
        assert kind in EVENT_LINES, f"{ruleset.id}: event kind {kind!r} has no runner.event.* line"
        said = event_message({"kind": kind})
        assert said is not None and said.id in IDS, kind
        for lang in ("es", "en"):
            assert said.render(lang) != event_fields({"kind": kind}) and "runner." not in said.render(lang)


def test_an_effect_event_names_its_verb_in_the_page_s_language() -> None:
    """Event("effect", {"kind": verb, "affected": …}) reaches the JSON with the verb as its kind: every registered
    verb's event is runner.event.effect with the verb's name (its builder label, magic.verblabel.*)."""
    from judge.engine.rulesets.magic import verb

    for v in verb.current():
        said = event_message({"kind": v.name, "affected": ["osos", "lobo"]})
        assert said is not None and said.id == "runner.event.effect" and said.params["affected"] == ["osos", "lobo"]
        assert said.params["effect"] == Message("magic.verblabel." + v.name), v.name
        for lang, label in zip(("es", "en"), v.label):
            assert said.params["effect"].render(lang) == label
    # a verb no registry has (another ruleset's, a toy's) is named as the engine wrote it
    assert event_message({"kind": "vuela", "affected": ["x"]}).params["effect"] == "vuela"


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
    assert event_message({"kind": "attack", "object": "osos", "target": "Bruno"}) == \
        Message("runner.event.attack", object="osos", target="Bruno")
    # a player loses the game; an object that loses keywords (magic's `lose` effect) is that effect's line
    assert event_message({"kind": "lose", "player": "Ana"}) == Message("runner.event.lose", player="Ana")
    lost = event_message({"kind": "lose", "affected": ["osos"]})
    assert lost is not None and lost.id == "runner.event.effect" and lost.params["effect"] == \
        Message("magic.verblabel.lose")
    assert event_message({"kind": "unknown-kind", "x": 1}) is None       # a kind no ruleset declares


def test_a_token_is_said_to_be_created() -> None:
    said = event_message({"kind": "move", "object": "ficha-1", "new": "ficha-1", "card": "Soldado", "from": None,
                          "to": "battlefield", "token": True})
    assert said == Message("runner.event.token", who=Message("runner.event.card", card="Soldado", object="ficha-1"))
    unattached = event_message({"kind": "attach", "object": "espada", "to": None})
    assert unattached == Message("runner.event.unattach", object="espada")


def test_life_and_counters_are_said_by_their_sign() -> None:
    assert event_message({"kind": "life", "player": "Bruno", "delta": -2}) == \
        Message("runner.event.life_lost", player="Bruno", n=2)
    assert event_message({"kind": "life", "player": "Ana", "delta": 3}).id == "runner.event.life_gained"
    assert event_message({"kind": "life", "player": "Ana", "delta": -1, "paid": True}).id == "runner.event.life_paid"
    assert event_message({"kind": "life", "player": "Bruno", "from": 20, "to": 17}).id == "runner.event.count.life"
    assert event_message({"kind": "counters", "object": "oso", "counter": "-1/-1", "amount": -2}) == \
        Message("runner.event.counters_removed", object="oso", counter="-1/-1", n=2)
    assert event_message({"kind": "counters", "object": "oso", "counter": "+1/+1", "amount": 1}).id == \
        "runner.event.counters_put"


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
    ({"kind": "step", "step": "upkeep", "active": "Ana"},
     "comienza el paso de mantenimiento (turno de Ana)", "the upkeep step begins (Ana's turn)"),
    ({"kind": "move", "object": "ficha-1", "new": "ficha-1", "card": "Soldado", "from": None, "to": "battlefield",
      "token": True},
     "se crea la ficha Soldado (ficha-1) en el campo de batalla",
     "the token Soldado (ficha-1) is created on the battlefield"),
    ({"kind": "life", "player": "Bruno", "delta": -1}, "Bruno pierde 1 vida", "Bruno loses 1 life"),
    ({"kind": "counters", "object": "oso", "counter": "+1/+1", "amount": 2},
     "se ponen 2 contadores +1/+1 sobre oso", "2 +1/+1 counters are put on oso"),
    ({"kind": "cleanup", "damage_removed": ["oso"], "effects_ended": 2},
     "limpieza: se retira el daño marcado en oso; terminan 2 efectos «hasta el final del turno»",
     "cleanup: the damage marked on oso is removed; 2 “until end of turn” effects end"),
    ({"kind": "cleanup", "damage_removed": [], "effects_ended": 0},
     "limpieza: no hay daño que retirar ni efectos que terminen", "cleanup: no damage to remove and no effects to end"),
    ({"kind": "pump", "affected": ["soldado"]},
     "el efecto «+F/+R» se aplica a soldado", "the “+P/+T” effect applies to soldado"),
    ({"kind": "mana", "emptied": ["Ana", "Bruno"]},
     "se vacían las reservas de maná de Ana, Bruno", "the mana pools of Ana, Bruno empty"),
    ({"kind": "stack", "item": "hab1", "source": "caliz"},
     "hab1 (de caliz) se pone en la pila", "hab1 (from caliz) is put onto the stack"),
    ({"kind": "block", "object": "lobo", "attacker": "soldado"}, "lobo bloquea a soldado", "lobo blocks soldado"),
    ({"kind": "unknown-kind", "x": 1}, "unknown-kind: x=1", "unknown-kind: x=1"),
]


def test_rendering_event_lines_in_spanish_and_in_english() -> None:
    """Spanish is the default language; a kind no ruleset declares is its fields in both."""
    assert [(event_text(e), event_text(e, "es"), event_text(e, "en")) for e, _, _ in RENDERED] == \
        [(es, es, en) for _, es, en in RENDERED]
