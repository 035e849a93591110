"""One corpus and one index per process: reloaded when the documents change; a broken corpus is a clear 503."""
from __future__ import annotations

import shutil
from pathlib import Path

from judge import config, create_app
from judge.web import data
from judge.web.i18n import MESSAGES


def test_edited_document_is_reloaded_and_reindexed(tmp_path: Path, monkeypatch) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(config.corpus_dir(), corpus)
    app = create_app({"TESTING": True, "INSTANCE": str(tmp_path / "instance"), "CORPUS_DIR": str(corpus)})
    client = app.test_client()
    monkeypatch.setattr(data, "CHECK_INTERVAL", 0.0)
    before = client.get("/api/search?q=zarzamora").get_json()
    assert not any("zarzamora" in r["text"] for r in before["results"])

    rules = corpus / "doce-vidas-reglas.txt"
    rules.write_text(rules.read_text(encoding="utf-8").replace(
        "Gana quien consiga reducir las vidas del oponente a 0.",
        "Gana quien consiga reducir las vidas del oponente a 0, como una zarzamora."), encoding="utf-8")
    after = client.get("/api/search?q=zarzamora").get_json()
    assert after["results"] and after["results"][0]["id"] == "dv/objetivo"
    assert "zarzamora" in client.get("/api/passages/dv/objetivo").get_json()["text"]


def test_unloadable_corpus_is_a_503_that_says_why(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "manifest.yaml").write_text("documents:\n  - id: roto\n    file: falta.txt\n", encoding="utf-8")
    client = create_app({"TESTING": True, "INSTANCE": str(tmp_path / "i"), "CORPUS_DIR": str(corpus)}).test_client()
    api = client.get("/api/search?q=robar")
    assert api.status_code == 503 and "manifest.yaml" in api.get_json()["error"]
    page = client.get("/")
    assert page.status_code == 503 and b"manifest.yaml" in page.data and b"Traceback" not in page.data


def test_broken_edit_keeps_serving_the_loaded_corpus(tmp_path: Path, monkeypatch) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(config.corpus_dir(), corpus)
    client = create_app({"TESTING": True, "INSTANCE": str(tmp_path / "i"), "CORPUS_DIR": str(corpus)}).test_client()
    monkeypatch.setattr(data, "CHECK_INTERVAL", 0.0)
    assert client.get("/api/passages/dv/objetivo").status_code == 200
    (corpus / "manifest.yaml").write_text("documents: [\n", encoding="utf-8")  # a half-saved edit
    response = client.get("/api/passages/dv/objetivo")
    assert response.status_code == 200 and "vidas" in response.get_json()["text"]


def test_unexpected_build_failure_is_a_503_not_retried_on_every_request(tmp_path: Path, monkeypatch) -> None:
    import judge.search

    calls = []

    def broken(**kwargs):
        calls.append(kwargs)
        raise RuntimeError("internal detail")

    monkeypatch.setattr(judge.search, "ensure_index", broken)
    monkeypatch.setattr(data, "CHECK_INTERVAL", 60.0)
    client = create_app({"TESTING": True, "INSTANCE": str(tmp_path / "i")}).test_client()
    first, second = client.get("/api/search?q=robar"), client.get("/?q=robar")
    assert first.status_code == second.status_code == 503
    assert "internal detail" not in first.get_data(as_text=True)
    # the detail is the server's own sentence, said in each request's language (the cause is in the log)
    said = first.get_json()["message"]
    assert said["id"] == "error.503" and said["params"]["detail"] == MESSAGES["error.503_internal"]["es"]
    english = client.get("/api/search?q=robar&lang=en").get_json()["message"]
    assert english["params"]["detail"] == MESSAGES["error.503_internal"]["en"]
    assert len(calls) == 1
