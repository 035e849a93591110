"""Issue 16: every stage of /api/validate and /api/run stops at the request's deadline (VALIDATE_TIME_BUDGET,
RUN_TIME_BUDGET), not only the dry run and the run: the depth scan, the YAML/JSON parse, the walk of the parsed
tree, the schema checks, the lines of the errors and each fix try's checks (judge.format.timelimit). A parse or
check that is cut answers a JSON 422 naming the stage (`time_limit: {"stage", "seconds"}`), never a 500.

No timing is asserted: the budget's clock (judge.runner.dryrun's) is replaced by one that reads the stage being
run and is past the deadline only inside the stage under test, so every stage is cut the same way on any
machine; the engine's clocks stand still (its own deadline is tested in test_validate_budget.py)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge import create_app
from judge.format import timelimit
from judge.runner import dryrun

from .test_validate_dry_run import NO_MANA

# A valid scenario the game refuses in part (no mana for Rayo): the dry run's own test data.
SMALL = NO_MANA
# Invalid (an unknown key): its errors are given their lines, the "lines" stage.
INVALID = SMALL.replace("title: Sin maná", "title: Sin maná\ncolor: rojo")
# A land to play before the spell: the dry run refuses the cast (no mana), and the fix search tries each line
# that moves the game on, every try's document checked again (fix_for's validate_tree).
NEEDS_A_FIX = """ruleset: magic
title: Falta pasar el turno
players:
  - name: Ana
    library: [Montaña, Montaña]
    hand: [{card: Montaña, id: montana}]
  - name: Bruno
    library: [Montaña, Montaña]
turn: {number: 2, active: Ana, step: upkeep}
actions:
  - {by: Ana, play_land: montana}
"""


class LateIn:
    """The budget's time.monotonic: 0 everywhere but inside the stages `inside` (all of them, nested), where it
    is far past any deadline. `looked` counts the looks made there."""

    def __init__(self, *inside: str) -> None:
        self.inside = inside
        self.looked = 0

    def monotonic(self) -> float:
        now = timelimit.stages()
        if all(stage in now for stage in self.inside):
            self.looked += 1
            return 1_000_000.0
        return 0.0


class Still:
    @staticmethod
    def monotonic() -> float:
        return 0.0


@pytest.fixture()
def late_in(monkeypatch: pytest.MonkeyPatch):
    from judge.engine import run as engine_run
    from judge.engine import state

    monkeypatch.setattr(state, "time", Still)
    monkeypatch.setattr(engine_run, "time", Still)

    def use(*inside: str) -> LateIn:
        clock = LateIn(*inside)
        monkeypatch.setattr(dryrun, "time", clock)
        return clock
    return use


@pytest.fixture()
def client(instance_dir: Path, tmp_path: Path):
    return create_app({"TESTING": True, "INSTANCE": str(instance_dir), "VALIDATE_TIME_BUDGET": 5,
                       "RUN_TIME_BUDGET": 10, "DATABASE_URL": f"sqlite:///{tmp_path / 'judge.db'}"}).test_client()


def _time_limit(response, stage: str, seconds: float) -> None:
    assert response.status_code == 422, response.get_data(as_text=True)[:300]
    body = response.get_json()
    assert body["status"] == 422 and body["time_limit"] == {"stage": stage, "seconds": seconds}
    assert body["error"]


@pytest.mark.parametrize("stage", ["depth", "parse", "tree", "checks"])
def test_each_stage_of_a_yaml_validation_stops_at_the_deadline(client, late_in, stage: str) -> None:
    clock = late_in(stage)
    _time_limit(client.post("/api/validate", data=SMALL, content_type="application/yaml"), stage, 5)
    assert clock.looked >= 1


@pytest.mark.parametrize("stage", ["parse", "tree", "checks"])
def test_each_stage_of_a_json_validation_stops_at_the_deadline(client, late_in, stage: str) -> None:
    late_in(stage)
    _time_limit(client.post("/api/validate", json=yaml.safe_load(SMALL)), stage, 5)


def test_the_lines_of_the_errors_stop_at_the_deadline(client, late_in) -> None:
    late_in("lines")
    _time_limit(client.post("/api/validate", data=INVALID, content_type="application/yaml"), "lines", 5)


def test_writing_the_yaml_of_a_valid_scenario_stops_at_the_deadline(client, late_in) -> None:
    late_in("yaml")
    _time_limit(client.post("/api/validate", json=yaml.safe_load(SMALL)), "yaml", 5)


def test_without_a_late_stage_the_answers_are_as_before(client, late_in) -> None:
    late_in("nowhere")
    answer = client.post("/api/validate", data=INVALID, content_type="application/yaml").get_json()
    assert answer["ok"] is False and {e["path"] for e in answer["errors"]} == {"color"}
    assert all(e["line"] for e in answer["errors"])
    answer = client.post("/api/validate", data=SMALL, content_type="application/yaml").get_json()
    assert answer["ok"] is True and answer["dry_run"]["time_budget_spent"] is False
    assert "time_limit" not in answer["dry_run"]


def test_a_fix_try_whose_checks_pass_the_deadline_ends_the_fix_search(client, late_in) -> None:
    """The dry run and the first checks pass; every fix try's validate_tree is cut (its clock looks happen inside
    the fix search's checks): a 200 whose dry run says the fix search was cut, never a 422 or a 500."""
    clock = late_in("fixes", "checks")
    response = client.post("/api/validate", data=NEEDS_A_FIX, content_type="application/yaml")
    assert response.status_code == 200
    dry = response.get_json()["dry_run"]
    assert dry["problems"] and dry["problems"][0]["kind"] == "illegal" and dry["problems"][0]["fix"] is None
    assert dry["time_limit"] == {"stage": "fixes", "seconds": 5} and "notice" in dry
    assert clock.looked >= 1


def test_the_fix_search_finds_its_line_when_nothing_is_late(client, late_in) -> None:
    late_in("nowhere")
    dry = client.post("/api/validate", data=NEEDS_A_FIX, content_type="application/yaml").get_json()["dry_run"]
    assert dry["problems"][0]["fix"] is not None and "time_limit" not in dry


@pytest.mark.parametrize("stage", ["depth", "parse", "tree", "checks"])
def test_each_stage_of_a_run_stops_at_the_deadline(client, late_in, stage: str) -> None:
    late_in(stage)
    _time_limit(client.post("/api/run", data=SMALL, content_type="application/yaml"), stage, 10)


def test_a_save_and_a_pasted_run_page_stop_at_the_deadline_too(client, late_in) -> None:
    late_in("checks")
    _time_limit(client.post("/api/scenarios", data=SMALL, content_type="application/yaml"), "checks", 10)
    assert client.get("/api/scenarios").get_json()["total"] == 0            # nothing saved
    page = client.post("/escenarios/ejecutar", data={"scenario": SMALL})
    assert page.status_code == 422 and page.mimetype == "text/html"
    form = client.post("/escenarios/nuevo", data={"scenario": SMALL, "action": "validate"})
    assert form.status_code == 422 and form.mimetype == "text/html"


def test_a_deadline_already_passed_stops_the_first_stage(instance_dir: Path) -> None:
    """A budget of 0 with the real clock: the first stage that looks (the depth scan of a YAML body) is cut."""
    app = create_app({"TESTING": True, "INSTANCE": str(instance_dir), "VALIDATE_TIME_BUDGET": 0,
                      "RUN_TIME_BUDGET": 0})
    client = app.test_client()
    for path in ("/api/validate", "/api/run"):
        response = client.post(path, data=SMALL, content_type="application/yaml")
        assert response.status_code == 422 and response.get_json()["time_limit"]["stage"] == "depth"


def test_outside_a_deadline_nothing_is_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI and curated runs set no deadline: the loader's looks at the clock cost a context variable only."""
    from judge.scenarios import load_scenario

    monkeypatch.setattr(dryrun, "time", LateIn())   # would be late everywhere, were it read
    assert load_scenario(SMALL, fmt="yaml").title == "Sin maná"
    assert not timelimit.active()
