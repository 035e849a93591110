"""Datasette-style documentation check: every `judge` command and every JUDGE_* setting is in README.md."""
from __future__ import annotations

import re
import tempfile

import click
from flask import Flask

from judge import config, create_app
from judge.cli import main

README = config.CHECKOUT_DIR / "README.md"


def _commands(group: click.Group, prefix: str = "judge") -> list[str]:
    names = []
    ctx = click.Context(group)
    # list_commands/get_command, not .commands: judge's groups import a command's module only when asked (cli.py)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is None or command.hidden:
            continue
        if isinstance(command, click.Group) and command.list_commands(ctx):
            # a group is documented through its subcommands ("judge corpus import" documents "judge corpus")
            names.extend(_commands(command, f"{prefix} {name}"))
        else:
            names.append(f"{prefix} {name}")
    return names


# Flask's own switches are not this project's settings.
FLASK_KEYS = {"TESTING", "DEBUG", "SECRET_KEY", "PROPAGATE_EXCEPTIONS", "SERVER_NAME", "APPLICATION_ROOT"}
CONFIG_READ = re.compile(r"""config(?:\[|\.get\()\s*["']([A-Z][A-Z0-9_]*)["']""")


def _settings() -> set[str]:
    """JUDGE_* variables the code reads, plus every app setting it reads or defines (from_prefixed_env makes
    each one JUDGE_<KEY>)."""
    found: set[str] = set()
    for path in config.PACKAGE_DIR.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        found.update(re.findall(r"\bJUDGE_[A-Z][A-Z0-9_]*\b", source))
        found.update(f"JUDGE_{key}" for key in CONFIG_READ.findall(source) if key not in FLASK_KEYS)
    with tempfile.TemporaryDirectory() as instance:
        defaults = create_app({"TESTING": True, "INSTANCE": instance}).config
    flask_defaults = set(Flask.default_config)
    found.update(f"JUDGE_{key}" for key in defaults if key not in flask_defaults and key not in FLASK_KEYS)
    return found


def test_settings_scan_finds_the_apps_own_keys() -> None:
    # The check above is only as good as its scan: it must see the settings this app defines and reads.
    assert {"JUDGE_INSTANCE", "JUDGE_CORPUS_DIR", "JUDGE_SEARCH_LIMIT", "JUDGE_SEARCH_MAX_LIMIT"} <= _settings()


def test_every_command_is_documented() -> None:
    readme = README.read_text(encoding="utf-8")
    missing = [name for name in _commands(main) if name not in readme]
    assert not missing, f"README.md does not document: {missing}"


def test_every_setting_is_documented() -> None:
    readme = README.read_text(encoding="utf-8")
    missing = sorted(name for name in _settings() if name not in readme)
    assert not missing, f"README.md does not document: {missing}"


def _routes() -> list[str]:
    """Every route of the app as README writes it: converters as `<…>`; the `.json` variants of pages (one
    sentence documents them all) and the static files left out."""
    with tempfile.TemporaryDirectory() as instance:
        app = create_app({"TESTING": True, "INSTANCE": instance})
    return sorted({re.sub(r"<[^>]*>", "<>", rule.rule) for rule in app.url_map.iter_rules()
                   if rule.endpoint != "static" and not rule.rule.endswith(".json")})


def test_every_route_is_documented() -> None:
    readme = re.sub(r"<[^>\s]*>", "<>", README.read_text(encoding="utf-8"))
    routes = _routes()
    assert {"/", "/reglas/<>", "/api/search", "/api/suggest", "/escenarios/ejecutar"} <= set(routes)
    missing = [path for path in routes
               if not re.search(r"(?<![\w/.<>-])" + re.escape(path) + r"(?![\w/<>-])", readme)]
    assert not missing, f"README.md does not document: {missing}"
