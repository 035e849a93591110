"""Mana symbols, costs and mana pools (107.4, 202.3, 106.4): parsing "{2}{W/U}{X}", colours, mana value, payment.

A cost is a tuple of symbols; paying takes mana out of a pool (a dict colour → amount, colours W U B R G C) in a
fixed order (coloured first, then hybrid, then generic), so a payment is deterministic and either fully possible
or refused before anything is spent (118.3).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from judge.messages import Message

COLORS = ("W", "U", "B", "R", "G")
POOL_KEYS = ("W", "U", "B", "R", "G", "C")
COLOR_NAMES = {"W": "blanco", "U": "azul", "B": "negro", "R": "rojo", "G": "verde"}
SYMBOL = re.compile(r"\{([^{}]{1,5})\}")


class ManaError(ValueError):
    """A cost or mana string that cannot be read. `said` is what is wrong as a message (magic.mana_text.*), so a
    validation error names it in the error's language; str() is its Spanish, as it always was."""

    def __init__(self, said: Message) -> None:
        super().__init__(said)
        self.said = said

    def __str__(self) -> str:
        return self.said.render()       # rendered when read: a caught ManaError (catalog.py) renders nothing


@dataclass(frozen=True)
class Symbol:
    """One mana symbol: generic N, a colour, colourless C, X, hybrid W/U, monocoloured hybrid 2/W (107.4e)."""
    kind: str                       # generic | color | colorless | x | hybrid | mono_hybrid
    value: int = 0                  # generic amount, or the 2 of {2/W}
    colors: tuple[str, ...] = ()

    def __deepcopy__(self, memo: dict) -> "Symbol":
        return self                     # immutable: a copy of the game state shares it

    @property
    def text(self) -> str:
        if self.kind == "generic":
            return f"{{{self.value}}}"
        if self.kind == "x":
            return "{X}"
        if self.kind == "colorless":
            return "{C}"
        if self.kind == "mono_hybrid":
            return f"{{{self.value}/{self.colors[0]}}}"
        return "{" + "/".join(self.colors) + "}"


def parse_cost(text: str) -> tuple[Symbol, ...]:
    """``"{2}{W/U}{B}"`` → symbols. Raises ManaError naming the bad symbol. ``""`` is no cost at all."""
    text = (text or "").strip()
    if not text:
        return ()
    pos, out = 0, []
    for m in SYMBOL.finditer(text):
        if text[pos:m.start()].strip():
            raise ManaError(Message("magic.mana_text.outside", text=text[pos:m.start()]))
        pos = m.end()
        out.append(_symbol(m.group(1).upper()))
    if text[pos:].strip():
        raise ManaError(Message("magic.mana_text.outside", text=text[pos:]))
    return tuple(out)


def _symbol(s: str) -> Symbol:
    if s.isdigit():
        return Symbol("generic", int(s))
    if s in COLORS:
        return Symbol("color", colors=(s,))
    if s == "C":
        return Symbol("colorless")
    if s == "X":
        return Symbol("x")
    parts = s.split("/")
    if len(parts) == 2 and parts[0] in COLORS and parts[1] in COLORS and parts[0] != parts[1]:
        return Symbol("hybrid", colors=(parts[0], parts[1]))
    if len(parts) == 2 and parts[0].isdigit() and parts[1] in COLORS:
        return Symbol("mono_hybrid", int(parts[0]), (parts[1],))
    raise ManaError(Message("magic.mana_text.symbol", symbol=s))


@lru_cache(maxsize=4096)
def cost_text(cost: tuple[Symbol, ...]) -> str:
    return "".join(s.text for s in cost)


def colors_of(cost: tuple[Symbol, ...]) -> tuple[str, ...]:
    """202.2 / 105.2: the colours of the mana symbols; a hybrid symbol is each of its colours (107.4e)."""
    found = {c for s in cost for c in s.colors}
    return tuple(c for c in COLORS if c in found)


def mana_value(cost: tuple[Symbol, ...]) -> int:
    """202.3: the total mana of the cost; X is 0 off the stack; a hybrid counts its largest component (202.3f)."""
    total = 0
    for s in cost:
        if s.kind == "generic":
            total += s.value
        elif s.kind == "mono_hybrid":
            total += max(s.value, 1)
        elif s.kind in ("color", "colorless", "hybrid"):
            total += 1
    return total


def parse_mana(text: str) -> Counter[str]:
    """Mana to add or in a pool: ``"{G}{G}{C}"`` or ``"GGC"`` → Counter. Generic numbers are colourless mana."""
    return Counter(dict(_parse_mana(text)))


@lru_cache(maxsize=4096)
def _parse_mana(text: str) -> tuple[tuple[str, int], ...]:
    out: Counter[str] = Counter()
    text = (text or "").strip()
    if "{" in text:
        for s in parse_cost(text):
            if s.kind == "generic":
                out["C"] += s.value
            elif s.kind == "color":
                out[s.colors[0]] += 1
            elif s.kind == "colorless":
                out["C"] += 1
            else:
                raise ManaError(Message("magic.mana_text.not_addable", symbol=s.text))
        return tuple(out.items())
    for ch in text.upper():
        if ch not in POOL_KEYS:
            raise ManaError(Message("magic.mana_text.unknown", mana=ch))
        out[ch] += 1
    return tuple(out.items())


def pool_text(pool: dict[str, int]) -> "str | Message":
    """A mana pool as its symbols («{G}{G}»), or «vacía» / "empty" (a Message) when it has none (106.4)."""
    parts = [f"{{{k}}}" * v for k in POOL_KEYS if (v := pool.get(k, 0)) > 0]
    return "".join(parts) or _EMPTY_POOL


_EMPTY_POOL = Message("magic.mana.pool_empty")


def pay(pool: dict[str, int], cost: tuple[Symbol, ...], x: int = 0) -> dict[str, int] | None:
    """The pool after paying `cost` (with X = `x`), or None if it can't be paid in full (118.3).

    Order: coloured and colourless symbols; then hybrids, each with the colour the pool holds more of; then
    monocoloured hybrids, with the colour when the pool has it, else 2 generic; then generic from colourless first,
    then from the colours the pool holds most of. The pool given is not changed."""
    left = {k: pool.get(k, 0) for k in POOL_KEYS}
    generic = 0
    later: list[Symbol] = []
    for s in cost:
        if s.kind == "color" or s.kind == "colorless":
            key = s.colors[0] if s.kind == "color" else "C"
            if left[key] <= 0:
                return None
            left[key] -= 1
        elif s.kind == "generic":
            generic += s.value
        elif s.kind == "x":
            generic += x
        else:
            later.append(s)
    for s in (s for s in later if s.kind == "hybrid"):
        a, b = s.colors
        key = a if left[a] >= left[b] else b
        if left[key] <= 0:
            return None
        left[key] -= 1
    for s in (s for s in later if s.kind == "mono_hybrid"):
        c = s.colors[0]
        if left[c] > 0:
            left[c] -= 1
        else:
            generic += s.value
    for key in ("C", *sorted(COLORS, key=lambda k: -left[k])):
        take = min(generic, left[key])
        left[key] -= take
        generic -= take
    return None if generic > 0 else left
