"""Verbs that act on players or deal damage: damage (120.3), draw (121.1), gain and lose life (119.3), mill
(701.17), discard (701.9), add mana (106.4), search a library (701.23), pay mana (608.2g), choose a colour (105.4),
pay life in rounds (119.4)."""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from judge.engine.rulesets.magic import core, effects, linked
from judge.engine.rulesets.magic.cards import Effect
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.mana import ManaError, parse_mana
from judge.engine.rulesets.magic.text import _a, _to, search_said
from judge.engine.rulesets.magic.verb import COUNTED, DEFAULT_KEYS, Acting, Amount, Resolution, Verb, register
from judge.engine.step import Event
from judge.messages import Message
from judge.format.validate import join

if TYPE_CHECKING:
    from judge.engine.rulesets.magic.cardschema import CardReader


def players(r: Resolution) -> list[str]:
    return [ref for ref in r.subjects if r.state.has_player(ref)]


@register
class Damage(Amount):
    name, label, order, rules = "damage", ("hacer daño", "deal damage"), 0, ("120.3",)
    keys = (*COUNTED, "by", "divided")
    by_choices = ("target",)

    texts = {
        '': ('{n} de daño {to}',
               '{n} damage to {to}'),
        'an_amount': ('una cantidad',
               'an amount of'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        # «una cantidad de daño», not «… de de daño»
        return self.say(n=self.say("an_amount") if isinstance(n, Message) else n, to=_a(e))

    def resolve(self, r: Resolution) -> None:
        e, targets = r.e, r.targets
        dealer = r.source
        if e.by == "target":          # "that creature deals damage": the target is the source (608.2h)
            dealer = targets[e.target] if e.target < len(targets) and targets[e.target] else ""
            if not dealer:
                return
        gains: dict[str, int] | None = {} if len(r.subjects) > 1 else None   # dealt at once: one lifelink gain
        for ref in r.subjects:
            if e.divided:                                # 601.2d: each target gets what was announced for it
                core.deal_damage(r.state, r.out, dealer, ref, r.memo.get(f"divide:{ref}", 0), combat=False,
                                 cites=[*r.base, *cr("601.2d")], lifelink=gains)
                continue
            core.deal_damage(r.state, r.out, dealer, ref, r.n, combat=False, cites=r.base, lifelink=gains)
        if gains:
            core.lifelink_gains(r.state, r.out, gains, combat=False, several=True)     # 119.9, 702.15b

    def fuzz(self, rng: random.Random, slot: int) -> tuple[dict[str, Any], list[Any]]:
        spec = rng.choice(("any", "any", "creature", "player"))
        if rng.random() < 0.15:
            return {"damage": rng.randint(1, 3), "to": "each_opponent"}, []
        return {"damage": rng.randint(1, 5), "to": "target", "target": slot}, [spec]


@register
class Draw(Amount):
    name, label, order, rules = "draw", ("robar", "draw"), 7, ("121.1",)
    keys = ("to", "target", "where", "count", "per_counter")
    default_to = "controller"

    texts = {
        '': ('{to} roba {n} carta(s)',
               '{to} draws {n} card(s)'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e), n=n)

    def resolve(self, r: Resolution) -> None:
        base = r.base
        if len(r.subjects) > 1:
            base = [*base, *cr("121.2c")]        # the active player draws first, then the others in turn order
        for ref in players(r):
            core.draw(r.state, r.out, ref, r.n, r.source_name, base, r.applied)

    def fuzz(self, rng: random.Random, slot: int) -> tuple[dict[str, Any], list[Any]]:
        return {"draw": rng.randint(1, 2)}, []


@register
class GainLife(Amount):
    name, label, order, rules = "gain_life", ("ganar vidas", "gain life"), 8, ("119.3",)
    default_to = "controller"

    texts = {
        '': ('{to} gana {n} {n:plural=vida|vidas}',
               '{to} gains {n} life'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e), n=n)

    def resolve(self, r: Resolution) -> None:
        for ref in players(r):
            core.gain_life(r.state, r.out, ref, r.n, r.source_name, r.base, r.source)

    def fuzz(self, rng: random.Random, slot: int) -> tuple[dict[str, Any], list[Any]]:
        if rng.random() < 0.3:
            return {"gain_life": rng.randint(1, 4), "to": "target", "target": slot}, ["player"]
        return {"gain_life": rng.randint(1, 4)}, []


@register
class LoseLife(Amount):
    name, label, order, rules = "lose_life", ("perder vidas", "lose life"), 9, ("119.3",)
    default_to = "controller"
    fuzz_rank = 6

    texts = {
        '': ('{to} pierde {n} {n:plural=vida|vidas}',
               '{to} loses {n} life'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e), n=n)

    def resolve(self, r: Resolution) -> None:
        e = r.e
        for ref in players(r):
            lost = effects.amount_of(r.state, e, r.x, r.source, r.targets, r.memo, ref) * r.times if e.count \
                else r.n
            core.lose_life(r.state, r.out, ref, lost, r.source_name, r.base)

    def fuzz(self, rng: random.Random, slot: int) -> tuple[dict[str, Any], list[Any]]:
        return {"lose_life": rng.randint(1, 3), "to": "each_opponent"}, []


@register
class Mill(Amount):
    name, label, order, rules = "mill", ("poner en el cementerio desde la biblioteca", "mill"), 25, ("701.17a",)
    keys = DEFAULT_KEYS
    default_to = "controller"
    fuzz_rank = 9

    texts = {
        '': ('{to} pone las {n} primeras cartas de su biblioteca en su cementerio',
               '{to} puts the top {n} cards of their library into their graveyard'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e), n=n)

    def resolve(self, r: Resolution) -> None:
        n = r.n
        for ref in players(r):
            lib = r.state.player(ref).zones["library"]
            short = cr("701.17b", "609.3") if len(lib) < n else []
            for o in list(lib[:n]):
                core.move(r.state, r.out, o, "graveyard", cites=[*r.base, *short], why=Message(
                    "magic.why.mill_short" if short else "magic.why.mill", source=r.source_name, n=len(lib)))

    def fuzz(self, rng: random.Random, slot: int) -> tuple[dict[str, Any], list[Any]]:
        return {"mill": rng.randint(1, 3), "to": "each_opponent"}, []


@register
class Discard(Acting):
    name, label, order, rules = "discard", ("descartar una carta", "discard a card"), 29, ("701.9a", "701.9b")
    keys = ("to", "target", "where", "random", "condition")

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        got = super().parse(reader, path, p, arg, m, kw, scopes)
        if got is not False:
            kw["amount"] = 1             # one card, of the player's choice (701.9b)
        return got

    texts = {
        '': ('{to} descarta {n} carta(s)',
               '{to} discards {n} card(s)'),
        'random': ('{to} descarta {n} carta(s) al azar',
               '{to} discards {n} card(s) at random'),
        'hand': ('{to} descarta su mano',
               '{to} discards their hand'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say("hand" if e.amount < 0 else "random" if e.random else "", to=_to(e), n=n)

    def resolve(self, r: Resolution) -> None:
        for ref in players(r):
            effects.discard(r.state, r.out, ref, r.source_name, r.base, by=r.controller, n=r.n, random=r.e.random,
                            ctx=r.ctx)


@register
class AddMana(Verb):
    name, label, order, rules = "add_mana", ("añadir maná", "add mana"), 23, ("106.4",)
    keys = ("to", "spend_only")
    default_to = "controller"
    untargeted = True
    builder_arg = {"type": "text", "example": "{G}"}
    own_scopes = ("chosen_player",)
    foreign_scope_error = ("«add_mana» va a «controller» o a «chosen_player» (un jugador que se elige), y solo "
                           "«add_mana» usa «chosen_player»")

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        c = reader.check
        s = c.string(p, arg)
        try:
            # "any": one mana of any colour, chosen as it resolves; "land_types": one mana of a type a land you
            # control could make (106.7)
            if s not in ("any", "land_types"):
                parse_mana(s or "")
        except ManaError as exc:
            c.error(p, str(exc))
            return False
        kw["mana"] = s
        if "spend_only" in m:
            kw["spend_only"] = c.choice(join(path, "spend_only"), m["spend_only"], ("x_costs",)) or ""
        return True

    def check_to(self, reader: "CardReader", path: str, to: str) -> bool:
        if to not in ("controller", "chosen_player"):
            reader.check.error(join(path, "to"), self.foreign_scope_error)
            return False
        return True

    texts = {
        '': ('agrega {what}{only}',
               'add {what}{only}'),
        'chosen': ('un jugador elegido agrega {what}{only}',
               'a chosen player adds {what}{only}'),
        'any': ('un maná de cualquier color',
               'one mana of any colour'),
        'land_types': ('un maná de un tipo que pudiera producir una tierra que controlas',
               'one mana of any type that a land you control could produce'),
        'only': (' (solo para costes con {{X}})',
               ' (only for costs with {{X}})'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        what = self.say(e.mana) if e.mana in ("any", "land_types") else e.mana     # else the mana symbols
        return self.say("chosen" if e.to == "chosen_player" else "", what=what,
                        only=self.say("only") if e.spend_only else "")

    def resolve(self, r: Resolution) -> None:
        from judge.engine.rulesets.magic.mana import pool_text
        state, controller, e = r.state, r.controller, r.e
        pool = state.mplayer(controller).pool
        for c, amount in parse_mana(e.mana if e.mana != "any" else "{" + effects.any_color(
                state, r.out, controller, r.source_name) + "}").items():
            pool[c] = pool.get(c, 0) + amount
        core.emit(state, r.out, "resolution", controller, Message("magic.players.adds_mana", player=controller,
                                                                      mana=e.mana, pool=pool_text(pool)), r.base,
                  [Event("mana", {"player": controller, "added": e.mana})])


@register
class Search(Verb):
    name, label, order, rules = "search", ("buscar en la biblioteca", "search the library"), 21, ("701.23a",
                                                                                                  "701.23b")
    keys = ("dest",)
    default_to = "controller"
    untargeted = True
    builder_arg = {"type": "text", "example": "tierra básica"}
    dests = ("hand", "battlefield")
    fuzz_rank = 8

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        s = reader.check.string(p, arg)
        if s is None:
            return False
        kw["search"] = s
        kw["dest"] = reader.check.choice(join(path, "dest"), m.get("dest", "hand"), self.dests) or "hand"
        return True

    texts = {
        '': ('busca en tu biblioteca una carta «{name}», ponla en {dest} y baraja',
               'search your library for a card «{name}», put it into {dest} and shuffle'),
        'hand': ('busca en tu biblioteca una carta «{name}», ponla en la mano y baraja',
               'search your library for a card «{name}», put it into your hand and shuffle'),
        'battlefield': ('busca en tu biblioteca una carta «{name}», ponla en el campo de batalla y baraja',
               'search your library for a card «{name}», put it onto the battlefield and shuffle'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(e.dest if e.dest in ("hand", "battlefield") else "", name=search_said(e.search), dest=e.dest)

    def resolve(self, r: Resolution) -> None:
        effects.search(r.state, r.out, r.controller, r.e, r.source_name, r.base)

    def fuzz(self, rng: random.Random, slot: int) -> tuple[dict[str, Any], list[Any]]:
        return {"search": rng.choice(("tierra básica", "creature", "Bosque")),
                "dest": rng.choice(("hand", "battlefield"))}, []


@register
class Pay(Verb):
    name, label, order, rules = "pay", ("pagar maná", "pay mana"), 52, ("608.2g",)
    keys = ()
    builder_arg = {"type": "text", "example": "{1}"}

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        cost = reader.cost(p, arg)
        if not cost:
            reader.check.error(p, Message("magic.verb.expected_cost"))
            return False
        kw["cost"] = cost
        return True

    texts = {
        '': ('paga {cost}',
               'pay {cost}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        from judge.engine.rulesets.magic.mana import cost_text
        return self.say(cost=cost_text(e.cost))

    def resolve(self, r: Resolution) -> None:
        linked.pay(r.state, r.out, r.controller, r.e, r.source_name, r.ctx, r.base)


@register
class ChooseColor(Verb):
    name, label, order, rules = "choose_color", ("elegir un color", "choose a colour"), 51, ("105.4",)
    keys = ()

    texts = {
        '': ('elige un color',
               'choose a colour'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say()

    def resolve(self, r: Resolution) -> None:
        r.ctx.color = effects.choose_colors(r.state, r.out, r.controller, r.source_name, 1, 1)[0]


@register
class PayLifeRounds(Verb):
    name, label, order, rules = "pay_life_rounds", ("pagar vidas por turnos", "pay life in rounds"), 53, ("119.4",)
    keys = ()

    texts = {
        '': ('empezando por ti, cada jugador puede pagar vidas, hasta que nadie pague',
               'starting with you, each player may pay life, until no one pays'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say()

    def resolve(self, r: Resolution) -> None:
        linked.pay_life_rounds(r.state, r.out, r.controller, r.source_name, r.ctx, r.base)

