"""Card pages, the card list, the corpus page and document pages with their table of contents."""
from __future__ import annotations

from urllib.parse import quote


def test_card_page_has_text_and_every_ruling(client, get_page) -> None:
    data = client.get("/api/cards/Asesino gorro rojo").get_json()
    page = get_page("/cartas/" + quote("asesino gorro rojo"))
    assert page.find("h1").get_text().startswith("Asesino gorro rojo")
    meta = page.select_one("dl.meta").get_text(" ")
    assert "{2}{B/R}{B/R}" in meta and "2/2" in meta and data["type_line"] in meta
    rulings = page.select("section.rulings > ol > li")   # (a ruling holds its own list of scenarios)
    assert len(rulings) == len(data["rulings"]) >= 1
    assert page.select_one("article.card .text").get_text().strip() == data["text"].strip()


def test_card_list_links_every_card(client, get_page) -> None:
    page = get_page("/cartas")
    rows = page.select("table.cards tbody tr")
    listed = client.get("/cartas.json").get_json()["cards"]
    assert len(rows) == len(listed) >= 80
    for link in [row.find("a") for row in rows[:: max(1, len(rows) // 8)]]:
        assert client.get(link["href"]).status_code == 200


def test_unknown_card_is_404(get_page) -> None:
    get_page("/cartas/Lobo%20gris%20imaginario", status=404)


def test_corpus_page_lists_every_document(client, get_page) -> None:
    documents = client.get("/api/documents").get_json()
    page = get_page("/corpus")
    rows = page.select("table.documents tbody tr")
    assert len(rows) == len(documents)
    for row, doc in zip(rows, documents):
        cells = row.find_all(["th", "td"])
        assert doc["id"] in cells[0].get_text()
        assert cells[1].get_text(strip=True) == doc["language"]
        assert doc["version"] in cells[2].get_text()
        assert cells[3].get_text(strip=True) == doc["ruleset"]
        assert cells[4].get_text(strip=True) == str(doc["passages"])
    assert client.get("/corpus.json").get_json()["documents"] == documents


def test_document_page_table_of_contents(client, get_page) -> None:
    page = get_page("/documentos/doce-vidas-reglas")
    toc = page.select_one("nav.toc")
    links = [a["href"] for a in toc.find_all("a")]
    data = client.get("/api/documents/doce-vidas-reglas").get_json()
    assert links == [p["url"] for p in data["passages"]]
    assert "/pasajes/dv/objetivo" in links
    assert len(toc.find_all("summary")) >= 3  # grouped by section


def test_document_json_variant_and_404(client) -> None:
    assert client.get("/documentos/robar-una-carta.json").get_json()["id"] == "robar-una-carta"
    assert client.get("/documentos/nope").status_code == 404


def test_imported_cr_is_listed(cr_client) -> None:
    documents = {d["id"]: d for d in cr_client.get("/api/documents").get_json()}
    assert documents["cr-en"]["language"] == "en" and documents["cr-en"]["version"] == "2026-04-17"
    assert documents["cr-en"]["passages"] > 3000


def test_misspelt_card_404_suggests_the_card(client, get_page) -> None:
    response = client.get("/api/cards/cisnes de brin argol")
    assert response.status_code == 404
    assert "Cisnes de Bryn Árgoll" in [c["name"] for c in response.get_json()["suggestions"]]  # as printed
    page = get_page("/cartas/cisnes%20de%20brin%20argol", status=404)
    link = page.find("a", string="Cisnes de Bryn Árgoll")
    assert link is not None and client.get(link["href"]).status_code == 200
