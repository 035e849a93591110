"""Sense votes (issue 15): a smaller game's word said alone, in the biggest game's everyday sense.

game_words (gamepick.py) counts a question's concept for a smaller game when only that game's passages hold it.
Some such words are the small game's in name only: "sale" is a glossary word of Magic's rules ("leave", 400.7)
that doce vidas's Spanish says once ("Último en Entrar, Primero en Salir"), and "bestow" reaches doce vidas only
through its glossary translation "otorgar", an everyday verb there ("Otorgan efectos mágicos").  A Spanish Magic
question "si una criatura atacante sale del campo y vuelve, ¿sigue atacando?" then counted a strong doce-vidas
word.  Such a head is weighed by the rest of the question: the head stays a vote when the other words agree (the
smaller game's passages hold most of them and few are the biggest game's alone: "mis bichos pueden pegar el turno
que salen?"), and is no vote otherwise.

Which heads are weighed (`sense_candidate`): the lone head of a smaller game (no other concept of the question
votes for it: "said alone, without anything else of that game") whose terms that game holds are each either said by
fewer than gamepick.OWN_MIN_PASSAGES of its passages (they passed as glossary names only) or not said by the
question at all (reached through a translation).  A word said as is and held by several of its passages
("reliquia", 4; "leen", 2) names the game whatever the rest says; a heading word ("preparación") is not weighed.
A word a smaller game says only beside one partner ("pila", always "pila de descartes" in doce vidas) gives two
more readings: said without it, it does not lean a weak-word question to that game (alone_words, lean_without), and
when alone it is the glossary's name of another concept than the pair's ("pila": the stack), it is the other game's
word in that sense, a strong vote (other_sense).
Everything is read from the loaded passages and the glossary: no word is named here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from judge.search import schema as S

if TYPE_CHECKING:   # gamepick imports this module: the types only
    from judge.search.query import RulesIndex
    from judge.search.question import Question

_BODY_PREFIX = "body_"
# A weighed head is kept when the smaller game's passages hold at least SENSE_SHARE of the question's other
# concepts and fewer than SENSE_MIN of them are held by the biggest game's passages alone; otherwise it is no vote.
# Chosen by cross-validation over the labelled development questions of both instances (tools/gamepick_cv.py
# heads; docs/benchmarks.md, session 10), not by eye.
SENSE_MIN: float = 1
SENSE_SHARE = 0.0


def concept_games(index: "RulesIndex", p: "Question") -> dict[int, set[str]]:
    """Per concept of the question (its bit), the games whose passages hold one of its body terms, in any
    language (term_facts: kept per index)."""
    from judge.search.gamepick import term_facts

    count = len(p.concept_weights)
    held: dict[int, set[str]] = {}
    for c in p.clauses:
        if not c.field.startswith(_BODY_PREFIX) or c.field[len(_BODY_PREFIX):] not in S.LANGS:
            continue
        games = term_facts(index, c.field[len(_BODY_PREFIX):], c.term)[0]
        for i in range(count):
            if c.mask >> i & 1:
                held.setdefault(i, set()).update(games)
    return held


def sense_candidate(index: "RulesIndex", p: "Question", head: int, game: str) -> bool:
    """Whether the concept `head`, voting for the smaller `game`, is weighed (see the module's docstring): each
    of its body terms that game holds is said by fewer than OWN_MIN_PASSAGES of its passages or not said by the
    question; False when it has no such term (a heading word)."""
    from judge.search.gamepick import OWN_MIN_PASSAGES

    said = {(S.body_field(l), t) for l, terms in p.said.items() for t in terms}
    held = []
    for c in p.clauses:
        if not c.field.startswith(_BODY_PREFIX) or not c.mask >> head & 1:
            continue
        lang = c.field[len(_BODY_PREFIX):]
        if lang not in S.LANGS:
            continue
        n = index._df_by_ruleset(lang, c.term).get(game, 0)
        if n:
            held.append(n < OWN_MIN_PASSAGES or (c.field, c.term) not in said)
    return bool(held) and all(held)


def agreement(index: "RulesIndex", p: "Question", head: int, game: str) -> tuple[int, int, int]:
    """How the rest of the question (its other concepts that count, weight above 0) stands to `game`: how many
    there are, how many `game`'s passages hold, how many only the biggest game's passages hold."""
    held = concept_games(index, p)
    big = index.largest_game
    rest = [i for i, w in enumerate(p.concept_weights) if i != head and w > 0]
    return (len(rest), sum(game in held.get(i, ()) for i in rest),
            sum(held.get(i, set()) == {big} for i in rest))


def agrees(rest: int, with_game: int, big_only: int) -> bool:
    """The rule on agreement's counts: the head stays a vote (see SENSE_MIN, SENSE_SHARE; read when called, so
    tools/gamepick_cv.py can try other settings)."""
    return big_only < SENSE_MIN and with_game >= SENSE_SHARE * rest


def unsensed(index: "RulesIndex", p: "Question", heads: dict[int, tuple[str, bool]]) -> set[int]:
    """The heads (concept bits of game_words' votes: concept -> (game, strong)) that are no vote: a smaller
    game's lone weighed head whose rest of the question does not agree."""
    big = index.largest_game
    per_game: dict[str, list[int]] = {}
    for i, (g, _) in heads.items():
        per_game.setdefault(g, []).append(i)
    out: set[int] = set()
    for g, mine in per_game.items():
        if g == big or len(mine) != 1:
            continue
        (head,) = mine
        if sense_candidate(index, p, head, g) and not agrees(*agreement(index, p, head, g)):
            out.add(head)
    return out


# A smaller game's word that its passages say almost only beside one same word ("pila", whose passages in doce
# vidas all say "pila de descartes") is, said without that word ("la pila" of Magic's stack), the biggest game's
# sense: it does not lean a question to the smaller game.  At least FIXED_MIN of the game's passages of that
# language hold the word, and FIXED_SHARE of them hold it beside the one partner.  Chosen by cross-validation
# (tools/gamepick_cv.py heads; docs/benchmarks.md, session 10).
FIXED_MIN: float = 2
FIXED_SHARE = 0.6


def fixed_partners(index: "RulesIndex", lang: str, game: str) -> dict[str, str]:
    """Per term of `game`'s passages of `lang` said by at least FIXED_MIN of them, FIXED_SHARE of which say it
    beside one same term: that partner.  The counts are made once per index, language and game and kept on the
    index; the settings are read when called."""
    kept: dict[tuple[str, str], dict[str, tuple[int, str, int]]] = index.__dict__.setdefault("_fixed_counts", {})
    counts = kept.get((lang, game))
    if counts is None:
        per: dict[str, list] = {}
        for d, r in enumerate(index.rows):
            if r is None or r.ruleset != game or r.lang != lang:
                continue
            terms = [t for t in S.analyze(str(index._stored[d].get(S.TEXT_F, "") or ""), lang) if t.isalnum()]
            beside: dict[str, set[str]] = {}
            for i, t in enumerate(terms):
                beside.setdefault(t, set()).update(terms[j] for j in (i - 1, i + 1) if 0 <= j < len(terms))
            for t, near in beside.items():
                entry = per.setdefault(t, [0, {}])
                entry[0] += 1
                for u in near:
                    entry[1][u] = entry[1].get(u, 0) + 1
        counts = {}
        for t, (n, near) in per.items():
            if near:
                # the most frequent partner; ties to the first in sorted order, so the table is the same each run
                u, k = max(sorted(near.items()), key=lambda kv: kv[1])
                counts[t] = (n, u, k)
        kept[(lang, game)] = counts
    return {t: u for t, (n, u, k) in counts.items() if n >= FIXED_MIN and k >= FIXED_SHARE * n}


def alone_words(index: "RulesIndex", p: "Question", game: str) -> set[int]:
    """The question's concepts (bits) with a word of its language that `game` says only beside a partner
    (fixed_partners), said here without that partner anywhere in the question."""
    lang = p.lang
    if not lang or lang not in p.said:
        return set()
    partners = fixed_partners(index, lang, game)
    said = set(p.said[lang])
    alone = {t for t in said if t in partners and partners[t] not in said}
    if not alone:
        return set()
    field = S.body_field(lang)
    return {i for c in p.clauses if c.field == field and c.term in alone
            for i in range(len(p.concept_weights)) if c.mask >> i & 1}


def other_sense(index: "RulesIndex", p: "Question") -> dict[str, int]:
    """Per game, the question's words said in that game's sense only (strong votes of game_words): a word a smaller
    game's passages say only beside one partner (fixed_partners) with which it makes a glossary name ("pila" of
    "pila de descartes", doce vidas's discard pile), said here without the partner and being, alone, the name of
    other concepts only ("pila": the stack, which doce vidas calls "stack").  The smaller game's passages never
    say it in that sense, so it is the word of the one other game whose passages of the question's language hold
    it.  A word that alone still names the partner's concept ("descartes" of "pila de descartes", or the verb
    "descartar" stemmed alike) says nothing of the sense and is no vote; nor is the word when the rest of the
    question decides the smaller game by how its words lean (ruleset_factors without it: every other game at most
    gamepick.GAME_STRONG, "las cartas que quemo van a la pila?"): that game's players shorten its "pila de
    descartes" so."""
    from judge.search.gamepick import GAME_STRONG

    lang = p.lang
    games = index.games_by_lang.get(lang or "", frozenset())
    if not lang or lang not in p.said or len(games) < 2:
        return {}
    glossary = index.glossary
    said = set(p.said[lang])
    votes: dict[str, int] = {}
    for g in sorted(games):
        if g == index.largest_game:
            continue
        partners = fixed_partners(index, lang, g)
        for t in sorted(said):   # sorted: the same votes whatever the set's order
            u = partners.get(t)
            if u is None or u in said:
                continue
            pair = glossary.named_by((t, u), lang) | glossary.named_by((u, t), lang)
            alone = glossary.named_by((t,), lang)
            if not pair or not alone or alone & pair:
                continue
            others = [h for h, n in sorted(index._df_by_ruleset(lang, t).items()) if n and h != g]
            if len(others) != 1:
                continue
            field = S.body_field(lang)
            concepts = {i for c in p.clauses if c.field == field and c.term == t
                        for i in range(len(p.concept_weights)) if c.mask >> i & 1}
            lean = lean_without(index, p, concepts)
            if lean and max(lean, key=lambda rs: lean[rs]) == g and all(
                    f <= GAME_STRONG for rs, f in lean.items() if rs != g):
                continue
            votes[others[0]] = votes.get(others[0], 0) + 1
    return votes


def lean_without(index: "RulesIndex", p: "Question", concepts: set[int]) -> dict[str, float]:
    """The question's ruleset_factors with some of its concepts left out (their clauses and said terms)."""
    from dataclasses import replace

    if not concepts:
        return index.ruleset_factors(p)
    mask = sum(1 << i for i in concepts)
    dropped = {c.term for c in p.clauses if c.mask & mask and c.field.startswith(_BODY_PREFIX)}
    rest = replace(p, clauses=[c for c in p.clauses if not c.mask & mask],
                   said={l: [t for t in ts if t not in dropped] for l, ts in p.said.items()}, factors_memo=None,
                   terms_memo={})
    return index._ruleset_factors(rest)
