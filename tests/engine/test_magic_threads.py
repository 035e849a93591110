"""Games run in several threads of one process (a web server's) decide exactly what they decide alone: every cache
is held by its game (MagicCaches), and each game counts its own edit stamps and keeps its own journal
(magic/state.py, Stamps): playing games changes nothing held by a module."""
from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from judge.engine import run_scenario
from judge.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[2]
FILES = ("41-acto", "39-capa-7", "10-mareo")
T = TypeVar("T")


def _traces() -> list[str]:
    out = []
    for prefix in FILES:
        path = next((ROOT / "scenarios" / "magic").glob(f"{prefix}*.yaml"))
        out.append(json.dumps(run_scenario(load_scenario(path)).to_json(), ensure_ascii=False, sort_keys=True))
    return out


def _in_threads(work: Callable[[], T], threads: int, each: int) -> list[T]:
    """`work` run `each` times in each of `threads` threads at once; a thread's failure fails the test."""
    results: list[T] = []
    errors: list[BaseException] = []

    def play() -> None:
        try:
            for _ in range(each):
                results.append(work())
        except BaseException as exc:          # reported below: a thread's failure must fail the test
            errors.append(exc)

    started = [threading.Thread(target=play) for _ in range(threads)]
    for t in started:
        t.start()
    for t in started:
        t.join(timeout=600)
    assert not errors, errors
    assert len(results) == threads * each
    return results


def test_games_in_threads_play_as_they_play_alone() -> None:
    alone = _traces()
    assert all(r == alone for r in _in_threads(_traces, 4, 3))


def _fuzz_reports() -> list[tuple]:
    """Random magic games (the fuzzer's cards: many more kinds of objects and memo entries than three scenarios)."""
    from judge.runner import fuzz_magic
    out = []
    for seed in (2, 7):
        r = fuzz_magic.fuzz(3, seed, step_limit=400)
        out.append((r.games, r.steps, r.actions, sorted(r.winners.items()), r.capped, repr(r.broken)))
    return out


def test_fuzz_games_in_threads_play_as_they_play_alone() -> None:
    alone = _fuzz_reports()
    assert all(r == alone for r in _in_threads(_fuzz_reports, 4, 1))


def _module_containers() -> dict[tuple[str, str], int]:
    """The size of every dict, list and set bound at module level in the magic ruleset's modules."""
    import sys
    out = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("judge.engine.rulesets.magic") or module is None:
            continue
        for attr, value in vars(module).items():
            if type(value) in (dict, list, set):
                out[(name, attr)] = len(value)
    return out


def test_a_game_leaves_nothing_in_module_globals() -> None:
    """Nothing a game works out is kept in a module's dict, list or set (each game's memo is its MagicCaches):
    playing games of new random cards grows none of them."""
    _traces()
    _fuzz_reports()                   # every module imported and every table a game fills, filled once
    before = _module_containers()
    from judge.runner import fuzz_magic
    fuzz_magic.fuzz(3, 1234, step_limit=400)
    grown = {k: (n, _module_containers().get(k)) for k, n in before.items() if _module_containers().get(k) != n}
    assert not grown, grown


def _fingerprint(value: object) -> object:
    """What a module-level value is now: its identity and, for a container, a counter or a plain object, what it
    holds (its repr, or its instance dict's), so a change in place shows as well as a new binding."""
    import itertools
    import types
    if isinstance(value, (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType)):
        return id(value)
    if isinstance(value, (dict, list, set, tuple, frozenset, itertools.count, str, int, float, bool, type(None))):
        return id(value), repr(value)
    state = getattr(value, "__dict__", None)
    return id(value), repr(sorted(state.items(), key=lambda kv: kv[0])) if isinstance(state, dict) else None


def _module_state() -> dict[tuple[str, str], object]:
    """Every value bound at module level in the magic ruleset's modules, fingerprinted."""
    import sys
    return {(name, attr): _fingerprint(value) for name, module in list(sys.modules.items())
            if name.startswith("judge.engine.rulesets.magic") and module is not None
            for attr, value in vars(module).items() if not attr.startswith("__")}


def test_playing_games_changes_no_module_state() -> None:
    """Stricter than the sizes above: no module-level value of the magic ruleset is rebound or changed in place
    by playing games (a process-wide edit counter, `[0]` of a list or an itertools.count, would be: each game now
    counts on its own Stamps), nor a thread-local journal."""
    _traces()
    _fuzz_reports()                   # every module imported, every registry and lazy table filled once
    before = _module_state()
    from judge.runner import fuzz_magic
    fuzz_magic.fuzz(2, 4321, step_limit=300)
    _traces()
    after = _module_state()
    changed = sorted(k for k in before if after.get(k) != before[k])
    assert not changed, changed
