"""`judge bench search`: latency of the search against SQLite FTS5 over the same passages, in the same run.

FTS5 gets an in-memory table of every passage (id, title, text; unicode61 tokenizer with diacritics removed)
and each question as an OR of its words, ranked by its built-in bm25: the baseline the bar compares with.
Our side is timed through `RulesIndex.search` in full (parsing, scoring, highlighting the hits).
"""
from __future__ import annotations

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


def _summary(label: str, times: list[float]) -> dict[str, Any]:
    ms = [t * 1000 for t in times]
    return {"label": label, "p50_ms": round(percentile(ms, 0.5), 3), "p95_ms": round(percentile(ms, 0.95), 3),
            "mean_ms": round(statistics.fmean(ms), 3) if ms else 0.0, "samples": len(ms)}


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


def fts5_search(db: sqlite3.Connection, question: str, limit: int = 10) -> list[tuple[str, str]]:
    match = fts5_query(question)
    if match is None:
        return []
    return db.execute("SELECT id, text FROM p WHERE p MATCH ? ORDER BY rank LIMIT ?", (match, limit)).fetchall()


def _folder_mb(folder: Path) -> float:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 1e6


def run_bench(corpus_dir: Path, instance: Path, questions: list[str], repeat: int) -> dict[str, Any]:
    from judge.corpus import load_corpus
    from judge.search.index import build_index, ensure_index, open_index

    corpus = load_corpus(corpus_dir, instance)
    passages = list(corpus.passages())
    ensure_index(corpus_dir=corpus_dir, instance_dir=instance)
    # Build time of a fresh index of the same corpus, in a scratch folder (the live one is left alone).
    scratch = Path(tempfile.mkdtemp(prefix="judge-bench-"))
    try:
        started = time.perf_counter()
        build_index(corpus, scratch / "index")
        build_s = time.perf_counter() - started
        index_mb = _folder_mb(scratch / "index")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    ix = open_index(instance, corpus_dir=corpus_dir)
    cold: list[float] = []
    for q in questions:  # first pass on a freshly opened index: caches (stems, OS pages) still cold
        t = time.perf_counter()
        ix.search(q, limit=10)
        cold.append(time.perf_counter() - t)
    warm: list[float] = []
    for _ in range(repeat):
        for q in questions:
            t = time.perf_counter()
            ix.search(q, limit=10)
            warm.append(time.perf_counter() - t)
    ix.close()

    result: dict[str, Any] = {"passages": len(passages), "questions": len(questions), "repeat": repeat,
                              "build_s": round(build_s, 3), "index_mb": round(index_mb, 2),
                              "whoosh": _summary("rules-judge (Whoosh index)", warm),
                              "whoosh_cold": _summary("rules-judge, first pass", cold)}
    if fts5_available():
        db = fts5_table(passages)
        fts: list[float] = []
        for _ in range(repeat):
            for q in questions:
                t = time.perf_counter()
                fts5_search(db, q)
                fts.append(time.perf_counter() - t)
        db.close()
        result["fts5"] = _summary("SQLite FTS5 (OR query, bm25)", fts)
    else:
        result["fts5"] = {"label": "SQLite FTS5 unavailable in this Python", "p50_ms": 0.0, "p95_ms": 0.0}
    return result
