"""The field-path checker (kept here for the code that imports it from the loader's package):
judge/format/validate.py."""
from judge.format.validate import MAX_STRING, MAX_TEXT, Checker, join

__all__ = ["MAX_STRING", "MAX_TEXT", "Checker", "join"]
