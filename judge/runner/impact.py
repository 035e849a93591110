"""What a new Comprehensive Rules version does to the scenarios (issue 19): `judge corpus impact` and the web's
/cambios/<old>..<new>/escenarios.

A scenario is affected when a step of its run cites a rule the diff (judge.corpus.diff) finds removed,
renumbered or reworded: `cr-en/<n>`, or a bare `<n>` (DESIGN.md: a bare number resolves to every passage with it).
The affected scenarios are re-run.  The engine reads no rule text, so the same engine gives the same verdict and
trace under either version; what re-running tells is whether the engine changed since the run it is compared with
(a saved version's recorded verdict and trace digest, or its recorded citations; a curated scenario's indexed
citations and its expectations), and which cited passages the new version no longer has.  Those whose verdict or
trace changed come first.  This module decides nothing about rules: it compares what the engine and the diff say.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable

from judge.runner.execute import InvalidScenario

if TYPE_CHECKING:
    from judge.corpus.diff import Change, CorpusDiff
    from judge.corpus.model import Document
    from judge.messages import Message

CR_PREFIX = "cr-en/"


def trace_digest(trace_json: dict[str, Any]) -> str:
    """SHA-256 of a trace's steps without their boards (how many boards a run carries depends on its budget,
    not on the rules): two runs with the same digest took the same steps, citing the same rules."""
    steps = [{k: v for k, v in step.items() if k != "board"} for step in trace_json.get("steps", [])]
    body = json.dumps({"stopped": trace_json.get("stopped"), "ok": trace_json.get("ok"), "steps": steps},
                      ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def cited_number(ref: str) -> str | None:
    """The CR number a citation names when it names one of the English CR: `cr-en/704.5a`, a bare `704.5a`."""
    from judge.store.keys import RULE_NUMBER

    ref = ref.strip().rstrip(".")
    tail = ref[len(CR_PREFIX):] if ref.startswith(CR_PREFIX) else ref
    return tail if "/" not in tail and RULE_NUMBER.match(tail) else None


def changed_rules(diff: "CorpusDiff") -> dict[str, "Change"]:
    """Old number → its change, for the rules a citation of the old version may no longer say (not "added")."""
    return {c.old: c for c in diff.rules if c.old and c.kind != "added"}


@dataclass(frozen=True)
class Concern:
    """A changed rule a scenario cites: the number cited, what happened to it, where its text went (renumbered),
    and the steps citing it (empty when not re-run and not known)."""
    number: str
    kind: str
    new: str | None
    steps: tuple[int, ...] = ()
    similarity: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "steps": list(self.steps), "similarity": round(self.similarity, 3)}


@dataclass
class Rerun:
    """One scenario run again with today's engine.  `ok` None: the scenario no longer loads (`errors`).
    `before_*`: what the compared run recorded (None: nothing recorded); `changed` lists what differs: "verdict",
    "trace" (its digest), "citations" (the set of rules cited); `missing`: cited CR passages the new version
    does not have."""
    ok: bool | None
    verdict: str                   # the verdict line in Spanish
    steps: int
    digest: str
    errors: list[str] = field(default_factory=list)       # each problem's line in Spanish
    missing: list[str] = field(default_factory=list)
    before_ok: bool | None = None
    before_digest: str | None = None
    changed: list[str] = field(default_factory=list)
    # The same verdict and problems as messages ({id, params}; a problem's {path, message}, its message None where
    # it has none), so the command's --lang and the pages say them in their language (rerun_said).
    verdict_message: dict[str, Any] | None = None
    error_messages: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def rerun_said(rerun: dict[str, Any], lang: str) -> tuple[str, list[str]]:
    """A re-run's (verdict line, problems' lines) in `lang` from its JSON (Rerun.to_json), from the messages beside
    them; the Spanish lines where there are none (JSON stored before they were kept)."""
    from judge.messages import DEFAULT_LANGUAGE, Message

    if lang == DEFAULT_LANGUAGE:
        return rerun.get("verdict") or "", list(rerun.get("errors") or ())
    said = rerun.get("verdict_message")
    verdict = Message.from_json(said).render(lang) if said else rerun.get("verdict") or ""
    errors = list(rerun.get("errors") or ())
    for i, e in enumerate(rerun.get("error_messages") or ()):
        if e.get("message") and i < len(errors):
            text = Message.from_json(e["message"]).render(lang)
            errors[i] = f"{e['path']}: {text}" if e.get("path") else text
    return verdict, errors


@dataclass
class Affected:
    """A curated or saved scenario whose steps cite a changed rule; `rerun` None when not re-run."""
    source: str                    # "curated" | "saved"
    ruleset: str
    name: str
    title: str
    url: str
    rules: list[Concern]
    rules_version: str | None = None     # saved: the CR version it was run under ("" none, None not recorded)
    rerun: Rerun | None = None

    @property
    def changed(self) -> bool:
        return bool(self.rerun and (self.rerun.changed or self.rerun.ok is None))

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "ruleset": self.ruleset, "name": self.name, "title": self.title,
                "url": self.url, "rules": [c.to_json() for c in self.rules], "rules_version": self.rules_version,
                "changed": self.changed, "rerun": self.rerun.to_json() if self.rerun else None}


@dataclass
class Impact:
    """The affected scenarios of one diff, those whose verdict or trace changed first; `checked`: how many
    curated and saved scenarios were looked at."""
    old_version: str
    new_version: str
    scenarios: list[Affected]
    checked: dict[str, int]
    rerun: bool
    not_rerun: int = 0          # affected ones left without a re-run by the bound on re-runs

    def to_json(self) -> dict[str, Any]:
        return {"old_version": self.old_version, "new_version": self.new_version, "rerun": self.rerun,
                "not_rerun": self.not_rerun,
                "checked": self.checked, "affected": len(self.scenarios),
                "changed": sum(1 for a in self.scenarios if a.changed),
                "scenarios": [a.to_json() for a in self.scenarios]}


@dataclass(frozen=True)
class CuratedInput:
    """A curated scenario as impact needs it: its catalog entry's fields and the citations of its indexed run
    (judge.web.examples' "cited"), with the steps citing each number ("rules")."""
    ruleset: str
    name: str
    title: str
    url: str
    source: str
    cited: tuple[str, ...]
    steps: dict[str, tuple[int, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class SavedInput:
    """A saved version as impact needs it (judge.store.models.ScenarioVersion's fields and its citation keys)."""
    id: str
    version: int
    ruleset: str
    title: str
    url: str
    source: str
    fmt: str
    keys: frozenset[str]
    rules_version: str | None
    run_ok: bool | None
    run_digest: str | None


# (ok, the verdict: its Message, or a Spanish line, trace JSON) of a scenario's source and format
Runner = Callable[[str, str | None], tuple[bool, "str | Message", dict[str, Any]]]


def run_source(source: str, fmt: str | None) -> tuple[bool, "str | Message", dict[str, Any]]:
    """(ok, verdict message, trace JSON) of a scenario run with the engine's default limits; InvalidScenario when
    it no longer loads."""
    from judge.runner import execute

    scenario = execute.load(source, fmt)
    trace = execute.run(scenario, board_budget=0)
    return trace.ok, execute.verdict(trace).message, trace.to_json()


def _concerns(numbers: Iterable[str], changes: dict[str, "Change"],
              steps: dict[str, tuple[int, ...]]) -> list["Concern"]:
    found = []
    for n in sorted(set(numbers), key=_order_key):
        c = changes.get(n)
        if c is not None:
            found.append(Concern(n, c.kind, c.new if c.kind == "renumbered" else None, steps.get(n, ()),
                                 c.similarity))
    return found


def _order_key(number: str) -> tuple[Any, ...]:
    parts = number.replace(".", " ").split()
    return tuple((int(p) if p.isdigit() else 0, p) for p in parts)


def _steps_by_number(trace_json: dict[str, Any]) -> dict[str, tuple[int, ...]]:
    out: dict[str, list[int]] = {}
    for step in trace_json.get("steps", []):
        for ref in step.get("citations") or []:
            n = cited_number(str(ref))
            if n and step["number"] not in out.setdefault(n, []):
                out[n].append(step["number"])
    return {n: tuple(s) for n, s in out.items()}


def _refs(trace_json: dict[str, Any]) -> set[str]:
    return {str(r) for step in trace_json.get("steps", []) for r in step.get("citations") or []}


def _missing(refs: Iterable[str], new_numbers: set[str]) -> list[str]:
    return sorted((r for r in refs if (n := cited_number(r)) is not None and n not in new_numbers), key=str)


def _rerun(run: Runner, source: str, fmt: str | None, new_numbers: set[str]) -> tuple[Rerun, dict[str, Any]]:
    from judge.messages import message_json, render

    try:
        ok, said, trace = run(source, fmt)
    except InvalidScenario as exc:
        return Rerun(None, "", 0, "", errors=[str(p) for p in exc.problems],
                     error_messages=[{"path": p.path, "message": message_json(p.said) if p.said else None}
                                     for p in exc.problems]), {}
    refs = _refs(trace)
    return Rerun(ok, render(said), len(trace.get("steps", [])), trace_digest(trace),
                 missing=_missing(refs, new_numbers), verdict_message=message_json(said)), trace


def _numbers(refs: Iterable[str]) -> set[str]:
    return {n for r in refs if (n := cited_number(r)) is not None}


def _leaf_numbers(keys: Iterable[str]) -> set[str]:
    """The CR numbers a saved run surely cited itself: its `cr-en/` citation keys that are no other key's parent
    (judge.store.keys stores every cited rule with the rules above it, so a parent may or may not be cited)."""
    from judge.store.keys import number_and_parents

    numbers = {k[len(CR_PREFIX):] for k in keys if k.startswith(CR_PREFIX)}
    parents = {p for n in numbers for p in number_and_parents(n)[1:]}
    return numbers - parents


class Budget:
    """How many more scenarios may be re-run (None: all); the web bounds a request's work with it."""

    def __init__(self, left: int | None) -> None:
        self.left, self.skipped = left, 0

    def take(self, count_skip: bool = True) -> bool:
        if self.left is None:
            return True
        if self.left <= 0:
            self.skipped += count_skip
            return False
        self.left -= 1
        return True


def curated_impact(items: Iterable[CuratedInput], changes: dict[str, "Change"], new_numbers: set[str],
                   run: Runner | None, budget: Budget | None = None) -> list[Affected]:
    """The curated scenarios whose indexed run cites a changed rule; re-run with `run` when given (compared with
    the indexed citations, and with the scenario's own expectations: a curated scenario is meant to pass)."""
    found = []
    for item in items:
        numbers = _numbers(item.cited)
        if not numbers & changes.keys():
            continue
        affected = Affected("curated", item.ruleset, item.name, item.title, item.url,
                            _concerns(numbers, changes, item.steps))
        if run is not None and (budget is None or budget.take()):
            rerun, trace = _rerun(run, item.source, "yaml", new_numbers)
            if rerun.ok is not None:
                rerun.before_ok = True
                if not rerun.ok:
                    rerun.changed.append("verdict")
                if _refs(trace) != set(item.cited):
                    rerun.changed.append("citations")
                now = _numbers(_refs(trace))
                affected.rules = _concerns(now | (numbers & changes.keys()), changes, _steps_by_number(trace))
            affected.rerun = rerun
        found.append(affected)
    return found


def saved_impact(rows: Iterable[SavedInput], changes: dict[str, "Change"], new_numbers: set[str],
                 run: Runner | None, budget: Budget | None = None) -> list[Affected]:
    """The saved versions whose recorded citations name a changed rule; re-run with `run` when given, compared
    with the verdict and trace digest recorded when saved (rows from before revision 0003: their citations)."""
    from judge.store.keys import citation_keys

    found = []
    for row in rows:
        hit = _leaf_numbers(row.keys) & changes.keys()
        trace: dict[str, Any] = {}
        rerun = None
        # a candidate with no leaf key among the changes is re-run to know (and is no skip if it cannot be)
        if run is not None and (budget is None or budget.take(count_skip=bool(hit))):
            rerun, trace = _rerun(run, row.source, row.fmt, new_numbers)
            # the re-run's own citations say exactly which changed rules its steps cite now
            hit |= _numbers(_refs(trace)) & changes.keys()
        if not hit:
            continue
        affected = Affected("saved", row.ruleset, f"{row.id} v{row.version}", row.title, row.url,
                            _concerns(hit, changes, {}), rules_version=row.rules_version)
        if rerun is not None:
            if rerun.ok is not None:
                rerun.before_ok, rerun.before_digest = row.run_ok, row.run_digest
                if row.run_ok is not None and row.run_ok != rerun.ok:
                    rerun.changed.append("verdict")
                if row.run_digest is not None and row.run_digest != rerun.digest:
                    rerun.changed.append("trace")
                keys: set[str] = set()
                for ref in _refs(trace):
                    keys |= citation_keys(ref)
                if keys != set(row.keys):
                    rerun.changed.append("citations")
                affected.rules = _concerns(hit, changes, _steps_by_number(trace))
            affected.rerun = rerun
        found.append(affected)
    return found


def impact(diff: "CorpusDiff", new: "Document", curated: Iterable[CuratedInput], saved: Iterable[SavedInput],
           run: Runner | None = run_source, max_reruns: int | None = None) -> Impact:
    """Every curated and saved scenario citing a rule `diff` changed, re-run with `run` (None: only listed; at most
    `max_reruns` of them, the rest listed only); those whose verdict or trace changed first, then those citing a
    passage `new` no longer has."""
    changes = changed_rules(diff)
    new_numbers = {p.number for p in new.passages if p.kind == "rule" and p.number}
    curated = list(curated)
    saved = list(saved)
    budget = Budget(max_reruns)
    found = curated_impact(curated, changes, new_numbers, run, budget) + \
        saved_impact(saved, changes, new_numbers, run, budget)
    found.sort(key=lambda a: (not a.changed, not (a.rerun and a.rerun.missing), a.source != "curated",
                              a.ruleset, a.name))
    return Impact(diff.old_version, diff.new_version, found, {"curated": len(curated), "saved": len(saved)},
                  rerun=run is not None, not_rerun=budget.skipped)
