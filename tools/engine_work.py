"""A fixed amount of engine work, for counting its instructions with callgrind (never timed here).

    python tools/engine_work.py curated K     # load 41-acto, 40-intercambiar, 39-capa-7, 10-mareo; run each K times
    python tools/engine_work.py fuzz N        # judge.runner.fuzz_magic.fuzz(games=N, seed=1)

Per run of the four curated files: (I(curated 3) − I(curated 1)) / 2; per fuzz game of games 2–6:
(I(fuzz 6) − I(fuzz 1)) / 5, where I is the total instruction count `valgrind --tool=callgrind` prints
(`--callgrind-out-file=/dev/null`). The subtraction removes the imports and the loading, so two versions of the
engine compare on the same inputs whatever the machine's load (docs/benchmarks.md, Engine).
"""
from __future__ import annotations

import sys
from pathlib import Path

CURATED = ("41-acto", "40-intercambiar", "39-capa-7", "10-mareo")


def curated(k: int) -> None:
    from judge.engine import run_scenario
    from judge.scenarios import load_scenario

    paths = [next(Path("scenarios/magic").glob(f"{prefix}*.yaml")) for prefix in CURATED]
    loaded = [load_scenario(p) for p in paths]
    for _ in range(k):
        for scenario in loaded:
            run_scenario(scenario)


def fuzz(n: int) -> None:
    from judge.runner import fuzz_magic

    fuzz_magic.fuzz(n, 1)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("curated", "fuzz"):
        sys.exit(__doc__)
    {"curated": curated, "fuzz": fuzz}[sys.argv[1]](int(sys.argv[2]))
