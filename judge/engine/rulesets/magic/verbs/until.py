"""«exile_until: leaves»: "exile target creature an opponent controls until this permanent leaves the battlefield"
(610.3): the cards it exiles are remembered with the permanent (MagicState.exiled_until), and core.move returns
them to the battlefield under their owners' control right after that permanent leaves (610.3c). If the permanent
has already left when the instruction would exile them, nothing moves (610.3a for a spell or activated ability,
610.3b for a triggered one)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from judge.engine.rulesets.magic import core
from judge.engine.rulesets.magic.cards import Effect
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.text import _to
from judge.engine.rulesets.magic.verb import Resolution, Verb, register
from judge.engine.step import Event
from judge.messages import Message

if TYPE_CHECKING:
    from judge.engine.rulesets.magic.cardschema import CardReader

UNTIL = ("leaves",)                 # the events an exile may last until: its source leaving the battlefield


@register
class ExileUntil(Verb):
    name, label, order, rules = "exile_until", ("exiliar hasta que esta deje el campo de batalla",
                                                "exile until this leaves the battlefield"), 58, ("610.3", "406.1")
    keys = ("to", "target", "where")
    builder_arg = {"type": "choice", "required": True, "options": [       # UNTIL, picked from a list
        {"value": "leaves", "label": {"es": "esta deja el campo de batalla", "en": "this leaves the battlefield"}}]}
    # not in the spells' pool: a spell is never on the battlefield (the fuzzer gives it to creatures' enters
    # triggers, judge/runner/fuzz_magic.py)

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        until = reader.check.choice(p, arg, UNTIL)
        if until is None:
            return False
        kw["at"] = until
        return True

    texts = {
        '': ('exilia {to} hasta que esta carta deje el campo de batalla',
               'exile {to} until this card leaves the battlefield'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e))

    def resolve(self, r: Resolution) -> None:
        state, out = r.state, r.out
        source = state.objects.get(r.source)
        if source is None or source.zone != "battlefield":
            # 610.3a / 610.3b: the event it waits for has already happened: the object doesn't move
            core.emit(state, out, "resolution", r.controller, Message("magic.until.left_already", source=r.source_name,
                                                                          effect=self.text(r.e, "", "")),
                      [*r.base, *cr("610.3a", "610.3b")])
            r.ctx.objects = []
            return
        batch: list[Event] = []
        moved: list[str] = []
        for ref in r.subjects:
            o = state.objects.get(ref)
            if o is None or o.zone != "battlefield":
                continue
            new = core.move(state, out, o, "exile", cites=[*r.base, *cr("610.3")], batch=batch,
                            why=Message("magic.until.why", source=r.source_name, card=source.card, id=source.id))
            state.exiled_until = [*state.exiled_until, (source.id, new.id)]
            moved.append(new.id)
        core.observe_all(state, batch)
        r.ctx.objects = moved
