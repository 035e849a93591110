"""The page cache (issue 16): rule pages and curated run pages stored once per corpus/code version, language,
format and URL, in the shared store; nothing from the database or a session is ever stored."""
from __future__ import annotations

import secrets
from pathlib import Path

import pytest
from flask import session

from judge import create_app
from judge.runner.catalog import find
from judge.web import writebehind
from judge.web.shared_store import RedisStore

from .conftest import soup_of
from .test_ratelimit import REDIS_URL, _redis_or_skip

DRAW_FROM_EMPTY = ("magic", "15-robar-de-una-biblioteca-vacia-pierde-la-partida")   # its run cites 121.4
CURATED_URL = "/escenarios/magic/15-robar-de-una-biblioteca-vacia-pierde-la-partida"


def _client(instance: Path, tmp_path: Path, **settings: object):
    return create_app({"TESTING": True, "INSTANCE": str(instance), "PAGE_CACHE": True,
                       "DATABASE_URL": f"sqlite:///{tmp_path / 'judge.db'}", **settings}).test_client()


def test_rule_pages_are_served_from_the_cache(own_instance: Path, tmp_path: Path) -> None:
    client = _client(own_instance, tmp_path)
    first = client.get("/reglas/121.4")
    again = client.get("/reglas/121.4")
    assert (first.headers["X-Page-Cache"], again.headers["X-Page-Cache"]) == ("miss", "hit")
    assert again.data == first.data and again.mimetype == "text/html"
    assert soup_of(again).select_one("h1") is not None
    # JSON, another language, another URL: each its own entry, each what the page would be without a cache.
    uncached = create_app({"TESTING": True, "INSTANCE": str(own_instance), "PAGE_CACHE": False,
                           "DATABASE_URL": f"sqlite:///{tmp_path / 'judge.db'}"}).test_client()
    for url in ("/reglas/121.4.json", "/reglas/121.4?lang=en", "/reglas/121.4?format=json", "/reglas/121"):
        assert client.get(url).headers["X-Page-Cache"] == "miss"
        hit = client.get(url)
        assert hit.headers["X-Page-Cache"] == "hit", url
        plain = uncached.get(url)
        assert plain.headers["X-Page-Cache"] == "off"
        assert hit.data == plain.data and hit.headers["Content-Type"] == plain.headers["Content-Type"], url
    assert client.get("/reglas/121.4?lang=en").data != first.data
    # The language cookie chooses the entry too, and is still set on a hit.
    client.get("/reglas/121.4?lang=en")
    assert client.get("/reglas/121.4").data == client.get("/reglas/121.4?lang=en").data


def test_unknown_rules_are_not_cached(own_instance: Path, tmp_path: Path) -> None:
    client = _client(own_instance, tmp_path)
    for _ in range(2):
        response = client.get("/reglas/999.99z")
        assert response.status_code == 404 and response.headers.get("X-Page-Cache") != "hit"


def test_saved_scenarios_are_never_cached(own_instance: Path, tmp_path: Path) -> None:
    client = _client(own_instance, tmp_path)
    assert client.get("/reglas/121.4.json").get_json()["saved_examples"] == []
    client.get("/reglas/121.4")
    source = find(*DRAW_FROM_EMPTY).path.read_text(encoding="utf-8")
    saved = client.post("/api/scenarios", data=source.encode(), content_type="application/yaml").get_json()
    data = client.get("/reglas/121.4.json")
    assert data.headers["X-Page-Cache"] == "hit"
    assert [s["id"] for s in data.get_json()["saved_examples"]] == [saved["id"]]
    page = client.get("/reglas/121.4")
    assert page.headers["X-Page-Cache"] == "hit"
    links = [a["href"] for a in soup_of(page).select("section.saved-examples li a")]
    assert f"/escenarios/guardados/{saved['id']}" in links
    # Another database (another deployment's) sees its own saved scenarios on the same cached page.
    other = _client(own_instance, tmp_path / "other")
    assert other.get("/reglas/121.4.json").get_json()["saved_examples"] == []
    assert soup_of(other.get("/reglas/121.4")).select_one("section.saved-examples") is None


def test_curated_run_pages_are_cached(own_instance: Path, tmp_path: Path) -> None:
    client = _client(own_instance, tmp_path)
    for url in (CURATED_URL, CURATED_URL + ".json"):
        first = client.get(url)
        second = client.get(url)
        assert first.status_code == 200 and second.headers["X-Page-Cache"] == "hit"
        assert second.data == first.data
    assert client.get(CURATED_URL + ".json").get_json()["steps"]


def test_an_answer_that_used_the_session_is_not_stored(own_instance: Path, tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "INSTANCE": str(own_instance), "PAGE_CACHE": True, "SECRET_KEY": "k",
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'judge.db'}"})

    @app.before_request
    def _touch() -> None:   # as a CSRF token or an edit key would
        session.get("anything")

    client = app.test_client()
    assert [client.get("/reglas/121.4").headers["X-Page-Cache"] for _ in range(2)] == ["miss", "miss"]


def test_redis_cache_is_shared_by_instances(own_instance: Path, tmp_path: Path) -> None:
    prefix = f"judge-test-{secrets.token_hex(4)}:"
    store: RedisStore = _redis_or_skip(prefix)
    try:
        settings = {"REDIS_URL": REDIS_URL, "REDIS_PREFIX": prefix}
        first = _client(own_instance, tmp_path, **settings)
        second = _client(own_instance, tmp_path / "b", **settings)
        assert first.get("/reglas/121.4").headers["X-Page-Cache"] == "miss"
        assert writebehind.flush(10)       # the put lands behind the answer (writebehind.py)
        assert second.get("/reglas/121.4").headers["X-Page-Cache"] == "hit"
        keys = list(store.client.scan_iter(prefix + "page:*"))
        assert len(keys) == 1 and 0 < store.client.ttl(keys[0]) <= 86400
    finally:
        for key in store.client.scan_iter(prefix + "*"):
            store.client.delete(key)


@pytest.mark.parametrize("url", ["/reglas/121.4", CURATED_URL])
def test_an_unreachable_store_serves_uncached(own_instance: Path, tmp_path: Path, url: str) -> None:
    client = _client(own_instance, tmp_path, REDIS_URL="redis://127.0.0.1:1/0")
    assert [client.get(url).status_code for _ in range(2)] == [200, 200]
