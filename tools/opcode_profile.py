"""Per-function opcode counts of magic fuzz games, to see where the engine's work is (never timed: the counts do
not move with the machine's load, unlike a wall-clock profile).

    PYTHONHASHSEED=0 PYTHONPATH=. python tools/opcode_profile.py [self|incl] [ROWS]

Plays `judge.runner.fuzz_magic.fuzz(1, 1)` first (imports, loading, caches warm), then counts every bytecode
executed by `fuzz(6, 1)` with `sys.settrace` and `f_trace_opcodes`, per function: its own opcodes (`self`) and
with those of what it called (`incl`, recursion counted once). Prints the total, then the ROWS (default 80)
largest functions by the column chosen: percent of the total, count, self count, calls, file:line name. About
50 times slower than the games themselves. Opcodes are not instructions: C work (a tuple built, a dict compared)
counts as one opcode, so confirm a change with callgrind (tools/engine_work.py) before claiming it.
"""
from __future__ import annotations

import collections
import sys
from typing import Any


def main(which: str = "self", rows: int = 80) -> None:
    from judge.runner import fuzz_magic

    fuzz_magic.fuzz(1, 1)
    own: collections.Counter = collections.Counter()
    inclusive: collections.Counter = collections.Counter()
    calls: collections.Counter = collections.Counter()
    stack: list[list[Any]] = []            # [function key, opcodes so far with its callees]
    active: collections.Counter = collections.Counter()

    def key(code: Any) -> tuple[str, int, str]:
        return code.co_filename.split("/judge/")[-1], code.co_firstlineno, code.co_name

    def local(frame: Any, event: str, arg: Any) -> Any:
        if event == "opcode":
            top = stack[-1]
            top[1] += 1
            own[top[0]] += 1
        elif event == "return":
            k, n = stack.pop()
            active[k] -= 1
            if not active[k]:
                inclusive[k] += n
            if stack:
                stack[-1][1] += n
        return local

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        if event != "call":
            return None
        frame.f_trace_opcodes = True
        k = key(frame.f_code)
        calls[k] += 1
        stack.append([k, 0])
        active[k] += 1
        return local

    sys.settrace(tracer)
    try:
        fuzz_magic.fuzz(6, 1)
    finally:
        sys.settrace(None)
    total = sum(own.values())
    print("total opcodes", total)
    table = inclusive if which == "incl" else own
    for k, n in table.most_common(rows):
        print(f"{100 * n / total:5.1f}% {n:9d} self {own[k]:8d} {calls[k]:7d} {k[0]}:{k[1]} {k[2]}")


if __name__ == "__main__":
    if len(sys.argv) > 3 or len(sys.argv) > 1 and sys.argv[1] not in ("self", "incl"):
        sys.exit(__doc__)
    main(sys.argv[1] if len(sys.argv) > 1 else "self", int(sys.argv[2]) if len(sys.argv) > 2 else 80)
