"""Recognising card names in a question, exactly or with typos and missing accents; correcting misspelt words.

Each word of a card name is matched against the question's words with at most one edit (two for long words),
using deletion neighbourhoods (SymSpell) so a question costs a few dictionary look-ups, not a comparison with
every card.  A card is found when every word of its name (articles and prepositions aside) appears in order.
"""
from __future__ import annotations

from judge.search.schema import analyze


MAX_FUZZY_LEN = 30   # longer "words" (pasted junk) are matched exactly only
CLOSE_KEPT = 50_000  # question words whose close card-name words are kept (a few MB at most)


def _deletes(word: str, depth: int) -> set[str]:
    out = {word}
    frontier = {word}
    for _ in range(depth):
        frontier = {w[:i] + w[i + 1:] for w in frontier for i in range(len(w)) if len(w) > 2}
        out |= frontier
    return out


def _depth(word: str) -> int:
    return 0 if len(word) <= 3 else 1 if len(word) <= 7 else 2


def edit_distance(a: str, b: str, cap: int = 3) -> int:
    """Levenshtein distance, giving up (returning cap) once it is certainly at least `cap`."""
    if abs(len(a) - len(b)) >= cap:
        return cap
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
        if min(cur) >= cap:
            return cap
        prev = cur
    return min(prev[-1], cap)


class CardMatcher:
    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.words = [analyze(n, "name") for n in names]
        self._neighbours: dict[str, set[str]] = {}
        self._close_kept: dict[str, frozenset[str]] = {}
        # Names by their first word: only names whose first word is close to a question word can match.
        self._by_first: dict[str, list[int]] = {}
        for i, words in enumerate(self.words):
            if words:
                self._by_first.setdefault(words[0], []).append(i)
        for words in self.words:
            for w in words:
                for d in _deletes(w, _depth(w)):
                    self._neighbours.setdefault(d, set()).add(w)

    def _close(self, word: str) -> frozenset[str]:
        """Card-name words within the allowed edits of a question word.  Kept per word (the names never change and
        questions share most of their words): the deletions and edit distances were a tenth of a search."""
        kept = self._close_kept.get(word)
        if kept is None:
            kept = frozenset(self._close_words(word))
            if len(self._close_kept) < CLOSE_KEPT:
                self._close_kept[word] = kept
        return kept

    def _close_words(self, word: str) -> set[str]:
        found: set[str] = set()
        if len(word) > MAX_FUZZY_LEN:   # no name's word is this long; its deletions would cost ~len² strings
            return found
        for d in _deletes(word, _depth(word)):
            for cand in self._neighbours.get(d, ()):
                if cand == word or edit_distance(cand, word) <= max(_depth(cand), _depth(word)):
                    found.add(cand)
        return found

    def find(self, words: list[str]) -> list[tuple[str, list[int]]]:
        """The cards named in a question's words (`analyze(text, "name")`), longest names first, each with the
        positions of the words that named it."""
        if not words or not self.names:
            return []
        close = [self._close(w) for w in words]
        candidates = sorted({i for c in close for w in c for i in self._by_first.get(w, ())})
        found: list[tuple[str, list[int]]] = []
        for i in candidates:
            name, name_words = self.names[i], self.words[i]
            pos = 0
            used: list[int] = []
            for nw in name_words:
                while pos < len(words) and nw not in close[pos]:
                    pos += 1
                if pos == len(words):
                    break
                used.append(pos)
                pos += 1
            else:
                # The words must be together ("cisnes de bryn argoll"), not scattered over the question; a
                # one-word name must be typed exactly or be long enough that a typo is unambiguous.
                together = used[-1] - used[0] <= len(name_words)
                if together and (len(name_words) > 1 or name_words[0] in words or len(name_words[0]) >= 6):
                    found.append((name, used))
        found.sort(key=lambda n: -len(n[0]))
        return found


MIN_CORRECTION_DF = 3


class Vocabulary:
    """The analysed terms of a language's passages, for correcting a misspelt question word to the term one
    edit away (two for long terms) that most passages hold."""

    def __init__(self, counts: dict[str, int]) -> None:
        self.counts = counts
        self._neighbours: dict[str, list[str]] = {}
        for term in counts:
            if len(term) >= 5 and term.isalpha():
                for d in _deletes(term, _depth(term)):
                    self._neighbours.setdefault(d, []).append(term)

    def correct(self, word: str) -> str | None:
        best: tuple[int, str] | None = None
        if len(word) > MAX_FUZZY_LEN:
            return None
        for d in _deletes(word, _depth(word)):
            for cand in self._neighbours.get(d, ()):
                # a rare term is more likely another word than what was meant
                if self.counts[cand] >= MIN_CORRECTION_DF and edit_distance(cand, word) <= min(
                        _depth(cand), _depth(word), 1 + (len(word) >= 9)):
                    key = (self.counts[cand], cand)
                    if best is None or key > best:
                        best = key
        return best[1] if best else None
