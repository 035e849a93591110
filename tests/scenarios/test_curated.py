"""Every scenario file under scenarios/ runs and every expectation it states holds; together the curated
doce-vidas scenarios apply every rule of the document (every dv bullet/section passage is cited by a step)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge.corpus import load_corpus
from judge.engine import run_scenario
from judge.scenarios import load_scenario

from .conftest import CURATED_DIR, curated_files

DV_DOC = "doce-vidas-reglas"
# Game steps prove a rule was applied; expectation steps only cite what they check.
GAME_KINDS_EXCLUDED = {"expectation"}


# Scenarios where the engine does not yet do what the rules demand (reported to the lead). strict: once the engine
# is fixed the XPASS fails, and the entry must go.
ENGINE_DISAGREEMENTS = {
    "magic/34-muere-a-la-vez-mirar-atras.yaml":
        "603.10a: a «whenever another creature dies» creature destroyed by the same «destroy all creatures» does not "
        "trigger for the others (the engine moves them one at a time; the CR example's artifact triggers twice)",
    "magic/35-persistir-vuelve-como-objeto-nuevo.yaml":
        "603.4/702.79a: persist triggers (and goes on the stack) when the creature died with a -1/-1 counter; an "
        "intervening «if» false when the event happens means the ability does not trigger at all",
}


def _params(known: dict[str, str]) -> list:
    params = []
    for path in curated_files():
        name = str(path.relative_to(CURATED_DIR))
        marks = [pytest.mark.xfail(strict=True, reason=known[name])] if name in known else []
        params.append(pytest.param(path, id=name, marks=marks))
    return params


@pytest.mark.parametrize("path", _params(ENGINE_DISAGREEMENTS))
def test_curated_scenario_holds(path: Path) -> None:
    """The run ends as the scenario says: each expectation step passed, and an early stop (a choice left open,
    the step limit) only when the scenario declares it with `{stopped: …}`."""
    scenario = load_scenario(path)
    trace = run_scenario(scenario)
    failed = [f"paso {s.number}: {s.summary}" for s in trace.failed_expectations]
    assert not failed, "\n".join(failed)
    assert trace.ok, f"la ejecución se detuvo en «{trace.stopped}» sin que el escenario lo declare"
    assert any(s.kind == "expectation" for s in trace.steps), "un escenario curado debe tener `expect:`"


# Scenarios whose steps apply a rule the engine does not cite yet (reported to the lead). strict: when the engine
# starts citing it, the XPASS fails and the entry must go.
CITATION_GAPS = {
}


@pytest.mark.parametrize("path", _params(CITATION_GAPS))
def test_curated_scenario_is_documented(path: Path) -> None:
    """A curated scenario has a Spanish title and description and says which passages it illustrates; every
    illustrated passage exists in the loaded corpus and is cited by some step of that run (an expectation step
    counts: checking "Bruno keeps his own mana" is how dv/mana/2 shows)."""
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert doc.get("title") and doc.get("description") and doc.get("illustrates")
    corpus = load_corpus()
    trace = run_scenario(load_scenario(path))
    cited = {c for s in trace.steps for c in s.citations}
    for pid in doc["illustrates"]:
        assert corpus.passage(pid) is not None, f"{pid} no existe en el corpus"
        assert pid in cited, f"el escenario dice ilustrar {pid} pero ningún paso lo cita"


def test_at_least_25_doce_vidas_scenarios() -> None:
    assert len(list((CURATED_DIR / "doce-vidas").glob("*.yaml"))) >= 25


def test_every_doce_vidas_rule_is_applied_by_some_curated_scenario() -> None:
    """Every bullet and section of doce-vidas-reglas.txt is cited by a game step of some curated scenario."""
    corpus = load_corpus()
    ids = [p.id for p in corpus.documents[DV_DOC].passages if p.kind in ("bullet", "section")]
    assert len(ids) >= 40
    cited: set[str] = set()
    for path in sorted((CURATED_DIR / "doce-vidas").glob("*.yaml")):
        trace = run_scenario(load_scenario(path))
        cited.update(c for s in trace.steps if s.kind not in GAME_KINDS_EXCLUDED for c in s.citations)
    missing = [pid for pid in ids if pid not in cited]
    assert not missing, f"pasajes de doce-vidas que ningún escenario curado aplica: {missing}"


def test_curated_traces_are_deterministic() -> None:
    """Same scenario, same trace JSON, byte for byte (seeded shuffles included)."""
    import json

    path = next(CURATED_DIR.glob("doce-vidas/01-*.yaml"))
    first = json.dumps(run_scenario(load_scenario(path)).to_json(), ensure_ascii=False)
    second = json.dumps(run_scenario(load_scenario(path)).to_json(), ensure_ascii=False)
    assert first == second
