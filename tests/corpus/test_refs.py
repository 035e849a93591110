"""Cross-references: rule numbers cited in Spanish and English text, normalised."""
from __future__ import annotations

import pytest

from judge.corpus.refs import extract_refs, is_rule_number, letter_range, normalize_number


@pytest.mark.parametrize("text, expected", [
    ("Ver la regla 616.1f.", ["616.1f"]),
    ("(véase la regla 702.62)", ["702.62"]),
    ("Véase la regla 305, «Tierras».", ["305"]),
    ("Véase la regla 905.4a.", ["905.4a"]),
    ("(Esta es una acción basada en el estado. Ver la regla 704.)", ["704"]),
    ("(ver la regla 601.2i) o hasta que … (ver la regla 725, “Manejando acciones ilegales”)", ["601.2i", "725"]),
    ("See rule 702.19", ["702.19"]),
    ("see rules 702.19b–c", ["702.19b", "702.19c"]),
    ("las reglas 409.1b y 409.1f–h.", ["409.1b", "409.1f", "409.1g", "409.1h"]),
    ("See rules 103.4 and 103.5.", ["103.4", "103.5"]),
    ("rules 601.2a, 601.2c, or 601.2e", ["601.2a", "601.2c", "601.2e"]),
    ("See rule 121.4. See rule 121.4 again.", ["121.4"]),
    ("La regla 12 de la casa y 2008 no son reglas.", []),
    ("Cuesta {2}{B} y hace 3 de daño.", []),
    # English CR shapes: numbers without the word "rule", lists with titles, short ranges, sections.
    ("Perform the actions listed in 103.2a–e in order", ["103.2a", "103.2b", "103.2c", "103.2d", "103.2e"]),
    ("The instructions in rules 608.3a and b are always performed first.", ["608.3a", "608.3b"]),
    ("as described in 608.2b and a spell", ["608.2b"]),
    ("This follows rules 701.27a–c, 712.9–10, and 712.18.",
     ["701.27a", "701.27b", "701.27c", "712.9", "712.10", "712.18"]),
    ("See rules 903.6–903.8.", ["903.6", "903.7", "903.8"]),
    ("See rules 701.42, “Meld,” and 730, “Merging with Permanents.”", ["701.42", "730"]),
    ("See section 8, “Multiplayer Rules.”", ["8"]),
    ("Véanse las secciones 1 y 2; ver la regla 1702.5.", ["1"]),
    ("Gana 1, 2, 4, 8, 16, 32… vidas; 301 cartas (121 comunes, 80 raras).", []),
])
def test_extract_refs(text: str, expected: list[str]) -> None:
    assert extract_refs(text) == expected


def test_letter_ranges_skip_l_and_o() -> None:
    assert letter_range("k", "n") == ["k", "m", "n"]
    assert extract_refs("See rules 116.2k–m.") == ["116.2k", "116.2m"]


def test_normalize_and_shape() -> None:
    assert normalize_number(" 121.4. ") == "121.4"
    assert normalize_number("704") == "704"
    assert is_rule_number("121.2a") and is_rule_number("704.") and is_rule_number("8")
    assert not is_rule_number("1234") and not is_rule_number("regla")
