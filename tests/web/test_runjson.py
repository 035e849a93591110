"""A run's JSON encoded with each board's shared list of players once (judge/web/runjson.py): byte for byte what
`jsonify` answered, for every curated scenario of both rulesets in both languages, and when a text looks like
its placeholders."""
from __future__ import annotations

from pathlib import Path

import pytest
from flask import jsonify

from judge import create_app
from judge.runner.catalog import curated, find
from judge.runner.execute import InvalidScenario
from judge.web import runjson, runs


@pytest.fixture()
def app(instance_dir: Path):
    return create_app({"TESTING": True, "INSTANCE": str(instance_dir)})


def test_every_curated_run_is_encoded_as_jsonify_encodes_it(app) -> None:
    shared = 0
    with app.test_request_context("/api/run", method="POST"):
        items = curated()
        assert {item.ruleset for item in items} >= {"magic", "doce-vidas"}
        for item in items:
            try:
                _, trace, outcome = runs.run_scenario(item.path.read_text(encoding="utf-8"), "yaml")
            except InvalidScenario:
                continue
            for lang in ("es", "en"):
                data = runs.run_json(trace, outcome, lang)[0]
                assert runjson.encode(data).encode() == jsonify(data).get_data(), (item.key, lang)
            boards = [s["board"]["players"] for s in data["steps"] if isinstance(s.get("board"), dict)
                      and isinstance(s["board"].get("players"), list)]
            shared += len(boards) - len({id(b) for b in boards})
    assert shared > 0, "boards share their lists of players (what the encoder saves)"


def test_api_run_answers_the_same_bytes(app) -> None:
    body = find("magic", "01-un-turno-completo-de-enderezar-a-limpieza").path.read_bytes()
    answer = app.test_client().post("/api/run", data=body, content_type="application/yaml")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    with app.test_request_context("/api/run", method="POST"):
        _, trace, outcome = runs.run_scenario(body, "yaml")
        assert answer.data == jsonify(runs.run_json(trace, outcome)[0]).get_data()


def test_a_text_that_looks_like_a_placeholder_changes_nothing(app, monkeypatch: pytest.MonkeyPatch) -> None:
    with app.test_request_context("/api/run", method="POST"):
        _, trace, outcome = runs.run_scenario(
            find("magic", "01-un-turno-completo-de-enderezar-a-limpieza").path.read_text(encoding="utf-8"), "yaml")
        data = runs.run_json(trace, outcome)[0]
        monkeypatch.setattr(runjson.secrets, "token_hex", lambda n: "0" * (2 * n))
        # the very placeholder of the first list, as a text of the answer: counted, so the whole data is encoded
        data["scenario_title"] = f"\x00{'0' * 16}:0"
        assert runjson.encode(data).encode() == jsonify(data).get_data()
        data["scenario_title"] = "\x00 \\u0000 nada"
        assert runjson.encode(data).encode() == jsonify(data).get_data()


def test_an_indenting_provider_is_left_to_jsonify(instance_dir: Path) -> None:
    debug = create_app({"TESTING": True, "INSTANCE": str(instance_dir), "DEBUG": True})
    debug.debug = True
    with debug.test_request_context("/api/run", method="POST"):
        data = {"steps": [{"board": {"players": [{"name": "A"}]}}]}
        assert runjson.response(data).get_data() == jsonify(data).get_data()
        assert b"\n  " in runjson.response(data).get_data()
