"""Headers (issue 16): every answer carries a Content-Security-Policy allowing only the app's own scripts and
styles (no 'unsafe-inline') and no framing, X-Frame-Options DENY, nosniff and a Referrer-Policy; no page has an
inline script, style, `style=` attribute or `on*=` handler for that policy to block; cookies are HttpOnly and
SameSite (and Secure with JUDGE_COOKIE_SECURE); the builder's embedded state is escaped for a script element."""
from __future__ import annotations

import json
import re

import pytest

from judge import create_app
from judge.web.security import script_json

PAGES = ["/", "/?q=robar", "/?q=%3Cscript%3Ealert(1)%3C/script%3E", "/reglas/121.4", "/reglas/704",
         "/reglas/999.9z", "/pasajes/cr-es/121.4", "/cartas", "/cartas/Asesino%20gorro%20rojo", "/corpus",
         "/documentos/doce-vidas-reglas", "/escenarios", "/escenarios/magic/10-mareo-de-invocacion-y-prisa",
         "/escenarios/nuevo", "/escenarios/nuevo?desde=plantilla&ruleset=magic", "/escenarios/guardados",
         "/biblioteca?q=%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", "/no/such/page"]


def _directives(policy: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}


@pytest.mark.parametrize("url", PAGES + ["/api/search?q=robar", "/reglas/121.4.json", "/static/style.css",
                                         "/api/nada"])
def test_every_answer_carries_the_security_headers(client, url: str) -> None:
    response = client.get(url)
    assert response.status_code < 500
    csp = _directives(response.headers["Content-Security-Policy"])
    assert csp["default-src"] == ["'self'"] and csp["script-src"] == ["'self'"] and csp["style-src"] == ["'self'"]
    assert csp["frame-ancestors"] == ["'none'"] and csp["object-src"] == ["'none'"]
    assert "unsafe-inline" not in response.headers["Content-Security-Policy"]
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"


@pytest.mark.parametrize("url", PAGES)
def test_no_page_has_inline_script_style_or_handler(client, soup, url: str) -> None:
    page = soup(client.get(url))
    for script in page.find_all("script"):
        # scripts come from files; the one data block (the builder's state) is JSON, which no browser runs
        assert script.get("src") or script.get("type") == "application/json", (url, str(script)[:200])
        if script.get("src"):
            assert script["src"].startswith("/static/") and not (script.string or "").strip()
    assert page.find("style") is None, url
    for tag in page.find_all(True):
        bad = [a for a in tag.attrs if a == "style" or a.startswith("on")]
        assert not bad, (url, tag.name, bad)
        for attr in ("href", "src", "action", "formaction"):
            assert not str(tag.get(attr, "")).strip().lower().startswith("javascript:"), (url, str(tag)[:200])
    for link in page.find_all("link", rel="stylesheet"):
        assert link["href"].startswith("/static/")


def test_the_run_pages_style_is_a_static_file(client, soup) -> None:
    page = soup(client.get("/escenarios/magic/10-mareo-de-invocacion-y-prisa"))
    sheets = [link["href"] for link in page.find_all("link", rel="stylesheet")]
    assert "/static/run.css" in sheets
    css = client.get("/static/run.css")
    assert css.status_code == 200 and css.mimetype == "text/css" and ".run-step" in css.get_data(as_text=True)


def _cookies(response) -> dict[str, str]:
    return {c.split("=", 1)[0]: c for c in response.headers.getlist("Set-Cookie")}


def test_cookies_are_httponly_and_samesite(client) -> None:
    lang = _cookies(client.get("/?lang=en"))["lang"]
    session = _cookies(client.get("/escenarios/nuevo"))["session"]   # holds the saving form's CSRF token
    for cookie in (lang, session):
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie


def test_cookie_secure_setting(instance_dir) -> None:
    client = create_app({"TESTING": True, "INSTANCE": str(instance_dir), "COOKIE_SECURE": True}).test_client()
    cookies = _cookies(client.get("/escenarios/nuevo?lang=en"))
    assert set(cookies) == {"lang", "session"}
    assert all("Secure" in c and "HttpOnly" in c for c in cookies.values())


def test_the_secret_key_is_made_once_per_instance_and_kept_private(tmp_path) -> None:
    first = create_app({"TESTING": True, "INSTANCE": str(tmp_path)}).config["SECRET_KEY"]
    again = create_app({"TESTING": True, "INSTANCE": str(tmp_path)}).config["SECRET_KEY"]
    assert first == again and len(first) >= 48
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0
    assert create_app({"TESTING": True, "INSTANCE": str(tmp_path), "SECRET_KEY": "x" * 40}).config[
        "SECRET_KEY"] == "x" * 40
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".secret_key")] == []


def test_an_instance_that_cannot_keep_a_secret_says_what_to_do(tmp_path, monkeypatch) -> None:
    # A read-only instance folder (tests run as root here, so the refusal is simulated where the file is made).
    from judge.web import security

    def refuse(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(security.os, "open", refuse)
    with pytest.raises(security.SecretKeyMissing, match="JUDGE_SECRET_KEY"):
        create_app({"TESTING": True, "INSTANCE": str(tmp_path)})
    monkeypatch.undo()
    assert create_app({"TESTING": True, "INSTANCE": str(tmp_path), "SECRET_KEY": "s" * 40}).config["SECRET_KEY"]


@pytest.mark.parametrize("title", ["<!--<script>", "</script><script>alert(1)</script>", "a & b > c",
                                   "línea\u2028y\u2029párrafo", "<![CDATA[", "]]>"])
def test_script_json_cannot_end_or_reopen_a_script_element(title: str) -> None:
    text = script_json({"title": title, "n": [1, "<"]})
    assert not re.search(r"[<>&\u2028\u2029]", text), text
    assert json.loads(text) == {"title": title, "n": [1, "<"]}
