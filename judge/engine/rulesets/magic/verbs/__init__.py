"""The magic ruleset's effect verbs, one small class each (verb.py says what a verb owns). Every module of this
package is imported here as the ruleset loads, and each registers its verbs: a new verb is one new file."""
from __future__ import annotations

import importlib
import pkgutil

# By name, so the registry is the same whatever order the file system lists the modules in.
for _module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    importlib.import_module(f"{__name__}.{_module.name}")
