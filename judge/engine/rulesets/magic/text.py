"""One-line descriptions of the modelled effects and abilities (what the trace and the board show), as Messages
(issue 17: Spanish as it always was, English beside it): what every verb's text shares here (its templates in
messages_text.py), each verb's own in its class (verb.py `texts`, verbs/)."""
from __future__ import annotations

from typing import Any

from judge.engine.rulesets.magic.cards import CARD_TYPES
from judge.engine.rulesets.magic.qualities import said_where
from judge.engine.rulesets.magic.verb import current
from judge.engine.rulesets.magic.vocabulary import COUNT_SCOPES
from judge.engine.rulesets.magic.messages_text import COUNT_TEXT as _COUNT_PAIRS

from judge.engine.rulesets.magic.messages_text import GRAVEYARD_WHOSE, TARGET_KINDS, TO as _TO_PAIRS
from judge.messages import Message

TO = {s: es for s, (es, _) in _TO_PAIRS.items()}           # the Spanish words of each `to:` (messages_text.TO)
COUNT_TEXT = {c: es for c, (es, _) in _COUNT_PAIRS.items()}

PLURAL = {"creatures_you_control", "other_creatures_you_control", "all_creatures", "other_creatures",
          "opponents_creatures", "all_permanents", "permanents_you_control", "other_permanents_you_control",
          "everything", "creatures_with_minus_counters", "target_player_creatures", "opponents_permanents"}
_DUR = {"end_of_turn": Message("magic.fx.dur.end_of_turn"), "end_of_combat": Message("magic.fx.dur.end_of_combat")}
_AN_AMOUNT = Message("magic.fx.an_amount")


def keyword_said(k: str) -> "Message | str":
    """A keyword's name as a step says it («volar», "flying"): its id when no keyword has it."""
    from judge.engine.rulesets.magic import keyword
    return Message("magic.kwname." + k) if k in keyword.current().names else k      # modelled ones: spanish()


def search_said(wanted: str) -> "Message | str":
    """What a search looks for as a step says it (701.23a): a card type, «básica» or «tierra básica» written in
    Spanish is that name in the trace's language (byte for byte what the scenario wrote, in Spanish); anything else
    (a card or subtype name, an English word) stays as written."""
    spanish = {v.lower(): k for k, v in CARD_TYPES.items()}
    if wanted in spanish:
        return Message("magic.cardtype." + spanish[wanted])
    return Message("magic.search.basic_land") if wanted == "tierra básica" else \
        Message("magic.search.basic") if wanted == "básica" else wanted


def _affected(e: Any, form: str) -> Message:
    """Who an effect acts on, in one form: "to" («el objetivo»), "to_de" («del objetivo»), "to_a" («al
    objetivo»); English says the noun alone in all three (its template writes "of", "to")."""
    if e.to == "target":
        return Message(f"magic.{form}.target_n", n=e.target + 1) if e.target else Message(f"magic.{form}.target")
    said = Message(f"magic.{form}.{e.to}") if e.to in TO else \
        Message("magic.raw" if form == "to" else f"magic.{form}.raw", text=e.to)
    if getattr(e, "where", ()):
        return Message("magic.to.where", what=said, where=said_where(e.where))
    return said


def _to(e: Any) -> Message:
    return _affected(e, "to")


def _is(e: Any) -> Message:
    """«es» for one object, «son» for a group (“las otras criaturas son 1/1”)."""
    return Message("magic.fx.are") if e.to in PLURAL else Message("magic.fx.is")


def _de(e: Any) -> Message:
    """«de» + the affected: «del objetivo», «de cada oponente»."""
    return _affected(e, "to_de")


def _a(e: Any) -> Message:
    """«a» + the affected: «al objetivo», «a cada oponente»."""
    return _affected(e, "to_a")


def _trigger_text(t: Any) -> Message:
    when = Message(f"magic.fx.when.{t.when}") if t.when in ("attacks", "blocks", "enters", "dies") else t.when
    return Message("magic.fx.granted", when=when, effects=[describe_effect(x) for x in t.effects])


def describe_effect(e: Any) -> "Message | str":
    """An effect as the steps and the board say it: the verb's own line (its `texts`) and what every verb shares
    here (608.2c: a condition; 608.2h: an amount counted as it resolves; 107.3: X)."""
    text = _describe(e)
    if getattr(e, "per_counter", ""):
        text = Message("magic.fx.per_counter", text=text, counter=e.per_counter)
    if getattr(e, "count", ""):
        where = ""
        if getattr(e, "count_where", ()):
            where = Message("magic.fx.paren", text=said_where(e.count_where) if e.count in COUNT_SCOPES
                            else ", ".join(e.count_where))
        what = Message(f"magic.count.{e.count}") if e.count in COUNT_TEXT else e.count
        text = Message("magic.fx.count", text=text, times=f"{e.amount} " if e.amount > 1 else "", what=what,
                       where=where)
    if getattr(e, "by", ""):
        text = Message("magic.fx.by_target", text=text)
    if getattr(e, "if_spent", ()):
        text = Message("magic.fx.if_spent", text=text, colours=["{" + c + "}" for c in e.if_spent])
    if getattr(e, "types", ()) and e.to == "all_permanents":
        text = Message("magic.fx.types", text=text, types=[Message(f"magic.cardtype.{t}") if t in CARD_TYPES
                                                           else t for t in e.types])
    if getattr(e, "condition", ""):
        text = Message("magic.fx.condition", condition=condition_text(e), text=text)
    return Message("magic.fx.optional", text=text) if getattr(e, "optional", False) else text


def _describe(e: Any) -> "Message | str":
    """The verb's own text (verb.py: each verb says itself), before what every verb shares."""
    n: "str | Message" = "X" if e.x else _AN_AMOUNT if getattr(e, "count", "") else str(e.amount)
    dur = _DUR.get(e.duration, "")
    verb = current().get(e.kind)
    return verb.text(e, n, dur) if verb is not None else e.kind


def describe_target(spec: Any) -> Message:
    """A target spec (115.1) as the steps and questions say it: «criatura objetivo que controle un oponente»,
    "target creature an opponent controls" (magic.target.*, messages_text.py)."""
    if spec.zone == "graveyard":
        what = spec.kind if spec.kind in ("creature", "instant_or_sorcery") else "card"
        if spec.controller not in GRAVEYARD_WHOSE:
            raise KeyError(spec.controller)
        text = Message("magic.target.graveyard", what=Message(f"magic.target.gy_what.{what}"),
                       whose=Message(f"magic.target.gy_whose.{spec.controller}"))
    else:
        who: "Message | str" = Message(f"magic.target.who.{spec.controller}") if spec.controller in ("you",
                                                                                                  "opponent") \
            else "" if spec.controller == "any" else \
            Message("magic.target.who_player", player=spec.controller.removeprefix("player:"))
        quality = Message("magic.fx.paren", text=said_where(spec.where)) if spec.where else ""
        # «cualquier objetivo» already says «objetivo» (not «cualquier objetivo objetivo»)
        if spec.kind == "any":
            noun = Message("magic.target.any")
        elif spec.kind in TARGET_KINDS:
            noun = Message("magic.target.noun", name=Message(f"magic.target.kind.{spec.kind}"),
                           untapped=_UNTAPPED if spec.untapped else "")
        else:
            raise KeyError(spec.kind)
        text = Message("magic.target.spec", other=_OTHER if spec.other else "", noun=noun, quality=quality, who=who)
    if spec.optional:
        return Message("magic.target.up_to_one", text=text)
    return Message("magic.target.any_number", text=text) if spec.many else text


_UNTAPPED, _OTHER = Message("magic.target.untapped"), Message("magic.target.other")


def condition_text(e: Any) -> "Message | str":
    """608.2c: the condition an instruction of a resolution is done under (linked.CONDITIONS, or one about the
    game state: conditions.py), as text."""
    from judge.engine.rulesets.magic.conditions import EFFECT_KINDS, said
    if e.condition in EFFECT_KINDS:
        return said(e.condition, e.condition_n, e.condition_arg)
    if e.condition in ("did", "linked_creature", "linked_noncreature", "most_creatures", "not_most_creatures"):
        return Message(f"magic.fx.cond.{e.condition}")
    return e.condition
