"""VALIDATE_TIME_BUDGET: a validation (POST /api/validate, its dry run and fix search included) is bounded by
wall-clock time, not only by size: once the budget is spent the dry run stops before its next action with a
`limit` problem naming the budget (`stopped: tiempo`), a 200 answer, never a held worker or a 500.

No timing is asserted: the clock the budget reads is replaced by one that moves a second per look, so where the
run stops is the same on any machine."""
from __future__ import annotations

import itertools

import pytest

from judge import create_app
from judge.runner import dryrun
from judge.scenarios import load_scenario

from .test_validate_dry_run import NO_MANA

# Crafted to be slow: 300 permanents a side (every step looks at them all), six whole turns, then a spell that
# cannot be paid as the script's last line, so the fix search replays the whole game for each of its tries
# (seconds of CPU without a budget).
FIELD = "[" + ", ".join(["Bosque"] * 300) + "]"
LIBRARY = "[" + ", ".join(["Montaña"] * 30) + "]"
SLOW = f"""ruleset: magic
title: Seis turnos sobre un tablero enorme
cards:
  Rayo: {{cost: "{{R}}", types: [instant], targets: [any], effects: [{{damage: 3, to: target}}]}}
players:
  - name: Ana
    library: {LIBRARY}
    hand: [{{card: Rayo, id: rayo}}]
    battlefield: {FIELD}
  - name: Bruno
    library: {LIBRARY}
    battlefield: {FIELD}
turn: {{number: 3, active: Ana, step: main1}}
actions:
""" + "".join("  - {pass_until: %s}\n" % step for _ in range(6) for step in ("upkeep", "main2")) + \
    "  - {by: Ana, cast: rayo, targets: [Bruno]}\n"
LAST = 12          # the index of the line that cannot be paid


# The stages before the engine plays, which look at the same clock once a token, a line or a mapping
# (judge.format.timelimit; test_stage_time_limits.py cuts each of them): their looks do not move this clock.
READING = {"depth", "parse", "tree", "checks", "lines", "yaml"}


class Ticking:
    """time.monotonic for the budget: one second more at every look of the dry run, the fix search and the engine
    (the looks made while the text is read and checked leave it where it is)."""

    def __init__(self) -> None:
        self.ticks = itertools.count()
        self.looks = 0
        self.now = 0.0

    def monotonic(self) -> float:
        from judge.format import timelimit

        stages = timelimit.stages()
        if stages and stages[-1] in READING:
            return self.now
        self.looks += 1
        self.now = float(next(self.ticks))
        return self.now


class Frozen:
    """time.monotonic for the engine's per-step deadline check: never moves (the tests of the checks between
    lines, which the clock above drives alone)."""

    @staticmethod
    def monotonic() -> float:
        return 0.0


@pytest.fixture()
def ticking(monkeypatch: pytest.MonkeyPatch) -> Ticking:
    from judge.engine import state

    clock = Ticking()
    monkeypatch.setattr(dryrun, "time", clock)
    monkeypatch.setattr(state, "time", Frozen)
    return clock


@pytest.fixture()
def ticking_steps(monkeypatch: pytest.MonkeyPatch) -> Ticking:
    """One clock for the budget and for the engine's check at every step inside an action."""
    from judge.engine import state

    clock = Ticking()
    monkeypatch.setattr(dryrun, "time", clock)
    monkeypatch.setattr(state, "time", clock)
    return clock


def test_the_dry_run_stops_before_the_action_after_the_budget(ticking: Ticking) -> None:
    scenario = load_scenario(SLOW, fmt="yaml")
    # A budget of 3 s on a clock that moves 1 s per look: spent at the fourth action's look.
    run = dryrun.dry_run(scenario, budget=dryrun.Budget(3.0))
    assert run.stopped == dryrun.TIME_STOP
    [problem] = run.problems
    assert (problem.kind, problem.path) == ("limit", "actions[3]")
    assert (problem.message.id, problem.message.params["seconds"]) == ("core.dryrun.time_before", "3")
    assert problem.citations


def test_a_long_line_is_stopped_inside_it_by_the_engine(ticking_steps: Ticking) -> None:
    scenario = load_scenario(SLOW, fmt="yaml")
    unbounded = dryrun.dry_run(scenario)
    # 40 s on a clock that moves a second per look: spent at the engine's look after about 40 steps, inside a
    # line (each `pass_until` plays several steps), not before the next line.
    looks_before = ticking_steps.looks
    run = dryrun.dry_run(scenario, budget=dryrun.Budget(40.0))
    assert run.stopped == dryrun.TIME_STOP
    [problem] = run.problems
    assert problem.kind == "limit" and problem.action is not None
    assert (problem.message.id, problem.message.params["seconds"]) == ("core.dryrun.time_during", "40")
    assert run.steps < dryrun.dry_run(scenario, until=problem.action).steps   # cut inside that line
    assert 30 <= run.steps <= 45 < unbounded.steps
    assert ticking_steps.looks - looks_before <= 50        # one look per step, a few between lines


def test_the_engine_deadline_stops_a_web_run_inside_an_action(monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.engine import run as engine_run
    from judge.engine import run_scenario, state

    clock = Ticking()
    monkeypatch.setattr(engine_run, "time", clock)
    monkeypatch.setattr(state, "time", clock)
    trace = run_scenario(load_scenario(SLOW, fmt="yaml"), time_budget=25.0)
    limits = [s for s in trace.steps if s.kind == "limit"]
    assert len(limits) == 1 and limits[0].message.id == "core.limit.action_time"
    assert str(limits[0].message.params["seconds"]) in ("25", "25.0")
    assert trace.stopped == "limite"


def test_without_a_deadline_the_engine_never_reads_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.engine import run_scenario, state

    clock = Ticking()
    monkeypatch.setattr(state, "time", clock)
    trace = run_scenario(load_scenario(SLOW, fmt="yaml"))
    assert clock.looks == 0 and trace.stopped != "limite"


def test_the_fix_search_stops_when_the_budget_is_spent(ticking: Ticking, monkeypatch: pytest.MonkeyPatch) -> None:
    import yaml

    from judge.web.builder import descriptions

    scenario = load_scenario(SLOW, fmt="yaml")
    whole = dryrun.dry_run(scenario)               # no budget: the whole game, its refused last line
    assert whole.stopped == "fin" and [p.path for p in whole.problems] == [f"actions[{LAST}]"]
    description = next(d for d in descriptions() if d["id"] == "magic")
    tries: list[int] = []
    play = dryrun.dry_run
    monkeypatch.setattr(dryrun, "dry_run", lambda *a, **k: tries.append(1) or play(*a, **k))
    document = yaml.safe_load(SLOW)
    assert dryrun.fix_for(document, description, whole.problems[0]) is None
    unbounded = len(tries)
    assert unbounded > 10                          # without a budget: a replay of the game per mover line
    tries.clear()
    assert dryrun.fix_for(document, description, whole.problems[0], dryrun.Budget(2.0)) is None
    assert 1 <= len(tries) <= 2                    # each try's dry run looks at the clock before every line


def test_api_validate_answers_the_slow_scenario_within_its_budget(instance_dir, ticking: Ticking) -> None:
    app = create_app({"TESTING": True, "INSTANCE": str(instance_dir), "VALIDATE_TIME_BUDGET": 5})
    response = app.test_client().post("/api/validate", data=SLOW, content_type="application/yaml")
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["ok"] is True and answer["errors"] == []
    dry = answer["dry_run"]
    assert dry["stopped"] == "tiempo" and dry["time_budget"] == 5 and dry["time_budget_spent"] is True
    [problem] = dry["problems"]
    assert problem["kind"] == "limit" and problem["path"].startswith("actions")
    assert problem["id"] in ("core.dryrun.time_before", "core.dryrun.time_during"), problem
    assert str(problem["params"]["seconds"]) == "5"


class LateAfterChecks:
    """time.monotonic for the budget: 0 until the checks have run and the document's YAML is written (the last
    stage before the game is played), far past the deadline from then on."""

    def __init__(self) -> None:
        self.checked = False

    def monotonic(self) -> float:
        from judge.format import timelimit

        if "yaml" in timelimit.stages():
            self.checked = True
            return 0.0
        return 1e6 if self.checked else 0.0


def test_a_budget_spent_before_the_dry_run_says_the_script_was_not_tried(instance_dir, monkeypatch) -> None:
    """Spent once the checks are done (valid), before the game is played: a 200 `ok` whose dry run says the script
    was not tried. (Spent earlier, while reading or checking, it is a 422 naming that stage:
    test_stage_time_limits.py.)"""
    import yaml

    app = create_app({"TESTING": True, "INSTANCE": str(instance_dir), "VALIDATE_TIME_BUDGET": 5})
    client = app.test_client()
    for send in ({"data": SLOW, "content_type": "application/yaml"}, {"json": yaml.safe_load(SLOW)}):
        monkeypatch.setattr(dryrun, "time", LateAfterChecks())
        answer = client.post("/api/validate", **send).get_json()
        assert answer["ok"] is True
        assert answer["dry_run"]["stopped"] == "tiempo" and answer["dry_run"]["steps"] == 0
        assert answer["dry_run"]["time_limit"] == {"stage": "dry-run", "seconds": 5}
        from judge.web.i18n import translate        # the interface's own words: the script was not tried

        assert answer["dry_run"]["problems"][0]["message"] == translate("dryrun.time_checks", "es", seconds="5")


def test_an_unspent_budget_changes_nothing(instance_dir) -> None:
    small = NO_MANA
    app = create_app({"TESTING": True, "INSTANCE": str(instance_dir), "VALIDATE_TIME_BUDGET": 600})
    dry = app.test_client().post("/api/validate", data=small, content_type="application/yaml").get_json()["dry_run"]
    assert dry["stopped"] == "fin" and dry["time_budget_spent"] is False and "notice" not in dry
    assert [(p["kind"], p["path"]) for p in dry["problems"]] == [("illegal", "actions[0]")]


def test_the_default_budget_is_five_seconds(instance_dir) -> None:
    from judge.web.playcheck import validation_seconds

    served = create_app({"INSTANCE": str(instance_dir)})
    with served.test_request_context("/api/validate", method="POST"):
        assert validation_seconds() == 5.0
    with create_app({"TESTING": True, "INSTANCE": str(instance_dir)}).test_request_context("/"):
        assert validation_seconds() == 60.0
