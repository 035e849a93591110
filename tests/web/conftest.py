"""flaskr-style fixtures: `app`, `client`, `runner` over a temporary instance; for the browser tests, `server` (the
app on a free local port) and `open_browser` (headless Chromium, closed after the test).

The index is built once per session and shared: one instance with the default corpus, and (only for the tests
that ask for it) one with the official English CR imported as well.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from judge import config, create_app
from judge.web.data import rules_data_for

from .chromium import DevTools, _chromium, live_server


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
        # nor its -wal/-shm/.writer files, nor the rate-limit counters' table beside it
        if not entry.name.startswith("shared.db") and entry.name != "counters.bin":
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
def corpus_text(client):
    """A passage's text as the corpus has it (its page's JSON twin), spaces collapsed: what a page quoting the rule
    must show as it is, in any interface language (the corpus's words, not the program's)."""
    def text(passage_id: str) -> str:
        return " ".join(client.get(f"/pasajes/{passage_id}.json").get_json()["text"].split())
    return text


def flat(text: str) -> str:
    """A page's text with its spaces collapsed (the quoted rule spans links and lines)."""
    return " ".join(text.split())


@pytest.fixture()
def flat_text():
    return flat


@pytest.fixture()
def soup():
    """Parse an HTML response (asserting it is HTML)."""
    return soup_of


@pytest.fixture()
def server(app) -> Iterator[str]:
    """The `app` fixture served on a free local port (a module's own `app` or `server` fixture wins)."""
    yield from live_server(app)


@pytest.fixture()
def open_browser(tmp_path: Path) -> Iterator[Callable[..., DevTools]]:
    """`open_browser(width=390, height=844)`: headless Chromium at that window size (the test is skipped without
    Chromium, and fails on CI); every browser it opened is closed when the test ends, passed or not."""
    opened: list[DevTools] = []

    def open_(width: int = 390, height: int = 844) -> DevTools:
        profile = tmp_path / ("profile" if not opened else f"profile-{len(opened)}")
        browser = DevTools(_chromium(), profile, width=width, height=height)
        opened.append(browser)
        return browser

    yield open_
    for browser in opened:
        browser.close()
