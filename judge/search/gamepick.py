"""Which game a question is about (issue 15): the evidence RulesIndex.one_game uses to put one game's passages
first.  Kept apart from query.py so the ranking and the game decision change independently.

The evidence, strongest first: the game the user picked (not here: one_game); a document the question names by
its title, said as a phrase ("en doce vidas", not "cartas … robar" for "Robar una carta"); a card or rule number
it names; a notation only one game's rules write ("X", "{T}", "2/2": notation.py); the words only one game's
passages hold (game_words), and the glossary's game terms no passage holds
at all ("hexproof" over the default corpus: unheld_terms, GLOSSARY_GAME), and a smaller game's word said in the sense
only another game's passages give it ("la pila", doce vidas's "pila" being its "pila de descartes":
gamesense.other_sense); how the question's words lean (ruleset_factors);
and, when the only word pointing to the biggest game is weak, how much better the other game's best passage
matches the question lexically.  When nothing tells, the best passage's game, unless its lead over the biggest
game is within a margin that the pairs of words only the biggest game says widen (first_game): the biggest
game is the likelier a priori.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

from judge.search import schema as S
from judge.search.gamesense import alone_words, lean_without, other_sense, unsensed
from judge.search.notation import notation_game
from judge.search.question import QUESTION_WORDS, _bits, text_terms
from judge.search.text import plain

if TYPE_CHECKING:   # query.py imports this module: the types only, no import cycle at run time
    from judge.search.hits import Hit
    from judge.search.query import RulesIndex
    from judge.search.question import Question

# A named document decides the game only when its title's words come in the question in the title's order,
# side by side: "robar una carta" names that page, "¿con cuántas cartas me quedo antes de robar?" does not.
_BODY_PREFIX = "body_"
# A weak word for the biggest game (a glossary word that is part of a longer name, "acabar" of "se acaba el
# mazo") gives way when the other game's best passage scores WEAK_LEAD times the biggest game's best, and
# ruleset_factors lean that way too.
WEAK_LEAD = 2.0
# Up to WEAK_WORDS weak words (and no strong one) give way so: 2 (1 before) answered three more doce-vidas
# questions from doce vidas ("ataco directo al jugador con una criatura, ¿cuántas vidas le quito?": "vidas" and
# "preparación" reach Magic's CR only as weak words) and moved no Magic question (docs/benchmarks.md).
WEAK_WORDS = 2
ANGLICISM_ROOT = 3           # the shortest English term a Spanish slang verb is read as built on ("tap")
GAME_STRONG = 0.45           # ruleset_factors decide the game when the other games' factors are this low
TABLE_GAME = "magic"         # the game of the shipped card table's cards
# The game of the glossary's rules vocabulary (rules_corpus/glossary.yaml lists the Comprehensive Rules' terms; the
# few words of doce vidas it has, "quemar", "reciclar", are all in doce vidas's one document, which is that whole
# game: tests/search/test_gamepick.py checks it).  A game term the question says that no loaded passage holds by
# any of its names ("hexproof", "mulligan" over the default corpus, which has only a part of Magic's rules) is
# that game's: a game whose documents are its whole rules would hold it (unheld_terms).
GLOSSARY_GAME = "magic"
# A glossary name shorter than this ("x", "pt") is not read as said by the question's surface words.
UNHELD_MIN_CHARS = 4
_SURFACE_WORD = re.compile(r"\w+")
# When nothing in the question tells: the biggest game, unless another game's best lexical passage scores
# FIRST_LEAD times the biggest game's best.  1.0 is "the best passage's game".  Measured (docs/benchmarks.md, issue
# 15 session 2): 1.5 / 2.0 / 3.0 took Magic's crossed answers of players_es_quiz from 6 to 4 / 2 / 1, and cost
# doce vidas's questions in every game's words as much (regression_es with the CR R@5 0.897 -> 0.875 / 0.838 /
# 0.809, on the default corpus 0.941 -> 0.926 / 0.882 / 0.853): a ratio alone does not tell the games apart.
FIRST_LEAD = 1.0
# ... and leads by more than FIRST_MARGIN lexical points: within it the two games' best passages match the question
# about as well, and the biggest game, whose rules hold by far the most passages (CR imported: 4,531 against doce
# vidas's 46; Spanish passages alone 507 against 46), is the likelier (issue 15, session 8: the crossed answers
# decided "first" led by 0.01-0.88, doce vidas's own questions decided so by 1.46 and more; docs/benchmarks.md).
FIRST_MARGIN = 1.0
# Pairs of words side by side only one game says (phrase_votes), too few to decide alone (PHRASE_MARGIN), still lean:
# each pair the biggest game has over the leading one is worth PHRASE_POINTS lexical points of margin.  Measured
# over the questions decided "first" (docs/benchmarks.md, session 8): the lexical lead of doce vidas's own
# questions with one Magic pair was 3.49 and more, the Magic questions with two Magic pairs led by 1.77-3.34.
PHRASE_POINTS = 1.5
# A word only a smaller game's passages hold as said counts as that game's own ("quemar", "reliquia") when the
# glossary has it as a whole name or that game's passages say it at least OWN_MIN_PASSAGES times: one everyday
# word of one sentence ("desaparece" in doce vidas's "el daño marcado ... desaparece") is no game's term.
OWN_MIN_PASSAGES = 2
# Two words side by side in the question that, side by side, only one game's passages of the question's language
# hold ("pila de descartes", "fase de acción", "final del turno", "cambiar … objetivo") are evidence of that game's
# way of saying things, where no single word tells (issue 15: every crossed answer was decided "first").  A
# game needs PHRASE_MARGIN more such pairs than the other: one pair alone is often two everyday words ("criatura
# entra", "no gasto"), and at 1 a doce-vidas question ("mis criaturas entran giradas…") went to Magic.
# At 2, "¿tengo que gastar todo el maná a la vez?" went to Magic's FAQ ("todo el maná", "maná a la vez";
# tests/search/test_query.py): 3 it is, which keeps only the clearest cases.
PHRASE_MARGIN = 3


@lru_cache(maxsize=64)
def _title_terms(title: str, lang: str) -> tuple[str, ...]:
    return tuple(t for t in S.analyze(title, lang) if t.isalnum())


def names_in_order(said: Sequence[str], title: Sequence[str]) -> bool:
    """Whether the title's terms occur in `said` as a run, in order."""
    n = len(title)
    if n == 0:
        return False
    return any(tuple(said[i:i + n]) == tuple(title) for i in range(len(said) - n + 1))


def named_documents(index: "RulesIndex", p: "Question") -> list[str]:
    """The documents the question names by their title said as a phrase (see names_in_order)."""
    out = []
    for d in p.docs:
        meta = index.documents.get(d, {})
        lang = meta.get("language") if meta.get("language") in S.LANGS else "es"
        # a title in another language than the question's ("doce vidas" typed in an English question): the
        # question's text as that language reads it
        said = p.said[lang] if lang in p.said else [t for t in text_terms(p, lang) if t.isalnum()]
        if names_in_order(said, _title_terms(meta.get("title", ""), lang)):
            out.append(d)
    return out


def named_games(index: "RulesIndex", p: "Question") -> list[str]:
    """The games whose own name the question says ("en magic normal", "in doce vidas"): a ruleset's id, its words
    in order."""
    said = [t for t in text_terms(p, "name") if t.isalnum()]
    return [g for g in index.games if names_in_order(said, tuple(S.analyze(g.replace("-", " "), "name")))]


def game_words(index: "RulesIndex", p: "Question", told: dict[int, tuple[str, bool]] | None = None,
               unsure: set[str] | None = None) -> dict[str, tuple[int, int]]:
    """Per game, (strong, weak) counts of the question's concepts (its words, with their translations) that only
    that game's passages hold.  A concept only in the biggest game counts only when it is uncommon rules
    vocabulary the glossary knows (that game's passages hold most everyday words too), and it is strong only
    when the question said the glossary name itself and that game's passages hold it as said ("hexproof",
    "mill", "bloquear"), weak when the word is merely part of a longer name ("acab" of "se acaba el mazo",
    "usar" of "usar una habilidad") or reaches the game only through a translation ("quita": "remove").
    A smaller game's lone word that the rest of the question does not agree with is no vote (gamesense.unsensed).
    `told` receives, per concept that voted, its game and whether strongly; `unsure` the games a word was taken
    from so."""
    glossary = index.glossary
    per_concept: dict[int, set[str]] = {}
    # per concept and language, the games holding any of its names there: "mazo" is only in doce vidas's Spanish
    # passages, but its synonym "biblioteca" is in Magic's, so saying "mazo" names no game of its own
    by_lang: dict[tuple[int, str], set[str]] = {}
    said = {(S.body_field(l), t) for l, terms in p.said.items() for t in terms}
    # the question's words as each language reads them: a Spanish player's "defender", "mill" is the English name
    as_read = {(S.body_field(l), t) for l in S.LANGS for t in text_terms(p, l)} | said
    count = len(p.concept_weights)
    for c in p.clauses:
        if not c.field.startswith(_BODY_PREFIX):
            continue
        lang = c.field[len(_BODY_PREFIX):]
        if lang not in S.LANGS:
            continue
        games, vocabulary, is_name = term_facts(index, lang, c.term)
        # the question's own word, a whole glossary name, in that game's passages as said (not through a
        # translation: "quita" reaches Magic only as "remove")
        named = vocabulary and bool(games) and (c.field, c.term) in as_read and is_name
        # a term only smaller games hold, neither a glossary name nor said by two of their passages, is one
        # sentence's everyday word ("desaparece"), no game's term (OWN_MIN_PASSAGES)
        term_of = bool(games) and (index.largest_game in games or is_name or own_term(index, lang, c.term))
        for i in _bits(c.mask, count):   # the concepts whose bits the clause has, lowest first
            acc = per_concept.setdefault(i, set())
            by_lang.setdefault((i, lang), set()).update(games)
            if (c.field, c.term) in said and games and games != {index.largest_game} and term_of:
                # the word as said, only in a smaller game's passages ("quemar", "reliquia"): whatever its
                # translations find in the biggest game ("burn"), it names that game's thing
                acc.add("\0own:" + lang + ":" + "|".join(sorted(games)))
            elif (c.field, c.term) in said and not games and lang == p.lang:
                # ... or only in a smaller game's headings: "preparación" is doce vidas's "Fase 1: Preparación"
                # and no passage's text, while its translation reaches the CR's 722 "Preparation Cards"
                heads = heading_games(index, lang, c.term)
                if heads and index.largest_game not in heads:
                    acc.add("\0own:" + lang + ":" + "|".join(sorted(heads)))
            if term_of:
                acc.update(games)
            if vocabulary:
                acc.add("\0glossary")
            if named:
                acc.add("\0named")
            if ((c.field, c.term) in as_read and not games and lang != p.lang and p.lang
                    and is_name):
                acc.add("\0said-unheld")    # a whole glossary name of the other language, said (a loanword)
            elif vocabulary and games and lang == p.lang:
                acc.add("\0synonym")        # a name of the question's own language the passages hold
    # A Spanish player's Anglicism of an English rules term ("tapear" of "tap", "kickear" of "kick"), said, held
    # by no passage: the game of the English rules that hold the term (doce vidas has no English text).
    english = [(c.mask, c.term) for c in p.clauses if c.field == S.body_field("en") and len(c.term) >= ANGLICISM_ROOT]
    for c in p.clauses:
        if (c.field == S.body_field("es") and (c.field, c.term) in said and glossary.is_name(c.term, "es")
                and not index._df_by_ruleset("es", c.term)):
            for mask, term in english:
                if mask & c.mask and c.term.startswith(term) and c.term != term:
                    games = term_facts(index, "en", term)[0]
                    for i in range(len(p.concept_weights)):
                        if mask & c.mask >> i & 1 and games:
                            per_concept.setdefault(i, set()).add("\0anglicism:" + "|".join(sorted(games)))
    # An English keyword typed in a Spanish question whose Spanish reading stems like an everyday Spanish word
    # ("haste" like "hasta", held by both games): read as typed, it is a word the Spanish passages never write,
    # and the game of the English passages holding it is the one meant.
    if p.lang:
        typed = [w for w in _surface(p.text) if w not in _written(index, p.lang)]
        for c in p.clauses:
            lang = c.field[len(_BODY_PREFIX):] if c.field.startswith(_BODY_PREFIX) else ""
            if lang not in S.LANGS or lang == p.lang or not glossary.is_name(c.term, lang):
                continue
            games = term_facts(index, lang, c.term)[0]
            if len(games) == 1 and any(S.analyze(w, lang) == [c.term] for w in typed):
                for i in _bits(c.mask, count):
                    per_concept.setdefault(i, set()).add("\0anglicism:" + "|".join(sorted(games)))
    votes: dict[str, tuple[int, int]] = {}
    unheld = unheld_terms(index, p)
    if unheld:   # strong: game terms of the glossary's game, said as the glossary names them
        votes[GLOSSARY_GAME] = (len(unheld), 0)
    for g, n in loan_phrases(index, p).items():   # strong: "double strike" typed, only Magic says "dañar dos veces"
        s, w = votes.get(g, (0, 0))
        votes[g] = (s + n, w)
    heads: dict[int, tuple[str, bool]] = {}   # concept -> the one game it votes for, strongly or not
    for i, acc in per_concept.items():
        anglicism = [m[len("\0anglicism:"):].split("|") for m in acc if m.startswith("\0anglicism:")]
        if any(len(g) == 1 for g in anglicism):
            acc = {g[0] for g in anglicism if len(g) == 1} | {"\0named", "\0glossary"}
        own = []
        for m in acc:
            if m.startswith("\0own:"):
                lang, games_said = m[len("\0own:"):].split(":", 1)
                if index.largest_game not in by_lang.get((i, lang), set()):
                    own.append(games_said.split("|"))
        if any(len(g) == 1 for g in own):
            games = {g[0] for g in own if len(g) == 1}
            strong = True
        else:
            games = {g for g in acc if not g.startswith("\0")}
            # strong too: a game term the question names in full by its other language's name, a form no passage
            # has ("defender", "planeswalker" in a Spanish question over the Spanish-only corpus), that game's
            # passages holding it by a name of the question's language ("defensor"); not the question's own
            # word reaching it through a synonym ("quita")
            strong = "\0named" in acc or {"\0said-unheld", "\0synonym"} <= acc
        if len(games) == 1:
            (g,) = games
            if g != index.largest_game or "\0glossary" in acc:
                heads[i] = (g, strong or g != index.largest_game)
    # a smaller game's word said alone, in the biggest game's everyday sense, is no vote (gamesense.py)
    dropped = unsensed(index, p, heads)
    for i, (g, strong) in heads.items():
        if i in dropped:
            if unsure is not None:
                unsure.add(g)
            continue
        if told is not None:
            told[i] = (g, strong)
        s, w = votes.get(g, (0, 0))
        votes[g] = (s + 1, w) if strong else (s, w + 1)
    # strong: a smaller game's word said in another game's sense only ("la pila": the stack, doce vidas's "pila" is
    # always its "pila de descartes"; gamesense.other_sense)
    for g, n in other_sense(index, p).items():
        s, w = votes.get(g, (0, 0))
        votes[g] = (s + n, w)
    return votes


def term_facts(index: "RulesIndex", lang: str, term: str) -> tuple[frozenset[str], bool, bool]:
    """What game_words asks of a body term of `lang`, the same for every question (kept per index in its
    reader's WordCache, wordcache.py): the games whose passages hold it, whether it is uncommon rules vocabulary
    the glossary knows, and whether it is a whole glossary name by itself."""
    def compute() -> tuple[frozenset[str], bool, bool]:
        games = frozenset(rs for rs, n in index._df_by_ruleset(lang, term).items() if n)
        vocabulary = index.glossary.knows(term, lang) and not index.reader.common(lang, term)
        return games, vocabulary, index.glossary.is_name(term, lang)
    return index.reader.words.get(("game-term", lang, term), compute)


def own_term(index: "RulesIndex", lang: str, term: str) -> bool:
    """Whether a body term of `lang` is said by at least OWN_MIN_PASSAGES passages of every game holding it: a
    term of that game's rules, not one sentence's everyday word (see OWN_MIN_PASSAGES)."""
    held = [n for n in index._df_by_ruleset(lang, term).values() if n]
    return bool(held) and min(held) >= OWN_MIN_PASSAGES


def heading_games(index: "RulesIndex", lang: str, term: str) -> frozenset[str]:
    """The games whose passages of `lang` hold `term` in their title or the headings they inherit (the title and
    keys fields), kept per index as term_facts is."""
    def compute() -> frozenset[str]:
        rows = index.rows
        return frozenset(rows[d].ruleset for f in (S.title_field(lang), S.keys_field(lang))  # type: ignore[union-attr]
                         for d in index._impacts.get(f, {}).get(term, ((), ()))[0] if rows[d] is not None)
    return index.reader.words.get(("heading-term", lang, term), compute)


def _written(index: "RulesIndex", lang: str) -> frozenset[str]:
    """The words as written (see _surface) in the passages of `lang`, their titles too; made once per index and
    language and kept on it."""
    kept: dict[str, frozenset[str]] = index.__dict__.setdefault("_written_words", {})
    found = kept.get(lang)
    if found is None:
        words: set[str] = set()
        for d, r in enumerate(index.rows):
            if r is not None and r.lang == lang:
                stored = index._stored[d]
                words.update(_surface(f"{stored.get(S.TEXT_F, '') or ''} {stored.get(S.TITLE, '') or ''}"))
        found = kept[lang] = frozenset(words)
    return found


def _surface(text: str) -> list[str]:
    """The words as typed, lower case without accents: a glossary name is said when its words are, not when a
    word merely stems like it ("se come el daño" is not "comida")."""
    return _SURFACE_WORD.findall(plain(text))


def _unheld_names(index: "RulesIndex") -> dict[str, list[tuple[str, ...]]]:
    """Per first surface word, the surface names (word tuples) of the glossary concepts no passage holds by any
    of their names in any language: no body, title or keys of that language holds every word of any name
    ("Preparación" is only a heading of doce vidas; loosely, so a name held in other words is held).  A name
    that a held concept shares is left out ("creature", English players' word beside "guy", is also the held
    concept of "criatura").  Made once per index and kept on it."""
    kept = index.__dict__.get("_unheld_names")
    if kept is not None:
        return kept
    df = index.reader.df
    fields = (S.body_field, S.title_field, S.keys_field)
    unheld: list[tuple[str, ...]] = []
    held_names: set[tuple[str, ...]] = set()
    for c in index.glossary.concepts:
        held = any(seq and all(any(df(f(lang), t) for f in fields) for t in seq)
                   for lang in S.LANGS for seq in c.terms.get(lang, ()))
        names = [tuple(_surface(name)) for per_lang in c.names.values() for name in per_lang]
        if held:
            held_names.update(names)
        else:
            unheld.extend(w for w in names if w and len(" ".join(w)) >= UNHELD_MIN_CHARS)
    out: dict[str, list[tuple[str, ...]]] = {}
    for words in dict.fromkeys(unheld):
        if words not in held_names:
            out.setdefault(words[0], []).append(words)
    index.__dict__["_unheld_names"] = out
    return out


def unheld_terms(index: "RulesIndex", p: "Question") -> list[str]:
    """The glossary names the question says (its surface words, in order) of game terms no loaded passage holds
    by any name (see GLOSSARY_GAME): "hexproof", "mulligan", "first strike" over the default corpus, none over
    the English CR.  Empty when that game is not loaded or only one game is."""
    if GLOSSARY_GAME not in index.games or len(index.games) < 2:
        return []
    table = _unheld_names(index)
    words = _surface(p.text)
    found: list[str] = []
    for i, w in enumerate(words):
        for name in table.get(w, ()):
            if tuple(words[i:i + len(name)]) == name and " ".join(name) not in found:
                found.append(" ".join(name))
    return found


def _loan_table(index: "RulesIndex") -> dict[str, list[tuple[tuple[str, ...], int, str]]]:
    """Per first surface word, the glossary's names of two words or more as surface words, with their concept's
    position and the language they are a name of; made once per index and kept on it."""
    kept = index.__dict__.get("_loan_table")
    if kept is None:
        kept = {}
        for ci, c in enumerate(index.glossary.concepts):
            for lang, per_lang in c.names.items():
                for name in per_lang:
                    words = tuple(_surface(name))
                    if len(words) >= 2 and (words, ci, lang) not in kept.get(words[0], ()):
                        kept.setdefault(words[0], []).append((words, ci, lang))
        index.__dict__["_loan_table"] = kept
    return kept


def _concept_games(index: "RulesIndex", ci: int, lang: str) -> frozenset[str]:
    """The games whose passages of `lang` hold one of the concept's `lang` names: a one-word name as a term, a
    longer one with each pair of its words side by side ("dañar dos veces", not "daño" here and "veces" there)."""
    kept: dict[tuple[int, str], frozenset[str]] = index.__dict__.setdefault("_concept_games", {})
    found = kept.get((ci, lang))
    if found is None:
        pairs = _pairs(index, lang)
        games: set[str] = set()
        for seq in index.glossary.concepts[ci].terms.get(lang, ()):
            if len(seq) == 1:
                games.update(g for g, n in index._df_by_ruleset(lang, seq[0]).items() if n)
            elif len(seq) > 1:
                held = [pairs.get(pair, frozenset()) for pair in zip(seq, seq[1:])]
                games.update(frozenset.intersection(*held))
        found = kept[(ci, lang)] = frozenset(games)
    return found


def loan_phrases(index: "RulesIndex", p: "Question") -> dict[str, int]:
    """Per game, the other language's glossary names of several words the question types as they are ("double
    strike", "first strike" in a Spanish question), one of whose words no passage of the question's language
    writes (a loanword, typed), whose concept only that game's passages of the question's language name: the
    word-by-word reading loses them, since each word alone ("veces", "primer") is in both games' text.  A name of
    the question's own language is no loanword ("sacar maná": "sacar" is merely a word the passages lack)."""
    if not p.lang or len(index.games_by_lang.get(p.lang, ())) < 2:
        return {}
    table = _loan_table(index)
    words = _surface(p.text)
    written = _written(index, p.lang)
    seen: set[int] = set()
    votes: dict[str, int] = {}
    for i, w in enumerate(words):
        for name, ci, lang in table.get(w, ()):
            if (lang == p.lang or ci in seen or tuple(words[i:i + len(name)]) != name
                    or all(x in written for x in name)):
                continue
            games = _concept_games(index, ci, p.lang)
            if len(games) == 1:
                seen.add(ci)
                (g,) = games
                votes[g] = votes.get(g, 0) + 1
    return votes


def best_scores(index: "RulesIndex", lexical: Sequence[tuple[int, float]]) -> dict[str, float]:
    """Each game's best lexical score among the ranked passages."""
    best: dict[str, float] = {}
    rows = index.rows
    for d, s in lexical:
        rs = rows[d].ruleset  # type: ignore[union-attr]
        if rs and rs not in best:
            best[rs] = s
    return best


def spoken_game(index: "RulesIndex", p: "Question", votes: dict[str, tuple[int, int]]) -> str | None:
    """The one game whose documents are in the question's language, when the others have none in it: an English
    question over the English CR and the Spanish-only doce vidas is Magic's (issue 15: "What is the starting life
    total?" was decided as doce vidas by how its words lean), unless the question says a word only another game's
    passages hold as said (a strong vote of game_words: "doce vidas", "reliquia" typed in it).  None when the
    language is unknown or several games speak it."""
    if not p.lang or len(index.games) < 2:
        return None
    speaking = index.games_by_lang.get(p.lang, frozenset())
    if len(speaking) != 1:
        return None
    (game,) = speaking
    if any(g != game and strong for g, (strong, _) in votes.items()):
        return None
    return game


def _pairs(index: "RulesIndex", lang: str) -> dict[tuple[str, str], frozenset[str]]:
    """Per pair of analysed words side by side in a passage of `lang`, the games whose passages hold it; made once
    per index and language (only for a language several games have passages in) and kept on the index."""
    kept: dict[str, dict[tuple[str, str], frozenset[str]]] = index.__dict__.setdefault("_game_pairs", {})
    found = kept.get(lang)
    if found is None:
        acc: dict[tuple[str, str], set[str]] = {}
        for d, r in enumerate(index.rows):
            if r is None or not r.ruleset or r.lang != lang:
                continue
            terms = [t for t in S.analyze(str(index._stored[d].get(S.TEXT_F, "") or ""), lang) if t.isalnum()]
            for pair in zip(terms, terms[1:]):
                acc.setdefault(pair, set()).add(r.ruleset)
        found = kept[lang] = {pair: frozenset(g) for pair, g in acc.items()}
    return found


@lru_cache(maxsize=4)
def _question_words(lang: str) -> frozenset[str]:
    return frozenset(t for w in QUESTION_WORDS for t in S.analyze(w, lang))


def phrase_votes(index: "RulesIndex", p: "Question") -> dict[str, int]:
    """Per game, how many pairs of the question's words side by side only that game's passages of the question's
    language hold side by side (see PHRASE_MARGIN); empty when fewer than two games have passages in it."""
    lang = p.lang
    if not lang or len(index.games_by_lang.get(lang, ())) < 2:
        return {}
    pairs = _pairs(index, lang)
    # a word that only shapes the question ("cuántas cartas…") is no part of a game's way of saying things:
    # "cuant cart" is in Magic's Spanish pages only, and "¿al empezar el turno cuántas cartas cojo?" is doce vidas's
    shaping = _question_words(lang)
    terms = [t for t in text_terms(p, lang) if t.isalnum()]
    votes: dict[str, int] = {}
    for pair in dict.fromkeys(q for q in zip(terms, terms[1:]) if not shaping & set(q)):
        games = pairs.get(pair, frozenset())
        if len(games) == 1:
            (g,) = games
            votes[g] = votes.get(g, 0) + 1
    return votes


def first_game(index: "RulesIndex", lexical: Sequence[tuple[int, float]], fallback: int | None,
               lang: str | None = None, phrases: dict[str, int] | None = None) -> str:
    """The game of a question nothing in it tells (see FIRST_LEAD); `fallback`: the first passage when there is
    no lexical ranking (only numbered or card hits).  A question in a language no game has documents in (an
    English question over the default corpus, all Spanish) is the biggest game's: its words reach the passages
    only through the glossary's translations, and the few short passages of the small game then lead by length
    alone (issue 15: 60 of the English Magic questions were answered from doce vidas).  `phrases`: phrase_votes,
    fewer than decide alone; each pair the biggest game says and the leading one does not widens the lead that
    game needs by PHRASE_POINTS (see FIRST_MARGIN)."""
    rows = index.rows
    if lang and index.games_by_lang and lang not in index.games_by_lang and index.largest_game:
        return index.largest_game
    if not lexical:
        return (rows[fallback].ruleset if fallback is not None else "") or index.largest_game  # type: ignore[union-attr]
    scores = best_scores(index, lexical)
    big = index.largest_game
    lead = max(scores, key=lambda g: scores[g])
    if big in scores and lead != big:
        said = phrases or {}
        margin = FIRST_MARGIN + PHRASE_POINTS * (said.get(big, 0) - said.get(lead, 0))
        if scores[lead] < FIRST_LEAD * scores[big] or scores[lead] - scores[big] < margin:
            return big
    return lead


def infer_game(index: "RulesIndex", p: "Question",
               lexical: Sequence[tuple[int, float]] = ()) -> tuple[str | None, str]:
    """The game a question is about and how that was decided ("document", "name", "cards", "number", "notation",
    "language", "words", "phrases"), or (None, "") when nothing in it tells (one_game then takes first_game).  `lexical`: the
    lexical ranking's (passage, score) pairs, best first, for the weak-word case."""
    named = {index.documents.get(d, {}).get("ruleset") for d in named_documents(index, p)} - {None, ""}
    if len(named) == 1:
        return named.pop(), "document"
    said_games = named_games(index, p)
    if len(said_games) == 1:
        return said_games[0], "name"
    if p.table_cards and TABLE_GAME in index.games:
        return TABLE_GAME, "cards"
    for how, docnums in (("cards", [d for c in p.cards for d in index.by_card.get(c, [])]),
                         ("number", [d for n in p.numbers for d in index.by_number.get(n, [])])):
        owners = {index.rows[d].ruleset for d in docnums} - {""}  # type: ignore[union-attr]
        if len(owners) == 1:
            return owners.pop(), how
    written = notation_game(index, p.text)
    if written is not None:   # "X igual a 0", "{2}{R}", "una 2/2": a notation only that game's rules write
        return written, "notation"
    unheld = unheld_terms(index, p)
    if unheld and p.lang and index.games_by_lang and p.lang not in index.games_by_lang:
        # no game speaks the question's language, but it names a game term only the glossary's game has
        # ("does hexproof stop my own spells?" over the Spanish-only default corpus)
        return GLOSSARY_GAME, "words"
    if p.lang and index.games_by_lang and p.lang not in index.games_by_lang:
        # no game has documents in the question's language: its words reach the passages only through the
        # glossary's translations ("deals" -> "infligir", only in doce vidas's "se infligen su daño"), which say
        # how the small game's text is worded, not what the question is about: nothing tells (first_game)
        return None, ""
    unsure: set[str] = set()   # the games a word said in the biggest game's sense was taken from (gamesense.py)
    votes = game_words(index, p, unsure=unsure)
    spoken = spoken_game(index, p, votes)
    if spoken is not None:
        return spoken, "language"
    factors = index.ruleset_factors(p)
    if votes:
        total = {g: s + w for g, (s, w) in votes.items()}
        best = max(total.values())
        leaders = [g for g, v in total.items() if v == best]
        # (requiring two words when the softer evidence disagreed helped two doce-vidas questions of the
        # default corpus and cost seven Magic ones with the CR: a Magic question is the likelier)
        if len(leaders) == 1:
            game = leaders[0]
            strong, weak = votes[game]
            if strong == 0 and 1 <= weak <= WEAK_WORDS and factors and lexical:
                # weak words only: the other game wins when its words lean to it and its passage answers far better,
                # unless what leans to it is a word taken from it as the biggest game's everyday word (gamesense)
                lean = max(factors, key=lambda rs: factors[rs])
                scores = best_scores(index, lexical)
                if (lean != game and lean in scores and lean not in unsure
                        and scores[lean] >= WEAK_LEAD * scores.get(game, 0.0)):
                    # ... and a word the leaning game says only beside another, said alone ("la pila": doce
                    # vidas's is "pila de descartes"), is the biggest game's sense: the lean without it
                    alone = alone_words(index, p, lean)
                    kept = lean_without(index, p, alone) if alone else factors
                    if kept and max(kept, key=lambda rs: kept[rs]) == lean:
                        return lean, "words"
            return game, "words"
    if len(factors) > 1:
        best_rs = max(factors, key=lambda rs: factors[rs])
        if all(f <= GAME_STRONG for rs, f in factors.items() if rs != best_rs):
            return best_rs, "words"
    phrases = phrase_votes(index, p)
    if phrases:
        lead = max(phrases, key=lambda g: (phrases[g], g == index.largest_game))
        if all(phrases[lead] - n >= PHRASE_MARGIN for g, n in phrases.items() if g != lead) \
                and phrases[lead] >= PHRASE_MARGIN:
            return lead, "phrases"
    return None, ""


def alternative(index: "RulesIndex", order: Sequence[int], ranked: dict[int, tuple[float, bool]], p: "Question",
                game: dict | None) -> "Hit | None":
    """When nothing in the question told its game (one_game's "first", `sure` false), the best ranked passage of
    another game, with its deciding clause in the question's language: the page offers it as "¿preguntabas por
    …?" beside the answer, so a wrong guess costs the user a look, not a second search (issue 15: questions that
    name no game, "al final del turno", read the same in both games).  `game` receives its ruleset as
    "alternative".  None when the game was told or picked, or no passage of another game was ranked."""
    if not game or game.get("sure") is not False:
        return None
    rows = index.rows
    for d in order:
        rs = rows[d].ruleset  # type: ignore[union-attr]
        if rs and rs != game["ruleset"]:
            game["alternative"] = rs
            return index._decides(index._in_language(index._hit(d, *ranked[d], p), p), p)
    return None


def apart(index: "RulesIndex", shown: Sequence[int], game: dict | None,
          top: int) -> tuple[list[int], dict[str, list[int]]]:
    """The passages shown, split when the question's game is sure (told by its words, a name, a document...: not
    "first", nor a picked game, which filters) and has fewer than `top` passages to show (doce vidas's four for
    "reliquia"): that game's (and those of no game) as the results, the other games' apart, per game in their
    order, so the other game's weak passage never fills the first five (issue 15: "no doce-vidas passage in the
    first five results of a Magic question, and the reverse"); the page shows them after, under their game's
    name.  Otherwise everything as the results, in order: past a full first five the other game's passages stay
    where they rank (a sure decision can still be wrong, and there they are one look away)."""
    rows = index.rows
    if (not game or game.get("sure") is not True or game.get("how") in ("only", "filter")
            or all(rows[d].ruleset in (game["ruleset"], "") for d in shown[:top])):  # type: ignore[union-attr]
        return list(shown), {}
    mine: list[int] = []
    theirs: dict[str, list[int]] = {}
    for d in shown:
        rs = rows[d].ruleset  # type: ignore[union-attr]
        if rs in (game["ruleset"], ""):
            mine.append(d)
        else:
            theirs.setdefault(rs, []).append(d)
    # none of the game's own: nothing to set apart from (the page says what was found, as before)
    return (mine, theirs) if mine else (list(shown), {})
