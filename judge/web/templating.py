"""Jinja helpers: URLs of passages, rules and cards; highlighted text that is safe to insert."""
from __future__ import annotations

import re
from typing import Iterable
from urllib.parse import quote

from flask import Flask
from markupsafe import Markup, escape

_MARK = re.compile(r"</?mark>")


def passage_url(passage_id: str) -> str:
    # Ids are paths ("cr-es/121.4", "faq-shm/cartas/asesino-gorro-rojo/1"): keep the slashes, quote the rest.
    return "/pasajes/" + quote(passage_id, safe="/")


def rule_url(number: str) -> str:
    return "/reglas/" + quote(number, safe="")


def card_url(name: str) -> str:
    return "/cartas/" + quote(name, safe="")


def document_url(doc_id: str) -> str:
    return "/documentos/" + quote(doc_id, safe="")


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


def link_refs(text: str, refs: Iterable[str], known: Iterable[str] = ()) -> Markup:
    """The passage text, escaped, with each cited rule number that the corpus knows turned into a link.

    Only numbers the passage's own cross-references list are linked ("Ver la regla 616.1f"), so a number
    that is merely mentioned (a page count, a quantity) stays plain text.
    """
    linked = sorted(set(refs) & set(known), key=len, reverse=True)
    escaped = str(escape(text))
    if not linked:
        return Markup(escaped)
    # A number followed by a letter or digit is another number (702.19 inside 702.190): require a boundary.
    pattern = re.compile(r"(?<![\w.])(" + "|".join(re.escape(n) for n in linked) + r")(?![\w]|\.\d)")
    return Markup(pattern.sub(lambda m: f'<a href="{rule_url(m.group(1))}">{m.group(1)}</a>', escaped))


def shorten(text: str, width: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rsplit(" ", 1)[0] + "…"


def init_app(app: Flask) -> None:
    def has_page(path: str) -> bool:
        # The header links to pages other areas add (e.g. /escenarios) only once they are registered.
        return any(rule.rule == path for rule in app.url_map.iter_rules())

    app.jinja_env.globals.update(
        passage_url=passage_url, rule_url=rule_url, card_url=card_url, document_url=document_url,
        has_page=has_page,
    )
    app.jinja_env.filters.update(highlight=safe_highlight, link_refs=link_refs, shorten=shorten)
