"""Wiki articles ("Robar una carta"): prose sections, a quoted CR rule tree, a glossary entry, site chrome.

Ids (docs/passages.md): the quoted Comprehensive Rules keep their numbers under the shared Spanish CR prefix
(`cr-es/121`, `cr-es/121.2a`, parent = the enclosing rule); the glossary entry is `cr-es/glosario/<term>`;
the article's own prose is `<prefix>/<section>[/<subsection>][/<n>[/<m>]]` (`robar/descripcion`,
`robar/robo-por-color/en-el-azul/1`). Site chrome (art credits, "Fuentes", navigation lists, "Véase también")
is dropped: it is not rules text and must never come back as an answer.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from judge.corpus.model import Document, Passage
from judge.corpus.parsers import CR_ES_PREFIX
from judge.corpus.parsers.base import PassageList, new_document
from judge.corpus.refs import extract_refs
from judge.corpus.text import collapse, paragraphs, slugify

# Section names the wiki uses at the top level of every article; any other heading directly followed by a
# heading (like "Robo por color" → "En el blanco") opens a section whose headings are its subsections.
TOP_LEVEL_HEADINGS = {"descripcion", "reglas", "ejemplos", "historia", "curiosidades", "galeria", "notas",
                      "referencias"}
# Everything from one of these headings on is site chrome (credits, navigation, related links).
STOP_HEADINGS = {"fuentes", "vease tambien", "mecanicas", "enlaces externos"}
CHROME_LINE = re.compile(r"^(Arte de |Extraído y traducido|---+$)")
RULES_SOURCE = re.compile(r"^De las Reglas completas\b")
GLOSSARY_SOURCE = re.compile(r"^Del glosario de las Reglas completas\b")
BULLET = re.compile(r"^(?P<indent>\s*)[•·*]\s+(?P<text>.*)$")
RULE_LINE = re.compile(r"^\s*[•·*]?\s*(?P<number>\d{3}(?:\.\d+[a-z]?)?)\.?\s+(?P<text>.*)$")
TERMINAL = tuple(".:;!?)»”\"…")


def _is_heading(block: list[str]) -> bool:
    line = block[0].strip()
    return (len(block) == 1 and len(line) <= 60 and not BULLET.match(line)
            and not line.endswith(TERMINAL) and "\t" not in line)


def _is_navigation(line: str) -> bool:
    # Navigation lists: "Otras", "Sólo en digital:<TAB>Agallas · Beneficio · …"
    return "\t" in line or line.count("·") >= 2


@dataclass
class _Section:
    path: str                      # "robar/robo-por-color/en-el-azul"
    heading: str                   # "En el azul"
    trail: str                     # "Robo por color › En el azul"
    parent: str | None
    paras: list[str] = field(default_factory=list)
    bullets: list[tuple[int, str]] = field(default_factory=list)   # (indent, text)
    subsections: bool = False


def _rule_parent(number: str, known: Mapping[str, Passage]) -> str | None:
    """121.2a → 121.2, 121.2 → 121 (rules 100.1–999 nest by letter, then by the number after the dot)."""
    if number[-1].isalpha():
        candidate = number[:-1]
    elif "." in number:
        candidate = number.split(".")[0]
    else:
        return None
    pid = f"{CR_ES_PREFIX}/{candidate}"
    return pid if pid in known else None


def _add_rules(out: PassageList, lines: list[str], section: str) -> None:
    """The quoted rule tree: one passage per rule and sub-rule, parent by number (121.2a → 121.2 → 121)."""
    rules: list[Passage] = []
    head_title = ""
    for line in lines:
        match = RULE_LINE.match(line)
        if not match:
            if rules:  # a continuation or an "Ejemplo:" line belongs to the rule above
                rules[-1].text = f"{rules[-1].text}\n{line.strip()}"
            continue
        number, text = match.group("number"), match.group("text").strip()
        heading = "." not in number
        title = f"{number}. {text}" if heading else number
        if heading:
            head_title = title
        trail = f"{section} › {head_title}" if head_title and not heading else section
        rules.append(out.add(f"{CR_ES_PREFIX}/{number}", title, text, "rule", number=number,
                             parent=_rule_parent(number, out.by_id), section=trail))
    for rule in rules:
        rule.refs = extract_refs(rule.text)


def _emit_section(out: PassageList, sec: _Section) -> None:
    """The section's paragraphs as one passage (a bare heading if it has none), then one passage per bullet;
    an indented bullet nests under the bullet above it (`…/en-el-rojo/4/1`)."""
    text = "\n\n".join(sec.paras)
    out.add(sec.path, sec.trail, text or sec.heading, "section" if text else "title", parent=sec.parent,
            section=sec.trail)
    levels: list[list[Any]] = []   # [indent, count, id of the last bullet at that level]
    for indent, bullet in sec.bullets:
        while levels and indent < levels[-1][0]:
            levels.pop()
        if levels and indent == levels[-1][0]:
            levels[-1][1] += 1
        else:
            levels.append([indent, 1, None])
        counters = [str(level[1]) for level in levels]
        parent = levels[-2][2] if len(levels) > 1 else sec.path
        label = bullet.split(":", 1)[0] if ":" in bullet[:60] else ".".join(counters)
        passage = out.add("/".join([sec.path, *counters]), f"{sec.trail} › {label}", bullet, "bullet",
                          parent=parent, section=sec.trail)
        levels[-1][2] = passage.id


def parse(text: str, meta: Mapping[str, Any]) -> Document:
    doc = new_document(meta)
    prefix = doc.prefix or slugify(doc.title)
    out = PassageList(doc)
    blocks = paragraphs(text)
    if blocks and _is_heading(blocks[0]):
        blocks = blocks[1:]  # the article title: it is the document's title
    intro = _Section(f"{prefix}/intro", "Introducción", f"{doc.title} › Introducción", None)
    top: _Section | None = None
    sec: _Section | None = intro
    mode = "prose"
    glossary_term: str | None = None

    def close() -> None:
        nonlocal sec
        if sec is not None and (sec.paras or sec.bullets or sec.subsections):
            _emit_section(out, sec)
        sec = None

    for i, block in enumerate(blocks):
        block = [ln for ln in block if not CHROME_LINE.match(ln.strip()) and not _is_navigation(ln)]
        if not block:
            continue
        first = block[0].strip()
        if RULES_SOURCE.match(first):
            mode = "rules"
            continue
        if GLOSSARY_SOURCE.match(first):
            mode, glossary_term = "glossary", None
            continue
        if mode == "rules" and RULE_LINE.match(first):
            close()
            _add_rules(out, block, "Reglas completas")
            mode = "prose"
            continue
        if mode == "glossary":
            if glossary_term is None and _is_heading(block):
                glossary_term = first
                continue
            if glossary_term is not None:
                definition = collapse(" ".join(block))
                out.add(f"{CR_ES_PREFIX}/glosario/{slugify(glossary_term)}", glossary_term, definition,
                        "glossary", section="Glosario de las Reglas completas")
                mode, glossary_term = "prose", None
                continue
        if _is_heading(block):
            key = slugify(first).replace("-", " ")
            if key in STOP_HEADINGS:
                break
            next_is_heading = i + 1 < len(blocks) and _is_heading(blocks[i + 1])
            # A subsection only inside a section that opened with a heading right under its own.
            if key in TOP_LEVEL_HEADINGS or top is None or not top.subsections or next_is_heading:
                close()
                top = _Section(f"{prefix}/{slugify(first)}", first, first, None, subsections=next_is_heading)
                sec = top
                if next_is_heading:
                    close()
                    sec = None
            else:
                close()
                sec = _Section(f"{top.path}/{slugify(first)}", first, f"{top.heading} › {first}", top.path)
            mode = "rules" if key == "reglas" else "prose"
            continue
        if sec is None:
            continue
        for line in block:
            bullet = BULLET.match(line)
            if bullet:
                sec.bullets.append((len(bullet.group("indent").expandtabs()), bullet.group("text").strip()))
            elif sec.bullets:
                indent, prev = sec.bullets[-1]
                sec.bullets[-1] = (indent, f"{prev} {line.strip()}")
            else:
                sec.paras.append(collapse(line))
    close()
    return doc
