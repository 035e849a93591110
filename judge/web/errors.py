"""Errors: JSON under /api (and for JSON requests), a readable page otherwise; never a traceback."""
from __future__ import annotations

from typing import TypeVar

from flask import Flask, Response, current_app, jsonify, render_template, request
from werkzeug.exceptions import BadRequest, HTTPException, InternalServerError, MethodNotAllowed

from judge.web.i18n import MESSAGES, translate

E = TypeVar("E", bound=HTTPException)


def _plain_value(value: object) -> object:
    """A message parameter as JSON can carry it: numbers, booleans and None as they are, anything else as text."""
    return value if value is None or isinstance(value, (str, int, float, bool)) else str(value)


def mark(error: E, key: str, /, **values: object) -> E:
    """Keeps which catalogue line (i18n.MESSAGES `key`, with its `values`) an error says, beside its words: the
    JSON body's `message` (`{"id", "params"}`, the shape of an engine Message's JSON) and the error page's
    `data-message`. Clients and tests read the id, never the wording, which follows the request's language
    (issue 17, "Messages")."""
    error.message_id = key  # type: ignore[attr-defined]
    error.message_params = {k: _plain_value(v) for k, v in values.items()}  # type: ignore[attr-defined]
    return error


def said(error_class: type[E], key: str, /, **values: object) -> E:
    """`error_class` saying the catalogue's line `key` in the request's language, its id kept (`mark`)."""
    return mark(error_class(description=translate(key, **values)), key, **values)


def message_json(error: HTTPException) -> dict[str, object] | None:
    """The `{"id", "params"}` of the line an error says, when it was made with one (`mark`, BadParameter)."""
    ident = getattr(error, "message_id", None)
    if not ident:
        return None
    return {"id": ident, "params": dict(getattr(error, "message_params", None) or {})}


class BadParameter(BadRequest):
    """A query parameter with a value the view cannot use; the message names the parameter. `message` is a key of
    the interface's catalogue (i18n.MESSAGES, the `param.*` keys below) with its `values`, said in the request's
    language (issue 17), or a text already said (a draft's own error)."""

    def __init__(self, parameter: str, message: str, **values: object) -> None:
        said = translate(message, **values) if message in MESSAGES else message
        super().__init__(description=f"{parameter}: {said}")
        self.parameter = parameter
        self.message_id = message if message in MESSAGES else None
        self.message_params = {k: _plain_value(v) for k, v in values.items()} if self.message_id else {}


MESSAGES.update({
    # BadParameter's texts (the views and blueprints name the key, never the words)
    "param.int_between": {"es": "debe ser un número entero entre 1 y {top}, no «{raw}»",
                          "en": "must be a whole number between 1 and {top}, not «{raw}»"},
    "param.between": {"es": "debe estar entre 1 y {top} (se pidió {asked})",
                      "en": "must be between 1 and {top} ({asked} was asked)"},
    "param.page_between": {"es": "debe ser un número de página entre 1 y {top}, no «{raw}»",
                           "en": "must be a page number between 1 and {top}, not «{raw}»"},
    "param.per_page_between": {"es": "debe ser un número de escenarios por página entre 1 y {top}, no «{raw}»",
                               "en": "must be a number of scenarios per page between 1 and {top}, not «{raw}»"},
    "param.unknown_rules": {"es": "reglas desconocidas «{name}»", "en": "unknown rules «{name}»"},
    "param.unknown_game": {"es": "juego desconocido «{name}»", "en": "unknown game «{name}»"},
    "param.unknown_game_loaded": {"es": "juego desconocido «{name}»; los cargados: {loaded}",
                                  "en": "unknown game «{name}»; the loaded ones: {loaded}"},
    "param.unknown_document": {"es": "documento desconocido «{name}»; los cargados: {loaded}",
                               "en": "unknown document «{name}»; the loaded ones: {loaded}"},
    "param.lone_surrogate": {"es": "texto no válido: un sustituto UTF-16 suelto",
                             "en": "invalid text: a lone UTF-16 surrogate"},
    "param.query_too_long": {"es": "la pregunta es demasiado larga: {length} caracteres (máximo {maximum})",
                             "en": "the question is too long: {length} characters (at most {maximum})"},
    "param.idempotency_key": {"es": "la cabecera Idempotency-Key debe tener de 16 a 200 letras, cifras, «-» o «_» "
                                    "(un UUID, por ejemplo)",
                              "en": "the Idempotency-Key header must have 16 to 200 letters, digits, «-» or «_» "
                                    "(a UUID, for example)"},
    "param.no_catalog": {"es": "el juego «{game}» no tiene catálogo de cartas",
                         "en": "the game «{game}» has no card catalog"},
    "param.unknown_card": {"es": "carta desconocida «{name}» en el catálogo de {game}{hint}",
                           "en": "unknown card «{name}» in the catalog of {game}{hint}"},
    "param.card_hint": {"es": "; ¿quizá {names}?", "en": "; perhaps {names}?"},
    "param.card_other_game": {"es": "«{name}» es una carta de {game} y el escenario de partida no lo es",
                              "en": "«{name}» is a card of {game} and the starting scenario is not"},

    "error.time_limit": {
        "es": "Límite de tiempo alcanzado ({seconds:g} s) al {doing}: no hay respuesta para este escenario. "
              "Prueba con un escenario más pequeño o vuelve a intentarlo cuando el servidor esté menos ocupado.",
        "en": "Time limit reached ({seconds:g} s) while {doing}: there is no answer for this scenario. Try a "
              "smaller scenario, or again when the server is less busy."},
    "error.time_limit.parse": {"es": "leer el texto (YAML o JSON)", "en": "reading the text (YAML or JSON)"},
    "error.time_limit.depth": {"es": "medir el anidamiento del texto", "en": "measuring the text's nesting"},
    "error.time_limit.tree": {"es": "recorrer el documento leído", "en": "walking the parsed document"},
    "error.time_limit.checks": {"es": "comprobar los campos del escenario", "en": "checking the scenario's fields"},
    "error.time_limit.lines": {"es": "buscar la línea de cada error", "en": "finding each error's line"},
    "error.time_limit.suggestions": {"es": "buscar los nombres de carta más parecidos",
                                     "en": "looking for the closest card names"},
    "error.time_limit.yaml": {"es": "escribir su YAML", "en": "writing its YAML"},
    "error.time_limit.fixes": {"es": "buscar un arreglo", "en": "looking for a fix"},
    "error.time_limit.dry-run": {"es": "probar el guion", "en": "trying the script"},
    "error.time_limit.run": {"es": "ejecutar el escenario", "en": "running the scenario"},
})


class TimeLimitReached(HTTPException):
    """A request's time limit (VALIDATE_TIME_BUDGET, RUN_TIME_BUDGET) reached before the scenario was read and
    checked (judge.format.timelimit.TimeLimit): 422 with `time_limit: {"stage", "seconds"}` saying what was being
    done. A 4xx, not a 503: the same body under the same load would be cut again; the message says it may pass on
    a quieter server."""
    code = 422

    def __init__(self, stage: str, seconds: float) -> None:
        doing = translate(f"error.time_limit.{stage}")
        super().__init__(description=translate("error.time_limit", seconds=seconds, doing=doing))
        self.extra = {"time_limit": {"stage": stage, "seconds": seconds}}


def wants_json() -> bool:
    """API paths, `.json` URLs, `?format=json` and clients that prefer JSON over HTML get JSON."""
    if request.path.startswith("/api/") or request.path == "/api" or request.path.endswith(".json"):
        return True
    if request.args.get("format") == "json":
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json" and request.accept_mimetypes[best] > request.accept_mimetypes["text/html"]


def _message(error: HTTPException) -> str:
    # Werkzeug's stock descriptions are English boilerplate: use the catalogue's line for those.
    stock = type(error).description
    if error.description and error.description != stock:
        return error.description
    key = f"error.{error.code}"
    return translate(key) if key in MESSAGES else (error.description or error.name)


def error_response(error: HTTPException, as_json: bool | None = None) -> Response:
    """The error's page, or its JSON (`as_json`, by default when the request wants JSON)."""
    code = error.code or 500
    message = _message(error)
    if wants_json() if as_json is None else as_json:
        body: dict[str, object] = {"error": message, "status": code}
        said_json = message_json(error)
        if said_json:
            body["message"] = said_json
        parameter = getattr(error, "parameter", None)
        if parameter:
            body["parameter"] = parameter
        body.update(getattr(error, "extra", None) or {})
        if getattr(error, "retry_after", None) is not None:
            body["retry_after"] = error.retry_after
        response = jsonify(body)
    else:
        try:
            response = Response(render_template("error.html", code=code, message=message,
                                                message_id=getattr(error, "message_id", None),
                                                extra=getattr(error, "extra", None) or {}))
        except Exception:  # the error page itself failed (e.g. a broken template): plain text, still no trace
            response = Response(f"{code} {message}\n", mimetype="text/plain")
    response.status_code = code
    retry_after = getattr(error, "retry_after", None)   # werkzeug's 503/429 carry it
    if retry_after is not None:
        response.headers["Retry-After"] = str(retry_after)
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        response.headers["Allow"] = ", ".join(error.valid_methods)
    return response


def _handle_http(error: HTTPException) -> Response:
    return error_response(error)


def _handle_unexpected(error: Exception) -> Response:
    # Logged in full for the operator; the client only learns that something failed.
    current_app.logger.exception("unhandled error on %s", request.path)
    return error_response(InternalServerError())


def _handle_time_limit(error: Exception) -> Response:
    # Any request whose parse or checks ran out of its budget (judge.format.timelimit): the run and validation
    # views set the deadline; a run page, a save or a permalink answers the same way as the API.
    return error_response(TimeLimitReached(getattr(error, "stage", "checks"), float(getattr(error, "seconds", 0))))


def init_app(app: Flask) -> None:
    from judge.format.timelimit import TimeLimit

    app.register_error_handler(TimeLimit, _handle_time_limit)
    app.register_error_handler(HTTPException, _handle_http)
    app.register_error_handler(Exception, _handle_unexpected)
