"""Scenarios built by hypothesis from each ruleset's describe() (judge/web/strategies.py), valid and broken, sent to
/api/validate, /api/run and /api/scenarios as JSON and YAML: no 5xx, every 4xx a JSON error whose field errors each
name a path. A couple of hundred in `make test`; `judge bench api` sends thousands."""
from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import HealthCheck, given, settings

from judge import create_app
from judge.web.builder import descriptions
from judge.web.strategies import scenarios


@pytest.fixture(scope="module")
def api(tmp_path_factory, instance_dir):
    db = tmp_path_factory.mktemp("generated") / "judge.db"
    return create_app({"TESTING": True, "INSTANCE": str(instance_dir), "DATABASE_URL": f"sqlite:///{db}"}).test_client()


def _body(doc, as_yaml: bool) -> tuple[bytes, str]:
    if as_yaml:
        text = yaml.safe_dump(doc, allow_unicode=False)   # surrogates escaped in double quotes, as a client writes
        return text.encode("utf-8", "surrogatepass"), "application/yaml"
    return json.dumps(doc, ensure_ascii=True).encode(), "application/json"


@settings(max_examples=70, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(doc=scenarios(descriptions()))
def test_generated_scenarios_get_no_5xx_and_errors_with_paths(api, doc) -> None:
    for url in ("/api/validate", "/api/run", "/api/scenarios"):
        for as_yaml in (False, True):
            body, ctype = _body(doc, as_yaml)
            response = api.post(url, data=body, content_type=ctype)
            assert response.status_code < 500, (url, ctype, response.get_data(as_text=True)[:300])
            answer = response.get_json()
            assert isinstance(answer, dict)
            if response.status_code >= 400 or answer.get("ok") is False and "errors" in answer:
                errors = answer.get("errors")
                assert answer.get("error") or errors, answer
                for e in errors or []:
                    assert isinstance(e["path"], str) and e["message"], e
