"""Expectations every ruleset shares (winner, stopped, turn, active, phase, steps), parsed and checked once.

A ruleset parses and checks its own fields (lives, zones, counters…) and hands these keys to this module.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
import re
from dataclasses import dataclass, replace
from typing import Any

from judge.engine.state import GameState
from judge.engine.step import GENERIC_STEP_KINDS, STOPPED_FORMS, Step, stopped_said
from judge.format.validate import Checker, join
from judge.messages import Message

COMMON_KEYS = ("winner", "stopped", "steps", "turn", "active", "phase")
# `ruling:` on any expectation: the passage(s) whose stated outcome the check shows (a FAQ ruling, a rule's example);
# the expectation step cites them beside the rule of the field it checks.
RULING_KEY = "ruling"
PASSAGE_ID = re.compile(r"^[a-z0-9][a-z0-9-]*(?:/[A-Za-z0-9][A-Za-z0-9.\-]*)+$")


@dataclass(frozen=True)
class Expectation:
    """One check: `field` of `subject` (a player name, an object id, or None for the common keys)."""
    field: str
    subject: str | None
    value: Any
    path: str = ""
    subject_key: str = ""         # "player" or "object": the key the subject was written under
    rulings: tuple[str, ...] = ()  # passage ids the check demonstrates (`ruling:`), cited by its step

    def to_script(self) -> dict[str, Any]:
        out = {self.field: self.value} if self.subject is None else \
            {self.subject_key or "player": self.subject, self.field: self.value}
        if self.rulings:
            out[RULING_KEY] = list(self.rulings) if len(self.rulings) > 1 else self.rulings[0]
        return out


class Bad:
    """Marks a value that failed validation (the error is already recorded on the Checker)."""


BAD = Bad()


def game_step_kinds(step_kinds: Sequence[str]) -> tuple[str, ...]:
    """The step kinds a `{steps: {kind}}` expectation counts: the ruleset's declared kinds (Ruleset.step_kinds)
    but `expectation`, generic ones first, in a stable order."""
    generic = [k for k in GENERIC_STEP_KINDS if k in step_kinds]
    return tuple(k for k in (*generic, *sorted(set(step_kinds) - set(generic))) if k != "expectation")


def parse_common(check: Checker, path: str, key: str, value: Any, *, player_ref: Callable[[str, Any], str | None],
                 phases: Sequence[str], step_kinds: Sequence[str] = GENERIC_STEP_KINDS,
                 in_script: bool = False) -> Any:
    """The value of one common expectation `key`, or BAD after recording the error on `check`.

    `phases`: the ruleset's phase/step names; `step_kinds`: the step kinds it declares (Ruleset.step_kinds);
    `in_script`: the expectation stands between actions, where `stopped` has no meaning yet."""
    if key == "winner":
        if value is None:
            return None
        return player_ref(path, value) or BAD
    if key == "active":
        return player_ref(path, value) or BAD
    if key == "stopped":
        if in_script:
            check.error(path, Message("core.check.stopped_in_script"))
            return BAD
        # either language's word (STOPPED_FORMS: «partida terminada» or «game over»), kept as the trace names it
        got = check.choice(path, value, STOPPED_FORMS)
        return BAD if got is None else STOPPED_FORMS[got]
    if key == "phase":
        return check.choice(path, value, phases) or BAD
    if key == "turn":
        v = check.integer(path, value, minimum=1)
        return BAD if v is None else v
    m = check.mapping(path, value, allowed=("kind", "count", "cites"), required=("kind", "count"))
    if m is None or "kind" not in m or "count" not in m:
        return BAD
    kind = check.choice(join(path, "kind"), m["kind"], (*game_step_kinds(step_kinds), "any"))
    count = check.integer(join(path, "count"), m["count"])
    cites = check.string(join(path, "cites"), m["cites"]) if "cites" in m else None
    if kind is None or count is None or ("cites" in m and cites is None):
        return BAD
    return {"kind": kind, "count": count, **({"cites": cites} if cites else {})}


def parse_entry(check: Checker, path: str, raw: Any,
                parse: Callable[[str, Any], list[Expectation]]) -> list[Expectation]:
    """One `expect:` entry through the ruleset's `parse(path, raw)`, after taking out its optional `ruling:` (one
    passage id or a list of them), which every Expectation of the entry then carries."""
    if not isinstance(raw, Mapping) or RULING_KEY not in raw:
        return parse(path, raw)
    rpath = join(path, RULING_KEY)
    value = raw[RULING_KEY]
    ids = [value] if isinstance(value, str) else value
    bad = not isinstance(ids, list) or not ids or len(ids) > 10 or \
        not all(isinstance(i, str) and PASSAGE_ID.match(i) for i in ids)
    if bad:
        check.error(rpath, Message("core.check.ruling"))
    found = parse(path, {k: v for k, v in raw.items() if k != RULING_KEY})
    return found if bad else [replace(e, rulings=tuple(ids)) for e in found]


def parse_single(check: Checker, path: str, raw: Mapping[str, Any], **kwargs: Any) -> list[Expectation]:
    """An entry holding exactly one common key (``{winner: Ana}``, ``{steps: {kind: illegal, count: 1}}``)."""
    m = check.mapping(path, raw, allowed=COMMON_KEYS)
    if m is None:
        return []
    if len(m) != 1:
        check.error(path, Message("core.check.one_of", keys=list(COMMON_KEYS)))
        return []
    key = next(iter(m))
    value = parse_common(check, join(path, key), key, m[key], **kwargs)
    return [] if value is BAD else [Expectation(key, None, value, path)]


def parse_fields(check: Checker, path: str, entry: Mapping[str, Any], subject: str, subject_key: str,
                 fields: Mapping[str, str], field_value: Callable[[str, str, Any], Any]) -> list[Expectation]:
    """The checks of one `{player: …}` / `{object: …}` entry: one Expectation per field it names, each value read by
    the ruleset's `field_value(path, kind, value)` (BAD after recording an error)."""
    checks = [k for k in entry if k in fields]
    if not checks:
        check.error(path, Message("core.check.nothing", fields=list(fields)))
    out = []
    for key in checks:
        value = field_value(join(path, key), fields[key], entry[key])
        if value is not BAD:
            out.append(Expectation(key, subject, value, path, subject_key))
    return out


def stopped_so_far(state: GameState, steps: Sequence[Step]) -> str:
    kinds = [s.kind for s in steps if s.kind != "expectation"]
    if kinds and kinds[-1] == "limit":
        return "limite"
    if state.over:
        return "partida terminada"
    return "eleccion" if state.waiting is not None else "fin"


def check_common(state: GameState, exp: Expectation, steps: Sequence[Step], general: Sequence[str],
                 phase_label: Callable[[str], Any] = str) -> tuple[bool, Message, list[str]] | None:
    """(holds?, summary, citations) for a common key; None for a key the ruleset checks itself. `phase_label`
    names a phase (a string, or a Message to render in the trace's language)."""
    f, want = exp.field, exp.value
    general = list(general)
    if f == "winner":
        got = state.winner
        held = got == want and (state.over or want is None)
        nobody = Message("core.expect.nobody")
        said = got if state.over and got else Message("core.expect.none_yet") if not state.over else nobody
        return held, Message("core.expect.winner", got=said, want=want if want else nobody), general
    if f == "stopped":
        got = stopped_so_far(state, steps)
        return got == want, Message("core.expect.stopped", got=stopped_said(got), want=stopped_said(want)), general
    if f == "turn":
        return state.turn == want, Message("core.expect.turn", got=state.turn, want=want), general
    if f == "active":
        return state.active == want, Message("core.expect.active", got=state.active, want=want), general
    if f == "phase":
        return state.phase == want, Message("core.expect.phase", got=phase_label(state.phase),
                                            want=phase_label(want)), general
    if f == "steps":
        kind, count, cite = want["kind"], want["count"], want.get("cites")
        got_n = sum(1 for s in steps if s.kind != "expectation" and (kind == "any" or s.kind == kind)
                    and (cite is None or cite in s.citations))
        said = Message("core.expect.steps_citing" if cite else "core.expect.steps", got=got_n, kind=kind,
                       count=count, **({"cite": cite} if cite else {}))
        return got_n == count, said, [cite] if cite else general
    return None
