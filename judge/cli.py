"""The `judge` command: index | search | run | eval | bench | serve | corpus import | fuzz | db | cards."""
from __future__ import annotations

import importlib

import click


class LazyGroup(click.Group):
    """A group whose commands are named by the module that defines them, with their one-line help: `judge --help`
    lists them without importing any (an area's imports cost up to a second of CPU: SQLAlchemy, Whoosh, Flask),
    and a command imports only its own module when it runs. tests/scenarios/test_cli_lazy.py checks each `summary` is the
    command's own first line."""

    def __init__(self, *args: object, lazy: dict[str, tuple[str, str]] | None = None, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lazy: dict[str, tuple[str, str]] = dict(lazy or {})     # name → ("module:attribute", summary)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy:
            module, attribute = self.lazy[cmd_name][0].split(":")
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(n) for n in names)
        rows = []
        for name in names:
            command = self.commands.get(name)
            if command is not None and command.hidden:
                continue
            # a command not imported yet: its table line, shortened the way click shortens a command's help
            summary = (command or click.Command(name, help=self.lazy[name][1])).get_short_help_str(limit)
            rows.append((name, summary))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


# Each area's commands, one line each: where the command is defined and its help's first line.
COMMANDS = {
    "corpus": ("judge.corpus.commands:corpus",
               "Documents of the corpus: list them, import the official Comprehensive Rules."),
    "run": ("judge.runner.commands:run_cmd",
            "Run a scenario FILE (YAML or JSON) and print its trace, step by step, with the cited rules."),
    "index": ("judge.search.commands:index_cmd",
              "Build the search index of the corpus (and imported documents) into the instance folder, and the "
              "rule pages' \"Ejemplos\" (every curated scenario run, examples.json) when stale, so no server builds "
              "them."),
    "search": ("judge.search.commands:search_cmd",
               "Find the passages that answer QUERY (Spanish or English, a rule number, a card name)."),
    "eval": ("judge.search.commands:eval_cmd",
             "Recall@5, Recall@10 and MRR@10 of the search on a question file (qa_dev.jsonl or qa_cr_dev.jsonl "
             "format)."),
    "fuzz": ("judge.runner.commands:fuzz_cmd", "Play random legal games and check the invariants after every step."),
    "db": ("judge.store.commands:db_cmd", "The database of saved scenarios."),
    "cards": ("judge.runner.cards:cards_cmd",
              "List every catalog card with `modelled: true|false` and the text the engine does not model."),
}
BENCH_COMMANDS = {
    "search": ("judge.search.commands:bench_search_cmd",
               "Search latency (p50/p95) through /api/search on each FILE's questions, lexical and fused with the "
               "semantic search, and the same queries through SQLite FTS5 in the same run; build times, sizes, "
               "resident memory."),
    "engine": ("judge.runner.commands:bench_engine_cmd",
               "Engine speed: time per step and per scenario for the curated scenarios and for random games."),
    "web": ("judge.web.bench:bench_web_cmd", "Server time of the pages (Flask test client, warm): the step viewer of "
            "a 100-step scenario (a saved version's permalink, which runs it; aim under 100 ms), the builder (empty "
            "table, magic's template), and the library (its first page, its JSON, a title search, a cited-rule "
            "search, its last page) with --saved saved scenarios in a temporary SQLite database (deleted afterwards; the "
            "instance's own database is not touched)."),
    "load": ("judge.web.bench_load:bench_load_cmd",
             "Drive the production server on 127.0.0.1: requests/s, p50, p99 and errors per target, then concurrent "
             "saves checked in the database (none lost, duplicated or refused)."),
    "parse": ("judge.scenarios.bench:bench_parse_cmd",
              "Time reading hostile scenario texts (deep brackets, unclosed, deep blocks) and a curated one."),
    "api": ("judge.web.bench_api:bench_api_cmd",
            "Generated requests against /api: statuses, 5xx, 4xx without a JSON error naming the problem, requests "
            "over their time bound, the slowest."),
    "corpus": ("judge.web.bench_corpus:bench_corpus_cmd",
               "Time parsing two CR files, diffing them and the impact on the scenarios (listed, and re-run)."),
}


@click.group(cls=LazyGroup, lazy=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """rules-judge: busca la regla, arma el tablero, arbitra paso a paso.

    JUDGE_INSTANCE=DIR selects the instance folder (database, index, imported documents).
    """


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=5000, show_default=True, type=int)
@click.option("--debug/--no-debug", default=False)
@click.option("--prod", is_flag=True, help="The production server (Granian, workers sized to the machine).")
@click.option("--workers", type=int, default=None, help="--prod: worker processes (default: one per core).")
@click.option("--threads", type=int, default=None, help="--prod: threads per worker (default 16).")
def serve(host: str, port: int, debug: bool, prod: bool, workers: int | None, threads: int | None) -> None:
    """Serve the web app: the development server, or with --prod the production one (judge/web/serving.py)."""
    if prod:
        from judge.web.serving import ServerPlan, serve_production

        plan = ServerPlan.from_environment(host, port, workers, threads)
        click.echo(plan.describe(), err=True)
        serve_production(plan)
        return
    from judge import create_app

    create_app().run(host=host, port=port, debug=debug)


@main.group(cls=LazyGroup, lazy=BENCH_COMMANDS)
def bench() -> None:
    """Benchmarks: speed and memory, measured here and never by timing asserts in tests."""


if __name__ == "__main__":  # pragma: no cover
    main()
