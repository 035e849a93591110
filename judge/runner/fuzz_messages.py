"""The texts of `judge fuzz`: what its report says and every invariant's problem (judge/runner/fuzz.py,
fuzz_magic.py), as message ids `fuzz.*` in Spanish and English (judge/messages.py renders them; `--lang en`).

Spanish is the wording the problems always had: a broken game's written scenario quotes it in its description.
Lists and dicts in a problem (the ids missing, a mana pool) are passed already written as Python writes them.
"""
from __future__ import annotations

PAIRS: dict[str, tuple[str, str]] = {
    # the report (judge/runner/commands.py fuzz_cmd)
    "fuzz.report.played": ("{games} partidas, {steps} pasos, {actions} acciones en {seconds} s: {rate} partidas/s",
                           "{games} games, {steps} steps, {actions} actions in {seconds} s: {rate} games/s"),
    "fuzz.report.broken": ("INVARIANTE ROTO en la partida {game} (semilla {seed}), paso {step}: {problem}",
                           "BROKEN INVARIANT in game {game} (seed {seed}), step {step}: {problem}"),
    "fuzz.report.replay": ("escenario para repetirla: judge run {path}", "scenario to replay it: judge run {path}"),
    "fuzz.report.held": ("todas las invariantes se cumplen; ganadores: {winners}{capped}",
                         "every invariant holds; winners: {winners}{capped}"),
    "fuzz.report.capped": ("; {n} cortadas por el límite de pasos o turnos", "; {n} cut by the step or turn limit"),
    "fuzz.report.nobody": ("nadie", "nobody"),
    # playing (fuzz.py, both rulesets)
    "fuzz.play.raised_with": ("el motor lanzó {error} con {action}: {detail}",
                              "the engine raised {error} with {action}: {detail}"),
    "fuzz.play.no_step": ("la acción {action} no produjo ningún paso", "the action {action} produced no step"),
    "fuzz.play.illegal_steps": ("una acción ilegal produjo {n} pasos", "an illegal action produced {n} steps"),
    "fuzz.play.illegal_changed": ("la acción ilegal {action} cambió el tablero",
                                  "the illegal action {action} changed the board"),
    "fuzz.play.raised": ("el motor lanzó {error}: {detail}", "the engine raised {error}: {detail}"),
    "fuzz.play.offered_refused": ("legal_actions ofreció una acción que apply rechaza: {step}",
                                  "legal_actions offered an action that apply refuses: {step}"),
    "fuzz.play.invalid_scenario": ("el generador produjo un escenario no válido: {detail}",
                                   "the generator wrote an invalid scenario: {detail}"),
    "fuzz.play.setup_raised": ("el motor lanzó {error} al preparar la partida: {detail}",
                               "the engine raised {error} while setting up the game: {detail}"),
    "fuzz.play.not_over": ("la partida no terminó en {n} pasos", "the game did not end within {n} steps"),
    "fuzz.play.no_legal": ("la partida no ha terminado pero no hay ninguna acción legal",
                           "the game is not over but there is no legal action"),
    "fuzz.play.waits": ("la partida no ha terminado pero espera una elección ({prompt})",
                        "the game is not over but it waits for a choice ({prompt})"),
    "fuzz.play.setup_waits": ("la preparación de la partida se detuvo en una elección: {prompt}",
                              "the game's setup stopped on a choice: {prompt}"),
    "fuzz.play.legal_raised": ("legal_actions lanzó {error}: {detail}", "legal_actions raised {error}: {detail}"),
    "fuzz.step.no_citation": ("el paso {n} no cita ninguna regla", "step {n} cites no rule"),
    # doce-vidas invariants (fuzz.py)
    "fuzz.dv.lives_above": ("{player} tiene {lives} vidas (máximo {max})", "{player} has {lives} lives (at most {max})"),
    "fuzz.dv.lives_negative": ("{player} tiene {lives} vidas (negativas)", "{player} has {lives} lives (negative)"),
    "fuzz.dv.two_zones": ("la carta {card} está en dos zonas a la vez", "card {card} is in two zones at once"),
    "fuzz.dv.card_count": ("el número de cartas cambió ({before} → {after}; faltan {missing}, sobran {extra})",
                           "the number of cards changed ({before} → {after}; missing {missing}, extra {extra})"),
    "fuzz.dv.mana_negative": ("{player} tiene {mana} de maná", "{player} has {mana} mana"),
    "fuzz.dv.recycle_cost": ("el coste de reciclaje de {player} es {cost}, no una potencia de 2",
                             "{player}'s recycle cost is {cost}, not a power of 2"),
    "fuzz.dv.lethal_left": ("{card} ({id}) sigue en juego con {damage} de daño y {life} de vida",
                            "{card} ({id}) is still in play with {damage} damage and {life} life"),
    "fuzz.dv.enchantment_loose": ("{card} ({id}) sigue en juego unido a «{host}», que no está en juego",
                                  "{card} ({id}) is still in play attached to «{host}», which is not in play"),
    "fuzz.zone.says": ("{card} ({id}) está en la lista «{zone}» de {player} pero dice «{says}»",
                       "{card} ({id}) is in {player}'s «{zone}» list but says «{says}»"),
    # magic invariants (fuzz_magic.py)
    "fuzz.magic.two_zones": ("el objeto {id} está en dos zonas a la vez", "object {id} is in two zones at once"),
    "fuzz.magic.twice": ("la carta {card} está dos veces en la partida (la última vez como {id})",
                         "card {card} is twice in the game (the last time as {id})"),
    "fuzz.magic.stranger": ("el objeto {id} aparece en la partida sin ser ninguna de sus cartas",
                            "object {id} appears in the game without being any of its cards"),
    "fuzz.magic.missing": ("faltan cartas de la partida en el tablero: {missing}",
                           "cards of the game are missing from the board: {missing}"),
    "fuzz.magic.pool_left": ("{step}, pero la reserva de maná de {player} no está vacía: {pool}",
                             "{step}, but {player}'s mana pool is not empty: {pool}"),
    "fuzz.magic.life": ("{player} tiene {life} vidas, pero su total inicial más los eventos «life» da {expected}",
                        "{player} has {life} life, but their starting total plus the «life» events is {expected}"),
    "fuzz.magic.in_combat": ("{card} ({id}) sigue atacando o bloqueando en {phase}",
                             "{card} ({id}) is still attacking or blocking in {phase}"),
    "fuzz.magic.priority_lost": ("{player} recibe la prioridad después de haber perdido la partida (104.3, 800.4a)",
                                 "{player} receives priority after losing the game (104.3, 800.4a)"),
    "fuzz.magic.life_zero": ("{player} tiene {life} vidas y sigue en la partida cuando {priority} recibe la "
                             "prioridad (704.5a)",
                             "{player} has {life} life and is still in the game when {priority} receives priority "
                             "(704.5a)"),
    "fuzz.magic.toughness_zero": ("{what} sigue en el campo de batalla con resistencia {toughness} (704.5f)",
                                  "{what} is still on the battlefield with toughness {toughness} (704.5f)"),
    "fuzz.magic.lethal_left": ("{what} sigue en el campo de batalla con {damage} de daño y resistencia {toughness} "
                               "(704.5g)",
                               "{what} is still on the battlefield with {damage} damage and toughness {toughness} "
                               "(704.5g)"),
    "fuzz.magic.both_counters": ("{what} tiene a la vez contadores +1/+1 y -1/-1 (704.5q)",
                                 "{what} has both +1/+1 and -1/-1 counters (704.5q)"),
    "fuzz.magic.aura_loose": ("{what} es un Aura y no está anexada a un permanente (704.5m)",
                              "{what} is an Aura and is not attached to a permanent (704.5m)"),
    "fuzz.magic.zones_count": ("las zonas no tienen cada carta de la partida una vez: {count} objetos en las zonas, "
                               "{objects} en state.objects; en dos zonas {twice}, faltan {missing}, sobran {extra}, "
                               "fuera de las zonas {outside}",
                               "the zones do not hold each card of the game once: {count} objects in the zones, "
                               "{objects} in state.objects; in two zones {twice}, missing {missing}, extra {extra}, "
                               "outside the zones {outside}"),
    "fuzz.magic.stack_zone": ("la pila tiene los hechizos {spells} pero la zona de la pila tiene {zone}",
                              "the stack has the spells {spells} but the stack zone holds {zone}"),
    "fuzz.magic.not_in_objects": ("{card} ({id}) está en la zona «{zone}» de {player} pero no en state.objects",
                                  "{card} ({id}) is in {player}'s «{zone}» zone but not in state.objects"),
    "fuzz.magic.latest": ("latest[{base}] es {latest}, no {id}", "latest[{base}] is {latest}, not {id}"),
    "fuzz.magic.wrong_list": ("{card} ({id}) está en la lista «{zone}» de {player}, no en la de {holder}",
                              "{card} ({id}) is in {player}'s «{zone}» list, not in {holder}'s"),
}

ES: dict[str, str] = {k: es for k, (es, _) in PAIRS.items()}
EN: dict[str, str] = {k: en for k, (_, en) in PAIRS.items()}
