"""Cards the documents don't print: a shipped table of widely played cards (popular_cards.yaml) and what each does
in the CR's words, so that "tiro un Wrath of God" is searched as "destruye todas las criaturas…".

A question naming a table card (English or Spanish name, a nickname; without accents or with a typo) has the name
replaced by what the card does, in the question's language: the rules that decide are the rules of what it does
(destroying, gaining control, countering), which no word of its name reaches.  Cards the index itself knows (the FAQ's
cards, with their rulings) are left to the index.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from judge.search.names import CardMatcher
from judge.search.schema import LANGS, term_spans

TABLE = Path(__file__).with_name("popular_cards.yaml")
QUOTE = ("\u00ab", "\u00bb")   # « »: what a card does is put in the question as its quoted text
# A name followed by its quoted text ("Murder (\"Destroy target creature.\")", "Soul Warden «…»")
_QUOTES_NEXT = re.compile(r"\s*(?:\(\s*(?:which has:\s*)?)?[\"\u201c\u00ab]")


class CardTableError(ValueError):
    """The card table is malformed; the message names the entry and the field."""


@dataclass(frozen=True)
class KnownCard:
    """One card of the table: its English name, every name it is called by, and what it does per language."""
    name: str
    names: tuple[str, ...]
    does: dict[str, str]


@dataclass(frozen=True)
class Expansion:
    text: str                  # the question with each named card replaced by what it does
    cards: tuple[str, ...]     # the English names of the table cards found
    told: tuple[tuple[int, int], ...] = ()   # the spans of `text` that say what a card does (not the user's words)


def parse_table(data: object, source: str = "popular_cards.yaml") -> list[KnownCard]:
    """The table's entries; every problem of every entry at once in one CardTableError."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise CardTableError(f"{source}: expected a mapping with a 'cards' list")
    problems: list[str] = []
    out: list[KnownCard] = []
    for n, entry in enumerate(data["cards"]):
        where = f"{source}: cards[{n}]"
        if not isinstance(entry, dict):
            problems.append(f"{where}: expected a mapping")
            continue
        name = entry.get("en")
        if not isinstance(name, str) or not name.strip():
            problems.append(f"{where}.en: expected the English name")
        aliases = []
        for key in ("es", "also"):
            raw = entry.get(key, [])
            if isinstance(raw, str):
                raw = [raw]
            if not isinstance(raw, list) or not all(isinstance(x, str) and x.strip() for x in raw):
                problems.append(f"{where}.{key}: expected a list of names")
                continue
            aliases += raw
        if "es" not in entry:
            problems.append(f"{where}.es: expected the Spanish name(s)")
        does = entry.get("does")
        if not isinstance(does, dict) or not all(isinstance(does.get(l), str) and does[l].strip() for l in LANGS):
            problems.append(f"{where}.does: expected what the card does in {' and '.join(LANGS)}")
        unknown = set(entry) - {"en", "es", "also", "does"}
        if unknown:
            problems.append(f"{where}: unknown field(s) {sorted(unknown)}")
        if not any(p.startswith(where) for p in problems):
            out.append(KnownCard(name=name, names=tuple(dict.fromkeys([name, *aliases])),
                                 does={l: does[l] for l in LANGS}))
    if problems:
        raise CardTableError("; ".join(problems))
    return out


class CardTable:
    """The table's cards, matched in questions through the same fuzzy matcher as the index's cards."""

    def __init__(self, cards: list[KnownCard]) -> None:
        self.cards = cards
        self._by_name = {n: c for c in cards for n in c.names}
        self._matcher = CardMatcher(sorted(self._by_name))
        self._words = dict(zip(self._matcher.names, self._matcher.words))

    def __len__(self) -> int:
        return len(self.cards)

    def expand(self, text: str, lang: str | None, skip: frozenset[str] = frozenset()) -> Expansion:
        """`text` with each table card it names replaced by what the card does (in `lang`, English when the
        language is unknown: most answers are the English CR's).  A name the index knows (`skip`, folded) stays."""
        spans = term_spans(text, "name")
        words = [t for _, _, t in spans]
        found = self._matcher.find(words)
        taken: set[int] = set()
        edits: list[tuple[int, int, KnownCard]] = []
        for name, positions in found:          # longest names first: "Wrath of God" before "Wrath"
            # a name the index knows, or a nickname of a card it knows ("Bolt" when it has Lightning Bolt)
            if (taken & set(positions) or " ".join(name.lower().split()) in skip
                    or " ".join(self._by_name[name].name.lower().split()) in skip):
                continue
            name_words = self._words[name]
            if len(name_words) == 1 and words[positions[0]] != name_words[0]:
                continue   # a one-word name only as typed: "Coacción" is not "acción" with a typo
            taken.update(range(positions[0], positions[-1] + 1))
            start, end = spans[positions[0]][0], spans[positions[-1]][1]
            # the whole of the typed tokens ("O-Ring": the analyser keeps only "ring")
            while start > 0 and not text[start - 1].isspace():
                start -= 1
            while end < len(text) and not text[end].isspace() and text[end] not in "?!.,;:)»\"'":
                end += 1
            if _QUOTES_NEXT.match(text, end):
                continue   # the question quotes the card's own text after its name: that says what it does
            edits.append((start, end, self._by_name[name]))
        out, told = "", []
        last = 0
        for start, end, card in sorted(edits, key=lambda e: e[0]):
            # Quoted, as a player quoting the card would: situation.py reads the kind of text it is (a trigger,
            # a replacement...) from quoted card text only.
            said = QUOTE[0] + card.does[lang or "en"] + QUOTE[1]
            out += text[last:start]
            told.append((len(out), len(out) + len(said)))
            out += said
            last = end
        out += text[last:]
        return Expansion(out, tuple(dict.fromkeys(c.name for _, _, c in sorted(edits, key=lambda e: e[0]))),
                         tuple(told))


@lru_cache(maxsize=1)
def card_table(path: str = str(TABLE)) -> CardTable:
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return CardTable([])
    except yaml.YAMLError as exc:
        raise CardTableError(f"{path}: not valid YAML: {exc}") from exc
    return CardTable(parse_table(data, path))
