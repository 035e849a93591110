"""Why a question misses: where its first answering passage stands after each step of the search.

    JUDGE_INSTANCE=DIR python tools/miss_trace.py FILE.jsonl [--semantic] [--all] [--top N]

For each question of FILE (a `judge eval` file) whose first answering passage is not among the first five (--all:
every question) it prints the game decision, then for each step of RulesIndex.search that moves candidates (the
lexical ranking; one_game; rerank; demote, i.e. variants.demote and unasked.demote; faqnotes; game_first: the
search's `stages["orders"]`, judge/search/trail.py) the first N ids, an answering one marked `*`, and the place
of the first answering passage; then, for the final first five and that passage, which of the question's
concepts their own text holds (what faqnotes.give_way's cover and the re-ranker's text_share read), with the
concepts' weights.  So "what outranks the gold, and why" is read off one screen (issue 15).  Changes nothing.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):   # run as a file: the checkout's package, not an installed one
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from judge.search import schema as S  # noqa: E402
from judge.search.evaluate import Question as EvalQuestion, load_questions  # noqa: E402

TOP = 6


def concept_words(p: Any) -> list[str]:
    """Each concept of the question as one of its own words (its first clause in the question's language)."""
    lang = p.lang or "es"
    words: list[str] = []
    for k in range(len(p.concept_weights)):
        bit = 1 << k
        own = [c.term for c in p.clauses if c.field == S.body_field(lang) and c.mask == bit]
        anywhere = [c.term for c in p.clauses if c.field.startswith("body_") and c.mask & bit]
        words.append((own or anywhere or [f"#{k}"])[0])
    return words


def text_masks(index: Any, p: Any, docnums: list[int]) -> list[int]:
    """Per passage, the question's concepts (bits) whose terms, in the passage's language, its own text holds."""
    concept: dict[str, dict[str, int]] = {}
    for c in p.clauses:
        lang = c.field.rsplit("_", 1)[-1]
        if lang in S.LANGS:
            per = concept.setdefault(lang, {})
            per[c.term] = per.get(c.term, 0) | c.mask
    out = []
    for d in docnums:
        masks = concept.get(index._passages.lang(d), {})
        m = 0
        for _, _, term in index._passages.analysis(d).found:
            m |= masks.get(term, 0)
        out.append(m)
    return out


class Answers:
    """Which passages answer a question (evaluate.Question.answered_by), each passage asked once."""

    def __init__(self, index: Any, q: EvalQuestion, p: Any) -> None:
        self.index, self.q, self.p, self.known = index, q, p, {}

    def __call__(self, d: int) -> bool:
        if d not in self.known:
            self.known[d] = self.q.answered_by(self.index._hit(d, 0.0, False, self.p))
        return self.known[d]

    def first(self, order: list[int]) -> int | None:
        """The place (0-based) of the first answering passage of `order`."""
        return next((i for i, d in enumerate(order) if self(d)), None)


def trace(index: Any, q: EvalQuestion, semantic: bool = False, top: int = TOP) -> tuple[int | None, list[str]]:
    """The rank (1-10) of q's first answering passage in the search's answer, and the lines telling its way."""
    stages: dict[str, Any] = {}
    response = index.search(q.q, limit=10, semantic=semantic, stages=stages)
    rank = next((k for k, h in enumerate(response.results, 1) if q.answered_by(h)), None)
    p = index.parse(q.q)
    ids = index.rows
    lines = [f"## {q.q}", f"   answer at {rank}; game {response.game}"]
    answers = Answers(index, q, p)
    steps = [("lexical", [d for d, _ in stages.get("lexical", ())])] + list(stages.get("orders") or [])
    final: list[int] = []
    for name, order in steps:
        at = answers.first(order[:60])
        shown = " ".join(ids[d].id + ("*" if answers(d) else "") for d in order[:top])
        lines.append(f"   {name:10s} answer at {'-' if at is None else at + 1:>2}: {shown}")
        final = order
    words, weights = concept_words(p), p.concept_weights
    lines.append("   concepts: " + ", ".join(f"{w} {x:.2f}" for w, x in zip(words, weights)))
    at = answers.first(final[:60])
    chosen = final[:5] + ([final[at]] if at is not None and at >= 5 else [])
    for d, m in zip(chosen, text_masks(index, p, chosen)):
        held = [w for k, w in enumerate(words) if m >> k & 1]
        cover = sum(x for k, x in enumerate(weights) if m >> k & 1)
        lines.append(f"   {'*' if answers(d) else ' '} {ids[d].id:55s} holds {cover:5.2f}: {' '.join(held)}")
    return rank, lines


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    flags = {a.split("=", 1)[0]: a.split("=", 1)[1] if "=" in a else "" for a in argv if a.startswith("--")}
    if len(args) != 1 or not set(flags) <= {"--semantic", "--all", "--top"}:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    semantic = "--semantic" in flags
    from judge.search.commands import _open
    index = _open(semantic)
    for q in load_questions(Path(args[0])):
        rank, lines = trace(index, q, semantic, int(flags.get("--top") or TOP))
        if "--all" in flags or rank is None or rank > 5:
            print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
