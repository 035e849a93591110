"""The Comprehensive Rules parser, on the official file (read from ../shared, never copied) and on small texts."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from judge.corpus.cr_en import CRFormatError, CRStats, parse_cr, parse_cr_file, slugify
from judge.corpus.model import Document
from judge.corpus.refs import extract_refs




@pytest.fixture(scope="module")
def by_id(cr: Document) -> dict:
    return {p.id: p for p in cr.passages}


def synthetic(date_line: str = "These rules are effective as of April 17, 2026.", bom: bool = True,
              eol: str = "\r\r\n") -> str:
    """A miniature CR in the official file's shape: contents, two sections, a glossary, credits."""
    lines = [
        "Magic: The Gathering Comprehensive Rules", "", date_line, "", "Introduction", "",
        "This document is the ultimate authority.", "", "Contents", "",
        "1. Game Concepts", "100. General", "101. Golden Rules", "", "7. Additional Rules", "702. Keyword Abilities",
        "", "Glossary", "", "Credits", "",
        "1. Game Concepts", "", "100. General", "",
        "100.1. These Magic rules apply to any Magic game. See rule 702.2.", "",
        "100.1a A two-player game is a game that begins with only two players.", "",
        "Example: Two players sit down to play.", "",
        "100.2 To play, each player needs a deck. See rules 100.1a–b.", "",
        "     An indented paragraph that continues rule 100.2.", "",
        "101. Golden Rules", "", "101.1. Card text wins.", "",
        "7. Additional Rules", "", "702. Keyword Abilities", "",
        "702.2. Deathtouch", "", "702.2a Deathtouch is a static ability.", "",
        "Glossary", "", "Deathtouch", "A keyword ability. See rule 702.2, “Deathtouch.”", "",
        "Active Player, Nonactive Player Order", "1. A system.", "2. Another meaning.", "See rules 100.1 and 101.1.",
        "", "Credits", "", "Designers: many people", "", date_line, "",
    ]
    return ("\ufeff" if bom else "") + eol.join(lines)


# --- the official file --------------------------------------------------------------------------------------

def test_version_from_effective_date(cr: Document) -> None:
    assert cr.version == "2026-04-17"
    assert cr.version_label == "Comprehensive Rules, effective April 17, 2026"
    assert (cr.id, cr.language, cr.ruleset, cr.source) == ("cr-en", "en", "magic", "MagicCompRules_EN_20260417.txt")
    assert cr.imported and cr.title == "Magic: The Gathering Comprehensive Rules"


def test_counts(cr: Document) -> None:
    stats = CRStats.of(cr)
    assert stats.rules == 3138          # numbered rules and sub-rules ("100.1", "100.1a")
    assert stats.headings == 147        # rule headings ("100. General")
    assert stats.sections == 9
    assert stats.examples == 277
    # The brief estimated ~694 terms; the file has 730 blank-line-separated entries (33 of them obsolete).
    assert stats.glossary == 730


def test_ids_unique_and_shaped(cr: Document) -> None:
    ids = [p.id for p in cr.passages]
    assert len(ids) == len(set(ids))
    for p in cr.passages:
        assert p.doc == "cr-en" and p.lang == "en"
        if p.kind == "rule":
            assert p.id == f"cr-en/{p.number}" and re.fullmatch(r"\d{3}(\.\d+[a-z]?)?", p.number)
        elif p.kind == "title":
            assert p.id == f"cr-en/section/{p.number}"
        else:
            assert p.kind == "glossary" and p.id.startswith("cr-en/glossary/") and p.number is None
    assert [p.order for p in cr.passages] == list(range(len(cr.passages)))


def test_sections(by_id: dict) -> None:
    titles = [by_id[f"cr-en/section/{n}"].title for n in range(1, 10)]
    assert titles[0] == "1. Game Concepts" and titles[8] == "9. Casual Variants"
    assert by_id["cr-en/section/1"].kind == "title"


def test_table_of_contents_skipped(cr: Document) -> None:
    # The contents repeat every heading: parsed as passages, headings would come twice or be empty rules.
    headings = Counter(p.title for p in cr.passages if p.kind in ("title", "rule") and "." not in (p.number or "."))
    assert all(n == 1 for n in headings.values())
    assert cr.passages[0].id == "cr-en/section/1" and cr.passages[1].id == "cr-en/100"
    assert not any(p.title in ("Glossary", "Credits", "Contents") for p in cr.passages)


def test_sample_texts(by_id: dict) -> None:
    assert by_id["cr-en/704.5a"].text.startswith("If a player has 0 or less life, that player loses the game.")
    assert by_id["cr-en/121.4"].text.startswith("A player who attempts to draw a card from a library with no cards")
    assert "trample first assigns damage to the creature(s) blocking it" in by_id["cr-en/702.19b"].text
    assert by_id["cr-en/702.19"].text == "Trample" and by_id["cr-en/702.19"].title == "702.19"
    assert by_id["cr-en/100"].title == "100. General"


def test_rule_without_trailing_dot_and_with_extra_dot(by_id: dict) -> None:
    # "606.5 If the total cost …" lacks the dot; "119.1d. In a two-player Brawl game …" has one too many.
    assert by_id["cr-en/606.5"].text.startswith("If the total cost to activate a loyalty ability")
    assert by_id["cr-en/606.5"].parent == "cr-en/606"
    assert by_id["cr-en/119.1d"].text.startswith("In a two-player Brawl game")


def test_examples_attach_to_their_rule(by_id: dict) -> None:
    text = by_id["cr-en/702.19b"].text
    assert text.count("\nExample:") == 2
    assert "\nExample: A 6/6 green creature with trample is blocked" in text
    assert not any(p.text.startswith("Example:") for p in by_id.values())


def test_continuation_paragraph_stays_with_its_rule(by_id: dict) -> None:
    text = by_id["cr-en/509.1b"].text
    assert "\nA restriction may be created by an evasion ability" in text
    assert text.index("A restriction") < text.index("Example:")


def test_parents_and_sections(by_id: dict) -> None:
    assert by_id["cr-en/100.1a"].parent == "cr-en/100.1"
    assert by_id["cr-en/100.1"].parent == "cr-en/100"
    assert by_id["cr-en/100"].parent == "cr-en/section/1"
    assert by_id["cr-en/section/1"].parent is None
    assert by_id["cr-en/100.1a"].section == "1. Game Concepts > 100. General"
    assert by_id["cr-en/702.19b"].section == "7. Additional Rules > 702. Keyword Abilities"
    for p in by_id.values():
        if p.parent:
            assert p.parent in by_id, p.id
            assert by_id[p.parent].order < p.order


def test_rule_refs(by_id: dict) -> None:
    assert by_id["cr-en/100.2a"].refs == ["201.3"]
    assert by_id["cr-en/100.1b"].refs == ["8"]                 # "See section 8"
    assert "601.2f" in by_id["cr-en/602.2b"].refs and "601.2i" in by_id["cr-en/602.2b"].refs
    assert by_id["cr-en/701.27g"].refs == ["701.42", "730"]    # "See rules 701.42, “Meld,” and 730, …"


def test_glossary_terms(by_id: dict) -> None:
    term = by_id["cr-en/glossary/deathtouch"]
    assert term.kind == "glossary" and term.title == "Deathtouch" and term.section == "Glossary"
    assert term.refs == ["702.2"]
    ability = by_id["cr-en/glossary/ability"]
    assert ability.text.startswith("1. Text on an object") and ability.text.count("\n") == 2
    assert ability.refs == ["113", "6"]
    assert by_id["cr-en/glossary/active-player-nonactive-player-order"].refs == ["101.4", "805.6"]
    assert "cr-en/glossary/zone-change-triggers" in by_id       # the last term, just before the credits


def test_credits_dropped(cr: Document) -> None:
    assert not any("Richard Garfield" in p.text or "Wizards of the Coast LLC" in p.text for p in cr.passages)


# --- small texts --------------------------------------------------------------------------------------------

def test_synthetic_bom_and_crcrlf() -> None:
    doc = parse_cr(synthetic(), source="mini.txt")
    by_id = {p.id: p for p in doc.passages}
    assert doc.version == "2026-04-17" and doc.source == "mini.txt"
    assert [p.id for p in doc.passages if p.kind != "glossary"] == [
        "cr-en/section/1", "cr-en/100", "cr-en/100.1", "cr-en/100.1a", "cr-en/100.2", "cr-en/101", "cr-en/101.1",
        "cr-en/section/7", "cr-en/702", "cr-en/702.2", "cr-en/702.2a"]
    assert by_id["cr-en/100.1"].text == "These Magic rules apply to any Magic game. See rule 702.2."
    assert by_id["cr-en/100.1a"].text.endswith("\nExample: Two players sit down to play.")
    assert by_id["cr-en/100.2"].text.endswith("\nAn indented paragraph that continues rule 100.2.")
    assert by_id["cr-en/100.2"].refs == ["100.1a", "100.1b"]      # its own number is no reference
    assert "\r" not in "".join(p.text for p in doc.passages)
    assert [p.title for p in doc.passages if p.kind == "glossary"] == [
        "Deathtouch", "Active Player, Nonactive Player Order"]
    assert by_id["cr-en/glossary/active-player-nonactive-player-order"].refs == ["100.1", "101.1"]
    assert not any("Designers" in p.text for p in doc.passages)


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r\r\n"])
def test_synthetic_line_ends_give_the_same_passages(eol: str) -> None:
    reference = [p.to_dict() for p in parse_cr(synthetic()).passages]
    assert [p.to_dict() for p in parse_cr(synthetic(eol=eol, bom=False)).passages] == reference


def test_dates_become_iso() -> None:
    assert parse_cr(synthetic("These rules are effective as of February 7, 2025.")).version == "2025-02-07"


@pytest.mark.parametrize("text, message", [
    ("", "corpus.cr.empty"),
    ("\ufeff\r\r\n  \r\r\n", "corpus.cr.empty"),
    ("Robar una carta\n\n121.1. Algo", "corpus.cr.not_cr"),
    ("Magic: The Gathering Comprehensive Rules\n\n100.1. A rule.", "corpus.cr.no_date"),
    ("Magic: The Gathering Comprehensive Rules\nThese rules are effective as of Smarch 3, 2026.\n100.1. A rule.",
     "corpus.cr.bad_month"),
    ("Magic: The Gathering Comprehensive Rules\nThese rules are effective as of February 30, 2026.\n100.1. X.",
     "corpus.cr.bad_date"),
    ("Magic: The Gathering Comprehensive Rules\nThese rules are effective as of April 17, 2026.\n\nNo rules.",
     "corpus.cr.no_rules"),
])
def test_not_a_cr_text(text: str, message: str) -> None:
    with pytest.raises(CRFormatError) as refused:
        parse_cr(text)
    assert refused.value.said is not None and refused.value.said.id == message
    if message == "corpus.cr.bad_month":
        assert refused.value.said.params == {"month": "Smarch"}


def test_duplicate_rule_is_an_error() -> None:
    text = synthetic().replace("101.1. Card text wins.", "100.1. Card text wins again.")
    with pytest.raises(CRFormatError) as twice:
        parse_cr(text)
    assert twice.value.said is not None and (twice.value.said.id, twice.value.said.params) == (
        "corpus.cr.twice", {"number": "100.1"})


def test_file_errors(tmp_path: Path) -> None:
    with pytest.raises(CRFormatError) as missing:
        parse_cr_file(tmp_path / "missing.txt")
    assert missing.value.said is not None and missing.value.said.id == "corpus.cr.no_file"
    with pytest.raises(CRFormatError) as folder:
        parse_cr_file(tmp_path)
    assert folder.value.said is not None and folder.value.said.id == "corpus.cr.not_a_file"
    (tmp_path / "bin.txt").write_bytes(b"\xff\xfe\x00\x01garbage")
    with pytest.raises(CRFormatError, match="UTF-8"):
        parse_cr_file(tmp_path / "bin.txt")


@pytest.mark.parametrize("text, refs", [
    ("See rule 702.19.", ["702.19"]),
    ("See rules 702.19b–c.", ["702.19b", "702.19c"]),
    ("rules 613.1–613.4", ["613.1", "613.2", "613.3", "613.4"]),
    ("rules 601.2b and 601.2f–h.", ["601.2b", "601.2f", "601.2g", "601.2h"]),
    ("rules 111.10j–n", ["111.10j", "111.10k", "111.10m", "111.10n"]),   # letters skip l and o
    ("rules 608.3a and b are always", ["608.3a", "608.3b"]),
    ("rules 119.9–10).", ["119.9", "119.10"]),
    ("(see 601.2g-h)", ["601.2g", "601.2h"]),
    ("See section 5, “Zones.”", ["5"]),
    ("See rule 103, “Starting the Game,” and rule 119.1, 20 life", ["103", "119.1"]),
    ("rule 702.19b and a creature", ["702.19b"]),
    ("A deck of 100 cards, 20 life, section of 2 players.", []),
])
def test_cr_citation_forms(text: str, refs: list[str]) -> None:
    # The shapes of citation the CR uses, read by the shared extractor (judge.corpus.refs).
    assert extract_refs(text) == refs


def test_slugify() -> None:
    assert slugify("Active Player, Nonactive Player Order") == "active-player-nonactive-player-order"
    assert slugify("Doctor’s Companion") == "doctors-companion"
    assert slugify("Intervening “If” Clause") == "intervening-if-clause"
    assert slugify("∞") != ""


def test_numbered_list_line_inside_a_rule_is_text() -> None:
    # "1. …" after section 7 cannot be a section heading (sections ascend), so it continues rule 702.2a.
    text = synthetic().replace("702.2a Deathtouch is a static ability.",
                               "702.2a Deathtouch is a static ability.\r\r\n1. One list item.")
    by_id = {p.id: p for p in parse_cr(text).passages}
    assert by_id["cr-en/702.2a"].text == "Deathtouch is a static ability.\n1. One list item."
    assert sum(p.kind == "title" for p in by_id.values()) == 2
