"""The JSON API under /api: search, passages, rules, documents, cards.  Errors are JSON too (errors.py)."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from judge.web import data, fastjson, views

bp = Blueprint("api", __name__, url_prefix="/api")


def checked_params(args) -> dict[str, Any]:
    """The search parameters of a request, checked (a bad one is a 400 naming it)."""
    return views.search_params(data.corpus(), args, int(current_app.config["SEARCH_LIMIT"]),
                               int(current_app.config["SEARCH_MAX_LIMIT"]),
                               int(current_app.config["SEARCH_MAX_QUERY"]))


def run_search(params: dict[str, Any]) -> Any:
    """The SearchResponse for checked parameters."""
    return data.index().search(params["q"], limit=params["limit"], doc=params["doc"], ruleset=params["ruleset"])


@bp.get("/search")
def search() -> Response:
    """`{"query", "results": [{"id","doc","number","title","text","score","url"}], "answer", "message", "game",
    "alternative", "elsewhere"}` (the game named in the request's language: views.search_json; `elsewhere`, a sure
    game's answer's passages of the other games, set apart from `results`: gamepick.apart).
    Answered from the search cache when asked before (searchcache.py; `X-Search-Cache: hit|miss|off`)."""
    from judge.web import searchcache

    params = checked_params(request.args)
    # fastjson: orjson's bytes where they are jsonify's (a score below 1e-4 is left to jsonify)
    body, state = searchcache.answer(params, lambda: fastjson.response(views.search_json(run_search(params)))
                                     .get_data())
    response = current_app.response_class(body, mimetype="application/json")
    response.headers["X-Search-Cache"] = state
    return response


@bp.get("/suggest")
def suggest() -> Response:
    """`{"query", "suggestions": [{"kind", "kind_label", "label", "value", "detail", "lang", "url"}]}`: rule
    numbers, card names and glossary terms for what is typed so far (views/suggest.py); `limit` 1–20."""
    from pathlib import Path

    from judge.web.i18n import get_language
    from judge.web.views.suggest import limit_param, suggest_view

    limit = limit_param(request.args.get("limit"))
    return jsonify(suggest_view(data.corpus(), Path(current_app.config["CORPUS_DIR"]), request.args.get("q", ""),
                                limit, get_language()))


@bp.get("/passages/<path:passage_id>")
def passage(passage_id: str) -> Response:
    return jsonify(views.passage_view(data.corpus(), passage_id))


@bp.get("/rules/<number>")
def rule(number: str) -> Response:
    return jsonify(views.rule_view(data.corpus(), number))


@bp.get("/documents")
def documents() -> Response:
    return jsonify(views.documents_view(data.corpus()))


@bp.get("/documents/<doc_id>")
def document(doc_id: str) -> Response:
    return jsonify(views.document_view(data.corpus(), doc_id))


@bp.get("/cards")
def cards() -> Response:
    return jsonify(views.cards_view(data.corpus(), request.args.get("q", "")))


@bp.get("/cards/<path:name>")
def card(name: str) -> Response:
    return jsonify(views.card_page(data.corpus(), data.index(), name))
