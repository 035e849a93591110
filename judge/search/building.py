"""Building the index from a command with a progress bar: `judge index`, `judge corpus import` and
`flask --app judge index` share it.  Apart from judge.search.commands so that the app's own command does not
import the CLI's (whose `bench search` imports the app: an import circle)."""
from __future__ import annotations

import time
from pathlib import Path

import click

from judge.cli_messages import say
from judge.messages import error_text


def _fail(message: str, code: int = 1) -> None:
    click.echo(f"error: {message}", err=True)
    raise SystemExit(code)


def build_with_progress(corpus_dir: Path, instance_dir: Path, *, force: bool, if_stale: bool,
                        semantic: bool | None = None, wait: bool = False, lang: str = "es") -> None:
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
            click.echo(say(lang, "cli.build.damaged", path=link, problem=problem.message))
    try:
        label = say(lang, "cli.index.progress")
        with build_lock(instance_dir), click.progressbar(length=1, label=label, show_eta=False) as bar:
            def progress(done: int, total: int) -> None:
                bar.length = total
                bar.update(done - bar.pos)

            built = ensure_index(corpus_dir=corpus_dir, instance_dir=instance_dir,
                                 force=force or not if_stale, progress=progress, report=report,
                                 semantic=semantic, embed="wait" if wait else "background")
    except CorpusError as exc:
        _fail(error_text(exc, lang))
        return
    elapsed = time.perf_counter() - started
    if built:
        # `indexed`, not `passages`: that one is the embedding step's count, 0 with the semantic search off.
        click.echo(say(lang, "cli.build.built", indexed=report.get("indexed", 0), seconds=elapsed,
                       path=instance_dir / "index"))
    else:
        click.echo(say(lang, "cli.build.fresh", path=instance_dir / "index"))
    echo_vectors(report, lang)


def echo_vectors(report: dict[str, object], lang: str = "es") -> None:
    """What ensure_index did about the vectors, in one line (`judge index`, `judge corpus import`)."""
    if report.get("skipped"):
        # the reason as an id where the build gave one (index.py `skipped_id`), else its own text
        why = say(lang, str(report["skipped_id"])) if report.get("skipped_id") else report["skipped"]
        click.echo(say(lang, "cli.build.lexical_only", why=why))
    elif report.get("background"):
        click.echo(say(lang, "cli.build.background" if report.get("started") else "cli.build.background_running",
                       cached=report.get("cached", 0), missing=report.get("missing", 0)))
    elif "embedded" in report:
        click.echo(say(lang, "cli.build.embedded", embedded=report.get("embedded", 0), cached=report.get("cached", 0),
                       seconds=float(report.get("seconds", 0.0))))  # type: ignore[arg-type]
