"""Validation errors (kept here for the code that imports them from the loader's package): judge/format/errors.py."""
from judge.format.errors import FieldError, ScenarioError

__all__ = ["FieldError", "ScenarioError"]
