"""Issue 19's impact: the curated and saved scenarios citing a rule a new CR version changes are listed with those
rules and re-run (`judge corpus impact`, /cambios/<a>..<b>, /cambios/<a>..<b>/escenarios), and a saved run's page
says which cited rules changed since it was run.

Real data: the shipped CR and an edited copy (cr_versions.impact_version: one cited rule reworded, one removed,
one renumbered, besides next_version's uncited changes), real curated scenarios copied into a small scenarios
folder (the examples index of all of them is `judge bench corpus`'s business: seconds of runs), and scenarios
saved through the API into the instance's SQLite database.
"""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge import config, create_app
from judge.cli import main
from judge.corpus.cr_en import parse_cr
from judge.corpus.importer import save_document
from judge.cli_messages import say
from judge.messages import Message
from judge.runner.impact import run_source, trace_digest

sys.path.insert(0, str(Path(__file__).parent))
import cr_versions as V  # noqa: E402

OLD, NEW = "2026-04-17", "2026-06-05"
REWORDED_BY = ("magic/32-disparos-del-turno-hasta-perder",
               "magic/faq/plaga-de-alimanas-2-no-puedes-pagar-vida-que-no-tienes")
REMOVED_BY = "magic/27-bloqueadora-destruida-antes-del-dano"
RENUMBERED_BY = "magic/faq/furtivo-de-pradera-brumosa-1-no-puede-ser-bloqueado"
UNAFFECTED = ("magic/01-un-turno-completo-de-enderezar-a-limpieza", "doce-vidas/01-preparacion-de-la-partida")
SCENARIOS = config.CHECKOUT_DIR / "scenarios"


def _yaml(name: str) -> str:
    return (SCENARIOS / f"{name}.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def impact_docs(cr_file: Path):
    old = cr_file.read_bytes().decode("utf-8-sig")
    new = V.impact_version(old)
    return parse_cr(old, source="old.txt"), parse_cr(new, source="new.txt"), new


@pytest.fixture(scope="session")
def small_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A scenarios folder with a few real curated scenarios: those citing the changed rules and two that do not."""
    root = tmp_path_factory.mktemp("scenarios")
    for name in (*REWORDED_BY, REMOVED_BY, RENUMBERED_BY, *UNAFFECTED):
        if not (SCENARIOS / f"{name}.yaml").is_file():
            pytest.fail(f"the curated scenario {name} is gone: pick another citing the same rule")
        target = root / f"{name}.yaml"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(SCENARIOS / f"{name}.yaml", target)
    return root


@pytest.fixture(scope="session")
def versions_instance(tmp_path_factory: pytest.TempPathFactory, impact_docs, small_root: Path) -> dict[str, object]:
    """The older CR imported; three scenarios saved under it (through the API, and one row as saved before the
    rules version was recorded); then the newer CR imported.  Built once: the tests only read it."""
    instance = tmp_path_factory.mktemp("impact-instance")
    save_document(instance, impact_docs[0])
    # (no JUDGE_SCENARIOS_DIR here: set for the session, it would hide the curated scenarios from later tests)
    app = create_app({"TESTING": True, "INSTANCE": str(instance), "DATABASE_URL": None})
    client = app.test_client()
    ids = {}
    for label, name in (("reworded", REWORDED_BY[1]), ("unaffected", UNAFFECTED[1])):
        response = client.post("/api/scenarios", data=_yaml(name).encode(), content_type="application/yaml")
        assert response.status_code == 201, response.get_data(as_text=True)
        ids[label] = response.get_json()["id"]
    from judge import store
    from judge.store import saved

    ok, _, trace = run_source(_yaml(REMOVED_BY), "yaml")
    refs = {r for step in trace["steps"] for r in step["citations"]}
    engine = store.engine(app)
    # as a row of before revision 0003 (no version, verdict nor digest recorded), and one whose recorded trace
    # differs from what the engine gives today (as after an engine change)
    ids["old_row"] = saved.save(engine, source=_yaml(REMOVED_BY), fmt="yaml", ruleset="magic", title="Fila antigua",
                                document={}, citations=refs).id
    ids["engine_changed"] = saved.save(engine, source=_yaml(RENUMBERED_BY), fmt="yaml", ruleset="magic",
                                       title="Motor cambiado", document={}, citations=_refs_of(RENUMBERED_BY),
                                       rules_version=OLD, run_ok=True, run_digest="0" * 64).id
    save_document(instance, impact_docs[1])
    return {"instance": instance, "ids": ids, "root": small_root}


def _refs_of(name: str) -> set[str]:
    _, _, trace = run_source(_yaml(name), "yaml")
    return {r for step in trace["steps"] for r in step["citations"]}


def _impact(instance: Path, root: Path, *args: str):
    return CliRunner().invoke(main, ["corpus", "impact", *args],
                              env={"JUDGE_INSTANCE": str(instance), "JUDGE_SCENARIOS_DIR": str(root),
                                   "DATABASE_URL": ""})


def _by_name(data: dict) -> dict[str, dict]:
    return {f"{a['ruleset']}/{a['name']}" if a["source"] == "curated" else a["title"]: a for a in data["scenarios"]}


@pytest.fixture(scope="module")
def impact_json(versions_instance) -> dict:
    """`judge corpus impact --json` on the instance, run once for the tests that read it."""
    result = _impact(versions_instance["instance"], versions_instance["root"], "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_impact_lists_every_affected_scenario_with_its_rules(impact_json) -> None:
    data = impact_json
    assert (data["old_version"], data["new_version"], data["rerun"]) == (OLD, NEW, True)
    found = _by_name(data)
    saved_title = "Plaga de alimañas: no se puede pagar más vida de la que se tiene"
    assert set(found) == {*REWORDED_BY, REMOVED_BY, RENUMBERED_BY, saved_title, "Fila antigua", "Motor cambiado"}
    assert data["checked"] == {"curated": 6, "saved": 3}      # the unaffected saved one is no candidate
    rules = {name: [(c["number"], c["kind"], c["new"]) for c in a["rules"]] for name, a in found.items()}
    for name in (*REWORDED_BY, saved_title):
        assert rules[name] == [(V.REWORDED, "reworded", None)]
    assert rules[REMOVED_BY] == rules["Fila antigua"] == [(V.CITED_REMOVED, "removed", None)]
    assert rules[RENUMBERED_BY] == rules["Motor cambiado"] == [(V.CITED_RENUMBERED[0], "renumbered",
                                                               V.CITED_RENUMBERED[1])]
    assert all(c["steps"] for a in found.values() for c in a["rules"])       # the steps citing each rule


def test_rerunning_shows_verdict_trace_and_missing_passages(impact_json, message_ids) -> None:
    data = impact_json
    first, *rest = data["scenarios"]
    # the one whose recorded trace differs from today's run comes first; nothing else changed (same engine)
    assert first["title"] == "Motor cambiado" and first["changed"] and first["rerun"]["changed"] == ["trace"]
    assert not any(a["changed"] for a in rest)
    for a in data["scenarios"]:
        assert a["rerun"]["ok"] is True and len(a["rerun"]["digest"]) == 64
        said = a["rerun"]["verdict_message"]
        assert message_ids(said)[:2] == [said["id"], "core.verdict.good"]
        assert a["rerun"]["verdict"] == Message.from_json(a["rerun"]["verdict_message"]).render()   # its Spanish line
    found = _by_name(data)
    assert found[REMOVED_BY]["rerun"]["missing"] == [f"cr-en/{V.CITED_REMOVED}"]
    assert found[RENUMBERED_BY]["rerun"]["missing"] == [f"cr-en/{V.CITED_RENUMBERED[0]}"]
    assert found[REWORDED_BY[0]]["rerun"]["missing"] == []
    assert found["Fila antigua"]["rules_version"] is None and found["Fila antigua"]["rerun"]["before_digest"] is None
    saved = found["Plaga de alimañas: no se puede pagar más vida de la que se tiene"]
    assert saved["rules_version"] == OLD and saved["rerun"]["before_digest"] == saved["rerun"]["digest"]


def test_impact_text_and_no_rerun(versions_instance, said_line) -> None:
    text = _impact(versions_instance["instance"], versions_instance["root"])
    assert text.exit_code == 0, text.output
    head = said_line(text.output.splitlines()[0], "cli.impact.head_changed")
    assert head is not None and (head["old"], head["new"], head["affected"]) == (OLD, NEW, "7")
    renumbered = f"{V.CITED_RENUMBERED[0]} {say('es', 'cli.impact.kind.renumbered')} → {V.CITED_RENUMBERED[1]}"
    assert any(line.strip().startswith(renumbered) for line in text.output.splitlines())
    missing = [said_line(line, "cli.impact.missing") for line in text.output.splitlines()]
    assert {"version": NEW, "passages": f"cr-en/{V.CITED_REMOVED}"} in missing
    assert "! magic/" in text.output and said_line(text.output, "cli.impact.before_versions") == {}
    listed = json.loads(_impact(versions_instance["instance"], versions_instance["root"], "--json",
                                "--no-rerun").output)
    assert listed["rerun"] is False and listed["affected"] == 7
    assert all(a["rerun"] is None for a in listed["scenarios"])


def test_impact_of_a_file_not_imported_imports_nothing(tmp_path: Path, impact_docs, small_root: Path) -> None:
    instance = tmp_path / "instance"
    save_document(instance, impact_docs[0])
    candidate = tmp_path / "MagicCompRules_EN_20260605.txt"
    candidate.write_bytes(impact_docs[2].encode("utf-8"))
    result = _impact(instance, small_root, str(candidate), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["old_version"], data["new_version"]) == (OLD, NEW)
    assert set(_by_name(data)) == {*REWORDED_BY, REMOVED_BY, RENUMBERED_BY}
    assert sorted(p.name for p in (instance / "imported").iterdir()) == ["cr-en.json"]   # nothing imported
    assert not (instance / "judge.db").exists()                                          # nor a database made


def test_impact_bad_input_says_what(tmp_path: Path, small_root: Path, said_line) -> None:
    alone = _impact(tmp_path / "empty", small_root)
    assert alone.exit_code == 2 and "Traceback" not in alone.output
    assert said_line(alone.output.removeprefix("error: "), "cli.diff.need_two")["doc"] == "cr-en"
    missing = _impact(tmp_path / "empty", small_root, "nada.txt")
    assert missing.exit_code == 2 and "nada.txt" in missing.output and "Traceback" not in missing.output


@pytest.fixture()
def client(versions_instance, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("JUDGE_SCENARIOS_DIR", str(versions_instance["root"]))
    app = create_app({"TESTING": True, "INSTANCE": str(versions_instance["instance"]), "DATABASE_URL": None})
    return app.test_client()


def test_changes_page_lists_the_affected_scenarios(client) -> None:
    data = client.get(f"/cambios/{OLD}..{NEW}.json").get_json()
    impact = data["impact"]
    assert impact["rerun"] is False and impact["affected"] == 7
    assert impact["rerun_url"] == f"/cambios/{OLD}..{NEW}/escenarios"
    page = client.get(f"/cambios/{OLD}..{NEW}").get_data(as_text=True)
    for name in (*REWORDED_BY, REMOVED_BY, RENUMBERED_BY):
        assert f'href="/escenarios/{name}"' in page
    assert f'href="/cambios/{OLD}..{NEW}/escenarios"' in page and 'data-message="impact.title"' in page


def test_rerun_page_shows_what_rerunning_gives(client) -> None:
    data = client.get(f"/cambios/{OLD}..{NEW}/escenarios.json").get_json()
    assert data["rerun"] is True and data["changed"] == 1 and data["scenarios"][0]["title"] == "Motor cambiado"
    page = client.get(f"/cambios/{OLD}..{NEW}/escenarios?lang=en").get_data(as_text=True)
    assert "changed: trace" in page and f"cr-en/{V.CITED_REMOVED}" in page and "same verdict and trace" in page
    assert client.get("/cambios/2026-04-17..1999-01-01/escenarios").status_code == 404


def test_saved_page_says_which_cited_rules_changed_since(client, versions_instance) -> None:
    ids = versions_instance["ids"]
    data = client.get(f"/escenarios/guardados/{ids['reworded']}.json").get_json()
    assert data["rules_version"] == OLD
    rules = data["rules"]
    assert rules["state"] == "changed" and rules["current"] == NEW
    assert [(r["number"], r["kind"]) for r in rules["rules"]] == [(V.REWORDED, "reworded")]
    assert rules["diff_url"] == f"/cambios/{OLD}..{NEW}"
    page = client.get(f"/escenarios/guardados/{ids['reworded']}").get_data(as_text=True)
    assert f'href="/cambios/{OLD}..{NEW}"' in page and f"?version={OLD}" in page
    unaffected = client.get(f"/escenarios/guardados/{ids['unaffected']}.json").get_json()["rules"]
    assert unaffected["state"] == "unchanged" and unaffected["rules"] == []
    old = client.get(f"/escenarios/guardados/{ids['old_row']}").get_data(as_text=True)
    assert 'data-message="saved.rules.not-recorded"' in old           # no rules version recorded: it says so


def test_a_saved_run_records_the_rules_version_it_ran_under(versions_instance) -> None:
    from judge import store
    from judge.store import saved

    app = create_app({"TESTING": True, "INSTANCE": str(versions_instance["instance"]), "DATABASE_URL": None})
    row = saved.get(store.engine(app), versions_instance["ids"]["reworded"])
    _, _, trace = run_source(row.source, row.format)
    assert (row.rules_version, row.run_ok, row.run_digest) == (OLD, True, trace_digest(trace))


def test_trace_digest_ignores_boards_only() -> None:
    trace = {"stopped": "fin", "ok": True, "steps": [{"number": 1, "citations": ["cr-en/704.5a"], "board": {"a": 1}}]}
    same = {**trace, "steps": [{**trace["steps"][0], "board": None}]}
    other = {**trace, "steps": [{**trace["steps"][0], "citations": ["cr-en/704.5b"]}]}
    assert trace_digest(trace) == trace_digest(same) != trace_digest(other)


def test_bench_corpus_times_each_part(tmp_path: Path, impact_docs, small_root: Path, cr_file: Path) -> None:
    new = tmp_path / "MagicCompRules_EN_20260605.txt"
    new.write_bytes(impact_docs[2].encode("utf-8"))
    result = CliRunner().invoke(main, ["bench", "corpus", str(cr_file), str(new), "--repeat", "1", "--saved", "2",
                                       "--json"], env={"JUDGE_SCENARIOS_DIR": str(small_root)})
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    for part in ("parse_both", "diff", "index_cold", "impact_listed", "impact_rerun"):
        assert data[part]["cpu_s"] >= 0 and data[part]["wall_s"] >= 0
    # the first two magic scenarios are saved: 01-… cites no changed rule, so only 27-… is a saved candidate
    assert data["changes"]["removed"] == 2 and data["checked"] == {"curated": 6, "saved": 1}
    assert data["affected"]["curated"] == 4


def test_reruns_can_be_bounded(versions_instance) -> None:
    from judge.runner.impact import Budget

    budget = Budget(2)
    assert [budget.take() for _ in range(4)] == [True, True, False, False] and budget.skipped == 2
    assert budget.take(count_skip=False) is False and budget.skipped == 2
    from judge.corpus import load_corpus
    from judge.web.impact import diff_of, scenarios_impact

    corpus = load_corpus(instance_dir=versions_instance["instance"])
    old, new = corpus.versions("cr-en")[-2:]
    result = scenarios_impact(diff_of(corpus, old, new), new, versions_instance["instance"], lambda n: [],
                              root=versions_instance["root"], max_reruns=1)
    assert result.not_rerun == 3 and sum(1 for a in result.scenarios if a.rerun) == 1


def test_cited_changes_states(versions_instance) -> None:
    from judge.corpus import load_corpus
    from judge.web.impact import cited_changes

    corpus = load_corpus(instance_dir=versions_instance["instance"])
    refs = [f"cr-en/{V.CITED_REMOVED}", "cr-en/100.1"]
    assert cited_changes(corpus, None, refs)["state"] == "not-recorded"
    assert cited_changes(corpus, "", refs)["state"] == "no-cr"
    assert cited_changes(corpus, NEW, refs)["state"] == "current"
    assert cited_changes(corpus, "2020-01-01", refs)["state"] == "not-loaded"
    changed = cited_changes(corpus, OLD, refs)
    assert changed["state"] == "changed" and [r["number"] for r in changed["rules"]] == [V.CITED_REMOVED]
    bare = load_corpus(instance_dir=versions_instance["instance"].parent / "no-such-instance")
    assert cited_changes(bare, OLD, refs)["state"] == "not-loaded"       # no CR loaded at all now
