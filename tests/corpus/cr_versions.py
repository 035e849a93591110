"""A second Comprehensive Rules version made from the shipped test file, with one change of every kind.

Shared by the versions, diff and impact tests: `next_version(text)` edits a copy of the text (never the file);
`impact_version(text)` goes further, changing rules that curated scenarios cite (tests/corpus/test_impact.py).
"""
from __future__ import annotations

import re

OLD_DATE, NEW_DATE = "April 17, 2026", "June 5, 2026"
REWORDED = "704.5a"        # "0 or less life" -> "zero or less life"
RENUMBERED = ("702.19g", "702.19h")   # moved down by a new 702.19g
ADDED = "702.19g"
REMOVED = "121.9"
GLOSSARY_TERM = "Mulligan"
NEW_RULE_TEXT = "A creature with trample assigns its excess damage as its controller chooses."


def _replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) >= 1, f"the test file no longer has {old!r}"
    return text.replace(old, new, 1)


def next_version(text: str) -> str:
    """The CR text with its effective date moved on and one rule reworded, added, renumbered and removed and one
    glossary entry reworded (the rules' line ends kept as they are: \\r\\r\\n)."""
    eol = "\r\r\n" if "\r\r\n" in text else "\n"
    text = text.replace(f"effective as of {OLD_DATE}", f"effective as of {NEW_DATE}")
    text = _replace_once(text, "704.5a If a player has 0 or less life", "704.5a If a player has zero or less life")
    text = _replace_once(text, "702.19g Multiple instances of trample",
                         f"702.19g {NEW_RULE_TEXT}{eol}{eol}702.19h Multiple instances of trample")
    # 121.9 and its lines up to the next rule heading go
    text, removed = re.subn(r"(?m)^121\.9\. .*?(?=^122\. )", "", text, count=1, flags=re.DOTALL)
    assert removed == 1, "the test file no longer has rule 121.9"
    text = _replace_once(text, "To take a mulligan is to reject a prospective opening hand",
                         "To take a mulligan is to set aside a prospective opening hand")
    return text


# impact_version: rules the curated scenarios cite (their steps' citations, read by the engine's runs)
CITED_REMOVED = "702.19d"           # trample blocked by a creature removed from combat
CITED_RENUMBERED = ("702.16f", "702.16q")   # protection's "can't be blocked" moved after 702.16p


def impact_version(text: str) -> str:
    """next_version, and also one cited rule removed and one cited rule moved to a new number (its text kept)."""
    eol = "\r\r\n" if "\r\r\n" in text else "\n"
    text = next_version(text)
    text, removed = re.subn(r"(?m)^702\.19d .*?(?=^702\.19e )", "", text, count=1, flags=re.DOTALL)
    assert removed == 1, "the test file no longer has rule 702.19d"
    moved = re.search(r"(?m)^702\.16f (.*?)\r?\r?\n", text)
    assert moved is not None, "the test file no longer has rule 702.16f"
    text = text.replace(moved.group(0), "", 1)
    last = re.search(r"(?m)^702\.16p .*$", text)       # the last of 702.16 (the CR skips the letters l and o)
    assert last is not None, "the test file no longer has rule 702.16p"
    return text[:last.end()] + f"{eol}{eol}{CITED_RENUMBERED[1]} {moved.group(1)}" + text[last.end():]


def reword_every(text: str, every: int) -> str:
    """impact_version, and also every `every`-th subrule (704.5a, 702.19b…) reworded: " the " → " that "
    once, a change many curated scenarios' citations meet (the benchmark's larger update)."""
    text = impact_version(text)
    count = 0

    def edit(m: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return m.group(0).replace(" the ", " that ", 1) if count % every == 0 else m.group(0)

    return re.sub(r"(?m)^\d{3}\.\d+[a-z] .*$", edit, text)


if __name__ == "__main__":
    # python tests/corpus/cr_versions.py OLD.txt NEW.txt [EVERY]: write the edited version (judge bench corpus)
    import sys

    source = open(sys.argv[1], "rb").read().decode("utf-8-sig")
    edited = reword_every(source, int(sys.argv[3])) if len(sys.argv) > 3 else impact_version(source)
    open(sys.argv[2], "wb").write(edited.encode("utf-8"))
