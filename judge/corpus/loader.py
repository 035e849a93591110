"""The Corpus: every loaded document (manifest order, then imported ones) and the lookups the rest of the
service needs — by id, by rule number, by today's number for old quotations, "citada por", children,
previous/next, cards by name — plus a content hash that says when the search index is stale.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterator

import yaml

from judge import config
from judge.corpus.model import Card, Document, Passage
from judge.corpus.refs import normalize_number
from judge.corpus.text import fold

# Bump whenever a parser changes the passages it produces: the content hash (and so the index) follows it.
PARSER_VERSION = "corpus-2"

REQUIRED_META = ("id", "file", "title", "language", "version", "ruleset", "parser")
IMPORTED_META = ("id", "title", "language", "version", "ruleset")
_PASSAGE_FIELDS = {f.name for f in dataclasses.fields(Passage)}


class CorpusError(ValueError):
    """A corpus that cannot be loaded: the message names the file and the problem."""


def read_manifest(corpus_dir: Path) -> list[dict[str, Any]]:
    """The manifest's document entries, validated (every required field present, ids unique, parser known)."""
    from judge.corpus.parsers import PARSER_NAMES

    path = corpus_dir / "manifest.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CorpusError(f"{path}: no manifest (the corpus folder needs manifest.yaml)") from None
    except yaml.YAMLError as exc:
        raise CorpusError(f"{path}: not valid YAML: {exc}") from None
    entries = data.get("documents") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise CorpusError(f"{path}: expected a mapping with a 'documents' list")
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise CorpusError(f"{path}: documents[{i}] is not a mapping")
        missing = [k for k in REQUIRED_META if not entry.get(k)]
        if missing:
            raise CorpusError(f"{path}: documents[{i}] lacks {', '.join(missing)}")
        if entry["parser"] not in PARSER_NAMES:
            raise CorpusError(f"{path}: documents[{i}].parser: unknown parser {entry['parser']!r} "
                              f"(known: {', '.join(PARSER_NAMES)})")
        if entry["id"] in seen:
            raise CorpusError(f"{path}: documents[{i}].id: duplicate document id {entry['id']!r}")
        seen.add(entry["id"])
    return entries


def _parse_manifest_document(corpus_dir: Path, entry: dict[str, Any]) -> Document:
    from judge.corpus.parsers import get_parser

    path = corpus_dir / entry["file"]
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise CorpusError(f"{path}: listed in the manifest as {entry['id']!r} but missing") from None
    except UnicodeDecodeError as exc:
        raise CorpusError(f"{path}: not UTF-8 text ({exc})") from None
    try:
        return get_parser(entry["parser"])(text.replace("\r\n", "\n").replace("\r", "\n"), entry)
    except ValueError as exc:
        raise CorpusError(f"{path}: {exc}") from None


def _imported_files(instance_dir: Path) -> list[Path]:
    folder = config.imported_dir(instance_dir)
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def load_imported_document(path: Path) -> Document:
    """One `judge corpus import` result: {"document": {...}, "passages": [Passage.to_dict(), ...]}."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CorpusError(f"{path}: cannot read imported document: {exc}") from None
    meta = data.get("document") if isinstance(data, dict) else None
    raw_passages = data.get("passages") if isinstance(data, dict) else None
    if not isinstance(meta, dict) or not isinstance(raw_passages, list):
        raise CorpusError(f"{path}: expected {{'document': {{...}}, 'passages': [...]}}")
    missing = [k for k in IMPORTED_META if not meta.get(k)]
    if missing:
        raise CorpusError(f"{path}: document lacks {', '.join(missing)}")
    doc = Document(id=str(meta["id"]), title=str(meta["title"]), language=str(meta["language"]),
                   source=str(meta.get("source", "")), version=str(meta["version"]),
                   ruleset=str(meta["ruleset"]), version_label=str(meta.get("version_label", "")),
                   imported=True, historical=bool(meta.get("historical", False)),
                   prefix=str(meta.get("prefix", meta["id"])), version_of=str(meta.get("version_of", "")))
    for i, raw in enumerate(raw_passages):
        if not isinstance(raw, dict):
            raise CorpusError(f"{path}: passages[{i}] is not a mapping")
        try:
            passage = Passage(**{k: v for k, v in raw.items() if k in _PASSAGE_FIELDS})
        except TypeError as exc:
            raise CorpusError(f"{path}: passages[{i}]: {exc}") from None
        if passage.doc != doc.id or not isinstance(passage.id, str) or not isinstance(passage.text, str):
            raise CorpusError(f"{path}: passages[{i}] ({passage.id!r}) does not belong to document {doc.id!r}"
                              if passage.doc != doc.id else f"{path}: passages[{i}]: id and text must be strings")
        if not isinstance(passage.refs, list):
            raise CorpusError(f"{path}: passages[{i}] ({passage.id!r}): refs must be a list")
        doc.passages.append(passage)
    return doc


class Corpus:
    """Every loaded document and its passages, indexed for lookups. Build it with load_corpus()."""

    def __init__(self, documents: list[Document], hash_inputs: list[tuple[str, bytes]] | None = None) -> None:
        self.documents: dict[str, Document] = {}
        # Older imported versions, by the id of the current document: kept apart (see Document.version_of).
        self._archived: dict[str, list[Document]] = defaultdict(list)
        self._rules_of: dict[str, dict[str, Passage]] = {}
        for doc in documents:
            if doc.version_of:
                self._archived[doc.version_of].append(doc)
                continue
            if doc.id in self.documents:
                raise CorpusError(f"two documents with the id {doc.id!r}")
            self.documents[doc.id] = doc
        self._hash_inputs = hash_inputs or []
        self._by_id: dict[str, Passage] = {}
        self._position: dict[str, tuple[str, int]] = {}   # id → (doc id, index in doc.passages)
        self._by_number: dict[str, list[Passage]] = defaultdict(list)
        self._by_current: dict[str, list[Passage]] = defaultdict(list)
        self._cited_by: dict[str, list[Passage]] = defaultdict(list)
        self._children: dict[str, list[Passage]] = defaultdict(list)
        self._cards: dict[str, Card] = {}
        self._card_keys: dict[str, str] = {}
        # Imported documents (the official English CR) are the authority: their passages come first.
        ranked = sorted(self.documents.values(), key=lambda d: not d.imported)
        for doc in self.documents.values():
            for i, passage in enumerate(doc.passages):
                if passage.id in self._by_id:
                    other = self._by_id[passage.id].doc
                    raise CorpusError(f"passage id {passage.id!r} appears in both {other!r} and {doc.id!r}")
                self._by_id[passage.id] = passage
                self._position[passage.id] = (doc.id, i)
                if passage.parent:
                    self._children[passage.parent].append(passage)
                for ref in passage.refs:
                    self._cited_by[normalize_number(ref)].append(passage)
            for card in doc.cards:
                self._card_keys.setdefault(fold(card.name), card.name)
                self._cards.setdefault(card.name, card)
        for doc in ranked:
            for passage in doc.passages:
                if passage.number and not doc.historical:
                    self._by_number[normalize_number(passage.number)].append(passage)
                if passage.current_number:
                    self._by_current[normalize_number(passage.current_number)].append(passage)

    # -- passages ------------------------------------------------------------------------------------------
    def passages(self) -> Iterator[Passage]:
        """Every passage of every document, in document order."""
        for doc in self.documents.values():
            yield from doc.passages

    def passage(self, id: str) -> Passage | None:
        return self._by_id.get(id)

    def document_of(self, id: str) -> Document | None:
        """The document a passage belongs to."""
        position = self._position.get(id)
        return self.documents[position[0]] if position else None

    def by_number(self, number: str) -> list[Passage]:
        """Current-version rules with that number: the imported English CR first, then the Spanish texts.
        Old-version quotations (historical documents) are never returned: their numbers mean other rules."""
        return list(self._by_number.get(normalize_number(number), []))

    def by_current_number(self, number: str) -> list[Passage]:
        """Old-version quotations whose rule is today's `number` (the 2008 FAQ's 104.3f for 107.4e)."""
        return list(self._by_current.get(normalize_number(number), []))

    def cited_by(self, number: str) -> list[Passage]:
        """Passages whose references include `number` ("citada por"), in corpus order."""
        return list(self._cited_by.get(normalize_number(number), []))

    def children(self, id: str) -> list[Passage]:
        """Passages whose parent is `id` (sub-rules of a rule, rulings of a card, bullets of a section)."""
        return list(self._children.get(id, []))

    def neighbours(self, id: str) -> tuple[Passage | None, Passage | None]:
        """The previous and next passage in the same document, or None at either end (or for an unknown id)."""
        position = self._position.get(id)
        if position is None:
            return None, None
        passages = self.documents[position[0]].passages
        i = position[1]
        return (passages[i - 1] if i > 0 else None, passages[i + 1] if i + 1 < len(passages) else None)

    def is_known_number(self, number: str) -> bool:
        """Whether a loaded current-version document has a rule with this number."""
        return bool(self._by_number.get(normalize_number(number)))

    # -- versions ----------------------------------------------------------------------------------------
    def versions(self, doc_id: str) -> list[Document]:
        """Every loaded version of a document, oldest first, the current one (Corpus.documents[doc_id]) last."""
        current = self.documents.get(doc_id)
        # an archive of the version that is current again (an older one imported with --force) is not listed twice
        older = sorted((d for d in self._archived.get(doc_id, []) if current is None or d.version != current.version),
                       key=lambda d: d.version)
        return older + ([current] if current is not None else [])

    def version(self, doc_id: str, version: str) -> Document | None:
        """The loaded version `version` (an ISO date) of `doc_id`, current or archived, or None."""
        return next((d for d in self.versions(doc_id) if d.version == version), None)

    def rule_in(self, doc: Document, number: str) -> Passage | None:
        """The rule (or glossary-free numbered passage) `number` of one document version."""
        table = self._rules_of.get(doc.id)
        if table is None:
            table = self._rules_of[doc.id] = {normalize_number(p.number): p for p in doc.passages if p.number}
        return table.get(normalize_number(number))

    # -- cards ---------------------------------------------------------------------------------------------
    def cards(self) -> dict[str, Card]:
        """Every card by its printed name (FAQ card entries first, then cards printed only in the notes)."""
        return dict(self._cards)

    def card(self, name: str) -> Card | None:
        """A card by name, ignoring case, accents and extra spaces ("cisnes de bryn argoll")."""
        key = self._card_keys.get(fold(name))
        return self._cards.get(key) if key else None

    # -- freshness -----------------------------------------------------------------------------------------
    def content_hash(self) -> str:
        """sha256 over the manifest, every corpus and imported file (name and bytes) and PARSER_VERSION."""
        return _digest(self._hash_inputs)


def _digest(inputs: list[tuple[str, bytes]]) -> str:
    digest = hashlib.sha256(PARSER_VERSION.encode())
    for name, data in inputs:
        digest.update(b"\0" + name.encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.hexdigest()


def corpus_content_hash(corpus_dir: Path | None = None, instance_dir: Path | None = None) -> str:
    """load_corpus(...).content_hash() without parsing anything: a cheap staleness check for the index."""
    corpus_dir = Path(corpus_dir) if corpus_dir is not None else config.corpus_dir()
    instance_dir = Path(instance_dir) if instance_dir is not None else config.instance_dir()
    inputs: list[tuple[str, bytes]] = [("manifest.yaml", (corpus_dir / "manifest.yaml").read_bytes())]
    for entry in read_manifest(corpus_dir):
        try:
            inputs.append((f"corpus/{entry['file']}", (corpus_dir / entry["file"]).read_bytes()))
        except FileNotFoundError:
            raise CorpusError(f"{corpus_dir / entry['file']}: listed in the manifest as {entry['id']!r} "
                              f"but missing") from None
    inputs.extend((f"imported/{path.name}", path.read_bytes()) for path in _imported_files(instance_dir))
    return _digest(inputs)


def load_corpus(corpus_dir: Path | None = None, instance_dir: Path | None = None) -> Corpus:
    """Parse the manifest's documents and load the instance's imported ones.

    Raises CorpusError (a ValueError) naming the file and the problem when something cannot be loaded.
    """
    corpus_dir = Path(corpus_dir) if corpus_dir is not None else config.corpus_dir()
    instance_dir = Path(instance_dir) if instance_dir is not None else config.instance_dir()
    entries = read_manifest(corpus_dir)
    hash_inputs: list[tuple[str, bytes]] = [("manifest.yaml", (corpus_dir / "manifest.yaml").read_bytes())]
    documents: list[Document] = []
    for entry in entries:
        documents.append(_parse_manifest_document(corpus_dir, entry))
        hash_inputs.append((f"corpus/{entry['file']}", (corpus_dir / entry["file"]).read_bytes()))
    for path in _imported_files(instance_dir):
        documents.append(load_imported_document(path))
        hash_inputs.append((f"imported/{path.name}", path.read_bytes()))
    return Corpus(documents, hash_inputs)
