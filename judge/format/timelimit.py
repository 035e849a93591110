"""A request's time limit over the stages that run before the engine plays: reading the text (the depth scan, the
YAML or JSON parse), bounding the parsed tree, the schema checks, and the builder's fix search (each try is checked
again). The web layer sets one deadline per validation or run (`deadline`), the loader names the stage it is in
(`stage`) and looks at the clock where its work grows with the text (`check`: per YAML token, per line scanned,
per mapping or list checked), so no stage outlasts the deadline by more than one such piece of work. Outside a
`deadline` (the CLI, curated runs, tests) `check` only reads a context variable: nothing is cut.

The engine's own deadline (judge.engine.run, `time_budget`) bounds the game itself, step by step; this bounds what
comes before it. Only a clock is read: a run's result never depends on where it would have stopped.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

# What each stage is doing, for the error (the web layer words it in the page's language): the order they run in.
STAGES = ("depth", "parse", "tree", "checks", "lines", "suggestions", "yaml", "dry-run", "fixes", "run")


@dataclass(frozen=True)
class _Bound:
    spent: Callable[[], bool]
    seconds: float


_BOUND: ContextVar[_Bound | None] = ContextVar("judge_time_limit", default=None)
# The stages being run, outermost first (a fix try's checks run inside the fix search).
_STAGES: ContextVar[tuple[str, ...]] = ContextVar("judge_time_limit_stages", default=())


class TimeLimit(Exception):
    """The deadline passed during `stage` (one of STAGES); `seconds` is the whole budget it had."""

    def __init__(self, stage: str, seconds: float) -> None:
        super().__init__(f"time limit of {seconds:g} s reached during {stage}")
        self.stage = stage
        self.seconds = seconds

    def to_json(self) -> dict[str, object]:
        return {"stage": self.stage, "seconds": self.seconds}


@contextmanager
def deadline(spent: Callable[[], bool], seconds: float) -> Iterator[None]:
    """Bound every `check` inside the block by `spent()` (e.g. judge.runner.dryrun.Budget.spent, whose clock the
    tests replace); `seconds` is what the error reports."""
    token = _BOUND.set(_Bound(spent, seconds))
    try:
        yield
    finally:
        _BOUND.reset(token)


@contextmanager
def stage(name: str) -> Iterator[None]:
    """The block is stage `name` (what a TimeLimit raised inside says was being done); checks on entry."""
    assert name in STAGES, name
    token = _STAGES.set((*_STAGES.get(), name))
    try:
        check()
        yield
    finally:
        _STAGES.reset(token)


def check() -> None:
    """Raise TimeLimit when the current deadline has passed (nothing without one)."""
    bound = _BOUND.get()
    if bound is not None and bound.spent():
        raise TimeLimit(current_stage(), bound.seconds)


def passed() -> bool:
    """Whether the current deadline has passed (False without one): for work that stops early and says so rather
    than fail the request (the card-name suggestions of errors already found)."""
    bound = _BOUND.get()
    return bound is not None and bound.spent()


def seconds() -> float | None:
    """The whole budget of the current deadline (None without one), for an answer that says it was cut."""
    bound = _BOUND.get()
    return bound.seconds if bound is not None else None


def current_stage() -> str:
    """The innermost stage being run ("checks" outside any: a caller validating a tree it built)."""
    stages = _STAGES.get()
    return stages[-1] if stages else "checks"


def stages() -> tuple[str, ...]:
    """Every stage being run, outermost first (what a test's clock reads to pass the deadline in one of them)."""
    return _STAGES.get()


def active() -> bool:
    """Whether a deadline bounds this context (callers skip their clock reads otherwise)."""
    return _BOUND.get() is not None
