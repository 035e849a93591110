"""The curated scenarios: scenarios/<ruleset>/<name>.yaml and scenarios/<ruleset>/<folder>/<name>.yaml (one level
of subfolders, e.g. magic/faq/: one scenario per FAQ ruling), listed for `/escenarios`, the library, the builder,
the "Ejemplos" lists, `judge run <ruleset>/<name>` and the tests. A scenario's `name` is its path inside its ruleset
folder without `.yaml` ("01-preparacion…" or "faq/persistir-…"), so its URL is /escenarios/<ruleset>/<name>.

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

# Curated scenarios renamed since their URL was published: `<ruleset>/<old name>` → the new name. A link or a
# `desde=` made with the old name still finds the scenario (its page redirects to the new URL).
RENAMED: dict[str, str] = {
    # The Spanish FAQ calls wither «debilitar» (faq-paramo-sombrio), not «marchitar».
    "magic/28-marchitar-y-contadores-que-se-anulan": "28-debilitar-y-contadores-que-se-anulan",
}


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

    @property
    def folder(self) -> str:
        """The subfolder inside the ruleset's folder ("faq"), or "" for a file directly in it."""
        return self.name.rpartition("/")[0]

    @property
    def key(self) -> str:
        """`<ruleset>/<name>`: what `judge run` and the builder's `desde=` take."""
        return f"{self.ruleset}/{self.name}"

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset, "name": self.name, "folder": self.folder, "title": self.title,
            "description": self.description, "illustrates": list(self.illustrates), "url": self.url,
            "problem": self.problem,
        }


_READ_CACHE: dict[tuple[str, str, int, int], CuratedScenario] = {}


def _read(ruleset: str, name: str, path: Path) -> CuratedScenario:
    """The file's listing entry, parsed once per version of the file (the list page lists every file)."""
    try:
        st = path.stat()
    except OSError:
        return _parse(ruleset, name, path)
    key = (ruleset, str(path), st.st_mtime_ns, st.st_size)
    hit = _READ_CACHE.get(key)
    if hit is None:
        if len(_READ_CACHE) > 10_000:
            _READ_CACHE.clear()
        hit = _READ_CACHE[key] = _parse(ruleset, name, path)
    return hit


def _parse(ruleset: str, name: str, path: Path) -> CuratedScenario:
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


def _entries(folder: Path, files: bool) -> list[Path]:
    """The `*.yaml` files (or the subfolders) of `folder` with a valid name, by name: one directory read whose
    entries know their kind (os.scandir), where glob and is_file stat every file a second time (the library
    lists every curated file on each request)."""
    found = []
    try:
        with os.scandir(folder) as it:
            for e in it:
                if files:
                    if e.name.endswith(".yaml") and NAME.match(e.name[:-5]) and e.is_file():
                        found.append(e.name)
                elif NAME.match(e.name) and e.is_dir():
                    found.append(e.name)
    except OSError:
        return []
    return [folder / name for name in sorted(found)]


def _files(folder: Path) -> list[Path]:
    return _entries(folder, files=True)


def _subfolders(folder: Path) -> list[Path]:
    return _entries(folder, files=False)


def curated(root: Path | None = None) -> list[CuratedScenario]:
    """Every curated scenario, by ruleset folder, then its own files, then each subfolder's (by folder and file
    name: the numeric prefixes give the reading order)."""
    root = root or scenarios_dir()
    found: list[CuratedScenario] = []
    if not root.is_dir():
        return found
    for folder in _subfolders(root):
        for path in _files(folder):
            found.append(_read(folder.name, path.stem, path))
        for sub in _subfolders(folder):
            for path in _files(sub):
                found.append(_read(folder.name, f"{sub.name}/{path.stem}", path))
    return found


def split_key(key: str) -> tuple[str, str] | None:
    """`magic/faq/<name>` → ("magic", "faq/<name>"); None unless it has the shape of a curated scenario's key."""
    ruleset, _, name = key.strip().removesuffix(".yaml").partition("/")
    return (ruleset, name) if ruleset and name and valid_name(name) and NAME.match(ruleset) else None


def valid_name(name: str) -> bool:
    """A file name, or a subfolder and a file name: each part a plain name, so no path can leave the folder."""
    parts = name.split("/")
    return 1 <= len(parts) <= 2 and all(NAME.match(part) for part in parts)


def find(ruleset: str, name: str, root: Path | None = None) -> CuratedScenario | None:
    """The curated scenario at scenarios/<ruleset>/<name>.yaml, `name` being `<file>` or `<folder>/<file>` (an old
    name in RENAMED: the scenario it became, whose `name` then differs from the one asked); names are checked so no path can escape (and a symlink pointing out of the folder is not followed)."""
    if not (NAME.match(ruleset) and valid_name(name)):
        return None
    name = RENAMED.get(f"{ruleset}/{name}", name)
    base = (root or scenarios_dir()).resolve()
    path = base / ruleset / f"{name}.yaml"
    if not path.is_file() or not path.resolve().is_relative_to(base):
        return None
    return _read(ruleset, name, path)


def illustrating(root: Path | None = None) -> dict[str, list[CuratedScenario]]:
    """Passage id → the curated scenarios whose `illustrates:` lists it (a card page links each FAQ ruling to the
    scenarios that show it), in the listing's order."""
    found: dict[str, list[CuratedScenario]] = {}
    for item in curated(root):
        for passage_id in dict.fromkeys(item.illustrates):
            found.setdefault(passage_id, []).append(item)
    return found
