"""Terminal rendering of a trace: one block per step, the cited rule text shortened beside it, then a verdict.

Works from the trace JSON (`Trace.to_json()`), the same data the API returns, so the terminal and the page can
never disagree about what happened.
"""
from __future__ import annotations

from typing import Any, Callable

import click

from judge.messages import Message, render, template_of
from judge.runner.citations import OUTSIDE, Citation

KIND_LABELS: dict[str, str] = {
    "setup": "preparación",
    "action": "acción",
    "turn-based": "turno",
    "state-based": "estado",
    "trigger": "disparo",
    "resolution": "resolución",
    "replacement": "reemplazo",
    "illegal": "ilegal",
    "expectation": "expectativa",
    "choice": "elección",
    "limit": "límite",
}

KIND_LABELS_EN: dict[str, str] = {
    "setup": "setup", "action": "action", "turn-based": "turn", "state-based": "state", "trigger": "trigger",
    "resolution": "resolution", "replacement": "replacement", "illegal": "illegal", "expectation": "expectation",
    "choice": "choice", "limit": "limit",
}

# The zones an event line names by their word (runner.zone.*); any other is shown as the engine names it.
ZONES: frozenset[str] = frozenset({"deck", "hand", "board", "discard", "resolving",
                                   "library", "battlefield", "graveyard", "exile", "stack"})     # the last five: magic's
EventJSON = dict[str, Any]      # one event as Event.to_json gives it: its kind and its fields


def zone_message(zone: str) -> "Message | str":
    """A zone's name as a message (runner.zone.*), or the zone as it is when it has none (an unknown one, None)."""
    return Message("runner.zone." + zone) if zone in ZONES else zone


def zone_label(zone: str, lang: str = "es") -> str:
    return render(zone_message(zone), lang)


def _named(ident: str, name: Any) -> "Message | str":
    """A step's or a verb's name in the page's language (magic.phase.*, magic.verblabel.*), or the name as the
    engine wrote it when no catalog has it (a toy verb, a step of another ruleset)."""
    said = f"{ident}{name}"
    return Message(said) if template_of(said, "es") is not None else str(name)


def _count(e: EventJSON) -> Message:
    return Message("runner.event.count." + e["kind"], player=e.get("player"), before=e.get("from"),
                   after=e.get("to"))


def _move(e: EventJSON) -> Message:
    who: Message | str = (Message("runner.event.card", card=e["card"], object=e.get("object")) if e.get("card")
                          else str(e.get("object")))
    if e.get("token") and e.get("from") is None:     # 111.1: a token is created, it comes from no zone
        if e.get("to") == "battlefield":
            return Message("runner.event.token", who=who)
        return Message("runner.event.token_in", who=who, to_zone=zone_message(str(e.get("to"))))
    zones = {"who": who, "from_zone": zone_message(str(e.get("from"))), "to_zone": zone_message(str(e.get("to")))}
    if e.get("owner"):
        return Message("runner.event.move_owned", zones, owner=e["owner"])
    return Message("runner.event.move", zones)


def _damage(e: EventJSON) -> Message:
    if "amount" in e:      # magic: a source deals damage to a player or a permanent
        return Message("runner.event.damage_combat" if e.get("combat") else "runner.event.damage",
                       source=e.get("source"), amount=e.get("amount"), target=e.get("target"))
    return Message("runner.event.damage_marked", object=e.get("object"), before=e.get("from"), after=e.get("to"))


def _mana(e: EventJSON) -> Message:
    if isinstance(e.get("pool"), dict):     # magic: mana added to a player's pool
        added = " ".join(f"{{{color}}}×{n}" for color, n in e["pool"].items())     # mana symbols: every language
        return Message("runner.event.mana_added", player=e.get("player"), added=added)
    if "added" in e:                        # magic's add_mana verb: the symbols as the card writes them
        return Message("runner.event.mana_added", player=e.get("player"), added=str(e["added"]))
    if "emptied" in e:                      # 500.4, 106.4: the mana pools empty as a step ends
        players = list(e["emptied"] or [])
        return Message("runner.event.pools_emptied", players=players, n=len(players))
    return _count(e)


def _life(e: EventJSON) -> Message:
    if "delta" not in e:
        return _count(e)
    delta = int(e["delta"] or 0)
    if delta >= 0:
        return Message("runner.event.life_gained", player=e.get("player"), n=delta)
    return Message("runner.event.life_paid" if e.get("paid") else "runner.event.life_lost", player=e.get("player"),
                   n=-delta)


def _counters(e: EventJSON) -> Message:
    n = int(e.get("amount") or 0)
    return Message("runner.event.counters_removed" if n < 0 else "runner.event.counters_put", object=e.get("object"),
                   counter=e.get("counter"), n=abs(n))


def _step(e: EventJSON) -> Message:
    step = _named("magic.phase.", e.get("step"))
    if e.get("active"):
        return Message("runner.event.step_active", step=step, player=e["active"])
    return Message("runner.event.step", step=step)


def _stack(e: EventJSON) -> Message:
    if e.get("copy_of"):
        return Message("runner.event.stack_copy", item=e.get("item"), copy_of=e["copy_of"])
    if e.get("source"):
        return Message("runner.event.stack_source", item=e.get("item"), source=e["source"])
    return Message("runner.event.stack", item=e.get("item"))


def _cleanup(e: EventJSON) -> Message:
    parts: list[Message] = []
    if e.get("damage_removed"):
        parts.append(Message("runner.event.cleanup.damage", objects=list(e["damage_removed"])))
    if e.get("effects_ended"):
        parts.append(Message("runner.event.cleanup.effects", n=e["effects_ended"]))
    return Message("runner.event.cleanup", parts=parts) if parts else Message("runner.event.cleanup_nothing")


def _effect(e: EventJSON) -> Message:
    """A continuous or one-shot effect applied to objects or players: Event("effect", {"kind": verb, "affected": …})
    reaches the JSON with the verb as its kind (Event.to_json), so the verb's name is what the line says."""
    affected = list(e.get("affected") or [])
    return Message("runner.event.effect", effect=_named("magic.verblabel.", e.get("kind")), affected=affected,
                   n=len(affected))


def _each(ident: str, *fields: str) -> Callable[[EventJSON], Message]:
    """A line whose parameters are the event's fields by the same names."""
    return lambda e: Message(ident, {f: e.get(f) for f in fields})


# Every event kind a ruleset declares (Ruleset.own_event_kinds) → its line; each says a sentence whatever fields the
# event carries (tests/scenarios/test_run_events.py checks every declared kind is here). "effect" is reached by
# its `affected` field, since its JSON kind is the verb's name.
EVENT_LINES: dict[str, Callable[[EventJSON], Message]] = {
    "move": _move, "damage": _damage, "mana": _mana, "life": _life, "lives": _count, "recycle_cost": _count,
    "counters": _counters, "step": _step, "stack": _stack, "cleanup": _cleanup, "effect": _effect,
    "tap": _each("runner.event.tap", "object"), "untap": _each("runner.event.untap", "object"),
    "attach": lambda e: (Message("runner.event.attach", object=e.get("object"), target=e["to"]) if e.get("to")
                         else Message("runner.event.unattach", object=e.get("object"))),
    "shuffle": lambda e: Message("runner.event.shuffle", player=e.get("player"),
                                 zone=zone_message(str(e.get("zone", "deck"))), cards=e.get("cards")),
    "lose": _each("runner.event.lose", "player"), "win": _each("runner.event.win", "player"),
    "attack": _each("runner.event.attack", "object", "target"),
    "block": _each("runner.event.block", "object", "attacker"),
    "cast": lambda e: Message("runner.event.cast", player=e.get("player"), object=e.get("object"),
                              from_zone=zone_message(str(e.get("from")))),
    "cease": _each("runner.event.cease", "object"),
    "combat": _each("runner.event.combat_removed", "object"),
    "control": lambda e: Message("runner.event.control", object=e.get("object"), before=e.get("from"),
                                 after=e.get("to")),
    "draw": lambda e: Message("runner.event.draw_empty" if e.get("empty") else "runner.event.draw",
                              player=e.get("player")),
    "look": lambda e: Message("runner.event.look", player=e.get("player"), cards=list(e.get("cards") or [])),
    "reveal": lambda e: Message("runner.event.reveal", player=e.get("player"), cards=list(e.get("cards") or [])),
    "regenerate": _each("runner.event.regenerate", "object"),
}


def event_message(event: EventJSON) -> Message | None:
    """One event of a step as a message (runner.event.*: "Lobo gris (lobo): mano → en juego"); None only for a kind
    no ruleset declares (event_text then lists its fields as they are, in every language)."""
    if "affected" in event:         # an effect (magic's `lose` effect included: an object losing keywords)
        return _effect(event)
    say = EVENT_LINES.get(event.get("kind", ""))
    return say(event) if say is not None else None


def event_text(event: dict[str, Any], lang: str = "es") -> str:
    """One event of a step as a short line in `lang` (event_message), or its kind and fields as they are."""
    said = event_message(event)
    return said.render(lang) if said is not None else event_fields(event)


def event_fields(event: dict[str, Any]) -> str:
    """An event of a kind without a line of its own: its kind and fields as the engine names them (every language)."""
    kind = event.get("kind", "")
    rest = ", ".join(f"{k}={v}" for k, v in event.items() if k != "kind")
    return f"{kind}: {rest}" if rest else kind


def kind_label(kind: str, lang: str = "es") -> str:
    return (KIND_LABELS_EN if lang == "en" else KIND_LABELS).get(kind, kind)


def step_failed(step: dict[str, Any]) -> bool:
    """A failed expectation step (the engine marks expectation steps with `passed`)."""
    return step.get("kind") == "expectation" and not step.get("passed")


def render_trace(
    trace: dict[str, Any],
    resolve: Callable[[str], Citation] | None,
    *,
    verdict: str,
    color: bool = False,
    width: int = 90,
    lang: str = "es",
) -> str:
    """The whole trace as terminal text. `verdict` is the last line (computed by the caller from the exit code).

    `resolve` gives the cited text; None when no corpus could be loaded (the citations are then printed bare).
    `lang`: the language of the headings, step kinds and citation notes (runner.cite.*: not loaded, a rule's
    number, outside the corpus); the step texts are the trace's, Trace.to_json(lang)."""
    style = click.style if color else (lambda text, **_: text)
    out: list[str] = []
    n = len(trace.get("steps", []))
    if lang == "en":
        head = f"Scenario: {trace.get('scenario_title') or '(untitled)'}"
        rules = f"Rules: {trace.get('ruleset')} · seed {trace.get('seed')} · {n} steps"
    else:
        head = f"Escenario: {trace.get('scenario_title') or '(sin título)'}"
        rules = f"Reglas: {trace.get('ruleset')} · semilla {trace.get('seed')} · {n} pasos"
    out.append(style(head, bold=True))
    out.append(rules)
    out.append("")
    noted: set[str] = set()     # documents whose "not loaded" note was printed in full once already
    for step in trace.get("steps", []):
        kind = step.get("kind", "")
        label = f"[{kind_label(kind, lang)}]"
        actor = f" {step['actor']}:" if step.get("actor") else ""
        summary = step.get("summary", "")
        line = f"{step.get('number', '?'):>4}. {label}{actor} {summary}"
        if kind == "illegal":
            line = style(line, fg="yellow")
        elif kind in ("choice", "limit") or step_failed(step):
            line = style(line, fg="red")
        elif kind == "expectation":
            line = style(line, fg="green")
        out.append(line)
        for ref in step.get("citations", []):
            if resolve is None:
                out.append(f"        § {ref}")
                continue
            cit = resolve(ref)
            if cit.not_loaded is not None:
                # cr-en/704.5a before the CR is imported: its number, how to load it (in full the first time),
                # then the other loaded texts of that number that the step does not cite itself.
                note = (cit.note_in(lang) if cit.not_loaded not in noted
                        else Message("runner.cite.not_loaded").render(lang))
                noted.add(cit.not_loaded)
                named = Message("runner.cite.rule", number=cit.number).render(lang) if cit.number else ref
                out.append(style(f"        § {ref} — {named} ({note})", dim=True))
                cited = set(step.get("citations", []))
                for p in cit.passages:
                    if p.id not in cited:
                        out.append(style(f"        § {ref} → {p.id} — {p.short(width)}", dim=True))
                continue
            if not cit.passages:
                out.append(f"        § {ref} — ({OUTSIDE.render(lang)})")
            for p in cit.passages:
                shown = ref if ref == p.id else f"{ref} → {p.id}"
                out.append(style(f"        § {shown} — {p.short(width)}", dim=True))
        for text in step.get("unmodelled", []) or []:
            # each note already says what is not modelled: «Card: «text» (texto no modelado)» or
            # «… (habilidad no modelada)»; a prefix repeating it would say it twice
            out.append(style(f"        ! {text}", fg="magenta"))
    out.append("")
    out.append(style(verdict, bold=True))
    return "\n".join(out)
