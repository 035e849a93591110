"""Issue 17: the texts of effects and abilities (magic/text.py, each verb's `texts`) are Messages, said in Spanish as
the traces always said them and in English without Spanish words (tools/spanish_words.txt, the list
tools/english_steps.py counts with)."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from judge.engine.rulesets.magic.cards import Effect, TargetSpec
from judge.engine.rulesets.magic.text import describe_effect, describe_target
from judge.engine.rulesets.magic.verb import current, text_template
from judge.messages import Message, template_fields

ROOT = Path(__file__).resolve().parents[2]
WORD = re.compile(r"[a-záéíóúñü]+", re.IGNORECASE)


def _spanish_words() -> frozenset[str]:
    lines = (ROOT / "tools" / "spanish_words.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(w.strip() for w in lines if w.strip() and not w.startswith("#"))


def _ids(m: object) -> set[str]:
    """Every message id inside a (nested) message."""
    if isinstance(m, Message):
        return {m.id}.union(*(_ids(v) for v in m.params.values()))
    if isinstance(m, (list, tuple)):
        return set().union(*(_ids(v) for v in m))
    return set()


@pytest.mark.parametrize("verb", [v.name for v in current()])
def test_a_verb_s_texts_name_the_same_parameters_in_both_languages(verb: str) -> None:
    v = current().get(verb)
    assert v is not None
    for key, (es, en) in v.texts.items():
        ident = f"magic.verbtext.{verb}.{key}" if key else f"magic.verbtext.{verb}"
        assert text_template(ident, 0) == es and text_template(ident, 1) == en
        assert template_fields(es) == template_fields(en), (ident, es, en)


def test_every_fuzzed_effect_says_itself_in_english_without_spanish_words() -> None:
    """What the fuzzer generates with each verb (its `fuzz`), read as a card's effect and described: every id it
    uses is in the catalog (none rendered as itself) and the English has no word of the Spanish list."""
    from judge.engine.rulesets.magic.cardschema import CardReader
    from judge.format.validate import Checker
    from judge.messages import template_of

    spanish = _spanish_words()
    rng = random.Random(17)
    seen: set[str] = set()
    for verb in current():
        if not verb.in_effects or verb.fuzz_rank is None:
            continue
        for slot in range(3):
            raw, _ = verb.fuzz(rng, 0)
            reader = CardReader(Checker(), {})
            effects = reader.effects("effects", [raw])
            if reader.check.errors or not effects:
                continue                    # a fuzz effect that needs a card around it (its targets, a token)
            said = describe_effect(effects[0])
            assert isinstance(said, Message), verb.name
            assert all(template_of(i, "en") is not None for i in _ids(said)), (verb.name, _ids(said))
            english = said.render("en")
            found = [w for w in WORD.findall(english.lower()) if w in spanish]
            assert not found, (verb.name, english, found)
            seen.add(verb.name)
    assert len(seen) >= 10, seen


def test_rendering_who_an_effect_acts_on_keeps_the_spanish_contractions() -> None:
    """«del objetivo», «al objetivo», «de cada oponente»: the three forms of `to` in Spanish, one noun in English."""
    removed = describe_effect(Effect("remove_counter", to="target"))
    assert removed.render("es") == "quita un contador del objetivo"
    assert removed.render("en") == "remove a counter from the target"
    damage = describe_effect(Effect("damage", amount=2, to="each_opponent"))
    assert damage.id == "magic.verbtext.damage" and damage.params["to"].id == "magic.to_a.each_opponent"
    assert (damage.render("es"), damage.render("en")) == ("2 de daño a cada oponente", "2 damage to each opponent")


def test_rendering_what_every_verb_shares_wraps_its_line() -> None:
    """608.2c (a condition), «puedes» (an optional instruction), 107.3 (X) and the duration: each a message of its
    own around the verb's line."""
    e = Effect("draw", x=True, to="controller", optional=True, condition="did")
    said = describe_effect(e)
    assert said.id == "magic.fx.optional" and said.params["text"].id == "magic.fx.condition"
    assert said.render("es") == "puedes: si lo hiciste, su controlador roba X carta(s)"
    assert said.render("en") == "you may: if you do, its controller draws X card(s)"
    pump = describe_effect(Effect("pump", power=2, toughness=2, to="target", duration="end_of_turn"))
    assert pump.render("en") == "the target gets +2/+2 until end of turn"


def test_rendering_a_target_spec_in_each_language_s_order() -> None:
    spec = TargetSpec("creature", controller="you", other=True, untapped=True)
    said = describe_target(spec)
    assert said.render("es") == "otra criatura enderezada objetivo que controles"
    assert said.render("en") == "another target untapped creature you control"
