"""What rendering step texts from message ids costs, for callgrind (docs/benchmarks.md, "Messages"). Nothing here
is timed: run it under valgrind and compare instruction counts of the modes, the same script for both checkouts.

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=OUT python tools/message_cost.py MODE [ROOT]

MODE: `load` (import the engine, load the scenarios, one warm-up run of the first), `run` (load, then run each
once), `json` (run, then each trace's JSON and verdict in Spanish), `en` (run, then the JSON in English). ROOT: the
checkout whose code is measured (default: this one), put first on sys.path, so one script measures both sides.
`json` − `run` is the cost of rendering and serialising the steps; `en` − `run` the same in English.
"""
from __future__ import annotations

import sys
from pathlib import Path

SCENARIOS = ("10-mareo-de-invocacion-y-prisa", "13-sacrificar-como-coste-y-buscar-una-tierra-basica",
             "39-capa-7-establecer-y-modificar-fuerza-y-resistencia",
             "40-intercambiar-fuerza-y-resistencia-color-y-fuerza-negativa", "41-acto-de-traicion-control-y-habilidades",
             "55-equipo-equipar-como-conjuro-y-desanexar")


def main(argv: list[str]) -> int:
    mode = argv[0] if argv else "load"
    root = Path(argv[1]).resolve() if len(argv) > 1 else Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root))
    from judge.engine import run_scenario
    from judge.runner.execute import verdict
    from judge.scenarios import load_scenario

    loaded = [load_scenario(root / "scenarios" / "magic" / f"{name}.yaml") for name in SCENARIOS]
    run_scenario(loaded[0])                       # warm-up: the catalogs and caches every mode pays once
    if mode == "load":
        return 0
    traces = [run_scenario(s) for s in loaded]
    if mode in ("json", "en"):
        lang = "es" if mode == "json" else "en"
        steps = 0
        for trace in traces:
            steps += len(trace.to_json(lang)["steps"])
            verdict(trace).to_json(lang)
        print(f"{steps} steps rendered ({lang})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
