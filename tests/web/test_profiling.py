"""JUDGE_PROFILE_DIR (judge/web/profiling.py): every request profiled in its own thread, a line per request with
its thread's CPU and wall time, and the threads' profiles merged into one pstats file."""
from __future__ import annotations

import json
import pstats
import threading
from pathlib import Path

from judge import create_app
from judge.web import profiling


def _busy(n: int) -> int:
    return sum(i * i for i in range(n))


def _app(environ, start_response):  # type: ignore[no-untyped-def]
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [str(_busy(200_000)).encode()]


def test_requests_of_several_threads_are_profiled_and_logged(tmp_path: Path) -> None:
    layer = profiling.ProfiledApp(_app, tmp_path, every=1000)
    bodies: list[bytes] = []

    def call(path: str) -> None:
        environ = {"REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": "q=1"}
        bodies.append(b"".join(layer(environ, lambda status, headers, *rest: None)))

    threads = [threading.Thread(target=lambda i=i: [call(f"/t{i}") for _ in range(2)]) for i in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert bodies == [str(_busy(200_000)).encode()] * 6      # the answer passes through unchanged
    layer.dump()
    lines = [json.loads(line) for line in next(tmp_path.glob("requests-*.jsonl")).read_text().splitlines()]
    assert len(lines) == 6 and {line["status"] for line in lines} == {"200"}
    assert len({line["thread"] for line in lines}) == 3
    assert sorted(line["nth_in_thread"] for line in lines) == [1, 1, 1, 2, 2, 2]
    assert all(line["cpu_ms"] > 0 and line["wall_ms"] > 0 for line in lines)
    stats = pstats.Stats(str(next(tmp_path.glob("profile-*.pstats"))))
    calls = {func[2]: value[1] for func, value in stats.stats.items()}   # function name → calls
    assert calls.get("_busy") == 6                            # every thread's profile is in the merged one
    layer.close()


def test_off_unless_set(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "INSTANCE": str(tmp_path / "i")})
    before = app.wsgi_app
    profiling.wrap(app)
    assert app.wsgi_app is before
    app.config["PROFILE_DIR"] = str(tmp_path / "p")
    profiling.wrap(app)
    assert isinstance(app.wsgi_app, profiling.ProfiledApp)
    assert app.test_client().get("/api/documents").status_code in (200, 503)
    assert list((tmp_path / "p").glob("requests-*.jsonl"))
    app.wsgi_app.close()


def test_full_collections_are_logged(tmp_path: Path) -> None:
    """gc-<pid>.jsonl: a full collection gets its line (generation, ms, objects freed, frozen count)."""
    import gc

    layer = profiling.ProfiledApp(_app, tmp_path, every=1000)
    try:
        gc.collect()
    finally:
        layer.close()
    gc.collect()   # after close: not logged
    lines = [json.loads(line) for line in next(tmp_path.glob("gc-*.jsonl")).read_text().splitlines()]
    assert len([line for line in lines if line["gen"] == 2]) == 1
    assert all(line["ms"] >= 0 and line["frozen"] >= 0 and "collected" in line for line in lines)
