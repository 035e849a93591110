"""Terminal rendering of a trace: one block per step, the cited rule text shortened beside it, then a verdict.

Works from the trace JSON (`Trace.to_json()`), the same data the API returns, so the terminal and the page can
never disagree about what happened.
"""
from __future__ import annotations

from typing import Any, Callable

import click

from judge.messages import Message
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

STOP_LABELS: dict[str, str] = {
    "fin": "se ejecutaron todas las acciones",
    "limite": "se alcanzó el límite de pasos",
    "eleccion": "falta una elección que el escenario no da",
    "partida terminada": "la partida terminó",
}

ZONE_LABELS: dict[str, str] = {
    "deck": "mazo", "hand": "mano", "board": "en juego", "discard": "pila de descartes",
    "resolving": "resolviéndose",
    # magic
    "library": "biblioteca", "battlefield": "campo de batalla", "graveyard": "cementerio", "exile": "exilio",
    "stack": "pila",
}


def zone_label(zone: str) -> str:
    return ZONE_LABELS.get(zone, zone)


def event_text(event: dict[str, Any]) -> str:
    """One event of a step as a short Spanish line ("Lobo gris (lobo): mano → en juego")."""
    kind = event.get("kind", "")
    e = event
    if kind == "move":
        who = f"{e['card']} ({e['object']})" if e.get("card") else str(e.get("object"))
        owner = f" de {e['owner']}" if e.get("owner") else ""
        return f"{who}{owner}: {zone_label(str(e.get('from')))} → {zone_label(str(e.get('to')))}"
    if kind in ("mana", "lives", "life", "recycle_cost") and "from" in e and "to" in e:
        what = {"mana": "maná", "lives": "vidas", "life": "vidas", "recycle_cost": "coste de reciclaje"}[kind]
        return f"{what} de {e.get('player')}: {e.get('from')} → {e.get('to')}"
    if kind == "damage" and "amount" in e:      # magic: a source deals damage to a player or a permanent
        combat = " de combate" if e.get("combat") else ""
        return f"{e.get('source')} hace {e.get('amount')} de daño{combat} a {e.get('target')}"
    if kind == "damage":
        return f"daño marcado en {e.get('object')}: {e.get('from')} → {e.get('to')}"
    if kind == "mana" and isinstance(e.get("pool"), dict):     # magic: mana added to a player's pool
        added = " ".join(f"{{{color}}}×{n}" for color, n in e["pool"].items())
        return f"{e.get('player')} agrega {added} a su reserva de maná"
    if kind == "tap":
        return f"{e.get('object')} se gira"
    if kind == "untap":
        return f"{e.get('object')} se endereza"
    if kind == "attach":
        return f"{e.get('object')} queda unido a {e.get('to')}"
    if kind == "shuffle":
        return f"{e.get('player')} baraja su {zone_label(str(e.get('zone', 'deck')))} ({e.get('cards')} cartas)"
    if kind == "lose":
        return f"{e.get('player')} pierde la partida"
    if kind == "win":
        return f"{e.get('player')} gana la partida"
    rest = ", ".join(f"{k}={v}" for k, v in e.items() if k != "kind")
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
