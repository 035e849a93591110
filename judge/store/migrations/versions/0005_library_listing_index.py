"""library listing index: one index on scenario_version holding what the library's list and search read (`seq`,
`ruleset`, `title_key`, `id`), so counting and paging the newest version of each branch scans that index alone,
never the wide rows (their source and document), and only the page's rows are read in full.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""
from __future__ import annotations

from alembic import op


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index('ix_scenario_version_listing', 'scenario_version', ['seq', 'ruleset', 'title_key', 'id'])


def downgrade() -> None:
    op.drop_index('ix_scenario_version_listing', table_name='scenario_version')
