"""The parsers on small made-up texts: the odd layouts the real files have (and may have more of)."""
from __future__ import annotations

import pytest

from judge.corpus.parsers import get_parser

META = {"id": "doc", "title": "Doc", "language": "es", "source": "", "version": "1", "ruleset": "magic"}

FAQ = """Banner del sitio

Primer párrafo de la introducción.
—–

NOTAS GENERALES

Tema: Prueba

Párrafo principal de la nota.

Carta de ejemplo
{1}{W}
Criatura — Soldado
1/1
Vuela.

1. Primer punto.
2. Segundo punto.

104.3f Texto de 2008. Ver la regla 203.3c y la regla 999.9.
Ejemplo: un ejemplo.
   —–

NOTAS DE CARTAS ESPECÍFICAS

Primera carta
{G}
Instantáneo
Texto de la primera.


1. Aclaración tras dos líneas en blanco.
   - un sub-punto
• Aclaración con viñeta.
Segunda carta
{2/B}
Conjuro
Texto de la segunda.

1. Única aclaración.
"""


def test_faq_shapes() -> None:
    doc = get_parser("faq")(FAQ, {**META, "prefix": "f", "historical": True, "version": "2008-05-02"})
    by_id = {p.id: p for p in doc.passages}
    assert doc.historical
    assert [p.id for p in doc.passages if p.id.startswith("f/intro")] == ["f/intro/1"]
    assert by_id["f/notas/tema-prueba"].text == "Párrafo principal de la nota."
    assert by_id["f/notas/tema-prueba/carta/carta-de-ejemplo"].text == "{1}{W}\nCriatura — Soldado\n1/1\nVuela."
    assert by_id["f/notas/tema-prueba/2"].text == "Segundo punto."
    old = by_id["f/reglas-2008/104.3f"]
    assert (old.number, old.current_number, old.refs) == ("104.3f", "107.4e", ["202.3f"])
    assert old.text.endswith("\nEjemplo: un ejemplo.")
    assert by_id["f/cartas/primera-carta/1"].text == "Aclaración tras dos líneas en blanco.\n- un sub-punto"
    assert by_id["f/cartas/primera-carta/2"].text == "Aclaración con viñeta."
    assert "f/cartas/primera-carta/3" not in by_id
    # A current (non-historical) FAQ keeps its citations as they are and maps nothing.
    current = get_parser("faq")(FAQ, {**META, "prefix": "f", "version": "2026-01-01"})
    rule = next(p for p in current.passages if p.kind == "rule")
    assert (rule.id, rule.current_number, rule.refs) == ("f/reglas-2026/104.3f", None, ["203.3c", "999.9"])
    # No separator before "Segunda carta": its header still starts a new entry.
    assert by_id["f/cartas/segunda-carta/1"].text == "Única aclaración."
    assert [c.name for c in doc.cards] == ["Primera carta", "Segunda carta", "Carta de ejemplo"]
    assert doc.cards[1].colors == ["B"] and doc.cards[2].rulings == ["f/notas/tema-prueba/1", "f/notas/tema-prueba/2"]


def test_faq_note_items_right_under_a_card() -> None:
    text = "NOTAS GENERALES\n\nTema: X\n\nCarta\n{R}\nConjuro\nTexto.\n1. Punto pegado.\n"
    doc = get_parser("faq")(text, {**META, "prefix": "f"})
    assert doc.cards[0].rulings == ["f/notas/tema-x/1"]
    assert [p.text for p in doc.passages if p.kind == "note"] == ["Punto pegado."]


def test_faq_entry_without_type_line_is_an_error() -> None:
    text = "NOTAS DE CARTAS ESPECÍFICAS\n\nCarta rota\n{1}\nVuela.\n"
    with pytest.raises(ValueError, match="no type line|expected a card name"):
        get_parser("faq")(text, {**META, "prefix": "f"})


DOCE = """Reglas
Objetivo del juego
Ganar.
Tipos de cartas
Hay tipos.
- Criaturas.
- Entran giradas.
- Atacan.
- Reliquias: Dan efectos.
Reglas generales
- Reciclar: Cuesta vidas.
El coste empieza en 1 y se duplica. - Curación: Máximo 24.
Sección nueva
Primera frase.
Segunda frase.
"""


def test_doce_vidas_shapes() -> None:
    doc = get_parser("doce-vidas")(DOCE, {**META, "prefix": "dv"})
    ids = [p.id for p in doc.passages]
    assert ids == ["dv/objetivo", "dv/tipos", "dv/tipos/criaturas", "dv/tipos/criaturas/1", "dv/tipos/criaturas/2",
                   "dv/tipos/reliquias", "dv/generales", "dv/generales/reciclar", "dv/generales/reciclar-coste",
                   "dv/generales/curacion", "dv/seccion-nueva", "dv/seccion-nueva/1", "dv/seccion-nueva/2"]
    assert doc.passages[ids.index("dv/generales/reciclar-coste")].text == "El coste empieza en 1 y se duplica."


def test_doce_vidas_text_before_a_heading_is_an_error() -> None:
    with pytest.raises(ValueError, match="before the first heading"):
        get_parser("doce-vidas")("- un punto suelto.\n", {**META, "prefix": "dv"})


WIKI = """Artículo

Arte de Alguien.

Párrafo de entrada.

Reglas

De las Reglas completas (2023)

---

• 500. Una regla
  • 500.1. Primera. Ver la regla 500.2.
    • 500.1a Sub-regla.
Ejemplo: continúa.

Ejemplos

Un ejemplo.

Fuentes

Todo esto es chrome.
"""


def test_wiki_shapes() -> None:
    doc = get_parser("wiki")(WIKI, {**META, "prefix": "w"})
    by_id = {p.id: p for p in doc.passages}
    assert list(by_id) == ["w/intro", "cr-es/500", "cr-es/500.1", "cr-es/500.1a", "w/ejemplos"]
    assert by_id["cr-es/500.1a"].text == "Sub-regla.\nEjemplo: continúa."
    assert by_id["cr-es/500.1"].refs == ["500.2"] and by_id["cr-es/500.1a"].parent == "cr-es/500.1"
    assert not any("chrome" in p.text or "Arte de" in p.text for p in doc.passages)


def test_subrules_more_than_the_alphabet_is_an_error() -> None:
    text = "100.1. Algo\n\nSubreglas\n\n" + "\n\n".join(f"Párrafo {n}." for n in range(30))
    with pytest.raises(ValueError, match="more than the letters"):
        get_parser("subrules")(text, META)
