"""The builder's saves carry an Idempotency-Key (issue 16), in headless Chromium (tests/web/chromium.py): the same
text saved twice (a retry after an answer that was lost) is sent with the same key and stored once; another text
gets a new key and is a new save."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge import create_app

from .chromium import DevTools, live_server


@pytest.fixture()
def saving_app(own_instance: Path, tmp_path: Path):
    return create_app({"TESTING": True, "INSTANCE": str(own_instance),
                       "DATABASE_URL": f"sqlite:///{tmp_path / 'judge.db'}"})


@pytest.fixture()
def server(saving_app):
    yield from live_server(saving_app)


def _saved(app) -> int:   # type: ignore[no-untyped-def]
    return app.test_client().get("/api/scenarios?per_page=100").get_json()["total"]


def _save(browser: DevTools, loads: int) -> str:
    """Click the builder's save button with the form sent into a frame (the page stays: a retry is the same page
    sending again, as a lost answer leaves it); the key the form carried."""
    browser.evaluate("document.getElementById('save-button').click()")
    browser.wait_for(f"window.sinkLoads >= {loads}")
    return str(browser.evaluate("document.querySelector('input[name=idempotency_key]').value"))


def test_the_builder_sends_one_key_per_save_attempt(server: str, open_browser, saving_app) -> None:
    browser = open_browser(width=1024, height=900)
    browser.goto(f"{server}/escenarios/nuevo?desde=plantilla&ruleset=doce-vidas&lang=es")
    browser.wait_for("document.querySelector('#builder-summary.good') !== null")
    browser.evaluate("""(() => { const sink = document.createElement('iframe'); sink.name = 'sink';
        window.sinkLoads = 0; sink.addEventListener('load', () => { window.sinkLoads += 1; });
        document.body.append(sink); document.getElementById('source-form').target = 'sink'; })()""")
    browser.wait_for("window.sinkLoads >= 1")     # the empty frame's own load
    browser.evaluate("window.sinkLoads = 0")
    first = _save(browser, 1)
    assert len(first) >= 16
    assert _saved(saving_app) == 1
    again = _save(browser, 2)                 # the same text again: the same key, answered, not stored twice
    assert again == first and _saved(saving_app) == 1
    # Another text (edited by hand): a new attempt, a new key, a new save.
    browser.evaluate("""(() => { const box = document.getElementById('scenario');
        box.value = box.value.replace(/"title": "([^"]*)"/, '"title": "$1 (otra)"');
        box.dispatchEvent(new Event('input', { bubbles: true })); })()""")
    other = _save(browser, 3)
    assert other != first and _saved(saving_app) == 2
