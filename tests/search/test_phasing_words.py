"""Issue 15: a player's "al cambiar de fase" (going on to the next phase) is not phasing (702.26), which Spanish
cards call "cambio de fase" ("sale de fase", "fuera de fase"; rules_corpus/glossary.yaml's "=" names).  A small CR
in the official shape with made-up text; the questions are written here, none from an evaluation set."""
from __future__ import annotations

import pytest

from judge.search import RulesIndex

_RULES = [
    "1. Game Concepts", "",
    # rules about other things, so that mana and phases are not words of every rule (translations into words more
    # common than question.TRANSLATION_SHARE are skipped)
    *[line for n, text in enumerate([
        "A player who draws a card puts the top card of their library into their hand.",
        "A creature's toughness is the damage needed to destroy it.",
        "A land is played from a player's hand as a special action.",
        "Each player begins the game with twenty life.",
        "A player loses the game when their life total is zero or less.",
        "Tokens are created by effects and are not cards.",
        "Counters are markers placed on objects or players.",
        "An attacking creature that isn't blocked deals damage to the defending player.",
        "Targets are chosen as a spell is cast.",
        "A player's graveyard is their discard pile.",
        "The owner of a card is the player who started the game with it in their deck.",
        "Exiled cards are kept face up unless an effect says otherwise.",
    ], 1) for line in (f"100.{n}. {text}", "")],
    "106. Mana", "",
    "106.4. Mana goes into a player's mana pool. Each player's mana pool empties at the end of each step and phase.", "",
    "7. Additional Rules", "",
    "702. Keyword Abilities", "",
    "702.26. Phasing", "",
    "702.26a Phasing is a static ability. During each player's untap step, permanents with phasing phase out, and "
    "phased-out permanents phase in.", "",
    "702.26b A phased-out permanent is treated as though it does not exist until it phases in.", "",
]


@pytest.fixture(scope="module")
def mini_index(mini_cr_index) -> RulesIndex:  # type: ignore[no-untyped-def]
    return mini_cr_index("search-phasing-words", ["1. Game Concepts", "100. General", "106. Mana", "7. Additional Rules",
                                                  "702. Keyword Abilities"], _RULES, ["Glossary", ""])


def _cr_numbers(index: RulesIndex, q: str) -> list[str]:
    # the CR's own ranking (the default corpus's Spanish documents come first for a Spanish question)
    return [h.number or "" for h in index.search(q, doc="cr-en").results]


def _english_terms(index: RulesIndex, q: str) -> set[str]:
    """The English words the question searches the rules' text for (its glossary translations among them)."""
    return {c.term for c in index.parse(q).clauses if c.field == "body_en"}


@pytest.mark.parametrize("q", ["al cambiar de fase se vacía el maná que no usé?",
                               "en el cambio de fase pierdo el maná de mi reserva?"])
def test_changing_phase_is_answered_by_the_phase_not_by_phasing(mini_index: RulesIndex, q: str) -> None:
    # the question is not read as naming phasing: the keyword's English word is not searched
    assert "phasing" not in _english_terms(mini_index, q)
    numbers = _cr_numbers(mini_index, q)
    assert numbers and numbers[0] == "106.4", numbers
    # 702.26 may follow on "phase" itself (its "phase out"), never as the answer


@pytest.mark.parametrize("q", ["una criatura con cambio de fase, ¿existe mientras está fuera de fase?",
                               "mis permanentes salen de fase: ¿siguen existiendo?"])
def test_phasing_said_as_spanish_cards_say_it_finds_702_26(mini_index: RulesIndex, q: str) -> None:
    assert "phasing" in _english_terms(mini_index, q)
    numbers = _cr_numbers(mini_index, q)
    assert numbers and numbers[0].startswith("702.26"), numbers
