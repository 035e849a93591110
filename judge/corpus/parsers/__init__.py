"""One parser per document shape; each is `parse(text, meta) -> Document`.

`meta` is the document's manifest entry (a mapping with id, title, language, source, version, version_label,
ruleset, prefix and the shape's own keys). The manifest's `parser` field picks the module by name.
"""
from __future__ import annotations

from types import ModuleType
from typing import Any, Callable, Mapping

from judge.corpus.model import Document

Parser = Callable[[str, Mapping[str, Any]], Document]

# Passage id prefix of the Spanish Comprehensive Rules excerpts, whichever document quotes them.
CR_ES_PREFIX = "cr-es"


def _module(name: str) -> ModuleType:
    from judge.corpus.parsers import doce_vidas, faq, subrules, wiki

    return {"wiki": wiki, "subrules": subrules, "faq": faq, "doce-vidas": doce_vidas}[name]


PARSER_NAMES = ("wiki", "subrules", "faq", "doce-vidas")


def get_parser(name: str) -> Parser:
    """The parse function of a document shape; KeyError for an unknown name."""
    if name not in PARSER_NAMES:
        raise KeyError(name)
    return _module(name).parse
