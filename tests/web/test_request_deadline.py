"""Issue 16: one deadline per request, counted from the request's arrival (judge.web.arrival stamps it in the
outermost WSGI layer), over everything /api/validate and /api/run do: what runs before the view, every stage, and
the card-name suggestions of an invalid scenario, which stop at the deadline and keep every error found.

No timing is asserted: an arrival an hour ago is past any budget, and the suggestions are cut by a clock that is
late only after a number of looks inside their stage (the budget's clock, judge.runner.dryrun's)."""
from __future__ import annotations

import time
from pathlib import Path

import pytest
import yaml

from judge import create_app
from judge.format import timelimit
from judge.runner import dryrun
from judge.web.arrival import ENVIRON_KEY, StampArrival

from .test_validate_dry_run import NO_MANA

def _with_unknown_cards(names: list[str]) -> dict:
    doc = yaml.safe_load(NO_MANA)
    doc["players"][0]["battlefield"] = list(doc["players"][0].get("battlefield") or []) + names
    return doc


# Three unknown cards, misspelt from the catalog's basic lands, the first twice: each error gets suggestions.
MISSPELT = ["Montana", "Montana", "Islaa", "Bosqe"]


@pytest.fixture()
def app(instance_dir: Path, tmp_path: Path):
    return create_app({"TESTING": True, "INSTANCE": str(instance_dir), "VALIDATE_TIME_BUDGET": 5,
                       "RUN_TIME_BUDGET": 10, "DATABASE_URL": f"sqlite:///{tmp_path / 'judge.db'}"})


def test_the_arrival_is_stamped_before_any_before_request_hook(app) -> None:
    """The stamp wraps every other layer: the first before_request hook (the body bound) already sees it, and it
    is no later than that hook's own clock."""
    assert isinstance(app.wsgi_app, StampArrival)
    seen: list[tuple[float, float]] = []

    def first() -> None:
        from flask import request

        seen.append((request.environ[ENVIRON_KEY], time.monotonic()))

    app.before_request_funcs[None].insert(0, first)
    assert app.test_client().get("/api/rulesets").status_code == 200
    (stamp, then), = seen
    assert isinstance(stamp, float) and stamp <= then


@pytest.mark.parametrize("url, seconds", [("/api/validate", 5), ("/api/run", 10)])
def test_the_budget_counts_from_the_arrival_not_from_the_view(app, url: str, seconds: float) -> None:
    """A request that arrived an hour before its view ran (queued, or held by what runs before the view) has
    spent its budget: the first stage answers the 422 naming it. Arrived now, the same body is answered."""
    client = app.test_client()
    late = client.post(url, data=NO_MANA, content_type="application/yaml",
                       environ_base={ENVIRON_KEY: time.monotonic() - 3600})
    assert late.status_code == 422, late.get_data(as_text=True)[:300]
    body = late.get_json()
    assert body["time_limit"]["seconds"] == seconds and body["time_limit"]["stage"] in timelimit.STAGES
    assert client.post(url, data=NO_MANA, content_type="application/yaml").status_code == 200


def test_a_saved_scenario_counts_from_the_arrival_too(app) -> None:
    late = app.test_client().post("/api/scenarios", data=NO_MANA, content_type="application/yaml",
                                  environ_base={ENVIRON_KEY: time.monotonic() - 3600})
    assert late.status_code == 422 and late.get_json()["time_limit"]["seconds"] == 10


class LateAfter:
    """The budget's time.monotonic: 0, but far past any deadline from the `after`-th look made inside the
    suggestions stage on."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.looks = 0

    def monotonic(self) -> float:
        if "suggestions" in timelimit.stages():
            self.looks += 1
            if self.looks >= self.after:
                return 1_000_000.0
        return 0.0


@pytest.mark.parametrize("after, suggested", [(1, 0), (3, 1), (10_000, 3)])
def test_the_suggestions_stop_at_the_deadline_and_every_error_stays(app, monkeypatch: pytest.MonkeyPatch,
                                                                    after: int, suggested: int) -> None:
    """Each unknown name is one look at the clock (the stage's entry is the first): cut on entry, no name gets
    suggestions; cut at the third look, the first name only (its repeat included); never cut, all three. Every
    error is in the answer each time (200, never the 422 that would lose them), and `time_limit` says what
    was cut."""
    clock = LateAfter(after)
    monkeypatch.setattr(dryrun, "time", clock)
    response = app.test_client().post("/api/validate", json=_with_unknown_cards(MISSPELT))
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    answer = response.get_json()
    unknown = [e for e in answer["errors"] if e.get("id") == "magic.schema.unknown_card"]
    assert [e["params"]["card"] for e in unknown] == MISSPELT
    named = {e["params"]["card"] for e in unknown if "suggestions" in e}
    assert len(named) == suggested
    if suggested:
        assert "Montaña" in next(e for e in unknown if e["params"]["card"] == "Montana")["suggestions"]
    if suggested < 3:
        assert answer["time_limit"] == {"stage": "suggestions", "seconds": 5}
        assert answer["document"] is None
    else:
        assert "time_limit" not in answer and answer["document"]["ruleset"] == "magic"


def test_a_name_misspelt_twice_is_looked_up_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.web import cardnames

    calls: list[str] = []
    real = cardnames.Names.closest

    def counting(self, name: str, limit: int = cardnames.CLOSEST) -> list[str]:
        calls.append(name)
        return real(self, name, limit)

    monkeypatch.setattr(cardnames.Names, "closest", counting)
    errors = [{"id": "magic.schema.unknown_card", "params": {"card": n}} for n in MISSPELT]
    out, cut = cardnames.with_suggestions(errors, {"cards": {"catalog": ["Montaña", "Isla", "Bosque"]}}, {})
    assert not cut and calls == ["Montana", "Islaa", "Bosqe"]
    assert [e["suggestions"] for e in out[:2]] == [["Montaña"], ["Montaña"]]
    assert out[2]["suggestions"] == ["Isla"] and out[3]["suggestions"] == ["Bosque"]
