"""The `judge` command: index | search | run | eval | bench | serve | corpus import | fuzz."""
from __future__ import annotations

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
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


@main.group()
def bench() -> None:
    """Benchmarks: speed and memory, measured here and never by timing asserts in tests."""


# Each area registers its commands below (one line each), importing from its own module.
from judge.corpus.commands import corpus; main.add_command(corpus)  # noqa: E402,E702

from judge.runner.commands import run_cmd; main.add_command(run_cmd)  # noqa: E402,E702
from judge.search.commands import index_cmd; main.add_command(index_cmd)  # noqa: E402,E702
from judge.search.commands import search_cmd; main.add_command(search_cmd)  # noqa: E402,E702
from judge.search.commands import eval_cmd; main.add_command(eval_cmd)  # noqa: E402,E702
from judge.search.commands import bench_search_cmd; bench.add_command(bench_search_cmd)  # noqa: E402,E702
from judge.runner.commands import fuzz_cmd; main.add_command(fuzz_cmd)  # noqa: E402,E702
from judge.runner.commands import bench_engine_cmd; bench.add_command(bench_engine_cmd)  # noqa: E402,E702
from judge.web.bench import bench_web_cmd; bench.add_command(bench_web_cmd)  # noqa: E402,E702
from judge.web.bench_load import bench_load_cmd; bench.add_command(bench_load_cmd)  # noqa: E402,E702
from judge.scenarios.bench import bench_parse_cmd; bench.add_command(bench_parse_cmd)  # noqa: E402,E702
from judge.web.bench_api import bench_api_cmd; bench.add_command(bench_api_cmd)  # noqa: E402,E702
from judge.web.bench_corpus import bench_corpus_cmd; bench.add_command(bench_corpus_cmd)  # noqa: E402,E702
from judge.store.commands import db_cmd; main.add_command(db_cmd)  # noqa: E402,E702
from judge.runner.cards import cards_cmd; main.add_command(cards_cmd)  # noqa: E402,E702

if __name__ == "__main__":  # pragma: no cover
    main()
