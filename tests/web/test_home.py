"""The home page: question box, answer on top with its citation, ranked passages, filters, odd input."""
from __future__ import annotations

import pytest

from judge.web.i18n import translate


def test_home_without_question_shows_the_box_and_no_answer(get_page) -> None:
    page = get_page("/")
    box = page.find("input", attrs={"name": "q"})
    assert box is not None and page.find("label", attrs={"for": box["id"]}) is not None
    assert page.select_one("section.answer") is None
    assert page.find("html")["lang"] == "es"


def test_rule_number_question_answers_with_that_rule(get_page) -> None:
    page = get_page("/?q=121.4")
    answer = page.select_one("section.answer")
    assert answer is not None
    citation = answer.select_one(".citation")
    assert "121.4" in citation.get_text()
    links = {a["href"] for a in citation.find_all("a")}
    assert "/reglas/121.4" in links and "/pasajes/cr-es/121.4" in links
    # the answer quotes the rule's own sentence
    assert "biblioteca sin cartas" in answer.blockquote.get_text()


def test_question_in_words_finds_the_empty_library_rule(get_page) -> None:
    page = get_page("/?q=" + "qué ocurre si intento robar una carta sin cartas en mi biblioteca")
    answer = page.select_one("section.answer")
    assert answer is not None
    first = page.select("section.results li.result")[0]
    texts = answer.get_text(" ") + first.get_text(" ")
    assert "121.4" in texts, texts[:400]
    assert answer.find("mark") is not None, "the answer sentence is highlighted"


def test_every_result_link_resolves(client, get_page) -> None:
    page = get_page("/?q=contador -1/-1 persistir")
    results = page.select("section.results li.result")
    assert len(results) >= 3
    for result in results:
        for link in result.find_all("a"):
            response = client.get(link["href"])
            assert response.status_code == 200, link["href"]
        assert result.select_one("code").get_text()  # the citation id is shown


def test_results_are_highlighted_and_ranked_best_first(client, get_page) -> None:
    page = get_page("/?q=buscar en la biblioteca")
    assert page.select("section.results li.result mark")
    data = client.get("/.json?q=buscar en la biblioteca").get_json()
    scores = [r["score"] for r in data["results"]]
    assert scores == sorted(scores, reverse=True)


def test_document_filter_keeps_only_that_document(client, get_page) -> None:
    page = get_page("/?q=criatura&doc=doce-vidas-reglas")
    assert page.select_one("select#doc option[selected]")["value"] == "doce-vidas-reglas"
    data = client.get("/.json?q=criatura&doc=doce-vidas-reglas").get_json()
    assert data["results"] and {r["doc"] for r in data["results"]} == {"doce-vidas-reglas"}


def test_ruleset_filter(client) -> None:
    data = client.get("/.json?q=robar una carta&ruleset=doce-vidas").get_json()
    assert data["results"] and all(r["doc"] == "doce-vidas-reglas" for r in data["results"])


def test_unknown_filter_is_a_clear_400_page(get_page) -> None:
    page = get_page("/?q=robar&doc=no-such-doc", status=400)
    assert "no-such-doc" in page.select_one(".message").get_text()


@pytest.mark.parametrize("q", [
    "x" * 1_000,   # the longest question taken (SEARCH_MAX_QUERY); a longer one: the test below
    "\"unbalanced (quote AND OR NOT",
    "🂡🂮 ¿¿??",
    "מה קורה \u202e robar",
    "robar\x00carta",
    "*",
    "   ",
])
def test_odd_questions_never_fail(client, q: str) -> None:
    response = client.get("/", query_string={"q": q})
    assert response.status_code == 200
    assert b"Traceback" not in response.data
    assert client.get("/.json", query_string={"q": q}).status_code == 200


def test_question_over_the_limit_is_a_400_that_says_so(client) -> None:
    response = client.get("/", query_string={"q": "x" * 10_000})
    assert response.status_code == 400 and b"Traceback" not in response.data
    assert client.get("/.json", query_string={"q": "x" * 10_000}).get_json()["parameter"] == "q"


def test_json_variant_of_home_matches_the_api(client) -> None:
    page_json = client.get("/.json?q=121.4").get_json()
    api_json = client.get("/api/search?q=121.4").get_json()
    assert [r["id"] for r in page_json["results"]] == [r["id"] for r in api_json["results"]]
    accept = client.get("/?q=121.4", headers={"Accept": "application/json"})
    assert accept.mimetype == "application/json"
    assert accept.get_json()["results"][0]["id"] == api_json["results"][0]["id"]


def test_html_escapes_the_question(client) -> None:
    body = client.get("/", query_string={"q": "<script>alert(1)</script>"}).get_data(as_text=True)
    assert "<script>alert(1)</script>" not in body


def test_every_page_has_one_h1_and_labelled_controls(get_page) -> None:
    for url in ["/", "/?q=robar", "/reglas/121", "/reglas/104.3f", "/pasajes/dv/objetivo", "/cartas", "/corpus",
                "/documentos/doce-vidas-reglas", "/reglas/999.9", "/cartas/Asesino%20gorro%20rojo"]:
        page = get_page(url, status=404 if "999" in url or "104.3f" in url else 200)  # no CR here: 104.3f is 2008's
        assert len(page.find_all("h1")) == 1, url
        title = page.find("title").get_text()
        assert "<" not in title and len(title) < 120 and "\n" not in title.strip(), (url, title)
        for control in page.select("input:not([type=hidden]), select"):
            assert page.find("label", attrs={"for": control["id"]}) is not None, (url, control)


def test_old_version_hits_never_link_to_todays_rule_of_their_number(get_page) -> None:
    # Without the CR, today's 702.79 (persist) is only known through the 2008 FAQ's quotation numbered 502.79.
    page = get_page("/?q=702.79")
    hrefs = [a["href"] for a in page.select("section.answer a, section.results a")]
    assert "/pasajes/faq-shm/reglas-2008/502.79" in hrefs
    assert not any(h.startswith("/reglas/502.79") for h in hrefs), hrefs


def test_the_answer_names_its_game(client, get_page) -> None:
    page = get_page("/?q=cuanto mana obtengo al quemar una reliquia?")
    game = page.select_one("section.answer p.game")
    assert game is not None and game["data-game"] == "doce-vidas"
    assert game["data-message"] == "search.game" and "unsure" not in game.get("class", [])
    assert translate("search.game", "es", game=translate("game.doce-vidas", "es")) in game.get_text()
    switches = [a["href"] for a in game.select("a.game-switch")]
    assert len(switches) == 1 and "ruleset=magic" in switches[0]


def test_a_question_whose_game_cannot_be_told_says_so_and_offers_both(client, get_page) -> None:
    q = "puedo atacar con una criatura el turno que entra?"
    page = get_page("/?q=" + q)
    game = page.select_one("section.answer p.game.unsure")
    assert game is not None and game["data-sure"] == "false"
    data = client.get("/api/search", query_string={"q": q}).get_json()
    # the sentence that the game was not told, as the API says it (judge/web/views/search.py)
    assert game["data-message"] == "search.game_unsure" and data["game"]["said"] in game.get_text()
    offered = {a["href"].rsplit("ruleset=", 1)[-1] for a in game.select("a.game-switch")}
    assert offered == {"magic", "doce-vidas"}
    for href in (a["href"] for a in game.select("a.game-switch")):
        assert client.get(href).status_code == 200
    assert data["game"]["sure"] is False and data["game"]["how"] == "first"
    # the other game's best passage beside the answer: "¿Preguntabas por …?", linking to it
    other = data["game"]["alternative"]
    assert other in offered and other != game["data-game"]
    line = page.select_one("section.answer p.game-alternative")
    assert line is not None and line["data-game"] == other
    assert line["data-message"] == "search.game_alternative" and data["alternative"]["asked"] in line.get_text()
    assert data["alternative"]["id"] in line.get_text()
    assert data["alternative"]["url"] in [a["href"] for a in line.select("a")]
    assert data["alternative"]["ruleset"] == other and data["alternative"]["asked"] == translate(
        "search.game_alternative", "es", game=data["alternative"]["game_name"])


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_other_games_line_asks_the_same_question_in_that_game(client, get_page, lang: str) -> None:
    q = "puedo atacar con una criatura el turno que entra?"
    data = client.get("/api/search", query_string={"q": q, "lang": lang}).get_json()
    assert data["game"]["sure"] is False
    alternative = data["alternative"]
    other = alternative["ruleset"]
    assert alternative["ask"] == translate("search.game_ask", lang, game=alternative["game_name"])
    # the page of the same question with the other game picked: that game answers, as picked ("filter")
    assert client.get(alternative["ask_url"]).status_code == 200
    asked = client.get("/api" + alternative["ask_url"].replace("/?", "/search?", 1)).get_json()
    assert asked["query"] == q and asked["game"]["ruleset"] == other and asked["game"]["how"] == "filter"
    assert asked["alternative"] is None
    page = get_page("/?q=" + q + "&lang=" + lang)
    link = page.select_one("section.answer p.game-alternative a.game-ask")
    assert link is not None and link["href"] == alternative["ask_url"] and link["data-message"] == "search.game_ask"
    assert alternative["ask"] in link.get_text()
    spec = client.get("/api/openapi.json").get_json()
    described = spec["components"]["schemas"]["SearchResults"]["properties"]["alternative"]
    assert {"ask", "ask_url"} <= set(described["properties"]) and "ask_url" in described["description"]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_game_is_said_in_the_pages_language_on_the_page_and_in_the_api(client, get_page, lang: str) -> None:
    q = "puedo atacar con una criatura el turno que entra?"
    data = client.get("/api/search", query_string={"q": q, "lang": lang}).get_json()
    games = {g: translate(f"game.{g}", lang) for g in ("magic", "doce-vidas")}
    assert data["game"]["name"] == games[data["game"]["ruleset"]]
    said = translate("search.game_unsure", lang, game=data["game"]["name"])
    assert data["game"]["said"] == said
    alternative = data["alternative"]
    asked = translate("search.game_alternative", lang, game=alternative["game_name"])
    assert alternative["asked"] == asked and alternative["game_name"] == games[alternative["ruleset"]]
    page = get_page("/?q=" + q + "&lang=" + lang)
    game = page.select_one("section.answer p.game")
    assert game["data-message"] == "search.game_unsure" and said in game.get_text()
    other = page.select_one("section.answer p.game-alternative")
    assert other["data-message"] == "search.game_alternative" and asked in other.get_text()
    sure = client.get("/api/search", query_string={"q": "cuanto mana obtengo al quemar una reliquia?",
                                                   "lang": lang}).get_json()
    assert sure["game"]["ruleset"] == "doce-vidas" and sure["game"]["name"] == games["doce-vidas"]
    assert sure["game"]["said"] == translate("search.game", lang, game=games["doce-vidas"]) and \
        sure["alternative"] is None


def test_the_same_question_in_another_game_keeps_every_character() -> None:
    from urllib.parse import parse_qs, urlsplit

    from judge.web.links import search_url

    url = search_url("¿y si pongo & o #1 + 50%?", "doce-vidas")
    parts = urlsplit(url)
    assert parts.path == "/" and not parts.fragment
    assert parse_qs(parts.query) == {"q": ["¿y si pongo & o #1 + 50%?"], "ruleset": ["doce-vidas"]}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_sure_games_page_shows_the_other_games_passages_apart(client, get_page, lang: str) -> None:
    # issue 15: doce vidas says "reliquia" in fewer than five passages; Magic's weak matches do not fill the first
    # five but come after, under Magic's name (gamepick.apart), on the page and in /api/search
    q = "¿qué hace una reliquia?"
    data = client.get("/api/search", query_string={"q": q, "lang": lang}).get_json()
    assert data["game"]["ruleset"] == "doce-vidas" and data["game"]["sure"] is True
    assert data["results"] and len(data["results"]) < 5
    assert [b["ruleset"] for b in data["elsewhere"]] == ["magic"] and data["elsewhere"][0]["results"]
    block = data["elsewhere"][0]
    assert block["game_name"] == translate("game.magic", lang)
    assert block["said"] == translate("search.elsewhere", lang, game=block["game_name"],
                                      asked=translate("game.doce-vidas", lang))
    page = get_page("/?q=" + q + "&lang=" + lang)
    shown = [c.get_text() for c in page.select("section.results:not(.elsewhere) li.result code")]
    assert shown == [r["id"] for r in data["results"]]
    apart = page.select("section.results.elsewhere")
    assert len(apart) == 1 and apart[0]["data-game"] == "magic"
    heading = apart[0].select_one("h2")
    assert heading["data-message"] == "search.elsewhere" and block["said"] in heading.get_text()
    assert [c.get_text() for c in apart[0].select("li.result code")] == [r["id"] for r in block["results"]]
    # each result says its game, in the JSON and, when it is not the answer's, on the page
    assert {r["ruleset"] for r in data["results"]} == {"doce-vidas"}
    assert {r["ruleset"] for r in block["results"]} == {"magic"}
    assert not page.select("section.results:not(.elsewhere) .game-label")
    labels = apart[0].select(".game-label")
    assert len(labels) == len(block["results"]) and {x["data-game"] for x in labels} == {"magic"}
    assert labels[0].get_text() == block["game_name"]
    # a question whose game is not told keeps everything in its results, the other game's labelled
    q = "puedo atacar con una criatura el turno que entra?"
    unsure = client.get("/api/search", query_string={"q": q, "lang": lang}).get_json()
    assert unsure["game"]["sure"] is False and unsure["elsewhere"] == []
    others = [r["id"] for r in unsure["results"] if r["ruleset"] not in (unsure["game"]["ruleset"], "")]
    page = get_page("/?q=" + q + "&lang=" + lang)
    labelled = [li.select_one("code").get_text() for li in page.select("section.results li.result")
                if li.select_one(".game-label")]
    assert labelled == others
    described = client.get("/api/openapi.json").get_json()["components"]["schemas"]["SearchResults"]["properties"]
    assert "game.sure" in described["elsewhere"]["description"]
