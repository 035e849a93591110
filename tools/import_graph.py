"""The import graph of the `judge` package, counting imports inside functions too (they hide a circle, they do not
break it), and its import cycles: the strongly connected components of more than one module.

    python tools/import_graph.py [--max N]      # exit 1 when a cycle has more than N modules (default: report only)

Each module of judge/ is a node; `import judge.x`, `from judge.x import y` (y a module of judge.x or a name in it)
and relative imports, at any depth of the file (a function's body, `if TYPE_CHECKING:` excepted: it never runs), are
edges, and so is each package above the imported module that is not above the importer (importing judge.a.b runs
judge/a/__init__.py). `tests/engine/test_import_layers.py` keeps the largest cycle small.
"""
from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the judge package by dotted name (a package is its __init__.py)."""
    found = {}
    for path in sorted((root / "judge").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    stack = [tree]
    while stack:
        node = stack.pop()
        for child in ast.iter_child_nodes(node):
            if _type_checking_only(child):
                continue            # never executed: no edge
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child
            stack.append(child)


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    """The judge module `name` is, or the nearest package above it that is one."""
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def _packages_above(name: str) -> Iterator[str]:
    parts = name.split(".")
    for n in range(1, len(parts)):
        yield ".".join(parts[:n])


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    """module → the judge modules it imports (itself excluded)."""
    known = modules(root)
    edges: dict[str, set[str]] = {m: set() for m in known}
    for mod, path in known.items():
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = node.module or ""
                if node.level:
                    up = package.split(".")
                    up = up[: len(up) - (node.level - 1)]
                    base = ".".join([*up, *([base] if base else [])])
                # `from judge.x import y`: y is a submodule (an edge to it) or a name (an edge to judge.x)
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
            for t in targets:
                hit = _resolve(t, known) if t.startswith("judge") else None
                if hit and hit != mod:
                    edges[mod].add(hit)
                    # importing judge.a.b runs judge/a/__init__.py first: an edge to each package above the target
                    # that is not already one of this module's own (those are running or have run)
                    for up in _packages_above(hit):
                        if up in known and not (mod == up or mod.startswith(up + ".")):
                            edges[mod].add(up)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found, key=lambda c: (-len(c), c))


def main(argv: list[str]) -> int:
    limit = int(argv[argv.index("--max") + 1]) if "--max" in argv else None
    found = cycles(graph())
    for comp in found:
        print(f"cycle of {len(comp)}: {', '.join(comp)}")
    print(f"{len(found)} cycle(s); largest {len(found[0]) if found else 0} module(s)")
    return 1 if limit is not None and found and len(found[0]) > limit else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
