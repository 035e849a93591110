"""Errors: JSON under /api (and for JSON requests), a readable page otherwise; never a traceback."""
from __future__ import annotations

from flask import Flask, Response, current_app, jsonify, render_template, request
from werkzeug.exceptions import BadRequest, HTTPException, InternalServerError, MethodNotAllowed

from judge.web.i18n import MESSAGES, translate


class BadParameter(BadRequest):
    """A query parameter with a value the view cannot use; the message names the parameter."""

    def __init__(self, parameter: str, message: str) -> None:
        super().__init__(description=f"{parameter}: {message}")
        self.parameter = parameter


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


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, _handle_http)
    app.register_error_handler(Exception, _handle_unexpected)
