"""`judge bench api`: thousands of generated requests against /api through the WSGI app (schemathesis from
/api/openapi.json, and scenarios built from each ruleset's describe()): counts by status, 5xx and 4xx without a
JSON error, and the slowest. Needs the test extras (schemathesis, hypothesis). Figures in docs/benchmarks.md."""
from __future__ import annotations

import json
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import click


class Tally:
    def __init__(self) -> None:
        self.statuses: Counter[int] = Counter()
        self.bad: list[str] = []          # 5xx, or a 4xx that is not a JSON error
        self.slowest: list[tuple[float, str]] = []

    def add(self, what: str, status: int, body: Any, seconds: float) -> None:
        self.statuses[status] += 1
        self.slowest = sorted(self.slowest + [(seconds, what)], reverse=True)[:5]
        if status >= 500 or (status >= 400 and not (isinstance(body, dict) and (body.get("error") or
                                                                                 body.get("errors")))):
            self.bad.append(f"{status} {what}")

    def to_json(self) -> dict[str, Any]:
        total = sum(self.statuses.values())
        return {"requests": total, "statuses": dict(sorted(self.statuses.items())),
                "4xx": sum(n for s, n in self.statuses.items() if 400 <= s < 500),
                "5xx": sum(n for s, n in self.statuses.items() if s >= 500), "bad": self.bad[:20],
                "slowest": [{"ms": round(s * 1000, 1), "request": w} for s, w in self.slowest]}


def bench_api(examples: int, scenarios: int, instance: Path) -> dict[str, Any]:
    import schemathesis
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from judge import create_app
    from judge.web.descriptions import descriptions
    from judge.web.strategies import scenarios as scenario_strategy

    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"INSTANCE": str(instance), "DATABASE_URL": f"sqlite:///{Path(tmp) / 'judge.db'}"})
        client = app.test_client()
        client.get("/api/search?q=persistir")       # loads the corpus and the index (built if missing): not counted
        schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
        quiet = settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck),
                         database=None)
        for result in schema.get_all_operations():
            operation = result.ok()

            @quiet
            @given(case=operation.as_strategy())
            def one(case: Any) -> None:
                start = time.perf_counter()
                response = case.call()
                try:
                    body = response.json()
                except ValueError:
                    body = None
                tally.add(f"{case.method} {case.formatted_path}", response.status_code, body,
                          time.perf_counter() - start)

            one()

        @settings(max_examples=scenarios, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        @given(doc=scenario_strategy(descriptions()), url=st.sampled_from(["/api/validate", "/api/run",
                                                                         "/api/scenarios"]))
        def scenario(doc: Any, url: str) -> None:
            start = time.perf_counter()
            response = client.post(url, data=json.dumps(doc, ensure_ascii=True), content_type="application/json")
            tally.add(f"POST {url} (generated scenario)", response.status_code, response.get_json(silent=True),
                      time.perf_counter() - start)

        scenario()
    return tally.to_json()


@click.command("api")
@click.option("--examples", default=150, show_default=True, help="generated requests per /api operation")
@click.option("--scenarios", default=1000, show_default=True, help="generated scenarios posted")
@click.option("--json", "as_json", is_flag=True)
def bench_api_cmd(examples: int, scenarios: int, as_json: bool) -> None:
    """Generated requests against /api: statuses, 5xx, 4xx without a JSON error, the slowest."""
    import os

    from judge import config

    try:
        started = time.perf_counter()
        out = bench_api(examples, scenarios, config.instance_dir())
    except ImportError as exc:
        raise click.ClickException(f"{exc}: install the test extras (pip install -e '.[test]')") from None
    out["seconds"] = round(time.perf_counter() - started, 1)
    out["load"] = [round(x, 2) for x in os.getloadavg()]
    if as_json:
        click.echo(json.dumps(out, ensure_ascii=False, indent=1))
        return
    click.echo(f"{out['requests']} requests in {out['seconds']} s (load {out['load']}): statuses "
               f"{out['statuses']}, 4xx {out['4xx']}, 5xx {out['5xx']}, bad answers {len(out['bad'])}")
    for line in out["bad"]:
        click.echo(f"  bad: {line}")
    for s in out["slowest"]:
        click.echo(f"  slowest: {s['ms']} ms {s['request']}")
    if out["bad"]:
        raise SystemExit(1)
