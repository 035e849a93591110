"""What a scenario writes that a step repeats, in either language (issue 17, docs/scenarios.md "Mensajes"): a
`stopped` value and a stack entry's «habilidad de X» read the same in English («game over», «ability of X»), and the
step says them in the trace's language; the board's stack texts and pending prompt follow `--lang` / `?lang=`."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import yaml
from click.testing import CliRunner

from judge.cli import main
from judge.engine import run_scenario
from judge.messages import Message, localize_board
from judge.runner.catalog import scenarios_dir
from judge.scenarios import ScenarioError, load_scenario

MAGIC = scenarios_dir() / "magic"
CHALICE = MAGIC / "03-la-reserva-de-mana-se-vacia-y-coste-de-activacion.yaml"
EMPTY_LIBRARY = MAGIC / "15-robar-de-una-biblioteca-vacia-pierde-la-partida.yaml"
OPEN_CHOICE = MAGIC / "42-texto-no-modelado-y-eleccion-sin-respuesta.yaml"


def _doc(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _replaced(doc: Any, old: str, new: str) -> Any:
    """`doc` with every string `old` replaced by `new` (a stack entry, a stop value)."""
    if isinstance(doc, dict):
        return {k: _replaced(v, old, new) for k, v in doc.items()}
    if isinstance(doc, list):
        return [_replaced(v, old, new) for v in doc]
    return new if doc == old else doc


def _expectations(trace: Any, field: str) -> list[Any]:
    return [s for s in trace.steps if s.kind == "expectation" and s.message.params["check"].id.endswith(field)]


def test_a_stop_value_reads_in_either_language_and_is_said_in_the_trace_s() -> None:
    doc = _doc(EMPTY_LIBRARY)
    assert {"stopped": "partida terminada"} in doc["expect"]
    spanish = run_scenario(load_scenario(doc))
    english = run_scenario(load_scenario(_replaced(doc, "partida terminada", "game over")))
    for trace in (spanish, english):
        assert trace.ok and trace.stopped == "partida terminada"
        step, = _expectations(trace, ".stopped")
        check = step.message.params["check"]
        assert check.params["got"] == check.params["want"] == Message("core.stopped.game_over") and step.passed
    assert spanish.steps[-1].render("es") == english.steps[-1].render("es")
    assert spanish.steps[-1].render("en") == english.steps[-1].render("en") != english.steps[-1].render("es")
    wrong = _replaced(doc, "partida terminada", "terminada")
    try:
        load_scenario(wrong)
    except ScenarioError as exc:
        said = [e.said for e in exc.errors if e.path.endswith("stopped")]
        assert said and said[0].id == "format.not_choice"
        assert {"game over", "partida terminada"} <= set(said[0].params["options"].split("|"))
    else:
        raise AssertionError("an unknown stop value is an error")


def test_the_verdict_names_the_stop_in_the_trace_s_language() -> None:
    from judge.runner.execute import verdict

    said = verdict(run_scenario(load_scenario(_doc(EMPTY_LIBRARY)))).message
    assert isinstance(said, Message) and said.id.startswith("core.verdict.ok")
    assert said.params["stopped"] == Message("core.stopped.game_over")


def test_an_ability_on_the_stack_is_named_in_either_language() -> None:
    doc = _doc(CHALICE)
    spanish = run_scenario(load_scenario(doc))
    english = run_scenario(load_scenario(_replaced(doc, "habilidad de Cáliz del sanador",
                                                   "ability of Cáliz del sanador")))
    for trace in (spanish, english):
        assert trace.ok
        step = next(s for s in _expectations(trace, ".stack") if s.message.params["check"].params["want"].params[
            "items"])
        check = step.message.params["check"]
        assert check.params["got"] == check.params["want"] == Message("magic.value.list", items=[
            Message("magic.stack.ability", source="Cáliz del sanador")])
    assert [s.render("es") for s in spanish.steps] == [s.render("es") for s in english.steps]


def test_the_board_s_stack_text_and_pending_prompt_follow_the_language() -> None:
    trace = run_scenario(load_scenario(_doc(OPEN_CHOICE)))
    game = [s for s in trace.steps if s.kind != "expectation"]
    pending = game[-1].board["pending"]
    prompt = Message.from_json(pending["prompt_message"])
    assert pending["prompt"] == prompt.render("es") and prompt.id.startswith("magic.prompt.")
    chalice = run_scenario(load_scenario(_doc(CHALICE))).steps
    shown = next(s.board for s in chalice if s.board and any(i.get("message") for i in s.board["stack"]))
    before = copy.deepcopy(shown)
    en = localize_board(shown, "en")
    assert shown == before                      # boards are shared between steps: never changed in place
    assert localize_board(shown, "es") is shown
    for item, said in zip(shown["stack"], en["stack"]):
        if item.get("message"):
            message = Message.from_json(item["message"])
            assert item["text"] == message.render("es") and said["text"] == message.render("en") != item["text"]
    assert localize_board(game[-1].board, "en")["pending"]["prompt"] == prompt.render("en") != prompt.render("es")


def test_judge_run_json_lang_en_says_the_board_in_english(tmp_path: Path) -> None:
    cli = CliRunner()
    es = json.loads(cli.invoke(main, ["run", str(OPEN_CHOICE), "--json"]).output)
    en = json.loads(cli.invoke(main, ["run", str(OPEN_CHOICE), "--json", "--lang", "en"]).output)
    last_es = [s for s in es["steps"] if s["kind"] != "expectation"][-1]["board"]["pending"]
    last_en = [s for s in en["steps"] if s["kind"] != "expectation"][-1]["board"]["pending"]
    prompt = Message.from_json(last_es["prompt_message"])
    assert (last_es["prompt"], last_en["prompt"]) == (prompt.render("es"), prompt.render("en"))
    es = json.loads(cli.invoke(main, ["run", str(CHALICE), "--json"]).output)
    en = json.loads(cli.invoke(main, ["run", str(CHALICE), "--json", "--lang", "en"]).output)
    stacks = [(a["board"]["stack"], b["board"]["stack"]) for a, b in zip(es["steps"], en["steps"])
              if a["board"] and any(i.get("message") for i in a["board"]["stack"])]
    assert stacks
    for a, b in stacks:
        assert [i["id"] for i in a] == [i["id"] for i in b]
        assert [Message.from_json(i["message"]).render("en") for i in a if i.get("message")] == \
            [i["text"] for i in b if i.get("message")]


def test_a_search_for_a_spanish_card_type_names_it_in_english() -> None:
    from judge.engine.rulesets.magic.text import search_said

    assert search_said("criatura") == Message("magic.cardtype.creature")
    assert search_said("tierra básica") == Message("magic.search.basic_land")
    for written in ("criatura", "tierra", "tierra básica", "básica"):     # Spanish: what the scenario wrote
        said = search_said(written)
        assert said.render("es") == written and said.render("en") != written
    assert search_said("creature") == "creature" and search_said("Bosque") == "Bosque"   # as written
