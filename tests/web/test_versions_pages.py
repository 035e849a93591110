"""The rule page as it was in an older CR version, its "last changed" line, and /cambios/<old>..<new>, over a
corpus with two versions of the shipped CR (the second edited by tests/corpus/cr_versions.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from judge.corpus import load_corpus
from judge.corpus.cr_en import parse_cr
from judge.corpus.importer import save_document
from judge.web import data as web_data
from judge.web.i18n import translate

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
import cr_versions as V  # noqa: E402


@pytest.fixture(scope="module")
def versions_corpus(tmp_path_factory: pytest.TempPathFactory, cr_file: Path):
    instance = tmp_path_factory.mktemp("versions-web")
    old = cr_file.read_bytes().decode("utf-8-sig")
    save_document(instance, parse_cr(old))
    save_document(instance, parse_cr(V.next_version(old)))
    return load_corpus(instance_dir=instance)


@pytest.fixture()
def vclient(client, versions_corpus, monkeypatch: pytest.MonkeyPatch):
    # The pages read the corpus through judge.web.data; the index (search) is not needed by these pages.
    monkeypatch.setattr(web_data, "corpus", lambda: versions_corpus)
    return client


def test_rule_as_it_was(vclient, soup) -> None:
    page = soup(vclient.get(f"/reglas/{V.REWORDED}?version=2026-04-17"))
    assert "0 or less life" in page.select_one("article.passage .text").get_text()
    assert "2026-04-17" in page.select_one("p.as-of").get_text()
    assert page.select_one("p.as-of a")["href"] == f"/reglas/{V.REWORDED}"
    data = vclient.get(f"/reglas/{V.REWORDED}.json?version=2026-04-17").get_json()
    assert data["version"] == "2026-04-17" and data["passages"][0]["id"] == f"cr-en@2026-04-17/{V.REWORDED}"
    removed = vclient.get(f"/reglas/{V.REMOVED}.json?version=2026-04-17")
    assert removed.status_code == 200 and removed.get_json()["history"]["versions"][1]["present"] is False


def test_rule_page_says_when_its_text_last_changed(vclient, soup) -> None:
    page = soup(vclient.get(f"/reglas/{V.REWORDED}"))
    line = page.select_one("section.history p.last-changed")
    assert "2026-06-05" in line.get_text() and line.a["href"] == "/cambios/2026-04-17..2026-06-05"
    same = vclient.get("/reglas/704.5b.json").get_json()["history"]
    assert same["last_changed"] is None and same["oldest"] == "2026-04-17"


def test_unknown_version_or_rule_is_a_clear_404(vclient) -> None:
    unknown = vclient.get("/reglas/704.5a.json?version=1999-01-01")
    assert unknown.status_code == 404 and "2026-04-17, 2026-06-05" in unknown.get_data(as_text=True)
    absent = vclient.get(f"/reglas/{V.RENUMBERED[1]}.json?version=2026-04-17")   # 702.19h is new
    assert absent.status_code == 404 and absent.get_json()["message"] == {
        "id": "error.404_rule_version", "params": {"number": V.RENUMBERED[1], "version": "2026-04-17", "doc": "cr-en"}}
    assert absent.get_json()["error"] == translate("error.404_rule_version", "es", number=V.RENUMBERED[1],
                                                   version="2026-04-17", doc="cr-en")
    bad = vclient.get("/cambios/2026-04-17.json")
    assert bad.status_code == 404 and bad.get_json()["message"]["id"] == "error.404_version_pair"
    assert bad.get_json()["message"]["params"]["spec"] == "2026-04-17"


def test_version_404s_speak_the_requests_language(vclient) -> None:
    """The same 404s in English with ?lang=en (issue 17: i18n `error.404_version*`), the JSON keeping its shape."""
    absent = vclient.get(f"/reglas/{V.RENUMBERED[1]}.json?version=2026-04-17&lang=en")
    assert absent.status_code == 404
    assert absent.get_json() == {"error": f"rule {V.RENUMBERED[1]} does not exist in version 2026-04-17 of cr-en",
                                 "status": 404, "message": {"id": "error.404_rule_version", "params": {
                                     "number": V.RENUMBERED[1], "version": "2026-04-17", "doc": "cr-en"}}}
    unknown = vclient.get("/reglas/704.5a.json?version=1999-01-01&lang=en").get_json()["error"]
    assert unknown == "unknown version «1999-01-01» of cr-en (loaded: 2026-04-17, 2026-06-05)"
    bad = vclient.get("/cambios/2026-04-17.json?lang=en").get_json()["error"]
    assert bad == "«2026-04-17»: expected /cambios/<version>..<version> (loaded: 2026-04-17, 2026-06-05)"
    one_bad = vclient.get("/cambios/1999-01-01..2026-06-05.json?lang=en").get_json()["error"]
    assert one_bad.startswith("unknown version «1999-01-01»") and "versión" not in one_bad
    spanish = vclient.get(f"/reglas/{V.RENUMBERED[1]}.json?version=2026-04-17&lang=es").get_json()["error"]
    assert spanish == translate("error.404_rule_version", "es", number=V.RENUMBERED[1], version="2026-04-17",
                                doc="cr-en") != absent.get_json()["error"]


def test_changes_page(vclient, soup) -> None:
    data = vclient.get("/cambios/2026-04-17..2026-06-05.json").get_json()
    assert data["counts"] == {"added": 1, "removed": 1, "renumbered": 1, "reworded": 1, "glossary_reworded": 1}
    page = soup(vclient.get("/cambios/2026-04-17..2026-06-05"))
    reworded = page.select_one("ul.changes li.reworded")
    assert reworded.select_one("del").get_text() == "0" and reworded.select_one("ins").get_text() == "zero"
    moved = page.select_one("ul.changes li.renumbered")
    assert [a["href"] for a in moved.select("a")] == [f"/reglas/{V.RENUMBERED[0]}?version=2026-04-17",
                                                     f"/reglas/{V.RENUMBERED[1]}?version=2026-06-05"]
    assert V.GLOSSARY_TERM in page.select_one("section.glossary-changes li.reworded").get_text()
