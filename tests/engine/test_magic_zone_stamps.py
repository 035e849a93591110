"""ZoneList.stamp (state.py): every change of a zone's contents or order gives the list a new stamp of its game, so
the caches that keep a zone list and its stamp (snapshot.py's hidden zones, castfrom.any_permission, legal.py's
permanents and graveyard abilities) know it unchanged without comparing it. A change that kept the stamp would be
a stale board or a wrong legal action; each mutating method is checked here, and a reversal's refilled zones are
new lists."""
from __future__ import annotations

import copy
import random

import pytest

from judge.engine.rulesets.magic.state import EditedDict, Stamps, ZoneList

CHANGES = {
    "append": lambda z: z.append("x"),
    "insert": lambda z: z.insert(0, "x"),
    "extend": lambda z: z.extend(["x"]),
    "remove": lambda z: z.remove("b"),
    "pop": lambda z: z.pop(),
    "clear": lambda z: z.clear(),
    "sort": lambda z: z.sort(reverse=True),
    "reverse": lambda z: z.reverse(),
    "setitem": lambda z: z.__setitem__(0, "x"),
    "delitem": lambda z: z.__delitem__(0),
    "iadd": lambda z: z.__iadd__(["x"]),
    "imul": lambda z: z.__imul__(2),
    "shuffle": lambda z: random.Random(3).shuffle(z),
}


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_every_change_of_a_zone_gives_it_a_new_stamp(name: str) -> None:
    stamps = Stamps()
    zone = ZoneList(["a", "b", "c"], stamps)
    before = zone.stamp
    CHANGES[name](zone)
    assert zone.stamp > before and zone.stamp == stamps.last


def test_a_new_zone_list_starts_at_its_games_stamp_and_copies_are_new_lists() -> None:
    stamps = Stamps()
    stamps.last = 41
    zones = EditedDict({"hand": ["a"]}, zones=True, stamps=stamps)
    hand = zones["hand"]
    assert type(hand) is ZoneList and hand.stamp <= stamps.last
    twin = copy.deepcopy(hand)
    assert twin is not hand and twin.stamp == hand.stamp and list(twin) == list(hand)
    zones["hand"] = ["a"]                      # a reversal refills the dict of zones: another list, not the same
    assert zones["hand"] is not hand
