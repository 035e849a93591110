"""Cross-references of the imported CR point at rules that exist in the same import.

The glossary's "See rule …" links are what the English search follows from a term to its rule, so a dangling
one (a typo in the source, or a parse error on our side) would silently lose an answer.
"""
from __future__ import annotations

from judge.corpus.model import Document


def dangling(cr: Document, kind: str) -> list[tuple[str, str]]:
    numbers = {p.number for p in cr.passages if p.number}
    return [(p.id, ref) for p in cr.passages if p.kind == kind for ref in p.refs if ref not in numbers]


def test_glossary_links_point_at_existing_rules(cr: Document) -> None:
    assert dangling(cr, "glossary") == []


def test_rule_references_point_at_existing_rules(cr: Document) -> None:
    assert dangling(cr, "rule") == []


def test_glossary_mostly_links_to_rules(cr: Document) -> None:
    terms = [p for p in cr.passages if p.kind == "glossary"]
    linked = [p for p in terms if p.refs]
    # Every term whose definition says "See rule"/"See section" must come back with a link.
    said = [p for p in terms if "see rule" in p.text.lower() or "see section" in p.text.lower()]
    assert said and all(p.refs for p in said), [p.id for p in said if not p.refs]
    assert len(linked) >= 650


def test_sample_glossary_links(cr: Document) -> None:
    by_title = {p.title: p for p in cr.passages if p.kind == "glossary"}
    assert by_title["Trample"].refs == ["702.19"]
    assert by_title["Persist"].refs == ["702.79"]
    assert by_title["Wither"].refs == ["702.80"]
    assert by_title["Zone"].refs == ["4"]
    assert "702.19" in by_title["Trample"].text
