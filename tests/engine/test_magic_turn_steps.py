"""The magic turn's steps as the trace tells them (judge/engine/rulesets/magic/turn.py, core.sync_control): the
cleanup step and its priority (514.3, 514.3a), control changes as effects end or begin (611.2a, 613.1b), the rules
a step cites and its kind, and the Spanish wording of step summaries. XMage style: set up, act, assert; each test
quotes the rule it checks."""
from __future__ import annotations

from typing import Any

from judge.engine import Trace, run_scenario
from judge.messages import Message
from judge.scenarios import load_scenario

BEAR = {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2}


def _run(doc: dict[str, Any]) -> Trace:
    trace = run_scenario(load_scenario({"ruleset": "magic", "title": "pasos", **doc}))
    assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
    return trace


def _nested(trace: Trace, ident: str, **params: Any) -> list:
    """The steps whose message, or a message nested in its parameters, is `ident` with these parameters."""
    def found(value: Any) -> bool:
        if isinstance(value, Message):
            if value.id == ident and all(value.params.get(k) == v for k, v in params.items()):
                return True
            return any(found(v) for v in value.params.values())
        return isinstance(value, (list, tuple)) and any(found(v) for v in value)
    return [s for s in trace.steps if found(s.message)]


def _said(trace: Trace, ident: str, **params: Any) -> list:
    """The steps whose message is `ident` (magic/messages.py) with these parameters: found by structure, not by
    the Spanish wording."""
    return [s for s in trace.steps if s.message is not None and s.message.id == ident
            and all(s.message.params.get(k) == v for k, v in params.items())]


def _control_doc(newer_duration: str = "end_of_turn") -> dict[str, Any]:
    """Bruno takes Ana's bear for good (older), then Ana takes it back "until end of turn" (newer)."""
    return {
        "cards": {"Osos": BEAR,
                  "Dominación": {"cost": "", "types": ["instant"], "targets": ["creature"],
                                 "effects": [{"gain_control": True, "to": "target", "duration": "permanent"}]},
                  "Amenaza": {"cost": "", "types": ["instant"], "targets": ["creature"],
                              "effects": [{"gain_control": True, "to": "target", "duration": newer_duration}]}},
        "players": [{"name": "Ana", "hand": ["Amenaza"], "battlefield": [{"card": "Osos", "id": "osos"}]},
                    {"name": "Bruno", "hand": ["Dominación"]}],
        "turn": {"number": 3, "active": "Ana", "step": "main1"},
        "actions": [{"by": "Ana", "pass": True},
                    {"by": "Bruno", "cast": "Dominación", "target": "osos"},
                    {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True},
                    {"expect": [{"object": "osos", "controller": "Bruno"}]},
                    {"by": "Ana", "cast": "Amenaza", "target": "osos"},
                    {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
                    {"expect": [{"object": "osos", "controller": "Ana"}]},
                    {"pass_until": "upkeep"}],
        "expect": [{"active": "Bruno"}, {"object": "osos", "controller": "Bruno"}],
    }


def test_a_control_change_as_an_effect_ends_in_cleanup_gives_no_priority() -> None:
    """514.3: «Normally, no player receives priority during the cleanup step»; 514.3a: only if state-based actions
    are performed or triggered abilities are waiting. An "until end of turn" control effect ending (514.2) hands
    the creature back (layer 2): neither, so no priority and no second cleanup step."""
    trace = _run(_control_doc())
    assert not [s for s in trace.steps if "cr-en/514.3a" in s.citations]
    assert len(_said(trace, "magic.turn.begin", step=Message("magic.phase.cleanup"))) == 1
    assert not _said(trace, "magic.turn.begin_again")


def test_after_priority_in_cleanup_another_cleanup_step_begins() -> None:
    """514.3a: «… the active player receives priority. Players may cast spells and activate abilities. Once the
    stack is empty and all players pass in succession, another cleanup step begins.» A 1/1 given +0/+1 until end
    of turn, then a -1/-1 counter, is 0/0 once the effect ends in cleanup (514.2): it dies (704.5f), its dies
    trigger waits, Ana receives priority, the trigger resolves, and another cleanup step begins."""
    doc = {
        "cards": {"Mártir": {"cost": "{W}", "types": ["creature"], "power": 1, "toughness": 1,
                             "triggers": [{"when": "dies", "effects": [{"gain_life": 3}]}]},
                  "Vigor": {"cost": "", "types": ["instant"], "targets": ["creature"],
                            "effects": [{"pump": [0, 1], "to": "target"}]},
                  "Marchitar": {"cost": "", "types": ["instant"], "targets": ["creature"],
                                "effects": [{"counters": {"-1/-1": 1}, "to": "target"}]}},
        "players": [{"name": "Ana", "hand": ["Vigor", "Marchitar"],
                     "battlefield": [{"card": "Mártir", "id": "martir"}]},
                    {"name": "Bruno"}],
        "turn": {"number": 3, "active": "Ana", "step": "end"},
        "actions": [{"by": "Ana", "cast": "Vigor", "target": "martir"},
                    {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
                    {"by": "Ana", "cast": "Marchitar", "target": "martir"},
                    {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True},
                    {"expect": [{"object": "martir", "toughness": 1}]},
                    {"pass_until": "upkeep"}],
        "expect": [{"active": "Bruno"}, {"player": "Ana", "life": 23}, {"object": "martir", "zone": "graveyard"}],
    }
    trace = _run(doc)
    [gets] = [s for s in _said(trace, "magic.turn.cleanup_again") if "cr-en/514.3a" in s.citations]
    assert gets.message.params["what"] == Message("magic.turn.cleanup_both")   # state-based actions and triggers
    [again] = _said(trace, "magic.turn.begin_again", step=Message("magic.phase_again.cleanup"))
    assert again.kind == "turn-based" and "cr-en/514.3a" in again.citations
    assert gets.number < again.number < _said(trace, "magic.turn.untap", turn=4, player="Bruno")[0].number


def test_control_steps_say_which_effect_applies_or_ended() -> None:
    """613.1b (layer 2) with 613.7 (timestamps): a newer control-changing effect handing the bear back to its
    owner applies because it is the newest (a resolution, not an effect ending); 611.2a: when that "until end of
    turn" effect ends in cleanup (514.2), the older effect decides again (a turn-based action citing 611.2a)."""
    trace = _run(_control_doc())
    [takes, back, ends] = [s for s in trace.steps if s.message is not None and s.message.id.startswith(
        "magic.control.") and s.message.params.get("id") == "osos"]
    why = lambda step: step.message.params["why"].params["parts"]     # noqa: E731 - the reasons, in order
    assert takes.kind == "resolution" and takes.message.id == "magic.control.gains"
    assert why(takes) == [Message("magic.control.applies", source="Dominación", timestamp=5, after="")]
    assert back.kind == "resolution" and back.message.id == "magic.control.back" and \
        (back.message.params["player"], back.message.params["before"]) == ("Ana", "Bruno")
    assert why(back) == [Message("magic.control.applies", source="Amenaza", timestamp=8,
                                 after=Message("magic.control.after", source="Dominación", timestamp=5))]
    assert "cr-en/611.2a" not in back.citations            # nothing ended: the newest effect applies
    assert {"cr-en/613.1b", "cr-en/613.7"} <= set(back.citations)
    assert ends.kind == "turn-based" and ends.message.id == "magic.control.gains" and \
        ends.message.params["player"] == "Bruno"
    assert why(ends) == [Message("magic.control.ended", source="Amenaza", player="Ana"),
                         Message("magic.control.now", source="Dominación", timestamp=5)]
    assert {"cr-en/613.1b", "cr-en/611.2a", "cr-en/514.2"} <= set(ends.citations)


def test_gaining_control_of_an_attacker_removes_it_from_combat() -> None:
    """506.4: «A permanent is removed from combat if it leaves the battlefield, if its controller changes, …» An
    attacker Bruno gains control of stops attacking; the control step says it and cites 506.4."""
    doc = {
        "cards": {"Osos": BEAR,
                  "Robar mente": {"cost": "", "types": ["instant"], "targets": ["creature"],
                                  "effects": [{"gain_control": True, "to": "target", "duration": "end_of_turn"}]}},
        "players": [{"name": "Ana", "battlefield": [{"card": "Osos", "id": "osos"}]},
                    {"name": "Bruno", "hand": ["Robar mente"]}],
        "turn": {"number": 3, "active": "Ana", "step": "main1"},
        "actions": [{"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["osos"]},
                    {"by": "Ana", "pass": True}, {"by": "Bruno", "cast": "Robar mente", "target": "osos"},
                    {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True}],
        "expect": [{"object": "osos", "controller": "Bruno", "attacking": False}],
    }
    trace = _run(doc)
    [step] = _said(trace, "magic.control.gains", player="Bruno", card="Osos")
    assert Message("magic.control.leaves_combat") in step.message.params["why"].params["parts"]
    assert "cr-en/506.4" in step.citations


def test_an_aura_whose_target_left_does_not_resolve_citing_608_3b() -> None:
    """608.3b: «If the object that's resolving has a target, it checks whether the target is still legal, as
    described in 608.2b. … Otherwise, the spell doesn't resolve. It is removed from the stack and put into its
    owner's graveyard.» An Aura spell whose creature was bounced in response."""
    doc = {
        "cards": {"Osos": BEAR,
                  "Fuerza": {"cost": "", "types": ["enchantment"], "subtypes": ["Aura"], "targets": ["creature"],
                             "static": [{"pump": [2, 2], "to": "enchanted"}]},
                  "Regreso": {"cost": "", "types": ["instant"], "targets": ["creature"],
                              "effects": [{"bounce": True, "to": "target"}]}},
        "players": [{"name": "Ana", "hand": ["Fuerza"], "battlefield": [{"card": "Osos", "id": "osos"}]},
                    {"name": "Bruno", "hand": ["Regreso"]}],
        "turn": {"number": 3, "active": "Ana", "step": "main1"},
        "actions": [{"by": "Ana", "cast": "Fuerza", "target": "osos"}, {"by": "Ana", "pass": True},
                    {"by": "Bruno", "cast": "Regreso", "target": "osos"},
                    {"by": "Bruno", "pass": True}, {"by": "Ana", "pass": True},
                    {"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}],
        "expect": [{"player": "Ana", "graveyard": ["Fuerza"], "hand": ["osos"]}],
    }
    trace = _run(doc)
    [gone] = _nested(trace, "magic.resolve.fizzles", what=Message("magic.resolve.target_illegal"))
    assert {"cr-en/608.2b", "cr-en/608.3b"} <= set(gone.citations)


def test_the_second_combat_damage_step_cites_first_and_double_strike_changes() -> None:
    """702.7c: «Giving first strike to a creature without it after combat damage has already been dealt in the
    first combat damage step won't preclude that creature from assigning combat damage in the second combat
    damage step. Removing first strike … won't allow it to also assign combat damage in the second …»; 702.4c:
    «Removing double strike from a creature during the first combat damage step will stop it from assigning
    combat damage in the second combat damage step.»; 702.4d: «Giving double strike to a creature with first
    strike after it has already dealt combat damage in the first combat damage step will allow the creature to
    assign combat damage in the second combat damage step.»"""
    knight = {"cost": "{W}{W}", "types": ["creature"], "power": 2, "toughness": 2, "keywords": ["first_strike"]}
    spell = {"cost": "", "types": ["instant"], "targets": ["creature"]}
    doc = {
        "cards": {"Caballero": knight, "Espadachín": {**knight, "keywords": ["double_strike"]}, "Osos": BEAR,
                  "Quitar primero": {**spell, "effects": [{"lose": ["first_strike"], "to": "target"}]},
                  "Quitar doble": {**spell, "effects": [{"lose": ["double_strike"], "to": "target"}]},
                  "Dar doble": {**spell, "effects": [{"grant": ["double_strike"], "to": "target"}]},
                  "Dar primero": {**spell, "effects": [{"grant": ["first_strike"], "to": "target"}]}},
        "players": [{"name": "Ana", "hand": ["Dar doble", "Dar primero"],
                     "battlefield": [{"card": "Caballero", "id": "ca"}, {"card": "Caballero", "id": "cb"},
                                     {"card": "Espadachín", "id": "esp"}, {"card": "Osos", "id": "osos"}]},
                    {"name": "Bruno", "hand": ["Quitar primero", "Quitar doble"]}],
        "turn": {"number": 3, "active": "Ana", "step": "main1"},
        "actions": [{"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["ca", "cb", "esp", "osos"]},
                    {"pass_until": "first_strike_damage"},
                    {"expect": [{"player": "Bruno", "life": 14}]},
                    {"by": "Ana", "cast": "Dar doble", "target": "cb"},
                    {"by": "Ana", "cast": "Dar primero", "target": "osos"}, {"by": "Ana", "pass": True},
                    {"by": "Bruno", "cast": "Quitar primero", "target": "ca"},
                    {"by": "Bruno", "cast": "Quitar doble", "target": "esp"},
                    {"pass_until": "combat_damage"}],
        "expect": [{"player": "Bruno", "life": 10}],     # only cb (702.4d) and osos (702.7c) deal damage again
    }
    trace = _run(doc)
    second = [s for s in _said(trace, "magic.turn.assign_damage") if "cr-en/702.7b" not in s.citations]
    assert len(second) == 1
    assert {"cr-en/702.7c", "cr-en/702.4c", "cr-en/702.4d"} <= set(second[0].citations)
    first = _said(trace, "magic.turn.assign_damage")[0]
    assert not {"cr-en/702.7c", "cr-en/702.4c", "cr-en/702.4d"} & set(first.citations)


def test_lifelink_in_combat_and_the_draw_steps_draw_are_turn_based() -> None:
    """510.2: combat damage is dealt as a turn-based action, and 702.15b: lifelink's life gain is part of that
    damage event; 504.1: «the active player draws a card. This turn-based action doesn't use the stack.»"""
    doc = {
        "cards": {"Clériga": {**BEAR, "keywords": ["lifelink"]}},
        "players": [{"name": "Ana", "battlefield": [{"card": "Clériga", "id": "cle"}]},
                    {"name": "Bruno", "library": ["Clériga"]}],
        "turn": {"number": 3, "active": "Ana", "step": "main1"},
        "actions": [{"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["cle"]},
                    {"pass_until": "main1"}],
        "expect": [{"player": "Ana", "life": 22}, {"player": "Bruno", "hand_count": 1}],
    }
    trace = _run(doc)
    [gain] = _said(trace, "magic.life.gain", player="Ana", amount=2, why=Message("magic.why.lifelink",
                                                                                 source="Clériga", amount=2))
    assert gain.kind == "turn-based" and "cr-en/510.2" in gain.citations
    [drawn] = _nested(trace, "magic.draw.why", player="Bruno", why=Message("magic.draw.turn"))
    assert drawn.kind == "turn-based" and "cr-en/504.1" in drawn.citations


def test_an_indestructible_creature_with_lethal_damage_says_why_it_survives() -> None:
    """702.12b: «A permanent with indestructible can't be destroyed. Such permanents aren't destroyed by lethal
    damage, and they ignore the state-based action that checks for lethal damage (see rule 704.5g).» The damage
    step says so (no extra step in the state-based check)."""
    doc = {
        "cards": {"Coloso": {"cost": "{5}", "types": ["creature"], "power": 5, "toughness": 5,
                             "keywords": ["indestructible"]},
                  "Golpe": {"cost": "", "types": ["instant"], "targets": ["any"],
                            "effects": [{"damage": 10, "to": "target"}]}},
        "players": [{"name": "Ana", "hand": ["Golpe"], "battlefield": [{"card": "Coloso", "id": "col"}]},
                    {"name": "Bruno"}],
        "turn": {"number": 3, "active": "Ana", "step": "main1"},
        "actions": [{"by": "Ana", "cast": "Golpe", "target": "col"}, {"by": "Ana", "pass": True},
                    {"by": "Bruno", "pass": True}],
        "expect": [{"object": "col", "zone": "battlefield", "damage": 10}],
    }
    trace = _run(doc)
    [hit] = _said(trace, "magic.damage", source="Golpe", amount=10)
    assert hit.message.params["what"].id == "magic.damage.indestructible" and "cr-en/702.12b" in hit.citations
    assert hit.message.params["what"].params["by"] == Message("magic.damage.lethal")
    assert not [s for s in trace.steps if s.kind == "state-based"]


# -- Spanish wording of step summaries: the named rendering tests (the wording on purpose) ---------------------------------------------------------------------------
def test_rendering_an_amount_of_damage_without_a_doubled_de() -> None:
    """608.2c (the text of an effect, as the steps show it): «hace una cantidad de daño igual a su fuerza», never
    «una cantidad de de daño»; the other verbs keep «una cantidad de cartas/vidas»."""
    from judge.engine.rulesets.magic.cards import Effect
    from judge.engine.rulesets.magic.text import describe_effect
    damage = describe_effect(Effect("damage", count="source_power"))
    assert damage.id == "magic.fx.count" and damage.params["text"].id == "magic.verbtext.damage"
    assert damage.render("es").startswith("una cantidad de daño al objetivo") and "de de" not in damage.render("es")
    assert damage.render("en") == "an amount of damage to the target (equal to its power)"
    assert describe_effect(Effect("draw", count="source_power", to="controller")).render("es").startswith(
        "su controlador roba una cantidad de carta(s)")


def test_rendering_a_type_added_in_spanish() -> None:
    """613.1d (layer 4, type-changing effects): the added type reads in Spanish («criatura»), in the plural for a
    group, never the scenario's id («creature»)."""
    from judge.engine.rulesets.magic.cards import Effect
    from judge.engine.rulesets.magic.text import describe_effect
    one = describe_effect(Effect("add_type", types=("creature",), duration="permanent"))
    assert one.render("es") == "el objetivo es también criatura" and one.render("en") == "the target is also creature"
    group = describe_effect(Effect("add_type", types=("creature",), to="all_permanents", duration="permanent"))
    assert " son también criaturas" in group.render("es") and "creature" not in group.render("es")
    assert " are also creatures" in group.render("en")


def test_an_untap_step_with_nothing_to_untap_says_so() -> None:
    """502.3: «the active player determines which permanents they control will untap. Then they untap them all
    simultaneously.» With none tapped the step says there is nothing to untap (not «se enderezan ningún
    permanente»); with one, the singular."""
    doc = {"cards": {"Osos": BEAR},
           "players": [{"name": "Ana", "library": ["Osos"],
                        "battlefield": [{"card": "Osos", "id": "osos", "tapped": True}]},
                       {"name": "Bruno", "library": ["Osos"]}],
           "turn": {"number": 3, "active": "Ana", "step": "end"},
           "actions": [{"pass_until": "upkeep"}, {"pass_until": "upkeep"}],
           "expect": [{"active": "Ana"}, {"object": "osos", "tapped": False}]}
    trace = _run(doc)
    [bruno] = _said(trace, "magic.turn.untap", turn=4, player="Bruno")
    assert bruno.message.params["what"] == Message("magic.turn.untap_none")
    [ana] = _said(trace, "magic.turn.untap", turn=5, player="Ana")
    assert ana.message.params["what"] == Message("magic.turn.untap_one", ids=["osos"])


def test_rendering_pass_until_a_step_never_reached_says_al_paso() -> None:
    """508.8: with no attackers the combat damage steps are skipped, so `pass_until` one of them stops as the next
    step begins; the limit step names the step in Spanish («dejó atrás el paso de daño de combate»), never «a el»."""
    doc = {"cards": {"Osos": BEAR}, "players": [{"name": "Ana", "library": ["Osos", "Osos"]},
                                                {"name": "Bruno", "library": ["Osos", "Osos"]}],
           "turn": {"number": 3, "active": "Ana", "step": "main1"},
           "actions": [{"pass_until": "combat_damage"}], "expect": []}
    trace = run_scenario(load_scenario({"ruleset": "magic", "title": "pasos", **doc}))
    [limit] = [s for s in trace.steps if s.kind == "limit"]
    assert "dejó atrás el paso de daño de combate" in limit.summary and "a el " not in limit.summary


def test_rendering_any_target_once() -> None:
    """115.4: «cualquier objetivo» (a creature, player, planeswalker or battle) is one phrase: a cast missing it
    reads «se necesitan 1 objetivo(s) (cualquier objetivo)», not «cualquier objetivo objetivo»."""
    from judge.engine.rulesets.magic.cards import TargetSpec
    from judge.engine.rulesets.magic.text import describe_target
    said = describe_target(TargetSpec("any"))
    assert said.params["noun"].id == "magic.target.any"
    assert said.render("es") == "cualquier objetivo" and said.render("en") == "any target"
    creature = describe_target(TargetSpec("creature", controller="opponent"))
    assert creature.render("es") == "criatura objetivo que controle un oponente"
    assert creature.render("en") == "target creature an opponent controls"


def test_rendering_pass_until_with_the_steps_spanish_name() -> None:
    """500.1 (the steps of the turn, by their names): `pass_until: end` reads «hasta el paso final», not the id."""
    from judge.engine.rulesets.magic.actions import PassUntil
    assert PassUntil(step="end").describe() == "todos pasan la prioridad hasta el paso final"
    assert PassUntil(step="main2").describe() == "todos pasan la prioridad hasta la segunda fase principal"
