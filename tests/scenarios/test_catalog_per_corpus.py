"""The magic card catalog belongs to the corpus it was read from (judge/scenarios/cards.py): a process that read a
small corpus first (`judge index` on a test's copy without the FAQ) still finds the FAQ's cards for scenarios run
on the real corpus afterwards; before, the first catalog read was every later scenario's ("carta desconocida")."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from judge import config
from judge.scenarios import cards
from judge.scenarios.load import load_scenario

FAQ_CARD = "Plaga de alimañas"
SCENARIO = config.CHECKOUT_DIR / "scenarios" / "magic" / "faq" / "plaga-de-alimanas-2-no-puedes-pagar-vida-que-no-tienes.yaml"


@pytest.fixture()
def corpus_without_cards(tmp_path: Path) -> Path:
    """The shipped corpus less its documents with card records (the FAQ), as a test's small copy."""
    source = config.corpus_dir()
    manifest = yaml.safe_load((source / "manifest.yaml").read_text(encoding="utf-8"))
    kept = [entry for entry in manifest["documents"] if FAQ_CARD not in (source / entry["file"]).read_text(
        encoding="utf-8")]
    assert kept and len(kept) < len(manifest["documents"])
    target = tmp_path / "corpus"
    target.mkdir()
    for entry in kept:
        shutil.copyfile(source / entry["file"], target / entry["file"])
    (target / "manifest.yaml").write_text(yaml.safe_dump({**manifest, "documents": kept}, allow_unicode=True),
                                          encoding="utf-8")
    return target


def test_a_small_corpus_read_first_leaves_the_real_catalog_whole(corpus_without_cards: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    assert FAQ_CARD in cards.magic_catalog()                  # the real corpus
    with monkeypatch.context() as patched:
        patched.setenv("JUDGE_CORPUS_DIR", str(corpus_without_cards))
        assert FAQ_CARD not in cards.magic_catalog()          # the small one's own catalog
        assert FAQ_CARD not in cards.card_source("magic")
    assert FAQ_CARD in cards.magic_catalog()                  # back on the real corpus: its cards again
    assert load_scenario(SCENARIO).title                      # and a scenario naming one validates


def test_the_first_reader_does_not_decide_for_the_others(corpus_without_cards: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cards, "_catalogs", {})               # a fresh process whose first reader is the small corpus
    with monkeypatch.context() as patched:
        patched.setenv("JUDGE_CORPUS_DIR", str(corpus_without_cards))
        assert FAQ_CARD not in cards.magic_catalog()
    assert FAQ_CARD in cards.magic_catalog()
