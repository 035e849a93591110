"""`judge bench search`: latency of the search against SQLite FTS5 over the same passages, in the same run.

FTS5 gets an in-memory table of every passage (id, title, text; unicode61 tokenizer with diacritics removed)
and each question as an OR of its words, ranked by its built-in bm25, its top ten returned with their text and
`highlight()` as JSON: the baseline the bar compares with.  Our side is timed end to end through `GET /api/search`
(Flask's test client: the request, reading the question, ranking, building the ten hits with their highlighted
text and best sentence, the JSON answer), once on the lexical path and once on the full default path (fused with
the semantic search): there the question's vector is computed on every request (the recent questions' vectors
are forgotten before each), and the same questions asked again, their vectors kept, are timed apart.
"""
from __future__ import annotations

import json
import re
import shutil
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

_WORDS = re.compile(r"\w+")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def _summary(label: str, times: list[float], cpu: list[float] | None = None) -> dict[str, Any]:
    """p50/p95 of wall times; with `cpu`, of the process's CPU time too (all its threads): on a busy machine
    the wall time says how long others made us wait, the CPU time what the search itself costs."""
    ms = [t * 1000 for t in times]
    out = {"label": label, "p50_ms": round(percentile(ms, 0.5), 3), "p95_ms": round(percentile(ms, 0.95), 3),
           "mean_ms": round(statistics.fmean(ms), 3) if ms else 0.0, "samples": len(ms)}
    if cpu is not None:
        cms = [t * 1000 for t in cpu]
        out.update(cpu_p50_ms=round(percentile(cms, 0.5), 3), cpu_p95_ms=round(percentile(cms, 0.95), 3))
    return out


def fts5_available() -> bool:
    try:
        sqlite3.connect(":memory:").execute("CREATE VIRTUAL TABLE t USING fts5(x)")
        return True
    except sqlite3.OperationalError:
        return False


def fts5_table(passages: list[Any]) -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE p USING fts5(id UNINDEXED, title, text, tokenize='unicode61 remove_diacritics 2')")
    db.executemany("INSERT INTO p (id, title, text) VALUES (?, ?, ?)", [(x.id, x.title, x.text) for x in passages])
    db.commit()
    return db


def fts5_query(question: str) -> str | None:
    words = list(dict.fromkeys(w.lower() for w in _WORDS.findall(question)))
    return " OR ".join(f'"{w}"' for w in words) if words else None


def fts5_search(db: sqlite3.Connection, question: str, limit: int = 10) -> str:
    """The JSON answer of FTS5's top `limit` passages: id, title, text and the text highlighted."""
    match = fts5_query(question)
    rows = [] if match is None else db.execute(
        "SELECT id, title, text, highlight(p, 2, '<mark>', '</mark>') FROM p WHERE p MATCH ? ORDER BY rank LIMIT ?",
        (match, limit)).fetchall()
    return json.dumps({"query": question, "results": [{"id": i, "title": t, "text": x, "highlight": h}
                                                      for i, t, x, h in rows]}, ensure_ascii=False)


def _folder_mb(folder: Path) -> float:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 1e6


def resident_mb() -> float:
    """The process's resident set size now (VmRSS), in MB; 0 where /proc is not there."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class _Times:
    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def time(self, fn, arg) -> None:  # type: ignore[no-untyped-def]
        w, c = time.perf_counter(), time.process_time()
        fn(arg)
        self.cpu.append(time.process_time() - c)
        self.wall.append(time.perf_counter() - w)


def _time_passes(search, questions: list[str], repeat: int) -> tuple[_Times, _Times]:  # type: ignore[no-untyped-def]
    cold = _Times()
    for q in questions:  # first pass: caches (stems, OS pages, highlighting) still cold
        cold.time(search, q)
    warm = _Times()
    for _ in range(repeat):
        for q in questions:
            warm.time(search, q)
    return cold, warm


def _api(instance: Path, corpus_dir: Path, semantic: bool):  # type: ignore[no-untyped-def]
    """A test client of the app on this instance, and a function timing one question through /api/search."""
    from judge import create_app

    client = create_app({"TESTING": True, "INSTANCE": str(instance), "CORPUS_DIR": str(corpus_dir),
                         "SEARCH_SEMANTIC": semantic}).test_client()

    def ask(question: str) -> None:
        response = client.get("/api/search", query_string={"q": question, "limit": 10})
        if response.status_code != 200:
            raise RuntimeError(f"/api/search answered {response.status_code} to {question!r}")
        response.get_data()

    return ask


def run_bench(corpus_dir: Path, instance: Path, questions: list[str], repeat: int, semantic: bool | None = None,
              embed_sample: int = 64, builds: bool = True) -> dict[str, Any]:
    """Latency of both paths through /api/search (lexical alone; fused with the semantic search unless `semantic`
    is False or its model cannot load), SQLite FTS5's, resident memory; with `builds`, build times and sizes and
    the cost of embedding a passage too."""
    from judge.corpus import load_corpus
    from judge.search import semantic as sem
    from judge.search.index import ensure_index
    from judge.web import data

    with_semantic = sem.enabled(semantic)
    rss_start = resident_mb()
    corpus = load_corpus(corpus_dir, instance)
    passages = list(corpus.passages())
    # Builds the live index only when it is missing or stale, and waits for every vector.
    ensure_index(corpus_dir=corpus_dir, instance_dir=instance, semantic=with_semantic,
                 embed="wait" if with_semantic else "none")
    result: dict[str, Any] = {"passages": len(passages), "questions": len(questions), "repeat": repeat,
                              "through": "GET /api/search (Flask test client)"}
    lexical = _api(instance, corpus_dir, False)
    lexical("warm-up")      # opens the index
    result["rss_lexical_mb"] = round(resident_mb() - rss_start, 1)
    cold, warm = _time_passes(lexical, questions, repeat)
    result["whoosh"] = _summary("lexical, /api/search", warm.wall, warm.cpu)
    result["whoosh_cold"] = _summary("lexical, first pass", cold.wall, cold.cpu)
    result["semantic_active"] = False
    embedder = None
    if with_semantic:
        rss = resident_mb()
        started = time.perf_counter()
        embedder = sem.get_embedder()   # hash check + load, unless a build above needed it already
        result["model_load_s"] = round(time.perf_counter() - started, 3)
        result["question_encoder"] = embedder.encoder_id if embedder is not None else ""
        fused = _api(instance, corpus_dir, True)
        fused("warm-up")
        ix = data.rules_data_for(corpus_dir, instance, True).index
        if embedder is not None and ix is not None and ix.semantic_active():
            result["semantic_active"] = True
            result["rss_semantic_extra_mb"] = round(resident_mb() - rss, 1)

            def fresh(question: str) -> None:   # the question's vector computed on this request
                embedder.forget_questions()
                fused(question)

            cold, warm = _time_passes(fresh, questions, repeat)
            result["semantic"] = _summary("fused, /api/search", warm.wall, warm.cpu)
            result["semantic_cold"] = _summary("fused, first pass", cold.wall, cold.cpu)
            for q in questions:
                fused(q)                    # asked once more: every question's vector kept
            again = _Times()
            for q in questions:
                again.time(fused, q)
            result["semantic_recent"] = _summary("fused, question asked before", again.wall, again.cpu)
            only = _Times()
            for q in questions:
                embedder.forget_questions()
                only.time(embedder.query, q)
            result["question_vector"] = _summary("embedding the question alone", only.wall, only.cpu)
        if builds and result["semantic_active"]:
            # The cost of embedding a passage, on a sample spread over the corpus (a first build embeds them all).
            from judge.search.index import _structure_keys

            keys = _structure_keys(passages, {d.id for d in _documents(corpus) if getattr(d, "historical", False)})
            step = max(1, len(passages) // max(1, embed_sample))
            sample = [sem.embedding_text(p, keys.get(p.id, ())) for p in passages[::step][:embed_sample]]
            started, cpu = time.perf_counter(), time.process_time()
            for i in range(0, len(sample), sem.EMBED_BATCH):
                embedder.passages(sample[i:i + sem.EMBED_BATCH])
            per = (time.perf_counter() - started) / max(1, len(sample))
            per_cpu = (time.process_time() - cpu) / max(1, len(sample))
            result["embed_ms_per_passage"] = round(per * 1000, 1)
            result["embed_cpu_ms_per_passage"] = round(per_cpu * 1000, 1)
            result["embed_all_estimate_s"] = round(per * len(passages), 1)
    result["rss_total_mb"] = round(resident_mb(), 1)
    # Build time of a fresh index of the same corpus, in a scratch folder (the live one is left alone): lexical
    # alone, then with the vectors published from the instance's cache (what a rebuild costs once the passages
    # were seen; the model is not loaded by a build).
    if builds:
        result.update(_builds(corpus, instance, with_vectors=embedder is not None))
    if fts5_available():
        db = fts5_table(passages)
        fts = _Times()
        for _ in range(repeat):
            for q in questions:
                fts.time(lambda x: fts5_search(db, x), q)
        db.close()
        result["fts5"] = _summary("SQLite FTS5 (top 10, highlight, JSON)", fts.wall, fts.cpu)
        if result["fts5"]["p50_ms"]:
            result["lexical_over_fts5_p50"] = round(result["whoosh"]["p50_ms"] / result["fts5"]["p50_ms"], 3)
        if result["fts5"].get("cpu_p50_ms"):   # on a loaded machine the CPU ratio is the one that means something
            result["lexical_over_fts5_cpu_p50"] = round(result["whoosh"]["cpu_p50_ms"] / result["fts5"]["cpu_p50_ms"],
                                                        3)
    else:
        result["fts5"] = {"label": "SQLite FTS5 unavailable in this Python", "p50_ms": 0.0, "p95_ms": 0.0}
    return result


def _builds(corpus: Any, instance: Path, with_vectors: bool) -> dict[str, Any]:
    """Build time of a fresh index of the corpus, in a scratch folder (the live one is left alone): lexical alone,
    then with the vectors published from the instance's cache (what a rebuild costs once the passages were seen;
    a build never loads the model)."""
    from judge.search import vectorstore
    from judge.search.index import build_index

    out: dict[str, Any] = {}
    scratch = Path(tempfile.mkdtemp(prefix="judge-bench-"))
    try:
        started = time.perf_counter()
        build_index(corpus, scratch / "index", semantic=False)
        out["build_s"] = round(time.perf_counter() - started, 3)
        out["index_mb"] = round(_folder_mb(scratch / "index"), 2)
        if with_vectors:
            report: dict[str, Any] = {}
            started = time.perf_counter()
            build_index(corpus, scratch / "index-sem", semantic=True, instance=instance, report=report)
            out["build_semantic_s"] = round(time.perf_counter() - started, 3)
            out["build_semantic"] = report
            out["vectors_mb"] = round((scratch / "index-sem" / vectorstore.VECTORS_FILE).stat().st_size / 1e6, 2)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return out


def _documents(corpus: Any) -> list[Any]:
    docs = corpus.documents
    return list(docs.values() if isinstance(docs, dict) else docs)
