"""Issue 17: every step, refusal and choice prompt of the magic ruleset speaks through a message id (its catalog:
magic/messages.py with messages_play.py and messages_effects.py), so `--lang en` shows English. Structure only:
message ids, their parameters' ids and the rules cited; no Spanish wording is asserted."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from judge.engine import run_scenario
from judge.engine.rulesets.magic import messages, messages_effects, messages_play
from judge.messages import Message, template_fields, template_of
from judge.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[2]
MAGIC = ROOT / "scenarios" / "magic"
# Curated scenarios of different mechanics whose steps went through the converted sites: an unpaid cast, costs
# paid by sacrificing and a search, illegal targets, the legend rule's choice, control and layers, a choice left
# open, Equipment and 704.5n, copies, an ability from a graveyard, exile until it leaves.
SAMPLE = ["08-pago-imposible-el-lanzamiento-se-revierte", "13-sacrificar-como-coste-y-buscar-una-tierra-basica",
          "19-algunos-objetivos-ilegales-el-resto-ocurre", "30-regla-de-leyendas",
          "41-acto-de-traicion-control-y-habilidades", "42-texto-no-modelado-y-eleccion-sin-respuesta",
          "55-equipo-equipar-como-conjuro-y-desanexar", "58-entrar-como-copia-clon-y-copia-de-una-copia",
          "73-habilidad-activada-desde-el-cementerio", "74-exiliar-hasta-que-deje-el-campo-de-batalla"]


def _run(name: str) -> Any:
    return run_scenario(load_scenario(MAGIC / f"{name}.yaml"))


def _ids(said: Any) -> set[str]:
    """The id of a message and of every message among its parameters, at any depth."""
    if isinstance(said, Message):
        return {said.id} | {i for v in said.params.values() for i in _ids(v)}
    if isinstance(said, (list, tuple)):
        return {i for v in said for i in _ids(v)}
    return set()


@pytest.mark.parametrize("name", SAMPLE)
def test_every_step_of_a_magic_run_has_a_message_in_both_languages(name: str) -> None:
    trace = _run(name)
    assert trace.steps
    for step in trace.steps:
        assert step.message is not None, (step.kind, step.summary)
        for ident in _ids(step.message):
            assert template_of(ident, "es") is not None and template_of(ident, "en") is not None, ident
    english = trace.to_json("en")["steps"]
    assert not [s for s in english if "summary_lang" in s]          # no step falls back to Spanish


def test_the_catalog_modules_are_merged_whole_with_the_same_parameters() -> None:
    for pairs in (messages_play.PAIRS, messages_effects.PAIRS):
        for ident, (es, en) in pairs.items():
            assert ident.startswith("magic.") and messages.ES[ident] == es and messages.EN[ident] == en
            assert template_fields(es) == template_fields(en), ident
    assert not messages_play.PAIRS.keys() & messages_effects.PAIRS.keys()


def test_an_equipment_left_on_an_illegal_permanent_becomes_unattached_704_5n() -> None:
    steps = _run("55-equipo-equipar-como-conjuro-y-desanexar").steps
    unattached = [s for s in steps if s.message is not None and s.message.id == "magic.sba.unattached"]
    assert len(unattached) == 1 and unattached[0].kind == "state-based"
    assert "cr-en/704.5n" in unattached[0].citations
    assert unattached[0].message.params["why"] == Message("magic.equip.host_gone")
    equips = [s for s in steps if s.message is not None and s.message.id == "magic.equip.attach"]
    assert len(equips) == 2 and all("cr-en/701.3c" in s.citations for s in equips)
    assert equips[0].message.params["left"] == "" and equips[1].message.params["left"].id == "magic.equip.left"


def test_a_refusal_says_why_through_nested_message_ids() -> None:
    steps = _run("55-equipo-equipar-como-conjuro-y-desanexar").steps
    refused = [s.message for s in steps if s.kind == "illegal"]
    reasons = [m.params["reason"] for m in refused if m is not None]
    assert [r.id for r in reasons] == ["magic.illegal.target", "magic.illegal.sorcery_ability"]
    assert reasons[0].params["why"].id == "magic.target.not_yours"


def test_a_choice_left_open_asks_with_a_prompt_in_the_run_language() -> None:
    trace = _run("42-texto-no-modelado-y-eleccion-sin-respuesta")
    choice = [s for s in trace.steps if s.kind == "choice"]
    assert len(choice) == 1 and choice[0].message is not None
    prompt = choice[0].message.params["prompt"]
    assert isinstance(prompt, Message) and prompt.id == "magic.prompt.trigger_target"
    assert choice[0].render("en") != choice[0].render("es")
    # the board keeps a string (JSON): the prompt in Spanish, as the traces always had it
    pending = (choice[0].board or {})["pending"]
    assert isinstance(pending["prompt"], str) and pending["prompt"] == prompt.render("es")
