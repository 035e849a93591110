"""Answers a user can know before a first run: the trigger-order (603.3b) and replacement-order (616.1) questions
take the source's id or card name when only one option comes from that source, keep the precise `source:n` /
`source#n` form when one source has several, and their prompts and illegal steps say which answers they accept;
a `{stack: …}` expectation names an ability by any incarnation of its source's id (400.7)."""
from __future__ import annotations

from typing import Any

from judge.engine import run_scenario
from judge.messages import Message
from judge.scenarios import load_scenario

PASS = [{"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}]
WATCHERS = {"Heraldo": {"cost": "", "types": ["creature"], "power": 1, "toughness": 1},
            "Vigia A": {"cost": "{1}", "types": ["creature"], "power": 1, "toughness": 1,
                        "triggers": [{"when": "enters", "of": "another_creature", "effects": [{"gain_life": 1}]}]},
            "Vigia B": {"cost": "{1}", "types": ["creature"], "power": 1, "toughness": 1,
                        "triggers": [{"when": "enters", "of": "another_creature", "effects": [{"draw": 1}]}]}}


def _run(doc: dict[str, Any]) -> Any:
    return run_scenario(load_scenario({"ruleset": "magic", "title": "respuestas",
                                       "turn": {"number": 3, "active": "Ana", "step": "main1"}, **doc}))


def _watchers(answer: list[str]) -> Any:
    return _run({"cards": WATCHERS,
                 "players": [{"name": "Ana", "hand": ["Heraldo"], "library": ["Llanura", "Llanura"],
                              "battlefield": [{"card": "Vigia A", "id": "va"}, {"card": "Vigia B", "id": "vb"}]},
                             {"name": "Bruno"}],
                 "actions": [{"by": "Ana", "cast": "Heraldo"}, *PASS, {"by": "Ana", "choose": answer},
                             {"expect": [{"stack": ["habilidad de Vigia B", "habilidad de Vigia A"]}]}, *PASS, *PASS],
                 "expect": [{"player": "Ana", "life": 21, "hand_count": 1}]})


def test_trigger_order_takes_the_source_ids_or_card_names_when_each_source_has_one() -> None:
    """603.3b: "puts each triggered ability they control … in any order they choose": `[vb, va]` (the permanents'
    ids, as the documentation says) or their card names name the two abilities; vb's is put first, at the bottom."""
    for answer in (["vb", "va"], ["Vigia B", "Vigia A"], ["vb:2", "va:1"]):
        trace = _watchers(answer)
        assert not [s for s in trace.steps if s.kind in ("illegal", "choice")], answer
        assert not trace.failed_expectations, (answer, [s.summary for s in trace.failed_expectations])


def test_trigger_order_needs_the_precise_form_when_one_source_has_two_abilities(h: Any) -> None:
    """603.3b: two different abilities of one creature are ordered too; its id alone names neither, so it is an
    illegal answer whose step lists the `source:n` ids and says what n is; the precise form is then taken."""
    twice = {"cost": "", "types": ["creature"], "power": 1, "toughness": 1,
             "triggers": [{"when": "enters", "effects": [{"gain_life": 1}]},
                          {"when": "enters", "effects": [{"draw": 1}]}]}
    trace = _run({"cards": {"Doble": twice},
                  "players": [{"name": "Ana", "hand": [{"card": "Doble", "id": "doble"}], "library": ["Isla"]},
                              {"name": "Bruno"}],
                  "actions": [{"by": "Ana", "cast": "doble"}, *PASS, {"by": "Ana", "choose": ["doble", "Doble"]},
                              {"by": "Ana", "choose": ["doble~3:2", "doble~3:1"]}, *PASS, *PASS],
                  "expect": [{"player": "Ana", "life": 21, "hand_count": 1}]})
    assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
    bad = [s for s in trace.steps if s.kind == "illegal"]
    assert len(bad) == 1 and "magic.answers.form_colon" in h.ids(bad[0]), bad
    assert h.said(bad[0], "magic.illegal.trigger_order").params["ids"] == ["doble~3:1", "doble~3:2"]
    assert "cr-en/603.3b" in bad[0].citations


REPLACEMENTS = {"Reflejo": {"cost": "{4}{W}", "types": ["enchantment"],
                            "replacements": [{"event": "life_gain", "multiply": 2}]},
                "Alma": {"cost": "{1}{W}", "types": ["creature"], "power": 1, "toughness": 1,
                         "replacements": [{"event": "life_gain", "add": 1}]},
                "Balsamo": {"cost": "", "types": ["instant"], "effects": [{"gain_life": 3}]}}


def test_replacement_order_takes_the_card_name_of_a_source_with_one_effect(h: Any) -> None:
    """616.1: the affected player chooses which replacement applies first: the card name `Alma` names its
    source's only effect (+1 first: 4, then ×2 = 8); the prompt shows what each one does."""
    trace = _run({"cards": REPLACEMENTS,
                  "players": [{"name": "Ana", "hand": ["Balsamo"],
                               "battlefield": [{"card": "Reflejo", "id": "reflejo"}, {"card": "Alma", "id": "alma"}]},
                              {"name": "Bruno"}],
                  "actions": [{"by": "Ana", "cast": "Balsamo"}, *PASS, {"by": "Ana", "choose": "Alma"}],
                  "expect": [{"player": "Ana", "life": 28}]})
    assert not trace.failed_expectations and not [s for s in trace.steps if s.kind == "illegal"]
    # Several values (the fuzzer's random answers): the first one named is applied first, as before.
    several = _run({"cards": REPLACEMENTS,
                    "players": [{"name": "Ana", "hand": ["Balsamo"], "battlefield": [
                        {"card": "Reflejo", "id": "reflejo"}, {"card": "Alma", "id": "alma"}]}, {"name": "Bruno"}],
                    "actions": [{"by": "Ana", "cast": "Balsamo"}, *PASS, {"by": "Ana", "choose": ["reflejo", "alma"]}],
                    "expect": [{"player": "Ana", "life": 27}]})   # 3 × 2 + 1
    assert not several.failed_expectations, [s.summary for s in several.failed_expectations]
    ask = _run({"cards": REPLACEMENTS,
                "players": [{"name": "Ana", "hand": ["Balsamo"],
                             "battlefield": [{"card": "Reflejo", "id": "reflejo"}, {"card": "Alma", "id": "alma"}]},
                            {"name": "Bruno"}],
                "actions": [{"by": "Ana", "cast": "Balsamo"}, *PASS]})
    prompt = Message.from_json(ask.steps[-1].board["pending"]["prompt_message"])
    assert prompt.id == "magic.prompt.replacement" and prompt.params["options"] == [
        Message("magic.rep.option", id="reflejo", text=Message("magic.rep.amount", card="Reflejo", what="",
                                                               amount=Message("magic.rep.times", n=2))),
        Message("magic.rep.option", id="alma", text=Message("magic.rep.amount", card="Alma", what="", amount="+1"))]


def test_replacement_order_keeps_source_n_when_one_source_has_two_effects(h: Any) -> None:
    """616.1: two prevention effects of one Gólem: `golem` names neither (illegal, the step says the `golem#n`
    form); `golem#2` (prevent all) applies first, so the one that draws prevents nothing and Ana draws nothing."""
    golem = {"cost": "{4}", "types": ["artifact", "creature"], "power": 1, "toughness": 10,
             "replacements": [{"event": "damage", "prevent": 2, "source_draws": True},
                              {"event": "damage", "prevent": "all"}]}
    hit = {"cost": "", "types": ["instant"], "targets": ["creature"], "effects": [{"damage": 3, "to": "target"}]}
    trace = _run({"cards": {"Gólem": golem, "Golpe": hit},
                  "players": [{"name": "Ana", "hand": ["Golpe"], "library": ["Isla"]},
                              {"name": "Bruno", "battlefield": [{"card": "Gólem", "id": "golem"}]}],
                  "actions": [{"by": "Ana", "cast": "Golpe", "target": "golem"}, *PASS,
                              {"by": "Bruno", "choose": "golem"}, {"by": "Bruno", "choose": "golem#2"}],
                  "expect": [{"object": "golem", "damage": 0}, {"player": "Ana", "hand_count": 0}]})
    assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
    bad = [s for s in trace.steps if s.kind == "illegal"]
    assert len(bad) == 1 and "golem#1, golem#2" in bad[0].summary and "magic.answers.form_hash" in h.ids(bad[0]), bad
    assert "cr-en/616.1" in bad[0].citations


def test_a_stack_expectation_names_a_trigger_by_its_source_id_after_it_left() -> None:
    """405.1, 400.7: the dies trigger of `martir` is on the stack while the card is `martir~2` in the graveyard:
    `habilidad de martir` (the object that died, 603.10a) and `habilidad de martir~2` both name it."""
    martir = {"cost": "", "types": ["creature"], "power": 2, "toughness": 2,
              "triggers": [{"when": "dies", "effects": [{"gain_life": 1}]}]}
    wrath = {"cost": "", "types": ["sorcery"], "effects": [{"destroy": True, "to": "all_creatures"}]}
    trace = _run({"cards": {"Martir": martir, "Ira": wrath},
                  "players": [{"name": "Ana", "hand": ["Ira"], "battlefield": [{"card": "Martir", "id": "martir"}]},
                              {"name": "Bruno"}],
                  "actions": [{"by": "Ana", "cast": "Ira"}, *PASS,
                              {"expect": [{"stack": ["habilidad de martir"]}, {"stack": ["habilidad de martir~2"]},
                                          {"object": "martir", "current_id": "martir~2"}]}]})
    assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
    assert len([s for s in trace.steps if s.kind == "expectation"]) == 3


def test_counter_and_life_loss_replacement_prompts_say_what_each_does(h: Any) -> None:
    """616.1: the question ordering counter (122.6) or life-loss (120.3a) replacements says what each one does to
    the amount, never the schema's event id («counters», «life_loss»)."""
    cards = {"Escamas": {"cost": "", "types": ["enchantment"], "replacements": [
                 {"event": "counters", "counter": "+1/+1", "to": "creatures_you_control", "add": 1}]},
             "Temporada": {"cost": "", "types": ["enchantment"], "replacements": [
                 {"event": "counters", "to": "permanents_you_control", "multiply": 2}]},
             "Cuerno": {"cost": "", "types": ["enchantment"], "replacements": [
                 {"event": "life_loss", "to": "opponents", "multiply": 2}]},
             "Espina": {"cost": "", "types": ["enchantment"], "replacements": [
                 {"event": "life_loss", "to": "opponents", "add": 1}]},
             "Abono": {"cost": "", "types": ["instant"], "targets": ["creature"],
                       "effects": [{"counters": {"+1/+1": 2}}]},
             "Sangria": {"cost": "", "types": ["instant"], "effects": [{"lose_life": 1, "to": "each_opponent"}]},
             "Osos": {"cost": "", "types": ["creature"], "power": 2, "toughness": 2}}
    board = [{"card": n, "id": n.lower()} for n in ("Escamas", "Temporada", "Cuerno", "Espina", "Osos")]
    counters = lambda counter: Message("magic.rep.what.counters", counter=counter)   # noqa: E731
    lost = Message("magic.rep.what.life_loss")
    twice = Message("magic.rep.times", n=2)
    for spell, target, expected in (
            ("Abono", "osos", {"escamas": ("Escamas", counters(" +1/+1"), "+1"),
                               "temporada": ("Temporada", counters(""), twice)}),
            ("Sangria", None, {"cuerno": ("Cuerno", lost, twice), "espina": ("Espina", lost, "+1")})):
        ask = _run({"cards": cards, "players": [{"name": "Ana", "hand": [spell], "battlefield": board},
                                                {"name": "Bruno"}],
                    "actions": [{"by": "Ana", "cast": spell, **({"target": target} if target else {})}, *PASS]})
        prompt = Message.from_json(ask.steps[-1].board["pending"]["prompt_message"])
        options = {o.params["id"]: o.params["text"] for o in prompt.params["options"]}
        assert options == {i: Message("magic.rep.amount", card=c, what=w, amount=a) for i, (c, w, a) in
                           expected.items()}, prompt
        # what each does, never the schema's event id
        assert not {"counters", "life_loss"} & {v for m in h.messages(prompt) for v in m.params.values()
                                                if isinstance(v, str)}, prompt
        assert "magic.answers.only_m" in h.ids(prompt)        # «si es el único de su fuente»: «efecto» is masculine


def test_the_repeated_replacement_choice_names_the_event_as_modified(h: Any) -> None:
    """616.1f: once one replacement applied, the choice among those left is about the modified event: Bruno would
    lose 2, «a» doubles it, so the second question is about losing 4."""
    loss = {"cost": "", "types": ["enchantment"]}
    trace = _run({"cards": {"A": {**loss, "replacements": [{"event": "life_loss", "to": "opponents", "multiply": 2}]},
                            "B": {**loss, "replacements": [{"event": "life_loss", "to": "opponents", "add": 1}]},
                            "C": {**loss, "replacements": [{"event": "life_loss", "to": "opponents", "add": 1}]},
                            "S": {"cost": "", "types": ["instant"],
                                  "effects": [{"lose_life": 2, "to": "each_opponent"}]}},
                  "players": [{"name": "Ana", "hand": ["S"], "battlefield": [
                      {"card": "A", "id": "a"}, {"card": "B", "id": "b"}, {"card": "C", "id": "c"}]}, {"name": "Bruno"}],
                  "actions": [{"by": "Ana", "cast": "S"}, *PASS, {"by": "Bruno", "choose": "a"}]})
    assert trace.stopped == "eleccion"
    asked = h.said(trace.steps[-1], "magic.prompt.replacement")
    assert asked.params["what"] == Message("magic.event.lose", n=4), trace.steps[-1].summary
    assert [o.params["id"] for o in asked.params["options"]] == ["b", "c"]


REY = {"cost": "{1}{W}", "types": ["creature"], "supertypes": ["legendary"], "power": 2, "toughness": 2}


def _two_kings(actions: list[Any]) -> Any:
    """Two legends named Rey on Ana's battlefield at setup: the legend rule asks her which to keep before any
    action (704.5j, checked as the scenario starts: 117.5)."""
    return _run({"cards": {"Rey": REY, "Osos": {"cost": "{G}", "types": ["creature"], "power": 2, "toughness": 2}},
                 "players": [{"name": "Ana", "mana_pool": "G", "hand": ["Osos"],
                              "battlefield": [{"card": "Rey", "id": "rey1"}, {"card": "Rey", "id": "rey2"}]},
                             {"name": "Bruno"}],
                 "actions": actions, "expect": [{"player": "Ana", "battlefield": ["rey2", "Osos"]}]})


def test_the_scripts_first_line_answers_a_choice_asked_during_setup() -> None:
    """704.5j: "that player chooses one of them, and the rest are put into their owners' graveyards"; the choice
    is asked while the scenario sets up, and the script's next line (its first) answers it. Set up: two Reyes;
    act: `choose: rey2`, then cast a bear; assert: rey1 went to the graveyard, the bear was cast after it, and
    the run ends normally."""
    trace = _two_kings([{"by": "Ana", "choose": "rey2"}, {"by": "Ana", "cast": "Osos"}, *PASS])
    assert trace.stopped == "fin", trace.steps[-1].summary
    assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
    kinds = [s.kind for s in trace.steps]
    assert kinds[:3] == ["setup", "state-based", "action"] and "illegal" not in kinds
    assert "cr-en/704.5j" in trace.steps[1].citations


def test_a_choice_asked_during_setup_that_the_first_line_does_not_answer_stops_the_run() -> None:
    """The run never guesses (docs: Choices): a first line that is not her `choose` leaves the legend-rule choice
    open; the run stops there on a `choice` step, nothing of the script played."""
    trace = _two_kings([{"by": "Ana", "cast": "Osos"}, *PASS])
    assert trace.stopped == "eleccion"
    assert [s.kind for s in trace.steps][:2] == ["setup", "choice"]
    assert "704.5j" in " ".join(trace.steps[1].citations)



def test_a_choice_takes_the_scenario_id_of_a_card_that_became_a_new_object() -> None:
    """400.7: the Reina cast from the hand is `reina~3` on the battlefield; the legend rule's question (704.5j)
    offers that id and takes `reina`, the scenario's own id, for it, as actions and expectations do; an id naming
    no option is still refused."""
    cards = {"Reina": {"cost": "{W}", "types": ["creature"], "supertypes": ["legendary"], "power": 2,
                       "toughness": 2}}

    def run(answer: str) -> Any:
        return _run({"cards": cards,
                     "players": [{"name": "Ana", "mana_pool": {"W": 1}, "hand": [{"card": "Reina", "id": "reina"}],
                                  "battlefield": [{"card": "Reina", "id": "vieja"}]}, {"name": "Bruno"}],
                     "actions": [{"by": "Ana", "cast": "reina"}, *PASS, {"by": "Ana", "choose": [answer]}],
                     "expect": [{"object": "reina", "zone": "battlefield", "current_id": "reina~3"},
                                {"object": "vieja", "zone": "graveyard"}]})
    trace = run("reina")
    assert not trace.failed_expectations and not [s for s in trace.steps if s.kind == "illegal"]
    trace = run("lobo")
    assert [s.kind for s in trace.steps].count("illegal") == 1 and trace.failed_expectations
