"""Byte-for-byte search answers, to check that a speed change changes no ranking, score, highlight or answer block.

    python tools/search_identity.py dump OUT.jsonl [QUESTIONS.jsonl ...]   # default: ../shared/eval/quiz_*_dev.jsonl
    python tools/search_identity.py compare A.jsonl B.jsonl

`dump` asks every question of the files (their "q") of the instance JUDGE_INSTANCE points to, through
`RulesIndex.search`, on the lexical path and on the fused one (when the index has vectors and the model loads),
and writes one line per question and path: the whole JSON answer (ranked ids, scores, highlighted text, best
sentences, answer block, game).  Run it with the code before and the code after a change, on the same instance
(the same index and vectors), then `compare`: it names every question whose answer differs.  Nothing is timed.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

DEFAULT_SETS = ("../shared/eval/quiz_en_dev.jsonl", "../shared/eval/quiz_es_dev.jsonl")


def dump(out: Path, files: list[str]) -> None:
    from judge.config import corpus_dir, instance_dir
    from judge.search.query import RulesIndex

    index = RulesIndex(instance_dir(), corpus_dir(), semantic=True)
    paths = [("lexical", False)] + ([("fused", True)] if index.semantic_active(True) else [])
    count = 0
    with open(out, "w", encoding="utf-8") as fh:
        for name in files or DEFAULT_SETS:
            for line in Path(name).read_text(encoding="utf-8").splitlines():
                if not line.strip():
                    continue
                q = json.loads(line)["q"]
                for label, semantic in paths:
                    answer = index.search(q, limit=10, semantic=semantic).to_json()
                    fh.write(json.dumps({"set": Path(name).name, "path": label, "q": q, "answer": answer},
                                        ensure_ascii=False, sort_keys=True) + "\n")
                    count += 1
    print(f"{count} answers ({', '.join(label for label, _ in paths)}) written to {out}")


def compare(a: Path, b: Path) -> int:
    left = a.read_text(encoding="utf-8").splitlines()
    right = b.read_text(encoding="utf-8").splitlines()
    if len(left) != len(right):
        print(f"{a}: {len(left)} answers, {b}: {len(right)}")
        return 1
    differ = 0
    for x, y in zip(left, right):
        if x != y:
            differ += 1
            ja, jb = json.loads(x), json.loads(y)
            ids_a = [h["id"] for h in ja["answer"]["results"]]
            ids_b = [h["id"] for h in jb["answer"]["results"]]
            what = "ranked ids" if ids_a != ids_b else "same ids, other fields"
            print(f"{ja['path']} {ja['set']}: {ja['q'][:70]!r}: {what}")
    print(f"{len(left)} answers compared, {differ} differ")
    return 1 if differ else 0


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "dump":
        dump(Path(argv[1]), argv[2:])
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        return compare(Path(argv[1]), Path(argv[2]))
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
