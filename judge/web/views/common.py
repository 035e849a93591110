"""The pieces every view shares: how a passage, a reference and a document are laid out as data.

Nothing in judge.web.views decides a rule: it only looks passages up in the loaded corpus and lays them out.
A rule number means a rule only within its rules version (DESIGN.md, "Passage ids"), so the FAQ's 2008
quotations are never mixed with today's rules: they are listed apart, under the number they map to today.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Iterable

from werkzeug.exceptions import NotFound

from judge.web.links import card_url, document_url, passage_url, rule_url
from judge.web.links import text_links  # noqa: F401  (re-exported: judge.web.views.text_links)
from judge.web.templating import shorten

if TYPE_CHECKING:
    from judge.corpus import Corpus
    from judge.corpus.model import Document, Passage

SECTION_SPLIT = re.compile(r"\s+[>›]\s+")  # "1. Game Concepts > 121. Drawing a Card", "Turno › Fase 1"

RULE_NUMBER = re.compile(r"^\d{1,3}(?:\.\d{1,3}[a-z]?)?$")


class NotFoundHere(NotFound):
    """A 404 whose page can say more than "not found" (e.g. the number exists in another rules version)."""

    def __init__(self, description: str, extra: dict[str, Any] | None = None) -> None:
        super().__init__(description=description)
        self.extra = extra or {}


def parent_number(number: str) -> str | None:
    """121.2a → 121.2 → 121 → None: the CR's own nesting of rule numbers."""
    if number and number[-1].isalpha():
        return number[:-1]
    if "." in number:
        return number.split(".", 1)[0]
    return None


def is_historical(corpus: "Corpus", passage: "Passage") -> bool:
    document = corpus.documents.get(passage.doc)
    return bool(document is not None and getattr(document, "historical", False))


def label(passage: "Passage") -> str:
    """A passage's readable name: its title without the rule number (pages print the number beside it), or
    the start of its text when the title is only its number ("121.4")."""
    title = without_number(passage.title or "", passage.number)
    if title:
        return title
    return shorten(passage.text, 90) if passage.text else passage.id


def without_number(title: str, number: str | None) -> str:
    title = title.strip()
    if number and title.startswith(number):
        title = title[len(number):].lstrip(". ")
    return title


def document_meta(document: "Document") -> dict[str, Any]:
    return {
        "id": document.id, "title": document.title, "language": document.language,
        "version": document.version, "version_label": document.version_label, "ruleset": document.ruleset,
        "source": document.source, "imported": document.imported,
        "historical": bool(getattr(document, "historical", False)),
        "passages": len(document.passages), "url": document_url(document.id),
    }


def brief(corpus: "Corpus", passage: "Passage | None") -> dict[str, Any] | None:
    """A link to a passage: where it is and what it is called."""
    if passage is None:
        return None
    rule = passage.number if passage.number and not is_historical(corpus, passage) else None
    document = corpus.documents.get(passage.doc)
    return {
        "id": passage.id, "doc": passage.doc, "document_title": document.title if document else passage.doc,
        "number": passage.number, "title": label(passage),
        "kind": passage.kind, "url": passage_url(passage.id), "rule_url": rule_url(rule) if rule else None,
    }


def reference(corpus: "Corpus", number: str) -> dict[str, Any]:
    """An outgoing cross-reference: linked when a loaded current-version document has the number."""
    known = corpus.is_known_number(number)
    return {"number": number, "known": known, "url": rule_url(number) if known else None}


def passage_data(corpus: "Corpus", passage: "Passage") -> dict[str, Any]:
    """Every field of the passage, plus where to see it and its document's version."""
    data = passage.to_dict()
    document = corpus.documents.get(passage.doc)
    historical = is_historical(corpus, passage)
    data.update(
        heading=without_number(passage.title or "", passage.number),  # the title, its number printed apart
        url=passage_url(passage.id),
        rule_url=rule_url(passage.number) if passage.number and not historical else None,
        card_url=card_url(passage.card) if passage.card and corpus.card(passage.card) else None,
        today_url=rule_url(passage.current_number) if passage.current_number else None,
        historical=historical,
        known_refs=[n for n in passage.refs if corpus.is_known_number(n)],
        document=document_meta(document) if document else None,
    )
    return data


def unique(values: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(values))
