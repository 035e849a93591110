"""Fixtures for the corpus tests: the default corpus loaded with an empty instance (no imported documents)."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge import config
from judge.corpus import Corpus, load_corpus
from judge.corpus.cr_en import parse_cr_file
from judge.corpus.model import Document

SHARED_CORPUS = config.CHECKOUT_DIR.parent / "shared" / "corpus"


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    return load_corpus(config.corpus_dir(), tmp_path_factory.mktemp("empty-instance"))


@pytest.fixture()
def corpus_copy(tmp_path: Path) -> Path:
    """A writable copy of rules_corpus/ for tests that damage it."""
    target = tmp_path / "rules_corpus"
    target.mkdir()
    for path in config.corpus_dir().iterdir():
        if path.is_file():
            (target / path.name).write_bytes(path.read_bytes())
    return target


@pytest.fixture(scope="session")
def cr(cr_file: Path) -> Document:
    """The official Comprehensive Rules, parsed once for every corpus test (skipped without ../shared)."""
    return parse_cr_file(cr_file)
