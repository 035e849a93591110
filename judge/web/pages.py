"""The HTML pages.  Each also answers JSON, Datasette style: the same URL with `.json`, `?format=json` or
`Accept: application/json` returns the data the page shows."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from flask import Blueprint, Response, jsonify, redirect, render_template, request

from judge.web import data, pagecache, views
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
    from flask import current_app, make_response

    from judge.web import searchcache

    def compute() -> bytes:
        response = run_search(params)
        hits = (response.results + ([response.answer] if response.answer else [])
                + [h for block in response.elsewhere.values() for h in block])
        context["headings"] = {h.id: views.hit_heading(corpus, h.id, h.title, h.number) for h in hits}
        return make_response(_page("home.html", views.search_json(response), params=params, response=response,
                                   **context)).get_data()

    # The same key discipline as GET /api/search (searchcache.py), the page's own kind in it.
    as_json = wants_json()
    body, state = searchcache.answer(params, compute, kind="page-json" if as_json else "page-html")
    page = current_app.response_class(body, mimetype="application/json" if as_json else "text/html")
    page.headers["X-Search-Cache"] = state
    return page


def _rule_number() -> str:
    return _strip_json((request.view_args or {}).get("number", ""))


@bp.get("/reglas/<number>")
@pagecache.cached(fill=pagecache.fill_saved_examples(_rule_number))
def rule(number: str) -> Response | str:
    """A rule page, from the page cache when this corpus and code version rendered it already; its saved
    scenarios (the database's) are filled in for each request."""
    number = _strip_json(number)
    version = request.args.get("version", "").strip()
    if version:
        from judge.web.views.versions import rule_as_it_was
        return _page("rule.html", rule_as_it_was(data.corpus(), number.strip().rstrip("."), version))
    if wants_json():
        return jsonify(views.rule_view(data.corpus(), number, saved_slot=pagecache.JSON_SLOT))
    return render_template("rule.html", data=views.rule_view(data.corpus(), number, saved_slot=""),
                           saved_slot=pagecache.HTML_SLOT)


@bp.get("/cambios/<spec>")
def changes(spec: str) -> Response | str:
    """Rules and glossary changes between two loaded CR versions, `/cambios/2026-04-17..2026-06-05`, and the
    curated and saved scenarios citing a changed rule (listed; /cambios/<spec>/escenarios re-runs them)."""
    from judge.web.views.versions import changes_view
    spec = _strip_json(spec)
    payload = changes_view(data.corpus(), spec)
    payload["impact"] = _impact(spec, rerun=False)
    return _page("changes.html", payload)


@bp.get("/cambios/<spec>/escenarios")
@bp.get("/cambios/<spec>/escenarios.json")
def changes_scenarios(spec: str) -> Response | str:
    """The scenarios a rules change touches, re-run (judge.runner.impact): verdict, trace, missing citations;
    those whose verdict or trace changed first."""
    spec = _strip_json(spec)
    return _page("changes_impact.html", _impact(spec, rerun=True))


WEB_MAX_RERUNS = 150     # a request re-runs at most this many scenarios (each within /api/run's bounds)


def _impact(spec: str, rerun: bool) -> dict[str, Any]:
    """judge.web.impact for the two versions of `spec`; the saved part says so when the database does not answer
    (`saved_unavailable`) instead of failing the page."""
    from pathlib import Path

    from flask import current_app

    from judge import store
    from judge.runner.impact import rerun_said
    from judge.web.i18n import get_language
    from judge.web.impact import diff_of, saved_inputs, scenarios_impact
    from judge.web.runs import run_scenario as _run
    from judge.web.views.versions import version_pair

    corpus = data.corpus()
    old, new = version_pair(corpus, spec)
    unavailable = False

    def saved(numbers: set[str]) -> list[Any]:
        nonlocal unavailable
        if not store.created(current_app):
            return []                  # no database yet: nothing saved (and none is created for a read)
        try:
            return store.call(current_app, saved_inputs, numbers, optional=True)
        except store.DatabaseUnavailable:
            unavailable = True
            return []

    def run(source: str, fmt: str | None) -> tuple[bool, Any, dict[str, Any]]:
        _, trace, outcome = _run(source, fmt)       # the web's bounds, as /api/run
        return trace.ok, outcome.message, trace.to_json()

    result = scenarios_impact(diff_of(corpus, old, new), new, Path(current_app.config["INSTANCE"]), saved,
                              rerun=rerun, run=run, max_reruns=WEB_MAX_RERUNS).to_json()
    lang = get_language()
    for a in result["scenarios"]:       # each re-run's verdict and problems said in the page's language
        if a.get("rerun"):
            a["rerun"]["verdict"], a["rerun"]["errors"] = rerun_said(a["rerun"], lang)
    result.update(saved_unavailable=unavailable, max_reruns=WEB_MAX_RERUNS, spec=f"{old.version}..{new.version}",
                  rerun_url=f"/cambios/{old.version}..{new.version}/escenarios",
                  changes_url=f"/cambios/{old.version}..{new.version}")
    return result


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
    """The loaded documents, and the state of the search index (its vectors computed in the background)."""
    from pathlib import Path

    from flask import current_app

    from judge.search.embedjob import status

    documents = views.documents_view(data.corpus())
    semantic = current_app.config.get("SEARCH_SEMANTIC")
    found = status(Path(current_app.config["INSTANCE"]), None if semantic is None else bool(semantic))
    return _page("corpus.html", {"documents": documents, "search": found})


@bp.get("/documentos")
def documents_redirect() -> Response:
    return redirect("/corpus")


@bp.get("/documentos/<doc_id>")
def document(doc_id: str) -> Response | str:
    doc_id = _strip_json(doc_id)
    payload = views.document_view(data.corpus(), doc_id)
    return _page("document.html", payload, contents=views.contents(payload["passages"]))
