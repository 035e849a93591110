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


def names_its_problem(status: int, body: Any) -> bool:
    """A 4xx answer (or a validation's `ok: false`) says what is wrong: a JSON error with a non-empty `error` or
    `errors`, and each of its field errors a `path` (the document's root is "") and a non-empty `message`."""
    if not isinstance(body, dict):
        return False
    errors = body.get("errors")
    if errors is not None:
        if not isinstance(errors, list) or not errors:
            return bool(body.get("error")) and errors == []
        return all(isinstance(e, dict) and isinstance(e.get("path"), str) and isinstance(e.get("message"), str)
                   and e["message"].strip() for e in errors)
    return isinstance(body.get("error"), str) and bool(body["error"].strip())


class Tally:
    """Every answer's status; what is wrong with some (`bad`: a 5xx, a 4xx that is not a JSON error naming its
    problem, an invalid scenario's errors without their paths); the requests answered after their bound (`late`:
    wall-clock seconds over the endpoint's time budget, with the CPU they took); the slowest."""

    def __init__(self) -> None:
        self.statuses: Counter[int] = Counter()
        self.bad: list[str] = []          # 5xx, or a 4xx that is not a JSON error naming its problem
        self.late: list[str] = []         # answered after the endpoint's bound
        self.slowest: list[tuple[float, float, str]] = []

    def add(self, what: str, status: int, body: Any, seconds: float, cpu: float = 0.0,
            bound: float | None = None) -> None:
        self.statuses[status] += 1
        self.slowest = sorted(self.slowest + [(seconds, cpu, what)], reverse=True)[:5]
        if status >= 500:
            self.bad.append(f"{status} {what}")
        elif status >= 400 and not names_its_problem(status, body):
            self.bad.append(f"{status} {what}: {str(body)[:160]}")
        elif status == 200 and isinstance(body, dict) and body.get("ok") is False and "errors" in body \
                and not names_its_problem(status, body):
            self.bad.append(f"{status} {what} (invalid, errors without path or message): {str(body)[:160]}")
        if bound is not None and seconds > bound:
            self.late.append(f"{seconds:.2f} s (CPU {cpu:.2f} s, bound {bound:g} s) {status} {what}")

    def to_json(self) -> dict[str, Any]:
        total = sum(self.statuses.values())
        return {"requests": total, "statuses": dict(sorted(self.statuses.items())),
                "4xx": sum(n for s, n in self.statuses.items() if 400 <= s < 500),
                "5xx": sum(n for s, n in self.statuses.items() if s >= 500), "bad": self.bad[:20],
                "bad_count": len(self.bad), "late": self.late[:20], "late_count": len(self.late),
                "slowest": [{"ms": round(s * 1000, 1), "cpu_ms": round(c * 1000, 1), "request": w}
                            for s, c, w in self.slowest]}


def bounds(config: Any) -> dict[str, float]:
    """Each endpoint's bound in seconds: the time budgets of validation (VALIDATE_TIME_BUDGET) and of runs and
    saves (RUN_TIME_BUDGET), and the run budget for the other endpoints too (none of them has work that grows
    past it)."""
    validate = float(config.get("VALIDATE_TIME_BUDGET") or 5)
    run = float(config.get("RUN_TIME_BUDGET") or 10)
    return {"/api/validate": validate, "/api/run": run, "/api/scenarios": run, "": run}


def _bound_of(table: dict[str, float], path: str) -> float:
    return next((v for k, v in table.items() if k and path.startswith(k)), table[""])


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
        client.get("/api/rules/704")                # builds the rule pages' examples if missing: not counted
        limits = bounds(app.config)
        schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
        quiet = settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck),
                         database=None)
        for result in schema.get_all_operations():
            operation = result.ok()

            @quiet
            @given(case=operation.as_strategy())
            def one(case: Any) -> None:
                start, cpu = time.perf_counter(), time.thread_time()
                response = case.call()
                seconds, cpu = time.perf_counter() - start, time.thread_time() - cpu
                try:
                    body = response.json()
                except ValueError:
                    body = None
                tally.add(f"{case.method} {case.formatted_path}", response.status_code, body, seconds, cpu,
                          _bound_of(limits, case.formatted_path))

            one()

        @settings(max_examples=scenarios, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        @given(doc=scenario_strategy(descriptions()), url=st.sampled_from(["/api/validate", "/api/run",
                                                                         "/api/scenarios"]))
        def scenario(doc: Any, url: str) -> None:
            start, cpu = time.perf_counter(), time.thread_time()
            response = client.post(url, data=json.dumps(doc, ensure_ascii=True), content_type="application/json")
            seconds, cpu = time.perf_counter() - start, time.thread_time() - cpu
            tally.add(f"POST {url} (generated scenario)", response.status_code, response.get_json(silent=True),
                      seconds, cpu, _bound_of(limits, url))

        scenario()
    return tally.to_json()


@click.command("api")
@click.option("--examples", default=150, show_default=True, help="generated requests per /api operation")
@click.option("--scenarios", default=1000, show_default=True, help="generated scenarios posted")
@click.option("--json", "as_json", is_flag=True)
def bench_api_cmd(examples: int, scenarios: int, as_json: bool) -> None:
    """Generated requests against /api: statuses, 5xx, 4xx without a JSON error naming the problem, requests
    over their time bound, the slowest."""
    import os

    from judge import config

    try:
        started, cpu = time.perf_counter(), time.process_time()
        out = bench_api(examples, scenarios, config.instance_dir())
        out["cpu_s"] = round(time.process_time() - cpu, 1)
    except ImportError as exc:
        raise click.ClickException(f"{exc}: install the test extras (pip install -e '.[test]')") from None
    out["seconds"] = round(time.perf_counter() - started, 1)
    out["load"] = [round(x, 2) for x in os.getloadavg()]
    if as_json:
        click.echo(json.dumps(out, ensure_ascii=False, indent=1))
        return
    click.echo(f"{out['requests']} requests in {out['seconds']} s (load {out['load']}, CPU {out['cpu_s']} s): "
               f"statuses {out['statuses']}, 4xx {out['4xx']}, 5xx {out['5xx']}, bad answers {out['bad_count']}, "
               f"over their bound {out['late_count']}")
    for line in out["bad"]:
        click.echo(f"  bad: {line}")
    for line in out["late"]:
        click.echo(f"  over its bound: {line}")
    for s in out["slowest"]:
        click.echo(f"  slowest: {s['ms']} ms (CPU {s['cpu_ms']} ms) {s['request']}")
    if out["bad"] or out["late"]:
        raise SystemExit(1)
