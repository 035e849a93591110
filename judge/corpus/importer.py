"""Imported documents in the instance folder: save them, keeping the newest version.

`judge corpus import` writes one JSON file per document, `imported_dir(instance)/<doc id>.json`:
`{"document": {id, title, language, source, version, version_label, ruleset, parser}, "passages":
[Passage.to_dict()…]}`; the corpus loader (judge.corpus.loader.load_imported_document) reads it back.
Imported documents live in the instance folder, never in git.  Versions are ISO dates, so they compare as text.
A version that a newer import replaces is kept beside it as `<doc id>@<version>.json` (document id
"cr-en@2026-04-17", `version_of` "cr-en", passage ids "cr-en@2026-04-17/100.1"): the rules as they were.
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
from judge.messages import Message, Said

_DOCUMENT_KEYS = ("id", "title", "language", "source", "version", "version_label", "ruleset")


class ImportRefused(Said, Exception):
    """An import that would lose information (an older version over a newer one); the message says so."""


class ImportedFileError(Said, ValueError):
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


def archive_id(doc_id: str, version: str) -> str:
    """The id an older version of `doc_id` is kept under: "cr-en@2026-04-17"."""
    return f"{doc_id}@{version}"


def archived_form(data: dict[str, Any]) -> dict[str, Any]:
    """An imported document's JSON rewritten as its kept older version: every id gets the version in it."""
    meta = dict(data["document"])
    base, version = meta["id"], meta["version"]
    new_id = archive_id(base, version)

    def moved(pid: str | None) -> str | None:
        return new_id + pid[len(base):] if pid and pid.startswith(base + "/") else pid

    passages = [{**p, "id": moved(p["id"]), "doc": new_id, "parent": moved(p.get("parent"))}
                for p in data["passages"]]
    return {"document": {**meta, "id": new_id, "prefix": new_id, "version_of": base}, "passages": passages}


def _keep_previous(instance: Path, doc_id: str) -> None:
    """Write the loaded version of `doc_id` beside it as `<id>@<version>.json` before it is replaced.

    Written (atomically) before the new version goes in, so a failure in between loses nothing; an archive
    already there for that version is the same rules text and is left as it is."""
    data = json.loads(document_path(instance, doc_id).read_text(encoding="utf-8"))
    target = document_path(instance, archive_id(doc_id, data["document"]["version"]))
    if not target.exists():
        _write_atomically(target, archived_form(data))


def stored(instance: Path, doc_id: str) -> Stored | None:
    """The version of `doc_id` already imported into `instance` (None if none); ImportedFileError if damaged."""
    path = document_path(instance, doc_id)
    if not path.exists():
        return None
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))["document"]
        version = meta["version"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ImportedFileError(Message("corpus.import.unreadable", path=str(path), error=str(exc))) from None
    if not isinstance(version, str) or not version:
        raise ImportedFileError(Message("corpus.import.no_version", path=str(path)))
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
        raise ImportRefused(Message("corpus.import.older", previous=previous.version, version=doc.version))
    elif previous.parser != parser:
        action = "reparsed"
    else:
        return ImportOutcome("unchanged", path, doc.version, old)
    if previous is not None and previous.version != doc.version:
        _keep_previous(instance, doc.id)      # versions side by side: the replaced one stays loadable
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
