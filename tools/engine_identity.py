"""Byte-for-byte engine output, to check that a speed change changes nothing the engine decides or cites.

    python tools/engine_identity.py dump OUT_DIR [SEED:GAMES ...]   # default fuzz runs: 1:12 5:12 11:8
    python tools/engine_identity.py compare DIR_A DIR_B

`dump` writes every file of scenarios/ run through `run_scenario(load_scenario(p)).to_json()` (each run twice: the
two must agree, runs are deterministic), and for each fuzz run (`judge.runner.fuzz_magic.fuzz`) the report and a
SHA-256 of every game's steps' JSON. Run it from a checkout of the code before and of the code after (PYTHONPATH
set to that checkout), then `compare` the two directories. Nothing here is timed.

A step's `message` (its text as a message id and parameters, judge/messages.py), its `unmodelled_messages` (its
unmodelled-text notes as messages; their Spanish lines stay compared in `unmodelled`), and on its board a stack
entry's `message` and the pending choice's `prompt_message`, are not in the compared JSON: `dump`
writes the steps' messages of each scenario apart, under messages/ (only the after side has them), so a trace whose
Spanish is byte-identical compares identical whether or not its sites speak through messages yet. `compare` skips
that folder; read it with `diff -r` to see the messages themselves.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path


def dump(out: Path, specs: list[str]) -> None:
    from judge.engine import run_scenario
    from judge.runner import fuzz_magic
    from judge.scenarios import load_scenario

    (out / "scenarios").mkdir(parents=True, exist_ok=True)
    for path in sorted(Path("scenarios").rglob("*.yaml")):
        data = run_scenario(load_scenario(path)).to_json()
        said = [step.pop("message", None) for step in data["steps"]]
        _strip(data)
        first = json.dumps(data, ensure_ascii=False)
        again = json.dumps(_strip(run_scenario(load_scenario(path)).to_json()), ensure_ascii=False)
        if first != again:
            raise SystemExit(f"{path}: two runs differ (not deterministic)")
        name = "__".join(path.relative_to("scenarios").with_suffix(".json").parts)
        (out / "scenarios" / name).write_text(first, encoding="utf-8")
        if any(said):
            (out / "messages").mkdir(exist_ok=True)
            (out / "messages" / name).write_text(json.dumps(said, ensure_ascii=False), encoding="utf-8")
    games: list = []
    start = fuzz_magic.start_game

    def keep(doc: dict) -> tuple:
        game, failed = start(doc)
        games.append(game)
        return game, failed

    fuzz_magic.start_game = keep          # type: ignore[assignment]
    lines = []
    for spec in specs or ["1:12", "5:12", "11:8"]:
        seed, n = map(int, spec.split(":"))
        games.clear()
        report = fuzz_magic.fuzz(n, seed)
        lines.append(f"seed {seed}: {report.games} games, {report.steps} steps, {report.actions} actions, winners "
                     f"{sorted(report.winners.items())}, capped {report.capped}, broken "
                     f"{report.broken.problem if report.broken else None}")
        for i, game in enumerate(games):
            digest = hashlib.sha256()
            for step in game.steps if game is not None else ():
                digest.update(json.dumps(_strip_step(step.to_json()), ensure_ascii=False).encode())
            lines.append(f"  game {i}: {len(game.steps) if game is not None else 0} steps {digest.hexdigest()}")
    (out / "fuzz.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(line for line in lines if line.startswith("seed")))


def _strip_step(step: dict) -> dict:
    step.pop("message", None)
    step.pop("unmodelled_messages", None)       # the notes' messages; their Spanish text stays in `unmodelled`
    board = step.get("board")
    if isinstance(board, dict):     # the board's messages (a stack entry's, the pending prompt's) likewise
        for item in board.get("stack") or ():
            item.pop("message", None)
        if isinstance(board.get("pending"), dict):
            board["pending"].pop("prompt_message", None)
    return step


def _strip(trace: dict) -> dict:
    for step in trace["steps"]:
        _strip_step(step)
    return trace


def compare(a: Path, b: Path) -> int:
    names = {p.relative_to(a) for p in a.rglob("*") if p.is_file() and p.relative_to(a).parts[0] != "messages"} | \
        {p.relative_to(b) for p in b.rglob("*") if p.is_file() and p.relative_to(b).parts[0] != "messages"}
    different = [str(n) for n in sorted(names)
                 if not ((a / n).is_file() and (b / n).is_file() and (a / n).read_bytes() == (b / n).read_bytes())]
    for name in different:
        print(f"differs: {name}")
    print("identical" if not different else f"{len(different)} file(s) differ")
    return 1 if different else 0


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "dump":
        dump(Path(sys.argv[2]), sys.argv[3:])
    elif len(sys.argv) == 4 and sys.argv[1] == "compare":
        sys.exit(compare(Path(sys.argv[2]), Path(sys.argv[3])))
    else:
        sys.exit(__doc__)
