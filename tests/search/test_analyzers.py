"""The analyzers, by example, and on a RamStorage index: what a word becomes, and which spellings meet."""
from __future__ import annotations

import pytest
from whoosh.filedb.filestore import RamStorage
from whoosh.qparser import QueryParser

from judge.search import schema as S


@pytest.mark.parametrize("text, terms", [
    ("¿Qué pasa si robo con la biblioteca vacía?", ["pas", "rob", "bibliotec", "vaci"]),
    ("vacia VACÍA vacías", ["vaci", "vaci", "vaci"]),
    ("regeneración regeneracion regenerar", ["regener", "regener", "regener"]),
    ("acción acciones", ["accion", "accion"]),
    ("un contador +1/+1 y un contador -1/-1", ["contador", "+1/+1", "contador", "-1/-1"]),
    ("el símbolo {Q} y {2/B}", ["simbol", "{q}", "{2/b}"]),
    ("Ver la regla 121.2a", ["ver", "121.2a"]),
    ("maná, mana, mano, manos; daño, dano, le dan", ["mana", "mana", "man", "man", "dan", "dan", "dar"]),
    ("cero vidas, dos cartas, Doce vidas", ["0", "vid", "2", "cart", "doc", "vid"]),
    ("no puede", ["no", "pod"]),
    # words of place and time the rules turn on are not stop words
    ("una carta de fuera del juego, antes de robar, hasta el final", ["cart", "for", "jug", "ant", "rob", "hast",
                                                                   "final"]),
    # spelling changes inside verbs meet their infinitive
    ("pierde perder busque buscar cuesta coste juega jugar", ["perd", "perd", "busc", "busc", "cost", "cost",
                                                              "jug", "jug"]),
    # words opening with a vowel and two consonants, which Snowball leaves unstemmed, meet too
    ("entra entran entrar entrado; orden ordenar", ["entr", "entr", "entr", "entr", "ord", "ord"]),
])
def test_spanish_examples(text: str, terms: list[str]) -> None:
    assert S.analyze(text, "es") == terms


@pytest.mark.parametrize("text, terms", [
    ("What happens if I draw from an empty library?", ["happen", "draw", "empti", "librari"]),
    ("Trample, trampling creatures", ["trampl", "trampl", "creatur"]),
    ("See rule 702.19b.", ["see", "702.19b"]),
    ("can't be countered", ["can", "counter"]),
    ("zero life, two creatures, it dealt damage", ["0", "life", "2", "creatur", "deal", "damag"]),
    ("a creature with defender; the defending player", ["creatur", "defender", "defend", "player"]),
])
def test_english_examples(text: str, terms: list[str]) -> None:
    assert S.analyze(text, "en") == terms


def test_card_names_are_folded_not_stemmed() -> None:
    assert S.analyze("Cisnes de Bryn Árgoll", "name") == ["cisnes", "bryn", "argoll"]


def test_fast_path_matches_the_whoosh_analyzers() -> None:
    text = ("Si un efecto reemplaza un robo dentro de una secuencia de robos de cartas, el efecto de reemplazo "
            "es completado antes de continuar con la secuencia. A 2/2 creature with deathtouch can't be "
            "regenerated (see rule 702.2b); {2/B}{2/B} ÁRGOLL vacía +1/+1")
    for lang in ("es", "en", "name"):
        whoosh_terms = [(t.startchar, t.endchar, t.text) for t in S.analyzers()[lang](text, chars=True)]
        assert S.term_spans(text, lang) == whoosh_terms


def _ram_index(docs: dict[str, str], lang: str):  # type: ignore[no-untyped-def]
    ix = RamStorage().create_index(S.build_schema())
    with ix.writer() as w:
        for pid, text in docs.items():
            w.add_document(**{S.ID_F: pid, S.body_field(lang): text, S.TEXT_F: text})
    return ix


def _ids(ix, field: str, q: str) -> set[str]:  # type: ignore[no-untyped-def]
    with ix.searcher() as s:
        return {hit[S.ID_F] for hit in s.search(QueryParser(field, ix.schema).parse(q))}


def test_accentless_spanish_query_meets_accented_text_on_ramstorage() -> None:
    ix = _ram_index({"a": "Si la biblioteca está vacía, pierde el juego.", "b": "Regeneración de criaturas.",
                     "c": "Robó dos cartas."}, "es")
    field = S.body_field("es")
    assert _ids(ix, field, "vacia") == {"a"}
    assert _ids(ix, field, "VACÍA") == {"a"}
    assert _ids(ix, field, "regeneracion") == {"b"}
    assert _ids(ix, field, "robar") == {"c"}
    assert _ids(ix, field, "el") == set()      # a stop word finds nothing


def test_english_stemming_on_ramstorage() -> None:
    ix = _ram_index({"t": "The creature with trample assigns damage.", "l": "Libraries are shuffled."}, "en")
    field = S.body_field("en")
    assert _ids(ix, field, "trampling") == {"t"}
    assert _ids(ix, field, "library") == {"l"}
    assert _ids(ix, field, "shuffle") == {"l"}
