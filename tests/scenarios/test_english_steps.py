"""Issue 17: the curated scenarios' steps in English (tools/english_steps.py) hold no Spanish word outside the
scenario's own names (docs/scenarios.md, "Mensajes"): the stack's «habilidad de X» names and the stop words
(«partida terminada») a scenario writes are said in the trace's language, and so are the card types a search
looks for. The ceiling stays at 0."""
from __future__ import annotations

from typing import Any

CEILING = {"magic": 0, "doce-vidas": 0}      # English step texts holding a word of tools/spanish_words.txt


def test_english_step_texts_hold_at_most_the_named_spanish_words(repo_tool: Any) -> None:
    tool = repo_tool("english_steps")
    for ruleset, ceiling in CEILING.items():
        m = tool.measure((ruleset,))
        assert m["steps"] > 100
        assert m["with_spanish"] <= ceiling, (ruleset, m["with_spanish"], [t for _, t, _ in m["examples"][:10]])
        # and the run page's event lines (runner.event.*): 2,430 of 3,889 held one before they were messages
        assert m["events"] > 100
        assert m["events_with_spanish"] <= ceiling, (ruleset, [t for _, t, _ in m["event_examples"][:10]])


def test_the_count_masks_card_names_and_ids_but_not_the_engine_s_words(repo_tool: Any) -> None:
    tool = repo_tool("english_steps")
    text = tool.masked("Osos pardos (osos) moves from battlefield to hand: devuelve el objetivo (cr-en/400.7)",
                       {"Osos pardos", "Osos", "osos"})
    words = tool.WORD.findall(text.lower())
    assert "osos" not in words and "pardos" not in words and "cr" not in words
    assert {"devuelve", "el", "objetivo"} <= set(words) <= set(words) | tool.spanish_words()
    assert {"devuelve", "objetivo"} <= tool.spanish_words() and "moves" not in tool.spanish_words()
