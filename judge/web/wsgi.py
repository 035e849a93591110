"""The WSGI entry point of the production server (`judge serve --prod`, judge/web/serving.py): one app per
worker process (Granian forks its workers and each imports this module: this is the worker's start), warmed
before the first request (corpus parsed, index opened and its lazy tables built, the question encoder loaded,
the cited rules' resolver loaded), so no request pays for loading and nothing is loaded per request; then the
loaded heap is frozen out of the garbage collector's full passes (_freeze_heap)."""
from __future__ import annotations

import logging

from judge import create_app

log = logging.getLogger(__name__)


def _warm(app) -> None:  # type: ignore[no-untyped-def]
    from pathlib import Path

    from judge.runner.citations import resolver
    from judge.search.warm import warm_index
    from judge.web import data

    with app.test_request_context("/"):
        try:
            data.index().search("regla", limit=1)  # loads the corpus, the index and (semantic) the encoder
            # Questions of every shape as the API asks them (its limit), on both paths, and every passage's
            # highlighting tables: the index's lazy tables (the CR's cross-references, the game decision's words
            # per language, the notation's games, the vectors...: judge/search/warm.py), which the 16 threads of
            # a worker would otherwise each build at once on their first new questions.
            warmed = warm_index(data.index(), int(app.config["SEARCH_LIMIT"]))
            log.info("search warmed: %d questions, %d passages, %.2f s CPU", warmed.questions, warmed.passages,
                     warmed.cpu_s)
            # The cited rules' text of runs, run pages and the dry run's problems (their own parse of the corpus):
            # loaded here, so no request's time budget pays for it.
            resolver(Path(app.config["CORPUS_DIR"]), Path(app.config["INSTANCE"]))
            _warm_pages(app)
        except Exception:  # noqa: BLE001 - a missing corpus is answered per request as a 503 saying why
            log.warning("warming the worker failed; requests will say why", exc_info=True)


def _warm_pages(app) -> None:  # type: ignore[no-untyped-def]
    """The digests every cache key carries (the code's ~650 files, the curated scenarios) and every template
    compiled (0.3 s of CPU for the 38): made once here rather than by each thread of the first requests at once
    (a profile of a worker under load: the code digest made 7.5 times over its first 32 requests, which cost 35-40 ms
    of CPU each against 15 ms later; the first rule page compiled its templates in its request)."""
    from judge.web.pagecache import code_version, curated_version

    code_version()
    curated_version()
    env = app.jinja_env
    for name in env.list_templates(extensions=("html", "txt", "xml", "js", "json")):
        env.get_template(name)


def _freeze_heap() -> None:
    from judge.search.warm import freeze_loaded

    log.info("%d loaded objects frozen out of the collector's full passes", freeze_loaded())


app = create_app()
_warm(app)
_freeze_heap()
# JUDGE_PROFILE_DIR: every request profiled in its thread, with a line of its CPU and wall time (profiling.py)
from judge.web import profiling  # noqa: E402 - after the app exists, as the layer it wraps

profiling.wrap(app)
