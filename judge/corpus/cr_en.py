"""The official Magic Comprehensive Rules (English text file) -> one Document of passages.

Shape of the file (MagicCompRules_EN_<date>.txt): a title, "These rules are effective as of <Month D, YYYY>.",
an introduction, a table of contents (section and rule headings, then "Glossary" and "Credits"), the rules,
the glossary, the credits.  The rules are lines "1. Game Concepts" (sections), "100. General" (rule headings),
"100.1. …" (rules), "100.1a …" (sub-rules), followed by "Example: …" lines and the odd indented continuation
line that belong to the rule above them.

Passage ids: `cr-en/<number>` for rules and headings, `cr-en/section/<n>` for the nine sections,
`cr-en/glossary/<slug>` for glossary terms.  The credits and legal notices are not rules text and are dropped.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from judge.corpus.model import Document, Passage
from judge.corpus.refs import extract_refs
from judge.messages import Message, Said, said_or_text

DOC_ID = "cr-en"
DOC_TITLE = "Magic: The Gathering Comprehensive Rules"
# Bump when the passages this parser produces change: `judge corpus import` then rewrites the same version.
PARSER = "cr-en-1"
MAX_FILE_BYTES = 20 * 1024 * 1024   # the real file is ~1 MB; anything far larger is not a rules text

_MONTHS = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"], start=1)}
_EFFECTIVE = re.compile(r"effective as of\s+([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})", re.IGNORECASE)
_SECTION = re.compile(r"^(\d)\.\s+(\S.*)$")
# A rule line is a number followed by text.  The trailing dot is optional because the source is not
# consistent about it ("606.5 If …" lacks it, "119.1d. In …" has an extra one).
_RULE = re.compile(r"^(\d{3}(?:\.\d+[a-z]?)?)\.?\s+(\S.*)$")


class CRFormatError(Said, ValueError):
    """The text is not a Comprehensive Rules file this parser understands; the message (corpus.cr.*) says why."""


@dataclass(frozen=True)
class CRStats:
    """What an import contains, for the command's summary."""
    rules: int          # numbered rules and sub-rules ("100.1", "100.1a"), not the rule headings ("100")
    headings: int       # rule headings such as "100. General"
    sections: int
    glossary: int
    examples: int

    @classmethod
    def of(cls, doc: Document) -> "CRStats":
        rules = [p for p in doc.passages if p.kind == "rule"]
        return cls(
            rules=sum(1 for p in rules if p.number and "." in p.number),
            headings=sum(1 for p in rules if p.number and "." not in p.number),
            sections=sum(1 for p in doc.passages if p.kind == "title"),
            glossary=sum(1 for p in doc.passages if p.kind == "glossary"),
            examples=sum(p.text.count("\nExample:") for p in rules),
        )


# --- reading ---------------------------------------------------------------------------------------------

def parse_cr_file(path: str | Path) -> Document:
    """Read and parse a Comprehensive Rules text file; CRFormatError (with the file named) if it is not one."""
    path = Path(path)
    if not path.exists():
        raise CRFormatError(Message("corpus.cr.no_file", path=str(path)))
    if not path.is_file():
        raise CRFormatError(Message("corpus.cr.not_a_file", path=str(path)))
    if path.stat().st_size > MAX_FILE_BYTES:
        raise CRFormatError(Message("corpus.cr.too_big", path=str(path), size=path.stat().st_size))
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CRFormatError(Message("corpus.cr.not_utf8", path=str(path), byte=exc.start))
    try:
        return parse_cr(text, source=path.name)
    except CRFormatError as exc:
        raise CRFormatError(Message("corpus.cr.in_file", name=path.name, error=said_or_text(exc))) from None


def normalise_lines(text: str) -> list[str]:
    """Lines without BOM and line-end noise: the official file ends its lines with "\\r\\r\\n"."""
    text = text.lstrip("\ufeff")
    text = re.sub(r"\r*\n|\r+", "\n", text)
    return [line.rstrip() for line in text.split("\n")]


def effective_date(text: str) -> date:
    """The date of "These rules are effective as of April 17, 2026." (the document's version)."""
    m = _EFFECTIVE.search(text[:5000])
    if not m:
        raise CRFormatError(Message("corpus.cr.no_date"))
    month = _MONTHS.get(m.group(1).lower())
    if month is None:
        raise CRFormatError(Message("corpus.cr.bad_month", month=m.group(1)))
    try:
        return date(int(m.group(3)), month, int(m.group(2)))
    except ValueError:
        raise CRFormatError(Message("corpus.cr.bad_date", date=m.group(0))) from None


# --- parsing ---------------------------------------------------------------------------------------------

def parse_cr(text: str, source: str = "") -> Document:
    """Parse the whole text of the Comprehensive Rules into a Document (id "cr-en", version = ISO date)."""
    lines = normalise_lines(text)
    head = next((line for line in lines if line.strip()), "")
    if not head:
        raise CRFormatError(Message("corpus.cr.empty"))
    if "comprehensive rules" not in head.lower():
        raise CRFormatError(Message("corpus.cr.not_cr", head=head[:80]))
    when = effective_date(text)
    start = _body_start(lines)
    glossary_at = _find_heading(lines, "Glossary", start)
    end_rules = glossary_at if glossary_at is not None else len(lines)
    credits_at = _find_heading(lines, "Credits", end_rules) if glossary_at is not None else None

    doc = Document(
        id=DOC_ID, title=DOC_TITLE, language="en", source=source, version=when.isoformat(),
        ruleset="magic", imported=True,
        version_label=f"Comprehensive Rules, effective {when.strftime('%B')} {when.day}, {when.year}",
    )
    _parse_rules(lines[start:end_rules], doc.passages)
    if glossary_at is not None:
        _parse_glossary(lines[glossary_at + 1:credits_at], doc.passages)
    return doc


def _find_heading(lines: list[str], name: str, start: int) -> int | None:
    return next((i for i in range(start, len(lines)) if lines[i].strip() == name), None)


def _body_start(lines: list[str]) -> int:
    """Where the rules begin: the section heading before the first numbered rule.

    The table of contents repeats every section and rule heading ("1. Game Concepts", "100. General") but has
    no numbered rule ("100.1. …"), so the first of those marks the body; the contents end before its section.
    """
    first_rule = next((i for i, line in enumerate(lines)
                       if (m := _RULE.match(line.strip())) and "." in m.group(1)), None)
    if first_rule is None:
        raise CRFormatError(Message("corpus.cr.no_rules"))
    for i in range(first_rule - 1, -1, -1):
        if _SECTION.match(lines[i].strip()):
            return i
    return first_rule


def _parse_rules(lines: list[str], out: list[Passage]) -> None:
    section: Passage | None = None
    heading: Passage | None = None
    by_number: dict[str, Passage] = {}
    current: Passage | None = None     # the passage that Example and continuation lines attach to
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        if (m := _SECTION.match(line)) and _next_section(m.group(1), section):
            number, name = m.group(1), m.group(2)
            section = _add(out, Passage(
                id=f"{DOC_ID}/section/{number}", doc=DOC_ID, title=f"{number}. {name}", text=name, kind="title",
                lang="en", number=number, section=f"{number}. {name}"))
            heading = None
            current = section      # an introductory paragraph of a section would be its text
            continue
        m = _RULE.match(line)
        if m and _fits(m.group(1), section):
            number, body = m.group(1), m.group(2)
            if number in by_number:
                raise CRFormatError(Message("corpus.cr.twice", number=number))
            parent = _parent_of(number, section, by_number)
            if "." not in number:       # a rule heading such as "100. General"
                path = f"{section.title} > {number}. {body}" if section else f"{number}. {body}"
                current = heading = _add(out, Passage(
                    id=f"{DOC_ID}/{number}", doc=DOC_ID, title=f"{number}. {body}", text=body, kind="rule",
                    lang="en", number=number, parent=parent, section=path))
            else:
                current = _add(out, Passage(
                    id=f"{DOC_ID}/{number}", doc=DOC_ID, title=number, text=body, kind="rule", lang="en",
                    number=number, parent=parent,
                    section=heading.section if heading and number.startswith(heading.number + ".")
                    else (section.title if section else "")))
            by_number[number] = current
            continue
        if current is None:
            raise CRFormatError(Message("corpus.cr.stray", line=line[:80]))
        # "Example: …" lines and indented continuation paragraphs belong to the rule above them.
        current.text += "\n" + line
    for p in out:
        p.refs = [n for n in extract_refs(p.text) if n != p.number]   # a rule naming itself is no link


def _fits(number: str, section: Passage | None) -> bool:
    """A line that starts like a rule number is a rule only where that number can be: inside its section."""
    return section is None or number[0] == section.number


def _next_section(number: str, section: Passage | None) -> bool:
    # Sections come in ascending order (1 … 9); an out-of-order "2. …" line is text, such as a list item.
    return section is None or int(number) > int(section.number or 0)


def _parent_of(number: str, section: Passage | None, by_number: dict[str, Passage]) -> str | None:
    """The enclosing passage: 100.1a -> 100.1 -> 100 -> section 1 (the nearest one that exists)."""
    candidates = []
    if re.search(r"[a-z]$", number):
        candidates.append(number[:-1])
    if "." in number:
        candidates.append(number.split(".")[0])
    for c in candidates:
        if c in by_number:
            return by_number[c].id
    return section.id if section else None


def _add(out: list[Passage], p: Passage) -> Passage:
    p.order = len(out)
    out.append(p)
    return p


def _parse_glossary(lines: list[str], out: list[Passage]) -> None:
    """Glossary entries: a term line, then its definition lines, entries separated by blank lines."""
    slugs: set[str] = set()
    block: list[str] = []
    for raw in lines + [""]:
        line = raw.strip()
        if line:
            block.append(line)
            continue
        if not block:
            continue
        term, definition = block[0], "\n".join(block[1:])
        block = []
        if not definition:
            raise CRFormatError(Message("corpus.cr.no_definition", term=term))
        slug = base = slugify(term)
        n = 2
        while slug in slugs:       # distinct terms that fold to the same slug keep distinct ids
            slug, n = f"{base}-{n}", n + 1
        slugs.add(slug)
        _add(out, Passage(
            id=f"{DOC_ID}/glossary/{slug}", doc=DOC_ID, title=term, text=definition, kind="glossary",
            lang="en", section="Glossary", refs=extract_refs(definition)))


def slugify(term: str) -> str:
    """'Active Player, Nonactive Player Order' -> 'active-player-nonactive-player-order'."""
    folded = unicodedata.normalize("NFKD", term).encode("ascii", "ignore").decode().lower()
    folded = re.sub(r"['’]", "", folded)
    slug = re.sub(r"[^a-z0-9]+", "-", folded).strip("-")
    return slug or "term-" + "-".join(f"{ord(c):x}" for c in term)
