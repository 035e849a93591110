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
    )
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env("JUDGE")
    if test_config:
        app.config.update(test_config)
    instance.mkdir(parents=True, exist_ok=True)
    return app
