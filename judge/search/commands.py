"""`judge index`, `judge search`, `judge eval`, `judge bench search`.

Heavy imports stay inside the commands so `judge --help` stays fast.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import click


def _folders() -> tuple[Path, Path]:
    from judge.config import corpus_dir, instance_dir

    return corpus_dir(), instance_dir()


def _fail(message: str, code: int = 1) -> None:
    click.echo(f"error: {message}", err=True)
    raise SystemExit(code)


def build_with_progress(corpus_dir: Path, instance_dir: Path, *, force: bool, if_stale: bool) -> None:
    """Build (or keep) the index of `instance_dir` with a progress bar and say which: `judge index` and
    `flask --app judge index` both call this, each with its own folders."""
    from judge.corpus import CorpusError
    from judge.search.index import ensure_index

    started = time.perf_counter()
    count = {"n": 0}
    try:
        with click.progressbar(length=1, label="Indexando", show_eta=False) as bar:
            def progress(done: int, total: int) -> None:
                bar.length = total
                bar.update(done - bar.pos)
                count["n"] = total

            built = ensure_index(corpus_dir=corpus_dir, instance_dir=instance_dir,
                                 force=force or not if_stale, progress=progress)
    except CorpusError as exc:
        _fail(str(exc))
        return
    elapsed = time.perf_counter() - started
    if built:
        click.echo(f"Índice construido: {count['n']} pasajes indexados en {elapsed:.1f} s → {instance_dir / 'index'}")
    else:
        click.echo(f"El índice de {instance_dir / 'index'} ya está al día (el corpus no cambió).")


@click.command("index")
@click.option("--if-stale", is_flag=True, help="Rebuild only when the corpus content hash changed.")
@click.option("--force", is_flag=True, help="Rebuild even if the corpus has not changed.")
def index_cmd(if_stale: bool, force: bool) -> None:
    """Build the search index of the corpus (and imported documents) into the instance folder."""
    cdir, inst = _folders()
    build_with_progress(cdir, inst, force=force, if_stale=if_stale)


def _open():  # type: ignore[no-untyped-def]
    """The instance's index, built first when it is missing or stale."""
    from judge.search.index import IndexMissing, ensure_index, open_index

    cdir, inst = _folders()
    try:
        ensure_index(corpus_dir=cdir, instance_dir=inst)
        return open_index(inst, corpus_dir=cdir)
    except IndexMissing as exc:
        _fail(str(exc))
    except ValueError as exc:  # CorpusError, GlossaryError: messages name the file
        _fail(str(exc))


# ignore_unknown_options: a question may start with a dash ("-1/-1 counters").
@click.command("search", context_settings={"ignore_unknown_options": True})
@click.argument("query")
@click.option("--limit", default=10, show_default=True, type=click.IntRange(1, 100))
@click.option("--doc", default=None, help="Only passages of this document id.")
@click.option("--ruleset", default=None, help="Only passages of this ruleset (magic, doce-vidas).")
@click.option("--json", "as_json", is_flag=True, help="Print the API's JSON shape.")
def search_cmd(query: str, limit: int, doc: str | None, ruleset: str | None, as_json: bool) -> None:
    """Find the passages that answer QUERY (Spanish or English, a rule number, a card name)."""
    ix = _open()
    response = ix.search(query, limit=limit, doc=doc, ruleset=ruleset)
    if as_json:
        click.echo(json.dumps(response.to_json(), ensure_ascii=False, indent=2))
        return
    if response.message:
        click.echo(response.message)
    if response.answer is not None:
        best = ix.terminal_snippet(response.answer, query, width=400)
        click.echo(click.style("Respuesta: ", bold=True) + best)
        number = f" (regla {response.answer.number})" if response.answer.number else ""
        click.echo(f"  — {response.answer.id}{number}")
        click.echo()
    for rank, hit in enumerate(response.results, 1):
        head = f"{rank:2}. " + (f"[{hit.number}] " if hit.number else "") + hit.id
        click.echo(click.style(head, bold=True) + f"  {hit.title}  ({hit.score:g})")
        click.echo("    " + ix.terminal_snippet(hit, query, width=200))


@click.command("eval")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the metrics and misses as JSON.")
@click.option("--limit-print", default=20, show_default=True, type=click.IntRange(0, 10000),
              help="How many misses to list.")
def eval_cmd(file: Path, as_json: bool, limit_print: int) -> None:
    """Recall@5, Recall@10 and MRR@10 of the search on a question file (qa_dev.jsonl or qa_cr_dev.jsonl format)."""
    from judge.search.evaluate import EvalFileError, evaluate, load_questions

    try:
        questions = load_questions(file)
    except EvalFileError as exc:
        _fail(str(exc))
        return
    ix = _open()
    report = evaluate(ix, questions)
    if as_json:
        data = report.to_json()
        data["misses"] = data["misses"][:limit_print]
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    click.echo(f"{report.questions} preguntas — Recall@5 {report.recall5:.3f}  Recall@10 {report.recall10:.3f}  "
               f"MRR@10 {report.mrr10:.3f}")
    if report.misses and limit_print:
        click.echo("Fallos (respuesta fuera de los 5 primeros):")
        for miss in report.misses[:limit_print]:
            where = f"puesto {miss.rank}" if miss.rank else "no está en los 10 primeros"
            click.echo(f"  - {miss.q}  [{where}; primeros: {', '.join(miss.top[:3])}]")


@click.command("search")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--repeat", default=5, show_default=True, type=click.IntRange(1, 1000),
              help="Runs over the question set; the first run is reported apart (cold).")
@click.option("--json", "as_json", is_flag=True)
def bench_search_cmd(file: Path, repeat: int, as_json: bool) -> None:
    """Search latency (p50/p95) on FILE's questions, and the same queries through SQLite FTS5 in the same run."""
    from judge.search.bench import run_bench
    from judge.search.evaluate import EvalFileError, load_questions

    try:
        questions = [q.q for q in load_questions(file)]
    except EvalFileError as exc:
        _fail(str(exc))
        return
    cdir, inst = _folders()
    result = run_bench(cdir, inst, questions, repeat)
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
        return
    click.echo(f"{result['passages']} pasajes, índice {result['index_mb']:.1f} MB, construido en "
               f"{result['build_s']:.2f} s; {result['questions']} preguntas × {repeat}")
    for name in ("whoosh", "whoosh_cold", "fts5"):
        r = result[name]
        click.echo(f"  {r['label']:<34} p50 {r['p50_ms']:6.2f} ms   p95 {r['p95_ms']:6.2f} ms")
