"""Triggers on the general events (a draw, a life gain, a life loss, a card's zone change) and the replacements of
counters put and of life lost (docs/scenarios.md, magic: Triggered abilities, Replacement effects). Each card is
written inline, so each test also proves the piece can be written in `cards:`; each test quotes the rule it checks."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from judge.engine import Trace, run_scenario
from judge.scenarios import ScenarioError, load_scenario

BEAR = {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2}
CARDS: dict[str, Any] = {
    "Osos": BEAR,
    "Rayo": {"cost": "{R}", "types": ["instant"], "targets": ["any"], "effects": [{"damage": 2}]},
    "Consejo": {"cost": "{U}", "types": ["instant"], "effects": [{"draw": 2, "to": "each_opponent"}]},
    "Visión": {"cost": "{U}", "types": ["instant"], "effects": [{"draw": 1}]},
    "Trago": {"cost": "{G}", "types": ["instant"], "effects": [{"gain_life": 3}]},
    "Sangría": {"cost": "{B}", "types": ["instant"], "effects": [{"lose_life": 2, "to": "each_opponent"}]},
    "Abono": {"cost": "{G}", "types": ["instant"], "targets": ["creature"], "effects": [{"counters": {"+1/+1": 3}}]},
    "Plaga": {"cost": "{B}", "types": ["instant"], "targets": ["creature"], "effects": [{"counters": {"-1/-1": 2}}]},
    "Ficha": {"cost": "{W}", "types": ["instant"], "effects": [
        {"create_token": {"name": "Soldado", "types": ["creature"], "power": 1, "toughness": 1}}]},
    "Marchito": {**BEAR, "keywords": ["wither"]},
    "Vínculo": {**BEAR, "keywords": ["lifelink"]},
    "Gordo": {**BEAR, "replacements": [{"event": "enters", "counters": {"+1/+1": 2}}]},
}


def card(**parts: Any) -> dict[str, Any]:
    """An enchantment with these abilities (a permanent that does nothing else)."""
    return {"cost": "{1}", "types": ["enchantment"], **parts}


def run(cards: dict[str, Any], players: list[dict[str, Any]], actions: list[Any], expect: list[Any],
        **top: Any) -> Trace:
    doc = {"ruleset": "magic", "title": "prueba", "cards": {**copy.deepcopy(CARDS), **cards}, "players": players,
           "turn": {"number": 3, "active": "Ana", "step": "main1"}, "actions": actions, "expect": expect}
    doc.update(top)
    return run_scenario(load_scenario(doc))


def ok(trace: Trace) -> None:
    assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
    assert trace.stopped == "fin", trace.steps[-1].summary


def cast(spell: str, *targets: str, by: str = "Ana") -> list[dict[str, Any]]:
    """Cast from the pool, then both players pass: it resolves (117.4), and so do the triggers it caused."""
    act: dict[str, Any] = {"by": by, "cast": spell}
    if targets:
        act["targets"] = list(targets)
    return [act, {"pass_until": "end"}]


def ana(battlefield: list[Any], hand: list[Any], **more: Any) -> dict[str, Any]:
    return {"name": "Ana", "mana_pool": "{R}{U}{G}{B}{W}", "battlefield": battlefield, "hand": hand,
            "library": ["Isla"] * 5, **more}


BRUNO = {"name": "Bruno", "library": ["Isla"] * 5}


def triggered(trace: Trace, text: str) -> int:
    return sum(1 for s in trace.steps if s.kind == "trigger" and text in s.summary)


# -- triggers -------------------------------------------------------------------------------------------------------
def test_an_opponents_draw_triggers_once_per_card() -> None:
    # 121.2: "If an effect causes a player to draw multiple cards, that player performs that many individual card
    # draws"; 603.2c: "An ability triggers only once each time its trigger event occurs."
    spy = card(triggers=[{"when": "draw", "whose": "opponents", "effects": [{"gain_life": 1}]}])
    trace = run({"Espía": spy}, [ana([{"card": "Espía", "id": "espia"}], ["Consejo", "Visión"]), BRUNO],
                [*cast("Consejo")[:1], {"by": "Ana", "cast": "Visión"}, {"pass_until": "end"}],
                [{"player": "Ana", "life": 22}, {"player": "Bruno", "hand_count": 2}])
    ok(trace)
    assert triggered(trace, "un oponente roba una carta") == 2     # Ana's own draw (Visión) does not trigger it


def test_a_life_gain_triggers_once_per_event_not_per_life() -> None:
    # 119.9: "Whenever [a player] gains life" … each life-gain event is one event, however much is gained (603.2c).
    priest = card(triggers=[{"when": "life_gain", "effects": [{"draw": 1}]}])
    trace = run({"Sacerdote": priest}, [ana([{"card": "Sacerdote", "id": "sac"}], ["Trago"]), BRUNO],
                cast("Trago"), [{"player": "Ana", "life": 23, "hand_count": 1}])
    ok(trace)
    assert triggered(trace, "ganas vidas") == 1


def test_life_lost_to_damage_and_to_an_effect_triggers_a_life_loss_ability() -> None:
    # 120.3a: "Damage dealt to a player by a source without infect causes that player to lose that much life."
    # 119.3: an effect that makes a player lose life is a life-loss event too.
    ghoul = card(triggers=[{"when": "life_loss", "whose": "opponents", "effects": [{"gain_life": 1}]}])
    trace = run({"Necrófago": ghoul}, [ana([{"card": "Necrófago", "id": "nec"}], ["Rayo", "Sangría"]), BRUNO],
                [{"by": "Ana", "cast": "Rayo", "target": "Bruno"}, {"by": "Ana", "cast": "Sangría"},
                 {"pass_until": "end"}], [{"player": "Bruno", "life": 16}, {"player": "Ana", "life": 22}])
    ok(trace)
    assert triggered(trace, "un oponente pierde vidas") == 2


def test_a_card_put_into_a_graveyard_from_anywhere_triggers_but_a_token_does_not() -> None:
    # 108.2: "When a rule or text on a card refers to a “card,” it means only a Magic card"; 400.7: a card that
    # moves is a new object: the spell going from the stack to the graveyard (608.2n) is a card put into a graveyard.
    bell = card(triggers=[{"when": "zone_change", "to_zone": "graveyard", "whose": "each",
                           "effects": [{"gain_life": 1}]}])
    trace = run({"Campana": bell}, [ana([{"card": "Campana", "id": "campana"}, {"card": "Osos", "id": "osos"}],
                                        ["Plaga", "Ficha", "Rayo"]), BRUNO],
                [{"by": "Ana", "cast": "Ficha"}, {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
                 {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},      # Ficha, then the trigger
                 {"by": "Ana", "cast": "Plaga", "target": "ficha-1"}, {"by": "Ana", "cast": "Rayo", "target": "osos"},
                 {"pass_until": "end"}],
                [{"player": "Ana", "life": 24}, {"object": "ficha-1", "exists": False}])
    ok(trace)              # Ficha, Rayo, Plaga and Osos reached the graveyard; the token that died did not count


def test_a_permanent_leaving_looks_back_and_sees_its_own_zone_change() -> None:
    # 603.10a: "Some zone-change triggers look back in time. These are leaves-the-battlefield abilities …"
    mourner = {**BEAR, "triggers": [{"when": "zone_change", "from_zone": "battlefield", "to_zone": "graveyard",
                                     "effects": [{"gain_life": 2}]}]}
    trace = run({"Doliente": mourner}, [ana([{"card": "Doliente", "id": "dol"}], ["Rayo"]), BRUNO],
                cast("Rayo", "dol"), [{"object": "dol", "zone": "graveyard"}, {"player": "Ana", "life": 22}])
    ok(trace)


def test_a_general_key_with_another_when_is_an_error_at_its_path() -> None:
    # 603.2: the trigger event decides which conditions an ability can have; the schema refuses a key it ignores.
    doc = {"ruleset": "magic", "title": "prueba", "players": [{"name": "Ana"}, {"name": "Bruno"}],
           "cards": {"Mal": card(triggers=[{"when": "draw", "to_zone": "graveyard", "effects": []},
                                           {"when": "zone_change", "to_zone": "cielo", "effects": []},
                                           {"when": "attacks", "whose": "each", "effects": []}],
                                 replacements=[{"event": "counters"}, {"event": "life_loss", "to": "self",
                                                                       "add": 1},
                                               {"event": "counters", "counter": "veneno", "add": 1}])}}
    with pytest.raises(ScenarioError) as err:
        load_scenario(doc)
    paths = {e.path for e in err.value.errors}
    assert {"cards.Mal.triggers[0].to_zone", "cards.Mal.triggers[1].to_zone", "cards.Mal.triggers[2].whose",
            "cards.Mal.replacements[0]", "cards.Mal.replacements[1].to",
            "cards.Mal.replacements[2].counter"} <= paths, paths


# -- replacements ---------------------------------------------------------------------------------------------------
def test_twice_that_many_counters_are_put_instead() -> None:
    # 614.1a: "Effects that use the word “instead” are replacement effects."; 122.6: counters "being put".
    scales = card(replacements=[{"event": "counters", "counter": "+1/+1", "multiply": 2}])
    trace = run({"Escamas": scales}, [ana([{"card": "Escamas", "id": "esc"}, {"card": "Osos", "id": "osos"}],
                                         ["Abono", "Plaga"]), BRUNO],
                [{"by": "Ana", "cast": "Plaga", "target": "osos"}, {"by": "Ana", "cast": "Abono", "target": "osos"},
                 {"pass_until": "end"}],                                         # Abono resolves first
                # 6 +1/+1 (3 doubled) and 2 -1/-1 (not its kind); then 704.5q removes 2 of each
                [{"object": "osos", "counters": {"+1/+1": 4}}])
    ok(trace)


def test_minus_one_counter_replacement_covers_wither_damage() -> None:
    # 120.3d: "Damage dealt to a creature by a source with wither … causes that many -1/-1 counters to be put on
    # that creature"; 614.1a: "that many minus one are put instead" turns 1 into 0.
    vizier = card(replacements=[{"event": "counters", "counter": "-1/-1", "add": -1}])
    players = [ana([{"card": "Visir", "id": "vis"}, {"card": "Osos", "id": "osos"}], []),
               {**BRUNO, "battlefield": [{"card": "Marchito", "id": "mar"}]}]
    trace = run({"Visir": vizier}, players,
                [{"pass_until": "declare_attackers"}, {"by": "Bruno", "attack": ["mar"]},
                 {"pass_until": "declare_blockers"}, {"by": "Ana", "block": {"osos": "mar"}}, {"pass_until": "end"}],
                [{"object": "osos", "counters": {"-1/-1": 1}}, {"object": "mar", "zone": "graveyard"}],
                turn={"number": 3, "active": "Bruno", "step": "main1"})
    ok(trace)
    # The same replacement on an effect's counters: 2 become 1.
    players = [ana([{"card": "Visir", "id": "vis"}, {"card": "Osos", "id": "osos"}], ["Plaga"]), BRUNO]
    trace = run({"Visir": vizier}, players, cast("Plaga", "osos"), [{"object": "osos", "counters": {"-1/-1": 1}}])
    ok(trace)


def test_entering_with_counters_is_putting_them() -> None:
    # 122.6: "This refers to putting counters on that object while it’s on the battlefield and also to an object
    # that’s given counters as it enters the battlefield."
    scales = card(replacements=[{"event": "counters", "add": 1}])
    trace = run({"Escamas": scales, "Gordo": {**CARDS["Gordo"], "cost": "{G}"}},
                [ana([{"card": "Escamas", "id": "esc"}], [{"card": "Gordo", "id": "gordo"}]), BRUNO],
                cast("Gordo"), [{"object": "gordo", "counters": {"+1/+1": 3}}])
    ok(trace)


@pytest.mark.parametrize(("first", "expected"), [("esc", 5), ("vis", 4)])
def test_the_controller_orders_two_counter_replacements_each_applied_once(first: str, expected: int) -> None:
    # 616.1: "the affected object’s controller … chooses one to apply"; 616.1f: "this process is repeated"; 614.5:
    # "A replacement effect doesn’t invoke itself repeatedly": ×2 then −1 is 5, −1 then ×2 is 4 (from 3).
    cards = {"Escamas": card(replacements=[{"event": "counters", "multiply": 2}]),
             "Visir": card(replacements=[{"event": "counters", "add": -1}])}
    players = [ana([{"card": "Escamas", "id": "esc"}, {"card": "Visir", "id": "vis"}, {"card": "Osos", "id": "osos"}],
                   ["Abono"]), BRUNO]
    trace = run(cards, players, [{"by": "Ana", "cast": "Abono", "target": "osos"}, {"by": "Ana", "pass": True},
                                 {"by": "Bruno", "pass": True}, {"by": "Ana", "choose": first}],
                [{"object": "osos", "counters": {"+1/+1": expected}}])
    ok(trace)
    assert any(s.kind == "replacement" and "616.1" in " ".join(s.citations) for s in trace.steps)


def test_two_counter_replacements_without_an_answer_stop_on_the_choice(h: Any) -> None:
    # 616.1: the choice is the affected object's controller's, never guessed (docs: Choices, `replacement`).
    cards = {"Escamas": card(replacements=[{"event": "counters", "multiply": 2}]),
             "Visir": card(replacements=[{"event": "counters", "add": -1}])}
    players = [ana([{"card": "Escamas", "id": "esc"}, {"card": "Visir", "id": "vis"}, {"card": "Osos", "id": "osos"}],
                   ["Abono"]), BRUNO]
    trace = run(cards, players, [{"by": "Ana", "cast": "Abono", "target": "osos"}, {"pass_until": "end"}], [])
    assert trace.stopped == "eleccion"
    assert trace.steps[-1].kind == "choice" and "magic.prompt.replacement" in h.ids(trace.steps[-1])


def test_an_entering_counters_question_left_open_leaves_the_card_where_it_was(h: Any) -> None:
    # 122.6 with 616.1: the question comes before the card moves (as 614.12a's choice does); left open, the run
    # stops with the creature spell still on the stack, never between zones (once «no existe el objeto»).
    cards = {"Escamas": card(replacements=[{"event": "counters", "multiply": 2}]),
             "Visir": card(replacements=[{"event": "counters", "add": -1}]),
             "Gordo": {**CARDS["Gordo"], "cost": "{G}"}}
    players = [ana([{"card": "Escamas", "id": "esc"}, {"card": "Visir", "id": "vis"}],
                   [{"card": "Gordo", "id": "gordo"}]), BRUNO]
    trace = run(cards, players, [{"by": "Ana", "cast": "Gordo"}, {"pass_until": "end"}],
                [{"object": "gordo", "zone": "stack"}, {"stopped": "eleccion"}])
    assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
    assert trace.steps[-3].kind == "choice" and h.said(trace.steps[-3], "magic.event.counters").params["card"] == "Gordo"


def test_a_life_loss_replacement_changes_the_life_lost_not_the_damage() -> None:
    # 120.3a: damage to a player causes life loss; 614.1a: "they lose that much life plus 1 instead" changes that
    # loss; lifelink still gains the damage dealt (120.3f), not the life lost.
    horn = card(replacements=[{"event": "life_loss", "to": "opponents", "add": 1}])
    trace = run({"Cuerno": horn}, [ana([{"card": "Cuerno", "id": "cue"}], ["Rayo", "Sangría"]), BRUNO],
                [{"by": "Ana", "cast": "Rayo", "target": "Bruno"}, {"by": "Ana", "cast": "Sangría"},
                 {"pass_until": "end"}], [{"player": "Bruno", "life": 14}])
    ok(trace)
    # It covers opponents only: Ana's own loss is not changed.
    trace = run({"Cuerno": horn}, [ana([{"card": "Cuerno", "id": "cue"}], ["Rayo"]), BRUNO],
                cast("Rayo", "Ana"), [{"player": "Ana", "life": 18}])
    ok(trace)


def test_a_life_loss_replacement_and_a_life_loss_trigger_see_the_same_event() -> None:
    # 614.1a then 603.2: the replaced event is the one that happens, and the one the trigger sees (once).
    horn = card(replacements=[{"event": "life_loss", "to": "opponents", "multiply": 2}],
                triggers=[{"when": "life_loss", "whose": "opponents", "effects": [{"gain_life": 1}]}])
    trace = run({"Cuerno": horn}, [ana([{"card": "Cuerno", "id": "cue"}], ["Sangría"]), BRUNO],
                cast("Sangría"), [{"player": "Bruno", "life": 16}, {"player": "Ana", "life": 21}])
    ok(trace)
    lost = [e.data["delta"] for s in trace.steps for e in s.events if e.kind == "life" and e.data["player"] == "Bruno"]
    assert lost == [-4]


# -- the affected player's choice among several replacements, made again after each (616.1, 616.1f) ----------------
SHIELDS = {"Escudo": card(replacements=[{"event": "damage", "prevent": 2, "to": "controller"}]),
           "Espejo": card(replacements=[{"event": "damage", "prevent": 2, "to": "controller", "source_draws": True}]),
           "Rayo3": {"cost": "{R}", "types": ["instant"], "targets": ["any"], "effects": [{"damage": 3}]}}


@pytest.mark.parametrize(("answers", "drawn"), [(["e1", "esp"], 1), (["esp", "e1"], 2), (["e1", "e2"], 0)])
def test_three_prevention_shields_the_affected_player_chooses_again_after_each(answers: list[str],
                                                                                drawn: int) -> None:
    # 616.1: "the affected player … chooses one to apply"; 616.1f: "Once the chosen effect has been applied, this
    # process is repeated (taking into account only replacement or prevention effects that would now be
    # applicable)". Set up: two Escudos (prevent 2) and an Espejo (prevent 2, the source's controller draws one per
    # damage prevented); act: 3 damage to their controller, who names two shields; assert: the second one named is
    # the second applied (Espejo first: 2 drawn; second: 1; never reached: 0), and the step cites 616.1f.
    players = [ana([{"card": "Escudo", "id": "e1"}, {"card": "Escudo", "id": "e2"}, {"card": "Espejo", "id": "esp"}],
                   ["Rayo3"]), BRUNO]
    trace = run(SHIELDS, players, [{"by": "Ana", "cast": "Rayo3", "targets": ["Ana"]}, {"by": "Ana", "pass": True},
                                   {"by": "Bruno", "pass": True},
                                   *({"by": "Ana", "choose": a} for a in answers)],
                [{"player": "Ana", "life": 20, "hand_count": drawn}, {"stack": []}])
    ok(trace)
    assert not [s for s in trace.steps if s.kind == "illegal"]          # both answers were asked for
    prevented = next(s for s in trace.steps if s.kind == "replacement" and "se previene" in s.summary)
    assert "cr-en/616.1" in prevented.citations and "cr-en/616.1f" in prevented.citations


def test_three_life_gain_replacements_are_chosen_one_at_a_time() -> None:
    # 616.1f: after one is applied the affected player chooses again among those left. Set up: ×2 (dob), +1 (mas1),
    # +1 (mas2); act: gain 3, naming mas1 then mas2; assert: (3 + 1 + 1) × 2 = 10, not the list's order after the
    # first (3 + 1) × 2 + 1 = 9.
    reps = {"Doble": card(replacements=[{"event": "life_gain", "multiply": 2}]),
            "Mas": card(replacements=[{"event": "life_gain", "add": 1}])}
    players = [ana([{"card": "Doble", "id": "dob"}, {"card": "Mas", "id": "mas1"}, {"card": "Mas", "id": "mas2"}],
                   ["Trago"]), BRUNO]
    trace = run(reps, players, [{"by": "Ana", "cast": "Trago"}, {"by": "Ana", "pass": True},
                                {"by": "Bruno", "pass": True}, {"by": "Ana", "choose": "mas1"},
                                {"by": "Ana", "choose": "mas2"}],
                [{"player": "Ana", "life": 30}, {"stack": []}])
    ok(trace)
    gain = next(s for s in trace.steps if s.kind == "replacement" and "gana" in s.summary)
    assert "cr-en/616.1f" in gain.citations


def test_a_draw_replaced_by_a_draw_asks_again_among_the_replacements_left() -> None:
    # 121.6 / 614.5: a draw replacement applies once; the draw it makes instead is a new event the others may
    # replace, and the drawing player chooses again among them (616.1f). Set up: three "gain 1 life and draw
    # instead"; act: draw one, naming b1 then b3; assert: 3 life, one card, the second step cites 616.1f.
    bib = card(replacements=[{"event": "draw", "instead": [{"gain_life": 1}, {"draw": 1}]}])
    players = [ana([{"card": "Bib", "id": f"b{n}"} for n in (1, 2, 3)], ["Visión"]), BRUNO]
    trace = run({"Bib": bib}, players, [{"by": "Ana", "cast": "Visión"}, {"by": "Ana", "pass": True},
                                        {"by": "Bruno", "pass": True}, {"by": "Ana", "choose": "b1"},
                                        {"by": "Ana", "choose": "b3"}],
                [{"player": "Ana", "life": 23, "hand_count": 1}, {"stack": []}])
    ok(trace)
    assert not [s for s in trace.steps if s.kind == "illegal"]          # both answers were asked for
    replaced = [s for s in trace.steps if s.kind == "replacement" and "la reemplaza" in s.summary]
    assert len(replaced) == 3
    assert "cr-en/616.1" in replaced[0].citations and "cr-en/616.1f" not in replaced[0].citations
    assert "cr-en/616.1f" in replaced[1].citations
    assert "cr-en/616.1" not in replaced[2].citations                  # one left: nothing to choose
