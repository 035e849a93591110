"""Card pages: the card's text and every ruling; the card list."""
from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from werkzeug.exceptions import NotFound

from judge.web.i18n import translate
from judge.web.templating import card_url, passage_url, shorten
from judge.web.views.common import NotFoundHere, document_meta, label, reference

if TYPE_CHECKING:
    from judge.corpus import Corpus
    from judge.corpus.model import Card


def card_data(corpus: "Corpus", card: "Card") -> dict[str, Any]:
    data = card.to_dict()
    rulings = [corpus.passage(pid) for pid in card.rulings]
    data.update(
        url=card_url(card.name),
        passage_url=passage_url(card.passage_id),
        rulings=[{"id": p.id, "title": label(p), "text": p.text, "url": passage_url(p.id),
                  "refs": [reference(corpus, n) for n in p.refs]}
                 for p in rulings if p is not None],
    )
    source = corpus.passage(card.passage_id)
    document = corpus.documents.get(source.doc) if source else None
    data["document"] = document_meta(document) if document else None
    return data


def card_view(corpus: "Corpus", name: str) -> dict[str, Any]:
    """A card's text and every ruling (GET /api/cards/<name>); the name matches without case or accents."""
    card = corpus.card(name)
    if card is None:
        raise NotFound(translate("error.404_card", name=shorten(name, 80)))
    return card_data(corpus, card)


def card_or_suggestions(corpus: "Corpus", index: Any, name: str) -> dict[str, Any]:
    """card_view, but a 404 for a misspelt name lists the cards a search for that name finds."""
    try:
        return card_view(corpus, name)
    except NotFound as missing:
        names: list[str] = []
        for hit in index.search(name, limit=10).results:
            passage = corpus.passage(hit.id)
            if passage is not None and passage.card and passage.card not in names and corpus.card(passage.card):
                names.append(passage.card)
        suggestions = [{"name": n, "url": card_url(n)} for n in names[:5]]
        raise NotFoundHere(missing.description or "", {"suggestions": suggestions}) from None


MAX_FILTER_CHARS = 200


def cards_view(corpus: "Corpus", query: str | None = None) -> dict[str, Any]:
    """The card list (GET /api/cards, /cartas), alphabetical; with `query`, only the cards whose name holds
    every word of it, without case or accents ("gorro", "argoll", "CISNES bryn")."""
    everything = corpus.cards().values()
    query = " ".join((query or "").split())[:MAX_FILTER_CHARS]
    words = _sort_key(query).split()
    cards = sorted((c for c in everything if all(w in _sort_key(c.name) for w in words)),
                   key=lambda c: _sort_key(c.name))
    return {"query": query, "total": len(everything),
            "cards": [{"name": c.name, "mana_cost": c.mana_cost, "type_line": c.type_line,
                       "power": c.power, "toughness": c.toughness, "rulings": len(c.rulings),
                       "url": card_url(c.name)} for c in cards]}


def _sort_key(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(ch))
