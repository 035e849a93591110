"""Spanish first; ?lang=en switches the UI (and a cookie keeps it); rules text stays as written."""
from __future__ import annotations

from http.cookies import SimpleCookie

from judge.web.i18n import COOKIE, MESSAGES


def test_spanish_by_default(get_page) -> None:
    page = get_page("/")
    assert page.find("button", attrs={"type": "submit"}).get_text(strip=True) == MESSAGES["search.submit"]["es"]
    assert page.find("html")["lang"] == "es"


def test_lang_switch_changes_ui_strings_and_is_remembered(client, soup) -> None:
    response = client.get("/?lang=en")
    page = soup(response)
    assert page.find("button", attrs={"type": "submit"}).get_text(strip=True) == MESSAGES["search.submit"]["en"] != \
        MESSAGES["search.submit"]["es"]
    assert page.find("html")["lang"] == "en"
    cookie = SimpleCookie(response.headers.get("Set-Cookie", ""))
    assert cookie[COOKIE].value == "en"                       # the language cookie, set to English
    # the cookie keeps English on the next page, without ?lang
    page = soup(client.get("/corpus"))
    assert page.find("h1").get_text(strip=True) == MESSAGES["corpus.title"]["en"]
    # and ?lang=es switches back
    page = soup(client.get("/corpus?lang=es"))
    assert page.find("h1").get_text(strip=True) == MESSAGES["corpus.title"]["es"]


def test_header_switch_links_keep_the_question(get_page) -> None:
    page = get_page("/?q=robar")
    switch = page.select_one("nav.lang a[hreflang=en]")
    assert switch is not None and "q=robar" in switch["href"] and "lang=en" in switch["href"]


def test_rules_text_is_not_translated(get_page, corpus_text, flat_text) -> None:
    page = get_page("/reglas/121.4?lang=en")
    assert corpus_text("cr-es/121.4") in flat_text(page.select_one("article.passage").get_text())


def test_unknown_language_falls_back_to_spanish(get_page) -> None:
    assert get_page("/?lang=xx").find("html")["lang"] == "es"


def test_catalogue_is_complete() -> None:
    for key, entry in MESSAGES.items():
        assert entry.get("es") and entry.get("en"), key
