"""Fixtures every test area may use.  Keep this minimal and generic: area fixtures go in tests/<area>/conftest.py."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

# Building an index with the semantic search on embeds every passage: minutes for the whole CR.  The suite's
# indexes are lexical (commands run in subprocesses inherit this too); tests/search/test_semantic.py turns the
# semantic search on for small fixture corpora only.
os.environ["JUDGE_SEARCH_SEMANTIC"] = "false"

# A deployment's settings in the developer's shell (a shared Redis, rate limits, page caches, another corpus)
# would make tests share state across runs and fail for no fault of the code: the suite runs on the embedded
# defaults, and tests that want a store set it on their own app.  Kept: which instance, and the fault tests' switch.
KEPT_SETTINGS = frozenset({"JUDGE_INSTANCE", "JUDGE_LONG_FAULTS", "JUDGE_SEARCH_SEMANTIC"})
SCRUBBED_SETTINGS = frozenset({"REDIS_URL", "DATABASE_URL"})


def hermetic_settings(environ: dict[str, str]) -> list[str]:
    """The variables taken out of `environ` (in place) so that the suite sees the embedded defaults."""
    dropped = sorted(k for k in environ
                     if k in SCRUBBED_SETTINGS or (k.startswith("JUDGE_") and k not in KEPT_SETTINGS))
    for key in dropped:
        del environ[key]
    return dropped


hermetic_settings(os.environ)  # type: ignore[arg-type]

# ../shared beside the checkout holds the official English CR and the evaluation sets; it is never committed.
SHARED_DIR = Path(__file__).resolve().parents[1].parent / "shared"
CR_FILE = SHARED_DIR / "corpus" / "MagicCompRules_EN_20260417.txt"


@pytest.fixture(scope="session")
def cr_file() -> Path:
    """The official Comprehensive Rules text file; the test is skipped when ../shared is not there."""
    if not CR_FILE.exists():
        pytest.skip(f"the official Comprehensive Rules file is not beside the checkout ({CR_FILE})")
    return CR_FILE


@pytest.fixture(scope="session")
def repo_tool() -> Any:
    """`repo_tool("english_steps")`: a module of tools/ (not a package), loaded from its file."""
    import importlib.util

    def load(name: str) -> Any:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).resolve().parents[1] / "tools" / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    return load
