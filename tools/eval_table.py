"""The before/after table of two `judge eval --all --both --json` outputs, as docs/benchmarks.md prints it.

    python tools/eval_table.py BEFORE.json AFTER.json

One row per question set: R@5 / R@10 / MRR@10 on the lexical and the fused (default) path, "same" when a path's
figures did not move, in bold when none of the three went down; then the fused path's crossed answers (a question
of a known game with another game's passage in its first five).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

_METRICS = ("recall@5", "recall@10", "mrr@10")


def load(path: Path) -> dict[tuple[str, str], dict[str, Any]]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return {(Path(f).name, k): r for f, paths in data.items() for k, r in paths.items()}


def _fmt(r: dict[str, Any]) -> str:
    return " / ".join(f"{r[m]:.3f}" for m in _METRICS)


def table(before: dict[tuple[str, str], dict[str, Any]], after: dict[tuple[str, str], dict[str, Any]]) -> list[str]:
    lines = ["| set | lexical before → after | fused (default) before → after | crossed (fused) |",
             "|---|---|---|---|"]
    for name in sorted({n for n, _ in before} & {n for n, _ in after}):
        cells = []
        for path in ("lexical", "semantic"):
            a, b = before[(name, path)], after[(name, path)]
            if _fmt(a) == _fmt(b):
                cells.append(f"{_fmt(a)} → same")
            else:
                up = all(b[m] >= a[m] for m in _METRICS)
                cells.append(f"{_fmt(a)} → " + (f"**{_fmt(b)}**" if up else _fmt(b)))
        a, b = before[(name, "semantic")], after[(name, "semantic")]
        crossed = f"{a.get('crossed')} → {b.get('crossed')}" if a.get("with_game") else "—"
        lines.append(f"| {name} | {cells[0]} | {cells[1]} | {crossed} |")
    return lines


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    print("\n".join(table(load(Path(sys.argv[1])), load(Path(sys.argv[2])))))
