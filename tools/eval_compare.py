"""Every question set's figures on one instance, both search paths, and a before/after table of two such dumps.

    python tools/eval_compare.py dump OUT.json [--instance DIR] [--lexical-only] [SET.jsonl …]
    python tools/eval_compare.py compare BEFORE.json AFTER.json

`dump` evaluates ../shared/eval/*.jsonl and tests/search/*.jsonl (those of `judge eval --all`; the shared sets are
looked for beside the checkout and beside /work/main's when run from a worktree) with the lexical path and the
fused one, and writes per set and path R@5, R@10, MRR@10, crossed and the crossed questions with their first five
ids.  `compare` prints one row per set and path, before → after, and marks every figure that went down.
Opens the instance read-only (open_index): it never builds or writes it.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parent.parent


def _sets() -> list[Path]:
    shared = _CHECKOUT.parent / "shared" / "eval"
    if not shared.is_dir():   # a worktree under /work/wt/NAME: the shared folder is beside the main checkout
        shared = Path("/work/shared/eval")
    return sorted(shared.glob("*.jsonl")) + sorted((_CHECKOUT / "tests" / "search").glob("*.jsonl"))


def dump(out: Path, instance: Path | None, lexical_only: bool, files: list[Path]) -> None:
    from judge.search.evaluate import evaluate, load_questions
    from judge.search.index import open_index

    ix = open_index(instance, semantic=True)
    paths = [("lexical", False)] + ([] if lexical_only else [("semantic", True)])
    data: dict[str, dict[str, object]] = {}
    for f in files or _sets():
        qs = load_questions(f)
        per: dict[str, object] = {}
        for label, on in paths:
            r = evaluate(ix, qs, semantic=on)
            per[label] = {"n": r.questions, "r5": r.recall5, "r10": r.recall10, "mrr": r.mrr10,
                          "with_game": r.with_game, "crossed": r.crossed, "active": r.semantic if on else False,
                          "crossed_q": [{"q": m.q, "top": m.top, "rank": m.rank} for m in r.misses if m.crossed]}
            print(f"{f.name:36} {label:9} R@5 {r.recall5:.3f} R@10 {r.recall10:.3f} MRR {r.mrr10:.3f} "
                  f"crossed {r.crossed}/{r.with_game}", file=sys.stderr, flush=True)
        data[f.name] = per
    out.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")


def compare(before: Path, after: Path) -> int:
    a = json.loads(before.read_text(encoding="utf-8"))
    b = json.loads(after.read_text(encoding="utf-8"))
    lower = 0
    print(f"| set | path | n | R@5 | R@10 | MRR@10 | crossed |")
    print("|---|---|---|---|---|---|---|")
    tot = {}
    for name in sorted(set(a) | set(b)):
        for path in ("lexical", "semantic"):
            x, y = a.get(name, {}).get(path), b.get(name, {}).get(path)
            if not x or not y:
                continue
            cells = []
            for k in ("r5", "r10", "mrr"):
                mark = ""
                if y[k] < x[k] - 1e-9:
                    mark, lower = " **lower**", lower + 1
                cells.append(f"{x[k]:.3f} → {y[k]:.3f}{mark}")
            t = tot.setdefault(path, [0, 0])
            t[0] += x["crossed"]
            t[1] += y["crossed"]
            print(f"| {name} | {path} | {x['n']} | " + " | ".join(cells) + f" | {x['crossed']} → {y['crossed']} |")
    for path, (x, y) in tot.items():
        print(f"| total crossed | {path} | | | | | {x} → {y} |")
    print(f"\n{lower} figure(s) lower", file=sys.stderr)
    return 1 if lower else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("out", type=Path)
    d.add_argument("--instance", type=Path, default=None)
    d.add_argument("--lexical-only", action="store_true")
    d.add_argument("files", nargs="*", type=Path)
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = ap.parse_args()
    if args.cmd == "dump":
        dump(args.out, args.instance, args.lexical_only, args.files)
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
