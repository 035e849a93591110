"""The search cache (issue 16): GET /api/search's answer stored by question, options, language and the corpus,
index and code versions; a hit is the very bytes the search would answer."""
from __future__ import annotations

from pathlib import Path
from unittest import mock

from judge import create_app
from judge.web import searchcache


def _client(instance: Path, **settings: object):
    return create_app({"TESTING": True, "INSTANCE": str(instance), "SEARCH_CACHE": True, **settings}).test_client()


def test_a_question_asked_again_is_the_cached_answer_and_the_same_bytes(own_instance: Path) -> None:
    client = _client(own_instance)
    first = client.get("/api/search", query_string={"q": "robar de una biblioteca vacía"})
    again = client.get("/api/search", query_string={"q": "robar de una biblioteca vacía"})
    assert (first.headers["X-Search-Cache"], again.headers["X-Search-Cache"]) == ("miss", "hit")
    assert again.data == first.data and again.mimetype == "application/json"
    assert first.get_json()["results"], "a question with results"
    plain = create_app({"TESTING": True, "INSTANCE": str(own_instance)}).test_client().get(
        "/api/search", query_string={"q": "robar de una biblioteca vacía"})
    assert plain.headers["X-Search-Cache"] == "off" and plain.data == first.data


def test_every_option_is_in_the_key(own_instance: Path) -> None:
    client = _client(own_instance)
    base = {"q": "daño de combate"}
    client.get("/api/search", query_string=base)
    variants = [{"q": "daño de combate", "limit": "3"}, {"q": "Daño de combate"}]
    rulesets = client.get("/api/search", query_string=base).get_json()["results"]
    if rulesets:
        variants.append({"q": "daño de combate", "ruleset": rulesets[0]["ruleset"]} if "ruleset" in rulesets[0]
                        else {"q": "daño de combate", "doc": rulesets[0]["doc"]})
    for query in variants:
        assert client.get("/api/search", query_string=query).headers["X-Search-Cache"] == "miss", query
    cut = client.get("/api/search", query_string={"q": "daño de combate", "limit": "3"})
    assert cut.headers["X-Search-Cache"] == "hit" and len(cut.get_json()["results"]) <= 3
    # (?lang=en leaves the language cookie: the client's next questions are English ones, each its own entry)
    assert client.get("/api/search", query_string={**base, "lang": "en"}).headers["X-Search-Cache"] == "miss"
    assert client.get("/api/search", query_string={**base, "lang": "es"}).headers["X-Search-Cache"] == "hit"


def test_a_new_index_or_code_version_is_a_new_key(own_instance: Path) -> None:
    client = _client(own_instance)
    query = {"q": "mulligan"}
    assert client.get("/api/search", query_string=query).headers["X-Search-Cache"] == "miss"
    with mock.patch("judge.web.pagecache.code_version", return_value="another-release"):
        assert client.get("/api/search", query_string=query).headers["X-Search-Cache"] == "miss"
    from judge.web import data

    with client.application.test_request_context("/"):
        index = data.index()
    with mock.patch.object(index, "stamp", "another-index"):
        assert client.get("/api/search", query_string=query).headers["X-Search-Cache"] == "miss"
    assert client.get("/api/search", query_string=query).headers["X-Search-Cache"] == "hit"


def test_answers_while_vectors_are_incomplete_are_not_stored(own_instance: Path) -> None:
    client = _client(own_instance)
    query = {"q": "prioridad al final del turno"}
    # what key_and_stable says while the embedding job is still computing vectors: not stable
    real = searchcache.key_and_stable
    with mock.patch.object(searchcache, "key_and_stable", lambda params, kind="api": (real(params, kind)[0], False)):
        assert client.get("/api/search", query_string=query).headers["X-Search-Cache"] == "miss"
        assert client.get("/api/search", query_string=query).headers["X-Search-Cache"] == "miss"
    assert client.get("/api/search", query_string=query).headers["X-Search-Cache"] == "miss"
    assert client.get("/api/search", query_string=query).headers["X-Search-Cache"] == "hit"


def test_an_unreachable_store_answers_uncached(own_instance: Path) -> None:
    from judge.web.shared_store import StoreUnavailable

    client = _client(own_instance)
    with mock.patch("judge.web.localcache.get", side_effect=StoreUnavailable("down")):
        answer = client.get("/api/search", query_string={"q": "robar"})
    assert answer.status_code == 200 and answer.headers["X-Search-Cache"] == "off"
    assert answer.get_json()["results"]


def test_a_bad_parameter_is_still_a_json_400(own_instance: Path) -> None:
    answer = _client(own_instance).get("/api/search", query_string={"q": "robar", "limit": "x"})
    assert answer.status_code == 400 and answer.is_json and "X-Search-Cache" not in answer.headers


def test_the_search_page_is_cached_like_the_api_and_kept_apart_from_it(own_instance: Path) -> None:
    """`/?q=` (issue 16): the same key discipline as GET /api/search, the page's kind (HTML, JSON) in the key."""
    client = _client(own_instance)
    q = {"q": "robar de una biblioteca vacía"}
    first, again = client.get("/", query_string=q), client.get("/", query_string=q)
    assert (first.headers["X-Search-Cache"], again.headers["X-Search-Cache"]) == ("miss", "hit")
    assert again.data == first.data and again.mimetype == "text/html" and b"<mark>" in first.data
    # the page's JSON, the API's answer and another limit are other entries, never the HTML's
    as_json = client.get("/.json", query_string=q)
    assert as_json.headers["X-Search-Cache"] == "miss" and as_json.get_json()["results"]
    assert client.get("/.json", query_string=q).headers["X-Search-Cache"] == "hit"
    assert client.get("/api/search", query_string=q).headers["X-Search-Cache"] == "miss"
    assert client.get("/", query_string={**q, "limit": "3"}).headers["X-Search-Cache"] == "miss"
    plain = create_app({"TESTING": True, "INSTANCE": str(own_instance)}).test_client().get("/", query_string=q)
    assert plain.headers["X-Search-Cache"] == "off" and plain.data == first.data
    assert "X-Search-Cache" not in client.get("/").headers   # the empty box is not a search


def test_the_question_encoder_is_in_the_key_of_a_semantic_answer(own_instance: Path) -> None:
    # JUDGE_SEARCH_ENCODER=shallow answers differently from the whole model: two instances behind one store, one
    # of each, must never hand each other their answers.
    from types import SimpleNamespace

    from judge.search import semantic
    from judge.web import data

    client = _client(own_instance)
    with client.application.test_request_context("/"):
        index = data.index()
        params = {"q": "mulligan", "limit": 10, "doc": None, "ruleset": None}
        keys = []
        with mock.patch.object(type(index), "semantic_active", lambda self, semantic=None: True), \
                mock.patch.object(type(index), "vectors", SimpleNamespace(complete=True)):
            for encoder in ("e5", "shallow-3-0123456789ab", "e5"):
                with mock.patch.object(semantic, "get_embedder", lambda e=encoder: SimpleNamespace(encoder_id=e)):
                    keys.append(searchcache.key_and_stable(params))
        lexical = searchcache.key_and_stable(params)
    assert keys[0] == keys[2] and keys[0][0] != keys[1][0] and all(stable for _, stable in keys)
    assert lexical[0] not in {k for k, _ in keys}
