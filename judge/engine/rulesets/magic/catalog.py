"""The magic card catalog: the Shadowmoor FAQ's cards (rules_corpus/faq-paramo-sombrio.txt, as the corpus parses
them: cost, type line, P/T, text) turned into CardDefs, plus the basic lands.

Each line of a card's printed text is read by one table of patterns (`PIECES`): a keyword line becomes keywords,
a known sentence becomes an ability built from the engine's pieces (effects, triggers, costs, statics). A line no
pattern reads is kept, word for word, as the card's unmodelled text: flagged in every trace the card appears in.
A scenario that defines a card inline with the same name uses its own definition instead.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from judge.engine.rulesets.magic.cards import (BASIC_LANDS, Activated, CardDef, Effect, Replacement, Static,
                                               TargetSpec, Triggered)
from judge.engine.rulesets.magic.mana import ManaError, parse_cost
from judge.engine.rulesets.magic.catalogpieces import (TYPES, SUPERTYPES, REMINDER, ARTICLE, Reading, Piece, _keywords,
                                                       _mana, _enchant_creature, _enters_counter, _enters_draw, _draw,
                                                       _others_1_1, _no_prevention, _cant_block, _enchanted_pump,
                                                       _counter_spell, _destroy, _damage, _counter_on_it, _double_gain,
                                                       _draw_two_instead, COLOR_WORDS, _grant_yours,
                                                       _self_gains_until_eot, _target_colour, _keyword_list,
                                                       _all_permanents_type, _other_permanents_grant,
                                                       _creatures_quality_grant, _other_coloured_pump,
                                                       _unblocked_set_pt, _opponents_countered_cant, _any_color_mana,
                                                       _tap_target_chosen_colors, _self_all_colors,
                                                       _enchanted_while_colour, _self_pump_while_library,
                                                       _attacks_target_loses, _enters_target_chosen_colors,
                                                       _each_other_becomes_copy, _enters_with, _untap_it, ON_IT, TOKEN,
                                                       _no_counters, _counter_on_self_when, _dies_draw_per_counter,
                                                       _dies_counters_per_counter, _dies_counter_on_each_with_one,
                                                       _any_dies_with_counter, _counter_placed_token,
                                                       _counter_cost_untap, _enchanted_doesnt_untap,
                                                       _enchanted_has_ability, _tap_discard, _only_your_turn,
                                                       _tap_prevent, _remove_counter_cost_other, _one_two_three,
                                                       _additional_counter, _move_counter, _enters_remove_counter,
                                                       _any_number_of_targets, _each_of_them_gains, _no_life_gain,
                                                       _all_wither, _untapped_discard, _untap_any_color,
                                                       _prevent_all_to_self, _source_draws_prevented,
                                                       _blocks_or_blocked_grant, _damage_to_opponent_remove_all,
                                                       _Unread, REMINDER_END, SPENT, _gain_x_per_colour_spent, _tokens,
                                                       _counter_creature_spell, _reanimate_up_to_one,
                                                       _target_player_creatures_pump_grant, _enters_damage_equal_power,
                                                       _upkeep_you_hand_empty, _upkeep_opponent_hand_empty,
                                                       _end_step_opponent_lost_draw, _end_step_lose_life_lost,
                                                       _tap_untapped_target, _it_damages_its_controller,
                                                       _sacrifice_then_tokens_by_power, _destroy_all_types,
                                                       _gain_per_destroyed, _regenerate, _double_tapped_mana,
                                                       _mana_of_land_types, _tap_add_mana, _only_on_x_costs,
                                                       _enters_tapped, _cost_gain_life, _only_if_you_control,
                                                       _tap_sac_land_damage, _tap_sac_land_choose_player,
                                                       _chosen_player_adds, _reveal_draw, _may_shuffle_graveyard_card,
                                                       _search_mv_le_lands, _opponent_sacrifices_per_colour,
                                                       _divided_x_lands, _look_keep_more_if_most_creatures,
                                                       _then_shuffle, _trigger, _activated, _grant_quoted, _slot,
                                                       _effect, _part_of_previous, _random_discard_damage,
                                                       _discard_hand_and_draw, _destroy_land_of_damaged,
                                                       _three_nonenchantments, _opponent_exiles_top_x, _move_auras,
                                                       _exile_same_name, _pay_optional, _grant_linked, WITH_KEYWORD,
                                                       _tokens_counted)

# One table: a sentence of the FAQ's Spanish (the card's own name as {name}) → the piece that models it.
PIECES: list[tuple[str, Piece]] = [
    (r"^\{T\}: Agrega \{(?P<c>[WUBRG])\} a tu reserva de maná\.$", _mana),
    (r"^Encantar criatura\.$", _enchant_creature),
    (r"^Cuando " + ARTICLE + r"{name} entre(?:n)? en juego,? pon un contador -1/-1 sobre la criatura objetivo\.$",
     _enters_counter),
    (r"^Cuando " + ARTICLE + r"{name} entre(?:n)? en juego,? roba una carta\.$", _enters_draw),
    (r"^Roba (?P<n>una carta|dos cartas|tres cartas)\.$", _draw),
    (r"^Las otras criaturas son 1/1\.$", _others_1_1),
    (r"^El daño no puede ser prevenido\.$", _no_prevention),
    (r"^" + ARTICLE + r"{name} no puede(?:n)? bloquear\.$", _cant_block),
    (r"^La criatura encantada obtiene \+(?P<p>\d+)/\+(?P<t>\d+)\.$", _enchanted_pump),
    (r"^Contrarresta el hechizo objetivo\.$", _counter_spell),
    (r"^Destruye (?:el|la) (?P<what>criatura|artefacto|encantamiento|tierra|permanente) objetivo\.$", _destroy),
    (r"^" + ARTICLE + r"{name} hace(?:n)? (?P<n>\d+) puntos? de daño a la (?P<what>criatura o jugador|criatura) "
     r"objetivo\.$", _damage),
    (r"^Pon un contador -1/-1 sobre esa criatura\.$", _counter_on_it),
    (r"^Si fueras a ganar vida, en vez de eso, ganas el doble de esas vidas\.$", _double_gain),
    (r"^Si fueras a robar una carta, en vez de eso, roba dos cartas\.$", _draw_two_instead),
    (r"^Las criaturas que controlas tienen la habilidad de (?P<kw>dañar dos veces|vínculo vital|volar|arrollar|"
     r"dañar primero|prisa|vigilancia|alcance)\.$", _grant_yours),
    (r"^(?P<cost>(?:\{[0-9WUBRG]\})+)(?P<t>, \{T\})?(?P<q>, \{Q\})?: " + ARTICLE + r"{name} gana(?:n)? la "
     r"habilidad de (?P<kw>volar|arrollar|dañar primero|prisa|vigilancia|alcance) hasta el final del turno\.$",
     _self_gains_until_eot),
    (r"^La criatura objetivo es (?P<color>azul|roja|rojo|verde|blanca|blanco|negra|negro) hasta el final del "
     r"turno\.$", _target_colour),
    (r"^Endereza esa criatura\.$", _untap_it),
    (r"^" + ARTICLE + r"{name} entra(?:n)? en juego con (?P<n>un|dos|tres|cuatro|cinco|seis) contador(?:es)? "
     r"(?P<kind>[-+]1/[-+]1) sobre (?:él|ella|ellos|ellas)\.$", _enters_with),
    (r"^" + ARTICLE + r"{name} no puede(?:n)? tener contadores sobre " + ON_IT + r"\.$", _no_counters),
    (r"^Siempre que " + ARTICLE + r"{name} ataque(?:n)? o bloquee(?:n)?, pon un contador -1/-1 sobre " + ON_IT
     + r"(?P<later> al final del combate)?\.$", _counter_on_self_when),
    (r"^Cuando " + ARTICLE + r"{name} vaya(?:n)? a un cementerio desde el juego, roba una carta por cada contador "
     r"-1/-1 sobre " + ON_IT + r"\.$", _dies_draw_per_counter),
    (r"^Cuando " + ARTICLE + r"{name} vaya(?:n)? a un cementerio desde el juego, pon un contador -1/-1 sobre la "
     r"criatura objetivo por cada contador -1/-1 sobre " + ARTICLE + r"{name}\.$", _dies_counters_per_counter),
    (r"^Cuando " + ARTICLE + r"{name} vaya(?:n)? a un cementerio desde el juego, pon un contador -1/-1 sobre cada "
     r"criatura con un contador -1/-1 sobre ella\.$", _dies_counter_on_each_with_one),
    (r"^Siempre que una criatura vaya a un cementerio desde el juego, si tenía un contador -1/-1 sobre ella, pon un "
     r"contador -1/-1 sobre la criatura objetivo\.$", _any_dies_with_counter),
    (r"^Siempre que se coloque un contador -1/-1 sobre una criatura, puedes poner en juego una ficha de criatura "
     + TOKEN + r"\.$", _counter_placed_token),
    (r"^(?:(?P<cost>(?:\{[0-9WUBRG]\})+), )?(?:Pon|Poner) un contador -1/-1 sobre " + ARTICLE + r"{name}: Endereza "
     + ARTICLE + r"{name}\.$", _counter_cost_untap),
    (r"^La criatura encantada no se endereza durante el paso de enderezar de su controlador\.$",
     _enchanted_doesnt_untap),
    (r"^La criatura encantada tiene “(?P<ability>[^”]+)”\.$", _enchanted_has_ability),
    (r"^Siempre que " + ARTICLE + r"{name} bloquee o sea bloquead[oa] por una criatura, esa criatura gana la "
     r"habilidad de (?P<kw>debilitar|volar|arrollar|dañar primero) hasta el final del turno\.$",
     _blocks_or_blocked_grant),
    (r"^Siempre que " + ARTICLE + r"{name} haga daño a un oponente, remueve todos los contadores (?P<kind>[-+]1/[-+]1) "
     r"de " + ON_IT + r"\.$", _damage_to_opponent_remove_all),
    (r"^\{T\}: El jugador objetivo descarta una carta\.$", _tap_discard),
    (r"^Juega esta habilidad sólo durante tu turno\.$", _only_your_turn),
    (r"^\{T\}: Prevén el siguiente (?P<n>\d+) punto de daño que se le fuera a hacer a la criatura o jugador "
     r"objetivo este turno\.$", _tap_prevent),
    (r"^Remover un contador (?P<kind>[-+]1/[-+]1) (?:del |de la |de los |de las |de ){name}: Pon un contador -1/-1 "
     r"sobre otra criatura objetivo\.$", _remove_counter_cost_other),
    (r"^Pon un contador -1/-1 sobre la criatura objetivo, dos contadores -1/-1 sobre otra criatura objetivo y tres "
     r"contadores -1/-1 sobre una tercera criatura objetivo\.$", _one_two_three),
    (r"^Como coste adicional para jugar " + ARTICLE + r"{name}, pon un contador -1/-1 sobre una criatura que "
     r"controlas\.$", _additional_counter),
    (r"^(?P<cost>(?:\{[0-9WUBRG]\})+), \{Q\}: Mueve un contador de la criatura objetivo a otra criatura "
     r"objetivo\.$", _move_counter),
    (r"^Cuando " + ARTICLE + r"{name} entre(?:n)? en juego, puedes remover un contador del permanente objetivo\.$",
     _enters_remove_counter),
    (r"^\{T\}: Elige cualquier cantidad de criaturas objetivo\.$", _any_number_of_targets),
    (r"^Cada una de esas criaturas gana la habilidad de (?P<kw>persistir|debilitar|volar|arrollar) hasta el final "
     r"del turno\.$", _each_of_them_gains),
    (r"^Los jugadores no pueden ganar vida\.$", _no_life_gain),
    (r"^Todo el daño se hace como si su fuente tuviera la habilidad de debilitar\.$", _all_wither),
    (r"^Siempre que " + ARTICLE + r"{name} sea(?:n)? enderezad[oa]s?, puedes hacer que el jugador objetivo descarte "
     r"una carta\.$", _untapped_discard),
    (r"^(?P<cost>(?:\{[0-9WUBRG]\})+), \{Q\}: Agrega un maná de cualquier color a tu reserva de maná\.$",
     _untap_any_color),
    (r"^Si una fuente fuera a hacer daño a " + ARTICLE + r"{name}, prevén ese daño\.$", _prevent_all_to_self),
    (r"^El controlador de la fuente roba una cantidad de cartas igual al daño prevenido de esta manera\.$",
     _source_draws_prevented),
    (r"^Ganas X vidas si se usó \{(?P<a>[WUBRG])\} para jugar " + ARTICLE + r"{name} y X vidas si se usó "
     r"\{(?P<b>[WUBRG])\} para jugarla\." + REMINDER_END, _gain_x_per_colour_spent),
    (r"^Pon en juego (?P<n>una|dos|tres|cuatro) fichas? de criatura " + TOKEN + SPENT + r"\." + REMINDER_END,
     _tokens),
    (r"^Contrarresta hasta un hechizo de criatura objetivo" + SPENT + r"\." + REMINDER_END, _counter_creature_spell),
    (r"^Regresa al juego hasta una carta de criatura objetivo de tu cementerio" + SPENT + r"\." + REMINDER_END,
     _reanimate_up_to_one),
    (r"^Las criaturas que controla el jugador objetivo obtienen \+(?P<p>\d+)/\+(?P<t>\d+) y ganan la habilidad de "
     r"(?P<kw>prisa|volar|arrollar|vigilancia|alcance) hasta el final del turno" + SPENT + r"\." + REMINDER_END,
     _target_player_creatures_pump_grant),
    (r"^Cuando " + ARTICLE + r"{name} entre(?:n)? en juego,? le hace una cantidad de daño igual a su fuerza a la "
     r"criatura o jugador objetivo\.$", _enters_damage_equal_power),
    (r"^Al comienzo de tu mantenimiento, si no tienes cartas en la mano, cada oponente pierde (?P<n>\d+) vidas\.$",
     _upkeep_you_hand_empty),
    (r"^Al comienzo del mantenimiento de cada oponente, si ese jugador no tiene cartas en su mano, él pierde "
     r"(?P<n>\d+) vidas\.$", _upkeep_opponent_hand_empty),
    (r"^Al final del turno, si un oponente perdió (?P<n>\d+) o más vidas este turno, puedes robar una carta\."
     + REMINDER_END, _end_step_opponent_lost_draw),
    (r"^Al final de cada turno, cada oponente pierde una cantidad de vida igual a las vidas que perdió este turno\."
     + REMINDER_END, _end_step_lose_life_lost),
    (r"^Gira la criatura objetivo enderezada\.$", _tap_untapped_target),
    (r"^Esa criatura hace una cantidad de daño igual a su fuerza a su controlador\.$", _it_damages_its_controller),
    (r"^El controlador de la criatura objetivo la sacrifica, luego pone en juego X fichas de criatura " + TOKEN
     + r" donde X es la fuerza de esa criatura\.$", _sacrifice_then_tokens_by_power),
    (r"^Destruye todos los (?P<what>(?:artefactos|encantamientos|criaturas|tierras)(?: y (?:artefactos|"
     r"encantamientos|criaturas|tierras))*)\.$", _destroy_all_types),
    (r"^Ganas (?P<n>\d+) vidas por cada permanente destruido de esta manera\.$", _gain_per_destroyed),
    (r"^Regenera (?:el|la) (?P<what>permanente|criatura) objetivo\.$", _regenerate),
    (r"^Si giras un permanente para obtener maná, en vez de eso, produce el doble de esa cantidad de maná\.$",
     _double_tapped_mana),
    (r"^\{T\}: Agrega a tu reserva de maná un maná de cualquier tipo que pudiera producir una tierra que "
     r"controles\.$", _mana_of_land_types),
    (r"^\{T\}: Agrega (?P<mana>(?:\{[0-9WUBRGC]\})+) a tu reserva de maná\.$", _tap_add_mana),
    (r"^Usa este maná sólo en costes que contengan \{X\}\.$", _only_on_x_costs),
    (r"^" + ARTICLE + r"{name} entra(?:n)? en juego girad(?:o|a|os|as)\.$", _enters_tapped),
    (r"^(?P<cost>(?:\{[0-9WUBRG]\})+)(?P<t>, \{T\})?: Ganas (?P<n>una|dos|tres|\d+) vidas?\.$", _cost_gain_life),
    (r"^Juega esta habilidad sólo si controlas (?P<n>dos|tres|cuatro) o más permanentes "
     r"(?P<color>verdes|blancos|azules|negros|rojos)\.$", _only_if_you_control),
    (r"^\{T\}, sacrificar una? (?P<land>montaña|bosque|isla|pantano|llanura): " + ARTICLE + r"{name} hace "
     r"(?P<n>\d+) puntos? de daño a la criatura objetivo\.$", _tap_sac_land_damage),
    (r"^\{T\}, sacrificar una? (?P<land>montaña|bosque|isla|pantano|llanura): Elige un jugador\.$",
     _tap_sac_land_choose_player),
    (r"^Ese jugador agrega (?P<mana>(?:\{[WUBRGC]\})+) a su reserva de maná\.$", _chosen_player_adds),
    (r"^(?P<cost>(?:\{[0-9WUBRG]\})+), \{T\}, mostrar (?P<n>dos|tres) cartas de tu mano que compartan un color: "
     r"Roba una carta\.$", _reveal_draw),
    (r"^Puedes barajar hasta una carta objetivo de tu cementerio en tu biblioteca\.$", _may_shuffle_graveyard_card),
    (r"^Busca en tu biblioteca una carta con coste de maná convertido menor o igual a la cantidad de tierras que "
     r"controlas, muéstrala y ponla en tu mano\.$", _search_mv_le_lands),
    (r"^Luego baraja tu biblioteca\.$", _then_shuffle),
    (r"^Mira las primeras (?P<n>\w+) cartas de la parte superior de tu biblioteca\. Si controlas más criaturas que "
     r"cualquiera de los otros jugadores, pon (?P<more>\w+) de esas cartas en tu mano\. De lo contrario, pon "
     r"(?P<less>una) de ellas en tu mano\. Luego pon el resto en el fondo de tu biblioteca en cualquier orden\.$",
     _look_keep_more_if_most_creatures),
    (r"^" + ARTICLE + r"{name} hacen? X puntos de daño divididos como elijas entre cualquier número de criaturas "
     r"y/o jugadores objetivo, donde X es el número de (?P<land>montaña|bosque|isla|pantano|llanura)s que controlas "
     r"mientras juegas " + ARTICLE + r"{name}\.$", _divided_x_lands),
    (r"^El oponente objetivo sacrifica una (?P<what1>criatura|tierra) por cada criatura (?P<c1>negra|roja|verde|"
     r"blanca|azul) que controlas, luego sacrifica una (?P<what2>criatura|tierra) por cada criatura (?P<c2>negra|roja|"
     r"verde|blanca|azul) que controlas\.$", _opponent_sacrifices_per_colour),
]
PIECES += [
    (r"^Todos los permanentes son (?P<type>encantamientos|artefactos) además de sus otros tipos\.$",
     _all_permanents_type),
    (r"^Los otros (?P<type>encantamientos|artefactos|tierras) que controlas tienen la habilidad de "
     r"(?P<kw>velo|volar|vínculo vital|arrollar|prisa|vigilancia|alcance)\.$", _other_permanents_grant),
    (r"^Las criaturas (?P<adj>encantadas|atacantes) que controlas tienen la habilidad de "
     r"(?P<kw>velo|volar|vínculo vital|arrollar|prisa|vigilancia|alcance|dañar primero)\.$",
     _creatures_quality_grant),
    (r"^Las otras criaturas (?P<adj>verdes|blancas|azules|negras|rojas) que controlas obtienen "
     r"\+(?P<p>\d+)/\+(?P<t>\d+)\.$", _other_coloured_pump),
    (r"^(?P<cost>(?:\{[0-9WUBRG]\})+): Cada criatura no bloqueada es (?P<p>\d+)/(?P<t>\d+) hasta el final del "
     r"turno\.$", _unblocked_set_pt),
    (r"^Las criaturas con contadores sobre ellas que controlan tus oponentes no pueden atacar ni bloquear\.$",
     _opponents_countered_cant),
    (r"^\{T\}: Agrega un maná de cualquier color a tu reserva de maná\.$", _any_color_mana),
    (r"^\{T\}: La criatura objetivo es del color o colores de tu elección hasta el final del turno\.$",
     _tap_target_chosen_colors),
    (r"^(?P<cost>(?:\{[0-9WUBRG]\})+): " + ARTICLE + r"{name} es de todos los colores hasta el final del turno\.$",
     _self_all_colors),
    (r"^Mientras la criatura encantada sea (?P<color>verde|blanca|azul|negra|roja), obtiene "
     r"\+(?P<p>\d+)/\+(?P<t>\d+) y (?:(?P<indestructible>es indestructible)|tiene la habilidad de "
     r"(?P<kw>volar|arrollar|vínculo vital|dañar primero|prisa|vigilancia|alcance))\.$", _enchanted_while_colour),
    (r"^" + ARTICLE + r"{name} obtiene \+(?P<p>\d+)/\+(?P<t>\d+) mientras una biblioteca tenga (?P<n>\w+) o "
     r"menos cartas\.$", _self_pump_while_library),
    (r"^Siempre que " + ARTICLE + r"{name} ataque, (?P<may>puedes hacer que )?la criatura objetivo pierda la "
     r"habilidad de (?P<kw>volar|arrollar|alcance|vigilancia) hasta el final del turno\.$", _attacks_target_loses),
    (r"^Cuando " + ARTICLE + r"{name} entre en juego, el permanente objetivo es del color o colores de tu elección "
     r"hasta el final del turno\.$", _enters_target_chosen_colors),
    (r"^Cada otra criatura es una copia de la criatura objetivo que no sea legendaria hasta el final del turno\.$",
     _each_other_becomes_copy),
    # Zones, libraries, graveyards, control, copies and tokens.
    (r"^Cuando " + ARTICLE + r"{name} entre(?:n)? en juego, (?P<rest>.+)$", _trigger("enters")),
    (r"^Cuando juegues " + ARTICLE + r"{name}, (?P<rest>.+)$", _trigger("cast")),
    (r"^Siempre que " + ARTICLE + r"{name} haga daño de combate a un jugador, (?P<rest>.+)$",
     _trigger("deals_damage", to_whom="player", combat=True)),
    (r"^Siempre que " + ARTICLE + r"{name} haga (?P<n>\d+) o más puntos de daño a un oponente, (?P<rest>.+)$",
     lambda m, r, name: _trigger("deals_damage", to_whom="opponent", at_least=int(m["n"]))(m, r, name)),
    (r"^Siempre que una criatura vaya a un cementerio desde el juego, (?P<rest>.+)$",
     _trigger("dies", of="creature")),
    # 603.6a / 400.7: "this or another permanent is put onto the battlefield from a graveyard": any card's move from
    # a graveyard to the battlefield, itself included (it sees itself enter, and what enters with it).
    (r"^Siempre que " + ARTICLE + r"{name} u otro permanente sea puesto en juego desde (?:el|un) cementerio, "
     r"(?P<rest>.+)$", _trigger("zone_change", whose="each", from_zone="graveyard", to_zone="battlefield")),
    # 601.2i: "whenever a spell is cast from a graveyard" (any player's, any graveyard).
    (r"^Siempre que un hechizo se juegue desde (?:el|un) cementerio, (?P<rest>.+)$",
     _trigger("spell_cast", whose="each", from_zone="graveyard")),
    (r"^La criatura encantada tiene [“\"](?P<ab>.+?)[”″\"]\.?$", _grant_quoted),
    (r"^(?P<cost>(?:\{[0-9WUBRGX/]+\})*)(?:, )?(?P<t>\{T\})?(?:, )?(?P<q>\{Q\})?: (?P<rest>.+)$", _activated),
    (r"^Descarta una carta al azar\.$", _effect("discard", amount=1, random=True, to="controller")),
    (r"^Si descartas una carta de criatura de esta manera, " + ARTICLE + r"{name} hace una cantidad de daño igual "
     r"a la fuerza de esa carta al jugador objetivo\.$", _random_discard_damage),
    (r"^Puedes descartar tu mano y robar un número de cartas igual al daño hecho al oponente objetivo este "
     r"turno\.$", _discard_hand_and_draw),
    (r"^Pon en juego (?P<n>una|X) fichas? de criatura " + TOKEN + WITH_KEYWORD + r"(?:, donde X es la fuerza de esta criatura)?"
     r"\.?$", _tokens_counted()),
    (r"^Por cada carta del color elegido removida de esta manera pon en juego una ficha de criatura " + TOKEN
     + WITH_KEYWORD + r"\.$", _tokens_counted("linked_of_color")),
    (r"^Cada jugador pone en juego una ficha de criatura " + TOKEN + WITH_KEYWORD + r" por cada vida que pagó de esta manera\.$",
     _tokens_counted("life_paid", "each_player")),
    (r"^Remuévelas del juego al final del turno\.$",
     _effect("delayed", at="end_step", then=(Effect("exile", to="linked"),))),
    (r"^Sacrifícala al final del turno\.$", _effect("delayed", at="end_step", then=(Effect("sacrifice", to="linked"),))),
    (r"^Muestra la primera carta de tu biblioteca\.$", _effect("reveal_top", amount=1, to="controller")),
    (r"^Si no es una carta de criatura, ponla en tu cementerio\.$",
     _effect("put", to="linked", dest="graveyard", condition="linked_noncreature")),
    (r"^De lo contrario, pon en juego esa carta\.$",
     _effect("put", to="linked", dest="battlefield", condition="linked_creature")),
    (r"^Esa criatura tiene la habilidad de (?P<kw>prisa|volar|arrollar|vigilancia)\.$", _grant_linked),
    (r"^Regresa al juego todas las cartas llamadas {name} de tu cementerio\.$",
     _effect("put", to="graveyard_named_self", dest="battlefield")),
    (r"^Regresa a tu mano una carta al azar de tu cementerio, luego reordena tu cementerio como quieras\.$",
     lambda m, r, name: r.effects.extend((Effect("put", to="graveyard_random", dest="hand"),
                                          Effect("reorder_graveyard", to="controller")))),
    (r"^Elige tres permanentes objetivo que no sean encantamientos\.$", _three_nonenchantments),
    (r"^Destruye uno de ellos al azar\.$", _effect("destroy", to="random_target")),
    (r"^Busca en el cementerio, mano y biblioteca de su controlador todas las cartas con el mismo nombre que ese "
     r"hechizo y remuévelas del juego\.$", _exile_same_name),
    (r"^Luego ese jugador baraja su biblioteca\.$", _part_of_previous),
    (r"^Elige un color\.$", _effect("choose_color", to="controller")),
    (r"^El oponente objetivo remueve del juego las primeras X cartas de su biblioteca\.$", _opponent_exiles_top_x),
    (r"^Comenzando contigo, cada jugador puede pagar cualquier cantidad de vida\.$",
     _effect("pay_life_rounds", to="controller")),
    (r"^Repite este proceso hasta que ninguno pague vida\.$", _part_of_previous),
    (r"^Regresa todos los permanentes a las manos de sus propietarios\.$", _effect("bounce", to="all_permanents")),
    (r"^Cada jugador elige hasta siete cartas de su mano, luego baraja el resto en su biblioteca\.$",
     _effect("keep_hand", amount=7, to="each_player")),
    (r"^Vacía todas las reservas de maná\.$", _effect("empty_pools", to="controller")),
    (r"^Anexa todas las auras que estén encantando el permanente objetivo a otro permanente con el mismo "
     r"controlador\.$", _move_auras),
    (r"^Pon en juego una ficha que es una copia d(?:e |el |e la |e los |e las )"
     r"{name}\.$", _effect("copy_token", to="controller")),
    (r"^Puedes pagar (?P<cost>(?:\{[0-9WUBRG]+\})+)\.$", _pay_optional),
    (r"^Si lo haces, " + ARTICLE + r"{name} es una copia de esa criatura y gana esta habilidad\.$",
     _effect("become_copy", to="self", of=-1, duration="permanent", condition="did")),
    (r"^Destruye la tierra objetivo que controla ese jugador\.$", _destroy_land_of_damaged),
    (r"^Encantar jugador\.$", lambda m, r, name: r.targets.append(TargetSpec("player"))),
    (r"^Puedes jugar la carta de instantáneo o de conjuro objetivo del cementerio de un oponente sin pagar su coste de "
     r"maná\.$", lambda m, r, name: r.effects.append(Effect("cast_free", to="target", optional=True, target=_slot(
         r, TargetSpec("instant_or_sorcery", "opponent", zone="graveyard"))))),
    (r"^Al comienzo de tu mantenimiento, puedes intercambiar el control del permanente objetivo que no sea tierra que "
     r"controlas y el permanente objetivo que no sea tierra que controla un oponente que tenga un coste de maná "
     r"convertido igual o menor\.$",
     lambda m, r, name: r.triggers.append(Triggered(when="upkeep", whose="you", targets=(
         TargetSpec("nonland", "you"), TargetSpec("nonland", "opponent", mv_at_most_slot=0)),
         effects=(Effect("exchange_control", to="targets", optional=True),)))),
    (r"^El oponente objetivo remueve del juego la primera carta de su biblioteca\.$",
     lambda m, r, name: r.effects.append(Effect("exile_top", amount=1, to="target", target=_slot(
         r, TargetSpec("player", "opponent"))))),
    (r"^Hasta el final del turno, puedes jugar esa carta\.$", _effect("may_play", to="linked")),
    (r"^Descartar " + ARTICLE + r"{name}: Remueve del juego hasta dos cartas objetivo en cementerios\.$",
     lambda m, r, name: r.activated.append(Activated(cost=(), discard_self=True, targets=(
         TargetSpec("card", zone="graveyard", optional=True),) * 2, effects=(Effect("put", to="targets", dest="exile"),)))),
    (r"^Si una carta fuera a ser puesta en el cementerio del jugador encantado desde cualquier parte, en vez de eso, "
     r"se muestra esa carta y se la pone en el fondo de la biblioteca de ese jugador\.$",
     lambda m, r, name: r.replacements.append(Replacement(event="to_library_bottom"))),
]
def _self_keyword(keyword: str) -> Piece:
    def piece(m: re.Match[str], r: Reading, name: str) -> None:
        r.keywords.append(keyword)
    return piece


def _target_spell_uncounterable(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=parse_cost(m["cost"]), targets=(TargetSpec("spell"),),
                                 effects=(Effect("uncounterable", to="target"),)))


def _pump_and_gains_lure(m: re.Match[str], r: Reading, name: str) -> None:
    lure = Triggered(when="attacks", targets=(TargetSpec("creature"),), effects=(Effect("must_block", to="target"),))
    r.targets.append(TargetSpec("creature"))
    r.effects.append(Effect("pump", power=int(m["p"]), toughness=int(m["t"]), to="target"))
    r.effects.append(Effect("grant", keywords=_keyword_list(m["kws"]), abilities=(lure,), to="target"))


def _enchanted_cant_attack_block_activate(m: re.Match[str], r: Reading, name: str) -> None:
    r.statics.append(Static(Effect("grant", keywords=("cant_attack", "cant_block", "cant_activate"), to="enchanted",
                                   duration="permanent")))


def _attach_to_opponents_new_creature(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="enters", of="opponents_creature",
                                effects=(Effect("attach", to="that_creature", optional=True),)))


def _opponent_discard_to_battlefield(m: re.Match[str], r: Reading, name: str) -> None:
    r.replacements.append(Replacement(event="opponent_discard"))


def _keywords_and_protection_mv(m: re.Match[str], r: Reading, name: str) -> None:
    r.keywords.extend(_keyword_list(m["kws"]))
    r.statics.append(Static(Effect("protection", to="self", quality=f"mv>={m['n']}", duration="permanent")))


def _as_enters_choose(what: str) -> Piece:
    def piece(m: re.Match[str], r: Reading, name: str) -> None:
        r.replacements.append(Replacement(event="enters", choose=what))
    return piece


def _you_protection_chosen_name(m: re.Match[str], r: Reading, name: str) -> None:
    r.statics.append(Static(Effect("protection", to="controller", quality="chosen_name", duration="permanent")))


def _sacrifice_when_no_chosen_color(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="state", state_condition="no_permanents_of_chosen_color",
                                effects=(Effect("sacrifice", to="self"),)))


def _everything_chosen_color_too(m: re.Match[str], r: Reading, name: str) -> None:
    r.statics.append(Static(Effect("set_color", to="everything", additive=True, entered_choice=True,
                                   duration="permanent")))


def _your_lands_every_basic_type(m: re.Match[str], r: Reading, name: str) -> None:
    from judge.engine.rulesets.magic.cards import BASIC_LAND_TYPES
    r.statics.append(Static(Effect("land_types", types=tuple(BASIC_LAND_TYPES), additive=True,
                                   to="permanents_you_control", where=("land",), duration="permanent")))


def _sacrifice_choose_land_type(m: re.Match[str], r: Reading, name: str) -> None:
    # "Elige un tipo de tierra básica." only announces the choice; the next sentence says what it is for.
    r.activated.append(Activated(cost=(), sacrifice=True))


def _lands_become_that_type(m: re.Match[str], r: Reading, name: str) -> None:
    ab = r.activated.pop() if r.activated and not r.activated[-1].effects else None
    if ab is None:
        raise _Unread("«de ese tipo» sin un tipo elegido antes")
    r.activated.append(replace(ab, effects=(
        Effect("land_types", choose=True, to="permanents_you_control", where=("land",)),)))


def _your_coloured_creature_enters(m: re.Match[str], r: Reading, name: str) -> None:
    effect = Effect("draw", amount=1, to="target", optional=True) if m["what"] == "robe" else \
        Effect("discard", to="target", optional=True)
    r.triggers.append(Triggered(when="enters", of="your_creature", where=(COLOR_WORDS[m["color"].lower()],),
                                targets=(TargetSpec("player"),), effects=(effect,)))


PIECES += [
    (r"^Siempre que una criatura (?P<color>azul|negra|roja|verde|blanca) entre en juego bajo tu control, puedes "
     r"hacer que el jugador objetivo (?P<what>robe|descarte) una carta\.$", _your_coloured_creature_enters),
    (r"^Las tierras que controlas son de todos los tipos de tierra básica además de sus otros tipos\.$",
     _your_lands_every_basic_type),
    (r"^Sacrificar " + ARTICLE + r"{name}: Elige un tipo de tierra básica\.$", _sacrifice_choose_land_type),
    (r"^Cada tierra que controlas es de ese tipo hasta el final del turno\.$", _lands_become_that_type),
    (r"^Todas las cartas que no están en juego, hechizos y permanentes son del color elegido además de sus otros "
     r"colores\.$", _everything_chosen_color_too),
    (r"^Cuando no controles permanentes del color elegido, sacrifica " + ARTICLE + r"{name}\.$",
     _sacrifice_when_no_chosen_color),
    (r"^(?P<kws>[a-zíá ,]+), protección contra coste de maná convertido de (?P<n>\d+) o mayor\.$",
     _keywords_and_protection_mv),
    (r"^En cuanto " + ARTICLE + r"{name} entre en juego, elige un color\.$", _as_enters_choose("color")),
    (r"^En cuanto " + ARTICLE + r"{name} entre en juego, nombra una carta\.$", _as_enters_choose("name")),
    (r"^Tienes protección contra el nombre elegido\.$", _you_protection_chosen_name),
    (r"^Siempre que una criatura entre en juego bajo el control de un oponente, puedes anexarle " + ARTICLE
     + r"{name} a esa criatura\.$", _attach_to_opponents_new_creature),
    (r"^Si un hechizo o habilidad que controle un oponente te hace descartar " + ARTICLE + r"{name}, ponla en juego "
     r"en vez de ponerla en tu cementerio\.$", _opponent_discard_to_battlefield),
    (r"^" + ARTICLE + r"{name} no puede ser contrarrestad[oa]\.$", _self_keyword("uncounterable")),
    (r"^(?P<cost>(?:\{[0-9WUBRG/]+\})+): El hechizo objetivo no puede ser contrarrestado por hechizos o "
     r"habilidades\.$", _target_spell_uncounterable),
    (r"^" + ARTICLE + r"{name} debe ser bloquead[oa] si se puede\.$", _self_keyword("must_be_blocked")),
    (r"^Hasta el final del turno la criatura objetivo obtiene \+(?P<p>\d+)/\+(?P<t>\d+) y gana las habilidades de "
     r"(?P<kws>[a-zí ,]+) y “cuando esta criatura ataque, la criatura objetivo la bloquea este turno si puede”\.$",
     _pump_and_gains_lure),
    (r"^La criatura encantada no puede atacar o bloquear, y no pueden jugarse sus habilidades activadas\.$",
     _enchanted_cant_attack_block_activate),
]
SENTENCE = re.compile(r"(?<=\.)\s+(?=[A-ZÁÉÍÓÚ{])")
OPEN_QUOTE, CLOSE_QUOTES = "“", "”″"


def _split(line: str) -> list[str]:
    """The sentences of a line; a quoted ability («tiene "{T}: … . …"») stays in its sentence."""
    out, start, depth = [], 0, 0
    for i, ch in enumerate(line):
        depth += ch == OPEN_QUOTE
        depth -= ch in CLOSE_QUOTES and depth > 0
        if depth == 0 and SENTENCE.match(line, i) and i > start and line[i - 1] == ".":
            out.append(line[start:i].strip())
            start = i
    out.append(line[start:].strip())
    return [s for s in out if s]


QUIRK = re.compile(r"\s*\{Q\} es el símbolo de enderezar\.\)\s*$")   # a reminder the FAQ prints half-bracketed


def read_text(name: str, text: str) -> Reading:
    r = Reading()
    for raw in (ln.strip() for ln in text.split("\n")):
        if not raw or (raw.startswith("(") and raw.endswith(")")):
            continue                                   # reminder text alone (a basic land's) says nothing new
        if _keywords(raw, r, name):
            continue
        line = REMINDER.sub("", QUIRK.sub("", raw))     # reminder text says nothing the rules don't
        # A line is read when each of its sentences is; otherwise the whole line stays unmodelled, word for word.
        # An ability whose effect runs over several sentences ("Cuando …, A. B.") is read whole first.
        trial = Reading()
        if _sentence(line, trial, name):
            read = True
        else:
            trial = Reading(whole_line=False)
            read = all(_sentence(s, trial, name) for s in _split(line))
        if read:
            for key in ("targets", "effects", "triggers", "activated", "statics", "replacements", "keywords",
                        "additional"):
                getattr(r, key).extend(getattr(trial, key))
            r.x_counts = trial.x_counts or r.x_counts
        else:
            r.unread.append(raw)
    return r


@lru_cache(maxsize=None)
def _any_name(pattern: str) -> re.Pattern[str]:
    """The pattern with any text where the card's name goes, compiled once: it matches every sentence the
    card's own version matches, so the per-card version (one compile per card and pattern) is built only for the
    few sentences that pass this one."""
    return re.compile(pattern.replace("{name}", "(?:.+?)"), flags=re.I)


def _sentence(sentence: str, r: Reading, name: str) -> bool:
    for pattern, piece in PIECES:
        if not _any_name(pattern).match(sentence):
            continue
        m = re.match(pattern.replace("{name}", re.escape(name)), sentence, flags=re.I)
        if m:
            try:
                piece(m, r, name)
            except _Unread:
                continue                # a piece raises before it changes anything: a later pattern may read it
            return True
    return False


def card_def(card: Any) -> CardDef:
    """A parsed FAQ card (judge.corpus.model.Card) as the engine's CardDef."""
    r = read_text(card.name, card.text)
    try:
        cost = parse_cost(card.mana_cost or "")
    except ManaError:
        cost = ()
        r.unread.insert(0, f"coste {card.mana_cost}")
    types = tuple(TYPES[t] for t in card.types if t in TYPES)
    extra_types = [t for t in card.types if t not in TYPES]
    power = _int(card.power) if "creature" in types else None
    toughness = _int(card.toughness) if "creature" in types else None
    if "creature" in types and (power is None or toughness is None):
        r.unread.insert(0, f"fuerza/resistencia {card.power}/{card.toughness}")
        power, toughness = power or 0, toughness or 0
    text = "\n".join(([f"tipos {', '.join(extra_types)}"] if extra_types else []) + r.unread)
    if "land" in types:
        r.activated[:0] = intrinsic_mana(card.subtypes)
    return CardDef(name=card.name, types=types or ("artifact",), mana_cost=cost, subtypes=tuple(card.subtypes),
                   supertypes=tuple(SUPERTYPES[s] for s in card.supertypes if s in SUPERTYPES),
                   power=power, toughness=toughness, keywords=tuple(dict.fromkeys(r.keywords)),
                   effects=tuple(r.effects), targets=tuple(r.targets), triggers=tuple(r.triggers),
                   activated=tuple(r.activated), statics=tuple(r.statics), replacements=tuple(r.replacements),
                   text=text, additional=tuple(r.additional), x_counts=r.x_counts,
                   unmodelled_keywords=tuple(r.unmodelled_keywords))


BASIC_LAND_MANA = {"Llanura": "W", "Isla": "U", "Pantano": "B", "Montaña": "R", "Bosque": "G"}


def intrinsic_mana(subtypes: Any) -> list[Activated]:
    """305.6: a land with a basic land type has "{T}: Add [its mana]" even if its text does not say it (the FAQ
    prints it only as reminder text)."""
    return [Activated(cost=(), tap=True, effects=(Effect("add_mana", mana="{" + BASIC_LAND_MANA[t] + "}"),))
            for t in subtypes if t in BASIC_LAND_MANA]


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


@dataclass(frozen=True)
class CatalogCard:
    card: CardDef
    passage_id: str

    @property
    def modelled(self) -> bool:
        return not self.card.text and not self.card.unmodelled_keywords


def read_catalog(cards: Mapping[str, Any]) -> dict[str, CatalogCard]:
    """Every card of `cards` (the corpus's card records by printed name: the Shadowmoor FAQ's) read into pieces,
    and the basic lands. The engine never loads the documents: the scenarios layer reads them and passes the
    catalog in (judge/scenarios/cards.py), so a game runs on the cards it was given."""
    out: dict[str, CatalogCard] = {n: CatalogCard(c, "") for n, c in BASIC_LANDS.items()}
    for name, card in cards.items():
        if name not in out:
            out[name] = CatalogCard(replace(card_def(card)), card.passage_id)
    return out
