"""`judge run FILE [--json] [--step-limit N]`: exit 0 when every expectation holds, 1 when one fails or the run
stops early unexpectedly, 2 for an invalid scenario or an unreadable file (errors on stderr, never a traceback)."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from judge.cli import main
from judge.messages import Message

from .conftest import CURATED_DIR, DEEP_ERROR_LINES


def _run(cli: CliRunner, *args: str):
    return cli.invoke(main, ["run", *args], catch_exceptions=False)


def test_passing_scenario_exits_0_and_prints_steps_citations_and_verdict(cli: CliRunner, tmp_path: Path,
                                                                        minimal: str) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text(minimal, encoding="utf-8")
    result = _run(cli, str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    data = json.loads(_run(cli, str(path), "--json").output)        # the same run: its messages and texts
    lines = out.splitlines()
    assert data["scenario_title"] in lines[0]
    # every step once, numbered, with its text (the message rendered), the attack's loss among them
    for step in data["steps"]:
        assert sum(line.lstrip().startswith(f"{step['number']}. ") and line.endswith(step["summary"])
                   for line in lines) == 1, step
    [hit] = [s for s in data["steps"] if s.get("message", {}).get("id") == "dv.attack.player"]
    assert hit["message"]["params"]["player"] == "Bruno" and hit["message"]["params"]["lives"] == 10
    # The citation with its text, shortened, from the loaded corpus.
    assert "§ dv/tipos/criaturas/7 — Cuando una criatura ataca a un jugador" in out
    assert lines[-1] == data["verdict"]["text"] and data["verdict"]["message"]["id"] == "core.verdict.ok_one"


def test_failed_expectation_exits_1(cli: CliRunner, tmp_path: Path, minimal_failing: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(minimal_failing, encoding="utf-8")
    result = _run(cli, str(path))
    assert result.exit_code == 1
    assert Message("core.expect.failed", check="").render() in result.output      # a failed expectation step
    verdict = Message("core.verdict.fail", head=Message("core.verdict.bad"),
                      reasons=[Message("core.verdict.one_failed")]).render()
    assert result.output.rstrip().splitlines()[-1].startswith(verdict.rstrip("."))


def test_unexpected_step_limit_exits_1(cli: CliRunner, tmp_path: Path) -> None:
    """A run cut by the step limit fails unless the scenario declares `{stopped: limite}`."""
    source = (CURATED_DIR / "doce-vidas" / "02-el-segundo-jugador-roba-una-mas.yaml").read_text(encoding="utf-8")
    path = tmp_path / "long.yaml"
    path.write_text(source, encoding="utf-8")
    result = _run(cli, str(path), "--step-limit", "3")
    assert result.exit_code == 1
    # core.limit.steps / .action / .setup all begin with the limit reached
    assert Message("core.limit.steps", limit=3).render().split(":")[0] in result.output


def test_declared_step_limit_exits_0(cli: CliRunner) -> None:
    result = _run(cli, str(next(CURATED_DIR.glob("doce-vidas/26-*.yaml"))))
    assert result.exit_code == 0, result.output


def test_json_prints_the_trace(cli: CliRunner, tmp_path: Path, minimal: str) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text(minimal, encoding="utf-8")
    result = _run(cli, str(path), "--json")
    assert result.exit_code == 0
    trace = json.loads(result.output)
    assert trace["ruleset"] == "doce-vidas" and trace["ok"] is True and trace["stopped"] == "fin"
    kinds = [s["kind"] for s in trace["steps"]]
    assert kinds[0] == "setup" and "resolution" in kinds and kinds[-1] == "expectation"
    assert all(s["citations"] for s in trace["steps"])


def test_json_has_the_verdict_of_the_api(cli: CliRunner, client, tmp_path: Path, minimal: str,
                                         minimal_failing: str) -> None:
    for source, code in ((minimal, 0), (minimal_failing, 1)):
        path = tmp_path / "s.yaml"
        path.write_text(source, encoding="utf-8")
        result = _run(cli, str(path), "--json")
        assert result.exit_code == code
        trace = json.loads(result.output)
        api = client.post("/api/run", data=source.encode(), content_type="application/yaml").get_json()
        assert trace["verdict"] == api["verdict"] == {"ok": code == 0, "text": api["verdict"]["text"],
                                                      "message": api["verdict"]["message"], "unmodelled": []}
        assert api["verdict"]["message"]["id"] == ("core.verdict.ok_one" if code == 0 else "core.verdict.fail")
        # The verdict line the text output ends with; every other key as /api/run has it (`passages`, the cited
        # text, is the web's).
        assert _run(cli, str(path)).output.rstrip().splitlines()[-1] == trace["verdict"]["text"]
        assert trace == {k: v for k, v in api.items() if k != "passages"}


def test_json_scenario_file(cli: CliRunner, tmp_path: Path, minimal: str) -> None:
    import yaml

    path = tmp_path / "s.json"
    path.write_text(json.dumps(yaml.safe_load(minimal), ensure_ascii=False), encoding="utf-8")
    assert _run(cli, str(path)).exit_code == 0


def test_deep_nesting_is_one_more_field_error_on_stderr(cli: CliRunner, tmp_path: Path, deep_invalid: str) -> None:
    path = tmp_path / "hondo.json"
    path.write_text(deep_invalid, encoding="utf-8")
    result = _run(cli, str(path))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"{path}: {Message('format.invalid').render()}"] + \
        [f"  {p}: {m}" for p, m in DEEP_ERROR_LINES]


def test_invalid_scenario_exits_2_with_every_field_error_on_stderr(tmp_path: Path, minimal: str) -> None:
    path = tmp_path / "invalid.yaml"
    path.write_text(minimal.replace("by: Ana, attack", "by: Carla, attack").replace("life: 3", "life: tres"),
                    encoding="utf-8")
    result = CliRunner().invoke(main, ["run", str(path)])
    assert result.exit_code == 2
    err = result.stderr
    assert err.splitlines()[0].endswith(": " + Message("format.invalid").render())
    lines = [line.strip() for line in err.splitlines()[1:]]
    assert "actions[0].by: " + Message("format.player.unknown", name="Carla").render() in lines
    assert any(line.split(": ")[0] == "cards.Lobo gris.life" for line in lines)
    assert "Traceback" not in result.output + err


def test_malformed_yaml_exits_2_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("ruleset: doce-vidas\ntitle: [sin cerrar\nplayers: []\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["run", str(path)])
    assert result.exit_code == 2
    said = Message("format.load.bad_yaml_at", line=3, column=8, problem="expected ',' or ']', but got ':'")
    assert said.render() in _stderr(result)                 # the line and column where PyYAML stopped


def test_unreadable_file_exits_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["run", str(tmp_path / "no-existe.yaml")])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    folder = CliRunner().invoke(main, ["run", str(tmp_path)])
    assert folder.exit_code == 2


def test_binary_file_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "bin.yaml"
    path.write_bytes(b"\xff\xfe\x00garbage\x80")
    result = CliRunner().invoke(main, ["run", str(path)])
    assert result.exit_code == 2
    assert "UTF-8" in _stderr(result)


def _stderr(result) -> str:
    return result.stderr


def test_without_a_corpus_the_trace_still_prints(tmp_path: Path, minimal: str, said_line) -> None:
    """A broken corpus folder costs the cited text (with a warning), not the verdict or a traceback."""
    path = tmp_path / "ok.yaml"
    path.write_text(minimal, encoding="utf-8")
    from judge.runner import citations

    citations._cache.clear()
    result = CliRunner().invoke(main, ["run", str(path)], env={"JUDGE_CORPUS_DIR": str(tmp_path / "nada")})
    citations._cache.clear()
    assert result.exit_code == 0
    assert "§ dv/tipos/criaturas/7\n" in result.output
    assert said_line(result.stderr, "core.cli.no_corpus") is not None, result.stderr


def test_scenario_from_stdin(minimal: str, minimal_failing: str) -> None:
    assert CliRunner().invoke(main, ["run", "-"], input=minimal).exit_code == 0
    assert CliRunner().invoke(main, ["run", "-"], input=minimal_failing).exit_code == 1
    assert CliRunner().invoke(main, ["run", "-"], input="").exit_code == 2


def test_bench_engine_reports_its_figures() -> None:
    result = CliRunner().invoke(main, ["bench", "engine", "--repeat", "1", "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["curated"]["scenarios"] >= 25 and figures["curated"]["steps"] > 0
    assert figures["fuzz"]["games"] == 3 and figures["fuzz"]["games_per_second"] > 0
    assert figures["replay"]["games"] == 3 and figures["replay"]["steps"] > 0
    assert figures["reference_ms"]["before"] > 0 and figures["reference_ms"]["after"] > 0
