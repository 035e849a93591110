"""Verbs of counters, tokens, Auras and later abilities: put counters (122.1), remove one (122.1), move one (122.5),
create tokens (111.1), attach an Aura (701.3), create a delayed triggered ability (603.7)."""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from judge.engine.rulesets.magic import core, effects, linked
from judge.engine.rulesets.magic.cards import Effect
from judge.engine.rulesets.magic.text import _de, _describe, _to
from judge.engine.rulesets.magic.verb import Acting, Resolution, Verb, register
from judge.engine.rulesets.magic.vocabulary import DELAYED_AT
from judge.format.validate import join
from judge.messages import Message

if TYPE_CHECKING:
    from judge.engine.rulesets.magic.cardschema import CardReader


@register
class Counters(Verb):
    name, label, order, rules = "counters", ("poner contadores", "put counters"), 10, ("122.1",)
    keys = ("to", "target", "per_counter", "where")
    builder_arg = {"type": "counters", "kinds": ["+1/+1", "-1/-1"]}

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        c = reader.check
        cm = c.mapping(p, arg, allowed=("+1/+1", "-1/-1"))
        if cm is None or len(cm) != 1:
            if cm is not None:
                c.error(p, Message("magic.verb.expected_counter"))
            return False
        kind, n = next(iter(cm.items()))
        n = c.integer(join(p, kind), n, minimum=1, maximum=999)
        if n is None:
            return False
        kw.update(counter=kind, amount=n)
        return True

    texts = {
        '': ('pon {n} contador(es) {counter} sobre {to}',
               'put {n} {counter} counter(s) on {to}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(n=n, counter=e.counter, to=_to(e))

    def resolve(self, r: Resolution) -> None:
        for ref in r.subjects:
            o = r.state.objects.get(ref)
            if o is not None:
                core.put_counters(r.state, r.out, o, r.e.counter, r.n, r.source_name, r.base)

    def fuzz(self, rng: random.Random, slot: int) -> tuple[dict[str, Any], list[Any]]:
        counter = rng.choice(("+1/+1", "+1/+1", "-1/-1"))
        return {"counters": {counter: rng.randint(1, 2)}, "to": "target", "target": slot}, ["creature"]


@register
class RemoveCounter(Acting):
    name, label, order, rules = "remove_counter", ("quitar un contador", "remove a counter"), 30, ("122.1",)
    keys = ("to", "target", "counter", "amount", "where")

    def finish(self, reader: "CardReader", path: str, m: Mapping[str, Any], kw: dict[str, Any]) -> None:
        c = reader.check
        if "counter" in m:
            kw["counter"] = c.choice(join(path, "counter"), m["counter"], ("+1/+1", "-1/-1")) or ""
            amount = m.get("amount", 1)
            kw["amount"] = -1 if amount == "all" else (c.integer(join(path, "amount"), amount, minimum=1,
                                                                  maximum=99) or 1)
        elif "amount" in m:
            c.error(join(path, "amount"), Message("magic.verb.amount_with_counter"))

    texts = {
        '': ('quita un contador {of}',
               'remove a counter from {of}'),
        'kind': ('quita {n} contador(es) {counter} {of}',
               'remove {n} {counter} counter(s) from {of}'),
        'all': ('quita todos los contador(es) {counter} {of}',
               'remove all {counter} counters from {of}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        if e.counter:
            if e.amount < 0:
                return self.say("all", counter=e.counter, of=_de(e))
            return self.say("kind", n=e.amount or 1, counter=e.counter, of=_de(e))
        return self.say(of=_de(e))

    def resolve(self, r: Resolution) -> None:
        for ref in r.subjects:
            o = r.state.objects.get(ref)
            if o is not None and o.zone == "battlefield":
                effects.remove_counter(r.state, r.out, r.controller, o, r.source_name, r.base, r.e)


class Slot(Verb):
    """A verb whose argument is a target slot (0–4): the object copied, the one a counter moves to."""
    keys = ("to", "target", "duration", "where")

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        n = reader.check.integer(p, arg, minimum=0, maximum=4)
        if n is None:
            return False
        kw["of"] = n
        return True


@register
class MoveCounter(Slot):
    name, label, order, rules = "move_counter", ("mover un contador", "move a counter"), 31, ("122.5",)
    keys = ("target",)
    untargeted = True
    builder_arg = {"type": "int", "min": 0, "max": 4, "default": 1}

    texts = {
        '': ('mueve un contador del objetivo {a} al objetivo {b}',
               'move a counter from target {a} onto target {b}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(a=e.target + 1, b=e.of + 1)

    def resolve(self, r: Resolution) -> None:
        effects.move_counter(r.state, r.out, r.controller, r.targets, r.e, r.source_name, r.base)


@register
class CreateToken(Verb):
    name, label, order, rules = "create_token", ("crear fichas", "create tokens"), 20, ("111.1",)
    keys = ("amount", "to", "target", "count")
    default_to = "controller"
    untargeted = True
    builder_arg = {"type": "json", "example": {"name": "Soldado", "types": ["creature"], "power": 1, "toughness": 1}}

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        c = reader.check
        tm = arg if isinstance(arg, Mapping) else None
        if tm is None or "name" not in tm:
            c.error(p, Message("magic.verb.expected_token"))
            return False
        tname = c.string(join(p, "name"), tm["name"])
        token = reader.card_def(p, tname or "Ficha", {k: v for k, v in tm.items() if k != "name"}, token=True)
        if token is None:
            return False
        kw["token"] = token
        kw["amount"] = c.integer(join(path, "amount"), m.get("amount", 1), minimum=1, maximum=50) or 1
        return True

    def check_to(self, reader: "CardReader", path: str, to: str) -> bool:
        if to not in ("controller", "target_controller", "each_player"):
            reader.check.error(join(path, "to"), Message("magic.verb.token_to"))
            return False
        return True

    texts = {
        '': ('crea {n} ficha(s) {name} {power}/{toughness}',
               'create {n} {power}/{toughness} {name} token(s)'),
        'counted': ('crea fichas {name} {power}/{toughness}',
               'create {power}/{toughness} {name} tokens'),
        'one': ('crea una ficha',
               'create a token'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        t = e.token
        if t and getattr(e, "count", ""):
            return self.say("counted", name=t.name, power=t.power, toughness=t.toughness)
        return self.say(n=n, name=t.name, power=t.power, toughness=t.toughness) if t else self.say("one")

    def resolve(self, r: Resolution) -> None:
        # "its controller puts X tokens": `to: target_controller`; a counted amount may be 0 (no token).
        # "each player puts a token for each life they paid": `to: each_player`, the count read per player.
        state, e = r.state, r.e
        makers = r.subjects if e.to in ("target_controller", "each_player") else [r.controller]
        before = set(state.objects)
        for maker in makers:
            count = effects.amount_of(state, e, r.x, r.source, r.targets, r.memo, maker, r.ctx) * r.times \
                if e.count else max(r.n, 1)
            for _ in range(count):
                effects.create_token(state, r.out, maker, e.token, r.source_name, r.base)
        r.ctx.objects = [ref for ref in state.objects if ref not in before]


@register
class Attach(Acting):
    name, label, order, rules = "attach", ("anexar esta Aura", "attach this Aura"), 39, ("701.3a",)

    texts = {
        '': ('anexa esta Aura a {to}',
               'attach this Aura to {to}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e))

    def resolve(self, r: Resolution) -> None:
        for ref in r.subjects:
            effects.attach(r.state, r.out, r.controller, r.source, r.source_name, ref, r.base)


@register
class Delayed(Verb):
    name, label, order, rules = "delayed", ("más tarde (habilidad retrasada)", "later (delayed trigger)"), 32, \
        ("603.7", "603.7a")
    keys = ()
    untargeted = True
    builder_arg = {"type": "json", "example": {"at": "end_of_combat", "effects": [{"counters": {"-1/-1": 1},
                                                                                   "to": "self"}]}}

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        c = reader.check
        dm = c.mapping(p, arg, allowed=("at", "effects"), required=("at", "effects"))
        if dm is None or "at" not in dm or "effects" not in dm:
            return False
        kw["at"] = c.choice(join(p, "at"), dm["at"], DELAYED_AT) or ""
        kw["then"] = reader.effects(join(p, "effects"), dm["effects"], scopes)
        return bool(kw["at"] and kw["then"])

    texts = {
        '': ('{when}: {then:join=; }',
               '{when}: {then:join=; }'),
        'end_of_combat': ('al final del combate',
               'at end of combat'),
        'end_step': ('al comienzo del próximo paso final',
               'at the beginning of the next end step'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        when = self.say(e.at) if e.at in ("end_of_combat", "end_step") else e.at
        return self.say(when=when, then=[_describe(x) for x in e.then])

    def resolve(self, r: Resolution) -> None:
        linked.create_delayed(r.state, r.out, r.controller, r.source, r.source_name, r.e, r.ctx, r.base)
