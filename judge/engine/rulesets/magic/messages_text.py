"""The magic catalog's entries for the texts of effects and abilities (text.py; each verb's own line is in its
class, verbs/*.py `texts`): who an effect acts on in the three forms a Spanish line needs («el objetivo», «del
objetivo», «al objetivo»; English says the noun the same in all three), amounts, durations and what every verb's
text shares. `PAIRS` maps each id to its (Spanish, English) template; magic/messages.py merges them.

Spanish is the wording the traces always had, byte for byte (tools/engine_identity.py compare).
"""
from __future__ import annotations

from judge.engine.rulesets.magic.cards import CARD_TYPES
from judge.engine.rulesets.magic.conditions import TEXT as _CONDITIONS_ES
from judge.engine.rulesets.magic.qualities import QUALITIES as _QUALITIES_ES

# 603.2: "whenever [you / an opponent / a player] draws, gains life, loses life, casts a spell", "a card [whose] is
# put into …" (targets.general_when_text), by `whose`
_GENERAL_ES = {"draw": ("robas una carta", "un oponente roba una carta", "un jugador roba una carta"),
               "life_gain": ("ganas vidas", "un oponente gana vidas", "un jugador gana vidas"),
               "life_loss": ("pierdes vidas", "un oponente pierde vidas", "un jugador pierde vidas"),
               "zone_change": ("una carta tuya", "una carta de un oponente", "una carta"),
               "spell_cast": ("lanzas un hechizo", "un oponente lanza un hechizo", "un jugador lanza un hechizo")}
_GENERAL_EN = {"draw": ("you draw a card", "an opponent draws a card", "a player draws a card"),
               "life_gain": ("you gain life", "an opponent gains life", "a player gains life"),
               "life_loss": ("you lose life", "an opponent loses life", "a player loses life"),
               "zone_change": ("a card of yours", "a card of an opponent's", "a card"),
               "spell_cast": ("you cast a spell", "an opponent casts a spell", "a player casts a spell")}
_WHOSE = ("you", "opponents", "each")
GENERAL_WHEN = tuple(_GENERAL_ES)

_CONDITIONS_EN = {"your_hand_empty": "if you have no cards in hand",
                  "active_hand_empty": "if the active player has no cards in hand",
                  "opponent_lost_life": "if an opponent lost {n} or more life this turn",
                  "library_at_most": "as long as a library has {n} or fewer cards",
                  "you_control": "if you control {n} or more permanents of type {arg}",
                  "spells_cast_this_turn": "if you've cast {n} or more spells this turn",
                  "devotion": "if your devotion to {arg} is {n} or more"}
_QUALITIES_EN = {**{c: f"of colour {c}" for c in "WUBRG"}, "creature": "creature", "land": "land",
                 "enchantment": "enchantment", "artifact": "artifact", "attacking": "attacking",
                 "unblocked": "unblocked", "counters": "with counters", "enchanted": "enchanted",
                 "nonlegendary": "nonlegendary", "equipped": "equipped", "legendary": "legendary", "basic": "basic"}

# A card type's name for a group («son también criaturas», "are also creatures"); the one name is magic.cardtype.
_TYPES_EN = {"creature": "creatures", "land": "lands", "instant": "instants", "sorcery": "sorceries",
             "enchantment": "enchantments", "artifact": "artifacts"}

# What an effect acts on (`to:`), Spanish and English.
TO: dict[str, tuple[str, str]] = {
    "target": ("objetivo", "target"), "self": ("esta carta", "this card"),
    "controller": ("su controlador", "its controller"), "each_opponent": ("cada oponente", "each opponent"),
    "each_player": ("cada jugador", "each player"),
    "creatures_you_control": ("las criaturas que controlas", "the creatures you control"),
    "other_creatures_you_control": ("las otras criaturas que controlas", "the other creatures you control"),
    "all_creatures": ("todas las criaturas", "all creatures"), "other_creatures": ("las otras criaturas",
                                                                                  "the other creatures"),
    "enchanted": ("la criatura encantada", "the enchanted creature"),
    "opponents_creatures": ("las criaturas de tus oponentes", "your opponents' creatures"),
    "targets": ("cada objetivo", "each target"),
    "creatures_with_minus_counters": ("cada criatura con un contador -1/-1", "each creature with a -1/-1 counter"),
    "all_permanents": ("todos los permanentes", "all permanents"),
    "permanents_you_control": ("los permanentes que controlas", "the permanents you control"),
    "other_permanents_you_control": ("los otros permanentes que controlas", "the other permanents you control"),
    "everything": ("todas las cartas fuera del campo de batalla, hechizos y permanentes",
                   "every card outside the battlefield, spell and permanent"),
    "active_player": ("el jugador activo", "the active player"),
    "target_controller": ("el controlador del objetivo", "the target's controller"),
    "target_player_creatures": ("las criaturas del jugador objetivo", "the target player's creatures"),
    "chosen_player": ("un jugador elegido", "a chosen player"), "that_creature": ("esa criatura", "that creature"),
    "linked": ("esa(s) carta(s)", "that card (those cards)"),
    "random_target": ("uno de los objetivos al azar", "one of the targets at random"),
    "graveyard_random": ("una carta al azar de tu cementerio", "a card at random from your graveyard"),
    "graveyard_named_self": ("las cartas de tu cementerio con el nombre de esta",
                             "the cards in your graveyard with this card's name"),
    "equipped": ("la criatura equipada", "the equipped creature"),
    "opponents_permanents": ("los permanentes de tus oponentes", "your opponents' permanents"),
    "source_card": ("esta carta (donde está)", "this card (wherever it is)"),
}
# The groups «the number of …» counts (filters.count), said as in `to`.
COUNTED_GROUPS = ("creatures_you_control", "other_creatures_you_control", "all_creatures", "other_creatures",
                  "opponents_creatures", "all_permanents", "permanents_you_control", "other_permanents_you_control",
                  "opponents_permanents")
COUNT_TEXT: dict[str, tuple[str, str]] = {
    "source_power": ("igual a su fuerza", "equal to its power"),
    "target_power": ("igual a la fuerza del objetivo", "equal to the target's power"),
    "life_lost_this_turn": ("igual a las vidas que perdió este turno", "equal to the life they lost this turn"),
    "destroyed": ("por cada permanente destruido así", "for each permanent destroyed this way"),
    "your_creatures": ("por cada criatura tuya", "for each creature of yours"),
    "linked_power": ("igual a la fuerza de esa carta", "equal to that card's power"),
    "linked_of_color": ("una por cada carta del color elegido", "one for each card of the chosen colour"),
    "damage_this_turn": ("igual al daño hecho al objetivo este turno",
                         "equal to the damage dealt to the target this turn"),
    "life_paid": ("una por cada vida que pagó", "one for each life paid"),
    **{s: (f"igual al número de {TO[s][0]}", f"equal to the number of {TO[s][1]}") for s in COUNTED_GROUPS},
}


def _de(es: str) -> str:
    return "del " + es[3:] if es.startswith("el ") else "de " + es


def _a(es: str) -> str:
    return "al " + es[3:] if es.startswith("el ") else "a " + es


# A target spec's kinds (text.describe_target, 115.1) and whose graveyard a card target is in.
TARGET_KINDS: dict[str, tuple[str, str]] = {
    "creature": ("criatura", "creature"), "player": ("jugador", "player"), "permanent": ("permanente", "permanent"),
    "spell": ("hechizo", "spell"), "creature_spell": ("hechizo de criatura", "creature spell"),
    "land": ("tierra", "land"), "artifact": ("artefacto", "artifact"),
    "enchantment": ("encantamiento", "enchantment"), "card": ("carta", "card"),
    "nonenchantment": ("permanente que no sea encantamiento", "nonenchantment permanent"),
    "nonland": ("permanente que no sea tierra", "nonland permanent"),
    "instant_or_sorcery": ("carta de instantáneo o de conjuro", "instant or sorcery card")}
GRAVEYARD_WHOSE: dict[str, tuple[str, str]] = {
    "any": ("un cementerio", "a graveyard"), "you": ("tu cementerio", "your graveyard"),
    "opponent": ("el cementerio de un oponente", "an opponent's graveyard")}

PAIRS: dict[str, tuple[str, str]] = {
    # targets (text.describe_target, 115.1)
    **{f"magic.target.kind.{k}": pair for k, pair in TARGET_KINDS.items()},
    **{f"magic.target.gy_whose.{k}": pair for k, pair in GRAVEYARD_WHOSE.items()},
    "magic.target.gy_what.creature": ("carta de criatura", "creature card"),
    "magic.target.gy_what.instant_or_sorcery": ("carta de instantáneo o de conjuro", "instant or sorcery card"),
    "magic.target.gy_what.card": ("carta", "card"),
    "magic.target.graveyard": ("{what} objetivo de {whose}", "target {what} in {whose}"),
    "magic.target.who.you": (" que controles", " you control"),
    "magic.target.who.opponent": (" que controle un oponente", " an opponent controls"),
    "magic.target.who_player": (" que controla {player}", " {player} controls"),
    "magic.target.any": ("cualquier objetivo", "any target"),
    "magic.target.noun": ("{name}{untapped} objetivo", "target{untapped} {name}"),
    "magic.target.untapped": (" enderezada", " untapped"), "magic.target.other": ("otra ", "another "),
    "magic.target.spec": ("{other}{noun}{quality}{who}", "{other}{noun}{quality}{who}"),
    "magic.target.up_to_one": ("hasta un(a) {text}", "up to one {text}"),
    "magic.target.any_number": ("cualquier cantidad de: {text}", "any number of: {text}"),
    # the affected in three forms: nominative, «de …» and «a …» (English: the noun alone; its template says "of")
    **{f"magic.to.{s}": (es, en) for s, (es, en) in TO.items() if s != "target"},
    **{f"magic.to_de.{s}": (_de(es), en) for s, (es, en) in TO.items() if s != "target"},
    **{f"magic.to_a.{s}": (_a(es), en) for s, (es, en) in TO.items() if s != "target"},
    "magic.to.target": ("el objetivo", "the target"), "magic.to_de.target": ("del objetivo", "the target"),
    "magic.to_a.target": ("al objetivo", "the target"),
    "magic.to.target_n": ("el objetivo {n}", "target {n}"), "magic.to_de.target_n": ("del objetivo {n}", "target {n}"),
    "magic.to_a.target_n": ("al objetivo {n}", "target {n}"),
    "magic.to_de.raw": ("de {text}", "{text}"), "magic.to_a.raw": ("a {text}", "{text}"),
    "magic.to.where": ("{what} ({where})", "{what} ({where})"),
    **{f"magic.count.{c}": pair for c, pair in COUNT_TEXT.items()},
    **{f"magic.cardtypes.{t}": (es.lower() + "s", _TYPES_EN.get(t, t + "s")) for t, es in CARD_TYPES.items()},
    # the conditions (conditions.py, 603.4, 608.2c, 604.1) and the qualities of a `where` (qualities.py)
    **{f"magic.cond.{k}": (es, _CONDITIONS_EN[k]) for k, es in _CONDITIONS_ES.items()},
    **{f"magic.quality.{q}": (es, _QUALITIES_EN[q]) for q, es in _QUALITIES_ES.items()},
    "magic.quality.non": ("no {quality}", "not {quality}"),
    "magic.quality.subtype": ("de subtipo {subtype}", "of subtype {subtype}"),
    "magic.fx.comma": (", {text}", ", {text}"),
    # the costs of an activated ability besides mana (cards.Activated.cost_said, 602.1a)
    "magic.cost.remove_counters": ("quitar {n} contador(es) {kind}", "remove {n} {kind} counter(s)"),
    "magic.cost.put_counters": ("poner {n} contador(es) {kind} sobre él", "put {n} {kind} counter(s) on it"),
    "magic.cost.sacrifice": ("sacrificar", "sacrifice it"),
    "magic.cost.discard_self": ("descartar esta carta", "discard this card"),
    "magic.cost.sacrifice_type": ("sacrificar {what}", "sacrifice {what}"),
    "magic.cost.reveal_sharing_color": ("mostrar {n} cartas de tu mano que compartan un color",
                                        "reveal {n} cards from your hand that share a colour"),
    # amounts, durations, «es/son»
    "magic.fx.an_amount": ("una cantidad de", "an amount of"),
    "magic.fx.an_amount_damage": ("una cantidad", "an amount of"),
    "magic.fx.dur.end_of_turn": (" hasta el final del turno", " until end of turn"),
    "magic.fx.dur.end_of_combat": (" hasta el final del combate", " until end of combat"),
    "magic.fx.is": ("es", "is"), "magic.fx.are": ("son", "are"),
    # what text.describe_effect adds to a verb's own line
    "magic.fx.per_counter": ("{text} por cada contador {counter} sobre esta carta",
                             "{text} for each {counter} counter on this card"),
    "magic.fx.count": ("{text} ({times}{what}{where})", "{text} ({times}{what}{where})"),
    "magic.fx.paren": (" ({text})", " ({text})"),
    "magic.fx.by_target": ("el objetivo hace {text}", "the target deals {text}"),
    "magic.fx.if_spent": ("{text} si se gastó {colours:join= y/o } para lanzarlo",
                          "{text} if {colours:join= and/or } was spent to cast it"),
    "magic.fx.types": ("{text} ({types})", "{text} ({types})"),
    "magic.fx.condition": ("{condition}, {text}", "{condition}, {text}"),
    "magic.fx.optional": ("puedes: {text}", "you may: {text}"),
    # 608.2c: the conditions linked.CONDITIONS names
    "magic.fx.cond.did": ("si lo hiciste", "if you do"),
    "magic.fx.cond.linked_creature": ("si esa carta es de criatura", "if that card is a creature card"),
    "magic.fx.cond.linked_noncreature": ("si esa carta no es de criatura", "if that card isn't a creature card"),
    "magic.fx.cond.most_creatures": ("si controlas más criaturas que cada uno de los otros jugadores",
                                     "if you control more creatures than each other player"),
    "magic.fx.cond.not_most_creatures": ("si no controlas más criaturas que cada uno de los otros jugadores",
                                         "if you don't control more creatures than each other player"),
    # an ability an effect grants (lasting.py's gain): «cuando esta criatura ataque, …»
    "magic.fx.when.attacks": ("cuando esta criatura ataque", "whenever this creature attacks"),
    "magic.fx.when.blocks": ("cuando esta criatura bloquee", "whenever this creature blocks"),
    "magic.fx.when.enters": ("cuando entre al campo de batalla", "when it enters the battlefield"),
    "magic.fx.when.dies": ("cuando muera", "when it dies"),
    "magic.fx.granted": ("{when}, {effects:join=; }", "{when}, {effects:join=; }"),
    "magic.fx.quoted": ("«{text}»", "«{text}»"),
    # an activated ability on the stack (play.py): «la habilidad de X (x) «{T}: …»»
    "magic.ability.activated": ("la habilidad de {card} ({id}) «{cost}: {effects:join=; }»",
                                "the ability of {card} ({id}) «{cost}: {effects:join=; }»"),
    # a triggered ability on the stack (targets.trigger_text): «la habilidad de X («cuando …: …»)»
    "magic.ability.triggered": ("la habilidad de {source} («cuando {when}{cond}: {effects:join=; }»)",
                                "the ability of {source} («when {when}{cond}: {effects:join=; }»)"),
    # its trigger event (targets.trigger_text, 603.2)
    "magic.when.enters": ("entra al campo de batalla", "it enters the battlefield"),
    "magic.when.dies": ("muere", "it dies"), "magic.when.leaves": ("deja el campo de batalla", "it leaves the battlefield"),
    "magic.when.attacks": ("ataca", "it attacks"), "magic.when.blocks": ("bloquea", "it blocks"),
    "magic.when.upkeep": ("comienza el mantenimiento", "the upkeep begins"),
    "magic.when.end_step": ("comienza el paso final", "the end step begins"),
    "magic.when.counter_put": ("recibe un contador", "it gets a counter"),
    "magic.when.deals_damage": ("hace daño", "it deals damage"), "magic.when.dealt_damage": ("recibe daño", "it is dealt damage"),
    "magic.when.untapped": ("se endereza", "it untaps"),
    "magic.when.state": ("su controlador no controla permanentes del color elegido",
                         "its controller controls no permanents of the chosen colour"),
    "magic.when.end_of_combat": ("llega el final del combate (habilidad disparada retrasada)",
                                 "the end of combat comes (a delayed triggered ability)"),
    "magic.when.blocked": ("es bloqueada por una criatura", "it becomes blocked by a creature"),
    **{f"magic.when.{w}.{who}": (_GENERAL_ES[w][i], _GENERAL_EN[w][i]) for w in _GENERAL_ES
       for i, who in enumerate(_WHOSE)},
    "magic.when.other_zone": ("otra zona", "another zone"), "magic.when.any_zone": ("cualquier zona", "any zone"),
    "magic.when.put_into": ("{what} se pone en {where} desde {since}", "{what} is put into {where} from {since}"),
    "magic.when.from": ("{what} desde {zone}", "{what} from {zone}"),
    "magic.when.from.graveyard": ("un cementerio", "a graveyard"), "magic.when.from.hand": ("una mano", "a hand"),
    "magic.when.from.exile": ("el exilio", "exile"), "magic.when.from.library": ("una biblioteca", "a library"),
    "magic.when.to_opponent": ("{when} a un oponente", "{when} to an opponent"),
    "magic.when.counter_on_creature": ("se coloca un contador{counter} sobre una criatura",
                                       "a{counter} counter is put on a creature"),
    "magic.when.had_counter": ("{when} (si tenía un contador {counter})", "{when} (if it had a {counter} counter)"),
    "magic.when.who.creature": ("una criatura", "a creature"),
    "magic.when.who.creature.many": ("una o más criaturas", "one or more creatures"),
    "magic.when.who.opponents_creature": ("una criatura bajo el control de un oponente", "a creature an opponent controls"),
    "magic.when.who.opponents_creature.many": ("una o más criaturas bajo el control de un oponente",
                                               "one or more creatures an opponent controls"),
    "magic.when.who.your_creature": ("una criatura bajo tu control", "a creature you control"),
    "magic.when.who.your_creature.many": ("una o más criaturas bajo tu control", "one or more creatures you control"),
    "magic.when.who.other": ("otra criatura", "another creature"),
    "magic.when.who.other.many": ("una o más otras criaturas", "one or more other creatures"),
    "magic.when.verb.dies": ("muere", "dies"), "magic.when.verb.dies.many": ("mueren", "die"),
    "magic.when.verb.enters": ("entra al campo de batalla", "enters the battlefield"),
    "magic.when.verb.enters.many": ("entran al campo de batalla", "enter the battlefield"),
    "magic.when.verb.attacks": ("ataca", "attacks"), "magic.when.verb.attacks.many": ("atacan", "attack"),
    "magic.when.who_verb": ("{who} {verb}", "{who} {verb}"),
    "magic.ability.spell_copy": ("la copia de {card} ({id})", "the copy of {card} ({id})"),
    # a spell copy as the source of its effects (copies.py, 707.10), an object that copied a copy (707.3)
    "magic.copy.spell_name": ("la copia de {card}", "the copy of {card}"),
    "magic.copy.of_a_copy": ("{name}, que es una copia de {card}", "{name}, which is a copy of {card}"),
    # what a search looks for (text.search_said; a card type is magic.cardtype.*)
    "magic.search.basic_land": ("tierra básica", "basic land"), "magic.search.basic": ("básica", "basic"),
    "magic.mana.pool_empty": ("vacía", "empty"),
    "magic.lasting.copy_gaining": ("{card} y gana esta habilidad", "{card} and gains this ability"),
    "magic.ability.keyword": ("{keyword} de {source}", "{keyword} of {source}"),   # persist's, a toy keyword's
    "magic.ability.conspire": ("conspirar de {source} («cuando lo lanzas, si se pagó su coste de conspirar, cópialo»)",
                               "conspire of {source} («when you cast it, if its conspire cost was paid, copy it»)"),
    "magic.ability.activated_named": ("la habilidad de {card} «{cost}: {effects:join=; }»",
                                      "the ability of {card} «{cost}: {effects:join=; }»"),
}
