"""`flask --app judge index`: the app's own way to build its search index.

Same options and the same function as `judge index` (judge.search.ensure_index), but on the app's folders, so
an instance configured through its config.py or JUDGE_* variables indexes exactly the corpus it serves.
"""
from __future__ import annotations

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
    from judge.search.building import build_with_progress

    semantic = current_app.config.get("SEARCH_SEMANTIC")
    build_with_progress(Path(current_app.config["CORPUS_DIR"]), Path(current_app.config["INSTANCE"]),
                        force=force, if_stale=if_stale, semantic=None if semantic is None else bool(semantic))
