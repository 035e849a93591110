"""Byte-for-byte search answers, to check that a speed change changes no ranking, score, highlight or answer block.

    python tools/search_identity.py dump OUT.jsonl [QUESTIONS.jsonl ...]   # default: ../shared/eval/quiz_*_dev.jsonl
    python tools/search_identity.py dump-api OUT.jsonl [QUESTIONS.jsonl ...]   # the /api/search bodies, lexical
    python tools/search_identity.py compare A.jsonl B.jsonl

`dump` asks every question of the files (their "q") of the instance JUDGE_INSTANCE points to, through
`RulesIndex.search`, on the lexical path and on the fused one (when the index has vectors and the model loads),
and writes one line per question and path: the whole JSON answer (ranked ids, scores, highlighted text, best
sentences, answer block, game).  Run it with the code before and the code after a change, on the same instance
(the same index and vectors), then `compare`: it names every question whose answer differs.  Nothing is timed.

`dump-api` asks them through `GET /api/search` instead (Flask's test client, the lexical path, the search cache
off), in both request languages (`lang=es` and `lang=en`: the game's name and sentences are said in it), and
writes the response's body as it is, byte for byte: what the web layer adds (the game said in the request's
language, the JSON encoding) is checked too.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Iterator

DEFAULT_SETS = ("../shared/eval/quiz_en_dev.jsonl", "../shared/eval/quiz_es_dev.jsonl")


def _questions(files: list[str]) -> Iterator[tuple[str, str]]:
    """(set file name, question) for every non-empty line of the sets, in order."""
    for name in files or DEFAULT_SETS:
        for line in Path(name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                yield Path(name).name, json.loads(line)["q"]


def dump(out: Path, files: list[str]) -> None:
    from judge.config import corpus_dir, instance_dir
    from judge.search.query import RulesIndex

    index = RulesIndex(instance_dir(), corpus_dir(), semantic=True)
    paths = [("lexical", False)] + ([("fused", True)] if index.semantic_active(True) else [])
    count = 0
    with open(out, "w", encoding="utf-8") as fh:
        for name, q in _questions(files):
            for label, semantic in paths:
                answer = index.search(q, limit=10, semantic=semantic).to_json()
                fh.write(json.dumps({"set": name, "path": label, "q": q, "answer": answer},
                                    ensure_ascii=False, sort_keys=True) + "\n")
                count += 1
    print(f"{count} answers ({', '.join(label for label, _ in paths)}) written to {out}")


def dump_api(out: Path, files: list[str]) -> None:
    from judge import create_app
    from judge.config import corpus_dir, instance_dir

    client = create_app({"TESTING": True, "INSTANCE": str(instance_dir()), "CORPUS_DIR": str(corpus_dir()),
                         "SEARCH_SEMANTIC": False, "SEARCH_CACHE": False}).test_client()
    count = 0
    with open(out, "w", encoding="utf-8") as fh:
        for name, q in _questions(files):
            for lang in ("es", "en"):
                response = client.get("/api/search", query_string={"q": q, "limit": 10, "lang": lang})
                body = response.get_data(as_text=True)
                answer = json.loads(body) if response.status_code == 200 else {"results": []}
                fh.write(json.dumps({"set": name, "path": f"api-{lang}", "q": q,
                                     "status": response.status_code, "body": body, "answer": answer},
                                    ensure_ascii=False, sort_keys=True) + "\n")
                count += 1
    print(f"{count} /api/search bodies (lexical, es and en) written to {out}")


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
    if len(argv) >= 2 and argv[0] == "dump-api":
        dump_api(Path(argv[1]), argv[2:])
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        return compare(Path(argv[1]), Path(argv[2]))
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
