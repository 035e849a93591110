"""Saved scenarios: save a version, read one, its line of versions, the newest ones, the ones citing a rule.

Only inserts and selects: there is no function that updates or deletes a version, and none is exposed on the
web.  An edit is `save(..., parent=<id>, edit_key=<the line's key>)`, a new row; the old version and its
permalink stay as they were.  Each line has an edit key, made by whoever saved its first version: only that key
adds versions to the line (`NotLineOwner` otherwise); anyone else saves a fork, a new line whose `forked_from`
is the version it copied.  Keys are stored as their SHA-256.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Iterable

from sqlalchemy import exists, func
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased
from sqlmodel import Session, select

from judge.store.db import writing
from judge.store.guard import check_not_abandoned
from judge.store.keys import citation_keys, fold, rule_key, words
from judge.store.models import SaveRequest, ScenarioCitation, ScenarioLine, ScenarioVersion

ID_BYTES = 16                                   # 128 random bits: 22 URL-safe characters
ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
KEY_BYTES = 32                                  # 256 random bits: 43 URL-safe characters
KEY_PATTERN = re.compile(r"^[A-Za-z0-9_-]{32,128}$")


class NotLineOwner(Exception):
    """A version was to be added to a line without that line's edit key."""


def new_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


def key_hash(key: str) -> str:
    # A key is 256 random bits, not a password: a fast hash is enough (nothing to guess from it offline).
    return hashlib.sha256(key.encode("ascii", "replace")).hexdigest()


def _key_fits(line: ScenarioLine | None, key: str | None) -> bool:
    if line is None or line.key_hash is None or not key or not KEY_PATTERN.match(key):
        return False
    return hmac.compare_digest(line.key_hash, key_hash(key))


def utc(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes: they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def save(engine: Engine, *, source: str, fmt: str, ruleset: str, title: str, document: dict[str, Any],
         citations: Iterable[str] = (), parent: ScenarioVersion | None = None, edit_key: str | None = None,
         forked_from: ScenarioVersion | None = None, rules_version: str | None = None,
         run_ok: bool | None = None, run_digest: str | None = None,
         request: tuple[str, str] | None = None) -> ScenarioVersion:
    """Insert a new version and the citation keys of its run.  With `parent`: a version of `parent`'s line,
    which `edit_key` must open (NotLineOwner otherwise).  Without: the first version of a new line whose key is
    `edit_key` (none: a line nobody can extend), a fork of `forked_from` when given.  `rules_version`, `run_ok`,
    `run_digest`: the CR version the run was made under ("" none imported), its verdict and trace digest.
    `request`: (the hash of the save's Idempotency-Key, the hash of its body), recorded in the same transaction;
    when a save with that key committed first (two retries at once), nothing is stored and that save's version is
    returned (`replayed`)."""
    version_id = new_id()
    row = ScenarioVersion(
        id=version_id,
        lineage=parent.lineage if parent else version_id,
        parent_id=parent.id if parent else None,
        version=parent.version + 1 if parent else 1,
        ruleset=ruleset, title=title, title_key=fold(title), format=fmt, source=source,
        document=dict(document), created_at=datetime.now(timezone.utc),
        rules_version=rules_version, run_ok=run_ok, run_digest=run_digest,
    )
    keys = set()
    for ref in citations:
        keys |= citation_keys(ref)
    with Session(writing(engine), expire_on_commit=False) as session:
        if parent is not None and not _key_fits(session.get(ScenarioLine, parent.lineage), edit_key):
            raise NotLineOwner(parent.lineage)
        session.add(row)
        session.flush()
        assert row.seq is not None
        if parent is None:
            session.add(ScenarioLine(lineage=row.id, key_hash=key_hash(edit_key) if edit_key else None,
                                     forked_from=forked_from.id if forked_from else None,
                                     forked_from_lineage=forked_from.lineage if forked_from else None))
        session.add_all(ScenarioCitation(version_seq=row.seq, key=key) for key in sorted(keys))
        if request is not None:
            session.add(SaveRequest(key_hash=request[0], body_hash=request[1], version_id=row.id))
        try:
            session.flush()
            check_not_abandoned()   # the request already answered 503: roll back rather than store it unseen
            session.commit()
        except IntegrityError:
            if request is None:
                raise
            session.rollback()
            earlier = replayed(engine, request[0])
            if earlier is None:
                raise
            return earlier[0]
    return row


def warm(engine: Engine) -> None:
    """What the first save of a process would pay for, paid at the app's start (judge.store.init_app): a
    connection of the pool, the ORM's mappers configured, the statements of a save's first reads compiled (the
    idempotency look-up, a line's key). Reads only, of keys no row has."""
    from sqlalchemy.orm import configure_mappers

    configure_mappers()
    replayed(engine, "")
    holds_key(engine, "", "warm")


def replayed(engine: Engine, request_key: str) -> tuple[ScenarioVersion, str] | None:
    """(the version a save with this Idempotency-Key hash stored, that save's body hash), or None."""
    with Session(engine, expire_on_commit=False) as session:
        found = session.get(SaveRequest, request_key)
        if found is None:
            return None
        row = session.exec(select(ScenarioVersion).where(ScenarioVersion.id == found.version_id)).first()
        return (row, found.body_hash) if row is not None else None


def holds_key(engine: Engine, lineage: str, key: str | None) -> bool:
    """Whether `key` is the edit key of the line `lineage`."""
    if not key:
        return False
    with Session(engine) as session:
        return _key_fits(session.get(ScenarioLine, lineage), key)


def origin(engine: Engine, lineage: str) -> ScenarioVersion | None:
    """The version a line was forked from (None for a line that is no fork)."""
    with Session(engine, expire_on_commit=False) as session:
        line = session.get(ScenarioLine, lineage)
        if line is None or line.forked_from is None:
            return None
        return session.exec(select(ScenarioVersion).where(ScenarioVersion.id == line.forked_from)).first()


def forks(engine: Engine, lineage: str) -> list[tuple[ScenarioVersion, str]]:
    """The lines forked from any version of `lineage`, oldest first: each one's first version and the id of
    the version it copied."""
    stmt = (select(ScenarioVersion, ScenarioLine.forked_from)
            .join(ScenarioLine, ScenarioLine.lineage == ScenarioVersion.id)
            .where(ScenarioLine.forked_from_lineage == lineage).order_by(ScenarioVersion.seq))
    with Session(engine, expire_on_commit=False) as session:
        return [(row, str(source)) for row, source in session.exec(stmt)]


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
    """The `seq` of the newest version of each line's branches (no version was made from it) that match the
    query: every word in the title, or the query as a cited rule (`704`, `regla 704.5a`, `dv/tipos`). Only the
    columns of ix_scenario_version_listing are read, so the database scans that index, not the rows."""
    from sqlalchemy import and_, or_

    child = aliased(ScenarioVersion)
    # `SELECT child.seq`, not `SELECT *`: the probe of each row's children then reads the parent_id index only.
    stmt = select(ScenarioVersion.seq).where(~select(child.seq).where(child.parent_id == ScenarioVersion.id).exists())
    if ruleset:
        stmt = stmt.where(ScenarioVersion.ruleset == ruleset)
    if query.strip():
        title = [ScenarioVersion.title_key.contains(w, autoescape=True) for w in words(query)]
        # The versions citing the rule, found once through the citation key's index (not probed row by row).
        cited = ScenarioVersion.seq.in_(select(ScenarioCitation.version_seq)
                                        .where(ScenarioCitation.key == rule_key(query)))
        stmt = stmt.where(or_(and_(*title), cited) if title else cited)
    return stmt


def recent(engine: Engine, *, query: str = "", ruleset: str | None = None, page: int = 1,
           per_page: int = 20) -> Page:
    """One page of the newest versions (newest first) matching `query` in `ruleset`, and how many match: the
    count and the page's `seq`s from the listing index, then the page's rows whole."""
    stmt = _matching(query, ruleset)
    with Session(engine, expire_on_commit=False) as session:
        total = session.exec(select(func.count()).select_from(stmt.subquery())).one()
        seqs = list(session.exec(stmt.order_by(ScenarioVersion.seq.desc())
                                 .offset((page - 1) * per_page).limit(per_page)))
        rows = {r.seq: r for r in session.exec(select(ScenarioVersion).where(ScenarioVersion.seq.in_(seqs)))} \
            if seqs else {}
    return Page(items=[rows[s] for s in seqs if s in rows], total=int(total), page=page, per_page=per_page)


def citing(engine: Engine, rule: str, *, limit: int = 20) -> list[ScenarioVersion]:
    """The newest saved versions whose run cites `rule` or a rule below it (for "Ejemplos" on rule pages)."""
    stmt = (select(ScenarioVersion).join(ScenarioCitation, ScenarioCitation.version_seq == ScenarioVersion.seq)
            .where(ScenarioCitation.key == rule_key(rule)).order_by(ScenarioVersion.seq.desc()).limit(limit))
    with Session(engine, expire_on_commit=False) as session:
        return list(session.exec(stmt))


def citing_any(engine: Engine, keys: Iterable[str]) -> list[ScenarioVersion]:
    """Every saved version (oldest first) with a citation key among `keys` (`cr-en/704.5a`: that rule or one
    below it), each once: the candidates of `judge corpus impact`."""
    wanted = sorted({k[:200] for k in keys})
    if not wanted:
        return []
    stmt = (select(ScenarioVersion).where(exists().where(ScenarioCitation.version_seq == ScenarioVersion.seq,
                                                         ScenarioCitation.key.in_(wanted)))
            .order_by(ScenarioVersion.seq))
    with Session(engine, expire_on_commit=False) as session:
        return list(session.exec(stmt))


def citations_of(engine: Engine, version: ScenarioVersion) -> list[str]:
    with Session(engine) as session:
        return list(session.exec(select(ScenarioCitation.key).where(ScenarioCitation.version_seq == version.seq)
                                 .order_by(ScenarioCitation.key)))
