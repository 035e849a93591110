"""`judge bench web` runs end to end on a small library and reports every page it times (figures are never
asserted: speed is measured by the command, not by tests); the instance's own database is left alone."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from judge.cli import main

PAGES = ["viewer (100 steps)", "viewer JSON", "builder (empty)", "builder (magic template)", "library",
         "library JSON", "library ?q=title words", "library ?q=cited rule", "library last page"]


def _stat(path: Path) -> tuple[int, int] | None:
    return (path.stat().st_size, path.stat().st_mtime_ns) if path.exists() else None


def test_bench_web_json(instance_dir: Path) -> None:
    own_database = instance_dir / "judge.db"
    before = _stat(own_database)
    result = CliRunner().invoke(main, ["bench", "web", "--saved", "25", "--repeat", "2", "--json"],
                                env={"JUDGE_INSTANCE": str(instance_dir)})
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert [p["name"] for p in figures["pages"]] == PAGES
    assert all(p["status"] == 200 and p["bytes"] > 0 for p in figures["pages"])
    assert all(0 < p["median_ms"] <= p["p95_ms"] for p in figures["pages"])
    assert figures["viewer_steps"] == 100 and figures["repeat"] == 2
    # 25 versions: the viewer's scenario and 24 from the curated ones, every fifth an edit (4), so 21 lines listed.
    assert figures["saved_versions"] == 25 and figures["saved"] == 21
    last = figures["pages"][-1]["url"]
    assert last == "/biblioteca?page=2"
    assert isinstance(figures["viewer_aim_met"], bool) and figures["aim_viewer_ms"] == 100
    assert _stat(own_database) == before


def test_bench_web_table(instance_dir: Path) -> None:
    result = CliRunner().invoke(main, ["bench", "web", "--saved", "3", "--repeat", "1"],
                                env={"JUDGE_INSTANCE": str(instance_dir)})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("judge bench web · ")
    header = next(i for i, line in enumerate(lines) if line.startswith("page "))
    assert lines[header].split() == ["page", "status", "bytes", "first", "ms", "median", "ms", "p95", "ms", "CPU", "ms"]
    rows = lines[header + 2: header + 2 + len(PAGES)]
    assert [row[:26].strip() for row in rows] == PAGES
    assert all(row.split()[-6] == "200" for row in rows)
    assert lines[-1].startswith("aim: the viewer of a 100-step scenario under 100 ms")
