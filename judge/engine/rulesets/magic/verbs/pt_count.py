"""Power and toughness defined by the card itself (604.3, 613.4a): "[this creature]'s power and toughness are each
equal to the number of Forests you control" is a characteristic-defining ability, applied in layer 7a, before any
effect that sets (7b) or modifies (7c) them, and in every zone (604.3: a card in a graveyard or a hand has it too;
layers.printed). Written `static: [{define_pt: [count, count], count: permanents_you_control, count_where:
[subtype:Bosque]}]` (either may be a number: `[count, 3]`); the count is the shared filter's (filters.count).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from judge.engine.rulesets.magic.cards import Effect
from judge.engine.rulesets.magic.verb import register
from judge.engine.rulesets.magic.verbs.lasting import PowerToughness
from judge.engine.rulesets.magic.vocabulary import STATIC_SCOPES
from judge.format.validate import join
from judge.messages import Message

if TYPE_CHECKING:
    from judge.engine.rulesets.magic.cardschema import CardReader
    from judge.engine.rulesets.magic.layers import Chars


@register
class DefinePT(PowerToughness):
    name, label, order, rules, layer = "define_pt", ("F/R definidas por la carta", "P/T defined by the card"), \
        12.5, ("604.3", "613.4a"), 7.1
    keys = ("to", "count", "count_where")
    default_to = "self"
    builder_arg = {"type": "pt", "default": [1, 1]}

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        # 604.3a: a characteristic-defining ability is a static ability printed on the object it defines.
        if scopes is not STATIC_SCOPES:
            reader.check.error(p, Message("magic.verb.define_pt_static"))
            return False
        return super().parse(reader, path, p, arg, m, kw, scopes)

    def check_to(self, reader: "CardReader", path: str, to: str) -> bool:
        if to != "self":
            reader.check.error(join(path, "to"), Message("magic.verb.define_pt_self"))
            return False
        return True

    texts = {
        '': ('su fuerza y resistencia son {pw}/{th}',
               'its power and toughness are {pw}/{th}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        pw, th = self.pt(e)
        return self.say(pw=pw, th=th)

    def apply(self, e: Effect, c: "Chars", controller: str) -> None:
        c.power, c.toughness = e.power, e.toughness
