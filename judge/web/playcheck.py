"""`POST /api/validate`'s `dry_run`: a valid scenario played by the engine (judge.runner.dryrun), each refused
line or open choice tied to its action, with the text of the rule it cites and, for the first, the one-line fix the
engine accepts. The web layer only resolves the cited passages' text, as the run page does."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import current_app, g

from judge.messages import DEFAULT_LANGUAGE, Message
from judge.web.i18n import MESSAGES, get_language, translate

MESSAGES.update({
    "dryrun.time_checks": {"es": "límite de tiempo de la validación alcanzado ({seconds} s) al comprobar el escenario: "
                                 "el guion no se ha probado",
                           "en": "the validation's time limit was reached ({seconds} s) while the scenario was "
                                 "checked: the script has not been tried"},
    "dryrun.fix_cut": {"es": "límite de tiempo de la validación alcanzado ({seconds} s): la búsqueda de un arreglo se "
                             "ha cortado",
                       "en": "the validation's time limit was reached ({seconds} s): the search for a fix was cut short"},
    "dryrun.engine_failed": {"es": "el motor no ha podido jugar el escenario (un fallo del motor, no del escenario)",
                             "en": "the engine could not play the scenario (a fault of the engine, not of the "
                                   "scenario)"},
})

if TYPE_CHECKING:
    from judge.runner.dryrun import Budget


def validation_seconds() -> float:
    """VALIDATE_TIME_BUDGET (seconds, default 5; 60 for a TESTING app): the wall-clock time one validation (its parse, its checks and
    its dry run with the fix search) may take before the dry run stops and says so."""
    value = current_app.config.get("VALIDATE_TIME_BUDGET")
    if value is None:   # a TESTING app: the suite runs on loaded machines, where its dry runs must not be cut
        return 60.0 if current_app.testing else 5.0
    try:
        return max(0.0, float(value))
    except (TypeError, ValueError):   # a malformed setting falls back to the default rather than failing a request
        return 5.0


def start_budget() -> "Budget":
    """The request's validation budget, counted from the request's arrival (judge.web.arrival: the body's
    reading, the rate limit and the session before the view count too), made once per request: the parse, the
    checks, the dry run and the rules' text of its problems count against it."""
    from judge.runner.dryrun import Budget
    from judge.web.arrival import elapsed

    budget = g.get("validation_budget")
    if budget is None:
        budget = g.validation_budget = Budget.already(validation_seconds(), elapsed())
    return budget


def spent_answer(budget: "Budget") -> dict[str, Any]:
    """The `dry_run` of a valid scenario whose validation spent the whole budget before the game was played."""
    return {"stopped": "tiempo", "steps": 0, "time_budget": budget.seconds, "time_budget_spent": True, "choices": {},
            "time_limit": {"stage": "dry-run", "seconds": budget.seconds},
            "problems": [{"kind": "limit", "action": None, "path": "actions", "step": 0, "citations": [],
                          "actor": None, "rule": None, "fix": None,
                          "message": translate("dryrun.time_checks", seconds=f"{budget.seconds:g}")}]}


def play_check(document: dict[str, Any], scenario: Any) -> dict[str, Any]:
    """`{"stopped", "steps", "time_budget", "time_budget_spent", "notice"?, "problems": [{"kind", "action", "path", "step",
    "message", "id"?, "params"?, "citations", "actor", "rule": {"ref", "number", "text", "url"} | null,
    "fix": {...} | null}]}` (`id`/`params`: the problem's message, where it has one)
    (every problem; `fix` on the first only: finding it plays the game again a few dozen times), or `{"error"}`
    when the engine could not play it. The whole is bounded by the request's validation budget (start_budget):
    once spent, the dry run stops with a `limit` problem naming it (`stopped: tiempo`) and the fix search keeps
    what it found so far."""
    from judge.runner.dryrun import DRY_RUN_STEPS, TIME_STOP, dry_run, fix_for
    from judge.web.descriptions import descriptions

    try:
        cap = int(current_app.config.get("RUN_MAX_STEPS", DRY_RUN_STEPS))
    except (TypeError, ValueError):
        cap = DRY_RUN_STEPS
    budget = start_budget()
    if budget.spent():
        return spent_answer(budget)
    try:
        run = dry_run(scenario, step_limit=max(1, min(cap, DRY_RUN_STEPS)), budget=budget)
        answer = run.to_json()
        described = {d["id"]: d for d in descriptions()}
        fix = (fix_for(document, described[scenario.ruleset], run.problems[0], budget, get_language())
               if run.problems else None)
        answer["time_budget"] = budget.seconds
        answer["time_budget_spent"] = budget.spent()
        if answer["time_budget_spent"]:
            # What the deadline cut, as the 422 of an earlier stage says it (`time_limit`, judge/web/errors.py).
            stage = "dry-run" if run.stopped == TIME_STOP else "fixes"
            answer["time_limit"] = {"stage": stage, "seconds": budget.seconds}
        if answer["time_budget_spent"] and run.stopped != TIME_STOP:
            # The game was played to its end but the fix search was cut short: say why no fix may be offered.
            answer["notice"] = translate("dryrun.fix_cut", seconds=f"{budget.seconds:g}")
    except Exception:  # noqa: BLE001 - an engine failure is the engine's bug: the builder says so, never a 500
        current_app.logger.exception("dry run failed")
        return {"error": translate("dryrun.engine_failed"), "problems": [], "steps": 0, "stopped": None}
    lang = get_language()
    res = _resolver()
    rules: dict[tuple[str, ...], dict[str, Any] | None] = {}    # many problems cite the same rules: once each
    for n, p in enumerate(answer["problems"]):
        said = p.pop("said", None)
        if said:           # its id and parameters beside its text, as a validation error's (issue 17)
            p["id"], p["params"] = said["id"], said.get("params") or {}
        if said and lang != DEFAULT_LANGUAGE:          # the problem in the request's language (issue 17)
            p["message"] = Message.from_json(said).render(lang)
        cited = tuple(p["citations"])
        if cited not in rules:
            rules[cited] = _rule(res, p["citations"]) if res is not None else None
        p["rule"] = rules[cited]
        p["fix"] = fix if n == 0 else None
    return answer


def _resolver() -> Any:
    """The citation resolver of the app's corpus (loaded once per process, at a worker's start: judge.web.wsgi),
    or None when the documents cannot be loaded (the problems then carry no rule text)."""
    from judge.corpus import CorpusError
    from judge.runner.citations import resolver

    try:
        return resolver(Path(current_app.config["CORPUS_DIR"]), Path(current_app.config["INSTANCE"]))
    except (CorpusError, OSError):
        return None


def _rule(res: Any, citations: list[str]) -> dict[str, Any] | None:
    """The first cited rule with text: its own passage, else the loaded text of the same number (the Spanish
    excerpt of a cr-en rule not imported), with its number and link."""
    from judge.web.templating import rule_url

    for ref in citations:
        cite = res.resolve(ref)
        if cite.passages:
            p = cite.passages[0]
            return {"ref": ref, "number": p.number or cite.number, "text": p.text,
                    "url": rule_url(p.number) if p.number else None, "note": cite.note}
    if citations:
        ref = citations[0]
        number = ref.split("/", 1)[1] if "/" in ref else ref
        return {"ref": ref, "number": number, "text": None, "url": rule_url(number), "note": res.resolve(ref).note}
    return None
