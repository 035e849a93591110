"""doce-vidas' validation errors (judge/messages.py): `dv.card.*` for the cards a scenario defines (cards.py),
`dv.schema.*` for the players, the board, the script and the expectations (schema.py). The errors both rulesets
share (a player, an id, a card name) are the format's (`format.*`, judge/format/messages.py).

Spanish is the wording the errors always had (byte-identical); English is new. A card type is named in the error's
language (`dv.type.*`); keys, values and option lists are quoted as the document writes them. messages.py merges
these into the doce-vidas catalog.
"""
from __future__ import annotations

ES: dict[str, str] = {
    # the cards (cards.py)
    "dv.card.cards_shape": "se esperaba un mapa de cartas por nombre (Nombre: {{type: …, cost: …}})",
    "dv.card.too_many": "demasiadas cartas definidas: {n} (máximo {max})",
    "dv.card.bad_name": "nombre de carta no válido {name} (un texto de 1 a {max} caracteres)",
    "dv.card.creature_field": "falta este campo obligatorio para una criatura",
    "dv.card.only_creatures": "solo las criaturas tienen «{key}»; esta carta es {type}",
    "dv.card.needs_effect": "un {type} necesita al menos un efecto",
    "dv.card.effect_shape": "se esperaba un efecto como {{damage: 3, target: any}}, no {got}",
    "dv.card.unknown_effect": "efecto desconocido «{effect}»; se esperaba uno de: {allowed}",
    "dv.card.one_effect": "cada efecto lleva exactamente una clase de efecto: {kinds}",
    "dv.card.one_effect_found": "cada efecto lleva exactamente una clase de efecto (hay {n}: {found}): {kinds}",
    "dv.card.needs_when": "un efecto «{kind}» de un permanente necesita «when: enters|turn_start»",
    "dv.card.triggered_target": "un efecto disparado no elige objetivo: usa {options}",
    "dv.card.permanent_discard": "un permanente no puede obligar a descartar: la elección de las cartas solo la lleva "
                                 "la acción de jugar un hechizo o instantáneo",
    # players, board, script, expectations (schema.py)
    "dv.schema.entry_shape": "se esperaba un nombre de carta o {{card: Nombre, id: …}}",
    "dv.schema.id_is_card": "el id «{id}» coincide con el nombre de una carta",
    "dv.schema.not_permanent": "«{card}» es un {type}: solo los permanentes (criaturas, reliquias, encantamientos) "
                               "están en juego",
    "dv.schema.enchantment_unattached": "un encantamiento en juego va unido a un permanente: falta «attached_to»",
    "dv.schema.host_not_in_play": "«{ref}» no es el id de un permanente en juego",
    "dv.schema.attach_cycle": "los encantamientos forman un ciclo",
    "dv.schema.attach_not_enchantment": "solo los encantamientos se unen a otro permanente",
    "dv.schema.unknown_ref": "carta desconocida «{ref}» (ni nombre de carta ni id)",
    "dv.schema.unknown_target": "objetivo desconocido «{ref}»: ni jugador ni id de carta",
    "dv.schema.unknown_id": "id desconocido «{ref}»",
    "dv.schema.empty_check": "una comprobación entre acciones necesita al menos una expectativa",
    "dv.schema.too_many_checks": "demasiadas comprobaciones entre acciones: {n} (máximo {max} en todo el guion)",
    "dv.schema.action_shape": "se esperaba una acción como {{by: Ana, play: Lobo gris}}",
    "dv.schema.one_action": "cada acción lleva exactamente uno de: {keys}",
    "dv.schema.one_action_found": "cada acción lleva exactamente uno de: {keys} (hay {found})",
    "dv.schema.no_attackers": "se esperaba al menos una criatura atacante",
    "dv.schema.attack_target": "falta el objetivo del ataque (un jugador o el id de una criatura)",
    "dv.schema.end_turn_true": "se esperaba «end_turn: true»",
    "dv.schema.expect_shape": "se esperaba una comprobación como {{player: Ana, lives: 9}}",
    "dv.schema.cards_missing": "falta este campo obligatorio: doce-vidas define sus cartas en el escenario",
}

EN: dict[str, str] = {
    "dv.card.cards_shape": "expected a mapping of cards by name (Nombre: {{type: …, cost: …}})",
    "dv.card.too_many": "too many cards defined: {n} (at most {max})",
    "dv.card.bad_name": "invalid card name {name} (a text of 1 to {max} characters)",
    "dv.card.creature_field": "this field is required for a creature",
    "dv.card.only_creatures": "only creatures have «{key}»; this card's type is {type}",
    "dv.card.needs_effect": "a card of type {type} needs at least one effect",
    "dv.card.effect_shape": "expected an effect such as {{damage: 3, target: any}}, not {got}",
    "dv.card.unknown_effect": "unknown effect «{effect}»; expected one of: {allowed}",
    "dv.card.one_effect": "each effect has exactly one kind of effect: {kinds}",
    "dv.card.one_effect_found": "each effect has exactly one kind of effect (it has {n}: {found}): {kinds}",
    "dv.card.needs_when": "a «{kind}» effect of a permanent needs «when: enters|turn_start»",
    "dv.card.triggered_target": "a triggered effect chooses no target: use {options}",
    "dv.card.permanent_discard": "a permanent can't make a player discard: only playing a spell or an instant lets "
                                 "the cards be chosen",
    "dv.schema.entry_shape": "expected a card name or {{card: Nombre, id: …}}",
    "dv.schema.id_is_card": "the id «{id}» is a card's name",
    "dv.schema.not_permanent": "«{card}» is of type {type}: only permanents (creatures, relics, enchantments) are in "
                               "play",
    "dv.schema.enchantment_unattached": "an enchantment in play is attached to a permanent: «attached_to» is missing",
    "dv.schema.host_not_in_play": "«{ref}» is not the id of a permanent in play",
    "dv.schema.attach_cycle": "the enchantments are attached in a circle",
    "dv.schema.attach_not_enchantment": "only enchantments are attached to another permanent",
    "dv.schema.unknown_ref": "unknown card «{ref}» (neither a card name nor an id)",
    "dv.schema.unknown_target": "unknown target «{ref}»: neither a player nor a card id",
    "dv.schema.unknown_id": "unknown id «{ref}»",
    "dv.schema.empty_check": "a check between actions needs at least one expectation",
    "dv.schema.too_many_checks": "too many checks between actions: {n} (at most {max} in the whole script)",
    "dv.schema.action_shape": "expected an action such as {{by: Ana, play: Lobo gris}}",
    "dv.schema.one_action": "each action has exactly one of: {keys}",
    "dv.schema.one_action_found": "each action has exactly one of: {keys} (it has {found})",
    "dv.schema.no_attackers": "expected at least one attacking creature",
    "dv.schema.attack_target": "the attack's target is missing (a player or the id of a creature)",
    "dv.schema.end_turn_true": "expected «end_turn: true»",
    "dv.schema.expect_shape": "expected a check such as {{player: Ana, lives: 9}}",
    "dv.schema.cards_missing": "this required field is missing: doce-vidas defines its cards in the scenario",
}
