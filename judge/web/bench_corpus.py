"""`judge bench corpus OLD NEW`: how long diff and impact of two whole Comprehensive Rules files take (issue 19's
aim: under 10 s on 2 cores), in wall-clock and CPU seconds, each part on its own.

Everything happens in a scratch instance (a temporary folder, removed after): OLD is imported, then NEW (so both
are loaded versions), `--saved N` curated scenarios are saved into its SQLite database with their runs'
citations (not timed) so the saved candidates are looked up too, and the examples index is built once cold
(`index_cold`: running every curated scenario, what the first impact of an instance pays; cached in the instance
after) before the warm impacts are timed.
"""
from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import click


def _timed(fn: Callable[[], Any], repeat: int) -> tuple[Any, dict[str, float]]:
    walls, cpus, result = [], [], None
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        result = fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return result, {"wall_s": round(statistics.median(walls), 3), "cpu_s": round(statistics.median(cpus), 3)}


@click.command("corpus")
@click.argument("old", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("new", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--repeat", default=3, show_default=True, type=click.IntRange(1, 50), help="Runs of each warm part.")
@click.option("--saved", "saved_count", default=50, show_default=True, type=click.IntRange(0, 1000),
              help="Curated scenarios saved into the scratch database first.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench_corpus_cmd(old: Path, new: Path, repeat: int, saved_count: int, as_json: bool) -> None:
    """Time parsing two CR files, diffing them and the impact on the scenarios (listed, and re-run)."""
    from judge.corpus.cr_en import CRFormatError, parse_cr_file
    from judge.corpus.importer import save_document
    from judge.corpus.loader import load_corpus
    from judge.runner import execute
    from judge.runner.catalog import curated
    from judge.store import db, saved
    from judge.web import examples
    from judge.web.impact import diff_of, saved_inputs, scenarios_impact

    figures: dict[str, Any] = {"old": old.name, "new": new.name, "repeat": repeat, "load": os.getloadavg()}
    try:
        (first, second), figures["parse_both"] = _timed(lambda: (parse_cr_file(old), parse_cr_file(new)), 1)
    except CRFormatError as exc:
        raise click.UsageError(str(exc)) from None
    with tempfile.TemporaryDirectory(prefix="judge-bench-corpus-") as tmp:
        instance = Path(tmp)
        save_document(instance, first, force=True)
        save_document(instance, second, force=True)
        corpus = load_corpus(instance_dir=instance)
        a, b = corpus.versions("cr-en")[-2:]
        url = db.database_url(instance)
        db.upgrade(url)
        engine = db.engine_for(url)
        # the magic ones: they cite the CR (doce-vidas scenarios cite their own rules)
        for item in [i for i in curated() if i.ruleset == "magic" and not i.problem][:saved_count]:
            source = item.path.read_text(encoding="utf-8")
            try:
                trace = execute.run(execute.load(source, "yaml"), board_budget=0)
            except execute.InvalidScenario:
                continue
            refs = {r for step in trace.steps for r in (step.citations or ())}
            saved.save(engine, source=source, fmt="yaml", ruleset=item.ruleset, title=item.title, document={},
                       citations=refs, rules_version=a.version, run_ok=trace.ok)
        from judge.corpus.diff import diff_documents

        result, figures["diff"] = _timed(lambda: diff_documents(a, b), repeat)
        figures["changes"] = result.counts()
        _, figures["index_cold"] = _timed(lambda: examples.index(instance=instance), 1)

        def impact(rerun: bool) -> Any:
            return scenarios_impact(diff_of(corpus, a, b), b, instance, lambda n: saved_inputs(engine, n),
                                    rerun=rerun)

        listed, figures["impact_listed"] = _timed(lambda: impact(False), repeat)
        rerun, figures["impact_rerun"] = _timed(lambda: impact(True), repeat)
        figures["affected"] = {"curated": sum(1 for s in listed.scenarios if s.source == "curated"),
                               "saved": sum(1 for s in listed.scenarios if s.source == "saved")}
        figures["changed"] = sum(1 for s in rerun.scenarios if s.changed)
        figures["checked"] = rerun.checked
        db.dispose(url)
    figures["diff_and_impact_cpu_s"] = round(figures["diff"]["cpu_s"] + figures["impact_rerun"]["cpu_s"], 3)
    if as_json:
        click.echo(json.dumps(figures, ensure_ascii=False, indent=1))
        return
    click.echo(f"{old.name} → {new.name}: {figures['changes']}; load {figures['load'][0]:.2f}")
    for part in ("parse_both", "diff", "index_cold", "impact_listed", "impact_rerun"):
        f = figures[part]
        click.echo(f"  {part:<14} {f['wall_s']:>8.3f} s wall  {f['cpu_s']:>8.3f} s CPU")
    click.echo(f"  affected: {figures['affected']} of {figures['checked']}, changed on re-run: {figures['changed']}")
