"""The bilingual glossary: the shipped file is valid and covers the game's terms; matching is on analysed terms."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge import config
from judge.search.glossary import GlossaryError, load_glossary, parse_glossary
from judge.search.schema import analyze


def test_the_shipped_glossary_loads_and_is_large() -> None:
    g = load_glossary(config.corpus_dir() / "glossary.yaml")
    assert len(g) >= 100
    pairs = {(en, es) for c in g.concepts for en in c.names["en"] for es in c.names["es"]}
    for pair in [("wither", "debilitar"), ("persist", "persistir"), ("draw", "robar"), ("library", "biblioteca"),
                 ("search", "buscar"), ("special action", "acción especial"), ("counter", "contador"),
                 ("hybrid", "híbrido"), ("conspire", "conspirar"), ("untap", "enderezar"),
                 ("lifelink", "vínculo vital")]:
        assert pair in pairs, pair


def test_phrases_match_on_analysed_terms_in_order() -> None:
    g = parse_glossary({"terms": [{"en": ["special action"], "es": ["acción especial"]},
                                  {"en": ["draw"], "es": ["robar"]}]})
    assert g.matches(analyze("Is it a special actions?", "en"), "en") == [0]
    assert g.matches(analyze("action special", "en"), "en") == []
    assert g.matches(analyze("las acciones especiales", "es"), "es") == [0]
    assert g.matches(analyze("draws two", "en"), "en") == [1]
    (named, names), = g.expand({"en": analyze("draws", "en"), "es": []})
    assert named["en"] == {"draw"} and names["es"] == [("rob",)]


@pytest.mark.parametrize("data, where", [
    ([], "'terms' list"), ({"terms": [{"fr": ["x"]}]}, "terms[0]"), ({"terms": [{"en": [""]}]}, "terms[0].en"),
    ({"terms": [{"es": [3]}]}, "terms[0].es"),
])
def test_malformed_glossary_is_named(data: object, where: str) -> None:
    with pytest.raises(GlossaryError, match=where.replace("[", r"\[").replace("]", r"\]")):
        parse_glossary(data)


def test_invalid_yaml_and_missing_file(tmp_path: Path) -> None:
    bad = tmp_path / "glossary.yaml"
    bad.write_text("terms: [\n", encoding="utf-8")
    with pytest.raises(GlossaryError, match="not valid YAML"):
        load_glossary(bad)
    assert len(load_glossary(tmp_path / "absent.yaml")) == 0
