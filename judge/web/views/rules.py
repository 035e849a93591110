"""Rule pages by number and passage pages by id: text, place in the document, references both ways."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from werkzeug.exceptions import NotFound

from judge.web.i18n import get_language, translate
from judge.web.templating import passage_url, rule_url, shorten
from judge.web.views.common import (
    RULE_NUMBER, NotFoundHere, brief, is_historical, parent_number, passage_data, reference, unique,
    without_number,
)

from judge.web.views.versions import rule_history

if TYPE_CHECKING:
    from judge.corpus import Corpus
    from judge.corpus.model import Passage


def passage_view(corpus: "Corpus", passage_id: str) -> dict[str, Any]:
    """One passage with its place in the document and its references (GET /api/passages/<id>)."""
    passage = corpus.passage(passage_id)
    if passage is None:
        raise NotFound(translate("error.404_passage", id=shorten(passage_id, 80)))
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
        subrules=subrule_tree(corpus, [passage], every_version=False),
    )
    return data


def _incoming(corpus: "Corpus", passage: "Passage") -> list[dict[str, Any]]:
    # References are by number, and a number means a rule only in its own version: an old quotation is
    # cited under the number it has today.
    number = passage.current_number if is_historical(corpus, passage) else passage.number
    if not number:
        return []
    return [brief(corpus, p) for p in corpus.cited_by(number) if p.id != passage.id]


def rule_view(corpus: "Corpus", number: str, saved_slot: str | None = None) -> dict[str, Any]:
    """Every loaded current-version text of a rule, side by side, the English CR first (GET /api/rules/<n>).
    `saved_slot`: put that placeholder where the saved scenarios go (the page cache fills it per request)."""
    number = number.strip().rstrip(".")
    texts = corpus.by_number(number)
    older = corpus.by_current_number(number)
    if not texts:
        raise _unknown_rule(corpus, number, older)
    authority = texts[0]
    previous, following = corpus.neighbours(authority.id)
    return {
        "number": number,
        "title": rule_title(texts),
        "known": True,
        "passages": [passage_data(corpus, p) for p in texts],
        "parent": _rule_parent(corpus, authority, number),
        "children": _rule_children(corpus, texts),
        "subrules": subrule_tree(corpus, texts),
        "previous": brief(corpus, previous),
        "next": brief(corpus, following),
        "references": [reference(corpus, n) for n in unique(n for p in texts for n in p.refs)],
        "cited_by": [brief(corpus, p) for p in corpus.cited_by(number)
                     if p.number != number or is_historical(corpus, p)],
        "older_versions": [passage_data(corpus, p) for p in older],
        # the same number in an older rules version is another rule (the FAQ's 104.3f is today's 107.4e)
        "same_number_elsewhere": _same_number_elsewhere(corpus, number),
        "examples": _examples(number),
        "examples_building": _examples_building(),
        **(_saved_examples(number) if saved_slot is None else _saved_slots(saved_slot)),
        "history": rule_history(corpus, number),
    }


def _saved_examples(number: str) -> dict[str, Any]:
    """The saved scenarios whose run cited the rule or one below it when they were saved (judge.store), or,
    when the database does not answer in time, none and the notice the page shows instead."""
    from judge.web.citing import saved_citing

    found = saved_citing(number)
    return {"saved_examples": found or [],
            "saved_examples_unavailable": translate("saved.examples_unavailable") if found is None else None}


def _saved_slots(saved_slot: str) -> dict[str, Any]:
    """Placeholders the page cache fills per request (judge.web.pagecache.fill_saved_examples): the saved
    scenarios and, in the JSON, the notice shown when the database did not answer."""
    from judge.web import pagecache

    notice = pagecache.JSON_NOTICE_SLOT if saved_slot == pagecache.JSON_SLOT else None
    return {"saved_examples": saved_slot, "saved_examples_unavailable": notice}


def _examples(number: str) -> list[dict[str, Any]]:
    """"Ejemplos": the curated scenarios with a step citing the rule or one below it (the engine's citations,
    read from their traces by judge.web.examples)."""
    from judge.web import examples

    return examples.for_rule(number)


def _examples_building() -> bool:
    """Whether "Ejemplos" were left out because they are being built (the page says so; it is not cached)."""
    from judge.web.examples import building

    return building()


def _same_number_elsewhere(corpus: "Corpus", number: str) -> list[dict[str, Any]]:
    return [brief(corpus, p) | {"current_number": p.current_number,
                                "today_url": rule_url(p.current_number) if p.current_number else None}
            for p in corpus.passages() if p.number == number and is_historical(corpus, p)]


def rule_title(texts: list["Passage"]) -> str:
    for passage in texts:
        title = without_number(passage.title or "", passage.number)
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


# A rule page shows every sub-rule under it in full, nested, as the hyperlinked CR sites do; a rule with more
# than this many below it (702, a section) shows its own sub-rules in full, each linking to the rest.
SUBRULES_IN_FULL = 300
MAX_SUBRULE_DEPTH = 6


def subrule_tree(corpus: "Corpus", roots: list["Passage"], every_version: bool = True) -> list[dict[str, Any]]:
    """The passages under `roots`, depth first: each a `brief` plus `depth` (1 for a child), `passages` (its
    full text in every loaded current-version document when `every_version`, the English CR first; else its own
    text) and `children` (the same, one level down). Sub-rules of several texts of a rule are merged by number.
    More than SUBRULES_IN_FULL in all: only the first level, each with `more` (how many lie under it)."""
    seen: set[str] = set()
    count = 0

    def texts_of(group: list["Passage"]) -> list["Passage"]:
        first = group[0]
        if every_version and first.number and not is_historical(corpus, first):
            return corpus.by_number(first.number) or group
        return group

    def build(parents: list["Passage"], depth: int) -> list[dict[str, Any]]:
        nonlocal count
        groups: dict[str, list["Passage"]] = {}
        for parent in parents:
            for child in corpus.children(parent.id):
                if child.id not in seen:
                    seen.add(child.id)
                    groups.setdefault(child.number or child.id, []).append(child)
        nodes = []
        for group in groups.values():
            texts = texts_of(group)
            seen.update(p.id for p in texts)
            count += 1
            node = brief(corpus, group[0]) or {}
            node.update(
                depth=depth,
                passages=[{"id": p.id, "doc": p.doc, "lang": p.lang, "text": p.text, "url": passage_url(p.id)}
                          for p in texts],
                children=build(texts, depth + 1) if depth < MAX_SUBRULE_DEPTH else [],
            )
            nodes.append(node)
        return nodes

    seen.update(p.id for p in roots)
    tree = build(roots, 1)
    if count > SUBRULES_IN_FULL:
        for node in tree:
            node["more"] = _size(node["children"])
            node["children"] = []
    return tree


def _size(nodes: list[dict[str, Any]]) -> int:
    return sum(1 + _size(n["children"]) for n in nodes)


def _unknown_rule(corpus: "Corpus", number: str, older: list["Passage"]) -> NotFoundHere:
    """The 404 for a rule number: still says who cites it and where the number exists in another version."""
    other_versions = _same_number_elsewhere(corpus, number)
    extra = {
        "number": shorten(number, 80),
        "valid_number": bool(RULE_NUMBER.match(number)),
        "cited_by": [brief(corpus, p) for p in corpus.cited_by(number)] if RULE_NUMBER.match(number) else [],
        "other_versions": other_versions,
        "older_versions": [brief(corpus, p) for p in older],
    }
    if RULE_NUMBER.match(number) and "cr-en" not in corpus.documents:
        # A cross-reference links here before the English CR is imported: say how to load the rule's text.
        from judge.runner.citations import IMPORTABLE

        extra["not_loaded"] = "cr-en"
        extra["note"] = IMPORTABLE["cr-en"].render(get_language())
        extra["examples"] = _examples(number)     # the curated magic scenarios cite the English CR
    return NotFoundHere(translate("error.404_rule", number=shorten(number, 80)), extra)
