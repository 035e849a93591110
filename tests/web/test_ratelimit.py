"""Rate limits (issue 16): per client, 429 with Retry-After (JSON for the API, the error page for pages),
counted in a store every worker shares (the instance's SQLite file across processes, Redis across instances)."""
from __future__ import annotations

import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from judge import create_app
from judge.runner.catalog import find
from judge.web.ratelimit import BadRateLimit, Limit
from judge.web.shared_store import RedisStore, SQLiteStore

from .conftest import soup_of

REDIS_URL = "redis://127.0.0.1:6379/0"
SCENARIO = find("doce-vidas", "01-preparacion-de-la-partida").path.read_text(encoding="utf-8")


def _app(instance: Path, tmp_path: Path, **settings: object):
    return create_app({"TESTING": True, "INSTANCE": str(instance), "RATE_LIMITS": True,
                       "DATABASE_URL": f"sqlite:///{tmp_path / 'judge.db'}", **settings})


def test_limit_parse() -> None:
    assert Limit.parse("30/minute") == Limit(30, 60)
    assert Limit.parse("5/10second") == Limit(5, 10)
    assert Limit.parse("1000 / hours") == Limit(1000, 3600)
    assert Limit.parse("off") is None and Limit.parse("") is None
    with pytest.raises(BadRateLimit, match="expected <count>/<unit>"):
        Limit.parse("lots")


def test_a_malformed_setting_fails_at_start(own_instance: Path, tmp_path: Path) -> None:
    with pytest.raises(BadRateLimit, match="'ten/minute'"):
        _app(own_instance, tmp_path, RATE_LIMIT_RUN="ten/minute")


def test_run_over_the_limit_is_a_429_json_with_retry_after(own_instance: Path, tmp_path: Path) -> None:
    client = _app(own_instance, tmp_path, RATE_LIMIT_RUN="2/minute").test_client()
    for _ in range(2):
        assert client.post("/api/run", data=SCENARIO, content_type="application/yaml").status_code == 200
    refused = client.post("/api/run", data=SCENARIO, content_type="application/yaml")
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    body = refused.get_json()
    assert body["status"] == 429 and body["kind"] == "run" and body["limit"] == "2/60s"
    assert body["retry_after"] == int(refused.headers["Retry-After"]) and "run" in body["error"]
    # Another client (another address) has its own allowance; GETs are not counted.
    other = client.post("/api/run", data=SCENARIO, content_type="application/yaml",
                        environ_base={"REMOTE_ADDR": "10.0.0.7"})
    assert other.status_code == 200
    assert client.get("/api/rulesets").status_code == 200


def test_page_over_the_limit_is_an_html_429(own_instance: Path, tmp_path: Path) -> None:
    client = _app(own_instance, tmp_path, RATE_LIMIT_RUN="1/minute").test_client()
    assert client.post("/escenarios/ejecutar", data={"scenario": SCENARIO}).status_code == 200
    refused = client.post("/escenarios/ejecutar?lang=en", data={"scenario": SCENARIO})
    assert refused.status_code == 429 and refused.mimetype == "text/html" and "Retry-After" in refused.headers
    page = soup_of(refused)
    assert "429" in page.select_one("h1").get_text() and "Too many" in page.select_one("p.message").get_text()


def test_writes_and_searches_are_limited_apart(own_instance: Path, tmp_path: Path) -> None:
    client = _app(own_instance, tmp_path, RATE_LIMIT_WRITE="1/minute", RATE_LIMIT_SEARCH="2/minute").test_client()
    assert client.post("/api/scenarios", data=SCENARIO, content_type="application/yaml").status_code == 201
    assert client.post("/api/scenarios", data=SCENARIO, content_type="application/yaml").status_code == 429
    assert client.get("/api/search?q=robar").status_code == 200
    assert client.get("/?q=robar").status_code == 200
    assert client.get("/api/search?q=robar").status_code == 429
    assert client.get("/").status_code == 200          # the home page without a question is not a search
    assert client.post("/api/run", data=SCENARIO, content_type="application/yaml").status_code == 200


def test_proxy_hops_count_the_forwarded_client(own_instance: Path, tmp_path: Path) -> None:
    client = _app(own_instance, tmp_path, RATE_LIMIT_SEARCH="1/minute", PROXY_HOPS=1).test_client()
    assert client.get("/api/search?q=robar", headers={"X-Forwarded-For": "192.0.2.1"}).status_code == 200
    assert client.get("/api/search?q=robar", headers={"X-Forwarded-For": "192.0.2.1"}).status_code == 429
    assert client.get("/api/search?q=robar", headers={"X-Forwarded-For": "192.0.2.2"}).status_code == 200


def test_sqlite_counts_are_shared_by_processes(tmp_path: Path) -> None:
    # Two worker processes of one machine see one count (never per process).
    path = tmp_path / "shared.db"
    code = ("import sys; from pathlib import Path; from judge.web.shared_store import SQLiteStore; "
            "print(SQLiteStore(Path(sys.argv[1])).hit('rl:run:x', 60)[0])")
    outputs = [subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True,
                              timeout=60).stdout.strip() for _ in range(2)]
    assert outputs == ["1", "2"]
    count, left = SQLiteStore(path).hit("rl:run:x", 60)
    assert count == 3 and 0 < left <= 60
    assert SQLiteStore(path).hit("rl:run:y", 60)[0] == 1


def test_sqlite_window_starts_again(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "shared.db")
    assert store.hit("k", 1)[0] == 1 and store.hit("k", 1)[0] == 2
    import time

    time.sleep(1.1)
    assert store.hit("k", 1)[0] == 1


def _redis_or_skip(prefix: str) -> RedisStore:
    store = RedisStore(REDIS_URL, prefix)
    try:
        store.client.ping()
    except Exception as exc:  # noqa: BLE001
        pytest.skip(f"no Redis at {REDIS_URL}: {exc}")
    return store


def test_redis_counts_are_shared_by_instances(own_instance: Path, tmp_path: Path) -> None:
    prefix = f"judge-test-{secrets.token_hex(4)}:"
    store = _redis_or_skip(prefix)
    try:
        settings = {"REDIS_URL": REDIS_URL, "REDIS_PREFIX": prefix, "RATE_LIMIT_RUN": "3/minute"}
        first = _app(own_instance, tmp_path, **settings).test_client()
        second = _app(own_instance, tmp_path, **settings).test_client()
        codes = [c.post("/api/run", data=SCENARIO, content_type="application/yaml").status_code
                 for c in (first, second, first, second)]
        assert codes == [200, 200, 200, 429]
        assert 0 < store.client.ttl(prefix + "rl:run:127.0.0.1") <= 60
        # Redis configured: nothing in the instance folder
        assert not (own_instance / "shared.db").exists() and not (own_instance / "counters.bin").exists()
    finally:
        for key in store.client.scan_iter(prefix + "*"):
            store.client.delete(key)


def test_an_unreachable_store_lets_requests_through(own_instance: Path, tmp_path: Path) -> None:
    # A limiter must never be what takes the service down: no Redis there → counted nowhere, served.
    client = _app(own_instance, tmp_path, REDIS_URL="redis://127.0.0.1:1/0", RATE_LIMIT_RUN="1/minute").test_client()
    for _ in range(2):
        assert client.post("/api/run", data=SCENARIO, content_type="application/yaml").status_code == 200
