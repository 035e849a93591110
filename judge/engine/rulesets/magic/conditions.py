"""Conditions about the game state, one vocabulary for the three places a card states one:

- a static ability's "as long as …" (604.1, `while:` of a `static:` entry): it applies only while it holds;
- a triggered ability's intervening "if" (603.4, `condition:` of a trigger): it triggers only if the condition
  holds when its event happens, and does nothing if it no longer holds as it resolves;
- an instruction's "if …" (608.2c, `condition:` of an effect): it happens only if the condition holds as the
  resolution reaches it.

A condition is `(kind, n, arg)`: `library_at_most` (some library has n cards or fewer), `you_control` (its
controller controls n or more permanents with the card type or subtype `arg`), `spells_cast_this_turn` (its
controller has cast n or more spells this turn, 601.2i: copies are not cast), `devotion` (its controller's
devotion to the colour `arg` is n or more, 700.5: the mana symbols of that colour in the mana costs of the
permanents they control, a hybrid symbol counting for each of its colours), `your_hand_empty`,
`active_hand_empty`, `opponent_lost_life` (an opponent, one who left the game included, lost n or more life this
turn, 119.3). Reading the state only (no layers: `you_control` and `devotion` read the permanents' cards, their
copiable values, so that a static ability's condition can be read while the layers are being worked out).
"""
from __future__ import annotations

from judge.engine.rulesets.magic.state import MagicState
from judge.messages import Message

KINDS = ("library_at_most", "you_control", "spells_cast_this_turn", "devotion", "your_hand_empty",
         "active_hand_empty", "opponent_lost_life")
# The kinds written as a bare word (no number).
BARE = ("your_hand_empty", "active_hand_empty")
# Where each kind may be written: a static ability's `while`, a trigger's `condition`, an effect's `condition`.
STATIC_KINDS = ("library_at_most", "you_control", "spells_cast_this_turn", "devotion")
TRIGGER_KINDS = ("your_hand_empty", "active_hand_empty", "opponent_lost_life", "you_control",
                 "spells_cast_this_turn", "devotion")
EFFECT_KINDS = ("you_control", "spells_cast_this_turn", "devotion")
# What a static ability's condition reads of the game beyond the permanents' cards (the layers compare it to know
# whether the characteristics may have changed: layers._inputs): the libraries' sizes and whether their players
# lost (library_at_most), the spells each player cast this turn (spells_cast_this_turn); you_control and devotion
# read only the battlefield's cards. A kind missing here makes the layers compare the whole world.
STATIC_READS: dict[str, tuple[str, ...]] = {"library_at_most": ("libraries",), "spells_cast_this_turn": ("spells",),
                                            "you_control": (), "devotion": ()}
RULES = {"opponent_lost_life": ("119.3",), "spells_cast_this_turn": ("601.2i",), "devotion": ("700.5",),
         "library_at_most": ("604.1",)}
TEXT = {"your_hand_empty": "si no tienes cartas en la mano",
        "active_hand_empty": "si el jugador activo no tiene cartas en la mano",
        "opponent_lost_life": "si un oponente perdió {n} o más vidas este turno",
        "library_at_most": "mientras una biblioteca tenga {n} o menos cartas",
        "you_control": "si controlas {n} o más permanentes de tipo {arg}",
        "spells_cast_this_turn": "si lanzaste {n} o más hechizos este turno",
        "devotion": "si tu devoción a {arg} es {n} o más"}


def said(kind: str, n: int, arg: str = "") -> "Message | str":
    """A condition as a Message (magic.cond.<kind>, its templates TEXT and messages_text.py); an unknown kind as
    it is."""
    return Message(f"magic.cond.{kind}", n=n, arg=arg) if kind in TEXT else kind.format(n=n, arg=arg)


def text(kind: str, n: int, arg: str = "") -> str:
    """The Spanish words of a condition («si lanzaste 1 o más hechizos este turno»)."""
    return TEXT.get(kind, kind).format(n=n, arg=arg)


def devotion(state: MagicState, player: str, color: str) -> int:
    """700.5: the mana symbols of `color` among the mana costs of the permanents `player` controls (hybrid ones
    count for each of their colours; {2/G} counts for green)."""
    return sum(1 for o in state.player(player).zones["battlefield"] for s in state.card(o).mana_cost
               if color in s.colors)


def controls(state: MagicState, player: str, what: str) -> int:
    """How many permanents `player` controls with the card type or subtype `what` (its card's: copiable values)."""
    wanted = what.lower()
    n = 0
    for o in state.player(player).zones["battlefield"]:
        card = state.card(o)
        if wanted in card.types or wanted in {t.lower() for t in card.subtypes}:
            n += 1
    return n


def holds(state: MagicState, controller: str, kind: str, n: int, arg: str = "") -> bool:
    """Whether the condition holds now for a source `controller` controls; an empty kind always holds."""
    if not kind:
        return True
    if kind == "your_hand_empty":
        return not state.player(controller).zones["hand"]
    if kind == "active_hand_empty":
        return not state.player(state.active).zones["hand"]
    if kind == "opponent_lost_life":
        # Sygg, degollador del río/1: an opponent who has left the game still counts.
        return any(state.this_turn.life_lost.get(p.name, 0) >= n for p in state.players
                   if p.name != controller)
    if kind == "library_at_most":
        # Any library counts and the bonus is had once however many qualify (the FAQ's Engendro ruling).
        return any(len(p.zones["library"]) <= n for p in state.players if not p.lost)
    if not controller or not state.has_player(controller):
        return False
    if kind == "you_control":
        return controls(state, controller, arg) >= n
    if kind == "spells_cast_this_turn":
        return state.this_turn.spells.get(controller, 0) >= n
    if kind == "devotion":
        return devotion(state, controller, arg) >= n
    return False
