"""The magic ruleset's keywords, one small class each (keyword.py says what a keyword owns). Every module of this
package is imported here as the ruleset loads, and each registers its keywords: a new keyword is one new file."""
from __future__ import annotations

import importlib
import pkgutil

# By name, so the registry is the same whatever order the file system lists the modules in.
for _module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    importlib.import_module(f"{__name__}.{_module.name}")
