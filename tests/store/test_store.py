"""judge.store on SQLite and PostgreSQL: the schema by Alembic, versions that never change, unguessable ids,
the library's listing (newest first, paginated, searched by title and by cited rule)."""
from __future__ import annotations

import pytest
from sqlalchemy import inspect

from judge.store import db, saved
from judge.store.keys import citation_keys, rule_key


KEY = saved.new_key()   # the edit key of every line these tests save (the owner's tests give their own)


def _save(engine, title="Ana ataca", parent=None, citations=("cr-en/704.5a",), ruleset="doce-vidas"):
    return saved.save(engine, source=f"title: {title}\n", fmt="yaml", ruleset=ruleset, title=title,
                      document={"title": title}, citations=citations, parent=parent, edit_key=KEY)


def test_migrations_create_the_tables_and_are_idempotent(database_url: str, engine) -> None:
    assert {"scenario_version", "scenario_citation", "alembic_version"} <= set(inspect(engine).get_table_names())
    assert db.current_revision(database_url) == db.head_revision()
    assert db.upgrade(database_url, force=True) is True   # again: nothing to do, nothing breaks
    assert db.upgrade(database_url) is False              # and remembered by the process


def test_sqlite_database_is_created_on_first_use(tmp_path) -> None:
    url = db.database_url(tmp_path / "nueva")
    assert url == f"sqlite:///{tmp_path / 'nueva' / 'judge.db'}"
    db.upgrade(url)
    try:
        assert (tmp_path / "nueva" / "judge.db").is_file()
        assert db.current_revision(url) == db.head_revision()
    finally:
        db.dispose(url)


def test_database_url_setting_uses_psycopg() -> None:
    assert db.database_url("/x", "postgres://u@h/d") == "postgresql+psycopg://u@h/d"
    assert db.database_url("/x", "postgresql://u@h/d") == "postgresql+psycopg://u@h/d"
    assert db.database_url("/x", "postgresql+psycopg://u@h/d") == "postgresql+psycopg://u@h/d"


def test_an_edit_is_a_new_version_and_the_old_one_never_changes(engine) -> None:
    first = _save(engine, "Primera")
    before = saved.get(engine, first.id)
    second = _save(engine, "Segunda", parent=first)
    third = _save(engine, "Tercera", parent=second)
    assert (second.version, second.parent_id, second.lineage) == (2, first.id, first.id)
    assert (third.version, third.parent_id, third.lineage) == (3, second.id, first.id)
    again = saved.get(engine, first.id)
    assert (again.title, again.source, again.document, again.version) == (before.title, before.source,
                                                                          before.document, 1)
    assert [v.id for v in saved.line(engine, first.lineage)] == [first.id, second.id, third.id]
    # two edits of the same version: both kept, both version 2
    fork = _save(engine, "Otra rama", parent=first)
    assert fork.version == 2 and fork.id != second.id


def test_ids_are_unguessable(engine) -> None:
    ids = {_save(engine, f"t{i}").id for i in range(20)}
    assert len(ids) == 20
    assert all(len(i) >= 22 and saved.ID_PATTERN.match(i) for i in ids)
    assert saved.get(engine, "1") is None and saved.get(engine, "x" * 22) is None
    assert saved.get(engine, "'; DROP TABLE scenario_version; --") is None


def test_store_exposes_no_way_to_change_or_delete() -> None:
    public = {name for name in dir(saved) if not name.startswith("_")}
    assert not {n for n in public if any(w in n.lower() for w in ("update", "delete", "remove", "edit"))}


def test_recent_lists_the_newest_version_of_each_branch_paginated(engine) -> None:
    rows = [_save(engine, f"Escenario {i:02d}") for i in range(25)]
    edited = _save(engine, "Escenario 03 corregido", parent=rows[3])
    page1 = saved.recent(engine, page=1, per_page=10)
    assert page1.total == 25 and page1.pages == 3
    assert page1.items[0].id == edited.id                       # newest first
    assert rows[3].id not in {r.id for r in page1.items}       # replaced by its edit in the listing
    page3 = saved.recent(engine, page=3, per_page=10)
    assert [r.id for r in page3.items] == [r.id for r in rows[:6] if r.id != rows[3].id][::-1]
    assert saved.recent(engine, page=4, per_page=10).items == []


def test_search_by_title_words_and_by_cited_rule(engine) -> None:
    a = _save(engine, "Daño de combate simultáneo", citations=("cr-en/510.2",))
    b = _save(engine, "El maná se vacía", citations=("cr-en/500.4", "dv/tipos/criaturas/3"))
    _save(engine, "100% de 50_50", citations=())
    ids = lambda q, **kw: {r.id for r in saved.recent(engine, query=q, **kw).items}  # noqa: E731
    assert ids("combate dano") == {a.id}          # every word, accents ignored
    assert ids("MANA") == {b.id}
    assert ids("510") == {a.id} and ids("regla 510.2") == {a.id} and ids("510.2.") == {a.id}
    assert ids("dv/tipos") == {b.id} and ids("cr-en/500.4") == {b.id}
    assert ids("%") != {a.id, b.id} and len(ids("_")) == 1   # LIKE wildcards are plain characters
    assert ids("combate", ruleset="magic") == set()
    assert [r.id for r in saved.citing(engine, "510")] == [a.id]


def test_citation_keys() -> None:
    assert citation_keys("cr-en/704.5a") == {"cr-en/704.5a", "cr-en/704.5", "cr-en/704", "704.5a", "704.5", "704"}
    assert citation_keys("dv/tipos/criaturas/3") == {"dv/tipos/criaturas/3", "dv/tipos/criaturas", "dv/tipos"}
    assert citation_keys("121.2") == {"121.2", "121"}
    assert rule_key("Regla 704.5A") == "704.5a" and rule_key(" rule 702.19 ") == "702.19"


@pytest.mark.parametrize("ruleset", ["doce-vidas", "magic"])
def test_document_round_trips_as_json(engine, ruleset: str) -> None:
    doc = {"title": "ñ «x»", "players": [{"name": "Ana", "board": [{"card": "Lobo", "tapped": True}]}], "seed": 3}
    row = saved.save(engine, source="{}", fmt="json", ruleset=ruleset, title="ñ", document=doc)
    assert saved.get(engine, row.id).document == doc


def test_app_start_migrates_an_existing_database_and_creates_sqlite_on_first_use(tmp_path, monkeypatch) -> None:
    from click.testing import CliRunner

    from judge import create_app
    from judge.cli import main

    monkeypatch.delenv("DATABASE_URL", raising=False)
    instance = tmp_path / "instancia"
    app = create_app({"TESTING": True, "INSTANCE": str(instance)})
    assert not (instance / "judge.db").exists()               # nothing stored yet: no database file
    assert app.test_client().get("/api/scenarios").get_json()["total"] == 0
    assert (instance / "judge.db").is_file()                  # created by the first request that needed it
    url = db.database_url(instance)
    try:
        assert db.current_revision(url) == db.head_revision()
        create_app({"TESTING": True, "INSTANCE": str(instance)})  # a second start: nothing to do, no error
        result = CliRunner().invoke(main, ["db", "upgrade"], env={"JUDGE_INSTANCE": str(instance)})
        assert result.exit_code == 0, result.output
        assert f"schema {db.head_revision()} (newest)" in result.output and "judge.db" in result.output
    finally:
        db.dispose(url)


def test_a_version_records_the_rules_version_of_its_run(engine) -> None:
    # issue 19: the CR version the run was made under, its verdict and trace digest; None when not recorded
    row = saved.save(engine, source="title: x\n", fmt="yaml", ruleset="magic", title="Con versión", document={},
                     citations=("cr-en/702.19d",), edit_key=KEY, rules_version="2026-04-17", run_ok=False,
                     run_digest="a" * 64)
    again = saved.get(engine, row.id)
    assert (again.rules_version, again.run_ok, again.run_digest) == ("2026-04-17", False, "a" * 64)
    plain = _save(engine, "Sin versión")
    assert (saved.get(engine, plain.id).rules_version, saved.get(engine, plain.id).run_ok) == (None, None)
    found = [v.id for v in saved.citing_any(engine, ["cr-en/702.19d", "cr-en/702.19"])]
    assert found.count(row.id) == 1 and plain.id not in found
    assert saved.citing_any(engine, []) == []


def test_rows_saved_before_revision_0003_keep_no_rules_version(tmp_path) -> None:
    from alembic import command
    from sqlalchemy import text

    url = db.database_url(tmp_path)
    engine = db.engine_for(url)
    try:
        cfg = db.alembic_config()
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "0002")
            conn.execute(text("INSERT INTO scenario_version (id, lineage, version, ruleset, title, title_key, format,"
                              " source, document, created_at) VALUES ('antiguo0000000000', 'antiguo0000000000', 1,"
                              " 'magic', 't', 't', 'yaml', 's', '{}', '2026-01-01 00:00:00')"))
        db.upgrade(url, force=True)
        row = saved.get(engine, "antiguo0000000000")
        assert row is not None and (row.rules_version, row.run_ok, row.run_digest) == (None, None, None)
        assert row.source == "s"                                            # nothing of it lost
    finally:
        db.dispose(url)


def test_the_library_listing_reads_its_index_not_the_rows(database_url: str, engine) -> None:
    """Revision 0005: the count and the page's seqs of a search come from ix_scenario_version_listing (SQLite's
    plan: a covering index scan; the citations through their key's index), the page's rows read whole after."""
    from sqlalchemy import func, text
    from sqlmodel import select

    assert "ix_scenario_version_listing" in {i["name"] for i in inspect(engine).get_indexes("scenario_version")}
    first = _save(engine, "Ana ataca con el oso")
    _save(engine, "Ana ataca con el oso (2)", parent=first)
    _save(engine, "Bruno bloquea", citations=("cr-en/509.1a",))
    page = saved.recent(engine, query="ataca oso")
    assert [r.title for r in page.items] == ["Ana ataca con el oso (2)"] and page.total == 1
    assert [r.title for r in saved.recent(engine, query="509").items] == ["Bruno bloquea"]
    if not database_url.startswith("sqlite"):
        return
    for query in ("", "ataca oso", "704"):
        stmt = select(func.count()).select_from(saved._matching(query, None).subquery())
        sql = str(stmt.compile(engine, compile_kwargs={"literal_binds": True}))
        with engine.connect() as conn:
            plan = " | ".join(row[-1] for row in conn.execute(text("EXPLAIN QUERY PLAN " + sql)))
        assert "SCAN scenario_version USING COVERING INDEX" in plan and "SCAN scenario_citation" not in plan, plan
