"""«play_from_graveyard»: "Until end of turn, you may play lands and cast spells from your graveyard" (601.3,
305.1): a continuous effect held by the player (611.2a), read by castfrom.py whenever they try to cast a spell or
play a land that is in their graveyard. The same words as a static ability of a permanent ("You may play lands from
your graveyard") are read by cardschema.static, and castfrom.py reads them from the permanents too."""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from judge.engine.rulesets.magic import core
from judge.engine.rulesets.magic.cards import Effect
from judge.engine.rulesets.magic.castfrom import VERB, WHAT
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.state import ContinuousEffect
from judge.engine.rulesets.magic.verb import Resolution, Verb, register
from judge.engine.step import Event
from judge.messages import Message
from judge.format.validate import join

if TYPE_CHECKING:
    from judge.engine.rulesets.magic.cardschema import CardReader

WHAT_TEXT = {"spells": "lanzar hechizos", "lands": "jugar tierras", "all": "jugar tierras y lanzar hechizos"}


def permission_text(what: str) -> str:
    """The Spanish words of the permission: «puedes jugar tierras desde tu cementerio»."""
    return f"puedes {WHAT_TEXT.get(what, what)} desde tu cementerio"


@register
class PlayFromGraveyard(Verb):
    name, label, order, rules = VERB, ("jugar desde tu cementerio", "play from your graveyard"), 57, \
        ("601.3", "305.1", "611.2a")
    keys = ("to", "duration")
    default_to = "controller"
    # one of WHAT, picked from a list in the builder (never typed)
    builder_arg = {"type": "choice", "required": True, "options": [
        {"value": "spells", "label": {"es": "lanzar hechizos", "en": "cast spells"}},
        {"value": "lands", "label": {"es": "jugar tierras", "en": "play lands"}},
        {"value": "all", "label": {"es": "jugar tierras y lanzar hechizos", "en": "play lands and cast spells"}}]}
    fuzz_rank = 40.0

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        what = reader.check.choice(p, arg, WHAT)
        if what is None:
            return False
        kw["search"] = what
        return True

    def check_to(self, reader: "CardReader", path: str, to: str) -> bool:
        if to != "controller":
            reader.check.error(join(path, "to"), Message("magic.verb.graveyard_to"))
            return False
        return True

    texts = {
        '': ('puedes {what} desde tu cementerio{dur}',
               'you may {what} from your graveyard{dur}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        what = Message("magic.graveyard.what_" + e.search) if e.search in WHAT_TEXT else e.search
        return self.say(what=what, dur=dur)

    def resolve(self, r: Resolution) -> None:
        """611.2a: the effect lasts for its duration (end of turn by default); it permits, so it changes no object:
        castfrom.permission reads it as the player acts."""
        state, e = r.state, r.e
        ce = ContinuousEffect(effect=e, source=r.source, source_name=r.source_name, controller=r.controller,
                              timestamp=state.tick(), affected=(r.controller,), duration=e.duration)
        state.set_effects(state.effects + [ce])
        until = {"end_of_turn": Message("magic.graveyard.until_eot"),
                 "end_of_combat": Message("magic.graveyard.until_eoc")}
        what = Message("magic.graveyard.what_" + e.search) if e.search in WHAT_TEXT else e.search
        core.emit(state, r.out, "resolution", r.controller, Message(
            "magic.graveyard.may_play", source=r.source_name, until=until.get(e.duration, ""), player=r.controller,
            what=what, timestamp=ce.timestamp), [*r.base, *cr("611.2a", "613.7b")],
                  [Event("effect", {"kind": VERB, "affected": [r.controller]})])

    def fuzz(self, rng: random.Random, slot: int) -> tuple[dict[str, Any], list[Any]]:
        return {self.name: rng.choice(WHAT)}, []
