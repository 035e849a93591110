"""Checking a magic scenario's expectations against the state (at the end, or between actions)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from judge.engine.expect import Expectation, check_common
from judge.engine.rulesets.magic import layers
from judge.engine.rulesets.magic.cites import GENERAL, cr
from judge.engine.rulesets.magic.mana import pool_text
from judge.engine.rulesets.magic.messages import phase, zone
from judge.engine.rulesets.magic.state import STEP_NAMES, MagicState, StackItem
from judge.engine.rulesets.magic.text import keyword_said
from judge.engine.step import Step
from judge.messages import Message

FIELD_RULES = {"life": ("119.1",), "lost": ("104.3",), "hand": ("402.1",), "library": ("401.1",),
               "graveyard": ("404.1",), "exile": ("406.1",), "battlefield": ("403.1",), "mana_pool": ("106.4",),
               "lands_played": ("305.2",), "zone": ("400.1",), "tapped": ("110.5",), "damage": ("120.3e",),
               "counters": ("122.1",), "power": ("208.3", "613.4"), "toughness": ("208.3", "613.4"),
               "colors": ("105.2", "202.2", "202.2a"), "keywords": ("613.1f",), "controller": ("108.4",),
               "attached_to": ("303.4b",), "attacking": ("506.4",), "exists": ("400.7",), "current_id": ("400.7",),
               "sick": ("302.6",), "stack": ("405.1",)}
LABELS = {"life": "vidas", "lost": "ha perdido", "hand": "mano", "library": "biblioteca", "graveyard": "cementerio",
          "exile": "exilio", "battlefield": "campo de batalla", "mana_pool": "reserva de maná",
          "lands_played": "tierras jugadas", "zone": "zona", "tapped": "girada", "damage": "daño marcado",
          "counters": "contadores", "power": "fuerza", "toughness": "resistencia", "colors": "colores",
          "keywords": "palabras clave", "controller": "controlador", "attached_to": "anexada a",
          "attacking": "atacando", "exists": "existe", "current_id": "objeto actual", "sick": "mareo de invocación",
          "hand_count": "cartas en la mano", "library_count": "cartas en la biblioteca",
          "graveyard_count": "cartas en el cementerio", "exile_count": "cartas en el exilio",
          "battlefield_count": "permanentes en el campo de batalla"}


def _show(v: Any) -> str | Message:
    """A checked value as the result names it: a list in brackets, nothing, yes or no in the trace's language."""
    if isinstance(v, tuple):
        return Message("magic.value.list", items=[_show(x) if not isinstance(x, tuple) else f"{x[0]}: {x[1]}"
                                                  for x in v])
    if v is None:
        return Message("magic.value.nothing")
    if isinstance(v, Message):
        return v
    if isinstance(v, bool):
        return Message("magic.value.yes" if v else "magic.value.no")
    return str(v)


def _label(f: str) -> Message:
    return Message("magic.field." + f) if f in LABELS else Message("magic.raw", text=f)


def _names(objs: Sequence[Any], wanted: Sequence[str]) -> tuple[str, ...]:
    # Each expected entry may be a card name or an object id (scenario id or incarnation); compare in order.
    out = []
    for i, o in enumerate(objs):
        w = wanted[i] if i < len(wanted) else None
        out.append(w if w in (o.id, o.base) else o.card)
    return tuple(out)


def check(state: MagicState, exp: Expectation, steps: Sequence[Step]) -> tuple[bool, Message, list[str]]:
    f, want = exp.field, exp.value
    cites = cr(*FIELD_RULES.get(f, ("100.1",)))
    common = check_common(state, exp, steps, [GENERAL], lambda s: phase(s) if s in STEP_NAMES else s)
    if common is not None:
        held, summary, cc = common
        if f == "phase":
            cc = cr("500.1")
        elif f in ("winner", "stopped"):
            cc = cr("104.2a") if f == "winner" else cc
        return held, summary, cc
    if f == "stack":
        got = tuple(i.obj.card if i.obj is not None else f"habilidad de {i.source_name}" for i in state.stack)
        got = tuple(w if (i < len(state.stack) and w in _stack_names(state, state.stack[i]))
                    else g for i, (g, w) in enumerate(zip(got, list(want) + [None] * len(got))))
        return got == want, Message("magic.expect.stack", got=_stack_said(got), want=_stack_said(want)), cites
    label = _label(f)
    if exp.subject_key == "player":
        p = state.mplayer(exp.subject or "")
        if f.endswith("_count"):
            got: Any = len(p.zones[f[:-6]])
        elif f in ("hand", "library", "graveyard", "exile", "battlefield"):
            got = _names(p.zones[f], want)
        elif f == "life":
            got = p.lives
        elif f == "mana_pool":
            got = tuple(sorted((k, v) for k, v in p.pool.items() if v))
            return got == want, Message("magic.expect.field", who=p.name, label=label, got=pool_text(dict(got)),
                                        want=pool_text(dict(want))), cites
        else:
            got = getattr(p, f)
        return got == want, Message("magic.expect.field", who=p.name, label=label, got=_show(got),
                                    want=_show(want)), cites
    o = state.obj(exp.subject or "")
    if f == "exists":
        got = o is not None
        return got == want, Message("magic.expect.exists" if got else "magic.expect.exists_not", who=exp.subject,
                                    want=Message("magic.expect.want_exists" if want else "magic.expect.want_gone")), \
            cites
    if o is None:
        return False, Message("magic.expect.no_object", subject=exp.subject), cr("704.5d", "400.7")
    who = f"{o.card} ({o.id})"
    if f == "zone":
        got = o.zone
        return got == want, Message("magic.expect.field", who=who, label=label, got=zone(got), want=zone(want)), \
            cites
    if f == "current_id":
        return o.id == want, Message("magic.expect.current_id", subject=exp.subject, got=o.id, want=want), cites
    if f in ("power", "toughness", "colors", "keywords", "controller"):
        c = layers.chars_of(state, o)
        if f == "power":
            got = c.power
        elif f == "toughness":
            got = c.toughness
        elif f == "colors":
            got = tuple(sorted(c.colors))
        elif f == "keywords":
            got = tuple(sorted(c.keywords))
            none = Message("magic.value.none")
            return got == want, Message("magic.expect.field", who=who, label=label,
                                        got=[keyword_said(k) for k in got] or none,
                                        want=[keyword_said(k) for k in want] or none), cites
        else:
            got = c.controller
        if c.rules and f in ("power", "toughness"):
            cites = cr("208.3", *dict.fromkeys(c.rules))
        if f == "colors" and "613.1e" in c.rules:
            cites = [*cites, *cr("613.1e")]          # an effect changed its colours (layer 5)
            if any(a == "613.1e" and b == "613.8a" for a, b in zip(c.rules, c.rules[1:])):
                cites = [*cites, *cr("613.8a")]      # one applied first because another depended on it
        return got == want, Message("magic.expect.field", who=who, label=label, got=_show(got), want=_show(want)), \
            cites
    if f == "counters":
        got = tuple(sorted((k, n) for k, n in o.counters.items() if n))
    elif f == "attacking":
        got = o.attacking is not None
    else:
        got = getattr(o, f)
    return got == want, Message("magic.expect.field", who=who, label=label, got=_show(got), want=_show(want)), cites


# How a scenario names an ability on the stack, in either language: «habilidad de X» or «ability of X» (405.1).
ABILITY_FORMS = ("habilidad de ", "ability of ")


def _stack_said(names: tuple[str, ...]) -> Message:
    """The stack's entries as an expectation step shows them, an ability's name in the trace's language."""
    return _show(tuple(next((Message("magic.stack.ability", source=n[len(f):]) for f in ABILITY_FORMS
                             if n.startswith(f)), n) for n in names))


def _stack_names(state: MagicState, item: StackItem) -> set[str]:
    """What names a stack entry (405.1): its id, its card's or source's name, and for an ability `habilidad de`
    (or `ability of`, ABILITY_FORMS) followed by its source's name or id: the id the source had (a leaves-the-battlefield trigger's is the object
    that left, 603.10a), the card it became in another zone (400.7) or its scenario id (any incarnation)."""
    names = {item.id, item.source_name}
    if item.obj is None:
        sources = {item.source_name, item.source, item.source.split("~")[0], item.seen.source_now or ""}
        names |= {form + s for s in sources if s for form in ABILITY_FORMS}
    return names
