"""`judge run` prints each step's unmodelled card text once: the note says what is not modelled, with no prefix
repeating it (DESIGN.md, "Engine principles": the trace says which card's text is not modelled)."""
from __future__ import annotations

import json

from click.testing import CliRunner

from judge.cli import main

from .conftest import CURATED_DIR


def test_an_unmodelled_line_says_not_modelled_once(cli: CliRunner) -> None:
    path = next((CURATED_DIR / "magic").glob("42-*.yaml"))
    result = cli.invoke(main, ["run", str(path)], catch_exceptions=False)
    lines = [line.strip() for line in result.output.splitlines() if line.strip().startswith("! ")]
    assert lines, result.output
    # each step's notes, printed as the trace has them: the note itself says what is not modelled, and the
    # terminal adds no prefix that would say it again
    data = json.loads(cli.invoke(main, ["run", str(path), "--json"], catch_exceptions=False).output)
    notes = [f"! {note}" for step in data["steps"] for note in step["unmodelled"]]
    assert lines == notes
