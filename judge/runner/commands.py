"""`judge run`, `judge fuzz` and `judge bench engine`. Heavy imports stay inside the functions (`judge --help`)."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

EXIT_OK, EXIT_FAILED, EXIT_INVALID = 0, 1, 2


@click.command("run")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the trace as JSON instead of text.")
@click.option("--step-limit", type=click.IntRange(min=1), default=None,
              help="Stop after this many steps (overrides the scenario's step_limit).")
@click.option("--lang", type=click.Choice(["es", "en"]), default="es", show_default=True,
              help="Language of the step texts, the verdict and the errors (rule citations stay as they are).")
def run_cmd(file: Path, as_json: bool, step_limit: int | None, lang: str) -> None:
    """Run a scenario FILE (YAML or JSON) and print its trace, step by step, with the cited rules.

    Exit status: 0 every expectation holds; 1 an expectation fails or the run stopped on a choice or the step
    limit the scenario does not expect; 2 the file is unreadable or the scenario is invalid (errors on stderr).
    `--lang en` prints the steps, the verdict and the errors in English (a step not yet translated stays Spanish).
    FILE `-` reads the scenario from standard input; a FILE that does not exist but names a curated scenario as
    `<ruleset>/<name>` (`magic/05-prioridad…`, `magic/faq/<name>`) runs that one.
    """
    from judge.runner import execute

    try:
        source = sys.stdin.buffer.read() if str(file) == "-" else _curated_or_path(file)
        scenario = execute.load(source)
    except execute.InvalidScenario as exc:
        from judge.messages import Message

        click.echo(f"{file}: {Message('format.invalid').render(lang)}", err=True)
        for problem in exc.problems:
            click.echo(f"  {problem.line(lang)}", err=True)
        sys.exit(EXIT_INVALID)
    trace = execute.run(scenario, step_limit=step_limit)
    outcome = execute.verdict(trace)
    if as_json:
        # The same `verdict` as /api/run's JSON (Verdict.to_json): its `ok` decides the exit status; the boards'
        # stack texts and pending prompt in `lang` too.
        from judge.messages import localize_boards

        data = localize_boards(trace.to_json(lang), lang)
        data["verdict"] = outcome.to_json(lang)
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        from judge.runner.citations import resolver
        from judge.runner.render import render_trace

        try:
            resolve = resolver().resolve
        except Exception as exc:  # noqa: BLE001 - the trace is still worth printing without the cited text
            from judge.messages import Message

            click.echo(Message("core.cli.no_corpus", detail=str(exc)).render(lang), err=True)
            resolve = None
        click.echo(render_trace(trace.to_json(lang), resolve, verdict=outcome.render(lang), color=sys.stdout.isatty(),
                                lang=lang))
    sys.exit(EXIT_OK if outcome.ok else EXIT_FAILED)


def _curated_or_path(file: Path) -> Path:
    """FILE itself when it exists; else the curated scenario it names (`magic/faq/<name>`), if there is one (a
    missing path that is not a curated name stays as it is: loading it says the file cannot be read)."""
    if file.exists():
        return file
    from judge.runner.catalog import find, split_key

    key = split_key(str(file).replace("\\", "/"))
    item = find(*key) if key else None
    return item.path if item is not None else file


FUZZERS = {"doce-vidas": "judge.runner.fuzz", "magic": "judge.runner.fuzz_magic"}


def _fuzzer(ruleset: str):  # noqa: ANN202 - a module
    import importlib

    return importlib.import_module(FUZZERS[ruleset])


@click.command("fuzz")
@click.argument("ruleset", type=click.Choice(list(FUZZERS)))
@click.option("--games", type=click.IntRange(min=1, max=1_000_000), default=200, show_default=True,
              help="How many random games to play.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Seed of the whole run: the same seed plays the same games.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("fuzz-fallos"),
              show_default=True, help="Folder for the scenario of a game that breaks an invariant.")
@click.option("--lang", type=click.Choice(["es", "en"]), default="es", show_default=True,
              help="Language of the report and of a broken invariant's problem.")
def fuzz_cmd(ruleset: str, games: int, seed: int, out_dir: Path, lang: str) -> None:
    """Play random legal games and check the invariants after every step.

    doce-vidas: nobody above 24 lives, every card in exactly one zone, the card count constant, every step
    cites a rule, mana never negative, the recycle cost a power of two; after each action, no creature in play
    with lethal damage and no enchantment without its permanent; the engine never raises, accepts every action
    it offers, and ends the game within the step limit.

    magic: every object in exactly one zone (each card of the game once), mana pools empty as each step begins,
    each life total equal to its start plus the life events, every step cites a rule, nothing in combat outside
    combat; whenever a player receives priority, it is a player still in the game and no state-based action is
    left undone; the engine never raises, accepts every action it offers, answers a random illegal action with
    one `illegal` step and the board unchanged. A game ends with a winner or is capped (5,000 steps or 30
    turns), which is not a failure.

    Exit 1 on the first broken invariant, with the game written to --out as a scenario that `judge run`
    replays; exit 0 otherwise. Prints games per second.
    """
    from judge.messages import Message, render
    from judge.runner.fuzz import write_broken

    report = _fuzzer(ruleset).fuzz(games, seed)

    def say(ident: str, **params: Any) -> None:      # a line of the report (fuzz_messages.py) in `lang`
        click.echo(Message(ident, **params).render(lang), err=ident in ("fuzz.report.broken", "fuzz.report.replay"))

    say("fuzz.report.played", games=report.games, steps=report.steps, actions=report.actions,
        seconds=f"{report.seconds:.2f}", rate=f"{report.games_per_second:.1f}")
    if report.broken is not None:
        path = write_broken(report.broken, out_dir)
        say("fuzz.report.broken", game=report.broken.game_index, seed=report.broken.seed, step=report.broken.step,
            problem=report.broken.problem)
        say("fuzz.report.replay", path=str(path))
        sys.exit(EXIT_FAILED)
    nobody = render(Message("fuzz.report.nobody"), lang)
    winners = ", ".join(f"{nobody if k == 'nadie' else k}: {v}" for k, v in sorted(report.winners.items()))
    say("fuzz.report.held", winners=winners, capped=Message("fuzz.report.capped", n=report.capped) if report.capped
        else "")


@click.command("engine")
@click.option("--repeat", type=click.IntRange(min=1, max=1000), default=5, show_default=True,
              help="Runs of each curated scenario (the median run is reported).")
@click.option("--games", type=click.IntRange(min=1, max=100_000), default=200, show_default=True,
              help="Random games to play for the fuzz figures (per ruleset).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True)
@click.option("--ruleset", type=click.Choice([*FUZZERS, "all"]), default="all", show_default=True,
              help="Whose curated scenarios and random games to time.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench_engine_cmd(repeat: int, games: int, seed: int, ruleset: str, as_json: bool) -> None:
    """Engine speed: time per step and per scenario for the curated scenarios and for random games.

    JSON: `date`, `python`, `rulesets`, `reference_ms` ({before, after}: the machine's speed, a fixed Python loop
    timed before and after); doce-vidas's figures at the top (`curated`, `fuzz`, `replay`), each other ruleset's
    under its id (`magic: {curated, fuzz, replay}`)."""
    import platform
    from datetime import datetime, timezone

    rulesets = list(FUZZERS) if ruleset == "all" else [ruleset]
    figures: dict = {"date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                     "python": platform.python_version(), "rulesets": rulesets,
                     "reference_ms": {"before": _reference_ms()}}
    for rs in rulesets:
        measured = _bench_ruleset(rs, repeat, games, seed)
        if rs == "doce-vidas":
            figures.update(measured)          # the shape the figures had before magic
        else:
            figures[rs] = measured
    figures["reference_ms"]["after"] = _reference_ms()
    if as_json:
        click.echo(json.dumps(figures, ensure_ascii=False, indent=2))
        return
    click.echo(f"judge bench engine · {figures['date']} · Python {figures['python']}")
    ref = figures["reference_ms"]
    click.echo(f"machine: reference loop {ref['before']:.0f} ms before, {ref['after']:.0f} ms after (the best of 3 "
               "runs of 2,000,000 additions in Python; a host that lends this process less of a core makes it, and "
               "every figure below, slower by the same factor)")
    for rs in rulesets:
        _print_bench(rs, figures if rs == "doce-vidas" else figures[rs], repeat, seed)


def _reference_ms() -> float:
    """How fast this machine runs Python right now: the best of three runs of a fixed loop, in ms. A shared host
    can give a process half of a core for minutes at a time; the engine's figures scale with this one."""
    import time

    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        total = 0
        for k in range(2_000_000):
            total += k
        best = min(best, time.perf_counter() - started)
    return best * 1000


def _bench_ruleset(ruleset: str, repeat: int, games: int, seed: int) -> dict:
    """One ruleset's figures: its curated scenarios (median of `repeat` runs each), `games` fuzz games and the
    first 50 of those replayed as scenarios."""
    import statistics
    import time

    from judge.runner import execute
    from judge.runner.catalog import curated

    rows = []
    load_times = []
    invalid = []
    for item in curated():
        if item.ruleset != ruleset:
            continue
        started = time.perf_counter()
        try:
            scenario = execute.load(item.path)
        except execute.InvalidScenario:
            invalid.append(f"{item.ruleset}/{item.name}")
            continue
        load_times.append(time.perf_counter() - started)
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            trace = execute.run(scenario)
            times.append(time.perf_counter() - started)
        rows.append({"scenario": f"{item.ruleset}/{item.name}", "steps": len(trace.steps),
                     "ms": statistics.median(times) * 1000})
    total_ms = sum(r["ms"] for r in rows)
    total_steps = sum(r["steps"] for r in rows)
    report = _fuzzer(ruleset).fuzz(games, seed)
    replay = _replay_random_games(ruleset, min(games, 50), seed)
    curated_figures = {
        "scenarios": len(rows), "steps": total_steps, "repeat": repeat,
        "ms_per_scenario": total_ms / len(rows) if rows else 0.0,
        "ms_load_per_scenario": statistics.median(load_times) * 1000 if load_times else 0.0,
        "us_per_step": total_ms * 1000 / total_steps if total_steps else 0.0,
        "slowest": max(rows, key=lambda r: r["ms"]) if rows else None,
    }
    if invalid:
        curated_figures["invalid"] = invalid
    return {
        "curated": curated_figures,
        "fuzz": {
            "games": report.games, "seed": seed, "steps": report.steps, "actions": report.actions,
            "seconds": report.seconds, "games_per_second": report.games_per_second,
            "ms_per_game": report.seconds * 1000 / report.games if report.games else 0.0,
            "us_per_step": report.seconds * 1e6 / report.steps if report.steps else 0.0,
            "capped": report.capped,
            "broken": str(report.broken.problem) if report.broken else None,      # JSON: the Spanish line
        },
        "replay": replay,
    }


def _print_bench(ruleset: str, figures: dict, repeat: int, seed: int) -> None:
    c, f, r = figures["curated"], figures["fuzz"], figures["replay"]
    click.echo(f"[{ruleset}]")
    click.echo(f"curated: {c['scenarios']} scenarios, {c['steps']} steps (median of {repeat} runs each)")
    click.echo(f"  run: {c['ms_per_scenario']:.2f} ms per scenario · {c['us_per_step']:.0f} µs per step · "
               f"load and validate (YAML), median: {c['ms_load_per_scenario']:.2f} ms per scenario")
    if c["slowest"]:
        click.echo(f"  slowest: {c['slowest']['scenario']} {c['slowest']['ms']:.2f} ms ({c['slowest']['steps']} steps)")
    if c.get("invalid"):
        click.echo(f"  not valid, left out: {', '.join(c['invalid'])}")
    capped = f", {f['capped']} capped" if f["capped"] else ""
    click.echo(f"fuzz: {f['games']} random games (seed {seed}), {f['steps']} steps, {f['actions']} actions{capped}")
    click.echo(f"  {f['games_per_second']:.1f} games/s · {f['ms_per_game']:.1f} ms per game · "
               f"{f['us_per_step']:.0f} µs per step (incl. legal_actions and invariant checks)")
    if f["broken"]:
        click.echo(f"  invariant broken: {f['broken']} (run `judge fuzz {ruleset}` to get the scenario)")
    click.echo(f"replay: the first {r['games']} of those games as scenarios through run_scenario, {r['steps']} steps")
    click.echo(f"  {r['ms_per_game']:.1f} ms per game · {r['us_per_step']:.0f} µs per step (engine only)")


def _replay_random_games(ruleset: str, games: int, seed: int) -> dict[str, float | int]:
    """The engine alone on random games: play them once to get the actions, then time `run_scenario` on each
    game written as a scenario (no legal-action generation, no invariant checks)."""
    import random
    import time

    from judge.engine import run_scenario
    from judge.scenarios import load_scenario

    fuzzer = _fuzzer(ruleset)
    master = random.Random(seed)
    scenarios = []
    for index in range(1, games + 1):
        game_seed = master.randrange(2**31)
        rng = random.Random(game_seed)
        doc = fuzzer.random_scenario(rng, index, game_seed)
        doc["actions"] = fuzzer.play_game(doc, rng).played
        scenarios.append(load_scenario(doc))
    steps = 0
    started = time.perf_counter()
    for scenario in scenarios:
        steps += len(run_scenario(scenario).steps)
    seconds = time.perf_counter() - started
    return {"games": games, "steps": steps, "seconds": seconds,
            "ms_per_game": seconds * 1000 / games if games else 0.0,
            "us_per_step": seconds * 1e6 / steps if steps else 0.0}
