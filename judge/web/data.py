"""One Corpus and one RulesIndex per process, reloaded when the corpus changes.

The corpus is parsed once and the index opened once; both are shared by every request.  A cheap check (names,
sizes and modification times of the corpus and imported files, at most once per CHECK_INTERVAL seconds) tells
when to recompute the content hash; only a new hash reloads the corpus and rebuilds/reopens the index.  When the
index is missing or stale on first use, this instance builds its own (`ensure_index`), lexical at once, and starts
the embedding job for the vectors it lacks (embedjob.py).
"""
from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import current_app
from werkzeug.exceptions import ServiceUnavailable

from judge import config
from judge.web.i18n import translate

if TYPE_CHECKING:  # the heavy imports stay inside the functions, so importing the app stays quick
    from judge.corpus import Corpus
    from judge.search import RulesIndex

CHECK_INTERVAL = 1.0  # seconds between two looks at the files
log = logging.getLogger(__name__)


class DataUnavailable(ServiceUnavailable):
    """The corpus cannot be loaded or the index cannot be built/opened: a 503 that says why."""


def _fingerprint(folders: list[Path]) -> tuple[tuple[str, int, int], ...]:
    entries: list[tuple[str, int, int]] = []
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                stat = path.stat()
                entries.append((str(path), stat.st_size, stat.st_mtime_ns))
    return tuple(entries)


@dataclass
class RulesData:
    """The loaded corpus and its open index for one (corpus folder, instance folder) pair."""
    corpus_dir: Path
    instance_dir: Path
    semantic: bool | None = None   # the app's SEARCH_SEMANTIC (None: JUDGE_SEARCH_SEMANTIC)
    corpus: "Corpus | None" = None
    index: "RulesIndex | None" = None
    content_hash: str = ""
    _fingerprint: tuple[Any, ...] = ()
    _checked_at: float = 0.0
    _failure: str | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def _watched(self) -> list[Path]:
        return [self.corpus_dir, config.imported_dir(self.instance_dir)]

    def refresh(self, force: bool = False) -> None:
        """Reload the corpus and the index if the files changed since the last look."""
        if not force and self._fresh_enough():
            return
        with self._lock:
            if not force and self._fresh_enough():
                return
            fingerprint = _fingerprint(self._watched())
            try:
                if force or self.index is None or fingerprint != self._fingerprint:
                    self._reload()
                    self._fingerprint = fingerprint
                elif self.index.is_stale():
                    self._reopen()  # `judge index` rebuilt it in another process
                self._failure = None
            except Exception as exc:
                self._failed(exc)
            finally:
                self._checked_at = time.monotonic()

    def _fresh_enough(self) -> bool:
        """True when the last look is recent; raises the remembered 503 if that look failed with nothing loaded."""
        if time.monotonic() - self._checked_at >= CHECK_INTERVAL:
            return False
        if self.corpus is not None and self.index is not None:
            return True
        if self._failure is not None:
            # Failing again for a second is better than rebuilding on every request of a burst.
            raise DataUnavailable(translate("error.503", detail=self._failure))
        return False

    def _failed(self, exc: Exception) -> None:
        from judge.corpus import CorpusError
        from judge.search import IndexMissing

        if isinstance(exc, (CorpusError, IndexMissing, OSError)):
            detail = str(exc)  # a problem with the documents or the folder: the operator can act on it
            log.error("loading the corpus or the index failed: %s", exc)
        else:
            detail = "error interno al preparar el índice (detalles en el registro del servidor)"
            log.exception("loading the corpus or the index failed")
        if self.corpus is None or self.index is None:
            self._failure = detail
            raise DataUnavailable(translate("error.503", detail=detail)) from exc
        # A broken edit of a document: keep serving what was loaded, and try again at the next look.
        log.error("serving the corpus loaded before")

    def _reload(self) -> None:
        from judge.corpus import load_corpus
        from judge.search import ensure_index

        corpus = load_corpus(self.corpus_dir, self.instance_dir)
        digest = corpus.content_hash()
        if self.index is not None and digest == self.content_hash:
            self.corpus = corpus  # only the timestamps moved
            return
        # ensure_index rebuilds only when the hash recorded beside the index differs from the corpus's; the
        # passages' missing vectors are computed by a background job while the lexical search serves.
        ensure_index(corpus_dir=self.corpus_dir, instance_dir=self.instance_dir, semantic=self.semantic,
                     embed="background")
        self._reopen()
        self.corpus, self.content_hash = corpus, digest

    def _reopen(self) -> None:
        from judge.search import open_index

        old = self.index
        self.index = open_index(self.instance_dir, corpus_dir=self.corpus_dir, semantic=self.semantic)
        if old is not None:
            old.close()  # requests still using it finish first: POSIX keeps the unlinked files readable


_registry: dict[tuple[Path, Path, bool], RulesData] = {}
_registry_lock = threading.Lock()


_resolved: dict[tuple[str, str, bool], tuple[Path, Path, bool]] = {}


def rules_data_for(corpus_dir: Path, instance_dir: Path, semantic: bool | None = None) -> RulesData:
    """The process-wide RulesData for these folders (tests create many apps over one instance)."""
    semantic = config.search_semantic() if semantic is None else bool(semantic)
    # Resolving the folders costs system calls: once per folders given, not on every request.
    given = (str(corpus_dir), str(instance_dir), semantic)
    key = _resolved.get(given)
    if key is None:
        key = (Path(corpus_dir).resolve(), Path(instance_dir).resolve(), semantic)
        if len(_resolved) < 1000:
            _resolved[given] = key
    with _registry_lock:
        data = _registry.get(key)
        if data is None:
            data = _registry[key] = RulesData(*key)
    data.refresh()
    return data


def rules_data() -> RulesData:
    """The current app's corpus and index, fresh."""
    semantic = current_app.config.get("SEARCH_SEMANTIC")
    return rules_data_for(Path(current_app.config["CORPUS_DIR"]), Path(current_app.config["INSTANCE"]),
                          None if semantic is None else bool(semantic))


def corpus() -> "Corpus":
    data = rules_data()
    assert data.corpus is not None
    return data.corpus


def index() -> "RulesIndex":
    data = rules_data()
    assert data.index is not None
    return data.index
