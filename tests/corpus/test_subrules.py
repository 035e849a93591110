"""Rules 701.23 and 116.2: unnumbered sub-rules lettered as the CR letters them (no l, no o)."""
from __future__ import annotations

import re

import pytest

from judge.corpus import Corpus
from judge.corpus.refs import extract_refs

from .conftest import SHARED_CORPUS


def test_701_23(corpus: Corpus) -> None:
    head = corpus.passage("cr-es/701.23")
    assert head.title == "701.23. Buscar" and head.text == "Buscar" and not head.derived_number
    subs = corpus.children("cr-es/701.23")
    assert [p.number for p in subs] == [f"701.23{x}" for x in "abcdefghij"]
    assert all(p.derived_number and p.kind == "rule" for p in subs)
    assert subs[0].text.startswith("Buscar una carta en una zona consiste en mirar todas las cartas")
    # An "Ejemplo:" paragraph stays with the sub-rule it illustrates.
    assert "\nEjemplo: Splinter dice" in corpus.passage("cr-es/701.23b").text
    assert "Ejemplo: Aven Mindcensor" in corpus.passage("cr-es/701.23f").text
    assert corpus.passage("cr-es/701.23i").refs == ["101.4"]
    assert corpus.passage("cr-es/701.23j").derived_number


def test_116_2_twelve_special_actions(corpus: Corpus) -> None:
    head = corpus.passage("cr-es/116.2")
    assert head.text == "Hay doce acciones especiales:"
    subs = corpus.children("cr-es/116.2")
    assert len(subs) == 12
    assert [p.number[-1] for p in subs] == list("abcdefghijkm")
    assert corpus.passage("cr-es/116.2a").text.startswith("Jugar una tierra es una acción especial")
    m = corpus.passage("cr-es/116.2m")
    assert m is not None and m.derived_number and "coste de apertura" in m.text and m.refs == ["709.5"]
    assert corpus.passage("cr-es/116.2l") is None
    assert corpus.passage("cr-es/116.2a").refs == ["305"]
    assert corpus.passage("cr-es/116.2f").refs == ["702.62"]


def test_promos_are_dropped(corpus: Corpus) -> None:
    for doc_id in ("regla-701.23-buscar", "regla-116.2-acciones-especiales"):
        for passage in corpus.documents[doc_id].passages:
            assert "juez" not in passage.text.lower() and "Subreglas" not in passage.text
            assert "Otras reglas de este apartado" not in passage.text


@pytest.mark.skipif(not (SHARED_CORPUS / "MagicCompRules_EN_20260417.txt").exists(), reason="no English CR here")
@pytest.mark.parametrize("rule", ["701.23", "116.2"])
def test_derived_letters_match_the_english_cr(corpus: Corpus, rule: str) -> None:
    """Our lettering is the CR's: same sub-rule numbers, and the same cross-references sub-rule by sub-rule."""
    text = (SHARED_CORPUS / "MagicCompRules_EN_20260417.txt").read_text(encoding="utf-8-sig")
    english = {m.group(1): m.group(2) for m in
               re.finditer(rf"^({re.escape(rule)}[a-z]) (.*)$", text.replace("\r", ""), re.MULTILINE)}
    ours = {p.number: p for p in corpus.children(f"cr-es/{rule}")}
    assert sorted(ours) == sorted(english)
    for number, passage in ours.items():
        assert set(passage.refs) <= set(extract_refs(english[number])), number
