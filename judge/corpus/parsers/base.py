"""What every parser does the same way: the Document from its manifest entry, passages in document order."""
from __future__ import annotations

from typing import Any, Mapping

from judge.corpus.model import Document, Passage
from judge.corpus.refs import extract_refs


def new_document(meta: Mapping[str, Any]) -> Document:
    return Document(
        id=str(meta["id"]), title=str(meta["title"]), language=str(meta["language"]),
        source=str(meta.get("source", "")), version=str(meta["version"]), ruleset=str(meta["ruleset"]),
        version_label=str(meta.get("version_label", "")), historical=bool(meta.get("historical", False)),
        prefix=str(meta.get("prefix", "")),
    )


class PassageList:
    """Appends passages to a document, numbering `order` by position and filling the shared fields."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.by_id: dict[str, Passage] = {}

    def add(self, id: str, title: str, text: str, kind: str, **fields: Any) -> Passage:
        if id in self.by_id:
            raise ValueError(f"{self.doc.id}: duplicate passage id {id!r}")
        fields.setdefault("refs", extract_refs(text))
        passage = Passage(id=id, doc=self.doc.id, title=title, text=text.strip(), kind=kind,
                          lang=self.doc.language, order=len(self.doc.passages), **fields)
        self.doc.passages.append(passage)
        self.by_id[id] = passage
        return passage
