"""The package's layers, read from its import graph with the imports inside functions counted
(tools/import_graph.py): no import circle of more than three modules anywhere in judge/, the magic data model imports
nothing above it, the engine loads neither the corpus nor the scenario loader (the loader passes the card catalog
in), and the web layer imports downward only (helpers and services, then views, then blueprints)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("import_graph", ROOT / "tools" / "import_graph.py")
assert _spec is not None and _spec.loader is not None
import_graph = importlib.util.module_from_spec(_spec)
sys.modules["import_graph"] = import_graph
_spec.loader.exec_module(import_graph)

EDGES = import_graph.graph(ROOT)
MAGIC = "judge.engine.rulesets.magic"


def test_no_import_cycle_of_more_than_three_modules_in_the_package() -> None:
    """Issue 17's measure, over the whole of judge/: the magic ruleset was one 15-module circle held by imports
    inside functions, and judge.web another (builder, saved, run, the views, templating, the page cache…); neither
    may come back."""
    big = [c for c in import_graph.cycles(EDGES) if len(c) > 3]
    assert big == []


def _blueprint_modules() -> set[str]:
    """The modules app.py's BLUEPRINTS registers (read from its source: registering is done there only)."""
    import ast

    tree = ast.parse((ROOT / "judge" / "web" / "app.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", None) == "BLUEPRINTS":
            assert isinstance(node.value, ast.List)
            return {ast.literal_eval(e).split(":")[0] for e in node.value.elts}
    raise AssertionError("judge/web/app.py has no BLUEPRINTS list")


BLUEPRINTS = _blueprint_modules()
# A blueprint that uses another's functions, named here until they move to a service (judge.web.searching would
# be their place; the search pages are being changed by another branch this session, so they were left alone).
BLUEPRINT_USES = {("judge.web.pages", "judge.web.api")}


def test_the_web_layer_imports_downward_only() -> None:
    """judge.web in layers: helpers (links, templating, i18n, errors…) and services (data, the page and run
    caches, runs, database, citing, descriptions, impact…) below the views (judge.web.views: pages as data), the
    views below the blueprints. So no helper or service imports a view or a blueprint (templating and pagecache
    never import the views), no view imports a blueprint, and a blueprint never imports another: what two of
    them share is a service. Blueprints are registered in one place (app.BLUEPRINTS)."""
    assert {"judge.web.api", "judge.web.pages", "judge.web.run", "judge.web.builder", "judge.web.saved"} <= BLUEPRINTS
    views = {m for m in EDGES if m == "judge.web.views" or m.startswith("judge.web.views.")}
    for module, targets in EDGES.items():
        if not module.startswith("judge.web"):
            continue
        upward = targets & BLUEPRINTS - {module} - {t for m, t in BLUEPRINT_USES if m == module}
        assert upward == set(), f"{module} imports the blueprint(s) {sorted(upward)}"
        if module not in views and module not in BLUEPRINTS:
            assert targets & views == set(), f"{module} (a helper or service) imports the view(s) {sorted(targets & views)}"
    for name in ("judge.web.templating", "judge.web.pagecache", "judge.web.links"):
        assert {t for t in EDGES[name] if t.startswith("judge.web.")} <= {
            "judge.web.i18n", "judge.web.data", "judge.web.links", "judge.web.errors", "judge.web.examples",
            "judge.web.localcache", "judge.web.shared_store", "judge.web.citing"}, name


def test_blueprints_are_registered_in_one_place() -> None:
    """app.BLUEPRINTS lists every blueprint; no other module registers one (so no import order decides which
    routes exist)."""
    for path in sorted((ROOT / "judge").rglob("*.py")):
        if path != ROOT / "judge" / "web" / "app.py":
            assert "register_blueprint(" not in path.read_text(encoding="utf-8"), path
    for module in BLUEPRINTS:
        path = ROOT / Path(*module.split(".")).with_suffix(".py")
        assert "Blueprint(" in path.read_text(encoding="utf-8"), module


def test_the_magic_data_model_imports_nothing_above_it() -> None:
    """The data (cards, mana, state, known: last known information, cites, choices, actions, and keyword: the
    keywords' registry, whose pieces register into it from above, with registrar, what every registry is made of)
    import only data: never presentation (text, qualities) or rules."""
    data = {f"{MAGIC}.{m}" for m in ("cards", "mana", "state", "known", "cites", "choices", "actions", "keyword",
                                     "registrar")}
    for module in data:
        above = {m for m in EDGES[module] if m.startswith(MAGIC + ".") and m not in data}
        assert above == set(), module


def test_the_engine_imports_no_corpus_no_loader_no_web_and_no_search() -> None:
    """The engine never loads the documents (the card catalog is passed in by judge/scenarios/cards.py) and never
    imports the scenario loader; it uses the format's building blocks (judge.format) only."""
    for module, targets in EDGES.items():
        if module.startswith("judge.engine"):
            upward = {t for t in targets if t.split(".")[1] in ("corpus", "scenarios", "web", "search", "runner")}
            assert upward == set(), module


def test_the_format_imports_nothing_of_judge_but_the_messages() -> None:
    """judge/format/__init__.py's claim: the format's modules import each other and judge.messages only (imports
    inside functions counted), and judge.messages imports nothing of judge. Loaded for real, reading a scenario's
    shape errors brings in no other judge module (judge.messages loads its catalogs by name, which the graph
    cannot see)."""
    import subprocess

    fmt = {m for m in EDGES if m == "judge.format" or m.startswith("judge.format.")}
    assert {"judge.format.errors", "judge.format.validate", "judge.format.model", "judge.format.timelimit",
            "judge.format.messages"} <= fmt
    for module in fmt:
        outside = EDGES[module] - fmt - {"judge", "judge.messages"}
        assert outside == set(), f"{module} imports {sorted(outside)}"
    assert EDGES["judge.messages"] <= {"judge"}
    code = ("import sys\n"
            "from judge.format.validate import Checker\n"
            "from judge.format import errors, model, timelimit\n"
            "c = Checker()\n"
            "c.mapping('players[0]', 5, allowed=['name'])\n"
            "assert 'players[0]' in str(c.errors[0]) and 'entero' in str(c.errors[0])\n"
            "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] == 'judge')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    loaded = set(out.stdout.split())
    assert loaded and loaded - {"judge", "judge.messages"} <= fmt, sorted(loaded)


def test_the_graph_counts_imports_inside_functions(tmp_path: Path) -> None:
    """A circle held by a function-level import is still a circle (the tool would otherwise prove nothing)."""
    pkg = tmp_path / "judge"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from judge import b\n")
    (pkg / "b.py").write_text("def f():\n    from judge.c import x\n")
    (pkg / "c.py").write_text("import judge.a\n")
    (pkg / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import judge.a\n")
    edges = import_graph.graph(tmp_path)
    assert import_graph.cycles(edges) == [["judge.a", "judge.b", "judge.c"]]
    assert edges["judge.d"] == set()
