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

# Quoted card text: straight or curly double quotes, or the Spanish «» some questions quote English cards with
# (unasked.py reads the same quotations).
QUOTED = re.compile(r"\"([^\"]{8,})\"|\u201c([^\u201d]{8,})\u201d|\u00ab([^\u00bb]{8,})\u00bb|"
                     r"(?<!\w)'([^']{8,})'(?!\w)")

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
     "continuous effects"),
)
# Kinds the CR states in one sub-rule rather than in a rule's heading: the rule a quoted text of that kind is
# decided by (its number; crossref.Structure.topics makes it a topic of the question, with its sub-rules).
# - 614.17: "Some effects state that something can't happen. These effects aren't replacement effects, but follow
#   similar rules." ("can't", "cannot"; Spanish cards: "no puede(n)", "no se puede(n)"), but for "can't be
#   regenerated" (701.19c);
# - 613.1d: "Layer 4: Type-changing effects … change an object's card type, subtype, and/or supertype" ("in addition
#   to its other types", "are legendary", "is an artifact creature"; Spanish: "además de sus otros tipos", "son
#   legendarios", "son Montañas", "es una criatura artefacto").
_TYPES_EN = r"(?:artifacts|creatures|enchantments|lands|legendary|[A-Z][a-z]+s)"
_TYPES_ES = r"(?:artefactos|criaturas|encantamientos|tierras|legendari[oa]s?|Monta[ñn]as|Bosques|Islas|Llanuras|Pantanos)"
_RULE_CUES: tuple[tuple[re.Pattern[str], str], ...] = (
    # (not "can't be regenerated": regeneration's own rule says what that does, 701.19c)
    (re.compile(r"\b(?:can[\u2019']?t|cannot|no (?:se )?pued(?:e|en|a|an))\b(?!\s+(?:be\s+|ser\s+)?regenera)",
                re.IGNORECASE), "614.17"),
    (re.compile(r"\bin addition to (?:its|their) other types\b|\bis an? artifact creature\b|\bis legendary\b"
                rf"|\bare (?:artifact )?{_TYPES_EN}\b(?! spells?\b)|\badem[aá]s de sus otros tipos\b"
                rf"|\bes una criatura artefacto\b|\bes legendari[oa]\b|\bson {_TYPES_ES}\b"), "613.1d"),
)
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
    is of, each once, in _RULE_CUES order."""
    quotes = quoted(text)
    return [rule for pattern, rule in _RULE_CUES if any(pattern.search(q) for q in quotes)]


def cr_terms(text: str) -> list[str]:
    """The CR's names for what the question's quoted card text is and for its game, each once, in _CUES order
    (the multiplayer game and its Two-Headed Giant variant last); empty when it quotes nothing and names no more than two players."""
    quotes = quoted(text)
    out = [terms for pattern, terms in _CUES if any(pattern.search(q) for q in quotes)]
    if _MULTIPLAYER.search(text):
        out.append("multiplayer")
    if _TWO_HEADED.search(text):
        out.append("two-headed giant")   # 810. Two-Headed Giant Variant (which uses 805's shared team turns: 810.2)
    return out
