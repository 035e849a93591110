"""The one replacement and prevention pipeline (616.1: judge/engine/rulesets/magic/replacement.py): every kind of
replacement a permanent can have is gathered in one place, and that place reads "loses all abilities" (613.1f) the
same way for all of them — the scans it replaced disagreed ("damage can't be prevented" ignored it)."""
from __future__ import annotations

import random
from typing import Any

import pytest

from judge.engine.rulesets.magic import Magic, replacement
from judge.engine.rulesets.magic.known import LastKnown
from judge.engine.rulesets.magic.replacement import (CountersEvent, DamageEvent, DrawEvent, LifeGainEvent,
                                                       LifeLossEvent, ManaEvent, ReplacementHandler)
from judge.scenarios import load_scenario

# One creature per kind of replacement a permanent on the battlefield has (docs/scenarios.md, Replacement effects).
KINDS: dict[str, dict[str, Any]] = {
    "draw": {"event": "draw", "instead": [{"gain_life": 1}]},
    "life_gain": {"event": "life_gain", "multiply": 2},
    "life_loss": {"event": "life_loss", "to": "each", "add": 1},
    "damage": {"event": "damage", "to": "controller"},
    "counters": {"event": "counters", "to": "permanents_you_control", "add": 1},
    "tap_for_mana": {"event": "tap_for_mana"},
    "prevent_none": {"event": "prevent_none"},
    "no_life_gain": {"event": "no_life_gain"},
    "all_wither": {"event": "all_wither"},
}
HUMILITY = {"cost": "{2}{W}{W}", "types": ["enchantment"],
            "static": [{"lose_abilities": True, "to": "all_creatures"}, {"set_pt": [1, 1], "to": "all_creatures"}]}


def _state(humility: bool) -> Any:
    cards = {f"Criatura {k}": {"cost": "{1}", "types": ["creature"], "power": 2, "toughness": 2,
                               "replacements": [rule]} for k, rule in KINDS.items()}
    cards["Humildad"] = HUMILITY
    battlefield: list[Any] = [{"card": f"Criatura {k}", "id": k.replace("_", "-")} for k in KINDS]
    if humility:
        battlefield.append({"card": "Humildad", "id": "hum"})
    doc = {"ruleset": "magic", "title": "prueba", "cards": cards,
           "players": [{"name": "Ana", "battlefield": battlefield, "library": ["Isla"]}, {"name": "Bruno"}],
           "turn": {"number": 3, "active": "Ana", "step": "main1"}, "actions": [], "expect": []}
    state, _ = Magic.start(load_scenario(doc), random.Random(0))
    return state


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_is_gathered_while_its_permanent_has_its_abilities_and_none_once_it_lost_them(kind: str) -> None:
    """613.1f: "loses all abilities" removes replacement and prevention abilities too: no kind is an exception."""
    assert [a.permanent.id for a in replacement.permanents_with(_state(False), kind)] == [kind.replace("_", "-")]
    assert list(replacement.permanents_with(_state(True), kind)) == []


SOURCE = LastKnown(id="fuente", card="Fuente")      # a source of damage with no keyword, not on the board


def test_the_handler_applies_the_same_reading_to_each_proposed_event() -> None:
    """616.1: one `applicable` for every event type; under Humility nothing applies, and the events keep their
    amounts (614.1a: no replacement modifies them)."""
    for humility, expected in ((False, 1), (True, 0)):
        state = _state(humility)
        ana = state.player("Ana").zones["battlefield"][0]
        events = [DrawEvent("Ana"), LifeGainEvent("Ana", 3), LifeLossEvent("Bruno", 2),
                  DamageEvent(SOURCE, "Ana", None, 2),
                  CountersEvent(ana, "+1/+1", 1, "Ana", True), ManaEvent("Ana", {"G": 1})]
        assert [len(replacement.applicable(state, ev)) for ev in events] == [expected] * len(events)
        handler = ReplacementHandler(state, [])
        assert handler.life_gain(LifeGainEvent("Ana", 3)).amount == (6 if expected else 3)
        assert replacement.cant_be_prevented(state, SOURCE) is bool(expected)
        assert (replacement.stops_life_gain(state) is not None) is bool(expected)
        assert replacement.all_damage_withers(state) is bool(expected)

