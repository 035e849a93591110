"""Learning the second stage's trees (issue 15): LambdaMART, gradient-boosted regression trees fitted to the
LambdaRank gradients of each question's candidates, written here in numpy (no library at run time or training).

Why trees: the linear model (rerank.fit) cannot say "a sub-rule whose rule heading holds the question's concepts
*and* which the lexical side found" — a feature's weight cannot depend on another's value, and on quiz_en_dev the
deciding rule was among the candidates 0.76 of the time but in the first ten only 0.53.  Trees split on such
conjunctions.  Each tree is complete and of one depth (rerank.Trees evaluates them all at once); its splits are
chosen on histograms of the features (at most BINS cut points each), its leaves are Newton steps.

The gradients are LambdaRank's (Burges 2010, "From RankNet to LambdaRank to LambdaMART"): for each answering
candidate i and other candidate j of a question, the RankNet pair gradient weighted by how much swapping them
would change the question's NDCG at the current order; a question weighs its SNIPPET_WEIGHT (rerank_train.py).
Deterministic: no sampling, ties in gains go to the first feature and the first cut.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from judge.search.rerank import Trees

BINS = 64          # cut points per feature at most: the features are shares and reciprocal ranks, few values


@dataclass(frozen=True)
class BoostParams:
    trees: int = 200
    depth: int = 4
    rate: float = 0.1          # shrinkage of each tree's leaves
    l2: float = 1.0            # added to each leaf's sum of hessians
    min_hessian: float = 1.0   # a split must leave at least this hessian on both sides (scaled by the groups')
    truncate: int = 20         # pairs count only when one of the two sits in the first `truncate` places


def _cuts(column: np.ndarray) -> np.ndarray:
    """Midpoints between the column's distinct values (at most BINS of them, at its quantiles)."""
    values = np.unique(column)
    if len(values) > BINS + 1:
        values = np.unique(np.quantile(column, np.linspace(0, 1, BINS + 1), method="nearest"))
    return (values[:-1] + values[1:]) / 2


class _Padded:
    """The groups as one (questions × most candidates) array, for gradients computed all at once."""

    def __init__(self, groups: Sequence[tuple[np.ndarray, np.ndarray]], weights: Sequence[float]):
        sizes = np.array([len(good) for _, good in groups])
        self.n, self.width = len(groups), int(sizes.max(initial=1))
        self.valid = np.arange(self.width)[None, :] < sizes[:, None]
        self.good = np.zeros((self.n, self.width), dtype=bool)
        for q, (_, good) in enumerate(groups):
            self.good[q, :len(good)] = good
        n_good = self.good.sum(axis=1)
        # a question counts when some candidate answers it and some does not
        useful = (n_good > 0) & (n_good < sizes)
        w = np.asarray(weights, dtype=np.float64)
        total = float(np.sum(w[useful])) or 1.0
        self.weight = np.where(useful, w, 0.0) / total * max(int(useful.sum()), 1)

    def gradients(self, scores: np.ndarray, truncate: int) -> tuple[np.ndarray, np.ndarray]:
        """LambdaRank's gradient and hessian of every candidate, in the concatenated rows' order.  Only the
        best-placed answering candidate of a question is pulled up: it alone decides Recall@k and MRR (the
        others, 702.19 beside 702.19b, are not pushed down either)."""
        s = np.full((self.n, self.width), -np.inf)
        s[self.valid] = scores
        # places at the current scores, ties to the first stage's order (as rerank.Reranker.order breaks them)
        order = np.argsort(-s, axis=1, kind="stable")
        place = np.empty_like(order)
        np.put_along_axis(place, order, np.broadcast_to(np.arange(self.width), order.shape), axis=1)
        discount = 1 / np.log2(2 + place)
        sv = np.where(self.valid, s, 0.0)
        rows = np.arange(self.n)
        best = np.where(self.good, place, self.width).argmin(axis=1)              # (n,) its column
        pi, si, di = place[rows, best], sv[rows, best], discount[rows, best]
        pair = self.valid & ~self.good & (np.minimum(pi[:, None], place) < truncate)
        rho = 1 / (1 + np.exp(np.clip(si[:, None] - sv, -30, 30)))
        delta = np.where(pair, np.abs(di[:, None] - discount) * self.weight[:, None], 0.0)
        lam, hess = rho * delta, rho * (1 - rho) * delta
        g, h = lam, hess.copy()
        g[rows, best] -= lam.sum(axis=1)
        h[rows, best] += hess.sum(axis=1)
        return g[self.valid], h[self.valid]


def _tree(binned: np.ndarray, cuts: list[np.ndarray], g: np.ndarray, h: np.ndarray, p: BoostParams
          ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One complete tree of depth p.depth: (feature, threshold) per inner node in breadth-first order, the
    leaves' values, and the leaf each row reached.  A node no split improves sends every row left (threshold
    +inf).  binned[r, f] is the number of feature f's cuts below row r's value."""
    n, k = binned.shape
    bins = BINS + 1
    m = np.array([len(c) for c in cuts])
    inner = 2 ** p.depth - 1
    feature = np.zeros(inner, dtype=np.int64)
    threshold = np.full(inner, np.inf)
    node = np.zeros(n, dtype=np.int64)
    offset = np.arange(k)[None, :]
    cut_exists = np.arange(bins)[None, None, :] < m[:, None, None]        # (k, 1, bins): a cut at that place
    for level in range(p.depth):
        width = 2 ** level
        # every feature's histogram of every node in one bincount: key (feature, node, bin)
        key = (offset * width + node[:, None]) * bins + binned
        G = np.bincount(key.ravel(), np.repeat(g, k), k * width * bins).reshape(k, width, bins).cumsum(axis=2)
        H = np.bincount(key.ravel(), np.repeat(h, k), k * width * bins).reshape(k, width, bins).cumsum(axis=2)
        gt, ht = G[0, :, -1], H[0, :, -1]
        GR, HR = gt[None, :, None] - G, ht[None, :, None] - H
        gain = G ** 2 / (H + p.l2) + GR ** 2 / (HR + p.l2) - (gt ** 2 / (ht + p.l2))[None, :, None]
        gain = np.where(cut_exists & (H >= p.min_hessian) & (HR >= p.min_hessian), gain, 0.0)
        # per node the best (feature, cut); argmax takes the first of equal gains: deterministic
        flat = gain.transpose(1, 0, 2).reshape(width, k * bins)
        at = flat.argmax(axis=1)
        top = flat[np.arange(width), at]
        right = np.zeros(n, dtype=bool)
        for j in range(width):
            if top[j] > 1e-12:
                f, c = divmod(int(at[j]), bins)
                feature[width - 1 + j] = f
                threshold[width - 1 + j] = cuts[f][c]
                rows = node == j
                right[rows] = binned[rows, f] > c
        node = 2 * node + right
    leaves = 2 ** p.depth
    gl = np.bincount(node, g, leaves)
    hl = np.bincount(node, h, leaves)
    return feature, threshold, -p.rate * gl / (hl + p.l2), node


def fit_trees(groups: Sequence[tuple[np.ndarray, np.ndarray]], weights: Sequence[float] | None = None,
              base: Sequence[np.ndarray] | None = None, params: BoostParams = BoostParams()) -> Trees:
    """Trees whose summed leaves, added to `base` (each group's starting scores: the linear model's, or the
    first stage's order when None), rank each group's answering candidates first."""
    if not groups:
        return Trees(np.zeros((0, 2 ** params.depth - 1), dtype=np.int64),
                     np.zeros((0, 2 ** params.depth - 1)), np.zeros((0, 2 ** params.depth)))
    X = np.vstack([x for x, _ in groups])
    pad = _Padded(groups, [1.0] * len(groups) if weights is None else weights)
    cuts = [_cuts(X[:, f]) for f in range(X.shape[1])]
    binned = np.stack([np.searchsorted(c, X[:, f], side="left") for f, c in enumerate(cuts)], axis=1)
    if base is None:   # all equal: the ties keep the first stage's order, as rerank.Reranker.order does
        scores = np.zeros(len(X))
    else:
        scores = np.concatenate([np.asarray(b, dtype=np.float64) for b in base])
    feats, thresholds, leaves = [], [], []
    for _ in range(params.trees):
        g, h = pad.gradients(scores, params.truncate)
        f, t, v, leaf = _tree(binned, cuts, g, h, params)
        feats.append(f)
        thresholds.append(t)
        leaves.append(v)
        scores = scores + v[leaf]
    return Trees(np.stack(feats), np.stack(thresholds), np.stack(leaves))
