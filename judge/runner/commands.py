"""`judge run`, `judge fuzz` and `judge bench engine`. Heavy imports stay inside the functions (`judge --help`)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

EXIT_OK, EXIT_FAILED, EXIT_INVALID = 0, 1, 2


@click.command("run")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the trace as JSON instead of text.")
@click.option("--step-limit", type=click.IntRange(min=1), default=None,
              help="Stop after this many steps (overrides the scenario's step_limit).")
def run_cmd(file: Path, as_json: bool, step_limit: int | None) -> None:
    """Run a scenario FILE (YAML or JSON) and print its trace, step by step, with the cited rules.

    Exit status: 0 every expectation holds; 1 an expectation fails or the run stopped on a choice or the step
    limit the scenario does not expect; 2 the file is unreadable or the scenario is invalid (errors on stderr).
    """
    from judge.runner import execute

    try:
        scenario = execute.load(file)
    except execute.InvalidScenario as exc:
        click.echo(f"{file}: escenario no válido", err=True)
        for problem in exc.problems:
            click.echo(f"  {problem}", err=True)
        sys.exit(EXIT_INVALID)
    trace = execute.run(scenario, step_limit=step_limit)
    outcome = execute.verdict(trace)
    if as_json:
        click.echo(json.dumps(trace.to_json(), ensure_ascii=False, indent=2))
    else:
        from judge.runner.citations import resolver
        from judge.runner.render import render_trace

        res = resolver()
        click.echo(render_trace(trace.to_json(), res.resolve, verdict=outcome.line,
                                color=sys.stdout.isatty()))
    sys.exit(EXIT_OK if outcome.ok else EXIT_FAILED)
