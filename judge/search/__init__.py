"""Search: the Whoosh schema and analyzers, building and opening the index, questions -> ranked passages."""
from __future__ import annotations

from judge.search.index import IndexMissing, build_index, ensure_index, open_index
from judge.search.query import Hit, RulesIndex, SearchResponse

__all__ = ["Hit", "IndexMissing", "RulesIndex", "SearchResponse", "build_index", "ensure_index", "open_index"]
