"""Drafts in a URL (judge/web/drafts.py): a pasted run's own address (GET /escenarios/ejecutar?escenario=<token>),
the run page's way back to the builder on the same document (desde=borrador/<token>), and bad tokens as a 400
naming the parameter."""
from __future__ import annotations

import base64
import zlib

import pytest
import yaml

from judge.web import drafts
from judge.web.i18n import translate

SMALL = "ruleset: doce-vidas\ntitle: Un borrador\ncards: {}\nplayers:\n  - name: Ana\n  - name: Bruno\n"


def test_a_token_reads_back_and_bad_ones_say_why() -> None:
    token = drafts.encode(SMALL)
    assert drafts.decode(token, 10_000) == SMALL
    assert "=" not in token and "+" not in token and "/" not in token
    bomb = base64.urlsafe_b64encode(zlib.compress(b"a" * 1_000_000)).decode().rstrip("=")
    cut = base64.urlsafe_b64encode(zlib.compress(SMALL.encode())[:-6]).decode().rstrip("=")
    latin = base64.urlsafe_b64encode(zlib.compress("ñ".encode("latin-1"))).decode().rstrip("=")
    for bad, limit, key, values in [("a", 1000, "draft.not_base64url", {}), ("zzzz", 1000, "draft.not_zlib", {}),
                                    (bomb, 5000, "draft.over_limit", {"limit": 5000}), (cut, 5000, "draft.cut", {}),
                                    (latin, 5000, "draft.not_utf8", {}), ("a" * 4001, 1000, "draft.too_long", {})]:
        with pytest.raises(drafts.BadDraft) as refused:
            drafts.decode(bad, limit)
        assert (refused.value.key, refused.value.values) == (key, values)
        assert str(refused.value) == translate(key, "es", **values) != translate(key, "en", **values)


def test_a_posted_run_has_an_address_and_a_way_back(client, soup) -> None:
    page = soup(client.post("/escenarios/ejecutar", data={"scenario": SMALL}))
    token = drafts.encode(SMALL)
    assert page.select_one("article.run")["data-url"] == f"/escenarios/ejecutar?escenario={token}"
    back = page.select_one("a.open-builder")["href"]
    assert back == f"/escenarios/nuevo?ruleset=doce-vidas&desde=borrador%2F{token}"
    again = client.get(f"/escenarios/ejecutar?escenario={token}")
    assert again.status_code == 200
    written = yaml.safe_load(SMALL)["title"]             # the draft's own title, shown as it was written
    assert soup(again).select_one("#run-title").get_text(strip=True) == written
    as_json = client.get(f"/escenarios/ejecutar.json?escenario={token}").get_json()
    assert as_json["scenario_title"] == written
    assert as_json["run_url"] == f"/escenarios/ejecutar?escenario={token}"
    builder = client.get(back, headers={"Accept": "application/json"}).get_json()
    assert builder["document"]["title"] == written and builder["source"] == SMALL


def test_a_long_scenario_keeps_its_post_address_and_goes_back_to_the_local_draft(client, soup) -> None:
    import random

    rng = random.Random(1)
    noise = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(20_000))
    # Random letters in comments: the text as written is what the token carries, and it does not compress.
    comments = "".join(f"# {noise[i:i + 100]}\n" for i in range(0, len(noise), 100))
    page = soup(client.post("/escenarios/ejecutar", data={"scenario": SMALL + comments}))
    assert page.select_one("article.run").get("data-url") is None
    assert page.select_one("a.open-builder")["href"] == "/escenarios/nuevo?ruleset=doce-vidas&desde=local"


def test_bad_tokens_and_no_token(client) -> None:
    bad = client.get("/escenarios/ejecutar?escenario=zzzz", headers={"Accept": "application/json"})
    assert bad.status_code == 400 and bad.get_json()["parameter"] == "escenario"
    assert client.get("/escenarios/ejecutar?escenario=zzzz").status_code == 400
    builder = client.get("/escenarios/nuevo?desde=borrador/zzzz", headers={"Accept": "application/json"})
    assert builder.status_code == 400 and builder.get_json()["parameter"] == "desde"
    # the 400 says why by its draft.* id, in the request's language
    assert bad.get_json()["message"] == builder.get_json()["message"] == {"id": "draft.not_zlib", "params": {}}
    english = client.get("/escenarios/ejecutar?escenario=zzzz&lang=en", headers={"Accept": "application/json"})
    assert english.get_json()["error"] == f"{english.get_json()['parameter']}: {translate('draft.not_zlib', 'en')}"
    none = client.get("/escenarios/ejecutar")
    assert none.status_code == 303 and none.headers["Location"].endswith("/escenarios/nuevo")
