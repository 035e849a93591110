"""The validated scenario (kept here for the code that imports it from the loader's package): judge/format/model.py."""
from judge.format.model import Scenario

__all__ = ["Scenario"]
