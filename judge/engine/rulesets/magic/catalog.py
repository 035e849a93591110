"""The magic card catalog: the Shadowmoor FAQ's cards (rules_corpus/faq-paramo-sombrio.txt, as the corpus parses
them: cost, type line, P/T, text) turned into CardDefs, plus the basic lands.

Each line of a card's printed text is read by one table of patterns (`PIECES`): a keyword line becomes keywords,
a known sentence becomes an ability built from the engine's pieces (effects, triggers, costs, statics). A line no
pattern reads is kept, word for word, as the card's unmodelled text: flagged in every trace the card appears in.
A scenario that defines a card inline with the same name uses its own definition instead.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from judge.engine.rulesets.magic.cards import (BASIC_LANDS, Activated, CardDef, Effect, Replacement, Static,
                                               TargetSpec, Triggered)
from judge.engine.rulesets.magic.mana import ManaError, parse_cost

TYPES = {"Criatura": "creature", "Tierra": "land", "Instantáneo": "instant", "Conjuro": "sorcery",
         "Encantamiento": "enchantment", "Artefacto": "artifact"}
SUPERTYPES = {"Legendaria": "legendary", "Legendario": "legendary", "Básica": "basic", "Básico": "basic"}
# Keyword lines of the 2008 Spanish wording, with the engine's keyword ids (None: printed, not modelled).
KEYWORD_WORDS: dict[str, str | None] = {
    "vuela": "flying", "arrolla": "trample", "debilitar": "wither", "persistir": "persist",
    "vínculo vital": "lifelink", "daña primero": "first_strike", "dañar primero": "first_strike",
    "doble daño": "double_strike", "prisa": "haste", "alcance": "reach", "defensor": "defender",
    "vigilancia": "vigilance", "toque mortal": "deathtouch", "indestructible": "indestructible",
    "velo": "shroud", "inspirar temor": "fear", "destello": "flash", "conspirar": "conspire", "cambiaformas": None,
}
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
    if not words or not all(w in KEYWORD_WORDS for w in words):
        return False
    for w in words:
        kid = KEYWORD_WORDS[w]
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


KEYWORD_NAMES = {"dañar dos veces": "double_strike", "vínculo vital": "lifelink", "volar": "flying",
                 "arrollar": "trample", "dañar primero": "first_strike", "prisa": "haste", "debilitar": "wither",
                 "persistir": "persist", "vigilancia": "vigilance", "alcance": "reach", "velo": "shroud"}
COLOR_WORDS = {"blanca": "W", "blanco": "W", "azul": "U", "negra": "B", "negro": "B", "roja": "R", "rojo": "R",
               "verde": "G", "verdes": "G", "blancos": "W", "azules": "U", "negros": "B", "rojos": "R"}


def _grant_yours(m: re.Match[str], r: Reading, name: str) -> None:
    r.statics.append(Static(Effect("grant", keywords=(KEYWORD_NAMES[m["kw"].lower()],), to="creatures_you_control",
                                   duration="permanent")))


def _self_gains_until_eot(m: re.Match[str], r: Reading, name: str) -> None:
    r.activated.append(Activated(cost=parse_cost(m["cost"]), untap=bool(m["q"]), tap=bool(m["t"]),
                                 effects=(Effect("grant", keywords=(KEYWORD_NAMES[m["kw"].lower()],), to="self"),)))


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
    return tuple(KEYWORD_NAMES[w.strip().lower()] for w in re.split(r",| y ", text) if w.strip())


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
    kw = "indestructible" if m["indestructible"] else KEYWORD_NAMES[m["kw"].lower()]
    r.statics.append(Static(Effect("grant", keywords=(kw,), to="enchanted", where=where, duration="permanent")))


def _self_pump_while_library(m: re.Match[str], r: Reading, name: str) -> None:
    r.statics.append(Static(Effect("pump", power=int(m["p"]), toughness=int(m["t"]), to="self",
                                   duration="permanent"), condition=("library_at_most", NUMBER_WORDS[m["n"].lower()])))


def _attacks_target_loses(m: re.Match[str], r: Reading, name: str) -> None:
    r.triggers.append(Triggered(when="attacks", targets=(TargetSpec("creature"),), effects=(
        Effect("lose", keywords=(KEYWORD_NAMES[m["kw"].lower()],), to="target", optional=bool(m["may"])),)))


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
    grant = Effect("grant", keywords=(KEYWORD_NAMES[m["kw"].lower()],), to="targets")
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
    grant = (Effect("grant", keywords=(KEYWORD_NAMES[m["kw"].lower()],), to="that_creature"),)
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
    r.effects.append(Effect("grant", keywords=(KEYWORD_NAMES[m["kw"].lower()],), to="target_player_creatures",
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
    r.effects.append(Effect("grant", keywords=(KEYWORD_NAMES[m["kw"].lower()],), to="linked", duration="permanent"))


WITH_KEYWORD = r"(?: con la habilidad de (?P<kw>volar|prisa))?"


def _tokens_counted(count: str = "", to: str = "controller") -> Piece:
    """Tokens whose number is X (its power), or counted as the resolution goes (per card, per life paid)."""
    def piece(m: re.Match[str], r: Reading, name: str) -> None:
        n = m.groupdict().get("n") or "una"
        how = count or ("source_power" if n == "X" else "")
        token = token_def(m)
        if m["kw"]:
            token = replace(token, keywords=(KEYWORD_NAMES[m["kw"].lower()],))
        r.effects.append(Effect("create_token", token=token, amount=1, count=how, to=to))
    return piece


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
