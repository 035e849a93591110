"""tools/miss_trace.py: where a question's first answering passage stands after each step of the search, as the
search itself records it (RulesIndex.search's stages["orders"], judge/search/trail.py)."""
from __future__ import annotations

from typing import Any

from judge.search import RulesIndex
from judge.search.evaluate import Question, evaluate

STEPS = ["lexical", "one_game", "rerank", "demote", "faqnotes"]


def test_search_records_each_step_and_ends_on_the_answer_it_gives(es_index: RulesIndex) -> None:
    stages: dict[str, Any] = {}
    response = es_index.search("si me mandan robar tres cartas, las robo de una en una?", stages=stages)
    names = [name for name, _ in stages["orders"]]
    assert names[:4] == STEPS[1:] and set(names[4:]) <= {"game_first"}
    last = stages["orders"][-1][1]
    assert [es_index.rows[d].id for d in last[:len(response.results)]] == [h.id for h in response.results]
    assert es_index.search("robar tres cartas").results   # no stages asked for: the same search, nothing kept


def test_trace_tells_the_rank_evaluate_counts_and_marks_the_answer(es_index: RulesIndex, repo_tool: Any) -> None:
    tool = repo_tool("miss_trace")
    q = Question("si me mandan robar tres cartas, las robo de una en una?",
                 gold=["ese jugador realiza esa cantidad de robos de carta individuales"])
    rank, lines = tool.trace(es_index, q)
    report = evaluate(es_index, [q], miss_rank=0)
    assert report.misses and rank == report.misses[0].rank and rank is not None
    steps = [line.split()[0] for line in lines[2:2 + len(STEPS)]]
    assert steps == STEPS
    # the last step's line shows the answer marked at the rank the search gave it
    last = [line for line in lines if line.split()[0] in ("faqnotes", "game_first")][-1]
    assert f"answer at {rank:>2}:" in last and "*" in last.split(": ", 1)[1].split()[rank - 1]
    held = [line for line in lines if line.lstrip().startswith("*") and " holds " in line]
    assert held and "rob" in held[0].split(":", 1)[1].split()


def test_trace_of_a_question_nothing_answers(es_index: RulesIndex, repo_tool: Any) -> None:
    rank, lines = repo_tool("miss_trace").trace(es_index, Question("robar tres cartas", gold=["zzz no such text"]))
    assert rank is None and "answer at None" in lines[1]
    assert all("answer at  -:" in line for line in lines[2:2 + len(STEPS)])
