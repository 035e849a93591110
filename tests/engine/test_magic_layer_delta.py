"""layers.compute recomputes only the permanents a change of its inputs can reach (layerdelta.to_recompute) and
keeps the Chars of the others. A permanent left out that should have been recomputed would be a silent wrong
answer, so every table made that way is checked against a computation of the whole battlefield from scratch
(layers._compute) over fuzz games and the curated scenarios with static abilities, qualities and counts; the check
itself is shown to catch a delta that leaves out what it must not. Then what `to_recompute` answers for each kind of
change, on inputs written here."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from judge.engine import run_scenario
from judge.engine.rulesets.magic import layerdelta, layers
from judge.engine.rulesets.magic.cards import Effect
from judge.engine.rulesets.magic.layerdelta import Live, to_recompute as _to_recompute
from judge.engine.rulesets.magic.verb import current
from judge.runner import fuzz_magic
from judge.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def deltas(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Wraps the layers so each table made from a delta is compared with the whole battlefield from scratch."""
    compute, full = layers.compute, layers._compute
    counts = {"deltas": 0, "recomputed": 0, "permanents": 0, "wrong": 0}
    last: list[Any] = [None]

    def _compute(state: Any, statics: Any = None, only: Any = None) -> dict[str, Any]:
        last[0] = only
        return full(state, statics, only)

    def checked(state: Any) -> dict[str, Any]:
        last[0] = None
        chars = compute(state)
        only = last[0]
        if only is not None:
            fresh = full(state)
            counts["deltas"] += 1
            counts["recomputed"] += len(only)
            counts["permanents"] += len(fresh)
            if chars != fresh or list(chars) != list(fresh):
                counts["wrong"] += 1
        return chars

    monkeypatch.setattr(layers, "_compute", _compute)
    monkeypatch.setattr(layers, "compute", checked)
    return counts


def _scenarios_with(*words: str) -> list[Path]:
    found = []
    for path in sorted((ROOT / "scenarios" / "magic").rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        if any(w in text for w in words):
            found.append(path)
    return found


def test_every_delta_agrees_with_the_whole_battlefield_in_fuzz_games(deltas: dict[str, int]) -> None:
    for seed in (1, 3, 7):
        assert fuzz_magic.fuzz(3, seed).broken is None
    assert deltas["wrong"] == 0
    # Most recomputations are deltas, and they recompute a small part of the battlefield.
    assert deltas["deltas"] > 200
    assert deltas["recomputed"] * 5 < deltas["permanents"]


def test_every_delta_agrees_with_the_whole_battlefield_in_curated_scenarios(deltas: dict[str, int]) -> None:
    paths = _scenarios_with("static:", "while:", "where:", "count:", "enchanted", "equipped", "lose_abilities")
    assert len(paths) >= 20
    for path in paths:
        run_scenario(load_scenario(path))
    assert deltas["wrong"] == 0
    assert deltas["deltas"] > 100


def test_the_check_catches_a_delta_that_leaves_out_a_changed_permanent(deltas: dict[str, int],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # A delta that recomputes only one permanent of those reached: the comparison must see the others go stale.
    real = layerdelta.to_recompute

    def careless(*args: Any) -> frozenset[str] | None:
        only = real(*args)
        return frozenset(sorted(only)[:1]) if only is not None and len(only) > 1 else only

    monkeypatch.setattr(layers, "to_recompute", careless)
    for seed in (1, 3, 7):
        fuzz_magic.fuzz(3, seed)
    assert deltas["wrong"] > 0


# to_recompute on inputs written here: (permanents, stamps, copies, resolved layer effects, what is read beyond).
LAYER_OF = current().layer_of
COPIES: dict[str, Any] = {}


class _Perm:
    """A permanent as to_recompute reads it: its id, and itself (hashed and compared by identity, as MagicObject)."""

    def __init__(self, ref: str) -> None:
        self.id = ref


def _perm(ref: str) -> Any:
    return _Perm(ref)


A, B, C = _perm("a"), _perm("b"), _perm("c")


def _inputs(objs: tuple, stamps: list[int], effects: tuple = (), seen: Any = None, copies: Any = COPIES) -> tuple:
    return (objs, stamps, copies, effects, seen)


def _static(source: str, **effect: Any) -> tuple:
    """A static ability in force as layerdelta.live_key keys it."""
    e = Effect(kind=effect.pop("kind", "pump"), **effect)
    x = Live(e, 1, "ana", source, source, None, (source, e.to, e.where, None))
    return (x.source, x.timestamp, x.controller, x.source_name, id(x.effect), x.ability, x.because, x.effect)


def to_recompute(before: tuple, after: tuple, live_before: Any, live_after: Any, layer_of: Any) -> Any:
    lists = [(tuple(live[0]), live[1]) for live in (live_before, live_after)]
    return _to_recompute(before, after, lists[0], lists[1], layer_of, {})


def _resolved(*affected: str, **effect: Any) -> tuple:
    return (Effect(kind=effect.pop("kind", "pump"), **effect), 5, "ana", "spell", "Spell", affected)


NONE: tuple = ([], ())


def test_a_permanent_whose_stamp_moved_or_that_entered_is_recomputed_alone() -> None:
    before = _inputs((A, B), [1, 2])
    assert to_recompute(before, _inputs((A, B), [1, 7]), NONE, NONE, LAYER_OF) == {"b"}
    assert to_recompute(before, _inputs((A, B, C), [1, 2, 9]), NONE, NONE, LAYER_OF) == {"c"}
    assert to_recompute(before, _inputs((A,), [1]), NONE, NONE, LAYER_OF) == frozenset()
    # Another object under the same id (400.7 makes a new one) is new.
    assert to_recompute(before, _inputs((A, _perm("b")), [1, 2]), NONE, NONE, LAYER_OF) == {"b"}
    # All of them: the whole table.
    assert to_recompute(before, _inputs((A, B), [3, 4]), NONE, NONE, LAYER_OF) is None


def test_a_resolved_effect_begun_or_ended_reaches_its_locked_in_ids() -> None:
    pump = _resolved("a", power=2, toughness=2)
    before = _inputs((A, B, C), [1, 2, 3])
    assert to_recompute(before, _inputs((A, B, C), [1, 2, 3], (pump,)), NONE, NONE, LAYER_OF) == {"a"}
    assert to_recompute(_inputs((A, B, C), [1, 2, 3], (pump,)), before, NONE, NONE, LAYER_OF) == {"a"}


def test_a_static_ability_of_its_own_reaches_its_source_and_one_of_a_group_everyone() -> None:
    before = _inputs((A, B, C), [1, 2, 3])
    own = ([_static("a", to="self", power=1)], ())
    assert to_recompute(before, before, NONE, own, LAYER_OF) == {"a"}
    anthem = ([_static("a", to="creatures_you_control", power=1)], ())
    assert to_recompute(before, before, NONE, anthem, LAYER_OF) is None
    # An Aura's: what it is attached to then and now (301.5f: the source's facts).
    aura = [_static("c", to="enchanted", power=1)]
    on_a = (aura, (("c", "a", ""),))
    on_b = (aura, (("c", "b", ""),))
    assert to_recompute(before, before, NONE, on_a, LAYER_OF) == {"a"}
    assert to_recompute(before, before, on_a, on_b, LAYER_OF) == {"a", "b"}


@pytest.mark.parametrize("effect", [
    {"kind": "lose_abilities", "to": "self"},                               # 613.1f, 613.8a: removes others'
    {"kind": "pump", "to": "self", "counted": (True, False), "count": "permanents_you_control"},   # 613.4
    {"kind": "pump", "to": "self", "where": ("enchanted",)},                 # reads other permanents
    {"kind": "pump", "to": "self", "where": ("non-equipped",)},
])
def test_effects_that_read_other_permanents_recompute_the_whole_battlefield(effect: dict[str, Any]) -> None:
    before = _inputs((A, B, C), [1, 2, 3])
    live = ([_static("a", **effect)], ())
    assert to_recompute(before, _inputs((A, B, C), [1, 2, 4]), live, live, LAYER_OF) is None


def test_two_effects_of_a_layer_whose_sets_can_depend_on_each_other_recompute_everything() -> None:
    # 613.8a: the dependency order asks what each applies to over the whole battlefield.
    before = _inputs((A, B, C), [1, 2, 3])
    live = ([_static("a", kind="set_color", to="all_creatures", colors=("W",)),
             _static("b", kind="set_color", to="all_creatures", colors=("U",), where=("W",))], ())
    assert to_recompute(before, _inputs((A, B, C), [1, 2, 4]), live, live, LAYER_OF) is None


def test_other_copy_effects_other_reads_or_a_reordered_list_recompute_everything() -> None:
    p1, p2 = _resolved("a", power=1), _resolved("b", power=2)
    before = _inputs((A, B, C), [1, 2, 3], (p1, p2))
    assert to_recompute(before, _inputs((A, B, C), [1, 2, 3], (p1, p2), copies={}), NONE, NONE, LAYER_OF) is None
    assert to_recompute(before, _inputs((A, B, C), [1, 2, 3], (p1, p2), seen="combat_damage"), NONE, NONE,
                        LAYER_OF) is None
    assert to_recompute(before, _inputs((A, B, C), [1, 2, 3], (p2, p1)), NONE, NONE, LAYER_OF) is None
