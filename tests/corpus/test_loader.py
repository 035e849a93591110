"""The Corpus loader: lookups, imported documents, the content hash, and clear errors for a broken corpus."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge import config
from judge.corpus import Corpus, CorpusError, Passage, corpus_content_hash, load_corpus

CHROME = ("Pregunta al juez Pro", "Arte de", "Sólo en digital", "Gatewatch Pro", "Five Horizons", "Subreglas",
          "Véase también", "Extraído y traducido")


def test_documents_in_manifest_order(corpus: Corpus) -> None:
    assert list(corpus.documents) == ["robar-una-carta", "regla-701.23-buscar", "regla-116.2-acciones-especiales",
                                      "faq-paramo-sombrio", "doce-vidas-reglas"]
    assert corpus.documents["doce-vidas-reglas"].ruleset == "doce-vidas"
    assert corpus.documents["faq-paramo-sombrio"].meta()["historical"] is True


def test_ids_unique_orders_and_no_chrome(corpus: Corpus) -> None:
    passages = list(corpus.passages())
    ids = [p.id for p in passages]
    assert len(ids) == len(set(ids)) and len(ids) > 500
    for doc in corpus.documents.values():
        assert [p.order for p in doc.passages] == list(range(len(doc.passages)))
        assert all(p.doc == doc.id and p.lang == "es" and p.text.strip() for p in doc.passages)
    for passage in passages:
        assert not any(chrome in passage.text for chrome in CHROME), passage.id
        assert passage.parent is None or corpus.passage(passage.parent) is not None, passage.id


def test_lookups(corpus: Corpus) -> None:
    assert [p.id for p in corpus.by_number("121.4")] == ["cr-es/121.4"]
    assert corpus.by_number("121.4.") == corpus.by_number("121.4")
    assert corpus.is_known_number("116.2m") and corpus.is_known_number("701.23")
    assert not corpus.is_known_number("616.1f") and not corpus.is_known_number("104.3f")
    assert [p.id for p in corpus.cited_by("616.1f")] == ["cr-es/121.2a"]
    assert {p.id for p in corpus.cited_by("302.6")} == {"faq-shm/reglas-2008/104.5", "faq-shm/reglas-2008/502.5b"}
    prev, nxt = corpus.neighbours("cr-es/121.4")
    assert (prev.id, nxt.id) == ("cr-es/121.3a", "cr-es/121.5")
    assert corpus.neighbours("robar/intro")[0] is None and corpus.neighbours("dv/formatos")[1] is None
    assert corpus.neighbours("no/such") == (None, None) and corpus.passage("no/such") is None
    assert corpus.document_of("dv/stack/2").id == "doce-vidas-reglas"


def _write_imported(instance: Path, passages: list[Passage], version: str = "2026-04-17") -> Path:
    folder = config.imported_dir(instance)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "cr-en.json"
    meta = {"id": "cr-en", "title": "Comprehensive Rules", "language": "en", "source": "test",
            "version": version, "version_label": "", "ruleset": "magic"}
    path.write_text(json.dumps({"document": meta, "passages": [p.to_dict() for p in passages]}), encoding="utf-8")
    return path


def _cr_en(number: str, text: str, order: int) -> Passage:
    return Passage(id=f"cr-en/{number}", doc="cr-en", title=number, text=text, kind="rule", lang="en",
                   number=number, order=order)


def test_imported_document_comes_first_by_number(tmp_path: Path) -> None:
    _write_imported(tmp_path, [
        _cr_en("121.4", "A player who attempts to draw a card from a library with no cards in it loses.", 0),
        _cr_en("107.4e", "A hybrid mana symbol is also a colored mana symbol.", 1),
        _cr_en("104.3f", "If a player would both win and lose the game simultaneously, that player loses.", 2),
    ])
    corpus = load_corpus(config.corpus_dir(), tmp_path)
    assert list(corpus.documents)[-1] == "cr-en" and corpus.documents["cr-en"].imported
    assert [p.id for p in corpus.by_number("121.4")] == ["cr-en/121.4", "cr-es/121.4"]
    # Today's 104.3f is the English rule; the FAQ's 2008 104.3f is reached through today's 107.4e.
    assert [p.id for p in corpus.by_number("104.3f")] == ["cr-en/104.3f"]
    assert [p.id for p in corpus.by_current_number("107.4e")] == ["faq-shm/reglas-2008/104.3f"]
    assert corpus.is_known_number("107.4e")


def test_content_hash_follows_every_input(tmp_path: Path, corpus_copy: Path) -> None:
    instance = tmp_path / "instance"
    first = load_corpus(corpus_copy, instance).content_hash()
    assert load_corpus(corpus_copy, instance).content_hash() == first == corpus_content_hash(corpus_copy, instance)
    path = _write_imported(instance, [_cr_en("121.4", "text", 0)])
    with_import = load_corpus(corpus_copy, instance).content_hash()
    assert with_import != first and corpus_content_hash(corpus_copy, instance) == with_import
    _write_imported(instance, [_cr_en("121.4", "text", 0)], version="2026-05-01")
    assert load_corpus(corpus_copy, instance).content_hash() != with_import
    path.unlink()
    doce = corpus_copy / "doce-vidas-reglas.txt"
    doce.write_text(doce.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert load_corpus(corpus_copy, instance).content_hash() not in (first, with_import)


@pytest.mark.parametrize("damage, message", [
    (lambda d: (d / "manifest.yaml").unlink(), "no manifest"),
    (lambda d: (d / "manifest.yaml").write_text("documents: [\n", encoding="utf-8"), "not valid YAML"),
    (lambda d: (d / "manifest.yaml").write_text("- 1\n", encoding="utf-8"), "'documents' list"),
    (lambda d: (d / "faq-paramo-sombrio.txt").unlink(), "faq-paramo-sombrio.txt: listed in the manifest"),
    (lambda d: (d / "manifest.yaml").write_text(
        (d / "manifest.yaml").read_text(encoding="utf-8").replace("parser: faq", "parser: nope"),
        encoding="utf-8"), "unknown parser 'nope'"),
    (lambda d: (d / "manifest.yaml").write_text(
        (d / "manifest.yaml").read_text(encoding="utf-8").replace("id: regla-116.2-acciones-especiales",
                                                                  "id: regla-701.23-buscar"),
        encoding="utf-8"), "duplicate document id"),
    (lambda d: (d / "regla-116.2-acciones-especiales.txt").write_text("Hola\n", encoding="utf-8"),
     "not a rule header"),
    (lambda d: (d / "doce-vidas-reglas.txt").write_bytes(b"\xff\xfe\x00"), "not UTF-8"),
])
def test_broken_corpus_errors_name_the_problem(corpus_copy: Path, tmp_path: Path, damage, message: str) -> None:
    damage(corpus_copy)
    with pytest.raises(CorpusError, match=message):
        load_corpus(corpus_copy, tmp_path)


def test_broken_imported_documents(tmp_path: Path) -> None:
    folder = config.imported_dir(tmp_path)
    folder.mkdir(parents=True)
    bad = folder / "cr-en.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(CorpusError, match="cr-en.json: cannot read"):
        load_corpus(config.corpus_dir(), tmp_path)
    bad.write_text(json.dumps({"document": {"id": "cr-en"}, "passages": []}), encoding="utf-8")
    with pytest.raises(CorpusError, match="lacks title"):
        load_corpus(config.corpus_dir(), tmp_path)
    _write_imported(tmp_path, [Passage(id="cr-en/1", doc="otro", title="x", text="x", kind="rule", lang="en")])
    with pytest.raises(CorpusError, match="does not belong to document 'cr-en'"):
        load_corpus(config.corpus_dir(), tmp_path)
    clash = Passage(id="cr-es/121.4", doc="cr-en", title="x", text="x", kind="rule", lang="en")
    _write_imported(tmp_path, [clash])
    with pytest.raises(CorpusError, match="'cr-es/121.4' appears in both"):
        load_corpus(config.corpus_dir(), tmp_path)
