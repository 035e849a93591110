"""`judge index`, `judge search`, `judge eval`, `judge bench search`.

Heavy imports stay inside the commands so `judge --help` stays fast. What `index`, `search` and `eval` print is
said in `--lang` (Spanish by default) through judge/cli_messages.py.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import click

from judge.cli_messages import lang_option, say
from judge.messages import error_text
from judge.search.building import _fail, build_with_progress, echo_vectors  # noqa: F401 (re-exported)


def _folders() -> tuple[Path, Path]:
    from judge.config import corpus_dir, instance_dir

    return corpus_dir(), instance_dir()


@click.command("index")
@click.option("--if-stale", is_flag=True, help="Rebuild only when the corpus content hash changed.")
@click.option("--force", is_flag=True, help="Rebuild even if the corpus has not changed.")
@click.option("--wait", is_flag=True,
              help="Compute the passages' missing vectors here, with the progress bar, instead of in the background.")
@lang_option
def index_cmd(if_stale: bool, force: bool, wait: bool, lang: str) -> None:
    """Build the search index of the corpus (and imported documents) into the instance folder, and the rule
    pages' "Ejemplos" (every curated scenario run, examples.json) when stale, so no server builds them."""
    cdir, inst = _folders()
    build_with_progress(cdir, inst, force=force, if_stale=if_stale, wait=wait, lang=lang)
    from judge.web.examples import index as examples_index

    started = time.monotonic()
    examples_index(instance=inst)     # as fast as a file read when examples.json is up to date
    click.echo(say(lang, "cli.index.examples", seconds=time.monotonic() - started))


def _open(semantic: bool | None = None, embed: str = "background", lang: str = "es"):  # type: ignore[no-untyped-def]
    """The instance's index, built first when it is missing or stale; the vectors it lacks (with the semantic
    search on: `semantic`, else JUDGE_SEARCH_SEMANTIC) computed as `embed` says (ensure_index)."""
    from judge.search.index import IndexMissing, ensure_index, open_index

    cdir, inst = _folders()
    try:
        ensure_index(corpus_dir=cdir, instance_dir=inst, semantic=semantic, embed=embed)
        return open_index(inst, corpus_dir=cdir, semantic=semantic)
    except IndexMissing as exc:
        _fail(error_text(exc, lang))
    except ValueError as exc:  # CorpusError, GlossaryError: messages name the file
        _fail(error_text(exc, lang))


# ignore_unknown_options: a question may start with a dash ("-1/-1 counters").
@click.command("search", context_settings={"ignore_unknown_options": True})
@click.argument("query")
@click.option("--limit", default=10, show_default=True, type=click.IntRange(1, 100))
@click.option("--doc", default=None, help="Only passages of this document id.")
@click.option("--ruleset", default=None, help="Only passages of this ruleset (magic, doce-vidas).")
@click.option("--json", "as_json", is_flag=True, help="Print the API's JSON shape.")
@lang_option
def search_cmd(query: str, limit: int, doc: str | None, ruleset: str | None, as_json: bool, lang: str) -> None:
    """Find the passages that answer QUERY (Spanish or English, a rule number, a card name)."""
    ix = _open(lang=lang)
    response = ix.search(query, limit=limit, doc=doc, ruleset=ruleset)
    if as_json:
        click.echo(json.dumps(response.to_json(), ensure_ascii=False, indent=2))
        return
    if response.message:
        click.echo(response.message.render(lang))
    if response.answer is not None:
        best = ix.terminal_snippet(response.answer, query, width=400)
        click.echo(click.style(say(lang, "cli.search.answer"), bold=True) + best)
        number = say(lang, "cli.search.rule", number=response.answer.number) if response.answer.number else ""
        click.echo(f"  — {response.answer.id}{number}")
        click.echo()
    for rank, hit in enumerate(response.results, 1):
        head = f"{rank:2}. " + (f"[{hit.number}] " if hit.number else "") + hit.id
        click.echo(click.style(head, bold=True) + f"  {hit.title}  ({hit.score:g})")
        click.echo("    " + ix.terminal_snippet(hit, query, width=200))


_SEMANTIC_HELP = ("With/without the semantic search fused with the lexical ranking (default: "
                  "JUDGE_SEARCH_SEMANTIC).")


@click.command("eval")
@click.argument("file", required=False, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--all", "every", is_flag=True,
              help="Every question set: ../shared/eval/*.jsonl and tests/search/*.jsonl, one line each.")
@click.option("--json", "as_json", is_flag=True, help="Print the metrics and misses as JSON.")
@click.option("--limit-print", default=20, show_default=True, type=click.IntRange(0, 10000),
              help="How many misses to list (--json lists every crossed one besides).")
@click.option("--semantic/--no-semantic", default=None, help=_SEMANTIC_HELP)
@click.option("--both", is_flag=True, help="Report both paths: lexical alone, and fused with the semantic search.")
@click.option("--rerank/--no-rerank", default=None,
              help="With/without the learnt second stage over the first 50 passages (default: with, when shipped).")
@click.option("--train-rerank", "train_out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Learn the second stage's weights from FILE (or --all but the *_heldout sets), print the "
                   "5-fold cross-validated figures and write the weights to this path.")
@lang_option
def eval_cmd(file: Path | None, every: bool, as_json: bool, limit_print: int, semantic: bool | None,
             both: bool, rerank: bool | None, train_out: Path | None, lang: str) -> None:
    """Recall@5, Recall@10 and MRR@10 of the search on a question file (qa_dev.jsonl or qa_cr_dev.jsonl format)."""
    from judge.config import CHECKOUT_DIR
    from judge.search.evaluate import EvalFileError, evaluate, load_questions, question_sets

    if (file is None) == (not every):
        _fail(say(lang, "cli.eval.file_or_all"))
        return
    files = question_sets(CHECKOUT_DIR) if every else [file]
    if train_out is not None:
        if every:   # the held-out sets judge; they are never learnt from
            files = [f for f in files if not f.stem.endswith("_heldout")]
        _train_rerank(files, train_out, semantic, lang)
        return
    if not files:
        _fail(say(lang, "cli.eval.no_files"))
        return
    try:
        loaded = [(f, load_questions(f)) for f in files]
    except EvalFileError as exc:
        _fail(error_text(exc, lang))
        return
    # Figures of the fused search need every vector: wait for them (the background job's, or computed here).
    ix = _open(True if both else semantic, embed="wait", lang=lang)
    paths = [(say(lang, "cli.eval.lexical"), False), (say(lang, "cli.eval.fused"), True)] if both else \
        [(None, semantic)]
    results = {}
    for f, questions in loaded:
        results[f] = [(label, on, evaluate(ix, questions, semantic=on, rerank=rerank)) for label, on in paths]
    if as_json:
        per_file = {}
        for f, reports in results.items():
            out = {}
            for label, on, report in reports:
                data = report.to_json()
                # every crossed question past the limit stays listed: the game decision is judged by that list
                # (tools/eval_compare.py), and a set of many misses hid its crossed ones
                data["misses"] = data["misses"][:limit_print] + [m for m in data["misses"][limit_print:]
                                                                 if m["crossed"]]
                data["semantic"] = report.semantic
                out["semantic" if on else "lexical"] = data
            per_file[str(f)] = out if both else out.popitem()[1]
        click.echo(json.dumps(per_file if every else per_file[str(file)], ensure_ascii=False, indent=2))
        return
    for f, reports in results.items():
        if every:
            click.echo(f"{f.parent.name}/{f.name}")
        for label, on, report in reports:
            path = f"[{label}] " if label else ""
            crossed = (say(lang, "cli.eval.crossed", crossed=report.crossed, with_game=report.with_game)
                       if report.with_game else "")
            figures = say(lang, "cli.eval.line", questions=report.questions, r5=report.recall5, r10=report.recall10,
                          mrr=report.mrr10)
            click.echo(f"{'  ' if every else ''}{path}{figures}{crossed}"
                       + (say(lang, "cli.eval.lexical_only") if report.requested and not report.semantic else ""))
        if every:
            continue
        for label, on, report in reports[-1:]:
            if report.misses and limit_print:
                click.echo(say(lang, "cli.eval.misses_of", label=label) if label else say(lang, "cli.eval.misses"))
                for miss in report.misses[:limit_print]:
                    where = say(lang, "cli.eval.rank", rank=miss.rank) if miss.rank else \
                        say(lang, "cli.eval.not_in_ten")
                    if miss.crossed:
                        where += say(lang, "cli.eval.other_game")
                    click.echo(say(lang, "cli.eval.miss", q=miss.q, where=where, top=", ".join(miss.top[:3])))


def _train_rerank(files: list[Path], out: Path, semantic: bool | None, lang: str = "es") -> None:
    """`judge eval --train-rerank OUT`: rerank_train.py; the weights file is written whole or not at all."""
    import os
    import tempfile

    from judge.search import rerank_train as T
    from judge.search.evaluate import EvalFileError, load_questions

    try:
        T.check_trainable(files)
        loaded = [(f, load_questions(f)) for f in files]
    except (T.HeldOutRefused, EvalFileError) as exc:
        _fail(error_text(exc, lang))
        return
    ix = _open(semantic, embed="wait", lang=lang)
    model, report = T.train(ix, loaded, semantic=semantic)
    for name, (r5, r10, mrr) in report["cross_validation"].items():
        pooled = name in ("first stage", "re-ranked")   # the others are one file's questions of the same folds
        click.echo(f"{'' if pooled else '  '}{name}: Recall@5 {r5:.3f}  Recall@10 {r10:.3f}  MRR@10 {mrr:.3f}"
                   + (say(lang, "cli.eval.folds", questions=report["questions"], folds=report["folds"])
                      if pooled else ""))
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=out.name + ".", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(model.to_json(report), fh, ensure_ascii=False, indent=1)
        fh.write("\n")
    os.chmod(tmp, 0o644)   # mkstemp makes it private; the weights are shipped, not secret
    os.replace(tmp, out)
    click.echo(say(lang, "cli.eval.weights", path=out))


@click.command("search")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--repeat", default=5, show_default=True, type=click.IntRange(1, 1000),
              help="Runs over the question set; the first run is reported apart (cold).")
@click.option("--semantic/--no-semantic", default=None,
              help="Time the fused path too (default: JUDGE_SEARCH_SEMANTIC); the lexical path is always timed.")
@click.option("--embed-sample", default=64, show_default=True, type=click.IntRange(1, 100000),
              help="Passages embedded to measure the cost of embedding one.")
@click.option("--json", "as_json", is_flag=True)
@lang_option
def bench_search_cmd(files: tuple[Path, ...], repeat: int, semantic: bool | None, embed_sample: int,
                     as_json: bool, lang: str) -> None:
    """Search latency (p50/p95) through /api/search on each FILE's questions, lexical and fused with the semantic
    search, and the same queries through SQLite FTS5 in the same run; build times, sizes, resident memory."""
    from judge.search.bench import run_bench
    from judge.search.evaluate import EvalFileError, load_questions

    sets: list[tuple[Path, list[str]]] = []
    for file in files:
        try:
            sets.append((file, [q.q for q in load_questions(file)]))
        except EvalFileError as exc:
            _fail(error_text(exc, lang))
            return
    cdir, inst = _folders()
    results = []
    for n, (file, questions) in enumerate(sets):
        result = run_bench(cdir, inst, questions, repeat, semantic=semantic, embed_sample=embed_sample,
                           builds=n == 0)
        result["file"] = str(file)
        result["date"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        results.append(result)
        if not as_json:
            _print_bench(result, repeat, semantic, lang)
    if as_json:
        click.echo(json.dumps(results[0] if len(results) == 1 else results, ensure_ascii=False, indent=2))
    elif len(results) > 1:
        click.echo(say(lang, "cli.bench.sets_head"))
        for r in results:
            fused = (f"{r['semantic']['p50_ms']:.1f} / {r['semantic']['p95_ms']:.1f}" if r["semantic_active"]
                     else "—")
            click.echo(say(lang, "cli.bench.set", name=Path(r["file"]).name.ljust(28),
                           lexical=f"{r['whoosh']['p50_ms']:.2f} / {r['whoosh']['p95_ms']:.2f}", fused=fused,
                           fts5=f"{r['fts5']['p50_ms']:.2f} / {r['fts5']['p95_ms']:.2f}",
                           ratio=r.get("lexical_over_fts5_p50", 0), cpu=r.get("lexical_over_fts5_cpu_p50", 0)))


def _print_bench(result: dict, repeat: int, semantic: bool | None,  # type: ignore[type-arg]
                 lang: str = "es") -> None:
    click.echo(say(lang, "cli.bench.head", date=result["date"], file=result["file"], passages=result["passages"],
                   questions=result["questions"], repeat=repeat))
    if "build_s" in result:
        click.echo(say(lang, "cli.bench.index", mb=result["index_mb"], seconds=result["build_s"]))
    if "build_semantic_s" in result:
        click.echo(say(lang, "cli.bench.vectors", mb=result["vectors_mb"], seconds=result["build_semantic_s"],
                       cached=result["build_semantic"]["cached"]))
    if "embed_ms_per_passage" in result:
        click.echo(say(lang, "cli.bench.embed", ms=result["embed_ms_per_passage"],
                       cpu=result["embed_cpu_ms_per_passage"], minutes=result["embed_all_estimate_s"] / 60,
                       load=result["model_load_s"]))
    if result.get("question_encoder"):
        click.echo(say(lang, "cli.bench.encoder", encoder=result["question_encoder"]))
    memory = say(lang, "cli.bench.memory", mb=result["rss_lexical_mb"])
    if "rss_semantic_extra_mb" in result:
        memory += say(lang, "cli.bench.memory_semantic", mb=result["rss_semantic_extra_mb"])
    click.echo(memory + say(lang, "cli.bench.memory_total", mb=result["rss_total_mb"]))
    names = ["whoosh", "whoosh_cold"]
    if result["semantic_active"]:
        names += ["semantic", "semantic_cold", "semantic_recent", "question_vector"]
    elif semantic is not False:
        click.echo(say(lang, "cli.bench.no_semantic"))
    click.echo(say(lang, "cli.bench.columns", through=result["through"], gap="".ljust(3),
                   wall=say(lang, "cli.bench.wall_p50").rjust(10), p95="p95".rjust(9), cpu="CPU p50".rjust(9),
                   cpu95="p95".rjust(9)))
    for name in names + ["fts5"]:
        r = result[name]
        cpu = (f"   {r['cpu_p50_ms']:6.2f} ms {r['cpu_p95_ms']:6.2f} ms" if "cpu_p50_ms" in r else "")
        # the path's label is bench.py's JSON `label`, the same in both languages
        click.echo(f"  {r['label']:<38} {r['p50_ms']:7.2f} ms {r['p95_ms']:6.2f} ms{cpu}")
    if "lexical_over_fts5_p50" in result:
        cpu = (say(lang, "cli.bench.ratio_cpu", ratio=result["lexical_over_fts5_cpu_p50"])
               if "lexical_over_fts5_cpu_p50" in result else "")
        click.echo(say(lang, "cli.bench.ratio", ratio=result["lexical_over_fts5_p50"], cpu=cpu))
