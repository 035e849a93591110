"""Last known information, typed: what an object was when it left its zone (113.7a, 608.2h, 603.10), and what a
triggered ability carries from the event that triggered it (603.2, 603.10a). Both are frozen values: once taken,
nothing the game does later changes them (a lord leaving after the creature does not change what the creature
was). Data level: this module imports only the card data.
"""
from __future__ import annotations

from collections.abc import Mapping
import dataclasses
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from judge.engine.rulesets.magic.cards import CardDef, Triggered
from judge.messages import Message

_NO_COUNTS: Mapping[str, int] = MappingProxyType({})


def _no_counts() -> Mapping[str, int]:
    return _NO_COUNTS


def frozen_counts(counts: Mapping[str, int]) -> Mapping[str, int]:
    """A read-only copy of a count dict (counters, extra keyword instances): later changes of the original do not
    reach it, and it cannot be changed through it."""
    return MappingProxyType(dict(counts)) if counts else _NO_COUNTS


class _Value:
    """A frozen value: a copy of the game state (undo.py, 733.1) shares it, as it shares the frozen card data."""

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Value":
        return self

    def __copy__(self) -> "_Value":
        return self


@dataclass(frozen=True, eq=True)
class LastKnown(_Value):
    """113.7a / 608.2h: an object as it last existed in the zone it left, or a source as it is now (core.info).
    From the battlefield (core.last_known) it has its characteristics through the layers (613.1): controller,
    power, toughness, colours, types, keywords (with `extra` instances, 113.2c), whether it had lost its abilities
    (613.1f), its counters, damage and attachment, its copiable values (`copiable`, 707.2) and the triggered
    abilities it had as it left (`triggers`: 603.10a, leaves-the-battlefield abilities trigger from these, not from
    the card in its new zone). From any other zone, its card's printed colours, types and keywords (zone changes
    from the stack, the hand, the library: 400.7)."""
    id: str
    card: "str | Message"                        # its name (the card's, or the words the trace names it by)
    controller: str | None = None                # None: nothing is known of it (core.info of an unknown id)
    owner: str = ""
    zone: str | None = None                      # the zone it was in (None: unknown)
    keywords: frozenset[str] = frozenset()
    types: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    power: int | None = None                     # None: not known there (it was not on the battlefield)
    toughness: int | None = None
    counters: Mapping[str, int] = field(default_factory=_no_counts)   # read-only (frozen_counts)
    extra: Mapping[str, int] = field(default_factory=_no_counts)      # instances beyond the first (113.2c)
    token: bool = False
    damage: int = 0
    attached_to: str | None = None               # 303.4 / 301.5: what it was attached to as it left
    abilities_lost: bool = False                 # 613.1f: it had lost all abilities as it left
    copiable: CardDef | None = None              # 707.2: its copiable values (the card it was a copy of, if any)
    triggers: tuple[Triggered, ...] = ()         # 603.10a: the triggered abilities it had as it left
    # The kind of the step it left the battlefield in, set only when it had a keyword that stands for a dies
    # trigger (persist): a trigger that does not trigger is told as part of that event (603.4).
    left_in: str = ""


@dataclass(frozen=True, eq=True)
class Seen(_Value):
    """What a triggered ability carries from its trigger event (603.2) to its resolution: the event's data, apart
    from what the objects were. `obj`: the last known information of the object the event was about (the source
    itself for a leaves-the-battlefield ability, which looks back in time, 603.10a; the creature that died for a
    "whenever a creature dies"), or None. `source_now`: the object the source became in its new zone (400.7), what
    an effect acting on that card finds (persist, 702.79a). `that`: "that creature" of the event (the one that
    entered, attacked, was blocked by…). `player`: the event's player (who drew, gained or lost life, cast the
    spell), `paid` when the life was paid (119.4), `spell` the spell cast or copied (601.2i, 702.78a), `damaged`
    what was dealt damage. `batch`: the event a "one or more" ability triggered on (603.2c; None for others).
    A delayed ability (603.7) carries its `linked` objects and waits until turn `not_before` (603.7b)."""
    obj: LastKnown | None = None
    source_now: str = ""
    that: str = ""
    player: str = ""
    paid: bool = False
    spell: str = ""
    damaged: str = ""
    batch: int | None = None
    linked: tuple[str, ...] = ()
    not_before: int = 0

    @property
    def counters(self) -> Mapping[str, int]:
        """The counters on the event's object as it last existed (608.2h), none if it has no object."""
        return self.obj.counters if self.obj is not None else _NO_COUNTS


def _direct_init(cls: type) -> None:
    """Give the frozen dataclass `cls` an __init__ that writes its fields into the instance's dict at once (the
    same parameters, order and defaults as the generated one, which calls object.__setattr__ once per field:
    several times slower, and core.info builds one of these for every source of damage). The instance stays
    frozen: its __setattr__ and __delattr__ still refuse."""
    env: dict[str, Any] = {"_FACTORY": object()}
    params, values = [], []
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            env[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
            values.append(f"{f.name}={f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            env[f"_f_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_FACTORY")
            values.append(f"{f.name}=_f_{f.name}() if {f.name} is _FACTORY else {f.name}")
        else:
            params.append(f.name)
            values.append(f"{f.name}={f.name}")
    exec(f"def __init__(self, {', '.join(params)}):\n    self.__dict__.update({', '.join(values)})\n", env)
    env["__init__"].__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = env["__init__"]          # type: ignore[misc]


_direct_init(LastKnown)
_direct_init(Seen)
NOTHING_SEEN = Seen()
NOTHING_KNOWN = LastKnown(id="", card="")      # what is known of an id that never left a zone: nothing
