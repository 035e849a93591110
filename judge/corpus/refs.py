"""Cross-references: the rule numbers a passage cites ("Ver la regla 616.1f", "See rules 702.19b–c").

Spanish and English share one extractor. A citation starts at
- a dotted rule number anywhere in the text ("as described in 608.2b", "121.4"), or
- a keyword and a number: regla/reglas/rule/rules/ver/véase/see + a section rule ("Ver la regla 704"), or
  section/sección + a section number ("See section 8" → "8");
and goes on through a list: commas, y/o/and/or, and ranges. Ranges are expanded: letters skip l and o as the
rules do ("409.1f–h" → 409.1f, 409.1g, 409.1h), sub-numbers count ("712.9–10" → 712.9, 712.10), a short letter
after "and" continues the rule ("608.3a and b"). Numbers come back normalised (no trailing dot), unique, in
order of first appearance. The caller drops a passage's own number if its text starts with it.
"""
from __future__ import annotations

import re

# Sub-rule letters as the Comprehensive Rules use them: l and o are skipped (they read like 1 and 0).
SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"
MAX_RANGE = 40   # a wider numeric range is a typo or not a range: keep its two ends only

_NUMBER = r"\d{3}(?:\.\d+[a-z]?)?"
_DOTTED = r"\d{3}\.\d+[a-z]?"
_RULE_WORD = r"(?:rules?|reglas?|see|v[ée]ase|ver)"
_SECTION_WORD = r"(?:sections?|secci[óo]n(?:es)?)"
_ANCHOR = re.compile(
    rf"\b{_RULE_WORD}\s+(?P<kw>{_NUMBER})(?!\d)(?!\.\d)"
    rf"|\b{_SECTION_WORD}\s+(?P<section>\d{{1,2}})(?![\d.])"
    rf"|(?<![\d.])(?P<num>{_DOTTED})(?![\d])",
    re.IGNORECASE,
)
_RANGE_SEP = r"\s*[–—-]\s*|\s+(?:through|a)\s+"
_LIST_SEP = r"\s*,\s*(?:and/or|and|or|y|o|u|e)?\s*|\s+(?:and/or|and|or|y|o|u|e)\s+"
# A list may name each rule between its numbers: 'See rules 701.42, “Meld,” and 730, “Merging…”'.
_TITLE = r"(?:\s*,?\s*[“«\"][^”»\"\n]{1,80}[”»\"],?)?"
_NEXT = re.compile(
    rf"{_TITLE}(?:(?P<range>{_RANGE_SEP})|(?P<list>{_LIST_SEP}))"
    rf"(?P<item>{_NUMBER}(?![\d])|\d{{1,2}}(?![\d.])|[a-z](?![\w]))"
)
_VALID = re.compile(rf"^(?:{_NUMBER}|\d{{1,2}})$")


def normalize_number(number: str) -> str:
    """A rule number as stored: surrounding space and a trailing dot removed, letters lower-cased ("121.4." → "121.4")."""
    return number.strip().rstrip(".").lower()


def is_rule_number(text: str) -> bool:
    """Whether `text` is shaped like a rule number (704, 121.4, 121.2a) or a section (8), after normalisation."""
    return bool(_VALID.match(normalize_number(text)))


def letter_range(start: str, end: str) -> list[str]:
    """Sub-rule letters from start to end inclusive, skipping l and o as the rules do ("f", "h" → f, g, h)."""
    if start not in SUBRULE_LETTERS or end not in SUBRULE_LETTERS:
        return []
    i, j = SUBRULE_LETTERS.index(start), SUBRULE_LETTERS.index(end)
    return list(SUBRULE_LETTERS[i:j + 1]) if i <= j else []


def _split(number: str) -> tuple[str, int | None, str]:
    """"702.19b" → ("702", 19, "b"); "704" → ("704", None, "")."""
    letter = number[-1] if number[-1].isalpha() else ""
    major, _, minor = number.rstrip(letter).partition(".")
    return major, (int(minor) if minor else None), letter


def _follow(prev: str, item: str, is_range: bool) -> list[str] | None:
    """The numbers `item` adds after `prev` (a range includes its end, not prev); None ends the list."""
    major, minor, letter = _split(prev)
    if item.isalpha():
        # "608.3a and b", "702.19b–c": a letter continues prev's rule, only upwards (so "and a spell" is no ref).
        if not letter or item not in SUBRULE_LETTERS or SUBRULE_LETTERS.index(item) <= SUBRULE_LETTERS.index(letter):
            return None
        base = prev[:-1]
        return [base + x for x in letter_range(letter, item)[1:]] if is_range else [base + item]
    if "." not in item and len(item) <= 2:
        # "712.9–10": a sub-number of prev's rule, only in a range.
        if not is_range or minor is None or letter or int(item) <= minor:
            return None
        item = f"{major}.{item}"
    if not is_range:
        return [item]
    end_major, end_minor, end_letter = _split(item)
    if end_major == major and end_minor == minor and letter and end_letter:
        return [f"{major}.{minor}{x}" for x in letter_range(letter, end_letter)[1:]] or [item]
    if end_major == major and minor is not None and end_minor is not None and not letter and not end_letter \
            and 0 < end_minor - minor <= MAX_RANGE:
        return [f"{major}.{n}" for n in range(minor + 1, end_minor + 1)]
    return [item]


def extract_refs(text: str) -> list[str]:
    """The rule numbers `text` cites, normalised, unique, in order of appearance.

    >>> extract_refs("Ver la regla 616.1f.")
    ['616.1f']
    >>> extract_refs("See rules 702.19b–c and rule 704.")
    ['702.19b', '702.19c', '704']
    """
    found: list[str] = []

    def add(number: str) -> None:
        number = normalize_number(number)
        if number not in found:
            found.append(number)

    pos = 0
    while True:
        anchor = _ANCHOR.search(text, pos)
        if anchor is None:
            return found
        prev = (anchor.group("kw") or anchor.group("section") or anchor.group("num")).lower()
        add(prev)
        pos = anchor.end()
        if anchor.group("section"):
            continue
        while (step := _NEXT.match(text, pos)) is not None:
            numbers = _follow(prev, step.group("item").lower(), bool(step.group("range")))
            if numbers is None:
                break
            for number in numbers:
                add(number)
            prev = numbers[-1] if numbers else prev
            pos = step.end()
