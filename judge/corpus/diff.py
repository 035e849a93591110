"""What changed between two versions of the Comprehensive Rules: rules added, removed, renumbered, reworded,
and glossary entries added, removed, reworded — each change with a word-level diff.

Rules are matched by number first, but a renumbered rule is found by its text: an identical text under a new
number, then (within the same rule, e.g. 702) the most similar text left unmatched.  Similarity is difflib's
ratio over words, so "702.19b became 702.19c" is reported as a renumbering, not as one removal and one addition.
"""
from __future__ import annotations

import difflib
import re
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from typing import Any

from judge.corpus.model import Document, Passage

# A same-number text at least this similar is the rule reworded; below it, the number was given to another rule.
REWORDED_MIN = 0.5
# An unmatched old and new text at least this similar (same rule family) are one rule renumbered.
RENUMBERED_MIN = 0.6
_WORD = re.compile(r"\S+")


@dataclass(frozen=True)
class WordOp:
    """One run of a word-level diff: "=" kept, "-" removed, "+" added."""
    op: str
    text: str


@dataclass(frozen=True)
class Change:
    """One rule or glossary entry that changed.  kind: added | removed | renumbered | reworded.

    `old`/`new` are the numbers (glossary: the terms); `similarity` is 1.0 for a text moved unchanged."""
    kind: str
    old: str | None
    new: str | None
    old_text: str = ""
    new_text: str = ""
    similarity: float = 0.0
    words: tuple[WordOp, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["words"] = [asdict(w) for w in self.words]
        data["similarity"] = round(self.similarity, 3)
        return data


@dataclass
class CorpusDiff:
    """Two versions compared: their dates, the rules' changes and the glossary's, in rules order."""
    old_version: str
    new_version: str
    old_label: str = ""
    new_label: str = ""
    rules: list[Change] = field(default_factory=list)
    glossary: list[Change] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        counts: dict[str, int] = defaultdict(int)
        for c in self.rules:
            counts[c.kind] += 1
        for c in self.glossary:
            counts["glossary_" + c.kind] += 1
        return dict(counts)

    def changed_numbers(self) -> set[str]:
        """Old numbers whose rule was removed, renumbered or reworded: what a citation of the old version may
        no longer say."""
        return {c.old for c in self.rules if c.old and c.kind != "added"}

    def to_json(self) -> dict[str, Any]:
        return {"old_version": self.old_version, "new_version": self.new_version, "old_label": self.old_label,
                "new_label": self.new_label, "counts": self.counts(),
                "rules": [c.to_json() for c in self.rules], "glossary": [c.to_json() for c in self.glossary]}


def word_diff(old: str, new: str) -> tuple[WordOp, ...]:
    """The word-level difference of two texts, adjacent runs of the same kind merged."""
    a, b = _WORD.findall(old), _WORD.findall(new)
    ops: list[WordOp] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            ops.append(WordOp("=", " ".join(a[i1:i2])))
            continue
        if i2 > i1:
            ops.append(WordOp("-", " ".join(a[i1:i2])))
        if j2 > j1:
            ops.append(WordOp("+", " ".join(b[j1:j2])))
    return tuple(ops)


def similarity(old: str, new: str) -> float:
    return difflib.SequenceMatcher(None, _WORD.findall(old), _WORD.findall(new), autojunk=False).ratio()


def _rules(doc: Document) -> dict[str, Passage]:
    return {p.number: p for p in doc.passages if p.kind == "rule" and p.number}


def _glossary(doc: Document) -> dict[str, Passage]:
    return {p.title: p for p in doc.passages if p.kind == "glossary"}


def _family(number: str) -> str:
    return number.split(".", 1)[0]


def _change(kind: str, old: Passage | None, new: Passage | None, ratio: float, key: str = "number") -> Change:
    old_text, new_text = (old.text if old else ""), (new.text if new else "")
    return Change(kind, getattr(old, key) if old else None, getattr(new, key) if new else None, old_text, new_text,
                  ratio, word_diff(old_text, new_text) if old and new and old_text != new_text else ())


def _match_rules(old: dict[str, Passage], new: dict[str, Passage]) -> list[Change]:
    changes: list[Change] = []
    left = {n for n in old if n not in new or old[n].text != new[n].text}
    right = {n for n in new if n not in old or old[n].text != new[n].text}
    # 1. the same text under another number: renumbered, unchanged
    by_text: dict[str, list[str]] = defaultdict(list)
    for n in sorted(right, key=lambda n: new[n].order):
        by_text[new[n].text].append(n)
    for n in sorted(left, key=lambda n: old[n].order):
        moved = by_text.get(old[n].text)
        if moved:
            target = moved.pop(0)
            changes.append(_change("renumbered", old[n], new[target], 1.0))
            left.discard(n)
            right.discard(target)
    # 2. the same number, a similar text: reworded
    for n in sorted(left & right, key=lambda n: old[n].order):
        ratio = similarity(old[n].text, new[n].text)
        if ratio >= REWORDED_MIN:
            changes.append(_change("reworded", old[n], new[n], ratio))
            left.discard(n)
            right.discard(n)
    # 3. the most similar text left in the same rule family: renumbered (and reworded)
    candidates: dict[str, list[str]] = defaultdict(list)
    for n in right:
        candidates[_family(n)].append(n)
    for n in sorted(left, key=lambda n: old[n].order):
        best, best_ratio = None, RENUMBERED_MIN
        for m in candidates.get(_family(n), []):
            matcher = difflib.SequenceMatcher(None, _WORD.findall(old[n].text), _WORD.findall(new[m].text),
                                              autojunk=False)
            if matcher.real_quick_ratio() < best_ratio or matcher.quick_ratio() < best_ratio:
                continue
            ratio = matcher.ratio()
            if ratio >= best_ratio:
                best, best_ratio = m, ratio
        if best is not None:
            changes.append(_change("renumbered", old[n], new[best], best_ratio))
            candidates[_family(n)].remove(best)
            left.discard(n)
            right.discard(best)
    changes.extend(_change("removed", old[n], None, 0.0) for n in left)
    changes.extend(_change("added", None, new[n], 0.0) for n in right)
    position = {n: p.order for n, p in new.items()}
    old_position = {n: p.order for n, p in old.items()}
    changes.sort(key=lambda c: (position.get(c.new or "", -1) if c.new else old_position.get(c.old or "", 0),
                                c.kind))
    return changes


def _match_glossary(old: dict[str, Passage], new: dict[str, Passage]) -> list[Change]:
    changes = []
    for term in sorted(set(old) | set(new), key=str.lower):
        a, b = old.get(term), new.get(term)
        if a and b and a.text != b.text:
            changes.append(_change("reworded", a, b, similarity(a.text, b.text), key="title"))
        elif a and not b:
            changes.append(_change("removed", a, None, 0.0, key="title"))
        elif b and not a:
            changes.append(_change("added", None, b, 0.0, key="title"))
    return changes


def diff_documents(old: Document, new: Document) -> CorpusDiff:
    """Every change of rules and glossary from `old` to `new` (two versions of the same document)."""
    return CorpusDiff(old.version, new.version, old.version_label, new.version_label,
                      _match_rules(_rules(old), _rules(new)), _match_glossary(_glossary(old), _glossary(new)))
