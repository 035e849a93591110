"""The database stopped or frozen (a FaultProxy in front of a PostgreSQL database of this run): the pages that need
it answer a clear 503 with Retry-After, in Spanish or English, as HTML or JSON, without waiting for the database;
the pages that do not need it never reach it; and everything works again once it is back, without a restart."""
from __future__ import annotations

import threading
import time
from typing import Any, Callable

from bs4 import BeautifulSoup

from judge import create_app

from .conftest import FAULT_SCENARIO as SCENARIO, FAULT_SETTINGS, saved_count

# A request that waits for a frozen database waits for ever: a hang detector, far above DATABASE_TIMEOUT (1 s
# here); how quickly the 503 comes is measured by `make faults` (docs/benchmarks.md), not asserted.
HANG = 20.0
YAML = {"Content-Type": "application/yaml"}


def bounded(call: Callable[[], Any]) -> Any:
    """`call()` in a thread; fails the test if it is still waiting after HANG seconds."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = call()
        except BaseException as exc:  # noqa: BLE001 - re-raised in the test's thread
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(HANG)
    assert not thread.is_alive(), f"the request was still waiting for the database after {HANG} s"
    if "error" in box:
        raise box["error"]
    return box["value"]


def _save(client, **kwargs):  # type: ignore[no-untyped-def]
    return bounded(lambda: client.post("/api/scenarios", data=SCENARIO, headers=YAML, **kwargs))


def _assert_unavailable(response, lang: str = "es") -> None:  # type: ignore[no-untyped-def]
    assert response.status_code == 503, (response.status_code, response.get_data(as_text=True)[:300])
    assert int(response.headers["Retry-After"]) >= 1
    words = "base de datos" if lang == "es" else "database"
    if response.mimetype == "application/json":
        body = response.get_json()
        assert body["status"] == 503 and body["retry_after"] >= 1 and words in body["error"]
    else:
        page = BeautifulSoup(response.get_data(as_text=True), "html.parser")
        assert words in page.get_text(" ")
        assert "Traceback" not in page.get_text(" ")


def test_a_stopped_database_is_a_503_with_retry_after_on_every_page_that_needs_it(fault_app, proxy) -> None:
    client = fault_app.test_client()
    first = _save(client)
    assert first.status_code == 201, first.get_data(as_text=True)
    saved_url = first.get_json()["url"]
    proxy.stop()
    _assert_unavailable(_save(client))
    _assert_unavailable(bounded(lambda: client.get(saved_url)))                       # the permalink, HTML
    _assert_unavailable(bounded(lambda: client.get(saved_url + ".json")))
    _assert_unavailable(bounded(lambda: client.get("/api/scenarios")))
    _assert_unavailable(bounded(lambda: client.get(saved_url + "/editar")))
    builder = "/escenarios/nuevo?desde=guardado/" + saved_url.rsplit("/", 1)[1]
    _assert_unavailable(bounded(lambda: client.get(builder)))   # not an empty table passing for the saved one
    _assert_unavailable(bounded(lambda: client.get(saved_url + "?lang=en")), lang="en")   # (remembered after)


def test_a_frozen_database_is_a_503_not_a_hang_and_an_abandoned_save_is_not_stored(fault_app, proxy,
                                                                                   _postgresql_url) -> None:
    client = fault_app.test_client()
    assert _save(client).status_code == 201       # a pooled connection, frozen below in the middle of its life
    before = saved_count(_postgresql_url)
    proxy.freeze()
    _assert_unavailable(_save(client))            # waited DATABASE_TIMEOUT, then 503
    _assert_unavailable(_save(client), )          # refused at once during DATABASE_RETRY_AFTER
    _assert_unavailable(bounded(lambda: client.get("/api/scenarios?lang=en")), lang="en")
    proxy.resume()
    time.sleep(FAULT_SETTINGS["DATABASE_RETRY_AFTER"] + 0.5)
    # The save that timed out was rolled back when its worker got the answer: nothing stored behind a 503.
    assert saved_count(_postgresql_url) == before
    again = _save(client)
    assert again.status_code == 201, again.get_data(as_text=True)
    assert saved_count(_postgresql_url) == before + 1


def test_recovery_after_a_restart_of_the_database_without_restarting_the_app(fault_app, proxy) -> None:
    client = fault_app.test_client()
    assert _save(client).status_code == 201       # the pool now holds connections the "restart" kills
    proxy.stop()
    _assert_unavailable(_save(client))
    proxy.start()                                 # the same port: the database is back
    time.sleep(FAULT_SETTINGS["DATABASE_RETRY_AFTER"] + 0.5)
    again = _save(client)                         # pre-ping replaced the dead connections
    assert again.status_code == 201, again.get_data(as_text=True)
    assert bounded(lambda: client.get(again.get_json()["url"] + ".json")).status_code == 200


def test_pages_that_do_not_need_the_database_never_reach_it(fault_instance, proxy, proxied_url) -> None:
    proxy.freeze()
    # The app starts although its database is frozen (the migration at start gives up after DATABASE_TIMEOUT).
    app = bounded(lambda: create_app({"TESTING": True, "INSTANCE": str(fault_instance),
                                      "DATABASE_URL": proxied_url, **FAULT_SETTINGS}))
    client = app.test_client()
    touched = proxy.accepted
    for url in ["/", "/?q=robar+con+la+biblioteca+vac%C3%ADa", "/api/search?q=121.4", "/api/suggest?q=704",
                "/pasajes/cr-es/121.4", "/escenarios", "/escenarios/doce-vidas/01-preparacion-de-la-partida",
                "/escenarios/doce-vidas/01-preparacion-de-la-partida.json", "/escenarios/nuevo",
                "/escenarios/nuevo?ruleset=magic", "/cartas", "/corpus"]:
        response = bounded(lambda: client.get(url))
        assert response.status_code == 200, (url, response.status_code)
    assert proxy.accepted == touched, "a page that does not need the database opened a connection to it"


def test_rule_pages_and_the_library_show_a_notice_instead_of_waiting(fault_app, proxy) -> None:
    client = fault_app.test_client()
    proxy.freeze()
    page = bounded(lambda: client.get("/reglas/121.4"))
    assert page.status_code == 200
    soup = BeautifulSoup(page.get_data(as_text=True), "html.parser")
    assert soup.find(id="saved-examples-unavailable") is not None
    assert soup.find(class_="rule-text") is not None or "121.4" in soup.get_text(" ")
    data = bounded(lambda: client.get("/api/rules/121.4?lang=en")).get_json()
    assert data["saved_examples"] == [] and "database" in data["saved_examples_unavailable"]
    assert data["passages"]
    library = bounded(lambda: client.get("/biblioteca?lang=es"))
    assert library.status_code == 200
    soup = BeautifulSoup(library.get_data(as_text=True), "html.parser")
    notice = soup.find(id="library-saved-unavailable")
    assert notice["data-message"] == "saved.library_unavailable" and notice.get_text(strip=True)
    assert soup.find(id="library-curated") is not None        # the curated part is all there
    listing = bounded(lambda: client.get("/biblioteca.json")).get_json()
    assert listing["saved"] is None and listing["saved_unavailable"]["retry_after"] >= 1
    assert listing["saved_unavailable"]["message"] == {
        "id": "saved.library_unavailable", "params": {"seconds": listing["saved_unavailable"]["retry_after"]}}
    assert listing["curated"]["total"] > 0
    proxy.resume()
    deadline = time.monotonic() + HANG   # on a loaded machine the first answers after the thaw may be slow
    while True:
        back = bounded(lambda: client.get("/biblioteca.json")).get_json()
        if back["saved"] is not None or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert back["saved"] is not None and back["saved_unavailable"] is None
    rule = bounded(lambda: client.get("/api/rules/121.4")).get_json()
    assert rule["saved_examples_unavailable"] is None
