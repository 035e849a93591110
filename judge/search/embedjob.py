"""The embedding job: computes the vectors an index's passages still lack, after the index is already in use.

A build swaps in the lexical index at once (with the vectors the cache already has); this job then embeds the
rest, in batches, and every FLUSH_PASSAGES passages or FLUSH_SECONDS seconds writes the cache (so a killed job
resumes where it was) and publishes the vectors into the live index folder (so the search fuses them as they
arrive).  One job per instance at a time (an exclusive lock on LOCK_FILE); it follows the live index, so an import
during the job is embedded next.  It runs in the foreground (`judge index --wait`, `judge eval`) or as a background
process, `python -m judge.search.embedjob INSTANCE`, started by `judge corpus import`, `judge index` and the app
(`start_background`), at a lower priority than the searches it serves.  Its progress is in STATUS_FILE, and
`status()` puts everything together for `judge corpus status` and /corpus.
"""
from __future__ import annotations

import fcntl
import json
import logging
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

from judge.config import index_dir
from judge.messages import Message, message_json, operator_language
from judge.search import vectorstore as store

if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger(__name__)

STATUS_FILE = "status.json"     # in the instance's CACHE_DIR
LOCK_FILE = "job.lock"
LOG_FILE = "job.log"
FLUSH_PASSAGES = 64
FLUSH_SECONDS = 10.0
NICENESS = 10                   # the background job yields the CPU to the searches

Progress = Callable[[int, int], None]
_children: list[subprocess.Popen[bytes]] = []
_children_lock = threading.Lock()


class PassageEncoder(Protocol):
    """What the job needs of a model (semantic.Embedder)."""
    model_id: str

    def passages(self, texts: Sequence[str]) -> "np.ndarray": ...


@dataclass
class JobReport:
    """What one run of the job did."""
    passages: int = 0        # passages of the index (the last one it worked on)
    present: int = 0         # of those, with a vector when it stopped
    embedded: int = 0        # computed by the model in this run
    cached: int = 0          # found in the cache when it started
    seconds: float = 0.0
    stopped: bool = False    # asked to stop before the end
    skipped: str | None = None   # why nothing was embedded (no model, no index), in Spanish
    skipped_id: str | None = None    # the same as a message id (`search.skipped.*`): `judge index --lang` says it

    def to_json(self) -> dict[str, Any]:
        return {"passages": self.passages, "present": self.present, "embedded": self.embedded,
                "cached": self.cached, "seconds": round(self.seconds, 3), "stopped": self.stopped,
                "skipped": self.skipped}


def _folder(instance: Path) -> Path:
    return Path(instance) / store.CACHE_DIR


def live_folder(instance: Path) -> Path | None:
    link = index_dir(Path(instance))
    return link.resolve() if link.exists() else None


class JobLock:
    """The instance's job lock (flock: released by the kernel when the holder dies, even by SIGKILL)."""

    def __init__(self, instance: Path) -> None:
        self.path = _folder(instance) / LOCK_FILE
        self._fh: Any = None

    def acquire(self, blocking: bool) -> bool:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fh = open(self.path, "a+")
        try:
            fcntl.flock(self._fh, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
        except BlockingIOError:
            self._fh.close()
            self._fh = None
            return False
        return True

    def release(self) -> None:
        if self._fh is not None:
            fcntl.flock(self._fh, fcntl.LOCK_UN)
            self._fh.close()
            self._fh = None


def running(instance: Path) -> bool:
    """Whether a job holds the instance's lock now."""
    lock = JobLock(instance)
    if not (_folder(instance) / LOCK_FILE).exists():
        return False
    if lock.acquire(blocking=False):
        lock.release()
        return False
    return True


def _write_status(instance: Path, data: dict[str, Any]) -> None:
    store._replace(_folder(instance) / STATUS_FILE, lambda fh: json.dump(data, fh), mode="w")


def read_status(instance: Path) -> dict[str, Any]:
    try:
        data = json.loads((_folder(instance) / STATUS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def run(instance: Path, embedder: PassageEncoder | None = None, progress: Progress | None = None,
        stop: Callable[[], bool] | None = None, batch: int | None = None, wait: bool = True) -> JobReport | None:
    """Embed what the live index of `instance` lacks (the cache first), publishing as it goes; then the next live
    index if one was swapped in meanwhile.  `progress(present, total)` after each batch; `stop()` is asked between
    batches.  With `wait`, waits for a job already running (then usually finds nothing left); without, returns
    None at once when one is.  `embedder` defaults to the process's model (semantic.get_embedder)."""
    from judge.search import semantic as sem

    lock = JobLock(instance)
    if not lock.acquire(blocking=wait):
        return None
    report = JobReport()
    started = time.perf_counter()
    try:
        if embedder is None:
            embedder = sem.get_embedder()
        if embedder is None:
            report.skipped, report.skipped_id = Message("search.skipped.no_model").render(), "search.skipped.no_model"
            why = sem._failure_said if sem._failure else Message(report.skipped_id)
            _write_status(instance, {"state": "failed", "error": sem._failure or report.skipped,
                                     "error_message": message_json(why), "pid": os.getpid(),
                                     "updated_at": time.time()})
            return report
        done_folders: set[Path] = set()
        while True:
            folder = live_folder(instance)
            if folder is None or folder in done_folders:
                break
            plan = store.read_plan(folder)
            if plan is None:
                if not report.skipped:
                    report.skipped = Message("search.skipped.no_plan").render()
                    report.skipped_id = "search.skipped.no_plan"
                break
            finished = _embed_folder(instance, folder, plan, embedder, report, progress, stop,
                                     batch or sem.EMBED_BATCH, started)
            done_folders.add(folder)
            if not finished:
                break
    except BaseException as exc:
        interrupted = isinstance(exc, (KeyboardInterrupt, SystemExit))   # Ctrl-C in `judge index --wait`
        _write_status(instance, {**read_status(instance), "state": "stopped" if interrupted else "failed",
                                 "pid": os.getpid(), "error": None if interrupted else f"{type(exc).__name__}: {exc}",
                                 "updated_at": time.time()})
        raise
    finally:
        lock.release()
    report.seconds = time.perf_counter() - started
    return report


def _embed_folder(instance: Path, folder: Path, plan: store.Plan, embedder: PassageEncoder, report: JobReport,
                  progress: Progress | None, stop: Callable[[], bool] | None, batch: int, started: float) -> bool:
    """One index folder's missing vectors; False when stopped (asked to, or the folder is no longer live)."""
    import numpy as np

    model = embedder.model_id
    cache = store.read_cache(instance, model)
    missing = [i for i, k in enumerate(plan.keys) if k not in cache]
    report.passages, report.cached = len(plan), len(plan) - len(missing)
    present = store.publish(folder, model, plan, cache)
    status = {"state": "running", "pid": os.getpid(), "index": folder.name, "model": model, "total": len(plan),
              "present": present, "embedded": 0, "started_at": time.time(), "updated_at": time.time(),
              "rate": None}
    _write_status(instance, status)
    if progress:
        progress(present, len(plan))
    since_flush, flushed_at, done_here = 0, time.monotonic(), 0
    t0 = time.perf_counter()
    finished = True
    for start in range(0, len(missing), batch):
        if (stop is not None and stop()) or live_folder(instance) != folder:
            finished = False
            break
        rows = missing[start:start + batch]
        vectors = embedder.passages([plan.texts[i] for i in rows])
        for i, v in zip(rows, vectors):
            cache[plan.keys[i]] = np.asarray(v, dtype=np.float16)
        done_here += len(rows)
        report.embedded += len(rows)
        since_flush += len(rows)
        if progress:
            progress(present + done_here, len(plan))
        if since_flush >= FLUSH_PASSAGES or time.monotonic() - flushed_at >= FLUSH_SECONDS:
            _flush(instance, folder, plan, model, cache, status, done_here, t0)
            since_flush, flushed_at = 0, time.monotonic()
    if done_here or not finished:
        _flush(instance, folder, plan, model, cache, status, done_here, t0)
    report.present = present + done_here
    report.stopped = not finished
    status.update(state="done" if finished else "stopped", updated_at=time.time(), finished_at=time.time())
    _write_status(instance, status)
    return finished


def _flush(instance: Path, folder: Path, plan: store.Plan, model: str, cache: dict[str, Any],
           status: dict[str, Any], done_here: int, t0: float) -> None:
    """Cache first (what resuming needs), then the index's vectors and the status."""
    store.write_cache(instance, model, cache, plan.keys)
    if folder.is_dir():
        status["present"] = store.publish(folder, model, plan, cache)
    elapsed = time.perf_counter() - t0
    status.update(embedded=done_here, updated_at=time.time(), rate=round(done_here / elapsed, 2) if elapsed else None)
    _write_status(instance, status)


def start_background(instance: Path) -> bool:
    """Start the job in a background process unless one is running; True when one was started.  Its output goes
    to LOG_FILE beside the cache."""
    with _children_lock:
        _children[:] = [c for c in _children if c.poll() is None]   # reap the finished ones
        if running(instance):
            return False
        folder = _folder(instance)
        folder.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "JUDGE_INSTANCE": str(Path(instance).resolve())}
        with open(folder / LOG_FILE, "ab") as out:
            child = subprocess.Popen([sys.executable, "-m", "judge.search.embedjob", str(Path(instance).resolve())],
                                     stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, env=env,
                                     start_new_session=True, close_fds=True)
        _children.append(child)
        return True


def status(instance: Path, semantic: bool | None = None) -> dict[str, Any]:
    """The state of the instance's search index and its vectors, for `judge corpus status` and /corpus:
    `{"index": {"folder", "passages"} | None, "semantic": {"enabled", "state", "model", "total", "present",
    "percent", "rate", "eta_s", "pid", "updated_at", "error"}}`; `state` is "complete", "running" (the job is
    at work), "pending" (vectors missing and no job: the next `judge index` or the app's start resumes it),
    "failed", "off" (JUDGE_SEARCH_SEMANTIC false) or "no-index"."""
    from judge.search import semantic as sem

    instance = Path(instance)
    folder = live_folder(instance)
    plan_total = None
    if folder is not None:
        meta = store.read_meta(folder)
        if meta is None:
            plan = store.read_plan(folder)
            plan_total = len(plan) if plan is not None else None
    else:
        meta = None
    index = None if folder is None else {"folder": folder.name, "passages": plan_total if meta is None
                                         else meta.get("total")}
    job = read_status(instance)
    total = (meta or {}).get("total", plan_total) or 0
    present = (meta or {}).get("present", 0) if (meta or {}).get("model") == sem.MODEL_ID else 0
    out: dict[str, Any] = {"enabled": sem.enabled(semantic), "model": sem.MODEL_ID, "total": total,
                           "present": present, "percent": round(100 * present / total, 1) if total else 0.0,
                           "rate": None, "eta_s": None, "pid": None, "updated_at": (meta or {}).get("updated_at"),
                           "error": None}
    if not out["enabled"]:
        out["state"] = "off"
    elif folder is None:
        out["state"] = "no-index"
    elif total and present >= total:
        out["state"] = "complete"
    elif running(instance):
        out["state"] = "running"
        out["pid"] = job.get("pid")
        rate = job.get("rate")
        if rate:
            out["rate"] = rate
            out["eta_s"] = round((total - present) / rate)
    elif job.get("state") == "failed":
        out["state"], out["error"] = "failed", job.get("error")
        if job.get("error_message"):
            out["error_message"] = job["error_message"]     # the same as a message: said in `--lang`
    else:
        out["state"] = "pending"
    return {"index": index, "semantic": out}


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m judge.search.embedjob INSTANCE`: the background job (exits at once if one is running)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print(Message("search.log.job_usage").render(operator_language()), file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        os.nice(NICENESS)
    except OSError:
        pass
    report = run(Path(args[0]), wait=False)
    if report is None:
        log.info("%s", Message("search.log.job_busy", instance=args[0]).render(operator_language()))
    else:
        log.info("%s", Message("search.log.job_done", instance=args[0], report=str(report.to_json()))
                 .render(operator_language()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
