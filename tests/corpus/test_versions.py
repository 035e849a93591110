"""Two CR versions side by side and what changed between them, from the shipped CR and an edited copy of it
(tests/corpus/cr_versions.py): the newer import keeps the older one, the diff finds every kind of change."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.corpus import load_corpus
from judge.corpus.cr_en import parse_cr
from judge.corpus.diff import diff_documents
from judge.corpus.importer import save_document

sys.path.insert(0, str(Path(__file__).parent))
import cr_versions as V  # noqa: E402


@pytest.fixture(scope="session")
def texts(cr_file: Path) -> tuple[str, str]:
    old = cr_file.read_bytes().decode("utf-8-sig")
    return old, V.next_version(old)


@pytest.fixture(scope="session")
def two_docs(texts):
    # parsed once per session: the whole CR takes about a second
    return parse_cr(texts[0], source="old.txt"), parse_cr(texts[1], source="new.txt")


@pytest.fixture(scope="session")
def two_versions(tmp_path_factory: pytest.TempPathFactory, two_docs) -> Path:
    """An instance where the older CR was imported, then the newer one."""
    instance = tmp_path_factory.mktemp("versions-instance")
    assert save_document(instance, two_docs[0]).action == "new"
    assert save_document(instance, two_docs[1]).action == "replaced"
    return instance


def test_each_kind_of_change_is_found(two_docs) -> None:
    result = diff_documents(*two_docs)
    assert (result.old_version, result.new_version) == ("2026-04-17", "2026-06-05")
    by_kind = {(c.kind, c.old, c.new) for c in result.rules}
    assert by_kind == {("reworded", V.REWORDED, V.REWORDED), ("renumbered", *V.RENUMBERED),
                       ("added", None, V.ADDED), ("removed", V.REMOVED, None)}
    reworded = next(c for c in result.rules if c.kind == "reworded")
    assert [(w.op, w.text) for w in reworded.words if w.op != "="] == [("-", "0"), ("+", "zero")]
    moved = next(c for c in result.rules if c.kind == "renumbered")
    assert moved.similarity == 1.0 and moved.words == ()
    assert [(c.kind, c.old) for c in result.glossary] == [("reworded", V.GLOSSARY_TERM)]
    assert ("+", "set aside") in [(w.op, w.text) for w in result.glossary[0].words]
    assert result.changed_numbers() == {V.REWORDED, V.RENUMBERED[0], V.REMOVED}


def test_a_renumbered_and_reworded_rule_is_found_by_its_text(two_docs, texts) -> None:
    # 702.192a becomes 702.192b (a new 702.192a before it) and loses a word on the way
    new = texts[1].replace("702.192a Paradigm represents two spell abilities",
                           "702.192a A new first rule of paradigm.\r\r\n\r\r\n702.192b Paradigm represents spell abilities", 1)
    result = diff_documents(two_docs[0], parse_cr(new))
    moved = [c for c in result.rules if c.old == "702.192a"]
    assert [(c.kind, c.new) for c in moved] == [("renumbered", "702.192b")]
    assert 0.6 <= moved[0].similarity < 1.0 and ("-", "two") in [(w.op, w.text) for w in moved[0].words]
    assert ("added", "702.192a") in {(c.kind, c.new) for c in result.rules}


def test_the_same_version_has_no_changes(two_docs) -> None:
    result = diff_documents(two_docs[0], two_docs[0])
    assert result.rules == [] and result.glossary == [] and result.counts() == {}


def test_a_newer_import_keeps_the_older_version(two_versions: Path) -> None:
    names = sorted(p.name for p in (two_versions / "imported").iterdir())
    assert names == ["cr-en.json", "cr-en@2026-04-17.json"]
    corpus = load_corpus(instance_dir=two_versions)
    assert [d.version for d in corpus.versions("cr-en")] == ["2026-04-17", "2026-06-05"]
    assert "cr-en@2026-04-17" not in corpus.documents          # lookups and search see today's rules only
    assert corpus.by_number(V.REWORDED)[0].id == f"cr-en/{V.REWORDED}"
    old = corpus.version("cr-en", "2026-04-17")
    rule = corpus.rule_in(old, V.REWORDED)
    assert rule.id == f"cr-en@2026-04-17/{V.REWORDED}" and "0 or less life" in rule.text
    assert rule.parent == "cr-en@2026-04-17/704.5"
    assert corpus.rule_in(old, V.REMOVED) is not None and corpus.rule_in(corpus.documents["cr-en"], V.REMOVED) is None


def run_diff(instance: Path, *args: str):
    return CliRunner().invoke(main, ["corpus", "diff", *args], env={"JUDGE_INSTANCE": str(instance)})


def test_diff_command_defaults_to_the_two_newest_versions(two_versions: Path) -> None:
    result = run_diff(two_versions, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["old_version"], data["new_version"]) == ("2026-04-17", "2026-06-05")
    assert data["counts"] == {"added": 1, "removed": 1, "renumbered": 1, "reworded": 1, "glossary_reworded": 1}
    text = run_diff(two_versions, "2026-04-17", "cr-en@2026-06-05")
    assert text.exit_code == 0 and f"~ {V.RENUMBERED[0]} → {V.RENUMBERED[1]}" in text.output
    assert "- 0" in text.output and "+ zero" in text.output


def test_diff_against_a_file_not_imported(tmp_path: Path, two_docs, texts) -> None:
    instance = tmp_path / "instance"
    save_document(instance, two_docs[0])
    candidate = tmp_path / "MagicCompRules_EN_20260605.txt"
    candidate.write_bytes(texts[1].encode("utf-8"))
    result = run_diff(instance, str(candidate), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["old_version"], data["new_version"]) == ("2026-04-17", "2026-06-05")
    assert sorted(p.name for p in (instance / "imported").iterdir()) == ["cr-en.json"]   # nothing imported


def test_diff_command_bad_input_says_what(tmp_path: Path, two_versions: Path, said_line) -> None:
    alone = run_diff(tmp_path / "empty")
    assert alone.exit_code == 2 and "Traceback" not in alone.output
    assert said_line(alone.output.removeprefix("error: "), "cli.diff.need_two") == {"count": "0", "doc": "cr-en"}
    both = run_diff(two_versions, "1999-01-01", "nada.txt")
    assert both.exit_code == 2
    assert "1999-01-01" in both.output and "nada.txt" in both.output and "2026-04-17, 2026-06-05" in both.output
