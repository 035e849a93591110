"""The magic ruleset's messages (judge/messages.py): step texts, illegal reasons and expectation results by id.

Spanish is the wording the traces always had (byte-identical, tools/engine_identity.py); English is new. Zone,
step and field names are messages of their own (`zone`, `phase`, `field`), so a step names them in its language;
card names, object ids and mana symbols stay as they are. A site that still passes a plain Spanish string is
listed by tests/scenarios/test_messages.py.
"""
from __future__ import annotations

from judge.engine.rulesets.magic import messages_effects, messages_play, messages_text
from judge.engine.rulesets.magic.cards import CARD_TYPES
from judge.engine.rulesets.magic.schema_messages import EN as _SCHEMA_EN, ES as _SCHEMA_ES
from judge.engine.rulesets.magic.state import STEP_NAMES
from judge.messages import Message

_ZONES_ES = {"library": "biblioteca", "hand": "mano", "battlefield": "campo de batalla", "graveyard": "cementerio",
             "exile": "exilio", "stack": "pila"}
_ZONES_EN = {"library": "library", "hand": "hand", "battlefield": "battlefield", "graveyard": "graveyard",
             "exile": "exile", "stack": "stack"}
_STEPS_ES = STEP_NAMES      # the Spanish step names the engine always wrote (state.py), one table
_STEPS_EN = {
    "untap": "the untap step", "upkeep": "the upkeep step", "draw": "the draw step",
    "main1": "the precombat main phase", "beginning_of_combat": "the beginning of combat step",
    "declare_attackers": "the declare attackers step", "declare_blockers": "the declare blockers step",
    "first_strike_damage": "the first-strike combat damage step", "combat_damage": "the combat damage step",
    "end_of_combat": "the end of combat step", "main2": "the postcombat main phase", "end": "the end step",
    "cleanup": "the cleanup step",
}
# A step begun again (514.3a: another cleanup step): «otro paso de limpieza», "another cleanup step".
_AGAIN_ES = {k: "otro " + v.removeprefix("el ") for k, v in _STEPS_ES.items()}
_AGAIN_EN = {k: "another " + v.removeprefix("the ") for k, v in _STEPS_EN.items()}
_FIELDS_ES = {"life": "vidas", "lost": "ha perdido", "hand": "mano", "library": "biblioteca",
              "graveyard": "cementerio", "exile": "exilio", "battlefield": "campo de batalla",
              "mana_pool": "reserva de maná", "lands_played": "tierras jugadas", "zone": "zona", "tapped": "girada",
              "damage": "daño marcado", "counters": "contadores", "power": "fuerza", "toughness": "resistencia",
              "colors": "colores", "keywords": "palabras clave", "controller": "controlador",
              "attached_to": "anexada a", "attacking": "atacando", "exists": "existe",
              "current_id": "objeto actual", "sick": "mareo de invocación", "hand_count": "cartas en la mano",
              "library_count": "cartas en la biblioteca", "graveyard_count": "cartas en el cementerio",
              "exile_count": "cartas en el exilio", "battlefield_count": "permanentes en el campo de batalla"}
_FIELDS_EN = {"life": "life", "lost": "has lost", "hand": "hand", "library": "library", "graveyard": "graveyard",
              "exile": "exile", "battlefield": "battlefield", "mana_pool": "mana pool",
              "lands_played": "lands played", "zone": "zone", "tapped": "tapped", "damage": "marked damage",
              "counters": "counters", "power": "power", "toughness": "toughness", "colors": "colors",
              "keywords": "keywords", "controller": "controller", "attached_to": "attached to",
              "attacking": "attacking", "exists": "exists", "current_id": "current object",
              "sick": "summoning sickness", "hand_count": "cards in hand", "library_count": "cards in library",
              "graveyard_count": "cards in graveyard", "exile_count": "cards in exile",
              "battlefield_count": "permanents on the battlefield"}

ES: dict[str, str] = {
    **{f"magic.zone.{k}": v for k, v in _ZONES_ES.items()},
    **{f"magic.phase.{k}": v for k, v in _STEPS_ES.items()},
    **{f"magic.phase_again.{k}": v for k, v in _AGAIN_ES.items()},
    **{f"magic.field.{k}": v for k, v in _FIELDS_ES.items()},
    # values in expectation results
    "magic.value.nothing": "nada", "magic.value.yes": "sí", "magic.value.no": "no",
    # turn-based actions (turn.py)
    "magic.turn.pools_emptied": "termina {step}: se vacían las reservas de maná de {pools}",
    "magic.turn.combat_ends": "termina el combate: todas las criaturas dejan de estar en combate{ended}",
    "magic.turn.combat_effects_end": "; terminan {count} efecto(s) «hasta el final del combate»",
    "magic.turn.untap": "turno {turn} de {player}: paso de enderezar; {what}{held}",
    "magic.turn.untap_one": "se endereza {ids}",
    "magic.turn.untap_many": "se enderezan {ids}",
    "magic.turn.untap_none": "no hay permanentes que enderezar",
    "magic.turn.untap_held": " ({ids} no se endereza: un efecto lo impide)",
    "magic.turn.begin": "comienza {step} (turno {turn} de {player})",
    "magic.turn.begin_again": "comienza {step} (turno {turn} de {player}): los jugadores recibieron prioridad en el "
                              "anterior",
    "magic.turn.no_attackers": "no se declaran atacantes: se saltan los pasos de declarar bloqueadoras y de daño de "
                               "combate",
    "magic.turn.cleanup": "limpieza: se quita el daño marcado{damaged}{ended}",
    "magic.turn.cleanup_damaged": " ({ids})",
    "magic.turn.cleanup_effects": " y terminan {count} efecto(s) «hasta el final del turno» ({sources})",
    "magic.turn.cleanup_again": "{what} en la limpieza: el jugador activo recibe prioridad y habrá otro paso de "
                                "limpieza",
    "magic.turn.cleanup_sba": "se realizaron acciones de estado",
    "magic.turn.cleanup_triggers": "había habilidades disparadas esperando",
    "magic.turn.cleanup_both": "se realizaron acciones de estado y había habilidades disparadas esperando",
    "magic.turn.cannot_attack": "{player} no tiene criaturas que puedan atacar{sick}",
    "magic.turn.cannot_attack_sick": " ({creatures}: mareo de invocación)",
    "magic.turn.no_attack_passing": "{player} no declara atacantes (se pasa hasta {step})",
    "magic.turn.attacks": "{player} ataca a {target} con {creatures}",
    "magic.turn.no_creature": "ninguna criatura",
    "magic.turn.cannot_block": "{player} no tiene criaturas que puedan bloquear",
    "magic.turn.no_block_passing": "{player} no declara bloqueadoras (se pasa hasta {step})",
    "magic.turn.blocks": "{player} bloquea: {blocks}",
    "magic.turn.block_pair": "{blocker} a {attacker}",
    "magic.turn.no_combat_damage": "ninguna criatura hace daño de combate en este paso",
    "magic.turn.assign_damage": "se asigna el daño de combate: {assignments:join=; } (se hace todo a la vez)",
    "magic.turn.assignment": "{source} → {amount} a {recipient}",
    # priority and actions (play.py, priority.py)
    "magic.play.pass": "{player} pasa la prioridad",
    "magic.play.pass_all": "{player} pasa la prioridad (todos han pasado seguidos)",
    "magic.play.activate": "{player} activa {ability}; va a la pila ({item})",
    "magic.play.activate_targets": "{player} activa {ability}; va a la pila ({item}) con objetivo {targets}",
    # zone changes, life, counters, damage, draws (core.py)
    "magic.move": "{card} ({id}) pasa de {origin} a {to} como {new}: {why}{notes}{counters}",
    "magic.move.counters": " (entra con {counters})",
    "magic.counters": "{n} contador(es) {kind}",
    "magic.notes": "; {notes:join=; }",
    "magic.replaced": " — reemplazo: {notes:join=; }",
    "magic.replaced_paren": " (reemplazo: {notes:join=; })",
    "magic.paren": " ({notes:join=; })",
    "magic.life.gain": "{player} gana {amount} {amount:plural=vida|vidas} ({why}): {lives}{replaced}",
    "magic.life.lose": "{player} pierde {amount} {amount:plural=vida|vidas} ({why}): {lives}{replaced}",
    "magic.counters.put": "{card} ({id}) recibe {n} contador(es) {kind} ({why}){replaced}",
    "magic.draw.empty": "{player} intenta robar con la biblioteca vacía ({why}): perderá la partida en la próxima "
                        "comprobación de acciones de estado",
    "magic.draw.why": "{player} roba ({why})",
    "magic.draw.turn": "robo del turno",
    "magic.damage": "{source} hace {amount} de daño a {target}{note}: {what}",
    "magic.damage.combat": "{source} hace {amount} de daño de combate a {target}{note}: {what}",
    "magic.damage.player": "{player} pierde {amount} {amount:plural=vida|vidas}: {lives}{replaced}",
    "magic.damage.wither_none": "{card} ({id}) no puede tener contadores: el daño (debilitar) no tiene efecto",
    "magic.damage.wither": "{card} ({id}) recibe {n} contador(es) -1/-1 (debilitar){replaced}",
    "magic.damage.wither_as_if": "{card} ({id}) recibe {n} contador(es) -1/-1 (debilitar: todo el daño se hace como "
                                 "si su fuente lo tuviera){replaced}",
    "magic.damage.marked": "{card} ({id}) tiene {damage} de daño marcado",
    "magic.damage.indestructible": "{what}; es indestructible: no la destruye {by}",
    "magic.damage.lethal": "el daño letal",
    "magic.damage.deathtouch": "el toque mortal",
    "magic.damage.lethal_nor_deathtouch": "el daño letal ni el toque mortal",
    "magic.damage.infect": "{what} (infectar no está modelado)",
    # setup, triggers, resolution (__init__.py, priority.py, effects.py, verbs/lasting.py)
    "magic.setup": "el escenario empieza en el turno {turn} de {player}, {step}: {players}{stack}",
    "magic.setup.player": "{player} ({lives} {lives:plural=vida|vidas})",
    "magic.setup.stack": "; en la pila: {items}",
    "magic.trigger": "se dispara {ability}; va a la pila ({item}){gone}",
    "magic.trigger.targets": "se dispara {ability}; va a la pila ({item}) con objetivo {targets}{gone}",
    "magic.resolve": "se resuelve {what}",
    "magic.resolve.effects": "se resuelve {what}: {effects:join=; }",
    "magic.resolve.condition_gone": "{ability} no hace nada: la condición «{condition}» ya no se cumple al "
                                    "resolverse",
    "magic.resolve.copy_gone": "la copia {item} deja de existir al dejar la pila",
    "magic.resolve.permanent": "el hechizo de permanente de {player} se resuelve",
    "magic.lasting": "{source}: {what}; marca de tiempo {timestamp}",
    "magic.lasting.copy": "{affected} {n:plural=se convierte|se convierten} en una copia de {model}{until}",
    "magic.lasting.until_eot": " hasta el final del turno",
    "magic.lasting.effect": "{effect} ({affected})",
    # expectation results (expect.py)
    "magic.value.list": "[{items}]",
    "magic.value.none": "ninguna",
    "magic.expect.field": "{who}, {label}: {got} (se esperaba {want})",
    "magic.expect.stack": "pila (de abajo arriba): {got} (se esperaba {want})",
    "magic.stack.ability": "habilidad de {source}",
    "magic.expect.exists": "{who}: existe (se esperaba {want})",
    "magic.expect.exists_not": "{who}: no existe (se esperaba {want})",
    "magic.expect.want_exists": "que exista",
    "magic.expect.want_gone": "que no exista",
    "magic.expect.no_object": "no existe el objeto «{subject}» (una ficha deja de existir fuera del campo de batalla)",
    "magic.expect.current_id": "{subject} es ahora {got} (se esperaba {want})",
    # state-based actions (sba.py)
    "magic.sba.no_life": "{player} tiene {lives} {lives:plural=vida|vidas}",
    "magic.sba.drew_empty": "{player} intentó robar de una biblioteca vacía",
    "magic.sba.loses": "{why}: pierde la partida",
    "magic.sba.wins": "{player} gana la partida: sus oponentes la han dejado",
    "magic.sba.draw": "todos los jugadores pierden a la vez: la partida es un empate",
    "magic.sba.token_gone": "la ficha {card} ({id}) deja de existir fuera del campo de batalla",
    "magic.sba.toughness": "su resistencia es {toughness}",
    "magic.sba.lethal": "tiene {damage} de daño y resistencia {toughness}: es destruida",
    "magic.sba.deathtouch": "recibió daño de una fuente con toque mortal: es destruida",
    "magic.sba.aura_no_player": "es un Aura que no encanta a un jugador de la partida",
    "magic.sba.aura_illegal": "es un Aura que no está anexada a un objeto legal",
    "magic.sba.aura_protected": "es un Aura y lo que encanta {guard} (702.16c)",
    "magic.sba.legend": "regla de leyendas: {player} conserva {keep}",
    "magic.sba.annihilate": "{card} ({id}) pierde {n} contador(es) +1/+1 y {n} -1/-1, que se anulan",
    "magic.sba.not_creature": "{card} ({id}) deja de ser una criatura: deja de estar en combate (la criatura que "
                              "bloqueaba o a la que bloqueaban sigue bloqueada o bloqueando)",
    "magic.trigger.persist_not": "persistir de {source} no se dispara: tenía un contador -1/-1 al morir (la condición "
                                 "«si no tenía contadores -1/-1» se comprueba al dispararse)",
    "magic.trigger.no_targets": "la habilidad disparada de {source} no tiene objetivos legales y se quita de la pila",
    # casting, mana abilities, lands (play.py)
    "magic.cast.why": "{player} lanza {card}{graveyard} (valor de maná {value}{mode}{x}; paga {cost} con "
                      "{paid}{targets})",
    "magic.cast.from_graveyard": " desde su cementerio (lo permite {source})",
    "magic.cast.mode": "; modo {mode}: {effects:join=; }",
    "magic.cast.targets": "; objetivos: {targets}",
    "magic.land.why": "{player} juega una tierra{graveyard} (acción especial, no usa la pila)",
    "magic.mana.activate": "{player} activa la habilidad de maná de {card} ({id}): {pays}{adds} {mana}{restricted} "
                           "({why}){notes}; reserva de {owner}: {pool}{kept}",
    "magic.mana.pays": "paga {cost} y ",
    "magic.mana.adds": "agrega",
    "magic.mana.adds_for": "{player} agrega",
    "magic.mana.only_x": " (solo para costes con {{X}})",
    "magic.mana.notes": " — {notes:join=; }",
    "magic.mana.kept": ", restringido: {pool}",
    "magic.mana.to_pay": "para pagar {card}",
    "magic.what.cast": "lanzar hechizos",
    "magic.what.land": "jugar una tierra",
    # illegal actions
    "magic.illegal.unknown_player": "jugador desconocido «{player}»",
    "magic.illegal.lost": "{player} ya ha perdido la partida",
    "magic.illegal.no_question": "no hay ninguna elección pendiente que responda «{action}»: se declara cuando el "
                                 "juego la pide (atacantes al comenzar el paso de declarar atacantes, bloqueadoras al "
                                 "comenzar el de declarar bloqueadoras)",
    "magic.illegal.priority": "{player} no tiene la prioridad (la tiene {holder}): no puede {what}",
    "magic.illegal.not_your_permanent": "«{ref}» no es un permanente que {player} controle",
    "magic.illegal.no_mana_ability": "{card} ({id}) no tiene una habilidad de maná",
    "magic.illegal.not_in_hand": "«{card}» no está en la mano de {player}",
    "magic.illegal.land_cast": "{card} es una tierra: se juega, no se lanza",
    "magic.illegal.sorcery_timing": "{card} no es un instantáneo: solo se lanza en una fase principal de tu turno con "
                                    "la pila vacía",
    "magic.illegal.modal": "{card} es modal: elige un modo con «mode» (0 a {last})",
    "magic.illegal.not_modal": "{card} no es un hechizo modal",
    "magic.illegal.aura_without_enchant": "{card} es un Aura sin «encantar»",
    "magic.illegal.no_x": "{card} no tiene X en su coste",
    "magic.illegal.unpaid": "no se puede pagar {cost} de {card}{x} con la reserva {pool}{restricted}; todo el "
                            "lanzamiento se revierte",
    "magic.illegal.unpaid_x": " con X={x}",
    "magic.illegal.unpaid_restricted": " (y {pool} que solo puede gastarse en costes con {{X}})",
    "magic.illegal.not_land": "{card} no es una tierra",
    "magic.illegal.not_your_turn": "no es el turno de {player}",
    "magic.illegal.main_only": "solo en una fase principal (ahora: {step})",
    "magic.illegal.stack_not_empty": "la pila no está vacía",
    "magic.illegal.land_played": "{player} ya jugó una tierra este turno",
    # effects (effects.py)
    "magic.effect.not_spent": "{source}: no se gastó {colours} para lanzarlo: «{effect}» no ocurre",
    "magic.effect.condition_fails": "{source}: «{effect}» no se hace: no se cumple «{condition}»",
    "magic.effect.token": "{source} crea la ficha {token} {power}/{toughness} ({id})",
    "magic.effect.token_copy": "{source} crea la ficha {token} {power}/{toughness} ({id}), que entra como una copia "
                               "de {model}",
    "magic.choice.made": "{player} elige {chosen} para {source}",
    "magic.choice.may": "{player} elige {answer}: {effect}",
    "magic.search.none": "{player} busca y no encuentra ninguna carta «{label}»{hidden}",
    "magic.search.hidden": " (puede no encontrarla aunque esté: la zona es oculta)",
    "magic.search.shuffle": "{player} baraja su biblioteca",
}

EN: dict[str, str] = {
    **{f"magic.zone.{k}": v for k, v in _ZONES_EN.items()},
    **{f"magic.phase.{k}": v for k, v in _STEPS_EN.items()},
    **{f"magic.phase_again.{k}": v for k, v in _AGAIN_EN.items()},
    **{f"magic.field.{k}": v for k, v in _FIELDS_EN.items()},
    "magic.value.nothing": "nothing", "magic.value.yes": "yes", "magic.value.no": "no",
    "magic.turn.pools_emptied": "{step} ends: the mana pools of {pools} empty",
    "magic.turn.combat_ends": "combat ends: every creature is removed from combat{ended}",
    "magic.turn.combat_effects_end": "; {count} effect(s) lasting «until end of combat» end",
    "magic.turn.untap": "turn {turn} of {player}: untap step; {what}{held}",
    "magic.turn.untap_one": "{ids} untaps",
    "magic.turn.untap_many": "{ids} untap",
    "magic.turn.untap_none": "no permanents to untap",
    "magic.turn.untap_held": " ({ids} does not untap: an effect stops it)",
    "magic.turn.begin": "{step} begins (turn {turn} of {player})",
    "magic.turn.begin_again": "{step} begins (turn {turn} of {player}): players received priority in the last one",
    "magic.turn.no_attackers": "no attackers are declared: the declare blockers and combat damage steps are "
                               "skipped",
    "magic.turn.cleanup": "cleanup: marked damage is removed{damaged}{ended}",
    "magic.turn.cleanup_damaged": " ({ids})",
    "magic.turn.cleanup_effects": " and {count} effect(s) lasting «until end of turn» end ({sources})",
    "magic.turn.cleanup_again": "{what} during cleanup: the active player receives priority and there will be "
                                "another cleanup step",
    "magic.turn.cleanup_sba": "state-based actions were performed",
    "magic.turn.cleanup_triggers": "triggered abilities were waiting",
    "magic.turn.cleanup_both": "state-based actions were performed and triggered abilities were waiting",
    "magic.turn.cannot_attack": "{player} has no creatures able to attack{sick}",
    "magic.turn.cannot_attack_sick": " ({creatures}: summoning sickness)",
    "magic.turn.no_attack_passing": "{player} declares no attackers (passing until {step})",
    "magic.turn.attacks": "{player} attacks {target} with {creatures}",
    "magic.turn.no_creature": "no creature",
    "magic.turn.cannot_block": "{player} has no creatures able to block",
    "magic.turn.no_block_passing": "{player} declares no blockers (passing until {step})",
    "magic.turn.blocks": "{player} blocks: {blocks}",
    "magic.turn.block_pair": "{blocker} blocks {attacker}",
    "magic.turn.no_combat_damage": "no creature deals combat damage in this step",
    "magic.turn.assign_damage": "combat damage is assigned: {assignments:join=; } (all dealt at once)",
    "magic.turn.assignment": "{source} → {amount} to {recipient}",
    "magic.play.pass": "{player} passes priority",
    "magic.play.pass_all": "{player} passes priority (all players have passed in succession)",
    "magic.play.activate": "{player} activates {ability}; it goes on the stack ({item})",
    "magic.play.activate_targets": "{player} activates {ability}; it goes on the stack ({item}) targeting {targets}",
    "magic.move": "{card} ({id}) moves from {origin} to {to} as {new}: {why}{notes}{counters}",
    "magic.move.counters": " (enters with {counters})",
    "magic.counters": "{n} {kind} counter(s)",
    "magic.notes": "; {notes:join=; }",
    "magic.replaced": " — replacement: {notes:join=; }",
    "magic.replaced_paren": " (replacement: {notes:join=; })",
    "magic.paren": " ({notes:join=; })",
    "magic.life.gain": "{player} gains {amount} life ({why}): {lives}{replaced}",
    "magic.life.lose": "{player} loses {amount} life ({why}): {lives}{replaced}",
    "magic.counters.put": "{card} ({id}) gets {n} {kind} counter(s) ({why}){replaced}",
    "magic.draw.empty": "{player} tries to draw from an empty library ({why}): they will lose the game the next time "
                        "state-based actions are checked",
    "magic.draw.why": "{player} draws ({why})",
    "magic.draw.turn": "the turn's draw",
    "magic.damage": "{source} deals {amount} damage to {target}{note}: {what}",
    "magic.damage.combat": "{source} deals {amount} combat damage to {target}{note}: {what}",
    "magic.damage.player": "{player} loses {amount} life: {lives}{replaced}",
    "magic.damage.wither_none": "{card} ({id}) can't have counters: the damage (wither) has no effect",
    "magic.damage.wither": "{card} ({id}) gets {n} -1/-1 counter(s) (wither){replaced}",
    "magic.damage.wither_as_if": "{card} ({id}) gets {n} -1/-1 counter(s) (wither: all the damage is dealt as though "
                                 "its source had it){replaced}",
    "magic.damage.marked": "{card} ({id}) has {damage} damage marked",
    "magic.damage.indestructible": "{what}; it is indestructible: {by}",
    "magic.damage.lethal": "lethal damage does not destroy it",
    "magic.damage.deathtouch": "deathtouch does not destroy it",
    "magic.damage.lethal_nor_deathtouch": "neither lethal damage nor deathtouch destroys it",
    "magic.damage.infect": "{what} (infect is not modelled)",
    "magic.setup": "the scenario starts in turn {turn} of {player}, {step}: {players}{stack}",
    "magic.setup.player": "{player} ({lives} life)",
    "magic.setup.stack": "; on the stack: {items}",
    "magic.trigger": "{ability} triggers; it goes on the stack ({item}){gone}",
    "magic.trigger.targets": "{ability} triggers; it goes on the stack ({item}) targeting {targets}{gone}",
    "magic.resolve": "{what} resolves",
    "magic.resolve.effects": "{what} resolves: {effects:join=; }",
    "magic.resolve.condition_gone": "{ability} does nothing: the condition «{condition}» no longer holds as it "
                                    "resolves",
    "magic.resolve.copy_gone": "the copy {item} ceases to exist as it leaves the stack",
    "magic.resolve.permanent": "{player}'s permanent spell resolves",
    "magic.lasting": "{source}: {what}; timestamp {timestamp}",
    "magic.lasting.copy": "{affected} {n:plural=becomes|become} a copy of {model}{until}",
    "magic.lasting.until_eot": " until end of turn",
    "magic.lasting.effect": "{effect} ({affected})",
    "magic.value.list": "[{items}]",
    "magic.value.none": "none",
    "magic.expect.field": "{who}, {label}: {got} (expected {want})",
    "magic.expect.stack": "stack (bottom to top): {got} (expected {want})",
    "magic.stack.ability": "ability of {source}",
    "magic.expect.exists": "{who}: exists (expected {want})",
    "magic.expect.exists_not": "{who}: does not exist (expected {want})",
    "magic.expect.want_exists": "that it exists",
    "magic.expect.want_gone": "that it does not exist",
    "magic.expect.no_object": "there is no object «{subject}» (a token ceases to exist outside the battlefield)",
    "magic.expect.current_id": "{subject} is now {got} (expected {want})",
    "magic.sba.no_life": "{player} has {lives} life",
    "magic.sba.drew_empty": "{player} tried to draw from an empty library",
    "magic.sba.loses": "{why}: they lose the game",
    "magic.sba.wins": "{player} wins the game: their opponents have left it",
    "magic.sba.draw": "every player loses at once: the game is a draw",
    "magic.sba.token_gone": "the token {card} ({id}) ceases to exist outside the battlefield",
    "magic.sba.toughness": "its toughness is {toughness}",
    "magic.sba.lethal": "it has {damage} damage and toughness {toughness}: it is destroyed",
    "magic.sba.deathtouch": "it was dealt damage by a source with deathtouch: it is destroyed",
    "magic.sba.aura_no_player": "it is an Aura not enchanting a player in the game",
    "magic.sba.aura_illegal": "it is an Aura not attached to a legal object",
    "magic.sba.aura_protected": "it is an Aura and what it enchants {guard} (702.16c)",
    "magic.sba.legend": "legend rule: {player} keeps {keep}",
    "magic.sba.annihilate": "{card} ({id}) loses {n} +1/+1 counter(s) and {n} -1/-1 counter(s), which annihilate",
    "magic.sba.not_creature": "{card} ({id}) stops being a creature: it is removed from combat (the creature it "
                              "blocked or that blocked it stays blocked or blocking)",
    "magic.trigger.persist_not": "persist of {source} does not trigger: it had a -1/-1 counter when it died (the "
                                 "condition «if it had no -1/-1 counters» is checked as it triggers)",
    "magic.trigger.no_targets": "the triggered ability of {source} has no legal targets and is removed from the stack",
    "magic.cast.why": "{player} casts {card}{graveyard} (mana value {value}{mode}{x}; pays {cost} with "
                      "{paid}{targets})",
    "magic.cast.from_graveyard": " from their graveyard ({source} allows it)",
    "magic.cast.mode": "; mode {mode}: {effects:join=; }",
    "magic.cast.targets": "; targets: {targets}",
    "magic.land.why": "{player} plays a land{graveyard} (a special action, it does not use the stack)",
    "magic.mana.activate": "{player} activates the mana ability of {card} ({id}): {pays}{adds} {mana}{restricted} "
                           "({why}){notes}; {owner}'s mana pool: {pool}{kept}",
    "magic.mana.pays": "pays {cost} and ",
    "magic.mana.adds": "adds",
    "magic.mana.adds_for": "{player} adds",
    "magic.mana.only_x": " (only for costs with {{X}})",
    "magic.mana.notes": " — {notes:join=; }",
    "magic.mana.kept": ", restricted: {pool}",
    "magic.mana.to_pay": "to pay for {card}",
    "magic.what.cast": "cast spells",
    "magic.what.land": "play a land",
    "magic.illegal.unknown_player": "unknown player «{player}»",
    "magic.illegal.lost": "{player} has already lost the game",
    "magic.illegal.no_question": "no pending choice is answered by «{action}»: it is declared when the game asks "
                                 "for it (attackers as the declare attackers step begins, blockers as the declare "
                                 "blockers step begins)",
    "magic.illegal.priority": "{player} does not have priority ({holder} has it): they can't {what}",
    "magic.illegal.not_your_permanent": "«{ref}» is not a permanent {player} controls",
    "magic.illegal.no_mana_ability": "{card} ({id}) has no mana ability",
    "magic.illegal.not_in_hand": "«{card}» is not in {player}'s hand",
    "magic.illegal.land_cast": "{card} is a land: it is played, not cast",
    "magic.illegal.sorcery_timing": "{card} is not an instant: it is cast only in a main phase of your turn with an "
                                    "empty stack",
    "magic.illegal.modal": "{card} is modal: choose a mode with «mode» (0 to {last})",
    "magic.illegal.not_modal": "{card} is not a modal spell",
    "magic.illegal.aura_without_enchant": "{card} is an Aura without «enchant»",
    "magic.illegal.no_x": "{card} has no X in its cost",
    "magic.illegal.unpaid": "{cost} of {card}{x} can't be paid with the pool {pool}{restricted}; the whole casting is "
                            "reversed",
    "magic.illegal.unpaid_x": " with X={x}",
    "magic.illegal.unpaid_restricted": " (and {pool} that can only be spent on costs with {{X}})",
    "magic.illegal.not_land": "{card} is not a land",
    "magic.illegal.not_your_turn": "it is not {player}'s turn",
    "magic.illegal.main_only": "only in a main phase (now: {step})",
    "magic.illegal.stack_not_empty": "the stack is not empty",
    "magic.illegal.land_played": "{player} already played a land this turn",
    "magic.effect.not_spent": "{source}: {colours} was not spent to cast it: «{effect}» does not happen",
    "magic.effect.condition_fails": "{source}: «{effect}» is not done: «{condition}» does not hold",
    "magic.effect.token": "{source} creates the token {token} {power}/{toughness} ({id})",
    "magic.effect.token_copy": "{source} creates the token {token} {power}/{toughness} ({id}), which enters as a "
                               "copy of {model}",
    "magic.choice.made": "{player} chooses {chosen} for {source}",
    "magic.choice.may": "{player} chooses {answer}: {effect}",
    "magic.search.none": "{player} searches and finds no «{label}» card{hidden}",
    "magic.search.hidden": " (they may fail to find one even if it is there: the zone is hidden)",
    "magic.search.shuffle": "{player} shuffles their library",
}


def zone(z: str) -> Message:
    """A zone's name in the step's language (`battlefield` → «campo de batalla»); one shared Message per zone."""
    said = _NAMED.get("magic.zone." + z)
    return said if said is not None else Message("magic.raw", text=z)


def phase(step: str, again: bool = False) -> Message:
    """A step's or phase's name («el paso de robar», "the draw step"); `again`: «otro paso de limpieza»."""
    said = _NAMED.get(("magic.phase_again." if again else "magic.phase.") + step)
    return said if said is not None else Message("magic.raw", text=step)


# Card types as a parameter names them («el tipo de carta criatura», "the card type creature").
ES.update({f"magic.cardtype.{k}": v.lower() for k, v in CARD_TYPES.items()})
EN.update({f"magic.cardtype.{k}": k for k in CARD_TYPES})
# The entries of the other catalog modules (each a table of (Spanish, English) pairs, kept apart by area).
for _pairs in (messages_play.PAIRS, messages_effects.PAIRS, messages_text.PAIRS):
    _twice = sorted(ES.keys() & _pairs.keys())
    if _twice:                  # an id written in two modules: one would silently replace the other
        raise ValueError(f"magic message ids defined twice: {', '.join(_twice)}")
    ES.update({k: es for k, (es, _) in _pairs.items()})
    EN.update({k: en for k, (_, en) in _pairs.items()})
_twice = sorted(ES.keys() & _SCHEMA_ES.keys())
if _twice:
    raise ValueError(f"magic message ids defined twice: {', '.join(_twice)}")
ES.update(_SCHEMA_ES)      # the validation errors (cardschema.py, schema.py), kept in a module of their own
EN.update(_SCHEMA_EN)
ES["magic.raw"] = EN["magic.raw"] = "{text}"     # a name no catalog entry has: shown as the engine wrote it
# The names without parameters, built once: nothing changes a Message after it is made.
_NAMED = {i: Message(i) for i in ES if i.startswith(("magic.zone.", "magic.phase.", "magic.phase_again."))}


class _Catalog(dict):
    """One language of this catalog, with each effect verb's own lines (verbs/*.py `texts`, ids
    `magic.verbtext.<verb>[.<key>]`), each verb's name (`magic.verblabel.<verb>`: its `label`) and each keyword's
    name (`magic.kwname.<keyword>`: its `spanish`, `english`) looked up in their registries when first asked: the
    pieces register after this module loads, and a test's toy verb lives in a registry of its own (verb.using)."""

    def __init__(self, entries: dict[str, str], index: int) -> None:
        super().__init__(entries)
        self._index = index            # 0: Spanish, 1: English (a verb's `texts` pairs)

    def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]
        got = dict.get(self, key)
        if got is None and key.startswith("magic.verbtext."):
            from judge.engine.rulesets.magic.verb import text_template
            got = text_template(key, self._index)
        elif got is None and key.startswith("magic.verblabel."):    # a verb's name (its builder `label`): the run
            from judge.engine.rulesets.magic.verb import current        # page's line of an effect event names it
            v = current().get(key.removeprefix("magic.verblabel."))
            got = None if v is None or not v.label[self._index] else v.label[self._index]
        elif got is None and key.startswith("magic.kwname."):       # a keyword's name (keyword.py, keywords/)
            from judge.engine.rulesets.magic import keyword
            k = keyword.current().get(key.removeprefix("magic.kwname."))
            got = None if k is None else (k.spanish, k.english or k.name)[self._index]
        return default if got is None else got


ES = _Catalog(ES, 0)
EN = _Catalog(EN, 1)
