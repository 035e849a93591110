"""`judge bench parse`: the time to read (or refuse) hostile scenario texts, through judge.scenarios.read_text."""
from __future__ import annotations

import json
import time
from typing import Any

import click

from judge.runner.catalog import scenarios_dir


def _cases() -> list[tuple[str, str, str]]:
    normal = (scenarios_dir() / "doce-vidas" / "11-combate-simultaneo.yaml").read_text(encoding="utf-8")
    return [
        ("a curated scenario (yaml)", normal, "yaml"),
        ("100,000 nested [ (yaml)", "a: " + "[" * 100_000 + "]" * 100_000, "yaml"),
        ("250,000 unclosed [ (yaml)", "a: " + "[" * 250_000, "yaml"),
        ("250,000 unclosed [ (json)", '{"a": ' + "[" * 250_000, "json"),
        ("5,000 nested block - (yaml)", "x:\n  " + "- " * 5_000 + "y\n", "yaml"),
        ("700 block keys, each indented deeper (yaml)", "".join(" " * i + f"k{i}:\n" for i in range(700)), "yaml"),
    ]


def bench_parse(repeat: int) -> list[dict[str, Any]]:
    from judge.scenarios import ScenarioError
    from judge.scenarios.load import read_text

    rows = []
    for name, text, fmt in _cases():
        times, outcome = [], ""
        for _ in range(repeat):
            start = time.perf_counter()
            try:
                read_text(text, fmt)
                outcome = "read"
            except ScenarioError as exc:
                outcome = exc.errors[0].message[:60]
            times.append(time.perf_counter() - start)
        times.sort()
        rows.append({"case": name, "bytes": len(text.encode()), "median_ms": round(times[len(times) // 2] * 1000, 1),
                     "max_ms": round(times[-1] * 1000, 1), "outcome": outcome})
    return rows


@click.command("parse")
@click.option("--repeat", default=5, show_default=True, help="times each text is read")
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def bench_parse_cmd(repeat: int, as_json: bool) -> None:
    """Time reading hostile scenario texts (deep brackets, unclosed, deep blocks) and a curated one."""
    import os

    rows = bench_parse(max(1, repeat))
    if as_json:
        click.echo(json.dumps({"load": os.getloadavg(), "rows": rows}, ensure_ascii=False, indent=1))
        return
    click.echo(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for r in rows:
        click.echo(f"{r['case']:<38} {r['bytes']:>8} B  median {r['median_ms']:>8.1f} ms  max {r['max_ms']:>8.1f} ms"
                   f"  {r['outcome']}")
