"""One real browser: Debian's headless Chromium loads the home page with a question; the DOM is checked."""
from __future__ import annotations

import os
import shutil
import subprocess
import threading
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
