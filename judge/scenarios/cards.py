"""The card sources the loader passes to each ruleset (the engine never loads the documents itself): for magic, the
catalog read from the corpus's card records (the Shadowmoor FAQ's cards) and the basic lands, read once per
corpus folder; doce-vidas defines its cards in the scenario."""
from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from typing import Any


def magic_catalog() -> Mapping[str, Any]:
    """Every FAQ card by its printed name, and the basic lands (judge.engine.rulesets.magic.catalog.CatalogCard),
    of the corpus JUDGE_CORPUS_DIR names now, read once per corpus folder. One catalog for the whole process
    made the first reader's corpus everyone's: a command run on a corpus of its own (`judge index` on a test's
    small copy) left every later scenario of the process without the FAQ's cards ("carta desconocida"). The
    instance is not in the key: its imported documents (the English CR) hold no card records."""
    key = os.environ.get("JUDGE_CORPUS_DIR")       # the variable's text, not a resolved path: called per card
    found = _catalogs.get(key)
    if found is None:
        found = _read_catalog()
        if len(_catalogs) >= MAX_CATALOGS:
            _catalogs.pop(next(iter(_catalogs)), None)
        _catalogs[key] = found
    return found


MAX_CATALOGS = 4                   # a process reads one corpus; tests a few
_catalogs: dict[str | None, Mapping[str, Any]] = {}


def _read_catalog() -> Mapping[str, Any]:
    """The catalog of the current documents (only the basic lands when they cannot be loaded)."""
    from judge.corpus import load_corpus           # the documents, not the search index: no Whoosh here
    from judge.engine.rulesets.magic.catalog import read_catalog
    try:
        cards = load_corpus().cards()
    except Exception:                              # noqa: BLE001 - without documents, only the basic lands
        cards = {}
    return read_catalog(cards)


class _LazyCatalog(Mapping[str, Any]):
    """The magic catalog, read from the documents only when a scenario first names a card it does not define (or a
    name is to be named): a scenario whose cards are all inline never loads the corpus."""

    def __getitem__(self, name: str) -> Any:
        return magic_catalog()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(magic_catalog())

    def __len__(self) -> int:
        return len(magic_catalog())


_MAGIC = _LazyCatalog()


def card_source(ruleset_id: str) -> Mapping[str, Any]:
    """The cards a scenario of `ruleset_id` may name without defining them (empty for a ruleset with none)."""
    return _MAGIC if ruleset_id == "magic" else {}


def find(name: str) -> Any:
    """The magic catalog's CardDef of `name`, or None."""
    hit = magic_catalog().get(name)
    return hit.card if hit is not None else None
