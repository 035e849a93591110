"""Damaging an index the way a disk or a copy does: bytes of a segment changed, its size unchanged."""
from __future__ import annotations

from pathlib import Path

from judge import config
from judge.search import ensure_index


def segment(instance: Path) -> Path:
    """The largest Whoosh segment file of the instance's live index."""
    folder = config.index_dir(instance).resolve()
    return max((f for f in folder.iterdir() if f.suffix == ".seg"), key=lambda f: f.stat().st_size)


def damage_segment(instance: Path) -> None:
    path = segment(instance)
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 64] = bytes(64)          # the size stays: only the checksum can tell
    path.write_bytes(bytes(data))


def built(tmp_path: Path, builds: int = 1) -> Path:
    """A new instance with the default corpus's index, built `builds` times (from 2: a last good copy)."""
    instance = tmp_path / "instance"
    for n in range(builds):
        ensure_index(instance_dir=instance, force=n > 0)
    return instance
