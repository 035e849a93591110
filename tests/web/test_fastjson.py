"""The app's JSON written by orjson (judge/web/fastjson.py): byte for byte what `jsonify` writes, for every curated
run in both languages and for the texts and numbers where the two encoders could part; None (the caller's
json.dumps) wherever orjson's bytes would differ."""
from __future__ import annotations

import dataclasses
import datetime
from pathlib import Path
from typing import Any

import pytest
from flask import jsonify
from markupsafe import Markup

from judge import create_app
from judge.runner.catalog import curated
from judge.runner.execute import InvalidScenario
from judge.web import fastjson, runjson, runs


@pytest.fixture()
def app(instance_dir: Path):
    return create_app({"TESTING": True, "INSTANCE": str(instance_dir)})


def _floats(data: Any) -> list[float]:
    found, stack = [], [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, float):
            found.append(value)
    return found


def test_every_curated_run_is_written_by_orjson_as_jsonify_writes_it(app) -> None:
    with app.test_request_context("/api/run", method="POST"):
        written = 0
        for item in curated():
            try:
                _, trace, outcome = runs.run_scenario(item.path.read_text(encoding="utf-8"), "yaml")
            except InvalidScenario:
                continue
            for lang in ("es", "en"):
                data = runs.run_json(trace, outcome, lang)[0]
                # no float at all: NaN and Infinity, the one case fastjson cannot see, cannot arise in a run
                assert _floats(data) == [], (item.key, lang)
                body = fastjson.encode(data)
                assert body is not None and body == jsonify(data).get_data(), (item.key, lang)
                assert runjson.response(data).get_data() == body
                written += 1
        assert written > 20


TEXTS = ["Añade «maná» al pool: ¿qué pasa? — ñandú, Über, ça", "\x00\x01\x1f\x7f \b\f\n\r\t \" \\ /",
         "\u2028\u2029 \ufeff \u00a0", "🐉 \U0010ffff 漢字 עברית", "</script><!--", ""]


@pytest.mark.parametrize("text", TEXTS)
def test_texts_are_the_same_bytes(app, text: str) -> None:
    with app.test_request_context("/"):
        data = {"title": text, text: [text, {"k": text}], "n": [0, -1, 2**63 - 1, -2**63, True, False, None]}
        assert fastjson.encode(data) == jsonify(data).get_data()


FLOATS = [0.0, -0.0, 0.5, 1.0, 100.0, 3.14159, 0.0001, 0.000123, 1e15, 1e16, 1.2345678901234568e+17, 1e22,
          5e-324, 1.7976931348623157e308, 1e-05, 5.5e-05, 1.5e-07, -2.5e-10, 0.1 + 0.2]


@pytest.mark.parametrize("number", FLOATS)
def test_floats_are_the_same_bytes_or_left_to_jsonify(app, number: float) -> None:
    with app.test_request_context("/"):
        data = {"results": [{"score": number, "text": "x"}]}
        expected = jsonify(data).get_data()
        body = fastjson.encode(data)
        if abs(number) < 1e-4 and number != 0:      # the only floats the two write apart
            assert body is None
        else:
            assert body == expected
        assert fastjson.response(data).get_data() == expected


@pytest.mark.parametrize("text", ["Un turno · 8f03a2e-17", "doce-vidas", "x 0.00001 y", "1e-5", "2.5e-7"])
def test_texts_that_look_like_small_floats_are_still_written_by_orjson(app, text: str) -> None:
    """Only a number token is looked at (after `:`, `,` or `[`): a bench's hex title tag ending in `2e-17` made
    every new run of a bench fall back to json.dumps."""
    with app.test_request_context("/"):
        data = {"title": text, "steps": [{"text": text}]}
        body = fastjson.encode(data)
        assert body is not None and body == jsonify(data).get_data()


@dataclasses.dataclass
class _Card:
    name: str


@pytest.mark.parametrize("value", [2**64, -2**63 - 1, {1: "one"}, {None: 1}, _Card("Shock"),
                                   datetime.date(2026, 12, 6), datetime.datetime(2026, 12, 6, 23, 0),
                                   {Markup("k"): 1}, [[[[[[]]]]]] * 2])
def test_what_orjson_would_write_otherwise_is_left_to_jsonify(app, value: Any) -> None:
    with app.test_request_context("/"):
        data = {"value": value}
        expected = jsonify(data).get_data()
        if value != [[[[[[]]]]]] * 2:
            assert fastjson.encode(data) is None
        assert fastjson.response(data).get_data() == expected


def test_a_subclass_of_str_is_written_as_its_text(app) -> None:
    class Shouting(str):
        def __str__(self) -> str:
            return self.upper()

    with app.test_request_context("/"):
        data = {"html": Markup("<b>x</b>"), "said": Shouting("texto no modelado"), "list": [Shouting("é")]}
        body = fastjson.encode(data)
        assert body is not None and body == jsonify(data).get_data()
        assert b"texto no modelado" in body


def test_a_lone_surrogate_is_left_to_jsonify(app) -> None:
    with app.test_request_context("/"):
        assert fastjson.encode({"title": "a\ud800b"}) is None


def test_deep_nesting_is_left_to_jsonify(app) -> None:
    with app.test_request_context("/"):
        data: Any = []
        for _ in range(300):                     # past orjson's 254 levels, within json.dumps's recursion
            data = [data]
        assert fastjson.encode(data) is None
        assert fastjson.response(data).get_data() == jsonify(data).get_data()


def test_an_indenting_provider_is_left_to_jsonify(instance_dir: Path) -> None:
    debug = create_app({"TESTING": True, "INSTANCE": str(instance_dir), "DEBUG": True})
    debug.debug = True
    with debug.test_request_context("/"):
        assert fastjson.encode({"a": 1}) is None
        assert fastjson.response({"a": [1]}).get_data() == jsonify({"a": [1]}).get_data()
