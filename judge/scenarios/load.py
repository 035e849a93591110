"""Loading a scenario from YAML, JSON, a file or a mapping, with size limits, then validating it.

Only `yaml.safe_load` is used. A YAML alias bomb (a few lines of anchors that expand to billions of nodes) is
rejected twice: the text is bounded before parsing, and the parsed tree is walked with a node budget (the walk
stops at the budget, so a shared-reference bomb never gets walked in full).

Nesting deeper than MAX_DEPTH is an error at the path where it starts (``players[1].extra.a[0]…``), reported with
every other field error: the too-deep parts are cut off before the validator sees the document, so neither it nor
anything after it meets the deep data. Text whose brackets nest that deep, or whose YAML blocks nest so deep that
the composer would overflow the stack (a few hundred levels), has those parts cut out first, each replaced by a
null at the same line and column (found without recursion and before any parser runs: a scan of JSON's tokens,
and for YAML one linear scan of the text, depth.py; PyYAML's event parser only for what that scan undercounts),
and what is left is parsed (read_text).
"""
from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from judge.scenarios import unicode
from judge.format import timelimit
from judge.scenarios.depth import deep_spans
from judge.format.errors import FieldError, ScenarioError
from judge.format.model import Scenario
from judge.format.validate import MAX_STRING, MAX_TEXT, Checker, join
from judge.messages import Message

MAX_DOCUMENT_BYTES = 1_000_000     # text of a scenario before parsing
MAX_NODES = 200_000                # values in the parsed tree (after alias expansion)
MAX_DEPTH = 12                     # nesting of maps and lists
MAX_DEPTH_ERRORS = 50              # too-deep places reported one by one; the last one counts the rest
MAX_STEP_LIMIT = 10_000
TOP_KEYS = ("ruleset", "title", "description", "illustrates", "seed", "step_limit",
            "cards", "players", "turn", "actions", "expect")


def load_scenario(source: str | bytes | Path | Mapping[str, Any], *, fmt: str | None = None) -> Scenario:
    """Parse and validate a scenario. Raises ScenarioError listing every problem, each with its field path.

    `source`: YAML/JSON text (str or bytes), a Path to a .yaml/.yml/.json file, or an already parsed mapping.
    `fmt`: "yaml", "json" or None (sniffed: a document starting with ``{`` is JSON, else YAML).
    """
    if fmt not in (None, "yaml", "json"):
        raise ValueError(f"fmt must be 'yaml', 'json' or None, not {fmt!r}")
    if isinstance(source, Path):
        doc = _read_file(source, fmt)
    elif isinstance(source, (str, bytes)):
        doc = parse_text(source, fmt)
    elif isinstance(source, Mapping):
        doc = source
    else:
        raise ScenarioError([FieldError("", Message("format.load.source", kind=type(source).__name__))])
    return validate_tree(doc)


def _read_file(path: Path, fmt: str | None) -> Any:
    try:
        size = path.stat().st_size
        if size > MAX_DOCUMENT_BYTES:
            raise ScenarioError([FieldError("", Message("format.load.too_big", size=size,
                                                        max=MAX_DOCUMENT_BYTES))])
        data = path.read_bytes()
    except OSError as exc:
        raise ScenarioError([FieldError("", Message("format.load.unreadable", path=str(path),
                                                         reason=str(exc.strerror or exc)))]) from None
    if fmt is None and path.suffix.lower() == ".json":
        fmt = "json"
    return parse_text(data, fmt)


def parse_text(text: str | bytes, fmt: str | None = None) -> Any:
    """YAML or JSON text → plain data, with the size bounded before parsing and errors naming the line."""
    return read_text(text, fmt)[0]


def read_text(text: str | bytes, fmt: str | None = None) -> tuple[Any, str]:
    """parse_text's data and the text it parsed: decoded, with any part nested too deep for the parsers replaced
    by `null` (every other line and column where it was), so the builder composes that text for its lines
    without finding the deep parts a second time."""
    if len(text) > MAX_DOCUMENT_BYTES:
        raise ScenarioError([FieldError("", Message("format.load.too_big" if isinstance(text, bytes) else
                                                    "format.load.too_big_text", size=len(text),
                                                    max=MAX_DOCUMENT_BYTES))])
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ScenarioError([FieldError("", Message("format.load.not_utf8", byte=exc.start))]) from None
    if not text.strip():
        raise ScenarioError([FieldError("", Message("format.load.empty"))])
    if fmt is None:
        fmt = "json" if text.lstrip().startswith("{") else "yaml"
    with timelimit.stage("depth"):      # each stage looks at the request's deadline, if any (timelimit.py)
        if fmt == "yaml":
            # One linear scan finds the collections nested too deep (depth.py) and cuts them out before PyYAML
            # runs: its scanner would spend seconds on 100,000 brackets, and its composer recurses once per level.
            spans = deep_spans(text, _CUT_LEVEL)
            if spans:
                text = _cut(text, spans)
        elif _brackets_reach(text, _CUT_LEVEL):
            # JSON brackets nested deeper than MAX_DEPTH: json.loads would recurse once per level.
            text = _without_deep_parts(text, fmt)
    try:
        with timelimit.stage("parse"):
            return _mended(_parse(text, fmt), text), text
    except RecursionError:
        pass
    # What the linear scan undercounts (a construct it does not follow, nested hundreds deep): PyYAML's own events
    # find those parts exactly (slower, still linear), then what is left is parsed.
    with timelimit.stage("depth"):
        text = _without_deep_parts(text, fmt)
    try:
        with timelimit.stage("parse"):
            return _mended(_parse(text, fmt), text), text
    except RecursionError:  # depth the spans did not account for: still an answer, never a traceback
        raise ScenarioError([FieldError("", Message("format.load.too_deep", max=MAX_DEPTH))]
                            ) from None


def _mended(doc: Any, text: str) -> Any:
    """The parsed `doc` with its surrogate escapes read as characters, or marked invalid (unicode.py)."""
    return unicode.mend(doc) if unicode.may_hold_surrogates(text) else doc


def _parse(text: str, fmt: str) -> Any:
    """json.loads / yaml.safe_load with their errors as ScenarioError naming the line; RecursionError passes."""
    if fmt == "json":
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise ScenarioError([FieldError("", Message("format.load.bad_json", line=exc.lineno, column=exc.colno,
                                                        problem=exc.msg))]) from None
    try:
        # yaml.safe_load with a clock: SafeLoader's constructors (nothing else), looking at the deadline per token.
        return yaml.load(text, Loader=BoundedSafeLoader)  # noqa: S506 - a SafeLoader subclass, see below
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = str(exc.problem or exc.context)     # PyYAML's own words, in English in every language
        said = Message("format.load.bad_yaml_at", line=mark.line + 1, column=mark.column + 1, problem=problem) \
            if mark else Message("format.load.bad_yaml", problem=problem)
        raise ScenarioError([FieldError("", said)]) from None
    except yaml.YAMLError as exc:
        raise ScenarioError([FieldError("", Message("format.load.bad_yaml", problem=str(exc)))]) from None


# The nesting (counting the document itself as 1) of a collection that sits MAX_DEPTH + 1 levels down: the first
# level _bound_tree reports, so a null put in its place is reported at the same path.
_CUT_LEVEL = MAX_DEPTH + 2
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')   # a string (maybe unterminated) or a bracket
_BRACKET = re.compile(r"[\[\]{}]")


def _brackets_reach(text: str, level: int) -> bool:
    """Whether brackets nest `level` deep in `text`, counting every one (in strings and comments too): a cheap
    first look, True for every text with flow collections that deep and for a few odd others."""
    if text.count("[") + text.count("{") < level:
        return False
    depth = 0
    for m in _BRACKET.finditer(text):
        if m.group() in "[{":
            depth += 1
            if depth >= level:
                return True
        elif depth:
            depth -= 1
    return False


def _deep_spans_json(text: str) -> list[tuple[int, int]]:
    """(start, end) of every outermost collection nested _CUT_LEVEL deep in JSON text; strings are skipped, so a
    bracket inside one does not count. Malformed text gives what it gives: parsing the rest says where it is."""
    spans: list[tuple[int, int]] = []
    depth, start = 0, -1
    for m in _JSON_TOKEN.finditer(text):
        token = m.group()
        if token in "[{":
            depth += 1
            if depth == _CUT_LEVEL:
                start = m.start()
        elif token in "]}":
            if depth == _CUT_LEVEL and start >= 0:
                spans.append((start, m.end()))
                start = -1
            depth -= 1
    if start >= 0:
        spans.append((start, len(text)))
    return spans


_FETCH = yaml.SafeLoader.fetch_more_tokens
_CONSTRUCT = yaml.SafeLoader.construct_object


class BoundedSafeLoader(yaml.SafeLoader):
    """yaml.safe_load's loader, unchanged but for a look at the request's deadline (judge.format.timelimit) every
    64 tokens it scans and every 256 values it builds: PyYAML's pure-Python parse costs ~10-30 µs a token, so a
    256 kB text could hold a worker for seconds under load with only its size bounded. SafeLoader's constructors
    are the only ones: nothing but plain data is ever built (the founders' rule: safe_load only). The base methods
    are called directly (no super()): the looks cost no measurable time (docs/benchmarks.md)."""

    _built = 0

    def fetch_more_tokens(self) -> None:
        if not self.tokens_taken & 63:
            timelimit.check()
        _FETCH(self)

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        self._built += 1
        if not self._built & 255:
            timelimit.check()
        return _CONSTRUCT(self, node, deep)


class _EventLoader(BoundedSafeLoader):
    """SafeLoader whose scanner keeps its "possible simple keys" in linear time, for _deep_spans_yaml only.

    PyYAML looks at every pending possible key (one per open flow collection, up to 1,024 characters back) for
    every token: 4 s for 5,000 nested brackets, minutes for a megabyte of them. The keys are kept in the order
    they were found, which is the order of their position in the text, so the stale ones are always the first
    ones and the earliest token number is the first key's: both methods below stop at the first key that stays.
    (Same events as SafeLoader; if PyYAML renamed these methods, the walk would only be slower again.)"""

    def stale_possible_simple_keys(self) -> None:
        stale = []
        for level, key in self.possible_simple_keys.items():
            if key.line == self.line and self.index - key.index <= 1024:
                break
            if key.required:
                raise yaml.scanner.ScannerError("while scanning a simple key", key.mark,
                                                "could not find expected ':'", self.get_mark())
            stale.append(level)
        for level in stale:
            del self.possible_simple_keys[level]

    def next_possible_simple_key(self) -> int | None:
        for key in self.possible_simple_keys.values():
            return key.token_number
        return None


def _deep_spans_yaml(text: str) -> list[tuple[int, int]]:
    """The same for YAML, from the parser's events: PyYAML's parser is iterative (only the composer, which turns
    events into nodes, recurses), so this walks any depth, in time linear in the text (_EventLoader). At a syntax
    error a collection still open is cut to the end of the text; parsing what is left then names the line."""
    spans: list[tuple[int, int]] = []
    depth, start = 0, -1
    try:
        for event in yaml.parse(text, Loader=_EventLoader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth == _CUT_LEVEL:
                    start = event.start_mark.index
            elif isinstance(event, yaml.CollectionEndEvent):
                if depth == _CUT_LEVEL and start >= 0:
                    spans.append((start, event.end_mark.index))
                    start = -1
                depth -= 1
    except yaml.YAMLError:
        if start >= 0:
            spans.append((start, len(text)))
    return spans


def _cut(text: str, spans: list[tuple[int, int]]) -> str:
    """`text` with each span replaced by `null`, padded with its line breaks and spaces so that the text after it
    keeps its line and column (errors name them; YAML's indentation after a block stays as it was)."""
    out: list[str] = []
    last = 0
    for start, end in spans:
        out.append(text[last:start])
        breaks = text.count("\n", start, end)
        if breaks:
            out.append("null" + "\n" * breaks + " " * (end - text.rindex("\n", start, end) - 1))
        else:
            out.append("null".ljust(end - start))
        last = end
    out.append(text[last:])
    return "".join(out)


def _without_deep_parts(text: str, fmt: str) -> str:
    """`text` ("json" or "yaml") with every collection nested deeper than MAX_DEPTH replaced by `null`, every
    other line and column where it was: what read_text parses when the text is too deep."""
    return _cut(text, _deep_spans_json(text) if fmt == "json" else _deep_spans_yaml(text))


# A place in the tree, its path built only when needed: (parent place, key or list index, whether it is an index),
# None for the document itself.
_Place = tuple[Any, Any, bool] | None


def _keys_of(place: _Place) -> list[tuple[Any, bool]]:
    keys: list[tuple[Any, bool]] = []
    while place is not None:
        place, key, index = place
        keys.append((key, index))
    return keys[::-1]


def _path_of(place: _Place) -> str:
    """``players[1].extra.a[0]``: list indexes in brackets, map keys after a dot (one that is not text as str())."""
    path = ""
    for key, index in _keys_of(place):
        path = join(path, key if index else str(key))
    return path


def _bound_tree(doc: Any) -> tuple[Any, list[FieldError], set[str]]:
    """Bound the parsed tree: at most MAX_NODES values (else ScenarioError at once: alias bombs stop early) and
    MAX_DEPTH levels. Returns the document with every value below MAX_DEPTH replaced by None (a copy of the
    containers above them only; `doc` is not changed), one error per such place in document order (at most
    MAX_DEPTH_ERRORS) and the paths of all of them."""
    budget = MAX_NODES
    deep: list[_Place] = []
    bad_text: list[tuple[_Place, unicode.InvalidText]] = []    # keys and values holding a lone surrogate
    stack: list[tuple[Any, int, _Place]] = [(doc, 0, None)]
    while stack:
        value, depth, place = stack.pop()
        budget -= 1
        if not budget & 1023:
            timelimit.check()           # the request's deadline, every 1,024 values (timelimit.py)
        if budget < 0:
            raise ScenarioError([FieldError("", Message("format.load.too_many_values", max=MAX_NODES))])
        if depth > MAX_DEPTH:
            deep.append(place)
            continue
        if isinstance(value, str):
            if (bad := unicode.invalid_text(value)) is not None:
                bad_text.append((place, bad))
            continue
        # Pushed last to first, so that they are popped (and reported) in the document's order.
        if isinstance(value, Mapping):
            items = list(value.items())
            for k, _ in items:
                if (bad := unicode.invalid_text(k)) is not None:
                    bad_text.append(((place, bad, False), bad))
            stack.extend((v, depth + 1, (place, k, False)) for k, v in reversed(items))
        elif isinstance(value, list):
            stack.extend((value[i], depth + 1, (place, i, True)) for i in range(len(value) - 1, -1, -1))
    if not deep and not bad_text:
        return doc, [], set()
    message = Message("format.load.too_deep", max=MAX_DEPTH)
    errors = [FieldError(_path_of(place), message) for place in deep[:MAX_DEPTH_ERRORS]]
    if len(deep) > MAX_DEPTH_ERRORS:
        last = errors[-1]
        errors[-1] = FieldError(last.path, Message("format.load.too_deep_more", max=MAX_DEPTH,
                                                   more=len(deep) - MAX_DEPTH_ERRORS))
    errors += [FieldError(_path_of(place), text.message()) for place, text in bad_text[:MAX_DEPTH_ERRORS]]
    cut = {_path_of(place) for place in deep} | {_path_of(place) for place, _ in bad_text}
    return (_pruned(doc, [[key for key, _ in _keys_of(place)] for place in deep]) if deep else doc, errors, cut)


def bounded(doc: Any) -> Any:
    """`doc` as validate_tree validates it, for echoing an invalid document back (the builder's `document` and
    download): every value nested deeper than MAX_DEPTH replaced by None, so yaml.safe_dump and json.dumps (both
    recursive) can write it; None when it holds more than MAX_NODES values, since any copy or dump of an alias
    bomb would expand it in full."""
    try:
        return _bound_tree(doc)[0]
    except ScenarioError:
        return None


def _pruned(doc: Any, cuts: list[list[Any]]) -> Any:
    """`doc` with None at each key path of `cuts`, copying only the containers on those paths (a container YAML
    shares between two places is copied for each, so cutting one place leaves the other as it was)."""
    trie: dict[Any, Any] = {}
    for keys in cuts:
        node = trie
        for key in keys[:-1]:
            node = node.setdefault(key, {})
        node[keys[-1]] = None               # None: cut here

    def rebuild(value: Any, below: dict[Any, Any] | None) -> Any:
        # At most MAX_DEPTH + 1 calls deep: every cut is at that depth.
        if below is None:
            return None
        copy: Any = dict(value) if isinstance(value, Mapping) else list(value)
        for key, sub in below.items():
            copy[key] = rebuild(value[key], sub)
        return copy

    return rebuild(doc, trie)


def _under(path: str, tops: set[str]) -> bool:
    """`path` is one of `tops` or lies below one (``a.b[2]`` lies below ``a`` and ``a.b``)."""
    return path in tops or any(path[:i] in tops for i, ch in enumerate(path) if ch in ".[")


def validate_tree(doc: Any) -> Scenario:
    """Bound the tree (_bound_tree), then validate what is left: ScenarioError lists the validator's errors and
    the too-deep places together. The validator's complaints about a place that was cut (it saw a None there)
    are dropped: the depth error is the one that says what is wrong with it."""
    with timelimit.stage("tree"):
        doc, deep, cut = _bound_tree(doc)
    if not deep:
        with timelimit.stage("checks"):
            return validate(doc)
    try:
        with timelimit.stage("checks"):
            validate(doc)
    except ScenarioError as exc:
        raise ScenarioError([e for e in exc.errors if not _under(e.path, cut)] + deep) from None
    raise ScenarioError(deep)


def validate(doc: Any) -> Scenario:
    """Validate a parsed document: the common fields here, the rest by the ruleset it names."""
    from judge.engine.rulesets import RULESETS, get_ruleset  # the registry; imported late (it imports us)

    check = Checker()
    extra_keys = tuple(dict.fromkeys(k for r in RULESETS for k in getattr(r, "extra_keys", ())))
    top = check.mapping("", doc, allowed=TOP_KEYS + extra_keys, required=("ruleset", "title"))
    if top is None:
        check.raise_if_errors()
    assert top is not None
    ruleset_cls = None
    if "ruleset" in top:
        ids = [r.id for r in RULESETS]
        rid = check.choice("ruleset", top["ruleset"], ids)
        if rid is not None:
            ruleset_cls = get_ruleset(rid)
    title = check.string("title", top["title"]) if "title" in top else None
    description = check.string("description", top.get("description", ""), max_length=MAX_TEXT, empty=True)
    illustrates = check.string_list("illustrates", top.get("illustrates", []), max_items=100, what="citas")
    seed = check.integer("seed", top.get("seed", 0), minimum=0, maximum=2**63 - 1)
    step_limit = None
    if top.get("step_limit") is not None:
        step_limit = check.integer("step_limit", top["step_limit"], minimum=1, maximum=MAX_STEP_LIMIT)
    if ruleset_cls is not None:
        for key in extra_keys:
            if key in top and key not in getattr(ruleset_cls, "extra_keys", ()):
                check.error(key, Message("format.key_of_other_ruleset", key=key, ruleset=ruleset_cls.id))
    from judge.scenarios.cards import card_source   # the cards a scenario may name: passed in, not loaded there
    parts = ruleset_cls.parse_scenario(top, check, card_source(ruleset_cls.id)) if ruleset_cls is not None else None
    check.raise_if_errors()
    assert parts is not None
    setup, actions, expect = parts
    return Scenario(ruleset=ruleset_cls.id, title=title or "", setup=setup, actions=tuple(actions),
                    expect=tuple(expect), description=description or "", illustrates=tuple(illustrates or ()),
                    seed=seed or 0, step_limit=step_limit, document=top)


__all__ = ["load_scenario", "parse_text", "read_text", "validate", "validate_tree", "bounded",
           "MAX_DOCUMENT_BYTES", "MAX_NODES", "MAX_DEPTH", "MAX_STRING", "join"]
