"""Issue 15: which game a question is about (judge/search/gamepick.py) — the evidence that keeps doce vidas's
questions in both games' words from being answered from Magic, and Magic players' slang from doce vidas."""
from __future__ import annotations

from judge.search import RulesIndex
from judge.search import gamepick as G
from judge.search import schema as S


def test_a_title_names_its_document_only_as_a_phrase() -> None:
    assert G.names_in_order(["rob", "cart", "primer", "turn"], ("rob", "cart"))
    assert not G.names_in_order(["cuant", "cart", "man", "rob"], ("rob", "cart"))
    assert not G.names_in_order(["rob"], ())


def test_scattered_title_words_do_not_decide_the_game(es_index: RulesIndex) -> None:
    scattered = es_index.parse("¿con cuántas cartas en la mano me quedo antes de robar?")
    assert "robar-una-carta" in scattered.docs           # the ranking still reads the title's words
    assert G.named_documents(es_index, scattered) == []
    said = es_index.parse("robar una carta en el primer turno")
    assert G.named_documents(es_index, said) == ["robar-una-carta"]
    assert es_index.infer_game(said) == ("magic", "document")


def test_a_glossary_name_is_told_from_a_piece_of_a_longer_name(es_index: RulesIndex) -> None:
    glossary = es_index.glossary
    assert glossary.is_name("bich", "es") and glossary.knows("acab", "es") and not glossary.is_name("acab", "es")


def test_a_lone_weak_word_gives_way_to_the_game_that_answers_far_better(es_index: RulesIndex) -> None:
    p = es_index.parse("el mana que no gasto se pierde al acabar el turno?")
    assert G.game_words(es_index, p) == {"magic": (0, 1)}      # "acabar": part of "se acaba el mazo"
    assert es_index.ruleset_factors(p)["doce-vidas"] == 1.0
    rows = es_index.rows
    dv = next(d for d, r in enumerate(rows) if r is not None and r.ruleset == "doce-vidas")
    magic = next(d for d, r in enumerate(rows) if r is not None and r.ruleset == "magic")
    assert G.infer_game(es_index, p, [(dv, 10.0), (magic, 4.0)]) == ("doce-vidas", "words")
    assert G.infer_game(es_index, p, [(dv, 10.0), (magic, 6.0)]) == ("magic", "words")   # not far enough ahead
    assert G.infer_game(es_index, p) == ("magic", "words")                               # no ranking given


def test_a_strong_word_still_decides_alone(es_index: RulesIndex) -> None:
    p = es_index.parse("si quemo una carta cuanto mana me da?")
    assert es_index.infer_game(p)[0] == "doce-vidas"
    p = es_index.parse("el stiflear una habilidad disparada, como va?")
    assert es_index.infer_game(p)[0] == "magic"


def test_players_anglicisms_are_magics_with_the_english_rules(cr_index: RulesIndex) -> None:
    """"tapear" is built on the CR's "tap": doce vidas has no English text, so the question is Magic's."""
    response = cr_index.search("tapeo mi criatura para maná el turno que entra")
    assert response.game and response.game["ruleset"] == "magic", response.game
    assert "doce-vidas" not in {cr_index.ruleset_of(h.id) for h in response.results[:5]}
    p = cr_index.parse("tapeo mi criatura para maná el turno que entra")
    assert G.game_words(cr_index, p).get("magic", (0, 0))[0] >= 1


def test_an_english_question_is_the_game_that_speaks_english(cr_index: RulesIndex) -> None:
    """Doce vidas has no English text: an English question is Magic's, however its words lean ("starting life
    total" leaned to doce vidas, whose rules are about lives)."""
    p = cr_index.parse("What is the starting life total?")
    assert p.lang == "en"
    assert cr_index.infer_game(p) == ("magic", "language")
    response = cr_index.search("What is the starting life total?")
    assert {cr_index.ruleset_of(h.id) for h in response.results[:5]} == {"magic"}


def test_a_word_only_the_other_game_holds_still_decides_an_english_question(cr_index: RulesIndex) -> None:
    """"doce vidas" typed in an English question names that game (a strong word of game_words)."""
    p = cr_index.parse("how many lives do I start with in doce vidas?")
    assert cr_index.infer_game(p)[0] == "doce-vidas"


def test_spoken_game_needs_one_game_in_the_questions_language(es_index: RulesIndex, cr_index: RulesIndex) -> None:
    spanish = cr_index.parse("¿cuántas vidas tengo al empezar?")
    assert spanish.lang == "es" and G.spoken_game(cr_index, spanish, {}) is None   # both games speak Spanish
    unknown = cr_index.parse("trample")
    assert G.spoken_game(cr_index, unknown, {}) is None or unknown.lang is not None
    english = cr_index.parse("can a creature with defender attack?")
    assert G.spoken_game(cr_index, english, {}) == "magic"
    assert G.spoken_game(cr_index, english, {"doce-vidas": (1, 0)}) is None
    assert G.spoken_game(cr_index, english, {"doce-vidas": (0, 1)}) == "magic"   # a weak word does not


def test_ruleset_factors_are_computed_once_per_question(cr_index: RulesIndex, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    calls = []
    inner = type(cr_index)._ruleset_factors

    def counting(self, p):  # type: ignore[no-untyped-def]
        calls.append(p)
        return inner(self, p)

    monkeypatch.setattr(type(cr_index), "_ruleset_factors", counting)
    cr_index.search("cuanta vida me quita un bicho que me ataca", semantic=False)
    assert len(calls) == 1
    p = cr_index.parse("cuanta vida me quita un bicho que me ataca")
    assert cr_index.ruleset_factors(p) == inner(cr_index, p)


def test_a_question_saying_a_games_name_is_that_games(cr_index: RulesIndex) -> None:
    p = cr_index.parse("un jugador arranca con 20 de vida en magic normal o depende del formato?")
    assert G.named_games(cr_index, p) == ["magic"]
    assert cr_index.infer_game(p) == ("magic", "name")
    assert G.named_games(cr_index, cr_index.parse("con cuantas vidas empiezo en doce vidas")) == ["doce-vidas"]
    assert G.named_games(cr_index, cr_index.parse("cuantas vidas tengo al empezar")) == []


def test_first_game_is_the_best_passages_game(cr_index: RulesIndex) -> None:
    rows = cr_index.rows
    dv = next(d for d, r in enumerate(rows) if r is not None and r.ruleset == "doce-vidas")
    magic = next(d for d, r in enumerate(rows) if r is not None and r.ruleset == "magic")
    assert G.first_game(cr_index, [(dv, 6.0), (magic, 5.0)], None) == "doce-vidas"
    assert G.first_game(cr_index, [(magic, 6.0), (dv, 5.0)], None) == "magic"
    assert G.first_game(cr_index, [], dv) == "doce-vidas"
    assert G.first_game(cr_index, [], None) == cr_index.largest_game


def test_two_weak_words_give_way_too(es_index: RulesIndex) -> None:
    """Two weak words for Magic (no strong one) give way like one when doce vidas answers far better."""
    rows = es_index.rows
    dv = next(d for d, r in enumerate(rows) if r is not None and r.ruleset == "doce-vidas")
    magic = next(d for d, r in enumerate(rows) if r is not None and r.ruleset == "magic")
    p = es_index.parse("el mana que no gasto se pierde al acabar el turno?")
    assert G.WEAK_WORDS >= 2
    real = G.game_words
    try:
        G.game_words = lambda index, q, *_, **__: {"magic": (0, 2)}   # type: ignore[assignment]
        assert G.infer_game(es_index, p, [(dv, 10.0), (magic, 4.0)]) == ("doce-vidas", "words")
        G.game_words = lambda index, q, *_, **__: {"magic": (0, 3)}   # type: ignore[assignment]
        assert G.infer_game(es_index, p, [(dv, 10.0), (magic, 4.0)]) == ("magic", "words")
        G.game_words = lambda index, q, *_, **__: {"magic": (1, 1)}   # type: ignore[assignment]
        assert G.infer_game(es_index, p, [(dv, 10.0), (magic, 4.0)]) == ("magic", "words")
    finally:
        G.game_words = real


def test_the_first_five_are_filled_from_the_decided_game(cr_index: RulesIndex) -> None:
    """A small game's passages crowded out of the candidates: its own best passages fill the first five."""
    for q in ("que zonas hay fuera del juego en doce vidas?", "hay un maximo de vidas si me curo mucho?"):
        response = cr_index.search(q, semantic=False)
        assert response.game and response.game["ruleset"] == "doce-vidas", (q, response.game)
        assert {cr_index.ruleset_of(h.id) for h in response.results[:5]} == {"doce-vidas"}, q


def test_phrases_only_one_game_says_tell_the_game(es_index: RulesIndex) -> None:
    """Two words side by side that only one game's passages of the question's language hold side by side:
    "pila de descartes", "fase de acción" are doce vidas's; "final del turno", "cambiar … objetivo" Magic's."""
    assert G.phrase_votes(es_index, es_index.parse("que pasa con la pila de descartes en la fase de accion?")) \
        == {"doce-vidas": 2}   # "pila descartes", "fase acción" ("pasa" only shapes the question)
    p = es_index.parse("al final del turno puedo cambiar el objetivo de un hechizo?")
    assert G.phrase_votes(es_index, p).get("magic", 0) >= G.PHRASE_MARGIN and "doce-vidas" not in G.phrase_votes(es_index, p)
    assert es_index.infer_game(p) == ("magic", "phrases")
    assert G.phrase_votes(es_index, es_index.parse("Can a creature with flying block?")) == {}   # no game speaks English


def test_a_question_in_a_language_no_game_speaks_is_the_biggest_games(es_index: RulesIndex) -> None:
    """The default corpus is all Spanish: an English question's words reach it only through translations, which
    find doce vidas's short passages first; nothing tells, and the biggest game is the likelier (not sure).
    ("reach", which no passage of the default corpus holds, would tell: see
    test_an_english_question_naming_such_a_term_is_magics_and_says_so.)"""
    q = "Can a creature with flying block an attacking creature?"
    p = es_index.parse(q)
    assert p.lang == "en" and "en" not in es_index.games_by_lang
    assert es_index.infer_game(p) == (None, "")
    rows = es_index.rows
    dv = next(d for d, r in enumerate(rows) if r is not None and r.ruleset == "doce-vidas")
    assert G.first_game(es_index, [(dv, 9.0)], None, "en") == es_index.largest_game == "magic"
    assert G.first_game(es_index, [(dv, 9.0)], None, "es") == "doce-vidas"
    response = es_index.search(q, semantic=False)
    # unsure: the other game's best ranked passage is offered beside the answer (gamepick.alternative)
    assert response.game == {"ruleset": "magic", "how": "first", "others": ["doce-vidas"], "sure": False,
                             "alternative": "doce-vidas"}
    assert response.alternative is not None and es_index.ruleset_of(response.alternative.id) == "doce-vidas"
    assert "doce-vidas" not in {es_index.ruleset_of(h.id) for h in response.results[:5]}


def test_a_question_nothing_tells_says_so(es_index: RulesIndex) -> None:
    response = es_index.search("puedo atacar con una criatura el turno que entra?", semantic=False)
    assert response.game and response.game["how"] == "first" and response.game["sure"] is False
    assert response.to_json()["game"]["sure"] is False
    told = es_index.search("cuanto mana obtengo al quemar una reliquia?", semantic=False)
    assert told.game == {"ruleset": "doce-vidas", "how": "words", "others": ["magic"], "sure": True}


# --- game terms no loaded passage holds (GLOSSARY_GAME, unheld_terms): the default corpus has only part of
# Magic's rules (the 2008 Shadowmoor FAQ and three pages), doce vidas's one document is that whole game

def test_a_game_term_no_passage_holds_is_the_glossary_games(es_index: RulesIndex) -> None:
    question = "¿una criatura con hexproof puede ser objetivo de mis propios hechizos?"
    p = es_index.parse(question)
    assert G.unheld_terms(es_index, p) == ["hexproof"]
    assert es_index.infer_game(p) == ("magic", "words")
    response = es_index.search(question)
    assert response.game and response.game["ruleset"] == "magic" and response.game["sure"] is True
    assert {es_index.ruleset_of(h.id) for h in response.results[:5]} == {"magic"}
    # players' slang of the same kind: an English keyword in a Spanish question, a Spanish keyword
    for said in ("si hago mulligan me quedo con seis cartas?", "con vigilancia mi criatura no se gira al atacar, verdad?"):
        got = es_index.search(said)
        assert got.game and got.game["ruleset"] == "magic", (said, got.game)
        assert "doce-vidas" not in {es_index.ruleset_of(h.id) for h in got.results[:5]}, said


def test_an_english_question_naming_such_a_term_is_magics_and_says_so(es_index: RulesIndex) -> None:
    """No game has English documents in the default corpus: Magic's by default ("first", not sure); naming a term
    only Magic's rules have makes it sure."""
    named = es_index.search("does deathtouch kill a creature with one point of damage?")
    assert named.game and (named.game["ruleset"], named.game["how"], named.game["sure"]) == ("magic", "words", True)
    plain = es_index.search("how many cards do I draw each turn?")
    assert plain.game and plain.game["ruleset"] == "magic" and plain.game["sure"] is False


def test_a_word_that_only_stems_like_a_game_term_is_not_one(es_index: RulesIndex) -> None:
    """"se come el daño" (players' "takes the damage") stems like "comida" (Food), a term no passage holds."""
    p = es_index.parse("cuando mi bicho pega a otro, ¿se come el daño de vuelta?")
    assert "comida" not in G.unheld_terms(es_index, p)
    assert G.unheld_terms(es_index, p) == []


def test_a_name_a_held_concept_shares_is_no_evidence(es_index: RulesIndex) -> None:
    """"creature" is also the English name of "criatura", which both games' passages hold."""
    assert G.unheld_terms(es_index, es_index.parse("mi creature puede atacar a un aliado?")) == []


def test_doce_vidas_words_of_the_glossary_are_in_its_document(es_index: RulesIndex) -> None:
    """What GLOSSARY_GAME rests on: the glossary's concepts with no English name (doce vidas's own words,
    "quemar", "reciclar", "aliado") are all held by doce vidas's passages, so none is ever read as Magic's."""
    spanish_only = [c for c in es_index.glossary.concepts if not c.names.get("en")]
    assert spanish_only
    table = G._unheld_names(es_index)
    unheld = {" ".join(w) for names in table.values() for w in names}
    for c in spanish_only:
        assert not set(c.names["es"]) & unheld, c.names


def test_the_english_rules_hold_what_the_default_corpus_lacks(cr_index: RulesIndex) -> None:
    p = cr_index.parse("¿una criatura con hexproof puede ser objetivo de mis propios hechizos?")
    assert G.unheld_terms(cr_index, p) == []
    assert cr_index.infer_game(p)[0] == "magic"      # the CR's own word now (game_words)


def test_doce_vidas_questions_stay_doce_vidas(es_index: RulesIndex, cr_index: RulesIndex) -> None:
    """Questions of doce vidas written in its own words, with and without the game's name, both corpora."""
    for index in (es_index, cr_index):
        for question in ("en doce vidas, ¿cuánto maná obtengo si quemo dos cartas?",
                         "¿cuántas vidas me cuesta reciclar el mazo por segunda vez?"):
            got = index.search(question)
            assert got.game and got.game["ruleset"] == "doce-vidas", (question, got.game)
            assert {index.ruleset_of(h.id) for h in got.results[:5]} == {"doce-vidas"}, question


def test_a_picked_game_is_kept_whatever_the_question_names(es_index: RulesIndex) -> None:
    """The user picked doce vidas: a Magic term in the question changes nothing (the filter)."""
    got = es_index.search("¿existe el hexproof en este juego?", ruleset="doce-vidas")
    assert got.game and (got.game["ruleset"], got.game["how"], got.game["sure"]) == ("doce-vidas", "filter", True)
    assert {es_index.ruleset_of(h.id) for h in got.results} <= {"doce-vidas", ""}
    named = es_index.search("en doce vidas, ¿hay mulligan?")     # the game's own name said: that game
    assert named.game and named.game["ruleset"] == "doce-vidas"


def test_an_english_keyword_in_a_spanish_question_is_its_games_by_its_spanish_name(es_index: RulesIndex) -> None:
    """"defender" said in a Spanish question: no passage of the default corpus has the English word, Magic's FAQ
    has its Spanish name ("defensor"): a strong word for Magic, not a translation's weak one."""
    p = es_index.parse("¿mi bicho con defender solo sirve para bloquear?")
    assert G.game_words(es_index, p).get("magic", (0, 0))[0] >= 1
    got = es_index.search("¿mi bicho con defender solo sirve para bloquear?")
    assert got.game and got.game["ruleset"] == "magic"
    # the question's own Spanish word reaching Magic through a synonym stays weak ("quita": test above)
    assert G.game_words(es_index, es_index.parse("¿cuántas vidas le quita mi criatura al rival?")).get(
        "magic", (0, 0))[0] == 0


def test_an_english_keyword_is_read_as_typed_not_as_the_spanish_word_it_stems_like(cr_index: RulesIndex) -> None:
    """"haste" read as Spanish stems like "hasta", which both games' passages say: typed as it is, no Spanish
    passage writes it, and the English rules that hold it are Magic's."""
    question = "mi bicho tiene haste, ¿puede atacar este turno aunque acaba de entrar?"
    assert cr_index.infer_game(cr_index.parse(question))[0] == "magic"
    got = cr_index.search(question)
    assert {cr_index.ruleset_of(h.id) for h in got.results[:5]} == {"magic"}
    # an English word doce vidas's Spanish text writes itself ("stack") is no such loanword
    dv = cr_index.parse("¿en qué orden se leen los encantamientos estackeados en el stack sobre una misma carta?")
    assert cr_index.infer_game(dv)[0] != "magic"


# --- session 8 (issue 15): notation, a small game's one-sentence words, near-ties and leaning phrases

def test_notation_shapes_are_read_from_the_text_as_written() -> None:
    from judge.search.notation import shapes_in
    assert shapes_in("¿cuánto vale X si el coste es {X}{R}?") == {"variable", "symbol"}
    assert shapes_in("una 2/2 con +1/+1 y -1/-1") == {"power-toughness"}
    assert shapes_in("{T}: añade {G}.") == {"symbol"}
    # doce vidas's own way of saying things, and everyday writing, are none of them
    assert shapes_in("una reliquia puede otorgar +1 de daño a todas las criaturas") == frozenset()
    assert shapes_in("roba x2 cartas, 1, 2, 4, 8 vidas") == frozenset()
    assert shapes_in("la x de la fórmula") == frozenset()      # a lower-case x is a letter, not the variable


def test_a_notation_only_one_games_rules_write_is_that_games(es_index: RulesIndex, cr_index: RulesIndex) -> None:
    """Magic's passages write X, mana symbols and power/toughness in both corpora; doce vidas's none: a question
    writing one is Magic's, and sure."""
    from judge.search.notation import notation_game, shape_games
    for index in (es_index, cr_index):
        table = shape_games(index)
        assert table["variable"] == table["symbol"] == table["power-toughness"] == {"magic"}
        assert notation_game(index, "una carta que cuesta {2}{B}, ¿cuánto maná vale?") == "magic"
        assert notation_game(index, "¿cuántas vidas tengo al empezar?") is None
        got = index.search("si pago X = 3 por un hechizo, ¿cuánto vale X cuando lo copian?", semantic=False)
        assert got.game and (got.game["ruleset"], got.game["how"], got.game["sure"]) == ("magic", "notation", True)
        assert {index.ruleset_of(h.id) for h in got.results[:5]} == {"magic"}


def test_a_notation_no_loaded_passage_writes_tells_nothing(es_index: RulesIndex) -> None:
    from judge.search import notation as N
    real = N.shape_games
    try:
        N.shape_games = lambda index: {"variable": frozenset(), "symbol": frozenset({"magic", "doce-vidas"}),  # type: ignore[assignment]
                                       "power-toughness": frozenset({"magic"})}
        assert N.notation_game(es_index, "¿cuánto vale X?") is None                # no passage writes it
        assert N.notation_game(es_index, "cuesta {R}") is None                     # both games write it
        assert N.notation_game(es_index, "cuesta {R}, es una 2/2") == "magic"       # one game's shape is enough
    finally:
        N.shape_games = real


def test_one_sentence_of_a_small_game_is_no_game_term(cr_index: RulesIndex) -> None:
    """"desaparecer" is in one sentence of doce vidas ("el daño marcado … desaparece"), in no Magic passage of
    Spanish: an everyday verb, no evidence; "reliquia" (several passages) is, and "quemar" still tells."""
    assert cr_index._df_by_ruleset("es", "desaparec") == {"doce-vidas": 1}
    assert not G.own_term(cr_index, "es", "desaparec")
    assert G.own_term(cr_index, "es", "reliqui")
    assert "doce-vidas" not in G.game_words(cr_index, cr_index.parse("si el permanente desaparece, ¿qué pasa?"))
    assert G.game_words(cr_index, cr_index.parse("¿las reliquias se quedan en juego?")).get("doce-vidas", (0, 0))[0] >= 1
    assert cr_index.infer_game(cr_index.parse("¿cuántas cartas puedo quemar por turno?"))[0] == "doce-vidas"


def test_a_near_tie_of_the_first_stage_is_the_biggest_games(cr_index: RulesIndex) -> None:
    """Within FIRST_MARGIN lexical points the two games match the question about as well: the biggest game, whose
    rules are by far the most passages, is the likelier; a clearer lead keeps the best passage's game."""
    rows = cr_index.rows
    dv = next(d for d, r in enumerate(rows) if r is not None and r.ruleset == "doce-vidas")
    magic = next(d for d, r in enumerate(rows) if r is not None and r.ruleset == "magic")
    assert G.FIRST_MARGIN == 1.0
    assert G.first_game(cr_index, [(dv, 12.59), (magic, 12.58)], None) == "magic"
    assert G.first_game(cr_index, [(dv, 9.0), (magic, 8.5)], None) == "magic"
    assert G.first_game(cr_index, [(dv, 9.0), (magic, 8.0)], None) == "doce-vidas"     # a lead of the margin
    assert G.first_game(cr_index, [(dv, 14.0), (magic, 5.0)], None) == "doce-vidas"


def test_phrases_too_few_to_decide_still_widen_the_margin(cr_index: RulesIndex) -> None:
    """Each pair of words only the biggest game says side by side, beyond the leading game's, is worth
    PHRASE_POINTS of lead; pairs of the leading game narrow it back."""
    rows = cr_index.rows
    dv = next(d for d, r in enumerate(rows) if r is not None and r.ruleset == "doce-vidas")
    magic = next(d for d, r in enumerate(rows) if r is not None and r.ruleset == "magic")
    ranking = [(dv, 8.0), (magic, 5.0)]                  # doce vidas leads by 3 points
    assert G.first_game(cr_index, ranking, None, "es", {}) == "doce-vidas"
    assert G.first_game(cr_index, ranking, None, "es", {"magic": 1}) == "doce-vidas"      # 1 + 1.5 < 3
    assert G.first_game(cr_index, ranking, None, "es", {"magic": 2}) == "magic"           # 1 + 3 > 3
    assert G.first_game(cr_index, ranking, None, "es", {"magic": 2, "doce-vidas": 1}) == "doce-vidas"
    assert G.first_game(cr_index, [(dv, 20.0), (magic, 5.0)], None, "es", {"magic": 2}) == "doce-vidas"


def test_a_loanword_of_several_words_is_read_as_one_name(es_index: RulesIndex, cr_index: RulesIndex) -> None:
    """"double strike" typed in a Spanish question: each word alone reads as words both games' text has
    ("veces", "primer"), but only Magic's passages say the concept's Spanish name ("dañar dos veces") side by side.
    A Spanish name the passages lack a word of ("sacar maná") is no loanword; an English question over the CR has
    one game speaking it (spoken_game decides there)."""
    p = es_index.parse("mi bicho con double strike bloquea a otro, ¿cuántas veces pega?")
    assert G.loan_phrases(es_index, p) == {"magic": 1}
    assert G.game_words(es_index, p)["magic"][0] >= 1
    assert es_index.infer_game(p) == ("magic", "words")
    assert G.loan_phrases(es_index, es_index.parse("¿puedo sacar maná de una carta de la mano?")) == {}
    assert G.loan_phrases(es_index, es_index.parse("¿qué pasa con la pila de descartes al reciclar?")) == {}
    assert G.loan_phrases(cr_index, cr_index.parse("does double strike deal damage twice?")) == {}

def test_a_word_only_a_small_games_headings_hold_names_that_game(cr_index: RulesIndex) -> None:
    """"Preparación" is doce vidas's "Fase 1: Preparación", a heading (no passage's text says it), while its English
    reading reaches the CR's 722 "Preparation Cards": said in a Spanish question, it names doce vidas (before: a
    weak Magic word, and the CR's 722.3 came first)."""
    term = S.analyze("preparación", "es")[0]
    assert G.term_facts(cr_index, "es", term)[0] == frozenset()              # in no passage's text
    assert G.heading_games(cr_index, "es", term) == frozenset({"doce-vidas"})
    p = cr_index.parse("la fase de preparación, ¿qué se hace?")
    assert G.game_words(cr_index, p) == {"doce-vidas": (1, 0)}
    assert cr_index.infer_game(p) == ("doce-vidas", "words")
    # the headings are read only for a word no passage's text holds: "turno" heads doce vidas's turn, but both
    # games' texts say it, so it names neither
    turn = S.analyze("turno", "es")[0]
    assert G.heading_games(cr_index, "es", turn) == frozenset({"doce-vidas"})
    assert G.term_facts(cr_index, "es", turn)[0] == frozenset({"doce-vidas", "magic"})
    assert "doce-vidas" not in G.game_words(cr_index, cr_index.parse("¿qué pasa al final del turno?"))


def test_a_small_games_lone_word_in_the_big_games_sense_is_no_vote(es_index: RulesIndex, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Sense votes (gamesense.py): "sale" is the glossary's "leave" that doce vidas's Spanish says in one sentence;
    said beside words only Magic's passages hold ("campo de batalla"), it is no doce-vidas word.  Said with words
    doce vidas holds, it still is one."""
    from judge.search import gamesense as GS

    p = es_index.parse("cuando un permanente sale del campo de batalla y luego vuelve, es un objeto nuevo?")
    told: dict[int, tuple[str, bool]] = {}
    unsure: set[str] = set()
    votes = G.game_words(es_index, p, told, unsure)
    assert "doce-vidas" not in votes and unsure == {"doce-vidas"}
    assert all(g == "magic" for g, _ in told.values())
    # the same question with the rule off: the doce-vidas head counted, strongly
    monkeypatch.setattr(GS, "SENSE_MIN", float("inf"))
    monkeypatch.setattr(GS, "SENSE_SHARE", 0.0)
    assert G.game_words(es_index, es_index.parse(p.text))["doce-vidas"] == (1, 0)
    monkeypatch.undo()
    agreeing = es_index.parse("las criaturas que salen este turno pueden pegar ya?")
    unsure = set()
    assert G.game_words(es_index, agreeing, unsure=unsure) == {"doce-vidas": (1, 0)} and not unsure
    assert es_index.infer_game(agreeing)[0] == "doce-vidas"


def test_which_heads_are_weighed(es_index: RulesIndex) -> None:
    """A head said as is and held by several of the small game's passages names it whatever the rest says; one
    said by a single passage, or reached only through a translation, is weighed."""
    from judge.search import gamesense as GS

    agreeing = es_index.parse("las criaturas que salen este turno pueden pegar ya?")
    told: dict[int, tuple[str, bool]] = {}
    G.game_words(es_index, agreeing, told)
    (head,) = [i for i, (g, _) in told.items() if g == "doce-vidas"]
    assert GS.sense_candidate(es_index, agreeing, head, "doce-vidas")
    rest, with_game, big_only = GS.agreement(es_index, agreeing, head, "doce-vidas")
    assert rest == len([w for i, w in enumerate(agreeing.concept_weights) if w > 0 and i != head])
    assert big_only == 0 and with_game == rest
    said = es_index.parse("cuando un permanente sale del campo de batalla y luego vuelve, es un objeto nuevo?")
    (leave,) = {i for c in said.clauses if c.field == S.body_field("es") and c.term == "sal"
                for i in range(len(said.concept_weights)) if c.mask >> i & 1}
    assert GS.sense_candidate(es_index, said, leave, "doce-vidas")
    assert GS.agreement(es_index, said, leave, "doce-vidas")[2] >= GS.SENSE_MIN
    assert GS.unsensed(es_index, said, {leave: ("doce-vidas", True)}) == {leave}
    relic = es_index.parse("que hace una reliquia?")
    told = {}
    G.game_words(es_index, relic, told)
    (head,) = [i for i, (g, _) in told.items() if g == "doce-vidas"]
    assert not GS.sense_candidate(es_index, relic, head, "doce-vidas")
    assert GS.agrees(3, 3, 0) and not GS.agrees(3, 3, GS.SENSE_MIN)


def test_a_word_the_small_game_says_only_beside_another_said_alone_does_not_lean(es_index: RulesIndex,
                                                                                  monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Doce vidas's passages say "pila" only in "pila de descartes": "la pila" alone is Magic's stack, and the weak
    Magic word does not give way to doce vidas for a lean that word made (gamesense.alone_words)."""
    from judge.search import gamesense as GS

    partners = GS.fixed_partners(es_index, "es", "doce-vidas")
    assert partners.get("pil") == "descart"
    # each partner is read from the passages: at least FIXED_SHARE of those holding the word hold it beside it
    rows = es_index.rows
    texts = [[t for t in S.analyze(str(es_index._stored[d].get(S.TEXT_F, "")), "es") if t.isalnum()]
             for d, r in enumerate(rows) if r is not None and r.ruleset == "doce-vidas" and r.lang == "es"]
    for word, partner in partners.items():
        holding = [ts for ts in texts if word in ts]
        beside = [ts for ts in holding if any({a, b} == {word, partner} for a, b in zip(ts, ts[1:]))]
        assert len(holding) >= GS.FIXED_MIN and len(beside) >= GS.FIXED_SHARE * len(holding), word
    p = es_index.parse("lo que esta en la pila, a donde va?")
    # the weak "va", and "la pila" alone in Magic's sense (gamesense.other_sense: a strong vote)
    assert G.game_words(es_index, p) == {"magic": (1, 1)} and GS.alone_words(es_index, p, "doce-vidas")
    assert not GS.alone_words(es_index, es_index.parse("que cartas van a la pila de descartes?"), "doce-vidas")
    dv = next(d for d, r in enumerate(rows) if r is not None and r.ruleset == "doce-vidas")
    magic = next(d for d, r in enumerate(rows) if r is not None and r.ruleset == "magic")
    ranking = [(dv, 10.0), (magic, 4.0)]   # doce vidas's passage far ahead: the weak word would give way
    assert G.infer_game(es_index, p, ranking) == ("magic", "words")
    monkeypatch.setattr(GS, "FIXED_MIN", float("inf"))   # the rule off
    assert G.infer_game(es_index, es_index.parse(p.text), ranking) == ("doce-vidas", "words")


def test_a_small_games_word_said_in_another_concepts_sense_is_the_other_games(es_index: RulesIndex,
                                                                              cr_index: RulesIndex,
                                                                              monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """gamesense.other_sense: doce vidas's passages say "pila" only beside "descartes", making the glossary's "pila
    de descartes"; alone, "pila" is the glossary's name of the stack (which doce vidas calls "stack"), so "la pila"
    said without "descartes" is Magic's word, strongly, even when doce vidas's passage answers the rest far better.
    "descartar" alone is no such word: "descartes" alone still names the discard pile; nor is "pila" when the rest of
    the question leans to doce vidas by itself (GAME_STRONG)."""
    from judge.search import gamesense as GS

    glossary = es_index.glossary
    pair = glossary.named_by(("pil", "descart"), "es")
    assert pair and glossary.named_by(("pil",), "es") and not pair & glossary.named_by(("pil",), "es")
    assert pair & glossary.named_by(("descart",), "es")
    for index in (es_index, cr_index):
        stack = index.parse("si pongo un hechizo en la pila y despues otro, cual se resuelve antes?")
        assert GS.other_sense(index, stack) == {"magic": 1}
        assert G.game_words(index, stack)["magic"][0] >= 1
        assert GS.other_sense(index, index.parse("que cartas van a la pila de descartes?")) == {}
        assert GS.other_sense(index, index.parse("cuando tengo que descartar cartas?")) == {}
        assert GS.other_sense(index, index.parse("what goes on the stack first?")) == {}   # no Spanish word
        # the rest of the question decides doce vidas by itself ("quemar"): its players' short "pila"
        burnt = index.parse("las cartas que quemo van a la pila?")
        assert GS.other_sense(index, burnt) == {} and index.infer_game(burnt)[0] == "doce-vidas"
        rows = index.rows
        dv = next(d for d, r in enumerate(rows) if r is not None and r.ruleset == "doce-vidas")
        magic = next(d for d, r in enumerate(rows) if r is not None and r.ruleset == "magic")
        ranking = [(dv, 20.0), (magic, 5.0)]   # doce vidas's stack passage far ahead
        assert G.infer_game(index, stack, ranking) == ("magic", "words")
    # the partner table off (FIXED_MIN): no word is said alone, no vote
    monkeypatch.setattr(GS, "FIXED_MIN", float("inf"))
    assert GS.other_sense(es_index, es_index.parse("si pongo un hechizo en la pila y despues otro, cual se resuelve "
                                                   "antes?")) == {}
