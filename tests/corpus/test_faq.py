"""The Shadowmoor FAQ: intro, general notes with example cards, 2008 rule quotations, card entries."""
from __future__ import annotations

from judge.corpus import Corpus

PREFIX = "faq-shm"


def test_intro_without_banner(corpus: Corpus) -> None:
    intro = [p for p in corpus.documents["faq-paramo-sombrio"].passages if p.id.startswith(f"{PREFIX}/intro/")]
    assert [p.id for p in intro] == [f"{PREFIX}/intro/{n}" for n in range(1, 6)]
    assert intro[0].text.startswith("La colección Páramo Sombrío es legal para juego construido")
    assert not any("Five Horizons" in p.text for p in corpus.passages())


def test_general_notes(corpus: Corpus) -> None:
    notes = [p.id for p in corpus.passages() if p.id.startswith(f"{PREFIX}/notas/") and p.kind == "section"]
    assert notes == [f"{PREFIX}/notas/{slug}" for slug in (
        "mecanica-que-regresa-hibrido", "mecanica-nueva-hibrido-monocolor", "tema-el-color-importa",
        "tema-contadores-1-1", "nuevo-simbolo-el-simbolo-de-enderezar", "nueva-habilidad-de-palabra-clave-conspirar",
        "nueva-habilidad-de-palabra-clave-persistir", "nueva-habilidad-de-palabra-clave-debilitar",
        "ciclo-hechizos-hibridos-aumentados", "ciclo-tierras-no-basicas-con-tipos-de-tierra-basica")]
    hibrido = corpus.passage(f"{PREFIX}/notas/mecanica-que-regresa-hibrido")
    assert hibrido.text.startswith("Los símbolos de maná híbrido representan un coste")
    # Printed numbers restart after each example card: the ids count through the note instead.
    color = f"{PREFIX}/notas/tema-el-color-importa"
    items = [p for p in corpus.children(color) if p.kind == "note"]
    assert [p.id for p in items] == [f"{color}/{n}" for n in range(1, 8)]
    assert items[0].text.startswith("Las habilidades están separadas y son acumulativas")
    assert items[5].text == "Incoloro no es un color."
    assert corpus.passage(f"{PREFIX}/notas/tema-contadores-1-1/6").text.startswith(
        "Si una habilidad se refiere a contadores “colocados”")
    assert corpus.passage(f"{PREFIX}/notas/tema-contadores-1-1/7") is None


def test_example_cards_in_notes(corpus: Corpus) -> None:
    lancera = corpus.passage(f"{PREFIX}/notas/mecanica-que-regresa-hibrido/carta/lancera-avispa")
    assert lancera.kind == "card" and lancera.card == "Lancera avispa"
    assert lancera.text == "{U/B}{U/B}{U/B}\nCriatura — Soldado hada\n3/2\nVuela."
    bosque = corpus.passage(f"{PREFIX}/notas/ciclo-tierras-no-basicas-con-tipos-de-tierra-basica/carta/"
                            "bosque-savia-rezumada")
    assert bosque.text.startswith("Tierra — Bosque\n({T}: Agrega {G} a tu reserva de maná.)")
    # Cards printed only in the notes are in the catalog too; the entry wins for cards printed twice.
    assert corpus.card("Rastro ardiente").passage_id.endswith("/carta/rastro-ardiente")
    assert corpus.card("Asesino gorro rojo").passage_id == f"{PREFIX}/cartas/asesino-gorro-rojo"


def test_2008_rules_are_historical(corpus: Corpus) -> None:
    old = corpus.passage(f"{PREFIX}/reglas-2008/104.3f")
    assert old.kind == "rule" and old.number == "104.3f" and old.current_number == "107.4e"
    assert "\nEjemplo: {G/W}{G/W} puede pagarse" in old.text
    assert old.parent == f"{PREFIX}/reglas-2008/104.3"
    assert old not in corpus.by_number("104.3f")
    assert corpus.by_current_number("107.4e") == [old]
    assert corpus.documents["faq-paramo-sombrio"].historical
    expected = {"104.3f": "107.4e", "203.3c": "202.3f", "212.3f": "302.6", "502.5b": "702.10",
                "502.78": "702.78", "502.79": "702.79", "502.80": "702.80", "502.80b": "702.80d",
                "212.3g": None}
    for number, current in expected.items():
        assert corpus.passage(f"{PREFIX}/reglas-2008/{number}").current_number == current, number
    assert not any(p.doc == "faq-paramo-sombrio" for n in expected for p in corpus.by_number(n))


def test_2008_refs_point_at_todays_rules(corpus: Corpus) -> None:
    # "Ver la regla 104.3f" inside 2008 text is the 2008 104.3f, today's 107.4e; unknown old numbers are dropped.
    assert corpus.passage(f"{PREFIX}/reglas-2008/203.2e").refs == ["107.4e"]
    assert corpus.passage(f"{PREFIX}/reglas-2008/212.3f").refs == []      # cites the 2008 502.5: no mapping
    assert corpus.passage(f"{PREFIX}/reglas-2008/502.5b").refs == ["302.6"]
    assert all(ref != "104.3f" for p in corpus.documents["faq-paramo-sombrio"].passages for ref in p.refs)


def test_card_entries_and_rulings(corpus: Corpus) -> None:
    entries = [p for p in corpus.passages() if p.id.startswith(f"{PREFIX}/cartas/") and p.kind == "card"]
    assert len(entries) == 92
    assert entries[0].id == f"{PREFIX}/cartas/apartar" and entries[-1].id == f"{PREFIX}/cartas/torrente-de-almas"
    asesino = corpus.passage(f"{PREFIX}/cartas/asesino-gorro-rojo")
    assert asesino.text.startswith("{2}{B/R}{B/R}\nCriatura — Asesino trasgo\n2/2\nCuando el Asesino gorro rojo")
    ruling = corpus.passage(f"{PREFIX}/cartas/asesino-gorro-rojo/1")
    assert ruling.kind == "ruling" and ruling.card == "Asesino gorro rojo"
    assert ruling.title == "Asesino gorro rojo — aclaración 1"
    assert ruling.text.startswith("La fuerza del Asesino gorro rojo se verifica cuando se resuelve")
    assert corpus.passage(f"{PREFIX}/cartas/asesino-gorro-rojo/2") is None
    # A bulleted ruling, a ruling with sub-bullets, and a ruling continued on the next line.
    assert corpus.passage(f"{PREFIX}/cartas/arponero-de-kinscaer/1").text == \
        "Puedes hacer objetivo a una criatura que no vuele."
    furtivo = corpus.passage(f"{PREFIX}/cartas/furtivo-de-pradera-brumosa/1").text
    assert furtivo.count("\n- ") == 4 and furtivo.endswith("de 3 o mayor es prevenido.")
    assert corpus.passage(f"{PREFIX}/cartas/furtivo-de-pradera-brumosa/2").text.startswith("Mientras un hechizo")
    assert "Dice “Cuando las Hiladoras" in corpus.passage(f"{PREFIX}/cartas/hiladoras-de-ilusiones/4").text
    assert len(corpus.children(f"{PREFIX}/cartas/bruja-de-tinta-profunda")) == 9
    assert len(corpus.children(f"{PREFIX}/cartas/torrente-de-almas")) == 1


def test_no_entry_swallows_the_next(corpus: Corpus) -> None:
    for passage in corpus.documents["faq-paramo-sombrio"].passages:
        assert "—–" not in passage.text, passage.id
        if passage.kind == "ruling":
            # A ruling never contains a card header (a name line followed by a mana cost line).
            assert "\n{" not in passage.text, passage.id
