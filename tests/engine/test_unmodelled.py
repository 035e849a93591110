"""Card text the engine does not model is flagged wherever it could matter (DESIGN.md, "Engine principles": "An
ability the engine does not model is never silently ignored: the trace says which card's text is not modelled
wherever it could matter"): in the setup step for every card of the scenario, in later steps for a card out of play
whose text works where it is, and on the expectation steps (docs/scenarios.md, Cards)."""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from judge.engine import Trace, run_scenario
from judge.scenarios import load_scenario

GRAVE = "Al comienzo del mantenimiento de cada oponente, puedes regresar esta carta de tu cementerio al campo de batalla."
REACT = "Cuando un oponente robe una carta, puedes lanzar esta carta sin pagar su coste."
QUIET = "Tus criaturas obtienen +1/+1."
MAGIC_CARDS: dict[str, Any] = {
    "Ichorido": {"cost": "{B}", "types": ["creature"], "power": 3, "toughness": 1, "text": GRAVE},
    "Destello": {"cost": "{U}", "types": ["instant"], "effects": [{"draw": 1}], "text": REACT},
    "Estandarte": {"cost": "{2}", "types": ["artifact"], "text": QUIET},
    "Grilletes": {"cost": "{W}", "types": ["enchantment"], "subtypes": ["Aura"], "targets": ["creature"],
                  "text": "La criatura encantada no puede atacar."},
    "Oso": {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2},
}


def magic(players: list[dict[str, Any]], actions: list[Any], expect: list[Any] = (),
          turn: dict[str, Any] | None = None) -> Trace:
    doc = {"ruleset": "magic", "title": "prueba", "cards": copy.deepcopy(MAGIC_CARDS), "players": players,
           "turn": turn or {"number": 5, "active": "Ana", "step": "end"}, "actions": actions,
           "expect": list(expect)}
    return run_scenario(load_scenario(doc))


def flagged(step: Any, name: str) -> bool:
    return any(note.startswith(f"{name}:") for note in step.unmodelled)


def test_the_setup_step_flags_every_card_with_unmodelled_text_wherever_it_is() -> None:
    # 113.6: whether text works in a zone depends on the text; the setup shows all of it, whatever the zone.
    trace = magic([{"name": "Ana", "graveyard": ["Ichorido"], "hand": ["Destello"], "library": ["Estandarte"]},
                   {"name": "Bruno", "exile": ["Grilletes"]}], [])
    setup = trace.steps[0]
    assert setup.kind == "setup"
    assert all(flagged(setup, n) for n in ("Ichorido", "Destello", "Estandarte", "Grilletes")), setup.unmodelled


def test_a_card_out_of_play_is_flagged_where_its_text_works_and_only_there() -> None:
    # 113.6: "Abilities of all other objects usually function only while that object is on the battlefield. The
    # exceptions are as follows" (113.6a-n: from a graveyard, a hand…): a graveyard card that says "de tu
    # cementerio" and an instant in hand reacting to a draw (702.8a, it may be cast in answer) are flagged; a card in a
    # library whose text names no library is not, after the setup.
    trace = magic([{"name": "Ana", "graveyard": ["Ichorido"], "hand": ["Destello"], "library": ["Estandarte", "Isla"]},
                   {"name": "Bruno", "library": ["Isla", "Isla"]}], [{"pass_until": "main1"}])
    later = [s for s in trace.steps if s.kind != "setup"]
    assert later and all(flagged(s, "Ichorido") and flagged(s, "Destello") for s in later)
    assert not any(flagged(s, "Estandarte") for s in later)
    assert "Estandarte: «Tus criaturas obtienen +1/+1.» (texto no modelado)" not in trace.unmodelled


def test_a_graveyard_text_is_not_flagged_in_a_hand() -> None:
    # 113.6: the text names the graveyard, so in the hand it does not work: flagged only at the setup.
    trace = magic([{"name": "Ana", "hand": ["Ichorido"]}, {"name": "Bruno"}], [{"pass_until": "cleanup"}])
    assert flagged(trace.steps[0], "Ichorido")
    assert not any(flagged(s, "Ichorido") for s in trace.steps[1:])


KEYWORD_CARDS: dict[str, Any] = {
    "Rito": {"cost": "{R}", "types": ["sorcery"], "text": "Suspender 3—{R}. Rito hace 5 puntos de daño a cualquier "
             "objetivo."},
    "Recuerdo": {"cost": "{U}", "types": ["instant"], "text": "Roba dos cartas. Retrospectiva {3}{U}."},
    "Ninja": {"cost": "{1}{U}", "types": ["creature"], "power": 1, "toughness": 1, "text": "Ninjutsu {U}."},
    "Paisaje": {"cost": "{1}{G}", "types": ["sorcery"], "text": "Busca una tierra básica. Ciclo {2}."},
}


def test_a_keyword_that_works_out_of_play_flags_its_card_in_that_zone_only() -> None:
    # 113.6: "Abilities of all other objects usually function only while that object is on the battlefield" unless
    # they say otherwise: 702.62a suspend's "triggered abilities that function in the exile zone" (and its static
    # one in a hand); 702.34a flashback from a graveyard; 702.49a ninjutsu and 702.29a cycling
    # from a hand. Set up: each card in the zone its keyword works from, and each in a zone it does not; act: a turn
    # goes by; assert: flagged after the setup only where its keyword works, though no zone word is in its text.
    players = [{"name": "Ana", "exile": ["Rito"], "graveyard": ["Recuerdo"], "hand": ["Ninja", "Paisaje"]},
               {"name": "Bruno", "graveyard": ["Ninja", "Paisaje"], "library": ["Rito", "Recuerdo"]}]
    doc = {"ruleset": "magic", "title": "prueba", "cards": copy.deepcopy({**MAGIC_CARDS, **KEYWORD_CARDS}),
           "players": players, "turn": {"number": 5, "active": "Ana", "step": "end"},
           "actions": [{"pass_until": "main1"}], "expect": []}
    later = [s for s in run_scenario(load_scenario(doc)).steps if s.kind != "setup"]
    assert later and all(all(flagged(s, n) for n in KEYWORD_CARDS) for s in later)
    only_elsewhere = {"name": "Ana", "hand": ["Recuerdo"], "library": ["Ninja", "Paisaje"], "graveyard": ["Rito"]}
    doc["players"] = [only_elsewhere, {"name": "Bruno", "library": ["Isla", "Isla"]}]
    trace = run_scenario(load_scenario(doc))
    assert all(flagged(trace.steps[0], n) for n in KEYWORD_CARDS)          # the setup flags them all
    assert not any(flagged(s, n) for s in trace.steps[1:] for n in KEYWORD_CARDS)


def test_expectation_steps_carry_the_notes_of_the_board_and_of_what_they_look_at() -> None:
    # The Aura's ignored "can't attack" (508.1c would forbid the attack) could change a life total the expectation
    # checks: the expectation step says so.
    trace = magic([{"name": "Ana", "battlefield": [{"card": "Oso", "id": "oso"},
                                                   {"card": "Grilletes", "id": "grill", "attached_to": "oso"}]},
                   {"name": "Bruno", "graveyard": ["Ichorido"]}],
                  [{"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["oso"]}, {"pass_until": "end"}],
                  [{"player": "Bruno", "life": 18}, {"object": "oso", "tapped": True}],
                  turn={"number": 5, "active": "Ana", "step": "main1"})
    checks = [s for s in trace.steps if s.kind == "expectation"]
    assert len(checks) == 2 and all(s.passed for s in checks)
    assert all(flagged(s, "Grilletes") for s in checks)
    assert trace.unmodelled[0].startswith("Grilletes:")


def test_a_scenario_without_unmodelled_text_flags_nothing() -> None:
    # The flags are about text the engine ignores: a scenario with none has none anywhere.
    trace = magic([{"name": "Ana", "battlefield": [{"card": "Oso", "id": "oso"}], "library": ["Isla"]},
                   {"name": "Bruno", "library": ["Isla"]}], [{"pass_until": "main1"}], [{"object": "oso",
                                                                                        "zone": "battlefield"}])
    assert not any(s.unmodelled for s in trace.steps) and trace.unmodelled == []


DV_CARDS: dict[str, Any] = {
    "Lobo gris": {"type": "criatura", "cost": 2, "damage": 2, "life": 3},
    "Fénix": {"type": "criatura", "cost": 2, "damage": 2, "life": 3,
              "text": "Al comienzo de tu turno, puedes devolver el Fénix de tu pila de descarte a tu mano."},
    "Estandarte": {"type": "reliquia", "cost": 1, "text": "Tus criaturas hacen 1 más."},
    "Grilletes": {"type": "encantamiento", "cost": 1, "text": "La criatura encantada no puede atacar."},
}


def doce(players: list[dict[str, Any]], actions: list[Any], expect: list[Any] = ()) -> Trace:
    doc = {"ruleset": "doce-vidas", "title": "prueba", "cards": copy.deepcopy(DV_CARDS), "players": players,
           "turn": {"number": 3, "active": "Ana", "phase": "accion"}, "actions": actions, "expect": list(expect)}
    return run_scenario(load_scenario(doc))


def test_doce_vidas_flags_every_card_at_setup_and_a_discard_text_in_the_discard_pile() -> None:
    # The same rule in doce-vidas: the setup shows every card's unmodelled text; the Fénix, whose text works from the
    # discard pile, is flagged while it is there; the relic in the deck is not, after the setup.
    trace = doce([{"name": "Ana", "deck": ["Lobo gris", "Estandarte"], "discard": ["Fénix"]},
                  {"name": "Bruno", "deck": ["Lobo gris", "Lobo gris", "Lobo gris"]}], [{"by": "Ana", "end_turn": True}])
    assert flagged(trace.steps[0], "Fénix") and flagged(trace.steps[0], "Estandarte")
    later = [s for s in trace.steps if s.kind != "setup"]
    assert later and all(flagged(s, "Fénix") for s in later)
    assert not any(flagged(s, "Estandarte") for s in later)


def test_doce_vidas_expectation_steps_carry_the_board_notes() -> None:
    # An Aura's ignored "can't attack" on the board could change the lives the expectation checks.
    trace = doce([{"name": "Ana", "deck": ["Lobo gris"] * 3,
                   "board": [{"card": "Lobo gris", "id": "lobo"}, {"card": "Grilletes", "id": "g", "attached_to": "lobo"}]},
                  {"name": "Bruno", "deck": ["Lobo gris"] * 3}],
                 [{"by": "Ana", "attack": "lobo", "target": "Bruno"}], [{"player": "Bruno", "lives": 10}])
    (check,) = [s for s in trace.steps if s.kind == "expectation"]
    assert check.passed and flagged(check, "Grilletes")


def test_the_notes_are_messages_said_in_the_traces_language() -> None:
    # Issue 17: a note is a message (core.unmodelled.text / .ability) beside its text; the Spanish line is the one
    # the traces always had, the English one says the same in English, the card's own text as printed.
    cards = {"Plaga": {"cost": "{B}", "types": ["creature"], "power": 1, "toughness": 1, "keywords": ["infect"]}}
    doc = {"ruleset": "magic", "title": "prueba", "cards": {**copy.deepcopy(MAGIC_CARDS), **cards},
           "players": [{"name": "Ana", "battlefield": ["Estandarte", "Plaga"]}, {"name": "Bruno"}],
           "turn": {"number": 5, "active": "Ana", "step": "end"}, "actions": [{"pass_until": "main1"}],
           "expect": [{"player": "Bruno", "life": 20}]}
    trace = run_scenario(load_scenario(doc))
    es_text = f"Estandarte: «{QUIET}» (texto no modelado)"
    assert es_text in trace.unmodelled and "Plaga: infectar (habilidad no modelada)" in trace.unmodelled
    step = next(s for s in trace.to_json()["steps"] if s["kind"] != "setup" and s["unmodelled"])
    assert es_text in step["unmodelled"]
    ids = [m["id"] for m in step["unmodelled_messages"]]
    assert ids.count("core.unmodelled.text") == 1 and ids.count("core.unmodelled.ability") == 1
    en = next(s for s in trace.to_json("en")["steps"] if s["number"] == step["number"])
    assert f"Estandarte: «{QUIET}» (text not modelled)" in en["unmodelled"]
    assert "Plaga: infect (ability not modelled)" in en["unmodelled"]
    assert not any("modelad" in n for n in en["unmodelled"]) and en["unmodelled_messages"] == step["unmodelled_messages"]


def test_stored_json_and_the_verdict_say_the_notes_in_english() -> None:
    from judge.messages import Message, Note, localize_trace
    from judge.runner.execute import verdict

    trace = magic([{"name": "Ana", "battlefield": ["Estandarte"]}, {"name": "Bruno"}], [{"pass_until": "main1"}],
                  [{"player": "Bruno", "life": 20}])
    data = trace.to_json()
    data["verdict"] = verdict(trace).to_json()
    said = localize_trace(data, "en")          # Spanish JSON as stored, said again from its messages
    assert f"Estandarte: «{QUIET}» (text not modelled)" in said["steps"][-1]["unmodelled"]
    assert said["verdict"]["unmodelled"] == [f"Estandarte: «{QUIET}» (text not modelled)"]
    assert data["verdict"]["unmodelled"] == [f"Estandarte: «{QUIET}» (texto no modelado)"]
    # the verdict's head says «texto no modelado» once, so its list drops each text's own suffix (the short note)
    v = verdict(trace)
    assert v.message.params["head"] == Message("core.verdict.good_unmodelled", notes=[
        Message("core.unmodelled.text_short", card="Estandarte", text=QUIET)])
    note = trace.unmodelled[0]
    assert isinstance(note, Note) and copy.deepcopy(note).message == note.message



def test_rendering_the_verdict_names_each_unmodelled_text_once_in_both_languages() -> None:
    # The head says «texto no modelado» / «unmodelled text» once: the listed text drops its own suffix.
    from judge.runner.execute import verdict

    trace = magic([{"name": "Ana", "battlefield": ["Estandarte"]}, {"name": "Bruno"}], [{"pass_until": "main1"}],
                  [{"player": "Bruno", "life": 20}])
    v = verdict(trace)
    assert v.render().startswith(f"BIEN, con texto no modelado: Estandarte: «{QUIET}» — ")
    assert v.render("en").startswith(f"PASS, with unmodelled text: Estandarte: «{QUIET}» — ")

def test_doce_vidas_notes_are_messages_too() -> None:
    root = Path(__file__).resolve().parents[2]
    trace = run_scenario(load_scenario(root / "scenarios/doce-vidas/16-el-encantamiento-va-a-la-pila-de-su-propietario.yaml"))
    es = [n for s in trace.to_json()["steps"] for n in s["unmodelled"]]
    en = [n for s in trace.to_json("en")["steps"] for n in s["unmodelled"]]
    assert es and len(es) == len(en)
    assert all(n.endswith(" (texto no modelado)") for n in es) and all(n.endswith(" (text not modelled)") for n in en)
