"""Training data of the shallow question encoder's map (judge/search/shallow.py), step 1 of 2.

    JUDGE_INSTANCE=<an instance with the English CR imported> python tools/question_map_data.py OUT.npz \
        [--texts 3000] [--layers 3,4,6]

Generated questions: windows of 6-40 words cut from the index's passages (its embedding plan: English CR,
Spanish seed documents, doce-vidas), deterministic (seeded), plus the questions of tests/search's sets that are
not held out (never ../shared/eval, never a *_heldout set).  For each text: the full e5 question vector and the
shallow vectors of each layer count.  Step 2, tools/train_question_map.py, fits the map.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge.config import index_dir, instance_dir  # noqa: E402
from judge.search import semantic as sem  # noqa: E402
from judge.search import vectorstore  # noqa: E402
from judge.search.shallow import ShallowModel  # noqa: E402

STARTS_EN = ["", "", "", "Can ", "What happens if ", "Does ", "How does ", "If "]
STARTS_ES = ["", "", "", "¿Puedo ", "¿Qué pasa si ", "¿Se puede ", "Si ", "¿Cómo funciona "]


def generated(plan_texts: list[str], count: int, seed: int = 15) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    spanish = ("¿", " el ", " la ", " de ", " que ", " una ")
    while len(out) < count:
        words = rng.choice(plan_texts).split()
        if len(words) < 6:
            continue
        n = rng.randint(6, min(40, len(words)))
        start = rng.randint(0, len(words) - n)
        chunk = " ".join(words[start:start + n])
        es = sum(chunk.count(w) for w in spanish) >= 2
        lead = rng.choice(STARTS_ES if es else STARTS_EN)
        text = lead + (chunk[0].lower() + chunk[1:] if lead else chunk)
        out.append(text + ("?" if lead else ""))
    return out


def own_questions() -> list[str]:
    out = []
    for path in sorted((ROOT / "tests" / "search").glob("*.jsonl")):
        if "heldout" in path.name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                q = row.get("q") or row.get("question")
                if q:
                    out.append(q)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--texts", type=int, default=3000)
    ap.add_argument("--layers", default="3,4,6")
    ap.add_argument("--batch", type=int, default=16)
    a = ap.parse_args()
    plan = vectorstore.read_plan(index_dir(instance_dir()))
    texts = own_questions() + generated(list(plan.texts), a.texts)
    print(f"{len(texts)} textos", flush=True)
    full = sem.Embedder()
    layers = [int(x) for x in a.layers.split(",")]
    result: dict[str, np.ndarray] = {"texts": np.array(texts)}
    started = time.process_time()
    result["full"] = np.concatenate([full._model.query(texts[i:i + a.batch]) for i in range(0, len(texts), a.batch)])
    print(f"e5 completo: {time.process_time() - started:.1f} s CPU", flush=True)
    for k in layers:
        model = ShallowModel(full.path, k)
        started = time.process_time()
        result[f"l{k}"] = np.concatenate([model.raw_batch(texts[i:i + a.batch]) for i in range(0, len(texts), a.batch)])
        print(f"{k} capas: {time.process_time() - started:.1f} s CPU", flush=True)
        np.savez(a.out, **result)
    np.savez(a.out, **result)


if __name__ == "__main__":
    main()
