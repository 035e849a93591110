"""`flask --app judge index`: the app's own way to build its search index.

Same options and the same function as `judge index` (judge.search.ensure_index), but on the app's folders, so
an instance configured through its config.py or JUDGE_* variables indexes exactly the corpus it serves.
"""
from __future__ import annotations

import time
from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext


@click.command("index")
@click.option("--if-stale", is_flag=True, help="Rebuild only when the corpus content hash changed.")
@click.option("--force", is_flag=True, help="Rebuild even if the corpus has not changed.")
@with_appcontext
def index_command(if_stale: bool, force: bool) -> None:
    """Build this app's search index (as `judge index` does for JUDGE_INSTANCE)."""
    from judge.corpus import CorpusError
    from judge.search import ensure_index

    corpus_dir = Path(current_app.config["CORPUS_DIR"])
    instance_dir = Path(current_app.config["INSTANCE"])
    started = time.perf_counter()
    indexed = {"n": 0}
    try:
        with click.progressbar(length=1, label="Indexando", show_eta=False) as bar:
            def progress(done: int, total: int) -> None:
                bar.length = total
                bar.update(done - bar.pos)
                indexed["n"] = total

            built = ensure_index(corpus_dir=corpus_dir, instance_dir=instance_dir,
                                 force=force or not if_stale, progress=progress)
    except CorpusError as exc:
        raise click.ClickException(str(exc)) from None
    elapsed = time.perf_counter() - started
    if built:
        click.echo(f"Índice construido: {indexed['n']} pasajes en {elapsed:.1f} s → {instance_dir / 'index'}")
    else:
        click.echo(f"El índice de {instance_dir / 'index'} ya está al día (el corpus no cambió).")
