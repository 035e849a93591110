"""/api/openapi.json against the app's routes: every /api route described, every described path and method routed;
and a few hundred requests generated from it by schemathesis: no 5xx, every 4xx a JSON error naming the problem."""
from __future__ import annotations

import re

import pytest


def _routes(app) -> set[tuple[str, str]]:
    out = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/") or rule.rule == "/api":
            path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
            out.update((path, m.lower()) for m in rule.methods - {"HEAD", "OPTIONS"})
    return out


def test_the_description_and_the_routes_are_the_same(client) -> None:
    response = client.get("/api/openapi.json")
    assert response.status_code == 200 and response.is_json
    spec = response.get_json()
    assert spec["openapi"].startswith("3.1")
    described = {(path, method) for path, item in spec["paths"].items() for method in item}
    assert described == _routes(client.application)
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            assert "200" in operation["responses"] or "201" in operation["responses"], (path, method)
            if method == "post":
                assert {"400", "413", "415"} <= set(operation["responses"]), path


def test_the_description_is_valid_openapi(client) -> None:
    schemathesis = pytest.importorskip("schemathesis")
    schema = schemathesis.openapi.from_dict(client.get("/api/openapi.json").get_json())
    assert len(list(schema.get_all_operations())) == len(_routes(client.application))


EXAMPLES = 12   # per operation: ~16 operations, a couple of hundred requests in `make test` (judge bench api: more)


def check_response(case, response) -> None:
    """No 5xx; every 4xx a JSON error that says what is wrong (each field error with its path)."""
    assert response.status_code < 500, (case.method, case.formatted_path, response.text[:300])
    if response.status_code >= 400:
        body = response.json()
        assert isinstance(body, dict) and body.get("error"), response.text[:300]
        if body.get("errors") is not None:
            assert all("path" in e and e["message"] for e in body["errors"])


def test_generated_requests_get_no_5xx_and_json_errors(tmp_path, instance_dir) -> None:
    schemathesis = pytest.importorskip("schemathesis")
    from hypothesis import HealthCheck, given, settings

    from judge import create_app

    app = create_app({"TESTING": True, "INSTANCE": str(instance_dir),
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'judge.db'}"})
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
    operations = [result.ok() for result in schema.get_all_operations()]
    sent = 0
    for operation in operations:
        @given(case=operation.as_strategy())
        @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        def one(case) -> None:
            nonlocal sent
            sent += 1
            check_response(case, case.call())

        one()
    assert sent >= len(operations) * 3
