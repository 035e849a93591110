"""Every body over MAX_CONTENT_LENGTH is a 413, chunked or not, never cut short: a real server (the development
server in a thread) and a raw socket, so the framing is exactly what a client sends."""
from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from judge import create_app

from .chromium import live_server

LIMIT = 4096
SCENARIO = (Path(__file__).resolve().parents[2] / "scenarios" / "doce-vidas" / "11-combate-simultaneo.yaml")


@pytest.fixture()
def server(tmp_path: Path, instance_dir: Path) -> Iterator[str]:
    app = create_app({"TESTING": True, "INSTANCE": str(instance_dir), "MAX_CONTENT_LENGTH": LIMIT,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'judge.db'}"})
    yield from live_server(app)


def _send(base: str, path: str, body: bytes, ctype: str, *, chunked: bool, chunk: int = 1000) -> tuple[int, dict, bytes]:
    """POST `body` over a raw socket, either with Content-Length or as `Transfer-Encoding: chunked` pieces."""
    url = urlsplit(base)
    head = [f"POST {path} HTTP/1.1", f"Host: {url.netloc}", f"Content-Type: {ctype}", "Accept: application/json",
            "Connection: close"]
    if chunked:
        head.append("Transfer-Encoding: chunked")
        payload = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + chunk]), body[i:i + chunk])
                           for i in range(0, len(body), chunk)) + b"0\r\n\r\n"
    else:
        head.append(f"Content-Length: {len(body)}")
        payload = body
    with socket.create_connection((url.hostname, url.port), timeout=20) as sock:
        sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
        data = b""
        try:
            while chunk_in := sock.recv(65536):
                data += chunk_in
        except ConnectionResetError:  # the server may close after answering without reading the rest
            pass
    status_line, _, rest = data.partition(b"\r\n")
    headers_raw, _, content = rest.partition(b"\r\n\r\n")
    headers = dict(line.decode("latin-1").split(": ", 1) for line in headers_raw.split(b"\r\n") if b": " in line)
    return int(status_line.split()[1]), headers, content


def _big_scenario() -> bytes:
    # A valid scenario padded past the limit with a long description (under the validator's 4,000 characters),
    # its actions and expectations at the end: a cut body would lose them.
    text = SCENARIO.read_text(encoding="utf-8")
    return ("description: >\n" + "".join(f"  {'palabra ' * 9}\n" for _ in range(60)) + text).encode()


@pytest.mark.parametrize("chunked", [True, False])
@pytest.mark.parametrize("path", ["/api/scenarios", "/api/run", "/api/validate"])
def test_a_body_over_the_limit_is_413_json_whatever_the_framing(server: str, path: str, chunked: bool) -> None:
    body = _big_scenario()
    assert LIMIT < len(body) < 2 * LIMIT
    status, headers, content = _send(server, path, body, "application/yaml", chunked=chunked)
    assert status == 413, content[:300]
    assert headers["Content-Type"].startswith("application/json")
    answer = json.loads(content)
    assert answer["status"] == 413 and str(LIMIT) in answer["error"]


def test_nothing_is_saved_from_a_chunked_body_over_the_limit(server: str) -> None:
    status, _, _ = _send(server, "/api/scenarios", _big_scenario(), "application/yaml", chunked=True)
    assert status == 413
    assert json.loads(_get(server, "/api/scenarios"))["total"] == 0


def _get(base: str, path: str) -> bytes:
    from urllib.request import urlopen

    with urlopen(base + path, timeout=20) as response:
        return response.read()


@pytest.mark.parametrize("size", [LIMIT - 1, LIMIT])
def test_a_chunked_body_within_the_limit_is_read_whole_and_saved(server: str, size: int) -> None:
    # Up to the limit itself a chunked body is taken whole: the saved text is every byte sent.
    text = SCENARIO.read_text(encoding="utf-8")
    body = (text + "#" * (size - len(text.encode()) - 1) + "\n").encode()
    assert len(body) == size
    status, headers, content = _send(server, "/api/scenarios", body, "application/yaml", chunked=True, chunk=333)
    assert status == 201, content[:300]
    saved = json.loads(_get(server, "/api/scenarios/" + json.loads(content)["id"]))
    assert saved["source"].encode() == body


def test_a_chunked_form_over_the_limit_is_413_on_the_pages(server: str) -> None:
    from urllib.parse import urlencode

    form = urlencode({"scenario": _big_scenario().decode()}).encode()
    for path in ("/escenarios/guardados", "/escenarios/ejecutar", "/escenarios/nuevo"):
        status, _, content = _send(server, path, form, "application/x-www-form-urlencoded", chunked=True)
        assert status == 413, (path, content[:300])
    assert json.loads(_get(server, "/api/scenarios"))["total"] == 0
