"""The words of a magic scenario (docs/scenarios.md, magic): limits, zones, target kinds, effect verbs and the keys
each reads, scopes, trigger events, replacement events, player and object fields. Data only: read by the card
parser (cardschema.py), the board and script parser (schema.py), the builder's description and the fuzzer.
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
          "chosen_player", "that_creature", "linked", "random_target", "graveyard_random", "graveyard_named_self")
STATIC_SCOPES = ("self", "enchanted", "creatures_you_control", "other_creatures_you_control", "all_creatures",
                 "other_creatures", "opponents_creatures", "all_permanents", "permanents_you_control",
                 "other_permanents_you_control", "everything")
# Scopes that name objects: `where` keeps those with its qualities (qualities.py).
OBJECT_SCOPES = ("self", "enchanted", *(s for s in STATIC_SCOPES if s not in ("self", "enchanted")))
VERBS = ("damage", "destroy", "exile", "bounce", "sacrifice", "tap", "untap", "draw", "gain_life", "lose_life",
         "counters", "pump", "set_pt", "switch_pt", "grant", "lose", "lose_abilities", "set_color", "add_type",
         "gain_control", "create_token", "search", "prevent", "add_mana", "counter_spell", "mill",
         "remove_from_combat", "become_copy", "change_text", "discard", "remove_counter", "move_counter", "delayed",
         "regenerate", "return_to_battlefield", "shuffle_into_library",
         "grant_ability", "uncounterable", "must_block", "attach", "land_types", "look_top",
         # zones, randomness, copies (linked.py, zonefx.py)
         "reveal_top", "exile_top", "put", "exile_same_name", "keep_hand", "reorder_graveyard", "move_auras",
         "copy_token", "empty_pools", "choose_color", "pay", "pay_life_rounds", "may_play",
         "exchange_control", "cast_free")
DEFAULT_TO = {"look_top": "controller",
              "draw": "controller", "gain_life": "controller", "lose_life": "controller", "add_mana": "controller",
              "search": "controller", "create_token": "controller", "mill": "controller",
              "reveal_top": "controller", "exile_top": "controller", "keep_hand": "controller",
              "reorder_graveyard": "controller", "put": "linked", "may_play": "linked",
              "exchange_control": "targets"}
STATIC_VERBS = ("pump", "set_pt", "switch_pt", "grant", "lose", "lose_abilities", "set_color", "add_type",
                "grant_ability", "protection", "land_types")
WHEN = ("enters", "dies", "leaves", "attacks", "blocks", "upkeep", "end_step", "counter_put", "deals_damage",
        "dealt_damage", "untapped", "blocked", "state", "cast",
        # general events of any player or card (603.2): whose draw / life / card is `whose`'s
        "draw", "life_gain", "life_loss", "zone_change")
WHOSE_WHEN = ("upkeep", "end_step", "draw", "life_gain", "life_loss", "zone_change")
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
# The keys each effect verb reads besides itself (any other key is an error, never silently ignored).
# `if_spent` (which mana was spent to cast the spell) is read by every verb.
_LASTING = ("to", "target", "duration", "where")
DEFAULT_VERB_KEYS = ("to", "target", "where")          # a verb VERB_KEYS does not list
_COUNTED = ("to", "target", "where", "count")
VERB_KEYS: dict[str, tuple[str, ...]] = {
    "pump": _LASTING, "set_pt": _LASTING, "switch_pt": _LASTING, "grant": (*_LASTING, "triggers"), "lose": _LASTING,
    "uncounterable": ("to", "target"), "must_block": ("to", "target", "duration"),
    "lose_abilities": _LASTING,
    "set_color": (*_LASTING, "additive"), "land_types": (*_LASTING, "additive"), "add_type": _LASTING, "gain_control": _LASTING, "prevent": _LASTING,
    "become_copy": _LASTING, "change_text": _LASTING, "create_token": ("amount", "to", "target", "count"),
    "search": ("dest",), "add_mana": ("to", "spend_only"),
    "counters": ("to", "target", "per_counter", "where"), "draw": ("to", "target", "where", "count", "per_counter"),
    "move_counter": ("target",), "delayed": (), "grant_ability": _LASTING,
    "remove_counter": ("to", "target", "counter", "amount", "where"),
    "damage": (*_COUNTED, "by", "divided"), "gain_life": _COUNTED, "lose_life": _COUNTED,
    "destroy": ("to", "target", "where", "types"), "exile": ("to", "target", "where", "types"),
    "bounce": ("to", "target", "where", "types"), "look_top": ("keep", "condition"),
    # Zones group: "condition" is linked.CONDITIONS ("if you do", "if it's a creature card").
    "reveal_top": ("to", "target", "condition"), "exile_top": ("to", "target", "condition"),
    "put": ("to", "dest", "condition"), "exile_same_name": ("to", "target"), "keep_hand": ("to", "target"),
    "reorder_graveyard": ("to",), "move_auras": ("to", "target"), "copy_token": ("condition",),
    "empty_pools": (), "choose_color": (), "pay": (), "pay_life_rounds": (), "may_play": ("to",), "exchange_control": ("to",), "cast_free": ("to", "target"),
    "discard": ("to", "target", "where", "random", "condition"), "sacrifice": ("to", "target", "where", "by", "types", "count", "count_where"),
}
COUNTS = ("source_power", "target_power", "life_lost_this_turn", "destroyed", "your_creatures",
          "linked_power", "linked_of_color", "damage_this_turn", "life_paid")
CONDITIONS = ("your_hand_empty", "active_hand_empty", "opponent_lost_life")
