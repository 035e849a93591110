"""Headless Chromium for the page tests: Debian's chromium found (or the test skipped, or failed on CI), a live
server for the app, and the DevTools protocol on a pipe (no extra package). Shared by every browser test."""
from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.serving import make_server


def _chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("chromium is not installed (CI=true): run `make browser` as root")
        pytest.skip("chromium is not installed (`make browser` installs Debian's chromium)")
    return path


def live_server(app) -> Iterator[str]:
    """The body of a `server` fixture (`yield from live_server(app)`): the app on a free local port."""
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    thread.join(timeout=5)


# What Runtime.evaluate answers when the page navigates while the expression runs (a form an attacker's page
# submits by itself, a redirect): the document it ran in is gone, so a condition polled then is simply polled again.
NAVIGATED = ("Inspected target navigated or closed", "Execution context was destroyed",
             "Cannot find context with specified id")


class PageNavigated(AssertionError):
    """An evaluation cut by a navigation (NAVIGATED): wait_for polls again; anywhere else it fails the test."""


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
                    error = answer.get("error")
                    if error and any(text in str(error.get("message", "")) for text in NAVIGATED):
                        raise PageNavigated((method, error))
                    assert error is None, (method, error)
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
            try:
                value = self.evaluate(expression)
            except PageNavigated:   # the page left mid-poll (a polled condition has no side effects): ask again
                value = None
            if value:
                return value
            assert time.monotonic() < deadline, f"timed out waiting for: {expression}"
            time.sleep(0.05)

    def goto(self, url: str) -> None:
        self.send("Page.navigate", url=url)
        self.wait_for(f"location.href === {self._json.dumps(url)} && document.readyState === 'complete'")

    KEYS = {"ArrowDown": 40, "ArrowUp": 38, "Enter": 13, "Escape": 27, "Tab": 9, " ": 32}

    def press(self, key: str) -> None:
        code = self.KEYS[key]
        extra = {"text": "\r"} if key == "Enter" else {"text": " "} if key == " " else {}
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
