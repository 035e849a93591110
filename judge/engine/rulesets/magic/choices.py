"""Choices: every decision a player makes in the middle of the game is a WaitingFor (judge/engine/waiting.py; here
called by its old name, Question) answered by a Chooser.

The run's chooser takes answers from the script's next lines (Attack, Block, Assign, Choose); the fuzzer's picks
at random and records what it picked. The run never guesses: a question the script does not answer stops the
run on a `choice` step (ChoiceNeeded), saying who must choose what among which options. A magic question has no
continuation (`resume` None): it is answered inside the action that asks it.
"""
from __future__ import annotations

from typing import Any

from judge.engine.rulesets.magic.actions import Assign, Attack, Block, Choose
from judge.engine.waiting import ChoiceNeeded, WaitingFor
from judge.engine.waiting import RandomChooser as _RandomChooser, ScriptChooser as _ScriptChooser

Question = WaitingFor        # kind: attackers | blockers | assign | order | targets | replacement | legend | search…

ANSWER_TYPE = {"attackers": Attack, "blockers": Block, "assign": Assign}   # any other kind: a `choose` line


class ScriptChooser(_ScriptChooser):
    """Answers from the script's next line, when it is the answer this question needs (type and player)."""
    answer_types = ANSWER_TYPE
    default_answer = Choose


class RandomChooser(_RandomChooser):
    """Random legal answers for the fuzzer; every answer is recorded so the game can be replayed as a scenario."""

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
            ans = Choose(by=q.player, values=self.pick(q))
        self.recorded.append(ans)
        return ans


__all__ = ["Question", "ChoiceNeeded", "ScriptChooser", "RandomChooser", "ANSWER_TYPE"]
