"""rules-judge: find the rule, build a board, adjudicate step by step."""
from __future__ import annotations

from typing import Any, Mapping

__all__ = ["create_app"]


def create_app(test_config: Mapping[str, Any] | None = None):
    """The Flask app factory (see judge/web/app.py)."""
    from judge.web.app import create_app as _create_app

    return _create_app(test_config)
