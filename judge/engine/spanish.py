"""Small pieces of Spanish the step summaries share."""
from __future__ import annotations


def vidas(n: object) -> str:
    """«1 vida», «3 vidas», «X vidas», «-1 vidas»: the singular only for exactly one."""
    return f"{n} vida" if n in (1, "1") else f"{n} vidas"       # a card's text gives its amount as a string
