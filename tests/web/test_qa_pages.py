"""The Q&A pages as a newcomer found them (issue 7): the answer's citation, highlighting, cross-references as
links wherever passage text is shown, sub-rules in full, the card list's search box, "histórico" in result lists,
suggestions as you type (/api/suggest; the widget itself is driven in Chromium in test_browser.py)."""
from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
import yaml
from flask import render_template

from judge import config
from judge.search.schema import HIGHLIGHT_STOP, fold
from judge.web.i18n import translate

EMPTY_LIBRARY = "¿qué pasa si no tengo cartas en la biblioteca?"


# -- the answer's citation ---------------------------------------------------------------------------------------

def test_answer_citation_names_the_passage_once(get_page, client) -> None:
    # cr-es/121.4 is named after its rule, "Robar una carta", which is also its document's title.
    citation = get_page("/?q=121.4").select_one("section.answer .citation")
    title = client.get("/pasajes/cr-es/121.4.json").get_json()["document"]["title"]
    assert citation.select_one("a.title").get_text(strip=True) == title
    assert citation.select_one(".doc") is None
    names = [e.get_text(strip=True) for e in citation.select("a.title, .doc")]
    assert names.count(title) == 1
    assert citation.select_one("a.number")["href"] == "/reglas/121.4"
    assert citation.find("code").get_text() == "cr-es/121.4"


def test_answer_citation_names_a_different_document(get_page) -> None:
    citation = get_page("/?q=persistir").select_one("section.answer .citation")
    title, doc = citation.select_one("a.title").get_text(strip=True), citation.select_one(".doc").get_text(strip=True)
    assert doc == "Preguntas frecuentes de Páramo Sombrío" and title != doc


def test_result_meta_does_not_repeat_the_heading(get_page) -> None:
    for result in get_page("/?q=121.4").select("section.results li.result"):
        heading = fold(result.h3.a.get_text(strip=True))
        doc = result.select_one(".meta .doc")
        assert doc is None or fold(doc.get_text(strip=True)).split(". ")[-1] != heading, result


# -- highlighting --------------------------------------------------------------------------------------------------

def test_pages_highlight_meaningful_words_only(get_page) -> None:
    page = get_page("/?q=" + EMPTY_LIBRARY)
    marked = [fold(m.get_text()) for m in page.select("section.answer mark, section.results mark")]
    assert {"biblioteca", "cartas"} <= set(marked)
    assert not set(marked) & HIGHLIGHT_STOP, sorted(set(marked) & HIGHLIGHT_STOP)
    assert "no" not in marked and "de" not in marked and "en" not in marked


# -- cross-references as links ------------------------------------------------------------------------------------

def _ref(container, number: str):
    return container.find("a", href=f"/reglas/{number}") if container is not None else None


def test_passage_page_links_a_reference_the_corpus_does_not_have(get_page) -> None:
    # "(Esta es una acción basada en el estado. Ver la regla 704.)": no loaded document has 704 without the CR.
    text = get_page("/pasajes/cr-es/121.4").select_one("article.passage .text")
    link = _ref(text, "704")
    assert link is not None and link.get_text() == "704"
    assert "outside" in link["class"] and link["title"] == translate("passage.outside", "es")


def test_rule_number_reference_page_explains_the_missing_rule(get_page, client) -> None:
    page = get_page("/reglas/704", status=404)
    assert page.find("a", href="/pasajes/cr-es/121.4") is not None   # who cites it
    note = page.select_one(".note.not-loaded")
    # Where the CR file is (../shared/corpus beside the checkout), then the command that imports it from there.
    assert note is not None and [c.get_text() for c in note.find_all("code")] == [
        "../shared/corpus/", "judge corpus import ../shared/corpus/MagicCompRules_EN_<fecha>.txt"]
    body = client.get("/api/rules/704").get_json()
    assert body["not_loaded"] == "cr-en" and "judge corpus import ../shared/corpus/" in body["note"]
    english = client.get("/api/rules/704?lang=en").get_json()["note"]
    assert "ships in `../shared/corpus/` beside the checkout" in english


def test_search_results_link_the_references_in_their_text(get_page) -> None:
    page = get_page("/?q=121.4")
    snippet = next(r for r in page.select("section.results li.result") if r.find("code").get_text() == "cr-es/121.4")
    assert _ref(snippet.select_one(".snippet"), "704") is not None


def test_answer_links_the_references_in_its_sentence(app) -> None:
    # The answer quotes its passage's best sentence, highlighted; a reference in it is a link, a marked one too.
    from bs4 import BeautifulSoup

    from judge.search import Hit, SearchResponse

    text = "Un jugador que intenta robar… (Esta es una acción basada en el estado. Ver la regla 704.)"
    hit = Hit(id="cr-es/121.4", doc="robar-una-carta", number="121.4", title="121.4", text=text, score=1.0,
              url="/pasajes/cr-es/121.4", highlight=text,
              best_sentence="Esta es una <mark>acción</mark> basada en el estado. Ver la regla <mark>704</mark>.")
    with app.test_request_context("/?q=x"):
        html = render_template("home.html", data={}, params={"q": "x", "doc": None, "ruleset": None},
                               response=SearchResponse(query="x", results=[hit], answer=hit),
                               filters={"documents": [], "rulesets": []}, doc_titles={},
                               headings={})
    quote = BeautifulSoup(html, "html.parser").select_one("section.answer blockquote")
    link = _ref(quote, "704")
    assert link is not None and link.find("mark").get_text() == "704"
    assert [m.get_text() for m in quote.find_all("mark")] == ["acción", "704"]


def test_rule_page_links_references_inside_sub_rules(get_page) -> None:
    page = get_page("/reglas/121")
    sub = page.find("li", id="sub-121.2a")
    assert _ref(sub.select_one(".text"), "616.1f") is not None


def test_old_version_text_links_to_todays_number(get_page) -> None:
    # The 2008 FAQ's "Ver la regla 104.3f" is today's 107.4e; never a link to today's 104.3f.
    text = get_page("/pasajes/faq-shm/reglas-2008/203.2e").select_one("article.passage .text")
    link = text.find("a", string="104.3f")
    assert link is not None and link["href"] == "/reglas/107.4e"
    assert _ref(text, "104.3f") is None


def test_card_rulings_link_their_references(app, soup) -> None:
    # No ruling of the 2008 FAQ cites a rule today; the card page links what a ruling's text cites all the same.
    with app.test_request_context("/cartas/x"):
        html = render_template("card.html", data={
            "name": "Carta de prueba", "mana_cost": "{1}", "type_line": "Criatura", "power": "1", "toughness": "1",
            "colors": [], "text": "Vuela.", "passage_id": "cr-es/121.2a", "passage_url": "/pasajes/cr-es/121.2a",
            "document": None, "rulings": [{"id": "cr-es/121.4", "title": "", "url": "/pasajes/cr-es/121.4",
                                           "text": "Un jugador … (Esta es una acción basada en el estado. Ver la regla 704.)"}]})
    from bs4 import BeautifulSoup

    page = BeautifulSoup(html, "html.parser")
    assert _ref(page.select_one("section.rulings li .text"), "704") is not None
    assert _ref(page.select_one("article.card .text"), "616.1f") is None  # only what the card's own text cites


def test_run_page_links_the_references_of_the_cited_text(get_page) -> None:
    # Drawing from an empty library cites 121.4; without the CR its Spanish text is shown, "Ver la regla 704" linked.
    page = get_page("/escenarios/magic/15-robar-de-una-biblioteca-vacia-pierde-la-partida")
    quotes = [q for q in page.select(".cites blockquote.text") if "Ver la regla 704" in q.get_text()]
    assert quotes and all(_ref(q, "704") is not None for q in quotes)


def test_reference_links_with_the_english_cr(cr_client, soup) -> None:
    page = soup(cr_client.get("/reglas/121.4"))
    texts = page.select(".side-by-side article.passage .text")
    assert len(texts) == 2
    for text in texts:   # "See rule 704." and "Ver la regla 704.": the rule is loaded now
        link = _ref(text, "704")
        assert link is not None and "outside" not in link["class"]


# -- sub-rules in full ---------------------------------------------------------------------------------------------

def test_rule_page_shows_every_sub_rule_in_full_and_nested(get_page, client) -> None:
    page = get_page("/reglas/121")
    data = client.get("/api/rules/121").get_json()
    texts = {p["id"]: p["text"] for node in data["subrules"] for p in _walk(node)}
    assert len(texts) >= 15 and "cr-es/121.2a" in texts
    for div in page.select("section.children li.subrule .text"):
        assert " ".join(div.get_text().split()) == " ".join(texts[div["data-passage"]].split())
    # 121.2's sub-rules sit inside 121.2's item
    inner = [a.get_text() for a in page.find("li", id="sub-121.2").select(":scope > ol.subrules a.number")]
    assert inner == ["121.2a", "121.2b", "121.2c", "121.2d"]


def _walk(node: dict):
    yield from node["passages"]
    for child in node["children"]:
        yield from _walk(child)


def test_704_5_shows_its_sub_rules_in_full(cr_client, soup) -> None:
    page = soup(cr_client.get("/reglas/704.5"))
    data = cr_client.get("/api/rules/704.5").get_json()
    items = page.select("section.children li.subrule.depth-1")
    assert [li.select_one("a.number").get_text() for li in items] == [c["number"] for c in data["children"]]
    assert len(items) >= 15
    longest = max(data["subrules"], key=lambda n: len(n["passages"][0]["text"]))
    assert len(longest["passages"][0]["text"]) > 200
    shown = page.find("li", id=f"sub-{longest['number']}").select_one(".text").get_text()
    assert " ".join(shown.split()) == " ".join(longest["passages"][0]["text"].split())   # not cut to a line


def test_a_huge_rule_shows_its_own_sub_rules_and_links_the_rest(cr_client, soup) -> None:
    data = cr_client.get("/api/rules/702").get_json()
    assert all(node["children"] == [] for node in data["subrules"])
    assert any(node.get("more") for node in data["subrules"])
    page = soup(cr_client.get("/reglas/702"))
    more = page.select_one("section.children li.subrule .more a")
    assert more is not None and more["href"].startswith("/reglas/702.")


# -- the card list's search box ---------------------------------------------------------------------------------

def test_card_list_has_a_search_box_that_works_without_javascript(get_page) -> None:
    page = get_page("/cartas")
    form = page.find("form", attrs={"role": "search"})
    assert form["action"] == "/cartas" and form["method"].lower() == "get"
    box = form.find("input", attrs={"name": "q"})
    assert page.find("label", attrs={"for": box["id"]}) is not None
    assert form.find("button", attrs={"type": "submit"}) is not None


@pytest.mark.parametrize("q, name", [("asesino gorro", "Asesino gorro rojo"), ("ARGOLL", "Cisnes de Bryn Árgoll"),
                                     ("gorro   ROJO", "Asesino gorro rojo"), ("bryn árgoll", "Cisnes de Bryn Árgoll")])
def test_card_list_filters_by_name_without_case_or_accents(get_page, client, q: str, name: str) -> None:
    page = get_page("/cartas", query_string={"q": q})
    names = [row.find("a").get_text() for row in page.select("table.cards tbody tr")]
    assert name in names and len(names) < 10
    assert page.find("input", attrs={"name": "q"})["value"] == " ".join(q.split())
    assert all(fold(w) in fold(n) for n in names for w in q.split())
    for url in ("/cartas.json", "/api/cards"):
        data = client.get(url, query_string={"q": q}).get_json()
        assert [c["name"] for c in data["cards"]] == names and data["total"] >= 80
    assert client.get("/cartas", query_string={"q": q}, headers={"Accept": "application/json"}).get_json()["cards"]


def test_card_list_filter_without_matches(get_page) -> None:
    asked = "lobo gris imaginario"
    page = get_page("/cartas", query_string={"q": asked})
    assert page.select("table.cards") == []
    none = page.select_one("p.none")
    assert none["data-message"] == "card.none_match" and asked in none.get_text()      # the query, said back
    assert page.select_one("p.count a")["href"] == "/cartas"


# -- "histórico" in result lists --------------------------------------------------------------------------------

def test_result_lists_mark_2008_faq_passages_as_historical(get_page, client) -> None:
    page = get_page("/?q=702.79")
    historical = {d["id"] for d in client.get("/api/documents").get_json() if d["historical"]}
    results = page.select("section.results li.result")
    assert any(r.find("code").get_text().startswith("faq-shm/") for r in results)
    for result in results:
        doc = client.get("/api/passages/" + result.find("code").get_text()).get_json()["doc"]
        tag = result.select_one("h3 .historical")
        assert (tag is not None) == (doc in historical), result.find("code").get_text()
        if tag is not None:
            assert tag.get_text(strip=True) == "histórico"
    answer = page.select_one("section.answer .citation")
    assert answer.select_one(".historical").get_text(strip=True) == "histórico"
    english = get_page("/?q=702.79&lang=en").select_one("section.results li.result h3 .historical")
    assert english.get_text(strip=True) == "historical"


# -- suggestions as you type ------------------------------------------------------------------------------------

def _suggest(client, q: str, **params) -> list[dict]:
    response = client.get("/api/suggest", query_string={"q": q, **params})
    assert response.status_code == 200 and response.mimetype == "application/json"
    return response.get_json()["suggestions"]


def test_suggest_rule_numbers_in_order(client) -> None:
    found = _suggest(client, "121.2")
    assert [s["label"] for s in found] == ["121.2", "121.2a", "121.2b", "121.2c", "121.2d"]
    assert all(s["kind"] == "rule" and s["url"] == "/reglas/" + s["label"] and s["detail"] for s in found)
    assert [s["label"] for s in _suggest(client, "regla 116.2", limit=3)] == ["116.2", "116.2a", "116.2b"]


def test_suggest_card_names_without_accents(client) -> None:
    found = _suggest(client, "argoll")
    assert found[0] == {"kind": "card", "kind_label": translate("suggest.kind.card", "es"), "label": "Cisnes de Bryn Árgoll",
                        "value": "Cisnes de Bryn Árgoll", "detail": found[0]["detail"], "lang": "es",
                        "url": "/cartas/Cisnes%20de%20Bryn%20%C3%81rgoll"}
    assert client.get(found[0]["url"]).status_code == 200


def test_suggest_glossary_terms_spanish_first(client) -> None:
    found = _suggest(client, "persis")
    assert [(s["kind"], s["lang"], s["label"]) for s in found[:2]] == [("term", "es", "persistir"),
                                                                         ("term", "en", "persist")]
    assert found[0]["detail"] == "persist" and found[0]["kind_label"] == translate("suggest.kind.term", "es")
    english = client.get("/api/suggest?q=persis&lang=en").get_json()["suggestions"]
    assert english[0]["label"] == "persist" and english[0]["kind_label"] == translate("suggest.kind.term", "en")
    assert _suggest(client, "persist")[0]["label"] == "persist"   # the very word typed comes first
    # players' words lead to the official name
    tap = _suggest(client, "tapear")[0]
    terms = yaml.safe_load((config.corpus_dir() / "glossary.yaml").read_text(encoding="utf-8"))["terms"]
    official = next(t["es"][0] for t in terms if "tapear" in t.get("es", ()))     # the glossary's first Spanish name
    assert tap["label"] == official != "tapear" and "tapear" in tap["detail"]
    start = [s["label"] for s in _suggest(client, "rob")]
    assert start[0] == "robar" and parse_qs(urlparse(_suggest(client, "robar")[0]["url"]).query)["q"] == ["robar"]


def test_suggest_odd_input(client) -> None:
    assert _suggest(client, "") == [] and _suggest(client, "   ") == []
    assert _suggest(client, "zzzzqqq") == []
    long = client.get("/api/suggest", query_string={"q": "x" * 5000}).get_json()
    assert long["suggestions"] == [] and len(long["query"]) <= 100
    assert len(_suggest(client, "a", limit=20)) <= 20
    for bad in ("0", "21", "dos"):
        response = client.get(f"/api/suggest?q=ro&limit={bad}")
        assert response.status_code == 400 and response.get_json()["parameter"] == "limit"
    # the parameter's error in the request's language (issue 17: errors.BadParameter takes a catalogue key)
    es = client.get("/api/suggest?q=ro&limit=dos&lang=es").get_json()["error"]
    en = client.get("/api/suggest?q=ro&limit=dos&lang=en").get_json()["error"]
    assert es.startswith("limit: ") and en.startswith("limit: ") and es != en and "«dos»" in en
    assert "must be a whole number between 1 and 20" in en


def test_home_page_box_works_without_javascript_and_loads_the_widget(get_page) -> None:
    page = get_page("/")
    form = page.find("form", attrs={"role": "search"})
    assert form["action"] == "/" and form["method"] == "get"
    box = form.find("input", attrs={"name": "q"})
    # a plain search field in the HTML; the script (deferred) makes it a combobox
    assert box["type"] == "search" and box.get("role") is None and box["data-suggest"] == "/api/suggest"
    assert "{n}" in box["data-suggest-count"]
    script = page.find("script", src="/static/suggest.js")
    assert script is not None and script.has_attr("defer")
