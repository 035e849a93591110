"""`judge fuzz doce-vidas`: random legal games with the invariants checked after every step; on the first broken
invariant it exits 1 and writes the game as a scenario that `judge run` replays."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.engine import run_scenario
from judge.messages import Message
from judge.runner import fuzz
from judge.scenarios import load_scenario


def test_a_few_hundred_random_games_keep_every_invariant(cli: CliRunner, tmp_path: Path, said_line) -> None:
    result = cli.invoke(main, ["fuzz", "doce-vidas", "--games", "250", "--seed", "1", "--out", str(tmp_path)],
                        catch_exceptions=False)
    assert result.exit_code == 0, result.output + result.stderr
    played = said_line(result.output, "fuzz.report.played")
    assert played is not None and played["games"] == "250" and float(played["rate"]) > 0
    assert said_line(result.output, "fuzz.report.held") is not None
    assert not list(tmp_path.iterdir())


def test_the_generator_covers_the_vocabulary() -> None:
    """Over a few games the random cards use every card type and every effect kind (so the fuzz is not blind)."""
    rng = random.Random(3)
    types, effects, mid_game = set(), set(), 0
    for i in range(60):
        doc = fuzz.random_scenario(rng, i, i)
        mid_game += "turn" in doc
        for card in doc["cards"].values():
            types.add(card["type"])
            for effect in card.get("effects", []):
                effects.update(k for k in effect if k not in ("target", "to", "when"))
    assert types == {"criatura", "reliquia", "encantamiento", "hechizo", "instantaneo"}
    assert effects == {"damage", "heal", "draw", "gain_mana", "destroy", "discard", "boost_damage", "boost_life"}
    assert 5 < mid_game < 40


def test_same_seed_same_games() -> None:
    a, b = fuzz.fuzz(5, seed=42), fuzz.fuzz(5, seed=42)
    assert (a.steps, a.actions, a.winners) == (b.steps, b.actions, b.winners)


def _nobody_loses_lives(step, base):
    """A deliberately wrong invariant: "no attack or spell ever costs anyone a life" (resolution steps only
    follow scripted actions, so the game that breaks it has actions to replay)."""
    if step.kind == "resolution" and any(e.kind == "lives" and e.data["to"] < e.data["from"] for e in step.events):
        return "nobody-loses-lives"
    return None


def test_broken_invariant_exits_1_and_writes_a_replayable_scenario(cli: CliRunner, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch,
                                                                   replays_broken_game, said_line) -> None:
    monkeypatch.setattr(fuzz, "INVARIANTS", [*fuzz.INVARIANTS, _nobody_loses_lives])
    out = tmp_path / "fallos"
    result = cli.invoke(main, ["fuzz", "doce-vidas", "--games", "50", "--seed", "7", "--out", str(out)])
    # `judge run` replays it: the same game, up to the step that broke the invariant.
    replays_broken_game(result, out, _nobody_loses_lives, "nobody-loses-lives")
    # --lang en: the same report, in English
    english = cli.invoke(main, ["fuzz", "doce-vidas", "--games", "50", "--seed", "7", "--out", str(tmp_path / "en"),
                                "--lang", "en"])
    assert english.exit_code == 1
    assert said_line(english.stderr, "fuzz.report.broken", "en") == {
        **said_line(result.stderr, "fuzz.report.broken"), "problem": "nobody-loses-lives"}
    assert said_line(english.stderr, "fuzz.report.broken", "es") is None


def test_an_engine_exception_is_a_broken_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.engine import Game

    real_play = Game.play
    calls = {"n": 0}

    def flaky(self, action):
        calls["n"] += 1
        if calls["n"] == 30:
            raise RuntimeError("fallo simulado")
        return real_play(self, action)

    monkeypatch.setattr(Game, "play", flaky)
    report = fuzz.fuzz(20, seed=3)
    assert report.broken is not None and report.broken.problem == Message(
        "fuzz.play.raised", error="RuntimeError", detail="fallo simulado")
    assert len(report.broken.document["actions"]) >= 1


def test_each_invariant_catches_its_breakage() -> None:
    """The real invariants, fed boards that break them, say so (they are not checks that cannot fail)."""
    from judge.engine import Step

    def step(players):
        return Step(number=1, kind="action", actor=None, summary="x", events=[], citations=["dv/turno"],
                    board={"turn": 1, "players": players})

    base = fuzz.Baseline(card_ids=frozenset({"a", "b"}))
    ok = [{"name": "Ana", "lives": 24, "mana": 0, "recycle_cost": 2, "deck": [{"id": "a"}], "hand": [{"id": "b"}],
           "board": [], "discard": []}]
    assert all(check(step(ok), base) is None for check in fuzz.INVARIANTS)
    too_many = [dict(ok[0], lives=25)]
    assert fuzz.lives_at_most_24(step(too_many), base) == Message("fuzz.dv.lives_above", player="Ana", lives=25,
                                                                  max=24)
    twice = [dict(ok[0], discard=[{"id": "a"}])]
    assert fuzz.each_card_in_one_zone(step(twice), fuzz.Baseline(card_ids=base.card_ids)) == Message(
        "fuzz.dv.two_zones", card="a")
    lost = [dict(ok[0], hand=[])]
    count = fuzz.card_count_constant(step(lost), fuzz.Baseline(card_ids=base.card_ids))
    assert count is not None and count.id == "fuzz.dv.card_count" and (count.params["before"],
                                                                        count.params["after"]) == (2, 1)


def test_the_settled_invariants_catch_their_breakage() -> None:
    from judge.engine import Step

    def step(board):
        return Step(number=1, kind="state-based", actor=None, summary="x", events=[], citations=["dv/turno"],
                    board={"turn": 1, "players": [{"name": "Ana", "lives": 3, "mana": 0, "recycle_cost": 1,
                                                   "board": board}]})

    base = fuzz.Baseline(card_ids=frozenset())
    lobo = {"id": "lobo", "card": "Lobo", "type": "criatura", "damage": 2, "card_life": 3, "attached_to": None}
    piel = {"id": "piel", "card": "Piel", "type": "encantamiento", "attached_to": "lobo"}
    assert fuzz.no_lethal_damage_left(step([lobo, piel]), base) is None
    assert fuzz.enchantments_attached(step([lobo, piel]), base) is None
    assert fuzz.no_lethal_damage_left(step([dict(lobo, damage=3)]), base) == Message(
        "fuzz.dv.lethal_left", card="Lobo", id="lobo", damage=3, life=3)
    assert fuzz.enchantments_attached(step([piel]), base) == Message("fuzz.dv.enchantment_loose", card="Piel",
                                                                     id="piel", host="lobo")
    assert fuzz.mana_and_recycle_cost_sane(
        Step(number=1, kind="action", actor=None, summary="x", events=[], citations=["dv/turno"],
             board={"players": [{"name": "Ana", "lives": 3, "mana": 0, "recycle_cost": 3}]}), base) == Message(
        "fuzz.dv.recycle_cost", player="Ana", cost=3)


def test_random_probes_replay_exactly(tmp_path: Path, cli: CliRunner) -> None:
    """A fuzz game mixes random (mostly illegal) probe actions with legal ones; the written scenario replays to the
    very same trace, illegal steps included."""
    rng = random.Random(12)
    doc = fuzz.random_scenario(rng, 1, 12)
    result = fuzz.play_game(doc, rng)
    assert result.broken is None
    doc["actions"] = result.played
    trace = run_scenario(load_scenario(doc))
    assert len(trace.steps) == result.steps
    assert any(s.kind == "illegal" for s in trace.steps)


def test_an_illegal_action_that_changes_the_board_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The probe check is real: an engine that answered "illegal" but still spent mana would be reported."""
    from judge.engine import Game

    real_play = Game.play

    def leaky(self, action):
        steps = real_play(self, action)
        if steps and steps[0].kind == "illegal":
            self.state.players[0].mana += 1
        return steps

    monkeypatch.setattr(Game, "play", leaky)
    report = fuzz.fuzz(20, seed=4)
    assert report.broken is not None and report.broken.problem.id == "fuzz.play.illegal_changed"


def test_the_fuzz_loop_sets_the_cyclic_collector_back_as_it_was() -> None:
    """The loop collects the youngest generation less often while games are played (fuzz._batch_gc), and puts
    the process's thresholds back afterwards, also when a game raises."""
    import gc

    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []

    def play(doc: dict, rng: random.Random) -> fuzz.GameResult:
        seen.append(gc.get_threshold())
        raise RuntimeError("a game that breaks")

    with pytest.raises(RuntimeError):
        fuzz.run_games(1, 1, lambda rng, i, s: {}, play)
    assert seen and seen[0][0] == 50_000 and seen[0][1:] == before[1:]
    assert gc.get_threshold() == before


def test_what_a_game_waits_for_is_answered_through_the_chooser(monkeypatch: pytest.MonkeyPatch) -> None:
    """The doce-vidas fuzzer answers a wait (a discard) through the shared Chooser protocol
    (judge/engine/waiting.py), as magic's does: every wait of a run is one chooser answer by the player asked,
    among the wait's selections, and recorded."""
    from judge.engine.rulesets.doce_vidas.actions import Discard
    seen: list[tuple[object, object]] = []
    original = fuzz.DVFuzzChooser.next_answer

    def spy(self: fuzz.DVFuzzChooser, state: object, waiting: object) -> object:
        answer = original(self, state, waiting)
        seen.append((waiting, answer))
        assert self.recorded[-1] is answer
        return answer
    monkeypatch.setattr(fuzz.DVFuzzChooser, "next_answer", spy)
    report = fuzz.fuzz(10, 1)
    assert report.broken is None and seen
    for waiting, answer in seen:
        assert isinstance(answer, Discard) and answer.by == waiting.player          # type: ignore[attr-defined]
        assert tuple(answer.cards) in set(waiting.selections(24))                   # type: ignore[attr-defined]
