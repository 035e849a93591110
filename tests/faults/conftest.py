"""Index faults (test_index_faults.py, in `make test`) and the long fault tests (test_long_*.py, `make faults`):
real servers (`judge serve` subprocesses), a throwaway PostgreSQL cluster of their own, SIGKILL, SIGSTOP, a
damaged index after a restart.  The long ones are skipped unless JUDGE_LONG_FAULTS=1 (the make target sets it):
they take minutes and start processes, which `make test` must not.

Each test prints its figures ("faults: …"); `make faults` shows them (pytest -s), and docs/benchmarks.md keeps them.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Iterator

import pytest

from judge import config
from judge.web.data import rules_data_for

from .indexdamage import built
from .pgcluster import Cluster

LONG = os.environ.get("JUDGE_LONG_FAULTS", "").strip() not in ("", "0", "false", "no")


def pytest_collection_modifyitems(config, items):  # type: ignore[no-untyped-def]
    if LONG:
        return
    skip = pytest.mark.skip(reason="long fault tests: run them with `make faults` (JUDGE_LONG_FAULTS=1)")
    here = Path(__file__).parent
    for item in items:
        path = Path(item.fspath)
        if path.parent == here and path.name.startswith("test_long_"):
            item.add_marker(skip)


def figure(name: str, value: float, unit: str = "s") -> None:
    print(f"\nfaults: {name}: {value:.3f} {unit}" if unit else f"\nfaults: {name}: {value}")


@pytest.fixture()
def cluster() -> Iterator[Cluster]:
    pg = Cluster()
    pg.start()
    try:
        yield pg
    finally:
        pg.destroy()


@pytest.fixture(scope="session")
def built_instance(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An instance with the default corpus's index, built twice (so it has a last good copy) and its rule
    pages' examples computed; tests copy it."""
    from judge import create_app

    instance = built(tmp_path_factory.mktemp("long-faults"), builds=2)
    rules_data_for(config.corpus_dir(), instance)
    assert create_app({"TESTING": True, "INSTANCE": str(instance)}).test_client().get("/reglas/121.4").status_code == 200
    return instance


@pytest.fixture()
def instance(built_instance: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "copy"
    shutil.copytree(built_instance, copy, symlinks=True)
    return copy
