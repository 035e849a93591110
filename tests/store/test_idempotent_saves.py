"""Idempotency-Key on the saving API (issue 16): a save whose answer was a 503 although its COMMIT landed (a
database that froze in the middle of it) is sent again with the same key and answered with the version already
stored, the new line's edit key included, never stored twice; the 503 of a save says it may have landed."""
from __future__ import annotations

import uuid

import pytest

from judge.store import guard, saved

sqlite_only = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
YAML = "application/yaml"


def _count(client) -> int:  # type: ignore[no-untyped-def]
    """Saved versions, every line's (the library lists each line once, by its newest version)."""
    lines = client.get("/api/scenarios?per_page=100").get_json()["scenarios"]
    return sum(len(client.get(f"/api/scenarios/{s['id']}").get_json()["versions"]) for s in lines)


@sqlite_only
def test_a_save_sent_again_with_its_key_is_stored_once(client, scenario_yaml: str) -> None:
    key = {"Idempotency-Key": str(uuid.uuid4())}
    first = client.post("/api/scenarios", data=scenario_yaml, content_type=YAML, headers=key)
    assert first.status_code == 201 and "replayed" not in first.get_json()
    again = client.post("/api/scenarios", data=scenario_yaml, content_type=YAML, headers=key)
    assert again.status_code == 201 and again.get_json()["replayed"] is True
    for field in ("id", "version", "url", "edit_key"):
        assert again.get_json()[field] == first.get_json()[field], field
    assert _count(client) == 1
    # The edit key given again opens the line: an edit with it is a new version of it.
    edit = client.post(first.get_json()["url"].replace("/escenarios/guardados/", "/api/scenarios/"),
                       data=scenario_yaml, content_type=YAML,
                       headers={"X-Edit-Key": again.get_json()["edit_key"], **key})
    assert edit.status_code == 201 and edit.get_json()["version"] == 2 and "replayed" not in edit.get_json()
    # Without the header every save is a new one, as before.
    assert client.post("/api/scenarios", data=scenario_yaml, content_type=YAML).status_code == 201
    assert _count(client) == 3


@sqlite_only
def test_the_key_with_another_body_or_malformed_is_refused(client, scenario_yaml: str) -> None:
    key = {"Idempotency-Key": str(uuid.uuid4())}
    assert client.post("/api/scenarios", data=scenario_yaml, content_type=YAML, headers=key).status_code == 201
    other = client.post("/api/scenarios", data=scenario_yaml.replace("title:", "title: otro", 1),
                        content_type=YAML, headers=key)
    assert other.status_code == 422 and "Idempotency-Key" in other.get_json()["error"]
    short = client.post("/api/scenarios", data=scenario_yaml, content_type=YAML, headers={"Idempotency-Key": "1"})
    assert short.status_code == 400 and "Idempotency-Key" in short.get_json()["error"]
    assert _count(client) == 1


@sqlite_only
def test_a_save_that_landed_behind_a_503_is_not_duplicated_by_its_retry_faked(
        client, scenario_yaml: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """FAKED freeze (the short version for `make test`): the save is patched to commit and then raise what a
    frozen database raises. The real one, a PostgreSQL backend stopped with SIGSTOP in the middle of its COMMIT,
    is tests/faults/test_long_commit_freeze.py (`make faults`)."""
    real = saved.save

    def commit_then_lose_the_answer(*args, **kwargs):  # type: ignore[no-untyped-def]
        real(*args, **kwargs)                 # the COMMIT lands...
        raise guard.DatabaseUnavailable("frozen during COMMIT", 1)   # ...after the request stopped waiting

    monkeypatch.setattr(saved, "save", commit_then_lose_the_answer)
    key = {"Idempotency-Key": str(uuid.uuid4())}
    lost = client.post("/api/scenarios", data=scenario_yaml, content_type=YAML, headers=key)
    assert lost.status_code == 503 and lost.get_json()["may_have_landed"] is True
    assert "Idempotency-Key" in lost.get_json()["error"] and int(lost.headers["Retry-After"]) >= 1
    monkeypatch.setattr(saved, "save", real)
    import time

    time.sleep(1.1)                           # the database's Retry-After pause (JUDGE_DATABASE_RETRY_AFTER)
    retry = client.post("/api/scenarios", data=scenario_yaml, content_type=YAML, headers=key)
    assert retry.status_code == 201 and retry.get_json()["replayed"] is True and retry.get_json()["edit_key"]
    assert _count(client) == 1


@sqlite_only
def test_a_form_save_posted_again_with_its_key_is_stored_once(client, scenario_yaml: str) -> None:
    """The save forms carry the key in their `idempotency_key` field (a form cannot send a header): the builder's
    script sets it; a form posted again (a reload after a 503) is answered with the version already stored."""
    from .conftest import form_token

    key = str(uuid.uuid4())
    form = {"scenario": scenario_yaml, "csrf_token": form_token(client), "idempotency_key": key}
    first = client.post("/escenarios/guardados", data=form)
    again = client.post("/escenarios/guardados", data=form)
    assert first.status_code == again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    assert _count(client) == 1
    # The same key with another text: refused, nothing stored; a malformed key: a 400 naming the field.
    other = client.post("/escenarios/guardados", data={**form, "scenario": scenario_yaml.replace("title:", "title: otro", 1)})
    assert other.status_code == 422
    bad = client.post("/escenarios/guardados", data={**form, "idempotency_key": "corta"},
                      headers={"Accept": "application/json"})
    assert bad.status_code == 400 and bad.get_json()["parameter"] == "idempotency_key"
    # An empty field (a browser without the script) or none: every save a new one, as before.
    assert client.post("/escenarios/guardados", data={**form, "idempotency_key": ""}).status_code == 303
    assert _count(client) == 2
