"""`flask --app judge index`: the app's command builds its own instance's index with the search's function."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_flask_index_command_builds_then_reports_up_to_date(tmp_path: Path, said_line) -> None:
    from judge import create_app
    from judge.messages import Message

    runner = create_app({"TESTING": True, "INSTANCE": str(tmp_path)}).test_cli_runner()
    result = runner.invoke(args=["index"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "index").is_dir()
    again = runner.invoke(args=["index", "--if-stale"])
    # the line that says the index was kept (cli.build.fresh), not the one that says it was built
    assert again.exit_code == 0 and Message("cli.build.fresh", path=tmp_path / "index").render() in again.output
    forced = runner.invoke(args=["index"])
    assert forced.exit_code == 0 and said_line(forced.output, "cli.build.built")["path"] == str(tmp_path / "index")


def test_flask_index_uses_the_instance_of_judge_instance(tmp_path: Path, said_line) -> None:
    env = dict(os.environ, JUDGE_INSTANCE=str(tmp_path))
    flask = Path(sys.executable).parent / "flask"
    result = subprocess.run([str(flask), "--app", "judge", "index"], env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert said_line(result.stdout, "cli.build.built") is not None and (tmp_path / "index").is_dir()
