"""The coverage factor's sum (query.RulesIndex._text_hits): per passage, the weights of the question's words its
matched clauses cover, added word by word in the question's order."""
from __future__ import annotations

from typing import Any

import numpy as np


def covered(masks: Any, cw: list[tuple[int, float]]) -> Any:
    """Per mask, the summed weights of the question words whose bits it has, as an array.  The same floats as
    `sum(w for i, w in cw if mask >> i & 1)` (added word by word in that order; adding 0.0 changes nothing) but
    a few array operations per word instead of a Python loop per mask (a quiz question's ~2,700 matched
    passages, each its own mask: summing per passage costs less than sorting out the distinct masks first)."""
    if masks.dtype == object:      # past 62 words the masks are Python integers
        return np.asarray([sum(w for i, w in cw if int(u) >> i & 1) for u in masks], dtype=np.float64)
    acc = np.zeros(len(masks), dtype=np.float64)
    bit = np.empty(len(masks), dtype=np.int64)
    for i, w in cw:
        # the word's bit (0 or 1) times its weight: w or 0.0 exactly, with no temporary array but the product
        np.right_shift(masks, i, out=bit)
        np.bitwise_and(bit, 1, out=bit)
        acc += bit * w
    return acc
