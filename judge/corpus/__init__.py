"""The rules corpus: documents parsed into citable passages (DESIGN.md, "Passage ids").

    from judge.corpus import load_corpus
    corpus = load_corpus()                      # rules_corpus/ + the instance's imported documents
    corpus.passage("cr-es/121.4").text
    corpus.by_number("121.4")                   # every current-version text of rule 121.4
    corpus.card("asesino gorro rojo").colors    # ["B", "R"]

Id scheme of every document: docs/passages.md.
"""
from __future__ import annotations

from judge.corpus.loader import (PARSER_VERSION, Corpus, CorpusError, corpus_content_hash, load_corpus,
                                 load_imported_document)
from judge.corpus.model import Card, Document, Passage
from judge.corpus.refs import extract_refs, normalize_number

__all__ = [
    "PARSER_VERSION", "Card", "Corpus", "CorpusError", "Document", "Passage", "corpus_content_hash", "extract_refs",
    "load_corpus", "load_imported_document", "normalize_number",
]
