"""Issue 15: the CR's structure as the second stage's evidence (judge/search/crossref.py, rerank.py's structure
features): cross-references, glossary pointers, the heading a sub-rule sits under, the rules' examples.  A small
CR in the official shape, imported into a fixture instance; nothing here comes from an evaluation set."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from judge.search import RulesIndex
from judge.search import crossref as X
from judge.search import rerank as R

_RULES = [
    "1. Game Concepts", "", "101. Widgets", "",
    "101.1. A widget is a permanent with gears. See rule 102.2 for what gears do.", "",
    "101.1a A widget with more gears than its owner's hand size spins.", "",
    "102. Gears", "",
    "102.1. Gears", "",
    "102.1a Each gear a widget has is counted when the widget spins.", "",
    "102.1b If a widget would spin twice in one turn, it spins once instead.", "",
    "Example: A widget with three gears is told to spin twice during the same turn; it spins once.", "",
    "102.2. A gear turns only while its widget is untapped. See also rules 101.1 and 102.1a.", "",
    "103. Handling Triggered Abilities", "",
    "103.1. A triggered ability begins with the word \u201cwhen,\u201d \u201cwhenever,\u201d or \u201cat.\u201d", "",
    "103.2. Whenever a game event matches a triggered ability's trigger event, that ability triggers.", "",
    "103.2a A widget's ability triggers once for each event.", "",
]
_GLOSSARY = ["Glossary", "", "Widget", "A permanent with gears. See rule 101.1.", "",
             "Spin", "What a widget does with its gears. See rule 102.1, \u201cGears.\u201d", ""]


@pytest.fixture(scope="module")
def mini_index(mini_cr_index) -> RulesIndex:  # type: ignore[no-untyped-def]
    return mini_cr_index("search-mini-cr", ["1. Game Concepts", "101. Widgets", "102. Gears",
                                            "103. Handling Triggered Abilities"], _RULES, _GLOSSARY)


def _d(ix: RulesIndex, number: str) -> int:
    return next(d for d in ix.by_number[number] if ix.rows[d].doc == "cr-en")  # type: ignore[union-attr]


def test_cited_numbers_reads_the_ways_the_rules_point() -> None:
    assert X.cited_numbers("See rules 601.2 and 601.3, and rule 702.19c.") == ["601.2", "601.3", "702.19c"]
    assert X.cited_numbers("as described in rules 613.1\u2013613.5; see rule 613.1 again") == ["613.1", "613.5"]
    assert X.cited_numbers("véanse las reglas 121.1 y 121.2a") == ["121.1", "121.2a"]
    assert X.cited_numbers("A 3/3 creature deals 3 damage at 10.5 seconds.") == []


def test_example_text_is_the_examples_only() -> None:
    assert X.example_text("A rule.\nExample: A case.") == "\nExample: A case."
    assert X.example_text("A rule without one.") == ""
    assert X.parent_number("702.19b") == "702.19" and X.parent_number("702.19") == "702"
    assert X.parent_number("702") is None


def test_structure_knows_who_points_where(mini_index: RulesIndex) -> None:
    s = X.structure(mini_index)
    assert s.cites[_d(mini_index, "101.1")] == ("102.2",)
    assert s.cites[_d(mini_index, "102.2")] == ("101.1", "102.1a")
    assert _d(mini_index, "102.2") in s.cited_by[("cr-en", "101.1")]
    # a sub-rule's heading is its rule's ("Gears"), its examples are its own
    assert "gear" in s.heading_terms[_d(mini_index, "102.1b")]
    assert "twice" in s.example_terms[_d(mini_index, "102.1b")]
    assert not s.example_terms[_d(mini_index, "102.1a")]
    assert X.structure(mini_index) is s        # built once per index


def test_a_named_glossary_term_brings_its_rule_and_sub_rules(mini_index: RulesIndex) -> None:
    p = mini_index.parse("what does spin mean")
    s = X.structure(mini_index)
    assert ("cr-en", "102.1") in s.named_rules(p)
    head = [_d(mini_index, "101.1")]
    brought = X.brought_in(mini_index, p, head)
    # 101.1 cites 102.2; "spin" names 102.1 and its sub-rules come with it
    assert [mini_index.rows[d].current for d in brought] == ["102.2", "102.1", "102.1a", "102.1b"]  # type: ignore[union-attr]
    assert X.brought_in(mini_index, p, head, allowed=set(head)) == []      # a filter is kept
    assert X.brought_in(mini_index, mini_index.parse("unrelated words"), []) == []


def test_structure_features_say_what_points_to_a_candidate(mini_index: RulesIndex) -> None:
    p = mini_index.parse("a widget spins twice in a turn with gears")
    cands = [_d(mini_index, n) for n in ("101.1", "102.2", "102.1b", "101.1a")]
    x = R.features(mini_index, p, [(d, 1.0) for d in cands], [(d, 1.0) for d in cands],
                   brought=frozenset({cands[3]}))
    f = {name: i for i, name in enumerate(R.FEATURES)}
    assert x.shape == (4, len(R.FEATURES)) and np.isfinite(x).all()
    assert x[1, f["cited_by_listed"]] == 1.0          # 102.2 is cited by the first candidate
    assert x[0, f["cited_by_listed"]] == 0.5          # 101.1 by the second
    assert x[0, f["cites_listed"]] == 0.5 and x[2, f["cites_listed"]] == 0.0
    assert x[2, f["rule_heading_share"]] > 0 and x[2, f["example_share"]] > 0
    assert x[0, f["child_best"]] == 1.0               # its sub-rule 101.1a is a candidate
    assert x[3, f["brought_in"]] == 1.0 and x[:3, f["brought_in"]].sum() == 0
    assert x[:, f["dense_rr"]].sum() == 0             # no semantic ranking given
    assert x[2, f["glossary_named"]] == 1.0           # "spin" names 102.1, 102.1b is under it


def test_reorder_re_ranks_the_brought_in_passages_too(mini_index: RulesIndex) -> None:
    p = mini_index.parse("what does spin mean")
    head = [_d(mini_index, "101.1"), _d(mini_index, "101.1a")]
    ranked = {d: (1.0 - i / 10, False) for i, d in enumerate(head)}
    w = np.zeros(len(R.FEATURES))
    w[R.FEATURES.index("glossary_named")] = 1.0   # a model that puts what the named term points to first
    order = R.reorder(mini_index, p, list(head), set(), ranked, [], R.Reranker(w))
    assert mini_index.rows[order[0]].current == "102.1"   # type: ignore[union-attr]
    assert set(head) <= set(order) and len(order) == len(set(order))
    # every passage shown has a score, in the order shown
    scores = [ranked[d][0] for d in order]
    assert scores == sorted(scores, reverse=True)


def test_each_first_stage_has_its_own_weights(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lexical, fused = tmp_path / "lex.json", tmp_path / "fused.json"
    lexical.write_text(R.Reranker(np.ones(len(R.FEATURES))).to_json().__repr__().replace("'", '"'),
                       encoding="utf-8")
    monkeypatch.setattr(R, "WEIGHTS_FILE", lexical)
    monkeypatch.setattr(R, "FUSED_WEIGHTS_FILE", fused)
    R.shipped.cache_clear()
    try:
        assert R.shipped(False) is not None
        assert R.shipped(True) is None          # no fused weights: the fused path keeps its order
    finally:
        R.shipped.cache_clear()


@pytest.mark.parametrize("q, kinds", [
    ("tengo 'al comienzo de tu mantenimiento, roba una carta', se dispara?", ["triggered abilities"]),
    ("dice «Siempre que otra criatura entre, ganas 1 vida»", ["triggered abilities"]),
    ('dice "{T}: Agrega {G}." es una habilidad de maná?', ["activated abilities"]),
    ("«Sacrifica una criatura: roba una carta» cuantas veces", ["activated abilities"]),
    ("«Si fueras a robar una carta, en vez de eso mira las dos primeras»", ["replacement effects"]),
    ("«Prevén todo el daño de combate que se fuera a hacer este turno»", ["prevention effects"]),
    ("«La criatura objetivo obtiene +3/+3 hasta el final del turno» y después bloqueo", ["continuous effects"]),
    # told as a response, the stack decides (117.7, situation.cr_rules), not the layers
    ("«La criatura objetivo obtiene +3/+3 hasta el final del turno» en respuesta", []),
    ("«Exilia la criatura objetivo. Su controlador gana vidas igual a su fuerza»", []),   # life is not an ability
    ("cuando ataco con dos bichos que pasa?", []),                          # "cuando" not quoting a trigger
    ("en un multi de 4 quien empieza?", ["multiplayer"]),
    ("el jugador C pierde, que pasa con sus fichas?", ["multiplayer"]),
    ("en 2HG robamos los dos?", ["two-headed giant", "shared team turns"]),   # its variant, 810, and 805 (810.2)
    ("I don't think it's a trigger when it enters", []),                    # apostrophes are not quotes
])
def test_spanish_card_text_is_read_as_its_kind(q: str, kinds: list[str]) -> None:
    from judge.search import situation

    assert situation.cr_terms(q) == kinds


def test_a_quoted_trigger_brings_in_the_rules_headed_by_its_kind(mini_index: RulesIndex) -> None:
    from judge.search import situation

    q = 'My widget says "Whenever this widget spins, draw a card." It spins twice. How many cards?'
    assert situation.cr_terms(q) == ["triggered abilities"]
    assert situation.cr_terms("when does a widget spin?") == []           # not quoting a trigger
    assert situation.cr_terms('In a four-player game, who spins first?') == ["multiplayer"]
    p = mini_index.parse(q)
    s = X.structure(mini_index)
    assert s.topics(p) == {("cr-en", "103"): 0}
    brought = X.brought_in(mini_index, p, [_d(mini_index, "102.1b")])
    assert [mini_index.rows[d].current for d in brought[:3]] == ["103.1", "103.2", "103.2a"]  # type: ignore[union-attr]
    cands = [_d(mini_index, "102.1b"), _d(mini_index, "103.2"), _d(mini_index, "103.1")]
    x = R.features(mini_index, p, [(d, 1.0) for d in cands], [], brought=frozenset(cands[1:]))
    f = {name: i for i, name in enumerate(R.FEATURES)}
    assert list(x[:, f["topic_rule"]]) == [0.0, 1.0, 1.0]
    assert x[2, f["topic_first"]] > x[1, f["topic_first"]] > 0
    assert list(x[:, f["brought_in"]]) == [0.0, 0.0, 0.0]   # the topics' own passages are told apart


def test_a_table_kept_on_the_index_is_made_once_however_many_threads_ask() -> None:
    # Budget's load runs found every worker thread building the same per-index tables on a new index.
    import threading
    import time

    from judge.search.crossref import kept_on

    class Index:
        pass

    index, made = Index(), []

    def make(ix: object) -> list[int]:
        made.append(1)
        time.sleep(0.05)          # long enough for the other threads to arrive while it is being made
        return [len(made)]

    seen: list[list[int]] = []
    threads = [threading.Thread(target=lambda: seen.append(kept_on(index, "_t", make))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert made == [1] and all(s is seen[0] for s in seen) and len(seen) == 8
