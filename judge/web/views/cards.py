"""Card pages: the card's text and every ruling; the card list. The card page adds what the engine says of the
card (modelled or not, the text it does not model), the curated scenarios illustrating each ruling, a link that
tries the card in the builder, and the scenarios that use it ("Ejemplos")."""
from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

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


def card_page(corpus: "Corpus", index: Any, name: str) -> dict[str, Any]:
    """/cartas/<name>: card_or_suggestions plus `engine` ({"ruleset", "modelled", "unmodelled": [text lines]}, or
    null for a card the engine's catalog lacks), each ruling's `scenarios` (curated scenarios whose `illustrates:`
    lists it), `try_url` (the builder with the card on the table; null when the engine lacks it) and
    `examples` (the curated scenarios that use the card). The engine and the catalog decide; this only asks."""
    from judge.runner.cards import status
    from judge.runner.catalog import illustrating
    from judge.web import examples

    data = card_or_suggestions(corpus, index, name)
    engine = status(data["name"])
    data["engine"] = ({"ruleset": engine["ruleset"], "modelled": engine["modelled"],
                       "unmodelled": engine["unmodelled"]} if engine else None)
    shown = illustrating()
    for ruling in data["rulings"]:
        # Each opens at the step that cites the ruling (the viewer reads #paso-N), else at the first step naming
        # the card; `step` null when neither exists.
        ruling["scenarios"] = [{"ruleset": s.ruleset, "name": s.name, "title": s.title, "url": s.url,
                                "step": examples.first_step(s.url, ruling["id"])
                                or examples.card_step(s.url, data["name"])}
                               for s in shown.get(ruling["id"], [])]
    data["try_url"] = try_url(engine["ruleset"], data["name"]) if engine else None
    data["examples"] = examples.for_card(data["name"])
    data["examples_building"] = examples.building()
    return data


def try_url(ruleset: str, name: str) -> str:
    """The builder started from an empty table of `ruleset` with the card on the first player's side."""
    return "/escenarios/nuevo?" + urlencode({"ruleset": ruleset, "carta": name})


MAX_FILTER_CHARS = 200


def cards_view(corpus: "Corpus", query: str | None = None) -> dict[str, Any]:
    """The card list (GET /api/cards, /cartas), alphabetical; with `query`, only the cards whose name holds
    every word of it, without case or accents ("gorro", "argoll", "CISNES bryn"). The basic lands the engine
    knows (no FAQ document has them) are listed too, `basic: true`, each linking to the builder with it. When no
    name holds the words, `near` lists the names closest to them (a misspelt "Contratalardo", "bosqe")."""
    rows = [{"name": c.name, "mana_cost": c.mana_cost, "type_line": c.type_line, "power": c.power,
             "toughness": c.toughness, "rulings": len(c.rulings), "url": card_url(c.name)}
            for c in corpus.cards().values()]
    rows += _basic_lands({r["name"] for r in rows})
    query = " ".join((query or "").split())[:MAX_FILTER_CHARS]
    words = _sort_key(query).split()
    found = sorted((r for r in rows if all(w in _sort_key(r["name"]) for w in words)),
                   key=lambda r: _sort_key(r["name"]))
    near = _near(words, rows) if words and not found else []
    return {"query": query, "total": len(rows), "cards": found, "near": near}


NEAR_LISTED = 8
NEAR_CUTOFF = 0.75


def _near(words: list[str], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows whose name comes closest to the query's words: each word like one of the name's words (or its
    start), as difflib's ratio measures it, the closest first."""
    from difflib import SequenceMatcher

    scored = []
    for r in rows:
        name_words = _sort_key(r["name"]).split()
        best = []
        for w in words:
            best.append(max((max(SequenceMatcher(None, w, n).ratio(), SequenceMatcher(None, w, n[:len(w)]).ratio()
                                 if len(n) > len(w) else 0.0) for n in name_words), default=0.0))
        score = min(best) if best else 0.0
        if score >= NEAR_CUTOFF:
            scored.append((-score, _sort_key(r["name"]), r))
    return [r for _, _, r in sorted(scored, key=lambda t: (t[0], t[1]))[:NEAR_LISTED]]


def _basic_lands(known: set[str]) -> list[dict[str, Any]]:
    """305.6: the five basic lands, from the engine's catalog (magic/cards.py), unless a document has them."""
    from judge.engine.rulesets.magic.cards import BASIC_LANDS

    return [{"name": name, "mana_cost": "", "type_line": f"Tierra básica — {' '.join(card.subtypes)}",
             "power": None, "toughness": None, "rulings": 0, "url": try_url("magic", name), "basic": True}
            for name, card in BASIC_LANDS.items() if name not in known]


def _sort_key(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(ch))
