"""A CR rule page whose sub-rules are printed as unnumbered paragraphs (701.23 "Buscar", 116.2 "Acciones
especiales").

The head rule is `cr-es/<rule>`; its text is the rule's own sentence where the page prints one ("Hay doce
acciones especiales:"), else its name ("Buscar"). The paragraphs after "Subreglas" are lettered in order as
the Comprehensive Rules letter them, skipping l and o (the twelfth special action is 116.2m), and marked
`derived_number=True`. An "Ejemplo: …" paragraph belongs to the sub-rule before it. The site's footer
("Otras reglas de este apartado", the "Pregunta al juez Pro" promo) is dropped.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from judge.corpus.model import Document
from judge.corpus.parsers import CR_ES_PREFIX
from judge.corpus.parsers.base import PassageList, new_document
from judge.corpus.refs import SUBRULE_LETTERS, normalize_number
from judge.corpus.text import collapse, paragraphs

# "701.23. Buscar" or "Regla 116.2 · Acciones especiales"
HEADER = re.compile(r"^(?:Regla\s+)?(?P<number>\d{3}\.\d+)\.?\s*(?:[·.:—–-]\s*)?(?P<name>.+)$")
SUBRULES_MARK = "subreglas"
FOOTER_MARKS = ("otras reglas de este apartado", "pregunta al juez pro")
EXAMPLE = re.compile(r"^Ejemplos?\s*:", re.IGNORECASE)


def parse(text: str, meta: Mapping[str, Any]) -> Document:
    doc = new_document(meta)
    out = PassageList(doc)
    blocks = [collapse(" ".join(block)) for block in paragraphs(text)]
    if not blocks:
        raise ValueError(f"{doc.id}: empty document")
    header = HEADER.match(blocks[0])
    if not header:
        raise ValueError(f"{doc.id}: first line {blocks[0][:60]!r} is not a rule header like '701.23. Buscar'")
    number = normalize_number(str(meta.get("rule") or header.group("number")))
    name = header.group("name").strip()
    lead: list[str] = []
    subrules: list[str] = []
    in_subrules = False
    for block in blocks[1:]:
        low = block.lower()
        if low.startswith(FOOTER_MARKS):
            break
        if low == SUBRULES_MARK:
            in_subrules = True
        elif not in_subrules:
            lead.append(block)
        elif EXAMPLE.match(block) and subrules:
            subrules[-1] = f"{subrules[-1]}\n{block}"
        else:
            subrules.append(block)
    if len(subrules) > len(SUBRULE_LETTERS):
        raise ValueError(f"{doc.id}: {len(subrules)} sub-rules, more than the letters a–z without l and o")
    title = f"{number}. {name}"
    head = out.add(f"{CR_ES_PREFIX}/{number}", title, "\n".join(lead) or name, "rule", number=number,
                   section=f"Reglas completas › {title}")
    for letter, body in zip(SUBRULE_LETTERS, subrules):
        sub = f"{number}{letter}"
        out.add(f"{CR_ES_PREFIX}/{sub}", sub, body, "rule", number=sub, derived_number=True, parent=head.id,
                section=f"Reglas completas › {title}")
    return doc
