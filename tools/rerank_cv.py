"""The second stage's training groups dumped once, then cross-validated offline under other settings (issue 15).

    python tools/rerank_cv.py dump OUT.pickle            # every question set of `judge eval --all`, both paths
    python tools/rerank_cv.py cv OUT.pickle fused '{"trees": 100, "depth": 3, "l2": 10}' '{"linear": true}' …
    python tools/rerank_cv.py held OUT.pickle fused WEIGHTS.json    # a weights file's figures on every set

`dump` computes, on the instance JUDGE_INSTANCE points to (the English CR imported, every vector computed), the
groups `judge eval --train-rerank` learns from (rerank_train.groups_for: the first stage's candidates, their
features, which answer), for every question file of `judge eval --all` on the lexical and the fused path, the
held-out sets included, and pickles them (a developer's own file: load only what you dumped).  `cv` runs
rerank_train.cross_validate (5 folds by position) over the development sets' groups of one path for each setting
given (boost.BoostParams' fields: trees, depth, rate, l2 (the leaves'), min_hessian, truncate; "linear": true
for the linear model alone) and prints the pooled and each file's re-ranked figures: R@5 / R@10 / MRR@10, and the CPU seconds it took.  `held`
prints a weights file's figures on every set's groups, the held-out ones too (they judge: never choose by them
alone).  Nothing is learnt from a *_heldout set (cross_validate and fit are given the development sets only).
"""
from __future__ import annotations

import json
import pickle
import sys
import time
from pathlib import Path


def dump(out: Path) -> None:
    from judge.config import CHECKOUT_DIR
    from judge.search import rerank_train as T
    from judge.search.commands import _open
    from judge.search.evaluate import load_questions, question_sets

    index = _open(True, embed="wait")
    groups = {}
    for fused in (False, True):
        for f in question_sets(CHECKOUT_DIR):
            groups[(fused, f.name)] = T.groups_for(index, load_questions(f), semantic=fused)
    with open(out, "wb") as fh:
        pickle.dump(groups, fh)
    print(f"{len(groups)} groups lists written to {out} ({time.process_time():.1f} s CPU)")


def _load(path: Path) -> dict:
    with open(path, "rb") as fh:
        return pickle.load(fh)   # noqa: S301 (the developer's own dump)


def _development(groups: dict, fused: bool) -> tuple[list, list[str]]:
    from judge.config import CHECKOUT_DIR
    from judge.search.evaluate import question_sets

    names = [f.name for f in question_sets(CHECKOUT_DIR) if not f.stem.endswith("_heldout")]
    out, labels = [], []
    for name in names:
        out.extend(groups.get((fused, name), []))
        labels.extend([name] * len(groups.get((fused, name), [])))
    return out, labels


def cv(path: Path, fused: bool, settings: list[str]) -> None:
    from judge.search import boost as B
    from judge.search import rerank_train as T

    groups = _load(path)
    dev, labels = _development(groups, fused)
    for spec in settings:
        kw = json.loads(spec)
        params = None if kw.pop("linear", False) else B.BoostParams(**kw)
        start = time.process_time()
        figures = T.cross_validate(dev, 5, T.L2[fused], params, labels)
        print(f"{spec}  ({time.process_time() - start:.1f} s CPU)")
        for name, (r5, r10, mrr) in figures.items():
            print(f"  {name}: {r5:.3f} / {r10:.3f} / {mrr:.3f}")


def held(path: Path, fused: bool, weights: Path) -> None:
    from judge.search import rerank as R
    from judge.search import rerank_train as T

    groups = _load(path)
    model = R.load(weights)
    for (on, name), g in sorted(groups.items()):
        if on == fused:
            r5, r10, mrr = T.metrics(g, model)
            print(f"{name}: {r5:.3f} / {r10:.3f} / {mrr:.3f}")


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "dump":
        dump(Path(argv[1]))
    elif len(argv) >= 4 and argv[0] == "cv" and argv[2] in ("lexical", "fused"):
        cv(Path(argv[1]), argv[2] == "fused", argv[3:])
    elif len(argv) == 4 and argv[0] == "held" and argv[2] in ("lexical", "fused"):
        held(Path(argv[1]), argv[2] == "fused", Path(argv[3]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
