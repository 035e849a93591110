"""The WSGI entry point of the production server (`judge serve --prod`, judge/web/serving.py): one app per
worker process, warmed before the first request (corpus parsed, index opened, the question encoder loaded), so
no request pays for loading and nothing is loaded per request (the cited rules' resolver included)."""
from __future__ import annotations

import logging

from judge import create_app

log = logging.getLogger(__name__)
WARM_QUESTION = "¿Qué pasa con una criatura con daño letal marcado cuando se comprueban las acciones de estado?"


def _warm(app) -> None:  # type: ignore[no-untyped-def]
    from pathlib import Path

    from judge.runner.citations import resolver
    from judge.web import data

    with app.test_request_context("/"):
        try:
            data.index().search("regla", limit=1)  # loads the corpus, the index and (semantic) the encoder
            # One question as the API asks it (its parameters, its limit): the first full search builds the
            # index's lazy tables (the CR's cross-references, the titles' terms: ~0.5 s of CPU), which the 16
            # threads of a worker would otherwise each build at once on their first new questions.
            data.index().search(WARM_QUESTION, limit=int(app.config["SEARCH_LIMIT"]))
            # The cited rules' text of runs, run pages and the dry run's problems (their own parse of the corpus):
            # loaded here, so no request's time budget pays for it.
            resolver(Path(app.config["CORPUS_DIR"]), Path(app.config["INSTANCE"]))
        except Exception:  # noqa: BLE001 - a missing corpus is answered per request as a 503 saying why
            log.warning("warming the worker failed; requests will say why", exc_info=True)


app = create_app()
_warm(app)
# JUDGE_PROFILE_DIR: every request profiled in its thread, with a line of its CPU and wall time (profiling.py)
from judge.web import profiling  # noqa: E402 - after the app exists, as the layer it wraps

profiling.wrap(app)
