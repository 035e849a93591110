"""The bilingual glossary: the shipped file is valid and covers the game's terms; matching is on analysed terms."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from judge import config
from judge.search.glossary import Glossary, GlossaryError, load_glossary, parse_glossary
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


# -- the Comprehensive Rules' vocabulary in both languages (issue 7)
_SHIPPED = config.corpus_dir() / "glossary.yaml"


@pytest.fixture(scope="module")
def shipped() -> Glossary:
    return load_glossary(_SHIPPED)

# Official Spanish names, as the cards and the Spanish rules print them.
OFFICIAL = [("trample", "arrollar"), ("flying", "volar"), ("first strike", "dañar primero"),
            ("double strike", "dañar dos veces"), ("stack", "pila"), ("tap", "girar"), ("untap", "enderezar"),
            ("exile", "exiliar"), ("graveyard", "cementerio"), ("library", "biblioteca"), ("mana value", "valor de maná"),
            ("state-based actions", "acciones de estado"), ("triggered ability", "habilidad disparada"),
            ("ward", "custodia"), ("hexproof", "antimaleficio"), ("split second", "fracción de segundo"),
            ("dash", "rapidez"), ("command zone", "zona de mando"), ("shield counter", "contador de escudo"),
            ("declare blockers step", "paso de declarar bloqueadoras"), ("commander tax", "impuesto de comandante"),
            ("scry", "adivinar"), ("mill", "moler"), ("crew", "tripular"), ("delve", "excavar")]
# The older official wording (2008: "remover del juego", "jugar" a spell, "coste de maná convertido") and what
# Spanish players say at the table.
OLDER_AND_SLANG = [("exile", "remover del juego"), ("cast", "jugar"), ("mana value", "coste de maná convertido"),
                   ("tap", "tapear"), ("untap", "untapear"), ("counter a spell", "counterear"),
                   ("enters the battlefield", "etb"), ("stack", "stack"), ("token", "token"), ("trample", "trample"),
                   ("lifelink", "lifelink"), ("umbra armor", "armadura tótem")]


@pytest.mark.parametrize("en, es", OFFICIAL + OLDER_AND_SLANG)
def test_cr_terms_translate_both_ways(shipped: Glossary, en: str, es: str) -> None:
    g = shipped
    # an English question naming the term also searches the Spanish name, and a Spanish one the English name
    from_en = [g.concepts[i] for i in g.matches(analyze(en, "en"), "en")]
    assert any(es in c.names["es"] for c in from_en), [c.names for c in from_en]
    from_es = [g.concepts[i] for i in g.matches(analyze(es, "es"), "es")]
    assert any(en in c.names["en"] for c in from_es), [c.names for c in from_es]


def test_a_words_own_synonyms_are_true_synonyms(shipped: Glossary) -> None:
    # "can it block" must not read as "can't block", nor "block" as the CR's "blocked creature"
    g = shipped
    named = {n for i in g.matches(analyze("If my opponent flashes in a creature, can it block?", "en"), "en")
             for n in g.concepts[i].names["en"]}
    assert "blocked creature" not in named and "unblockable" not in named


def test_casting_is_not_read_as_summoning_sickness(shipped: Glossary) -> None:
    # "invocar" stems as "invocación" of "mareo de invocación": a synonym of "tiro"/"bajo" it is not (quiz-like
    # questions casting a spell got the summoning sickness notes first); said by the question, it is casting
    g = shipped
    for q in ("le tiro un Rayo a su bicho", "bajo una criatura con destello"):
        names = {n for i in g.matches(analyze(q, "es"), "es") for n in g.concepts[i].names["es"]}
        assert "lanzar" in names and "invocar" not in names, names
    from_es = [g.concepts[i] for i in g.matches(analyze("invoco una criatura", "es"), "es")]
    assert any("cast" in c.names["en"] for c in from_es)


def _read(g: Glossary, question: str) -> set[str]:
    """The English names of what a Spanish question's words are read as, each word with the word it was read from."""
    from judge.search.schema import analyze as terms_of
    words = [w for w in terms_of(question, "name") for _ in terms_of(w, "es")]
    return {n for i in g.matches(terms_of(question, "es"), "es", words) for n in g.concepts[i].names["en"]}


def test_a_name_the_stemmer_cuts_short_is_not_every_word_of_its_stem(shipped: Glossary) -> None:
    # "entrenamiento" stems as "entr", the stem of "entra": training was read into every question about a
    # permanent entering the battlefield, "mantenimiento" (upkeep) into "mantener"
    g = shipped
    assert analyze("entrenamiento", "es") == analyze("entra", "es")
    for q in ("la copia entra con los contadores?", "si entran a la vez", "mantengo el control de la criatura?"):
        assert not _read(g, q) & {"training", "upkeep"}, q
    assert "training" in _read(g, "como funciona el entrenamiento?") and "training" in _read(g, "si entrena")
    assert "upkeep" in _read(g, "en mi mantenimiento")
    # an infinitive with its pronouns is the verb: "meterle" names casting as "meto" does
    assert "cast" in _read(g, "le meto un rayo") and "attack" in _read(g, "le pego con el bicho")
    # without the words (older callers), matching stays by the terms alone
    assert any("training" in g.concepts[i].names["en"] for i in g.matches(analyze("entra", "es"), "es"))


def test_a_question_about_entering_searches_no_training_rule(es_index: Any) -> None:
    # the reader hands the glossary each term's word (made only when a cut-short name's term is met)
    for q, training in (("¿la criatura entra girada?", False), ("¿el entrenamiento se dispara si ataca sola?", True)):
        terms = {c.term for c in es_index.parse(q).clauses if c.field == "body_en"}
        assert ("train" in terms) is training, (q, sorted(terms))


def test_over_cut_names() -> None:
    from judge.search.glossary import over_cut
    assert over_cut("entrenamiento", "entr") and over_cut("mantenimiento", "manten")
    assert not over_cut("meterle", "met") and not over_cut("enseñársela", "enseñ") and not over_cut("robar", "rob")
    assert not over_cut("face-down", "face")    # not one word: its own words match as they are


def _cr_vocabulary() -> list[str]:
    from .conftest import CR_FILE  # type: ignore[import-not-found]
    if not CR_FILE.exists():
        pytest.skip("../shared/corpus is not here: no CR to compare the glossary with")
    from judge.corpus.cr_en import parse_cr_file

    doc = parse_cr_file(CR_FILE)
    glossary = [p.title for p in doc.passages if p.kind == "glossary"]
    keywords = [p.text for p in doc.passages
                if p.number and re.fullmatch(r"70[12]\.\d+", p.number) and len(p.text) < 60]
    return glossary + keywords


# Function words the CR's glossary defines, which name no concept a question could be about.
_NOT_CONCEPTS = {"During", "General", "If", "X", "Y", "You, Your"}


def test_every_cr_glossary_term_and_keyword_has_an_entry(shipped: Glossary) -> None:
    g = shipped
    names = {seq for c in g.concepts for seq in c.terms["en"]}
    missing = []
    for term in _cr_vocabulary():
        base = re.sub(r"\s*\(Obsolete\)", "", term)
        if base in _NOT_CONCEPTS:
            continue
        # "Banding, “Bands with Other”", "Tap and Untap", "Venture into [Quality]": one of its parts will do
        parts = [base] + [p.strip(" “”\"[]") for p in re.split(r",| and |\[", base)]
        if not any(tuple(analyze(p, "en")) in names for p in parts if p.strip(" “”\"[]")):
            missing.append(term)
    assert not missing, missing
    # and each of them has a Spanish name
    assert all(c.names["es"] or c.names["en"][0] in _ENGLISH_ONLY for c in g.concepts), \
        [c.names["en"] for c in g.concepts if not c.names["es"] and c.names["en"][0] not in _ENGLISH_ONLY]


# CR terms whose Spanish rendering would be a function word or stem like an everyday word: English only.
_ENGLISH_ONLY = {"infinity", "convert", "abandon", "instead", "as though", "unless", "counts as", "permanently",
                 "mana source",
                 "guy"}   # English players' slang for a creature; its Spanish names are the creature entry's


def _read_said(g: Glossary, question: str) -> set[str]:
    """_read with the question's own words in order too (phrase_of), as the search reads it (question.py)."""
    from judge.search.glossary import phrase_of
    words = [w for w in analyze(question, "name") for _ in analyze(w, "es")]
    return {n for i in g.matches(analyze(question, "es"), "es", words, phrase_of(question))
            for n in g.concepts[i].names["en"]}


@pytest.mark.parametrize("question, phasing", [
    # going on to the next phase, as players say it: the phase, not phasing (702.26)
    ("al cambiar de fase se me va el maná que no usé?", False),
    ("en el cambio de fase se vacía la reserva", False),
    ("cuando cambia de fase el turno, pierdo los efectos?", False),
    ("puedo activarla fuera de la fase de combate?", False),
    ("la criatura entra en la fase de combate girada?", False),
    ("en qué fase se roba?", False),
    ("paso de fase sin atacar", False),
    # phasing as Spanish cards and players say it
    ("mi criatura con cambio de fase sigue atacando?", True),
    ("si tiene cambio de fase, ¿cuándo vuelve?", True),
    ("los permanentes que salen de fase se cuentan?", True),
    ("una criatura fuera de fase puede bloquear?", True),
    ("cuando entra en fase, ¿se dispara lo de entrar al campo?", True),
    ("cómo funciona el phasing", True),
    ("si el encantamiento fasea, ¿qué pasa con el aura?", True),
])
def test_changing_phase_is_not_phasing(shipped: Glossary, question: str, phasing: bool) -> None:
    read = _read_said(shipped, question)
    assert ("phasing" in read) is phasing, read
    assert "phase" in read or "phasing" in read or "fasea" in question   # the phase is still read as the phase


def test_an_exact_name_is_read_only_as_its_words() -> None:
    from judge.search.glossary import phrase_of
    g = parse_glossary({"terms": [{"en": ["phasing"], "es": ["=fuera de fase"]},
                                  {"en": ["outside"], "es": ["fuera"]}]})
    assert g.concepts[0].names["es"] == ("fuera de fase",)    # the "=" is the file's mark, not the name
    terms = analyze("fuera de la fase", "es")
    assert terms == analyze("fuera de fase", "es")          # the same terms: only the words tell them apart
    assert g.matches(terms, "es", None, phrase_of("fuera de la fase")) == [1]
    assert g.matches(terms, "es", None, phrase_of("¿Fuera de FASE?")) == [0, 1]
    assert g.matches(terms, "es") == [0, 1]                  # without the words, by the terms as before
    # a plain name of the same concept with the same terms reads them freely
    free = parse_glossary({"terms": [{"en": ["phasing"], "es": ["=fuera de fase", "fuera de la fase"]}]})
    assert free.matches(terms, "es", None, phrase_of("fuera de las fases")) == [0]
    with pytest.raises(GlossaryError, match=r"terms\[0\]\.es"):
        parse_glossary({"terms": [{"en": ["x"], "es": ["= "]}]})
