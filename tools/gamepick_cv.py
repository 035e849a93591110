"""The settings of the game decision, cross-validated: those of a question nothing tells the game of
(gamepick.FIRST_MARGIN, PHRASE_POINTS), and those of the sense votes (gamesense.SENSE_MIN, SENSE_SHARE, FIXED_MIN,
FIXED_SHARE: "heads").

    JUDGE_INSTANCE=DIR python tools/gamepick_cv.py dump OUT.json     # every labelled question of `judge eval --all`
    python tools/gamepick_cv.py cv OUT.json [FOLDS]                   # 5 folds by position over the development sets
    python tools/gamepick_cv.py cv OUT.json 5 OTHER.json …            # several instances' dumps pooled
    JUDGE_INSTANCE=DIR python tools/gamepick_cv.py heads-dump OUT.json   # the sense votes' grid, per question
    python tools/gamepick_cv.py heads OUT.json [FOLDS] [OTHER.json …]    # cross-validated as `cv` does

`heads-dump` writes, for every labelled question a sense setting can move (a smaller game's lone head that
gamesense weighs, or a word a smaller game says only beside a partner, at the loosest setting: the partner table
that alone_words and other_sense both read), the game the
decision (infer_game, else first_game: RulesIndex.one_game's) reaches at each point of the grid HEAD_GRID ×
FIXED_GRID; `heads` chooses the point by the right games on the other folds (ties: the point that moves fewest
development questions from the rules off, then the first of the grid), counts the held-out fold's questions moved
to the right game and to the wrong one against the rules off, and prints the shipped settings on the *_heldout
sets (they judge: never choose by them).  Both dumps open the index without vectors: the decision reads the
lexical ranking only.

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
INF = float("inf")
# (SENSE_MIN, SENSE_SHARE): (INF, 0.0) keeps every head, the rule off
HEAD_GRID = tuple((m, sh) for m in (1, 2, 3, INF) for sh in (0.0, 0.5, 0.75, 1.0))
# (FIXED_MIN, FIXED_SHARE): FIXED_MIN INF finds no word, the rule off
FIXED_GRID = tuple((m, sh) for m in (2, 3, 4, 5, INF) for sh in (0.6, 0.8, 1.0))
OFF = ((INF, 0.0), (INF, 1.0))
POINTS = (0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0)


def dump(out: Path) -> None:
    from judge.config import CHECKOUT_DIR
    from judge.search import gamepick as G
    from judge.search.commands import _open
    from judge.search.evaluate import load_questions, normalise, question_sets

    index = _open(False)
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


def _labelled(index: Any) -> Any:
    """(set file, question, its game) of every question of `judge eval --all` whose game is known."""
    from judge.config import CHECKOUT_DIR
    from judge.search.evaluate import load_questions, normalise, question_sets

    texts: dict[str, list[str]] = {}
    for d, r in enumerate(index.rows):
        if r is not None and r.ruleset:
            texts.setdefault(r.ruleset, []).append(normalise(str(index._stored[d].get("text", "") or "")))
    for f in question_sets(CHECKOUT_DIR):
        for q in load_questions(f):
            game = q.game
            if not game:
                held = {g for g, ts in texts.items() if any(normalise(s) in t for s in q.gold for t in ts)}
                game = held.pop() if len(held) == 1 else None
            if game is not None:
                yield f, q, game


def _decide(index: Any, p: Any, lexical: Any) -> str:
    """RulesIndex.one_game's game for a question nobody picked a game for."""
    from judge.search import gamepick as G

    game = index.infer_game(p, lexical)[0]
    return game or G.first_game(index, lexical, None, p.lang, G.phrase_votes(index, p))


def heads_dump(out: Path) -> None:
    from judge.search import gamesense as GS
    from judge.search.commands import _open

    index = _open(False)
    shipped = (GS.SENSE_MIN, GS.SENSE_SHARE, GS.FIXED_MIN, GS.FIXED_SHARE)
    big = index.largest_game
    rows = []
    try:
        for f, q, game in _labelled(index):
            p = index.parse(q.q)
            # the loosest settings: would any head be weighed, any word be alone?
            # (every head kept, so that the weighed ones are seen; every partner found)
            GS.SENSE_MIN, GS.SENSE_SHARE, GS.FIXED_MIN, GS.FIXED_SHARE = INF, 0.0, 2, 0.6
            heads: dict[int, tuple[str, bool]] = {}
            from judge.search.gamepick import game_words
            game_words(index, p, heads)
            weighed = any(g != big and GS.sense_candidate(index, p, i, g) for i, (g, _) in heads.items())
            alone = any(GS.alone_words(index, p, g) for g in index.games if g != big)
            if not weighed and not alone:
                continue
            stages: dict[str, Any] = {}
            index.search(q.q, limit=10, semantic=False, stages=stages)
            grid = {}
            for hm, hs in HEAD_GRID:
                for fm, fs in FIXED_GRID:
                    GS.SENSE_MIN, GS.SENSE_SHARE, GS.FIXED_MIN, GS.FIXED_SHARE = hm, hs, fm, fs
                    grid[f"{hm}|{hs}|{fm}|{fs}"] = _decide(index, p, stages["lexical"])
            rows.append({"set": f.name, "q": q.q, "game": game, "grid": grid})
    finally:
        GS.SENSE_MIN, GS.SENSE_SHARE, GS.FIXED_MIN, GS.FIXED_SHARE = shipped
    out.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
    print(f"{len(rows)} questions a sense setting can move written to {out}")


def _key(point: tuple[float, ...]) -> str:
    return "|".join(str(x) for x in point)


def heads(paths: list[Path], folds: int) -> None:
    from judge.search import gamesense as GS

    rows = [r for p in paths for r in json.loads(p.read_text(encoding="utf-8"))]
    dev = [r for r in rows if not r["set"].endswith("_heldout.jsonl")]
    held = [r for r in rows if r["set"].endswith("_heldout.jsonl")]
    points = [h + f for h in HEAD_GRID for f in FIXED_GRID]
    off = _key(OFF[0] + OFF[1])

    def right(rs: list[dict[str, Any]], point: tuple[float, ...]) -> int:
        return sum(r["grid"][_key(point)] == r["game"] for r in rs)

    def moved(rs: list[dict[str, Any]], point: tuple[float, ...]) -> int:
        return sum(r["grid"][_key(point)] != r["grid"][off] for r in rs)

    def against_off(rs: list[dict[str, Any]], point: tuple[float, ...]) -> tuple[int, int]:
        k = _key(point)
        return (sum(r["grid"][off] != r["game"] == r["grid"][k] for r in rs),
                sum(r["grid"][off] == r["game"] != r["grid"][k] for r in rs))

    fixed = broken = 0
    for k in range(folds):
        train = [r for i, r in enumerate(dev) if i % folds != k]
        test = [r for i, r in enumerate(dev) if i % folds == k]
        best = max(points, key=lambda pt: (right(train, pt), -moved(train, pt), -points.index(pt)))
        f, b = against_off(test, best)
        fixed, broken = fixed + f, broken + b
        print(f"fold {k}: chose SENSE_MIN {best[0]}, SENSE_SHARE {best[1]}, FIXED_MIN {best[2]}, FIXED_SHARE "
              f"{best[3]}; held-out fold {len(test)} questions: {f} to the right game, {b} to the wrong one")
    print(f"pooled over {len(dev)} development questions: {fixed} to the right game, {broken} to the wrong one")
    everything = max(points, key=lambda pt: (right(dev, pt), -moved(dev, pt), -points.index(pt)))
    print(f"chosen on all development questions: {everything} ({right(dev, everything)} right, rules off "
          f"{right(dev, OFF[0] + OFF[1])})")
    shipped = (GS.SENSE_MIN, GS.SENSE_SHARE, GS.FIXED_MIN, GS.FIXED_SHARE)
    f, b = against_off(held, shipped) if all(_key(shipped) in r["grid"] for r in held) else (0, 0)
    print(f"shipped {shipped} on the {len(held)} *_heldout questions: {f} to the right game, {b} to the wrong one")


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
    if len(argv) >= 2 and argv[0] == "heads-dump":
        heads_dump(Path(argv[1]))
        return 0
    if len(argv) >= 2 and argv[0] in ("cv", "heads"):
        folds = int(argv[2]) if len(argv) > 2 and argv[2].isdigit() else 5
        paths = [Path(argv[1])] + [Path(a) for a in argv[2:] if not a.isdigit()]
        (cv if argv[0] == "cv" else heads)(paths, folds)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
