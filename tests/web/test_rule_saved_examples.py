"""Rule pages list, beside the curated "Ejemplos", the saved scenarios whose run cites the rule (issue 8): newest
first, one per line of versions; an instance without a database yet lists none and creates none."""
from __future__ import annotations

from pathlib import Path

from judge import create_app
from judge.runner.catalog import find

from .conftest import soup_of

DRAW_FROM_EMPTY = ("magic", "15-robar-de-una-biblioteca-vacia-pierde-la-partida")   # its run cites 121.4


def test_saved_scenarios_citing_the_rule(instance_dir: Path, tmp_path: Path) -> None:
    # Its own database: the listing is then exactly what this test saved.
    client = create_app({"TESTING": True, "INSTANCE": str(instance_dir),
                         "DATABASE_URL": f"sqlite:///{tmp_path / 'judge.db'}"}).test_client()
    source = find(*DRAW_FROM_EMPTY).path.read_text(encoding="utf-8")
    first = client.post("/api/scenarios", data=source.encode(), content_type="application/yaml").get_json()
    edited = source.replace("title: \"", "title: \"Editado · ", 1)
    assert edited != source
    second = client.post(f"/api/scenarios/{first['id']}", data=edited.encode(),
                         content_type="application/yaml").get_json()
    data = client.get("/reglas/121.4.json").get_json()
    listed = [s["id"] for s in data["saved_examples"]]
    assert second["id"] in listed and first["id"] not in listed      # the line once, by its newest version
    assert client.get("/api/rules/121.4").get_json()["saved_examples"] == data["saved_examples"]
    page = soup_of(client.get("/reglas/121.4"))
    links = [a["href"] for a in page.select("section.saved-examples li a")]
    assert f"/escenarios/guardados/{second['id']}" in links
    # A rule no saved run cites lists none, and the section is not drawn.
    assert client.get("/reglas/701.23j.json").get_json()["saved_examples"] == []
    assert soup_of(client.get("/reglas/701.23j")).select_one("section.saved-examples") is None


def test_no_database_yet_lists_none_and_creates_none(instance_dir: Path, tmp_path: Path) -> None:
    database = tmp_path / "sin-crear" / "judge.db"
    app = create_app({"TESTING": True, "INSTANCE": str(instance_dir), "DATABASE_URL": f"sqlite:///{database}"})
    data = app.test_client().get("/reglas/121.4.json").get_json()
    assert data["saved_examples"] == [] and data["examples"]
    assert not database.exists()


def test_saved_scenarios_are_kept_a_few_seconds_per_worker(instance_dir: Path, tmp_path: Path,
                                                            monkeypatch) -> None:
    """SAVED_EXAMPLES_TTL: the list is asked again only after that many seconds, or after a save through the
    same worker (a save through another shows within the TTL)."""
    from judge.web import database as web_database

    client = create_app({"TESTING": True, "INSTANCE": str(instance_dir), "SAVED_EXAMPLES_TTL": 3600,
                         "DATABASE_URL": f"sqlite:///{tmp_path / 'judge.db'}"}).test_client()
    source = find(*DRAW_FROM_EMPTY).path.read_text(encoding="utf-8")
    first = client.post("/api/scenarios", data=source.encode(), content_type="application/yaml").get_json()
    assert [s["id"] for s in client.get("/reglas/121.4.json").get_json()["saved_examples"]] == [first["id"]]
    asked: list[str] = []
    real = web_database.db_call
    monkeypatch.setattr(web_database, "db_call", lambda fn, *a, **k: asked.append(fn.__name__) or real(fn, *a, **k))
    client.get("/reglas/121.4.json")
    assert "citing" not in asked                       # kept: the database is not asked
    second = client.post("/api/scenarios", data=source.encode(), content_type="application/yaml").get_json()
    listed = [s["id"] for s in client.get("/reglas/121.4.json").get_json()["saved_examples"]]
    assert listed == [second["id"], first["id"]] and "citing" in asked   # a save here: asked again
