"""A dry run of a valid scenario for the builder: which of its actions the game refuses, which choice it leaves
open, each tied to the script line (`actions[i]`) that caused it, and for the first one a fix the engine itself
accepts, where one exists.

"Valid" is not "plays": a block written before the declare-blockers step is a valid line that the game refuses.
The run is the engine's (judge.engine.run.Game, the same apply as a scenario's run); nothing here decides a rule.
A fix is found by trying, before the refused line, each line that moves the game on without touching a card (the
ruleset's actions whose argument is a constant or a choice among its steps: "pasar la prioridad", "pasar hasta un
paso"; doce-vidas's "terminar el turno"), played by each player, and keeping the one the engine accepts that
plays the fewest steps: the nearest point where the refused line becomes legal.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from judge.engine.run import ScriptHooks
from judge.messages import DEFAULT_LANGUAGE, Message, message_json, render

# A dry run and each fix tried are bounded: the builder checks as the user types.
DRY_RUN_STEPS = 2000
FIX_TRIES = 40
TIME_STOP = "tiempo"       # DryRun.stopped when the validation's wall-clock budget ran out


@dataclass(frozen=True)
class Budget:
    """A validation's wall-clock budget: `seconds` from `start` (time.monotonic()). The dry run and the fix
    search look at it between actions and between tries, and the engine at every step inside an action (its
    `deadline`, judge.engine.run.Game), so no single line outlasts it by more than one step."""
    seconds: float
    start: float = field(default_factory=lambda: time.monotonic())
    # The stages the deadline cut short inside them (judge.format.timelimit: a fix try's checks), for the answer.
    cut: list[str] = field(default_factory=list, compare=False)

    @property
    def deadline(self) -> float:
        return self.start + self.seconds

    def spent(self) -> bool:
        return bool(self.cut) or time.monotonic() - self.start > self.seconds

    @classmethod
    def already(cls, seconds: float, elapsed: float) -> "Budget":
        """A budget of `seconds` of which `elapsed` went before it was made (a request's time before its view,
        judge.web.arrival), carried onto this module's clock so the tests' clocks still govern it."""
        return cls(seconds, start=time.monotonic() - max(0.0, elapsed))


@dataclass(frozen=True)
class Problem:
    """One thing the dry run stopped at: a refused line (`illegal`, a line after the game's end too), a choice the
    script leaves open (`choice`), or the step limit (`limit`), at `actions[action]` (None: after the last one)."""
    kind: str
    action: int | None
    step: int
    message: "str | Message"         # a Message (core.dryrun.*, a step's), rendered in the answer's language
    citations: tuple[str, ...]
    actor: str | None = None

    @property
    def path(self) -> str:
        return f"actions[{self.action}]" if self.action is not None else "actions"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "action": self.action, "path": self.path, "step": self.step,
                "message": render(self.message), "said": message_json(self.message),
                "citations": list(self.citations), "actor": self.actor}


@dataclass
class DryRun:
    problems: list[Problem] = field(default_factory=list)
    steps: int = 0
    stopped: str = "fin"
    # actions[i] → the legal values of its fields where the game reached it (Ruleset.choices); the index one past
    # the last line: the choice the game asks next, when it asks one.
    choices: dict[int, dict[str, Any]] = field(default_factory=dict)
    choices_error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"stopped": self.stopped, "steps": self.steps, "problems": [p.to_json() for p in self.problems],
                "choices": {str(i): c for i, c in sorted(self.choices.items())},
                **({"choices_error": self.choices_error} if self.choices_error else {})}


def dry_run(scenario: Any, *, step_limit: int = DRY_RUN_STEPS, until: int | None = None,
            budget: Budget | None = None, choices: bool = True) -> DryRun:
    """Play the scenario's actions (the expectations are not checked) and report what the game refused or left
    open. `until`: stop after the line of that index has been played. `budget`: once spent, the dry run stops
    before its next action with a `limit` problem that says so (`stopped: tiempo`); the lines after it are not
    tried, and the problem says that too. `choices`: also record, for each line, the legal values of its fields at
    that point (the ruleset's `choices`, read before a line is played or as the game asks for it mid-action
    through `Script.watch`). The loop is the run's own (judge.engine.run.play_script); `_DryHooks` says what the
    dry run does where a run and a dry run differ."""
    from judge.engine.run import Game, play_script

    game = Game(scenario, step_limit=step_limit, board_budget=1,
                deadline=budget.deadline if budget is not None else None)
    out = DryRun()
    if game.cut and game.cut_by_deadline:
        assert budget is not None
        out.problems.append(Problem("limit", None, len(game.steps), Message(
                                    "core.dryrun.time_setup", seconds=f"{budget.seconds:g}"),
                                    (game.ruleset.general_citation,)))
        out.stopped = TIME_STOP
        out.steps = len(game.steps)
        return out
    if game.cut:
        out.problems.append(Problem("limit", None, len(game.steps), Message(
                                    "core.dryrun.steps_setup", limit=step_limit), (game.ruleset.general_citation,)))
        out.stopped = "limite"
        out.steps = len(game.steps)
        return out
    hooks = _DryHooks(game, out, step_limit, until, budget, choices)
    ended = play_script(game, scenario.actions, game.state.opening_answers, None, hooks)
    if ended and game.state.waiting is not None and out.stopped == "fin" and until is None:
        out.problems.append(_open_choice(game.state, hooks.last, len(game.steps)))
        out.stopped = "eleccion"
    out.steps = len(game.steps)
    return out


class _DryHooks(ScriptHooks):
    """The dry run's side of the run loop (judge.engine.run.ScriptHooks): each refused line, open choice, end of
    the game before a line, time or step limit is a Problem tied to its line, and the loop stops at the first
    that stops the game; the choices of each line are recorded before it plays and as the game asks it."""

    def __init__(self, game: Any, out: DryRun, step_limit: int, until: int | None, budget: Budget | None,
                 choices: bool) -> None:
        self.game, self.out, self.step_limit, self.until, self.budget = game, out, step_limit, until, budget
        self.actions = game.scenario.actions
        self.last: int | None = None          # the line that last played: it opened any pending choice
        self.watch = self.record if choices else None

    def record(self, pos: int, st: Any, question: Any) -> None:
        from judge.engine.action import Checkpoint

        out = self.out
        if out.choices_error:
            return
        line = self.actions[pos] if pos < len(self.actions) and not isinstance(self.actions[pos], Checkpoint) \
            else None
        try:
            found = self.game.ruleset.choices(st, line, question)
        except Exception as exc:  # noqa: BLE001 - the lists are a help: their failure must not hide the problems
            out.choices_error = f"{type(exc).__name__}: {exc}"
            return
        if any(k != "objects" for k in found):
            out.choices[pos] = found

    def checkpoint(self, index: int, checkpoint: Any) -> bool:
        return True                           # the expectations are not checked

    def after_end(self, index: int, action: Any) -> bool:
        ruleset = self.game.ruleset
        self.out.problems.append(Problem(
            "illegal", index, len(self.game.steps), Message("core.dryrun.after_the_end"),
            tuple(ruleset.game_over_citations or (ruleset.general_citation,))))
        self.out.stopped = "partida terminada"
        return False

    def before(self, index: int, action: Any) -> bool:
        state = self.game.state
        # An open choice the line does not answer is the problem to show, ahead of the time budget.
        if state.waiting is not None and not self.game.ruleset.answers_pending(state, action):
            self.unanswered(index, action)
            return False
        if self.budget is not None and self.budget.spent():
            self.out.problems.append(Problem(
                "limit", index, len(self.game.steps), Message("core.dryrun.time_before",
                                                              seconds=f"{self.budget.seconds:g}"),
                (self.game.ruleset.general_citation,)))
            self.out.stopped = TIME_STOP
            return False
        return True

    def at_limit(self, index: int, action: Any) -> None:     # never called: the loop is given no limit
        self.cut(index, action)

    def unanswered(self, index: int, item: Any) -> None:
        self.out.problems.append(_open_choice(self.game.state, self.last if self.last is not None else index,
                                              len(self.game.steps)))
        self.out.stopped = "eleccion"

    def playing(self, index: int, action: Any) -> None:
        if self.watch is not None:
            self.record(index, self.game.state, None)

    def cut(self, index: int, action: Any, by_deadline: bool = False) -> bool:
        if by_deadline:
            assert self.budget is not None
            self.out.problems.append(Problem(
                "limit", index, len(self.game.steps), Message("core.dryrun.time_during",
                                                              seconds=f"{self.budget.seconds:g}"),
                (self.game.ruleset.general_citation,)))
            self.out.stopped = TIME_STOP
            return False
        self.out.problems.append(Problem("limit", index, len(self.game.steps),
                                         Message("core.dryrun.steps", limit=self.step_limit),
                                         (self.game.ruleset.general_citation,)))
        self.out.stopped = "limite"
        return False

    def played(self, index: int, action: Any, steps: list[Any]) -> bool:
        self.last = index
        for s in steps:
            if s.kind == "illegal":
                self.out.problems.append(Problem("illegal", index, s.number, s.message or s.summary, tuple(s.citations),
                                                 s.actor))
        return self.until is None or index < self.until


def _open_choice(state: Any, action: int | None, step: int) -> Problem:
    pending = state.waiting
    return Problem("choice", action, step, Message("core.choice.missing", prompt=pending.prompt), tuple(pending.citations),
                   pending.player)


def mover_lines(description: dict[str, Any], players: list[str]) -> list[dict[str, Any]]:
    """The script lines that move the game on without touching a card, from the ruleset's own description: each
    action whose argument is a constant (once per player when it names one) or a choice (each option)."""
    lines: list[dict[str, Any]] = []
    for verb in description.get("actions", []):
        arg = verb.get("arg", {})
        if verb.get("fields"):
            continue
        if arg.get("type") == "const":
            values = [arg.get("value", True)]
        elif arg.get("type") == "choice":
            values = [o["value"] for o in arg.get("options", [])]
        else:
            continue
        who: list[str | None] = list(players) if verb.get("by") is not False else [None]
        for value in values:
            for by in who:
                lines.append({**({"by": by} if by else {}), verb["verb"]: value})
    return lines


def fix_for(document: dict[str, Any], description: dict[str, Any], problem: Problem,
            budget: Budget | None = None, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any] | None:
    """`{"insert": i, "actions": [line], "describe", "id"?, "params"?}`: the line that, put before `actions[i]`,
    makes the engine accept it (the mover line whose dry run plays the fewest steps), or None when none does.
    `describe` is the action's own line (Action.said) rendered in `lang`, and `id`/`params` its message, as a
    problem's are (issue 17); an action with no message says its describe() alone. With a `budget`, the search
    stops once it is spent and keeps the best line found so far (each try is a dry run under it too)."""
    from judge.format import timelimit
    from judge.scenarios import ScenarioError
    from judge.scenarios.load import validate_tree

    if problem.kind != "illegal" or problem.action is None:
        return None
    i = problem.action
    actions = list(document.get("actions") or [])
    players = [p.get("name") for p in document.get("players") or [] if isinstance(p, dict) and p.get("name")]
    best: tuple[int, dict[str, Any], Any] | None = None
    try:
        with timelimit.stage("fixes"):
            for line in mover_lines(description, players)[:FIX_TRIES]:
                if budget is not None and budget.spent():
                    break
                trial = {**document, "actions": [*actions[:i], line, *actions[i:]]}
                try:
                    scenario = validate_tree(trial)    # its parse and checks look at the request's deadline too
                except ScenarioError:
                    continue
                run = dry_run(scenario, until=i + 1, budget=budget, choices=False)
                refused = [p for p in run.problems
                           if p.action is not None and p.action <= i + 1 and p.kind != "choice"]
                if refused or run.stopped in ("limite", TIME_STOP):
                    continue
                if best is None or run.steps < best[0]:
                    best = (run.steps, line, scenario.actions[i])
    except timelimit.TimeLimit:
        # The deadline passed inside a try's checks: the best line found so far, as between tries.
        if budget is not None:
            budget.cut.append("fixes")
    if best is None:
        return None
    said = best[2].said()
    fix: dict[str, Any] = {"insert": i, "actions": [best[1]], "describe": render(said, lang)}
    if isinstance(said, Message):
        fix.update(said.to_json())
    return fix
