"""A production worker freezes its loaded heap (judge/search/warm.py freeze_loaded, called by judge.web.wsgi), so
a full collection no longer walks the corpus, the index and the model; an index replaced later (a rebuild, the
last good copy) must still be freed, which a frozen heap would prevent (its reference cycles are collected only
by a full pass). Each check runs in a fresh process: freezing the test process's own heap would leak into others."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CODE = """
import gc, weakref
from pathlib import Path
from judge import config
from judge.web.data import RulesData
from judge.search.warm import freeze_loaded

data = RulesData(config.corpus_dir(), Path({instance!r}))
data.refresh(force=True)
data.index.search("robar una carta", limit=10)
old = weakref.ref(data.index)
frozen = freeze_loaded()
data.{replace}
gc.collect()
print(frozen > 10_000, old() is None, data.index is not None and data.index is not old())
"""


def _run(instance: Path, replace: str) -> list[str]:
    env = dict(os.environ, JUDGE_INSTANCE=str(instance), JUDGE_SEARCH_SEMANTIC="false")
    out = subprocess.run([sys.executable, "-c", CODE.format(instance=str(instance), replace=replace)], env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.split()


def test_a_reopened_index_frees_the_frozen_old_one(instance_dir: Path) -> None:
    # `judge index` rebuilt it in another process: the worker opens the new one (RulesData._reopen)
    assert _run(instance_dir, "_reopen()") == ["True", "True", "True"]


WORKER = """
import gc, weakref
from pathlib import Path
from judge import config
from judge.web import data as web_data
from judge.web.data import RulesData
from judge.search.warm import freeze_loaded, warm_index

web_data.REFREEZE_GRACE = 0.0
data = RulesData(config.corpus_dir(), Path({instance!r}))
data.refresh(force=True)
warm_index(data.index, 10)          # the worker's start (judge/web/wsgi.py): warm, then freeze
freeze_loaded()
old = weakref.ref(data.index)
data.index.is_stale = lambda: True  # `judge index` rebuilt it in another process
data._checked_at = 0.0
data.refresh()
warming = data._warming
print(warming is not None and data.index is old())   # the old one serves while the new one warms
warming.join(300)
gc.collect()
print(old() is None, data.index is not None and data.index is not old(), gc.get_freeze_count() > 10_000)
"""


def test_a_reopen_in_a_worker_is_warmed_and_frozen_again(instance_dir: Path) -> None:
    # the worker warmed and froze at start: the reopened index is warmed in the background, swapped in, the old
    # one freed, and the heap frozen again (RulesData._warm_then_swap)
    env = dict(os.environ, JUDGE_INSTANCE=str(instance_dir), JUDGE_SEARCH_SEMANTIC="false")
    out = subprocess.run([sys.executable, "-c", WORKER.format(instance=str(instance_dir))], env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["True", "True", "True", "True"]


def test_the_code_digest_is_made_by_one_thread(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Eight threads asking for the code digest at once (a worker's first requests) hash the files once."""
    import hashlib
    import threading

    from judge.web import pagecache

    made: list[int] = []

    class Counting:
        @staticmethod
        def sha256(*args: object) -> "hashlib._Hash":
            made.append(1)
            return hashlib.sha256(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(pagecache, "_code_digest", None)
    monkeypatch.setattr(pagecache, "hashlib", Counting)
    barrier = threading.Barrier(8)
    got: list[str] = []

    def ask() -> None:
        barrier.wait()
        got.append(pagecache.code_version())

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(got) == 8 and len(set(got)) == 1 and made == [1]
