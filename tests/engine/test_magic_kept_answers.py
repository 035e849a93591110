"""The answers the magic engine keeps between steps to skip working them out again (MagicCaches: the state-based
check that found nothing, 704.3; what the cards of a graveyard and a battlefield permit, 601.3; what the
legal-action lister reads of a card, of a player's permanents and of their graveyard; the permanents with
replacement abilities, 614; the board's entries and a stack item's text) and the targets `candidates` leaves out
before asking `legal_target` (115, 601.2c). A stale answer would be a silent wrong one, so each is checked here
against a fresh computation every time it is handed out (the board one time in five), over fuzz games and the
curated scenarios that use what it reads."""
from __future__ import annotations

import copy
import importlib
from pathlib import Path
from typing import Any

import pytest

from judge.engine import run_scenario
from judge.engine.rulesets.magic import Magic, castfrom, layers, legal, priority, replacement, sba, targets, undo
from judge.runner import fuzz_magic
from judge.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[2]
snapshot = importlib.import_module("judge.engine.rulesets.magic.snapshot")   # the package's `snapshot` is a function
steps = importlib.import_module("judge.engine.rulesets.magic.steps")


def _scenarios_with(*words: str) -> list[Path]:
    return [p for p in sorted((ROOT / "scenarios" / "magic").rglob("*.yaml"))
            if any(w in p.read_text(encoding="utf-8") for w in words)]


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    counts = {"sba": 0, "permission": 0, "facts": 0, "candidates": 0, "text": 0, "replacing": 0,
              "subsets": 0, "graveyard": 0, "hand": 0, "permanents": 0, "control": 0, "plans": 0, "permitting": 0, "board": 0, "boards": 0, "listing": 0, "settled": 0, "notes": 0,
              "renewed": 0, "static": 0}

    once = sba._sba_once
    check = sba._sba_check

    def sba_once(state: Any, out: list) -> bool:
        # A check skipped on its kept reads (`_sba_reads`) must find nothing on a copy of the state either.
        kept = state.caches.sba_quiet_reads
        skipped = kept is not None and state.caches.sba_quiet != sba._sba_inputs(state) and \
            kept == sba._sba_reads(state)
        if skipped:
            twin = copy.deepcopy(state)
            assert not check(twin, []), f"a state-based action was skipped at step {state.steps_taken}"
            counts["sba"] += 1
        return once(state, out)

    permission = castfrom.any_permission

    def any_permission(state: Any, who: str) -> bool:
        got = permission(state, who)
        zones = state.player(who).zones
        fresh = any(ce.effect.kind == castfrom.VERB and who in ce.affected for ce in state.effects) or \
            castfrom.cards_permit(state, zones["graveyard"], zones["battlefield"])
        assert got == fresh
        counts["permission"] += 1
        return got

    permitting = castfrom._permitting

    def permitting_now(state: Any, who: str) -> tuple:
        got = permitting(state, who)
        fresh = [(o, tuple(s for s in state.card(o).statics if s.effect.kind == castfrom.VERB))
                 for o in state.player(who).zones["battlefield"]]
        assert got == tuple((o, statics) for o, statics in fresh if statics)
        counts["permitting"] += 1
        return got

    facts = legal._facts

    def card_facts(state: Any, card: Any, kws: Any) -> tuple:
        got = facts(state, card, kws)
        state.caches.legal_cards.pop(id(card))
        assert got == facts(state, card, kws)
        counts["facts"] += 1
        return got

    subsets = legal._subsets

    def split(state: Any, who: str, permanents: list) -> tuple:
        got = subsets(state, who, permanents)
        mana = [e for e in permanents if e[2][2] is not None]
        unsick = legal.keyword.current().unsick
        assert got == ([e for e in permanents if e[2][1]], mana,
                       [(o, "creature" in c.types and unsick.isdisjoint(c.keywords), legal._mana_of(state, t[2]))
                        for o, c, t in mana])
        counts["subsets"] += 1
        return got

    hand = legal._hand

    def hand_cards(state: Any, who: str, kws: Any) -> tuple:
        # The first land of each name, the first other card of each (zone, name) with its card and facts.
        got = hand(state, who, kws)
        lands: dict[str, Any] = {}
        others: dict[tuple[str, str], tuple] = {}
        for o in state.player(who).zones["hand"]:
            card = state.card(o)
            known = facts(state, card, kws)
            if known[0]:
                lands.setdefault(o.card, o)
            else:
                others.setdefault((o.zone, o.card), (o, card, known))
        assert got == (tuple(lands.values()), tuple(others.values()), frozenset(others))
        counts["hand"] += 1
        return got

    sync = sba.sync_control

    def sync_control(state: Any, out: Any = None) -> None:
        # A sync skipped on its kept key finds every permanent under the controller layer 2 gives it and the
        # deciding effects as the state holds them: nothing a full sync would change.
        synced = state.caches.control_synced
        version = state.stamps.last
        sync(state, out)
        if state.caches.control_synced is synced and synced is not None:
            cache = layers.compute(state)
            assert all(cache[o.id].controller == o.controller for o in state.battlefield())
            assert state.control_by == sba._control_effects(state) and state.stamps.last == version
            counts["control"] += 1

    planner = legal._planner

    def planner_now(state: Any, who: str, available: list) -> Any:
        plan = planner(state, who, available)

        def checked_plan(cost: tuple, x: int = 0, exclude: str = "") -> Any:
            got = plan(cost, x, exclude)            # a kept plan is the plan worked out now
            assert got == legal.plan_payment(state, who, cost, x, exclude, available)
            counts["plans"] += 1
            return got

        return checked_plan

    permanents = legal._permanents

    def permanents_now(state: Any, who: str) -> list:
        got = permanents(state, who)
        cache = layers.compute(state)
        assert got == [(o, c, legal._table(state, o, c)) for o in state.player(who).zones["battlefield"]
                       for c in (layers.chars_of(state, o, cache),)]
        counts["permanents"] += 1
        return got

    graveyard = legal._graveyard_abilities

    def graveyard_abilities(state: Any, who: str, kws: Any) -> tuple:
        got = graveyard(state, who, kws)
        fresh = [(o, [a for a in state.card(o).activated if a.zone == "graveyard"])
                 for o in state.player(who).zones["graveyard"]]
        assert list(got) == [(o, abilities) for o, abilities in fresh if abilities]
        counts["graveyard"] += 1
        return got

    static = legal._static

    def static_now(state: Any, who: str, kws: Any) -> tuple:
        # A kept part of a listing (legal._static) is what its parts (each checked above) give now.
        kept = state.caches.legal_static.get(who)
        got = static(state, who, kws)
        if kept is not None and got is kept[-1]:
            del state.caches.legal_static[who]
            assert got == static(state, who, kws), f"a stale part of a listing at step {state.steps_taken}"
            counts["static"] += 1
        return got

    chosen = targets.candidates

    def candidates(state: Any, spec: Any, controller: str, source: str = "", limit: int | None = None
                   ) -> list[str]:
        got = chosen(state, spec, controller, source, limit)
        if spec.zone == "graveyard":
            refs = [o.id for p in state.players for o in p.zones["graveyard"]]
        else:
            refs = [p.name for p in state.players] + [o.id for o in state.battlefield()] + \
                [i.id for i in state.stack]
        assert got == [r for r in refs if targets.legal_target(state, spec, r, controller, source) is None][:limit]
        counts["candidates"] += 1
        return got

    replacing = replacement._replacing

    def replacers(state: Any) -> tuple:
        got = replacing(state)
        assert got == tuple((o, state.card(o).replacements) for o in state.battlefield()
                            if state.card(o).replacements)
        counts["replacing"] += 1
        return got

    board = snapshot.snapshot

    def board_now(state: Any) -> dict:
        # The board built from the kept entries (each permanent's, each player's, the stack's texts) is the board
        # built from nothing.
        got = board(state)
        counts["boards"] += 1
        if counts["boards"] % 5:
            return got                    # one board in five: a fresh one costs the whole board each time
        caches = state.caches
        kept = (caches.snap_board, caches.snap_perm, caches.snap, caches.snap_player, caches.stack_text,
                caches.snap_stack)
        caches.snap_board, caches.snap_perm, caches.snap, caches.snap_player, caches.stack_text, \
            caches.snap_stack = None, {}, {}, {}, {}, {}
        try:
            assert got == board(state)
        finally:
            caches.snap_board, caches.snap_perm, caches.snap, caches.snap_player, caches.stack_text, \
                caches.snap_stack = kept
        counts["board"] += 1
        return got

    text = snapshot._text

    def stack_text(state: Any, said: Any) -> str:
        got = text(state, said)
        assert got == str(said)
        counts["text"] += 1
        return got

    listed = Magic.legal_actions.__func__           # type: ignore[attr-defined]

    def listing(cls: type, state: Any) -> list:
        # A listing handed out again on its kept key (legal.listing_key) is the listing worked out now.
        who = state.priority
        at = legal.listing_key(state, who)[:2] if who is not None else None
        before = state.caches.legal_listing.get(at)
        got = listed(cls, state)
        if before is not None and state.caches.legal_listing.get(at) is before:
            assert got == legal.list_actions(state, who), f"a stale listing at step {state.steps_taken}"
            counts["listing"] += 1
            counts["renewed"] += id(before) in renewed
        return got

    renewed: set[int] = set()
    past_reversal = undo.kept_past_reversal

    def renew(state: Any, saved_at: int) -> None:
        # The listings kept on past a reversal (legal.kept_past_reversal): each handed out is checked above.
        past_reversal(state, saved_at)
        renewed.update(id(entry) for entry in state.caches.legal_listing.values() if entry[0][2] == state.stamps.last)

    monkeypatch.setattr(undo, "kept_past_reversal", renew)
    monkeypatch.setattr(Magic, "legal_actions", classmethod(listing))
    settle = priority.settle

    def settle_now(state: Any, out: list) -> bool:
        # A round skipped on its kept key (priority.settled_key) is played anyway here, on the game itself: it must
        # do nothing (no step, no change, nothing done).
        kept = state.caches.settled
        if kept is not None and not state.triggers and kept == priority.settled_key(state):
            state.caches.settled = None
            steps = len(out)
            assert not settle(state, out) and len(out) == steps, f"a settle skipped at step {state.steps_taken}"
            assert priority.settled_key(state) == kept
            counts["settled"] += 1
        return settle(state, out)

    monkeypatch.setattr(priority, "settle", settle_now)
    notes = steps.unmodelled

    def notes_now(state: Any, *extra: Any) -> list:
        # The notes handed out again for a step like the last one are the notes worked out now.
        said = state.caches.unmodelled_said
        got = notes(state, *extra)
        if said is not None and state.caches.unmodelled_said is said:
            state.caches.unmodelled_said = None
            assert got == notes(state, *extra), f"stale notes at step {state.steps_taken}"
            counts["notes"] += 1
        return got

    monkeypatch.setattr(steps, "unmodelled", notes_now)
    monkeypatch.setattr(sba, "_sba_once", sba_once)
    monkeypatch.setattr(castfrom, "any_permission", any_permission)
    monkeypatch.setattr(castfrom, "_permitting", permitting_now)
    monkeypatch.setattr(legal, "_facts", card_facts)
    monkeypatch.setattr(targets, "candidates", candidates)
    monkeypatch.setattr(legal, "candidates", candidates)
    monkeypatch.setattr(snapshot, "_text", stack_text)
    monkeypatch.setattr(steps, "snapshot", board_now)
    monkeypatch.setattr(replacement, "_replacing", replacers)
    monkeypatch.setattr(legal, "_subsets", split)
    monkeypatch.setattr(legal, "_graveyard_abilities", graveyard_abilities)
    monkeypatch.setattr(legal, "_hand", hand_cards)
    monkeypatch.setattr(legal, "_permanents", permanents_now)
    monkeypatch.setattr(legal, "_planner", planner_now)
    monkeypatch.setattr(legal, "_static", static_now)
    monkeypatch.setattr(sba, "sync_control", sync_control)
    monkeypatch.setattr(priority, "sync_control", sync_control)
    return counts


def test_kept_answers_agree_with_fresh_ones_in_fuzz_games(checked: dict[str, int]) -> None:
    for seed in (1, 5):
        report = fuzz_magic.fuzz(3, seed)
        assert report.broken is None
    assert checked["sba"] > 200 and checked["permission"] > 500 and checked["facts"] > 1000
    assert checked["candidates"] > 100 and checked["text"] > 100 and checked["replacing"] > 100
    assert checked["subsets"] > 1000 and checked["graveyard"] > 500 and checked["hand"] > 500
    assert checked["permanents"] > 500 and checked["control"] > 500 and checked["plans"] > 500
    assert checked["board"] > 200 and checked["listing"] > 300 and checked["settled"] > 300
    assert checked["notes"] > 1000 and checked["renewed"] > 20 and checked["static"] > 300


def _stale_listing_found(seed: int) -> bool:
    """Whether the check of kept listings fails in three fuzz games of `seed`: raised, or reported by the fuzzer
    as a listing that raised (it turns the lister's exceptions into a broken game)."""
    try:
        report = fuzz_magic.fuzz(3, seed)
    except AssertionError as exc:
        return "a stale listing" in str(exc)
    broken = report.broken
    return broken is not None and broken.problem.id == "fuzz.play.legal_raised" and \
        "a stale listing" in broken.problem.params["detail"]


@pytest.mark.parametrize("dropped", [(2,), (2, 3)], ids=["stamp", "stamp-and-layers"])
def test_a_listing_kept_on_a_coarser_key_is_caught(checked: dict[str, int], monkeypatch: pytest.MonkeyPatch,
                                                   dropped: tuple[int, ...]) -> None:
    # The check above has teeth: a key without the game's edit stamp (what stands for the objects, zones and pools
    # the listing reads; a land tapped for mana moves it), or without the layers' result too, hands out stale
    # listings, and the check fails.
    key = legal.listing_key

    def coarser(state: Any, who: str) -> tuple:
        return tuple(None if n in dropped else part for n, part in enumerate(key(state, who)))

    monkeypatch.setattr(legal, "listing_key", coarser)
    assert _stale_listing_found(1) or _stale_listing_found(5)


def test_kept_answers_agree_with_fresh_ones_in_curated_scenarios(checked: dict[str, int],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    apply = Magic.apply.__func__          # type: ignore[attr-defined]

    def listed_first(cls: type, state: Any, action: Any) -> Any:
        Magic.legal_actions(state)        # what the fuzzer would be offered here (reads the state only)
        return apply(cls, state, action)

    monkeypatch.setattr(Magic, "apply", classmethod(listed_first))
    paths = _scenarios_with("cast_from", "play_from_graveyard", "zone: graveyard", "Aura", "legendary",
                            "deathtouch", "spell", "protection")
    assert len(paths) >= 20
    for path in paths:
        run_scenario(load_scenario(path))
    assert checked["sba"] > 20 and checked["permission"] > 20 and checked["candidates"] > 20
    assert checked["permitting"] > 0
    assert checked["replacing"] > 20 and checked["graveyard"] > 20 and checked["listing"] > 0
    assert checked["settled"] > 20 and checked["notes"] > 100
