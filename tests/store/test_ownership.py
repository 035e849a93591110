"""Edit keys and forks in judge.store, on SQLite and PostgreSQL: only a line's key adds versions to it, keys are
stored hashed, a fork is a new line linked to the version it copied, nobody's save hides another line, and the
migration gives the lines saved before keys existed a keyless row (an edit of one forks it)."""
from __future__ import annotations

import hashlib

import pytest
from sqlalchemy import text

from judge.store import db, saved


def _save(engine, title, *, parent=None, key=None, forked_from=None):
    return saved.save(engine, source=f"title: {title}\n", fmt="yaml", ruleset="doce-vidas", title=title,
                      document={"title": title}, citations=("704.5a",), parent=parent, edit_key=key,
                      forked_from=forked_from)


def test_only_the_lines_key_adds_versions(engine) -> None:
    key, other = saved.new_key(), saved.new_key()
    first = _save(engine, "De Ana", key=key)
    for wrong in (None, "", other, key[:-1], key + "x", "a" * 43):
        with pytest.raises(saved.NotLineOwner):
            _save(engine, "Intruso", parent=first, key=wrong)
    assert [v.id for v in saved.line(engine, first.lineage)] == [first.id]   # nothing was added
    second = _save(engine, "De Ana, 2", parent=first, key=key)
    assert (second.version, second.lineage) == (2, first.lineage)
    assert saved.holds_key(engine, first.lineage, key) and not saved.holds_key(engine, first.lineage, other)
    assert not saved.holds_key(engine, first.lineage, None)


def test_keys_are_stored_hashed_and_nowhere_in_clear(engine) -> None:
    key = saved.new_key()
    first = _save(engine, "Secreto", key=key)
    _save(engine, "Secreto 2", parent=first, key=key)
    with engine.connect() as conn:
        stored = conn.execute(text("SELECT key_hash FROM scenario_line WHERE lineage = :l"),
                              {"l": first.lineage}).scalar_one()
        assert stored == hashlib.sha256(key.encode()).hexdigest() != key
        for table in ("scenario_version", "scenario_line", "scenario_citation"):
            for row in conn.execute(text(f"SELECT * FROM {table}")):
                assert all(key not in str(value) for value in row), table
    assert len(key) >= 43   # 256 random bits


def test_a_fork_is_a_new_line_linked_to_its_origin_and_hides_nothing(engine) -> None:
    owner, visitor = saved.new_key(), saved.new_key()
    first = _save(engine, "Original", key=owner)
    second = _save(engine, "Original 2", parent=first, key=owner)
    fork = _save(engine, "Copia de Bruno", key=visitor, forked_from=first)
    assert (fork.version, fork.lineage, fork.parent_id) == (1, fork.id, None)
    assert saved.origin(engine, fork.lineage).id == first.id and saved.origin(engine, first.lineage) is None
    assert [(f.id, source) for f, source in saved.forks(engine, first.lineage)] == [(fork.id, first.id)]
    assert saved.holds_key(engine, fork.lineage, visitor) and not saved.holds_key(engine, fork.lineage, owner)
    # the library lists both lines: the fork's owner added nothing to the original's line
    listed = {row.id for row in saved.recent(engine, per_page=100).items}
    assert listed == {second.id, fork.id}
    assert [v.id for v in saved.line(engine, first.lineage)] == [first.id, second.id]


def test_a_line_without_key_cannot_be_extended(engine) -> None:
    keyless = _save(engine, "Sin clave")
    for key in (None, saved.new_key()):
        with pytest.raises(saved.NotLineOwner):
            _save(engine, "Otra", parent=keyless, key=key)


def test_the_migration_gives_older_lines_a_keyless_row(database_url: str, engine) -> None:
    from alembic import command

    cfg = db.alembic_config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0001")
        conn.execute(text("INSERT INTO scenario_version (id, lineage, version, ruleset, title, title_key, format, "
                          "source, document, created_at) VALUES ('v1-aaaaaaaaaaaaaaaaaa', 'v1-aaaaaaaaaaaaaaaaaa', 1, "
                          "'doce-vidas', 'Antigua', 'antigua', 'yaml', 'x', '{}', CURRENT_TIMESTAMP)"))
        command.upgrade(cfg, "head")
    assert db.current_revision(database_url) == db.head_revision()
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT lineage, key_hash, forked_from FROM scenario_line")).all()
    assert [tuple(r) for r in rows] == [("v1-aaaaaaaaaaaaaaaaaa", None, None)]
    old = saved.get(engine, "v1-aaaaaaaaaaaaaaaaaa")
    with pytest.raises(saved.NotLineOwner):
        _save(engine, "Encima", parent=old, key=saved.new_key())
    fork = _save(engine, "Copia", key=saved.new_key(), forked_from=old)
    assert saved.origin(engine, fork.lineage).id == old.id
