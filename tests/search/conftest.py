"""Fixtures for the search tests: one index of the default corpus and one with the English CR imported, each
built once per session into a temporary instance folder."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge import config
from judge.search import RulesIndex, ensure_index, open_index

SHARED = config.CHECKOUT_DIR.parent / "shared"
CR_FILE = SHARED / "corpus" / "MagicCompRules_EN_20260417.txt"
EVAL_DIR = SHARED / "eval"
HERE = Path(__file__).parent


@pytest.fixture(scope="session")
def es_instance(tmp_path_factory: pytest.TempPathFactory) -> Path:
    inst = tmp_path_factory.mktemp("search-es")
    ensure_index(corpus_dir=config.corpus_dir(), instance_dir=inst)
    return inst


@pytest.fixture(scope="session")
def es_index(es_instance: Path) -> RulesIndex:
    return open_index(es_instance, corpus_dir=config.corpus_dir())


@pytest.fixture(scope="session")
def cr_instance(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not CR_FILE.exists():
        pytest.skip("../shared/corpus is not here: the English CR cannot be imported")
    from judge.corpus.cr_en import parse_cr_file
    from judge.corpus.importer import save_document

    inst = tmp_path_factory.mktemp("search-cr")
    save_document(inst, parse_cr_file(CR_FILE))
    ensure_index(corpus_dir=config.corpus_dir(), instance_dir=inst)
    return inst


@pytest.fixture(scope="session")
def cr_index(cr_instance: Path) -> RulesIndex:
    return open_index(cr_instance, corpus_dir=config.corpus_dir())


def _one_document_corpus(target: Path, doc_id: str, text: str) -> Path:
    """A corpus folder holding one document of rules_corpus/ (its manifest entry, the glossary) with `text` as its
    file: small fixture corpora for the semantic tests."""
    import yaml

    source = config.corpus_dir()
    target.mkdir(parents=True)
    manifest = yaml.safe_load((source / "manifest.yaml").read_text(encoding="utf-8"))
    manifest["documents"] = [d for d in manifest["documents"] if d["id"] == doc_id]
    (target / "manifest.yaml").write_text(yaml.safe_dump(manifest, allow_unicode=True), encoding="utf-8")
    (target / manifest["documents"][0]["file"]).write_text(text, encoding="utf-8")
    shutil.copy(source / "glossary.yaml", target / "glossary.yaml")
    return target


@pytest.fixture(scope="session")
def one_document_corpus():  # type: ignore[no-untyped-def]
    """`make(target, doc_id, text)`: see _one_document_corpus."""
    return _one_document_corpus


@pytest.fixture()
def corpus_copy(tmp_path: Path) -> Path:
    """A writable copy of rules_corpus/ (for staleness tests that edit it)."""
    target = tmp_path / "rules_corpus"
    shutil.copytree(config.corpus_dir(), target)
    return target


@pytest.fixture(scope="session")
def mini_cr_index(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """A builder of small CRs in the official shape: `mini_cr_index(name, contents, rules, glossary)` imports one
    (its Contents lines, its rules' lines, its glossary's lines) into a fresh instance and opens its index, lexical
    only (the structure tests' fixtures: test_crossref.py, test_situation_rules.py)."""
    from judge.corpus.cr_en import parse_cr
    from judge.corpus.importer import save_document

    def build(name: str, contents: list[str], rules: list[str], glossary: list[str]) -> RulesIndex:
        lines = ["Magic: The Gathering Comprehensive Rules", "", "These rules are effective as of April 17, 2026.",
                 "", "Contents", "", *contents, "Glossary", "Credits", "", *rules, *glossary, "Credits", "",
                 "Many people."]
        inst = tmp_path_factory.mktemp(name)
        save_document(inst, parse_cr("\n".join(lines), "mini.txt"))
        ensure_index(corpus_dir=config.corpus_dir(), instance_dir=inst)
        return open_index(inst, corpus_dir=config.corpus_dir(), semantic=False)

    return build

