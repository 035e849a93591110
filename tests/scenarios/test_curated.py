"""Every scenario file under scenarios/ runs and every expectation it states holds; together the curated
doce-vidas scenarios apply every rule of the document (every dv bullet/section passage is cited by a step).
Illustrated `cr-en/…` passages are checked against the official English CR (../shared, parsed once); the other
ids against the default corpus."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from judge.corpus import Corpus, load_corpus
from judge.engine import run_scenario
from judge.scenarios import load_scenario

from .conftest import CURATED_DIR, curated_files

DV_DOC = "doce-vidas-reglas"
# Game steps prove a rule was applied; expectation steps only cite what they check.
GAME_KINDS_EXCLUDED = {"expectation"}


# Scenarios where the engine does not yet do what the rules demand (reported to the lead). strict: once the engine
# is fixed the XPASS fails, and the entry must go.
ENGINE_DISAGREEMENTS: dict[str, str] = {
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
CITATION_GAPS: dict[str, str] = {
}


@lru_cache(maxsize=1)
def _default_corpus() -> Corpus:
    return load_corpus()


@lru_cache(maxsize=1)
def _cr_en_ids(path: str) -> frozenset[str]:
    """Passage ids of the official English CR, as `judge corpus import` would load them."""
    from judge.corpus.cr_en import parse_cr_file
    return frozenset(p.id for p in parse_cr_file(path).passages)


def _cr_en_or_none(request: pytest.FixtureRequest) -> frozenset[str] | None:
    try:
        path = request.getfixturevalue("cr_file")           # tests/conftest.py: skips without ../shared
    except pytest.skip.Exception:
        return None
    return _cr_en_ids(str(path))


@pytest.mark.parametrize("path", _params(CITATION_GAPS))
def test_curated_scenario_is_documented(path: Path, request: pytest.FixtureRequest) -> None:
    """A curated scenario has a Spanish title and description and says which passages it illustrates; every
    illustrated passage exists (a `cr-en/…` id in the official English CR, any other id in the default corpus) and
    is cited by some step of that run (an expectation step counts: checking "Bruno keeps his own mana" is how
    dv/mana/2 shows). Without ../shared the cr-en ids are checked for citations only, and the test then skips."""
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert doc.get("title") and doc.get("description") and doc.get("illustrates")
    corpus = _default_corpus()
    cr_en = _cr_en_or_none(request) if any(p.startswith("cr-en/") for p in doc["illustrates"]) else frozenset()
    missing = [pid for pid in doc["illustrates"]
               if (pid not in cr_en if pid.startswith("cr-en/") else corpus.passage(pid) is None)
               and not (pid.startswith("cr-en/") and cr_en is None)]
    assert not missing, f"no existen: {missing} (cr-en: en el CR oficial; los demás: en el corpus por defecto)"
    trace = run_scenario(load_scenario(path))
    cited = {c for s in trace.steps for c in s.citations}
    uncited = [pid for pid in doc["illustrates"] if pid not in cited]
    assert not uncited, f"el escenario dice ilustrar {uncited} pero ningún paso lo cita"
    if cr_en is None:
        pytest.skip("sin ../shared no se comprueba que los pasajes cr-en existan en el CR oficial")


def test_at_least_25_doce_vidas_scenarios() -> None:
    assert len(list((CURATED_DIR / "doce-vidas").glob("*.yaml"))) >= 25


def test_at_least_40_magic_scenarios() -> None:
    assert len(list((CURATED_DIR / "magic").glob("*.yaml"))) >= 40


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


@pytest.mark.parametrize("pattern", ["doce-vidas/01-*.yaml", "magic/13-*.yaml"])
def test_curated_traces_are_deterministic(pattern: str) -> None:
    """Same scenario, same trace JSON, byte for byte (seeded shuffles included: magic 13 shuffles after a
    search)."""
    import json

    path = next(CURATED_DIR.glob(pattern))
    first = json.dumps(run_scenario(load_scenario(path)).to_json(), ensure_ascii=False)
    second = json.dumps(run_scenario(load_scenario(path)).to_json(), ensure_ascii=False)
    assert first == second
