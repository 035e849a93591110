"""Retrieval quality: Recall@5, Recall@10 and MRR@10 for a question file (../shared/eval/README.md).

Two formats, told apart line by line:
- `{"q": …, "gold": [snippets]}`: a result answers when its passage text contains a snippet, compared
  lower-cased, with white space collapsed and curly quotes made straight;
- `{"q": …, "rules": [numbers]}`: a result answers when its rule number is one of them or a sub-rule of one
  (702.19 is answered by 702.19b, not by 702.190).
Either may say which game the question is about (`"game": "doce-vidas"`); a question answered by rule numbers is
about Magic.  A question of a known game counts as "crossed" when a passage of another game is in its first five.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.search.index import number_ancestors
from judge.search.query import Hit, RulesIndex

_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'", "‚": "'"})


class EvalFileError(ValueError):
    """A question file that cannot be read; the message names the line."""


@dataclass
class Question:
    q: str
    gold: list[str] = field(default_factory=list)     # snippets
    rules: list[str] = field(default_factory=list)    # rule numbers
    game: str | None = None                            # the ruleset it is about, when known

    def answered_by(self, hit: Hit) -> bool:
        if self.gold:
            text = normalise(hit.text)
            return any(normalise(g) in text for g in self.gold)
        if hit.number:
            return any(r in number_ancestors(hit.number.lower()) for r in self.rules)
        return False


@dataclass
class Miss:
    q: str
    rank: int | None           # where the first answering passage came, None when not in the first ten
    top: list[str]             # ids of the first results
    crossed: bool = False      # a passage of another game in the first five


@dataclass
class Report:
    questions: int
    recall5: float
    recall10: float
    mrr10: float
    misses: list[Miss]
    semantic: bool = False      # the semantic search was fused in (asked for, and its model and vectors there)
    requested: bool = False     # it was asked for
    with_game: int = 0          # questions whose game is known
    crossed: int = 0            # ... with a passage of another game in their first five

    def to_json(self) -> dict[str, Any]:
        return {"questions": self.questions, "recall@5": round(self.recall5, 4), "recall@10": round(self.recall10, 4),
                "mrr@10": round(self.mrr10, 4), "with_game": self.with_game, "crossed": self.crossed,
                "misses": [{"q": m.q, "rank": m.rank, "top": m.top, "crossed": m.crossed} for m in self.misses]}


def normalise(text: str) -> str:
    return " ".join(text.translate(_QUOTES).lower().split())


def load_questions(path: Path) -> list[Question]:
    out: list[Question] = []
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise EvalFileError(f"{path}: cannot read: {exc}") from None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EvalFileError(f"{path}:{n}: not JSON: {exc}") from None
        if not isinstance(data, dict) or not isinstance(data.get("q"), str):
            raise EvalFileError(f"{path}:{n}: expected an object with a string 'q'")
        gold, rules = data.get("gold", []), data.get("rules", [])
        if not (isinstance(gold, list) and isinstance(rules, list)) or not (gold or rules):
            raise EvalFileError(f"{path}:{n}: expected a non-empty 'gold' (snippets) or 'rules' (numbers) list")
        game = data.get("game", "magic" if rules else None)
        if game is not None and not isinstance(game, str):
            raise EvalFileError(f"{path}:{n}: 'game' must be a ruleset name (magic, doce-vidas)")
        out.append(Question(data["q"], [str(g) for g in gold], [str(r).lower().rstrip(".") for r in rules], game))
    return out


def evaluate(index: RulesIndex, questions: list[Question], miss_rank: int = 5,
             semantic: bool | None = None, rerank: bool | None = None) -> Report:
    """Metrics over the questions; a question whose answer is not in the first `miss_rank` is listed as a miss.
    `semantic` overrides the index's setting (fusing in the semantic search, or not); `rerank=False` leaves the
    second stage (rerank.py) out."""
    r5 = r10 = rr = 0.0
    misses: list[Miss] = []
    with_game = crossed = 0
    for question in questions:
        hits = index.search(question.q, limit=10, semantic=semantic, rerank=rerank).results
        rank = next((i for i, h in enumerate(hits, 1) if question.answered_by(h)), None)
        if rank is not None:
            r5 += rank <= 5
            r10 += 1
            rr += 1 / rank
        other = False
        if question.game:
            with_game += 1
            other = any(index.ruleset_of(h.id) not in ("", question.game) for h in hits[:5])
            crossed += other
        if rank is None or rank > miss_rank or other:
            misses.append(Miss(question.q, rank, [h.id for h in hits[:5]], other))
    n = max(len(questions), 1)
    requested = index.semantic if semantic is None else semantic
    return Report(len(questions), r5 / n, r10 / n, rr / n, misses, semantic=index.semantic_active(semantic),
                  requested=requested, with_game=with_game, crossed=crossed)


def question_sets(checkout: Path) -> list[Path]:
    """Every question file `judge eval --all` reports: ../shared/eval's and tests/search's, in name order."""
    shared = sorted((checkout.parent / "shared" / "eval").glob("*.jsonl"))
    own = sorted((checkout / "tests" / "search").glob("*.jsonl"))
    return shared + own
