"""Verbs of libraries, graveyards and linked cards, carried out by zonefx.py: look at the top cards (401.4), reveal
(701.20) or exile them, put linked cards into a zone (608.2c), exile the cards with a spell's name, keep part of a
hand (701.24), reorder a graveyard (404.2), move Auras (701.3), create a token copy (707.2), empty the mana pools
(106.4), play a linked card this turn (601.2a), exchange control (701.12), cast a card free (608.2g)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from judge.engine.rulesets.magic import zonefx
from judge.engine.rulesets.magic.cards import Effect
from judge.engine.rulesets.magic.text import _de, _to
from judge.engine.rulesets.magic.verb import Amount, Resolution, Verb, register
from judge.format.validate import join
from judge.messages import Message

if TYPE_CHECKING:
    from judge.engine.rulesets.magic.cardschema import CardReader


class Zones(Verb):
    def resolve(self, r: Resolution) -> None:
        zonefx.run(r.state, r.out, r.controller, r.source, r.source_name, r.e, r.subjects, r.n, r.base, r.ctx,
                   r.targets)


class TopCards(Zones):
    """reveal_top, exile_top, keep_hand: a number of cards (at least 1)."""
    keys = ("to", "target", "condition")
    default_to = "controller"
    builder_arg = {"type": "int", "min": 1, "max": 999, "default": 1}

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        kw["amount"] = reader.check.integer(p, arg, minimum=1, maximum=999) or 1
        return True


@register
class LookTop(Amount, Zones):
    name, label, order, rules = "look_top", ("mirar las primeras cartas", "look at the top cards"), 41, \
        ("608.2c", "401.4")
    keys = ("keep", "condition")
    default_to = "controller"

    texts = {
        '': ('mira las primeras {n} cartas de tu biblioteca, pon {keep} en tu mano y el resto en el fondo',
               'look at the top {n} cards of your library, put {keep} into your hand and the rest on the bottom'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(n=n, keep=e.keep)


@register
class RevealTop(TopCards):
    name, label, order, rules = "reveal_top", ("mostrar las primeras cartas", "reveal the top cards"), 42, \
        ("701.20a", "701.20b")

    texts = {
        '': ('{to} muestra las {n} primeras cartas de su biblioteca',
               '{to} reveals the top {n} cards of their library'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e), n=n)


@register
class ExileTop(TopCards):
    name, label, order, rules = "exile_top", ("exiliar las primeras cartas", "exile the top cards"), 43, \
        ("701.13a", "406.1")
    builder_arg = {"type": "int", "min": 0, "max": 999, "default": 1, "allow_x": True}

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        if arg == "X":
            kw["x"] = True
            return True
        return super().parse(reader, path, p, arg, m, kw, scopes)

    texts = {
        '': ('{to} exilia las {n} primeras cartas de su biblioteca',
               '{to} exiles the top {n} cards of their library'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e), n=n)


@register
class KeepHand(TopCards):
    name, label, order, rules = "keep_hand", ("conservar cartas y barajar el resto", "keep cards and shuffle the rest"), \
        46, ("701.24a",)
    keys = ("to", "target")
    builder_arg = {"type": "int", "min": 1, "max": 999, "default": 7}

    texts = {
        '': ('{to} conserva hasta {n} cartas de su mano y baraja el resto en su biblioteca',
               '{to} keeps up to {n} cards of their hand and shuffles the rest into their library'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e), n=n)


@register
class Put(Zones):
    name, label, order, rules = "put", ("poner esas cartas en una zona", "put those cards into a zone"), 44, \
        ("608.2c",)
    keys = ("to", "dest", "condition")
    default_to = "linked"
    dests = ("hand", "battlefield", "graveyard", "library_bottom", "exile")
    own_scopes = ("graveyard_random", "graveyard_named_self", "source_card")
    foreign_scope_error = "«graveyard_random», «graveyard_named_self» y «source_card» eligen cartas para «put»"

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        if not super().parse(reader, path, p, arg, m, kw, scopes):
            return False
        kw["dest"] = reader.check.choice(join(path, "dest"), m.get("dest", "hand"), self.dests) or "hand"
        return True

    def check_to(self, reader: "CardReader", path: str, to: str) -> bool:
        if to not in ("linked", "graveyard_random", "graveyard_named_self", "targets", "source_card"):
            reader.check.error(join(path, "to"), Message("magic.verb.put_to"))
            return False
        return True

    texts = {
        '': ('pon {to} en {dest}',
               'put {to} into {dest}'),
        'hand': ('la mano',
               "its owner's hand"),
        'battlefield': ('el campo de batalla',
               'the battlefield'),
        'graveyard': ('el cementerio',
               'the graveyard'),
        'library_bottom': ('el fondo de la biblioteca',
               'the bottom of the library'),
        'exile': ('el exilio',
               'exile'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        dest = self.say(e.dest) if e.dest in ("hand", "battlefield", "graveyard", "library_bottom", "exile") \
            else e.dest
        return self.say(to=_to(e), dest=dest)


class Fixed(Zones):
    """A verb written «verb: true» whose text has nothing to fill in."""

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say()


@register
class ExileSameName(Fixed):
    name, label, order, rules = "exile_same_name", ("exiliar las cartas con el nombre del hechizo",
                                                    "exile the cards with the spell's name"), 45, \
        ("701.23a", "701.23b", "701.13a")
    keys = ("to", "target")
    texts = {"": ('busca en el cementerio, la mano y la biblioteca del controlador del hechizo objetivo las cartas con su nombre, exílialas, y ese jugador baraja',
                 "search the graveyard, hand and library of the target spell's controller for the cards with its name, exile them, and that player shuffles")}


@register
class ReorderGraveyard(Fixed):
    name, label, order, rules = "reorder_graveyard", ("reordenar el cementerio", "reorder the graveyard"), 47, \
        ("404.2",)
    keys = ("to",)
    default_to = "controller"
    texts = {"": ('reordena tu cementerio como quieras',
                 'reorder your graveyard as you choose')}


@register
class MoveAuras(Zones):
    name, label, order, rules = "move_auras", ("mover sus Auras a otro permanente",
                                               "move its Auras to another permanent"), 48, \
        ("701.3a", "701.3b", "701.3c", "608.2d")
    keys = ("to", "target")

    texts = {
        '': ('anexa las Auras {of} a otro permanente de su controlador',
               'attach the Auras of {of} to another permanent its controller controls'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(of=_de(e))


@register
class CopyToken(Fixed):
    name, label, order, rules = "copy_token", ("crear una ficha copia de esta", "create a token copy of this"), 49, \
        ("707.2", "111.1")
    keys = ("condition",)
    texts = {"": ('crea una ficha que es una copia de esta',
                 "create a token that's a copy of this")}


@register
class EmptyPools(Fixed):
    name, label, order, rules = "empty_pools", ("vaciar las reservas de maná", "empty the mana pools"), 50, ("106.4",)
    keys = ()
    texts = {"": ('vacía todas las reservas de maná',
                 'empty every mana pool')}


@register
class MayPlay(Zones):
    name, label, order, rules = "may_play", ("puedes jugar esa carta este turno", "you may play that card this turn"), \
        54, ("601.2a", "305.1")
    keys = ("to",)
    default_to = "linked"

    texts = {
        '': ('hasta el final del turno, puedes jugar {to}',
               'until end of turn, you may play {to}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e))


@register
class ExchangeControl(Fixed):
    name, label, order, rules = "exchange_control", ("intercambiar el control de los dos objetivos",
                                                     "exchange control of the two targets"), 55, \
        ("701.12a", "701.12b", "613.1b")
    keys = ("to",)
    default_to = "targets"
    texts = {"": ('intercambia el control de los dos objetivos',
                 'exchange control of the two targets')}


@register
class CastFree(Zones):
    name, label, order, rules = "cast_free", ("lanzar la carta objetivo sin pagar su coste",
                                              "cast the target card without paying its cost"), 56, \
        ("608.2g", "601.2", "118.9")
    keys = ("to", "target")

    texts = {
        '': ('lanza {to} sin pagar su coste de maná',
               'cast {to} without paying its mana cost'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e))
