"""The commands as a user runs them: judge index / search / eval / bench search, on a temporary instance."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.messages import Message

from .conftest import EVAL_DIR, HERE  # type: ignore[import-not-found]


@pytest.fixture()
def run(es_instance: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("JUDGE_INSTANCE", str(es_instance))

    def invoke(*args: str) -> tuple[int, str]:
        result = CliRunner().invoke(main, list(args), catch_exceptions=False)
        return result.exit_code, result.output

    return invoke


def test_index_if_stale_does_nothing_when_fresh(run, said_line) -> None:  # type: ignore[no-untyped-def]
    code, out = run("index", "--if-stale")
    assert code == 0 and said_line(out, "cli.index.examples") is not None and not said_line(out, "cli.build.built")


def test_index_builds_with_progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, said_line) -> None:
    from judge import config
    from judge.corpus import load_corpus
    from judge.search import open_index

    # The suite runs with JUDGE_SEARCH_SEMANTIC=false (tests/conftest.py): the count printed is still every
    # passage indexed (it used to be the embedding step's count, 0 without vectors).
    assert config.search_semantic() is False
    monkeypatch.setenv("JUDGE_INSTANCE", str(tmp_path / "fresh"))
    result = CliRunner().invoke(main, ["index"], catch_exceptions=False)
    corpus = load_corpus(config.corpus_dir(), tmp_path / "fresh")
    count = sum(len(d.passages) for d in corpus.documents.values())
    assert count > 500
    assert result.exit_code == 0 and said_line(result.output, "cli.build.built")["indexed"] == str(count)
    assert said_line(result.output, "cli.build.lexical_only") == {"why": Message("search.skipped.off").render()}
    assert (tmp_path / "fresh" / "index").is_symlink()
    assert open_index(tmp_path / "fresh", corpus_dir=config.corpus_dir()).search("121.4").results


def test_search_prints_answer_and_ranked_results(run) -> None:  # type: ignore[no-untyped-def]
    code, out = run("search", "¿cuál es el máximo de vidas?", "--limit", "3")
    assert code == 0
    assert out.startswith(Message("cli.search.answer").render()) and "«" in out
    assert " 1. " in out and " 3. " in out and " 4. " not in out


def test_search_json_is_the_api_shape(run) -> None:  # type: ignore[no-untyped-def]
    code, out = run("search", "121.4", "--json", "--limit", "2")
    data = json.loads(out)
    assert code == 0 and data["query"] == "121.4"
    assert data["results"][0]["id"] == "cr-es/121.4" and data["results"][0]["number"] == "121.4"
    assert {"id", "doc", "number", "title", "text", "score", "url"} <= set(data["results"][0])


def test_search_doc_filter_and_empty_query(run) -> None:  # type: ignore[no-untyped-def]
    code, out = run("search", "atacar", "--doc", "doce-vidas-reglas", "--json")
    assert code == 0 and {r["doc"] for r in json.loads(out)["results"]} == {"doce-vidas-reglas"}
    code, out = run("search", "   ")
    assert code == 0 and Message("search.query.empty").render() in out.splitlines()


def test_eval_prints_metrics(run) -> None:  # type: ignore[no-untyped-def]
    code, out = run("eval", str(HERE / "regression_es.jsonl"))
    assert code == 0 and "Recall@5" in out and "MRR@10" in out
    code, out = run("eval", str(HERE / "regression_es.jsonl"), "--json", "--limit-print", "1")
    data = json.loads(out)
    assert {"recall@5", "recall@10", "mrr@10", "misses"} <= set(data) and len(data["misses"]) <= 1


def test_eval_json_lists_every_crossed_question_whatever_the_limit(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A doce-vidas question labelled as Magic's on purpose is crossed (doce vidas's passages in its first five):
    --limit-print 0 still lists it, and only it, in the JSON's misses."""
    small = tmp_path / "labelled.jsonl"
    small.write_text(json.dumps({"q": "en doce vidas, si quemo una carta cuanto mana obtengo?", "gold": ["zzz"],
                                 "game": "magic"}, ensure_ascii=False) + "\n"
                     + json.dumps({"q": "en doce vidas, con cuantas vidas se empieza?", "gold": ["zzz"],
                                   "game": "doce-vidas"}, ensure_ascii=False) + "\n", encoding="utf-8")
    code, out = run("eval", str(small), "--json", "--limit-print", "0")
    data = json.loads(out)
    assert code == 0 and data["crossed"] == 1
    assert [m["crossed"] for m in data["misses"]] == [True]
    code, out = run("eval", str(small), "--json", "--limit-print", "5")
    assert [m["crossed"] for m in json.loads(out)["misses"]] == [True, False]


def test_eval_bad_file_is_a_clear_error(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "q.jsonl"
    bad.write_text("{oops\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["eval", str(bad)])
    assert result.exit_code == 1 and "q.jsonl:1" in result.output


def test_bench_search_against_fts5(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    small = tmp_path / "three.jsonl"
    lines = (HERE / "regression_es.jsonl").read_text(encoding="utf-8").splitlines()[:3]
    small.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out = run("bench", "search", str(small), "--repeat", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["questions"] == 3 and data["passages"] > 400
    assert data["whoosh"]["samples"] == 3 and data["whoosh"]["p50_ms"] > 0
    assert "p50_ms" in data["fts5"]
    if data["fts5"].get("cpu_p50_ms"):   # both CPU figures and their ratio, the one a loaded machine can compare
        assert data["lexical_over_fts5_cpu_p50"] == round(data["whoosh"]["cpu_p50_ms"] / data["fts5"]["cpu_p50_ms"], 3)


def test_search_eval_and_index_speak_english_with_lang_en(run, said_line) -> None:  # type: ignore[no-untyped-def]
    # Issue 17: the commands' own lines through judge/cli_messages.py; Spanish stays the default.
    code, out = run("search", "¿cuál es el máximo de vidas?", "--limit", "3", "--lang", "en")
    assert code == 0 and out.startswith("Answer: ") and Message("cli.search.answer").render() not in out
    code, out = run("eval", str(HERE / "regression_es.jsonl"), "--lang", "en")
    assert code == 0 and " questions — Recall@5 " in out and said_line(out, "cli.eval.line") is None
    code, out = run("eval", str(HERE / "regression_es.jsonl"))
    assert code == 0 and said_line(out, "cli.eval.line") is not None
    code, out = run("eval", "--lang", "en")
    assert code == 1 and "Give a question file or --all (not both)." in out
    code, out = run("index", "--if-stale", "--lang", "en")
    assert code == 0 and "rule examples up to date (" in out


def _bench_result() -> dict:  # type: ignore[type-arg]
    timed = {"label": "lexical, /api/search", "p50_ms": 1.5, "p95_ms": 2.5, "cpu_p50_ms": 1.2, "cpu_p95_ms": 2.2}
    return {"date": "2026-12-03 09:00 UTC", "file": "q.jsonl", "passages": 3000, "questions": 100, "index_mb": 12.34,
            "build_s": 3.21, "rss_lexical_mb": 40.2, "rss_total_mb": 300.1, "semantic_active": False,
            "through": "GET /api/search", "lexical_over_fts5_p50": 0.71, "lexical_over_fts5_cpu_p50": 0.65,
            "whoosh": timed, "whoosh_cold": timed, "fts5": timed}


def test_rendering_bench_search_lines_in_spanish_as_before_and_in_english() -> None:
    import click

    from judge.search.commands import _print_bench

    def said(lang: str) -> str:
        @click.command()
        def show() -> None:
            _print_bench(_bench_result(), 5, None, lang)
        return CliRunner().invoke(show).output

    es, en = said("es").splitlines(), said("en").splitlines()
    assert es[:3] == ["2026-12-03 09:00 UTC: q.jsonl: 3000 pasajes; 100 preguntas × 5",
                      "  índice 12.3 MB, construido en 3.21 s",
                      "  memoria residente: índice léxico +40 MB, proceso 300 MB"]
    assert es[-1] == "  léxica / FTS5 (p50): reloj 0.71, CPU 0.65"
    assert en[:3] == ["2026-12-03 09:00 UTC: q.jsonl: 3000 passages; 100 questions × 5",
                      "  index 12.3 MB, built in 3.21 s", "  resident memory: lexical index +40 MB, process 300 MB"]
    assert en[-1] == "  lexical / FTS5 (p50): wall 0.71, CPU 0.65" and len(en) == len(es)
