"""`cr-en/<number>` citations (the magic ruleset's) against a corpus without the English CR: the rule number, a note
saying how to import the CR, the other loaded texts of that number; and the terminal rendering of a magic trace."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judge import config
from judge.messages import Message
from judge.runner import citations
from judge.runner.citations import CitationResolver, resolver
from judge.runner.render import event_text, render_trace

# How to load cr-en, as judge.runner.citations.IMPORTABLE says it in each language; the command it names is checked.
NOTE = citations.IMPORTABLE["cr-en"]
NOTE_ES, NOTE_EN = NOTE.render("es"), NOTE.render("en")
SHORT_NOTE = Message("runner.cite.not_loaded")       # the note's head, said again after its first time in full


@pytest.fixture()
def res(tmp_path: Path) -> CitationResolver:
    # The default corpus, an instance with nothing imported: no cr-en.
    return resolver(config.corpus_dir(), tmp_path)


def test_cr_en_number_not_loaded_and_in_no_other_document(res: CitationResolver) -> None:
    cit = res.resolve("cr-en/704.5a")
    assert not cit.known and cit.passages == ()
    assert cit.not_loaded == "cr-en" and cit.number == "704.5a" and cit.url == "/reglas/704.5a"
    assert cit.note == NOTE_ES and cit.note_in("en") == NOTE_EN
    assert NOTE.id == "runner.cite.import.cr-en" and NOTE.params == {"folder": "../shared/corpus/"}
    for note in (NOTE_ES, NOTE_EN):
        assert "`judge corpus import ../shared/corpus/MagicCompRules_EN_" in note
    assert NOTE_ES != NOTE_EN
    data = cit.to_json()
    assert data["known"] is False and data["passages"] == []
    assert data["number"] == "704.5a" and data["url"] == "/reglas/704.5a" and data["not_loaded"] == "cr-en"
    assert data["note"] == NOTE_ES and data["note_en"] == NOTE_EN


def test_cr_en_number_not_loaded_resolves_to_the_spanish_text_of_that_number(res: CitationResolver) -> None:
    cit = res.resolve("cr-en/121.4")
    assert cit.known and [p.id for p in cit.passages] == ["cr-es/121.4"]
    assert cit.note == NOTE_ES and cit.number == "121.4"
    assert cit.to_json()["passages"][0]["url"] == "/pasajes/cr-es/121.4"


def test_other_citations_have_no_note(res: CitationResolver) -> None:
    for ref in ("cr-es/121.4", "dv/tipos/criaturas/6", "121.4"):
        cit = res.resolve(ref)
        assert cit.known and cit.note is None and "note" not in cit.to_json() and "number" not in cit.to_json()
    unknown = res.resolve("999.9z")
    assert not unknown.known and unknown.note is None


def test_a_cr_en_path_that_is_not_a_rule_number_has_the_note_but_no_rule_link(res: CitationResolver) -> None:
    cit = res.resolve("cr-en/glossary/trample")
    assert not cit.known and cit.note == NOTE_ES and cit.number is None and cit.url is None


def _fake_cr_en(instance: Path) -> None:
    folder = config.imported_dir(instance)
    folder.mkdir(parents=True, exist_ok=True)
    passage = {"id": "cr-en/704.5a", "doc": "cr-en", "title": "704.5a", "kind": "rule", "lang": "en",
               "number": "704.5a", "text": "If a player has 0 or less life, that player loses the game."}
    document = {"id": "cr-en", "title": "Comprehensive Rules", "language": "en", "version": "2026-04-17",
                "ruleset": "magic"}
    (folder / "cr-en.json").write_text(json.dumps({"document": document, "passages": [passage]}), encoding="utf-8")


def test_once_the_cr_is_imported_the_resolver_reloads_and_the_note_goes(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(citations, "CHECK_INTERVAL", 0.0)
    before = resolver(config.corpus_dir(), tmp_path).resolve("cr-en/704.5a")
    assert before.note is not None
    _fake_cr_en(tmp_path)
    after = resolver(config.corpus_dir(), tmp_path)
    cit = after.resolve("cr-en/704.5a")
    assert cit.note is None and [p.id for p in cit.passages] == ["cr-en/704.5a"]
    # The CR is loaded: a number it lacks is outside the corpus, not "not imported".
    missing = after.resolve("cr-en/121.4")
    assert missing.note is None and not missing.known


MAGIC_BOARD: dict[str, Any] = {
    "ruleset": "magic", "turn": 1, "active": "Ana", "phase": "main1", "phase_label": "primera fase principal",
    "priority": "Ana", "winner": None, "over": False,
    "players": [{"name": "Ana", "life": 20, "lost": False, "mana_pool": {"R": 1}, "lands_played": 1,
                 "library": [], "hand": [], "graveyard": [], "exile": [],
                 "battlefield": [{"id": "montana", "card": "Montaña", "controller": "Ana", "owner": "Ana",
                                  "tapped": True, "types": "Tierra básica — Montaña", "mana_cost": "",
                                  "colors": [], "power": None, "toughness": None, "damage": 0, "counters": {},
                                  "attached_to": None, "sick": False, "token": False, "attacking": None,
                                  "blocking": [], "keywords": []}]}],
    "stack": [{"id": "rayo", "card": "Rayo", "kind": "spell", "controller": "Ana", "text": "Rayo: 3 de daño a Bruno",
               "targets": ["Bruno"]}],
    "pending": None,
}


def _magic_trace() -> dict[str, Any]:
    return {
        "scenario_title": "Rayo", "ruleset": "magic", "seed": 1, "stopped": "fin", "ok": True,
        "failed_expectations": [],
        "steps": [
            {"number": 1, "kind": "action", "actor": "Ana", "summary": "Ana lanza Rayo",
             "events": [{"kind": "move", "object": "rayo", "card": "Rayo", "from": "hand", "to": "stack"},
                        {"kind": "life", "player": "Bruno", "from": 20, "to": 17}],
             "citations": ["cr-en/601.2", "cr-en/121.4", "cr-es/121.4"], "unmodelled": [], "board": MAGIC_BOARD},
            {"number": 2, "kind": "state-based", "actor": None, "summary": "Bruno pierde",
             "events": [], "citations": ["cr-en/704.5a"], "unmodelled": [], "board": MAGIC_BOARD},
        ],
    }


@pytest.mark.parametrize("lang", ["es", "en"])
def test_terminal_rendering_of_a_magic_trace_without_the_cr(res: CitationResolver, lang: str) -> None:
    out = render_trace(_magic_trace(), res.resolve, verdict="BIEN", lang=lang)
    lines = out.splitlines()
    note, short = NOTE.render(lang), SHORT_NOTE.render(lang)

    def rule(number: str) -> str:
        return Message("runner.cite.rule", number=number).render(lang)

    first = next(line for line in lines if "§ cr-en/601.2" in line)
    assert f"— {rule('601.2')} ({note})" in first                     # the full note, the first time
    later = next(line for line in lines if "§ cr-en/704.5a" in line)
    assert f"— {rule('704.5a')} ({short})" in later and note not in later
    # cr-en/121.4 falls back to cr-es/121.4, which this step cites itself: its text is printed once.
    fallback = res.resolve("cr-es/121.4").passages[0].text[:40]
    assert sum(fallback in line for line in lines) == 1
    assert citations.OUTSIDE.render(lang) not in out


def test_terminal_rendering_of_a_citation_outside_the_corpus_in_both_languages(res: CitationResolver) -> None:
    trace = _magic_trace()
    trace["steps"][0]["citations"] = ["999.9z"]
    said = {lang: render_trace(trace, res.resolve, verdict="BIEN", lang=lang) for lang in ("es", "en")}
    for lang, out in said.items():
        assert f"§ 999.9z — ({citations.OUTSIDE.render(lang)})" in out
    assert citations.OUTSIDE.render("es") not in said["en"] and citations.OUTSIDE_CORPUS == citations.OUTSIDE.render()


def test_terminal_rendering_shows_the_fallback_text_when_the_step_does_not_cite_it(res: CitationResolver) -> None:
    trace = _magic_trace()
    trace["steps"][0]["citations"] = ["cr-en/121.4"]
    lines = render_trace(trace, res.resolve, verdict="BIEN").splitlines()
    fallback = res.resolve("cr-es/121.4").passages[0].text[:40]
    assert any("§ cr-en/121.4 → cr-es/121.4 — " in line and fallback in line for line in lines)


def test_magic_events_read_in_spanish() -> None:
    assert event_text({"kind": "move", "object": "rayo", "card": "Rayo", "from": "hand", "to": "stack"}) == \
        "Rayo (rayo): mano → pila"
    assert event_text({"kind": "move", "object": "oso", "from": "battlefield", "to": "graveyard"}) == \
        "oso: campo de batalla → cementerio"
    assert event_text({"kind": "life", "player": "Bruno", "from": 20, "to": 17}) == "vidas de Bruno: 20 → 17"
    assert event_text({"kind": "counters", "object": "oso", "counter": "+1/+1", "amount": 1}) == \
        "se pone 1 contador +1/+1 sobre oso"
