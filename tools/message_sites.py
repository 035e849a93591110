"""Where the engine and the scenario format still write a step text, an illegal reason or a validation error as a
plain Spanish string instead of a Message (judge/messages.py, issue 17).

    python tools/message_sites.py            # converted / total, and the plain-string sites per file
    python tools/message_sites.py --list     # every plain-string site, file:line

A site is a call that gives a text: a step (`emit(state, out, kind, actor, TEXT, …)`, `ruleset.step(state, kind,
actor, TEXT, …)`, `make_step(state, kind, actor, TEXT, …)`), a refusal (`IllegalAction(TEXT, …)`,
`require(cond, TEXT, …)`) or a validation error (`check.error(path, TEXT)`, `self.error(path, TEXT)`). It is plain
when TEXT is a string literal, an f-string, a concatenation or a conditional of those; converted when it is a
`Message(…)` (or a conditional of Messages). A name or another call passed on (a variable built elsewhere) is
neither: it is counted apart as `passed`. tests/engine/test_messages.py keeps the plain counts per file from
growing (PLAIN_SITES there).
"""
from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# the call's name → the position of its text argument
TEXT_ARG = {"emit": 4, "step": 3, "make_step": 3, "IllegalAction": 0, "require": 1, "error": 1}
SCANNED = ("judge/engine", "judge/format", "judge/scenarios")


def _name(call: ast.Call) -> str | None:
    f = call.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        owner = f.value
        checker = (isinstance(owner, ast.Name) and owner.id in ("check", "self", "c", "checker")) or \
            (isinstance(owner, ast.Attribute) and owner.attr == "check")      # self.check.error, reader.check.error
        if f.attr == "error" and not checker:
            return None                     # logger.error and the like are no validation errors
        return f.attr
    return None


def _kind(node: ast.AST) -> str:
    """"message", "plain" or "passed" for the text argument."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Message":
        return "message"
    if isinstance(node, (ast.JoinedStr, ast.Constant)) or (isinstance(node, ast.BinOp)
                                                          and isinstance(node.op, (ast.Add, ast.Mod))):
        return "plain"
    if isinstance(node, ast.IfExp):
        kinds = {_kind(node.body), _kind(node.orelse)}
        return "plain" if "plain" in kinds else "message" if kinds == {"message"} else "passed"
    return "passed"


def sites(root: Path = ROOT) -> list[tuple[str, int, str]]:
    """(file, line, kind) of every text-giving call in SCANNED."""
    out = []
    for folder in SCANNED:
        for path in sorted((root / folder).rglob("*.py")):
            rel = str(path.relative_to(root))
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                name = _name(node)
                if name not in TEXT_ARG or (name == "step" and not isinstance(node.func, ast.Attribute)):
                    continue
                pos = TEXT_ARG[name]
                arg = node.args[pos] if len(node.args) > pos else next(
                    (k.value for k in node.keywords if k.arg in ("summary", "reason", "message")), None)
                if arg is None:
                    continue
                out.append((rel, node.lineno, _kind(arg)))
    return out


def plain_by_file(root: Path = ROOT) -> dict[str, int]:
    return dict(sorted(Counter(f for f, _, k in sites(root) if k == "plain").items()))


def main(argv: list[str]) -> int:
    found = sites()
    kinds = Counter(k for _, _, k in found)
    total = kinds["message"] + kinds["plain"]
    print(f"{kinds['message']} of {total} text sites give a Message ({kinds['plain']} plain strings left; "
          f"{kinds['passed']} pass on a text built elsewhere)")
    if "--list" in argv:
        for f, line, k in found:
            if k == "plain":
                print(f"{f}:{line}")
    else:
        for f, n in plain_by_file().items():
            print(f"  {n:4} {f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
