"""The corpus page and document pages with their table of contents."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from werkzeug.exceptions import NotFound

from judge.web.i18n import translate
from judge.web.templating import passage_url, shorten
from judge.web.views.common import SECTION_SPLIT, document_meta, label, without_number

if TYPE_CHECKING:
    from judge.corpus import Corpus
    from judge.corpus.model import Passage


def documents_view(corpus: "Corpus") -> list[dict[str, Any]]:
    """Every loaded document with its passage count (GET /api/documents)."""
    return [document_meta(d) for d in corpus.documents.values()]


def document_view(corpus: "Corpus", doc_id: str) -> dict[str, Any]:
    """A document and its passages in order, each with its depth in the document (GET /api/documents/<doc>)."""
    document = corpus.documents.get(doc_id)
    if document is None:
        raise NotFound(translate("error.404_doc", id=shorten(doc_id, 80)))
    ids = {p.id for p in document.passages}
    parents = {p.id: p.parent for p in document.passages}
    passages = []
    for passage in sorted(document.passages, key=lambda p: p.order):
        titled = bool(without_number(passage.title or "", passage.number))
        passages.append({
            "id": passage.id, "number": passage.number, "title": label(passage), "kind": passage.kind,
            # a bullet's title is only where it sits ("Preparación › 1"): the start of its text says what it is
            "excerpt": shorten(passage.text, 90) if titled and passage.text.strip() != passage.title.strip()
            and not _toc_title(passage).startswith(shorten(passage.text, 110)[:40]) else "",
            "toc_title": _toc_title(passage), "section": passage.section, "parent": passage.parent,
            "depth": _depth(passage.id, parents, ids), "url": passage_url(passage.id),
        })
    data = document_meta(document)
    data["passages"] = passages
    data["count"] = len(passages)
    return data


def _toc_title(passage: "Passage") -> str:
    """The title as the table of contents shows it, under its section heading: without the section path
    ("Estructura del turno › Fase 1 › 2" → the bullet's own text)."""
    title = label(passage)
    parts = SECTION_SPLIT.split(title)
    if len(parts) > 1 and passage.section and title.startswith(passage.section):
        rest = title[len(passage.section):].lstrip(" ›>")
        if not rest:
            return parts[-1]
        if rest.isdigit():
            return shorten(passage.text, 110)
        return rest
    return title


def _depth(passage_id: str, parents: dict[str, str | None], ids: set[str]) -> int:
    depth, current, seen = 0, parents.get(passage_id), {passage_id}
    while current in ids and current not in seen:
        seen.add(current)
        depth += 1
        current = parents.get(current)
    return depth


def contents(passages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The table of contents: passages under their top-level section, then under their subsection, in order.

    Section paths read "1. Game Concepts > 121. Drawing a Card" or "Estructura del turno › Fase 1"."""
    tops: list[dict[str, Any]] = []
    for passage in passages:
        top, sub = _split_section(passage["section"] or "")
        if not tops or tops[-1]["section"] != top:
            tops.append({"section": top, "groups": [], "count": 0})
        groups = tops[-1]["groups"]
        if not groups or groups[-1]["section"] != sub:
            groups.append({"section": sub, "passages": []})
        groups[-1]["passages"].append(passage)
        tops[-1]["count"] += 1
    return tops



def _split_section(section: str) -> tuple[str, str]:
    parts = SECTION_SPLIT.split(section.strip(), maxsplit=1)
    return parts[0], parts[1] if len(parts) > 1 else ""
