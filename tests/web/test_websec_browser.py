"""Who may write and the CSP, in headless Chromium (tests/web/chromium.py), as an attacker would try it (issue 16):
a page on another loopback port (another origin, the same site, so the visitor's cookies go along) cannot save a
scenario nor add a version to the visitor's own line, by a form it submits or by `fetch`; it cannot frame the
edit form; stored and reflected script payloads run nothing, and the CSP blocks inline code that would reach the
DOM; the builder opens a scenario titled `<!--<script>` whole."""
from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from html import escape
from pathlib import Path
from urllib.parse import quote

import pytest
from werkzeug.serving import make_server

from .chromium import DevTools, _chromium, live_server

# Collects every CSP violation of a page, from before its first script (the listener is not subject to the CSP).
WATCH = ("window.__csp = []; document.addEventListener('securitypolicyviolation', "
         "e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));")


def _scenario(title: str, description: str = "", card: str = "Lobo gris") -> dict:
    return {"ruleset": "doce-vidas", "title": title, "description": description,
            "cards": {card: {"type": "criatura", "cost": 2, "damage": 2, "life": 3}},
            "players": [{"name": "Ana", "board": [{"card": card, "id": "lobo"}]}, {"name": "Bruno"}],
            "turn": {"number": 3, "active": "Ana", "phase": "accion"},
            "actions": [{"by": "Ana", "attack": "lobo", "target": "Bruno"}],
            "expect": [{"player": "Bruno", "lives": 10}]}


@pytest.fixture()
def server(app) -> Iterator[str]:
    yield from live_server(app)


class Attacker:
    """Another origin on loopback (another port): serves the pages a test gives it, inline scripts and all."""

    def __init__(self) -> None:
        self.pages: dict[str, str] = {}

        def wsgi(environ, start_response):  # type: ignore[no-untyped-def]
            body = self.pages.get(environ["PATH_INFO"], "<p>nada</p>").encode()
            start_response("200 OK", [("Content-Type", "text/html; charset=utf-8")])
            return [body]

        self.httpd = make_server("127.0.0.1", 0, wsgi, threaded=True)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.origin = f"http://127.0.0.1:{self.httpd.server_port}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.thread.join(timeout=5)


@pytest.fixture()
def attacker() -> Iterator[Attacker]:
    evil = Attacker()
    yield evil
    evil.close()


@pytest.fixture()
def browser(tmp_path: Path) -> Iterator[DevTools]:
    chrome = DevTools(_chromium(), tmp_path / "profile", width=1000, height=900)
    chrome.send("Page.enable")   # scripts "on new document" run only with the Page domain on
    chrome.send("Page.addScriptToEvaluateOnNewDocument", source=WATCH)
    yield chrome
    chrome.close()


def _loaded(browser: DevTools, condition: str = "true") -> None:
    browser.wait_for(f"document.readyState === 'complete' && ({condition})")


def _line(app, version_id: str) -> list[str]:
    return [v["id"] for v in app.test_client().get(f"/api/scenarios/{version_id}").get_json()["versions"]]


def _total(app) -> int:
    return app.test_client().get("/api/scenarios").get_json()["total"]


def _submit(browser: DevTools, form: str = "form.saved-form") -> None:
    """Submit the site's form as its button would, after this evaluation has answered: a submit() inside it may
    navigate before Chromium replies, which cuts the evaluation (PageNavigated) though the form went."""
    browser.evaluate(f"setTimeout(() => document.querySelector({json.dumps(form)}).submit(), 0)")


def _save_in_browser(browser: DevTools, server: str, document: dict) -> str:
    """Save through the site's own form, as the visitor does (the browser then holds the line's key)."""
    browser.goto(f"{server}/escenarios/guardados")
    browser.evaluate(f"document.getElementById('scenario').value = {json.dumps(json.dumps(document))}")
    _submit(browser)
    _loaded(browser, "location.pathname.startsWith('/escenarios/guardados/') && "
                     "!!document.querySelector('nav.saved-versions')")
    return browser.evaluate("location.pathname").rsplit("/", 1)[-1]


def test_a_cross_origin_page_cannot_save_nor_add_a_version(app, server: str, attacker: Attacker,
                                                           browser: DevTools) -> None:
    victim_id = _save_in_browser(browser, server, _scenario("Mi partida"))
    assert browser.evaluate("!!document.querySelector('#edit-link')")   # the browser holds the key
    before = _total(app)
    forged = escape(json.dumps(_scenario("Escrito por otro sitio")), quote=True)
    edit, new = f"{server}/escenarios/guardados/{victim_id}", f"{server}/escenarios/guardados"
    api_edit = f"{server}/api/scenarios/{victim_id}"
    forms = {
        "/editar": f'<form method="post" action="{edit}"><input name="scenario" value="{forged}">'
                   f'<input name="csrf_token" value="inventado"></form>',
        "/nuevo": f'<form method="post" action="{new}"><input name="scenario" value="{forged}"></form>',
        "/padre": f'<form method="post" action="{new}" enctype="multipart/form-data"><input name="scenario" '
                  f'value="{forged}"><input name="parent" value="{victim_id}"></form>',
        "/texto": f'<form method="post" action="{api_edit}" enctype="text/plain"><input name=\'{{"a":"\' '
                  f'value=\'"}}\'></form>',
    }
    for path, form in forms.items():
        attacker.pages[path] = form + "<script>document.forms[0].submit()</script>"
        browser.send("Page.navigate", url=attacker.origin + path)   # it leaves at once for the site
        _loaded(browser, f"location.origin === {json.dumps(server)}")
        status = browser.evaluate("document.title || document.body.innerText")   # a page, or the API's JSON
        assert status.startswith("403") or '"status":415' in status, (path, status)
    body = json.dumps(json.dumps(_scenario("Por fetch")))
    urlencoded = json.dumps("scenario=" + quote(json.dumps(_scenario("Por fetch"))))
    attacker.pages["/fetch"] = f"""<script>
      const sent = [];
      const all = {json.dumps([new, edit, api_edit, server + '/api/scenarios'])};
      for (const url of all)
        sent.push(fetch(url, {{method: 'POST', mode: 'no-cors', credentials: 'include', body: {urlencoded},
                              headers: {{'Content-Type': 'application/x-www-form-urlencoded'}}}}));
      for (const url of [{json.dumps(api_edit)}, {json.dumps(server + '/api/scenarios')}])
        sent.push(fetch(url, {{method: 'POST', mode: 'cors', credentials: 'include', body: {body},
                              headers: {{'Content-Type': 'application/json'}}}}),
                  fetch(url, {{method: 'POST', mode: 'no-cors', credentials: 'include', body: {body}}}));
      Promise.allSettled(sent).then(r => {{ window.__done = r.map(x => x.status); }});
    </script>"""
    browser.goto(attacker.origin + "/fetch")
    assert len(browser.wait_for("window.__done")) == 8
    # nothing saved: no new line, no version added to the visitor's line, no copy
    assert _total(app) == before
    assert _line(app, victim_id) == [victim_id]
    assert app.test_client().get(f"/api/scenarios/{victim_id}").get_json()["forks"] == []
    # while the visitor's own edit form, on the site, adds a version with the same cookies
    browser.goto(f"{edit}/editar")
    assert browser.evaluate("document.querySelector('.save-mode').dataset.owner") == "true"
    _submit(browser)
    _loaded(browser, "document.querySelector('nav.saved-versions')?.dataset.version === '2'")
    assert len(_line(app, victim_id)) == 2


def test_the_edit_form_cannot_be_framed(app, server: str, attacker: Attacker, browser: DevTools) -> None:
    victim_id = _save_in_browser(browser, server, _scenario("Enmarcada"))
    attacker.pages["/marco"] = (f'<iframe name="juez" src="{server}/escenarios/guardados/{victim_id}/editar"></iframe>'
                                f'<iframe name="propio" src="{attacker.origin}/nada"></iframe>')
    browser.goto(attacker.origin + "/marco")
    deadline = time.monotonic() + 15
    while True:
        frames = {f["frame"]["name"]: f["frame"] for f in browser.send("Page.getFrameTree")["frameTree"]
                  .get("childFrames", [])}
        if {"juez", "propio"} <= set(frames) and frames["juez"]["url"] != "about:blank":
            break
        assert time.monotonic() < deadline, frames
        time.sleep(0.1)
    # the site's frame is Chromium's error page (frame-ancestors 'none', X-Frame-Options DENY); the attacker's own
    # frame beside it loads, so the test can tell a refusal from a frame that never loads
    assert frames["juez"]["url"].startswith("chrome-error://"), frames["juez"]
    assert frames["juez"]["unreachableUrl"].endswith(f"/escenarios/guardados/{victim_id}/editar")
    assert frames["propio"]["url"] == f"{attacker.origin}/nada"


PAYLOADS = ["<script>window.__xss='script'</script>", "<img src=x onerror=\"window.__xss='img'\">",
            "\"><svg onload=\"window.__xss='svg'\">", "</textarea><script>window.__xss='textarea'</script>",
            "<!--<script>", "javascript:window.__xss='href'", "</script><script>window.__xss='state'</script>"]


def _runs_nothing(browser: DevTools, url: str) -> None:
    browser.goto(url)
    time.sleep(0.3)   # an image's onerror, had it been markup, would have fired by now
    state = browser.evaluate("JSON.stringify({xss: window.__xss ?? null, csp: window.__csp, title: document.title})")
    found = json.loads(state)
    assert found["xss"] is None, (url, found)
    assert found["csp"] == [], (url, found)   # nothing inline reached the page; the app's own code obeys the CSP


def test_stored_and_reflected_payloads_run_nothing(app, server: str, browser: DevTools) -> None:
    client = app.test_client()
    pages = ["/biblioteca"]
    for payload in PAYLOADS:   # each where a saved scenario's text shows: title, description, a card's name
        saved = client.post("/api/scenarios", json=_scenario(payload, description=payload, card=payload))
        assert saved.status_code == 201, saved.get_data(as_text=True)
        version = saved.get_json()
        pages += [version["url"], f"{version['url']}/editar", f"/escenarios/nuevo?desde=guardado/{version['id']}"]
    for payload in PAYLOADS[:4]:  # reflected: what a link could carry in its query or path
        q = quote(payload)
        pages += [f"/?q={q}", f"/biblioteca?q={q}", f"/cartas?q={q}", f"/reglas/{q}", f"/pasajes/{q}",
                  f"/escenarios/nuevo?ruleset=magic&carta={q}", f"/cartas/{q}"]
    for url in pages:
        _runs_nothing(browser, server + url)
    # a pasted run shows the title too
    browser.goto(f"{server}/escenarios")
    title = PAYLOADS[0]
    browser.evaluate(f"document.querySelector('form.run-form textarea').value = "
                     f"{json.dumps(json.dumps(_scenario(title)))}")
    _submit(browser, "form.run-form")
    _loaded(browser, "location.pathname === '/escenarios/ejecutar'")
    assert browser.evaluate("document.querySelector('#run-title').textContent") == title
    assert browser.evaluate("window.__xss ?? null") is None and browser.evaluate("window.__csp") == []


def test_the_csp_blocks_inline_code_that_reaches_the_dom(server: str, browser: DevTools) -> None:
    # Had escaping failed somewhere, this is what the policy does with it: no inline script, handler or style.
    browser.goto(f"{server}/escenarios/guardados")
    browser.evaluate("""(() => {
        const s = document.createElement('script'); s.textContent = "window.__xss = 'inline'"; document.body.append(s);
        const b = document.createElement('button'); b.setAttribute('onclick', "window.__xss = 'handler'");
        document.body.append(b); b.click();
        document.body.setAttribute('style', 'background: red');
        const st = document.createElement('style'); st.textContent = 'main { display: none }'; document.head.append(st);
    })()""")
    violations = browser.wait_for("window.__csp.length >= 4 && window.__csp")
    assert browser.evaluate("window.__xss ?? null") is None
    directives = {v.split()[0] for v in violations}
    assert {"script-src-elem", "script-src-attr", "style-src-attr", "style-src-elem"} <= directives, violations
    assert browser.evaluate("getComputedStyle(document.querySelector('main')).display") != "none"


def test_the_builder_opens_a_scenario_titled_like_a_comment(app, server: str, browser: DevTools) -> None:
    client = app.test_client()

    def controls(title: str) -> dict:
        saved = client.post("/api/scenarios", json=_scenario(title)).get_json()
        browser.goto(f"{server}/escenarios/nuevo?desde=guardado/{saved['id']}")
        browser.wait_for("document.querySelector('#builder-summary.good') !== null")
        return json.loads(browser.evaluate("""JSON.stringify({
            controls: document.querySelectorAll(
              '#builder input, #builder select, #builder textarea, #builder button').length,
            titled: [...document.querySelectorAll('#builder input')].some(i => i.value === %s),
            source: !!document.getElementById('source-form'), save: !!document.getElementById('save-button'),
            csp: window.__csp})""" % json.dumps(title)))

    plain = controls("Una partida corriente")
    for title in ("<!--<script>", "</script><!--<script>"):
        broken = controls(title)
        assert broken == dict(plain, titled=True), (title, broken, plain)
    assert plain["controls"] > 20 and plain["titled"] and plain["source"] and plain["save"] and plain["csp"] == []
