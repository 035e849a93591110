"""A game's written notation as evidence of the game a question is about (issue 15): the shapes its rules write that
the analysed words never carry (the analyser keeps no lone letter, no brace), so game_words cannot see them.

- a mana or tap symbol in braces ("{2}{R}", "{T}"), as Magic's rules write costs (CR 107.4, 107.5);
- a cost variable, a capital X standing alone ("X igual a 0", "con X en el coste"), as in CR 107.3 ("Many objects
  use the letter X as a placeholder for a number");
- power/toughness written n/n ("una 2/2", "+1/+1"), CR 208.1.

Which game writes which shape is read from the loaded passages' own text (made once per index), never assumed: a
shape that the passages of exactly one game hold is that game's; a shape no passage or several games' passages
hold tells nothing.  Doce vidas writes none of them ("+1 de daño" is no power/toughness).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from judge.search import schema as S

if TYPE_CHECKING:
    from judge.search.query import RulesIndex

# name -> pattern.  The variable must be a capital X by itself: "x2" or the Spanish "x" of "por" are not it.
SHAPES: dict[str, re.Pattern[str]] = {
    "symbol": re.compile(r"\{(?:[0-9]{1,2}|[WUBRGCSXYZTQEP]|[WUBRGC2]/[WUBRGCP])\}", re.IGNORECASE),
    "variable": re.compile(r"(?<![\w/{+-])X(?![\w/}])"),
    "power-toughness": re.compile(r"(?<![\w/])[+-]?(?:\d{1,2}|X|\*)/[+-]?(?:\d{1,2}|X|\*)(?![\w/])"),
}


def shapes_in(text: str) -> frozenset[str]:
    """The notation shapes `text` writes."""
    return frozenset(name for name, pattern in SHAPES.items() if pattern.search(text))


def shape_games(index: "RulesIndex") -> dict[str, frozenset[str]]:
    """Per shape, the games whose passages write it (their text); made once per index and kept on it."""
    kept = index.__dict__.get("_shape_games")
    if kept is not None:
        return kept
    acc: dict[str, set[str]] = {name: set() for name in SHAPES}
    for d, r in enumerate(index.rows):
        if r is None or not r.ruleset:
            continue
        text = str(index._stored[d].get(S.TEXT_F, "") or "")
        for name in shapes_in(text):
            acc[name].add(r.ruleset)
    out = {name: frozenset(g) for name, g in acc.items()}
    index.__dict__["_shape_games"] = out
    return out


def notation_game(index: "RulesIndex", text: str) -> str | None:
    """The one game whose notation the question writes (see the module's docstring), or None: no shape, a shape
    several games write or none, or shapes of different games."""
    said = shapes_in(text)
    if not said:
        return None
    table = shape_games(index)
    games = {g for name in said for g in table.get(name, ()) if len(table.get(name, ())) == 1}
    return games.pop() if len(games) == 1 else None
