"""Running scenarios on the web: `POST /api/run` and the run pages under `/escenarios`.

The web layer decides no rule: it hands the scenario to the engine (through judge.runner.execute) and shows the
trace, with the text of every cited passage beside the step that cites it.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, jsonify, redirect, render_template, request
from werkzeug.exceptions import RequestEntityTooLarge

from judge.web import pagecache, runs
from judge.web.errors import wants_json

bp = Blueprint("run", __name__)

# The content types a scenario body may have, and the texts of the run pages, live with the run service
# (judge/web/runs.py); they are named here too for older imports.
YAML_TYPES, JSON_TYPES = runs.YAML_TYPES, runs.JSON_TYPES


@bp.app_template_filter("run_event_line")
def _run_event_line(event: dict[str, Any]) -> tuple[str, str]:
    """An event's line as (message id, text in the UI language): the id is the `data-message` tests and clients
    read, "" for a kind no ruleset declares (its fields, as they are: every declared kind has its line)."""
    from judge.runner.render import event_fields, event_message
    from judge.web.i18n import get_language

    said = event_message(event)
    if said is None:
        return "", event_fields(event)
    return said.id, said.render(get_language())


@bp.app_template_filter("run_stopped")
def _run_stopped(stopped: str) -> str:
    """How the run stopped (Trace.stopped: «fin», «limite»…) in the UI language (core.stopped.*: «end», «limit»)."""
    from judge.engine.step import stopped_said
    from judge.messages import render
    from judge.web.i18n import get_language

    return render(stopped_said(str(stopped)), get_language())


@bp.app_template_filter("run_kind")
def _run_kind(kind: str) -> str:
    """The step kind in the UI language (an unknown kind is shown as the engine names it)."""
    from judge.web.i18n import MESSAGES, translate

    key = f"run.kind.{kind}"
    return translate(key) if key in MESSAGES else kind


@bp.app_template_filter("run_zone")
def _run_zone(zone: str) -> str:
    from judge.runner.render import zone_label
    from judge.web.i18n import get_language

    return zone_label(zone, get_language())


@bp.app_template_filter("code_spans")
def _code_spans(text: str) -> Any:
    """Text with `backquoted` parts as <code> (everything escaped): the notes name commands to type."""
    import re

    from markupsafe import Markup, escape

    parts = re.split(r"`([^`]*)`", str(text))
    return Markup("").join(escape(part) if i % 2 == 0 else Markup("<code>%s</code>") % part
                           for i, part in enumerate(parts))


@bp.app_template_filter("is_magic_board")
def _is_magic_board(board: Any) -> bool:
    """A magic snapshot (`ruleset: magic`, or players with a `battlefield`) rather than a doce-vidas one."""
    if not isinstance(board, dict):
        return False
    if board.get("ruleset") == "magic":
        return True
    return any(isinstance(p, dict) and "battlefield" in p for p in board.get("players") or [])


@bp.app_template_filter("board_view")
def _board_view(board: dict[str, Any]) -> Any:
    """A board's view without a step before it (nothing marked as changed)."""
    from judge.web.viewer import BoardView

    return BoardView(board)


@bp.app_template_filter("phase_label")
def _phase_label(board: dict[str, Any]) -> str:
    """The phase or step of a board in game words and the UI language ("fase de acción", "action phase")."""
    from judge.web.viewer import phase_label

    return phase_label(board)


@bp.post("/api/run")
def api_run() -> Response:
    """The trace of a scenario sent as JSON, or YAML as application/yaml / text/yaml."""
    from judge.format import timelimit
    from judge.runner.execute import InvalidScenario

    # RUN_TIME_BUDGET counts from the request's arrival (judge.web.arrival): the body's reading, the cache
    # lookup's parse, the checks and the run share one deadline (judge.format.timelimit; a parse or check it cuts
    # is a 422 naming the stage, errors.py). A run that took its budget is not cached (it may have been cut): timed
    # on the real clock from the arrival, whatever clock the budget reads.
    import time

    from judge.web.arrival import elapsed

    budget = runs.start_budget()
    started = time.monotonic() - elapsed()
    read = runs.scenario_body()
    if isinstance(read, Response):
        return read
    body, fmt = read
    from judge.web import runcache

    with timelimit.deadline(budget.spent, budget.seconds):
        found = runcache.lookup(body, fmt)   # its key holds the language (?lang=): each answer in its own
    if found.answer is not None:
        response = Response(found.answer, mimetype="application/json")
    else:
        try:
            # The document the cache lookup parsed is not parsed again (load_scenario takes it as it is).
            _, trace, outcome = runs.run_scenario(found.doc if isinstance(found.doc, dict) else body, fmt, budget)
        except InvalidScenario as exc:
            return runs.invalid(exc)
        from judge.web import runjson

        response = runjson.response(runs.run_json(trace, outcome)[0])   # jsonify's bytes, boards' parts once
        runcache.keep(found, response.get_data(), time.monotonic() - started, runs.time_budget())
    response.headers["X-Run-Cache"] = found.state
    return response


@bp.get("/escenarios")
def scenario_list() -> Response | str:
    from judge.runner.catalog import curated

    items = curated()
    if wants_json():
        return jsonify({"scenarios": [s.to_json() for s in items]})
    return render_template("scenarios.html", scenarios=items, source="", problems=None)


@bp.get("/escenarios/<ruleset>/<folder>/<name>")
def scenario_in_folder(ruleset: str, folder: str, name: str) -> Response | str:
    """A curated scenario in a subfolder of its ruleset's (scenarios/magic/faq/<name>.yaml)."""
    return scenario_page(ruleset, f"{folder}/{name}")


@bp.get("/escenarios/<ruleset>/<name>")
@pagecache.cached()
def scenario_page(ruleset: str, name: str) -> Response | str:
    from judge.runner.catalog import find
    from judge.runner.execute import InvalidScenario

    item = find(ruleset, name)
    if item is None:
        abort(404)
    if item.name != name:                   # a renamed scenario (catalog.RENAMED): its link moved for good
        return redirect(item.url + (".json" if request.path.endswith(".json") else ""), code=301)
    source = item.path.read_text(encoding="utf-8")
    try:
        scenario, trace, outcome = runs.run_scenario(source, "yaml")
    except InvalidScenario as exc:  # a broken curated file: say so, as for a pasted one
        return _form_with_errors(source, exc)
    return runs.trace_page(trace, outcome, source=source, title=item.title, description=item.description,
                       illustrates=item.illustrates, curated=item, scenario=scenario,
                       builder_url=runs.builder_url(item.ruleset, item.key))


def _form_with_errors(source: str, exc: Any) -> tuple[Response | str, int]:
    if wants_json():
        return runs.invalid(exc), 400
    from judge.runner.catalog import curated

    return render_template("scenarios.html", scenarios=curated(), source=source, problems=exc), 400


@bp.post("/escenarios/ejecutar")
@bp.post("/escenarios/ejecutar.json")
def scenario_run() -> Response | str | tuple[Response | str, int]:
    """The pasted scenario of the form (field `scenario`, optional `format`: yaml | json | auto)."""
    try:
        source = request.form.get("scenario", "")
    except RequestEntityTooLarge:
        if wants_json():
            return runs.too_large()
        raise
    fmt = request.form.get("format") or None
    return _pasted_run(source, fmt if fmt in ("yaml", "json") else None)


@bp.get("/escenarios/ejecutar")
@bp.get("/escenarios/ejecutar.json")
def scenario_run_draft() -> Response | str | tuple[Response | str, int]:
    """A pasted scenario's run by its address: `?escenario=<draft token>` (judge.web.drafts), what a POST run's
    page puts in the browser's history, so that back/forward and reload find the run again (never a 405).
    Without a token: the builder."""
    from judge.web import drafts
    from judge.web.errors import BadParameter

    token = request.args.get("escenario")
    if token is None:
        return redirect("/escenarios/nuevo", code=303)
    try:
        source = drafts.decode(token, runs.body_limit())
    except drafts.BadDraft as exc:
        raise BadParameter("escenario", exc.key, **exc.values) from None
    return _pasted_run(source, None)


def _pasted_run(source: str, fmt: str | None) -> Response | str | tuple[Response | str, int]:
    """The run page of a pasted scenario, with its own address (`run_url`, a GET of the same run) and the way
    back to the builder holding the same document (`builder_url`), when the text fits in a link."""
    from judge.runner.execute import InvalidScenario
    from judge.web import drafts

    try:
        scenario, trace, outcome = runs.run_scenario(source, fmt)
    except InvalidScenario as exc:
        return _form_with_errors(source, exc)
    token = drafts.linkable(source)
    run_url = f"/escenarios/ejecutar?escenario={token}" if token else None
    ruleset = getattr(scenario, "ruleset", None)
    back = runs.builder_url(ruleset, drafts.DRAFT_PREFIX + token) if token else \
        runs.builder_url(ruleset, "local")
    return runs.trace_page(trace, outcome, source=source, title=getattr(scenario, "title", "") or "",
                       description=getattr(scenario, "description", "") or "",
                       illustrates=getattr(scenario, "illustrates", ()) or (), scenario=scenario,
                       builder_url=back, run_url=run_url)


# -- the scenario list pages' JSON (once in judge/web/saved.py: the same routes, now beside the pages they answer)

@bp.get("/escenarios.json")
def scenario_list_json() -> Response | str:
    return scenario_list()


@bp.get("/escenarios/<ruleset>/<name>.json")
def scenario_page_json(ruleset: str, name: str) -> Any:
    return scenario_page(ruleset, name)


@bp.get("/escenarios/<ruleset>/<folder>/<name>.json")
def scenario_in_folder_json(ruleset: str, folder: str, name: str) -> Any:
    return scenario_page(ruleset, f"{folder}/{name}")
