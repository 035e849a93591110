"""The run cache (issue 16): POST /api/run's answer stored by the canonical document's hash, with everything that
can change the answer in the key (language, bounds, corpus and code versions); a hit is the same bytes as a run."""
from __future__ import annotations

import datetime
import json
from pathlib import Path

import yaml

from judge import create_app
from judge.runner.catalog import find
from judge.web import runcache

SCENARIO = find("magic", "15-robar-de-una-biblioteca-vacia-pierde-la-partida").path


def _client(instance: Path, **settings: object):
    return create_app({"TESTING": True, "INSTANCE": str(instance), "RUN_CACHE": True, **settings}).test_client()


def _post(client, body: bytes, kind: str = "application/yaml", **kwargs: object):
    return client.post("/api/run", data=body, content_type=kind, **kwargs)


def test_a_run_sent_again_is_the_cached_answer_and_the_same_bytes(own_instance: Path) -> None:
    client = _client(own_instance)
    text = SCENARIO.read_bytes()
    first, again = _post(client, text), _post(client, text)
    assert (first.headers["X-Run-Cache"], again.headers["X-Run-Cache"]) == ("miss", "hit")
    assert again.data == first.data and again.mimetype == "application/json"
    uncached = create_app({"TESTING": True, "INSTANCE": str(own_instance)}).test_client()
    plain = _post(uncached, text)
    assert plain.headers["X-Run-Cache"] == "off" and plain.data == first.data
    # The same document as JSON, its keys in another order: the document's entry.
    doc = yaml.safe_load(text)
    reordered = json.dumps(dict(reversed(list(doc.items())))).encode()
    as_json = _post(client, reordered, "application/json")
    assert as_json.headers["X-Run-Cache"] == "hit" and as_json.data == first.data


def test_everything_that_changes_the_answer_is_in_the_key(own_instance: Path) -> None:
    client = _client(own_instance)
    text = SCENARIO.read_bytes()
    spanish = _post(client, text)
    english = _post(client, text, query_string={"lang": "en"})
    assert english.headers["X-Run-Cache"] == "miss"
    # Another step bound: another entry (its answer may be cut elsewhere).
    bounded = _client(own_instance, RUN_MAX_STEPS=3)
    cut = _post(bounded, text)
    assert cut.headers["X-Run-Cache"] == "miss" and cut.get_json()["stopped"] == "limite"
    # (?lang=en left the language cookie: English is what this client now gets, from its own entry)
    assert _post(client, text).data == english.data != spanish.data
    assert _post(client, text, query_string={"lang": "es"}).data == spanish.data
    # Another seed is another document.
    doc = yaml.safe_load(text)
    doc["seed"] = int(doc.get("seed") or 0) + 1
    assert _post(client, json.dumps(doc).encode(), "application/json").headers["X-Run-Cache"] == "miss"


class _Still:
    @staticmethod
    def monotonic() -> float:
        return 0.0


def test_invalid_scenarios_and_budget_cut_runs_are_not_stored(own_instance: Path, monkeypatch) -> None:
    from judge.runner import dryrun

    client = _client(own_instance)
    for _ in range(2):
        bad = _post(client, b"ruleset: magic\nplayers: 3\n")
        assert bad.status_code == 400 and bad.headers.get("X-Run-Cache") != "hit"
    # The reading stages' clock stands still (test_stage_time_limits.py cuts those): the engine's deadline cuts.
    from judge.web import arrival

    monkeypatch.setattr(dryrun, "time", _Still)
    monkeypatch.setattr(arrival, "time", _Still)   # the time before the view (counted since the arrival) too
    spent = _client(own_instance, RUN_TIME_BUDGET=1e-9)
    text = SCENARIO.read_bytes()
    assert [_post(spent, text).headers["X-Run-Cache"] for _ in range(2)] == ["miss", "miss"]


def test_the_canonical_form_keeps_types_apart() -> None:
    def form(doc: object) -> str:
        return json.dumps(runcache.canonical(doc))

    assert form({"a": 1, "b": [1, 2]}) == form({"b": [1, 2], "a": 1})
    assert form({1: "x"}) != form({"1": "x"})
    assert form({"d": datetime.date(2020, 1, 1)}) != form({"d": "2020-01-01"})
    assert form([1, 2]) != form([2, 1]) and form({"a": 1}) != form({"a": 1.5}) and form(True) != form(1)
    assert form(["l", 1]) != form([1])


def test_the_documents_key_bytes_are_canonical_and_keep_types_apart() -> None:
    def key(doc: object, fmt: str = "yaml") -> bytes:
        return runcache.canonical_bytes(doc, fmt)

    assert key({"a": 1, "b": [1, {"y": 2, "x": None}]}) == key({"b": [1, {"x": None, "y": 2}], "a": 1}, "json")
    assert key({1: "x"}) != key({"1": "x"}) and key({"d": datetime.date(2020, 1, 1)}) != key({"d": "2020-01-01"})
    assert key(True) != key(1) and key(1) != key(1.0) and key(["j", 1]) != key([1]) and key("c") != key(["c"])
    # JSON's own data hashes its sorted JSON; anything else canonical()'s form, never the same bytes
    assert key({"a": [1]}).startswith(b"j") and key({1: [1]}).startswith(b"c")
    assert key({"t": "\ud800"}) != key({"t": "x"})
