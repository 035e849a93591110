"""The readers of the catalog's pieces (catalog.py's `PIECES` table): the words of the Shadowmoor FAQ's Spanish
(types, keywords, colours, numbers), `Reading` (what the patterns made of a card's text so far) and one small
function per kind of sentence, each building the engine's pieces (effects, triggers, costs, statics) from a match.
Split out of catalog.py (issue 17: no module over 900 lines); the table and the card reading stay there.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from judge.engine.rulesets.magic import keyword
from judge.engine.rulesets.magic.cards import (BASIC_LANDS, Activated, CardDef, Effect, Replacement, Static,
                                               TargetSpec, Triggered)
from judge.engine.rulesets.magic.mana import ManaError, parse_cost

TYPES = {"Criatura": "creature", "Tierra": "land", "Instantáneo": "instant", "Conjuro": "sorcery",
         "Encantamiento": "enchantment", "Artefacto": "artifact"}
SUPERTYPES = {"Legendaria": "legendary", "Legendario": "legendary", "Básica": "basic", "Básico": "basic"}
REMINDER = re.compile(r"\s*\([^)]*\)\s*$")
ARTICLE = r"(?:el |la |los |las )?"


@dataclass
class Reading:
    """What the patterns made of a card's text so far."""
    keywords: list[str] = field(default_factory=list)
    unmodelled_keywords: list[str] = field(default_factory=list)
    targets: list[TargetSpec] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    triggers: list[Triggered] = field(default_factory=list)
    activated: list[Activated] = field(default_factory=list)
    statics: list[Static] = field(default_factory=list)
    replacements: list[Replacement] = field(default_factory=list)
    additional: list[tuple[str, int]] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)
    x_counts: str = ""
    # False while a line is read sentence by sentence: an ability that takes the rest of the line ("Cuando …, …",
    # "{cost}: …") is then not read from its first sentence alone.
    whole_line: bool = True


Piece = Callable[[re.Match[str], Reading, str], None]


def _keywords(line: str, r: Reading, name: str) -> bool:
    words = [w.strip().lower() for w in REMINDER.sub("", line).rstrip(".").split(",")]
    table = keyword.current().catalog_words        # each keyword piece's words of the 2008 FAQ (keyword.py)
    if not words or not all(w in table for w in words):
        return False
    for w in words:
        kid = table[w]
        if kid is None:
            r.unmodelled_keywords.append(w)
        else:
            r.keywords.append(kid)
    return True


def _mana(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=(), tap=True, effects=(Effect("add_mana", mana="{" + m["c"] + "}"),)))


def _enchant_creature(m: re.Match[str], r: Reading, name: str) -> None:
    r.targets.append(TargetSpec("creature"))


def _enters_counter(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="enters", targets=(TargetSpec("creature"),),
                                effects=(Effect("counters", counter="-1/-1", amount=1, to="target"),)))


def _enters_draw(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="enters", effects=(Effect("draw", amount=1, to="controller"),)))


def _draw(m: re.Match[str], r: Reading, name: str) -> None:
    r.effects.append(Effect("draw", amount={"una carta": 1, "dos cartas": 2, "tres cartas": 3}[m["n"]],
                            to="controller"))


def _others_1_1(m: re.Match[str], r: Reading, name: str) -> None:
    r.statics.append(Static(Effect("set_pt", power=1, toughness=1, to="other_creatures", duration="permanent")))


def _no_prevention(m: re.Match[str], r: Reading, name: str) -> None:
    r.replacements.append(Replacement(event="prevent_none"))


def _cant_block(m: re.Match[str], r: Reading, name: str) -> None:
    r.keywords.append("cant_block")


def _enchanted_pump(m: re.Match[str], r: Reading, name: str) -> None:
    r.statics.append(Static(Effect("pump", power=int(m["p"]), toughness=int(m["t"]), to="enchanted",
                                   duration="permanent")))


def _counter_spell(m: re.Match[str], r: Reading, name: str) -> None:
    r.targets.append(TargetSpec("spell"))
    r.effects.append(Effect("counter_spell", to="target"))


def _destroy(m: re.Match[str], r: Reading, name: str) -> None:
    r.targets.append(TargetSpec({"criatura": "creature", "artefacto": "artifact", "encantamiento": "enchantment",
                                 "tierra": "land", "permanente": "permanent"}[m["what"]]))
    r.effects.append(Effect("destroy", to="target"))


def _damage(m: re.Match[str], r: Reading, name: str) -> None:
    r.targets.append(TargetSpec("any" if m["what"] == "criatura o jugador" else "creature"))
    r.effects.append(Effect("damage", amount=int(m["n"]), to="target"))


def _counter_on_it(m: re.Match[str], r: Reading, name: str) -> None:
    r.effects.append(Effect("counters", counter="-1/-1", amount=1, to="target"))


def _double_gain(m: re.Match[str], r: Reading, name: str) -> None:
    r.replacements.append(Replacement(event="life_gain", multiply=2))


def _draw_two_instead(m: re.Match[str], r: Reading, name: str) -> None:
    r.replacements.append(Replacement(event="draw", instead=(Effect("draw", amount=2, to="controller"),)))


def _ability(m: re.Match[str]) -> str:
    """The keyword id of «la habilidad de X» (each keyword piece's `ability_names`, keyword.py)."""
    return keyword.current().ability_names[m["kw"].lower()]


COLOR_WORDS = {"blanca": "W", "blanco": "W", "azul": "U", "negra": "B", "negro": "B", "roja": "R", "rojo": "R",
               "verde": "G", "verdes": "G", "blancos": "W", "azules": "U", "negros": "B", "rojos": "R"}


def _grant_yours(m: re.Match[str], r: Reading, name: str) -> None:
    r.statics.append(Static(Effect("grant", keywords=(_ability(m),), to="creatures_you_control",
                                   duration="permanent")))


def _self_gains_until_eot(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=parse_cost(m["cost"]), untap=bool(m["q"]), tap=bool(m["t"]),
                                 effects=(Effect("grant", keywords=(_ability(m),), to="self"),)))


def _target_colour(m: re.Match[str], r: Reading, name: str) -> None:
    r.targets.append(TargetSpec("creature"))
    r.effects.append(Effect("set_color", colors=(COLOR_WORDS[m["color"].lower()],), to="target"))


NUMBER_WORDS = {"un": 1, "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "veinte": 20}
# Plural nouns of the text that name a card type (a quality of qualities.py).
TYPE_PLURALS = {"encantamientos": "enchantment", "artefactos": "artifact", "tierras": "land",
                "criaturas": "creature"}
# Adjectives of "las criaturas … que controlas" that name a quality.
CREATURE_ADJECTIVES = {"encantadas": "enchanted", "atacantes": "attacking", "verdes": "G", "blancas": "W",
                       "azules": "U", "negras": "B", "rojas": "R"}
ALL_COLORS = ("W", "U", "B", "R", "G")


def _keyword_list(text: str) -> tuple[str, ...]:
    """«debilitar, arrollar y volar» → the keyword ids."""
    names = keyword.current().ability_names
    return tuple(names[w.strip().lower()] for w in re.split(r",| y ", text) if w.strip())


def _all_permanents_type(m: re.Match[str], r: Reading, name: str) -> None:
    r.statics.append(Static(Effect("add_type", types=(TYPE_PLURALS[m["type"].lower()],), to="all_permanents",
                                   duration="permanent")))


def _other_permanents_grant(m: re.Match[str], r: Reading, name: str) -> None:
    r.statics.append(Static(Effect("grant", keywords=_keyword_list(m["kw"]), to="other_permanents_you_control",
                                   where=(TYPE_PLURALS[m["type"].lower()],), duration="permanent")))


def _creatures_quality_grant(m: re.Match[str], r: Reading, name: str) -> None:
    r.statics.append(Static(Effect("grant", keywords=_keyword_list(m["kw"]), to="creatures_you_control",
                                   where=(CREATURE_ADJECTIVES[m["adj"].lower()],), duration="permanent")))


def _other_coloured_pump(m: re.Match[str], r: Reading, name: str) -> None:
    r.statics.append(Static(Effect("pump", power=int(m["p"]), toughness=int(m["t"]),
                                   to="other_creatures_you_control", where=(CREATURE_ADJECTIVES[m["adj"].lower()],),
                                   duration="permanent")))


def _unblocked_set_pt(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=parse_cost(m["cost"]), effects=(
        Effect("set_pt", power=int(m["p"]), toughness=int(m["t"]), to="all_creatures", where=("unblocked",)),)))


def _opponents_countered_cant(m: re.Match[str], r: Reading, name: str) -> None:
    r.statics.append(Static(Effect("grant", keywords=("cant_attack", "cant_block"), to="opponents_creatures",
                                   where=("counters",), duration="permanent")))


def _any_color_mana(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=(), tap=True, effects=(Effect("add_mana", mana="any", to="controller"),)))


def _tap_target_chosen_colors(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=(), tap=True, targets=(TargetSpec("creature"),),
                                 effects=(Effect("set_color", choose=True, to="target"),)))


def _self_all_colors(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=parse_cost(m["cost"]), effects=(Effect("set_color", colors=ALL_COLORS,
                                                                             to="self"),)))


def _enchanted_while_colour(m: re.Match[str], r: Reading, name: str) -> None:
    where = (COLOR_WORDS[m["color"].lower()],)
    r.statics.append(Static(Effect("pump", power=int(m["p"]), toughness=int(m["t"]), to="enchanted", where=where,
                                   duration="permanent")))
    kw = "indestructible" if m["indestructible"] else _ability(m)
    r.statics.append(Static(Effect("grant", keywords=(kw,), to="enchanted", where=where, duration="permanent")))


def _self_pump_while_library(m: re.Match[str], r: Reading, name: str) -> None:
    r.statics.append(Static(Effect("pump", power=int(m["p"]), toughness=int(m["t"]), to="self",
                                   duration="permanent"), condition=("library_at_most", NUMBER_WORDS[m["n"].lower()])))


def _attacks_target_loses(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="attacks", targets=(TargetSpec("creature"),), effects=(
        Effect("lose", keywords=(_ability(m),), to="target", optional=bool(m["may"])),)))


def _enters_target_chosen_colors(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="enters", targets=(TargetSpec("permanent"),),
                                effects=(Effect("set_color", choose=True, to="target"),)))


def _each_other_becomes_copy(m: re.Match[str], r: Reading, name: str) -> None:
    r.targets.append(TargetSpec("creature", where=("nonlegendary",)))
    r.effects.append(Effect("become_copy", of=0, to="all_creatures"))


def _enters_with(m: re.Match[str], r: Reading, name: str) -> None:
    r.replacements.append(Replacement(event="enters", counters=((m["kind"], NUMBER_WORDS[m["n"].lower()]),)))


def _untap_it(m: re.Match[str], r: Reading, name: str) -> None:
    r.effects.append(Effect("untap", to="target"))


# -- -1/-1 counters, persist, wither, {Q} ---------------------------------------------------------------------------
ON_IT = r"(?:él|ella|ellos|ellas)"
COLOR_WORD = r"(?:verdes?|blancas?|blancos?|negras?|negros?|rojas?|rojos?|azul(?:es)?)"
TOKEN = (r"(?P<subs>(?:[A-ZÁÉÍÓÚ][a-záéíóúñ]+ )+)(?P<colors>" + COLOR_WORD + r"(?: y " + COLOR_WORD + r")?) "
         r"(?P<p>\d+)/(?P<t>\d+)")


def _color_word(word: str) -> str:
    """A colour word, singular or plural («verdes», «azules»), as its colour letter."""
    for w in (word, word[:-1], word[:-2]):
        if w in COLOR_WORDS:
            return COLOR_WORDS[w]
    raise KeyError(word)


def token_def(m: re.Match[str]) -> CardDef:
    """"una ficha de criatura Guerrero Elfo verde 1/1": a creature token with those subtypes, colours and P/T."""
    subs = tuple(m["subs"].split())
    colors = tuple(dict.fromkeys(_color_word(w) for w in m["colors"].split(" y ")))
    return CardDef(name=" ".join(subs), types=("creature",), subtypes=subs, color_override=colors,
                   power=int(m["p"]), toughness=int(m["t"]), is_token=True)


def _no_counters(m: re.Match[str], r: Reading, name: str) -> None:
    r.keywords.append("no_counters")


def _counter_on_self_when(m: re.Match[str], r: Reading, name: str) -> None:
    counter = (Effect("counters", counter="-1/-1", amount=1, to="self"),)
    if m["later"]:                  # "… al final del combate": a delayed trigger created now (603.7)
        counter = (Effect("delayed", at="end_of_combat", then=counter),)
    r.triggers += [Triggered(when="attacks", effects=counter), Triggered(when="blocks", effects=counter)]


def _dies_draw_per_counter(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="dies", effects=(Effect("draw", amount=1, to="controller",
                                                             per_counter="-1/-1"),)))


def _dies_counters_per_counter(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="dies", targets=(TargetSpec("creature"),), effects=(
        Effect("counters", counter="-1/-1", amount=1, to="target", per_counter="-1/-1"),)))


def _dies_counter_on_each_with_one(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="dies", effects=(
        Effect("counters", counter="-1/-1", amount=1, to="creatures_with_minus_counters"),)))


def _any_dies_with_counter(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="dies", of="creature", had_counter="-1/-1", targets=(TargetSpec("creature"),),
                                effects=(Effect("counters", counter="-1/-1", amount=1, to="target"),)))


def _counter_placed_token(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="counter_put", of="creature", counter="-1/-1", each_counter=True, effects=(
        Effect("create_token", amount=1, to="controller", token=token_def(m), optional=True),)))


def _counter_cost_untap(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=parse_cost(m["cost"] or ""), put_counters=(("-1/-1", 1),),
                                 effects=(Effect("untap", to="self"),)))


def _enchanted_doesnt_untap(m: re.Match[str], r: Reading, name: str) -> None:
    r.statics.append(Static(Effect("grant", keywords=("no_untap",), to="enchanted", duration="permanent")))


def _enchanted_has_ability(m: re.Match[str], r: Reading, name: str) -> None:
    """«La criatura encantada tiene “[ability]”»: the quoted ability read by these same patterns, with «esta
    criatura» as the name of the permanent that has it."""
    from judge.engine.rulesets.magic.catalog import read_text  # the table reads nested text (catalog imports this)
    inner = read_text("esta criatura", m["ability"].rstrip(".") + ".")
    if inner.unread or len(inner.activated) != 1 or inner.triggers or inner.statics or inner.effects:
        raise _Unread
    r.statics.append(Static(Effect("grant_ability", ability=inner.activated[0], to="enchanted",
                                   duration="permanent")))


def _tap_discard(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=(), tap=True, targets=(TargetSpec("player"),),
                                 effects=(Effect("discard", amount=1, to="target"),)))


def _only_your_turn(m: re.Match[str], r: Reading, name: str) -> None:
    if not r.activated:
        raise _Unread
    r.activated[-1] = replace(r.activated[-1], your_turn=True)


def _tap_prevent(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=(), tap=True, targets=(TargetSpec("any"),),
                                 effects=(Effect("prevent", amount=int(m["n"]), to="target"),)))


def _remove_counter_cost_other(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=(), remove_counters=((m["kind"], 1),), targets=(TargetSpec("creature",
                                 other=True),), effects=(Effect("counters", counter="-1/-1", amount=1, to="target"),)))


def _one_two_three(m: re.Match[str], r: Reading, name: str) -> None:
    r.targets += [TargetSpec("creature"), TargetSpec("creature", other=True), TargetSpec("creature", other=True)]
    r.effects += [Effect("counters", counter="-1/-1", amount=n + 1, to="target", target=n) for n in range(3)]


def _additional_counter(m: re.Match[str], r: Reading, name: str) -> None:
    r.additional.append(("counter_creature", 1))


def _move_counter(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=parse_cost(m["cost"]), untap=True, targets=(
        TargetSpec("creature"), TargetSpec("creature", other=True)), effects=(Effect("move_counter", target=0, of=1),)))


def _enters_remove_counter(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="enters", targets=(TargetSpec("permanent"),),
                                effects=(Effect("remove_counter", to="target", optional=True),)))


def _any_number_of_targets(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=(), tap=True, targets=(TargetSpec("creature", many=True),)))


def _each_of_them_gains(m: re.Match[str], r: Reading, name: str) -> None:
    if not r.activated or not r.activated[-1].targets:
        raise _Unread
    grant = Effect("grant", keywords=(_ability(m),), to="targets")
    r.activated[-1] = replace(r.activated[-1], effects=r.activated[-1].effects + (grant,))


def _no_life_gain(m: re.Match[str], r: Reading, name: str) -> None:
    r.replacements.append(Replacement(event="no_life_gain"))


def _all_wither(m: re.Match[str], r: Reading, name: str) -> None:
    r.replacements.append(Replacement(event="all_wither"))


def _untapped_discard(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="untapped", targets=(TargetSpec("player"),),
                                effects=(Effect("discard", amount=1, to="target", optional=True),)))


def _untap_any_color(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=parse_cost(m["cost"]), untap=True, effects=(Effect("add_mana", mana="any"),)))


def _prevent_all_to_self(m: re.Match[str], r: Reading, name: str) -> None:
    r.replacements.append(Replacement(event="damage", to="self", prevent=-1))


def _source_draws_prevented(m: re.Match[str], r: Reading, name: str) -> None:
    if not r.replacements or r.replacements[-1].event != "damage":
        raise _Unread
    r.replacements[-1] = replace(r.replacements[-1], source_draws=True)


def _blocks_or_blocked_grant(m: re.Match[str], r: Reading, name: str) -> None:
    grant = (Effect("grant", keywords=(_ability(m),), to="that_creature"),)
    r.triggers += [Triggered(when="blocks", effects=grant), Triggered(when="blocked", effects=grant)]


def _damage_to_opponent_remove_all(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="deals_damage", to_whom="opponent", effects=(
        Effect("remove_counter", counter=m["kind"], amount=-1, to="self"),)))


class _Unread(Exception):
    """A sentence that only makes sense after another one of the same line (which is not there)."""
REMINDER_END = r"(?: \([^)]*\))?$"         # a sentence may end with its reminder text, which says nothing new
SPENT = r"(?: si se usó \{(?P<spent>[WUBRG])\} (?:para|paga) jugar " + ARTICLE + r"{name})?"


def _spent(m: re.Match[str]) -> tuple[str, ...]:
    return (m["spent"],) if m["spent"] else ()


def _gain_x_per_colour_spent(m: re.Match[str], r: Reading, name: str) -> None:
    # One gain of X for each named colour spent (Infusión de solanera/1: a single life-gain event, X + X).
    r.effects.append(Effect("gain_life", x=True, to="controller", if_spent=(m["a"], m["b"])))


def _tokens(m: re.Match[str], r: Reading, name: str) -> None:
    r.effects.append(Effect("create_token", amount=NUMBER_WORDS[m["n"].lower()], token=token_def(m), to="controller",
                            if_spent=_spent(m)))


def _counter_creature_spell(m: re.Match[str], r: Reading, name: str) -> None:
    r.effects.append(Effect("counter_spell", to="target", target=len(r.targets), if_spent=_spent(m)))
    r.targets.append(TargetSpec("creature_spell", optional=True))


def _reanimate_up_to_one(m: re.Match[str], r: Reading, name: str) -> None:
    r.effects.append(Effect("return_to_battlefield", to="target", target=len(r.targets), if_spent=_spent(m)))
    r.targets.append(TargetSpec("creature", "you", zone="graveyard", optional=True))


def _target_player_creatures_pump_grant(m: re.Match[str], r: Reading, name: str) -> None:
    slot = len(r.targets)
    r.targets.append(TargetSpec("player"))
    r.effects.append(Effect("pump", power=int(m["p"]), toughness=int(m["t"]), to="target_player_creatures",
                            target=slot, if_spent=_spent(m)))
    r.effects.append(Effect("grant", keywords=(_ability(m),), to="target_player_creatures",
                            target=slot, if_spent=_spent(m)))


def _enters_damage_equal_power(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="enters", targets=(TargetSpec("any"),),
                                effects=(Effect("damage", count="source_power", to="target"),)))


def _upkeep_you_hand_empty(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="upkeep", whose="you", condition="your_hand_empty",
                                effects=(Effect("lose_life", amount=int(m["n"]), to="each_opponent"),)))


def _upkeep_opponent_hand_empty(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="upkeep", whose="opponents", condition="active_hand_empty",
                                effects=(Effect("lose_life", amount=int(m["n"]), to="active_player"),)))


def _end_step_opponent_lost_draw(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="end_step", whose="each", condition="opponent_lost_life",
                                condition_n=int(m["n"]),
                                effects=(Effect("draw", amount=1, to="controller", optional=True),)))


def _end_step_lose_life_lost(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="end_step", whose="each",
                                effects=(Effect("lose_life", count="life_lost_this_turn", to="each_opponent"),)))


def _tap_untapped_target(m: re.Match[str], r: Reading, name: str) -> None:
    r.targets.append(TargetSpec("creature", untapped=True))
    r.effects.append(Effect("tap", to="target"))


def _it_damages_its_controller(m: re.Match[str], r: Reading, name: str) -> None:
    r.effects.append(Effect("damage", by="target", count="target_power", to="target_controller"))


def _sacrifice_then_tokens_by_power(m: re.Match[str], r: Reading, name: str) -> None:
    r.targets.append(TargetSpec("creature"))
    r.effects.append(Effect("sacrifice", to="target", by="its_controller"))
    r.effects.append(Effect("create_token", count="target_power", to="target_controller", token=token_def(m)))


def _destroy_all_types(m: re.Match[str], r: Reading, name: str) -> None:
    kinds = {"artefactos": "artifact", "encantamientos": "enchantment", "criaturas": "creature", "tierras": "land"}
    r.effects.append(Effect("destroy", to="all_permanents", types=tuple(kinds[w] for w in m["what"].split(" y "))))


def _gain_per_destroyed(m: re.Match[str], r: Reading, name: str) -> None:
    r.effects.append(Effect("gain_life", amount=int(m["n"]), count="destroyed", to="controller"))


def _regenerate(m: re.Match[str], r: Reading, name: str) -> None:
    r.targets.append(TargetSpec("permanent" if m["what"] == "permanente" else "creature"))
    r.effects.append(Effect("regenerate", to="target"))


def _double_tapped_mana(m: re.Match[str], r: Reading, name: str) -> None:
    r.replacements.append(Replacement(event="tap_for_mana", multiply=2))


def _mana_of_land_types(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=(), tap=True, effects=(Effect("add_mana", mana="land_types"),)))


def _tap_add_mana(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=(), tap=True, effects=(Effect("add_mana", mana=m["mana"]),)))


def _only_on_x_costs(m: re.Match[str], r: Reading, name: str) -> None:
    # Modifies the mana ability the line's first sentence made (a trial Reading: only kept if both are read).
    if not r.activated:
        raise _Unread
    last = r.activated[-1]
    r.activated[-1] = replace(last, effects=tuple(replace(e, spend_only="x_costs") for e in last.effects))


def _enters_tapped(m: re.Match[str], r: Reading, name: str) -> None:
    r.replacements.append(Replacement(event="enters", tapped=True))


def _cost_gain_life(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=parse_cost(m["cost"]), tap=bool(m["t"]),
                                 effects=(Effect("gain_life", amount=NUMBER_WORDS[m["n"].lower()],
                                                 to="controller"),)))


def _only_if_you_control(m: re.Match[str], r: Reading, name: str) -> None:
    if not r.activated:
        raise _Unread
    r.activated[-1] = replace(r.activated[-1], only_if_color=COLOR_WORDS[m["color"].lower()],
                              only_if_n=NUMBER_WORDS[m["n"].lower()])


LAND_TYPES = {"montaña": "Montaña", "bosque": "Bosque", "isla": "Isla", "pantano": "Pantano", "llanura": "Llanura"}


def _tap_sac_land_damage(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=(), tap=True, sacrifice_type=LAND_TYPES[m["land"].lower()],
                                 targets=(TargetSpec("creature"),),
                                 effects=(Effect("damage", amount=int(m["n"]), to="target"),)))


def _tap_sac_land_choose_player(m: re.Match[str], r: Reading, name: str) -> None:
    # "Elige un jugador" opens the ability; the next sentence says what that player gets (a mana ability, 605.1a).
    r.activated.append(Activated(cost=(), tap=True, sacrifice_type=LAND_TYPES[m["land"].lower()], effects=()))


def _chosen_player_adds(m: re.Match[str], r: Reading, name: str) -> None:
    if not r.activated or r.activated[-1].effects:
        raise _Unread
    r.activated[-1] = replace(r.activated[-1], effects=(Effect("add_mana", mana=m["mana"], to="chosen_player"),))


def _reveal_draw(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=parse_cost(m["cost"]), tap=True,
                                 reveal_sharing_color=NUMBER_WORDS[m["n"].lower()],
                                 effects=(Effect("draw", amount=1, to="controller"),)))


def _may_shuffle_graveyard_card(m: re.Match[str], r: Reading, name: str) -> None:
    r.effects.append(Effect("shuffle_into_library", to="target", target=len(r.targets), optional=True))
    r.targets.append(TargetSpec("card", "you", zone="graveyard", optional=True))


def _search_mv_le_lands(m: re.Match[str], r: Reading, name: str) -> None:
    r.effects.append(Effect("search", search="mv<=lands", dest="hand", to="controller"))


def _opponent_sacrifices_per_colour(m: re.Match[str], r: Reading, name: str) -> None:
    slot = len(r.targets)
    r.targets.append(TargetSpec("player", "opponent"))
    for what, colour in ((m["what1"], m["c1"]), (m["what2"], m["c2"])):
        r.effects.append(Effect("sacrifice", to="target", target=slot, types=(TYPE_SINGULAR[what],),
                                count="your_creatures", count_where=(COLOR_WORDS[colour],)))


TYPE_SINGULAR = {"criatura": "creature", "tierra": "land", "artefacto": "artifact", "encantamiento": "enchantment"}


def _divided_x_lands(m: re.Match[str], r: Reading, name: str) -> None:
    r.x_counts = LAND_TYPES[m["land"].lower()]
    r.targets.append(TargetSpec("any", many=True))
    r.effects.append(Effect("damage", x=True, divided=True, to="targets"))


def _look_keep_more_if_most_creatures(m: re.Match[str], r: Reading, name: str) -> None:
    n = NUMBER_WORDS[m["n"].lower()]
    r.effects.append(Effect("look_top", amount=n, keep=NUMBER_WORDS[m["more"].lower()], to="controller",
                            condition="most_creatures"))
    r.effects.append(Effect("look_top", amount=n, keep=NUMBER_WORDS[m["less"].lower()], to="controller",
                            condition="not_most_creatures"))


def _then_shuffle(m: re.Match[str], r: Reading, name: str) -> None:
    # The search just read already ends with the shuffle (701.23a); alone, the sentence is not read.
    if not r.effects or r.effects[-1].kind != "search":
        raise _Unread

# -- zones, libraries, graveyards, copies, tokens: pieces that read a sentence, or a whole ability whose effect
# sentences are read again by the same table (`_effects_of`).
def _effects_of(m: re.Match[str], r: Reading, name: str) -> Reading:
    """The effect sentences of an ability that takes the rest of its line (after "Cuando …," or "{cost}:"), each
    read by PIECES; a sentence none reads, or such an ability met in a line read sentence by sentence, leaves the
    line unread (_Unread)."""
    from judge.engine.rulesets.magic.catalog import _sentence, _split  # the table reads nested text (catalog imports this)
    if not r.whole_line:
        raise _Unread
    trial = Reading(whole_line=False)
    text = m["rest"][:1].upper() + m["rest"][1:]
    if not all(_sentence(s, trial, name) for s in _split(text)) or trial.statics or trial.triggers \
            or trial.activated or trial.additional:
        raise _Unread
    return trial


def _trigger(when: str, **kw: Any) -> Piece:
    def piece(m: re.Match[str], r: Reading, name: str) -> None:
        inner = _effects_of(m, r, name)
        r.triggers.append(Triggered(when=when, effects=tuple(inner.effects), targets=tuple(inner.targets), **kw))
    return piece


def _activated(m: re.Match[str], r: Reading, name: str) -> None:
    inner = _effects_of(m, r, name)
    if not inner.effects:
        raise _Unread
    r.activated.append(Activated(cost=parse_cost(m["cost"]), tap=bool(m["t"]), untap=bool(m["q"]),
                                 effects=tuple(inner.effects), targets=tuple(inner.targets)))


def _grant_quoted(m: re.Match[str], r: Reading, name: str) -> None:
    """«La criatura encantada tiene "{T}: …"»: a granted activated ability (613.1f); its text names "esta criatura",
    the enchanted one, so it is read with no card name of its own."""
    from judge.engine.rulesets.magic.catalog import _sentence  # the table reads nested text (catalog imports this)
    inner = Reading()
    if not _sentence(m["ab"], inner, "esta criatura") or len(inner.activated) != 1:
        raise _Unread
    r.statics.append(Static(Effect("grant_ability", to="enchanted", ability=inner.activated[0],
                                   duration="permanent")))


def _slot(r: Reading, spec: TargetSpec) -> int:
    r.targets.append(spec)
    return len(r.targets) - 1


def _effect(kind: str, **kw: Any) -> Piece:
    def piece(m: re.Match[str], r: Reading, name: str) -> None:
        r.effects.append(Effect(kind, **kw))
    return piece


def _part_of_previous(m: re.Match[str], r: Reading, name: str) -> None:
    """A sentence that only says how the previous instruction ends (its shuffle, its repetition), which the
    previous effect already does (zonefx._exile_same_name shuffles; linked.pay_life_rounds repeats)."""


def _random_discard_damage(m: re.Match[str], r: Reading, name: str) -> None:
    slot = _slot(r, TargetSpec("player"))
    r.effects.append(Effect("damage", to="target", target=slot, count="linked_power", condition="linked_creature"))


def _discard_hand_and_draw(m: re.Match[str], r: Reading, name: str) -> None:
    slot = _slot(r, TargetSpec("player", "opponent"))
    r.effects.append(Effect("discard", amount=-1, to="controller", optional=True))
    r.effects.append(Effect("draw", to="controller", target=slot, count="damage_this_turn", condition="did"))


def _destroy_land_of_damaged(m: re.Match[str], r: Reading, name: str) -> None:
    slot = _slot(r, TargetSpec("land", "damaged_player"))
    r.effects.append(Effect("destroy", to="target", target=slot))


def _three_nonenchantments(m: re.Match[str], r: Reading, name: str) -> None:
    for _ in range(3):
        _slot(r, TargetSpec("nonenchantment"))


def _opponent_exiles_top_x(m: re.Match[str], r: Reading, name: str) -> None:
    slot = _slot(r, TargetSpec("player", "opponent"))
    r.effects.append(Effect("exile_top", to="target", target=slot, x=True))


def _move_auras(m: re.Match[str], r: Reading, name: str) -> None:
    slot = _slot(r, TargetSpec("permanent"))
    r.effects.append(Effect("move_auras", to="target", target=slot))


def _exile_same_name(m: re.Match[str], r: Reading, name: str) -> None:
    r.effects.append(Effect("exile_same_name", to="target"))


def _pay_optional(m: re.Match[str], r: Reading, name: str) -> None:
    r.effects.append(Effect("pay", cost=parse_cost(m["cost"]), optional=True, to="controller"))


def _grant_linked(m: re.Match[str], r: Reading, name: str) -> None:
    r.effects.append(Effect("grant", keywords=(_ability(m),), to="linked", duration="permanent"))


WITH_KEYWORD = r"(?: con la habilidad de (?P<kw>volar|prisa))?"


def _tokens_counted(count: str = "", to: str = "controller") -> Piece:
    """Tokens whose number is X (its power), or counted as the resolution goes (per card, per life paid)."""
    def piece(m: re.Match[str], r: Reading, name: str) -> None:
        n = m.groupdict().get("n") or "una"
        how = count or ("source_power" if n == "X" else "")
        token = token_def(m)
        if m["kw"]:
            token = replace(token, keywords=(_ability(m),))
        r.effects.append(Effect("create_token", token=token, amount=1, count=how, to=to))
    return piece
