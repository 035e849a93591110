"""The step-by-step viewer of a run (templates/run.html, static/viewer.js): what the templates need beyond the
trace JSON, computed once per page.

- The game steps form the timeline; expectation checks are grouped apart, each tied to the game step it follows.
- Each game step's board is compared with the previous game step's board: what moved, tapped, took damage, got
  counters, changed power/toughness or control, whose life and mana changed (the tiles say so).
- A board identical to the previous step's (players, stack, choice) is rendered once: the later step says "the
  same board as step N" and the script shows that board there. A 100-step magic run renders ~20 boards, not 100.
- Ids become names (an attachment, a block, a target) and raw values game words ("fase de acción").

The web layer decides no rule: everything here is read from the snapshots the engine wrote.
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from typing import Any

from judge.web.i18n import MESSAGES, get_language

MESSAGES.update({
    "view.timeline": {"es": "Paso a paso", "en": "Step by step"},
    "view.previous": {"es": "Paso anterior", "en": "Previous step"},
    "view.next": {"es": "Paso siguiente", "en": "Next step"},
    "view.counter": {"es": "paso {n} de {total}", "en": "step {n} of {total}"},
    "view.keys": {"es": "Usa las flechas ← y → para ir de un paso a otro.",
                  "en": "Use the ← and → arrow keys to move between steps."},
    "view.index": {"es": "Todos los pasos", "en": "Every step"},
    "view.step": {"es": "Paso {n}", "en": "Step {n}"},
    "view.board": {"es": "Tablero tras el paso {n}", "en": "Board after step {n}"},
    "view.same_board": {"es": "El tablero no cambia: es el del paso {n}.",
                        "en": "The board does not change: it is the one of step {n}."},
    "view.checks": {"es": "Comprobaciones", "en": "Checks"},
    "view.checks_intro": {"es": "Lo que el escenario espera, comprobado tras el paso que se indica.",
                          "en": "What the scenario expects, checked after the step shown."},
    "view.checks_after": {"es": "Comprobaciones tras este paso", "en": "Checks after this step"},
    "view.after_step": {"es": "tras el paso {n}", "en": "after step {n}"},
    "view.no_checks": {"es": "El escenario no comprueba nada.", "en": "The scenario checks nothing."},
    "view.changed": {"es": "cambia en este paso", "en": "changes in this step"},
    "view.change.moved": {"es": "llega aquí", "en": "arrives here"},
    "view.change.tapped": {"es": "se gira o endereza", "en": "tapped or untapped"},
    "view.change.damage": {"es": "daño", "en": "damage"},
    "view.change.counters": {"es": "contadores", "en": "counters"},
    "view.change.pt": {"es": "fuerza/resistencia", "en": "power/toughness"},
    "view.change.stats": {"es": "daño/vida", "en": "damage/life"},
    "view.change.attached": {"es": "se une", "en": "attached"},
    "view.change.control": {"es": "cambia de control", "en": "changes control"},
    "view.change.combat": {"es": "combate", "en": "combat"},
    "view.change.life": {"es": "vidas", "en": "life"},
    "view.change.mana": {"es": "maná", "en": "mana"},
    "view.of": {"es": "de {player}", "en": "{player}'s"},
    "view.none": {"es": "ninguna", "en": "none"},
    "view.lives_of": {"es": "{damage} de daño · {life} de vida", "en": "{damage} damage · {life} life"},
    "view.marked": {"es": "{n} de daño marcado", "en": "{n} damage marked"},
    "view.cited": {"es": "Reglas que cita este paso", "en": "Rules this step cites"},
    "view.no_cites": {"es": "Este paso no cita ninguna regla.", "en": "This step cites no rule."},
    "view.cost": {"es": "coste {cost}", "en": "cost {cost}"},
    "view.run_examples": {"es": "Ejemplos", "en": "Examples"},
    "view.examples_building": {"es": "Los ejemplos se están preparando (se ejecutan los escenarios de ejemplo): "
                                     "aparecerán aquí en unos segundos.",
                               "en": "The examples are being prepared (the example scenarios are being run): "
                                     "they will appear here in a few seconds."},
    "view.examples_rule": {"es": "Escenarios de ejemplo con un paso que cita esta regla.",
                           "en": "Example scenarios with a step that cites this rule."},
    "view.examples_card": {"es": "Escenarios de ejemplo que usan esta carta.",
                           "en": "Example scenarios that use this card."},
    "view.example_steps": {"es": "pasos {steps}", "en": "steps {steps}"},
    "view.saved_examples": {"es": "Escenarios guardados que la citan", "en": "Saved scenarios citing it"},
})

# Game words for the raw values of the snapshots. magic's board has `phase_label` (Spanish); English here.
DV_PHASES = {"preparacion": {"es": "fase de preparación", "en": "preparation phase"},
             "accion": {"es": "fase de acción", "en": "action phase"},
             "terminada": {"es": "partida terminada", "en": "game over"}}
DV_TYPES = {"criatura": {"es": "criatura", "en": "creature"}, "reliquia": {"es": "reliquia", "en": "relic"},
            "encantamiento": {"es": "encantamiento", "en": "enchantment"},
            "hechizo": {"es": "hechizo", "en": "spell"}, "instantaneo": {"es": "instantáneo", "en": "instant"}}
MAGIC_STEPS_EN = {"untap": "untap step", "upkeep": "upkeep step", "draw": "draw step", "main1": "first main phase",
                  "beginning_of_combat": "beginning of combat step", "declare_attackers": "declare attackers step",
                  "declare_blockers": "declare blockers step", "first_strike_damage": "first-strike damage step",
                  "combat_damage": "combat damage step", "end_of_combat": "end of combat step",
                  "main2": "second main phase", "end": "end step", "cleanup": "cleanup step"}
MANA_ORDER = "WUBRGC"
ZONES = ("battlefield", "board", "hand", "graveyard", "exile", "library", "deck", "discard", "resolving")


def is_magic(board: Any) -> bool:
    if not isinstance(board, dict):
        return False
    if board.get("ruleset") == "magic":
        return True
    return any(isinstance(p, dict) and "battlefield" in p for p in board.get("players") or [])


def phase_label(board: dict[str, Any], lang: str | None = None) -> str:
    lang = lang or get_language()
    phase = str(board.get("phase") or "")
    if is_magic(board):
        if lang == "en" and phase in MAGIC_STEPS_EN:
            return MAGIC_STEPS_EN[phase]
        label = str(board.get("phase_label") or phase)
        return label[3:] if label.startswith(("el ", "la ")) else label
    labels = DV_PHASES.get(phase)
    return labels.get(lang, labels["es"]) if labels else phase


def magic_types(types: str, lang: str | None = None) -> str:
    """A magic board entry's type line («Criatura — Humano Mago», as the engine's snapshot writes it: the card types
    in Spanish, magic.cards.CARD_TYPES, then the subtypes) in `lang`: the card types in that language's words; the
    subtypes are the card's own words, like its name, and stay as written."""
    if (lang or get_language()) == "es" or not types:
        return types
    main, dash, subtypes = types.partition(" — ")
    words = _magic_type_words()
    return " ".join(words.get(w, w) for w in main.split(" ")) + dash + subtypes


@functools.cache     # the same table for every tile of every page
def _magic_type_words() -> dict[str, str]:
    from judge.engine.rulesets.magic.cards import CARD_TYPES

    return {spanish: name.capitalize() for name, spanish in CARD_TYPES.items()}     # «Criatura» → «Creature»


def magic_keywords(names: list[str], lang: str | None = None) -> list[str]:
    """A magic board entry's keywords (the snapshot's Spanish names, «prisa») in `lang`: a modelled keyword's
    English name (its `english`, the builder's label) from the keyword registry; any other name as written."""
    if (lang or get_language()) == "es" or not names:
        return list(names)
    from judge.engine.rulesets.magic import keyword

    registry = keyword.current()
    out = []
    for name in names:
        found = registry.get(registry.keyword_id(name) or "")
        out.append((found.english or found.name) if found is not None and found.spanish == name else name)
    return out


def type_label(kind: str | None, lang: str | None = None) -> str:
    labels = DV_TYPES.get(str(kind or ""))
    return labels.get(lang or get_language(), labels["es"]) if labels else str(kind or "")


def _objects(board: dict[str, Any]) -> dict[str, tuple[str, str, dict[str, Any]]]:
    """id → (player, zone, entry) of every card object on a board (the stack's under the zone "stack")."""
    found: dict[str, tuple[str, str, dict[str, Any]]] = {}
    for p in board.get("players") or []:
        if not isinstance(p, dict):
            continue
        for zone in ZONES:
            for o in p.get(zone) or []:
                if isinstance(o, dict) and o.get("id") is not None:
                    found[str(o["id"])] = (str(p.get("name")), zone, o)
    for item in board.get("stack") or []:
        if isinstance(item, dict) and item.get("id") is not None:
            found[str(item["id"])] = ("", "stack", item)
    return found


# (change kind, the snapshot keys that make it)
_OBJECT_CHANGES = (
    ("tapped", ("tapped",)), ("damage", ("damage",)), ("counters", ("counters",)),
    ("pt", ("power", "toughness")), ("stats", ("card_damage", "card_life")), ("attached", ("attached_to",)),
    ("control", ("controller",)), ("combat", ("attacking", "blocking")),
)


def board_changes(before: dict[str, Any] | None, after: dict[str, Any] | None
                  ) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """What changed from `before` to `after`: ({object id: [kinds]}, {player: [kinds]}). Nothing for a first board."""
    objects: dict[str, list[str]] = {}
    players: dict[str, list[str]] = {}
    if not isinstance(before, dict) or not isinstance(after, dict):
        return objects, players
    old = _objects(before)
    for oid, (player, zone, entry) in _objects(after).items():
        prev = old.get(oid)
        if prev is None or prev[0] != player or prev[1] != zone:
            objects[oid] = ["moved"]
            continue
        was = prev[2]
        if was is entry:
            continue
        kinds = [kind for kind, keys in _OBJECT_CHANGES if any(was.get(k) != entry.get(k) for k in keys)]
        if kinds:
            objects[oid] = kinds
    old_players = {str(p.get("name")): p for p in before.get("players") or [] if isinstance(p, dict)}
    for p in after.get("players") or []:
        if not isinstance(p, dict):
            continue
        was = old_players.get(str(p.get("name")))
        if was is None:
            continue
        kinds = []
        if was.get("life", was.get("lives")) != p.get("life", p.get("lives")):
            kinds.append("life")
        if was.get("mana_pool", was.get("mana")) != p.get("mana_pool", p.get("mana")):
            kinds.append("mana")
        if kinds:
            players[str(p.get("name"))] = kinds
    return objects, players


class BoardView:
    """One board as the templates draw it: names for ids, what is attached to what, the pool in WUBRGC order,
    card costs (doce-vidas's come from the scenario's cards) and what changed in the step."""

    def __init__(self, board: dict[str, Any], changes: tuple[dict[str, list[str]], dict[str, list[str]]] = ({}, {}),
                 cards: dict[str, dict[str, Any]] | None = None) -> None:
        self.board = board
        self.magic = is_magic(board)
        self.changes, self.player_changes = changes
        self.cards = cards or {}
        self.names: dict[str, str] = {}
        self.players: dict[str, str] = {}
        self.attachments: dict[str, list[dict[str, Any]]] = {}
        attached: set[str] = set()
        objects = _objects(board)
        for oid, (player, zone, o) in objects.items():
            self.players[oid] = player
            if o.get("card"):
                self.names[oid] = str(o["card"])
            if zone in ("battlefield", "board") and o.get("attached_to"):
                self.attachments.setdefault(str(o["attached_to"]), []).append(o)
                attached.add(oid)
        # An attachment is drawn on its permanent; one whose permanent is not on the board stays in its own row.
        on_board = {oid for oid, (_, zone, _) in objects.items() if zone in ("battlefield", "board")}
        self.drawn_on = {oid for oid in attached if str(objects[oid][2].get("attached_to")) in on_board}

    def label(self, ref: Any) -> str:
        """A name where the id has one; a player's name or any other value as it is."""
        if isinstance(ref, dict):
            ref = ref.get("label") or ref.get("card") or ref.get("id") or ref
        return self.names.get(str(ref), str(ref))

    def player_of(self, oid: Any) -> str:
        """The player whose zone holds the object (the one drawn beside it when it sits on another's permanent)."""
        return self.players.get(str(oid), "")

    def changed(self, oid: Any) -> list[str]:
        return self.changes.get(str(oid), [])

    def player_changed(self, name: Any) -> list[str]:
        return self.player_changes.get(str(name), [])

    def roots(self, permanents: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The permanents drawn in the row: all but the attachments drawn on their permanent."""
        return [o for o in permanents if str(o.get("id")) not in self.drawn_on]

    def carried(self, oid: Any) -> list[dict[str, Any]]:
        return [o for o in self.attachments.get(str(oid), []) if str(o.get("id")) in self.drawn_on]

    def cost(self, o: dict[str, Any]) -> str:
        if self.magic:
            return str(o.get("mana_cost") or "")
        card = self.cards.get(str(o.get("card")))
        return "" if not card or card.get("cost") is None else str(card["cost"])

    def keywords(self, o: dict[str, Any]) -> list[str]:
        """A magic permanent's keywords in the UI language (magic_keywords)."""
        return magic_keywords(list(o.get("keywords") or []))

    def card_type(self, o: dict[str, Any]) -> str:
        if self.magic:
            return magic_types(str(o.get("types") or ""))
        kind = o.get("type") or (self.cards.get(str(o.get("card"))) or {}).get("type")
        return type_label(kind)

    @staticmethod
    def pool(player: dict[str, Any]) -> list[tuple[str, int]]:
        pool = player.get("mana_pool") or {}
        ordered = [c for c in MANA_ORDER if c in pool] + sorted(c for c in pool if c not in MANA_ORDER)
        return [(c, pool[c]) for c in ordered if pool[c]]

    @staticmethod
    def flags(obj: dict[str, Any]) -> list[str]:
        return [flag for flag in ("tapped", "sick", "token") if obj.get(flag)]

    def phase(self) -> str:
        return phase_label(self.board)


@dataclass
class GameStep:
    step: dict[str, Any]
    board: dict[str, Any] | None            # the board after the step (None: omitted by the board budget)
    view: BoardView | None                  # None when the board is the same as `same_as`'s
    same_as: int | None = None              # the earlier step whose board this step shows
    checks: list[dict[str, Any]] = field(default_factory=list)

    @property
    def number(self) -> int:
        return int(self.step["number"])

    @property
    def failed_checks(self) -> int:
        return sum(1 for c in self.checks if not c.get("passed"))


@dataclass
class RunView:
    steps: list[GameStep]
    checks: list[tuple[dict[str, Any], int | None]]      # (expectation step, the game step it follows)
    total: int

    @property
    def first(self) -> int | None:
        return self.steps[0].number if self.steps else None


def _key(board: dict[str, Any]) -> str:
    # The state line (turn, step, priority) is drawn at every step; the rest only when it changes.
    return json.dumps({k: board.get(k) for k in ("players", "stack", "pending")},
                      sort_keys=True, ensure_ascii=False, default=str)


def card_info(scenario: Any) -> dict[str, dict[str, Any]]:
    """Card name → {cost, type} of a scenario's inline cards (doce-vidas defines every card there)."""
    cards = getattr(getattr(scenario, "setup", None), "cards", None)
    out: dict[str, dict[str, Any]] = {}
    if isinstance(cards, dict):
        for name, card in cards.items():
            out[str(name)] = {"cost": getattr(card, "cost", None), "type": getattr(card, "type", None)}
    return out


def run_view(trace: dict[str, Any], cards: dict[str, dict[str, Any]] | None = None) -> RunView:
    steps: list[GameStep] = []
    checks: list[tuple[dict[str, Any], int | None]] = []
    previous_board: dict[str, Any] | None = None
    previous_key: str | None = None
    shown_at: int | None = None
    for step in trace.get("steps") or []:
        if step.get("kind") == "expectation":
            after = steps[-1].number if steps else None
            checks.append((step, after))
            if steps:
                steps[-1].checks.append(step)
            continue
        board = step.get("board") if isinstance(step.get("board"), dict) else None
        if board is None:
            steps.append(GameStep(step, None, None))
            previous_key = None
            continue
        key = _key(board)
        if key == previous_key and shown_at is not None:
            steps.append(GameStep(step, board, None, same_as=shown_at))
        else:
            changes = board_changes(previous_board, board)
            steps.append(GameStep(step, board, BoardView(board, changes, cards)))
            shown_at = int(step["number"])
            previous_key = key
        previous_board = board
    return RunView(steps, checks, total=len(trace.get("steps") or []))
