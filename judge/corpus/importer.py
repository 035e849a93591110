"""Imported documents in the instance folder: save, replace by version, load.

`judge corpus import` writes one JSON file per document, `imported_dir(instance)/<doc id>.json`:
`{"document": {id, title, language, source, version, version_label, ruleset}, "passages": [Passage.to_dict()…]}`.
Imported documents live in the instance folder, never in git.  Versions are ISO dates, so they compare as text.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from judge.config import imported_dir
from judge.corpus.model import Document, Passage

_DOCUMENT_KEYS = ("id", "title", "language", "source", "version", "version_label", "ruleset")


class ImportRefused(Exception):
    """An import that would lose information (an older version over a newer one); the message says so."""


class ImportedFileError(ValueError):
    """An imported document's JSON file that cannot be read back; the message names the file."""


@dataclass(frozen=True)
class ImportOutcome:
    """What `save_document` did: "new", "replaced", "unchanged" (same version already loaded) or "forced"."""
    action: str
    path: Path
    version: str
    previous_version: str | None = None


def document_path(instance: Path, doc_id: str) -> Path:
    return imported_dir(instance) / f"{doc_id}.json"


def loaded_version(instance: Path, doc_id: str) -> str | None:
    """The version of `doc_id` already imported into `instance`, or None."""
    path = document_path(instance, doc_id)
    if not path.exists():
        return None
    return str(_read(path)["document"].get("version") or "") or None


def save_document(instance: Path, doc: Document, force: bool = False) -> ImportOutcome:
    """Store `doc` as the imported version of its id, keeping the newest version.

    The same version again is left as it is ("unchanged", no rewrite); an older version than the one loaded is
    refused with ImportRefused unless `force` (never silently lose the newer one).
    """
    path = document_path(instance, doc.id)
    try:
        previous = loaded_version(instance, doc.id)
    except ImportedFileError:
        if not force:
            raise
        previous = None          # a damaged file is what --force is for: it is overwritten
    if previous is not None and not force:
        if doc.version == previous:
            return ImportOutcome("unchanged", path, doc.version, previous)
        if doc.version < previous:
            raise ImportRefused(
                f"ya está cargada la versión {previous}, más reciente que {doc.version}; "
                f"usa --force para reemplazarla de todos modos")
    _write_atomically(path, to_json(doc))
    if previous is None:
        action = "new"
    elif force and doc.version <= previous:
        action = "forced"
    else:
        action = "replaced"
    return ImportOutcome(action, path, doc.version, previous)


def to_json(doc: Document) -> dict[str, Any]:
    return {
        "document": {key: getattr(doc, key) for key in _DOCUMENT_KEYS},
        "passages": [p.to_dict() for p in doc.passages],
    }


def from_json(data: dict[str, Any]) -> Document:
    """The Document an import file holds (passage fields this version does not know are ignored)."""
    known = {f.name for f in fields(Passage)}
    meta = data["document"]
    doc = Document(**{key: meta.get(key, "") for key in _DOCUMENT_KEYS}, imported=True)
    doc.passages = [Passage(**{k: v for k, v in p.items() if k in known}) for p in data["passages"]]
    return doc


def load_imported(instance: Path) -> list[Document]:
    """Every document imported into `instance`, sorted by id; ImportedFileError names a damaged file."""
    folder = imported_dir(instance)
    if not folder.is_dir():
        return []
    docs = []
    for path in sorted(folder.glob("*.json")):
        try:
            docs.append(from_json(_read(path)))
        except (KeyError, TypeError) as exc:
            raise ImportedFileError(f"{path}: documento importado con un formato inesperado ({exc})") from None
    return docs


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ImportedFileError(f"{path}: no se puede leer el documento importado ({exc})") from None
    if not isinstance(data, dict) or not isinstance(data.get("document"), dict):
        raise ImportedFileError(f"{path}: documento importado con un formato inesperado")
    return data


def _write_atomically(path: Path, data: dict[str, Any]) -> None:
    # Write beside the target and rename over it: a reader (the web app, `judge index`) never sees half a file.
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".json.tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            os.fchmod(f.fileno(), 0o644)   # mkstemp makes it private; the app may run as another user
            json.dump(data, f, ensure_ascii=False)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
