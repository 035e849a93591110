"""`judge serve` in a subprocess on a free port of 127.0.0.1, as a user runs it; killed with SIGKILL or stopped."""
from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from .pgcluster import free_port

JUDGE = Path(sys.executable).parent / "judge"
CURATED = Path(__file__).resolve().parents[2] / "scenarios" / "doce-vidas" / "01-preparacion-de-la-partida.yaml"


def scenario(title: str) -> bytes:
    """A curated scenario's YAML under another title (each save of a test tells itself apart by it)."""
    text = CURATED.read_text(encoding="utf-8")
    return re.sub(r"(?m)^title: .*$", "title: " + json.dumps(title, ensure_ascii=False), text, count=1).encode()


class Server:
    def __init__(self, instance: Path, env: dict[str, str] | None = None) -> None:
        self.instance = instance
        self.env = {**os.environ, "JUDGE_INSTANCE": str(instance), **(env or {})}
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, ready_path: str = "/escenarios/nuevo", wait: float = 120.0) -> "Server":
        self.port = free_port()
        log = open(self.instance / f"server-{self.port}.log", "wb")
        self.process = subprocess.Popen([str(JUDGE), "serve", "--port", str(self.port)], env=self.env,
                                        stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"judge serve exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(self.base + ready_path, timeout=5):
                    return self
            except urllib.error.HTTPError:
                return self          # it answers (a 503 is an answer)
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("judge serve did not answer")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


def request(url: str, data: bytes | None = None, content_type: str = "application/yaml",
            timeout: float = 30.0) -> tuple[int, dict[str, str], bytes, float]:
    """(status, headers, body, seconds) of one request; a refused connection, or an answer cut before its body ended
    (the server killed mid-answer: the client never had it), is status 0."""
    started = time.perf_counter()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": content_type} if data else {},
                                 method="POST" if data is not None else "GET")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            return response.status, dict(response.headers), response.read(), time.perf_counter() - started
    except urllib.error.HTTPError as error:
        try:
            return error.code, dict(error.headers), error.read(), time.perf_counter() - started
        except (OSError, http.client.HTTPException):
            return 0, {}, b"", time.perf_counter() - started
    except (OSError, http.client.HTTPException):
        return 0, {}, b"", time.perf_counter() - started
