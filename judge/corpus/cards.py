"""Card data from a printed card entry: mana cost → colours, Spanish type line → supertypes/types/subtypes."""
from __future__ import annotations

import re

from judge.corpus.model import Card
from judge.corpus.text import fold

MANA_COST = re.compile(r"^(?:\{[0-9WUBRGXYZSCP/]+\})+$")
MANA_SYMBOL = re.compile(r"\{([^}]+)\}")
POWER_TOUGHNESS = re.compile(r"^(?P<power>[0-9X*+-]+)/(?P<toughness>[0-9X*+-]+)$")
COLOR_ORDER = "WUBRG"

# Spanish card types and supertypes, folded (accents off, lower case), in both genders where they agree.
CARD_TYPES = {
    "criatura": "Criatura", "artefacto": "Artefacto", "encantamiento": "Encantamiento", "tierra": "Tierra",
    "instantaneo": "Instantáneo", "conjuro": "Conjuro", "tribal": "Tribal", "batalla": "Batalla",
    "planeswalker": "Planeswalker", "caminante de planos": "Caminante de planos",
}
SUPERTYPES = {"legendaria", "legendario", "basica", "basico", "nevada", "nevado", "mundial"}
TYPE_LINE_PARTS = re.compile(r"^(?P<left>.*?)(?:\s+[—–-]\s+(?P<right>.+))?$")
TYPE_LINE = re.compile(
    r"^(?:(?:Criatura|Artefacto|Encantamiento|Tierra|Instantáneo|Conjuro|Tribal|Batalla|Planeswalker"
    r"|Caminante de planos)(?:\s+(?:legendari[ao]|básic[ao]|nevad[ao]|mundial|artefacto|criatura"
    r"|encantamiento|tierra|tribal))*)(?:\s+[—–-]\s+.+)?$"
)


def colors_of(mana_cost: str) -> list[str]:
    """The colours of a mana cost in WUBRG order: every coloured half of a hybrid symbol counts ({B/R} is black
    and red, {2/B} is black), as the FAQ's hybrid notes and today's 202.2d say."""
    found = {ch for symbol in MANA_SYMBOL.findall(mana_cost) for ch in symbol.upper() if ch in COLOR_ORDER}
    return [c for c in COLOR_ORDER if c in found]


def split_type_line(type_line: str) -> tuple[list[str], list[str], list[str]]:
    """("Criatura legendaria — Hechicero hada") → (["Legendaria"], ["Criatura"], ["Hechicero", "Hada"]).

    Raises ValueError on a word that is neither a card type nor a supertype (a sign of a mis-parsed entry).
    """
    match = TYPE_LINE_PARTS.match(type_line.strip())
    left, right = (match.group("left"), match.group("right") or "") if match else (type_line, "")
    supertypes: list[str] = []
    types: list[str] = []
    words = left.split()
    i = 0
    while i < len(words):
        if fold(" ".join(words[i:i + 3])) == "caminante de planos":
            types.append(CARD_TYPES["caminante de planos"])
            i += 3
            continue
        key, printed = fold(words[i]), words[i]
        if key in CARD_TYPES:
            types.append(CARD_TYPES[key])
        elif key in SUPERTYPES:
            supertypes.append(printed[:1].upper() + printed[1:])
        else:
            raise ValueError(f"unknown card type word {printed!r} in type line {type_line!r}")
        i += 1
    subtypes = [w[:1].upper() + w[1:] for w in right.split()]
    return supertypes, types, subtypes


def make_card(name: str, mana_cost: str | None, type_line: str, pt: str | None, text: str,
              rulings: list[str], passage_id: str) -> Card:
    supertypes, types, subtypes = split_type_line(type_line)
    power = toughness = None
    if pt:
        match = POWER_TOUGHNESS.match(pt)
        if not match:
            raise ValueError(f"{name}: power/toughness {pt!r} is not like 2/2")
        power, toughness = match.group("power"), match.group("toughness")
    return Card(name=name, mana_cost=mana_cost or "", colors=colors_of(mana_cost or ""), type_line=type_line,
                supertypes=supertypes, types=types, subtypes=subtypes, power=power, toughness=toughness,
                text=text, rulings=rulings, passage_id=passage_id)
