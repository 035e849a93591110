"""The candidates' order after each step of a search that moves them, kept when the caller asks for it
(RulesIndex.search's `stages`): tools/miss_trace.py shows where a question's answer went at each step."""
from __future__ import annotations

Trail = list[tuple[str, list[int]]]    # (step, passage numbers in order) in the order the steps ran


def step(trail: Trail | None, name: str, order: list[int]) -> list[int]:
    """`order`, noted in `trail` under `name` when a trail is kept.  The steps return new lists and never change
    the one they were given, so the order is kept as it is, not copied."""
    if trail is not None:
        trail.append((name, order))
    return order
