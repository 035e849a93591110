"""The two settings of a question nothing tells the game of (gamepick.FIRST_MARGIN, PHRASE_POINTS), cross-validated.

    JUDGE_INSTANCE=DIR python tools/gamepick_cv.py dump OUT.json     # every labelled question of `judge eval --all`
    python tools/gamepick_cv.py cv OUT.json [FOLDS]                   # 5 folds by position over the development sets
    python tools/gamepick_cv.py cv OUT.json 5 OTHER.json …            # several instances' dumps pooled

`dump` writes, for each question of every set whose game is known (its label; for a set without labels, the one
game whose passages hold its gold snippet) that gamepick.infer_game leaves undecided, what first_game reads: each
game's best lexical score, the phrase votes, the question's language, whether no game speaks it.  `cv` chooses
(FIRST_MARGIN, PHRASE_POINTS) on a grid by the right games on the other folds (ties: the smaller settings), counts
the held-out fold's questions moved to the right game and to the wrong one against (0, 0) (first_game before
session 8), and prints the same for the *_heldout sets with the shipped settings (they judge: never choose by them).
"""
from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path
from typing import Any

MARGINS = (0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0)
POINTS = (0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0)


def dump(out: Path) -> None:
    from judge.config import CHECKOUT_DIR
    from judge.search import gamepick as G
    from judge.search.commands import _open
    from judge.search.evaluate import load_questions, normalise, question_sets

    index = _open(True, embed="wait")
    texts: dict[str, list[str]] = {}
    for d, r in enumerate(index.rows):
        if r is not None and r.ruleset:
            texts.setdefault(r.ruleset, []).append(normalise(str(index._stored[d].get("text", "") or "")))

    def game_of(q: Any) -> str | None:
        if q.game:
            return q.game
        held = {g for g, ts in texts.items() if any(normalise(s) in t for s in q.gold for t in ts)}
        return held.pop() if len(held) == 1 else None

    rows = []
    for f in question_sets(CHECKOUT_DIR):
        for q in load_questions(f):
            game = game_of(q)
            if game is None:
                continue
            stages: dict[str, Any] = {}
            index.search(q.q, limit=10, semantic=False, stages=stages)
            p = index.parse(q.q)
            if index.infer_game(p, stages["lexical"])[0] is not None:
                continue
            rows.append({"set": f.name, "q": q.q, "game": game, "lang": p.lang,
                         "unspoken": bool(p.lang and index.games_by_lang and p.lang not in index.games_by_lang),
                         "best": G.best_scores(index, stages["lexical"]), "phrases": G.phrase_votes(index, p),
                         "big": index.largest_game})
    out.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
    print(f"{len(rows)} undecided questions written to {out}")


def pick(row: dict[str, Any], margin: float, points: float) -> str:
    """first_game's rule on a dumped row (judge/search/gamepick.py)."""
    big, scores, said = row["big"], row["best"], row["phrases"]
    if row["unspoken"] or not scores:
        return big
    lead = max(scores, key=lambda g: scores[g])
    if big in scores and lead != big:
        need = margin + points * (said.get(big, 0) - said.get(lead, 0))
        if scores[lead] < scores[big] or scores[lead] - scores[big] < need:
            return big
    return lead


def _right(rows: list[dict[str, Any]], margin: float, points: float) -> int:
    return sum(pick(r, margin, points) == r["game"] for r in rows)


def cv(paths: list[Path], folds: int) -> None:
    from judge.search import gamepick as G

    rows = [r for p in paths for r in json.loads(p.read_text(encoding="utf-8"))]
    dev = [r for r in rows if not r["set"].endswith("_heldout.jsonl")]
    held = [r for r in rows if r["set"].endswith("_heldout.jsonl")]
    fixed = broken = 0
    for k in range(folds):
        train = [r for i, r in enumerate(dev) if i % folds != k]
        test = [r for i, r in enumerate(dev) if i % folds == k]
        best = max(itertools.product(MARGINS, POINTS), key=lambda mp: (_right(train, *mp), -mp[0], -mp[1]))
        f = sum(pick(r, 0, 0) != r["game"] == pick(r, *best) for r in test)
        b = sum(pick(r, 0, 0) == r["game"] != pick(r, *best) for r in test)
        fixed, broken = fixed + f, broken + b
        print(f"fold {k}: chose FIRST_MARGIN {best[0]}, PHRASE_POINTS {best[1]}; held-out fold {len(test)} "
              f"questions: {f} to the right game, {b} to the wrong one")
    print(f"pooled over {len(dev)} development questions: {fixed} to the right game, {broken} to the wrong one")
    shipped = (G.FIRST_MARGIN, G.PHRASE_POINTS)
    f = sum(pick(r, 0, 0) != r["game"] == pick(r, *shipped) for r in held)
    b = sum(pick(r, 0, 0) == r["game"] != pick(r, *shipped) for r in held)
    print(f"shipped {shipped} on the {len(held)} *_heldout questions: {f} to the right game, {b} to the wrong one")


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "dump":
        dump(Path(argv[1]))
        return 0
    if len(argv) >= 2 and argv[0] == "cv":
        folds = int(argv[2]) if len(argv) > 2 and argv[2].isdigit() else 5
        paths = [Path(argv[1])] + [Path(a) for a in argv[2:] if not a.isdigit()]
        cv(paths, folds)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
