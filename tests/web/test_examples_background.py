"""The rule pages' "Ejemplos" (every curated scenario run) are never built inside a request for more than
EXAMPLES_WAIT seconds (default 1): the page is served without them and says so while a background thread builds
them, is not kept by the page cache, and has them once the build is done. `judge index` builds them when stale."""
from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge import create_app
from judge.web import examples

from .conftest import soup_of


@pytest.fixture()
def held_build(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """A build that waits until the test lets it go (then the real one), on an empty memory."""
    go = threading.Event()
    real = examples.build

    def build(root: Path) -> dict:
        go.wait(120)
        return real(root)

    monkeypatch.setattr(examples, "build", build)
    monkeypatch.setattr(examples, "_memo", {})
    monkeypatch.setattr(examples, "_building", {})
    return go


def test_a_rule_page_does_not_wait_for_the_examples(own_instance: Path, tmp_path: Path,
                                                    held_build: threading.Event) -> None:
    (own_instance / "examples.json").unlink(missing_ok=True)
    app = create_app({"TESTING": True, "INSTANCE": str(own_instance), "PAGE_CACHE": True, "EXAMPLES_WAIT": 0,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'judge.db'}"})
    client = app.test_client()
    data = client.get("/reglas/121.4.json").get_json()
    assert data["examples"] == [] and data["examples_building"] is True
    page = client.get("/reglas/121.4")
    assert page.status_code == 200 and page.headers["X-Page-Cache"] == "miss"
    assert soup_of(page).select_one("#examples-building") is not None
    assert client.get("/reglas/121.4").headers["X-Page-Cache"] == "miss"     # not kept while incomplete
    library = client.get("/biblioteca.json?q=121.4").get_json()
    assert library["curated"]["examples_building"] is True
    held_build.set()
    for thread in list(examples._building.values()):
        thread.join(120)
    done = client.get("/reglas/121.4.json").get_json()
    assert done["examples"] and done["examples_building"] is False
    assert (own_instance / "examples.json").is_file()
    page = client.get("/reglas/121.4")
    assert soup_of(page).select_one("#examples-building") is None
    assert soup_of(page).select_one("section.examples") is not None


def test_judge_index_builds_the_examples_when_stale(instance_dir: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.cli import main

    own = tmp_path / "instance"
    own.mkdir()
    for entry in instance_dir.iterdir():
        if entry.name != "examples.json":
            (own / entry.name).symlink_to(entry)
    calls: list[Path] = []
    monkeypatch.setattr(examples, "build", lambda root: calls.append(root) or {"rules": {}, "cards": {},
                                                                                "cited": {}, "first": {}})
    monkeypatch.setattr(examples, "_memo", {})
    result = CliRunner().invoke(main, ["index", "--if-stale"], env={"JUDGE_INSTANCE": str(own)})
    assert result.exit_code == 0, result.output
    assert len(calls) == 1 and "ejemplos" in result.output
    stored = json.loads((own / "examples.json").read_text(encoding="utf-8"))
    assert stored["examples"] == {"rules": {}, "cards": {}, "cited": {}, "first": {}}
    monkeypatch.setattr(examples, "_memo", {})
    assert CliRunner().invoke(main, ["index", "--if-stale"], env={"JUDGE_INSTANCE": str(own)}).exit_code == 0
    assert len(calls) == 1                     # up to date: read from the file, not built again


def test_a_library_search_asks_for_the_examples_once(own_instance: Path, tmp_path: Path,
                                                     held_build: threading.Event,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The library's curated search reads the examples index once per request (its table of folded titles and
    citation keys is kept per index), not once per curated file: while the index was being built, each of those
    329 asks waited EXAMPLES_WAIT (the 59 s first search of docs/benchmarks.md, run 6)."""
    (own_instance / "examples.json").unlink(missing_ok=True)
    app = create_app({"TESTING": True, "INSTANCE": str(own_instance), "EXAMPLES_WAIT": 0.05,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'judge.db'}"})
    client = app.test_client()
    asked: list[float] = []
    real = examples.ready
    monkeypatch.setattr(examples, "ready", lambda *a, **k: asked.append(k.get("wait", 0)) or real(*a, **k))
    building = client.get("/biblioteca.json?q=turno").get_json()["curated"]
    assert building["examples_building"] is True and len(asked) == 1, asked
    held_build.set()
    for thread in list(examples._building.values()):
        thread.join(120)
    asked.clear()
    done = client.get("/biblioteca.json?q=121.4").get_json()["curated"]
    assert done["examples_building"] is False and done["total"] >= 1 and len(asked) == 1, asked
