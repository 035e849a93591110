"""Jinja helpers: URLs of passages, rules and cards; highlighted text that is safe to insert."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from flask import Flask
from markupsafe import Markup, escape

# The URL helpers live in judge.web.links (below the views); templates and older imports reach them here too.
from judge.web.links import card_url, document_url, passage_url, rule_url, search_url
from judge.web.links import text_links as passage_links

if TYPE_CHECKING:
    from judge.messages import Message

_MARK = re.compile(r"</?mark>")


def safe_highlight(html: str | None) -> Markup:
    """The search's highlighted text as markup: `<mark>` is the only tag allowed through.

    The search module escapes the passage text and adds <mark>; if anything else that looks like a tag is
    there, the whole string is escaped instead, so rules text can never inject markup.
    """
    if not html:
        return Markup("")
    if "<" in _MARK.sub("", html) or ">" in _MARK.sub("", html):
        return escape(html)
    return Markup(html)


# A cross-reference as the text prints it, once escaped: the number alone, or wrapped whole in the <mark> of a
# highlight. A number followed by a letter or digit is another number (702.19 inside 702.190): a boundary.
_REF_FORMS = r"<mark>(?P<marked>{numbers})</mark>|(?<![\w.#&])(?P<plain>{numbers})(?![\w]|\.\d)"
# A section ("See section 8", "sección 1") is linked only after its word: a lone digit is a quantity.
_SECTION_FORM = r"(?P<word>\b(?:sections?|secci(?:ó|o)n(?:es)?)(?:</mark>)?\s+)(?P<section>{numbers})(?![\w.])"


def link_refs(text: str | Markup, links: Mapping[str, Mapping[str, Any]] | Iterable[str]) -> Markup:
    """The passage text with each of its cross-references a link to the rule page: plain text is escaped first;
    Markup (a search highlight, already safe) is linked as it is, so a marked number stays marked in its link.

    `links` maps a number as printed to `{"url", "known", "number"}` (judge.web.links.text_links): a number no loaded
    document has is still a link (its page says who cites it and how to load it), marked `outside`; one printed
    in an older rules version names today's number in its title. A plain list of numbers links each to its page.
    Only the numbers given are linked, so a number merely mentioned (a page count, a quantity) stays plain.
    """
    html = str(text) if isinstance(text, Markup) else str(escape(text))
    if not isinstance(links, Mapping):
        links = {n: {"number": n, "url": rule_url(n), "known": True} for n in links}
    if not links:
        return Markup(html)
    from judge.web.i18n import translate

    def anchor(shown: str, inner: str) -> str:
        link = links[shown]
        number = link.get("number") or shown
        classes = "ref" if link.get("known", True) else "ref outside"
        title = ""
        if number != shown:
            title = translate("passage.today") + " " + number
        if not link.get("known", True):
            title = (title + " · " if title else "") + translate("passage.outside")
        title_attr = f' title="{escape(title)}"' if title else ""
        return f'<a class="{classes}" href="{escape(link.get("url") or rule_url(number))}"{title_attr}>{inner}</a>'

    rules = sorted((n for n in links if len(n) >= 3), key=len, reverse=True)
    if rules:
        pattern = re.compile(_REF_FORMS.format(numbers="|".join(re.escape(n) for n in rules)))

        def rule_link(m: re.Match[str]) -> str:
            if m.group("marked"):
                return anchor(m.group("marked"), m.group(0))
            return anchor(m.group("plain"), m.group("plain"))

        html = pattern.sub(rule_link, html)
    sections = sorted((n for n in links if len(n) < 3), key=len, reverse=True)
    if sections:
        pattern = re.compile(_SECTION_FORM.format(numbers="|".join(re.escape(n) for n in sections)), re.IGNORECASE)
        html = pattern.sub(lambda m: m.group("word") + anchor(m.group("section"), m.group("section")), html)
    return Markup(html)


_LEADING_NUMBER = re.compile(r"^\d{1,3}(?:\.\d+[a-z]?)?\.?\s+")


def same_text(a: str | None, b: str | None) -> bool:
    """Whether two labels read the same, case, accents, spacing, final punctuation and a leading rule number
    aside: a citation does not print "Robar una carta, Robar una carta" when a passage is named after its
    document, nor "Buscar, 701.23. Buscar" (the number is printed beside it)."""
    from judge.corpus.text import fold

    def key(text: str | None) -> str:
        return _LEADING_NUMBER.sub("", " ".join(fold(text or "").split())).rstrip(" .:;,")

    return bool(a and b) and key(a) == key(b)


def shorten(text: str, width: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rsplit(" ", 1)[0] + "…"


def text_links(passage_id: str | None) -> dict[str, dict[str, Any]]:
    """The cross-references of a loaded passage's text (judge.web.links.text_links), for `link_refs` in any
    template that shows passage text: results, rule and passage pages, card rulings, the rules a run cites."""
    from werkzeug.exceptions import HTTPException

    from judge.web import data

    if not passage_id:
        return {}
    try:
        corpus = data.corpus()
    except HTTPException:  # documents that cannot be loaded: the text is still shown, without links
        return {}
    return passage_links(corpus, corpus.passage(passage_id))


def said(text: "str | Message | None") -> str:
    """A Message (judge/messages.py: the search's own sentences, an error's) in the request's language; a plain
    string as it is."""
    from judge.messages import render
    from judge.web.i18n import get_language

    return "" if text is None else render(text, get_language())


def says_refusal(step: Mapping[str, Any]) -> bool:
    """Whether an illegal step's own text already says the action was refused, so the page adds no "no se puede:"
    before it: decided by its message id (judge.engine.messages.SAYS_REFUSAL), never by its words. A step of a trace
    saved before steps carried message ids is judged by its text, as the page showed it then."""
    from judge.engine.messages import SAYS_REFUSAL
    from judge.web.i18n import translate

    message = step.get("message")
    if message:
        return message.get("id") in SAYS_REFUSAL
    summary = str(step.get("summary") or "")
    return any(summary.startswith(translate("run.illegal", lang)) for lang in ("es", "en"))


def init_app(app: Flask) -> None:
    def has_page(path: str) -> bool:
        # The header links to pages other areas add (e.g. /escenarios) only once they are registered.
        return any(rule.rule == path for rule in app.url_map.iter_rules())

    def examples_building() -> bool:
        # "Ejemplos" left out of this page while they are built in the background (judge.web.examples.ready).
        from judge.web.examples import building

        return building()

    app.jinja_env.globals.update(
        passage_url=passage_url, rule_url=rule_url, card_url=card_url, document_url=document_url,
        search_url=search_url,
        has_page=has_page, text_links=text_links, examples_building=examples_building, says_refusal=says_refusal,
    )
    app.jinja_env.filters.update(highlight=safe_highlight, link_refs=link_refs, shorten=shorten, same_text=same_text,
                              said=said)
