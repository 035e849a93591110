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

    from judge.messages import Message

    from judge.engine import Trace
    from judge.scenarios import Scenario


@dataclass(frozen=True)
class Problem:
    path: str
    message: str                       # Spanish
    said: "Message | None" = None      # the message as an id and parameters, where the error has one

    def render(self, lang: str = "es") -> str:
        return self.said.render(lang) if self.said is not None else self.message

    def to_json(self, lang: str = "es") -> dict[str, Any]:
        """{path, message (in `lang`)}, and the message's `id` and `params` where it has them."""
        out: dict[str, Any] = {"path": self.path, "message": self.render(lang)}
        if self.said is not None:
            out.update(self.said.to_json())
        return out

    def line(self, lang: str = "es") -> str:
        text = self.render(lang)
        return f"{self.path}: {text}" if self.path else text

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class InvalidScenario(Exception):
    """The scenario cannot run: unreadable, malformed or invalid. `problems` lists every error found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems

    def to_json(self, lang: str = "es") -> dict[str, Any]:
        from judge.messages import Message

        return {"error": Message("format.invalid").render(lang), "errors": [p.to_json(lang) for p in self.problems]}


def load(source: "str | bytes | Path | Mapping[str, Any]", fmt: str | None = None) -> "Scenario":
    """Parse and validate a scenario (text, a file, or a document parse_text already read); raise
    InvalidScenario with every problem found.

    Malformed YAML/JSON comes back as one problem at the document root whose message names the line.
    """
    from judge.scenarios import ScenarioError, load_scenario

    try:
        return load_scenario(source, fmt=fmt)
    except ScenarioError as exc:
        raise InvalidScenario([Problem(e.path, e.message, getattr(e, "said", None)) for e in exc.errors]) from None


def run(scenario: "Scenario", step_limit: int | None = None, board_budget: int | None = None,
        time_budget: float | None = None, started: float | None = None) -> "Trace":
    """The scenario's trace; `board_budget` bounds the board snapshots it carries, `time_budget` its wall-clock
    seconds, counted from `started` (default: now; see run_scenario)."""
    from judge.engine import run_scenario

    return run_scenario(scenario, step_limit=step_limit, board_budget=board_budget, time_budget=time_budget,
                        started=started)


@dataclass(frozen=True)
class Verdict:
    ok: bool
    message: "str | Message"            # a Message (verdict() always); a plain Spanish line still works
    unmodelled: tuple[str, ...] = ()    # card text not modelled that could have changed the result (Trace.unmodelled)

    @property
    def line(self) -> str:
        """The verdict line in Spanish (what the terminal and the page print by default)."""
        return self.render()

    def render(self, lang: str = "es") -> str:
        from judge.messages import render

        return render(self.message, lang)

    def to_json(self, lang: str = "es") -> dict[str, Any]:
        """The run JSON's `verdict` (`judge run --json`, /api/run, the run pages' JSON): `ok` is trace.ok, `text`
        the verdict line the terminal and the page print (in `lang`), `message` the same as an id and parameters
        (judge/messages.py), `unmodelled` the card text not modelled that could have changed the result (in `lang`; its
        notes as messages in `unmodelled_messages`)."""
        from judge.messages import message_json, notes_json

        out: dict[str, Any] = {"ok": self.ok, "text": self.render(lang)}
        if (said := message_json(self.message)) is not None:
            out["message"] = said
        out["unmodelled"], messages = notes_json(self.unmodelled, lang)
        if messages is not None:            # each note as a message ({id, params}), as `message` is beside `text`
            out["unmodelled_messages"] = messages
        return out


def _short(note: str) -> "Message | str":
    """A note as the verdict line lists it: a card's text without its «(texto no modelado)», which the line's head
    says; an ability's note as it is. A plain Spanish note (not a Note) loses the same suffix."""
    from judge.messages import Message, Note

    if isinstance(note, Note):
        said = note.message
        return Message("core.unmodelled.text_short", said.params) if said.id == "core.unmodelled.text" else said
    return note.removesuffix(" (texto no modelado)")


STOP_REASONS = {
    "limite": "se detuvo en el límite de pasos",
    "eleccion": "se detuvo esperando una elección que el guion no da",
}


def verdict(trace: "Trace") -> Verdict:
    """`trace.ok` decides (every expectation holds, and an early stop only if the scenario expects it with
    `{stopped: ...}`); this only puts the reason into words for the terminal and the page."""
    from judge.messages import Message

    total = sum(1 for s in trace.steps if s.kind == "expectation")
    failed = len(trace.failed_expectations)
    notes = tuple(trace.unmodelled)
    # Text the engine does not model was flagged after the setup: it could have changed the result, and the verdict
    # says so ("BIEN, con texto no modelado: …").
    # Each note ends saying what it is («… (texto no modelado)», «… (habilidad no modelada)»): after that head the
    # first would say it twice, so the line drops it (the JSON's `unmodelled` keeps the notes as the steps have them).
    listed = [_short(n) for n in notes]

    def head(good: bool) -> Message:
        word = "core.verdict.good" if good else "core.verdict.bad"
        return Message(word + "_unmodelled", notes=listed) if notes else Message(word)

    from judge.engine.step import stopped_said

    steps, stopped = len(trace.steps), stopped_said(trace.stopped)
    if trace.ok and not total:
        return Verdict(True, Message("core.verdict.ok_no_checks", head=head(True), steps=steps, stopped=stopped),
                       notes)
    if trace.ok:
        return Verdict(True, Message("core.verdict.ok_one", head=head(True), steps=steps, stopped=stopped)
                       if total == 1 else Message("core.verdict.ok_many", head=head(True), total=total, steps=steps,
                                                  stopped=stopped), notes)
    reasons: list[Message] = []
    if failed:
        reasons.append(Message("core.verdict.one_failed") if total == 1 else
                       Message("core.verdict.some_failed", failed=failed, total=total))
    if trace.stopped in STOP_REASONS:
        reasons.append(Message("core.verdict.stop_unexpected", reason=Message("core.stop." + trace.stopped)))
    return Verdict(False, Message("core.verdict.fail", head=head(False),
                                  reasons=reasons or [Message("core.verdict.unexpected_end")]), notes)
