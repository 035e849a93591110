"""The built wheel carries the templates and the static files (the app must work when installed)."""
from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from judge import config


def test_wheel_contains_templates_and_static(tmp_path: Path) -> None:
    # hatchling is a test dependency (pyproject.toml), so a missing one is a failure, not a skip.
    hatchling = shutil.which("hatchling", path=str(Path(sys.executable).parent))
    assert hatchling is not None, "hatchling is missing: pip install -e '.[test]'"
    # Build from a copy of the sources only: quicker than pip, and the checkout stays untouched.
    result = subprocess.run([hatchling, "build", "-t", "wheel", "-d", str(tmp_path)], cwd=config.CHECKOUT_DIR,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    wheel = next(tmp_path.glob("*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    templates = {p.name for p in (config.CHECKOUT_DIR / "templates").glob("*.html")}
    assert templates and {f"judge/templates/{t}" for t in templates} <= names
    static = {p.relative_to(config.PACKAGE_DIR).as_posix() for p in (config.PACKAGE_DIR / "web" / "static").rglob("*")
              if p.is_file()}
    assert "web/static/style.css" in static and {f"judge/{s}" for s in static} <= names
    assert "judge/rules_corpus/manifest.yaml" in names
    # the Alembic migrations the app runs when it starts (judge/store/migrations)
    assert {"judge/store/migrations/env.py", "judge/store/migrations/script.py.mako",
            "judge/store/migrations/versions/0001_saved_scenarios.py"} <= names
