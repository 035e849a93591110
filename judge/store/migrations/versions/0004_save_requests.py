"""save requests: one `save_request` row per save sent with an `Idempotency-Key` (the key's hash, the body's hash,
the version it stored), so a retry of a save that answered 503 but landed is not stored twice.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""
from __future__ import annotations

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('save_request',
    sa.Column('key_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('body_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('version_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.ForeignKeyConstraint(['version_id'], ['scenario_version.id'], ),
    sa.PrimaryKeyConstraint('key_hash')
    )


def downgrade() -> None:
    op.drop_table('save_request')
