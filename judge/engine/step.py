"""What a run produces: events, steps and the trace (see DESIGN.md, "Engine principles")."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.messages import DEFAULT_LANGUAGE, Message, notes_json

# The step kinds every run has, declared once here (the core makes `limit`, `choice` and `expectation` steps; every
# ruleset sets up a game, applies actions and refuses illegal ones). A ruleset adds its own (Ruleset.own_step_kinds)
# and declares the event kinds its steps carry (Ruleset.own_event_kinds); the step factory refuses any other.
GENERIC_STEP_KINDS = ("setup", "action", "illegal", "choice", "limit", "expectation")
GENERIC_EVENT_KINDS: tuple[str, ...] = ()          # the core itself emits no events
STOPPED = ("fin", "limite", "eleccion", "partida terminada")
# How a run stopped, as a scenario may write it (`{stopped: …}`) in either language: each form → the value above,
# which the trace keeps (Trace.stopped). The message that names a stop in the trace's language is STOPPED_SAID's.
STOPPED_FORMS = {**{s: s for s in STOPPED}, "end": "fin", "limit": "limite", "límite": "limite", "choice": "eleccion",
                 "elección": "eleccion", "game over": "partida terminada"}
STOPPED_SAID = {"fin": "core.stopped.end", "limite": "core.stopped.limit", "eleccion": "core.stopped.choice",
                "partida terminada": "core.stopped.game_over"}


def stopped_said(stopped: str) -> "Message | str":
    """How the run stopped (a value of STOPPED) in the trace's language: «partida terminada», «game over»."""
    ident = STOPPED_SAID.get(stopped)
    return Message(ident) if ident else stopped


@dataclass(frozen=True)
class Event:
    """One change of the game: ``Event("move", {"object": "lobo", "from": "hand", "to": "board"})``."""
    kind: str                     # one of the running ruleset's `event_kinds` (Ruleset.own_event_kinds)
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}


class Step:
    """One application of a rule: what happened, why (citations, never empty) and the board after it.

    `summary` is one line in Spanish; a step built from a Message (judge/messages.py) keeps it as `message` and
    renders the line only when it is read (`summary`, `render(lang)`, `to_json`), so a run that never shows its
    steps never renders them. A plain string (a site not converted yet) is the Spanish line itself."""

    __slots__ = ("number", "kind", "actor", "_summary", "message", "events", "citations", "board", "unmodelled",
                 "passed")

    def __init__(self, number: int, kind: str, actor: str | None, summary: "str | Message", events: list[Event],
                 citations: list[str], board: dict[str, Any] | None, unmodelled: list[str] | None = None,
                 passed: bool | None = None) -> None:
        self.number = number
        self.kind = kind
        self.actor = actor
        if isinstance(summary, Message):
            self.message: Message | None = summary
            self._summary: str | None = None
        else:
            self.message = None
            self._summary = summary
        self.events = events
        self.citations = citations    # passage ids ("dv/tipos/criaturas/6") or bare rule numbers ("704.5f")
        self.board = board            # read-only: zones that did not change share their lists with the step before;
                                      # None when the run's board budget was spent (never on the last step)
        self.unmodelled: list[str] = [] if unmodelled is None else unmodelled
        self.passed = passed          # expectation steps only: did the check hold?
        if not kind:
            raise ValueError(f"step {self.summary!r} has no kind")
        if not citations:
            raise ValueError(f"step {self.summary!r} has no citation")

    @property
    def summary(self) -> str:
        """The Spanish line (rendered from `message` the first time it is read)."""
        if self._summary is None:
            assert self.message is not None
            self._summary = self.message.render()
        return self._summary

    @summary.setter
    def summary(self, text: str) -> None:
        self._summary, self.message = text, None

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The line in `lang`: the message's, else the Spanish line (a site not converted yet)."""
        if lang == DEFAULT_LANGUAGE or self.message is None:
            return self.summary
        return self.message.render(lang)

    def __repr__(self) -> str:
        return f"Step({self.number}, {self.kind!r}, {self.actor!r}, {self.summary!r})"

    def to_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """The step's JSON; `summary` in `lang`, and beside it `message` ({id, params}) for a step built from one
        (no key otherwise, so a step of a site not converted yet has the JSON it always had)."""
        out: dict[str, Any] = {
            "number": self.number, "kind": self.kind, "actor": self.actor, "summary": self.render(lang),
        }
        if self.message is not None:
            out["message"] = self.message.to_json()
        elif lang != DEFAULT_LANGUAGE:
            out["summary_lang"] = DEFAULT_LANGUAGE
        notes, said = notes_json(self.unmodelled, lang)
        out.update(events=[e.to_json() for e in self.events], citations=list(self.citations),
                   unmodelled=notes, board=self.board)
        if self.kind == "expectation":
            out["passed"] = self.passed
        if said is not None:        # the notes as messages, last so the rest keeps its place (engine_identity skips it)
            out["unmodelled_messages"] = said
        return out


@dataclass
class Trace:
    """The steps of one run, and how it stopped.

    `stopped`: "fin" (the script ran out), "limite" (step limit), "eleccion" (the script left a choice open),
    "partida terminada" (a player won or everybody lost). `ok` is True when every expectation holds and the run
    did not stop on the limit or a choice, unless the scenario expected that stop with ``{stopped: ...}``.
    """
    scenario_title: str
    ruleset: str
    seed: int
    steps: list[Step] = field(default_factory=list)
    stopped: str = "fin"
    expects_stop: bool = False    # the scenario has a `stopped` expectation, which then judges the stop
    boards_omitted: int = 0       # steps whose board the run's board budget left out (board None / null)

    @property
    def failed_expectations(self) -> list[Step]:
        return [s for s in self.steps if s.kind == "expectation" and not s.passed]

    @property
    def unmodelled(self) -> list[str]:
        """The unmodelled card text flagged by the steps after the setup (each note once, first seen first): text
        that could have changed the result. A card flagged only as the game was set up (in a library its text does
        not name, say) never got where its text works (113.6)."""
        return list(dict.fromkeys(n for s in self.steps if s.kind != "setup" for n in s.unmodelled))

    @property
    def ok(self) -> bool:
        if self.failed_expectations:
            return False
        return self.expects_stop or self.stopped in ("fin", "partida terminada")

    def to_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """The trace's JSON, step texts in `lang` (Step.to_json)."""
        out: dict[str, Any] = {
            "scenario_title": self.scenario_title, "ruleset": self.ruleset, "seed": self.seed,
            "stopped": self.stopped, "ok": self.ok,
            "failed_expectations": [s.number for s in self.failed_expectations],
        }
        if self.boards_omitted:         # only with a board budget, so unbudgeted traces keep their exact form
            out["boards_omitted"] = self.boards_omitted
        out["steps"] = [s.to_json(lang) for s in self.steps]
        return out


def declared(generic: Sequence[str], own: Sequence[str]) -> frozenset[str]:
    """The kinds a ruleset declares: the core's generic ones and its own."""
    return frozenset((*generic, *own))


def make_step(state: Any, kind: str, actor: str | None, summary: "str | Message", citations: Sequence[str],
              snapshot: Callable[[Any], dict[str, Any]], events: Sequence[Event] = (),
              unmodelled: Sequence[str] = (), passed: bool | None = None,
              out: list["Step"] | None = None) -> "Step":
    """The one step factory of every ruleset: checks the step kind and its events' kinds against the running
    ruleset's declarations (`state.ruleset`: Ruleset.step_kinds, Ruleset.event_kinds; ValueError otherwise), numbers
    the step, takes the board snapshot (within the run's board budget), de-duplicates the citations; with `out`,
    records the step there and enforces the run's step limit inside an action (StepLimitReached once the last
    allowed step is recorded)."""
    ruleset = state.ruleset
    if ruleset is not None:
        if kind not in ruleset.step_kinds:
            raise ValueError(f"step kind {kind!r} is not declared by the ruleset {ruleset.id!r}")
        for e in events:
            if e.kind not in ruleset.event_kinds:
                raise ValueError(f"event kind {e.kind!r} is not declared by the ruleset {ruleset.id!r}")
    state.steps_taken += 1
    # No board budget, no step ceiling, no deadline (a fuzz game, a curated run of the CLI): not asked at all.
    board = snapshot(state) if state.board_budget is None or state.charge_board() else None
    step = Step(state.steps_taken, kind, actor, summary, list(events), list(dict.fromkeys(citations)), board,
                list(unmodelled), passed)
    if out is not None:
        out.append(step)
        if state.step_ceiling is not None or state.deadline is not None:
            state.check_step_ceiling(out)
    return step
