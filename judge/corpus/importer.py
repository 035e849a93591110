"""Imported documents in the instance folder: save them, keeping the newest version.

`judge corpus import` writes one JSON file per document, `imported_dir(instance)/<doc id>.json`:
`{"document": {id, title, language, source, version, version_label, ruleset, parser}, "passages":
[Passage.to_dict()…]}`; the corpus loader (judge.corpus.loader.load_imported_document) reads it back.
Imported documents live in the instance folder, never in git.  Versions are ISO dates, so they compare as text.
`parser` names the parser that produced the passages, so a parser fix reaches instances that imported the same
rules version before it.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge.config import imported_dir
from judge.corpus.cr_en import PARSER as CR_PARSER
from judge.corpus.model import Document

_DOCUMENT_KEYS = ("id", "title", "language", "source", "version", "version_label", "ruleset")


class ImportRefused(Exception):
    """An import that would lose information (an older version over a newer one); the message says so."""


class ImportedFileError(ValueError):
    """An imported document's JSON file that cannot be read back; the message names the file."""


@dataclass(frozen=True)
class Stored:
    """What the instance holds for a document id: its rules version and the parser that produced it."""
    version: str
    parser: str


@dataclass(frozen=True)
class ImportOutcome:
    """What `save_document` did: "new", "replaced" (a newer version), "reparsed" (same version, newer parser),
    "unchanged" (same version already loaded) or "forced" (--force over the same or a newer version)."""
    action: str
    path: Path
    version: str
    previous_version: str | None = None


def document_path(instance: Path, doc_id: str) -> Path:
    return imported_dir(instance) / f"{doc_id}.json"


def stored(instance: Path, doc_id: str) -> Stored | None:
    """The version of `doc_id` already imported into `instance` (None if none); ImportedFileError if damaged."""
    path = document_path(instance, doc_id)
    if not path.exists():
        return None
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))["document"]
        version = meta["version"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ImportedFileError(f"{path}: no se puede leer el documento importado ({exc})") from None
    if not isinstance(version, str) or not version:
        raise ImportedFileError(f"{path}: el documento importado no tiene versión")
    return Stored(version, str(meta.get("parser", "")))


def save_document(instance: Path, doc: Document, force: bool = False, parser: str = CR_PARSER) -> ImportOutcome:
    """Store `doc` (produced by `parser`, the CR parser unless said) as the imported version of its id, keeping the
    newest version.

    The same version again is left as it is ("unchanged", no rewrite) unless another parser made the stored one;
    an older version than the one loaded is refused with ImportRefused unless `force` (never silently lose the
    newer one).  A damaged stored file is refused too, unless `force`.
    """
    path = document_path(instance, doc.id)
    try:
        previous = stored(instance, doc.id)
    except ImportedFileError:
        if not force:
            raise
        previous = None          # a damaged file is what --force is for: it is overwritten
    old = previous.version if previous else None
    if previous is None:
        action = "new"
    elif doc.version > previous.version:
        action = "replaced"
    elif force:
        action = "forced"
    elif doc.version < previous.version:
        raise ImportRefused(f"ya está cargada la versión {previous.version}, más reciente que {doc.version}; "
                            f"usa --force para reemplazarla de todos modos")
    elif previous.parser != parser:
        action = "reparsed"
    else:
        return ImportOutcome("unchanged", path, doc.version, old)
    _write_atomically(path, to_json(doc, parser))
    return ImportOutcome(action, path, doc.version, old)


def to_json(doc: Document, parser: str) -> dict[str, Any]:
    return {
        "document": {**{key: getattr(doc, key) for key in _DOCUMENT_KEYS}, "parser": parser},
        "passages": [p.to_dict() for p in doc.passages],
    }


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
