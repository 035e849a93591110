"""The Shadowmoor FAQ is the magic catalog's oracle (issue 9): every ruling that states an outcome is reproduced by a
curated scenario under scenarios/magic/faq/ (its id in `illustrates:`; test_curated checks the run cites it and
reaches every expectation), and every other ruling is listed in docs/scenarios.md with the reason it has none."""
from __future__ import annotations

import re
from functools import lru_cache

import yaml

from judge.corpus import load_corpus
from judge.scenarios.cards import magic_catalog as catalog

from .conftest import CURATED_DIR
from .test_docs_magic import DOCS, codes, section, tables

RULING = re.compile(r"^faq-shm/(?:cartas|notas)/[a-z0-9-]+/\d+$")
SECTION = "The Shadowmoor FAQ's rulings: scenarios and the rulings without one"
REASONS = ("sin resultado", "fuera de los documentos", "no modelado")
FAQ_DIR = CURATED_DIR / "magic" / "faq"


@lru_cache(maxsize=1)
def rulings() -> tuple[str, ...]:
    return tuple(p.id for p in load_corpus().passages() if RULING.match(p.id))


def illustrated() -> dict[str, list[str]]:
    """Ruling id → the curated files that say they illustrate it (any ruleset folder, subfolders included)."""
    out: dict[str, list[str]] = {}
    for path in sorted(CURATED_DIR.rglob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for pid in doc.get("illustrates") or []:
            if RULING.match(str(pid)):
                out.setdefault(str(pid), []).append(path.name)
    return out


def listed() -> dict[str, str]:
    """Ruling id → the reason docs/scenarios.md gives for it having no scenario."""
    text = section(DOCS.read_text(encoding="utf-8"), SECTION, 3)
    rows = [row for table in tables(text) for row in table]
    out: dict[str, str] = {}
    for row in rows:
        ids = codes(row[0])
        assert len(ids) == 1 and len(row) >= 2, f"fila mal formada: {row}"
        assert ids[0] not in out, f"{ids[0]} aparece dos veces en la lista"
        out[ids[0]] = " | ".join(row[1:])
    return out


def test_the_faq_has_its_rulings() -> None:
    """The parse gives every card's numbered rulings and the general notes' (≈ 290): the oracle is not empty."""
    assert len(rulings()) >= 250


def test_every_listed_ruling_exists_and_gives_a_reason() -> None:
    known = set(rulings())
    for pid, reason in listed().items():
        assert pid in known, f"{pid} no es una resolución de la FAQ"
        m = re.match(r"^\*\*([^*]+)\*\*:\s*\S", reason)
        assert m and m.group(1) in REASONS, f"{pid}: la razón debe empezar por **{'** / **'.join(REASONS)}**: …"


def test_a_ruling_with_a_scenario_is_not_listed_as_without_one() -> None:
    both = sorted(set(listed()) & set(illustrated()))
    assert not both, f"tienen escenario y a la vez figuran como sin escenario: {both}"


def test_every_ruling_is_illustrated_or_listed_with_its_reason() -> None:
    covered = set(listed()) | set(illustrated())
    missing = [pid for pid in rulings() if pid not in covered]
    assert not missing, f"{len(missing)} resoluciones de la FAQ sin escenario ni razón: {missing[:20]}"


def test_at_least_70_faq_scenarios_each_illustrating_a_ruling() -> None:
    files = sorted(FAQ_DIR.glob("*.yaml"))
    assert len(files) >= 70, f"{len(files)} escenarios en scenarios/magic/faq/"
    for path in files:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert any(RULING.match(str(p)) for p in doc.get("illustrates") or []), \
            f"{path.name} no ilustra ninguna resolución de la FAQ"


def test_at_least_70_faq_cards_are_fully_modelled() -> None:
    faq_cards = [c for c in catalog().values() if c.passage_id.startswith("faq-shm/")]
    modelled = [c.card.name for c in faq_cards if c.modelled]
    assert len(faq_cards) >= 90
    assert len(modelled) >= 70, f"{len(modelled)} de {len(faq_cards)} cartas de la FAQ modeladas"
