"""Verbs that move or turn permanents and spells: destroy (701.8), exile (406.1), return to hand (400.7), sacrifice
(701.21), tap and untap (701.26), counter a spell (701.6), regenerate (701.19), return a card from a graveyard to
the battlefield, shuffle it into its owner's library (701.24), remove from combat (506.4)."""
from __future__ import annotations

import random
from typing import Any

from judge.engine.rulesets.magic import core, effects, keyword, layers
from judge.engine.rulesets.magic.cards import CARD_TYPES, Effect
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.state import ContinuousEffect
from judge.engine.rulesets.magic.text import _to, describe_effect
from judge.engine.rulesets.magic.verb import Acting, Resolution, register
from judge.engine.step import Event
from judge.messages import Message

ZONE_OF = {"destroy": "graveyard", "exile": "exile", "bounce": "hand", "sacrifice": "graveyard"}


class Removal(Acting):
    """destroy, exile, bounce, sacrifice: the permanents leave the battlefield together (608.2f)."""
    keys = ("to", "target", "where", "types")

    def resolve(self, r: Resolution) -> None:
        state, out, controller, source_name, e, subjects, base = (r.state, r.out, r.controller, r.source_name, r.e,
                                                                  r.subjects, r.base)
        k = e.kind
        batch: list[Event] = []                      # 608.2f: one action on several objects happens at once
        # Which of them are indestructible is decided for all before any moves: an Aura granting it that is
        # destroyed in the same event still protects its creature (the FAQ's Escudo del Alma suprema ruling 1).
        sturdy = {ref for ref in subjects if ref in state.objects and state.objects[ref].zone == "battlefield"
                  and core.has(state, state.objects[ref], keyword.current().not_destroyed)}
        # 603.10a / 113.7a: what each was just before the event, taken before any of them moves
        before = core.last_known_all(state, [state.objects[ref] for ref in subjects if ref in state.objects])
        moved: list[str] = []                        # linked for the next instructions (608.2c, 400.7)
        for ref in subjects:
            o = state.objects.get(ref)
            if o is None or o.zone != "battlefield":
                continue
            if e.to == "random_target":
                core.emit(state, out, "resolution", controller, Message("magic.removal.random_target", source=source_name,
                                                                          card=o.card, id=o.id),
                          [*base, *cr("608.2b")], about=[o])
            # 701.21a: only its controller sacrifices a permanent ("its controller sacrifices it": by its_controller)
            if k == "sacrifice" and layers.chars_of(state, o).controller != controller and e.by != "its_controller":
                core.emit(state, out, "resolution", controller, Message("magic.removal.not_controlled", player=controller,
                                                                          card=o.card, id=o.id),
                          [*base, *cr("701.21a")], about=[o])
                continue
            if k == "destroy" and ref in sturdy:
                core.emit(state, out, "resolution", controller,
                          Message("magic.removal.indestructible", card=o.card, id=o.id),
                          [*base, *cr("702.12b")], about=[o])
                continue
            if k == "destroy" and core.regenerated(state, out, o, base):
                continue
            if k == "destroy":
                r.memo["destroyed"] = r.memo.get("destroyed", 0) + 1
            # (a permanent returned to a hand was not in a library: 121.5's "not drawn" is not about it)
            moved.append(core.move(state, out, o, ZONE_OF[k], cites=[*base, *(cr("608.2f") if len(subjects) > 1
                                                                               else [])],
                                   why=Message("magic.why.effect", source=source_name, effect=describe_effect(e)),
                                   batch=batch, seen=before).id)
        core.observe_all(state, batch)
        r.ctx.objects = moved


@register
class Destroy(Removal):
    name, label, order, rules = "destroy", ("destruir", "destroy"), 1, ("701.8a",)
    group_by_types = True

    texts = {
        '': ('destruye {to}',
               'destroy {to}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e))

    def fuzz(self, rng: random.Random, slot: int) -> tuple[dict[str, Any], list[Any]]:
        return {"destroy": "target", "target": slot}, [rng.choice(("creature", "creature", "permanent"))]


@register
class Exile(Removal):
    name, label, order, rules = "exile", ("exiliar", "exile"), 2, ("406.1",)
    group_by_types = True
    fuzz_rank = 1

    texts = {
        '': ('exilia {to}',
               'exile {to}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e))


@register
class Bounce(Removal):
    name, label, order, rules = "bounce", ("devolver a la mano", "return to hand"), 3, ("400.7",)
    group_by_types = True
    fuzz_rank = 2

    texts = {
        '': ('devuelve {to} a la mano de su propietario',
               "return {to} to its owner's hand"),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e))


@register
class Sacrifice(Removal):
    name, label, order, rules = "sacrifice", ("sacrificar", "sacrifice"), 4, ("701.21a",)
    keys = ("to", "target", "where", "by", "types", "count", "count_where")

    texts = {
        '': ('sacrifica {to}',
               'sacrifice {to}'),
        'types': ('{to} sacrifica {n} {what:join=/}',
               '{to} sacrifices {n} {what:join=/}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        if e.types:                                   # a player sacrifices permanents of these types
            return self.say("types", to=_to(e), n=n, what=[Message(f"magic.cardtype.{t}") if t in CARD_TYPES
                                                          else t.lower() for t in e.types])
        return self.say(to=_to(e))

    def resolve(self, r: Resolution) -> None:
        if r.subjects and all(r.state.has_player(ref) for ref in r.subjects):
            for ref in r.subjects:
                effects.player_sacrifices(r.state, r.out, ref, r.n, r.e.types, r.source_name, r.base)
            return
        super().resolve(r)


class Turning(Acting):
    """tap and untap (701.26): only a permanent not already so changes, and its change is an event (603.2)."""

    def resolve(self, r: Resolution) -> None:
        k = r.e.kind
        for ref in r.subjects:
            o = r.state.objects.get(ref)
            if o is not None and o.tapped != (k == "tap"):
                o.tapped = k == "tap"
                ev = Event(k, {"object": o.id})
                core.emit(r.state, r.out, "resolution", r.controller, Message(
                    "magic.removal.taps" if k == "tap" else "magic.removal.untaps", source=r.source_name, card=o.card,
                    id=o.id), r.base, [ev], [o])
                core.observe(r.state, ev)


@register
class Tap(Turning):
    name, label, order, rules = "tap", ("girar", "tap"), 5, ("701.26a",)
    fuzz_rank = 3

    texts = {
        '': ('gira {to}',
               'tap {to}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e))


@register
class Untap(Turning):
    name, label, order, rules = "untap", ("enderezar", "untap"), 6, ("701.26b",)

    texts = {
        '': ('endereza {to}',
               'untap {to}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e))


@register
class CounterSpell(Acting):
    name, label, order, rules = "counter_spell", ("contrarrestar", "counter a spell"), 24, ("701.6a",)
    fuzz_rank = 4

    texts = {
        '': ('contrarresta {to}',
               'counter {to}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e))

    def resolve(self, r: Resolution) -> None:
        state, out, controller, source_name, base = r.state, r.out, r.controller, r.source_name, r.base
        for ref in r.subjects:
            item = next((i for i in state.stack if i.id == ref), None)
            if item is None:
                continue
            why = effects.cant_be_countered(state, item)
            if why:
                # 101.2: "can't" wins; the counterspell still resolves and does the rest of what it says.
                core.emit(state, out, "resolution", controller, Message("magic.removal.not_countered", source=source_name,
                                                                          item=item.text, why=why),
                          [*base, *cr("101.2")])
                continue
            state.stack.remove(item)
            if item.obj is not None:
                core.move(state, out, item.obj, "graveyard", cites=base, why=Message("magic.removal.why_countered",
                                                                                     source=source_name))
            else:
                core.emit(state, out, "resolution", controller, Message("magic.removal.counters", source=source_name,
                                                                          item=item.text), base)

    def fuzz(self, rng: random.Random, slot: int) -> tuple[dict[str, Any], list[Any]]:
        return {"counter_spell": "target", "target": slot}, ["spell"]


@register
class RemoveFromCombat(Acting):
    name, label, order, rules = "remove_from_combat", ("quitar del combate", "remove from combat"), 26, ("506.4",)

    texts = {
        '': ('quita {to} del combate',
               'remove {to} from combat'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e))

    def resolve(self, r: Resolution) -> None:
        for ref in r.subjects:
            o = r.state.objects.get(ref)
            if o is not None and (o.attacking or o.blocking):
                o.attacking, o.blocking = None, ()
                r.state.touch()
                core.emit(r.state, r.out, "resolution", r.controller, Message("magic.removal.from_combat",
                                                                                source=r.source_name, card=o.card,
                                                                                id=o.id), r.base,
                          [Event("combat", {"object": o.id, "removed": True})], [o])


@register
class Regenerate(Acting):
    name, label, order, rules = "regenerate", ("regenerar", "regenerate"), 33, ("701.19a",)

    texts = {
        '': ('regenera {to}',
               'regenerate {to}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e))

    def resolve(self, r: Resolution) -> None:
        state = r.state
        for ref in r.subjects:
            o = state.objects.get(ref)
            if o is None or o.zone != "battlefield":
                continue
            ce = ContinuousEffect(effect=r.e, source=r.source, source_name=r.source_name, controller=r.controller,
                                  timestamp=state.tick(), affected=(o.id,), duration="end_of_turn", remaining=1)
            state.set_effects(state.effects + [ce])
            core.emit(state, r.out, "resolution", r.controller, Message("magic.removal.shield", source=r.source_name,
                                                                              card=o.card, id=o.id),
                      r.base, [Event("effect", {"kind": r.e.kind, "affected": [o.id]})], [o])


@register
class ReturnToBattlefield(Acting):
    name, label, order, rules = "return_to_battlefield", ("regresar al campo de batalla",
                                                          "return to the battlefield"), 34, ("400.7",)

    texts = {
        '': ('regresa {to} al campo de batalla',
               'return {to} to the battlefield'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e))

    def resolve(self, r: Resolution) -> None:
        for ref in r.subjects:
            o = r.state.objects.get(ref)
            if o is not None and o.zone == "graveyard":
                r.ctx.objects = [core.move(r.state, r.out, o, "battlefield", cites=r.base, why=Message(
                    "magic.why.returns_to_battlefield", source=r.source_name), controller=r.controller,
                                           actor=r.controller).id]


@register
class ShuffleIntoLibrary(Acting):
    name, label, order, rules = "shuffle_into_library", ("barajar en la biblioteca", "shuffle into the library"), \
        35, ("400.7", "701.24a")

    texts = {
        '': ('baraja {to} en la biblioteca de su propietario',
               "shuffle {to} into its owner's library"),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e))

    def resolve(self, r: Resolution) -> None:
        state, out = r.state, r.out
        for ref in r.subjects:
            o = state.objects.get(ref)
            if o is None or o.zone != "graveyard":
                continue
            owner = o.owner
            core.move(state, out, o, "library", cites=r.base, why=Message("magic.why.into_library", source=r.source_name),
                      actor=r.controller)
            lib = state.player(owner).zones["library"]
            state.rng.shuffle(lib)
            state.touch()
            core.emit(state, out, "resolution", owner, Message("magic.search.shuffle", player=owner),
                      [*r.base, *cr("701.24a")],
                      [Event("shuffle", {"player": owner, "zone": "library", "cards": len(lib)})])

