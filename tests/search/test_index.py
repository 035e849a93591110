"""Index build, staleness by content hash, the atomic swap and opening errors, on temporary instances."""
from __future__ import annotations

import math
import os
from pathlib import Path

import pytest

from judge.search import IndexMissing, ensure_index, open_index
from judge.search.index import HASH_FILE, LAST_GOOD, number_ancestors, recorded_hash


def test_build_then_up_to_date_then_rebuilt_when_the_corpus_changes(tmp_path: Path, corpus_copy: Path) -> None:
    inst = tmp_path / "inst"
    calls: list[tuple[int, int]] = []
    assert ensure_index(corpus_dir=corpus_copy, instance_dir=inst, progress=lambda d, t: calls.append((d, t)))
    assert calls and calls[-1][0] == calls[-1][1] > 400       # progress reached the total number of passages
    first = recorded_hash(inst)
    assert first and (inst / "index" / HASH_FILE).exists()
    assert not ensure_index(corpus_dir=corpus_copy, instance_dir=inst)     # same content: nothing to do

    rules = corpus_copy / "doce-vidas-reglas.txt"
    rules.write_text(rules.read_text(encoding="utf-8").replace("Comienza con 12 vidas", "Comienza con 15 vidas"),
                     encoding="utf-8")
    assert ensure_index(corpus_dir=corpus_copy, instance_dir=inst)
    assert recorded_hash(inst) != first
    ix = open_index(inst, corpus_dir=corpus_copy)
    assert "15 vidas" in ix.search("¿con cuántas vidas empieza cada jugador?").results[0].text
    assert ensure_index(corpus_dir=corpus_copy, instance_dir=inst, force=True)  # --force always builds


def test_swap_keeps_one_live_folder_and_open_readers_working(tmp_path: Path, corpus_copy: Path) -> None:
    inst = tmp_path / "inst"
    ensure_index(corpus_dir=corpus_copy, instance_dir=inst)
    reader = open_index(inst, corpus_dir=corpus_copy)
    ensure_index(corpus_dir=corpus_copy, instance_dir=inst, force=True)
    assert (inst / "index").is_symlink()
    first = (inst / LAST_GOOD).resolve()
    # The live folder, and the one it replaced kept as the last good copy (served if the live one is damaged).
    folders = {p.resolve() for p in inst.iterdir() if p.name.startswith("index-") and not p.is_symlink()}
    assert folders == {(inst / "index").resolve(), first} and len(folders) == 2
    # The reader opened before the swap still answers (its files stay open) and knows it is stale.
    assert reader.search("robar").results
    assert reader.is_stale() is False  # same corpus: same stamp
    ensure_index(corpus_dir=corpus_copy, instance_dir=inst, force=True)   # a third build: still two folders
    folders = {p.resolve() for p in inst.iterdir() if p.name.startswith("index-") and not p.is_symlink()}
    assert len(folders) == 2 and first not in folders and (inst / LAST_GOOD).resolve() in folders
    assert not any(p.name.startswith(".index-link") for p in inst.iterdir())


def test_open_without_index_names_the_remedy(tmp_path: Path) -> None:
    with pytest.raises(IndexMissing, match="judge index"):
        open_index(tmp_path / "nothing-here")


def test_open_a_damaged_index_is_index_missing(tmp_path: Path, corpus_copy: Path) -> None:
    inst = tmp_path / "inst"
    ensure_index(corpus_dir=corpus_copy, instance_dir=inst)
    os.remove(inst / "index" / "impacts.marshal")
    with pytest.raises(IndexMissing):
        open_index(inst, corpus_dir=corpus_copy)
    assert ensure_index(corpus_dir=corpus_copy, instance_dir=inst)  # an incomplete index is rebuilt
    assert open_index(inst, corpus_dir=corpus_copy).search("maná").results


def test_number_ancestors() -> None:
    assert number_ancestors("702.19b") == ["702.19b", "702.19", "702"]
    assert number_ancestors("121") == ["121"]
    assert number_ancestors("116.2m") == ["116.2m", "116.2", "116"]


def test_every_passage_is_indexed_and_no_site_chrome(es_index) -> None:  # type: ignore[no-untyped-def]
    from judge import config
    from judge.corpus import load_corpus

    corpus = load_corpus(config.corpus_dir(), Path("/nonexistent-instance"))
    assert len(es_index) == len(list(corpus.passages()))
    for chrome in ("Pregunta al juez", "Arte de Dan Scott", "Lista de mecánicas obsoletas"):
        assert not any(chrome in h.text for h in es_index.search(chrome, limit=20).results)


def _impacts_by_id(instance: Path, field: str, term: str) -> dict[str, float]:
    from judge.search import RulesIndex
    from judge.search.index import read_impacts

    ix = RulesIndex(instance)
    ids, scores = read_impacts((instance / "index").resolve())[field][term]
    return {ix.rows[d].id: s for d, s in zip(ids, scores)}  # type: ignore[union-attr]


def test_impacts_are_bm25_over_the_passages_having_the_field(es_instance: Path) -> None:
    from whoosh import index as whoosh_index
    from whoosh import scoring

    from judge.search import schema as S
    from judge.search.index import read_impacts

    folder = (es_instance / "index").resolve()
    impacts = read_impacts(folder)
    ix = whoosh_index.open_dir(str(folder), readonly=True)
    with ix.searcher() as searcher:
        reader = searcher.reader()
        for field, term in [(S.body_field("es"), "rob"), (S.keys_field("es"), "rob"),
                            (S.pairs_field("es"), "bibliotec_sin"), (S.CARD, "argoll")]:
            lengths = [reader.doc_field_length(d, field, 0) for d in range(reader.doc_count_all())]
            having = [n for n in lengths if n]
            m = searcher.postings(field, term)
            expected = {}
            while m.is_active():
                expected[m.id()] = (m.weight(), lengths[m.id()])
                m.next()
            idf = math.log(len(having) / (len(expected) + 1)) + 1
            ids, scores = impacts[field][term]
            assert set(ids) == set(expected)
            for d, s in zip(ids, scores):
                tf, fl = expected[d]
                want = scoring.bm25(idf, tf, fl, sum(having) / len(having), S.field_B(field), S.BM25_K1)
                assert abs(s - want) < 1e-4
    ix.close()


def test_spanish_scores_do_not_change_when_the_english_cr_is_imported(es_instance: Path, cr_instance: Path) -> None:
    from judge.search import schema as S

    for field, term in [(S.body_field("es"), "bibliotec"), (S.keys_field("es"), "rob")]:
        assert _impacts_by_id(es_instance, field, term) == _impacts_by_id(cr_instance, field, term)


def test_open_uses_the_glossary_of_the_corpus_it_was_built_from(tmp_path: Path, corpus_copy: Path) -> None:
    glossary = corpus_copy / "glossary.yaml"
    glossary.write_text(glossary.read_text(encoding="utf-8") + "  - {en: [frobnicate], es: [debilitar]}\n",
                        encoding="utf-8")
    inst = tmp_path / "inst"
    ensure_index(corpus_dir=corpus_copy, instance_dir=inst)
    hits = open_index(inst).search("frobnicate").results   # no corpus_dir given: the recorded one
    assert hits and "debilitar" in hits[0].text.lower()
