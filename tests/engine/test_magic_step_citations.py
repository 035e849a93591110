"""Steps cite the rules their text gives as reasons (a judge's audit): protection named in a step (702.16b,
702.16c), life paid (119.4), summoning sickness when no creature can attack (302.6), a zone-change ability whose
source left with the cards it saw (603.10a), a bounce (not 121.5), and the copy step saying which object becomes a
copy of which (707.2)."""
from __future__ import annotations

from typing import Any

import yaml

from judge.engine import Trace, run_scenario
from judge.messages import Message
from judge.scenarios import load_scenario

OSOS = "Osos: {cost: '{1}{G}', types: [creature], power: 2, toughness: 2}"
CABALLERO = "Caballero: {cost: '{W}{W}', types: [creature], power: 2, toughness: 2, static: [{protection: R}]}"
MIMESIS = ("Mimesis: {cost: '{U}', types: [instant], targets: [creature, creature], "
           "effects: [{become_copy: 1, to: target, target: 0}]}")
# A bear that Mimesis turns into a copy of a knight with protection from red: the cards of three tests below.
COPY_INTO_PROTECTION = f"{OSOS}\n  {CABALLERO}\n  {MIMESIS}"


def run(text: str) -> Trace:
    """A magic scenario written as YAML, run to its end; its expectations must hold."""
    doc: dict[str, Any] = {"ruleset": "magic", "title": "citas", "turn": {"number": 3, "active": "Ana",
                                                                          "step": "main1"}, **yaml.safe_load(text)}
    trace = run_scenario(load_scenario(doc))
    assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
    assert not [s for s in trace.steps if s.kind == "illegal"], [s.summary for s in trace.steps]
    return trace


def _ids(message: Any) -> set[str]:
    """The ids of a message and of every message nested in its parameters."""
    out, todo = set(), [message]
    while todo:
        m = todo.pop()
        if isinstance(m, Message):
            out.add(m.id)
            todo.extend(m.params.values())
        elif isinstance(m, (list, tuple)):
            todo.extend(m)
    return out


def step(trace: Trace, kind: str, ident: str) -> Any:
    """The first step of `kind` whose message, or one nested in it, has the id `ident`."""
    return next(s for s in trace.steps if s.kind == kind and ident in _ids(s.message))


def test_a_target_that_gained_protection_is_illegal_and_the_step_cites_702_16b() -> None:
    # 702.16b: "A permanent or player with protection can't be the target of spells with the stated quality";
    # 608.2b. Set up: Chispas targets two bears; act: one becomes a copy of a knight with protection from red;
    # assert: the resolution names it illegal "(702.16b)" and cites 702.16b.
    trace = run(f"""
cards:
  {COPY_INTO_PROTECTION}
  Chispas: {{cost: '{{1}}{{R}}', types: [sorcery], targets: [creature, creature],
            effects: [{{damage: 2, target: 0}}, {{damage: 2, target: 1}}]}}
players:
  - {{name: Ana, mana_pool: {{R: 2}}, hand: [Chispas]}}
  - name: Bruno
    mana_pool: {{U: 1}}
    hand: [Mimesis]
    battlefield: [{{card: Osos, id: osos1}}, {{card: Osos, id: osos2}}, {{card: Caballero, id: cab}}]
actions:
  - {{by: Ana, cast: Chispas, targets: [osos1, osos2]}}
  - {{by: Ana, pass: true}}
  - {{by: Bruno, cast: Mimesis, targets: [osos2, cab]}}
  - {{by: Bruno, pass: true}}
  - {{by: Ana, pass: true}}
  - {{by: Ana, pass: true}}
  - {{by: Bruno, pass: true}}
expect: [{{object: osos2, zone: battlefield, damage: 0}}, {{object: osos1, zone: graveyard}}]
""")
    s = step(trace, "resolution", "magic.resolve.some_illegal")
    assert "(702.16b)" in s.summary and "cr-en/702.16b" in s.citations


def test_an_aura_on_a_creature_that_gained_protection_goes_away_citing_702_16c() -> None:
    # 702.16c: "A permanent with protection can't be enchanted by Auras that have the stated quality"; 704.5m.
    # Set up: a red Aura on a bear; act: the bear becomes a copy of a knight with protection from red; assert:
    # the state-based step names 702.16c and cites it.
    trace = run(f"""
cards:
  {COPY_INTO_PROTECTION}
  Furia: {{cost: '{{R}}', types: [enchantment], subtypes: [Aura], targets: [creature],
          static: [{{pump: [2, 0], to: enchanted}}]}}
players:
  - name: Ana
    mana_pool: {{U: 1}}
    hand: [Mimesis]
    battlefield: [{{card: Osos, id: osos}}, {{card: Furia, id: furia, attached_to: osos}}, {{card: Caballero, id: cab}}]
  - name: Bruno
actions:
  - {{by: Ana, cast: Mimesis, targets: [osos, cab]}}
  - {{by: Ana, pass: true}}
  - {{by: Bruno, pass: true}}
expect: [{{object: furia, zone: graveyard}}]
""")
    s = step(trace, "state-based", "magic.sba.aura_protected")
    assert "(702.16c)" in s.summary and "cr-en/702.16c" in s.citations and "cr-en/704.5m" in s.citations


def test_life_paid_triggers_a_life_loss_ability_citing_119_4() -> None:
    # 119.4: "If a cost or effect allows a player to pay an amount of life greater than 0, the player may do so
    # only if their life total is greater than or equal to the amount of the payment"; paying is losing it, so
    # "whenever you lose life" triggers (603.2). Set up: a spell with an additional cost of 3 life and a watcher;
    # act: cast it; assert: the payment and the trigger cite 119.4, not 119.3.
    trace = run("""
cards:
  Pacto: {cost: '{B}', types: [sorcery], additional_costs: {pay_life: 3}, effects: [{draw: 1}]}
  Observador: {cost: '{B}', types: [creature], power: 1, toughness: 1,
               triggers: [{when: life_loss, effects: [{lose_life: 1, to: each_opponent}]}]}
players:
  - {name: Ana, mana_pool: {B: 1}, hand: [Pacto], library: [Isla], battlefield: [{card: Observador, id: obs}]}
  - name: Bruno
actions:
  - {by: Ana, cast: Pacto}
  - {pass_until: beginning_of_combat}
expect: [{player: Ana, life: 17}, {player: Bruno, life: 19}]
""")
    assert "cr-en/119.4" in step(trace, "action", "magic.play.pay_life").citations
    trigger = step(trace, "trigger", "magic.when.life_loss.you")
    assert "cr-en/119.4" in trigger.citations and "cr-en/119.3" not in trigger.citations


def test_a_creature_returned_to_its_owners_hand_is_not_cited_as_a_draw() -> None:
    # 121.5 is about cards moved "from a player's library to that player's hand" without drawing; a permanent
    # returned from the battlefield is not. Set up: a bear; act: bounce it; assert: its move cites 400.7, not 121.5.
    trace = run(f"""
cards:
  {OSOS}
  Devolver: {{cost: '{{U}}', types: [instant], targets: [creature], effects: [{{bounce: true}}]}}
players:
  - {{name: Ana, mana_pool: {{U: 1}}, hand: [Devolver], battlefield: [{{card: Osos, id: osos}}]}}
  - name: Bruno
actions:
  - {{by: Ana, cast: Devolver, target: osos}}
  - {{by: Ana, pass: true}}
  - {{by: Bruno, pass: true}}
expect: [{{object: osos, zone: hand}}]
""")
    s = step(trace, "resolution", "magic.why.effect")         # the bear's move, by Devolver's effect
    assert (s.message.id, s.message.params["origin"], s.message.params["to"]) == (
        "magic.move", Message("magic.zone.battlefield"), Message("magic.zone.hand"))
    assert "cr-en/400.7" in s.citations and "cr-en/121.5" not in s.citations


def _no_attackers(bear: str) -> Any:
    trace = run(f"""
cards:
  {OSOS}
players:
  - {{name: Ana, battlefield: [{bear}]}}
  - name: Bruno
actions:
  - {{pass_until: declare_attackers}}
expect: []
""")
    return step(trace, "turn-based", "magic.turn.cannot_attack")


def test_no_creature_can_attack_because_of_summoning_sickness_cites_302_6(h: Any) -> None:
    # 302.6: "A creature's activated ability with the tap symbol … can't be activated unless the creature has been
    # under its controller's control continuously since their most recent turn began. A creature can't attack
    # unless it has been under its controller's control continuously since their most recent turn began."
    # Set up: Ana's only creature is sick (another one, tapped, for the contrast); act: reach declare attackers;
    # assert: the step says so and cites 302.6 only when sickness is the reason.
    sick = _no_attackers("{card: Osos, id: osos, sick: true}")
    assert "magic.turn.cannot_attack_sick" in h.ids(sick) and "cr-en/302.6" in sick.citations
    tapped = _no_attackers("{card: Osos, id: osos, tapped: true}")
    assert "magic.turn.cannot_attack_sick" not in h.ids(tapped) and "cr-en/302.6" not in tapped.citations


def test_a_zone_change_ability_of_a_permanent_leaving_with_the_cards_cites_603_10a() -> None:
    # 603.10a: "leaves-the-battlefield abilities … trigger based on their existence, and the appearance of objects,
    # prior to the event"; 113.7a. Set up: a crow ("whenever a card is put into a graveyard from anywhere") and a
    # bear; act: destroy both at once; assert: the crow's triggers say its source left and cite 603.10a.
    trace = run(f"""
cards:
  {OSOS}
  Cuervo: {{cost: '{{B}}', types: [creature], power: 1, toughness: 1,
           triggers: [{{when: zone_change, to_zone: graveyard, whose: each, effects: [{{gain_life: 1}}]}}]}}
  Ira: {{cost: '{{B}}', types: [sorcery], effects: [{{destroy: all_creatures}}]}}
players:
  - {{name: Ana, mana_pool: {{B: 1}}, hand: [Ira], battlefield: [{{card: Cuervo, id: cuervo}}, {{card: Osos, id: osos}}]}}
  - name: Bruno
actions:
  - {{by: Ana, cast: Ira}}
  - {{by: Ana, pass: true}}
  - {{by: Bruno, pass: true}}
  - {{pass_until: beginning_of_combat}}
expect: [{{player: Ana, life: 22}}]
""")
    left = [s for s in trace.steps if s.kind == "trigger" and "tal como dejó el campo de batalla" in s.summary]
    assert len(left) == 2
    assert all("cr-en/603.10a" in s.citations and "cr-en/113.7a" in s.citations for s in left)


def test_the_copy_step_says_which_object_becomes_a_copy_of_which() -> None:
    # 707.2: "When copying an object, the copy acquires the copiable values of the original object's
    # characteristics". Set up: a bear and a knight; act: the bear becomes a copy of the knight; assert: the step
    # names the bear as the copy and the knight as the original, and how long (the spell's default: this turn).
    trace = run(f"""
cards:
  {COPY_INTO_PROTECTION}
players:
  - {{name: Ana, mana_pool: {{U: 1}}, hand: [Mimesis], battlefield: [{{card: Osos, id: osos}}, {{card: Caballero, id: cab}}]}}
  - name: Bruno
actions:
  - {{by: Ana, cast: Mimesis, targets: [osos, cab]}}
  - {{by: Ana, pass: true}}
  - {{by: Bruno, pass: true}}
expect: [{{object: osos, colors: [W]}}]
""")
    s = step(trace, "resolution", "magic.lasting.copy")
    assert s.message.params["what"] == Message("magic.lasting.copy", affected=["Osos (osos)"], n=1,
                                               model="Caballero (cab)", until=Message("magic.lasting.until_eot"))
    assert "cr-en/707.2" in s.citations
