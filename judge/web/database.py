"""The database of saved scenarios as the web layer reaches it: one bounded call (judge.store.call) that turns a
database that is down, frozen or too slow into a 503 (`DatabaseDown`), and a saved version laid out as the API and
the pages list it (`brief`).

A service below the pages: every blueprint (saved, builder) and the rule pages' saved scenarios (judge.web.citing)
import it; it imports no page, so the web layer's imports stay a tree (tests/engine/test_import_layers.py).
"""
from __future__ import annotations

from typing import Any

from flask import current_app, request
from werkzeug.exceptions import ServiceUnavailable

from judge.web.i18n import translate

PERMALINK = "/escenarios/guardados/{id}"


class DatabaseDown(ServiceUnavailable):
    """The database of saved scenarios is down, frozen or too slow: 503 with Retry-After, saying what still works.
    For a save (`write`), also that it may have landed (a COMMIT the database froze in can still complete) and
    how to retry it safely (`may_have_landed` in the JSON)."""

    def __init__(self, retry_after: int, write: bool = False) -> None:
        message = translate("saved.unavailable", seconds=retry_after)
        if write:
            from judge.web.idempotency import HEADER

            form = request.mimetype in ("application/x-www-form-urlencoded", "multipart/form-data")
            message += " " + (translate("saved.may_have_landed_form") if form else
                              translate("saved.may_have_landed", header=HEADER))
        super().__init__(message, retry_after=retry_after)
        from judge.web.errors import mark

        mark(self, "saved.unavailable", seconds=retry_after)    # the JSON's `message`: which notice, not its words
        self.extra = {"may_have_landed": True} if write else {}


def db_call(fn, *args: Any, write: bool = False, optional: bool = False, **kwargs: Any) -> Any:  # type: ignore[no-untyped-def]
    """`fn(engine, *args, **kwargs)` on the app's database within DATABASE_TIMEOUT (judge.store.call);
    DatabaseDown when it does not answer."""
    from judge import store

    try:
        return store.call(current_app, fn, *args, write=write, optional=optional, **kwargs)
    except store.DatabaseUnavailable as exc:
        current_app.logger.warning("the database is not available: %s", exc.reason)
        raise DatabaseDown(exc.retry_after, write=write) from exc


def iso(moment: Any) -> str:
    from judge.store.saved import utc

    return utc(moment).isoformat(timespec="seconds")


def brief(row: Any) -> dict[str, Any]:
    return {"id": row.id, "version": row.version, "parent": row.parent_id, "title": row.title,
            "ruleset": row.ruleset, "created_at": iso(row.created_at), "url": PERMALINK.format(id=row.id)}


def created() -> bool:
    """Whether the instance has its database yet (a rule page never creates it for want of saved scenarios)."""
    from judge import store

    return store.created(current_app)
