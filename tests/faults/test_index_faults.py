"""A damaged index: found by its checksums (at open and by `judge index --if-stale`), never served; the last good
copy is served while it is built again in the background, and without one the pages say "rebuilding" (503 with
Retry-After) at once rather than waiting for the build."""
from __future__ import annotations

import time
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner

from judge import config, create_app
from judge.cli import main
from judge.search import RulesIndex, ensure_index
from judge.search.index import LAST_GOOD, IndexCorrupt, damage

from .indexdamage import built, damage_segment

WAIT_FOR_BUILD = 120.0   # seconds: a background build of the default corpus, on a loaded machine


def _until(condition, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + WAIT_FOR_BUILD
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen within {WAIT_FOR_BUILD} s"
        time.sleep(0.2)


def test_a_damaged_segment_is_found_and_if_stale_rebuilds_it(tmp_path: Path, said_line) -> None:
    instance = built(tmp_path)
    assert damage(config.index_dir(instance).resolve()) is None
    damage_segment(instance)
    assert ".seg" in damage(config.index_dir(instance).resolve())
    with pytest.raises(IndexCorrupt):
        RulesIndex(instance)
    result = CliRunner().invoke(main, ["index", "--if-stale"], env={"JUDGE_INSTANCE": str(instance)})
    assert result.exit_code == 0, result.output
    assert said_line(result.output, "cli.build.damaged") is not None and said_line(result.output, "cli.build.built")
    assert damage(config.index_dir(instance).resolve()) is None
    assert RulesIndex(instance).search("robar").results
    again = CliRunner().invoke(main, ["index", "--if-stale"], env={"JUDGE_INSTANCE": str(instance)})
    assert said_line(again.output, "cli.index.examples") is not None and not said_line(again.output, "cli.build.built")


def test_a_removed_file_or_folder_counts_as_damage(tmp_path: Path) -> None:
    instance = built(tmp_path)
    folder = config.index_dir(instance).resolve()
    (folder / "impacts.marshal").unlink()
    assert "impacts.marshal" in damage(folder)
    assert ensure_index(instance_dir=instance)        # rebuilt, although the corpus did not change


def test_the_last_good_copy_is_served_while_the_damaged_index_is_rebuilt(tmp_path: Path) -> None:
    instance = built(tmp_path, builds=2)             # the second build keeps the first as the last good copy
    assert (instance / LAST_GOOD).is_symlink()
    damaged = config.index_dir(instance).resolve()
    damage_segment(instance)
    client = create_app({"TESTING": True, "INSTANCE": str(instance)}).test_client()
    first = client.get("/api/search?q=robar")
    assert first.status_code == 200 and first.get_json()["results"]
    assert client.get("/reglas/121.4").status_code == 200
    _until(lambda: config.index_dir(instance).resolve() != damaged and damage(config.index_dir(instance).resolve())
           is None, "the background rebuild")
    from judge.web.data import rules_data_for

    data = rules_data_for(config.corpus_dir(), instance)
    _until(lambda: rules_data_for(config.corpus_dir(), instance).serving_last_good is None, "serving the rebuilt index")
    assert data.index is not None and data.index.folder == config.index_dir(instance).resolve()
    assert client.get("/api/search?q=robar").status_code == 200


def test_without_a_good_copy_the_pages_say_rebuilding_then_recover(tmp_path: Path) -> None:
    instance = built(tmp_path)
    damage_segment(instance)
    client = create_app({"TESTING": True, "INSTANCE": str(instance)}).test_client()
    api = client.get("/api/search?q=robar")
    assert api.status_code == 503 and int(api.headers["Retry-After"]) > 0
    assert "reconstruyendo" in api.get_json()["error"] and api.get_json()["retry_after"] > 0
    page = client.get("/?q=robar")
    assert page.status_code == 503 and page.mimetype == "text/html"
    assert "reconstruyendo" in BeautifulSoup(page.get_data(as_text=True), "html.parser").get_text(" ")
    english = client.get("/api/suggest?q=704&lang=en")
    assert english.status_code == 503 and "rebuilt" in english.get_json()["error"]
    _until(lambda: client.get("/api/search?q=robar").status_code == 200, "the rebuilt index answering")
    assert client.get("/reglas/121.4").status_code == 200
