"""Citations of the magic ruleset: Comprehensive Rules numbers as passage ids.

Every step cites ``cr-en/<number>`` (the official English CR, once imported with ``judge corpus import``) and, where
the Spanish documents translate the same rule, ``cr-es/<number>`` too. The Spanish documents cover rules 116.2,
121 and 701.23 (rules_corpus/manifest.yaml); a test checks this list against the loaded corpus.
"""
from __future__ import annotations

import re
from functools import lru_cache

SPANISH_RULES = ("116.2", "121", "701.23")      # a number is translated when it is one of these or below one


def has_spanish(number: str) -> bool:
    return any(number == r or number.startswith(r + ".") or (number.startswith(r) and number[len(r):].isalpha())
               for r in SPANISH_RULES)


def cr(*numbers: str) -> list[str]:
    """``cr("121.4")`` → ``["cr-en/121.4", "cr-es/121.4"]``; ``cr("704.5a")`` → ``["cr-en/704.5a"]``."""
    return list(_cr(numbers))


@lru_cache(maxsize=8192)
def _cr(numbers: tuple[str, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for n in numbers:
        out.append(f"cr-en/{n}")
        if has_spanish(n):
            out.append(f"cr-es/{n}")
    return tuple(out)


_NAMED = re.compile(r"\((\d{3}\.\d+[a-z]?)\)")


def named(*texts: object) -> list[str]:
    """The rules a step's reason text names in parentheses ("… no puede ser objetivo de su fuente (702.16b)"), as
    citations: a rule the step's text gives as its reason is cited by the step too."""
    return cr(*dict.fromkeys(n for t in texts for n in _NAMED.findall(str(t))))     # a Message: its Spanish


GENERAL = "cr-en/100.1"
