"""How many test asserts read Spanish wording (issue 17: tests assert on structure — kinds, events, cited rules,
message ids — not on the Spanish words a step, a verdict, a prompt or a page says).

    python tools/spanish_asserts.py              # the count, per folder, and the rendering tests apart
    python tools/spanish_asserts.py --list       # every such assert, file:line:test
    python tools/spanish_asserts.py --root DIR   # the tests of another checkout (this word list)

An AST scan of tests/: an `assert` counts when it compares a string literal holding a word of tools/spanish_words.txt
(`"no se puede" in step.summary`, `out.startswith("BIEN")`, `x == "…"`, `.count("…")`) with a text the program
renders: a step's summary, a prompt, a verdict's text, a CLI's output, a page's text, a Message's render(), what a
function returns (an invariant's problem). Not
counted: literals that are ids or passage ids (no space, or only «word/word» paths), what a test compares with a
message id or its parameters (`params`, `.id`), addresses (`/escenarios/…`), field paths (`cards.Tierra rara.cast_from`), the scenario's own
title (`h1`), a cited passage's quoted text (`blockquote`, «§ ») and a card's unmodelled text (`unmodelled`,
`notes`): the corpus's and the cards' words, not the program's. A rough, fixed rule, so a count before and after
a change is read the same way. Asserts inside a test whose name says `rendering` are the named rendering tests,
which check the Spanish (and English) wording on purpose: counted apart.
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORD = re.compile(r"[a-záéíóúñü]+", re.IGNORECASE)
# What a rendered text is read from, in the compared expression's source.
RENDERED = re.compile(r"\b(summary|output|stdout|stderr|err|prompt|text|get_text|render|message|out|lines?|reason|"
                      r"stop_reason|html|body|page|verdict|errors?|problems?|said|str)\b")
NOT_TEXT = re.compile(r"\bparams\b|\.id\b|\bids?\(|\bcitations\b|\bh1\b|blockquote|\bkind\b|\bpath\b|"
                      r"\bnotes\b|\bunmodelled\b")
ID_LIKE = re.compile(r"^[\w.~:+-]*(/[\w.~-]+)*$")
URL = re.compile(r"^/\S*$")                        # /escenarios/ejecutar?escenario=: an address
FIELD_PATH = re.compile(r"^\w+(\.[\w ~+-]+|\[\d+\])+$")      # cards.Tierra rara.cast_from[0]: a field path
FOLDERS = ("tests/engine", "tests/scenarios", "tests/web", "tests/store")


def spanish_words(path: Path = ROOT / "tools" / "spanish_words.txt") -> frozenset[str]:
    return frozenset(line.strip() for line in path.read_text(encoding="utf-8").splitlines()
                     if line.strip() and not line.startswith("#"))


def _literal(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    return None


def _pairs(test: ast.AST) -> list[tuple[str, ast.AST]]:
    """(literal, the expression it is compared with) for every comparison inside an assert's test."""
    out: list[tuple[str, ast.AST]] = []
    for n in ast.walk(test):
        if isinstance(n, ast.Compare):
            sides = [n.left, *n.comparators]
            for a, op, b in zip(sides, n.ops, sides[1:]):
                for lit, other in ((a, b), (b, a)):
                    text = _literal(lit)
                    if text is not None and isinstance(op, (ast.In, ast.NotIn, ast.Eq, ast.NotEq)):
                        if isinstance(op, (ast.In, ast.NotIn)) and lit is b:
                            continue            # "x" in LITERAL: the literal is the container, not the text read
                        out.append((text, other))
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and \
                n.func.attr in ("startswith", "endswith", "count", "find", "index") and n.args:
            text = _literal(n.args[0])
            if text is not None:
                out.append((text, n.func.value))
            elif isinstance(n.args[0], ast.Tuple):
                out.extend((t, n.func.value) for t in map(_literal, n.args[0].elts) if t is not None)
    return out


def _spanish(text: str, words: frozenset[str]) -> bool:
    if "§" in text or ID_LIKE.match(text.strip()) or FIELD_PATH.match(text.strip()) or URL.match(text):
        return False
    return any(w.lower() in words for w in WORD.findall(text))


def scan(folders: tuple[str, ...] = FOLDERS, root: Path = ROOT) -> list[tuple[str, int, str, bool]]:
    """(file, line, test name, is a named rendering test) of every assert on Spanish wording under `root`."""
    words = spanish_words()
    found: list[tuple[str, int, str, bool]] = []
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            src = path.read_text(encoding="utf-8")
            for fn in ast.walk(ast.parse(src)):
                if not isinstance(fn, ast.FunctionDef):
                    continue
                for n in ast.walk(fn):
                    if not isinstance(n, ast.Assert):
                        continue
                    for text, other in _pairs(n.test):
                        seg = ast.get_source_segment(src, other) or ""
                        reads = RENDERED.search(seg) or isinstance(other, ast.Call)    # a text a function returns
                        if _spanish(text, words) and reads and not NOT_TEXT.search(seg):
                            found.append((str(path.relative_to(root)), n.lineno, fn.name, "rendering" in fn.name))
                            break
    return found


def main(argv: list[str]) -> int:
    found = scan(root=Path(argv[argv.index("--root") + 1]) if "--root" in argv else ROOT)
    plain = [f for f in found if not f[3]]
    print(f"asserts on Spanish wording: {len(plain)} (and {len(found) - len(plain)} in named rendering tests)")
    for folder in FOLDERS:
        n = sum(1 for f in plain if f[0].startswith(folder + "/"))
        print(f"  {folder}: {n}")
    if "--list" in argv:
        for file, line, name, rendering in found:
            print(f"{file}:{line}:{name}{'  [rendering]' if rendering else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
