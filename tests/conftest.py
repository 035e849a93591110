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
