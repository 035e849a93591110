"""The wiki article "Robar una carta": rule 121, its glossary entry, prose sections, no site chrome."""
from __future__ import annotations

from judge.corpus import Corpus


def test_rule_121_tree(corpus: Corpus) -> None:
    rule = corpus.passage("cr-es/121.4")
    assert rule is not None and rule.kind == "rule" and rule.number == "121.4"
    assert rule.text.startswith("Un jugador que intenta robar una carta de una biblioteca sin cartas")
    assert rule.parent == "cr-es/121" and rule.refs == ["704"]
    assert corpus.passage("cr-es/121.2a").parent == "cr-es/121.2"
    assert corpus.passage("cr-es/121.2a").refs == ["616.1f"]
    assert corpus.passage("cr-es/121").title == "121. Robar una carta"
    assert [p.number for p in corpus.children("cr-es/121")] == [f"121.{n}" for n in range(1, 10)]
    assert [p.number for p in corpus.children("cr-es/121.6")] == ["121.6a", "121.6b", "121.6c"]
    assert corpus.passage("cr-es/121.8").refs == ["601.2i", "725"]
    assert not any(p.derived_number for p in corpus.children("cr-es/121"))


def test_glossary_entry(corpus: Corpus) -> None:
    entry = corpus.passage("cr-es/glosario/robar")
    assert entry is not None and entry.kind == "glossary" and entry.refs == ["121"]
    assert entry.text.startswith("Es poner la primera carta de la biblioteca de un jugador en su mano")
    assert entry in corpus.cited_by("121")


def test_prose_sections_and_bullets(corpus: Corpus) -> None:
    assert corpus.passage("robar/intro").text.startswith("Robar una carta (en Inglés, Drawing a card)")
    assert corpus.passage("robar/descripcion").text.startswith('Un jugador "roba una carta"')
    azul = corpus.passage("robar/robo-por-color/en-el-azul")
    assert azul.kind == "section" and azul.text.startswith("El azul es el mejor color robando cartas")
    first = corpus.passage("robar/robo-por-color/en-el-azul/1")
    assert first.kind == "bullet" and first.text.startswith("Robo de cartas normal: el azul")
    assert first.parent == azul.id
    assert len(corpus.children(azul.id)) == 6
    # The three variants of "Robo impulsivo" are nested under it, not numbered after it.
    impulsivo = corpus.passage("robar/robo-por-color/en-el-rojo/4")
    assert impulsivo.text.startswith("Robo impulsivo:")
    assert [p.id for p in corpus.children(impulsivo.id)] == [f"{impulsivo.id}/{n}" for n in (1, 2, 3)]
    assert corpus.passage("robar/robo-por-color/en-el-rojo/5") is None
    assert corpus.passage("robar/ejemplos").text.startswith("Oportunidad - Instantáneo")


def test_site_chrome_is_dropped(corpus: Corpus) -> None:
    doc = corpus.documents["robar-una-carta"]
    for passage in doc.passages:
        for chrome in ("Arte de", "Fuentes", "Extraído y traducido", "Sólo en digital", "Véase también",
                       "Agallas · Beneficio", "Lista de mecánicas"):
            assert chrome not in passage.text, (passage.id, chrome)
    assert doc.passages[-1].id == "robar/ejemplos"


def test_reading_order(corpus: Corpus) -> None:
    ids = [p.id for p in corpus.documents["robar-una-carta"].passages]
    assert ids.index("robar/descripcion") < ids.index("cr-es/121") < ids.index("cr-es/glosario/robar") \
        < ids.index("robar/robo-por-color") < ids.index("robar/ejemplos")
    assert [p.order for p in corpus.documents["robar-una-carta"].passages] == list(range(len(ids)))
