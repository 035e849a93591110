"""`judge fuzz magic`: random legal magic games with the invariants checked after every step; a broken one is
written out as a scenario that `judge run` replays. Games here are short (a step cap): heavy runs belong in
`judge fuzz magic` and `judge bench engine`."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.engine import Game, Step, run_scenario
from judge.engine.rulesets.magic.keyword import current as keyword_registry
from judge.messages import Message
from judge.runner import fuzz_magic as fm
from judge.scenarios import load_scenario


def test_a_few_short_games_keep_every_invariant() -> None:
    report = fm.fuzz(6, seed=1, step_limit=250)
    assert report.broken is None, report.broken and report.broken.problem
    assert report.games == 6 and report.steps > 6 * 100
    assert report.capped + sum(n for who, n in report.winners.items() if who != "nadie") == 6


def test_the_command_plays_and_reports(cli: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       said_line) -> None:
    monkeypatch.setattr(fm, "GAME_STEP_LIMIT", 200)
    result = cli.invoke(main, ["fuzz", "magic", "--games", "3", "--seed", "4", "--out", str(tmp_path)],
                        catch_exceptions=False)
    assert result.exit_code == 0, result.output + result.stderr
    played = said_line(result.output, "fuzz.report.played")
    assert played is not None and played["games"] == "3" and float(played["rate"]) > 0
    assert said_line(result.output, "fuzz.report.held") is not None
    assert not list(tmp_path.iterdir())
    english = cli.invoke(main, ["fuzz", "magic", "--games", "3", "--seed", "4", "--out", str(tmp_path), "--lang",
                                "en"], catch_exceptions=False)
    assert said_line(english.output, "fuzz.report.played", "en")["games"] == "3"
    assert said_line(english.output, "fuzz.report.held", "en") is not None
    assert said_line(english.output, "fuzz.report.held", "es") is None


def test_the_generator_covers_the_vocabulary_and_is_valid() -> None:
    """Over a few dozen documents the random cards use every modelled keyword and the effects, triggers,
    replacements and Auras the brief lists; every document is a valid scenario; a third start mid-game."""
    rng = random.Random(3)
    keywords, verbs, whens, replacements, auras, mid_game = set(), set(), set(), set(), 0, 0
    protections: set[str] = set()
    for i in range(40):
        doc = fm.random_scenario(rng, i, i)
        load_scenario(doc)                                  # raises if the generator wrote something invalid
        mid_game += "turn" in doc
        for card in doc["cards"].values():
            keywords.update(card.get("keywords", ()))
            for effect in card.get("effects", ()):
                verbs.update(k for k in effect if k in ("damage", "pump", "draw", "destroy", "counters", "gain_life"))
            whens.update(t["when"] for t in card.get("triggers", ()))
            replacements.update(r["event"] for r in card.get("replacements", ()))
            auras += "Aura" in card.get("subtypes", ())
            protections.update(st["protection"] for st in card.get("static", ()) if "protection" in st)
    assert keywords == set(keyword_registry().fuzz_pool)
    assert len(protections) >= 2 and protections <= set(fm.PROTECTION_TYPES)     # 702.16a: card types
    assert verbs == {"damage", "pump", "draw", "destroy", "counters", "gain_life"}
    # now and then a trigger on a general event (603.2: a draw, a life gain or loss, a card put into a graveyard)
    general = {t["when"] for t in fm.GENERAL_TRIGGERS}
    assert {"enters", "dies"} <= whens <= {"enters", "dies", *general} and len(whens & general) >= 2
    assert {"life_gain", "damage", "enters", "dies"} <= replacements
    assert replacements & {"counters", "life_loss"}
    assert auras > 5 and 5 < mid_game < 25


def test_same_seed_same_games() -> None:
    a, b = fm.fuzz(3, seed=42, step_limit=150), fm.fuzz(3, seed=42, step_limit=150)
    assert (a.steps, a.actions, a.winners) == (b.steps, b.actions, b.winners)


def test_a_fuzz_game_replays_to_the_same_steps() -> None:
    """The actions and the chooser's answers, in script order, replay through the run loop (ScriptChooser) to
    the very same steps; the same seed plays the same script."""
    for seed in (7, 11):
        doc = fm.random_scenario(random.Random(seed), 1, seed)
        result = fm.play_game(doc, random.Random(seed), step_limit=400)
        assert result.broken is None, result.broken
        verbs = {next(k for k in line if k != "by") for line in result.played}
        assert {"pass", "cast"} <= verbs
        doc["actions"] = result.played
        trace = run_scenario(load_scenario(doc))
        assert trace.ok and len(trace.steps) == result.steps
        again = fm.play_game(fm.random_scenario(random.Random(seed), 1, seed), random.Random(seed), step_limit=400)
        assert again.played == result.played


def test_replay_gives_the_final_board_of_the_game() -> None:
    rng = random.Random(5)
    doc = fm.random_scenario(rng, 1, 5)
    steps: list[Step] = []
    real_play = Game.play

    def keep(self: Game, action):  # noqa: ANN001
        new = real_play(self, action)
        steps[:] = self.steps
        return new

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(Game, "play", keep)
        result = fm.play_game(doc, rng, step_limit=400)
    assert result.broken is None
    doc["actions"] = result.played
    trace = run_scenario(load_scenario(doc))
    assert [s.summary for s in trace.steps] == [s.summary for s in steps]
    assert trace.steps[-1].board == steps[-1].board


def _nobody_loses_life(step: Step, ledger: fm.Ledger) -> str | None:
    """A deliberately wrong invariant: "nobody ever loses life"."""
    if any(e.kind == "life" and e.data["delta"] < 0 for e in step.events):
        return "nobody-loses-life"
    return None


def test_broken_invariant_exits_1_and_writes_a_replayable_scenario(cli: CliRunner, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch,
                                                                   replays_broken_game) -> None:
    """A broken invariant (here a deliberately wrong one) stops the run with exit 1 and writes the game, its
    actions and the chooser's answers, as a scenario that `judge run` replays to the step that broke it."""
    monkeypatch.setattr(fm, "INVARIANTS", [*fm.INVARIANTS, _nobody_loses_life])
    out = tmp_path / "fallos"
    result = cli.invoke(main, ["fuzz", "magic", "--games", "20", "--seed", "2", "--out", str(out)])
    doc = replays_broken_game(result, out, _nobody_loses_life, "nobody-loses-life")
    assert doc["ruleset"] == "magic" and list(out.glob("fuzz-magic-partida-*.yaml"))


def test_an_engine_exception_is_a_broken_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    real_play, real_start = Game.play, fm.start_game
    calls = {"n": 0}

    def flaky(self, action):  # noqa: ANN001
        calls["n"] += 1
        if calls["n"] == 40:
            raise RuntimeError("fallo simulado")
        return real_play(self, action)

    def start(doc):  # noqa: ANN001
        calls["n"] = 0            # the 40th action of a game, whichever game first plays that many
        return real_start(doc)

    monkeypatch.setattr(Game, "play", flaky)
    monkeypatch.setattr(fm, "start_game", start)
    report = fm.fuzz(5, seed=3, step_limit=300)
    assert report.broken is not None and report.broken.problem == Message(
        "fuzz.play.raised", error="RuntimeError", detail="fallo simulado")
    assert len(report.broken.document["actions"]) >= 40


def _board(players: list[dict], **extra) -> dict:
    return {"ruleset": "magic", "turn": 3, "active": "Ana", "phase": "main1", "priority": "Ana", "over": False,
            "stack": [], "players": players, **extra}


def _player(name: str, **zones) -> dict:
    out = {"name": name, "life": 20, "lost": False, "mana_pool": {}, "library": [], "hand": [], "graveyard": [],
           "exile": [], "battlefield": []}
    out.update(zones)
    return out


def _step(board: dict, kind: str = "action", summary: str = "x", events=()) -> Step:
    return Step(number=1, kind=kind, actor=None, summary=summary, events=list(events), citations=["117.3"],
                board=board)


def test_each_invariant_catches_its_breakage() -> None:
    """The invariants, fed boards and states that break them, say so (they are not checks that cannot fail)."""
    from judge.engine import Event

    bear = {"id": "osos~2", "card": "Osos", "types": "Criatura", "power": 2, "toughness": 2, "damage": 0,
            "counters": {}, "keywords": [], "attached_to": None}
    ok = _board([_player("Ana", hand=[{"id": "rayo", "card": "Rayo"}], battlefield=[bear]), _player("Bruno")])
    ledger = fm.Ledger(bases=frozenset({"rayo", "osos"}), life={"Ana": 20, "Bruno": 20})
    assert all(check(_step(ok), ledger) is None for check in fm.INVARIANTS)

    twice = _board([_player("Ana", hand=[{"id": "rayo", "card": "Rayo"}], graveyard=[{"id": "rayo~2", "card": "Rayo"}],
                            battlefield=[bear]), _player("Bruno")])
    assert fm.each_object_in_one_zone(_step(twice), ledger) == Message("fuzz.magic.twice", card="rayo", id="rayo~2")
    stranger = _board([_player("Ana", hand=[{"id": "x", "card": "X"}], battlefield=[bear]), _player("Bruno")])
    assert fm.each_object_in_one_zone(_step(stranger), ledger) == Message("fuzz.magic.stranger", id="x")
    lost = _board([_player("Ana", battlefield=[bear]), _player("Bruno")])
    assert fm.each_object_in_one_zone(_step(lost), ledger) == Message("fuzz.magic.missing", missing="['rayo']")

    full_pool = _board([_player("Ana", mana_pool={"R": 1}), _player("Bruno")])
    begins = _step(full_pool, "turn-based", Message("magic.turn.begin", step=Message("magic.phase.end"), turn=3,
                                                    player="Ana"))
    left = fm.pools_empty_at_step_start(begins, ledger)
    assert left.id == "fuzz.magic.pool_left" and left.params["player"] == "Ana" and left.params["step"] == \
        begins.message
    assert fm.pools_empty_at_step_start(_step(full_pool), ledger) is None       # mid-step mana is fine

    hurt = _board([_player("Ana", life=17), _player("Bruno")])
    assert fm.life_matches_events(_step(hurt), fm.Ledger(frozenset(), {"Ana": 20, "Bruno": 20})) == Message(
        "fuzz.magic.life", player="Ana", life=17, expected=20)
    counted = fm.Ledger(frozenset(), {"Ana": 20, "Bruno": 20})
    lose = _step(hurt, events=[Event("life", {"player": "Ana", "delta": -3})])
    counted.see(lose)
    assert fm.life_matches_events(lose, counted) is None

    attacking = _board([_player("Ana", battlefield=[dict(bear, attacking="Bruno")]), _player("Bruno")],
                       phase="main2", phase_label="la segunda fase principal")
    in_combat = fm.nobody_in_combat_outside_it(_step(attacking), ledger)
    assert in_combat.id == "fuzz.magic.in_combat" and in_combat.params["id"] == "osos~2"
    assert fm.nobody_in_combat_outside_it(_step(dict(attacking, phase="combat_damage")), ledger) is None

    class FakeGame:
        class state:  # noqa: N801
            priority = "Ana"
            over = False

            @staticmethod
            def player(name: str):  # noqa: ANN205
                return type("P", (), {"lost": False})

    def after(board: dict) -> str | None:
        said = fm.state_based_actions_done(FakeGame, fm.Ledger(frozenset(), {}, board=board))  # type: ignore[arg-type]
        return None if said is None else said.id

    assert after(ok) is None
    assert "fuzz.magic.lethal_left" == after(_board([_player("Ana", battlefield=[dict(bear, damage=2)]), _player("Bruno")]))
    assert after(_board([_player("Ana", battlefield=[dict(bear, damage=2, keywords=["indestructible"])]),
                         _player("Bruno")])) is None
    assert "fuzz.magic.toughness_zero" == after(_board([_player("Ana", battlefield=[dict(bear, toughness=0)]), _player("Bruno")]))
    assert "fuzz.magic.both_counters" == after(_board([_player("Ana", battlefield=[dict(bear, counters={"+1/+1": 1, "-1/-1": 1})]),
                                     _player("Bruno")]))
    assert "fuzz.magic.life_zero" == after(_board([_player("Ana", life=0), _player("Bruno")]))
    aura = {"id": "alas", "card": "Alas", "types": "Encantamiento — Aura", "counters": {}, "attached_to": "nadie"}
    assert "fuzz.magic.aura_loose" == after(_board([_player("Ana", battlefield=[aura]), _player("Bruno")]))


def test_the_state_check_sees_an_object_out_of_place() -> None:
    rng = random.Random(9)
    doc = fm.random_scenario(rng, 1, 9)
    game = Game(load_scenario(doc))
    state = game.state
    ledger = fm.Ledger(bases=frozenset(o.base for o in state.objects.values()), life={})
    assert fm.zones_consistent(game, ledger) is None
    ana = state.players[0]
    card = ana.zones["library"][0]
    ana.zones["hand"].append(card)                  # in two lists at once
    assert fm.zones_consistent(game, ledger) is None            # nothing moved since the last check
    ledger.moved = True
    out_of_place = fm.zones_consistent(game, ledger)
    assert out_of_place.id == "fuzz.zone.says" and out_of_place.params["says"] == "library"
    ana.zones["hand"].pop()
    ana.zones["library"].remove(card)               # in no list at all
    ledger.moved = True
    assert fm.zones_consistent(game, ledger).id == "fuzz.magic.zones_count"


def test_the_chooser_falls_back_to_a_legal_empty_answer() -> None:
    """A question answered wrongly twice (a blocker for a flier) gets "no blockers" the third time, so the game
    never waits on a choice; every answer is recorded in order."""
    from judge.engine.rulesets.magic.choices import Question

    chooser = fm.FuzzChooser(random.Random(1))
    q = Question("blockers", "Bruno", ("muro",), "bloqueadoras", ("509.1",), min=0, max=1,
                 data={"attackers": ("grifo",)})
    answers = [chooser.next_answer(None, q) for _ in range(3)]
    assert answers[2].blocks == () and chooser.recorded == answers


def test_the_chooser_falls_back_to_the_declaration_obeying_the_blocking_requirements() -> None:
    """Against an attacker that must be blocked if able, "no blockers" is illegal (509.1c): the third answer is the
    declaration the engine offered as obeying the most requirements, which the engine then accepts."""
    from judge.engine.rulesets.magic.choices import Question

    chooser = fm.FuzzChooser(random.Random(1))
    q = Question("blockers", "Bruno", ("oso", "muro"), "bloqueadoras", ("509.1",), min=0, max=2,
                 data={"attackers": ("bruto",), "obeying": (("muro", "bruto"),)})
    answers = [chooser.next_answer(None, q) for _ in range(3)]
    assert answers[2].blocks == (("muro", "bruto"),)


def test_a_must_be_blocked_attacker_gets_a_blocker_in_fuzz_play() -> None:
    """The game of seed 3 that once stopped waiting for blockers against Bruto inescapable's kind of attacker
    (`judge fuzz magic --games 60 --seed 3`, game 42) now plays on with every invariant."""
    rng = random.Random(1507149061)
    doc = fm.random_scenario(rng, 42, 1507149061)
    result = fm.play_game(doc, rng, [], None)
    assert result.broken is None, result.broken


def test_the_board_invariants_run_again_for_a_board_that_shows_something_else(monkeypatch: pytest.MonkeyPatch
                                                                            ) -> None:
    """check_steps skips BOARD_INVARIANTS only for a board with the very players list of the last board they all
    held for, the same phase, stack and life events; any other board is checked by all, and a broken one is
    caught even right after a board that held."""
    from judge.engine import Event

    monkeypatch.setattr(fm, "STATE_INVARIANTS", [])
    ran: list[str] = []

    def spy(name: str, check):
        def spied(step, ledger):
            ran.append(name)
            return check(step, ledger)
        return spied

    board_checks = [spy(c.__name__, c) for c in fm.INVARIANTS if c in fm.BOARD_INVARIANTS]
    other_checks = [spy(c.__name__, c) for c in fm.INVARIANTS if c not in fm.BOARD_INVARIANTS]
    monkeypatch.setattr(fm, "BOARD_INVARIANTS", frozenset(board_checks))
    checks = board_checks + other_checks
    ledger = fm.Ledger(bases=frozenset({"rayo"}), life={"Ana": 20, "Bruno": 20})
    players = [_player("Ana", hand=[{"id": "rayo", "card": "Rayo"}]), _player("Bruno")]

    def run(*steps: Step):
        ran.clear()
        return fm.check_steps(None, ledger, list(steps), checks, other_checks)  # type: ignore[arg-type]

    assert run(_step(_board(players))) is None and len(ran) == len(checks)
    assert run(_step(_board(players, priority="Bruno"))) is None and len(ran) == len(other_checks)
    assert run(_step(_board(players, phase="end"))) is None and len(ran) == len(checks)
    assert run(_step(_board(list(players), phase="end"))) is None and len(ran) == len(checks)   # another list
    hurt = [dict(players[0], life=17), players[1]]
    assert run(_step(_board(hurt, phase="end"))) == (Message("fuzz.magic.life", player="Ana", life=17,
                                                             expected=20), 1)
    lose = Event("life", {"player": "Ana", "delta": -3})
    assert run(_step(_board(hurt, phase="end"), events=[lose])) is None and len(ran) == len(checks)
    assert run(_step(_board(hurt, phase="end"), events=[Event("life", {"player": "Ana", "delta": 0})])) is None
    assert len(ran) == len(checks)                       # a life event since: checked again
    spell = {"id": "rayo", "card": "Rayo", "kind": "spell", "controller": "Ana", "text": "Rayo", "targets": []}
    assert run(_step(_board(hurt, phase="end", stack=[spell]))) == (Message("fuzz.magic.two_zones", id="rayo"), 1)


def test_the_ledger_reads_a_player_dict_once_and_a_changed_one_again() -> None:
    """Ledger.players_seen reads each player's dict of a board once (boards share the dicts that did not change):
    a later board with the same dict gets the very same PlayerSeen, a player whose dict changed is read again, and
    the state-based and combat facts of a battlefield list follow its entries."""
    bear = {"id": "osos~2", "card": "Osos", "types": "Criatura", "power": 2, "toughness": 2, "damage": 0,
            "counters": {}, "keywords": [], "attached_to": None}
    ana = _player("Ana", hand=[{"id": "rayo", "card": "Rayo"}], battlefield=[bear])
    bruno = _player("Bruno")
    ledger = fm.Ledger(bases=frozenset({"rayo", "osos"}), life={"Ana": 20, "Bruno": 20})
    first = ledger.players_seen(_board([ana, bruno]))
    assert [p.ids for p in first] == [("rayo", "osos~2"), ()] and first[0].bases == ("rayo", "osos")
    assert first[0].field.sba() == () and first[0].field.in_combat() is None
    hurt = dict(ana, battlefield=[dict(bear, damage=2, attacking="Bruno")])
    second = ledger.players_seen(_board([hurt, bruno]))
    assert second[1] is first[1] and second[0] is not first[0]
    assert second[0].field.sba() is None and second[0].field.in_combat()["id"] == "osos~2"
    assert ledger.players_seen(_board([ana, bruno]))[0] is first[0]
