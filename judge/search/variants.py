"""Variant and multiplayer rules only when the question is about them (issue 15).

The CR's multiplayer rules (800-811: 800 General, 801-805 the options, 806-811 the variants: 806 Free-for-All, 807
Grand Melee, 808 Team vs. Team, 809 Emperor, 810 Two-Headed Giant, 811 Alternating Teams) and its casual variants
(900-905: 901 Planechase, 902 Vanguard, 903 Commander, 904 Archenemy, 905 Conspiracy Draft) restate the two-player
rules with a twist ("810.8a: a team loses when its shared life total is 0", "903.10a: 21 combat damage from a
commander"), so their words match an ordinary question as well as the rule that decides it does: "¿qué pasa si
llego a 0 vidas?" found 810.8a among its first five.  They decide only a question about that variant or about a
game of more than two players.  So the passages of those rules (and the CR glossary entries pointing only to
them, "Shared life total … See rule 810.2") come after every other candidate, unless the question names the
variant or a multiplayer situation (players' words in both languages: "2HG", "gigante de dos cabezas",
"commander", "EDH", "multi", "partida de cuatro", "el jugador de mi izquierda"…), or names the rule's number.

A candidate filter after the ranking, not a feature: the shipped re-ranker weights stay as trained.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from judge.search import crossref
from judge.search import schema as S
from judge.search import situation
from judge.search.text import plain as _plain

if TYPE_CHECKING:   # query.py imports this module: the types only
    from judge.search.query import RulesIndex
    from judge.search.question import Question

MULTIPLAYER = frozenset(range(800, 812))     # 800-811: multiplayer rules, options and variants
CASUAL = frozenset(range(900, 906))          # 900-905: casual variants
VARIANT_SECTIONS = MULTIPLAYER | CASUAL
# What the variants' own rules need beside them: a multiplayer variant's question is also about 800's general
# multiplayer rules (800.4a, a player leaving the game) and the options variants use (801-805).
GENERAL_MULTIPLAYER = frozenset(range(800, 806))

# Each variant by the words players use for it, both languages (accents are stripped before matching).
_NAMES: tuple[tuple[re.Pattern[str], frozenset[int]], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), frozenset(sections)) for pattern, sections in (
        (r"\b2hg\b|\btwo[- ]headed giant\b|\bgigante de dos cabezas\b|\bvida compartida\b|\bshared life\b",
         {810}),
        (r"\bcommander\b|\bc?edh\b|\bcomandantes?\b|\bbrawl\b|\bidentidad de color\b|\bcolou?r identity\b"
         r"|\bzona de mando\b|\bcommand zone\b|\boathbreaker\b", {903}),
        (r"\barchenemy\b|\barchienemigos?\b|\bschemes?\b|\bplanes? de archienemigo\b|\bsupervillain\b", {904}),
        (r"\bplanechase\b|\bplanes?\b(?!-)|\bplanos?\b|\bplanar\b|\bphenomenon\b|\bfenomenos?\b"
         r"|\bplaneswalk(?:ing|ear|eo)?\b", {901}),
        (r"\bvanguard(?:ia)?\b", {902}),
        (r"\bconspiracy\b|\bconspiracion(?:es)?\b", {905}),
        (r"\bfree[- ]for[- ]all\b|\btodos contra todos\b", {806}),
        (r"\bgrand melee\b|\bgran mele\b", {807}),
        # (not "equipo" alone: it is also Spanish for Equipment)
        (r"\bteams?\b|\bteammates?\b|\bcompaneros? de equipo\b|\bcompis?\b", {808, 810, 811}),
        (r"\bemperor\b|\bemperador\b", {809}),
    ))
# A game of more than two players, as players say it (beside situation.py's, which the second stage reads).
_MULTIPLAYER_WORDS = re.compile(
    r"\b(?:three|four|five|six|seven|eight|[3-9])[- ]players?\b|\bmulti-?player\b"
    r"|\b(?:my|your|his|her|their|both|other|all (?:of )?(?:my|your|their)) opponents\b"
    r"|\bplayer to (?:my|your|their|his|her) (?:left|right)\b|\b(?:left|right)[- ]hand player\b"
    r"|\brange of influence\b|\bleaves? the game\b|\bleft the game\b"
    r"|\bmultijugador\b|\bmulti\b|\b(?:tres|cuatro|cinco|seis|siete|ocho|[3-9]) jugadores\b"
    r"|\b(?:mesa|partida|pod) de (?:tres|cuatro|cinco|seis|[3-9])\b"
    r"|\b(?:mis|tus|sus|ambos|los dos|los otros|todos (?:mis|tus|sus|los)) (?:oponentes|rivales)\b"
    r"|\bjugador de (?:mi|tu|su) (?:izquierda|derecha)\b|\ba (?:mi|tu|su) (?:izquierda|derecha)\b"
    r"|\brango de influencia\b|\babandona la partida\b|\bse va de la partida\b|\bsale de la partida\b"
    r"|\bqueda eliminado\b|\bpor equipos\b|\ben equipo\b",
    re.IGNORECASE)



def allowed_sections(text: str) -> frozenset[int]:
    """The variant sections the question's words make relevant: the sections of each variant it names (and the
    general multiplayer rules beside a multiplayer variant), every multiplayer section for a game of more than
    two players; empty for a question that names neither."""
    plain = _plain(text)
    out: set[int] = set()
    for pattern, sections in _NAMES:
        if pattern.search(plain):
            out |= sections
            if sections & MULTIPLAYER or sections & {903, 904}:   # Commander, Archenemy: multiplayer games
                out |= GENERAL_MULTIPLAYER
    if _MULTIPLAYER_WORDS.search(plain) or "multiplayer" in situation.cr_terms(text):
        out |= MULTIPLAYER
    return frozenset(out)


def _section(number: str | None) -> int | None:
    if not number or len(number) < 3 or not number[:3].isdigit():
        return None
    return int(number[:3])


def passage_sections(index: "RulesIndex") -> list[frozenset[int]]:
    """Per passage, the variant sections it belongs to: its own rule's, or for a glossary entry every section it
    points to when it points only to variant rules ("Commander tax … See rule 903.8"); empty for the rest.
    Made once per index and kept on it (they depend on the passage alone)."""
    return crossref.kept_on(index, "_variant_sections", _make_sections)


def _make_sections(index: "RulesIndex") -> list[frozenset[int]]:
    kept: list[frozenset[int]] = []
    for d, r in enumerate(index.rows):
        found: frozenset[int] = frozenset()
        if r is not None and r.ruleset:
            own = _section(r.current)
            if own is not None:
                found = frozenset({own}) if own in VARIANT_SECTIONS else frozenset()
            elif r.kind == "glossary":
                cited = {_section(n) for n in crossref.cited_numbers(str(index._stored[d].get(S.TEXT_F, "") or ""))}
                if cited and None not in cited and cited <= VARIANT_SECTIONS:
                    found = frozenset(s for s in cited if s is not None)
        kept.append(found)
    return kept


def demote(index: "RulesIndex", p: "Question", order: list[int], ranked: dict[int, tuple[float, bool]]
           ) -> list[int]:
    """`order` with the passages of variant rules the question is not about (see the module's docstring) moved
    after every other passage, each group keeping its order; passages found by a number the question names
    stay where they are.  The scores shown keep the order shown: the moved passages and those they give way to
    take the same scores, in the new order (as rerank.reorder does)."""
    sections = passage_sections(index)
    allowed = allowed_sections(p.text)
    kept, moved = [], []
    for d in order:
        s = sections[d]
        if s and not (s & allowed) and not ranked.get(d, (0.0, False))[1]:
            moved.append(d)
        else:
            kept.append(d)
    if not moved:
        return order
    new = kept + moved
    scores_follow(order, new, ranked)
    return new


def scores_follow(order: list[int], new: list[int], ranked: dict[int, tuple[float, bool]]) -> None:
    """The positions whose passage changed from `order` to `new` hand their scores out again, best first, in the
    new order, so the scores shown keep the order shown (as rerank.reorder does)."""
    changed = [i for i, (a, b) in enumerate(zip(order, new)) if a != b]
    scores = sorted((ranked[order[i]][0] for i in changed if order[i] in ranked), reverse=True)
    if len(scores) == len(changed):
        for i, score in zip(changed, scores):
            d = new[i]
            ranked[d] = (score, ranked[d][1])
