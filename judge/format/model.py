"""The validated scenario: what `load_scenario` returns and `run_scenario` runs."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


@dataclass(frozen=True)
class Scenario:
    """A board state, a script of actions and the expected outcome, already validated.

    The ruleset-independent fields are typed here; `setup`, `actions` and `expect` hold the ruleset's own
    value types (for doce-vidas: `judge.engine.rulesets.doce_vidas.schema.Setup`, its Action subclasses and
    `Expectation`). `document` is the validated source mapping (plain data), e.g. to write a scenario back out.
    """
    ruleset: str
    title: str
    setup: Any
    actions: tuple[Any, ...] = ()
    expect: tuple[Any, ...] = ()
    description: str = ""
    illustrates: tuple[str, ...] = ()
    seed: int = 0
    step_limit: int | None = None
    document: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
