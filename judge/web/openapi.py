"""`GET /api/openapi.json`: an OpenAPI 3.1 description of /api (request bodies, responses, error shapes).

Written by hand from the README's API section; tests/web/test_openapi.py checks it against the app's routes (every
/api route described, every described path and method routed), and schemathesis sends requests generated from it.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify

bp = Blueprint("openapi", __name__)

_OBJECT: dict[str, Any] = {"type": "object"}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_ERRORS = {
    "400": _json(_ref("Error"), "a bad parameter (named in `parameter`)"),
    "404": _json(_ref("Error"), "no such id"),
    "503": _json(_ref("Error"), "documents or database not available, saying why"),
}
_BODY_ERRORS = {
    "400": _json(_ref("InvalidScenario"), "an invalid or malformed scenario: every error with its field path"),
    "413": _json(_ref("Error"), "a body over MAX_CONTENT_LENGTH, chunked or not"),
    "415": _json(_ref("Error"), "a content type other than JSON or YAML"),
    "422": _json(_ref("TimeLimit"), "the time limit (RUN_TIME_BUDGET, VALIDATE_TIME_BUDGET) was reached while the "
                                    "scenario was read or checked: `time_limit.stage` says what was being done"),
}
_SCENARIO_BODY = {
    "required": True,
    "content": {
        "application/json": {"schema": _OBJECT},
        "application/yaml": {"schema": {"type": "string"}},
        "text/yaml": {"schema": {"type": "string"}},
    },
}


def _param(name: str, where: str = "query", schema: dict[str, Any] | None = None,
           required: bool = False) -> dict[str, Any]:
    return {"name": name, "in": where, "required": required or where == "path",
            "schema": schema or {"type": "string"}}


def _get(summary: str, ok: dict[str, Any], params: list[dict[str, Any]] | None = None,
         errors: tuple[str, ...] = ("400", "503")) -> dict[str, Any]:
    return {"get": {"summary": summary, "parameters": params or [],
                    "responses": {"200": _json(ok, "the answer"), **{c: _ERRORS[c] for c in errors}}}}


def _post(summary: str, ok_code: str, ok: dict[str, Any], params: list[dict[str, Any]] | None = None,
          extra: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"post": {"summary": summary, "parameters": params or [], "requestBody": _SCENARIO_BODY,
                     "responses": {ok_code: _json(ok, "the answer"), **_BODY_ERRORS, **(extra or {})}}}


def spec(max_query: int, max_limit: int) -> dict[str, Any]:
    """The description, with the app's bounds (SEARCH_MAX_QUERY, SEARCH_MAX_LIMIT) in its parameter schemas."""
    q = _param("q", schema={"type": "string", "maxLength": max_query})
    limit = _param("limit", schema={"type": "integer", "minimum": 1, "maximum": max_limit})
    version = _param("version_id", "path")
    # A save's Idempotency-Key (judge/web/idempotency.py): the same key and body stored once (a retry after a 503).
    retry = _param("Idempotency-Key", "header", {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,200}$"})
    saves = {"400": _json({"anyOf": [_ref("InvalidScenario"), _ref("Error")]},
                          "an invalid or malformed scenario (every error with its field path), or a malformed "
                          "Idempotency-Key (named in `parameter`)"),
             "422": _json({"anyOf": [_ref("Error"), _ref("TimeLimit")]},
                          "the Idempotency-Key was used before with another body, or the time limit "
                          "(RUN_TIME_BUDGET) was reached while the scenario was read or checked: nothing saved")}
    paths: dict[str, Any] = {
        "/api/search": _get("search the rules", _ref("SearchResults"),
                            [q, limit, _param("doc"), _param("ruleset")]),
        "/api/suggest": _get("suggestions for what is typed so far", _OBJECT,
                             [_param("q"), _param("limit", schema={"type": "integer", "minimum": 1, "maximum": 20})]),
        "/api/passages/{passage_id}": _get("one passage", _OBJECT, [_param("passage_id", "path")], ("404", "503")),
        "/api/rules/{number}": _get("a rule by number", _OBJECT, [_param("number", "path")], ("404", "503")),
        "/api/documents": _get("the loaded documents", {"type": "array"}, errors=("503",)),
        "/api/documents/{doc_id}": _get("one document", _OBJECT, [_param("doc_id", "path")], ("404", "503")),
        "/api/cards": _get("the card list", _OBJECT, [_param("q")], ("503",)),
        "/api/cards/{name}": _get("one card", _OBJECT, [_param("name", "path")], ("404", "503")),
        "/api/rulesets": _get("each ruleset's description of its scenario parts", _OBJECT, errors=()),
        "/api/run": _post("run a scenario: its trace", "200", _ref("Trace")),
        "/api/validate": _post("validate a scenario (200 whether or not it is valid)", "200",
                               _ref("Validation")),
        "/api/scenarios": {
            **_get("the saved scenarios, newest first", _OBJECT,
                   [_param("q"), _param("ruleset"), _param("page", schema={"type": "integer", "minimum": 1}),
                    _param("per_page", schema={"type": "integer", "minimum": 1, "maximum": 100})]),
            **_post("save a scenario", "201", _ref("Saved"), [retry], saves),
        },
        "/api/scenarios/{version_id}": {
            **_get("a saved version, its line and its run", _OBJECT, [version], ("404", "503")),
            **_post("a new version of a saved one (the line's edit key in X-Edit-Key or the cookie)", "201",
                    _ref("Saved"), [version, _param("X-Edit-Key", "header"), retry],
                    {"403": _json(_ref("Error"), "without the line's edit key: nothing saved (`fork_url` says "
                                                 "where to copy it)"), "404": _ERRORS["404"], **saves}),
        },
        "/api/scenarios/{version_id}/fork": _post("a copy of a saved version, the first of a new line", "201",
                                                  _ref("Saved"), [version, retry],
                                                  {"404": _ERRORS["404"], **saves}),
        "/api/openapi.json": _get("this description", _OBJECT, errors=()),
    }
    field_error = {"type": "object", "required": ["path", "message"],
                   "properties": {"path": {"type": "string"}, "message": {"type": "string"},
                                  "line": {"type": ["integer", "null"]}}}
    schemas = {
        "Error": {"type": "object", "required": ["error", "status"],
                  "properties": {"error": {"type": "string"}, "status": {"type": "integer"},
                                 "parameter": {"type": "string"},
                                 # which sentence `error` is (i18n key and its values), whatever its language
                                 "message": {"type": "object", "required": ["id", "params"],
                                             "properties": {"id": {"type": "string"},
                                                            "params": {"type": "object"}}}}},
        "TimeLimit": {"type": "object", "required": ["error", "status", "time_limit"],
                      "properties": {"error": {"type": "string"}, "status": {"type": "integer"},
                                     "time_limit": {"type": "object", "required": ["stage", "seconds"],
                                                    "properties": {"stage": {"type": "string"},
                                                                   "seconds": {"type": "number"}}}}},
        "InvalidScenario": {"type": "object", "required": ["error", "errors"],
                            "properties": {"error": {"type": "string"},
                                           "errors": {"type": "array", "items": field_error}}},
        "Validation": {"type": "object", "required": ["ok", "errors", "document", "yaml"],
                       "properties": {"ok": {"type": "boolean"}, "errors": {"type": "array", "items": field_error},
                                      "document": {}, "yaml": {"type": ["string", "null"]},
                                      # the deadline passed after the errors were found: what was left out
                                      "time_limit": {"type": "object", "required": ["stage", "seconds"],
                                                     "properties": {"stage": {"type": "string"},
                                                                    "seconds": {"type": "number"}}}}},
        "Trace": {"type": "object", "required": ["ruleset", "stopped", "ok", "steps", "verdict", "passages"],
                  "properties": {"ruleset": {"type": "string"}, "stopped": {"type": "string"},
                                 "ok": {"type": "boolean"}, "steps": {"type": "array"}, "verdict": _OBJECT,
                                 "passages": _OBJECT}},
        "Saved": {"type": "object", "required": ["id", "version", "url"],
                  "properties": {"id": {"type": "string"}, "version": {"type": "integer"},
                                 "url": {"type": "string"}}},
        "SearchResults": {"type": "object", "required": ["query", "results"],
                          "properties": {"query": {"type": "string"}, "results": {"type": "array"},
                                         "answer": {}, "message": {}, "game": {},
                                         # issue 15: when the game was not told (game.sure false), the other
                                         # game's best passage and the same question asked in that game
                                         "alternative": {
                                             "type": ["object", "null"],
                                             "description": "null unless game.sure is false: the other game's "
                                                            "best ranked passage (its deciding clause), "
                                                            "`asked` the page's sentence for it, and the same "
                                                            "question asked in that game: `ask` (the link's "
                                                            "words, in the request's language) and `ask_url` "
                                                            "(the page with that game picked, /?q=…&ruleset=…; "
                                                            "the same parameters on /api/search answer JSON)",
                                             "properties": {"id": {"type": "string"},
                                                            "ruleset": {"type": "string"},
                                                            "game_name": {"type": "string"},
                                                            "asked": {"type": "string"},
                                                            "ask": {"type": "string"},
                                                            "ask_url": {"type": "string"}}},
                                         # issue 15: a sure game's answer keeps the other games' passages out
                                         # of its results (gamepick.apart)
                                         "elsewhere": {
                                             "type": "array",
                                             "description": "empty unless game.sure is true and that game "
                                                            "has fewer than five passages to show: the other "
                                                            "games' passages, kept out of `results`, per game "
                                                            "in order (shaped as `results`' items), with "
                                                            "`game_name` and `said` (the page's heading)",
                                             "items": {"type": "object",
                                                       "required": ["ruleset", "results", "game_name", "said"],
                                                       "properties": {"ruleset": {"type": "string"},
                                                                      "results": {"type": "array"},
                                                                      "game_name": {"type": "string"},
                                                                      "said": {"type": "string"}}}}}},
    }
    return {"openapi": "3.1.0",
            "info": {"title": "rules-judge API", "version": "1",
                     "description": "Rules search and step-by-step adjudication of card game scenarios. Errors are "
                                    "JSON: {error, status} (plus parameter for a bad parameter); an invalid "
                                    "scenario lists every error with its field path."},
            "paths": paths, "components": {"schemas": schemas}}


@bp.get("/api/openapi.json")
def openapi() -> Response:
    config = current_app.config
    return jsonify(spec(int(config.get("SEARCH_MAX_QUERY", 1000)), int(config.get("SEARCH_MAX_LIMIT", 100))))
