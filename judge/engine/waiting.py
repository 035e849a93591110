"""What the game waits for: one player's decision, as one value type shared by every ruleset.

A `WaitingFor` says who must decide (`player`), what (`kind`: "blockers", "descarte", "search"…), among which
`options` (object ids, player names or words such as "yes"), how many of them (`min`..`max`), the `prompt` shown
when nobody answers, and the passages that make the player decide (`citations`). `resume` is the ruleset's
continuation: what the game does once the answer comes (doce-vidas: finish the turn's preparation, or resolve the
rest of a card's effects). A wait without one is asked in the middle of an action and answered there: the action
that asked it cannot be resumed later, so an unanswered one ends the run on a `choice` step (magic).

A `Chooser` answers a wait with the action that answers it; a scenario's script (`ScriptChooser`: the next line,
if it is an answer of the right type by the right player), the fuzzer (`RandomChooser`: a random legal answer,
recorded so the game can be replayed) and the builder's dry run (which watches the question through
`Script.watch` and offers its options) are ways of answering the same value. phase-rs's `WaitingFor` is the
model: the state says what it waits for instead of the code remembering where it stopped.
"""
from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from judge.engine.action import Action


@dataclass(frozen=True)
class WaitingFor:
    kind: str                         # what is decided: attackers | blockers | order | search | descarte | …
    player: str                       # who decides
    options: tuple[str, ...]          # what they choose among
    # str or judge.messages.Message: the `choice` step's text if nobody answers; not compared nor hashed (a Message
    # has no hash, and the prompt only says what the other fields ask).
    prompt: Any = field(compare=False, hash=False)
    citations: tuple[str, ...]        # the passages that make the player decide
    min: int = 1                      # how many options an answer takes, at least…
    max: int = 1                      # …and at most
    # Ruleset data the answer's checks read (blockers: the attackers; damage assignment: the attacker, a default).
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    # The continuation once answered (see the module's docstring); None: answered inside the action that asked.
    resume: Any = field(default=None, compare=False, hash=False)

    @property
    def count(self) -> int:
        """How many options the answer takes when it takes a fixed number (the board's `pending.count`)."""
        return self.max

    def selections(self, cap: int) -> Iterator[tuple[str, ...]]:
        """The first `cap` answers as sets of options, smallest first, each in the order of `options`."""
        sizes = range(self.min, min(self.max, len(self.options)) + 1)
        return itertools.islice(itertools.chain.from_iterable(
            itertools.combinations(self.options, n) for n in sizes), cap)


class ChoiceNeeded(Exception):
    """Nobody answers `question` here (a WaitingFor without a continuation): the run stops on a choice step."""

    def __init__(self, question: WaitingFor) -> None:
        super().__init__(str(question.prompt))
        self.question = question


class Chooser(Protocol):
    """Answers what the game waits for with the action that answers it (or raises ChoiceNeeded)."""

    def next_answer(self, state: Any, waiting: WaitingFor) -> Action: ...


class ScriptChooser:
    """The script's next line, when it answers the wait: an action of the type its kind is answered by
    (`answer_types`, else `default_answer`) by the player asked. Each ruleset names its answer types."""

    answer_types: Mapping[str, type] = {}
    default_answer: type | None = None

    @classmethod
    def answer_type(cls, kind: str) -> type | None:
        return cls.answer_types.get(kind, cls.default_answer)

    @classmethod
    def answers(cls, waiting: WaitingFor, action: Any) -> bool:
        wanted = cls.answer_type(waiting.kind)
        return wanted is not None and isinstance(action, wanted) and action.by == waiting.player

    def next_answer(self, state: Any, waiting: WaitingFor) -> Action:
        script = state.script
        if script is not None:
            script.asked(state, waiting)
        nxt = script.peek() if script is not None else None
        if nxt is None or not self.answers(waiting, nxt):
            raise ChoiceNeeded(waiting)
        return script.take()


class RandomChooser:
    """Random legal answers for the fuzzer; every answer is recorded so the game can be replayed as a scenario.
    A ruleset's subclass builds the answering action (`next_answer`) from the picks it needs."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.recorded: list[Any] = []

    def pick(self, waiting: WaitingFor) -> tuple[str, ...]:
        """Between `min` and `max` of the options (as many as there are, at most), at random."""
        r, w = self.rng, waiting
        n = r.randint(w.min, min(w.max, len(w.options))) if w.options else 0
        return tuple(r.sample(list(w.options), n))

    def next_answer(self, state: Any, waiting: WaitingFor) -> Action:
        raise NotImplementedError
