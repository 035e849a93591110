"""Building the index from a command with a progress bar: `judge index`, `judge corpus import` and
`flask --app judge index` share it.  Apart from judge.search.commands so that the app's own command does not
import the CLI's (whose `bench search` imports the app: an import circle)."""
from __future__ import annotations

import time
from pathlib import Path

import click


def _fail(message: str, code: int = 1) -> None:
    click.echo(f"error: {message}", err=True)
    raise SystemExit(code)


def build_with_progress(corpus_dir: Path, instance_dir: Path, *, force: bool, if_stale: bool,
                        semantic: bool | None = None, wait: bool = False) -> None:
    """Build (or keep) the index of `instance_dir` with a progress bar and say which: `judge index` and
    `flask --app judge index` both call this, each with its own folders.  The vectors the index lacks are then
    computed here (`wait`) or by the background job."""
    from judge.corpus import CorpusError
    from judge.search.index import ensure_index

    from judge.config import index_dir
    from judge.search.index import build_lock, damage

    started = time.perf_counter()
    report: dict[str, object] = {}
    link = index_dir(instance_dir)
    if link.exists() and not force:
        problem = damage(link.resolve())
        if problem:   # ensure_index rebuilds it: say why, since the corpus did not change
            click.echo(f"El índice de {link} está dañado ({problem}): se reconstruye.")
    try:
        with build_lock(instance_dir), click.progressbar(length=1, label="Indexando", show_eta=False) as bar:
            def progress(done: int, total: int) -> None:
                bar.length = total
                bar.update(done - bar.pos)

            built = ensure_index(corpus_dir=corpus_dir, instance_dir=instance_dir,
                                 force=force or not if_stale, progress=progress, report=report,
                                 semantic=semantic, embed="wait" if wait else "background")
    except CorpusError as exc:
        _fail(str(exc))
        return
    elapsed = time.perf_counter() - started
    if built:
        # `indexed`, not `passages`: that one is the embedding step's count, 0 with the semantic search off.
        click.echo(f"Índice construido: {report.get('indexed', 0)} pasajes indexados en {elapsed:.1f} s → "
                   f"{instance_dir / 'index'}")
    else:
        click.echo(f"El índice de {instance_dir / 'index'} ya está al día (el corpus no cambió).")
    echo_vectors(report)


def echo_vectors(report: dict[str, object]) -> None:
    """What ensure_index did about the vectors, in one line (`judge index`, `judge corpus import`)."""
    if report.get("skipped"):
        click.echo(f"Búsqueda semántica: {report['skipped']}; el índice es solo léxico.")
    elif report.get("background"):
        click.echo(f"Vectores: {report.get('cached', 0)} de la caché; los {report.get('missing', 0)} que faltan se "
                   "calculan en segundo plano (la búsqueda ya funciona y los usa según llegan; progreso: "
                   "`judge corpus status`)" + ("" if report.get("started") else ", por el cálculo ya en marcha"))
    elif "embedded" in report:
        click.echo(f"Vectores: {report.get('embedded', 0)} pasajes calculados, {report.get('cached', 0)} de la "
                   f"caché, en {float(report.get('seconds', 0.0)):.1f} s")  # type: ignore[arg-type]
