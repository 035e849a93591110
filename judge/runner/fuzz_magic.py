"""Random legal games of magic, with the game's invariants checked after every step (`judge fuzz magic`).

A game: a random pool of inline cards drawn from the engine's vocabulary (creatures with modelled keywords,
enters/dies triggers, persist, wither, lifelink, now and then a replacement, an activated ability, a lord or
protection from a card type; instants and sorceries that deal damage, pump, draw, destroy, put counters or gain
life, now and then exile, bounce, tap, counter a spell, grant a keyword, set P/T, search or mill; Auras with a
static pump), decks of those plus basic lands, a third of the games from a random mid-game position. Then, at each
step, an action among `Magic.legal_actions(state)` (passing weighs less, so things happen), now and then a random
probe that is mostly illegal, and every choice asked in the middle of an action (attackers, blockers, damage
assignment, orders, targets of triggers, searches…) answered by the ruleset's RandomChooser. The actions and
the chooser's answers are recorded in script order (each answer right after the action that asked it), so the
game written as a scenario replays identically through `judge run`.

The game ends with a winner, or at a cap (5,000 steps, 30 turns, or the scenario format's 2,000 script lines),
which is not a failure. The first broken invariant stops the run and the game is written out as a scenario.
The common parts (the fuzz loop, probes, the broken game's document) are judge/runner/fuzz.py's.
"""
from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable
from itertools import repeat
from operator import attrgetter, is_
from typing import TYPE_CHECKING, Any

from judge.engine.rulesets.magic.actions import Activate, Cast, Mana, Pass, PlayLand
from judge.engine.rulesets.magic.keyword import current as keyword_registry
from judge.engine.rulesets.magic.messages import phase
from judge.messages import Message
from judge.engine.rulesets.magic.choices import RandomChooser
from judge.engine.rulesets.magic.schema import MAX_ACTIONS
from judge.engine.rulesets.magic.verb import current as verb_registry
from judge.runner.fuzz_ledger import MOVING, FieldSeen, Ledger, PlayerSeen  # noqa: F401 (fm.Ledger)
from judge.runner.fuzz import (FuzzReport, GameResult, Problem, citations_present, play_offered, play_probe,
                               run_games, start_game)

if TYPE_CHECKING:
    from judge.engine import Game, Step

GAME_STEP_LIMIT = 5000        # a game still going after this many steps is capped (not a failure)
GAME_TURN_LIMIT = 30          # … or after this many turns
ACTION_LIMIT = MAX_ACTIONS - 100   # … or when its script nears the format's maximum (room for one more action)
REPLAY_STEP_LIMIT = 10_000    # the written scenario's step_limit: above any capped game, so a replay is not cut
PROBE_RATE = 0.08             # share of moves that first try a random, probably illegal action
PLAYERS = ("Ana", "Bruno", "Carla")
LANDS = {"W": "Llanura", "U": "Isla", "B": "Pantano", "R": "Montaña", "G": "Bosque"}


# -- random cards, decks and positions ------------------------------------------------------------------------------

CREATURE_NAMES = ("Osos", "Lobo", "Grifo", "Trasgo", "Elfo", "Zombi", "Caballero", "Sierpe", "Gólem", "Espíritu",
                  "Ángel", "Dragón", "Kithkin", "Hada", "Troll")
SPELL_NAMES = ("Rayo", "Choque", "Crecimiento", "Saber", "Terror", "Bendición", "Marchitez", "Fuerza", "Plegaria",
               "Estallido")
AURA_NAMES = ("Fuerza de gigante", "Alas", "Armadura", "Maldición", "Vigor")
EQUIPMENT_NAMES = ("Espada", "Hacha", "Escudo", "Botas", "Lanza")
BASIC_TYPE = {"W": "Llanura", "U": "Isla", "B": "Pantano", "R": "Montaña", "G": "Bosque"}   # each colour's land type
# Spell effects: (effect, target specs) makers; each takes the rng.
TRIGGER_WHEN = ("enters", "enters", "dies")
PROTECTION_TYPES = ("creature", "instant", "sorcery", "enchantment", "artifact")


def _cost(rng: random.Random, color: str, value: int) -> str:
    colored = 1 if value < 3 or rng.random() < 0.6 else 2
    generic = max(0, value - colored)
    return (f"{{{generic}}}" if generic else "") + f"{{{color}}}" * colored


def _spell_effect(rng: random.Random, slot: int) -> tuple[dict[str, Any], list[Any]]:
    """One effect of an instant or sorcery and the target specs it adds (slot: index of its target). Each verb
    generates its own (`Verb.fuzz`, verb.py); these weights favour the common ones."""
    registry = verb_registry()
    kind = rng.choice(("damage", "damage", "pump", "draw", "destroy", "counters", "gain_life", "other"))
    if kind == "other":            # now and then the rest of the vocabulary whose scenario lines replay
        kind = rng.choice(registry.fuzzed)
    return registry.by_name[kind].fuzz(rng, slot)


def _spell(rng: random.Random, color: str) -> dict[str, Any]:
    effects, targets = [], []
    for _ in range(1 if rng.random() < 0.75 else 2):
        effect, specs = _spell_effect(rng, len(targets))
        effects.append(effect)
        targets += specs
    if not targets:
        effect = effects[0]
        effect.pop("target", None)
    if rng.random() < 0.08:
        # 608.2c: "if you've cast another spell this turn, draw a card" (conditions.py)
        effects.append({"draw": 1, "condition": {"spells_cast_this_turn": 2}})
    card: dict[str, Any] = {"cost": _cost(rng, color, rng.randint(1, 4)),
                            "types": [rng.choice(("instant", "sorcery"))], "effects": effects}
    if targets:
        card["targets"] = targets
    return card


# Abilities on the general events (603.2: a draw, a life gain or loss, a card put into a graveyard), chosen so that
# none can feed itself: what they do is gain life or put a counter on their own permanent, never draw or lose life.
GENERAL_TRIGGERS: tuple[dict[str, Any], ...] = (
    {"when": "draw", "whose": "opponents", "effects": [{"gain_life": 1}]},
    {"when": "draw", "whose": "each", "effects": [{"gain_life": 1}]},
    {"when": "life_gain", "effects": [{"counters": {"+1/+1": 1}, "to": "self"}]},
    {"when": "life_loss", "whose": "opponents", "effects": [{"counters": {"+1/+1": 1}, "to": "self"}]},
    {"when": "life_loss", "whose": "each", "effects": [{"counters": {"+1/+1": 1}, "to": "self"}]},
    {"when": "zone_change", "to_zone": "graveyard", "whose": "each", "effects": [{"gain_life": 1}]},
    # 601.2i: "whenever a player casts a spell" (from a graveyard: castfrom.py's permissions)
    {"when": "spell_cast", "whose": "each", "effects": [{"gain_life": 1}]},
    {"when": "spell_cast", "whose": "opponents", "from_zone": "graveyard",
     "effects": [{"counters": {"+1/+1": 1}, "to": "self"}]},
    # 603.2c: "one or more …" once per event; `of` a group for attacks and dies (508.1m, 603.10a)
    {"when": "attacks", "of": "your_creature", "one_or_more": True, "effects": [{"gain_life": 1}]},
    {"when": "attacks", "of": "your_creature", "effects": [{"gain_life": 1}]},
    {"when": "dies", "of": "your_creature", "one_or_more": True, "effects": [{"gain_life": 2}]},
    {"when": "enters", "of": "creature", "one_or_more": True, "effects": [{"gain_life": 1}]},
)


def _trigger(rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.2:
        return copy.deepcopy(rng.choice(GENERAL_TRIGGERS))
    when = rng.choice(TRIGGER_WHEN)
    kind = rng.choice(("damage", "gain_life", "draw", "counters", "lose_life", "destroy"))
    if kind == "damage":
        if rng.random() < 0.5:
            return {"when": when, "effects": [{"damage": rng.randint(1, 3), "to": "each_opponent"}]}
        return {"when": when, "targets": ["any"], "effects": [{"damage": rng.randint(1, 3), "to": "target"}]}
    if kind == "gain_life":
        return {"when": when, "effects": [{"gain_life": rng.randint(1, 3)}]}
    if kind == "draw":
        return {"when": when, "effects": [{"draw": 1}]}
    if kind == "counters":
        return {"when": when, "targets": [{"type": "creature", "controller": "you"}],
                "effects": [{"counters": {"+1/+1": 1}, "to": "target"}]}
    if kind == "lose_life":
        return {"when": when, "effects": [{"lose_life": rng.randint(1, 2), "to": "each_opponent"}]}
    return {"when": when, "targets": [{"type": "creature", "controller": "opponent"}],
            "effects": [{"destroy": "target"}]}


def _replacement(rng: random.Random) -> dict[str, Any]:
    kind = rng.choice(("life_gain", "damage", "enters", "dies", "draw", "prevent_none", "counters", "life_loss",
                       "damage_dealt", "prevent_from", "copy"))
    if kind == "damage_dealt":        # "it deals double that damage instead" (614.1a), for some sources
        return {"event": "damage_dealt", "to": rng.choice(("each", "controller", "self")),
                **({"multiply": 2} if rng.random() < 0.6 else {"add": 1}),
                **({"where": [rng.choice("WUBRG")]} if rng.random() < 0.3 else {})}
    if kind == "prevent_from":        # "prevent all damage that red sources would deal" (615.1)
        return {"event": "prevent_from", "where": [rng.choice(("W", "U", "B", "R", "G", "noncreature"))],
                "to": rng.choice(("each", "opponents"))}
    if kind == "copy":                # the Clone's "enter as a copy of any creature" (707.5)
        return {"event": "enters", "choose": "copy"}
    if kind == "counters":            # "twice that many" / "that many minus one" (614.1a, 122.6)
        return {"event": "counters", "counter": rng.choice(("+1/+1", "-1/-1", "")), "to": rng.choice(
            ("creatures_you_control", "self", "permanents_you_control")),
            **({"multiply": 2} if rng.random() < 0.5 else {"add": rng.choice((-1, 1))})}
    if kind == "life_loss":           # "if an opponent would lose life, they lose that much plus 1 instead"
        return {"event": "life_loss", "to": rng.choice(("opponents", "each")),
                **({"multiply": 2} if rng.random() < 0.5 else {"add": 1})}
    if kind == "life_gain":
        return {"event": "life_gain", "multiply": 2} if rng.random() < 0.5 else {"event": "life_gain", "add": 1}
    if kind == "damage":
        return {"event": "damage", "prevent": rng.randint(1, 2), "to": rng.choice(("self", "controller"))}
    if kind == "enters":
        return {"event": "enters", "counters": {"+1/+1": rng.randint(1, 2)}}
    if kind == "draw":
        return {"event": "draw", "instead": [{"gain_life": 1}, {"draw": 1}] if rng.random() < 0.5
                else [{"gain_life": 2}]}
    return {"event": kind}


def _creature(rng: random.Random, color: str) -> dict[str, Any]:
    value = rng.randint(1, 5)
    card: dict[str, Any] = {"cost": _cost(rng, color, value), "types": ["creature"],
                            "power": max(0, value + rng.randint(-2, 1)),
                            "toughness": max(1, value + rng.randint(-1, 1))}
    keywords = rng.sample(keyword_registry().fuzz_pool, rng.choice((0, 0, 1, 1, 1, 2, 3)))
    for favourite in ("persist", "wither", "lifelink"):      # the ones the issue names: more often
        if favourite not in keywords and rng.random() < 0.1:
            keywords.append(favourite)
    if keywords:
        card["keywords"] = keywords
    if rng.random() < 0.3:
        card["triggers"] = [_trigger(rng)]
    if rng.random() < 0.12:
        card["replacements"] = [_replacement(rng)]
    if rng.random() < 0.1:
        card["activated"] = [rng.choice((
            {"cost": "{1}", "tap": True, "targets": ["any"], "effects": [{"damage": 1, "to": "target"}]},
            {"cost": f"{{1}}{{{color}}}", "effects": [{"pump": [1, 1], "to": "self"}]},
            {"cost": "{2}", "tap": True, "effects": [{"gain_life": 2}]},
        ))]
    if rng.random() < 0.04:
        # 610.3: "when this enters, exile target creature an opponent controls until this leaves the battlefield"
        card.setdefault("triggers", []).append({"when": "enters", "targets": [{"type": "creature",
                                                                               "controller": "opponent"}],
                                                "effects": [{"exile_until": "leaves"}]})
    if rng.random() < 0.05:
        # 113.6b: "{2}{C}: return this card from your graveyard to your hand"
        card.setdefault("activated", []).append({"cost": f"{{2}}{{{color}}}", "zone": "graveyard",
                                                 "effects": [{"put": True, "to": "source_card", "dest": "hand"}]})
    if rng.random() < 0.06:
        card["static"] = [{"pump": [1, 1], "to": "other_creatures_you_control"}]
    if rng.random() < 0.05:
        # 702.16a: protection from a card type ("protección contra las criaturas": unblockable by them)
        card.setdefault("static", []).append({"protection": rng.choice(PROTECTION_TYPES)})
    if rng.random() < 0.05:
        card["supertypes"] = ["legendary"]
    if rng.random() < 0.05:
        card["cast_from"] = "graveyard"          # 601.3: "you may cast this card from your graveyard"
    if rng.random() < 0.06:
        # conditions.py: "as long as you control a <its basic land>", devotion, spells cast this turn (604.1)
        card.setdefault("static", []).append({"pump": [1, 1], "to": "self", "while": rng.choice((
            {"you_control": LANDS[color]}, {"devotion": {"color": color, "at_least": 3}},
            {"spells_cast_this_turn": 1}))})
    if rng.random() < 0.04:
        # 601.3, 305.1: "you may play lands / cast spells from your graveyard"
        card.setdefault("static", []).append({"play_from_graveyard": rng.choice(("lands", "spells", "all"))})
    roll = rng.random()
    if roll < 0.04:
        # 604.3, 613.4a: "its power and toughness are each equal to the number of <its colour's basic land type>
        # you control" (the printed 0/0 is the *)
        card.update(power=0, toughness=0)
        card.setdefault("static", []).append({"define_pt": ["count", "count"], "count": "permanents_you_control",
                                              "count_where": [f"subtype:{BASIC_TYPE[color]}"]})
    elif roll < 0.08:
        # The shared filter (filters.py): "+1/+1 for each other creature of its type you control" or "other
        # <type>s you control get +1/+1"; the type is its name's (random_cards gives it as its subtype)
        card.setdefault("static", []).append(rng.choice((
            {"pump": ["count", "count"], "count": "other_creatures_you_control", "count_where": ["subtype:?"]},
            {"pump": [1, 1], "to": "other_creatures_you_control", "where": ["subtype:?"]},
            {"grant": ["vigilance"], "to": "permanents_you_control", "where": ["creature", "non-subtype:?"]},
            {"grant": ["defender"], "to": "opponents_permanents", "where": ["creature", "nonlegendary"]})))
    return card


def _equipment(rng: random.Random, color: str) -> dict[str, Any]:
    """301.5, 702.6: an Equipment with equip {1}–{3} that gives the equipped creature +N/+N or a keyword."""
    static: list[dict[str, Any]] = [{"pump": [rng.randint(0, 3), rng.randint(0, 2)], "to": "equipped"}]
    if rng.random() < 0.4:
        static.append({"grant": [rng.choice(keyword_registry().fuzz_pool)], "to": "equipped"})
    return {"cost": _cost(rng, color, rng.randint(1, 3)), "types": ["artifact"], "subtypes": ["Equipo"],
            "equip": f"{{{rng.randint(1, 3)}}}", "static": static}


def _aura(rng: random.Random, color: str) -> dict[str, Any]:
    static: list[dict[str, Any]] = []
    if rng.random() < 0.2:
        static.append({"pump": [-rng.randint(1, 3), -rng.randint(0, 2)], "to": "enchanted"})
    else:
        static.append({"pump": [rng.randint(0, 3), rng.randint(0, 3)], "to": "enchanted"})
    if rng.random() < 0.3:
        static.append({"grant": [rng.choice(keyword_registry().fuzz_pool)], "to": "enchanted"})
    return {"cost": _cost(rng, color, rng.randint(1, 3)), "types": ["enchantment"], "subtypes": ["Aura"],
            "targets": ["creature"], "static": static}


def random_cards(rng: random.Random) -> dict[str, dict[str, Any]]:
    """Between 8 and 18 cards of one colour each: creatures first, then spells and Auras."""
    cards: dict[str, dict[str, Any]] = {}
    for i in range(rng.randint(8, 18)):
        color = rng.choice("WUBRG")
        roll = rng.random() if i >= 3 else 0.0                # the first three are creatures
        if roll < 0.55:
            name, card = rng.choice(CREATURE_NAMES), _creature(rng, color)
            card["subtypes"] = [name]                       # its creature type: what "other Elves" counts
            for s in card.get("static", ()):
                for key in ("where", "count_where"):
                    if key in s:
                        s[key] = [q.replace("?", name) for q in s[key]]
        elif roll < 0.80:
            name, card = rng.choice(SPELL_NAMES), _spell(rng, color)
        elif roll < 0.92:
            name, card = rng.choice(AURA_NAMES), _aura(rng, color)
        else:
            name, card = rng.choice(EQUIPMENT_NAMES), _equipment(rng, color)
        cards[f"{name} {i + 1}"] = card
    return cards


def _color(card: dict[str, Any]) -> str:
    return next(c for c in "WUBRG" if f"{{{c}}}" in card["cost"])


def random_scenario(rng: random.Random, index: int, seed: int) -> dict[str, Any]:
    """A scenario document: most games start on turn 1 (seven cards in hand, a library of 18–35), one in three
    from a random mid-game position."""
    cards = random_cards(rng)
    names = list(cards)
    players: list[dict[str, Any]] = []
    for name in PLAYERS[: 3 if rng.random() < 0.15 else 2]:
        colors = rng.sample("WUBRG", rng.choice((1, 2, 2)))
        mine = [n for n in names if _color(cards[n]) in colors] or names
        lands = [LANDS[_color(cards[n])] for n in mine]
        deck = [rng.choice(mine) if rng.random() < 0.6 else rng.choice(lands) for _ in range(rng.randint(25, 42))]
        players.append({"name": name, "hand": deck[:7], "library": deck[7:]})
    doc: dict[str, Any] = {"ruleset": "magic", "title": f"Partida aleatoria {index} (fuzz magic, semilla {seed})",
                           "seed": seed, "step_limit": REPLAY_STEP_LIMIT, "cards": cards, "players": players}
    if rng.random() < 1 / 3:
        _mid_game(rng, doc)
    return doc


def _mid_game(rng: random.Random, doc: dict[str, Any]) -> None:
    """Turn a turn-1 document into a mid-game position the engine accepts and that needs no choice to set up:
    lands and creatures on the battlefield (some tapped, damaged, with counters, summoning sick), Auras on them,
    life totals, cards in graveyards, sometimes mana in a pool."""
    cards: dict[str, dict[str, Any]] = doc["cards"]
    creatures = [n for n, c in cards.items() if "creature" in c["types"]]
    auras = [n for n, c in cards.items() if "enchantment" in c["types"]]
    hosts: list[tuple[str, str]] = []                 # (creature id, card)
    for i, player in enumerate(doc["players"]):
        deck = player["hand"] + player["library"]
        rng.shuffle(deck)
        cut = rng.randint(0, 6)
        player["hand"], player["library"] = deck[:cut], deck[cut:cut + rng.randint(6, 25)]
        player["graveyard"] = deck[-rng.randint(1, 5):] if rng.random() < 0.6 else []
        player["life"] = rng.randint(1, 20)
        lands = sorted({c for c in deck if c in LANDS.values()}) or ["Bosque"]
        battlefield: list[dict[str, Any]] = [{"card": rng.choice(lands), "id": f"t{i}{j}", "tapped": rng.random() < 0.3}
                                             for j in range(rng.randint(2, 7))]
        legends: set[str] = set()
        for j in range(rng.randint(0, 4)):
            name = rng.choice(creatures)
            card = cards[name]
            if card.get("supertypes") and name in legends:
                continue                              # two of one legend would ask the legend rule's choice
            if any("define_pt" in s for s in card.get("static", ())):
                continue                              # its printed 0/0 says nothing of its toughness on the board
            legends.add(name)
            entry: dict[str, Any] = {"card": name, "id": f"c{i}{j}"}
            toughness = card["toughness"]
            if rng.random() < 0.25:
                counter = rng.choice(("+1/+1", "-1/-1"))
                n = rng.randint(1, 2) if counter == "+1/+1" else rng.randint(0, toughness - 1)
                if n:
                    entry["counters"] = {counter: n}
                    toughness += n if counter == "+1/+1" else -n
            if toughness > 1 and rng.random() < 0.3:
                entry["damage"] = rng.randint(1, toughness - 1)
            if rng.random() < 0.25:
                entry["tapped"] = True
            if rng.random() < 0.2:
                entry["sick"] = True
            battlefield.append(entry)
            hosts.append((entry["id"], name))
        player["battlefield"] = battlefield
        if rng.random() < 0.2:
            player["mana_pool"] = {rng.choice("WUBRG"): rng.randint(1, 2)}
        player["lands_played"] = rng.choice((0, 0, 1))
    for i, player in enumerate(doc["players"]):
        for j in range(rng.randint(0, 2) if auras and hosts else 0):
            aura = rng.choice(auras)
            host, host_card = rng.choice(hosts)
            if any("pump" in s and s["pump"][1] < 0 for s in cards[aura]["static"]):
                continue                              # a creature dying as the scenario starts may ask a choice
            player["battlefield"].append({"card": aura, "id": f"a{i}{j}", "attached_to": host})
    gear = [n for n, c in cards.items() if "equip" in c]
    for i, player in enumerate(doc["players"]):
        for j in range(rng.randint(0, 1) if gear else 0):
            # 301.5d: an Equipment may equip a creature another player controls (its control changed meanwhile)
            entry = {"card": rng.choice(gear), "id": f"e{i}{j}"}
            if hosts and rng.random() < 0.7:
                entry["attached_to"] = rng.choice(hosts)[0]
            player["battlefield"].append(entry)
    doc["turn"] = {"number": rng.randint(3, 12), "active": rng.choice(doc["players"])["name"],
                   "step": rng.choice(("main1", "main1", "main2", "beginning_of_combat", "upkeep", "end"))}


# -- the chooser --------------------------------------------------------------------------------------------------

class FuzzChooser(RandomChooser):
    """The ruleset's RandomChooser; when a question it answered wrongly (a blocker that cannot block a flier) is
    asked a third time, it answers with what is always legal there (no attackers, find nothing; as blockers, the
    declaration the engine found obeying the most blocking requirements, 509.1c, none when there are none), so
    the engine's fifth refusal never leaves the game waiting on a choice. Every answer is recorded."""

    EMPTY_OK = ("attackers", "blockers", "search")

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self._last: Any = None
        self._tries = 0

    def next_answer(self, state: Any, q: Any) -> Any:
        from judge.engine.rulesets.magic.actions import Attack, Block, Choose

        self._tries = self._tries + 1 if q is self._last else 1
        self._last = q
        if self._tries >= 3 and q.kind in self.EMPTY_OK:
            if q.kind == "blockers":
                answer: Any = Block(by=q.player, blocks=tuple(q.data.get("obeying", ())))
            else:
                answer = {"attackers": Attack}.get(q.kind, Choose)(by=q.player)
            self.recorded.append(answer)
            return answer
        return super().next_answer(state, q)


# -- invariants ---------------------------------------------------------------------------------------------------

Invariant = Callable[["Step", Ledger], "Message | None"]      # the problem as a message (fuzz_messages.py)


def each_object_in_one_zone(step: "Step", ledger: Ledger) -> Message | None:
    """400.1 / 400.7: on every step's board, no object is in two zones, and every card of the game is there in
    exactly one incarnation (nothing vanishes, nothing is duplicated, nothing comes out of nowhere)."""
    board = step.board or ledger.board
    stack = board.get("stack")
    spells = tuple([i["id"] for i in stack if i.get("kind") == "spell"]) if stack else ()
    if ledger.held("one_zone", board, spells):
        return None
    # As many objects as cards and every card among their bases: each card exactly once (so no id twice either).
    seen = ledger.players_seen(board)
    count = len(spells)
    for player in seen:
        count += player.count
    if count == len(ledger.bases):
        found = {oid.split("~")[0] for oid in spells}
        for player in seen:
            found |= player.base_set()
        if found == ledger.bases:
            ledger.hold("one_zone", board, spells)
            return None
    ids, bases = ledger.ids(board)
    seen_ids: set[str] = set()
    for oid, base in zip(ids, bases):
        if oid in seen_ids:
            return Message("fuzz.magic.two_zones", id=oid)
        if base in seen_ids:
            return Message("fuzz.magic.twice", card=base, id=oid)
        if base not in ledger.bases:
            return Message("fuzz.magic.stranger", id=oid)
        seen_ids.update((oid, base))
    return Message("fuzz.magic.missing", missing=str(sorted(ledger.bases - set(bases))[:5]))


_STEP_STARTS = frozenset({"magic.turn.begin", "magic.turn.begin_again", "magic.turn.untap"})


def pools_empty_at_step_start(step: "Step", ledger: Ledger) -> Message | None:
    """500.5 / 106.4: mana pools empty as each step and phase ends, so they are empty when the next one begins."""
    # By the step's message id (a step or phase begins, the untap step), not by rendering its Spanish text.
    if step.kind != "turn-based" or step.message is None or step.message.id not in _STEP_STARTS:
        return None
    for p in (step.board or ledger.board).get("players", []):
        if p.get("mana_pool"):
            return Message("fuzz.magic.pool_left", step=step.message, player=p["name"], pool=str(p["mana_pool"]))
    return None


def life_matches_events(step: "Step", ledger: Ledger) -> Message | None:
    """119: a life total changes only by life gained or lost, each recorded as a `life` event."""
    players = (step.board or ledger.board).get("players", [])
    held = ledger._life_held
    if held is not None and held[0] is players and held[1] == ledger.life_events:
        return None               # the same player dicts (boards share them), no life event since: held then
    for p in players:
        expected = ledger.life.get(p["name"])
        if expected is not None and p["life"] != expected:
            return Message("fuzz.magic.life", player=p["name"], life=p["life"], expected=expected)
    ledger._life_held = (players, ledger.life_events)
    return None


OUT_OF_COMBAT = frozenset({"untap", "upkeep", "draw", "main1", "main2", "end", "cleanup"})


def nobody_in_combat_outside_it(step: "Step", ledger: Ledger) -> Message | None:
    """506.4 / 511.3: creatures are removed from combat as the end of combat step ends; outside combat nothing
    attacks or blocks."""
    board = step.board or ledger.board
    if board.get("phase") not in OUT_OF_COMBAT:
        return None
    for player in ledger.players_seen(board):
        o = player.field.in_combat()
        if o is not None:
            return Message("fuzz.magic.in_combat", card=o["card"], id=o["id"], phase=phase(board["phase"]))
    return None


INVARIANTS: list[Invariant] = [each_object_in_one_zone, pools_empty_at_step_start, life_matches_events,
                               citations_present, nobody_in_combat_outside_it]


def state_based_actions_done(game: "Game", ledger: Ledger) -> Message | None:
    """704.3 / 117.5: when a player receives priority, no state-based action is left to perform: no creature with
    toughness 0 or less or lethal damage (unless indestructible), no Aura unattached, no player at 0 life still in
    the game, no permanent with both +1/+1 and -1/-1 counters; and the player who gets it is still in the game.
    Checked on the board as the action ends."""
    if game.state.priority is None or game.state.over:
        return None
    board = ledger.board
    if game.state.player(game.state.priority).lost:
        return Message("fuzz.magic.priority_lost", player=game.state.priority)
    if _sba_done_quickly(board, ledger):
        return None
    ids = {o["id"] for p in board.get("players", []) for o in p.get("battlefield", ())}
    for p in board.get("players", []):
        if not p["lost"] and p["life"] <= 0:
            return Message("fuzz.magic.life_zero", player=p["name"], life=p["life"], priority=game.state.priority)
        for o in p.get("battlefield", ()):
            what = f"{o['card']} ({o['id']})"
            if "toughness" in o:
                if o["toughness"] <= 0:
                    return Message("fuzz.magic.toughness_zero", what=what, toughness=o["toughness"])
                if o["damage"] >= o["toughness"] and "indestructible" not in o.get("keywords", ()):
                    return Message("fuzz.magic.lethal_left", what=what, damage=o["damage"], toughness=o["toughness"])
            counters = o.get("counters") or {}
            if counters.get("+1/+1") and counters.get("-1/-1"):
                return Message("fuzz.magic.both_counters", what=what)
            if "Aura" in o.get("types", "") and o.get("attached_to") not in ids:
                return Message("fuzz.magic.aura_loose", what=what)
    return None


def _sba_done_quickly(board: dict[str, Any], ledger: Ledger) -> bool:
    """Whether state_based_actions_done finds nothing on this board, from what each player's dict and battlefield
    list show (Ledger.players_seen, worked out once per dict and list): nobody in the game at 0 life or less, no
    entry that fails a check of its own, and every Aura attached to a permanent of the board. False means: look
    again, in the order that names the first problem."""
    seen = ledger.players_seen(board)
    hosts: list[Any] = []
    for player in seen:
        if player.life_zero:
            return False
        auras = player.field.sba()
        if auras is None:
            return False
        hosts += auras
    if hosts:
        on: set[str] = set()
        for player in seen:
            on.update(player.field.ids)
        return on.issuperset(hosts)
    return True


def zones_consistent(game: "Game", ledger: Ledger) -> Message | None:
    """Every object of `state.objects` is in exactly one zone list and every object of the zone lists is there;
    its `zone` is the list's, the list is its controller's (battlefield) or owner's; every card of the game is
    there, in one incarnation; the stack zone holds the spells of the stack; `latest` names each card's current
    object. Checked after the actions whose steps changed zones (MOVING events): the boards of the others are
    checked step by step, and nothing else changes the zone lists."""
    if not ledger.moved:
        return None
    ledger.moved = False
    state: Any = game.state
    objects, latest = state.objects, state.latest
    count = 0
    bases: set[str] = set()
    for p in state.players:
        for zone, objs in p.zones.items():
            n = len(objs)
            count += n
            if not n:
                continue
            # The checks of the loop below, over the whole list at C speed; the loop names the first problem.
            refs = list(map(_ID, objs))
            of_card = list(map(_BASE, objs))
            bases.update(of_card)
            if list(map(_ZONE, objs)).count(zone) == n and all(map(is_, map(objects.get, refs), objs)) and \
                    list(map(latest.get, of_card)) == refs and \
                    list(map(_CONTROLLER if zone == "battlefield" else _OWNER, objs)).count(p.name) == n:
                continue
            for o in objs:
                if o.zone != zone or objects.get(o.id) is not o or latest.get(o.base) != o.id or \
                        (o.controller if zone == "battlefield" else o.owner) != p.name:
                    return _zone_problem(state, p, zone, o)
    if not (count == len(bases) == len(objects)) or bases != ledger.bases:
        listed = [o.id for p in state.players for objs in p.zones.values() for o in objs]
        twice = sorted({oid for oid in listed if listed.count(oid) > 1})[:5]
        return Message("fuzz.magic.zones_count", count=count, objects=len(objects), twice=str(twice),
                       missing=str(sorted(ledger.bases - bases)[:5]), extra=str(sorted(bases - ledger.bases)[:5]),
                       outside=str(sorted(set(objects) - set(listed))[:5]))
    spells = {i.obj.id for i in state.stack if i.obj is not None}
    if len(spells) != len(p0 := [o for p in state.players for o in p.zones["stack"]]) or \
            spells != {o.id for o in p0}:
        return Message("fuzz.magic.stack_zone", spells=str(sorted(spells)), zone=str(sorted(o.id for o in p0)))
    return None


_ID, _BASE, _ZONE = attrgetter("id"), attrgetter("base"), attrgetter("zone")
_CONTROLLER, _OWNER = attrgetter("controller"), attrgetter("owner")


def _zone_problem(state: Any, p: Any, zone: str, o: Any) -> Message:
    if o.zone != zone:
        return Message("fuzz.zone.says", card=o.card, id=o.id, zone=zone, player=p.name, says=o.zone)
    if state.objects.get(o.id) is not o:
        return Message("fuzz.magic.not_in_objects", card=o.card, id=o.id, zone=zone, player=p.name)
    if state.latest.get(o.base) != o.id:
        return Message("fuzz.magic.latest", base=o.base, latest=str(state.latest.get(o.base)), id=o.id)
    holder = o.controller if zone == "battlefield" else o.owner
    return Message("fuzz.magic.wrong_list", card=o.card, id=o.id, zone=zone, player=p.name, holder=holder)


# Checked on the state as each action ends (the steps' boards are checked one by one with INVARIANTS).
STATE_INVARIANTS: list[Callable[["Game", Ledger], "Message | None"]] = [zones_consistent, state_based_actions_done]
# The invariants that read nothing of a step but its board's players, stack entries and phase, and of the ledger
# its cards and life totals (which change only with a life event): for a board that shows the very same as one
# they all held for, they hold again (`check_steps`).
BOARD_INVARIANTS: frozenset[Invariant] = frozenset({each_object_in_one_zone, life_matches_events,
                                                    nobody_in_combat_outside_it})


def check_steps(game: "Game", ledger: Ledger, steps: list["Step"], checks: list[Invariant],
                others: list[Invariant]) -> Problem | None:
    """Every invariant of `checks` on each step of one action, then STATE_INVARIANTS on the state; the first
    problem with the number of its step. A step whose board has the very players list of the last board all of
    `checks` held for (boards share it while nothing in any player's part changed, magic/snapshot.py), equal stack
    entries and the same phase, with no life event since, is checked with `others` only (`checks` without
    BOARD_INVARIANTS, in the same order): the board invariants would find what they found then."""
    for step in steps:
        if step.events:
            ledger.see(step)
            board = step.board or ledger.board
        elif step.board is not None:         # Ledger.see without events: the step's board becomes the last
            board = ledger.board = step.board
        else:
            board = ledger.board
        players, phase_now, stack = board.get("players"), board.get("phase"), board.get("stack")
        kept = ledger.shown
        same = kept is not None and kept[0] is players and kept[1] == phase_now and kept[2] == ledger.life_events \
            and kept[3] == stack
        for invariant in others if same else checks:
            problem = invariant(step, ledger)
            if problem:
                return problem, step.number
        if not same:
            ledger.shown = (players, phase_now, ledger.life_events, stack)   # keeping the list keeps its id()
    for state_invariant in STATE_INVARIANTS:
        problem = state_invariant(game, ledger)
        if problem:
            return problem, steps[-1].number if steps else len(game.steps)
    return None


# -- playing -------------------------------------------------------------------------------------------------------

WEIGHTS = {"Pass": 1.0, "Mana": 0.15, "PlayLand": 6.0, "Cast": 3.0, "Activate": 1.5}
# The same by the action's class (read at C speed in `pick`); any other class weighs 1.0.
_WEIGHT_OF = {cls: WEIGHTS[cls.__name__] for cls in (Pass, Mana, PlayLand, Cast, Activate)}


def pick(rng: random.Random, actions: list[Any]) -> Any:
    """A legal action; passing weighs less than doing something."""
    return rng.choices(actions, list(map(_WEIGHT_OF.get, map(type, actions), repeat(1.0))))[0]


def _legal(state: Any) -> list[Any]:
    from judge.engine.rulesets.magic import Magic

    return Magic.legal_actions(state)


def random_probe(state: Any, rng: random.Random) -> Any:
    """Any action at all: a random verb, mostly by the player with priority (so the checks past priority are
    reached), on random objects, targets and lands to tap, or an offered cast or activation with its targets,
    lands to tap or X changed (a payment that fails after its mana abilities). The engine must answer the
    illegal ones with one `illegal` step and the board unchanged (733.1: a cast or activation that fails undoes
    the mana abilities it activated)."""
    from judge.engine.rulesets.magic.actions import Activate, Attack, Cast, Choose, Mana, Pass, PlayLand

    players = [p.name for p in state.players]
    by = state.priority if state.priority and rng.random() < 0.75 else rng.choice(players)   # deeper checks
    ids = list(state.objects) or ["nada"]
    mine = [o.id for o in state.player(by).zones["battlefield"]] or ids
    hand = [o.id for o in state.player(by).zones["hand"]] or ids

    def some(pool: list[str], most: int) -> tuple[str, ...]:
        return tuple(rng.choice(pool) for _ in range(rng.randint(0, most)))

    offered = [a for a in _legal(state) if isinstance(a, (Cast, Activate))]
    if offered and rng.random() < 0.4:            # a legal cast or activation with one thing changed
        import dataclasses

        a = rng.choice(offered)
        change = rng.choice(("targets", "tap", "tap", "x"))
        if change == "targets":
            return dataclasses.replace(a, targets=some(players + ids, 2))
        if change == "x":
            return dataclasses.replace(a, x=rng.randint(1, 3))
        return dataclasses.replace(a, tap=a.tap[:-1] if a.tap and rng.random() < 0.6 else a.tap + some(mine, 1))
    verb = rng.choice(("cast", "cast", "cast", "activate", "play_land", "pass", "mana", "attack", "choose"))
    if verb == "cast":
        return Cast(by=by, card=rng.choice(hand if rng.random() < 0.8 else ids), targets=some(players + ids, 2),
                    x=rng.choice((None, 0, 0, 1)), tap=some(mine, 3))
    if verb == "activate":
        return Activate(by=by, source=rng.choice(mine), ability=rng.choice((0, 0, 1)), targets=some(players + ids, 1),
                        tap=some(mine, 2))
    if verb == "play_land":
        return PlayLand(by=by, card=rng.choice(hand))
    if verb == "pass":
        return Pass(by=by)
    if verb == "mana":
        return Mana(by=by, sources=some(mine, 2) or (rng.choice(mine),))
    if verb == "attack":
        return Attack(by=by, attackers=some(mine, 2))
    return Choose(by=by, values=some(players + ids, 2))


def play_game(doc: dict[str, Any], rng: random.Random, invariants: Iterable[Invariant] = (),
              step_limit: int | None = None, turn_limit: int | None = None) -> GameResult:
    """Play one random game from the scenario document `doc`, picking each action and answer with `rng`; caps:
    `step_limit` steps (default GAME_STEP_LIMIT), `turn_limit` turns (GAME_TURN_LIMIT)."""
    step_limit = step_limit or GAME_STEP_LIMIT
    turn_limit = turn_limit or GAME_TURN_LIMIT
    checks = list(invariants) or INVARIANTS
    played: list[dict[str, Any]] = []
    game, failed = start_game(doc)
    if game is None:
        return failed
    state: Any = game.state
    chooser = FuzzChooser(rng)
    state.chooser = chooser
    ledger = Ledger(bases=frozenset(o.base for o in state.objects.values()),
                    life={p.name: p.lives for p in state.players})
    first_turn = state.turn
    # The opening steps already moved life (none do today): count their events from a zero start.
    for step in game.steps:
        for e in step.events:
            if e.kind == "life":
                ledger.life[e.data["player"]] -= e.data["delta"]

    others = [c for c in checks if c not in BOARD_INVARIANTS]

    def check(steps: list["Step"]) -> Problem | None:
        return check_steps(game, ledger, steps, checks, others)

    def play(action: Any, probe: bool) -> Problem | None:
        played.append(action.to_script())
        asked = len(chooser.recorded)
        try:
            new, problem = play_probe(game, action) if probe else play_offered(game, action, refused_first_only=True)
        finally:   # the answers given during the action come right after it in the script
            played.extend(answer.to_script() for answer in chooser.recorded[asked:])
        return problem or check(new)

    broken = check(game.steps)
    if broken is None and state.waiting is not None:
        broken = (Message("fuzz.play.setup_waits", prompt=state.waiting.prompt), len(game.steps))
    capped = False
    while broken is None and not game.over:
        if len(game.steps) >= step_limit or state.turn - first_turn >= turn_limit or len(played) >= ACTION_LIMIT:
            capped = True
            break
        if rng.random() < PROBE_RATE:
            broken = play(random_probe(state, rng), probe=True)
            if broken is not None or game.over:
                break
        try:
            actions = game.legal_actions()
        except Exception as exc:  # noqa: BLE001 - legal_actions must never raise either
            broken = (Message("fuzz.play.legal_raised", error=type(exc).__name__, detail=str(exc)), len(game.steps))
            break
        if not actions:
            broken = (Message("fuzz.play.waits", prompt=state.waiting.prompt) if state.waiting is not None else
                      Message("fuzz.play.no_legal"), len(game.steps))
            break
        broken = play(pick(rng, actions), probe=False)
    return GameResult(len(game.steps), len(played), state.winner, broken, played, capped=capped and broken is None)


def fuzz(games: int, seed: int, invariants: Iterable[Invariant] = (), step_limit: int | None = None,
         progress: Callable[[int], None] | None = None) -> FuzzReport:
    """Play `games` random magic games from `seed`; stop at the first broken invariant."""
    invariants = list(invariants)
    return run_games(games, seed, random_scenario, lambda doc, rng: play_game(doc, rng, invariants, step_limit),
                     progress)
