"""The curated scenarios: scenarios/<ruleset>/<name>.yaml, listed for `/escenarios` and the tests.

A curated file is trusted project data, but it is still read with `yaml.safe_load` and validated by the engine
before it runs, like any pasted scenario.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from judge import config

NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,99}$")


def scenarios_dir() -> Path:
    """`JUDGE_SCENARIOS_DIR`, else the folder a wheel carries inside the package, else the checkout's.

    (A wheel carries them as judge/curated_scenarios: judge/scenarios is the Python package of the format.)"""
    env = os.environ.get("JUDGE_SCENARIOS_DIR")
    if env:
        return Path(env).expanduser().resolve()
    bundled = config.PACKAGE_DIR / "curated_scenarios"
    return bundled if bundled.is_dir() else config.CHECKOUT_DIR / "scenarios"


@dataclass(frozen=True)
class CuratedScenario:
    ruleset: str
    name: str
    path: Path
    title: str
    description: str = ""
    illustrates: tuple[str, ...] = field(default_factory=tuple)
    problem: str | None = None      # set when the file cannot even be read as a mapping

    @property
    def url(self) -> str:
        return f"/escenarios/{self.ruleset}/{self.name}"

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset, "name": self.name, "title": self.title, "description": self.description,
            "illustrates": list(self.illustrates), "url": self.url, "problem": self.problem,
        }


_READ_CACHE: dict[tuple[str, str, int, int], CuratedScenario] = {}


def _read(ruleset: str, path: Path) -> CuratedScenario:
    """The file's listing entry, parsed once per version of the file (the list page lists every file)."""
    try:
        st = path.stat()
    except OSError:
        return _parse(ruleset, path)
    key = (ruleset, str(path), st.st_mtime_ns, st.st_size)
    hit = _READ_CACHE.get(key)
    if hit is None:
        if len(_READ_CACHE) > 10_000:
            _READ_CACHE.clear()
        hit = _READ_CACHE[key] = _parse(ruleset, path)
    return hit


def _parse(ruleset: str, path: Path) -> CuratedScenario:
    name = path.stem
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        return CuratedScenario(ruleset, name, path, title=name, problem=f"no se puede leer: {exc}")
    if not isinstance(data, dict):
        return CuratedScenario(ruleset, name, path, title=name, problem="el archivo no es un mapa YAML")
    illustrates = data.get("illustrates") or []
    return CuratedScenario(
        ruleset=ruleset,
        name=name,
        path=path,
        title=str(data.get("title") or name),
        description=str(data.get("description") or ""),
        illustrates=tuple(str(i) for i in illustrates) if isinstance(illustrates, list) else (),
    )


def curated(root: Path | None = None) -> list[CuratedScenario]:
    """Every curated scenario, by ruleset folder then file name (the numeric prefixes give the reading order)."""
    root = root or scenarios_dir()
    found: list[CuratedScenario] = []
    if not root.is_dir():
        return found
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and NAME.match(p.name)):
        for path in sorted(folder.glob("*.yaml")):
            if NAME.match(path.stem):
                found.append(_read(folder.name, path))
    return found


def find(ruleset: str, name: str, root: Path | None = None) -> CuratedScenario | None:
    """The curated scenario at scenarios/<ruleset>/<name>.yaml; names are checked so no path can escape."""
    if not (NAME.match(ruleset) and NAME.match(name)):
        return None
    path = (root or scenarios_dir()) / ruleset / f"{name}.yaml"
    return _read(ruleset, path) if path.is_file() else None
