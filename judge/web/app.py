"""The app factory, flaskr style: defaults, then the instance folder's config.py, then JUDGE_* variables,
then the test mapping."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from flask import Flask

from judge import config


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    instance = Path(test_config["INSTANCE"]) if test_config and "INSTANCE" in test_config else config.instance_dir()
    app = Flask(
        "judge",
        instance_path=str(instance),
        instance_relative_config=True,
        template_folder=str(config.templates_dir()),
        static_folder=str(config.PACKAGE_DIR / "web" / "static"),
    )
    app.config.from_mapping(
        INSTANCE=str(instance),
        CORPUS_DIR=str(config.corpus_dir()),
        MAX_CONTENT_LENGTH=256 * 1024,
        SEARCH_LIMIT=10,        # results shown by default (JUDGE_SEARCH_LIMIT)
        SEARCH_MAX_LIMIT=100,   # the largest `limit` a request may ask for (JUDGE_SEARCH_MAX_LIMIT)
        SEARCH_MAX_QUERY=1000,  # the longest question, in characters (JUDGE_SEARCH_MAX_QUERY)
        SEARCH_SEMANTIC=config.search_semantic(),  # semantic search fused in (JUDGE_SEARCH_SEMANTIC)
        DATABASE_URL=config.database_url(),  # saved scenarios; None: SQLite at <instance>/judge.db
        REDIS_URL=config.redis_url(),  # rate limits and page cache shared by instances; None: <instance>/shared.db
    )
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env("JUDGE")
    if test_config:
        app.config.update(test_config)
    instance.mkdir(parents=True, exist_ok=True)
    app.json.sort_keys = False  # keep the API's keys in the documented order
    app.json.ensure_ascii = False  # Spanish text stays readable in the JSON
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    from judge import store
    from judge.web import arrival, errors, i18n, limits, ratelimit, security, serving, templating

    limits.init_app(app)
    i18n.init_app(app)
    security.init_app(app)
    templating.init_app(app)
    errors.init_app(app)
    serving.init_app(app)     # PROXY_HOPS: the client address behind a reverse proxy
    ratelimit.init_app(app)   # RATE_LIMIT_*: 429 with Retry-After, counted in the shared store
    _register_blueprints(app)
    _register_commands(app)
    store.init_app(app)  # migrates the database (an instance's SQLite file is created on first use)
    arrival.init_app(app)   # last: the outermost WSGI layer, so the time budgets count from the request's arrival
    return app


# Every blueprint of the app, one line each ("module:attribute"); imported when the app is created.
BLUEPRINTS: list[str] = [
    "judge.web.api:bp",
    "judge.web.pages:bp",
    "judge.web.run:bp",
    "judge.web.builder:bp",
    "judge.web.saved:bp",
    "judge.web.openapi:bp",
]


def _register_blueprints(app: Flask) -> None:
    from werkzeug.utils import import_string

    for name in BLUEPRINTS:
        app.register_blueprint(import_string(name))


def _register_commands(app: Flask) -> None:
    from judge.web.commands import index_command

    app.cli.add_command(index_command)
