"""NumPy's `unique(return_inverse=True)` and `insert` for the first stage's few hundred label entries per
question (query.py's `_accumulate`): the general wrappers cost more than their work there."""
from __future__ import annotations

from typing import Any

import numpy as np


def unique_inverse(keys: Any) -> tuple[Any, Any]:
    """`np.unique(keys, return_inverse=True)` for a 1-d integer array, without its general machinery (a few
    hundred label entries per question: the wrapper cost more than the sort)."""
    order = np.argsort(keys, kind="stable")
    ordered = keys[order]
    new = np.empty(len(keys), dtype=bool)
    new[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    inverse = np.empty(len(keys), dtype=np.intp)
    inverse[order] = np.cumsum(new) - 1
    return ordered[new], inverse


def inserted(where: Any, *pairs: tuple[Any, Any]) -> list[Any]:
    """Per (array, values) pair, `np.insert(array, where, values)` for a non-decreasing `where`: the k-th value
    lands at where[k] + k, the array's entries fill the rest in order; the positions worked out once for all."""
    at = where + np.arange(len(where), dtype=np.intp)
    rest = np.ones(len(pairs[0][0]) + len(where), dtype=bool)
    rest[at] = False
    out = []
    for array, values in pairs:
        merged = np.empty(len(rest), dtype=array.dtype)
        merged[at] = values
        merged[rest] = array
        out.append(merged)
    return out
