"""What the builder knows of each ruleset: every registered ruleset's `describe()` (its players, zones, actions,
expectations and choices, in both languages), computed once per process, and its packed form for the builder page.

A service below the pages: the builder's blueprint and the dry run's fixes (judge.web.playcheck) both read it.
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=1)
def _described() -> str:
    from judge.engine.rulesets import RULESETS

    from judge.scenarios.cards import card_source       # the catalog a scenario may name: passed in
    return json.dumps([r.describe(card_source(r.id)) for r in RULESETS], ensure_ascii=False)


def in_language(value: Any, lang: str) -> Any:
    """`value` with every label written in both languages (`{"es": …, "en": …}`) replaced by its text in `lang`
    (Spanish when that one is empty): the page shows one language, and the other's half of every label was a
    fifth of the builder page."""
    if isinstance(value, dict):
        if value.keys() == {"es", "en"} and all(isinstance(v, str) for v in value.values()):
            return value[lang] or value["es"]
        return {k: in_language(v, lang) for k, v in value.items()}
    if isinstance(value, list):
        return [in_language(v, lang) for v in value]
    return value


@lru_cache(maxsize=4)
def _packed(lang: str) -> str:
    from judge.web.packing import pack

    return json.dumps(pack(in_language(json.loads(_described()), lang)), ensure_ascii=False)


def packed_descriptions(lang: str = "es") -> dict[str, Any]:
    """descriptions() in the page's language, packed for the builder page (judge/web/packing.py), once per process
    and language (GET /api/rulesets keeps both languages)."""
    return json.loads(_packed(lang if lang in ("es", "en") else "es"))


def descriptions() -> list[dict[str, Any]]:
    """Every registered ruleset's describe(), computed once per process (magic's reads its card catalog), a fresh
    copy for each caller."""
    return json.loads(_described())
