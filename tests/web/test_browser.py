"""Real browsers: Debian's headless Chromium loads the home page with a question (the DOM is checked), and drives
the suggestions widget with the keyboard at a phone's width over the DevTools protocol."""
from __future__ import annotations

import os
import shutil
import subprocess
import threading
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from bs4 import BeautifulSoup
from werkzeug.serving import make_server


def _chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("chromium is not installed (CI=true): run `make browser` as root")
        pytest.skip("chromium is not installed (`make browser` installs Debian's chromium)")
    return path


@pytest.fixture()
def server(app):
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    thread.join(timeout=5)


def test_home_page_with_a_question_in_chromium(server: str, tmp_path: Path) -> None:
    chromium = _chromium()
    url = f"{server}/?q={quote('121.4')}"
    result = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
         f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", url],
        capture_output=True, text=True, timeout=90,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    dom = BeautifulSoup(result.stdout, "html.parser")
    assert dom.find("input", attrs={"name": "q"})["value"] == "121.4"
    answer = dom.select_one("section.answer")
    assert answer is not None and "121.4" in answer.select_one(".citation").get_text()
    assert len(dom.select("section.results li.result")) >= 1


class DevTools:
    """Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe: commands on fd 3,
    answers on fd 4, NUL-separated JSON), so a test can press keys as a user does without any extra package."""

    def __init__(self, chromium: str, profile: Path, width: int = 390, height: int = 844) -> None:
        import fcntl
        import json

        self._json = json
        to_child, self._write = os.pipe()
        self._read, from_child = os.pipe()
        # posix_spawn, not fork + preexec_fn: the test server's thread is running. The child's ends are moved
        # above fd 9 first, so that dup2 onto 3 and 4 never meets one of them already there.
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (to_child, from_child)]
        os.close(to_child)
        os.close(from_child)
        self.log = profile.parent / "chromium.log"
        args = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                f"--user-data-dir={profile}", f"--window-size={width},{height}", "--remote-debugging-pipe",
                "about:blank"]
        self.pid = os.posix_spawn(chromium, args, dict(os.environ), file_actions=[
            (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
            (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
            (os.POSIX_SPAWN_OPEN, 2, str(self.log), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
            (os.POSIX_SPAWN_DUP2, high[0], 3),   # the child reads our commands on fd 3
            (os.POSIX_SPAWN_DUP2, high[1], 4),   # and writes its answers on fd 4
        ])
        for fd in high:
            os.close(fd)
        self._buffer = b""
        self._id = 0
        self.session: str | None = None
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                  mobile=True)

    def send(self, method: str, **params: object) -> dict:
        import select

        self._id += 1
        message: dict[str, object] = {"id": self._id, "method": method, "params": params}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self._write, self._json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + 30
        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                answer = self._json.loads(raw)
                if answer.get("id") == self._id:
                    assert "error" not in answer, (method, answer["error"])
                    return answer.get("result", {})
            left = deadline - time.monotonic()
            assert left > 0, f"no answer from Chromium to {method}"
            ready, _, _ = select.select([self._read], [], [], left)
            if ready:
                chunk = os.read(self._read, 1 << 16)
                assert chunk, "Chromium closed the DevTools pipe: " + self.log.read_text(errors="replace")[-1500:]
                self._buffer += chunk

    def evaluate(self, expression: str) -> object:
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        assert "exceptionDetails" not in result, result["exceptionDetails"]
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 15.0) -> object:
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            assert time.monotonic() < deadline, f"timed out waiting for: {expression}"
            time.sleep(0.05)

    def goto(self, url: str) -> None:
        self.send("Page.navigate", url=url)
        self.wait_for(f"location.href === {self._json.dumps(url)} && document.readyState === 'complete'")

    KEYS = {"ArrowDown": 40, "ArrowUp": 38, "Enter": 13, "Escape": 27}

    def press(self, key: str) -> None:
        code = self.KEYS[key]
        extra = {"text": "\r"} if key == "Enter" else {}
        self.send("Input.dispatchKeyEvent", type="keyDown", key=key, code=key, windowsVirtualKeyCode=code,
                  nativeVirtualKeyCode=code, **extra)
        self.send("Input.dispatchKeyEvent", type="keyUp", key=key, code=key, windowsVirtualKeyCode=code,
                  nativeVirtualKeyCode=code)

    def type(self, text: str) -> None:
        self.send("Input.insertText", text=text)

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except (AssertionError, OSError):
            pass
        deadline = time.monotonic() + 10
        while os.waitpid(self.pid, os.WNOHANG) == (0, 0):
            if time.monotonic() > deadline:
                os.kill(self.pid, 9)   # only the browser this test started
                os.waitpid(self.pid, 0)
                break
            time.sleep(0.05)
        os.close(self._write)
        os.close(self._read)


def test_suggestions_widget_with_the_keyboard_at_390px(server: str, tmp_path: Path) -> None:
    browser = DevTools(_chromium(), tmp_path / "profile", width=390, height=844)
    try:
        browser.goto(f"{server}/?lang=es")
        # The script made the box a combobox (ARIA 1.2) with a listbox popup, closed.
        state = browser.evaluate("""(() => { const q = document.getElementById('q');
            const list = document.getElementById(q.getAttribute('aria-controls'));
            return {role: q.getAttribute('role'), expanded: q.getAttribute('aria-expanded'),
                    autocomplete: q.getAttribute('aria-autocomplete'), listRole: list && list.getAttribute('role'),
                    hidden: list && list.hidden, label: list && list.getAttribute('aria-label')}; })()""")
        assert state == {"role": "combobox", "expanded": "false", "autocomplete": "list", "listRole": "listbox",
                         "hidden": True, "label": "Sugerencias"}
        browser.evaluate("document.getElementById('q').focus()")
        browser.type("cisnes")
        browser.wait_for("document.querySelectorAll('#q-suggestions [role=option]').length > 0")
        options = browser.evaluate("""[...document.querySelectorAll('#q-suggestions [role=option]')]
            .map(o => ({id: o.id, kind: o.dataset.kind, value: o.dataset.value,
                        selected: o.getAttribute('aria-selected')}))""")
        assert options[0]["value"] == "Cisnes de Bryn Árgoll" and options[0]["kind"] == "card"
        assert all(o["selected"] == "false" for o in options)
        assert browser.evaluate("document.getElementById('q').getAttribute('aria-expanded')") == "true"
        assert "sugerencias" in browser.evaluate("document.querySelector('.suggest [role=status]').textContent")

        # Down highlights the first option (focus stays in the box: aria-activedescendant); Up from there wraps.
        browser.press("ArrowDown")
        active = "document.getElementById('q').getAttribute('aria-activedescendant')"
        assert browser.evaluate(active) == options[0]["id"]
        assert browser.evaluate(f"document.getElementById({options[0]['id']!r}).getAttribute('aria-selected')") == "true"
        assert browser.evaluate("document.activeElement.id") == "q"
        browser.press("ArrowUp")
        assert browser.evaluate(active) == options[-1]["id"]
        browser.press("ArrowDown")
        assert browser.evaluate(active) == options[0]["id"]

        # At 390 px the open list stays inside the viewport and the page does not scroll sideways.
        layout = browser.evaluate("""(() => { const r = document.getElementById('q-suggestions').getBoundingClientRect();
            return {left: r.left, right: r.right, width: innerWidth, scroll: document.documentElement.scrollWidth}; })()""")
        assert layout["width"] == 390 and 0 <= layout["left"] and layout["right"] <= 390, layout
        assert layout["scroll"] <= 390, layout

        # Escape closes the list and keeps the text; Down opens it again.
        browser.press("Escape")
        assert browser.evaluate("document.getElementById('q-suggestions').hidden") is True
        assert browser.evaluate("document.getElementById('q').getAttribute('aria-expanded')") == "false"
        assert browser.evaluate(active) is None
        assert browser.evaluate("document.getElementById('q').value") == "cisnes"
        browser.press("ArrowDown")
        assert browser.evaluate(active) == options[0]["id"]

        # Enter searches for the highlighted suggestion.
        browser.press("Enter")
        browser.wait_for("new URLSearchParams(location.search).get('q') === 'Cisnes de Bryn Árgoll'"
                         " && document.readyState === 'complete'")
        assert browser.evaluate("document.getElementById('q').value") == "Cisnes de Bryn Árgoll"
        assert "Cisnes de Bryn Árgoll" in browser.evaluate("document.querySelector('section.results').textContent")
    finally:
        browser.close()
