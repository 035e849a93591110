"""Spanish one-line descriptions of the modelled effects and abilities (what the trace and the board show): what
every verb's text shares here, each verb's own in its class (verb.py, verbs/)."""
from __future__ import annotations

from typing import Any

from judge.engine.rulesets.magic.cards import CARD_TYPES
from judge.engine.rulesets.magic.qualities import describe_where
from judge.engine.rulesets.magic.verb import current

TO = {"target": "objetivo", "self": "esta carta", "controller": "su controlador", "each_opponent": "cada oponente",
      "each_player": "cada jugador", "creatures_you_control": "las criaturas que controlas",
      "other_creatures_you_control": "las otras criaturas que controlas", "all_creatures": "todas las criaturas",
      "other_creatures": "las otras criaturas",
      "enchanted": "la criatura encantada", "opponents_creatures": "las criaturas de tus oponentes",
      "targets": "cada objetivo", "creatures_with_minus_counters": "cada criatura con un contador -1/-1",
      "all_permanents": "todos los permanentes", "permanents_you_control": "los permanentes que controlas",
      "other_permanents_you_control": "los otros permanentes que controlas",
      "everything": "todas las cartas fuera del campo de batalla, hechizos y permanentes",
      "active_player": "el jugador activo", "target_controller": "el controlador del objetivo",
      "target_player_creatures": "las criaturas del jugador objetivo", "chosen_player": "un jugador elegido",
      "that_creature": "esa criatura",
      "linked": "esa(s) carta(s)", "random_target": "uno de los objetivos al azar",
      "graveyard_random": "una carta al azar de tu cementerio",
      "graveyard_named_self": "las cartas de tu cementerio con el nombre de esta",
      "source_card": "esta carta (donde está)"}
COUNT_TEXT = {"source_power": "igual a su fuerza", "target_power": "igual a la fuerza del objetivo",
              "life_lost_this_turn": "igual a las vidas que perdió este turno",
              "destroyed": "por cada permanente destruido así", "your_creatures": "por cada criatura tuya",
              "linked_power": "igual a la fuerza de esa carta",
              "linked_of_color": "una por cada carta del color elegido",
              "damage_this_turn": "igual al daño hecho al objetivo este turno",
              "life_paid": "una por cada vida que pagó"}


PLURAL = {"creatures_you_control", "other_creatures_you_control", "all_creatures", "other_creatures",
          "opponents_creatures", "all_permanents", "permanents_you_control", "other_permanents_you_control",
          "everything", "creatures_with_minus_counters", "target_player_creatures"}


def _to(e: Any) -> str:
    if e.to == "target":
        return f"el objetivo {e.target + 1}" if e.target else "el objetivo"
    if getattr(e, "where", ()):
        return f"{TO.get(e.to, e.to)} ({describe_where(e.where)})"
    return TO.get(e.to, e.to)


def _is(e: Any) -> str:
    """«es» for one object, «son» for a group (“las otras criaturas son 1/1”)."""
    return "son" if e.to in PLURAL else "es"


def _de(e: Any) -> str:
    """«de» + the affected: «del objetivo», «de cada oponente»."""
    t = _to(e)
    return "del " + t[3:] if t.startswith("el ") else "de " + t


def _a(e: Any) -> str:
    """«a» + the affected: «al objetivo», «a cada oponente»."""
    t = _to(e)
    return "al " + t[3:] if t.startswith("el ") else "a " + t


def _trigger_text(t: Any) -> str:
    when = {"attacks": "cuando esta criatura ataque", "blocks": "cuando esta criatura bloquee",
            "enters": "cuando entre al campo de batalla", "dies": "cuando muera"}.get(t.when, t.when)
    return f"{when}, " + "; ".join(describe_effect(x) for x in t.effects)


def describe_effect(e: Any) -> str:
    text = _describe(e)
    if getattr(e, "per_counter", ""):
        text += f" por cada contador {e.per_counter} sobre esta carta"
    if getattr(e, "count", ""):
        text += f" ({str(e.amount) + ' ' if e.amount > 1 else ''}{COUNT_TEXT.get(e.count, e.count)}" \
                + (f" ({', '.join(e.count_where)})" if getattr(e, "count_where", ()) else "") + ")"
    if getattr(e, "by", ""):
        text = f"el objetivo hace {text}"
    if getattr(e, "if_spent", ()):
        text += " si se gastó " + " y/o ".join("{" + c + "}" for c in e.if_spent) + " para lanzarlo"
    if getattr(e, "types", ()) and e.to == "all_permanents":
        text += f" ({', '.join(CARD_TYPES.get(t, t).lower() for t in e.types)})"
    if getattr(e, "condition", ""):
        text = f"{condition_text(e)}, {text}"
    return f"puedes: {text}" if getattr(e, "optional", False) else text


def _describe(e: Any) -> str:
    """The verb's own text (verb.py: each verb says itself), before what every verb shares."""
    n = "X" if e.x else "una cantidad de" if getattr(e, "count", "") else str(e.amount)
    dur = {"end_of_turn": " hasta el final del turno", "end_of_combat": " hasta el final del combate"}.get(e.duration, "")
    verb = current().get(e.kind)
    return verb.text(e, n, dur) if verb is not None else e.kind


def describe_target(spec: Any) -> str:
    """A target spec (115.1) as the steps and questions say it: «criatura objetivo que controle un oponente»."""
    names = {"creature": "criatura", "player": "jugador", "any": "cualquier objetivo", "permanent": "permanente",
             "spell": "hechizo", "creature_spell": "hechizo de criatura", "land": "tierra",
             "artifact": "artefacto", "enchantment": "encantamiento", "card": "carta",
             "nonenchantment": "permanente que no sea encantamiento",
             "nonland": "permanente que no sea tierra", "instant_or_sorcery": "carta de instantáneo o de conjuro"}
    if spec.zone == "graveyard":
        what = {"creature": "carta de criatura", "instant_or_sorcery": "carta de instantáneo o de conjuro"}.get(
            spec.kind, "carta")
        whose = {"any": "un cementerio", "you": "tu cementerio", "opponent": "el cementerio de un oponente"}
        text = f"{what} objetivo de {whose[spec.controller]}"
    else:
        who = {"any": "", "you": " que controles", "opponent": " que controle un oponente"}.get(
            spec.controller, f" que controla {spec.controller.removeprefix('player:')}")
        quality = f" ({describe_where(spec.where)})" if spec.where else ""
        # «cualquier objetivo» already says «objetivo» (not «cualquier objetivo objetivo»)
        noun = "cualquier objetivo" if spec.kind == "any" else \
            f"{names[spec.kind]}{' enderezada' if spec.untapped else ''} objetivo"
        text = f"{'otra ' if spec.other else ''}{noun}{quality}{who}"
    if spec.optional:
        return f"hasta un(a) {text}"
    return f"cualquier cantidad de: {text}" if spec.many else text


def condition_text(e: Any) -> str:
    """608.2c: the condition an instruction of a resolution is done under (linked.CONDITIONS, or one about the
    game state: conditions.py), as text."""
    from judge.engine.rulesets.magic.conditions import EFFECT_KINDS, text
    if e.condition in EFFECT_KINDS:
        return text(e.condition, e.condition_n, e.condition_arg)
    return {"did": "si lo hiciste", "linked_creature": "si esa carta es de criatura",
            "linked_noncreature": "si esa carta no es de criatura",
            "most_creatures": "si controlas más criaturas que cada uno de los otros jugadores",
            "not_most_creatures": "si no controlas más criaturas que cada uno de los otros jugadores"
            }.get(e.condition, e.condition)
