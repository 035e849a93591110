"""Rules versions on the pages: a rule as it was (`/reglas/<n>?version=<date>`), when its text last changed
among the loaded versions, and what changed between two versions (`/cambios/<old>..<new>`).

The comparison itself is judge.corpus.diff's; this module only looks versions up and lays them out.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from werkzeug.exceptions import NotFound

from judge.web.errors import mark, said
from judge.web.links import VERSIONED_DOC, rule_url, versioned_rule_url
from judge.web.views.common import document_meta, passage_data

if TYPE_CHECKING:
    from judge.corpus import Corpus
    from judge.corpus.model import Document

class UnknownVersion(NotFound):
    """A version date that is not loaded; the message lists the loaded ones. The 404s here say their sentence in
    the request's language (i18n.MESSAGES, `error.404_version*`; issue 17)."""


def _loaded(corpus: "Corpus") -> str:
    return ", ".join(d.version for d in corpus.versions(VERSIONED_DOC)) or "—"


def version_document(corpus: "Corpus", version: str) -> "Document":
    doc = corpus.version(VERSIONED_DOC, version.strip())
    if doc is None:
        raise said(UnknownVersion, "error.404_version", version=version[:40], doc=VERSIONED_DOC,
                   loaded=_loaded(corpus))
    return doc


def rule_history(corpus: "Corpus", number: str) -> dict[str, Any] | None:
    """The rule's text across the loaded versions of the CR, oldest first, and the version in which the
    current text first appears (`last_changed`; None when it is the same in every loaded version)."""
    versions = corpus.versions(VERSIONED_DOC)
    if len(versions) < 2:
        return None
    rows, texts = [], []
    for doc in versions:
        p = corpus.rule_in(doc, number)
        texts.append(p.text if p else None)
        rows.append({"version": doc.version, "present": p is not None, "url": versioned_rule_url(number, doc.version),
                     "changed": len(texts) > 1 and texts[-1] != texts[-2]})
    current = texts[-1]
    since = len(texts) - 1
    while since > 0 and texts[since - 1] == current:
        since -= 1
    return {"versions": rows, "last_changed": versions[since].version if since > 0 else None,
            "oldest": versions[0].version,
            "diff_url": f"/cambios/{versions[since - 1].version}..{versions[since].version}" if since > 0 else None}


def rule_as_it_was(corpus: "Corpus", number: str, version: str) -> dict[str, Any]:
    """Rule `number` in the loaded CR version `version` (GET /reglas/<n>?version=<date>)."""
    doc = version_document(corpus, version)
    passage = corpus.rule_in(doc, number)
    if passage is None:
        raise said(NotFound, "error.404_rule_version", number=number[:20], version=doc.version, doc=VERSIONED_DOC)
    shown = passage_data(corpus, passage)
    shown.update(document=document_meta(doc), url=versioned_rule_url(number, doc.version))
    current = corpus.documents.get(VERSIONED_DOC)
    return {"number": number, "title": passage.title if "." not in number else "", "known": True,
            "version": doc.version, "current_version": current.version if current else None,
            "passages": [shown], "history": rule_history(corpus, number), "current_url": rule_url(number),
            "previous": None, "next": None, "subrules": [], "references": [], "cited_by": [], "examples": [],
            "saved_examples": [], "older_versions": [], "same_number_elsewhere": []}


def version_pair(corpus: "Corpus", spec: str) -> tuple["Document", "Document"]:
    """The two loaded versions `<old>..<new>` names; NotFound naming every unknown one and the loaded ones."""
    old, sep, new = spec.partition("..")
    if not sep or not old.strip() or not new.strip():
        raise said(NotFound, "error.404_version_pair", spec=spec[:60], loaded=_loaded(corpus))
    problems = []
    docs = []
    for version in (old, new):
        try:
            docs.append(version_document(corpus, version))
        except UnknownVersion as exc:
            problems.append(exc)
    if problems:
        # Both sentences joined; the JSON's `message` names the first (the same id, its own version).
        joined = UnknownVersion("; ".join(str(e.description) for e in problems))
        raise mark(joined, problems[0].message_id, **problems[0].message_params)
    return docs[0], docs[1]


def changes_view(corpus: "Corpus", spec: str) -> dict[str, Any]:
    """What changed from one loaded CR version to another (GET /cambios/<old>..<new>): judge.corpus.diff."""
    from judge.web.impact import diff_of

    docs = version_pair(corpus, spec)
    result = diff_of(corpus, docs[0], docs[1]).to_json()
    for change in result["rules"]:
        change["old_url"] = versioned_rule_url(change["old"], docs[0].version) if change["old"] else None
        change["new_url"] = versioned_rule_url(change["new"], docs[1].version) if change["new"] else None
    return result
