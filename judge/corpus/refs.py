"""Cross-references: the rule numbers a passage cites ("Ver la regla 616.1f", "See rules 702.19b–c").

Spanish and English share one extractor: a reference is the word regla/reglas/rule/rules followed by a list of
rule numbers joined by commas, "y"/"o"/"and"/"or", or a letter range ("409.1f–h" is 409.1f, 409.1g, 409.1h).
A number is a section rule ("704"), a rule ("121.4") or a sub-rule ("121.2a"); numbers come back normalised
(no trailing dot) in order of first appearance.
"""
from __future__ import annotations

import re

# Sub-rule letters as the Comprehensive Rules use them: l and o are skipped (they read like 1 and 0).
SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"

_NUMBER = r"\d{3}(?:\.\d+[a-z]?)?"
# A number, optionally followed by a letter range ("702.19b–c", "409.1f-h").
_ITEM = rf"{_NUMBER}(?:\s*[–—-]\s*(?:{_NUMBER}|[a-z](?![a-z])))?"
_JOIN = r"(?:\s*,\s*|\s+(?:y|e|o|u|and|or|through|a)\s+|\s*[–—-]\s*)"
_REF = re.compile(
    rf"\b(?:reglas?|rules?)\s+(?P<items>{_ITEM}(?:{_JOIN}{_ITEM})*)",
    re.IGNORECASE,
)
_ITEM_RE = re.compile(rf"(?P<start>{_NUMBER})(?:\s*[–—-]\s*(?P<end>{_NUMBER}|[a-z](?![a-z])))?")
_VALID = re.compile(rf"^{_NUMBER}$")


def normalize_number(number: str) -> str:
    """A rule number as stored: surrounding space and a trailing dot removed, letters lower-cased ("121.4." → "121.4")."""
    return number.strip().rstrip(".").lower()


def is_rule_number(text: str) -> bool:
    """Whether `text` is shaped like a rule number (704, 121.4, 121.2a), after normalisation."""
    return bool(_VALID.match(normalize_number(text)))


def letter_range(start: str, end: str) -> list[str]:
    """Sub-rule letters from start to end inclusive, skipping l and o as the rules do ("f", "h" → f, g, h)."""
    if start not in SUBRULE_LETTERS or end not in SUBRULE_LETTERS:
        return []
    i, j = SUBRULE_LETTERS.index(start), SUBRULE_LETTERS.index(end)
    return list(SUBRULE_LETTERS[i:j + 1]) if i <= j else []


def _expand(start: str, end: str | None) -> list[str]:
    if not end:
        return [start]
    base, letter = (start[:-1], start[-1]) if start[-1].isalpha() else (start, "")
    if len(end) == 1 and end.isalpha():
        # "702.19b–c": a range of sub-rule letters of one rule.
        return [base + x for x in letter_range(letter, end)] if letter else [start]
    end_base, end_letter = (end[:-1], end[-1]) if end[-1].isalpha() else (end, "")
    if letter and end_letter and base == end_base:
        return [base + x for x in letter_range(letter, end_letter)] or [start, end]
    return [start, end]  # a range across rules ("601.2–601.5"): keep its two ends, never guess the middle


def extract_refs(text: str) -> list[str]:
    """The rule numbers `text` cites, normalised, unique, in order of appearance.

    >>> extract_refs("Ver la regla 616.1f.")
    ['616.1f']
    >>> extract_refs("See rules 702.19b–c and rule 704.")
    ['702.19b', '702.19c', '704']
    """
    found: list[str] = []
    for match in _REF.finditer(text):
        for item in _ITEM_RE.finditer(match.group("items")):
            for number in _expand(item.group("start"), item.group("end")):
                number = normalize_number(number)
                if number not in found:
                    found.append(number)
    return found
