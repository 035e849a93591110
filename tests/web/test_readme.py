"""Datasette-style documentation check: every `judge` command and every JUDGE_* setting is in README.md."""
from __future__ import annotations

import re
from pathlib import Path

import click

from judge import config, create_app
from judge.cli import main

README = config.CHECKOUT_DIR / "README.md"


def _commands(group: click.Group, prefix: str = "judge") -> list[str]:
    names = []
    for name, command in sorted(group.commands.items()):
        if command.hidden:
            continue
        if isinstance(command, click.Group) and command.commands:
            # a group is documented through its subcommands ("judge corpus import" documents "judge corpus")
            names.extend(_commands(command, f"{prefix} {name}"))
        else:
            names.append(f"{prefix} {name}")
    return names


def _settings() -> set[str]:
    """JUDGE_* variables the code reads, plus the app's settings (from_prefixed_env makes each one JUDGE_<KEY>)."""
    found: set[str] = set()
    for path in (config.PACKAGE_DIR).rglob("*.py"):
        found.update(re.findall(r"\bJUDGE_[A-Z][A-Z0-9_]*\b", path.read_text(encoding="utf-8")))
    defaults = create_app({"TESTING": True, "INSTANCE": str(config.instance_dir())}).config
    own = {"INSTANCE", "CORPUS_DIR", "MAX_CONTENT_LENGTH", "SEARCH_LIMIT", "SEARCH_MAX_LIMIT"}
    found.update(f"JUDGE_{key}" for key in own if key in defaults)
    return found


def test_every_command_is_documented() -> None:
    readme = README.read_text(encoding="utf-8")
    missing = [name for name in _commands(main) if name not in readme]
    assert not missing, f"README.md does not document: {missing}"


def test_every_setting_is_documented() -> None:
    readme = README.read_text(encoding="utf-8")
    missing = sorted(name for name in _settings() if name not in readme)
    assert not missing, f"README.md does not document: {missing}"
