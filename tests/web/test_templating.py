"""The helpers that put rules text into HTML: only <mark> gets through, cited numbers become links."""
from __future__ import annotations

from bs4 import BeautifulSoup

from judge.web.i18n import translate
from judge.web.templating import link_refs, passage_url, safe_highlight, same_text
from judge.web.views import parent_number


def test_highlight_lets_only_mark_through() -> None:
    marked = "pierde el <mark>juego</mark> &amp; más"          # a highlighted clause, already escaped
    assert str(safe_highlight(marked)) == marked
    hostile = safe_highlight('<mark>x</mark><script>alert(1)</script>')
    assert "<script>" not in str(hostile) and "&lt;script&gt;" in str(hostile)
    assert "<img" not in str(safe_highlight('<img src=x onerror=alert(1)>'))
    assert str(safe_highlight(None)) == ""


def test_link_refs_links_every_cited_number_and_marks_those_not_loaded(app) -> None:
    text = "Ver la regla 702.19 y la 702.190; 3 cartas. Véase 616.1f <b>"
    links = {"702.19": {"number": "702.19", "url": "/reglas/702.19", "known": True},
             "616.1f": {"number": "616.1f", "url": "/reglas/616.1f", "known": False}}
    with app.test_request_context("/"):
        page = BeautifulSoup(str(link_refs(text, links)), "html.parser")
    anchors = {a.get_text(): a for a in page.find_all("a")}
    assert set(anchors) == {"702.19", "616.1f"}                 # 702.190 and 3 are not cited numbers
    assert anchors["702.19"]["href"] == "/reglas/702.19" and anchors["702.19"]["class"] == ["ref"]
    # not loaded: still a link to its page (who cites it, how to load it), marked as outside the corpus
    assert anchors["616.1f"]["href"] == "/reglas/616.1f" and "outside" in anchors["616.1f"]["class"]
    assert anchors["616.1f"]["title"] == translate("passage.outside", "es")
    assert page.find("b") is None and "<b>" in page.get_text()  # the text itself is escaped


def test_link_refs_keeps_a_highlighted_number_marked_inside_its_link(app) -> None:
    html = safe_highlight("Esta es una <mark>acción</mark>. Ver la regla <mark>704</mark>. No 7040 ni 704.5.")
    with app.test_request_context("/"):
        page = BeautifulSoup(str(link_refs(html, ["704"])), "html.parser")
    (anchor,) = page.find_all("a")
    assert anchor["href"] == "/reglas/704" and anchor.find("mark").get_text() == "704"
    assert [m.get_text() for m in page.find_all("mark")] == ["acción", "704"]


def test_link_refs_links_a_section_only_after_its_word(app) -> None:
    text = "See section 8 for the 8 casual variants; 801 too."
    with app.test_request_context("/"):
        page = BeautifulSoup(str(link_refs(text, ["8", "801"])), "html.parser")
    assert [(a.get_text(), a["href"]) for a in page.find_all("a")] == [("8", "/reglas/8"), ("801", "/reglas/801")]


def test_older_version_number_links_to_todays_rule(app) -> None:
    # The 2008 FAQ prints "Ver la regla 104.3f": that is today's 107.4e (a number means a rule only in its version).
    with app.test_request_context("/"):
        page = BeautifulSoup(str(link_refs("Ver la regla 104.3f.", {"104.3f": {
            "number": "107.4e", "url": "/reglas/107.4e", "known": True}})), "html.parser")
    anchor = page.find("a")
    assert anchor.get_text() == "104.3f" and anchor["href"] == "/reglas/107.4e"
    assert anchor["title"] == "Hoy es la regla 107.4e"


def test_same_text_ignores_case_accents_and_a_leading_number() -> None:
    assert same_text("Robar una carta", "robar una  CARTA.")
    assert same_text("Buscar", "701.23. Buscar")
    assert not same_text("Persistir", "Preguntas frecuentes de Páramo Sombrío")
    assert not same_text("", "")


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
