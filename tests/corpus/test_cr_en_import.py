"""`judge corpus import` and `judge corpus list` through click's CliRunner, in a temporary instance."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.corpus import load_corpus
from judge.corpus.cr_en import PARSER, parse_cr
from judge.corpus.importer import ImportRefused, save_document, stored as stored_version
from judge.corpus.loader import load_imported_document
from judge.messages import Message

CR_FILE = Path(__file__).parents[2].parent / "shared/corpus/MagicCompRules_EN_20260417.txt"


def mini_cr(date: str, rule_text: str = "These Magic rules apply to any Magic game.") -> str:
    """A small CR text in the official shape (BOM, \\r\\r\\n) with the given effective date."""
    lines = ["Magic: The Gathering Comprehensive Rules", "", f"These rules are effective as of {date}.", "",
             "Contents", "", "1. Game Concepts", "100. General", "Glossary", "Credits", "",
             "1. Game Concepts", "", "100. General", "", f"100.1. {rule_text}", "",
             "100.1a A two-player game is a game that begins with only two players.", "",
             "Example: Two players.", "", "Glossary", "", "Player", "One of the people in the game. See rule 100.1a.",
             "", "Credits", "", "Many people."]
    return "\ufeff" + "\r\r\n".join(lines)


@pytest.fixture
def instance(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "instance"
    monkeypatch.setenv("JUDGE_INSTANCE", str(folder))
    return folder


def run(*args: str):
    return CliRunner().invoke(main, ["corpus", *map(str, args)])


def run_import(*args: str):
    # The index rebuild belongs to the search side and is tested once below with a stand-in.
    return run("import", "--no-index", *args)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


def stored(instance: Path) -> dict:
    return json.loads((instance / "imported" / "cr-en.json").read_text(encoding="utf-8"))


def test_import_the_official_file(instance: Path, said_line) -> None:
    if not CR_FILE.exists():
        pytest.skip(f"the official Comprehensive Rules file is not beside the checkout ({CR_FILE})")
    result = run_import(CR_FILE)
    assert result.exit_code == 0, result.output
    stats = said_line(result.output, "cli.corpus.stats")
    assert stats is not None and (stats["rules"], stats["glossary"], stats["examples"]) == ("3138", "730", "277")
    assert said_line(result.output, "cli.corpus.imported")["version"] == "2026-04-17"
    assert "judge index" in result.output
    data = stored(instance)
    assert data["document"] == {
        "id": "cr-en", "title": "Magic: The Gathering Comprehensive Rules", "language": "en",
        "source": CR_FILE.name, "version": "2026-04-17",
        "version_label": "Comprehensive Rules, effective April 17, 2026", "ruleset": "magic", "parser": PARSER}
    by_id = {p["id"]: p for p in data["passages"]}
    assert by_id["cr-en/704.5a"]["number"] == "704.5a" and by_id["cr-en/704.5a"]["parent"] == "cr-en/704.5"
    # The corpus loader reads the import back: by number, the English CR comes first.
    corpus = load_corpus(instance_dir=instance)
    assert corpus.documents["cr-en"].version == "2026-04-17" and corpus.documents["cr-en"].imported
    assert corpus.by_number("121.4")[0].id == "cr-en/121.4"

    listing = run("list")
    assert listing.exit_code == 0
    assert any(line.startswith("cr-en") and "2026-04-17" in line for line in listing.output.splitlines())


def test_same_version_again_is_left_alone(instance: Path, tmp_path: Path, said_line) -> None:
    path = write(tmp_path, "cr.txt", mini_cr("April 17, 2026"))
    assert run_import(path).exit_code == 0
    target = instance / "imported" / "cr-en.json"
    before = target.stat().st_mtime_ns
    result = run_import(path)
    assert result.exit_code == 0
    assert said_line(result.output, "cli.corpus.unchanged") == {"version": "2026-04-17", "doc": "cr-en"}
    assert target.stat().st_mtime_ns == before


def test_newer_version_replaces(instance: Path, tmp_path: Path, said_line) -> None:
    assert run_import(write(tmp_path, "old.txt", mini_cr("April 17, 2026"))).exit_code == 0
    newer = write(tmp_path, "new.txt", mini_cr("June 6, 2026", "A rewritten rule."))
    result = run_import(newer)
    assert result.exit_code == 0, result.output
    # the line says which version replaced which, and that the previous one is still loaded under its own id
    assert said_line(result.output, "cli.corpus.replaced") == {"previous": "2026-04-17", "version": "2026-06-06",
                                                               "doc": "cr-en"}
    data = stored(instance)
    assert data["document"]["version"] == "2026-06-06" and data["document"]["source"] == "new.txt"
    assert {p["id"]: p["text"] for p in data["passages"]}["cr-en/100.1"] == "A rewritten rule."
    # the replaced version is kept beside it (versions side by side), no temp file left behind
    assert sorted(p.name for p in (instance / "imported").iterdir()) == ["cr-en.json", "cr-en@2026-04-17.json"]
    kept = json.loads((instance / "imported" / "cr-en@2026-04-17.json").read_text(encoding="utf-8"))
    assert kept["document"]["version_of"] == "cr-en" and kept["passages"][-1]["id"].startswith("cr-en@2026-04-17/")


def test_older_version_is_refused_unless_forced(instance: Path, tmp_path: Path, said_line) -> None:
    assert run_import(write(tmp_path, "new.txt", mini_cr("June 6, 2026"))).exit_code == 0
    older = write(tmp_path, "old.txt", mini_cr("April 17, 2026"))
    result = run_import(older)
    assert result.exit_code == 2
    assert "2026-06-06" in result.output and "--force" in result.output
    assert stored(instance)["document"]["version"] == "2026-06-06"
    forced = run_import("--force", older)
    assert forced.exit_code == 0
    assert said_line(forced.output, "cli.corpus.forced_kept") == {"previous": "2026-06-06", "version": "2026-04-17",
                                                                  "doc": "cr-en"}
    assert stored(instance)["document"]["version"] == "2026-04-17"


@pytest.mark.parametrize("name, content, message", [
    ("missing.txt", None, "corpus.cr.no_file"),
    ("wiki.txt", "Robar una carta\n\n121.1. Algo.", "corpus.cr.not_cr"),
    ("nodate.txt", "Magic: The Gathering Comprehensive Rules\n\n1. Game Concepts\n100.1. A rule.", "corpus.cr.no_date"),
    ("norules.txt", "Magic: The Gathering Comprehensive Rules\nThese rules are effective as of April 17, 2026.\n",
     "corpus.cr.no_rules"),
    ("binary.txt", b"\x00\xff\xfe binary", "corpus.cr.not_utf8"),
])
def test_bad_file_is_one_line_and_exit_2(instance: Path, tmp_path: Path, name: str, content, message: str,
                                         said_line) -> None:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    result = run_import(path)
    assert result.exit_code == 2
    assert said_line(result.output, message, part=True) is not None, result.output     # the error's own message
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1
    assert not (instance / "imported" / "cr-en.json").exists()


def test_damaged_stored_file_needs_force(instance: Path, tmp_path: Path) -> None:
    (instance / "imported").mkdir(parents=True)
    (instance / "imported" / "cr-en.json").write_text("{not json", encoding="utf-8")
    path = write(tmp_path, "cr.txt", mini_cr("April 17, 2026"))
    result = run_import(path)
    assert result.exit_code == 2 and "--force" in result.output
    assert run_import("--force", path).exit_code == 0
    assert stored(instance)["document"]["version"] == "2026-04-17"


def test_save_document_keeps_the_newest(tmp_path: Path) -> None:
    new, old = parse_cr(mini_cr("June 6, 2026")), parse_cr(mini_cr("April 17, 2026"))
    assert save_document(tmp_path, old).action == "new"
    assert save_document(tmp_path, new).action == "replaced"
    with pytest.raises(ImportRefused):
        save_document(tmp_path, old)
    assert save_document(tmp_path, new).action == "unchanged"
    doc = load_imported_document(tmp_path / "imported" / "cr-en.json")
    assert doc.version == "2026-06-06"
    assert [p.to_dict() for p in doc.passages] == [p.to_dict() for p in new.passages]


def test_same_version_from_another_parser_is_rewritten(tmp_path: Path) -> None:
    doc = parse_cr(mini_cr("April 17, 2026"))
    save_document(tmp_path, doc, parser="cr-en-0")
    assert save_document(tmp_path, doc).action == "reparsed"
    assert stored_version(tmp_path, "cr-en").parser == PARSER
    assert save_document(tmp_path, doc).action == "unchanged"


def test_list_without_imports(instance: Path) -> None:
    result = run("list")
    assert result.exit_code == 0
    assert "cr-en" not in result.output and "doce-vidas-reglas" in result.output


def test_list_names_a_damaged_import(instance: Path) -> None:
    (instance / "imported").mkdir(parents=True)
    (instance / "imported" / "cr-en.json").write_text("[]", encoding="utf-8")
    result = run("list")
    assert result.exit_code == 2 and "cr-en.json" in result.output and "Traceback" not in result.output


def test_import_rebuilds_the_index(instance: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   said_line) -> None:
    index = pytest.importorskip("judge.search.index")
    calls, modes = [], []

    def fake_ensure_index(instance_dir: Path, progress, report: dict, embed: str) -> bool:
        calls.append(instance_dir)
        modes.append(embed)
        if len(calls) == 1:
            for done in (200, 400, 450):
                progress(done, 450)
        return len(calls) == 1
    monkeypatch.setattr(index, "ensure_index", fake_ensure_index)
    path = write(tmp_path, "cr.txt", mini_cr("April 17, 2026"))
    result = run("import", path)
    assert result.exit_code == 0, result.output
    assert calls == [instance] and said_line(result.output, "cli.index.rebuilt") == {}
    # The same version again imports nothing but still checks the index (an earlier --no-index import).
    again = run("import", path)
    assert len(calls) == 2 and said_line(again.output, "cli.corpus.unchanged") is not None
    assert said_line(again.output, "cli.index.up_to_date") == {}
    # The vectors are left to the background job, unless --wait.
    run("import", "--wait", path)
    assert modes == ["background", "background", "wait"]


def test_failed_index_rebuild_keeps_the_import(instance: Path, tmp_path: Path, monkeypatch) -> None:
    index = pytest.importorskip("judge.search.index")

    def broken(**kw) -> bool:
        raise RuntimeError("disk full")
    monkeypatch.setattr(index, "ensure_index", broken)
    result = run("import", write(tmp_path, "cr.txt", mini_cr("April 17, 2026")))
    assert result.exit_code == 0
    assert "disk full" in result.output and "judge index" in result.output
    assert stored(instance)["document"]["version"] == "2026-04-17"


def test_without_search_module_says_to_run_judge_index(instance: Path, tmp_path: Path, monkeypatch,
                                                      said_line) -> None:
    monkeypatch.setitem(sys.modules, "judge.search.index", None)   # makes the import fail
    result = run("import", write(tmp_path, "cr.txt", mini_cr("April 17, 2026")))
    assert result.exit_code == 0 and said_line(result.output, "cli.index.stale") == {}


def test_import_list_and_diff_speak_english_with_lang_en(instance: Path, tmp_path: Path, said_line) -> None:
    # Issue 17: the same lines as messages (judge/cli_messages.py) in English with --lang en; Spanish by default.
    path = write(tmp_path, "cr.txt", mini_cr("April 17, 2026"))
    spanish = run_import(path)
    assert spanish.exit_code == 0 and said_line(spanish.output, "cli.corpus.imported")["doc"] == "cr-en"
    assert said_line(spanish.output, "cli.corpus.stats") is not None
    again = run_import(path, "--lang", "en")
    assert again.exit_code == 0
    assert again.output.startswith("version 2026-04-17 of cr-en is already loaded: nothing to import")
    newer = run_import(write(tmp_path, "new.txt", mini_cr("June 6, 2026", "A rewritten rule.")), "--lang", "en")
    assert newer.exit_code == 0, newer.output
    assert "replaced version 2026-04-17 with 2026-06-06 (the previous one is still loaded as cr-en@2026-04-17)" \
        in newer.output and "imported Magic: The Gathering Comprehensive Rules (cr-en), version 2026-06-06" \
        in newer.output and "rules and subrules" in newer.output
    assert said_line(newer.output, "cli.corpus.stats", "en") and not said_line(newer.output, "cli.corpus.stats", "es")
    listing = run("list", "--lang", "en")
    assert listing.exit_code == 0 and " passages, imported, current version of 2" in listing.output
    assert "older version kept  (judge corpus diff 2026-04-17 2026-06-06)" in listing.output
    current = next(line for line in run("list").output.splitlines() if line.startswith("cr-en "))
    assert Message("cli.list.imported").render() + Message("cli.list.current_of", count=2).render() in current
    bad = run("diff", "1999-01-01", "--lang", "en")
    assert bad.exit_code == 2
    assert bad.output.strip() == "error: 1999-01-01: neither a file nor a loaded version of cr-en (loaded: " \
                                 "2026-04-17, 2026-06-06)"
    refused = said_line(run("diff", "1999-01-01").output.removeprefix("error: "), "cli.diff.not_a_version")
    assert refused is not None and (refused["spec"], refused["doc"]) == ("1999-01-01", "cr-en")
