"""The magic catalog's entries for casting, activating, paying costs and passing priority (play.py, targets.py):
`PAIRS` maps each id to its (Spanish, English) template; magic/messages.py merges them into its `ES` and `EN`.

Kept apart from messages.py so that no catalog module grows past the 900 lines a module may have, and written as
pairs so each English line sits beside the Spanish one it translates (the catalog test checks both name the same
parameters). Spanish is the wording the traces always had, byte for byte (tools/engine_identity.py); English uses
the Comprehensive Rules' terms (mana ability, additional cost, activate only as a sorcery…).
"""
from __future__ import annotations

PAIRS: dict[str, tuple[str, str]] = {
    # refusals while activating or paying (602.2b, 118.3, 605.3a)
    "magic.illegal.abilities_lost": ("{card} ({id}) ha perdido sus habilidades",
                                     "{card} ({id}) has lost its abilities"),
    "magic.illegal.unpaid_mana_ability": (
        "no se puede pagar {cost} de la habilidad de maná de {card} con la reserva {pool}",
        "{cost} of the mana ability of {card} can't be paid with the pool {pool}"),
    "magic.illegal.expected_one_of": ("se esperaba uno de {options}", "one of {options} was expected"),
    "magic.illegal.only_if_color": (
        "{card} solo puede activarse si controlas {n} o más permanentes de color {color} (controlas {have})",
        "{card} can be activated only if you control {n} or more {color} permanents (you control {have})"),
    "magic.illegal.no_sacrifice_cost": ("esta habilidad no pide sacrificar nada",
                                        "this ability does not ask to sacrifice anything"),
    "magic.illegal.sacrifice_needed": ("hay que sacrificar un(a) {kind} (indícalo con «sacrifice»)",
                                       "a {kind} must be sacrificed (say which with «sacrifice»)"),
    "magic.illegal.not_of_type": ("{card} ({id}) no es un(a) {kind}", "{card} ({id}) is not a {kind}"),
    "magic.illegal.no_reveal_cost": ("esta habilidad no pide mostrar cartas",
                                     "this ability does not ask to reveal cards"),
    "magic.illegal.reveal_needed": ("hay que mostrar {n} cartas distintas de la mano (indícalas con «reveal»)",
                                    "{n} different cards from the hand must be revealed (say which with «reveal»)"),
    "magic.illegal.not_a_hand_card": ("«{ref}» no es una carta de la mano de {player}",
                                      "«{ref}» is not a card in {player}'s hand"),
    "magic.illegal.reveal_no_shared_color": ("las cartas mostradas no comparten un color (incoloro no es un color)",
                                             "the revealed cards do not share a color (colorless is not a color)"),
    "magic.illegal.cant_activate": ("no pueden activarse las habilidades activadas de {card} ({id})",
                                    "the activated abilities of {card} ({id}) can't be activated"),
    "magic.illegal.sick_tap": ("{card} ({id}) tiene mareo de invocación: no puede usar {{T}} ni {{Q}}",
                               "{card} ({id}) has summoning sickness: it can't use {{T}} or {{Q}}"),
    "magic.illegal.already_tapped": ("{card} ({id}) ya está girada: no puede pagar {{T}}",
                                     "{card} ({id}) is already tapped: it can't pay {{T}}"),
    "magic.illegal.already_untapped": ("{card} ({id}) ya está enderezada: no puede pagar {{Q}}",
                                       "{card} ({id}) is already untapped: it can't pay {{Q}}"),
    "magic.illegal.counters_to_remove": ("{card} ({id}) no tiene {n} contador(es) {kind} para quitar",
                                         "{card} ({id}) does not have {n} {kind} counter(s) to remove"),
    "magic.illegal.cost_counters": (
        "{card} ({id}) no puede tener contadores: no se puede pagar un coste que ponga contadores sobre él",
        "{card} ({id}) can't have counters: a cost that puts counters on it can't be paid"),
    "magic.illegal.your_turn_only": (
        "la habilidad de {card} solo puede jugarse durante el turno de su controlador (es el turno de {active})",
        "the ability of {card} can be activated only during its controller's turn (it is {active}'s turn)"),
    "magic.illegal.target_not_optional": ("el objetivo «{target}» no es opcional",
                                          "the target «{target}» is not optional"),
    "magic.illegal.target": ("objetivo ilegal: {why}", "illegal target: {why}"),
    "magic.illegal.target_count_many": ("se necesitan al menos {n} objetivo(s)", "at least {n} target(s) are needed"),
    "magic.illegal.target_count": ("se necesitan {n} objetivo(s) ({specs}), no {given}",
                                   "{n} target(s) are needed ({specs}), not {given}"),
    "magic.illegal.target_count_none": ("ninguno", "none"),
    "magic.illegal.target_twice": ("«{ref}» ya es objetivo: {spec} debe ser distinto",
                                   "«{ref}» is already a target: {spec} must be a different one"),
    "magic.illegal.graveyard_land": (
        "{card} ({id}) está en el cementerio de {player} y nada le permite jugarla desde allí",
        "{card} ({id}) is in {player}'s graveyard and nothing lets them play it from there"),
    "magic.illegal.graveyard_cast": (
        "{card} ({id}) está en el cementerio de {player} y nada le permite lanzarla desde allí",
        "{card} ({id}) is in {player}'s graveyard and nothing lets them cast it from there"),
    "magic.x.in_cost": ("{card} tiene {{X}} en su coste", "{card} has {{X}} in its cost"),
    "magic.x.ability_in_cost": ("la habilidad de {card} tiene {{X}} en su coste",
                                "the ability of {card} has {{X}} in its cost"),
    "magic.illegal.announce_x": ("{what}: anuncia su valor con «x» (x: 0 también vale)",
                                 "{what}: announce its value with «x» (x: 0 is an announcement too)"),
    "magic.illegal.x_defined": ("{card}: X lo define su texto (las {counts} que controlas), no se elige",
                                "{card}: its text defines X (the {counts} you control), it is not chosen"),
    "magic.illegal.not_divided": ("{card} no divide nada entre sus objetivos",
                                  "{card} does not divide anything among its targets"),
    "magic.illegal.divide_none": ("con X={x} hay que elegir cero objetivos (hay {n})",
                                  "with X={x} zero targets must be chosen (there are {n})"),
    "magic.illegal.divide_range": ("con X={x} hay que elegir entre 1 y {x} objetivos (hay {n})",
                                   "with X={x} between 1 and {x} targets must be chosen (there are {n})"),
    "magic.illegal.divide_split": ("hay que repartir {x} entre los {n} objetivos, al menos 1 a cada uno (con «divide»)",
                                   "{x} must be divided among the {n} targets, at least 1 to each (with «divide»)"),
    "magic.illegal.divide_missing": ("«{ref}» es objetivo pero no recibe parte del reparto",
                                     "«{ref}» is a target but gets no part of the division"),
    "magic.illegal.additional_sacrifice": (
        "{card} pide sacrificar {n} criatura(s) como coste adicional (se indican {given} con «sacrifice»)",
        "{card} asks to sacrifice {n} creature(s) as an additional cost ({given} given with «sacrifice»)"),
    "magic.illegal.additional_discard": (
        "{card} pide descartar {n} carta(s) como coste adicional (se indican {given} con «discard»)",
        "{card} asks to discard {n} card(s) as an additional cost ({given} given with «discard»)"),
    "magic.illegal.not_your_creature": ("«{ref}» no es una criatura que {player} controle",
                                        "«{ref}» is not a creature {player} controls"),
    "magic.illegal.not_other_hand_card": ("«{ref}» no es otra carta de la mano de {player}",
                                          "«{ref}» is not another card in {player}'s hand"),
    "magic.illegal.additional_counter_able": (
        "{player} no controla {n} criatura(s) que puedan recibir un contador -1/-1: no puede pagar el coste adicional "
        "de {card}",
        "{player} does not control {n} creature(s) that can get a -1/-1 counter: they can't pay the additional cost "
        "of {card}"),
    "magic.illegal.additional_counter": (
        "{card} pide poner un contador -1/-1 sobre {n} criatura(s) que controles como coste adicional (se indican "
        "{given} con «counter_on»)",
        "{card} asks to put a -1/-1 counter on {n} creature(s) you control as an additional cost ({given} given with "
        "«counter_on»)"),
    "magic.illegal.additional_counter_cant": (
        "{card} ({id}) no puede tener contadores: no se puede pagar el coste adicional con ella",
        "{card} ({id}) can't have counters: the additional cost can't be paid with it"),
    "magic.illegal.pay_life": ("{player} no puede pagar {n} {n:plural=vida|vidas} con {lives}",
                               "{player} can't pay {n} life with {lives}"),
    "magic.illegal.ability_graveyard_only": (
        "{card} ({id}) no tiene la habilidad activada número {n} en el campo de batalla: la de su carta funciona solo "
        "desde el cementerio",
        "{card} ({id}) has no activated ability number {n} on the battlefield: the one on its card works only from "
        "the graveyard"),
    "magic.illegal.no_ability": ("{card} no tiene la habilidad activada número {n}",
                                 "{card} has no activated ability number {n}"),
    "magic.illegal.no_ability_in_hand": ("{card} no tiene la habilidad activada número {n} en la mano",
                                         "{card} has no activated ability number {n} in the hand"),
    "magic.illegal.no_ability_in_graveyard": ("{card} no tiene la habilidad activada número {n} en el cementerio",
                                              "{card} has no activated ability number {n} in the graveyard"),
    "magic.illegal.hand_only": ("la habilidad de {card} se paga descartándola: solo funciona desde la mano",
                                "the ability of {card} is paid by discarding it: it works only from the hand"),
    "magic.illegal.sorcery_ability": (
        "la habilidad de {card} solo se activa como un conjuro: en una fase principal de su turno con la pila vacía",
        "the ability of {card} is activated only as a sorcery: in a main phase of its controller's turn with an empty "
        "stack"),
    "magic.illegal.unpaid_ability": ("no se puede pagar {cost} con la reserva {pool}; la activación se revierte",
                                     "{cost} can't be paid with the pool {pool}; the activation is reversed"),
    "magic.illegal.nobody_priority": ("nadie tiene la prioridad", "nobody has priority"),
    # what a player lacking priority can't do (magic.illegal.priority's {what})
    "magic.what.mana": ("activar habilidades de maná", "activate mana abilities"),
    "magic.what.activate": ("activar habilidades", "activate abilities"),
    "magic.what.pass": ("pasar la prioridad", "pass priority"),
    # why a mana ability is activated, why a cost moves a card or puts a counter
    "magic.why.mana_ability": ("habilidad de maná", "mana ability"),
    "magic.mana.to_activate": ("para activar {card}", "to activate {card}"),
    "magic.mana.no_other_land": ("ninguna otra tierra que controles produciría maná: no agrega nada",
                                 "no other land you control could produce mana: it adds nothing"),
    "magic.why.sacrifice_for_mana": ("{player} la sacrifica para pagar la habilidad de maná de {card}",
                                     "{player} sacrifices it to pay for the mana ability of {card}"),
    "magic.why.sacrifice_for_mana_self": ("{player} la sacrifica para pagar la habilidad de maná",
                                          "{player} sacrifices it to pay for the mana ability"),
    "magic.why.cost_counter": ("{player} lo pone como coste de la habilidad de {card}",
                               "{player} puts it as a cost of the ability of {card}"),
    "magic.why.sacrifice_additional": ("{player} la sacrifica como coste adicional de {card}",
                                       "{player} sacrifices it as an additional cost of {card}"),
    "magic.why.discard_additional": ("{player} la descarta como coste adicional de {card}",
                                     "{player} discards it as an additional cost of {card}"),
    "magic.why.counter_additional": ("{player} lo pone como coste adicional de {card}",
                                     "{player} puts it as an additional cost of {card}"),
    "magic.why.sacrifice_for_cost": ("{player} la sacrifica para pagar el coste de {card}",
                                     "{player} sacrifices it to pay the cost of {card}"),
    "magic.why.sacrifice_self_for_cost": ("{player} lo sacrifica para pagar el coste",
                                          "{player} sacrifices it to pay the cost"),
    "magic.why.discard_for_ability": ("{player} la descarta para pagar el coste de su habilidad",
                                      "{player} discards it to pay the cost of its ability"),
    # steps
    "magic.play.pay_life": ("{player} paga {n} {n:plural=vida|vidas} como coste adicional de {card}: {lives}",
                            "{player} pays {n} life as an additional cost of {card}: {lives}"),
    "magic.play.reveal": ("{player} muestra {cards} para pagar el coste de {card} (comparten un color)",
                          "{player} reveals {cards} to pay the cost of {card} (they share a color)"),
    "magic.play.activate_from_hand": (
        "{player} activa desde la mano {ability}; va a la pila ({item}){targets}",
        "{player} activates from their hand {ability}; it goes on the stack ({item}){targets}"),
    "magic.play.activate_from_graveyard": (
        "{player} activa desde su cementerio {ability}; va a la pila ({item}){targets}",
        "{player} activates from their graveyard {ability}; it goes on the stack ({item}){targets}"),
    "magic.play.targeting": (" con objetivo {targets}", " targeting {targets}"),
    "magic.play.pass_until_stopped": (
        "se deja de pasar: el turno {turn} dejó atrás {target} sin que nadie recibiera prioridad en él ({why}); ahora "
        "es {now} del turno {current}",
        "passing stops: turn {turn} left {target} behind without anyone receiving priority in it ({why}); it is now "
        "{now} of turn {current}"),
    "magic.pass_until.untap": ("nadie recibe prioridad en el paso de enderezar",
                               "nobody receives priority in the untap step"),
    "magic.pass_until.cleanup": ("normalmente nadie recibe prioridad en el paso de limpieza",
                                 "normally nobody receives priority in the cleanup step"),
    "magic.pass_until.no_first_strike": (
        "ninguna criatura atacante o bloqueadora tenía dañar primero ni doble golpe: ese paso no existe en este "
        "combate",
        "no attacking or blocking creature had first strike or double strike: that step does not exist in this combat"),
    "magic.pass_until.no_attackers": (
        "no se declararon atacantes: se saltan los pasos de declarar bloqueadoras y de daño",
        "no attackers were declared: the declare blockers and combat damage steps are skipped"),
    "magic.pass_until.not_passed": ("la partida no pasó por él", "the game did not go through it"),
    # choice prompts (the question a player is asked, 733.1)
    "magic.prompt.mana_type": ("{player} elige el tipo de maná que agrega {card} (uno de {options})",
                               "{player} chooses the type of mana {card} adds (one of {options})"),
    "magic.prompt.player": ("{player} elige un jugador para {card} (uno de {options})",
                            "{player} chooses a player for {card} (one of {options})"),
}
