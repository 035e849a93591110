"""RUN_TIME_BUDGET: a web run whose wall-clock budget is spent stops before its next action with a `limit` step
that says so (a 200 trace, `stopped: limite`), never a held worker."""
from __future__ import annotations

from judge import create_app
from judge.engine import run_scenario
from judge.scenarios import load_scenario

from .conftest import CURATED_DIR

SCENARIO = CURATED_DIR / "doce-vidas" / "11-combate-simultaneo.yaml"


def test_a_spent_budget_stops_the_run_with_a_limit_step() -> None:
    scenario = load_scenario(SCENARIO)
    assert scenario.actions
    whole = run_scenario(scenario)
    assert whole.stopped != "limite"
    cut = run_scenario(scenario, time_budget=1e-9)
    limit = [s for s in cut.steps if s.kind == "limit"]
    assert cut.stopped == "limite" and len(limit) == 1
    assert limit[0].message is not None and limit[0].message.id in ("core.limit.time", "core.limit.setup_time",
                                                                      "core.limit.action_time")
    # A budget that is not spent changes nothing.
    assert run_scenario(scenario, time_budget=600).to_json() == whole.to_json()


class _Still:
    @staticmethod
    def monotonic() -> float:
        return 0.0


def test_the_web_run_has_the_budget_setting(tmp_path, monkeypatch) -> None:
    app = create_app({"TESTING": True, "INSTANCE": str(tmp_path), "RUN_TIME_BUDGET": 1e-9})
    # Spent before the text is even read: a 422 naming the first stage (judge.format.timelimit).
    response = app.test_client().post("/api/run", data=SCENARIO.read_bytes(), content_type="application/yaml")
    assert response.status_code == 422 and response.get_json()["time_limit"]["stage"] == "depth"
    # The reading stages' clock standing still, only the engine's moves: the run itself stops at the deadline.
    from judge.runner import dryrun

    from judge.web import arrival

    monkeypatch.setattr(dryrun, "time", _Still)
    monkeypatch.setattr(arrival, "time", _Still)   # the time before the view (counted since the arrival) too
    response = app.test_client().post("/api/run", data=SCENARIO.read_bytes(), content_type="application/yaml")
    assert response.status_code == 200
    trace = response.get_json()
    assert trace["stopped"] == "limite" and trace["ok"] is False
    assert any(s["kind"] == "limit" and s["message"]["id"].startswith("core.limit.") and
               s["message"]["id"].endswith("time") for s in trace["steps"])
    monkeypatch.undo()
    default = create_app({"TESTING": True, "INSTANCE": str(tmp_path)})
    assert default.test_client().post("/api/run", data=SCENARIO.read_bytes(),
                                      content_type="application/yaml").get_json()["ok"] is True
