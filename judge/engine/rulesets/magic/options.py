"""The legal choices for one script line at the point where the game plays it (the builder's lists): the targets
of each target slot of the spell or ability (601.2c, 115.1 via targets.candidates), the permanents that can pay
by tapping for mana (605.3a), the creatures that can attack (508.1a) and, for each creature that can block, the
attackers it can block (509.1a-b). Nothing is decided here that the game does not decide itself: every list is
read from the same functions `apply` checks a line with. It reads the state; it never changes it.
"""
from __future__ import annotations

from typing import Any

from judge.engine.action import Action
from judge.engine.rulesets.magic import layers
from judge.engine.rulesets.magic.actions import Activate, Assign, Attack, Block, Cast, Choose, Mana, PlayLand
from judge.engine.rulesets.magic.choices import Question
from judge.engine.rulesets.magic.legal import _mana_sources, _permanents, plan_payment
from judge.engine.rulesets.magic.state import MagicState
from judge.engine.rulesets.magic.targets import candidates
from judge.engine.rulesets.magic.turn import can_block


def choices(state: MagicState, action: Action | None, question: Question | None) -> dict[str, Any]:
    """`{field: legal values, "objects": {ref: what it is}}` for `action` as the game would play it now, or for
    the line that answers `question` (asked now). Fields: `targets` (one list per target slot), `tap` (the
    permanents whose mana abilities can pay) and `tap_plan` (a way to pay the cost with them, 601.2g-h),
    `attack` and `target` (508.1a-b), `block` ({blocker: [attackers it can block]}, 509.1a), `choose`, and `by`
    (the players who can write the line: the one a question is asked of, the defending players of a block)."""
    out: dict[str, Any] = {}
    if question is not None:
        _answer(state, question, out)
        # The one asked writes the answer: a line of the answering kind (or the next line to write) is theirs.
        if action is None or isinstance(action, _ANSWERS.get(question.kind, Choose)):
            out["by"] = [question.player]
    elif isinstance(action, Cast):
        _cast(state, action, out)
    elif isinstance(action, Activate):
        _activate(state, action, out)
    elif isinstance(action, Block):
        _block(state, action, out)
    elif isinstance(action, Mana) and state.has_player(action.by):
        out["mana"] = [o.id for o, _ in _mana_sources(state, action.by)]
    elif isinstance(action, PlayLand) and state.has_player(action.by):
        out["play_land"] = [o.id for o in state.mplayer(action.by).zones["hand"] if "land" in state.card(o).types]
    out = {k: _as_written(state, v) for k, v in out.items()}
    out["objects"] = _objects(state, out)
    return out


# The script line that answers each kind of question (any other question is answered by a `choose` line).
_ANSWERS: dict[str, type] = {"attackers": Attack, "blockers": Block, "assign": Assign}


def _as_written(state: MagicState, v: Any) -> Any:
    """Object ids as a script writes them: the scenario's id names the current incarnation (400.7, state.obj)."""
    if isinstance(v, str):
        o = state.objects.get(v)
        return o.base if o is not None and o.base and state.obj(o.base) is o else v
    if isinstance(v, list):
        return [_as_written(state, x) for x in v]
    if isinstance(v, dict):
        return {_as_written(state, k): _as_written(state, x) for k, x in v.items()}
    return v


def _answer(state: MagicState, q: Question, out: dict[str, Any]) -> None:
    out["player"] = q.player
    out["question"] = q.kind
    if q.kind == "attackers":
        out["attack"] = list(q.options)
        out["target"] = [p.name for p in state.opponents(q.player)]
    elif q.kind == "blockers":
        cache = layers.compute(state)
        attackers = [a for a in (state.obj(r) for r in q.data.get("attackers", ())) if a is not None]
        blocks: dict[str, list[str]] = {}
        for ref in q.options:
            b = state.obj(ref)
            if b is not None:
                blocks[ref] = [a.id for a in attackers if can_block(state, b, a, cache) is None]
        out["block"] = blocks
    elif q.kind == "assign":
        out["assign"] = {"attacker": q.data.get("attacker"), "to": list(q.options)}
    else:
        out["choose"] = list(q.options)


def _block(state: MagicState, action: Block, out: dict[str, Any]) -> None:
    """A block line written before the game asks for it (509.1a): once attackers are declared, the defending
    players (each player an attacker attacks, in APNAP order) and, for the line's player if it defends (else the
    first defender), each untapped creature it controls with the attackers it can block (the same test
    declare_blockers asks with: can_block)."""
    attackers = [o for o in state.battlefield() if o.attacking]
    if not attackers:
        return
    order = state.apnap()
    defenders = sorted({o.attacking for o in attackers if o.attacking},
                       key=lambda n: order.index(n) if n in order else len(order))
    if not defenders:
        return
    out["by"] = defenders
    who = action.by if action.by in defenders else defenders[0]
    cache = layers.compute(state)
    against = [a for a in attackers if a.attacking == who]
    blocks: dict[str, list[str]] = {}
    for b in state.battlefield():
        if b.controller == who and "creature" in cache[b.id].types and not b.tapped:
            blocks[b.id] = [a.id for a in against if can_block(state, b, a, cache) is None]
    out["block"] = blocks


def _cast(state: MagicState, action: Cast, out: dict[str, Any]) -> None:
    o = state.obj(action.card)
    if o is None or not state.has_player(action.by) or o not in state.mplayer(action.by).zones["hand"]:
        return
    card = state.card(o)
    if card.modes:
        mode = action.mode if action.mode is not None and 0 <= action.mode < len(card.modes) else 0
        specs = card.modes[mode].targets
    else:
        specs = card.targets
    out["targets"] = [candidates(state, s, action.by, o.id) for s in specs]
    _payment(state, action.by, card.mana_cost, action.x or 0, "", out)


def _activate(state: MagicState, action: Activate, out: dict[str, Any]) -> None:
    o = state.obj(action.source)
    if o is None or o.zone != "battlefield" or not state.has_player(action.by):
        return
    table = next((t for p, _, t in _permanents(state, action.by) if p is o), None)
    if table is None or not 0 <= action.ability < len(table[0]):
        return
    ab = table[0][action.ability]
    out["targets"] = [candidates(state, s, action.by, o.id) for s in ab.targets]
    _payment(state, action.by, ab.cost, action.x or 0, o.id if ab.tap else "", out)


def _payment(state: MagicState, who: str, cost: tuple, x: int, exclude: str, out: dict[str, Any]) -> None:
    """605.3a: untapped permanents with a mana ability that only taps (a creature not summoning sick, 302.6);
    the source of a {T} ability pays its own {T}, not mana too."""
    sources = [(s, m) for s, m in _mana_sources(state, who) if s.id != exclude]
    out["tap"] = [s.id for s, _ in sources]
    plan = plan_payment(state, who, cost, x, exclude=exclude, available=sources)
    out["tap_plan"] = list(plan) if plan is not None else None


def _objects(state: MagicState, out: dict[str, Any]) -> dict[str, Any]:
    """What each ref named in `out` is, for a label in words: a player, or a card with its types, controller and
    zone (the layers' characteristics on the battlefield: 613)."""
    refs: list[str] = []

    def add(v: Any) -> None:
        if isinstance(v, str):
            refs.append(v)
        elif isinstance(v, (list, tuple)):
            for x in v:
                add(x)
        elif isinstance(v, dict):
            for k, x in v.items():
                add(k)
                add(x)
    for key in ("targets", "tap", "tap_plan", "attack", "target", "block", "choose", "mana", "play_land"):
        add(out.get(key))
    if "assign" in out:
        add(out["assign"]["to"])
        add(out["assign"]["attacker"])
    cache = None
    seen: dict[str, Any] = {}
    for ref in refs:
        if ref in seen:
            continue
        if state.has_player(ref):
            seen[ref] = {"player": True}
            continue
        item = next((i for i in state.stack if i.id == ref), None)
        if item is not None:
            seen[ref] = {"card": item.source_name, "zone": "stack", "controller": item.controller, "types": []}
            continue
        o = state.obj(ref)
        if o is None:
            continue
        if o.zone == "battlefield":
            cache = cache if cache is not None else layers.compute(state)
            c = layers.chars_of(state, o, cache)
            types, controller = sorted(c.types), c.controller
        else:
            types, controller = sorted(state.card(o).types), o.owner
        seen[ref] = {"card": o.card, "zone": o.zone, "controller": controller, "types": types}
    return seen


__all__ = ["choices"]
