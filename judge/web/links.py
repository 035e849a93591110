"""Where things are on the site: the URLs of passages, rules (and a rule as an older CR version printed it), cards
and documents, and the links a passage's own cross-references become.

The bottom of the web layer: templates (judge.web.templating), the views (judge.web.views), the services
(judge.web.impact, the run pages) and the blueprints all import it, and it imports nothing of judge.web, so no
helper needs a view to build a link (tests/engine/test_import_layers.py keeps it so).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlencode

if TYPE_CHECKING:
    from judge.corpus import Corpus
    from judge.corpus.model import Passage

VERSIONED_DOC = "cr-en"     # the one document imported in several versions (judge corpus import)


def passage_url(passage_id: str) -> str:
    # Ids are paths ("cr-es/121.4", "faq-shm/cartas/asesino-gorro-rojo/1"): keep the slashes, quote the rest.
    return "/pasajes/" + quote(passage_id, safe="/")


def rule_url(number: str) -> str:
    return "/reglas/" + quote(number, safe="")


def versioned_rule_url(number: str, version: str) -> str:
    """A rule as the CR of `version` printed it (`/reglas/<n>?version=<date>`)."""
    return f"{rule_url(number)}?version={version}"


def card_url(name: str) -> str:
    return "/cartas/" + quote(name, safe="")


def document_url(doc_id: str) -> str:
    return "/documentos/" + quote(doc_id, safe="")


def search_url(q: str, ruleset: str) -> str:
    """The home page asking question `q` in one game (`/?q=…&ruleset=…`): what the unsure answer's other-game
    line links to, the same question with that game picked (issue 15)."""
    return "/?" + urlencode({"q": q, "ruleset": ruleset})


def text_links(corpus: "Corpus", passage: "Passage | None") -> dict[str, dict[str, Any]]:
    """The cross-references the passage's text prints, each with the rule page it links to:
    `{"704": {"number": "704", "url": "/reglas/704", "known": False}}` (`known`: a loaded current-version
    document has that rule; the page of one it does not have says who cites it and how to load it).

    A historical document's text prints its own rules version's numbers: each links to the number it has today
    where the renumbering knows it ("Ver la regla 104.3f" → /reglas/107.4e), and stays plain text otherwise, as
    its `refs` do (DESIGN.md: a number means a rule only within its rules version)."""
    if passage is None:
        return {}
    document = corpus.documents.get(passage.doc)
    if document is not None and getattr(document, "historical", False):
        from judge.corpus.parsers.faq import RENUMBERINGS
        from judge.corpus.refs import extract_refs

        renumbering = RENUMBERINGS.get((document.version or "")[:4], {})
        pairs = [(n, renumbering[n]) for n in extract_refs(passage.text) if n in renumbering]
    else:
        pairs = [(n, n) for n in passage.refs]
    return {shown: {"number": today, "url": rule_url(today), "known": corpus.is_known_number(today)}
            for shown, today in pairs}
