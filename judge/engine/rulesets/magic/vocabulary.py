"""The words of a magic scenario (docs/scenarios.md, magic): limits, zones, target kinds, scopes, trigger events,
replacement events, player and object fields. Data only: read by the card parser (cardschema.py), the board and
script parser (schema.py), the builder's description and the fuzzer. The effect verbs, with the keys each reads and
its default scope, are the verb registry's (verb.py, verbs/).
"""
from __future__ import annotations

import re

MIN_PLAYERS, MAX_PLAYERS = 2, 8
MAX_ZONE, MAX_TOTAL, MAX_ACTIONS, MAX_EXPECT, MAX_CARDS = 300, 1000, 2000, 500, 200
ZONES = ("library", "hand", "graveyard", "exile", "battlefield")
TARGET_KINDS = ("creature", "player", "any", "permanent", "spell", "creature_spell", "land", "artifact",
                "enchantment", "card", "nonenchantment", "nonland", "instant_or_sorcery")
SCOPES = ("target", "self", "controller", "each_opponent", "each_player", "creatures_you_control",
          "other_creatures_you_control", "all_creatures", "other_creatures", "opponents_creatures", "enchanted",
          "targets", "creatures_with_minus_counters", "all_permanents", "permanents_you_control",
          "other_permanents_you_control", "active_player", "target_controller", "target_player_creatures",
          "chosen_player", "that_creature", "linked", "random_target", "graveyard_random", "graveyard_named_self",
          "source_card")
STATIC_SCOPES = ("self", "enchanted", "creatures_you_control", "other_creatures_you_control", "all_creatures",
                 "other_creatures", "opponents_creatures", "all_permanents", "permanents_you_control",
                 "other_permanents_you_control", "everything")
# Scopes that name objects: `where` keeps those with its qualities (qualities.py).
OBJECT_SCOPES = ("self", "enchanted", *(s for s in STATIC_SCOPES if s not in ("self", "enchanted")))
WHEN = ("enters", "dies", "leaves", "attacks", "blocks", "upkeep", "end_step", "counter_put", "deals_damage",
        "dealt_damage", "untapped", "blocked", "state", "cast",
        # general events of any player or card (603.2): whose draw / life / card is `whose`'s
        "draw", "life_gain", "life_loss", "zone_change",
        # "whenever a player casts a spell" (601.2i): `whose` cast it, `from_zone` where from
        "spell_cast")
WHOSE_WHEN = ("upkeep", "end_step", "draw", "life_gain", "life_loss", "zone_change", "spell_cast")
ZONES_OF_CARDS = ("library", "hand", "battlefield", "graveyard", "exile", "stack")
# What this ruleset declares to the core (judge.engine.rulesets.base.Ruleset): the step kinds it adds to the
# generic ones, and every event kind its steps carry.
OWN_STEP_KINDS = ("turn-based", "state-based", "trigger", "resolution", "replacement")
EVENT_KINDS = ("attach", "attack", "block", "cast", "cease", "cleanup", "combat", "control", "counters", "damage",
               "draw", "effect", "life", "look", "lose", "mana", "move", "regenerate", "reveal", "shuffle", "stack",
               "step", "tap", "untap", "win")
# Each replacement `event` and the keys it reads besides `event` (docs/scenarios.md, Replacement effects).
REPLACEMENT_READS: dict[str, tuple[str, ...]] = {
    "draw": ("instead",), "life_gain": ("multiply", "add"), "damage": ("prevent", "to", "source_draws"),
    "enters": ("counters", "tapped", "choose"), "dies": (), "prevent_none": (), "no_life_gain": (), "all_wither": (),
    "tap_for_mana": ("multiply",), "opponent_discard": (), "to_library_bottom": (),
    "counters": ("counter", "to", "multiply", "add"), "life_loss": ("to", "multiply", "add")}
# Whom a counters / life_loss replacement covers; the first is the default.
REPLACE_TO = {"counters": ("creatures_you_control", "self", "permanents_you_control"),
              "life_loss": ("controller", "opponents", "each")}
DELAYED_AT = ("end_of_combat", "end_step")
STOPS = ("fin", "limite", "eleccion", "partida terminada")
PLAYER_FIELDS = {"life": "int", "lost": "bool", "hand": "names", "library": "names", "graveyard": "names",
                 "exile": "names", "battlefield": "names", "hand_count": "int", "library_count": "int",
                 "graveyard_count": "int", "exile_count": "int", "battlefield_count": "int", "mana_pool": "mana",
                 "lands_played": "int"}
OBJECT_FIELDS = {"zone": "zone", "tapped": "bool", "damage": "int", "counters": "counters", "power": "sint",
                 "toughness": "sint", "colors": "colors", "keywords": "keywords", "controller": "player",
                 "attached_to": "ref", "attacking": "bool", "exists": "bool", "current_id": "str",
                 "sick": "bool"}
TOP_ONLY = ("stack",)
RUNTIME_ID = re.compile(r"^(ficha-|hab|copia)\d+(~\d+)?$")
COUNTS = ("source_power", "target_power", "life_lost_this_turn", "destroyed", "your_creatures",
          "linked_power", "linked_of_color", "damage_this_turn", "life_paid")
CONDITIONS = ("your_hand_empty", "active_hand_empty", "opponent_lost_life")
