"""Saved scenarios: save a version, read one, its line of versions, the newest ones, the ones citing a rule.

Only inserts and selects: there is no function that updates or deletes a version, and none is exposed on the
web.  An edit is `save(..., parent=<id>)`, a new row; the old version and its permalink stay as they were.
"""
from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Iterable

from sqlalchemy import exists, func
from sqlalchemy.engine import Engine
from sqlalchemy.orm import aliased
from sqlmodel import Session, select

from judge.store.keys import citation_keys, fold, rule_key, words
from judge.store.models import ScenarioCitation, ScenarioVersion

ID_BYTES = 16                                   # 128 random bits: 22 URL-safe characters
ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


def new_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


def utc(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes: they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def save(engine: Engine, *, source: str, fmt: str, ruleset: str, title: str, document: dict[str, Any],
         citations: Iterable[str] = (), parent: ScenarioVersion | None = None) -> ScenarioVersion:
    """Insert a new version (of `parent`'s line when given) and the citation keys of its run."""
    version_id = new_id()
    row = ScenarioVersion(
        id=version_id,
        lineage=parent.lineage if parent else version_id,
        parent_id=parent.id if parent else None,
        version=parent.version + 1 if parent else 1,
        ruleset=ruleset, title=title, title_key=fold(title), format=fmt, source=source,
        document=dict(document), created_at=datetime.now(timezone.utc),
    )
    keys = set()
    for ref in citations:
        keys |= citation_keys(ref)
    with Session(engine, expire_on_commit=False) as session:
        session.add(row)
        session.flush()
        assert row.seq is not None
        session.add_all(ScenarioCitation(version_seq=row.seq, key=key) for key in sorted(keys))
        session.commit()
    return row


def get(engine: Engine, version_id: str) -> ScenarioVersion | None:
    if not ID_PATTERN.match(version_id or ""):
        return None
    with Session(engine, expire_on_commit=False) as session:
        return session.exec(select(ScenarioVersion).where(ScenarioVersion.id == version_id)).first()


def line(engine: Engine, lineage: str) -> list[ScenarioVersion]:
    """Every version of a line, oldest first (the history a version's page lists)."""
    with Session(engine, expire_on_commit=False) as session:
        return list(session.exec(select(ScenarioVersion).where(ScenarioVersion.lineage == lineage)
                                 .order_by(ScenarioVersion.seq)))


@dataclass(frozen=True)
class Page:
    items: list[ScenarioVersion]
    total: int
    page: int
    per_page: int

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.per_page))


def _matching(query: str, ruleset: str | None):  # type: ignore[no-untyped-def]
    """Newest version of each line's branches (no version was made from it) that match the query: every word
    in the title, or the query as a cited rule (`704`, `regla 704.5a`, `dv/tipos`)."""
    child = aliased(ScenarioVersion)
    stmt = select(ScenarioVersion).where(~exists().where(child.parent_id == ScenarioVersion.id))
    if ruleset:
        stmt = stmt.where(ScenarioVersion.ruleset == ruleset)
    if query.strip():
        title = [ScenarioVersion.title_key.contains(w, autoescape=True) for w in words(query)]
        cited = exists().where(ScenarioCitation.version_seq == ScenarioVersion.seq,
                               ScenarioCitation.key == rule_key(query))
        from sqlalchemy import and_, or_

        stmt = stmt.where(or_(and_(*title), cited) if title else cited)
    return stmt


def recent(engine: Engine, *, query: str = "", ruleset: str | None = None, page: int = 1,
           per_page: int = 20) -> Page:
    stmt = _matching(query, ruleset)
    with Session(engine, expire_on_commit=False) as session:
        total = session.exec(select(func.count()).select_from(stmt.subquery())).one()
        items = list(session.exec(stmt.order_by(ScenarioVersion.seq.desc())
                                  .offset((page - 1) * per_page).limit(per_page)))
    return Page(items=items, total=int(total), page=page, per_page=per_page)


def citing(engine: Engine, rule: str, *, limit: int = 20) -> list[ScenarioVersion]:
    """The newest saved versions whose run cites `rule` or a rule below it (for "Ejemplos" on rule pages)."""
    stmt = (select(ScenarioVersion).join(ScenarioCitation, ScenarioCitation.version_seq == ScenarioVersion.seq)
            .where(ScenarioCitation.key == rule_key(rule)).order_by(ScenarioVersion.seq.desc()).limit(limit))
    with Session(engine, expire_on_commit=False) as session:
        return list(session.exec(stmt))


def citations_of(engine: Engine, version: ScenarioVersion) -> list[str]:
    with Session(engine) as session:
        return list(session.exec(select(ScenarioCitation.key).where(ScenarioCitation.version_seq == version.seq)
                                 .order_by(ScenarioCitation.key)))
