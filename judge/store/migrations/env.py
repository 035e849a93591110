"""Alembic's environment for judge/store: the connection comes from judge.store.db.upgrade (or `judge db
upgrade`); run elsewhere, it opens `sqlalchemy.url`."""
from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from judge.store.models import metadata

config = context.config


def _run(connection) -> None:  # type: ignore[no-untyped-def]
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True,
                      compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=metadata,
                      literal_binds=True, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
elif connection is not None:
    _run(connection)
else:
    with create_engine(config.get_main_option("sqlalchemy.url")).connect() as conn:
        _run(conn)
        conn.commit()
