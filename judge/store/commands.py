"""`judge db upgrade`: migrate the app's database (SQLite in the instance folder, or DATABASE_URL) to the newest
schema.  The app does the same when it starts; `make run` calls this first so a new instance has its database."""
from __future__ import annotations

import click


@click.group("db")
def db_cmd() -> None:
    """The database of saved scenarios."""


@db_cmd.command("upgrade")
def upgrade_cmd() -> None:
    """Create or migrate the database to the newest schema (idempotent) and print where it is."""
    from sqlalchemy.engine import make_url

    from judge import create_app
    from judge.store import db

    app = create_app()
    url = db.database_url(app.config["INSTANCE"], app.config.get("DATABASE_URL"))
    try:
        db.upgrade(url, force=True)
        revision = db.current_revision(url)
    except Exception as exc:  # not reachable, no rights: one line, exit 2
        click.echo(f"judge db upgrade: {exc.__class__.__name__}: {exc}".splitlines()[0], err=True)
        raise SystemExit(2) from None
    click.echo(f"{make_url(url).render_as_string(hide_password=True)}: schema {revision} (newest)")
