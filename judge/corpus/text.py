"""Small text helpers shared by the parsers: slugs for passage paths, accent folding for name lookups."""
from __future__ import annotations

import re
import unicodedata

_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_SPACES = re.compile(r"\s+")


def fold(text: str) -> str:
    """Lower-cased, accents removed, white space collapsed: the key for case/accent-insensitive lookups."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _SPACES.sub(" ", stripped).strip()


def slugify(text: str) -> str:
    """A path segment for a passage id: "Robo por color" → "robo-por-color", "Oona, reina de las hadas" →
    "oona-reina-de-las-hadas"."""
    return _NON_ALNUM.sub("-", fold(text)).strip("-")


def collapse(text: str) -> str:
    """One line of text: runs of white space (newlines included) become a single space."""
    return _SPACES.sub(" ", text).strip()


def paragraphs(text: str) -> list[list[str]]:
    """Blocks of consecutive non-blank lines (right-stripped), in order."""
    blocks: list[list[str]] = []
    current: list[str] = []
    for line in text.splitlines():
        if line.strip():
            current.append(line.rstrip())
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks
