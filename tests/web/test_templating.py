"""The helpers that put rules text into HTML: only <mark> gets through, only known cited numbers become links."""
from __future__ import annotations

from judge.web.templating import link_refs, passage_url, safe_highlight
from judge.web.views import parent_number


def test_highlight_lets_only_mark_through() -> None:
    assert str(safe_highlight("pierde el <mark>juego</mark> &amp; más")) == "pierde el <mark>juego</mark> &amp; más"
    hostile = safe_highlight('<mark>x</mark><script>alert(1)</script>')
    assert "<script>" not in str(hostile) and "&lt;script&gt;" in str(hostile)
    assert "<img" not in str(safe_highlight('<img src=x onerror=alert(1)>'))
    assert str(safe_highlight(None)) == ""


def test_link_refs_links_known_cited_numbers_only() -> None:
    text = "Ver la regla 702.19 y la 702.190; 3 cartas. Véase 616.1f <b>"
    html = str(link_refs(text, ["702.19", "616.1f"], known=["702.19"]))
    assert '<a href="/reglas/702.19">702.19</a> y la 702.190;' in html   # 702.190 is another number
    assert "616.1f" in html and 'href="/reglas/616.1f"' not in html     # not loaded: plain text
    assert "&lt;b&gt;" in html                                          # the text itself is escaped


def test_passage_url_keeps_the_path_and_quotes_the_rest() -> None:
    assert passage_url("cr-es/121.4") == "/pasajes/cr-es/121.4"
    assert passage_url("faq-shm/cartas/cisnes de bryn/1") == "/pasajes/faq-shm/cartas/cisnes%20de%20bryn/1"


def test_parent_number_follows_the_cr_nesting() -> None:
    assert parent_number("121.2a") == "121.2"
    assert parent_number("121.2") == "121"
    assert parent_number("121") is None


def test_format_json_parameter(client) -> None:
    response = client.get("/corpus?format=json")
    assert response.mimetype == "application/json" and response.get_json()["documents"]
