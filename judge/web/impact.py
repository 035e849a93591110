"""The scenarios a rules change touches, gathered for judge.runner.impact: the curated ones from the examples
index (judge.web.examples, cached in the instance folder: their citations are not re-run to be found), the saved
ones from the database (candidates by citation key, one query).  Shared by `judge corpus impact`, the changes
page (/cambios/<old>..<new>) and its re-run page (/cambios/<old>..<new>/escenarios); a saved version's page
asks `cited_changes` whether a rule it cites changed since it was run.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

from judge.runner.impact import CR_PREFIX, CuratedInput, Impact, Runner, SavedInput, changed_rules, cited_number
from judge.runner.impact import impact as compute_impact
from judge.runner.impact import run_source

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from judge.corpus import Corpus
    from judge.corpus.diff import CorpusDiff
    from judge.corpus.model import Document

PERMALINK = "/escenarios/guardados/{id}"

_lock = threading.Lock()
_diffs: dict[tuple[int, str, str], tuple[Any, "CorpusDiff"]] = {}


def diff_of(corpus: "Corpus", old: "Document", new: "Document") -> "CorpusDiff":
    """The diff of two loaded versions, computed once per loaded corpus (a page asks it on every view)."""
    from judge.corpus.diff import diff_documents

    key = (id(corpus), old.id, new.id)
    with _lock:
        hit = _diffs.get(key)
        if hit is not None and hit[0] is corpus:
            return hit[1]
    result = diff_documents(old, new)
    with _lock:
        if len(_diffs) > 16:           # a reloaded corpus leaves its entries behind: keep a few only
            _diffs.clear()
        _diffs[key] = (corpus, result)  # the corpus is kept with it, so its id cannot be reused meanwhile
    return result


def curated_inputs(instance: Path | None, root: Path | None = None) -> list[CuratedInput]:
    """Every curated scenario with the citations of its run, from the examples index (built once and cached)."""
    from judge.runner.catalog import curated
    from judge.web import examples

    found = examples.index(root, instance=instance)
    steps: dict[str, dict[str, tuple[int, ...]]] = {}
    for number, listed in found["rules"].items():
        for e in listed:
            steps.setdefault(e["url"], {})[number] = tuple(e["steps"])
    out = []
    for item in curated(root):
        if item.problem or item.url not in found["cited"]:
            continue
        out.append(CuratedInput(item.ruleset, item.name, item.title, item.url,
                                item.path.read_text(encoding="utf-8"), tuple(found["cited"][item.url]),
                                steps.get(item.url, {})))
    return out


def saved_inputs(engine: "Engine | None", numbers: Iterable[str]) -> list[SavedInput]:
    """The saved versions whose citation keys name one of `numbers` in the English CR (or a rule below it)."""
    if engine is None:
        return []
    from judge.store import saved

    rows = saved.citing_any(engine, {CR_PREFIX + n for n in numbers})
    out = []
    for row in rows:
        keys = frozenset(saved.citations_of(engine, row))
        out.append(SavedInput(row.id, row.version, row.ruleset, row.title, PERMALINK.format(id=row.id),
                              row.source, row.format, keys, row.rules_version, row.run_ok, row.run_digest))
    return out


def scenarios_impact(diff: "CorpusDiff", new: "Document", instance: Path | None,
                     saved: Callable[[set[str]], list[SavedInput]], rerun: bool = True, run: Runner = run_source,
                     root: Path | None = None, max_reruns: int | None = None) -> Impact:
    """judge.runner.impact over every curated scenario and the saved candidates of `diff` (`saved(numbers)`:
    the saved versions citing one of those changed numbers, e.g. `lambda n: saved_inputs(engine, n)`)."""
    changes = changed_rules(diff)
    return compute_impact(diff, new, curated_inputs(instance, root), saved(set(changes)),
                          run if rerun else None, max_reruns=max_reruns)


def cited_changes(corpus: "Corpus", recorded: str | None, refs: Iterable[str]) -> dict[str, Any]:
    """What a saved run's page says about its citations: `state` "not-recorded" (saved before versions were
    recorded), "no-cr" (no CR imported then), "current" (run under the loaded version), "not-loaded" (that
    version is no longer loaded) or "changed" / "unchanged" since; with "changed", the cited rules that changed
    (`rules`: number, kind, new) and the diff's URL."""
    from judge.web.links import VERSIONED_DOC, rule_url, versioned_rule_url

    current = corpus.documents.get(VERSIONED_DOC)
    info: dict[str, Any] = {"recorded": recorded, "current": current.version if current else None,
                            "rules": [], "diff_url": None}
    if recorded is None:
        return {**info, "state": "not-recorded"}
    if recorded == "":
        return {**info, "state": "no-cr"}
    if current is not None and current.version == recorded:
        return {**info, "state": "current"}
    old = corpus.version(VERSIONED_DOC, recorded)
    if old is None or current is None:      # that version, or any CR at all, is no longer loaded
        return {**info, "state": "not-loaded"}
    changes = changed_rules(diff_of(corpus, old, current))
    cited = sorted({n for r in refs if (n := cited_number(str(r))) is not None and n in changes})
    rules = []
    for n in cited:
        moved = changes[n].new if changes[n].kind == "renumbered" else None
        rules.append({"number": n, "kind": changes[n].kind, "new": moved,
                      "old_url": versioned_rule_url(n, recorded), "new_url": rule_url(moved) if moved else None})
    return {**info, "state": "changed" if rules else "unchanged", "rules": rules,
            "diff_url": f"/cambios/{recorded}..{current.version}"}
