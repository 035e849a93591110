"""Scenarios: the schema, loading from YAML/JSON, and validation errors with field paths (docs/scenarios.md)."""
from __future__ import annotations

from judge.format.errors import FieldError, ScenarioError
from judge.scenarios.load import MAX_DOCUMENT_BYTES, load_scenario, parse_text
from judge.format.model import Scenario

__all__ = ["load_scenario", "parse_text", "Scenario", "ScenarioError", "FieldError", "MAX_DOCUMENT_BYTES"]
