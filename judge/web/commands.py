"""`flask --app judge index`: the app's own way to build its search index.

It calls the same function as `judge index` (judge.search.ensure_index) on the app's folders, so an instance
configured through its config.py or JUDGE_* variables indexes exactly the corpus it serves.
"""
from __future__ import annotations

import time
from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext


@click.command("index")
@click.option("--force", is_flag=True, help="Rebuild even if the corpus has not changed.")
@with_appcontext
def index_command(force: bool) -> None:
    """Build this app's search index (only when the corpus changed, unless --force)."""
    from judge.search import ensure_index

    corpus_dir = Path(current_app.config["CORPUS_DIR"])
    instance_dir = Path(current_app.config["INSTANCE"])
    started = time.perf_counter()
    with click.progressbar(length=0, label="Indexando", show_eta=False) as bar:
        def progress(done: int, total: int) -> None:
            bar.length = total
            bar.update(done - bar.pos)

        built = ensure_index(corpus_dir=corpus_dir, instance_dir=instance_dir, force=force, progress=progress)
    elapsed = time.perf_counter() - started
    if built:
        click.echo(f"Índice construido en {instance_dir / 'index'} ({elapsed:.1f} s).")
    else:
        click.echo(f"El índice de {instance_dir / 'index'} ya está al día.")
