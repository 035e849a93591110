"""`judge bench web`: the server time of the pages people wait for, through Flask's test client (no network, no
browser): the step viewer of a 100-step scenario, the builder, and the library with 10,000 saved scenarios in a
temporary SQLite database. Each page is asked once (the first, cold, reported apart), then `--repeat` times; the
median and 95th percentile of the wall time and the median CPU time are reported (on a shared, loaded machine the
wall time is mostly waiting, the CPU time is the work). The figures go in docs/benchmarks.md ("Web")."""
from __future__ import annotations

import json
import os
import platform
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import click

AIM_VIEWER_MS = 100.0        # issue 8: the viewer of a 100-step scenario under 100 ms of server time
VIEWER_STEPS = 100

# A 100-step magic game: the turns go round (untap, upkeep, draw, priority passes…) until the step limit stops
# the run at step 100, which the scenario expects. Deterministic: no shuffle, no choice.
VIEWER_SCENARIO = """\
ruleset: magic
title: Cien pasos de partida (judge bench web)
description: Los turnos pasan hasta que el límite de pasos detiene la partida en el paso 100.
players:
  - name: Ana
    library: [Bosque, Bosque, Bosque, Bosque, Bosque, Bosque, Bosque, Bosque]
    battlefield:
      - {card: Bosque, id: b1}
      - {card: Deidad de la veneración, id: deidad}
  - name: Bruno
    library: [Montaña, Montaña, Montaña, Montaña, Montaña, Montaña, Montaña, Montaña]
    battlefield:
      - {card: Montaña, id: m1}
turn: {number: 2, active: Ana, step: main1}
step_limit: %(steps)d
actions:
  - {pass_until: main1}
  - {pass_until: main1}
  - {pass_until: main1}
  - {pass_until: main1}
expect:
  - {stopped: limite}
"""


@dataclass
class Timing:
    name: str
    url: str
    status: int
    bytes: int
    first_ms: float
    median_ms: float
    p95_ms: float
    cpu_median_ms: float


def _time_page(client: Any, name: str, url: str, repeat: int, **request: Any) -> Timing:
    """One cold request, then `repeat` warm ones; a page that does not answer 200 stops the bench (a timing of
    an error page means nothing)."""
    def once() -> tuple[float, float, Any]:
        wall, cpu = time.perf_counter(), time.process_time()
        response = client.get(url, **request)
        body = response.get_data()
        return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000, (response, body)

    first, _, (response, body) = once()
    if response.status_code != 200:
        raise click.ClickException(f"{url} answered {response.status_code}: {body[:300]!r}")
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu, _answer = once()
        walls.append(wall)
        cpus.append(cpu)
    walls.sort()
    p95 = walls[min(len(walls) - 1, max(0, round(0.95 * len(walls)) - 1))]
    return Timing(name, url, response.status_code, len(body), first, statistics.median(walls), p95,
                  statistics.median(cpus))


def _fill_library(engine: Any, count: int) -> float:
    """`count` saved versions made from the curated scenarios (their text, document and the rules their run
    cites), titles numbered, every fifth one an edit of the one before (the library lists the newest version of
    each line). Returns the seconds taken."""
    from judge.runner import execute
    from judge.runner.catalog import curated
    from judge.store import saved

    started = time.perf_counter()
    models = []
    for item in curated():
        try:
            source = item.path.read_text(encoding="utf-8")
            scenario = execute.load(source, "yaml")
            trace = execute.run(scenario, board_budget=1)
        except Exception:  # noqa: BLE001 - a broken curated file is not a model for the fill
            continue
        cited = sorted({ref for step in trace.steps for ref in getattr(step, "citations", None) or ()})
        models.append((item, source, scenario.document, cited))
        if len(models) >= 40:
            break
    if not models and count:
        raise click.ClickException("no curated scenario to fill the library with")
    previous = None
    key = saved.new_key()   # one owner for the whole fill: every fifth save is a version of the one before
    for i in range(count):
        item, source, document, cited = models[i % len(models)]
        parent = previous if i % 5 == 4 else None
        previous = saved.save(engine, source=source, fmt="yaml", ruleset=item.ruleset,
                              title=f"{item.title} · {i + 1}", document=document, citations=cited,
                              parent=parent, edit_key=key)
    return time.perf_counter() - started


@click.command("web")
@click.option("--repeat", type=click.IntRange(min=1, max=1000), default=20, show_default=True,
              help="Warm requests of each page (after one cold request, reported apart).")
@click.option("--saved", "saved_count", type=click.IntRange(min=0, max=1_000_000), default=10_000,
              show_default=True, help="Saved scenarios put in the temporary database before the library is timed.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench_web_cmd(repeat: int, saved_count: int, as_json: bool) -> None:
    """Server time of the pages (Flask test client, warm): the step viewer of a 100-step scenario (a saved
    version's permalink, which runs it; aim under 100 ms), the builder (empty table, magic's template), and the
    library (its first page, its JSON, a title search, a cited-rule search, its last page) with --saved saved
    scenarios in a temporary SQLite database (deleted afterwards; the instance's own database is not touched).

    Prints a table: status, bytes, the first request's time, then the median and 95th percentile of the wall
    time and the median CPU time of --repeat warm requests, with the load average while it ran."""
    from judge import config, create_app
    from judge import store as store_module
    from judge.store import db

    with tempfile.TemporaryDirectory(prefix="judge-bench-web-") as scratch:
        url = db.database_url(Path(scratch))
        # The instance gives the corpus (the cited text, as the server shows it); the saved scenarios live in the
        # temporary database only.
        app = create_app({"INSTANCE": str(config.instance_dir()), "DATABASE_URL": url,
                          "RUN_MAX_STEPS": max(2000, VIEWER_STEPS + 10)})
        try:
            # The corpus loaded and the index opened (built first when missing or stale, as the server does on
            # its first request), and the curated scenarios' examples built when stale (`judge index`; else a
            # background thread of this process would build them while the pages are timed, its CPU counted in
            # theirs, and each search would wait EXAMPLES_WAIT for it): costs of the process's start, not of a page.
            started = time.perf_counter()
            with app.app_context():
                from judge.web import data, examples

                data.rules_data()
                examples.index(instance=Path(app.config["INSTANCE"]))
            setup_seconds = time.perf_counter() - started
            client = app.test_client()
            created = client.post("/api/scenarios", data=(VIEWER_SCENARIO % {"steps": VIEWER_STEPS}).encode(),
                                  content_type="application/yaml")
            if created.status_code != 201:
                raise click.ClickException(f"the 100-step scenario was not saved: {created.get_data(as_text=True)}")
            permalink = created.get_json()["url"]
            viewer = client.get(permalink + ".json").get_json()
            steps = sum(1 for s in viewer["trace"]["steps"] if s["kind"] not in ("limit", "expectation"))
            with app.app_context():
                engine = store_module.engine(app)
            fill_seconds = _fill_library(engine, max(0, saved_count - 1))
            library = client.get("/biblioteca.json").get_json()["saved"]
            pages = [
                ("viewer (100 steps)", permalink, {}),
                ("viewer JSON", permalink + ".json", {}),
                ("builder (empty)", "/escenarios/nuevo", {}),
                ("builder (magic template)", "/escenarios/nuevo?ruleset=magic&desde=plantilla", {}),
                ("library", "/biblioteca", {}),
                ("library JSON", "/biblioteca.json", {}),
                ("library ?q=title words", "/biblioteca?q=turno+completo", {}),
                ("library ?q=cited rule", "/biblioteca?q=704", {}),
                ("library last page", f"/biblioteca?page={library['pages']}", {}),
            ]
            loads = [os.getloadavg()[0]]
            timings = []
            for name, page_url, request in pages:
                timings.append(_time_page(client, name, page_url, repeat, **request))
                loads.append(os.getloadavg()[0])
        finally:
            db.dispose(url)
    figures = {
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "python": platform.python_version(), "cpus": os.cpu_count(), "repeat": repeat,
        "load_1min": {"min": min(loads), "max": max(loads)},
        "database": "sqlite (temporary)", "saved": library["total"], "saved_versions": saved_count,
        "setup_seconds": setup_seconds, "fill_seconds": fill_seconds, "viewer_steps": steps, "aim_viewer_ms": AIM_VIEWER_MS,
        "viewer_aim_met": timings[0].median_ms < AIM_VIEWER_MS,
        "pages": [asdict(t) for t in timings],
    }
    if as_json:
        click.echo(json.dumps(figures, ensure_ascii=False, indent=2))
        return
    _print(figures)


def _print(figures: dict[str, Any]) -> None:
    click.echo(f"judge bench web · {figures['date']} · Python {figures['python']} · {figures['cpus']} CPUs · "
               f"load (1 min) {figures['load_1min']['min']:.2f}–{figures['load_1min']['max']:.2f}")
    click.echo(f"app ready (corpus loaded, index opened, examples built) in {figures['setup_seconds']:.1f} s")
    click.echo(f"library: {figures['saved']} saved scenarios listed ({figures['saved_versions']} versions) in a "
               f"temporary SQLite database, filled in {figures['fill_seconds']:.1f} s; viewer: "
               f"{figures['viewer_steps']} steps; {figures['repeat']} warm requests per page")
    header = f"{'page':<26} {'status':>6} {'bytes':>9} {'first ms':>9} {'median ms':>10} {'p95 ms':>8} {'CPU ms':>7}"
    click.echo(header)
    click.echo("-" * len(header))
    for p in figures["pages"]:
        click.echo(f"{p['name']:<26} {p['status']:>6} {p['bytes']:>9} {p['first_ms']:>9.1f} {p['median_ms']:>10.1f} "
                   f"{p['p95_ms']:>8.1f} {p['cpu_median_ms']:>7.1f}")
    verdict = "met" if figures["viewer_aim_met"] else "missed"
    click.echo(f"aim: the viewer of a {VIEWER_STEPS}-step scenario under {figures['aim_viewer_ms']:.0f} ms "
               f"(median wall time): {verdict}")
    sys.stdout.flush()
