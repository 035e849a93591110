"""The step-by-step viewer in a real browser: Debian's headless Chromium over the DevTools pipe (tests/web/chromium.py's
driver) opens a run at #paso-3, steps forward and back with the arrow keys, reads the cited passage beside the
step, and does it again at 390 px without horizontal overflow. Screenshots of the viewer at a few steps are written
under pytest's temporary folder (viewer-screenshots/), the path printed."""
from __future__ import annotations

import base64
from pathlib import Path

import pytest

from judge.web.i18n import translate

from .chromium import DevTools, _chromium, live_server

SCENARIO = "/escenarios/doce-vidas/07-enderezar-al-comienzo-del-turno"


class Browser(DevTools):
    KEYS = {**DevTools.KEYS, "ArrowLeft": 37, "ArrowRight": 39, "Home": 36}

    def screenshot(self, path: Path) -> None:
        data = self.send("Page.captureScreenshot", format="png")["data"]
        path.write_bytes(base64.b64decode(data))


@pytest.fixture()
def viewer_server(app):
    yield from live_server(app)


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("viewer-screenshots", numbered=False)
    print(f"\nviewer screenshots: {folder}")
    return folder


STATE = """(() => { const shown = [...document.querySelectorAll('ol.steps > li.run-step')].filter(li => !li.hidden);
  return {shown: shown.map(li => li.id), counter: document.querySelector('.step-controls .counter').textContent,
          hash: location.hash, live: document.querySelector('.step-controls .counter').getAttribute('aria-live'),
          prevDisabled: document.querySelector('.step-controls button.prev').disabled}; })()"""


def step_text(browser: Browser, selector: str) -> str:
    return browser.evaluate(f"(document.querySelector('li.run-step.current {selector}') || {{}}).textContent || ''")


def counter(n: int, total: int = 20) -> str:
    """The step counter the page reads out (its interface key, view.counter)."""
    return translate("view.counter", "es", n=n, total=total)


def step_data(browser: Browser, selector: str, attribute: str) -> str | None:
    """A data attribute of an element of the current step (its message id, its phase): what it says, not how."""
    return browser.evaluate(f"document.querySelector('li.run-step.current {selector}')?.dataset.{attribute} ?? null")


@pytest.mark.parametrize("width", [1280, 390])
def test_viewer_steps_with_the_arrow_keys(viewer_server: str, tmp_path: Path, shots: Path, width: int) -> None:
    browser = Browser(_chromium(), tmp_path / "profile", width=width, height=900)
    try:
        browser.goto(f"{viewer_server}{SCENARIO}#paso-3")
        browser.wait_for("document.querySelector('li.run-step.current') !== null")
        state = browser.evaluate(STATE)
        assert state["shown"] == ["paso-3"] and state["counter"] == counter(3) and state["live"] == "polite"
        # The step's summary, its board, and the full text of the passage it cites, beside it.
        assert step_data(browser, ".summary", "message") == "dv.turn.mana" and step_text(browser, ".summary")
        assert len(step_text(browser, '.cite[data-ref="dv/turno/preparacion/1"] blockquote')) > 20
        assert browser.evaluate("document.querySelector('li.run-step.current .cite a.ref').getAttribute('href')") \
            .startswith("/pasajes/dv/")
        assert step_data(browser, ".board .step-label", "phase") == "preparacion"
        assert step_text(browser, ".board .step-label")
        browser.screenshot(shots / f"paso-3-{width}.png")

        browser.press("ArrowRight")
        state = browser.evaluate(STATE)
        assert state["shown"] == ["paso-4"] and state["counter"] == counter(4) and state["hash"] == "#paso-4"
        assert step_data(browser, ".summary", "message") == "dv.turn.untap"
        assert "Oso pardo" in step_text(browser, ".tile.changed")       # the untapped bear is marked
        assert step_text(browser, '.cite[data-ref="dv/turno/preparacion/2"] blockquote')
        browser.screenshot(shots / f"paso-4-{width}.png")

        for _ in range(4):
            browser.press("ArrowRight")
        state = browser.evaluate(STATE)
        assert state["shown"] == ["paso-8"] and state["hash"] == "#paso-8"
        assert browser.evaluate("document.querySelector('li.run-step.current').classList.contains('illegal')")
        assert step_data(browser, ".summary", "message") == "core.illegal" and step_text(browser, ".summary")
        browser.screenshot(shots / f"paso-8-ilegal-{width}.png")

        browser.press("ArrowLeft")
        browser.press("ArrowLeft")
        state = browser.evaluate(STATE)
        assert state["shown"] == ["paso-6"] and state["counter"] == counter(6)
        browser.press("Home")
        assert browser.evaluate(STATE)["prevDisabled"] is True

        # The buttons are labelled and at least 24 px; nothing is wider than the window.
        sizes = browser.evaluate("""[...document.querySelectorAll('.step-controls button')].map(b => {
            const r = b.getBoundingClientRect(); return [b.getAttribute('aria-label'), r.width, r.height]; })""")
        assert [label for label, _, _ in sizes] == [translate("view.previous", "es"), translate("view.next", "es")]
        assert all(w >= 24 and h >= 24 for _, w, h in sizes), sizes
        overflow = browser.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, f"{overflow} px of horizontal overflow at {width} px"
    finally:
        browser.close()

