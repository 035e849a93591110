"""What each page shows, as plain data: the page renders it, its `.json` variant and the API return it.

Nothing here decides a rule: it only looks passages up in the loaded corpus and lays them out.  A rule number
means a rule only within its rules version (DESIGN.md, "Passage ids"), so the FAQ's 2008 quotations are never
mixed with today's rules: they are listed apart, under the number they map to today.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Mapping

from werkzeug.exceptions import NotFound

from judge.web.i18n import translate
from judge.web.templating import card_url, document_url, passage_url, rule_url, shorten

if TYPE_CHECKING:
    from judge.corpus import Corpus
    from judge.corpus.model import Card, Document, Passage

RULE_NUMBER = re.compile(r"^\d{1,3}(?:\.\d{1,3}[a-z]?)?$")


class NotFoundHere(NotFound):
    """A 404 whose page can say more than "not found" (e.g. the number exists in another rules version)."""

    def __init__(self, description: str, extra: dict[str, Any] | None = None) -> None:
        super().__init__(description=description)
        self.extra = extra or {}


def parent_number(number: str) -> str | None:
    """121.2a → 121.2 → 121 → None: the CR's own nesting of rule numbers."""
    if number and number[-1].isalpha():
        return number[:-1]
    if "." in number:
        return number.split(".", 1)[0]
    return None


def is_historical(corpus: "Corpus", passage: "Passage") -> bool:
    document = corpus.documents.get(passage.doc)
    return bool(document is not None and getattr(document, "historical", False))


def label(passage: "Passage") -> str:
    """A passage's readable name: its title without the rule number (pages print the number beside it), or
    the start of its text when the title is only its number ("121.4")."""
    title = _without_number(passage.title or "", passage.number)
    if title:
        return title
    return shorten(passage.text, 90) if passage.text else passage.id


def _without_number(title: str, number: str | None) -> str:
    title = title.strip()
    if number and title.startswith(number):
        title = title[len(number):].lstrip(". ")
    return title


def document_meta(document: "Document") -> dict[str, Any]:
    return {
        "id": document.id, "title": document.title, "language": document.language,
        "version": document.version, "version_label": document.version_label, "ruleset": document.ruleset,
        "source": document.source, "imported": document.imported,
        "historical": bool(getattr(document, "historical", False)),
        "passages": len(document.passages), "url": document_url(document.id),
    }


def brief(corpus: "Corpus", passage: "Passage | None") -> dict[str, Any] | None:
    """A link to a passage: where it is and what it is called."""
    if passage is None:
        return None
    rule = passage.number if passage.number and not is_historical(corpus, passage) else None
    document = corpus.documents.get(passage.doc)
    return {
        "id": passage.id, "doc": passage.doc, "document_title": document.title if document else passage.doc,
        "number": passage.number, "title": label(passage),
        "kind": passage.kind, "url": passage_url(passage.id), "rule_url": rule_url(rule) if rule else None,
    }


def reference(corpus: "Corpus", number: str) -> dict[str, Any]:
    """An outgoing cross-reference: linked when a loaded current-version document has the number."""
    known = corpus.is_known_number(number)
    return {"number": number, "known": known, "url": rule_url(number) if known else None}


def passage_data(corpus: "Corpus", passage: "Passage") -> dict[str, Any]:
    """Every field of the passage, plus where to see it and its document's version."""
    data = passage.to_dict()
    document = corpus.documents.get(passage.doc)
    historical = is_historical(corpus, passage)
    data.update(
        heading=_without_number(passage.title or "", passage.number),  # the title, its number printed apart
        url=passage_url(passage.id),
        rule_url=rule_url(passage.number) if passage.number and not historical else None,
        card_url=card_url(passage.card) if passage.card and corpus.card(passage.card) else None,
        today_url=rule_url(passage.current_number) if passage.current_number else None,
        historical=historical,
        known_refs=[n for n in passage.refs if corpus.is_known_number(n)],
        document=document_meta(document) if document else None,
    )
    return data


# --- passages and rules -------------------------------------------------------------------------------------

def passage_view(corpus: "Corpus", passage_id: str) -> dict[str, Any]:
    """One passage with its place in the document and its references (GET /api/passages/<id>)."""
    passage = corpus.passage(passage_id)
    if passage is None:
        raise NotFound(translate("error.404_passage", id=passage_id))
    previous, following = corpus.neighbours(passage.id)
    data = passage_data(corpus, passage)
    data.update(
        parent=brief(corpus, corpus.passage(passage.parent)) if passage.parent else None,
        children=[brief(corpus, child) for child in corpus.children(passage.id)],
        previous=brief(corpus, previous),
        next=brief(corpus, following),
        references={
            "outgoing": [reference(corpus, n) for n in passage.refs],
            "incoming": _incoming(corpus, passage),
        },
    )
    return data


def _incoming(corpus: "Corpus", passage: "Passage") -> list[dict[str, Any]]:
    # References are by number, and a number means a rule only in its own version: an old quotation is
    # cited under the number it has today.
    number = passage.current_number if is_historical(corpus, passage) else passage.number
    if not number:
        return []
    return [brief(corpus, p) for p in corpus.cited_by(number) if p.id != passage.id]


def rule_view(corpus: "Corpus", number: str) -> dict[str, Any]:
    """Every loaded current-version text of a rule, side by side, the English CR first (GET /api/rules/<n>)."""
    number = number.strip().rstrip(".")
    texts = corpus.by_number(number)
    older = corpus.by_current_number(number)
    if not texts:
        raise _unknown_rule(corpus, number, older)
    authority = texts[0]
    previous, following = corpus.neighbours(authority.id)
    return {
        "number": number,
        "title": _rule_title(texts),
        "known": True,
        "passages": [passage_data(corpus, p) for p in texts],
        "parent": _rule_parent(corpus, authority, number),
        "children": _rule_children(corpus, texts),
        "previous": brief(corpus, previous),
        "next": brief(corpus, following),
        "references": [reference(corpus, n) for n in _unique(n for p in texts for n in p.refs)],
        "cited_by": [brief(corpus, p) for p in corpus.cited_by(number)
                     if p.number != number or is_historical(corpus, p)],
        "older_versions": [passage_data(corpus, p) for p in older],
        # the same number in an older rules version is another rule (the FAQ's 104.3f is today's 107.4e)
        "same_number_elsewhere": _same_number_elsewhere(corpus, number),
    }


def _same_number_elsewhere(corpus: "Corpus", number: str) -> list[dict[str, Any]]:
    return [brief(corpus, p) | {"current_number": p.current_number,
                                "today_url": rule_url(p.current_number) if p.current_number else None}
            for p in corpus.passages() if p.number == number and is_historical(corpus, p)]


def _rule_title(texts: list["Passage"]) -> str:
    for passage in texts:
        title = _without_number(passage.title or "", passage.number)
        if title:
            return title
    # A CR heading rule ("702.79 Persist") has its name as its whole text.
    text = texts[0].text.strip()
    return text if len(text) <= 60 and not text.endswith(".") else ""


def _rule_parent(corpus: "Corpus", authority: "Passage", number: str) -> dict[str, Any] | None:
    parent = corpus.passage(authority.parent) if authority.parent else None
    if parent is None:
        up = parent_number(number)
        found = corpus.by_number(up) if up else []
        parent = found[0] if found else None
    return brief(corpus, parent)


def _rule_children(corpus: "Corpus", texts: list["Passage"]) -> list[dict[str, Any]]:
    # The English and Spanish texts list the same sub-rules: one entry per number, in the authority's order.
    seen: set[str] = set()
    children: list[dict[str, Any]] = []
    for passage in texts:
        for child in corpus.children(passage.id):
            key = child.number or child.id
            if key not in seen:
                seen.add(key)
                children.append(brief(corpus, child))
    return children


def _unknown_rule(corpus: "Corpus", number: str, older: list["Passage"]) -> NotFoundHere:
    """The 404 for a rule number: still says who cites it and where the number exists in another version."""
    other_versions = _same_number_elsewhere(corpus, number)
    extra = {
        "number": number,
        "valid_number": bool(RULE_NUMBER.match(number)),
        "cited_by": [brief(corpus, p) for p in corpus.cited_by(number)] if RULE_NUMBER.match(number) else [],
        "other_versions": other_versions,
        "older_versions": [brief(corpus, p) for p in older],
    }
    return NotFoundHere(translate("error.404_rule", number=number), extra)


# --- search -------------------------------------------------------------------------------------------------

def search_params(corpus: "Corpus", args: Mapping[str, str], default_limit: int, max_limit: int) -> dict[str, Any]:
    """The search's parameters from a query string, each checked; a bad one raises BadParameter naming it."""
    from judge.web.errors import BadParameter

    q = args.get("q", "")
    raw_limit = args.get("limit", "").strip()
    if raw_limit:
        try:
            limit = int(raw_limit)
        except ValueError:
            raise BadParameter("limit", f"debe ser un número entero entre 1 y {max_limit}, no «{shorten(raw_limit, 20)}»")
        if not 1 <= limit <= max_limit:
            raise BadParameter("limit", f"debe estar entre 1 y {max_limit} (se pidió {limit})")
    else:
        limit = max(1, min(default_limit, max_limit))
    doc = args.get("doc", "").strip() or None
    if doc is not None and doc not in corpus.documents:
        raise BadParameter("doc", f"documento desconocido «{shorten(doc, 40)}»; los cargados: "
                                  + ", ".join(corpus.documents))
    ruleset = args.get("ruleset", "").strip() or None
    rulesets = rulesets_of(corpus)
    if ruleset is not None and ruleset not in rulesets:
        raise BadParameter("ruleset", f"juego desconocido «{shorten(ruleset, 40)}»; los cargados: "
                                      + ", ".join(rulesets))
    return {"q": q, "limit": limit, "doc": doc, "ruleset": ruleset}


def hit_heading(corpus: "Corpus", passage_id: str, title: str, number: str | None) -> str:
    """What a search result is called: its own title, else (a CR rule titled only by its number) the name of
    the rule it belongs to ("702.79a" → "Persist"), else its document's title."""
    own = _without_number(title or "", number)
    if own:
        return own
    passage = corpus.passage(passage_id)
    parent = corpus.passage(passage.parent) if passage and passage.parent else None
    while parent is not None:
        name = _without_number(parent.title or "", parent.number) or _rule_title([parent])
        if name:
            return name
        parent = corpus.passage(parent.parent) if parent.parent else None
    document = corpus.documents.get(passage.doc) if passage else None
    return document.title if document else ""


def rulesets_of(corpus: "Corpus") -> list[str]:
    return _unique(d.ruleset for d in corpus.documents.values())


# --- cards --------------------------------------------------------------------------------------------------

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
        raise NotFound(translate("error.404_card", name=name))
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


def cards_view(corpus: "Corpus") -> dict[str, Any]:
    cards = sorted(corpus.cards().values(), key=lambda c: _sort_key(c.name))
    return {"cards": [{"name": c.name, "mana_cost": c.mana_cost, "type_line": c.type_line,
                       "power": c.power, "toughness": c.toughness, "rulings": len(c.rulings),
                       "url": card_url(c.name)} for c in cards]}


def _sort_key(text: str) -> str:
    import unicodedata

    return "".join(ch for ch in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(ch))


# --- documents ----------------------------------------------------------------------------------------------

def documents_view(corpus: "Corpus") -> list[dict[str, Any]]:
    """Every loaded document with its passage count (GET /api/documents)."""
    return [document_meta(d) for d in corpus.documents.values()]


def document_view(corpus: "Corpus", doc_id: str) -> dict[str, Any]:
    """A document and its passages in order, each with its depth in the document (GET /api/documents/<doc>)."""
    document = corpus.documents.get(doc_id)
    if document is None:
        raise NotFound(translate("error.404_doc", id=doc_id))
    ids = {p.id for p in document.passages}
    parents = {p.id: p.parent for p in document.passages}
    passages = []
    for passage in sorted(document.passages, key=lambda p: p.order):
        titled = bool(_without_number(passage.title or "", passage.number))
        passages.append({
            "id": passage.id, "number": passage.number, "title": label(passage), "kind": passage.kind,
            # a bullet's title is only where it sits ("Preparación › 1"): the start of its text says what it is
            "excerpt": shorten(passage.text, 90) if titled and passage.text.strip() != passage.title.strip()
            and not _toc_title(passage).startswith(shorten(passage.text, 110)[:40]) else "",
            "toc_title": _toc_title(passage), "section": passage.section, "parent": passage.parent,
            "depth": _depth(passage.id, parents, ids), "url": passage_url(passage.id),
        })
    data = document_meta(document)
    data["passages"] = passages
    data["count"] = len(passages)
    return data


def _toc_title(passage: "Passage") -> str:
    """The title as the table of contents shows it, under its section heading: without the section path
    ("Estructura del turno › Fase 1 › 2" → the bullet's own text)."""
    title = label(passage)
    parts = _SECTION_SPLIT.split(title)
    if len(parts) > 1 and passage.section and title.startswith(passage.section):
        rest = title[len(passage.section):].lstrip(" ›>")
        if not rest:
            return parts[-1]
        if rest.isdigit():
            return shorten(passage.text, 110)
        return rest
    return title


def _depth(passage_id: str, parents: dict[str, str | None], ids: set[str]) -> int:
    depth, current, seen = 0, parents.get(passage_id), {passage_id}
    while current in ids and current not in seen:
        seen.add(current)
        depth += 1
        current = parents.get(current)
    return depth


def contents(passages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The table of contents: passages under their top-level section, then under their subsection, in order.

    Section paths read "1. Game Concepts > 121. Drawing a Card" or "Estructura del turno › Fase 1"."""
    tops: list[dict[str, Any]] = []
    for passage in passages:
        top, sub = _split_section(passage["section"] or "")
        if not tops or tops[-1]["section"] != top:
            tops.append({"section": top, "groups": [], "count": 0})
        groups = tops[-1]["groups"]
        if not groups or groups[-1]["section"] != sub:
            groups.append({"section": sub, "passages": []})
        groups[-1]["passages"].append(passage)
        tops[-1]["count"] += 1
    return tops


_SECTION_SPLIT = re.compile(r"\s+[>›]\s+")


def _split_section(section: str) -> tuple[str, str]:
    parts = _SECTION_SPLIT.split(section.strip(), maxsplit=1)
    return parts[0], parts[1] if len(parts) > 1 else ""


def _unique(values) -> list[str]:
    return list(dict.fromkeys(values))
