"""A situation's card text read in the CR's vocabulary (issue 15, English questions).

Players and judges quote what a card says ("Soul Warden: «Whenever another creature enters, you gain 1 life»")
and ask what happens; the rule that decides is the rule of the *kind* of text quoted, which no word of the quote
names: the CR defines those kinds by their words, and this module says the kind's name beside the question.

- 603.1: a triggered ability begins with "when", "whenever" or "at";
- 602.1: an activated ability is written "[Cost]: [Effect.]";
- 614.1a–d: an effect saying "instead", "skip", "enters with" or "as … enters" is a replacement effect;
- 615.1a: "prevent" makes a prevention effect;
- 611.1/613.1: "gets +1/+1", "gains flying", "becomes", "loses all abilities" … until end of turn, or for as long
  as: a continuous effect, applied in layers;
- 800.1/800.2: a game of more than two players ("a four-player game", "Player C") is a multiplayer game.

Spanish cards say the same with their own words, read beside the English ones (issue 15, Spanish players): "Cuando",
"Siempre que", "Al comienzo de" (603.1); "{T}:", "Sacrifica …:" (602.1); "en vez de eso", "en lugar de eso", "omite",
"entra … con" (614.1); "prevén" (615.1a); "obtiene +1/+1", "gana la habilidad…", "se convierte en",
"pierde todas las habilidades" (611, 613); and "multijugador", "partida de cuatro", "jugador C" (800). Spanish
players also quote with single quotes ('al comienzo de tu mantenimiento, …'): a quote opened and closed beside
no letter (an apostrophe inside "don't" is not one).

Only quoted text is read for the abilities (a question saying "when" is not quoting a trigger); the players'
count is read anywhere.  The kinds are named as the CR's rule headings name them ("603. Handling Triggered
Abilities", "614. Replacement Effects", "8. Multiplayer Rules"): the second stage (crossref.topics) finds the
rules whose heading holds those words and weighs them, and brings in their first passages, where the CR states
the general rule that decides a situation of that kind (said beside the question's words, they did not move the
lexical ranking: quiz_en_dev R@10 0.465 → 0.460).
"""
from __future__ import annotations

import re
from functools import lru_cache

# Questions whose readings (cr_terms, cr_rules) are kept: the ones being answered now, in every thread.
QUESTIONS_KEPT = 256

# Quoted card text: straight or curly double quotes, or the Spanish «» some questions quote English cards with
# (unasked.py reads the same quotations).
QUOTED = re.compile(r"\"([^\"]{8,})\"|\u201c([^\u201d]{8,})\u201d|\u00ab([^\u00bb]{8,})\u00bb|"
                     r"(?<!\w)'([^']{8,})'(?!\w)")

CONTINUOUS = "continuous effects"
# A response told in the question's words (anywhere in it, not only in quoted text): English, and Spanish players'
# "en respuesta", "como respuesta", "me responde con", "respondo"
_RESPONSE = re.compile(r"\bin response\b|\brespond(?:s|ed|ing)?\b|\b(?:en|como) respuesta\b"
                       r"|\brespond(?:e|en|o|er|erle|iendo|i[oó]|emos)\b", re.IGNORECASE)
RESPONSE_RULE = "117.7"
_TOLD_RESPONSE = re.compile(r"\bin response\b|\b(?:en|como) respuesta\b|\brespond(?:s|ed)\b"
                            r"|\brespond(?:e|en|i[oó]) con\b", re.IGNORECASE)
# ... unless the question asks which resolves first (405.2 and 117.7: the stack's order), not what the first does
_ORDER = re.compile(r"\bresolves? first\b|\bfirst to resolve\b|\bin (?:what|which) order\b"
                    r"|\bse resuelven? (?:antes|primero)\b|\bresuelve primero\b|\ben (?:qu[eé]|cu[aá]l) orden\b",
                    re.IGNORECASE)
# A target that stops being legal while the spell waits on the stack, told in players' words: it gains hexproof,
# shroud or protection, leaves, is sacrificed or bounced, or the player says the target is illegal or the spell
# "fizzles" (Spanish players: "antimaleficio", "protección", "objetivo ilegal", "se fizzlea", "deja de ser legal").
# 608.2b: "If the spell or ability specifies targets, it checks whether the targets are still legal. A target
# that's no longer in the zone it was in when it was targeted is illegal…": a response question of that kind is
# decided there, not only by 117.7's "the new spell resolves first".
_TARGET_LOST = re.compile(r"\bhexproof\b|\bshroud\b|\bprotection\b|\billegal\b|\bno longer (?:a )?legal\b"
                          r"|\bfizzl\w*|\bantimaleficio\b|\bprotecci[oó]n\b|\bilegal(?:es)?\b"
                          r"|\bdeja(?:n)? de ser (?:un )?(?:objetivo )?legal\w*|\bfiz+le\w*|\bfizea\w*",
                          re.IGNORECASE)
TARGET_RULE = "608.2b"
RESOLVING_RULE = "608.2"
# The spell still waiting on the stack, told without "in response": "before it resolves", "while it's on the
# stack", "antes de que (se) resuelva", "con el hechizo en la pila", "mientras está en la pila"
_PENDING = re.compile(r"\bbefore (?:it|that|the (?:spell|ability|trigger)|my spell|the first one) (?:resolves|resolved)\b"
                      r"|\bwhile (?:it[\u2019']?s|it is|the (?:spell|ability) is) (?:still )?on the stack\b"
                      r"|\bantes de que (?:se )?resuelva\w*|\bcon (?:el hechizo|la habilidad|el trigger) en la pila\b"
                      r"|\bmientras (?:est[aá]|sigue) en la pila\b", re.IGNORECASE)
_CUES: tuple[tuple[re.Pattern[str], str], ...] = (
    # (a comma too: "Flash, flying, when it enters…", as the card table lists a card's abilities)
    (re.compile(r"(?:^|[.;,]\s*|\u2014\s*)(?:when|whenever|at the beginning"
                r"|cuando|siempre que|al comienzo|al principio)\b", re.IGNORECASE),
     "triggered abilities"),
    (re.compile(r"(?:\{[^}]+\}|\bsacrifice\b[^:]{0,40}|\bpay\b[^:]{0,30}|\bdiscard\b[^:]{0,30}"
                r"|\bsacrifica\b[^:]{0,40}|\bpaga\b[^:]{0,30}|\bdescarta\b[^:]{0,30}):\s", re.IGNORECASE),
     "activated abilities"),
    (re.compile(r"\binstead\b|\bskip\b|\benters? with\b|\bas [^.]{0,40}\benters?\b"
                r"|\ben (?:vez|lugar) de eso\b|\ben su lugar\b|\bomite\b|\bentra(?: al campo de batalla)? con\b",
                re.IGNORECASE),
     "replacement effects"),
    (re.compile(r"\bprevent\b|\bprev[eé]n\b|\bprevenir\b|\bprevien[ea]\b", re.IGNORECASE), "prevention effects"),
    (re.compile(r"\bgets? [+-]\d+/[+-]\d+|\bgains? [a-z]+|\bbecomes?\b|\blose all abilities\b|\bloses all\b|"
                r"\bhave [a-z]+\b|\bhas [a-z]+\b"
                # Spanish: "obtiene +1/+1", "gana la habilidad…" (not "gana 3 vidas": life, not an ability)
                r"|\bobtienen? [+-]\d+/[+-]\d+|\bganan? (?!vidas?\b)[a-záéíóúñ]+|\bse convierten? en\b"
                r"|\bpierden? todas las habilidades\b", re.IGNORECASE),
     CONTINUOUS),
)
# Kinds the CR states in one sub-rule rather than in a rule's heading: the rule a quoted text of that kind is
# decided by (its number; crossref.Structure.topics makes it a topic of the question, with its sub-rules).
# - 614.17: "Some effects state that something can't happen. These effects aren't replacement effects, but follow
#   similar rules." ("can't", "cannot"; Spanish cards: "no puede(n)", "no se puede(n)"), but for "can't be
#   regenerated" (701.19c);
# - 613.1d: "Layer 4: Type-changing effects … change an object's card type, subtype, and/or supertype" ("in addition
#   to its other types", "are legendary", "is an artifact creature"; Spanish: "además de sus otros tipos", "son
#   legendarios", "son Montañas", "es una criatura artefacto");
# - 603.4: the intervening "if" clause of a triggered ability (below).
_TYPES_EN = r"(?:artifacts|creatures|enchantments|lands|legendary|[A-Z][a-z]+s)"
_TYPES_ES = r"(?:artefactos|criaturas|encantamientos|tierras|legendari[oa]s?|Monta[ñn]as|Bosques|Islas|Llanuras|Pantanos)"
_RULE_CUES: tuple[tuple[re.Pattern[str], str], ...] = (
    # 603.4: "A triggered ability may read “When/Whenever/At [trigger event], if [condition], [effect].” When the
    # trigger event occurs, the ability checks whether the stated condition is true … then checks the stated
    # condition again as it resolves" (the intervening "if" clause; Spanish cards: "Al comienzo de tu
    # mantenimiento, si no controlas criaturas, …"); the sub-rule that decides replaces the triggered abilities'
    # topic (REFINES), whose first general rules (603.1, 603.2a…) would otherwise come before it
    (re.compile(r"(?:^|[.;]\s*)(?:when|whenever|at the beginning|cuando|siempre que|al comienzo|al principio)\b"
                r"[^,.;]{0,80},\s*(?:if|si)\b", re.IGNORECASE), "603.4"),
    # (not "can't be regenerated": regeneration's own rule says what that does, 701.19c)
    (re.compile(r"\b(?:can[\u2019']?t|cannot|no (?:se )?pued(?:e|en|a|an))\b(?!\s+(?:be\s+|ser\s+)?regenera)",
                re.IGNORECASE), "614.17"),
    (re.compile(r"\bin addition to (?:its|their) other types\b|\bis an? artifact creature\b|\bis legendary\b"
                rf"|\bare (?:artifact )?{_TYPES_EN}\b(?! spells?\b)|\badem[aá]s de sus otros tipos\b"
                rf"|\bes una criatura artefacto\b|\bes legendari[oa]\b|\bson {_TYPES_ES}\b"), "613.1d"),
)
# A kind's sub-rule that, when the quoted text is of it, decides in place of the kind's heading topic
# (quiz_es_dev, lexical: the intervening-if question from rank 89 to 33 as a topic beside its heading's, to the
# first ten without it)
REFINES = {"603.4": "triggered abilities"}
_MULTIPLAYER = re.compile(r"\b(?:three|four|five|six|\d)[- ]player game\b|\bmultiplayer\b|\bplayer [c-f]\b"
                          # Spanish players: "multijugador", "en un multi", "partida de cuatro", "mesa de 4",
                          # "cuatro jugadores", "el jugador C", "2HG" / "gigante de dos cabezas" (810, a multiplayer
                          # variant)
                          r"|\bmultijugador\b|\bmulti\b|\b(?:partida|mesa|commander|edh|pod|multi)\s+de\s+"
                          r"(?:3|4|5|6|tres|cuatro|cinco|seis)\b|\b(?:tres|cuatro|cinco|seis|[3-6])\s+jugadores\b"
                          r"|\bjugador(?:es)? [c-f]\b|\b2hg\b|\bgigante de dos cabezas\b|\btwo[- ]headed giant\b",
                          re.IGNORECASE)

# Two-Headed Giant (810.1: "a multiplayer variant played by two two-player teams"): "2HG", "gigante de dos cabezas"
_TWO_HEADED = re.compile(r"\b2hg\b|\btwo[- ]headed giant\b|\bgigante de dos cabezas\b", re.IGNORECASE)


def quoted(text: str) -> list[str]:
    """The quoted passages of a question, in order."""
    return [next(g for g in m.groups() if g) for m in QUOTED.finditer(text)]


def cr_rules(text: str) -> list[str]:
    """The rule numbers of the kinds the CR states in one sub-rule (_RULE_CUES) that the question's quoted card text
    is of, each once, in _RULE_CUES order; then, when the question tells of a response (responding), 608.2b if
    the response takes the target away (target_lost), 117.7, and 608.2 for a response that happened asking what the
    first spell does; 608.2b alone for a target lost "before it resolves"."""
    return list(_cr_rules(text))


@lru_cache(maxsize=QUESTIONS_KEPT)
def _cr_rules(text: str) -> tuple[str, ...]:
    quotes = quoted(text)
    out = [rule for pattern, rule in _RULE_CUES if any(pattern.search(q) for q in quotes)]
    if responding(text):
        # told anywhere in the question, quoted or not: the rule that says what a response is and that it
        # resolves first (fused quiz_es_dev R@10 0.58 -> 0.59, quiz_en_dev 0.757 -> 0.762; docs/benchmarks.md
        # names the questions that moved down)
        if target_lost(text):
            out.append(TARGET_RULE)   # the response takes the first spell's target away: 608.2b decides first
        out.append(RESPONSE_RULE)
        if TARGET_RULE not in out and _TOLD_RESPONSE.search(text) and not _ORDER.search(text):
            # a response that happened ("in response he casts…", "me responde con…"), not the question whether one
            # may respond (priority's): the first spell then resolves as 608.2 says, with what is left
            out.append(RESOLVING_RULE)
    elif target_lost(text) and _PENDING.search(text):
        out.append(TARGET_RULE)       # the same told as "before it resolves, it gains hexproof"
    return tuple(out)


def target_lost(text: str) -> bool:
    """Whether the question tells of a spell's target becoming illegal (608.2b): hexproof, shroud, protection,
    "illegal", "fizzle"; Spanish players' "antimaleficio", "protección", "ilegal", "se fizzlea"."""
    return _TARGET_LOST.search(text) is not None


def responding(text: str) -> bool:
    """Whether the question tells of a spell or ability cast or activated "in response" (117.7: "the new spell or
    ability has been cast or activated “in response to” the earlier spell or ability. The new spell or ability will
    resolve first"): "in response", "responds", "en respuesta", "me responde con…"."""
    return _RESPONSE.search(text) is not None


def cr_terms(text: str) -> list[str]:
    """The CR's names for what the question's quoted card text is and for its game, each once, in _CUES order
    (the multiplayer game last; for a Two-Headed Giant game, in its place, the variant and the shared team turns option
    it uses, 810.2: "2HG: ¿cada jugador juega su tierra?" is decided by 805.4c, and the general multiplayer rules'
    first passages, 800.4a–c on a player leaving the game, came before every 2HG rule); empty when it quotes
    nothing and names no more than two players."""
    return list(_cr_terms(text))


@lru_cache(maxsize=QUESTIONS_KEPT)
def _cr_terms(text: str) -> tuple[str, ...]:
    # a pure function of the text, asked three or four times per question (the structure's topics, the variant
    # filter, the second stage): the recent questions' answers kept (bounded; lru_cache is thread-safe)
    quotes = quoted(text)
    # A continuous effect quoted in a question that tells of a response ("le tiro un Rayo y en respuesta le mete
    # Crecimiento gigante": «obtiene +3/+3 hasta el final del turno») is one spell's effect among the stack's: the
    # stack and the spells' resolution decide (117.7, 608.2), not the layers' order (613), which the topic would
    # bring first
    respond = responding(text)
    refined = {REFINES[r] for r in cr_rules(text) if r in REFINES}
    out = [terms for pattern, terms in _CUES if any(pattern.search(q) for q in quotes)
           and not (respond and terms == CONTINUOUS) and terms not in refined]
    two_headed = _TWO_HEADED.search(text) is not None
    if _MULTIPLAYER.search(text) and not two_headed:
        out.append("multiplayer")
    if two_headed:
        out.append("two-headed giant")   # 810. Two-Headed Giant Variant (which uses 805's shared team turns: 810.2)
        out.append("shared team turns")
    return tuple(out)
