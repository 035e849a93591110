"""Examples: the curated scenarios whose steps cite a rule (rule pages) and those that use a card (card pages).

Running the 80 curated scenarios takes seconds (17–50 under load), so the index is computed once and cached: in
memory, and in the instance folder (examples.json) so that a restarted server does not run them again; `judge
index` builds it when stale, and a request never waits for it more than a second (`ready`: the build goes on in
the background and the page says so). Both are keyed by the curated
files' names, sizes and modification times, and by the engine's source files (an engine change can change what a
step cites); the files are looked at no more than once a second. The web layer decides no rule: the citations are
the engine's, read from each scenario's trace.
"""
from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import threading
import time
import unicodedata
from pathlib import Path
from typing import Any, Iterator

import judge.web.viewer  # noqa: F401  (the page texts, "Ejemplos" among them, live there)

CHECK_INTERVAL = 1.0
MAX_LISTED = 30
_RULE = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?$")
_ZONE_KEYS = ("hand", "library", "deck", "graveyard", "exile", "discard", "battlefield", "board")

_lock = threading.Lock()
_memo: dict[str, tuple[tuple[Any, ...], dict[str, Any], float]] = {}


def fold(text: str) -> str:
    """A name without case or accents ("Cisnes de Bryn Árgoll" → "cisnes de bryn argoll")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def _number(ref: str) -> str | None:
    """The rule number a citation names: cr-en/704.5g, cr-es/121.4, a bare 704.5f; None for other passages."""
    tail = ref.rsplit("/", 1)[-1].rstrip(".")
    return tail if _RULE.match(tail) else None


def _card_names(document: Any) -> set[str]:
    """Every card a scenario names: its inline card definitions and the cards in the players' zones."""
    names: set[str] = set()
    if not isinstance(document, dict):
        return names
    cards = document.get("cards")
    if isinstance(cards, dict):
        names.update(str(k) for k in cards)
    for player in document.get("players") or []:
        if not isinstance(player, dict):
            continue
        for zone in _ZONE_KEYS:
            for entry in player.get(zone) or []:
                if isinstance(entry, str):
                    names.add(entry)
                elif isinstance(entry, dict) and isinstance(entry.get("card"), str):
                    names.add(entry["card"])
    return names


def _fingerprint(root: Path) -> tuple[Any, ...]:
    from judge import config

    entries: list[tuple[str, int, int]] = []
    folders = [root, config.PACKAGE_DIR / "engine"]
    for folder in folders:
        if folder.is_dir():
            for path in sorted(folder.rglob("*")):
                if path.suffix in (".yaml", ".py") and path.is_file():
                    st = path.stat()
                    entries.append((str(path), st.st_size, st.st_mtime_ns))
    return tuple(entries)


def build(root: Path) -> dict[str, Any]:
    """{"rules": {number: [example]}, "cards": {folded name: [example]}, "cited": {url: [ref]}, "first": {url:
    {ref: step}}}; an example is {ruleset, name, title, url, steps} (the numbers of the steps citing the rule; for
    a card, those whose text names it, the setup's left out); "cited" holds every citation of each scenario's run
    (the library's search by cited rule reads it); "first" the first step citing each passage (a card page's
    "ver en acción" opens its scenario at the step citing the ruling)."""
    from judge.runner import execute
    from judge.runner.catalog import curated

    rules: dict[str, list[dict[str, Any]]] = {}
    cards: dict[str, list[dict[str, Any]]] = {}
    every: dict[str, list[str]] = {}
    first: dict[str, dict[str, int]] = {}
    for item in curated(root):
        if item.problem:
            continue
        try:
            scenario = execute.load(item.path.read_text(encoding="utf-8"), "yaml")
            trace = execute.run(scenario, board_budget=1)
        except Exception:  # noqa: BLE001  (a broken curated file is reported by its own page, not here)
            continue
        base = {"ruleset": item.ruleset, "name": item.name, "title": item.title, "url": item.url}
        cited: dict[str, list[int]] = {}
        refs: set[str] = set()
        firsts = first.setdefault(item.url, {})
        steps_json = trace.to_json().get("steps", [])
        for step in steps_json:
            for ref in step.get("citations") or []:
                refs.add(str(ref))
                firsts.setdefault(str(ref), step["number"])
                number = _number(str(ref))
                if number and step["number"] not in cited.setdefault(number, []):
                    cited[number].append(step["number"])
        for number, steps in cited.items():
            rules.setdefault(number, []).append({**base, "steps": steps})
        for name in sorted(_card_names(getattr(scenario, "document", None))):
            # The steps whose text names the card (the engine writes "Ogro gris (ogro)"), where it is seen acting.
            said = [s["number"] for s in steps_json if s.get("kind") != "setup" and fold(name) in fold(s.get("summary") or "")]
            cards.setdefault(fold(name), []).append({**base, "steps": said[:MAX_LISTED]})
        every[item.url] = sorted(refs)
    return {"rules": rules, "cards": cards, "cited": every, "first": first}


WAIT = 1.0                  # seconds a request waits for a build before it is served without the examples
_building: dict[str, threading.Thread] = {}


def index(root: Path | None = None, instance: Path | None = None) -> dict[str, Any]:
    """The examples of the curated scenarios under `root`, computed once per version of the files (this call
    builds them when stale: `judge index` and the tests; a request uses `ready`)."""
    root, key, fingerprint = _where(root)
    hit = _known(key, fingerprint, instance)
    if hit is not None:
        return hit
    with _build_lock(instance):
        hit = _known(key, fingerprint, instance)   # another process may have built it while this one waited
        if hit is not None:
            return hit
        data = build(root)
        _write(instance, key, fingerprint, data)
    with _lock:
        _memo[key] = (fingerprint, data, time.monotonic())
    return data


def ready(root: Path | None = None, instance: Path | None = None, wait: float = WAIT) -> dict[str, Any] | None:
    """The examples when they are known (memory or examples.json), else None after at most `wait` seconds: the
    build goes on in a background thread of this process (one per folder), and the pages say so meanwhile. The
    first rule page of a process no longer waits the 17–50 s of running every curated scenario."""
    root, key, fingerprint = _where(root)
    hit = _known(key, fingerprint, instance)
    if hit is not None:
        return hit
    with _lock:
        thread = _building.get(key)
        if thread is None or not thread.is_alive():
            thread = _building[key] = threading.Thread(target=index, args=(root, instance), daemon=True,
                                                       name="examples-index")
            thread.start()
    thread.join(wait)
    with _lock:
        hit = _memo.get(key)
    return hit[1] if hit is not None and hit[0] == fingerprint else None


def _where(root: Path | None) -> tuple[Path, str, tuple[Any, ...]]:
    """(root, its key, its fingerprint), the fingerprint looked at no more than once a second."""
    from judge.runner.catalog import scenarios_dir

    root = Path(root or scenarios_dir())
    key = str(root)
    with _lock:
        hit = _memo.get(key)
        now = time.monotonic()
        if hit is not None and now - hit[2] < CHECK_INTERVAL:
            return root, key, hit[0]
    fingerprint = _fingerprint(root)
    with _lock:
        hit = _memo.get(key)
        if hit is not None and hit[0] == fingerprint:
            _memo[key] = (fingerprint, hit[1], time.monotonic())
    return root, key, fingerprint


def _known(key: str, fingerprint: tuple[Any, ...], instance: Path | None) -> dict[str, Any] | None:
    """The examples of this fingerprint from memory, else from the instance's examples.json (kept in memory)."""
    with _lock:
        hit = _memo.get(key)
        if hit is not None and hit[0] == fingerprint:
            return hit[1]
    cache = Path(instance) / "examples.json" if instance else None
    if cache is None or not cache.is_file():
        return None
    try:
        stored = json.loads(cache.read_text(encoding="utf-8"))
        if stored.get("fingerprint") != json.dumps(fingerprint) or stored.get("root") != key \
                or "first" not in stored["examples"]:   # (a file written before "first" existed is built again)
            return None
        data = stored["examples"]
    except (OSError, ValueError, KeyError, AttributeError, TypeError):
        return None
    with _lock:
        _memo[key] = (fingerprint, data, time.monotonic())
    return data


def _write(instance: Path | None, key: str, fingerprint: tuple[Any, ...], data: dict[str, Any]) -> None:
    if instance is None:
        return
    cache = Path(instance) / "examples.json"
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_name(f"examples.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"root": key, "fingerprint": json.dumps(fingerprint), "examples": data},
                                  ensure_ascii=False), encoding="utf-8")
        tmp.replace(cache)          # atomic for readers: the old file or the new, never half of one
    except OSError:
        pass


@contextlib.contextmanager
def _build_lock(instance: Path | None) -> Iterator[None]:
    """One build at a time per instance across the machine's processes (the workers of `judge serve --prod`):
    the others wait for it and read its file instead of running every scenario again."""
    if instance is None:
        yield
        return
    try:
        Path(instance).mkdir(parents=True, exist_ok=True)
        handle = open(Path(instance) / "examples.lock", "a+b")
    except OSError:                   # a read-only instance: build without the lock
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _wait() -> float:
    """EXAMPLES_WAIT: seconds a request waits for a build (default 1; a TESTING app waits for it to end, so the
    tests see the examples they check)."""
    from flask import current_app

    value = current_app.config.get("EXAMPLES_WAIT")
    if value is None:
        return 3600.0 if current_app.testing else WAIT
    try:
        return max(0.0, float(value))
    except (TypeError, ValueError):
        return WAIT


def building() -> bool:
    """Whether this request was served without the examples because they are being built (set by for_rule and
    the others): the page says so and the page cache does not keep it."""
    from flask import g, has_request_context

    return has_request_context() and bool(g.get("examples_building"))


def _ready_or_note() -> dict[str, Any]:
    from flask import g, has_request_context

    found = ready(instance=_instance(), wait=_wait()) if has_request_context() else index(instance=_instance())
    if found is None:
        g.examples_building = True
        return {"rules": {}, "cards": {}, "cited": {}, "first": {}}
    return found


def _instance() -> Path | None:
    from flask import current_app

    try:
        return Path(current_app.config["INSTANCE"])
    except (RuntimeError, KeyError, TypeError):
        return None


def for_rule(number: str) -> list[dict[str, Any]]:
    """The curated scenarios with a step citing `number` or one of its sub-rules (704 → 704.5g), the exact
    number first."""
    rules = _ready_or_note()["rules"]
    number = str(number).rstrip(".")
    exact = list(rules.get(number, []))
    seen = {e["url"] for e in exact}
    below: list[dict[str, Any]] = []
    for other, examples in rules.items():
        if other != number and (other.startswith(number + ".") or (
                "." in number and other.startswith(number) and other[len(number):].isalpha())):
            for e in examples:
                if e["url"] not in seen:
                    seen.add(e["url"])
                    below.append({**e, "via": other})
    found = exact + sorted(below, key=lambda e: (e["ruleset"], e["name"]))
    return found[:MAX_LISTED]


def for_card(name: str) -> list[dict[str, Any]]:
    return _ready_or_note()["cards"].get(fold(name), [])[:MAX_LISTED]


def first_step(url: str, ref: str) -> int | None:
    """The first step of the curated scenario at `url` citing the passage `ref` (None: none does)."""
    return _ready_or_note()["first"].get(url, {}).get(ref)


def card_step(url: str, name: str) -> int | None:
    """The first step of the curated scenario at `url` whose text names the card `name` (None: none does)."""
    for e in _ready_or_note()["cards"].get(fold(name), []):
        if e["url"] == url and e["steps"]:
            return e["steps"][0]
    return None


def cited_index() -> dict[str, list[str]]:
    """Every curated scenario's citations by its URL, as a request sees them (empty while being built, and the
    request says so: `building`). The same dict while the examples are unchanged (the library's search table is
    kept per dict)."""
    return _ready_or_note()["cited"]


def cited_by(url: str, root: Path | None = None) -> list[str]:
    """Every citation of the run of the curated scenario at `url` (none for a broken or unknown one)."""
    if root is not None:
        return index(root, instance=_instance())["cited"].get(url, [])
    return _ready_or_note()["cited"].get(url, [])
