"""Fixtures every test area may use.  Keep this minimal and generic: area fixtures go in tests/<area>/conftest.py."""
from __future__ import annotations

from pathlib import Path

import pytest

# ../shared beside the checkout holds the official English CR and the evaluation sets; it is never committed.
SHARED_DIR = Path(__file__).resolve().parents[1].parent / "shared"
CR_FILE = SHARED_DIR / "corpus" / "MagicCompRules_EN_20260417.txt"


@pytest.fixture(scope="session")
def cr_file() -> Path:
    """The official Comprehensive Rules text file; the test is skipped when ../shared is not there."""
    if not CR_FILE.exists():
        pytest.skip(f"the official Comprehensive Rules file is not beside the checkout ({CR_FILE})")
    return CR_FILE
