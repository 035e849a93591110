"""Value types of the corpus: documents, passages, cross-references, cards.

A passage is the unit of citation (DESIGN.md, "Passage ids"): one rule, one ruling, one card's text, one bullet.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Passage:
    id: str                       # "<prefix>/<path>", unique across the loaded corpus, e.g. "cr-es/121.4"
    doc: str                      # id of the Document it belongs to, e.g. "robar-una-carta"
    title: str                    # short readable title, e.g. "121.4" or "Asesino gorro rojo — aclaración 1"
    text: str                     # the whole passage text (examples of a rule included)
    kind: str                     # rule | glossary | section | note | card | ruling | bullet | title
    lang: str                     # "es" | "en"
    number: str | None = None     # rule number where the text has one ("121.4", "701.23c"), else None
    derived_number: bool = False  # True where we lettered an unnumbered sub-rule ourselves (701.23, 116.2)
    parent: str | None = None     # id of the enclosing passage or section, if any
    order: int = 0                # position in the document, for previous/next and tables of contents
    refs: list[str] = field(default_factory=list)   # rule numbers this passage cites ("616.1f", "702.62")
    section: str = ""             # human section path, e.g. "Reglas > 121. Robar una carta"
    card: str | None = None       # card name for FAQ card text and rulings
    current_number: str | None = None  # for old-version quotations (FAQ 2008): today's rule number, if known

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Card:
    """A card entry of the Shadowmoor FAQ, parsed into structured data for the engine's catalog."""
    name: str
    mana_cost: str                # "{2}{B/R}{B/R}"
    colors: list[str]             # ["B", "R"]; WUBRG letters
    type_line: str                # "Criatura — Asesino trasgo"
    supertypes: list[str]
    types: list[str]
    subtypes: list[str]
    power: str | None             # strings: "*" and "X" happen
    toughness: str | None
    text: str                     # rules text, one ability per line
    rulings: list[str]            # passage ids of its rulings, in order
    passage_id: str               # passage id of the card's text

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Document:
    id: str                       # "robar-una-carta", "cr-en"
    title: str
    language: str
    source: str
    version: str                  # version/date of the rules the document quotes
    ruleset: str                  # "magic" | "doce-vidas"
    version_label: str = ""
    passages: list[Passage] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    imported: bool = False        # True for documents added with `judge corpus import`
    # True for documents quoting an older rules version (the 2008 FAQ): their rule numbers are not today's,
    # so Corpus.by_number() never returns them (they are reached through current_number instead).
    historical: bool = False
    prefix: str = ""              # passage id prefix of the document's own passages ("faq-shm", "dv")
    # An older imported version kept beside the current one ("cr-en@2026-04-17" has version_of "cr-en"):
    # Corpus.versions() reaches it; it is never in Corpus.documents, so lookups and search see today's rules.
    version_of: str = ""

    def meta(self) -> dict[str, Any]:
        return {
            "id": self.id, "title": self.title, "language": self.language, "source": self.source,
            "version": self.version, "version_label": self.version_label, "ruleset": self.ruleset,
            "imported": self.imported, "historical": self.historical, "passages": len(self.passages),
        }
