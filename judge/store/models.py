"""The tables of saved scenarios (SQLModel).  A row of `scenario_version` is never updated nor deleted: an edit
is a new row whose `parent_id` is the version it was made from.

- `seq`: internal, the insertion order (the library lists the newest first); never shown.
- `id`: the public, unguessable id of the version (`secrets.token_urlsafe`), the permalink's last part.
- `lineage`: the id of the first version of the line (every version of it shares it); `version`: 1, 2, … along
  the parents (two edits of the same version are both its parent's number + 1).
- `source`/`format`: the text as submitted (YAML or JSON); `document`: the validated, parsed scenario.
- `scenario_citation`: the rules the run cited when the version was saved, with each one's parents (`cr-en/704.5a`
  → `cr-en/704.5a`, `704.5a`, `704.5`, `704`; `dv/tipos/criaturas/3` → `dv/tipos/criaturas`, `dv/tipos`), so
  "the scenarios that cite rule 704" is one indexed equality.
- `scenario_line`: one row per line of versions (`lineage`, the id of its first version): the SHA-256 of its edit
  key (only that key adds versions to the line; null for a line saved before keys existed, which nobody can
  extend: an edit forks it) and, for a fork, the version it was copied from.  Never updated nor deleted either.
- `rules_version`: the Comprehensive Rules version (cr-en's date) loaded when the version was saved and run, ""
  when no CR was imported then, null for a row saved before it was recorded (revision 0003); `run_ok` and
  `run_digest` (SHA-256 of the trace's steps, judge.runner.impact.trace_digest) are that run's verdict and trace,
  so `judge corpus impact` can say whether re-running it changed either.
- `ix_scenario_version_listing` (`seq`, `ruleset`, `title_key`, `id`): the library counts and pages the newest
  version of each branch from this index alone (a row's source and document make it ~6 kB: scanning the table
  read 60 MB for 10,000 saves); only the page's rows are then read whole.
- `save_request`: the saves sent with an `Idempotency-Key` (the SHA-256 of the key and where it was sent): the
  version the first of them stored and the hash of its body, so a retry after a 503 (a commit that may have
  landed) answers that version instead of storing it twice.  Inserted in the save's own transaction.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any, Optional

from sqlalchemy import JSON, Column, DateTime, Index, Text
from sqlmodel import Field, SQLModel

metadata = SQLModel.metadata


class ScenarioVersion(SQLModel, table=True):
    __tablename__ = "scenario_version"
    # What the library's list and search read (revision 0005): they scan this index, not the wide rows.
    __table_args__ = (Index("ix_scenario_version_listing", "seq", "ruleset", "title_key", "id"),)

    seq: Optional[int] = Field(default=None, primary_key=True)
    id: str = Field(max_length=64, unique=True)
    lineage: str = Field(max_length=64, index=True)
    parent_id: Optional[str] = Field(default=None, max_length=64, foreign_key="scenario_version.id", index=True)
    version: int
    ruleset: str = Field(max_length=64, index=True)
    title: str
    title_key: str           # the title lower-cased and without accents, for the library's search
    format: str = Field(max_length=8)
    source: str = Field(sa_column=Column(Text, nullable=False))
    document: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    rules_version: Optional[str] = Field(default=None, max_length=40)
    run_ok: Optional[bool] = Field(default=None)
    run_digest: Optional[str] = Field(default=None, max_length=64)


class ScenarioCitation(SQLModel, table=True):
    __tablename__ = "scenario_citation"

    version_seq: int = Field(foreign_key="scenario_version.seq", primary_key=True)
    key: str = Field(max_length=200, primary_key=True, index=True)


class ScenarioLine(SQLModel, table=True):
    __tablename__ = "scenario_line"

    lineage: str = Field(max_length=64, primary_key=True, foreign_key="scenario_version.id")
    key_hash: Optional[str] = Field(default=None, max_length=64)
    forked_from: Optional[str] = Field(default=None, max_length=64, foreign_key="scenario_version.id")
    forked_from_lineage: Optional[str] = Field(default=None, max_length=64, index=True)


class SaveRequest(SQLModel, table=True):
    __tablename__ = "save_request"

    key_hash: str = Field(max_length=64, primary_key=True)
    body_hash: str = Field(max_length=64)
    version_id: str = Field(max_length=64, foreign_key="scenario_version.id")
