"""What a search "by cited rule" matches: the keys of a citation, and a query reduced to one key.

A step cites a passage id (`dv/tipos/criaturas/3`, `cr-en/704.5a`) or a bare rule number (`704.5a`).  A citation
counts as citing itself and everything above it, so asking for rule 704 finds the scenarios that cite 704.5a, and
asking for `dv/tipos` finds those citing `dv/tipos/criaturas/3`.
"""
from __future__ import annotations

import re
import unicodedata

RULE_NUMBER = re.compile(r"^(\d{1,3})(?:\.(\d{1,3})([a-z]?))?$")
_LEAD = re.compile(r"^(?:reglas?|rules?|r\.)\s+", re.IGNORECASE)


def number_and_parents(number: str) -> list[str]:
    """`704.5a` → [`704.5a`, `704.5`, `704`]; anything that is not a rule number → []."""
    m = RULE_NUMBER.match(number)
    if not m:
        return []
    out = [number]
    if m.group(3):
        out.append(f"{m.group(1)}.{m.group(2)}")
    if m.group(2):
        out.append(m.group(1))
    return out


def citation_keys(ref: str) -> set[str]:
    ref = ref.strip().rstrip(".")
    if not ref:
        return set()
    keys = {ref}
    numbers = number_and_parents(ref)
    prefix, slash, path = ref.partition("/")
    if not numbers and slash:
        numbers = number_and_parents(path)
        if numbers:
            keys.update(f"{prefix}/{n}" for n in numbers)
        else:
            parts = ref.split("/")
            keys.update("/".join(parts[:i]) for i in range(2, len(parts)))
    keys.update(numbers)
    return {k[:200] for k in keys}


def rule_key(query: str) -> str:
    """A query as a citation key: `Regla 704.5A.` → `704.5a`, `rule 702.19` → `702.19`."""
    q = _LEAD.sub("", query.strip()).strip().rstrip(".").strip()
    return q.lower() if RULE_NUMBER.match(q.lower()) else q


def fold(text: str) -> str:
    """Lower case without accents: how titles are compared (`Maná` matches `mana`)."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(ch))


def words(query: str) -> list[str]:
    return [w for w in re.split(r"\s+", fold(query)) if w][:10]
