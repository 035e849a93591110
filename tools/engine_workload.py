"""A fixed engine workload to count instructions with callgrind (nothing here is timed):

    valgrind --tool=callgrind --callgrind-out-file=OUT python tools/engine_workload.py fuzz 8     # seed 0
    valgrind --tool=callgrind --callgrind-out-file=OUT python tools/engine_workload.py curated

`fuzz N`: N magic fuzz games of seed 0 (judge.runner.fuzz_magic.fuzz, its invariant checks included); `curated`:
every file of scenarios/magic/ loaded and run once. Both include the imports and the card catalog's reading, the
same on both sides of a comparison. Run it from the checkout measured (PYTHONPATH set to it)."""
from __future__ import annotations

import sys
from pathlib import Path


def main(argv: list[str]) -> None:
    if argv[:1] == ["fuzz"]:
        from judge.runner import fuzz_magic
        report = fuzz_magic.fuzz(int(argv[1]) if len(argv) > 1 else 8, 0)
        print(f"{report.games} games, {report.steps} steps, broken {report.broken}")
    elif argv[:1] == ["curated"]:
        from judge.engine import run_scenario
        from judge.scenarios import load_scenario
        docs = [load_scenario(p) for p in sorted(Path("scenarios/magic").rglob("*.yaml"))]
        print(f"{len(docs)} scenarios, {sum(len(run_scenario(d).steps) for d in docs)} steps")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
