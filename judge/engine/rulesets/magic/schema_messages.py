"""The magic scenario parser's validation errors (judge/messages.py): `magic.card.*` for the inline cards
(cardschema.py), `magic.schema.*` for the board, the stack, the script and the expectations (schema.py). The
errors both rulesets share (a player, an id, a card name) are the format's (`format.*`, judge/format/messages.py).

Spanish is the wording the errors always had (byte-identical); English is new, in the Comprehensive Rules' terms.
Keys, values and option lists are quoted as the document writes them. magic/messages.py merges these into the magic
catalog, apart so that the step texts and the validation errors can grow without touching each other.
"""
from __future__ import annotations

ES: dict[str, str] = {
    # inline cards (cardschema.py)
    "magic.card.too_many": "demasiadas cartas: {n} (máximo {max})",
    "magic.card.bad_name": "nombre de carta no válido {name}",
    "magic.card.unknown_supertype": "supertipo desconocido «{name}» (legendary, basic)",
    "magic.card.pt_not_creature": "solo las criaturas tienen fuerza y resistencia (208.3)",
    "magic.card.creature_needs_pt": "una criatura necesita fuerza y resistencia",
    "magic.card.modes_not_spell": "solo los instantáneos y conjuros modales tienen «modes» (700.2)",
    "magic.card.modes_and_effects": "un hechizo modal lleva sus efectos y objetivos en cada modo, no en "
                                    "«effects»/«targets»",
    "magic.card.modes_too_few": "un hechizo modal tiene al menos dos modos (700.2)",
    "magic.card.effects_not_spell": "solo los instantáneos y conjuros tienen «effects»; un permanente usa triggers, "
                                    "activated, static o replacements",
    "magic.card.spell_needs_effects": "un instantáneo o conjuro necesita «effects» (o «text» si no se modela)",
    "magic.card.aura_one_target": "un Aura necesita exactamente un objetivo: lo que encanta (303.4a)",
    "magic.card.land_cast_from": "una tierra se juega, no se lanza (305.1): «cast_from» es de los hechizos; una "
                                 "habilidad estática «play_from_graveyard: lands» deja jugarlas desde el cementerio",
    "magic.card.bad_cost": "coste de maná no válido: {reason}",
    "magic.card.type_not_text": "se esperaba un tipo de carta",
    "magic.card.unknown_type": "tipo de carta desconocido «{type}»; se esperaba uno de: {allowed}",
    "magic.card.no_type": "una carta tiene al menos un tipo",
    "magic.card.unknown_color": "color desconocido {value}; se esperaba W, U, B, R o G",
    "magic.card.keyword_not_text": "se esperaba el nombre de una habilidad de palabra clave",
    "magic.card.unknown_keyword": "palabra clave desconocida «{keyword}»; el motor modela: {modelled} (las demás "
                                  "van en «text»)",
    "magic.card.many_not_last": "solo el último objetivo puede ser «many» (cualquier cantidad)",
    "magic.card.where_not_permanent": "«where» filtra permanentes: no vale con un jugador ni un hechizo",
    "magic.card.graveyard_target": "en un cementerio el objetivo es «card» o «creature» (una carta de criatura)",
    "magic.card.card_needs_graveyard": "«card» es una carta de un cementerio: pon «zone: graveyard»",
    "magic.card.mv_slot_first": "compara con un objetivo anterior: no vale en el primero",
    "magic.card.effect_shape": "se esperaba un efecto como {{damage: 3, to: target}}",
    "magic.card.one_verb": "cada efecto lleva exactamente uno de: {verbs}",
    "magic.card.one_verb_found": "cada efecto lleva exactamente uno de: {verbs} (hay {found})",
    "magic.card.condition_state": "con «{verb}», «condition» es una condición del estado de la partida: {forms}",
    "magic.card.where_not_objects": "«where» filtra objetos: no vale con to: {to}",
    "magic.card.unknown_quality": "cualidad desconocida {value}; se esperaba una de: {qualities}, subtype:<subtipo> "
                                  "o non<cualidad> (noncreature, nonbasic, non-subtype:Elfo)",
    "magic.card.counter_kind": "se esperaba +1/+1 o -1/-1",
    "magic.card.only_when": "«{key}» solo vale con when: {when}",
    "magic.card.from_zone_when": "«from_zone» solo vale con when: zone_change (y from_zone con spell_cast)",
    "magic.card.of_when": "«of» solo vale con when: enters, dies, attacks o counter_put",
    "magic.card.of_counter_put": "con counter_put, «of» es self o creature",
    "magic.card.one_or_more_when": "«one_or_more» solo vale con when: enters, dies o attacks y un grupo en «of» "
                                   "(creature, another_creature, your_creature, opponents_creature)",
    "magic.card.where_when": "«where» solo vale con when: enters y una criatura (of), o spell_cast (el hechizo "
                             "lanzado)",
    "magic.card.graveyard_cost": "una habilidad que funciona desde el cementerio no se paga con «{key}»",
    "magic.card.equip_not_equipment": "solo un Equipo (artefacto con el subtipo Equipment o Equipo) tiene «equip» "
                                      "(301.5, 702.6a)",
    "magic.card.while_shape": "se esperaba una condición: {{library_at_most: N}}",
    "magic.card.static_verbs": "una habilidad estática modela: {verbs}",
    "magic.card.one_condition": "se esperaba una sola condición: {conditions}",
    "magic.card.protection_quality": "se esperaba una cualidad: mv>=N, W, U, B, R, G, chosen_name o un tipo de carta "
                                     "({types})",
    "magic.card.replacement_key": "«{key}» no se usa con event: {event}",
    "magic.card.replacement_key_reads": "«{key}» no se usa con event: {event} (lee: {reads})",
    "magic.card.draw_instead": "un reemplazo de robo dice qué pasa en su lugar",
    "magic.card.replacement_amount": "un reemplazo de {event} dice cuánto cambia: «multiply» o «add»",
    # a mana cost or a mana pool that cannot be read (mana.py's ManaError)
    "magic.mana_text.outside": "texto fuera de los símbolos: «{text}»",
    "magic.mana_text.symbol": "símbolo de maná desconocido «{{{symbol}}}»",
    "magic.mana_text.not_addable": "{symbol} no es maná que se pueda añadir",
    "magic.mana_text.unknown": "maná desconocido «{mana}» (se esperaba W U B R G C)",
    # the board, the stack, the script, the expectations (schema.py)
    "magic.schema.unknown_card": "carta desconocida «{card}» (defínela en «cards:»; las tierras básicas son "
                                 "{basics})",
    "magic.schema.id_tilde": "un id no lleva «~» (el motor lo usa para los objetos nuevos, 400.7)",
    "magic.schema.not_permanent": "«{card}» no es un permanente: no puede estar en el campo de batalla",
    "magic.schema.attached_not_permanent": "«{ref}» no es otro permanente del campo de batalla",
    "magic.schema.aura_unattached": "un Aura en el campo de batalla está anexada: falta «attached_to»",
    "magic.schema.unknown_ref": "«{ref}» no es un {what} del escenario",
    "magic.schema.ref.object": "id de objeto",
    "magic.schema.ref.object_player": "id de objeto, jugador",
    "magic.schema.ref.object_card": "id de objeto ni nombre de carta",
    "magic.schema.ref.object_player_card": "id de objeto, jugador ni nombre de carta",
    "magic.schema.x_needed": "{card} tiene {{X}} en su coste: di el valor anunciado al lanzarlo (601.2b; x: 0 "
                             "también vale)",
    "magic.schema.action_shape": "se esperaba una acción como {{by: Ana, cast: Rayo, targets: [Bruno]}}",
    "magic.schema.too_many_checks": "demasiadas comprobaciones entre acciones (máximo {max} en todo el guion)",
    "magic.schema.one_action": "cada acción lleva exactamente uno de: {keys}",
    "magic.schema.one_action_found": "cada acción lleva exactamente uno de: {keys} (hay {found})",
    "magic.schema.pass_true": "se esperaba «pass: true»",
    "magic.schema.choose_value": "se esperaba un id, un jugador o un número",
    "magic.schema.expect_shape": "se esperaba una comprobación como {{player: Ana, life: 17}}",
}

EN: dict[str, str] = {
    "magic.card.too_many": "too many cards: {n} (at most {max})",
    "magic.card.bad_name": "invalid card name {name}",
    "magic.card.unknown_supertype": "unknown supertype «{name}» (legendary, basic)",
    "magic.card.pt_not_creature": "only creatures have power and toughness (208.3)",
    "magic.card.creature_needs_pt": "a creature needs power and toughness",
    "magic.card.modes_not_spell": "only modal instants and sorceries have «modes» (700.2)",
    "magic.card.modes_and_effects": "a modal spell gives its effects and targets in each mode, not in "
                                    "«effects»/«targets»",
    "magic.card.modes_too_few": "a modal spell has at least two modes (700.2)",
    "magic.card.effects_not_spell": "only instants and sorceries have «effects»; a permanent uses triggers, "
                                    "activated, static or replacements",
    "magic.card.spell_needs_effects": "an instant or sorcery needs «effects» (or «text» if it is not modelled)",
    "magic.card.aura_one_target": "an Aura needs exactly one target: what it will enchant (303.4a)",
    "magic.card.land_cast_from": "a land is played, not cast (305.1): «cast_from» is for spells; a static ability "
                                 "«play_from_graveyard: lands» lets lands be played from the graveyard",
    "magic.card.bad_cost": "invalid mana cost: {reason}",
    "magic.card.type_not_text": "expected a card type",
    "magic.card.unknown_type": "unknown card type «{type}»; expected one of: {allowed}",
    "magic.card.no_type": "a card has at least one card type",
    "magic.card.unknown_color": "unknown color {value}; expected W, U, B, R or G",
    "magic.card.keyword_not_text": "expected the name of a keyword ability",
    "magic.card.unknown_keyword": "unknown keyword «{keyword}»; the engine models: {modelled} (any other goes in "
                                  "«text»)",
    "magic.card.many_not_last": "only the last target may be «many» (any number of them)",
    "magic.card.where_not_permanent": "«where» filters permanents: it does not apply to a player or a spell",
    "magic.card.graveyard_target": "in a graveyard the target is «card» or «creature» (a creature card)",
    "magic.card.card_needs_graveyard": "«card» is a card in a graveyard: add «zone: graveyard»",
    "magic.card.mv_slot_first": "it compares with an earlier target: not on the first one",
    "magic.card.effect_shape": "expected an effect such as {{damage: 3, to: target}}",
    "magic.card.one_verb": "each effect has exactly one of: {verbs}",
    "magic.card.one_verb_found": "each effect has exactly one of: {verbs} (it has {found})",
    "magic.card.condition_state": "with «{verb}», «condition» is a condition about the game state: {forms}",
    "magic.card.where_not_objects": "«where» filters objects: it does not apply with to: {to}",
    "magic.card.unknown_quality": "unknown quality {value}; expected one of: {qualities}, subtype:<subtype> or "
                                  "non<quality> (noncreature, nonbasic, non-subtype:Elf)",
    "magic.card.counter_kind": "expected +1/+1 or -1/-1",
    "magic.card.only_when": "«{key}» only applies with when: {when}",
    "magic.card.from_zone_when": "«from_zone» only applies with when: zone_change (and from_zone with spell_cast)",
    "magic.card.of_when": "«of» only applies with when: enters, dies, attacks or counter_put",
    "magic.card.of_counter_put": "with counter_put, «of» is self or creature",
    "magic.card.one_or_more_when": "«one_or_more» only applies with when: enters, dies or attacks and a group in "
                                   "«of» (creature, another_creature, your_creature, opponents_creature)",
    "magic.card.where_when": "«where» only applies with when: enters and a creature (of), or spell_cast (the spell "
                             "cast)",
    "magic.card.graveyard_cost": "an ability that works from the graveyard can't be paid with «{key}»",
    "magic.card.equip_not_equipment": "only an Equipment (an artifact with the subtype Equipment or Equipo) has "
                                      "«equip» (301.5, 702.6a)",
    "magic.card.while_shape": "expected a condition: {{library_at_most: N}}",
    "magic.card.static_verbs": "a static ability can be one of: {verbs}",
    "magic.card.one_condition": "expected a single condition: {conditions}",
    "magic.card.protection_quality": "expected a quality: mv>=N, W, U, B, R, G, chosen_name or a card type "
                                     "({types})",
    "magic.card.replacement_key": "«{key}» is not used with event: {event}",
    "magic.card.replacement_key_reads": "«{key}» is not used with event: {event} (it reads: {reads})",
    "magic.card.draw_instead": "a draw replacement says what happens instead",
    "magic.card.replacement_amount": "a {event} replacement says how much it changes: «multiply» or «add»",
    "magic.mana_text.outside": "text outside the mana symbols: «{text}»",
    "magic.mana_text.symbol": "unknown mana symbol «{{{symbol}}}»",
    "magic.mana_text.not_addable": "{symbol} is not mana that can be added",
    "magic.mana_text.unknown": "unknown mana «{mana}» (expected W U B R G C)",
    "magic.schema.unknown_card": "unknown card «{card}» (define it in «cards:»; the basic lands are {basics})",
    "magic.schema.id_tilde": "an id can't contain «~» (the engine uses it for new objects, 400.7)",
    "magic.schema.not_permanent": "«{card}» is not a permanent: it can't be on the battlefield",
    "magic.schema.attached_not_permanent": "«{ref}» is not another permanent on the battlefield",
    "magic.schema.aura_unattached": "an Aura on the battlefield is attached to something: «attached_to» is missing",
    "magic.schema.unknown_ref": "«{ref}» is not {what} of the scenario",
    "magic.schema.ref.object": "an object id",
    "magic.schema.ref.object_player": "an object id or a player",
    "magic.schema.ref.object_card": "an object id or a card name",
    "magic.schema.ref.object_player_card": "an object id, a player or a card name",
    "magic.schema.x_needed": "{card} has {{X}} in its mana cost: give the value announced as it was cast (601.2b; "
                             "x: 0 is fine too)",
    "magic.schema.action_shape": "expected an action such as {{by: Ana, cast: Rayo, targets: [Bruno]}}",
    "magic.schema.too_many_checks": "too many checks between actions (at most {max} in the whole script)",
    "magic.schema.one_action": "each action has exactly one of: {keys}",
    "magic.schema.one_action_found": "each action has exactly one of: {keys} (it has {found})",
    "magic.schema.pass_true": "expected «pass: true»",
    "magic.schema.choose_value": "expected an id, a player or a number",
    "magic.schema.expect_shape": "expected a check such as {{player: Ana, life: 17}}",
}
