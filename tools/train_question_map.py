"""The shallow question encoder's map (judge/search/shallow.py), step 2 of 2: ridge regression from the shallow
vectors of tools/question_map_data.py's texts to their full e5 question vectors.

    python tools/train_question_map.py DATA.npz --layers 3 [--out judge/search/question_map.npz]

The ridge strength is chosen by the mean cosine to e5's vector on a fifth of the texts kept aside (seeded), then
the map is fitted on all of them.  Prints the file's SHA-256: put it in shallow.MAP_SHA256.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge.search import semantic as sem  # noqa: E402
from judge.search.shallow import MAP_FILE, QuestionMap  # noqa: E402

LAMBDAS = (1e-3, 1e-2, 3e-2, 0.1, 0.3, 1.0, 3.0)


def fit(x: np.ndarray, y: np.ndarray, lam: float) -> np.ndarray:
    xb = np.hstack([x, np.ones((len(x), 1), dtype=np.float64)])
    reg = lam * np.eye(xb.shape[1])
    reg[-1, -1] = 0.0                      # the bias is not shrunk
    return np.linalg.solve(xb.T @ xb + reg, xb.T @ y)


def cosine(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    pred = x @ w[:-1] + w[-1]
    pred /= np.linalg.norm(pred, axis=1, keepdims=True)
    return float((pred * y).sum(axis=1).mean())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("--layers", type=int, required=True)
    ap.add_argument("--out", default=str(MAP_FILE))
    a = ap.parse_args()
    with np.load(a.data, allow_pickle=False) as z:
        x, y = z[f"l{a.layers}"].astype(np.float64), z["full"].astype(np.float64)
    rng = np.random.default_rng(16)
    order = rng.permutation(len(x))
    aside, train = order[: len(x) // 5], order[len(x) // 5:]
    print(f"{len(x)} textos; sin mapa (coseno del vector reducido con el de e5): "
          f"{float((x[aside] / np.linalg.norm(x[aside], axis=1, keepdims=True) * y[aside]).sum(1).mean()):.4f}")
    best = None
    for lam in LAMBDAS:
        score = cosine(x[aside], y[aside], fit(x[train], y[train], lam))
        print(f"  ridge {lam:g}: coseno medio con e5 (aparte) {score:.4f}")
        if best is None or score > best[1]:
            best = (lam, score)
    assert best is not None
    weights = fit(x, y, best[0]).astype(np.float32)
    digest = QuestionMap(weights, a.layers, sem.MODEL_ID).save(Path(a.out), ridge=best[0], aside_cosine=best[1],
                                                              texts=len(x))
    print(f"ridge {best[0]:g}, coseno {best[1]:.4f}; {a.out}: SHA-256 {digest}")


if __name__ == "__main__":
    main()
