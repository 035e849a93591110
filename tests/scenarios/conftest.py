"""Fixtures of the scenario surfaces: the curated files, an app over a temporary instance, the CLI runner."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from judge import create_app
from judge.messages import Message
from judge.runner.catalog import scenarios_dir

CURATED_DIR = scenarios_dir()


def curated_files() -> list[Path]:
    """Every scenario file under scenarios/ (any ruleset folder, YAML or JSON)."""
    return sorted(p for p in CURATED_DIR.rglob("*") if p.suffix in (".yaml", ".yml", ".json") and p.is_file())


@pytest.fixture()
def app(tmp_path: Path):
    # The run pages need the corpus (cited text), not the search index: a bare temporary instance is enough.
    return create_app({"TESTING": True, "INSTANCE": str(tmp_path)})


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture()
def cli() -> CliRunner:
    return CliRunner()


MINIMAL = """\
ruleset: doce-vidas
title: "Ana ataca a Bruno"
cards:
  Lobo gris: {type: criatura, cost: 2, damage: 2, life: 3}
players:
  - name: Ana
    board: [{card: Lobo gris, id: lobo}]
  - name: Bruno
turn: {number: 3, active: Ana, phase: accion}
actions:
  - {by: Ana, attack: lobo, target: Bruno}
expect:
  - {player: Bruno, lives: %(lives)s}
"""


@pytest.fixture()
def minimal() -> str:
    """A valid scenario whose single expectation holds (Bruno ends with 10 lives)."""
    return MINIMAL % {"lives": 10}


# What deep_invalid's errors are, as (field path, message id and parameters); the CLI and the pages show each
# message rendered (DEEP_ERROR_LINES, in Spanish, the default), the API gives its id and parameters too.
DEEP_ERRORS = [
    ("players[1].extra", Message("format.unknown_key", key="extra", allowed=["name", "lives", "mana", "recycle_cost",
                                                                              "deck", "hand", "discard", "board"])),
    ("players[0].lives", Message("format.integer_above", max=24, got=99)),
    ("actions[0].by", Message("format.player.unknown", name="Carla")),
    ("players[1].extra.a[0].a[0].a[0].a[0].a[0]", Message("format.load.too_deep", max=12)),
]
DEEP_ERROR_LINES = [(path, said.render()) for path, said in DEEP_ERRORS]


@pytest.fixture()
def deep_invalid(minimal: str) -> str:
    """`minimal` as JSON text with two field errors and, under players[1].extra, 3,000 levels of nesting (more
    than json.loads or yaml.safe_load can read): every error of DEEP_ERRORS, the deep one at its path."""
    import json

    import yaml

    doc = yaml.safe_load(minimal)
    doc["players"][0]["lives"] = 99
    doc["actions"][0]["by"] = "Carla"
    doc["players"][1]["extra"] = "EXTRA"
    return json.dumps(doc, ensure_ascii=False).replace('"EXTRA"', '{"a": [' * 1500 + "1" + "]}" * 1500)


@pytest.fixture()
def minimal_failing() -> str:
    """The same scenario expecting the wrong outcome (Bruno at 9): its expectation fails."""
    return MINIMAL % {"lives": 9}


@pytest.fixture()
def replays_broken_game(cli: CliRunner, said_line):  # noqa: ANN001
    """Check what `judge fuzz` wrote when `invariant` broke: one scenario in `out` whose title says so, which
    `judge run` replays (exit 0) up to the step the command named, the first step that breaks `invariant`.
    Returns the scenario document."""
    import yaml

    from judge.cli import main
    from judge.engine import run_scenario
    from judge.scenarios import load_scenario

    def check(result, out: Path, invariant, problem: str | None = None) -> dict:  # noqa: ANN001
        """`problem`: what the command must have named as the broken invariant's problem."""
        assert result.exit_code == 1
        broken = said_line(result.stderr, "fuzz.report.broken")
        assert broken is not None and problem in (None, broken["problem"]), result.stderr
        written = list(out.glob("*.yaml"))
        assert len(written) == 1
        assert said_line(result.stderr, "fuzz.report.replay") == {"path": str(written[0])}
        doc = yaml.safe_load(written[0].read_text(encoding="utf-8"))
        assert doc["actions"] and "invariante roto" in doc["title"]     # the scenario's own (Spanish) title
        replay = cli.invoke(main, ["run", str(written[0])])
        assert replay.exit_code == 0, replay.output + replay.stderr
        trace = run_scenario(load_scenario(written[0]))
        broken_step = int(broken["step"])
        assert invariant(trace.steps[broken_step - 1], None)
        assert not any(invariant(s, None) for s in trace.steps[: broken_step - 1])
        return doc

    return check
