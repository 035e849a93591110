"""The rules of "Doce vidas": headings, lead sentences and "- " bullets, one line each, no blank lines.

One passage per bullet under its section (ids in docs/passages.md; the doce-vidas ruleset cites them, so they
are a contract). How the shape maps to ids:
- a heading gets a section id from SECTION_IDS ("Fase 1: Preparación" → `turno/preparacion`, a child of the
  section before it); a section's lead sentence is its own passage (`dv/turno`), a heading without one is a
  bare title passage;
- bullets are numbered in order (`dv/turno/preparacion/1`); a labelled bullet ("- Reliquias: Otorgan…") is
  named by its label (`dv/tipos/reliquias`); a label-only bullet ("- Criaturas.") opens a group whose plain
  bullets are numbered under it (`dv/tipos/criaturas/1`..`/9`);
- a section made only of sentences numbers each sentence (`dv/stack/1`..`/5`);
- a sentence that continues a labelled bullet is its own passage named `<label>-<first noun>`
  (`dv/generales/reciclar-coste`); a bullet glued to the end of a line ("… 32… - Curación: …") is split off.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from judge.corpus.model import Document
from judge.corpus.parsers.base import PassageList, new_document
from judge.corpus.text import fold, slugify

# The document's citation scheme: heading (accent/case-folded) → section path. A heading not listed here gets
# slugify(heading) at the top level, so a new section still parses (and shows up in docs/passages.md tests).
SECTION_IDS = {
    "objetivo del juego": "objetivo",
    "preparacion de una partida": "preparacion",
    "estructura del turno": "turno",
    "fase 1: preparacion": "turno/preparacion",
    "fase 2: accion": "turno/accion",
    "el mana": "mana",
    "tipos de cartas": "tipos",
    "el stack": "stack",
    "reglas generales": "generales",
    "formatos": "formatos",
}
DOCUMENT_TITLES = {"reglas"}       # the page's own title line
BULLET = re.compile(r"^\s*[-–•]\s+(?P<text>.+)$")
LABELLED = re.compile(r"^(?P<label>[^:.]{1,30}):\s+(?P<text>.+)$")
GLUED_BULLET = re.compile(r"\s+-\s+(?=[A-ZÁÉÍÓÚÑ][^:.]{0,30}:\s)")
ARTICLES = {"el", "la", "los", "las", "un", "una", "unos", "unas", "lo"}
TERMINAL = tuple(".:;!?)…")


def _is_heading(line: str) -> bool:
    return not BULLET.match(line) and not line.endswith(TERMINAL) and len(line) <= 40


@dataclass
class _Section:
    path: str
    heading: str
    trail: str
    lines: list[str] = field(default_factory=list)


def _first_noun(sentence: str) -> str:
    for word in re.findall(r"[\wáéíóúñü]+", sentence.lower()):
        if word not in ARTICLES:
            return slugify(word)
    return "nota"


def _emit(out: PassageList, prefix: str, sec: _Section) -> None:
    base = f"{prefix}/{sec.path}"
    parent = f"{prefix}/{sec.path.rsplit('/', 1)[0]}" if "/" in sec.path else None
    bullets = [i for i, line in enumerate(sec.lines) if BULLET.match(line)]
    lead = [line for line in sec.lines[:bullets[0] if bullets else len(sec.lines)]]
    if not bullets and len(lead) > 1:
        # A section made only of sentences: each sentence is a rule of its own.
        out.add(base, sec.trail, sec.heading, "title", parent=parent, section=sec.trail)
        for n, sentence in enumerate(lead, 1):
            out.add(f"{base}/{n}", f"{sec.trail} › {n}", sentence, "bullet", parent=base, section=sec.trail)
        return
    if lead:
        out.add(base, sec.trail, " ".join(lead), "section", parent=parent, section=sec.trail)
    else:
        out.add(base, sec.trail, sec.heading, "title", parent=parent, section=sec.trail)
    group: str | None = None      # id of the open label-only group ("dv/tipos/criaturas")
    group_title = ""
    counter = 0
    last_label: str | None = None  # path of the last labelled bullet, for continuation sentences
    for line in sec.lines[len(lead):]:
        bullet = BULLET.match(line)
        if not bullet:
            if last_label is not None:
                pid = f"{last_label}-{_first_noun(line)}"
                out.add(pid, f"{sec.trail} › {out.by_id[last_label].title.rsplit(' › ', 1)[-1]} (cont.)", line,
                        "bullet", parent=last_label, section=sec.trail)
            else:
                counter += 1
                out.add(f"{base}/{counter}", f"{sec.trail} › {counter}", line, "bullet", parent=base,
                        section=sec.trail)
            continue
        text = bullet.group("text").strip()
        labelled = LABELLED.match(text)
        if labelled:
            label = labelled.group("label").strip()
            pid = f"{base}/{slugify(label)}"
            out.add(pid, f"{sec.trail} › {label}", text, "bullet", parent=base, section=sec.trail)
            group, last_label = None, pid
        elif group is None and len(text.rstrip(".").split()) == 1 and text.endswith("."):
            # "- Criaturas.": a label-only bullet heads the plain bullets that follow it (groups do not nest:
            # a one-word bullet inside a group is one of its bullets).
            label = text.rstrip(".")
            group, group_title, counter = f"{base}/{slugify(label)}", f"{sec.trail} › {label}", 0
            out.add(group, group_title, text, "title", parent=base, section=sec.trail)
            last_label = None
        else:
            counter += 1
            owner, owner_title = (group, group_title) if group else (base, sec.trail)
            out.add(f"{owner}/{counter}", f"{owner_title} › {counter}", text, "bullet", parent=owner,
                    section=owner_title)
            last_label = None


def parse(text: str, meta: Mapping[str, Any]) -> Document:
    doc = new_document(meta)
    prefix = doc.prefix or "dv"
    out = PassageList(doc)
    lines: list[str] = []
    for raw in text.splitlines():
        raw = raw.strip()
        if raw:
            # "… 16, 32… - Curación: …": a bullet glued to the end of the previous sentence.
            parts = GLUED_BULLET.split(raw)
            lines.extend([parts[0], *(f"- {p}" for p in parts[1:])])
    sections: list[_Section] = []
    parent_trail: dict[str, str] = {}
    for line in lines:
        if _is_heading(line):
            if fold(line) in DOCUMENT_TITLES and not sections:
                continue
            path = SECTION_IDS.get(fold(line), slugify(line))
            top = path.split("/")[0]
            if "/" not in path:
                parent_trail[top] = line
            trail = f"{parent_trail.get(top, line)} › {line}" if "/" in path else line
            sections.append(_Section(path, line, trail))
        elif sections:
            sections[-1].lines.append(line)
        else:
            raise ValueError(f"{doc.id}: text before the first heading: {line[:60]!r}")
    for sec in sections:
        _emit(out, prefix, sec)
    return doc
