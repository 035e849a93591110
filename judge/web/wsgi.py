"""The WSGI entry point of the production server (`judge serve --prod`, judge/web/serving.py): one app per
worker process, warmed before the first request (corpus parsed, index opened, the question encoder loaded), so
no request pays for loading and nothing is loaded per request."""
from __future__ import annotations

import logging

from judge import create_app

log = logging.getLogger(__name__)


def _warm(app) -> None:  # type: ignore[no-untyped-def]
    from judge.web import data

    with app.test_request_context("/"):
        try:
            data.index().search("regla", limit=1)  # loads the corpus, the index and (semantic) the encoder
        except Exception:  # noqa: BLE001 - a missing corpus is answered per request as a 503 saying why
            log.warning("warming the worker failed; requests will say why", exc_info=True)


app = create_app()
_warm(app)
