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


def _said_line(text: str, ident: str, lang: str = "es", part: bool = False) -> dict[str, str] | None:
    """The parameters of the message `ident` if one line of `text` (a command's output, a page's text) is that
    message rendered in `lang` (`part`: holds it, as `error: <message>` does), else None. What a CLI prints is read back to its message id and parameters, so a
    test says which message a line is, not its wording; the template comes from the catalog (judge/messages.py's
    CATALOGS: `cli.*`, `core.*`, `fuzz.*`, `search.*`…). A padded line (`  guardado en …`) is read stripped."""
    import re
    import string

    from judge.messages import template_of

    template = template_of(ident, lang)
    assert template is not None, ident
    pattern, seen = "", set()
    for literal, field, _spec, _conv in string.Formatter().parse(template.strip()):
        pattern += re.escape(literal)
        if field is not None:
            name = field.split(".")[0].split("[")[0]
            pattern += f"(?P={name})" if name in seen else f"(?P<{name}>.*?)"
            seen.add(name)
    for line in text.splitlines():
        m = (re.search if part else re.fullmatch)(pattern, line.strip())
        if m:
            return m.groupdict()
    return None


def said_ids(said: Any) -> list[str]:
    """The ids of a Message (an exception's `said`, a step's `message`, their JSON) and of the messages nested in its
    parameters, outermost first: what a test compares instead of the words."""
    if said is None:
        return []
    data = said.to_json() if hasattr(said, "to_json") else said
    if isinstance(data, dict) and "id" in data:
        return [data["id"], *(i for v in (data.get("params") or {}).values() for i in said_ids(v))]
    if isinstance(data, (list, tuple)):
        return [i for v in data for i in said_ids(v)]
    return []


@pytest.fixture(scope="session")
def said_line() -> Any:
    """_said_line: which message (id, parameters) a line of a command's output or a page's text is, or None."""
    return _said_line


@pytest.fixture(scope="session")
def message_ids() -> Any:
    """said_ids: the ids of a message and of the messages nested in it (`message_ids(excinfo.value.said)`)."""
    return said_ids
