"""The builder page's embedded descriptions, packed: magic's effect vocabulary repeats the same option lists
(targets, colours, durations) dozens of times, 240 kB of a 330 kB page. Every list or mapping written more than
once (and longer than SHARED_MIN characters of JSON) is written once in `shared` and replaced by `{"$shared": n}`;
static/builder.js unpacks it (the same object for every use: the form only reads the descriptions)."""
from __future__ import annotations

import json
from collections import Counter
from typing import Any

SHARED_MIN = 120
KEY = "$shared"


def _key(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def pack(value: Any) -> dict[str, Any]:
    """`{"value": packed, "shared": [...]}`; unpack(pack(v)) == v."""
    counts: Counter[str] = Counter()

    def count(v: Any) -> None:
        if isinstance(v, (list, dict)):
            k = _key(v)
            if len(k) >= SHARED_MIN:
                counts[k] += 1
                if counts[k] > 1:
                    return           # its insides are counted once, as they will be written once
            for x in v.values() if isinstance(v, dict) else v:
                count(x)

    count(value)
    shared: list[Any] = []
    index: dict[str, int] = {}

    def build(v: Any) -> Any:
        if not isinstance(v, (list, dict)):
            return v
        k = _key(v) if len(json.dumps(v, ensure_ascii=False)) >= SHARED_MIN else ""
        if k and counts[k] > 1:
            if k not in index:
                index[k] = len(shared)
                shared.append(None)
                shared[index[k]] = _children(v, build)
            return {KEY: index[k]}
        return _children(v, build)

    return {"value": build(value), "shared": shared}


def _children(v: Any, build: Any) -> Any:
    return {k: build(x) for k, x in v.items()} if isinstance(v, dict) else [build(x) for x in v]


def unpack(packed: dict[str, Any]) -> Any:
    """The value pack() packed (what builder.js does in the browser; the tests check the two agree)."""
    shared = packed["shared"]
    memo: dict[int, Any] = {}

    def build(v: Any) -> Any:
        if isinstance(v, dict):
            if len(v) == 1 and KEY in v:
                n = v[KEY]
                if n not in memo:
                    memo[n] = build(shared[n])
                return memo[n]
            return {k: build(x) for k, x in v.items()}
        if isinstance(v, list):
            return [build(x) for x in v]
        return v

    return build(packed["value"])
