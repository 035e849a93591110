"""Effect verbs as typed pieces (issue 17): one small class per verb owns how a scenario writes it (its argument and
the keys it reads: cardschema.py), its Spanish text (text.py), the builder's description of it in both languages
(describe.py), how it resolves (effects.py, 609), its layer contribution where it has one (layers.py, 613) and what
the fuzzer may generate with it (judge/runner/fuzz_magic.py). Each of those iterates the registry here.

The verb modules (verbs/*.py) register themselves as the ruleset loads (magic/__init__.py imports the verbs
package, which imports every module in it), so a new verb is one new file. This module imports data only: the
rules and presentation modules below the actions read the registry without importing a verb.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from judge.engine.rulesets.magic.registrar import Registrar

from judge.engine.rulesets.magic.cards import Effect
from judge.messages import Message

if TYPE_CHECKING:
    from judge.engine.rulesets.magic.cardschema import CardReader
    from judge.engine.rulesets.magic.known import Seen
    from judge.engine.rulesets.magic.layers import Chars
    from judge.engine.rulesets.magic.linked import Linked
    from judge.engine.rulesets.magic.state import MagicState
    from judge.engine.step import Step

# The keys a verb reads besides itself when it names none (any other key is an error, never silently ignored).
DEFAULT_KEYS = ("to", "target", "where")
LASTING = ("to", "target", "duration", "where")
COUNTED = ("to", "target", "where", "count")


@dataclass
class Resolution:
    """One effect as it resolves (609, 608.2c): who controls it, its source, what it acts on (`subjects`, fixed as
    it resolves: 611.2c), its amount `n` (608.2h) and the rules cited so far (`base`), with what the instructions
    link to the next ones (`ctx`, 608.2c)."""
    state: "MagicState"
    out: "list[Step]"
    controller: str
    source: str
    source_name: str
    e: Effect
    subjects: list[str]
    n: int
    base: list[str]
    targets: Sequence[str | None]
    x: int
    applied: frozenset[str]
    seen: "Seen"                       # what a trigger carries from its event (known.py)
    memo: dict[str, int]
    times: int
    ctx: "Linked"


class Verb:
    """One effect verb. The class attributes are its data; the methods its parsing, text, resolution, layer
    contribution and fuzzing. A subclass overrides what it needs; `order` places it in the lists a user reads (the
    error naming every verb, the builder), so the verbs written before the registry keep their places and a new
    one follows them."""
    name: ClassVar[str]
    label: ClassVar[tuple[str, str]] = ("", "")          # the builder's name of it: Spanish, English
    order: ClassVar[float] = 1000.0
    keys: ClassVar[tuple[str, ...]] = DEFAULT_KEYS
    default_to: ClassVar[str | None] = None               # None: the reader's (target; self in a static)
    rules: ClassVar[tuple[str, ...]] = ("609.1",)         # cited by every step of its resolution
    in_effects: ClassVar[bool] = True                     # written as an effect (protection is static only)
    static: ClassVar[bool] = False                        # may be a static ability's effect (604.1, 613)
    layer: ClassVar[float | None] = None                  # 613.1/613.4: the layer (or 7a–7d sublayer) it applies in
    untargeted: ClassVar[bool] = False                    # its default "to: target" means nothing: never skipped
    builder_arg: ClassVar[Mapping[str, Any]] = {"type": "const", "value": True}
    # Scopes only this verb may use, and the error when another verb uses one.
    own_scopes: ClassVar[tuple[str, ...]] = ()
    foreign_scope_error: ClassVar[str] = ""
    dests: ClassVar[tuple[str, ...]] = ()                 # `dest`: the zones it may put cards into, default first
    by_choices: ClassVar[tuple[str, ...]] = ("its_controller",)   # `by`: who does it
    fuzz_rank: ClassVar[float | None] = None              # in the fuzzer's pool of "the rest of the vocabulary"
    group_by_types: ClassVar[bool] = False                # `types` keeps the group's permanents of those types
    cites_where: ClassVar[bool] = True                    # its steps cite the rules of its `where` (filters.py)
    # Its text's templates: key ("" for the main line) → (Spanish, English), rendered by `say` (magic/messages.py
    # looks them up here: a new verb's text stays in its own file).
    texts: ClassVar[Mapping[str, tuple[str, str]]] = {}

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        """Read the verb's own argument `arg` (at path `p`) into `kw` (Effect's fields), reporting every problem
        on `reader.check`; False when the effect cannot be read, a string when the argument names `to`."""
        if arg is not True:
            reader.check.error(p, Message("magic.verb.expected_true", verb=self.name))
            return False
        return True

    def finish(self, reader: "CardReader", path: str, m: Mapping[str, Any], kw: dict[str, Any]) -> None:
        """Read the keys of its own it reads after the shared ones (`to`, `target`, `duration`, `may`)."""

    def check_to(self, reader: "CardReader", path: str, to: str) -> bool:
        """Whether this verb may act on `to` (reported at `path`.to when not)."""
        return True

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> "str | Message":
        """The line of the effect (text.describe_effect adds what every verb shares), a Message of the verb's own
        `texts` (`self.say(key, …)`): `n` is its amount as said («X», «2», «una cantidad de»), `dur` its duration
        («hasta el final del turno», or "")."""
        return self.name

    def say(self, key: str = "", /, **params: Any) -> Message:
        """One of the verb's `texts` with its parameters (id `magic.verbtext.<name>[.<key>]`)."""
        return Message(f"magic.verbtext.{self.name}.{key}" if key else f"magic.verbtext.{self.name}", params)

    def resolve(self, r: Resolution) -> None:
        raise NotImplementedError(f"{self.name} does not resolve on its own")

    def apply(self, e: Effect, c: "Chars", controller: str) -> None:
        """Its contribution to a permanent's characteristics in its layer (613.1), when `layer` is set."""

    def fuzz(self, rng: random.Random, slot: int) -> tuple[dict[str, Any], list[Any]]:
        """An effect of a random instant or sorcery and the target specs it adds (`slot`: its target's index)."""
        return {self.name: "target", "target": slot}, [rng.choice(("creature", "permanent"))]


class Amount(Verb):
    """A verb whose argument is a number or X (107.3): «draw: 2», «damage: X»."""
    keys = COUNTED
    builder_arg = {"type": "int", "min": 0, "max": 999, "default": 1, "allow_x": True}

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        if arg == "X":
            kw["x"] = True
            return True
        n = reader.check.integer(p, arg, minimum=0, maximum=999)
        if n is None:
            return False
        kw["amount"] = n
        return True


class Acting(Verb):
    """A verb whose argument names what it acts on: «destroy: target», «discard: each_opponent» (or true)."""

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        if isinstance(arg, str) and "to" not in m:
            return arg
        if arg is not True and not isinstance(arg, str):
            reader.check.error(p, Message("magic.verb.expected_target", verb=self.name))
            return False
        return True


class Registry:
    """The verbs, in the order a user reads them, with what the readers look up by name."""

    def __init__(self, verbs: Iterable[Verb]) -> None:
        self.verbs: tuple[Verb, ...] = tuple(sorted(verbs, key=lambda v: (v.order, v.name)))
        self.by_name: dict[str, Verb] = {v.name: v for v in self.verbs}
        if len(self.by_name) != len(self.verbs):
            raise ValueError("two verbs with one name")
        self.names: tuple[str, ...] = tuple(v.name for v in self.verbs if v.in_effects)
        self.name_set: frozenset[str] = frozenset(self.names)
        self.static_names: tuple[str, ...] = tuple(v.name for v in self.verbs if v.static)
        self.layer_of: dict[str, float] = {v.name: v.layer for v in self.verbs if v.layer is not None}
        self.untargeted: frozenset[str] = frozenset(v.name for v in self.verbs if v.untargeted)
        self.default_to: dict[str, str] = {v.name: v.default_to for v in self.verbs
                                           if v.default_to is not None and v.in_effects}
        self.keys: dict[str, tuple[str, ...]] = {v.name: v.keys for v in self.verbs}
        self.owned_scopes: dict[str, Verb] = {s: v for v in self.verbs for s in v.own_scopes}
        self.fuzzed: tuple[str, ...] = tuple(v.name for v in sorted(
            (v for v in self.verbs if v.fuzz_rank is not None), key=lambda v: (v.fuzz_rank, v.name)))

    def __iter__(self) -> Iterator[Verb]:
        return iter(self.verbs)

    def __contains__(self, name: object) -> bool:
        return name in self.by_name

    def get(self, name: str) -> Verb | None:
        return self.by_name.get(name)

    def with_verbs(self, *verbs: Verb) -> "Registry":
        """This registry and more verbs (a test's toy verb)."""
        return Registry((*self.verbs, *verbs))


def text_template(ident: str, index: int) -> str | None:
    """The template of a verb's text id (`magic.verbtext.<verb>[.<key>]`) in one language (0 Spanish, 1 English),
    from the verb of the current registry; None when no verb says it."""
    name, _, key = ident.removeprefix("magic.verbtext.").partition(".")
    v = current().get(name)
    pair = v.texts.get(key) if v is not None else None
    return pair[index] if pair else None


# One registry for the ruleset (registrar.py): `@register` in each verb module, `current()` where the rules ask,
# `using(...)` in a test that adds a toy verb.
_REGISTRAR: Registrar[Verb, Registry] = Registrar(Registry)
register = _REGISTRAR.register
current = _REGISTRAR.current
using = _REGISTRAR.using
