"""Saved scenarios on the web: `POST /api/scenarios`, `GET /api/scenarios/<id>`, the permalink pages under
`/escenarios/guardados/`, the library (`/biblioteca`), and the `.json` forms of the scenario list pages.

A saved version never changes: an edit (`POST` to a version's URL) stores a new version whose parent is that one,
and answers with the new version's permalink.  There is no route that updates or deletes a version.
The scenario is validated and run (with the web bounds of /api/run) before it is stored; the rules its run cites
are stored with it, for the library's search by rule.
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from flask import (Blueprint, Response, abort, jsonify, make_response, redirect, render_template,
                   request, url_for)
from werkzeug.exceptions import RequestEntityTooLarge

from judge.web import citing, runs
from judge.web.database import PERMALINK, DatabaseDown, db_call
from judge.web.database import brief as _brief
from judge.web.database import created as database_created
from judge.web.errors import BadParameter, wants_json
from judge.web.i18n import MESSAGES, translate

bp = Blueprint("saved", __name__)

PER_PAGE = 20          # saved scenarios per library page unless `per_page` (1–100) says otherwise
MAX_PER_PAGE = 100

MESSAGES.update({
    "saved.library": {"es": "Biblioteca de escenarios", "en": "Scenario library"},
    "saved.library_intro": {"es": "Los escenarios de ejemplo, por reglas, y los últimos guardados. Busca por "
                                  "título o por número de regla citada (704, 510.1, dv/tipos).",
                            "en": "The example scenarios, by rules, and the latest saved ones. Search by title or "
                                  "by a cited rule number (704, 510.1, dv/tipos)."},
    "saved.search": {"es": "Buscar", "en": "Search"},
    "saved.search_label": {"es": "Título o regla citada", "en": "Title or cited rule"},
    "saved.all_rulesets": {"es": "todas las reglas", "en": "all rules"},
    "saved.curated": {"es": "Escenarios de ejemplo", "en": "Example scenarios"},
    "saved.recent": {"es": "Guardados recientemente", "en": "Recently saved"},
    "saved.none": {"es": "Ningún escenario coincide.", "en": "No scenario matches."},
    "saved.page": {"es": "Página {page} de {pages}", "en": "Page {page} of {pages}"},
    "saved.previous": {"es": "Anterior", "en": "Previous"},
    "saved.next": {"es": "Siguiente", "en": "Next"},
    "saved.version": {"es": "versión {version}", "en": "version {version}"},
    "saved.versions": {"es": "Versiones", "en": "Versions"},
    "saved.this_version": {"es": "esta versión", "en": "this version"},
    "saved.permalink": {"es": "Enlace permanente a esta versión", "en": "Permanent link to this version"},
    "saved.edit": {"es": "Editar (crea una versión nueva)", "en": "Edit (makes a new version)"},
    "saved.edit_title": {"es": "Editar «{title}»", "en": "Edit «{title}»"},
    "saved.edit_help": {"es": "Guardar crea la versión {version}; la versión {current} no cambia.",
                        "en": "Saving makes version {version}; version {current} does not change."},
    "saved.save": {"es": "Guardar", "en": "Save"},
    "saved.save_title": {"es": "Guardar un escenario", "en": "Save a scenario"},
    "saved.save_help": {"es": "Pega un escenario en YAML o JSON: se guarda con un enlace permanente que nadie "
                              "puede cambiar.",
                        "en": "Paste a scenario in YAML or JSON: it is saved with a permanent link nobody can "
                              "change."},
    "saved.saved_on": {"es": "guardado el {date}", "en": "saved on {date}"},
    "saved.unavailable": {"es": "La base de datos de los escenarios guardados no responde ahora mismo; vuelve a "
                                "intentarlo en {seconds} s. Las reglas, la búsqueda, los escenarios de ejemplo y "
                                "el constructor siguen funcionando.",
                          "en": "The database of saved scenarios is not answering right now; try again in {seconds} "
                                "s. Rules, search, the example scenarios and the builder still work."},
    "saved.examples_unavailable": {"es": "Los escenarios guardados que la citan no se pueden mostrar ahora (la base "
                                         "de datos no responde).",
                                   "en": "The saved scenarios citing it cannot be shown now (the database is not "
                                         "answering)."},
    "saved.library_unavailable": {"es": "Los escenarios guardados no se pueden mostrar ahora: la base de datos no "
                                        "responde; vuelve a intentarlo en {seconds} s.",
                                  "en": "The saved scenarios cannot be shown now: the database is not answering; "
                                        "try again in {seconds} s."},
    "saved.not_found": {"es": "No hay ningún escenario guardado con ese identificador.",
                        "en": "There is no saved scenario with that id."},
    "saved.no_trace": {"es": "El escenario guardado ya no es válido para el motor actual.",
                       "en": "The saved scenario is no longer valid for the current engine."},
    "nav.library": {"es": "Biblioteca", "en": "Library"},
    "saved.rules.not-recorded": {"es": "Guardado antes de que se registrara la versión de las reglas con que se "
                                       "ejecutó: no se puede saber si alguna regla citada ha cambiado desde entonces.",
                                 "en": "Saved before the rules version of its run was recorded: whether a cited rule "
                                       "has changed since cannot be told."},
    "saved.rules.no-cr": {"es": "Se ejecutó sin las Reglas Completas importadas: sus citas no tenían texto entonces.",
                          "en": "Run without the Comprehensive Rules imported: its citations had no text then."},
    "saved.rules.current": {"es": "Ejecutado con las reglas de {version}, la versión cargada.",
                            "en": "Run under the rules of {version}, the version loaded."},
    "saved.rules.not-loaded": {"es": "Ejecutado con las reglas de {version}, que ya no están cargadas: no se pueden "
                                     "comparar con las cargadas ({current}).",
                               "en": "Run under the rules of {version}, no longer loaded: they cannot be compared "
                                     "with those loaded ({current})."},
    "saved.rules.unchanged": {"es": "Ejecutado con las reglas de {version}; ninguna regla citada ha cambiado en "
                                    "{current}.",
                              "en": "Run under the rules of {version}; no cited rule has changed in {current}."},
    "saved.rules.changed": {"es": "Ejecutado con las reglas de {version}; desde entonces han cambiado reglas que "
                                  "cita ({current}):",
                            "en": "Run under the rules of {version}; rules it cites have changed since ({current}):"},
    "saved.rules.see_diff": {"es": "ver los cambios", "en": "see the changes"},
    "saved.may_have_landed": {"es": "El guardado puede haberse completado de todos modos: repítelo con la misma "
                                    "cabecera {header} y no se guardará dos veces.",
                              "en": "The save may have landed all the same: send it again with the same {header} "
                                    "header and it will not be stored twice."},
    "saved.may_have_landed_form": {"es": "El guardado puede haberse completado de todos modos: búscalo en la "
                                         "biblioteca antes de volver a guardarlo.",
                                   "en": "The save may have landed all the same: look for it in the library before "
                                         "saving it again."},
    "saved.reused_key": {"es": "Esta cabecera {header} ya se usó para guardar otro contenido: no se ha guardado "
                               "nada; usa una clave nueva para un guardado nuevo.",
                         "en": "This {header} header was already used to save other content: nothing was saved; "
                               "use a new key for a new save."},
    "saved.needs_key": {"es": "Solo quien tiene la clave de edición de esta línea puede añadirle versiones: envíala "
                              "en la cabecera {header} (o la cookie que se guardó al crearla), o crea una copia "
                              "tuya con fork_url.",
                        "en": "Only whoever holds this line's edit key can add versions to it: send it in the "
                              "{header} header (or the cookie set when it was made), or make your own copy with "
                              "fork_url."},
    "saved.wrong_key": {"es": "La clave de edición enviada ({header} o cookie) no es la de esta línea: no se ha "
                              "guardado nada. Crea una copia tuya con fork_url.",
                        "en": "The edit key sent ({header} or cookie) is not this line's: nothing was saved. Make "
                              "your own copy with fork_url."},
    "saved.fork": {"es": "Editar (crea una copia tuya)", "en": "Edit (makes your own copy)"},
    "saved.fork_help": {"es": "No tienes la clave de edición de esta línea: guardar crea una copia nueva, tuya, "
                              "enlazada a la versión {current}, que no cambia.",
                        "en": "You do not hold this line's edit key: saving makes a new copy of your own, linked "
                              "to version {current}, which does not change."},
    "saved.link_refused": {"es": "La clave de este enlace no es la de esta línea.",
                           "en": "This link's key is not this line's."},
    "saved.forked_from": {"es": "Copia de", "en": "Copied from"},
    "saved.forks": {"es": "Copias", "en": "Copies"},
    "saved.fork_of_version": {"es": "de la versión {version}", "en": "of version {version}"},
    "saved.edit_link": {"es": "Tu enlace secreto de edición (guárdalo: quien lo tenga puede añadir versiones)",
                        "en": "Your secret edit link (keep it: whoever has it can add versions)"},
})


# -- storage --------------------------------------------------------------------------------------------------

def _version_or_404(version_id: str):  # type: ignore[no-untyped-def]
    from judge.store import saved

    row = db_call(saved.get, version_id)
    if row is None:
        abort(404, description=translate("saved.not_found"))
    return row


def _payload(row: Any) -> dict[str, Any]:
    """What a version's permalink and `GET /api/scenarios/<id>` answer: the version, its line, its trace."""
    from judge.runner.execute import InvalidScenario
    from judge.store import saved

    from judge.web import edit_keys

    offered = edit_keys.offered_key(row.lineage)

    def line_info(engine):  # type: ignore[no-untyped-def]
        # One bounded database call for the whole line (judge.store.call): versions, origin, key, forks.
        return (saved.line(engine, row.lineage), saved.origin(engine, row.lineage),
                saved.holds_key(engine, row.lineage, offered), saved.forks(engine, row.lineage))

    line, origin, can_edit, forks = db_call(line_info)
    versions = [dict(_brief(v), current=v.id == row.id) for v in line]
    numbers = {v["id"]: v["version"] for v in versions}
    data: dict[str, Any] = dict(_brief(row), lineage=row.lineage, format=row.format,
                                can_edit=can_edit,
                                forked_from=_brief(origin) if origin is not None else None,
                                forks=[dict(_brief(f), forked_from=source, forked_from_version=numbers.get(source))
                                       for f, source in forks],
                                fork_url=f"/api/scenarios/{row.id}/fork",
                                api_url=f"/api/scenarios/{row.id}", edit_url=PERMALINK.format(id=row.id) + "/editar",
                                builder_url=runs.builder_url(row.ruleset, runs.SAVED_PREFIX + row.id),
                                source=row.source, document=row.document, versions=versions,
                                rules_version=row.rules_version, rules=None, trace=None, errors=None)
    try:
        scenario, trace, outcome = runs.run_scenario(row.source, row.format)
    except InvalidScenario as exc:  # the engine changed since it was saved: the version itself still shows
        data["errors"] = exc.to_json()["errors"]
        return data
    data["trace"] = runs.run_json(trace, outcome)[0]
    data["_run"] = (scenario, trace, outcome)
    data["rules"] = _rules_since(row, trace)
    return data


def _rules_since(row: Any, trace: Any) -> dict[str, Any]:
    """Whether a rule the run cites changed since the version was saved (judge.web.impact.cited_changes)."""
    from judge.web import data
    from judge.web.impact import cited_changes

    refs = {str(ref) for step in trace.steps for ref in (getattr(step, "citations", None) or ())}
    return cited_changes(data.corpus(), row.rules_version, refs)


# -- saving ---------------------------------------------------------------------------------------------------

class Saved:
    """A stored version and, when it began a line (a new scenario or a fork), that line's new edit key."""

    def __init__(self, row: Any, edit_key: str | None) -> None:
        self.row, self.edit_key = row, edit_key
        self.replayed = False       # answered from an earlier save with the same Idempotency-Key


def _store(source: str | bytes, fmt: str | None, parent: Any = None, *, edit_key: str | None = None,
           forked_from: Any = None, retry: Any = None) -> Saved:
    """Validate, run (web bounds) and insert: a version of `parent`'s line (which `edit_key` must open:
    NotLineOwner otherwise), or the first version of a new line with a new key (a fork of `forked_from`).
    `retry` (judge.web.idempotency.SaveRequest): a save with an Idempotency-Key, stored once whatever the retries.
    Raises InvalidScenario for a bad scenario."""
    from judge.store import saved

    if retry is not None:
        earlier = db_call(saved.replayed, retry.key_hash)
        if earlier is not None:
            return _replay(earlier, retry, parent)
    scenario, trace, _ = runs.run_scenario(source, fmt)
    text = source.decode("utf-8-sig") if isinstance(source, bytes) else source
    fmt = fmt or ("json" if text.lstrip().startswith("{") else "yaml")
    document = json.loads(json.dumps(dict(scenario.document), ensure_ascii=False, default=str))
    cited = {ref for step in trace.steps for ref in (getattr(step, "citations", None) or ())}
    new_key = None if parent is not None else (retry.edit_key() if retry is not None else saved.new_key())
    row = db_call(saved.save, source=text, fmt=fmt, ruleset=scenario.ruleset, title=scenario.title,
                  document=document, citations=cited, parent=parent,
                  edit_key=edit_key if parent is not None else new_key, forked_from=forked_from, write=True,
                  request=(retry.key_hash, retry.body_hash) if retry is not None else None, **_run_record(trace))
    citing.forget()
    return Saved(row, new_key)


def _run_record(trace: Any) -> dict[str, Any]:
    """The rules version a run was made under (cr-en's date, "" when no CR is imported), its verdict and trace
    digest: stored with the version so its page can say when a cited rule changed since (issue 19)."""
    from judge.runner.impact import trace_digest
    from judge.web import data

    current = data.corpus().documents.get("cr-en")
    return {"rules_version": current.version if current is not None else "", "run_ok": bool(trace.ok),
            "run_digest": trace_digest(trace.to_json())}


class ReusedKey(Exception):
    """An Idempotency-Key sent again with another body (422)."""


def _replay(earlier: tuple[Any, str], retry: Any, parent: Any) -> Saved:
    """The answer a save already stored under this Idempotency-Key (its edit key again for a new line)."""
    row, body_hash = earlier
    if body_hash != retry.body_hash:
        raise ReusedKey()
    result = Saved(row, retry.edit_key() if parent is None else None)
    result.replayed = True
    return result


def _created(result: Saved) -> Response:
    from judge.web import edit_keys

    row = result.row
    url = PERMALINK.format(id=row.id)
    body: dict[str, Any] = {"id": row.id, "version": row.version, "url": url}
    if result.replayed:
        body["replayed"] = True
    if result.edit_key:
        body.update(edit_key=result.edit_key, edit_url=edit_keys.edit_link(row.id, result.edit_key))
    response = jsonify(body)
    response.status_code = 201
    response.headers["Location"] = url
    if result.edit_key:
        edit_keys.remember(response, row.lineage, result.edit_key)
    return response


def _api_save(parent: Any = None, *, fork: bool = False) -> Response:
    """POST /api/scenarios[/<id>[/fork]]: a JSON or YAML body from this origin (or from no browser); an edit
    needs the line's key, else a 403 naming the key and the fork endpoint."""
    from judge.runner.execute import InvalidScenario
    from judge.store.saved import NotLineOwner
    from judge.web import edit_keys, security

    read = runs.scenario_body()
    if isinstance(read, Response):
        return read
    try:
        security.same_origin()
    except security.CrossOriginWrite as refused:   # JSON, as every answer to a scenario body
        from judge.web.errors import error_response

        return error_response(refused, as_json=True)
    body, fmt = read
    from judge.web import idempotency

    scope = f"fork:{parent.id}" if fork else (f"edit:{parent.id}" if parent is not None else "new")
    retry = idempotency.from_request(scope, body)
    try:
        if fork:
            result = _store(body, fmt, forked_from=parent, retry=retry)
        else:
            result = _store(body, fmt, parent, edit_key=edit_keys.offered_key(parent.lineage) if parent else None,
                            retry=retry)
    except InvalidScenario as exc:
        return runs.invalid(exc)
    except NotLineOwner:
        return _not_owner(parent)
    except ReusedKey:
        response = jsonify({"error": translate("saved.reused_key", header=idempotency.HEADER), "status": 422,
                            "message": {"id": "saved.reused_key", "params": {"header": idempotency.HEADER}},
                            "header": idempotency.HEADER})
        response.status_code = 422
        return response
    return _created(result)


def _not_owner(parent: Any) -> Response:
    from judge.web import edit_keys

    offered = bool(edit_keys.offered_key(parent.lineage))
    key = "saved.wrong_key" if offered else "saved.needs_key"
    response = jsonify({"error": translate(key, header=edit_keys.HEADER),
                        "message": {"id": key, "params": {"header": edit_keys.HEADER}},   # which refusal (issue 17)
                        "status": 403, "header": edit_keys.HEADER,
                        "fork_url": f"/api/scenarios/{parent.id}/fork"})
    response.status_code = 403
    return response


@bp.post("/api/scenarios")
def api_create() -> Response:
    """A scenario (JSON or YAML body) → 201 `{"id", "version", "url", "edit_key", "edit_url"}`, its permalink in
    `Location` too, the key in the edit-keys cookie too."""
    return _api_save()


@bp.post("/api/scenarios/<version_id>")
def api_edit(version_id: str) -> Response:
    """An edit of version `version_id` → a new version whose parent it is (the old one never changes); only with
    the line's edit key (`X-Edit-Key` or the cookie), else 403."""
    return _api_save(_version_or_404(version_id))


@bp.post("/api/scenarios/<version_id>/fork")
def api_fork(version_id: str) -> Response:
    """A fork of version `version_id`: the first version of a new line, with its own edit key, linked to it."""
    return _api_save(_version_or_404(version_id), fork=True)


@bp.get("/api/scenarios/<version_id>")
def api_get(version_id: str) -> Response:
    data = _payload(_version_or_404(version_id))
    data.pop("_run", None)
    return jsonify(data)


@bp.get("/api/scenarios")
def api_list() -> Response:
    """The library's saved part: `{"query", "ruleset", "page", "pages", "per_page", "total", "scenarios"}`."""
    return jsonify(_saved_listing(*_library_params()))


# -- pages ----------------------------------------------------------------------------------------------------

def _form_source() -> tuple[str, str | None]:
    try:
        source = request.form.get("scenario", "")
    except RequestEntityTooLarge:
        if wants_json():

            abort(runs.too_large())
        raise
    fmt = request.form.get("format") or None
    return source, fmt if fmt in ("yaml", "json") else None


def _page_save(parent: Any = None) -> Response | tuple[Response | str, int]:
    """A form that saves (its CSRF token checked first): a version of `parent`'s line when the form or the
    browser holds the line's key, a fork of `parent` otherwise (nobody else's line changes), a new line without
    `parent`.  A scenario body (JSON, YAML) sent to the page URL gets the API's answer."""
    from judge.runner.execute import InvalidScenario
    from judge.store import saved
    from judge.web import edit_keys, security

    if request.mimetype not in ("application/x-www-form-urlencoded", "multipart/form-data"):
        return _api_save(parent)   # a scenario body sent to the page URL: the API's answer
    security.form_write()
    source, fmt = _form_source()
    key = edit_keys.offered_key(parent.lineage) if parent is not None else None
    owner = parent is not None and db_call(saved.holds_key, parent.lineage, key)
    from judge.web import idempotency

    # the form's idempotency_key (builder.js sets one per save attempt): a save posted again is stored once
    scope = "new" if parent is None else (f"edit:{parent.id}" if owner else f"fork:{parent.id}")
    retry = idempotency.from_request(scope, f"{fmt or ''}\0{source}".encode("utf-8", "surrogatepass"))
    try:
        if owner:
            result = _store(source, fmt, parent, edit_key=key, retry=retry)
        else:
            result = _store(source, fmt, forked_from=parent, retry=retry)
    except InvalidScenario as exc:
        if wants_json():
            return runs.invalid(exc), 400
        return _edit_page(source, parent, owner, key if owner else None, problems=exc), 400
    except ReusedKey:
        from werkzeug.exceptions import UnprocessableEntity

        from judge.web.errors import error_response

        return error_response(UnprocessableEntity(translate("saved.reused_key", header=idempotency.FORM_FIELD)))
    if wants_json():
        return _created(result)
    lang = request.args.get("lang")
    response = redirect(PERMALINK.format(id=result.row.id) + (f"?lang={lang}" if lang else ""), code=303)
    if result.edit_key:
        edit_keys.remember(response, result.row.lineage, result.edit_key)
    return response


def _edit_page(source: str, parent: Any, owner: bool, key: str | None, problems: Any = None,
               broken: Any = None, link_refused: bool = False) -> Response:
    """The save / edit form; `owner`: saving adds a version to `parent`'s line (else it makes a fork)."""
    from judge.web import edit_keys

    response = Response(render_template(
        "saved_edit.html", source=source, problems=problems, parent=parent, owner=owner, edit_key=key,
        next_version=(parent.version + 1) if parent is not None and owner else 1, broken=broken,
        link_refused=link_refused))
    return edit_keys.private(response) if key else response


@bp.get("/escenarios/guardados")
@bp.get("/escenarios/guardados.json")
def new_form() -> Response | str:
    """The form that saves a pasted scenario (its POST stores it and redirects to the permalink)."""
    source = request.args.get("desde", "")
    if wants_json():
        return jsonify({"save_url": "/escenarios/guardados", "api_url": "/api/scenarios"})
    return _edit_page(source, None, False, None)


@bp.post("/escenarios/guardados")
def page_create() -> Response | tuple[Response | str, int]:
    """A new scenario from a form (field `scenario`, optional `format`); with a `parent` field (a saved version's
    id, e.g. a builder started from that version) it is a new version of that one when this browser holds its
    line's key, a fork of it otherwise, as the edit form makes."""
    parent_id = request.form.get("parent", "").strip() if request.mimetype in (
        "application/x-www-form-urlencoded", "multipart/form-data") else ""
    return _page_save(_version_or_404(parent_id) if parent_id else None)


@bp.get("/escenarios/guardados/<version_id>")
@bp.get("/escenarios/guardados/<version_id>.json")
def permalink(version_id: str) -> Response | str:
    """The version's trace page (the run page, with its versions and an edit link); JSON as the API."""

    data = _payload(_version_or_404(version_id))
    run = data.pop("_run", None)
    if wants_json():
        return jsonify(data)
    if run is None:
        return _edit_page(data["source"], None, False, None, broken=data)
    scenario, trace, outcome = run
    from judge.web import edit_keys

    key = edit_keys.offered_key(data["lineage"]) if data["can_edit"] else None
    page = runs.trace_page(trace, outcome, source=data["source"], title=data["title"],
                       description=getattr(scenario, "description", "") or "",
                       illustrates=getattr(scenario, "illustrates", ()) or (),
                       template="saved.html", saved=data, builder_url=data["builder_url"],
                       edit_link=edit_keys.edit_link(data["id"], key) if key else None)
    response = make_response(page)
    response.vary.add("Cookie")
    return edit_keys.private(response) if key else response


@bp.post("/escenarios/guardados/<version_id>")
def page_edit(version_id: str) -> Response | tuple[Response | str, int]:
    """An edit from the form (field `scenario`): a new version, then a 303 to its permalink."""
    return _page_save(_version_or_404(version_id))


@bp.get("/escenarios/guardados/<version_id>/editar")
@bp.get("/escenarios/guardados/<version_id>/editar.json")
def edit_form(version_id: str) -> Response | str:
    """The edit form of a version: saving adds a version to its line when this browser holds the line's key
    (the cookie, or the secret link's `?clave=`, which the cookie then keeps), else it makes a fork."""
    from judge.store import saved
    from judge.web import edit_keys

    row = _version_or_404(version_id)
    linked = request.args.get(edit_keys.LINK_PARAM)
    key = linked or edit_keys.offered_key(row.lineage)
    owner = db_call(saved.holds_key, row.lineage, key)
    if wants_json():
        response = jsonify(dict(_brief(row), source=row.source, format=row.format, can_edit=owner,
                                save_url=PERMALINK.format(id=row.id),
                                fork_url=f"/api/scenarios/{row.id}/fork"))
    else:
        response = _edit_page(row.source, row, owner, key if owner else None, link_refused=bool(linked) and not owner)
    if linked and owner:
        edit_keys.remember(response, row.lineage, key)
    return edit_keys.private(response) if linked else response


# -- the library ----------------------------------------------------------------------------------------------

def _int_param(name: str, default: int, top: int, what: str) -> int:
    """`what`: the key of the error's text (errors.py param.*)."""
    raw = request.args.get(name, str(default))
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if not 1 <= value <= top:
        raise BadParameter(name, what, top=top, raw=raw)
    return value


def _library_params() -> tuple[str, str | None, int, int]:
    from judge.engine.rulesets import RULESETS

    query = request.args.get("q", "").strip()[:200]
    ruleset = request.args.get("ruleset") or None
    if ruleset and ruleset not in {r.id for r in RULESETS}:
        raise BadParameter("ruleset", "param.unknown_rules", name=ruleset)
    page = _int_param("page", 1, 100_000, "param.page_between")
    per_page = _int_param("per_page", PER_PAGE, MAX_PER_PAGE, "param.per_page_between")
    return query, ruleset, page, per_page


def _curated_search(items: list[Any]) -> list[tuple[Any, str, frozenset[str]]]:
    """Each curated scenario with its folded title and the citation keys of its run (`cr-en/704.5a` → itself,
    704.5a, 704.5, 704), from the examples index (judge/web/examples.py: every curated scenario run once per
    version of the files and of the engine, cached in the instance), so no search runs them again. Computed once
    per examples index and list of files, then kept: a search only compares strings."""
    from judge.store.keys import fold
    from judge.web import examples

    cited = examples.cited_index()
    key = (id(cited), tuple(map(id, items)))
    hit = _search_memo.get("table")
    if hit is not None and hit[0] == key and hit[1] is cited:
        return hit[2]
    table = [(item, fold(item.title), _keys(tuple(cited.get(item.url, ())))) for item in items]
    if not examples.building():       # an empty stand-in while the index builds is not kept
        _search_memo["table"] = (key, cited, table)
    return table


# The curated search table (_curated_search), with what it was computed from.
_search_memo: dict[str, tuple[Any, dict[str, list[str]], list[tuple[Any, str, frozenset[str]]]]] = {}


@lru_cache(maxsize=4096)
def _keys(refs: tuple[str, ...]) -> frozenset[str]:
    from judge.store.keys import citation_keys

    return frozenset(k for ref in refs for k in citation_keys(ref))


CURATED_PER_PAGE = 100


def _curated_listing(query: str, ruleset: str | None, page: int = 1) -> dict[str, Any]:
    """The curated scenarios matching, CURATED_PER_PAGE a page (`curated_page`), grouped by ruleset; each entry
    brief (its description is on its page): 321 of them in full made /biblioteca.json 276 kB."""
    from judge.runner.catalog import curated
    from judge.store.keys import rule_key, words

    wanted = words(query)
    key = rule_key(query) if query else ""
    found = []
    items = curated()
    for item, title, keys in _curated_search(items) if query else ((i, "", frozenset()) for i in items):
        if ruleset and item.ruleset != ruleset:
            continue
        if query and not (all(w in title for w in wanted) or key in keys):
            continue
        found.append(item)
    pages = max(1, -(-len(found) // CURATED_PER_PAGE))
    groups: dict[str, list[dict[str, Any]]] = {}
    for item in found[(page - 1) * CURATED_PER_PAGE:page * CURATED_PER_PAGE]:
        brief = item.to_json()
        brief.pop("description", None)
        groups.setdefault(item.ruleset, []).append(brief)
    from judge.web.examples import building

    # examples_building: searched by title only, the citations being computed in the background (examples.ready)
    return {"total": len(found), "page": page, "pages": pages, "per_page": CURATED_PER_PAGE,
            "examples_building": building(),
            "rulesets": [{"ruleset": r, "scenarios": s} for r, s in groups.items()],
            "previous": _page_url(page - 1, "curated_page") if page > 1 else None,
            "next": _page_url(page + 1, "curated_page") if page < pages else None}


def _page_url(page: int, name: str = "page") -> str:
    args = {k: v for k, v in request.args.items() if k != name}
    args[name] = str(page)
    return url_for(request.endpoint or "saved.library", **args)


def _saved_listing(query: str, ruleset: str | None, page: int, per_page: int = PER_PAGE,
                   lazy: bool = False) -> dict[str, Any]:
    """`lazy`: an instance's SQLite file not created yet lists nothing rather than being created."""
    from judge.store import saved

    if lazy and not database_created():
        found = saved.Page(items=[], total=0, page=page, per_page=per_page)
    else:
        found = db_call(saved.recent, query=query, ruleset=ruleset, page=page, per_page=per_page)
    return {
        "query": query, "ruleset": ruleset, "page": found.page, "pages": found.pages, "per_page": found.per_page,
        "total": found.total, "scenarios": [_brief(row) for row in found.items],
        "previous": _page_url(page - 1) if page > 1 else None,
        "next": _page_url(page + 1) if page < found.pages else None,
    }


@bp.get("/biblioteca")
@bp.get("/biblioteca.json")
def library() -> Response | str:
    """The curated scenarios by ruleset and the newest saved ones (paginated), both filtered by `q` (title words
    or a cited rule) and `ruleset`."""
    from judge.engine.rulesets import RULESETS

    query, ruleset, page, per_page = _library_params()
    curated_page = _int_param("curated_page", 1, 100_000, "un número de página")
    payload: dict[str, Any] = {"query": query, "ruleset": ruleset, "curated": _curated_listing(query, ruleset, curated_page),
                               "saved": None, "saved_unavailable": None}
    try:
        payload["saved"] = _saved_listing(query, ruleset, page, per_page, lazy=True)
    except DatabaseDown as down:   # the curated part does without the database: a notice instead of a 503
        payload["saved_unavailable"] = {"error": translate("saved.library_unavailable", seconds=down.retry_after),
                                        "message": {"id": "saved.library_unavailable",
                                                    "params": {"seconds": down.retry_after}},
                                        "retry_after": down.retry_after}
    if wants_json():
        return jsonify(payload)
    return render_template("library.html", data=payload, rulesets=[r.id for r in RULESETS])
