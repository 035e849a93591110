"""tools/eval_compare.py: the before/after table of two `judge eval --all --both --json` outputs names every figure
that went down."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def _dump(path: Path, r5: float, crossed: int) -> Path:
    figures = {"questions": 10, "recall@5": r5, "recall@10": 0.9, "mrr@10": 0.5, "with_game": 10, "crossed": crossed,
               "misses": [], "semantic": False}
    path.write_text(json.dumps({"../shared/eval/a.jsonl": {"lexical": figures}}), encoding="utf-8")
    return path


def test_compare_marks_a_lower_figure_and_fails(tmp_path: Path, repo_tool: Any, capsys: Any) -> None:
    tool = repo_tool("eval_compare")
    before = _dump(tmp_path / "before.json", 0.8, 3)
    assert tool.compare(before, _dump(tmp_path / "same.json", 0.8, 1)) == 0
    out = capsys.readouterr().out
    assert "| a.jsonl | lexical | 10 | 0.800 → 0.800 |" in out and "3 → 1" in out and "**lower**" not in out
    assert tool.compare(before, _dump(tmp_path / "lower.json", 0.7, 1)) == 1
    assert "0.800 → 0.700 **lower**" in capsys.readouterr().out
