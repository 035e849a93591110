"""The JSON API's contracts (DESIGN.md, issue 2) and its errors, which are JSON too."""
from __future__ import annotations

import pytest

SEARCH_KEYS = {"id", "doc", "number", "title", "text", "score", "url"}


def test_search_contract(client) -> None:
    response = client.get("/api/search?q=robar una carta&limit=5")
    assert response.status_code == 200 and response.mimetype == "application/json"
    data = response.get_json()
    assert data["query"] == "robar una carta"
    assert 1 <= len(data["results"]) <= 5
    for result in data["results"]:
        assert SEARCH_KEYS <= set(result)
        assert result["url"] == "/pasajes/" + result["id"]
        assert client.get(result["url"]).status_code == 200
    # `text` is the whole passage
    first = data["results"][0]
    assert client.get(f"/api/passages/{first['id']}").get_json()["text"] == first["text"]


def test_search_rule_number_first(client) -> None:
    data = client.get("/api/search?q=regla 121.2a").get_json()
    assert data["results"][0]["number"] == "121.2a"


def test_search_filters(client) -> None:
    data = client.get("/api/search?q=contador&doc=faq-paramo-sombrio").get_json()
    assert data["results"] and {r["doc"] for r in data["results"]} == {"faq-paramo-sombrio"}


@pytest.mark.parametrize("limit", ["0", "-1", "abc", "1.5", "100000"])
def test_search_bad_limit_is_400_naming_it(client, limit: str) -> None:
    response = client.get(f"/api/search?q=robar&limit={limit}")
    assert response.status_code == 400
    body = response.get_json()
    assert body["parameter"] == "limit" and "limit" in body["error"]


@pytest.mark.parametrize("param", ["doc", "ruleset"])
def test_search_unknown_filter_is_400(client, param: str) -> None:
    response = client.get(f"/api/search?q=robar&{param}=nope")
    assert response.status_code == 400 and response.get_json()["parameter"] == param


def test_search_odd_queries(client) -> None:
    for q in ["", "x" * 1_000, "((((", "🙂", "AND OR NOT", "robar\x00"]:
        response = client.get("/api/search", query_string={"q": q})
        assert response.status_code == 200, q[:20]
        assert "results" in response.get_json()
    # Past SEARCH_MAX_QUERY (1,000 characters) a question is a 400 naming q, never searched (issue 16).
    response = client.get("/api/search", query_string={"q": "x" * 10_000})
    assert response.status_code == 400 and response.get_json()["parameter"] == "q"
    # bytes that are not UTF-8 at all (a lone surrogate's encoding, a stray continuation byte)
    for raw in ["%ED%A0%80", "%FF%FE", "%C3"]:
        response = client.get("/api/search?q=" + raw)
        assert response.status_code == 200 and "results" in response.get_json(), raw


def test_passage_with_neighbours_and_references(client) -> None:
    data = client.get("/api/passages/cr-es/121.2a").get_json()
    assert data["id"] == "cr-es/121.2a" and data["number"] == "121.2a"
    assert data["previous"]["id"] and data["next"]["id"]
    assert data["parent"]["id"] == "cr-es/121.2"
    assert data["references"]["outgoing"] == [{"number": "616.1f", "known": False, "url": None}]
    assert data["document"]["id"] == "robar-una-carta"
    incoming = client.get("/api/passages/cr-es/121").get_json()["references"]["incoming"]
    assert "cr-es/glosario/robar" in [p["id"] for p in incoming]


def test_documents_list_and_one_document(client) -> None:
    documents = client.get("/api/documents").get_json()
    assert isinstance(documents, list)
    ids = [d["id"] for d in documents]
    assert ids[:5] == ["robar-una-carta", "regla-701.23-buscar", "regla-116.2-acciones-especiales",
                       "faq-paramo-sombrio", "doce-vidas-reglas"]
    for d in documents:
        assert {"id", "title", "language", "version", "ruleset", "passages"} <= set(d)
        assert isinstance(d["passages"], int) and d["passages"] > 0
    one = client.get("/api/documents/regla-116.2-acciones-especiales").get_json()
    numbers = [p["number"] for p in one["passages"] if p["number"]]
    assert numbers[0] == "116.2" and numbers[-1] == "116.2m" and len(numbers) == 13
    assert all({"id", "number", "title"} <= set(p) for p in one["passages"])
    count = next(d["passages"] for d in documents if d["id"] == "regla-116.2-acciones-especiales")
    assert len(one["passages"]) == count


def test_card_by_name_without_accents_or_case(client) -> None:
    data = client.get("/api/cards/asesino GORRO rojo").get_json()
    assert data["name"] == "Asesino gorro rojo"
    assert data["mana_cost"] == "{2}{B/R}{B/R}" and data["power"] == "2" and data["toughness"] == "2"
    assert data["rulings"] and all({"id", "text", "url"} <= set(r) for r in data["rulings"])


def test_rules_endpoint(client) -> None:
    data = client.get("/api/rules/701.23").get_json()
    assert data["passages"][0]["id"] == "cr-es/701.23"
    assert [c["number"] for c in data["children"]][-1] == "701.23j"


@pytest.mark.parametrize("url", [
    "/api/passages/nope/nothing", "/api/documents/nope", "/api/cards/Carta inexistente", "/api/rules/999.9",
    "/api/nothing-here",
])
def test_unknown_ids_are_404_json(client, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 404 and response.mimetype == "application/json"
    assert response.get_json()["error"]


def test_wrong_method_is_405_json(client) -> None:
    response = client.delete("/api/search")
    assert response.status_code == 405 and response.mimetype == "application/json"
    assert "GET" in response.headers["Allow"]


def test_body_too_large_is_413_json(app) -> None:
    @app.post("/api/test-echo")
    def echo():
        from flask import request
        return {"size": len(request.get_data())}

    client = app.test_client()
    response = client.post("/api/test-echo", data=b"x" * (app.config["MAX_CONTENT_LENGTH"] + 1))
    assert response.status_code == 413 and response.get_json()["error"]


def test_unexpected_error_is_500_json_without_traceback(app) -> None:
    @app.get("/api/test-boom")
    def boom():
        raise RuntimeError("secret internals")

    response = app.test_client().get("/api/test-boom")
    assert response.status_code == 500 and response.mimetype == "application/json"
    assert "secret internals" not in response.get_data(as_text=True)
    assert "Traceback" not in response.get_data(as_text=True)


def test_unexpected_error_on_a_page_is_a_500_page(app) -> None:
    @app.get("/test-boom")
    def boom():
        raise RuntimeError("secret internals")

    response = app.test_client().get("/test-boom")
    assert response.status_code == 500 and response.mimetype == "text/html"
    assert "secret internals" not in response.get_data(as_text=True)
