"""judge/web/packing.py: the builder page's descriptions packed, unpacked exactly, and the pages under 100 kB."""
from __future__ import annotations

import json

from judge.web.builder import descriptions
from judge.web.packing import pack, unpack


def test_pack_round_trips_and_shrinks() -> None:
    described = descriptions()
    packed = pack(described)
    assert unpack(packed) == described
    assert len(json.dumps(packed)) < len(json.dumps(described)) / 3
    assert unpack(pack({"a": [1, 2], "b": "x"})) == {"a": [1, 2], "b": "x"}


def test_builder_and_library_pages_stay_under_100_kb(client) -> None:
    for url in ("/escenarios/nuevo", "/escenarios/nuevo?ruleset=magic", "/escenarios/nuevo?ruleset=magic&desde=plantilla",
                "/biblioteca", "/biblioteca.json", "/biblioteca?ruleset=magic"):
        response = client.get(url)
        assert response.status_code == 200 and len(response.data) < 100_000, (url, len(response.data))
