"""Who may write (issue 16): the saving forms need their CSRF token, the JSON writes a JSON or YAML body from this
origin (or from no browser), and only a line's edit key adds versions to it; anyone else's edit is a fork,
linked both ways, and hides nothing.  Through the test client, on SQLite (the ownership flows on PostgreSQL too)."""
from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from judge.web.i18n import translate

from .conftest import form_token

sqlite_only = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


def _total(client) -> int:
    return client.get("/api/scenarios").get_json()["total"]


def _api_save(client, body: str, url: str = "/api/scenarios", **headers):
    return client.post(url, data=body.encode(), content_type="application/yaml", headers=headers)


def _page(response) -> BeautifulSoup:
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


@sqlite_only
def test_a_saving_form_without_its_token_saves_nothing(client, scenario_yaml: str) -> None:
    first = _api_save(client, scenario_yaml).get_json()
    for url in ("/escenarios/guardados", f"/escenarios/guardados/{first['id']}"):
        for data in ({"scenario": scenario_yaml}, {"scenario": scenario_yaml, "csrf_token": "falso"},
                     {"scenario": scenario_yaml, "parent": first["id"]}):
            for content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
                response = client.post(url, data=data, content_type=content_type)
                assert response.status_code == 403, (url, data, response.status_code)
                assert _page(response).select_one("p.message")["data-message"] == "security.csrf"
    refused = client.post("/escenarios/guardados", data={"scenario": scenario_yaml},
                          headers={"Accept": "application/json"})
    assert refused.status_code == 403 and refused.get_json()["message"] == {"id": "security.csrf", "params": {}}
    assert refused.get_json()["status"] == 403 and "CSRF" in refused.get_json()["reason"]
    assert _total(client) == 1 and len(client.get(f"/api/scenarios/{first['id']}").get_json()["versions"]) == 1
    # the token the form page carries opens it
    ok = client.post("/escenarios/guardados", data={"scenario": scenario_yaml, "csrf_token": form_token(client)})
    assert ok.status_code == 303 and _total(client) == 2


@sqlite_only
def test_json_writes_only_from_this_origin_or_no_browser(client, scenario_yaml: str) -> None:
    # what another site's page can send: a form's text/plain body is no scenario type (415, never guessed)
    plain = client.post("/api/scenarios", data=scenario_yaml, content_type="text/plain",
                        headers={"Origin": "http://127.0.0.1:9", "Sec-Fetch-Site": "same-site"})
    assert plain.status_code == 415
    for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"}, {"Sec-Fetch-Site": "cross-site"},
                    {"Sec-Fetch-Site": "same-site"}, {"Origin": "http://localhost:5001"},
                    {"Origin": "http://localhost", "Sec-Fetch-Site": "same-site"}):
        for url in ("/api/scenarios", "/escenarios/guardados"):
            response = _api_save(client, scenario_yaml, url, **headers)
            assert response.status_code == 403, (headers, url)
            body = response.get_json()
            assert body["status"] == 403 and body["message"]["id"] == "security.cross_origin" and body["origin"]
            assert body["message"]["params"] == {"origin": body["origin"]}
    assert _total(client) == 0
    for headers in ({}, {"Origin": "http://localhost"}, {"Sec-Fetch-Site": "same-origin"},
                    {"Sec-Fetch-Site": "none"}):
        assert _api_save(client, scenario_yaml, **headers).status_code == 201, headers
    assert _total(client) == 4


@sqlite_only
@pytest.mark.parametrize("trusted", [["https://juez.example.org"], "https://juez.example.org http://b.example"])
def test_trusted_origins_setting(app, scenario_yaml: str, trusted) -> None:
    app.config["TRUSTED_ORIGINS"] = trusted     # JSON, or a plain list of origins in the variable
    client = app.test_client()
    assert _api_save(client, scenario_yaml, Origin="https://juez.example.org").status_code == 201
    assert _api_save(client, scenario_yaml, Origin="https://otro.example.org").status_code == 403
    assert _api_save(client, scenario_yaml, Origin="h").status_code == 403


@sqlite_only
def test_behind_a_proxy_the_browsers_own_verdict_counts(client, scenario_yaml: str) -> None:
    # An HTTPS proxy in front of a plain-HTTP app: Origin says https, the app sees http; Sec-Fetch-Site decides.
    same = _api_save(client, scenario_yaml, Origin="https://localhost", **{"Sec-Fetch-Site": "same-origin"})
    assert same.status_code == 201
    assert _api_save(client, scenario_yaml, Origin="https://localhost").status_code == 403


def test_only_the_edit_key_adds_versions_through_the_api(app, scenario_yaml: str) -> None:
    owner, other = app.test_client(), app.test_client()
    created = _api_save(owner, scenario_yaml)
    first = created.get_json()
    key = first["edit_key"]
    assert len(key) >= 43 and first["edit_url"] == f"/escenarios/guardados/{first['id']}/editar?clave={key}"
    cookie = created.headers["Set-Cookie"]
    assert "judge_edit_keys=" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert "Secure" not in cookie and "no-store" in created.headers["Cache-Control"]
    edit_url = f"/api/scenarios/{first['id']}"
    edited = scenario_yaml.replace("Ana ataca a Bruno", "Otra mano")
    # anyone else: 403 naming the key and the fork endpoint; a wrong key: 403 too
    for headers in ({}, {"X-Edit-Key": "x" * 43}, {"X-Edit-Key": key[::-1]}):
        refused = _api_save(other, edited, edit_url, **headers)
        assert refused.status_code == 403, headers
        body = refused.get_json()
        assert body["header"] == "X-Edit-Key" and body["fork_url"] == f"/api/scenarios/{first['id']}/fork"
        said = "saved.wrong_key" if headers else "saved.needs_key"        # a key was sent, or none
        assert body["message"] == {"id": said, "params": {"header": "X-Edit-Key"}}
    assert len(owner.get(edit_url).get_json()["versions"]) == 1
    # the key in the header (a client without the cookie), or the owner's cookie
    by_header = _api_save(other, edited, edit_url, **{"X-Edit-Key": key})
    assert by_header.status_code == 201 and "edit_key" not in by_header.get_json()
    by_cookie = _api_save(owner, edited.replace("Otra mano", "Tercera"), edit_url)
    assert by_cookie.status_code == 201 and by_cookie.get_json()["version"] == 2
    assert [v["version"] for v in owner.get(edit_url).get_json()["versions"]] == [1, 2, 2]
    assert owner.get(edit_url).get_json()["can_edit"] is True
    assert other.get(edit_url).get_json()["can_edit"] is False


def test_a_fork_is_a_new_line_linked_both_ways_and_hides_nothing(app, scenario_yaml: str) -> None:
    owner, other = app.test_client(), app.test_client()
    first = _api_save(owner, scenario_yaml).get_json()
    fork = _api_save(other, scenario_yaml.replace("Ana ataca a Bruno", "Mi copia"),
                     f"/api/scenarios/{first['id']}/fork")
    assert fork.status_code == 201
    forked = fork.get_json()
    assert forked["version"] == 1 and forked["edit_key"] != first["edit_key"]
    fork_data = other.get(f"/api/scenarios/{forked['id']}").get_json()
    assert fork_data["forked_from"]["id"] == first["id"] and fork_data["parent"] is None
    assert fork_data["lineage"] == forked["id"] and fork_data["can_edit"] is True
    original = owner.get(f"/api/scenarios/{first['id']}").get_json()
    assert [(f["id"], f["forked_from"], f["forked_from_version"]) for f in original["forks"]] == [
        (forked["id"], first["id"], 1)]
    assert original["forked_from"] is None and len(original["versions"]) == 1
    listed = {s["id"] for s in owner.get("/api/scenarios").get_json()["scenarios"]}
    assert listed == {first["id"], forked["id"]}
    # both pages say so
    page = _page(owner.get(first["url"]))
    assert [li["data-id"] for li in page.select("ul.forks li")] == [forked["id"]]
    fork = page.select_one("ul.forks li")
    assert (fork["data-message"], fork["data-version"]) == ("saved.fork_of_version", "1")
    assert translate("saved.fork_of_version", "es", version=1) in fork.get_text()
    origin = _page(other.get(forked["url"])).select_one("p.forked-from a")
    assert origin["href"] == first["url"]
    said = origin.find_parent("p")
    assert (said["data-message"], said["data-version"]) == ("saved.forked_from", "1")


def test_anyone_elses_editar_forks_and_the_original_is_untouched(app, scenario_yaml: str) -> None:
    owner, other = app.test_client(), app.test_client()
    first = _api_save(owner, scenario_yaml).get_json()
    page = _page(other.get(first["url"]))
    assert page.select_one("a.edit").get_text() == translate("saved.fork", "es")
    assert page.select_one("#edit-link") is None
    form = _page(other.get(f"/escenarios/guardados/{first['id']}/editar"))
    mode = form.select_one(".save-mode")
    assert mode["data-owner"] == "false" and mode["data-message"] == "saved.fork_help"       # saving makes a copy
    token = form.find("input", attrs={"name": "csrf_token"})["value"]
    assert form.find("input", attrs={"name": "edit_key"}) is None
    answer = other.post(f"/escenarios/guardados/{first['id']}",
                        data={"scenario": scenario_yaml.replace("Ana ataca a Bruno", "De Bruno"), "csrf_token": token})
    assert answer.status_code == 303 and "judge_edit_keys=" in answer.headers["Set-Cookie"]
    fork = other.get(answer.headers["Location"] + ".json").get_json()
    assert fork["version"] == 1 and fork["forked_from"]["id"] == first["id"] and fork["can_edit"] is True
    assert [v["id"] for v in owner.get(first["url"] + ".json").get_json()["versions"]] == [first["id"]]
    # the builder's "Guardar" with `parent` does the same for someone else
    builder = _page(other.get(f"/escenarios/nuevo?desde=guardado/{first['id']}"))
    assert "copia" in builder.select_one(".save-version").get_text()
    token = builder.find("input", attrs={"name": "csrf_token"})["value"]
    again = other.post("/escenarios/guardados", data={"scenario": scenario_yaml, "parent": first["id"],
                                                      "csrf_token": token})
    assert other.get(again.headers["Location"] + ".json").get_json()["forked_from"]["id"] == first["id"]
    # while the owner's editar adds a version to the line
    page = _page(owner.get(first["url"]))
    assert page.select_one("a.edit").get_text() == translate("saved.edit", "es")
    form = _page(owner.get(f"/escenarios/guardados/{first['id']}/editar"))
    assert form.select_one(".save-mode")["data-owner"] == "true"
    token = form.find("input", attrs={"name": "csrf_token"})["value"]
    mine = owner.post(f"/escenarios/guardados/{first['id']}", data={"scenario": scenario_yaml, "csrf_token": token})
    assert owner.get(mine.headers["Location"] + ".json").get_json()["version"] == 2
    assert len(owner.get(first["url"] + ".json").get_json()["forks"]) == 2


@sqlite_only
def test_the_secret_edit_link_lets_another_browser_edit(app, scenario_yaml: str) -> None:
    owner, laptop = app.test_client(), app.test_client()
    first = _api_save(owner, scenario_yaml).get_json()
    # the owner's permalink shows the link; nobody else's does
    shown = _page(owner.get(first["url"])).select_one("#edit-link")["value"]
    assert shown == "http://localhost" + first["edit_url"]
    response = laptop.get(first["edit_url"])
    assert response.status_code == 200 and "no-store" in response.headers["Cache-Control"]
    assert response.headers["Referrer-Policy"] == "same-origin" and "judge_edit_keys=" in response.headers["Set-Cookie"]
    form = _page(response)
    assert form.select_one(".save-mode")["data-owner"] == "true"
    assert form.find("input", attrs={"name": "edit_key"})["value"] == first["edit_key"]
    token = form.find("input", attrs={"name": "csrf_token"})["value"]
    saved = laptop.post(f"/escenarios/guardados/{first['id']}", data={"scenario": scenario_yaml, "csrf_token": token})
    assert laptop.get(saved.headers["Location"] + ".json").get_json()["version"] == 2
    # a link with a key that is not the line's opens the form as anyone's, saying so, and sets no cookie
    stranger = app.test_client()
    wrong = stranger.get(f"/escenarios/guardados/{first['id']}/editar?clave={'k' * 43}")
    assert "Set-Cookie" not in wrong.headers or "judge_edit_keys" not in wrong.headers["Set-Cookie"]
    assert _page(wrong).select_one(".save-mode")["data-owner"] == "false"
    assert _page(wrong).select_one("p.message[role=alert]")["data-message"] == "saved.link_refused"


@sqlite_only
def test_behind_https_the_owner_saves_and_cookies_are_secure(app, scenario_yaml: str) -> None:
    app.config["COOKIE_SECURE"] = True
    owner = app.test_client()
    created = owner.post("/api/scenarios", data=scenario_yaml.encode(), content_type="application/yaml",
                         base_url="https://localhost")
    assert "Secure" in created.headers["Set-Cookie"]
    first = created.get_json()
    edit = f"https://localhost/escenarios/guardados/{first['id']}/editar"
    form = _page(owner.get(edit))
    assert form.select_one(".save-mode")["data-owner"] == "true"
    data = {"scenario": scenario_yaml, "csrf_token": form.find("input", attrs={"name": "csrf_token"})["value"]}
    url = f"https://localhost/escenarios/guardados/{first['id']}"
    # Flask-WTF over HTTPS also wants the page's own address as Referer, which the app's policy sends
    assert owner.post(url, data=data).status_code == 403
    saved = owner.post(url, data=data, headers={"Referer": edit})
    assert saved.status_code == 303
    assert len(owner.get(f"/api/scenarios/{first['id']}").get_json()["versions"]) == 2
