"""flaskr-style fixtures: `app`, `client`, `runner` over a temporary instance.

The index is built once per session and shared: one instance with the default corpus, and (only for the tests
that ask for it) one with the official English CR imported as well.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from judge import config, create_app
from judge.web.data import rules_data_for


def _warm(instance: Path) -> Path:
    # Builds the index and loads the corpus into the process-wide cache that every app of this instance shares.
    rules_data_for(config.corpus_dir(), instance)
    return instance


@pytest.fixture(scope="session")
def instance_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _warm(tmp_path_factory.mktemp("web-instance"))


@pytest.fixture(scope="session")
def cr_instance_dir(tmp_path_factory: pytest.TempPathFactory, cr_file: Path) -> Path:
    from click.testing import CliRunner

    from judge.cli import main

    # Through the documented command, as a user would: `JUDGE_INSTANCE=… judge corpus import FILE`.
    instance = tmp_path_factory.mktemp("web-instance-cr")
    result = CliRunner().invoke(main, ["corpus", "import", str(cr_file)], env={"JUDGE_INSTANCE": str(instance)})
    assert result.exit_code == 0, result.output
    return _warm(instance)


@pytest.fixture()
def own_instance(instance_dir: Path, tmp_path: Path) -> Path:
    # The counters live in the instance folder: a folder of this test's own (the corpus and index are shared)
    # keeps other tests' rate-limit counts and cached pages out. The index is the session's, through a symlink.
    own = tmp_path / "instance"
    own.mkdir()
    for entry in instance_dir.iterdir():
        if not entry.name.startswith("shared.db"):   # nor its -wal/-shm files
            (own / entry.name).symlink_to(entry)
    return own


@pytest.fixture()
def app(instance_dir: Path):
    return create_app({"TESTING": True, "INSTANCE": str(instance_dir)})


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture()
def runner(app):
    return app.test_cli_runner()


@pytest.fixture()
def cr_client(cr_instance_dir: Path):
    return create_app({"TESTING": True, "INSTANCE": str(cr_instance_dir)}).test_client()


def soup_of(response) -> BeautifulSoup:
    assert response.mimetype == "text/html", response.mimetype
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


@pytest.fixture()
def get_page(client):
    """GET a page and parse it; asserts the status."""
    def get(url: str, status: int = 200, **kwargs) -> BeautifulSoup:
        response = client.get(url, **kwargs)
        assert response.status_code == status, (url, response.status_code, response.get_data(as_text=True)[:500])
        return soup_of(response)
    return get


@pytest.fixture()
def soup():
    """Parse an HTML response (asserting it is HTML)."""
    return soup_of
