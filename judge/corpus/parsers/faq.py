"""A set release FAQ (Páramo Sombrío / Shadowmoor, 2008): intro, general notes, card entries.

Shape: parts separated by lines of `—–` (sometimes indented); "NOTAS GENERALES" and "NOTAS DE CARTAS
ESPECÍFICAS" switch between the two halves.
- intro paragraphs → `<prefix>/intro/<n>` (a first banner line without punctuation is the host site: dropped);
- each general note ("Tema: El color importa") → `<prefix>/notas/<slug>` with its prose, each numbered or
  bulleted item → `…/<slug>/<n>` (n counts through the note: printed numbers restart after each example), each
  example card → `…/<slug>/carta/<card-slug>`;
- quoted rules of 2008 → `<prefix>/reglas-2008/<number>` (the year of the document's version): number is the
  2008 number, current_number today's (RENUMBERINGS), since the 2008 104.3f is not today's 104.3f;
- each card entry → `<prefix>/cartas/<card-slug>` (cost, type line, P/T, rules text) and each ruling →
  `<prefix>/cartas/<card-slug>/<n>`, plus a Card record for the engine's catalog.
References in the text are 2008 numbers: they are mapped to today's numbers where known and dropped where not,
so no link ever points at today's rule of the same number.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from judge.corpus.cards import MANA_COST, POWER_TOUGHNESS, TYPE_LINE, make_card
from judge.corpus.model import Card, Document, Passage
from judge.corpus.parsers.base import PassageList, new_document
from judge.corpus.refs import extract_refs
from judge.corpus.text import collapse, fold, paragraphs, slugify

# 2008 rule number → today's (2026 CR). The first seven are given in ../shared/corpus/README.md; the rest were
# checked one by one against MagicCompRules_EN_20260417.txt (same rule text, reworded). Letters do not carry
# over blindly: the 2008 502.80b (redundant instances of wither) is today's 702.80d.
RULES_2008_TO_CURRENT: dict[str, str] = {
    "104.3f": "107.4e", "203.3c": "202.3f", "212.3f": "302.6", "502.5b": "702.10",
    "502.78": "702.78", "502.79": "702.79", "502.80": "702.80",
    "104.3": "107.4", "104.5": "107.6", "203.2e": "202.2d",
    "502.78a": "702.78a", "502.78b": "702.78b", "502.79a": "702.79a",
    "502.80a": "702.80a", "502.80b": "702.80d",
}
# Old rules versions whose numbering we can translate, by year of the FAQ's version.
RENUMBERINGS: dict[str, dict[str, str]] = {"2008": RULES_2008_TO_CURRENT}

SEPARATOR = re.compile(r"^\s*[—–-]{2,}\s*$")
ITEM = re.compile(r"^\s*(?:(?P<n>\d+)\.|•)\s+(?P<text>.*)$")
RULE = re.compile(r"^(?P<number>\d{3}\.\d+[a-z]?)\.?\s+(?P<text>.*)$")
EXAMPLE = re.compile(r"^Ejemplos?\s*:", re.IGNORECASE)
PART_HEADING = re.compile(r"^[A-ZÁÉÍÓÚÑÜ]{3,}(?: [A-ZÁÉÍÓÚÑÜ]+)+$")
# A heading has no final punctuation; a closing quote may end one ('Ciclo: Hechizos “Híbridos aumentados”').
TERMINAL = tuple(".:;!?)…")


def _is_heading(line: str) -> bool:
    line = line.strip()
    return 0 < len(line) <= 70 and not line.endswith(TERMINAL) and not ITEM.match(line) \
        and not RULE.match(line) and not MANA_COST.match(line)


def _is_part_heading(line: str) -> bool:
    """"NOTAS GENERALES", "NOTAS DE CARTAS ESPECÍFICAS": words in capitals only (a cost like {W/U} is not)."""
    return bool(PART_HEADING.match(line))


def _card_header_at(lines: list[str], i: int) -> bool:
    """Whether lines[i] is a card name: a heading-like line followed by a mana cost or a type line."""
    if i + 1 >= len(lines) or not _is_heading(lines[i]):
        return False
    nxt = lines[i + 1].strip()
    return bool(MANA_COST.match(nxt) or TYPE_LINE.match(nxt))


@dataclass
class _Entry:
    name: str
    cost: str | None
    type_line: str
    pt: str | None
    rules_text: list[str]
    rulings: list[str] = field(default_factory=list)

    def card_text(self) -> str:
        return "\n".join(x for x in [self.cost, self.type_line, self.pt, *self.rules_text] if x)


def _read_entries(lines: list[str], where: str) -> list[_Entry]:
    """Card entries from the lines of one part; a new card header inside the rulings starts a new entry
    (so a missing separator never merges two cards), blank lines inside the rulings are ignored."""
    entries: list[_Entry] = []
    i = 0
    while i < len(lines):
        if not lines[i].strip():
            i += 1
            continue
        if not _card_header_at(lines, i):
            raise ValueError(f"{where}: expected a card name followed by its cost or type line, "
                             f"got {lines[i].strip()[:60]!r}")
        name = lines[i].strip()
        i += 1
        cost = lines[i].strip() if MANA_COST.match(lines[i].strip()) else None
        i += 1 if cost else 0
        if i >= len(lines) or not TYPE_LINE.match(lines[i].strip()):
            raise ValueError(f"{where}: card {name!r} has no type line")
        type_line = lines[i].strip()
        i += 1
        pt = None
        if i < len(lines) and POWER_TOUGHNESS.match(lines[i].strip()):
            pt = lines[i].strip()
            i += 1
        entry = _Entry(name, cost, type_line, pt, [])
        entries.append(entry)
        while i < len(lines) and lines[i].strip() and not ITEM.match(lines[i]):
            entry.rules_text.append(lines[i].strip())
            i += 1
        while i < len(lines):
            line = lines[i]
            if not line.strip():
                i += 1
            elif _card_header_at(lines, i):
                break
            elif ITEM.match(line):
                entry.rulings.append(ITEM.match(line).group("text").strip())
                i += 1
            elif entry.rulings:
                # A ruling's continuation: sub-bullets ("   - …") and wrapped lines stay with it.
                entry.rulings[-1] += "\n" + line.strip()
                i += 1
            else:
                raise ValueError(f"{where}: card {name!r}: text after a blank line that is no ruling: "
                                 f"{line.strip()[:60]!r}")
    return entries


class _FaqParser:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.prefix = doc.prefix or slugify(doc.id)
        self.out = PassageList(doc)
        self.note_cards: list[Card] = []
        self.section_cards: list[Card] = []
        # The FAQ quotes the rules of its own date: "<prefix>/reglas-2008/104.3f".
        self.year = doc.version[:4]
        self.rules_path = f"{self.prefix}/reglas-{self.year}"
        self.renumbering = RENUMBERINGS.get(self.year, {}) if doc.historical else {}

    # -- intro ---------------------------------------------------------------------------------------------
    def intro(self, blocks: list[list[str]]) -> None:
        if blocks and len(blocks[0]) == 1 and _is_heading(blocks[0][0]):
            blocks = blocks[1:]  # the host site's banner ("Five Horizons")
        for n, block in enumerate(blocks, 1):
            self.out.add(f"{self.prefix}/intro/{n}", f"Introducción › {n}", collapse(" ".join(block)), "section",
                         section="Introducción")

    # -- general notes -------------------------------------------------------------------------------------
    def notes(self, blocks: list[list[str]]) -> None:
        section: Passage | None = None
        heading = ""
        items = 0
        card: Card | None = None      # the example card whose items follow it
        rule: Passage | None = None
        for block in blocks:
            first = block[0].strip()
            if len(block) == 1 and _is_heading(first):
                heading, items, card, rule = first, 0, None, None
                slug = slugify(first)
                section = self.out.add(f"{self.prefix}/notas/{slug}", first, "", "section",
                                       section=f"Notas generales › {first}")
                continue
            if section is None:
                raise ValueError(f"{self.doc.id}: general-notes text before any note heading: {first[:60]!r}")
            trail = f"Notas generales › {heading}"
            if _card_header_at(block, 0):
                rule = None
                for entry in _read_entries(block, f"{self.doc.id} › {heading}"):
                    pid = f"{section.id}/carta/{slugify(entry.name)}"
                    self.out.add(pid, entry.name, entry.card_text(), "card", card=entry.name, parent=section.id,
                                 section=trail)
                    card = make_card(entry.name, entry.cost, entry.type_line, entry.pt,
                                     "\n".join(entry.rules_text), [], pid)
                    self.note_cards.append(card)
                    for text in entry.rulings:  # items printed with no blank line after the card
                        items += 1
                        card.rulings.append(self.out.add(f"{section.id}/{items}", f"{heading} › {items}", text,
                                                         "note", parent=section.id, section=trail).id)
            elif RULE.match(first):
                card = None
                for line in block:
                    match = RULE.match(line.strip())
                    if match and not EXAMPLE.match(line.strip()):
                        rule = self._rule_2008(match.group("number"), match.group("text"), section, trail)
                    elif rule is not None:
                        rule.text += "\n" + line.strip()
            elif ITEM.match(first):
                rule = None
                for line in block:
                    match = ITEM.match(line)
                    if match:
                        items += 1
                        item = self.out.add(f"{section.id}/{items}", f"{heading} › {items}",
                                            match.group("text").strip(), "note", parent=section.id,
                                            section=trail)
                        if card is not None:
                            card.rulings.append(item.id)
                    else:
                        item.text += "\n" + line.strip()
            else:
                card = rule = None
                paragraph = collapse(" ".join(block))
                section.text = f"{section.text}\n\n{paragraph}".strip()
        for passage in self.doc.passages:
            if passage.kind == "section" and not passage.text:
                passage.text, passage.kind = passage.title, "title"  # a note with no prose of its own

    def _rule_2008(self, number: str, text: str, section: Passage, trail: str) -> Passage:
        # Parent: the enclosing 2008 rule if the FAQ quotes it (502.78a → 502.78), else the note.
        parent_number = number[:-1] if number[-1].isalpha() else None
        parent_id = f"{self.rules_path}/{parent_number}" if parent_number else None
        return self.out.add(
            f"{self.rules_path}/{number}", f"{number} (reglas de {self.year})", text.strip(), "rule",
            number=number, current_number=self.renumbering.get(number),
            parent=parent_id if parent_id in self.out.by_id else section.id, section=trail)

    # -- card entries --------------------------------------------------------------------------------------
    def card_entries(self, parts: list[list[str]]) -> None:
        for part in parts:
            for entry in _read_entries(part, f"{self.doc.id} › notas de cartas"):
                slug = slugify(entry.name)
                pid = f"{self.prefix}/cartas/{slug}"
                self.out.add(pid, entry.name, entry.card_text(), "card", card=entry.name,
                             section="Notas de cartas específicas")
                ruling_ids = []
                for n, ruling in enumerate(entry.rulings, 1):
                    rid = self.out.add(f"{pid}/{n}", f"{entry.name} — aclaración {n}", ruling, "ruling",
                                       card=entry.name, parent=pid,
                                       section=f"Notas de cartas específicas › {entry.name}").id
                    ruling_ids.append(rid)
                self.section_cards.append(make_card(entry.name, entry.cost, entry.type_line, entry.pt,
                                                    "\n".join(entry.rules_text), ruling_ids, pid))


def parse(text: str, meta: Mapping[str, Any]) -> Document:
    doc = new_document(meta)
    parser = _FaqParser(doc)
    parts: list[list[str]] = [[]]
    for line in text.splitlines():
        if SEPARATOR.match(line):
            parts.append([])
        else:
            parts[-1].append(line)
    mode = "intro"
    halves: dict[str, list[list[str]]] = {"intro": [], "notes": [], "cards": []}
    for part in parts:
        lines: list[str] = []
        for line in part:
            if _is_part_heading(line.strip()):
                if lines:
                    halves[mode].append(lines)
                    lines = []
                mode = "cards" if "CARTAS" in line.upper() else "notes"
                continue
            lines.append(line)
        if any(line.strip() for line in lines):
            halves[mode].append(lines)
    parser.intro([b for part in halves["intro"] for b in paragraphs("\n".join(part))])
    parser.notes([b for part in halves["notes"] for b in paragraphs("\n".join(part))])
    parser.card_entries(halves["cards"])
    # Cards: every card entry, then the notes' example cards not printed again among the entries.
    by_name = {fold(c.name): c for c in parser.section_cards}
    doc.cards = list(parser.section_cards) + [c for c in parser.note_cards if fold(c.name) not in by_name]
    if doc.historical:
        # The text cites its own rules version: keep only the citations we can name in today's numbering.
        for passage in doc.passages:
            passage.refs = [parser.renumbering[r] for r in extract_refs(passage.text) if r in parser.renumbering]
    return doc
