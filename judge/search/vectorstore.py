"""Where the passages' vectors live: the instance's cache, and the vectors published into an index folder.

- PLAN_FILE, in the index folder, written by every build (the model is not needed for it): per passage, in index
  order, its id, the text to embed (semantic.embedding_text) and that text's SHA-256.  The embedding job
  (embedjob.py) works from it alone, so it never reloads the corpus.
- VECTORS_FILE, in the index folder: the vectors computed so far, one row per passage of the plan, `present`
  marking those that have one.  It is replaced atomically as vectors arrive (the search re-reads it: passages
  without a vector rank lexically until theirs comes); VECTORS_META sums it up (model, counts, complete) for
  `judge corpus status` without reading the vectors.
- The cache, CACHE_DIR/<model id>.npz in the instance: every vector computed, by the SHA-256 of the text embedded,
  so rebuilding or importing the same CR again embeds nothing, and a killed job resumes where it was.
Every file is written beside its target and renamed over it: a reader never sees half a file.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

if TYPE_CHECKING:
    import numpy as np

DIM = 384
PLAN_FILE = "embedding-plan.json"     # {"ids", "texts", "keys"}
VECTORS_FILE = "vectors.npz"          # {"model", "ids", "present", "vectors"}: float16 (passages, DIM), rows normalised
VECTORS_META = "vectors.json"         # {"model", "total", "present", "complete", "updated_at"}
CACHE_DIR = "embeddings"              # in the instance folder: <model id>.npz, {"keys", "vectors"}
CACHE_MAX = 60_000                    # vectors kept in the cache (those of the current corpus always)


@dataclass(frozen=True)
class Plan:
    """What an index's passages need embedded: ids, texts and text keys, in index order."""
    ids: list[str]
    texts: list[str]
    keys: list[str]

    def __len__(self) -> int:
        return len(self.ids)


@dataclass(frozen=True)
class Published:
    """The vectors published into an index folder (rows in the plan's order)."""
    model: str
    ids: list[str]
    present: "np.ndarray"     # bool per row
    vectors: "np.ndarray"     # float16 (rows, DIM); zeros where not present

    @property
    def complete(self) -> bool:
        return bool(self.present.all())


def _replace(path: Path, write: Callable[[Any], None], mode: str = "wb") -> None:
    """Write through `write(fh)` into a file beside `path`, then rename it over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, mode, **({"encoding": "utf-8"} if "b" not in mode else {})) as fh:
            write(fh)
        os.chmod(tmp, 0o644)   # mkstemp makes it private; the web app may run as another user
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# -- the plan


def write_plan(folder: Path, ids: Sequence[str], texts: Sequence[str], keys: Sequence[str]) -> Plan:
    plan = Plan(list(ids), list(texts), list(keys))
    _replace(folder / PLAN_FILE, lambda fh: json.dump({"ids": plan.ids, "texts": plan.texts, "keys": plan.keys},
                                                      fh, ensure_ascii=False), mode="w")
    return plan


def read_plan(folder: Path) -> Plan | None:
    """The folder's plan; None when there is none or it cannot be read (an index built before plans existed)."""
    try:
        data = json.loads((folder / PLAN_FILE).read_text(encoding="utf-8"))
        plan = Plan(list(data["ids"]), list(data["texts"]), list(data["keys"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return plan if len(plan.ids) == len(plan.texts) == len(plan.keys) else None


def has_plan(folder: Path) -> bool:
    return (folder / PLAN_FILE).is_file()


# -- the cache


def cache_path(instance: Path, model_id: str) -> Path:
    return Path(instance) / CACHE_DIR / f"{model_id}.npz"


def read_cache(instance: Path | None, model_id: str) -> dict[str, "np.ndarray"]:
    """Text key -> vector (float16); empty when there is no cache or it cannot be read."""
    import numpy as np

    if instance is None:
        return {}
    try:
        with np.load(cache_path(instance, model_id), allow_pickle=False) as data:
            keys, vectors = data["keys"], data["vectors"]
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return {}
    if vectors.ndim != 2 or vectors.shape[1] != DIM or len(keys) != len(vectors):
        return {}
    return {k.decode("ascii") if isinstance(k, bytes) else str(k): vectors[i] for i, k in enumerate(keys)}


def write_cache(instance: Path, model_id: str, cache: dict[str, "np.ndarray"], keep: Iterable[str]) -> None:
    """Write the cache atomically: the current corpus's vectors, then older ones up to CACHE_MAX."""
    import numpy as np

    keep = list(dict.fromkeys(keep))
    kept = set(keep)
    order = [k for k in keep if k in cache] + [k for k in cache if k not in kept]
    order = order[: max(CACHE_MAX, len(kept))]
    keys = np.array([k.encode("ascii") for k in order], dtype="S64")
    vectors = (np.stack([cache[k] for k in order]).astype(np.float16) if order else np.zeros((0, DIM), np.float16))
    _replace(cache_path(instance, model_id), lambda fh: np.savez(fh, keys=keys, vectors=vectors))


# -- the vectors of an index folder


def publish(folder: Path, model_id: str, plan: Plan, cache: dict[str, "np.ndarray"]) -> int:
    """Write the plan's vectors that the cache holds into the folder (VECTORS_FILE, then VECTORS_META); returns how
    many passages have one."""
    import numpy as np

    present = np.fromiter((k in cache for k in plan.keys), dtype=bool, count=len(plan))
    vectors = np.zeros((len(plan), DIM), dtype=np.float16)
    for i in np.flatnonzero(present):
        vectors[i] = cache[plan.keys[i]]
    ids = np.array(plan.ids, dtype=str) if plan.ids else np.zeros(0, dtype="U1")
    _replace(folder / VECTORS_FILE, lambda fh: np.savez(fh, model=np.array(model_id), ids=ids, present=present,
                                                       vectors=vectors))
    count = int(present.sum())
    meta = {"model": model_id, "total": len(plan), "present": count, "complete": count == len(plan),
            "updated_at": time.time()}
    _replace(folder / VECTORS_META, lambda fh: json.dump(meta, fh), mode="w")
    return count


def read_meta(folder: Path) -> dict[str, Any] | None:
    try:
        meta = json.loads((folder / VECTORS_META).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return meta if isinstance(meta, dict) else None


def has_vectors(folder: Path, model_id: str) -> bool:
    """Every passage of the folder has its vector of this model."""
    meta = read_meta(folder)
    return bool(meta and meta.get("model") == model_id and meta.get("complete")
                and (folder / VECTORS_FILE).is_file())


def stamp(folder: Path) -> tuple[int, int] | None:
    """What changes when new vectors are published (modification time and size of VECTORS_FILE)."""
    try:
        st = (folder / VECTORS_FILE).stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def read_published(folder: Path) -> Published | None:
    """The published vectors; None when there are none or the file is damaged."""
    import numpy as np

    try:
        with np.load(folder / VECTORS_FILE, allow_pickle=False) as data:
            out = Published(str(data["model"]), [str(x) for x in data["ids"]], data["present"].astype(bool),
                            data["vectors"])
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None
    if out.vectors.ndim != 2 or out.vectors.shape != (len(out.ids), DIM) or len(out.present) != len(out.ids):
        return None
    return out
