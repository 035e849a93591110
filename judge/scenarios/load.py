"""Loading a scenario from YAML, JSON, a file or a mapping, with size limits, then validating it.

Only `yaml.safe_load` is used. A YAML alias bomb (a few lines of anchors that expand to billions of nodes) is
rejected twice: the text is bounded before parsing, and the parsed tree is walked with a node budget (the walk
stops at the budget, so a shared-reference bomb never gets walked in full).
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from judge.scenarios.errors import FieldError, ScenarioError
from judge.scenarios.model import Scenario
from judge.scenarios.validate import MAX_STRING, MAX_TEXT, Checker, join

MAX_DOCUMENT_BYTES = 1_000_000     # text of a scenario before parsing
MAX_NODES = 200_000                # values in the parsed tree (after alias expansion)
MAX_DEPTH = 12                     # nesting of maps and lists
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
        raise ScenarioError([FieldError("", f"no se puede leer un escenario de {type(source).__name__}")])
    _check_tree(doc)
    return validate(doc)


def _read_file(path: Path, fmt: str | None) -> Any:
    try:
        size = path.stat().st_size
        if size > MAX_DOCUMENT_BYTES:
            raise ScenarioError([FieldError("", f"documento demasiado grande: {size} bytes "
                                                f"(máximo {MAX_DOCUMENT_BYTES})")])
        data = path.read_bytes()
    except OSError as exc:
        raise ScenarioError([FieldError("", f"no se puede leer el archivo {path}: {exc.strerror or exc}")]) from None
    if fmt is None and path.suffix.lower() == ".json":
        fmt = "json"
    return parse_text(data, fmt)


def parse_text(text: str | bytes, fmt: str | None = None) -> Any:
    """YAML or JSON text → plain data, with the size bounded before parsing and errors naming the line."""
    if len(text) > MAX_DOCUMENT_BYTES:
        raise ScenarioError([FieldError("", f"documento demasiado grande: {len(text)} "
                                            f"{'bytes' if isinstance(text, bytes) else 'caracteres'} "
                                            f"(máximo {MAX_DOCUMENT_BYTES})")])
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ScenarioError([FieldError("", f"el documento no está en UTF-8 (byte {exc.start})")]) from None
    if not text.strip():
        raise ScenarioError([FieldError("", "documento vacío")])
    if fmt is None:
        fmt = "json" if text.lstrip().startswith("{") else "yaml"
    if fmt == "json":
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise ScenarioError([FieldError("", f"JSON mal formado en la línea {exc.lineno}, "
                                                f"columna {exc.colno}: {exc.msg}")]) from None
        except RecursionError:
            raise ScenarioError([FieldError("", f"anidamiento demasiado profundo (máximo {MAX_DEPTH})")]) from None
    try:
        return yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f" en la línea {mark.line + 1}, columna {mark.column + 1}" if mark else ""
        raise ScenarioError([FieldError("", f"YAML mal formado{where}: {exc.problem or exc.context}")]) from None
    except yaml.YAMLError as exc:
        raise ScenarioError([FieldError("", f"YAML mal formado: {exc}")]) from None
    except RecursionError:
        raise ScenarioError([FieldError("", f"anidamiento demasiado profundo (máximo {MAX_DEPTH})")]) from None


def _check_tree(doc: Any) -> None:
    """Bound the parsed tree: at most MAX_NODES values and MAX_DEPTH levels (alias bombs stop early)."""
    budget = MAX_NODES
    stack: list[tuple[Any, int]] = [(doc, 0)]
    while stack:
        value, depth = stack.pop()
        budget -= 1
        if budget < 0:
            raise ScenarioError([FieldError("", f"documento demasiado grande: más de {MAX_NODES} valores "
                                                "(¿alias YAML que se expanden?)")])
        if depth > MAX_DEPTH:
            raise ScenarioError([FieldError("", f"anidamiento demasiado profundo (máximo {MAX_DEPTH} niveles)")])
        if isinstance(value, Mapping):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)


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
                check.error(key, f"clave desconocida «{key}» en un escenario {ruleset_cls.id}")
    parts = ruleset_cls.parse_scenario(top, check) if ruleset_cls is not None else None
    check.raise_if_errors()
    assert parts is not None
    setup, actions, expect = parts
    return Scenario(ruleset=ruleset_cls.id, title=title or "", setup=setup, actions=tuple(actions),
                    expect=tuple(expect), description=description or "", illustrates=tuple(illustrates or ()),
                    seed=seed or 0, step_limit=step_limit, document=top)


__all__ = ["load_scenario", "parse_text", "validate", "MAX_DOCUMENT_BYTES", "MAX_NODES", "MAX_DEPTH",
           "MAX_STRING", "join"]
