"""The suite runs on the embedded defaults whatever the developer's shell exports (tests/conftest.py)."""
from __future__ import annotations

import os

from .conftest import hermetic_settings


def test_deployment_settings_are_taken_out() -> None:
    environ = {"JUDGE_REDIS_URL": "redis://127.0.0.1:6379/2", "REDIS_URL": "redis://x/0", "DATABASE_URL": "pg://",
               "JUDGE_RATE_LIMITS": "false", "JUDGE_PAGE_CACHE": "true", "JUDGE_INSTANCE": "/tmp/i",
               "JUDGE_LONG_FAULTS": "1", "PATH": "/bin"}
    dropped = hermetic_settings(environ)
    assert dropped == ["DATABASE_URL", "JUDGE_PAGE_CACHE", "JUDGE_RATE_LIMITS", "JUDGE_REDIS_URL", "REDIS_URL"]
    assert environ == {"JUDGE_INSTANCE": "/tmp/i", "JUDGE_LONG_FAULTS": "1", "PATH": "/bin"}


def test_this_run_sees_no_shared_store() -> None:
    # The scrub ran at import: a Redis exported for a manual check cannot leak cached pages between tests.
    assert not {"REDIS_URL", "JUDGE_REDIS_URL", "DATABASE_URL"} & set(os.environ)
