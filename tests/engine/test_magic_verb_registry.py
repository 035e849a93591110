"""Issue 17, stage 4: the effect verbs are typed pieces in one registry (judge/engine/rulesets/magic/verb.py). A new
verb is one new module: here a toy verb is written to a file of its own, put in a temporary registry, and a scenario
uses it, its text, its cited rule and the builder's description all coming from that one class."""
from __future__ import annotations

import importlib.util
import random
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from judge.engine import run_scenario
from judge.engine.rulesets.magic.verb import Registry, Verb, current, using
from judge.messages import Message
from judge.scenarios import ScenarioError, load_scenario

TOY = '''
"""A toy verb for the registry test: «drain: N», each affected player loses N life and the effect's controller
gains what they lost (119.3)."""
from __future__ import annotations

from judge.engine.rulesets.magic import core
from judge.engine.rulesets.magic.text import _to
from judge.engine.rulesets.magic.verb import Amount


class Drain(Amount):
    name, label, rules = "drain", ("drenar vidas", "drain life"), ("119.3",)
    default_to = "each_opponent"
    fuzz_rank = 100

    texts = {"": ("{to} pierde {n} vida(s) y tú las ganas", "{to} loses {n} life and you gain it")}

    def text(self, e, n, dur):
        return self.say(to=_to(e), n=n)

    def resolve(self, r):
        for ref in r.subjects:
            if r.state.has_player(ref):
                core.lose_life(r.state, r.out, ref, r.n, r.source_name, r.base)
                core.gain_life(r.state, r.out, r.controller, r.n, r.source_name, r.base, r.source)

    def fuzz(self, rng, slot):
        return {"drain": rng.randint(1, 2)}, []
'''


def _toy_module(tmp_path: Path) -> Any:
    path = tmp_path / "drain.py"
    path.write_text(textwrap.dedent(TOY), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("toy_verb_drain", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(spec.name, None)
    return module


def _doc() -> dict[str, Any]:
    return {"ruleset": "magic", "title": "drenar",
            "cards": {"Sorbo": {"cost": "{B}", "types": ["sorcery"], "effects": [{"drain": 2}]}},
            "players": [{"name": "Ana", "hand": ["Sorbo"], "battlefield": [{"card": "Pantano", "id": "p"}]},
                        {"name": "Bruno"}],
            "turn": {"active": "Ana", "step": "main1"},
            "actions": [{"by": "Ana", "cast": "Sorbo", "tap": ["p"]}, {"by": "Ana", "pass": True},
                        {"by": "Bruno", "pass": True}],
            "expect": [{"player": "Bruno", "life": 18}, {"player": "Ana", "life": 22}]}


def test_a_verb_in_one_new_module_runs_in_a_scenario(tmp_path: Path) -> None:
    toy = _toy_module(tmp_path)
    before = current()
    with using(before.with_verbs(toy.Drain())) as registry:
        assert "drain" in registry and registry.names[-1] == "drain"      # after the verbs written before it
        trace = run_scenario(load_scenario(_doc()))
        assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
        # its text is its own Message (magic.verbtext.drain), in both languages, from the class alone
        said = [s for s in trace.steps if s.message is not None and s.message.id == "magic.resolve.effects"
                and any(getattr(e, "id", "") == "magic.verbtext.drain" for e in s.message.params["effects"])]
        assert said, [s.summary for s in trace.steps]
        drain = next(e for e in said[0].message.params["effects"] if e.id == "magic.verbtext.drain")
        assert str(drain.params["n"]) == "2" and drain.params["to"] == Message("magic.to.each_opponent")
        for lang, template in zip(("es", "en"), toy.Drain.texts[""]):      # each language's line is the class's
            assert drain.render(lang) == template.format(to=drain.params["to"].render(lang), n=2)
            assert drain.render(lang) in said[0].message.render(lang)
        lost = [s for s in trace.steps if any(ev.kind == "life" for ev in s.events) and "Bruno" in s.summary]
        assert lost and all("cr-en/119.3" in s.citations for s in lost)
        # the builder lists it with its labels, its argument and the keys it reads
        from judge.engine.rulesets.magic.describe import describe
        described = next(e for e in describe({})["effects"] if e["verb"] == "drain")
        assert described["label"] == {"es": "drenar vidas", "en": "drain life"}
        assert [o["key"] for o in described["options"]] == list(toy.Drain.keys)
        assert registry.fuzzed[-1] == "drain"
        assert registry.by_name["drain"].fuzz(random.Random(1), 0)[0]["drain"] in (1, 2)
    assert current() is before and "drain" not in current()


def test_without_the_verb_the_scenario_names_it_as_unknown() -> None:
    with pytest.raises(ScenarioError) as exc:
        load_scenario(_doc())
    said = {e.path: e.said for e in exc.value.errors}["cards.Sorbo.effects[0]"]
    assert said is not None and said.id == "magic.card.one_verb"
    assert "damage" in said.params["verbs"] and "drain" not in said.params["verbs"]


def test_the_registry_holds_every_verb_once_in_the_order_users_read() -> None:
    registry = current()
    assert len(registry.names) >= 57 and registry.names[:3] == ("damage", "destroy", "exile")
    assert "protection" not in registry.names and "protection" in registry.static_names   # static only
    assert registry.layer_of["set_pt"] == 7.2 and registry.layer_of["gain_control"] == 2
    with pytest.raises(ValueError):
        Registry([*registry, registry.by_name["damage"]])          # two verbs with one name


def test_every_verb_says_itself_and_resolves() -> None:
    """No verb falls back to the base class: each has its labels, its text and its own resolution (a verb that
    only exists in `static:` excepted)."""
    for verb in current():
        assert verb.label[0] and verb.label[1], verb.name
        assert type(verb).text is not Verb.text, verb.name
        if verb.in_effects:
            assert type(verb).resolve is not Verb.resolve, verb.name
        if verb.layer is not None:
            assert type(verb).apply is not Verb.apply, verb.name
