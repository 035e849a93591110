"""Spanish one-line descriptions of the modelled effects and abilities (what the trace and the board show)."""
from __future__ import annotations

from typing import Any

from judge.engine.rulesets.magic.cards import CARD_TYPES, KEYWORDS
from judge.engine.rulesets.magic.protection import describe as describe_protection
from judge.engine.rulesets.magic.qualities import describe_where
from judge.engine.spanish import vidas

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
      "graveyard_named_self": "las cartas de tu cementerio con el nombre de esta"}
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
    n = "X" if e.x else "una cantidad de" if getattr(e, "count", "") else str(e.amount)
    k = e.kind
    dur = {"end_of_turn": " hasta el final del turno", "end_of_combat": " hasta el final del combate"}.get(e.duration, "")
    if k == "damage":
        return f"{n.removesuffix(' de')} de daño {_a(e)}"       # «una cantidad de daño», not «… de de daño»
    if k == "destroy":
        return f"destruye {_to(e)}"
    if k == "exile":
        return f"exilia {_to(e)}"
    if k == "bounce":
        return f"devuelve {_to(e)} a la mano de su propietario"
    if k == "draw":
        return f"{_to(e)} roba {n} carta(s)"
    if k == "gain_life":
        return f"{_to(e)} gana {vidas(n)}"
    if k == "lose_life":
        return f"{_to(e)} pierde {vidas(n)}"
    if k == "counters":
        return f"pon {n} contador(es) {e.counter} sobre {_to(e)}"
    if k == "pump":
        return f"{_to(e)} obtiene{'n' if e.to not in ('target', 'self', 'enchanted') else ''} " \
               f"{e.power:+d}/{e.toughness:+d}{dur}"
    if k == "set_pt":
        return f"{_to(e)} {_is(e)} {e.power}/{e.toughness} (fuerza y resistencia base){dur}"
    if k == "switch_pt":
        return f"intercambia la fuerza y la resistencia {_de(e)}{dur}"
    if k == "grant":
        gained = [KEYWORDS.get(x, x) for x in e.keywords]
        gained += [f"«{_trigger_text(t)}»" for t in getattr(e, "abilities", ())]
        return f"{_to(e)} gana {', '.join(gained)}{dur}"
    if k == "land_types":
        what = "del tipo de tierra básica elegido" if e.choose else "de tipo " + ", ".join(e.types)
        return f"{_to(e)} son {what}{' además de sus otros tipos' if e.additive else ''}{dur}"
    if k == "protection":
        who = "su controlador tiene" if e.to == "controller" else "tiene"
        return f"{who} protección contra " + ("el nombre elegido" if e.quality == "chosen_name"
                                              else describe_protection(e.quality))
    if k == "attach":
        return f"anexa esta Aura a {_to(e)}"
    if k == "uncounterable":
        return f"{_to(e)} no puede ser contrarrestado por hechizos ni habilidades"
    if k == "must_block":
        return f"{_to(e)} bloquea a esta criatura este turno si puede"
    if k == "lose":
        return f"{_to(e)} pierde {', '.join(KEYWORDS.get(x, x) for x in e.keywords)}{dur}"
    if k == "lose_abilities":
        return f"{_to(e)} pierde todas sus habilidades{dur}"
    if k == "set_color" and getattr(e, "entered_choice", False):
        extra = " además de sus otros colores" if e.additive else ""
        return f"{_to(e)} son del color elegido al entrar{extra}{dur}"
    if k == "set_color" and getattr(e, "choose", False):
        return f"{_to(e)} es del color o colores que elija su controlador{dur}"
    if k == "set_color":
        return f"{_to(e)} {_is(e)} de color {'/'.join(e.colors) or 'incoloro'}{dur}"
    if k == "add_type":
        plural = "s" if _is(e) == "son" else ""
        names = ", ".join(CARD_TYPES.get(t, t).lower() + plural for t in e.types)    # Spanish names, never ids
        return f"{_to(e)} {_is(e)} también {names}{dur}"
    if k == "gain_control":
        return f"ganas el control {_de(e)}{dur}"
    if k == "tap":
        return f"gira {_to(e)}"
    if k == "untap":
        return f"endereza {_to(e)}"
    if k == "create_token":
        t = e.token
        if t and getattr(e, "count", ""):
            return f"crea fichas {t.name} {t.power}/{t.toughness}"
        return f"crea {n} ficha(s) {t.name} {t.power}/{t.toughness}" if t else "crea una ficha"
    if k == "search":
        where = {"hand": "la mano", "battlefield": "el campo de batalla"}.get(e.dest, e.dest)
        return f"busca en tu biblioteca una carta «{e.search}», ponla en {where} y baraja"
    if k == "prevent":
        return f"previene {'todo el' if e.amount < 0 else 'los próximos ' + n} daño que se haría a {_to(e)}{dur}"
    if k == "add_mana":
        what = {"any": "un maná de cualquier color",
                "land_types": "un maná de un tipo que pudiera producir una tierra que controlas"}.get(e.mana, e.mana)
        who = "un jugador elegido agrega" if e.to == "chosen_player" else "agrega"
        return f"{who} {what}" + (" (solo para costes con {X})" if e.spend_only else "")
    if k == "counter_spell":
        return f"contrarresta {_to(e)}"
    if k == "sacrifice":
        if e.types:                                   # a player sacrifices permanents of these types
            what = "/".join(CARD_TYPES.get(t, t).lower() for t in e.types)
            return f"{_to(e)} sacrifica {n} {what}"
        return f"sacrifica {_to(e)}"
    if k == "change_text":
        old, new = (KEYWORDS.get(w, w) for w in e.types)
        return f"en el texto {_de(e)}, «{old}» pasa a ser «{new}»{dur}"
    if k == "become_copy" and e.of < 0:
        return f"{_to(e)} se convierte en una copia de esa criatura y gana esta habilidad"
    if k == "become_copy":
        return f"{_to(e)} se convierte en una copia del objetivo {e.of + 1}{' hasta el final del turno' if e.duration == 'end_of_turn' else ''}"
    if k == "remove_from_combat":
        return f"quita {_to(e)} del combate"
    if k == "remove_counter":
        if e.counter:
            return f"quita {'todos los' if e.amount < 0 else e.amount or 1} contador(es) {e.counter} {_de(e)}"
        return f"quita un contador {_de(e)}"
    if k == "move_counter":
        return f"mueve un contador del objetivo {e.target + 1} al objetivo {e.of + 1}"
    if k == "grant_ability" and e.ability is not None:
        return f"{_to(e)} tiene «{e.ability.cost_text()}: " + "; ".join(_describe(x) for x in e.ability.effects) \
            + f"»{dur}"
    if k == "delayed":
        when = {"end_of_combat": "al final del combate", "end_step": "al comienzo del próximo paso final"}.get(e.at, e.at)
        return f"{when}: " + "; ".join(_describe(x) for x in e.then)
    if k == "look_top":
        return f"mira las primeras {n} cartas de tu biblioteca, pon {e.keep} en tu mano y el resto en el fondo"
    if k == "regenerate":
        return f"regenera {_to(e)}"
    if k == "return_to_battlefield":
        return f"regresa {_to(e)} al campo de batalla"
    if k == "shuffle_into_library":
        return f"baraja {_to(e)} en la biblioteca de su propietario"
    if k == "mill":
        return f"{_to(e)} pone las {n} primeras cartas de su biblioteca en su cementerio"
    return _describe_zones(e, n)


# Effects whose text has nothing to fill in.
_FIXED_TEXT = {
    "exile_same_name": "busca en el cementerio, la mano y la biblioteca del controlador del hechizo objetivo las "
                       "cartas con su nombre, exílialas, y ese jugador baraja",
    "reorder_graveyard": "reordena tu cementerio como quieras",
    "copy_token": "crea una ficha que es una copia de esta",
    "exchange_control": "intercambia el control de los dos objetivos",
    "empty_pools": "vacía todas las reservas de maná",
    "choose_color": "elige un color",
    "pay_life_rounds": "empezando por ti, cada jugador puede pagar vidas, hasta que nadie pague",
}


def _describe_zones(e: Any, n: str) -> str:
    k = e.kind
    if k in _FIXED_TEXT:
        return _FIXED_TEXT[k]
    if k == "discard":
        return f"{_to(e)} descarta " + ("su mano" if e.amount < 0 else f"{n} carta(s)" + (" al azar" if e.random
                                                                                        else ""))
    if k == "reveal_top":
        return f"{_to(e)} muestra las {n} primeras cartas de su biblioteca"
    if k == "exile_top":
        return f"{_to(e)} exilia las {n} primeras cartas de su biblioteca"
    if k == "put":
        where = {"hand": "la mano", "battlefield": "el campo de batalla", "graveyard": "el cementerio",
                 "library_bottom": "el fondo de la biblioteca", "exile": "el exilio"}.get(e.dest, e.dest)
        return f"pon {_to(e)} en {where}"
    if k == "keep_hand":
        return f"{_to(e)} conserva hasta {n} cartas de su mano y baraja el resto en su biblioteca"
    if k == "move_auras":
        return f"anexa las Auras {_de(e)} a otro permanente de su controlador"
    if k == "cast_free":
        return f"lanza {_to(e)} sin pagar su coste de maná"
    if k == "may_play":
        return f"hasta el final del turno, puedes jugar {_to(e)}"
    if k == "pay":
        from judge.engine.rulesets.magic.mana import cost_text
        return f"paga {cost_text(e.cost)}"
    if k == "grant_ability":                  # with an ability it was described by _describe
        return f"{_to(e)} gana una habilidad"
    return k


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
    """608.2c: the condition an instruction of a resolution is done under (linked.CONDITIONS), as text."""
    return {"did": "si lo hiciste", "linked_creature": "si esa carta es de criatura",
            "linked_noncreature": "si esa carta no es de criatura",
            "most_creatures": "si controlas más criaturas que cada uno de los otros jugadores",
            "not_most_creatures": "si no controlas más criaturas que cada uno de los otros jugadores"
            }.get(e.condition, e.condition)
