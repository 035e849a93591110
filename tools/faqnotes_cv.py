"""The settings of faqnotes.give_way (GIVE_TOP, GIVE_DEPTH, COVER_SHARE, SUBJECT_SHARE), cross-validated.

    JUDGE_INSTANCE=DIR python tools/faqnotes_cv.py dump OUT.json      # every question of `judge eval --all`
    python tools/faqnotes_cv.py cv OUT.json [FOLDS] [OTHER.json …]     # 5 folds by position, dumps pooled

`dump` runs every question of every set (both paths when the instance has vectors) with the old passages left
where the ranking put them, and writes what faqnotes.plan reads of the first candidates (faqnotes.Candidate),
whether each answers the question, its game and the question's game (rerank.game_first runs after the filter, and
is replayed here).  `cv` replays plan() for every setting of a grid, each question's rank of its first answering
passage from that order; chooses on the other folds the setting with the best R@5 + MRR@10 summed over the
development sets' questions and both paths among the settings that lower no set's R@5 or MRR@10 on those folds
(ties: the earlier in the grid, which starts with the shipped one),
and prints the held-out fold's R@5 and MRR@10 against the filter off; then the *_heldout sets with the shipped
settings (they judge: never choose by them).  Exits 0; it changes nothing.  (faqnotes.one_per_rule, which
give_way runs after plan() and which has no setting, is not replayed: the figures are plan()'s alone.)
"""
from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path
from typing import Any

TOPS = (10, 5)
DEPTHS = (80, 40, 20)
COVERS = (1.0, 0.9, 0.8, 0.7)
SUBJECTS = (0.3, 0.2, 0.4, 0.5)
SHARED = (False, True)
KEEP = 100          # candidates dumped per question (the largest top + depth)


def dump(out: Path) -> None:
    from judge.config import CHECKOUT_DIR
    from judge.search import faqnotes as F
    from judge.search.commands import _open
    from judge.search.evaluate import load_questions, question_sets

    index = _open(True, embed="wait")
    caught: dict[str, Any] = {}
    real = F.give_way

    def catch(ix: Any, p: Any, order: list[int], ranked: dict[int, tuple[float, bool]],
              s: F.Settings = F.Settings()) -> list[int]:
        caught.update(p=p, order=list(order[:KEEP]), ranked=dict(ranked))
        return order

    paths = [False] + ([True] if index.semantic_active(True) else [])
    rows = []
    F.give_way = catch   # type: ignore[assignment]
    try:
        for f in question_sets(CHECKOUT_DIR):
            for n, q in enumerate(load_questions(f)):
                for semantic in paths:
                    caught.clear()
                    got = index.search(q.q, limit=10, semantic=semantic)
                    if not caught:   # no ranking (an empty question): nothing to replay
                        continue
                    p, order, ranked = caught["p"], caught["order"], caught["ranked"]
                    cands = F.candidates(index, p, order, ranked, len(order))
                    answers = [q.answered_by(index._hit(d, *ranked[d], p)) for d in order]
                    rows.append({"set": f.name, "n": n, "semantic": semantic, "game": (got.game or {}).get("ruleset"),
                                 "games": [index.rows[d].ruleset for d in order], "answers": answers,
                                 "lang": p.lang, "ids": [index.rows[d].id for d in order],
                                 "langs": [index.rows[d].lang for d in order],
                                 "numbers": [index.rows[d].current if index.rows[d].number == index.rows[d].current
                                             and not index.rows[d].historical else None for d in order],
                                 "cands": [[c.old, c.rule, c.game, round(c.cover, 6), round(c.named, 6), c.by_number,
                                            c.lang, round(c.shared, 6)] for c in cands]})
    finally:
        F.give_way = real   # type: ignore[assignment]
    out.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
    print(f"{len(rows)} rankings written to {out}")


def rank_of(row: dict[str, Any], s: Any) -> int | None:
    """The rank (1-10) of the first answering passage after plan() with settings `s` (None: off) and game_first."""
    from judge.search import faqnotes as F
    from judge.search.query import GAME_TOP
    cands = [F.Candidate(*c) for c in row["cands"]]
    order = list(range(len(cands))) if s is None else F.plan(cands, s)
    game = row["game"]
    if game:
        same = [i for i in order if row["games"][i] in (game, "")]
        head = same[:GAME_TOP] if len(same) >= GAME_TOP else same
        order = head + [i for i in order if i not in set(head)]
    for k, i in enumerate(order[:10], 1):
        if row["answers"][i]:
            return k
    return None


def figures(rows: list[dict[str, Any]], s: Any) -> tuple[float, float]:
    """R@5 and MRR@10 of `rows` with settings `s`."""
    ranks = [rank_of(r, s) for r in rows]
    n = max(1, len(ranks))
    return (sum(1 for k in ranks if k is not None and k <= 5) / n, sum(1 / k for k in ranks if k) / n)


def cv(paths: list[Path], folds: int) -> None:
    from judge.search import faqnotes as F
    rows = [r for p in paths for r in json.loads(p.read_text(encoding="utf-8"))]
    dev = [r for r in rows if "_heldout" not in r["set"]]
    held = [r for r in rows if "_heldout" in r["set"]]
    grid = [F.Settings(t, d, c, s, x) for x, t, d, c, s in itertools.product(SHARED, TOPS, DEPTHS, COVERS, SUBJECTS)]
    # each question's rank under every setting, once
    ranks = {id(r): [rank_of(r, g) for g in grid] for r in dev}
    off = {id(r): rank_of(r, None) for r in dev}

    def gain(group: list[dict[str, Any]], g: int) -> float:
        return sum((1 if (k := ranks[id(r)][g]) and k <= 5 else 0) + (1 / k if k else 0) for r in group)

    def lowers(group: list[dict[str, Any]], g: int) -> bool:
        """Whether setting `g` lowers R@5 or MRR@10 of one set and path of `group` against the filter off (no
        figure may go lower: such a setting is never chosen)."""
        parts: dict[tuple[str, bool], list[dict[str, Any]]] = {}
        for r in group:
            parts.setdefault((r["set"], r["semantic"]), []).append(r)
        for part in parts.values():
            before = [off[id(r)] for r in part]
            after = [ranks[id(r)][g] for r in part]
            if sum(1 for k in after if k and k <= 5) < sum(1 for k in before if k and k <= 5):
                return True
            if sum(1 / k for k in after if k) < sum(1 / k for k in before if k) - 1e-9:
                return True
        return False

    print(f"{len(dev)} development rankings, {len(held)} held-out; grid of {len(grid)} settings")
    chosen = []
    totals = {"off": [0, 0.0], "cv": [0, 0.0]}
    for k in range(folds):
        test = [r for i, r in enumerate(dev) if i % folds == k]
        train = [r for i, r in enumerate(dev) if i % folds != k]
        allowed = [g for g in range(len(grid)) if not lowers(train, g)] or [0]
        best = max(allowed, key=lambda g: (gain(train, g), -g))
        chosen.append(grid[best])
        for name, rk in (("off", [off[id(r)] for r in test]), ("cv", [ranks[id(r)][best] for r in test])):
            totals[name][0] += sum(1 for x in rk if x and x <= 5)
            totals[name][1] += sum(1 / x for x in rk if x)
        print(f"fold {k + 1}: chose {grid[best]}")
    n = max(1, len(dev))
    for name, (r5, mrr) in totals.items():
        print(f"held-out folds, {name}: R@5 {r5 / n:.4f}  MRR@10 {mrr / n:.4f}")
    by_set: dict[tuple[str, bool], list[dict[str, Any]]] = {}
    for r in rows:
        by_set.setdefault((r["set"], r["semantic"]), []).append(r)
    shipped = F.Settings()
    print(f"per set, off -> shipped {shipped}:")
    for (name, semantic), group in sorted(by_set.items()):
        a, b = figures(group, None), figures(group, shipped)
        mark = "  LOWER" if b[0] < a[0] - 1e-9 or b[1] < a[1] - 1e-9 else ""
        print(f"  {name:32} {'fused' if semantic else 'lexical':7} R@5 {a[0]:.3f} -> {b[0]:.3f}  "
              f"MRR@10 {a[1]:.3f} -> {b[1]:.3f}{mark}")


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "dump":
        dump(Path(argv[1]))
        return 0
    if len(argv) >= 2 and argv[0] == "cv":
        folds = int(argv[2]) if len(argv) > 2 and argv[2].isdigit() else 5
        others = [Path(a) for a in argv[2:] if not a.isdigit()]
        cv([Path(argv[1])] + others, folds)
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
