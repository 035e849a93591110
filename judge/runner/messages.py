"""What the runner says about a citation, an event or a zone, as message ids (judge/messages.py, prefix `runner`) in
Spanish and English (issue 17).

- runner.cite.*: the note of a rule whose document is not imported (citations.IMPORTABLE: how to load it), the short
  form said again after the first time, a rule named by its number, a citation no loaded document has. The terminal
  trace of `judge run --lang` (render.py) and the run and rule pages render them.
- runner.event.*: one event of a step as a short line (render.event_message: "Lobo gris (lobo): mano → en juego"),
  the run page's event lines; runner.zone.*: a zone's name inside them (render.zone_message).
Spanish is the wording they always had (byte-identical). Folders, file names, rule numbers, card names, object ids,
players and numbers are parameters and stay as they are.
"""
from __future__ import annotations

ES: dict[str, str] = {
    # cr-en before `judge corpus import`: the folder is where the CR file ships beside the checkout
    "runner.cite.import.cr-en": "texto no cargado: importa el CR inglés, que viene en `{folder}` junto a la copia "
                                "del proyecto, con `judge corpus import {folder}MagicCompRules_EN_<fecha>.txt`",
    "runner.cite.not_loaded": "texto no cargado",
    "runner.cite.rule": "regla {number}",
    "runner.cite.outside": "fuera del corpus cargado",
    # events (render.event_message): `who` is runner.event.card or the bare object id
    "runner.event.card": "{card} ({object})",
    "runner.event.move": "{who}: {from_zone} → {to_zone}",
    "runner.event.move_owned": "{who} de {owner}: {from_zone} → {to_zone}",
    "runner.event.count.mana": "maná de {player}: {before} → {after}",
    "runner.event.count.lives": "vidas de {player}: {before} → {after}",
    "runner.event.count.life": "vidas de {player}: {before} → {after}",
    "runner.event.count.recycle_cost": "coste de reciclaje de {player}: {before} → {after}",
    "runner.event.damage": "{source} hace {amount} de daño a {target}",
    "runner.event.damage_combat": "{source} hace {amount} de daño de combate a {target}",
    "runner.event.damage_marked": "daño marcado en {object}: {before} → {after}",
    "runner.event.mana_added": "{player} agrega {added} a su reserva de maná",
    "runner.event.tap": "{object} se gira",
    "runner.event.untap": "{object} se endereza",
    "runner.event.attach": "{object} queda unido a {target}",
    "runner.event.shuffle": "{player} baraja su {zone} ({cards} cartas)",
    "runner.event.lose": "{player} pierde la partida",
    "runner.event.win": "{player} gana la partida",
    # zones (render.zone_message): doce-vidas' and magic's, as the event lines name them
    "runner.zone.deck": "mazo",
    "runner.zone.hand": "mano",
    "runner.zone.board": "en juego",
    "runner.zone.discard": "pila de descartes",
    "runner.zone.resolving": "resolviéndose",
    "runner.zone.library": "biblioteca",
    "runner.zone.battlefield": "campo de batalla",
    "runner.zone.graveyard": "cementerio",
    "runner.zone.exile": "exilio",
    "runner.zone.stack": "pila",
}

EN: dict[str, str] = {
    "runner.cite.import.cr-en": "text not loaded: import the English CR, which ships in `{folder}` beside the "
                                "checkout, with `judge corpus import {folder}MagicCompRules_EN_<date>.txt`",
    "runner.cite.not_loaded": "text not loaded",
    "runner.cite.rule": "rule {number}",
    "runner.cite.outside": "outside the loaded corpus",
    "runner.event.card": "{card} ({object})",
    "runner.event.move": "{who}: {from_zone} → {to_zone}",
    "runner.event.move_owned": "{owner}'s {who}: {from_zone} → {to_zone}",
    "runner.event.count.mana": "{player}'s mana: {before} → {after}",
    "runner.event.count.lives": "{player}'s lives: {before} → {after}",
    "runner.event.count.life": "{player}'s life: {before} → {after}",
    "runner.event.count.recycle_cost": "{player}'s recycle cost: {before} → {after}",
    "runner.event.damage": "{source} deals {amount} damage to {target}",
    "runner.event.damage_combat": "{source} deals {amount} combat damage to {target}",
    "runner.event.damage_marked": "damage marked on {object}: {before} → {after}",
    "runner.event.mana_added": "{player} adds {added} to their mana pool",
    "runner.event.tap": "{object} becomes tapped",
    "runner.event.untap": "{object} becomes untapped",
    "runner.event.attach": "{object} becomes attached to {target}",
    "runner.event.shuffle": "{player} shuffles their {zone} ({cards} {cards:plural=card|cards})",
    "runner.event.lose": "{player} loses the game",
    "runner.event.win": "{player} wins the game",
    "runner.zone.deck": "deck",
    "runner.zone.hand": "hand",
    "runner.zone.board": "in play",
    "runner.zone.discard": "discard pile",
    "runner.zone.resolving": "resolving",
    "runner.zone.library": "library",
    "runner.zone.battlefield": "battlefield",
    "runner.zone.graveyard": "graveyard",
    "runner.zone.exile": "exile",
    "runner.zone.stack": "stack",
}
