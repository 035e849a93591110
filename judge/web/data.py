"""One Corpus and one RulesIndex per process, reloaded when the corpus changes.

The corpus is parsed once and the index opened once; both are shared by every request.  A cheap check (names,
sizes and modification times of the corpus and imported files, at most once per CHECK_INTERVAL seconds) tells
when to recompute the content hash; only a new hash reloads the corpus and rebuilds/reopens the index.  When the
index is missing or stale on first use, this instance builds its own (`ensure_index`), lexical at once, and starts
the embedding job for the vectors it lacks (embedjob.py).

A damaged index (its files differ from the checksums its build recorded, or its folder is gone) is never opened:
it is built again in a background thread (one build per instance at a time, across processes: a lock file), and
meanwhile the last good copy of the index is served if there is one (judge/search/index.py), else every page that
needs the index answers 503 "rebuilding" with Retry-After at once, instead of holding requests for the build.

In a production worker (one that warmed its index and froze its heap at start: judge/search/warm.py), an index
that replaces the loaded one (`judge index` rebuilt it, or the damaged one was built again) is warmed in a
background thread before it is swapped in, so the worker's 16 threads do not each build its lazy tables in their
first requests; requests are answered from the old index meanwhile, and the heap is frozen again after the swap.
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
from judge.messages import Message, Note
from judge.web.errors import said
from judge.web.i18n import translate

if TYPE_CHECKING:  # the heavy imports stay inside the functions, so importing the app stays quick
    from judge.corpus import Corpus
    from judge.search import RulesIndex

CHECK_INTERVAL = 1.0  # seconds between two looks at the files
REBUILD_RETRY_AFTER = 15   # seconds: the Retry-After while a damaged index is built again
REBUILD_BACKOFF = 30.0     # seconds before a failed background build is tried again
# Seconds between a warmed index's swap and the heap's freeze: a request still reading the old index when the heap
# is frozen would freeze it with it (its cycles then never freed), and a search lasts well under this.
REFREEZE_GRACE = 5.0
log = logging.getLogger(__name__)


# The detail of a 503 whose cause is only in the server's log (an unexpected exception), said per request.
INTERNAL = "error.503_internal"


class DataUnavailable(ServiceUnavailable):
    """The corpus cannot be loaded or the index cannot be built/opened: a 503 that says why."""


def _build_lock(instance: Path):  # type: ignore[no-untyped-def]
    from judge.search.index import build_lock   # (whoosh is imported on first use, not with the app)

    return build_lock(instance)


class IndexRebuilding(DataUnavailable):
    """The index was damaged and is being built again, with no good copy to serve meanwhile."""

    def __init__(self, problem: str) -> None:
        super().__init__(translate("error.503_rebuilding", detail=problem), retry_after=REBUILD_RETRY_AFTER)
        self.problem = problem




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
    _failure: tuple[bool, str] | None = None   # (rebuilding?, detail): the 503 repeated for CHECK_INTERVAL
    _lock: threading.Lock = field(default_factory=threading.Lock)
    serving_last_good: str | None = None      # why the last good copy is served (the live index is damaged)
    _builder: threading.Thread | None = None   # the background build of a damaged index
    _rebuilt: threading.Event = field(default_factory=threading.Event)
    _build_failed_at: float = -REBUILD_BACKOFF
    _warming: threading.Thread | None = None   # warms the index that will replace `index` (_warm_then_swap)

    def _watched(self) -> list[Path]:
        return [self.corpus_dir, config.imported_dir(self.instance_dir)]

    def refresh(self, force: bool = False) -> None:
        """Reload the corpus and the index if the files changed since the last look."""
        if self._rebuilt.is_set():   # the background build finished: open what it made
            force = True
        if not force and self._fresh_enough():
            return
        with self._lock:
            if self._warming is not None:
                # A replacing index is being warmed: the old one serves, and the files are looked at after the
                # swap (a look now could reload the corpus under the index that is about to be replaced).
                return
            if self._rebuilt.is_set():
                self._rebuilt.clear()
                force = True
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
            raise self._unavailable()
        return False

    def _unavailable(self) -> DataUnavailable:
        # Made per request: the message is in the language of the request that gets it.
        rebuilding, detail = self._failure or (False, "")
        if detail == INTERNAL:      # the server's own failure: said in the request's language, not the log's
            detail = translate("error.503_internal")
        return IndexRebuilding(detail) if rebuilding else said(DataUnavailable, "error.503", detail=detail)

    def _failed(self, exc: Exception) -> None:
        from judge.corpus import CorpusError
        from judge.search import IndexMissing

        if isinstance(exc, IndexRebuilding):
            detail = exc.problem
        elif isinstance(exc, (CorpusError, IndexMissing, OSError)):
            detail = str(exc)  # a problem with the documents or the folder: the operator can act on it
            log.error("loading the corpus or the index failed: %s", exc)
        else:
            detail = INTERNAL
            log.exception("loading the corpus or the index failed")
        if self.corpus is None or self.index is None:
            self._failure = (isinstance(exc, IndexRebuilding), detail)
            raise self._unavailable() from exc
        # A broken edit of a document: keep serving what was loaded, and try again at the next look.
        log.error("serving the corpus loaded before")

    def _reload(self) -> None:
        from judge.corpus import load_corpus
        from judge.search import ensure_index

        corpus = load_corpus(self.corpus_dir, self.instance_dir)
        digest = corpus.content_hash()
        if self.index is not None and digest == self.content_hash and not self.serving_last_good:
            self.corpus = corpus  # only the timestamps moved
            return
        problem = self._damage()
        if problem is not None:
            self._rebuild_in_background(problem)
            self._open_last_good(problem)
            self.corpus, self.content_hash = corpus, digest
            return
        # ensure_index rebuilds only when the hash recorded beside the index differs from the corpus's; the
        # passages' missing vectors are computed by a background job while the lexical search serves.
        with _build_lock(self.instance_dir):
            ensure_index(corpus_dir=self.corpus_dir, instance_dir=self.instance_dir, semantic=self.semantic,
                         embed="background")
        self._reopen(corpus, digest)

    # -- a damaged index
    def _damage(self) -> "Note | None":
        """What is wrong with an index that was built here (the link exists), or None (none built yet: the first
        build happens in the request, as before; or it is whole)."""
        from judge.search.index import damage

        link = config.index_dir(self.instance_dir)
        if not (link.is_symlink() or link.exists()):
            return None
        folder = link.resolve()
        if not folder.is_dir():
            return Note(Message("search.damage.no_folder", name=folder.name))
        return damage(folder)

    def _rebuild_in_background(self, problem: str) -> None:
        if self._builder is not None and self._builder.is_alive():
            return
        if time.monotonic() - self._build_failed_at < REBUILD_BACKOFF:
            return
        log.error("the search index of %s is damaged (%s): building it again in the background",
                  self.instance_dir, problem)
        self._builder = threading.Thread(target=self._rebuild, name="judge-index-rebuild", daemon=True)
        self._builder.start()

    def _rebuild(self) -> None:
        from judge.search import ensure_index

        try:
            with _build_lock(self.instance_dir):   # another process may have rebuilt it meanwhile: then a no-op
                ensure_index(corpus_dir=self.corpus_dir, instance_dir=self.instance_dir, semantic=self.semantic)
        except Exception:  # noqa: BLE001 - logged; tried again after REBUILD_BACKOFF
            log.exception("building the damaged index of %s again failed", self.instance_dir)
            self._build_failed_at = time.monotonic()
        finally:
            self._rebuilt.set()
            self._checked_at = 0.0   # the next request looks at once

    def _open_last_good(self, problem: str) -> None:
        from judge.search import RulesIndex
        from judge.search.index import last_good
        from judge.search.warm import thaw

        folder = last_good(self.instance_dir)
        if folder is None:
            raise IndexRebuilding(problem)
        old = self.index
        self.index = RulesIndex(self.instance_dir, corpus_dir=self.corpus_dir, semantic=self.semantic, folder=folder)
        if old is not None:
            old.close()
            thaw()   # a worker's frozen heap holds the old index: given back to the collector (warm.thaw)
        self.serving_last_good = problem
        log.error("serving the last good copy of the index (%s) while it is built again", folder.name)

    def _reopen(self, corpus: "Corpus | None" = None, digest: str = "") -> None:
        """Open the index built since (and, from _reload, the `corpus` it was built from, of hash `digest`) in
        place of the loaded one: at once, or in a production worker after warming it in the background."""
        from judge.search import open_index
        from judge.search.warm import replacement_limit

        new = open_index(self.instance_dir, corpus_dir=self.corpus_dir, semantic=self.semantic)
        limit = replacement_limit()
        if self.index is None or limit is None:
            self._swap(new, corpus, digest)
            return
        # Under self._lock (refresh): no other look starts another while this one warms.
        self._warming = threading.Thread(target=self._warm_then_swap, args=(new, limit, corpus, digest),
                                         name="judge-index-warm", daemon=True)
        self._warming.start()

    def _warm_then_swap(self, new: "RulesIndex", limit: int, corpus: "Corpus | None", digest: str) -> None:
        """The background half of _reopen in a worker: warm `new` as the worker's start did (warm.warm_index),
        swap it in, and freeze the heap again (warm.refreeze) once the requests reading the old index are done.
        A failure to warm is logged and the index swapped in cold: its answers are the same, only slower."""
        from judge.search.warm import refreeze, warm_index

        try:
            warmed = warm_index(new, limit)
            log.info("reopened index warmed before its swap: %d questions, %d passages, %.2f s CPU",
                     warmed.questions, warmed.passages, warmed.cpu_s)
        except Exception:  # noqa: BLE001 - a cold index still answers the same
            log.exception("warming the reopened index of %s failed: it is swapped in cold", self.instance_dir)
        try:
            with self._lock:
                self._swap(new, corpus, digest)
        except Exception:  # noqa: BLE001 - the old index kept serving; the next look tries again
            log.exception("swapping in the reopened index of %s failed", self.instance_dir)
        finally:
            with self._lock:
                self._warming = None
                self._checked_at = 0.0   # the next request looks at the files at once
        time.sleep(REFREEZE_GRACE)
        try:
            log.info("%d loaded objects frozen again after the index's swap", refreeze())
        except Exception:  # noqa: BLE001 - an unfrozen heap only makes full collections slower
            log.exception("freezing the heap again after the index's swap failed")

    def _swap(self, new: "RulesIndex", corpus: "Corpus | None", digest: str) -> None:
        from judge.search.warm import thaw

        old, self.index = self.index, new
        if corpus is not None:   # from _reload: the corpus the index was built from comes with it
            self.corpus, self.content_hash = corpus, digest
            if self.serving_last_good:
                log.warning("the rebuilt index of %s is served again", self.instance_dir)
            self.serving_last_good = None
        if old is not None:
            old.close()  # requests still using it finish first: POSIX keeps the unlinked files readable
            thaw()       # a worker's frozen heap holds the old index: given back to the collector (warm.thaw)


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
