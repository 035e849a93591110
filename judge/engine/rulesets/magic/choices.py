"""Choices: every decision a player makes in the middle of the game is a typed Question answered by a Chooser.

The run's chooser takes answers from the script's next lines (Attack, Block, Assign, Choose); the fuzzer's picks
at random and records what it picked. The run never guesses: a question the script does not answer stops the
run on a `choice` step (ChoiceNeeded), saying who must choose what among which options.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from judge.engine.rulesets.magic.actions import Assign, Attack, Block, Choose
from judge.messages import Message


@dataclass(frozen=True)
class Question:
    kind: str                         # attackers | blockers | assign | order | targets | replacement | legend
    player: str                       #   | search | discard
    options: tuple[str, ...]
    # A Message (judge/messages.py) in the player's language, or a plain Spanish string; not compared nor hashed
    # (a Message has no hash, and the prompt only says what the other fields ask).
    prompt: "str | Message" = field(compare=False)
    citations: tuple[str, ...]
    min: int = 1
    max: int = 1
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


class ChoiceNeeded(Exception):
    """The script does not answer `question` here: the run stops on a choice step."""

    def __init__(self, question: Question) -> None:
        super().__init__(str(question.prompt))
        self.question = question


ANSWER_TYPE = {"attackers": Attack, "blockers": Block, "assign": Assign}


class ScriptChooser:
    """Answers from the script's next line, when it is the answer this question needs (type and player)."""

    def next_answer(self, state: Any, q: Question) -> Any:
        script = state.script
        if script is not None:
            script.asked(state, q)
        nxt = script.peek() if script is not None else None
        wanted = ANSWER_TYPE.get(q.kind, Choose)
        if nxt is None or not isinstance(nxt, wanted) or nxt.by != q.player:
            raise ChoiceNeeded(q)
        return script.take()


class RandomChooser:
    """Random legal answers for the fuzzer; every answer is recorded so the game can be replayed as a scenario."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.recorded: list[Any] = []

    def next_answer(self, state: Any, q: Question) -> Any:
        r = self.rng
        if q.kind == "attackers":
            pool = list(q.options)
            picks = [a for a in pool if r.random() < 0.6]
            ans: Any = Attack(by=q.player, attackers=tuple(picks))
        elif q.kind == "blockers":
            attackers = list(q.data.get("attackers", ()))
            pairs = []
            for b in q.options:
                if attackers and r.random() < 0.5:
                    pairs.append((b, r.choice(attackers)))
            ans = Block(by=q.player, blocks=tuple(pairs))
        elif q.kind == "assign":
            ans = Assign(by=q.player, attacker=q.data["attacker"], damage=tuple(q.data["default"]))
        elif q.kind == "order":
            opts = list(q.options)
            r.shuffle(opts)
            ans = Choose(by=q.player, values=tuple(opts))
        else:
            n = r.randint(q.min, min(q.max, len(q.options))) if q.options else 0
            ans = Choose(by=q.player, values=tuple(r.sample(list(q.options), n)))
        self.recorded.append(ans)
        return ans
