"""Terminal rendering of a trace: one block per step, the cited rule text shortened beside it, then a verdict.

Works from the trace JSON (`Trace.to_json()`), the same data the API returns, so the terminal and the page can
never disagree about what happened.
"""
from __future__ import annotations

from typing import Any, Callable

import click

from judge.messages import Message, render
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
_COUNTED = frozenset({"mana", "lives", "life", "recycle_cost"})     # a player's count going from → to


def zone_message(zone: str) -> "Message | str":
    """A zone's name as a message (runner.zone.*), or the zone as it is when it has none (an unknown one, None)."""
    return Message("runner.zone." + zone) if zone in ZONES else zone


def zone_label(zone: str, lang: str = "es") -> str:
    return render(zone_message(zone), lang)


def event_message(event: dict[str, Any]) -> Message | None:
    """One event of a step as a message (runner.event.*: "Lobo gris (lobo): mano → en juego"), or None for a kind
    that has no line of its own (event_text then lists its fields as they are, in every language)."""
    kind = event.get("kind", "")
    e = event
    if kind == "move":
        who: Message | str = (Message("runner.event.card", card=e["card"], object=e.get("object")) if e.get("card")
                              else str(e.get("object")))
        zones = {"who": who, "from_zone": zone_message(str(e.get("from"))), "to_zone": zone_message(str(e.get("to")))}
        if e.get("owner"):
            return Message("runner.event.move_owned", zones, owner=e["owner"])
        return Message("runner.event.move", zones)
    if kind in _COUNTED and "from" in e and "to" in e:
        return Message("runner.event.count." + kind, player=e.get("player"), before=e.get("from"),
                       after=e.get("to"))
    if kind == "damage" and "amount" in e:      # magic: a source deals damage to a player or a permanent
        return Message("runner.event.damage_combat" if e.get("combat") else "runner.event.damage",
                       source=e.get("source"), amount=e.get("amount"), target=e.get("target"))
    if kind == "damage":
        return Message("runner.event.damage_marked", object=e.get("object"), before=e.get("from"), after=e.get("to"))
    if kind == "mana" and isinstance(e.get("pool"), dict):     # magic: mana added to a player's pool
        added = " ".join(f"{{{color}}}×{n}" for color, n in e["pool"].items())     # mana symbols: every language
        return Message("runner.event.mana_added", player=e.get("player"), added=added)
    if kind in ("tap", "untap"):
        return Message("runner.event." + kind, object=e.get("object"))
    if kind == "attach":
        return Message("runner.event.attach", object=e.get("object"), target=e.get("to"))
    if kind == "shuffle":
        return Message("runner.event.shuffle", player=e.get("player"), zone=zone_message(str(e.get("zone", "deck"))),
                       cards=e.get("cards"))
    if kind in ("lose", "win") and "player" in e:
        # a player's end of the game; magic's `lose` effect (an object loses keywords: `affected`) has no line
        return Message("runner.event." + kind, player=e["player"])
    return None


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
