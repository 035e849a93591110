"""Issue 17: the keywords are typed pieces in one registry (judge/engine/rulesets/magic/keyword.py), like the verbs.
A new keyword is one new module: here a toy keyword (skulk, 702.118b) is written to a file of its own, put in a
temporary registry, and a scenario uses it: the card reads it by its id and its Spanish name, the declaration of
blockers asks its restriction (the illegal block cites its rule), the board shows its Spanish name, the builder
lists it with both labels and the fuzzer may give it to a card, all from that one class."""
from __future__ import annotations

import importlib.util
import random
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from judge.engine import run_scenario
from judge.engine.rulesets.magic.keyword import FACTS, Keyword, Registry, current, using
from judge.messages import Message
from judge.scenarios import ScenarioError, load_scenario

TOY = '''
"""A toy keyword for the registry test: skulk (702.118b), «can't be blocked by creatures with greater power»."""
from __future__ import annotations

from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.keyword import Keyword


class Skulk(Keyword):
    name, spanish, english, rule, order = "skulk", "merodear", "skulk", "702.118b", 50
    block_order = 50

    def block_restriction(self, state, b, cb, a, ca):
        if self.name in ca.keywords and cb.power > ca.power:
            return (f"{a.card} ({a.id}) merodea y {b.card} ({b.id}) tiene más fuerza", cr("702.118b", "509.1b"))
        return None
'''


def _toy_module(tmp_path: Path) -> Any:
    path = tmp_path / "skulk.py"
    path.write_text(textwrap.dedent(TOY), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("toy_keyword_skulk", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(spec.name, None)
    return module


def _doc(written: str) -> dict[str, Any]:
    return {"ruleset": "magic", "title": "merodear",
            "cards": {"Rata": {"cost": "{B}", "types": ["creature"], "power": 1, "toughness": 1,
                               "keywords": [written]},
                      "Oso": {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2}},
            "players": [{"name": "Ana", "battlefield": [{"card": "Rata", "id": "rata"}]},
                        {"name": "Bruno", "battlefield": [{"card": "Oso", "id": "oso"}]}],
            "turn": {"number": 3, "active": "Ana", "step": "main1"},
            "actions": [{"pass_until": "declare_attackers"}, {"by": "Ana", "attack": ["rata"]},
                        {"pass_until": "declare_blockers"},
                        {"by": "Bruno", "block": {"oso": "rata"}},       # illegal: the bear's power is greater
                        {"by": "Bruno", "block": {}}, {"pass_until": "end_of_combat"}],
            "expect": [{"player": "Bruno", "life": 19}, {"object": "rata", "keywords": ["skulk"]}]}


@pytest.mark.parametrize("written", ["skulk", "merodear"])
def test_a_keyword_in_one_new_module_acts_in_a_scenario(tmp_path: Path, written: str) -> None:
    toy = _toy_module(tmp_path)
    before = current()
    with using(before.with_keywords(toy.Skulk())) as registry:
        assert "skulk" in registry.names and registry.block_restrictions[-1].name == "skulk"
        trace = run_scenario(load_scenario(_doc(written)))
        assert not trace.failed_expectations, [s.summary for s in trace.failed_expectations]
        illegal = [s for s in trace.steps if s.kind == "illegal"]
        assert len(illegal) == 1 and "cr-en/702.118b" in illegal[0].citations
        assert "cr-en/509.1b" in illegal[0].citations
        rata = next(o for p in trace.steps[-1].board["players"] for o in p["battlefield"] if o["id"] == "rata")
        assert "merodear" in rata["keywords"]                      # the board says its Spanish name
        from judge.engine.rulesets.magic.describe import describe
        listed = [o for o in _keyword_options(describe({})) if o["value"] == "skulk"]
        assert listed and all(o["label"] == {"es": "merodear", "en": "skulk"} for o in listed)
        assert "skulk" in registry.fuzz_pool
    assert current() is before and "skulk" not in current()


def _keyword_options(described: Any) -> list[dict[str, Any]]:
    """Every option list of the builder's description that offers keywords (found by walking the JSON)."""
    found: list[dict[str, Any]] = []

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            if x.get("key") == "keywords" and isinstance(x.get("options"), list):
                found.extend(x["options"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(described)
    return found


def test_without_the_keyword_the_card_names_it_as_unknown() -> None:
    with pytest.raises(ScenarioError) as exc:
        load_scenario(_doc("skulk"))
    messages = {e.path: e.message for e in exc.value.errors}
    assert "skulk" in messages["cards.Rata.keywords[0]"] and "flying" in messages["cards.Rata.keywords[0]"]


def test_the_registry_holds_every_keyword_once_in_the_order_users_read() -> None:
    registry = current()
    assert list(registry.names)[:3] == ["flying", "reach", "defender"] and len(registry.names) >= 25
    assert "protection" in registry.unmodelled and "protection" not in registry.names
    assert [k.name for k in registry.block_restrictions] == ["cant_block", "fear", "protection", "flying"]
    assert [k.name for k in registry.attack_restrictions] == ["defender", "cant_attack"]
    assert registry.keyword_id("Volar") == "flying" and registry.keyword_id("marchitar") == "wither"
    assert registry.keyword_id("infectar") is None and registry.is_unmodelled("infectar")
    with pytest.raises(ValueError):
        Registry([*registry, registry.by_name["flying"]])          # two keywords with one name


def test_every_keyword_says_itself_and_every_fact_is_held() -> None:
    """Each modelled keyword has its names and a rule that exists in the CR; each fact the rules modules ask is
    some keyword's; a keyword that restricts combat overrides the restriction it is ordered for."""
    cr_text = (Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
               / "MagicCompRules_EN_20260417.txt").read_text(encoding="utf-8")
    registry = current()
    for k in registry:
        assert k.spanish and k.label[1], k.name
        if k.modelled:
            assert k.rule and (f"\n{k.rule} " in cr_text or f"\n{k.rule}. " in cr_text), k.name
        if k.block_order is not None:
            assert type(k).block_restriction is not Keyword.block_restriction, k.name
        if k.attack_order is not None:
            assert type(k).attack_restriction is not Keyword.attack_restriction, k.name
    for fact in FACTS:
        assert getattr(registry, fact), fact
    fuzzed = {registry.by_name[n] for n in registry.fuzz_pool}
    assert all(k.modelled for k in fuzzed) and random.Random(1).choice(registry.fuzz_pool) in registry.names


# A toy keyword that stands for a dies trigger with an intervening "if": undying (702.93a), written as one class.
# It triggers through triggers.py (on_dies), resolves through effects.py (resolve), is named on the stack through
# targets.py (trigger_text) and, when its "if" is false, is told by priority.py as not triggering (declined).
UNDYING = '''
"""A toy keyword for the registry test: undying (702.93a)."""
from __future__ import annotations

from judge.engine.rulesets.magic.cards import Triggered
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.keyword import Keyword
from judge.messages import Message

UNDYING = Triggered(when="dies", effects=(), keyword="undying")
UNDYING_FALSE = Triggered(when="dies", effects=(), keyword="undying-false")


class Undying(Keyword):
    name, spanish, english, rule, order = "undying", "inmortal", "undying", "702.93a", 51
    triggers, declined = True, "magic.trigger.persist_not"

    def on_dies(self, lki):
        return (UNDYING if not lki.counters.get("+1/+1") else UNDYING_FALSE,)

    def resolve(self, state, out, item):
        from judge.engine.rulesets.magic import core
        o = core.source_now(state, item.source, item.seen)
        if o is None or o.zone != "graveyard":
            return
        core.move(state, out, o, "battlefield", cites=cr("608.2", "702.93a"), why=Message("magic.persist.returns"),
                  controller=o.owner, counters={"+1/+1": 1}, actor=o.owner)
'''


def _undying_doc(counters: dict[str, int]) -> dict[str, Any]:
    return {"ruleset": "magic", "title": "inmortal",
            "cards": {"Espectro": {"cost": "{B}", "types": ["creature"], "power": 1, "toughness": 1,
                                   "keywords": ["undying"]},
                      "Rayo": {"cost": "{R}", "types": ["instant"], "targets": ["any"],
                               "effects": [{"damage": 3, "to": "target"}]}},
            "players": [{"name": "Ana", "hand": [{"card": "Rayo", "id": "rayo"}],
                         "battlefield": [{"card": "Montaña", "id": "m"}]},
                        {"name": "Bruno", "battlefield": [{"card": "Espectro", "id": "esp", "counters": counters}]}],
            "turn": {"number": 3, "active": "Ana", "step": "main1"},
            "actions": [{"by": "Ana", "cast": "rayo", "target": "esp", "tap": ["m"]},
                        {"pass_until": "main2"}]}


@pytest.mark.parametrize("counters", [{}, {"+1/+1": 1}])
def test_a_keyword_that_stands_for_a_trigger_is_one_new_module(tmp_path: Path, counters: dict[str, int],
                                                               h: Any) -> None:
    path = tmp_path / "undying.py"
    path.write_text(textwrap.dedent(UNDYING), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("toy_keyword_undying", path)
    assert spec is not None and spec.loader is not None
    toy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(toy)
    with using(current().with_keywords(toy.Undying())) as registry:
        assert registry.triggering["undying"].name == "undying" and "undying-false" in registry.declined
        trace = run_scenario(load_scenario(_undying_doc(counters)))
        # its names come from its one file (spanish, english), while it is registered
        named = tuple(Message("magic.kwname.undying").render(lang) for lang in ("es", "en"))
        assert named == (toy.Undying.spanish, toy.Undying.english)
        said = {lang: [s.render(lang) for s in trace.steps] for lang in ("es", "en")}
    board = trace.steps[-1].board["players"][1]
    returned = [o for o in board["battlefield"] if o["card"] == "Espectro"]
    triggered = [s for s in trace.steps if s.kind == "trigger" and "cr-en/702.93a" in s.citations]
    if counters:           # 603.4: its intervening "if" is false: it does not trigger, and the step says so
        assert not returned and not triggered
        assert any(s.message is not None and s.message.id == "magic.trigger.persist_not"
                   and "cr-en/702.93a" in s.citations for s in trace.steps)
    else:
        # its words on the stack: the keyword's trigger_text, its names in both languages from its one file
        ability = Message("magic.ability.keyword", keyword=Message("magic.kwname.undying"), source="Espectro")
        assert len(triggered) == 1 and ability in h.messages(triggered[0])
        step = trace.steps.index(triggered[0])
        assert all(f"{name} " in said[lang][step] for lang, name in zip(("es", "en"), named))
        assert returned and returned[0]["counters"] == {"+1/+1": 1}


RULES_MODULES = ("turn", "sba", "triggers", "replacement", "effects", "priority", "targets", "core", "layers",
                 "legal", "play")


def test_the_rules_modules_name_no_keyword() -> None:
    """The rules modules ask the registry (facts, restrictions, the keywords that stand for triggers, flagged
    damage): no keyword's id is a string in their code (a verb's or an effect's kind of the same name may be)."""
    import ast

    from judge.engine.rulesets.magic import verb
    names = {k.name for k in current()} - set(verb.current().by_name)
    root = Path(__file__).resolve().parents[2] / "judge" / "engine" / "rulesets" / "magic"
    named = []
    for module in RULES_MODULES:
        tree = ast.parse((root / f"{module}.py").read_text(encoding="utf-8"))
        docstrings = {id(n.body[0].value) for n in ast.walk(tree) if isinstance(
            n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body and isinstance(n.body[0], ast.Expr)}
        named += [(module, n.lineno, n.value) for n in ast.walk(tree) if isinstance(n, ast.Constant)
                  and isinstance(n.value, str) and id(n) not in docstrings
                  and (n.value in names or n.value.removesuffix("-false") in names)]
    assert named == []
