"""The HTML pages.  Each also answers JSON, Datasette style: the same URL with `.json`, `?format=json` or
`Accept: application/json` returns the data the page shows."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from flask import Blueprint, Response, jsonify, redirect, render_template, request

from judge.web import data, views
from judge.web.api import checked_params, run_search
from judge.web.errors import wants_json

bp = Blueprint("pages", __name__)

JSON_SUFFIX = ".json"


def _strip_json(value: str) -> str:
    """`121.4.json` → `121.4` (wants_json() already knows a `.json` URL asks for JSON)."""
    return value[: -len(JSON_SUFFIX)] if value.endswith(JSON_SUFFIX) else value


def _page(template: str, payload: Any, **context: Any) -> Response | str:
    if wants_json():
        return jsonify(payload)
    return render_template(template, data=payload, **context)


@bp.get("/")
@bp.get("/.json")
def home() -> Response | str:
    """The question box; with `q`, the answer on top and the ranked passages below."""
    corpus = data.corpus()
    filters = {"documents": [{"id": d.id, "title": d.title} for d in corpus.documents.values()],
               "rulesets": views.rulesets_of(corpus)}
    context = {
        "filters": filters,
        "doc_titles": {d.id: d.title for d in corpus.documents.values()},
    }
    try:
        params = checked_params(request.args)
    except views.QueryTooLong as exc:
        if wants_json():
            raise
        # The page says why in place of results, the box holding the start of the question to shorten.
        params = {"q": request.args.get("q", "")[:exc.maximum], "limit": None, "doc": None, "ruleset": None}
        payload = SimpleNamespace(message=exc.description, answer=None, results=[])
        return _page("home.html", payload, params=params, response=payload, **context), 400
    if not params["q"].strip():
        # No question yet: the page shows the box, not an "empty query" message.
        payload = {"query": params["q"], "results": [], "answer": None, "message": None}
        return _page("home.html", payload, params=params, response=None, **context)
    response = run_search(params)
    hits = response.results + ([response.answer] if response.answer else [])
    context["headings"] = {h.id: views.hit_heading(corpus, h.id, h.title, h.number) for h in hits}
    return _page("home.html", response.to_json(), params=params, response=response, **context)


@bp.get("/reglas/<number>")
def rule(number: str) -> Response | str:
    number = _strip_json(number)
    return _page("rule.html", views.rule_view(data.corpus(), number))


@bp.get("/pasajes/<path:passage_id>")
def passage(passage_id: str) -> Response | str:
    passage_id = _strip_json(passage_id)
    return _page("passage.html", views.passage_view(data.corpus(), passage_id))


@bp.get("/cartas")
@bp.get("/cartas.json")
def cards() -> Response | str:
    """The card list; `?q=` keeps the cards whose name holds its words (no JavaScript needed)."""
    return _page("cards.html", views.cards_view(data.corpus(), request.args.get("q", "")))


@bp.get("/cartas/<path:name>")
def card(name: str) -> Response | str:
    name = _strip_json(name)
    return _page("card.html", views.card_page(data.corpus(), data.index(), name))


@bp.get("/corpus")
@bp.get("/corpus.json")
def corpus_page() -> Response | str:
    return _page("corpus.html", {"documents": views.documents_view(data.corpus())})


@bp.get("/documentos")
def documents_redirect() -> Response:
    return redirect("/corpus")


@bp.get("/documentos/<doc_id>")
def document(doc_id: str) -> Response | str:
    doc_id = _strip_json(doc_id)
    payload = views.document_view(data.corpus(), doc_id)
    return _page("document.html", payload, contents=views.contents(payload["passages"]))
