"""Rule pages by number and passage pages by id: full text, parent, sub-rules, previous/next, references."""
from __future__ import annotations

from judge.corpus import load_corpus
from judge.web.i18n import translate


def _section(page, key: str):
    """The section headed by the interface's line `key` (in Spanish, the page's language)."""
    for heading in page.find_all("h2"):
        if heading.get_text(strip=True) == translate(key, "es"):
            return heading.find_parent("section")
    return None


def test_rule_page_shows_text_subrules_and_cited_by(get_page) -> None:
    page = get_page("/reglas/121")
    assert "121" in page.find("h1").get_text()
    subrules = _section(page, "passage.children")
    # the rule's own sub-rules, in order (theirs are nested under each: tests/web/test_qa_pages.py)
    numbers = [a.get_text(strip=True) for a in subrules.select("ol.subrules > li.depth-1 > .subrule-head a.number")]
    assert numbers[:4] == ["121.1", "121.2", "121.3", "121.4"]
    cited = _section(page, "passage.cited_by")
    # the glossary entry "Robar" says "Ver la regla 121"
    assert any("glosario" in a["href"] for a in cited.find_all("a"))


def test_subrule_page_has_parent_previous_and_next(get_page) -> None:
    page = get_page("/reglas/121.2a")
    nav = page.select_one("nav.neighbours")
    assert nav.select_one("a[rel=up]")["href"] == "/reglas/121.2"
    assert nav.select_one("a[rel=prev]") is not None and nav.select_one("a[rel=next]") is not None


def test_reference_outside_the_loaded_corpus_is_marked(get_page) -> None:
    # 121.2a says "Ver la regla 616.1f"; without the English CR no loaded document has 616.1f
    page = get_page("/reglas/121.2a")
    refs = _section(page, "passage.refs")
    item = refs.find("li")
    from judge.web.i18n import translate

    assert "616.1f" in item.get_text() and translate("passage.outside", "es") in item.get_text()
    assert item.find("a") is None


def test_known_reference_is_a_link(get_page) -> None:
    page = get_page("/pasajes/cr-es/glosario/robar")
    refs = _section(page, "passage.refs")
    assert refs.find("a", href="/reglas/121") is not None
    # and inside the text, the number is a link too
    assert page.select_one("article.passage .text a[href='/reglas/121']") is not None


def test_derived_numbers_are_marked(get_page) -> None:
    page = get_page("/reglas/116.2m")
    note = page.select_one('p.note[data-message="passage.derived"]')
    assert note is not None and note.get_text() == translate("passage.derived", "es")


def test_unknown_rule_is_a_404_page(get_page) -> None:
    page = get_page("/reglas/999.9z", status=404)
    assert "999.9z" in page.select_one(".message").get_text()


def test_old_version_number_is_not_todays_rule(get_page) -> None:
    # The 2008 FAQ's 104.3f (hybrid symbols) is not today's 104.3f: no current text, the old one listed apart.
    page = get_page("/reglas/104.3f", status=404)
    others = page.select_one("section.error h2[data-message]")       # the heading over the old version's rule
    assert others["data-message"] == "rule.other_versions_of" and "104.3f" in others.get_text()
    assert page.find("a", href="/pasajes/faq-shm/reglas-2008/104.3f") is not None


def test_passage_page_for_a_card_ruling(get_page, client) -> None:
    card = client.get("/api/cards/Asesino gorro rojo").get_json()
    ruling = card["rulings"][0]
    page = get_page(ruling["url"])
    assert ruling["text"][:40] in page.select_one("article.passage .text").get_text()
    assert page.find("a", href=card["url"]) is not None


def test_passage_page_for_a_doce_vidas_bullet(get_page) -> None:
    page = get_page("/pasajes/dv/tipos/criaturas/1")
    text = page.select_one("article.passage").get_text()
    assert load_corpus().documents["doce-vidas-reglas"].title in text  # its document
    assert page.select_one("nav.neighbours a[rel=next]") is not None


def test_unknown_passage_is_a_404_page(get_page) -> None:
    get_page("/pasajes/no/such/passage", status=404)


def test_rule_page_json_variants(client) -> None:
    by_suffix = client.get("/reglas/121.json").get_json()
    by_accept = client.get("/reglas/121", headers={"Accept": "application/json"}).get_json()
    by_api = client.get("/api/rules/121").get_json()
    assert by_suffix == by_accept == by_api
    assert by_api["number"] == "121" and by_api["passages"][0]["id"] == "cr-es/121"
    assert [c["number"] for c in by_api["children"]][:2] == ["121.1", "121.2"]
    assert any(p["id"] == "cr-es/glosario/robar" for p in by_api["cited_by"])
    assert client.get("/pasajes/cr-es/121.4.json").get_json()["id"] == "cr-es/121.4"


def test_rule_page_with_the_english_cr_side_by_side(cr_client, soup, flat_text) -> None:
    page = soup(cr_client.get("/reglas/121.4"))
    articles = page.select(".side-by-side article.passage")
    assert [a["lang"] for a in articles] == ["en", "es"]
    from judge.web.i18n import translate

    assert translate("passage.authority", "es") in articles[0].get_text()
    assert "empty library" in articles[0].get_text() or "no cards" in articles[0].get_text()
    spanish = " ".join(cr_client.get("/pasajes/cr-es/121.4.json").get_json()["text"].split())
    assert spanish in flat_text(articles[1].get_text())                 # the Spanish rule as the corpus has it
    # 616.1f is loaded now: a link, not marked outside
    page = soup(cr_client.get("/reglas/121.2a"))
    assert page.find("a", href="/reglas/616.1f") is not None


def test_faq_quotations_listed_apart_under_todays_number(cr_client, soup) -> None:
    page = soup(cr_client.get("/reglas/702.79"))
    current = page.select(".side-by-side article.passage")
    assert current and all(a["lang"] == "en" for a in current)
    older = page.select_one("section.older")
    assert older is not None
    assert older.find("a", href="/pasajes/faq-shm/reglas-2008/502.79") is not None
    data = cr_client.get("/api/rules/702.79").get_json()
    assert [p["id"] for p in data["passages"]] == ["cr-en/702.79"]
    assert "faq-shm/reglas-2008/502.79" in [p["id"] for p in data["older_versions"]]


def test_same_number_in_the_old_faq_is_flagged_as_another_rule(cr_client, soup) -> None:
    # With the CR loaded, 104.3f is today's rule (winning and losing at once); the FAQ's 104.3f is another rule.
    page = soup(cr_client.get("/reglas/104.3f"))
    from judge.web.i18n import translate

    title = page.find("title").get_text()
    assert title.startswith(translate("rule.title", "es", number="104.3f") + " ·") and "<" not in title
    articles = page.select(".side-by-side article.passage")
    assert [a["lang"] for a in articles] == ["en"]
    elsewhere = page.select_one("section.same-number")
    assert elsewhere.find("a", href="/pasajes/faq-shm/reglas-2008/104.3f") is not None
    assert elsewhere.find("a", href="/reglas/107.4e") is not None


def test_absurd_ids_get_a_short_404(client) -> None:
    for url in ["/reglas/" + "9" * 5000, "/pasajes/" + "x/" * 2000, "/cartas/" + "ñ" * 3000]:
        response = client.get(url, headers={"Accept": "application/json"})
        assert response.status_code == 404 and len(response.get_json()["error"]) < 200, url
