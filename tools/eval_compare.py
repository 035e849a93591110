"""A before/after table of two `judge eval --all --both --json` outputs: every set, both search paths.

    JUDGE_INSTANCE=DIR judge eval --all --both --json > BEFORE.json     # with the code before (PYTHONPATH)
    JUDGE_INSTANCE=DIR judge eval --all --both --json > AFTER.json      # and after
    python tools/eval_compare.py compare BEFORE.json AFTER.json

`compare` prints one row per set and path, before → after (R@5, R@10, MRR@10, crossed), marks every figure that
went down and exits 1 if one did.  The crossed questions and their first five ids are in the outputs themselves
(`misses` with `crossed: true`).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

_FIGURES = ("recall@5", "recall@10", "mrr@10")


def _load(path: Path) -> dict[str, dict[str, Any]]:
    """Per set (its file name) and path ("lexical", "semantic"), the figures `judge eval --json` wrote."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {Path(name).name: {p: r for p, r in paths.items() if isinstance(r, dict)} for name, paths in data.items()}


def compare(before: Path, after: Path) -> int:
    a, b = _load(before), _load(after)
    lower = 0
    print("| set | path | n | R@5 | R@10 | MRR@10 | crossed |")
    print("|---|---|---|---|---|---|---|")
    tot: dict[str, list[int]] = {}
    for name in sorted(set(a) | set(b)):
        for path in ("lexical", "semantic"):
            x, y = a.get(name, {}).get(path), b.get(name, {}).get(path)
            if not x or not y:
                continue
            cells = []
            for k in _FIGURES:
                mark = ""
                if y[k] < x[k] - 1e-9:
                    mark, lower = " **lower**", lower + 1
                cells.append(f"{x[k]:.3f} → {y[k]:.3f}{mark}")
            t = tot.setdefault(path, [0, 0])
            t[0] += x["crossed"]
            t[1] += y["crossed"]
            print(f"| {name} | {path} | {x['questions']} | " + " | ".join(cells)
                  + f" | {x['crossed']} → {y['crossed']} |")
    for path, (x, y) in tot.items():
        print(f"| total crossed | {path} | | | | | {x} → {y} |")
    print(f"\n{lower} figure(s) lower", file=sys.stderr)
    return 1 if lower else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = ap.parse_args()
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
