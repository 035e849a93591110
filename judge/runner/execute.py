"""Load a scenario from text, run it, and judge the outcome; shared by `judge run`, /api/run and the run page.

Two kinds of bad input, both reported with what is wrong and where, never as a traceback:
- a body that is not YAML/JSON at all (the error names the line),
- a scenario that parses but is not valid (every field error with its path, all at once).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Mapping

    from judge.engine import Trace
    from judge.scenarios import Scenario


@dataclass(frozen=True)
class Problem:
    path: str
    message: str

    def to_json(self) -> dict[str, str]:
        return {"path": self.path, "message": self.message}

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class InvalidScenario(Exception):
    """The scenario cannot run: unreadable, malformed or invalid. `problems` lists every error found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems

    def to_json(self) -> dict[str, Any]:
        return {"error": "escenario no válido", "errors": [p.to_json() for p in self.problems]}


def load(source: "str | bytes | Path | Mapping[str, Any]", fmt: str | None = None) -> "Scenario":
    """Parse and validate a scenario (text, a file, or a document parse_text already read); raise
    InvalidScenario with every problem found.

    Malformed YAML/JSON comes back as one problem at the document root whose message names the line.
    """
    from judge.scenarios import ScenarioError, load_scenario

    try:
        return load_scenario(source, fmt=fmt)
    except ScenarioError as exc:
        raise InvalidScenario([Problem(e.path, e.message) for e in exc.errors]) from None


def run(scenario: "Scenario", step_limit: int | None = None, board_budget: int | None = None,
        time_budget: float | None = None) -> "Trace":
    """The scenario's trace; `board_budget` bounds the board snapshots it carries, `time_budget` its wall-clock
    seconds (see run_scenario)."""
    from judge.engine import run_scenario

    return run_scenario(scenario, step_limit=step_limit, board_budget=board_budget, time_budget=time_budget)


@dataclass(frozen=True)
class Verdict:
    ok: bool
    line: str
    unmodelled: tuple[str, ...] = ()    # card text not modelled that could have changed the result (Trace.unmodelled)

    def to_json(self) -> dict[str, Any]:
        """The run JSON's `verdict` (`judge run --json`, /api/run, the run pages' JSON): `ok` is trace.ok, `text`
        the verdict line the terminal and the page print, `unmodelled` the card text not modelled that could have
        changed the result."""
        return {"ok": self.ok, "text": self.line, "unmodelled": list(self.unmodelled)}


STOP_REASONS = {
    "limite": "se detuvo en el límite de pasos",
    "eleccion": "se detuvo esperando una elección que el guion no da",
}


def verdict(trace: "Trace") -> Verdict:
    """`trace.ok` decides (every expectation holds, and an early stop only if the scenario expects it with
    `{stopped: ...}`); this only puts the reason into words for the terminal and the page."""
    total = sum(1 for s in trace.steps if s.kind == "expectation")
    failed = len(trace.failed_expectations)
    notes = tuple(trace.unmodelled)
    # Text the engine does not model was flagged after the setup: it could have changed the result, and the verdict
    # says so ("BIEN, con texto no modelado: …").
    # Each note ends saying what it is («… (texto no modelado)», «… (habilidad no modelada)»): after that head the
    # first would say it twice, so the line drops it (the JSON's `unmodelled` keeps the notes as the steps have them).
    listed = "; ".join(n.removesuffix(" (texto no modelado)") for n in notes)
    head = (lambda word: f"{word}, con texto no modelado: {listed} —") if notes else (lambda word: word + ":")
    if trace.ok and not total:
        return Verdict(True, f"{head('BIEN')} la ejecución terminó sin expectativas que comprobar "
                             f"({len(trace.steps)} pasos, final: {trace.stopped}).", notes)
    if trace.ok:
        checks = "se cumple la expectativa" if total == 1 else f"se cumplen las {total} expectativas"
        return Verdict(True, f"{head('BIEN')} {checks} ({len(trace.steps)} pasos, "
                             f"final: {trace.stopped}).", notes)
    reasons = []
    if failed:
        reasons.append("la expectativa no se cumple" if total == 1 else
                       f"{failed} de {total} expectativas no se cumple" + ("" if failed == 1 else "n"))
    if trace.stopped in STOP_REASONS:
        reasons.append(f"la ejecución {STOP_REASONS[trace.stopped]} y el escenario no lo espera")
    return Verdict(False, f"{head('FALLA')} " + "; ".join(reasons or ["la ejecución no terminó como se esperaba"])
                   + ".", notes)
