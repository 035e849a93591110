"""Random legal games of doce-vidas, with the game's invariants checked after every step.

A game: random card definitions drawn from the effects vocabulary, random decks, then random actions picked from
`legal_actions(state)` (choices such as "discard down to two" are answered the same way, through actions) until
the game ends. After every step the invariants below must hold; the first one that breaks stops the run, and the
game is written out as a scenario (initial state + the actions played) that `judge run` replays.
"""
from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

# The card vocabulary is the ruleset's: a scope the fuzzer draws must be one the validator accepts.
from judge.engine.rulesets.doce_vidas.cards import BOOST_SCOPES
from judge.engine.waiting import RandomChooser, WaitingFor
from judge.messages import Message, render

if TYPE_CHECKING:
    from judge.engine import Game, Step

MAX_LIVES = 24                 # dv/generales/curacion
GAME_STEP_LIMIT = 5000         # a fuzz game that has not ended after this many steps breaks "the game ends"


# -- random cards and decks ------------------------------------------------------------------------------------

CREATURE_NAMES = ("Lobo", "Oso", "Ardilla", "Jabalí", "Águila", "Druida", "Gigante", "Trasgo", "Serpiente", "Búho")
RELIC_NAMES = ("Estandarte", "Tambor", "Espinas", "Fuente", "Cáliz", "Tótem")
ENCHANT_NAMES = ("Piel de roble", "Colmillos", "Bendición", "Grilletes", "Égida")
SPELL_NAMES = ("Bola de fuego", "Chispa", "Estudio", "Ritual", "Saqueo", "Desintegrar", "Grito", "Bálsamo")
INSTANT_NAMES = ("Rayo", "Poción", "Martillo", "Intuición", "Escudo")

# One-shot effects: (kind, targets a spell may choose or not, targets a permanent's trigger may use).
SPELL_EFFECTS: dict[str, tuple[str, ...]] = {
    "damage": ("any", "player", "creature", "self", "opponents", "all_creatures", "all_players"),
    "heal": ("self", "player", "creature", "any", "all_players"),
    "draw": ("self", "player", "opponents", "all_players"),
    "gain_mana": ("self", "player"),
    "destroy": ("creature", "permanent", "relic", "enchantment", "all_creatures"),
    "discard": ("player", "self", "opponents"),
}
TRIGGER_TARGETS: dict[str, tuple[str, ...]] = {
    "damage": ("self", "opponents", "all_creatures", "all_players"),
    "heal": ("self", "all_players"),
    "draw": ("self", "opponents", "all_players"),
    "gain_mana": ("self",),
    "destroy": ("all_creatures",),
}


def _amount(rng: random.Random, kind: str) -> int:
    return 1 if kind == "destroy" else rng.randint(1, 3)


def _spell_effect(rng: random.Random, ctype: str) -> dict[str, Any]:
    if rng.random() < 0.2:
        kind = rng.choice(("boost_damage", "boost_life"))
        return {kind: rng.randint(1, 2), "to": rng.choice(BOOST_SCOPES[ctype])}
    kind = rng.choice(tuple(SPELL_EFFECTS))
    return {kind: _amount(rng, kind), "target": rng.choice(SPELL_EFFECTS[kind])}


def _permanent_effect(rng: random.Random, ctype: str) -> dict[str, Any]:
    if rng.random() < 0.6:
        kind = rng.choice(("boost_damage", "boost_life"))
        return {kind: rng.randint(1, 2), "to": rng.choice(BOOST_SCOPES[ctype])}
    kind = rng.choice(tuple(TRIGGER_TARGETS))
    return {kind: _amount(rng, kind), "target": rng.choice(TRIGGER_TARGETS[kind]),
            "when": rng.choice(("enters", "turn_start"))}


def random_cards(rng: random.Random) -> dict[str, dict[str, Any]]:
    """Between 6 and 14 card definitions covering every card type and the whole effects vocabulary over games."""
    cards: dict[str, dict[str, Any]] = {}
    pools = [("criatura", CREATURE_NAMES), ("reliquia", RELIC_NAMES), ("encantamiento", ENCHANT_NAMES),
             ("hechizo", SPELL_NAMES), ("instantaneo", INSTANT_NAMES)]
    count = rng.randint(6, 14)
    for i in range(count):
        ctype, names = pools[i] if i < len(pools) else rng.choice(pools)
        name = f"{rng.choice(names)} {i + 1}"
        card: dict[str, Any] = {"type": ctype, "cost": rng.randint(0, 4)}
        if ctype == "criatura":
            card.update(damage=rng.randint(0, 4), life=rng.randint(1, 5))
            if rng.random() < 0.3:
                card["effects"] = [_permanent_effect(rng, ctype)]
        elif ctype in ("reliquia", "encantamiento"):
            if rng.random() < 0.85:
                card["effects"] = [_permanent_effect(rng, ctype) for _ in range(rng.randint(1, 2))]
            if rng.random() < 0.1:
                card["text"] = "Texto impreso que el motor no modela."
        else:
            card["effects"] = [_spell_effect(rng, ctype) for _ in range(rng.randint(1, 2))]
        cards[name] = card
    return cards


def random_scenario(rng: random.Random, index: int, seed: int) -> dict[str, Any]:
    """A scenario document: most games start from the preparation (no `turn:`; shuffles draw from `seed`), one in
    three from a random mid-game position (lives, mana, hands, permanents tapped, damaged and enchanted)."""
    cards = random_cards(rng)
    names = list(cards)
    player_names = ["Ana", "Bruno", "Carla", "Diego"][: rng.choice((2, 2, 2, 3, 4))]
    players: list[dict[str, Any]] = []
    for name in player_names:
        players.append({"name": name, "deck": [rng.choice(names) for _ in range(rng.randint(6, 20))]})
    doc: dict[str, Any] = {
        "ruleset": "doce-vidas",
        "title": f"Partida aleatoria {index} (fuzz, semilla {seed})",
        "seed": seed,
        "step_limit": GAME_STEP_LIMIT,
        "cards": cards,
        "players": players,
    }
    if rng.random() < 1 / 3:
        _mid_game(rng, doc)
    return doc


def _mid_game(rng: random.Random, doc: dict[str, Any]) -> None:
    """Turn a from-scratch document into a mid-game position, valid by construction."""
    cards: dict[str, dict[str, Any]] = doc["cards"]
    names = list(cards)
    permanents = [n for n in names if cards[n]["type"] in ("criatura", "reliquia")]
    enchantments = [n for n in names if cards[n]["type"] == "encantamiento"]
    hosts: list[str] = []
    for i, player in enumerate(doc["players"]):
        player.update(lives=rng.randint(1, 24), mana=rng.randint(0, 5), recycle_cost=rng.choice((1, 1, 2, 4)))
        player["hand"] = [rng.choice(names) for _ in range(rng.randint(0, 4))]
        player["discard"] = [rng.choice(names) for _ in range(rng.randint(0, 4))]
        board = []
        for j in range(rng.randint(0, 4) if permanents else 0):
            name = rng.choice(permanents)
            entry: dict[str, Any] = {"card": name, "id": f"p{i}-{j}", "tapped": rng.random() < 0.4}
            if cards[name]["type"] == "criatura" and cards[name]["life"] > 1 and rng.random() < 0.3:
                entry["damage"] = rng.randint(1, cards[name]["life"] - 1)
            board.append(entry)
            hosts.append(entry["id"])
        player["board"] = board
    for i, player in enumerate(doc["players"]):
        if hosts and enchantments and rng.random() < 0.5:
            player["board"].append({"card": rng.choice(enchantments), "id": f"e{i}", "attached_to": rng.choice(hosts)})
    doc["turn"] = {"number": rng.randint(3, 12), "active": rng.choice(doc["players"])["name"],
                   "phase": rng.choice(("accion", "accion", "preparacion"))}


# -- invariants --------------------------------------------------------------------------------------------------

@dataclass
class Baseline:
    """What must stay constant over a game: the number of cards and the ids of the cards."""
    card_ids: frozenset[str]
    _seen: tuple[int, list[str]] | None = None

    def ids_in(self, step: "Step") -> list[str]:
        """The card ids of the step's board snapshot, zone by zone (computed once per step)."""
        if self._seen is None or self._seen[0] != id(step):
            self._seen = (id(step), _board_cards(step.board))
        return self._seen[1]


Invariant = Callable[["Step", Baseline], "Message | None"]      # the problem as a message (fuzz_messages.py)


def _board_cards(board: dict[str, Any]) -> list[str]:
    ids: list[str] = []
    for player in board.get("players", []):
        for zone in ("deck", "hand", "board", "discard", "resolving"):
            ids.extend(entry["id"] for entry in player.get(zone, []) or [])
    return ids


def lives_at_most_24(step: "Step", base: Baseline) -> Message | None:
    """dv/generales/curacion: el máximo de vidas es 24 (and lives never go below 0)."""
    for p in step.board.get("players", []):
        if p["lives"] > MAX_LIVES:
            return Message("fuzz.dv.lives_above", player=p["name"], lives=p["lives"], max=MAX_LIVES)
        if p["lives"] < 0:
            return Message("fuzz.dv.lives_negative", player=p["name"], lives=p["lives"])
    return None


def each_card_in_one_zone(step: "Step", base: Baseline) -> Message | None:
    """dv/generales/pilas: every card is in exactly one zone (deck, hand, in play or the discard pile)."""
    seen: set[str] = set()
    for cid in base.ids_in(step):
        if cid in seen:
            return Message("fuzz.dv.two_zones", card=cid)
        seen.add(cid)
    return None


def card_count_constant(step: "Step", base: Baseline) -> Message | None:
    """No card appears or vanishes: the same card ids as at the start of the game."""
    ids = set(base.ids_in(step))
    if ids != base.card_ids:
        missing = sorted(base.card_ids - ids)[:5]
        extra = sorted(ids - base.card_ids)[:5]
        return Message("fuzz.dv.card_count", before=len(base.card_ids), after=len(ids), missing=str(missing),
                       extra=str(extra))
    return None


def citations_present(step: "Step", base: Baseline) -> Message | None:
    """Every step says which rule justifies it (DESIGN.md: citations are never empty)."""
    return None if step.citations else Message("fuzz.step.no_citation", n=step.number)


def mana_and_recycle_cost_sane(step: "Step", base: Baseline) -> Message | None:
    """dv/mana/1: costs are paid with mana you have (never below 0); dv/generales/reciclar-coste: 1, 2, 4, 8…"""
    for p in step.board.get("players", []):
        if p["mana"] < 0:
            return Message("fuzz.dv.mana_negative", player=p["name"], mana=p["mana"])
        cost = p.get("recycle_cost", 1)
        if cost < 1 or cost & (cost - 1):
            return Message("fuzz.dv.recycle_cost", player=p["name"], cost=cost)
    return None


INVARIANTS: list[Invariant] = [lives_at_most_24, each_card_in_one_zone, card_count_constant, citations_present,
                               mana_and_recycle_cost_sane]


def no_lethal_damage_left(step: "Step", base: Baseline) -> Message | None:
    """Once an action has settled, no creature in play has marked damage ≥ its life (it is destroyed)."""
    for p in step.board.get("players", []):
        for o in p.get("board", []):
            if "card_life" in o and o["damage"] >= o["card_life"]:
                return Message("fuzz.dv.lethal_left", card=o["card"], id=o["id"], damage=o["damage"],
                               life=o["card_life"])
    return None


def enchantments_attached(step: "Step", base: Baseline) -> Message | None:
    """dv/tipos/encantamientos: once an action has settled, every enchantment in play sits on a permanent in play."""
    in_play = {o["id"] for p in step.board.get("players", []) for o in p.get("board", [])}
    for p in step.board.get("players", []):
        for o in p.get("board", []):
            if o.get("type") == "encantamiento" and o.get("attached_to") not in in_play:
                return Message("fuzz.dv.enchantment_loose", card=o["card"], id=o["id"], host=str(o.get("attached_to")))
    return None


# Checked on the last step of each action (state-based checks may take several steps to settle).
SETTLED_INVARIANTS: list[Invariant] = [no_lethal_damage_left, enchantments_attached]


def _settled(board: dict[str, Any]) -> bool:
    """A board the state-based checks must have cleaned: the game goes on, nothing waits for a choice and no spell
    is halfway through resolving (DESIGN: a spell resolves completely before the checks)."""
    return (not board.get("over") and board.get("pending") is None
            and not any(p.get("resolving") for p in board.get("players", [])))


def state_consistent(game: "Game") -> Message | None:
    """Each object's own `zone` agrees with the zone list that holds it (checked on the state after each action)."""
    for player in game.state.players:
        for zone, objs in player.zones.items():
            for obj in objs:
                if obj.zone != zone:
                    return Message("fuzz.zone.says", card=obj.card, id=obj.id, zone=zone, player=player.name,
                                   says=obj.zone)
    return None


# -- playing ---------------------------------------------------------------------------------------------------

@dataclass
class Broken:
    game_index: int
    seed: int
    problem: "Message | str"          # what broke (fuzz_messages.py), said in the report's language
    step: int | None
    document: dict[str, Any]

    def to_yaml(self) -> str:
        return yaml.safe_dump(self.document, allow_unicode=True, sort_keys=False, width=120)


@dataclass
class FuzzReport:
    games: int = 0
    steps: int = 0
    actions: int = 0
    seconds: float = 0.0
    winners: dict[str, int] = field(default_factory=dict)
    broken: Broken | None = None
    capped: int = 0               # games stopped by a step or turn cap (not a failure; magic only so far)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


def replayable(doc: dict[str, Any], played: list[dict[str, Any]], problem: "Message | str",
               step: int | None) -> dict[str, Any]:
    """The game as a scenario document: `doc` (the initial state) with the lines played and a title and
    description saying which invariant broke where."""
    out = dict(doc)
    where = f" en el paso {step}" if step is not None else ""
    out["title"] = f"{doc['title']}: invariante roto{where}"[:200]
    out["description"] = (f"Escrito por `judge fuzz` al romperse un invariante{where}: {render(problem)}. "
                          "Es la partida tal como se jugó (estado inicial y acciones); `judge run` la repite.")[:4000]
    out["actions"] = played
    return out


PROBE_RATE = 0.15   # share of moves that first try a random, probably illegal action


def random_probe(state: Any, rng: random.Random) -> Any:
    """Any action at all, legal or not: a random verb by a random player on random cards and targets.

    The engine must turn the illegal ones into `illegal` steps with the board unchanged (DESIGN.md), and accept
    the legal ones; either way the game goes on."""
    from judge.engine.rulesets.doce_vidas.actions import Attack, Burn, Discard, EndTurn, Play

    players = [p.name for p in state.players]
    by = rng.choice(players)
    everything = [o for o in state.all_objects()]
    ids = [o.id for o in everything] or ["nadie"]
    targets = players + ids
    verb = rng.choice(("play", "play", "burn", "attack", "attack", "end_turn", "discard"))
    if verb == "play":
        return Play(by=by, card=rng.choice(ids), targets=tuple(rng.choice(targets) for _ in range(rng.randint(0, 2))))
    if verb == "burn":
        return Burn(by=by, card=rng.choice(ids))
    if verb == "attack":
        return Attack(by=by, attackers=tuple(rng.choice(ids) for _ in range(rng.randint(1, 2))),
                      target=rng.choice(targets))
    if verb == "end_turn":
        return EndTurn(by=by)
    return Discard(by=by, cards=tuple(rng.choice(ids) for _ in range(rng.randint(0, 3))))


Problem = tuple["Message | str", "int | None"]      # (what broke, the number of the step where it broke)


def play_probe(game: "Game", action: Any) -> tuple[list["Step"], Problem | None]:
    """Apply a random, probably illegal action: the engine must not raise, and an `illegal` answer must be one
    step that leaves the board exactly as it was (DESIGN.md). A legal probe is simply played."""
    before = game.ruleset.snapshot(game.state)
    try:
        new = game.play(action)
    except Exception as exc:  # noqa: BLE001 - a rule problem must be a step, never an exception
        return [], (Message("fuzz.play.raised_with", error=type(exc).__name__, action=str(action.to_script()),
                            detail=str(exc)), len(game.steps))
    if not new:
        return [], (Message("fuzz.play.no_step", action=str(action.to_script())), len(game.steps))
    if new[0].kind == "illegal":
        if len(new) != 1:
            return new, (Message("fuzz.play.illegal_steps", n=len(new)), new[-1].number)
        if game.ruleset.snapshot(game.state) != before:
            return new, (Message("fuzz.play.illegal_changed", action=str(action.to_script())), new[0].number)
    return new, None


def play_offered(game: "Game", action: Any, *, refused_first_only: bool = False
                 ) -> tuple[list["Step"], Problem | None]:
    """Apply an action `legal_actions` offered: the engine must not raise and must accept it. An `illegal` step
    means a refusal (doce-vidas: any of them; with `refused_first_only`, the first step only, since later
    `illegal` steps answer a wrong choice made during the action, as magic's)."""
    try:
        new = game.play(action)
    except Exception as exc:  # noqa: BLE001 - the engine must turn every rule problem into a step, never raise
        return [], (Message("fuzz.play.raised", error=type(exc).__name__, detail=str(exc)), len(game.steps))
    illegal = [s for s in (new[:1] if refused_first_only else new) if s.kind == "illegal"]
    if illegal:  # legal_actions offered it, so apply must accept it
        return new, (Message("fuzz.play.offered_refused", step=illegal[0].message or illegal[0].summary),
                     illegal[0].number)
    return new, None


class DVFuzzChooser(RandomChooser):
    """doce-vidas' RandomChooser (judge/engine/waiting.py, the protocol magic's fuzzer answers through): what the
    game waits for (a discard: down to two cards, dv/turno/preparacion/3, or a card's `discard` effect) is answered
    with one of the answers the ruleset offers for that wait (`legal_actions`, which are the wait's selections), at
    random; every answer is recorded."""

    def next_answer(self, state: Any, waiting: WaitingFor) -> Any:
        from judge.engine.rulesets.doce_vidas import legal

        answers = legal.legal_actions(state) if state.waiting is waiting else []
        if not answers:                 # a wait no answer can settle: the loop reports it before asking
            raise ValueError(f"nothing answers {waiting.kind} for {waiting.player}")
        answer = self.rng.choice(answers)
        self.recorded.append(answer)
        return answer


@dataclass
class GameResult:
    """One random game: how long it was, who won, and the first broken invariant as (problem, step number)."""
    steps: int
    actions: int
    winner: str | None
    broken: "Problem | None"
    played: list[dict[str, Any]]     # the actions as scenario lines, to replay the game
    capped: bool = False             # stopped by the game's step or turn cap, which is not a failure


def start_game(doc: dict[str, Any]) -> "tuple[Game, None] | tuple[None, GameResult]":
    """The game of a generated document, or the result of a game that could not start (the document is kept as
    for a broken invariant: an invalid one is a generator bug, an exception an engine bug)."""
    from judge.engine import Game
    from judge.scenarios import ScenarioError, load_scenario

    try:
        return Game(load_scenario(doc)), None
    except ScenarioError as exc:
        return None, GameResult(0, 0, None, (Message("fuzz.play.invalid_scenario", detail=str(exc)), None), [])
    except Exception as exc:  # noqa: BLE001 - the engine must never raise while setting up a valid scenario
        return None, GameResult(0, 0, None, (Message("fuzz.play.setup_raised", error=type(exc).__name__,
                                                     detail=str(exc)), None), [])


def play_game(doc: dict[str, Any], rng: random.Random, invariants: Iterable[Invariant] = (),
              step_limit: int = GAME_STEP_LIMIT) -> GameResult:
    """Play one random legal game from the scenario document `doc`, picking each action with `rng`."""
    checks = list(invariants) or INVARIANTS
    played: list[dict[str, Any]] = []
    game, failed = start_game(doc)
    if game is None:
        return failed
    base = Baseline(card_ids=frozenset(o.id for o in game.state.all_objects()))
    chooser = DVFuzzChooser(rng)

    def check(steps: list["Step"]) -> Problem | None:
        for step in steps:
            for invariant in checks:
                problem = invariant(step, base)
                if problem:
                    return problem, step.number
        if steps and not invariants and _settled(steps[-1].board):
            for invariant in SETTLED_INVARIANTS:
                problem = invariant(steps[-1], base)
                if problem:
                    return problem, steps[-1].number
        problem = state_consistent(game)
        return (problem, steps[-1].number if steps else None) if problem else None

    def probe(action: Any) -> Problem | None:
        played.append(action.to_script())
        new, problem = play_probe(game, action)
        return problem or check(new)

    broken = check(game.steps)
    while broken is None and not game.over:
        if len(game.steps) >= step_limit:
            broken = (Message("fuzz.play.not_over", n=step_limit), len(game.steps))
            break
        actions = game.legal_actions()
        if not actions:
            broken = (Message("fuzz.play.no_legal"), len(game.steps))
            break
        # No probe while a choice is pending: a replay (`judge run`) stops there and asks for the choice instead.
        if game.state.waiting is None and rng.random() < PROBE_RATE:
            broken = probe(random_probe(game.state, rng))
            if broken is not None or game.over:
                break
            actions = game.legal_actions()
            if not actions:
                continue
        # What the game waits for is answered by the chooser (as magic's fuzzer's), any other turn by a random action.
        waiting = game.state.waiting
        action = chooser.next_answer(game.state, waiting) if waiting is not None else rng.choice(actions)
        played.append(action.to_script())
        new, broken = play_offered(game, action)
        if broken is None:
            broken = check(new)
    return GameResult(len(game.steps), len(played), game.state.winner, broken, played)


def fuzz(games: int, seed: int, invariants: Iterable[Invariant] = (), step_limit: int = GAME_STEP_LIMIT,
         progress: Callable[[int], None] | None = None) -> FuzzReport:
    """Play `games` random games from `seed`; stop at the first broken invariant."""
    invariants = list(invariants)
    return run_games(games, seed, random_scenario, lambda doc, rng: play_game(doc, rng, invariants, step_limit),
                     progress)


def run_games(games: int, seed: int, generate: Callable[[random.Random, int, int], dict[str, Any]],
              play: Callable[[dict[str, Any], random.Random], GameResult],
              progress: Callable[[int], None] | None = None) -> FuzzReport:
    """The fuzz loop of every ruleset: game i gets its own seed from `seed`, `generate(rng, i, game_seed)` writes
    its scenario document and `play(doc, rng)` plays it; the first broken invariant stops the run and keeps the
    game as a replayable document."""
    master = random.Random(seed)
    report = FuzzReport()
    started = time.perf_counter()
    with _batch_gc():
        _play_games(games, master, generate, play, progress, report)
    report.seconds = time.perf_counter() - started
    return report


@contextmanager
def _batch_gc() -> Iterator[None]:
    """A game allocates hundreds of thousands of short-lived containers (boards, steps, events): the cyclic
    collector's youngest generation is collected every 50,000 allocations instead of Python's 700 while games
    are played, then set back (measured: about 3 % fewer instructions for the magic fuzz; no game changes)."""
    before = gc.get_threshold()
    gc.set_threshold(50_000, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _play_games(games: int, master: random.Random, generate: Callable[[random.Random, int, int], dict[str, Any]],
                play: Callable[[dict[str, Any], random.Random], GameResult],
                progress: Callable[[int], None] | None, report: FuzzReport) -> None:
    for index in range(1, games + 1):
        game_seed = master.randrange(2**31)
        rng = random.Random(game_seed)
        doc = generate(rng, index, game_seed)
        result = play(doc, rng)
        report.games += 1
        report.steps += result.steps
        report.actions += result.actions
        report.capped += result.capped
        key = result.winner or "nadie"         # the report says it in its language (fuzz.report.nobody)
        report.winners[key] = report.winners.get(key, 0) + 1
        if progress:
            progress(index)
        if result.broken is not None:
            problem, step = result.broken
            report.broken = Broken(index, game_seed, problem, step, replayable(doc, result.played, problem, step))
            break


def write_broken(broken: Broken, out_dir: Path) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    ruleset = broken.document.get("ruleset", "doce-vidas")
    prefix = "" if ruleset == "doce-vidas" else f"{ruleset}-"
    path = out_dir / f"fuzz-{prefix}partida-{broken.game_index}-semilla-{broken.seed}.yaml"
    path.write_text(broken.to_yaml(), encoding="utf-8")
    return path
