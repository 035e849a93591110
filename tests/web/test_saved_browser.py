"""Saved scenarios in headless Chromium (tests/web/chromium.py): save one from the builder, reload its permalink,
"editar" it into a new version and see both versions (the first permalink still shows the first version), then
"abrir en el constructor" on the second and save a third version of the same line from the builder."""
from __future__ import annotations

import json

import pytest
import yaml

from .chromium import DevTools


def _versions(browser: DevTools) -> list[dict]:
    """The version list of a permalink page: each item's id, whether it is this page's, and its link."""
    return browser.evaluate("""[...document.querySelectorAll('nav.saved-versions ol.versions li')].map(li => ({
        id: li.dataset.id, current: li.getAttribute('aria-current') === 'page',
        href: li.querySelector('a') ? li.querySelector('a').getAttribute('href') : null}))""")


def _wait_loaded(browser: DevTools, condition: str) -> None:
    browser.wait_for(f"document.readyState === 'complete' && ({condition})")


def _fits_390(browser: DevTools) -> None:
    """Nothing scrolls sideways at a phone's width, and the page's links and buttons are at least 24 px tall."""
    layout = browser.evaluate("""(() => ({scroll: document.documentElement.scrollWidth, width: innerWidth,
        small: [...document.querySelectorAll('main button, nav.saved-versions a, a.open-builder')]
          .map(el => el.getBoundingClientRect()).filter(r => r.width && r.height < 24).length}))()""")
    assert layout["width"] == 390 and layout["scroll"] <= 390 and layout["small"] == 0, layout


def test_save_reload_edit_and_see_both_versions(server: str, open_browser) -> None:
    browser = open_browser(width=390, height=844)
    # Save: the builder's template, as it is, with "Guardar y obtener un enlace".
    browser.goto(f"{server}/escenarios/nuevo?desde=plantilla&ruleset=doce-vidas&lang=es")
    browser.wait_for("document.querySelector('#builder-summary.good') !== null")
    original = yaml.safe_load(browser.evaluate("document.getElementById('scenario').value"))
    browser.evaluate("document.getElementById('save-button').focus()")
    browser.press("Enter")
    _wait_loaded(browser, "location.pathname.startsWith('/escenarios/guardados/')")
    first_url = browser.evaluate("location.href")
    first_id = first_url.rsplit("/", 1)[-1]
    assert browser.evaluate("document.querySelector('nav.saved-versions').dataset.version") == "1"
    assert browser.evaluate("document.querySelector('#run-title').textContent") == original["title"]

    # Reload the permalink: the same version, the same run.
    browser.send("Page.reload")
    _wait_loaded(browser, "!!document.querySelector('nav.saved-versions')")
    assert browser.evaluate("location.href") == first_url
    assert _versions(browser) == [{"id": first_id, "current": True, "href": None}]
    assert "ok" in browser.evaluate("document.querySelector('.verdict').className").split()

    # "editar": change the title and save, which makes version 2 at a new permalink.
    browser.evaluate("document.querySelector('nav.saved-versions a.edit').focus()")
    browser.press("Enter")
    _wait_loaded(browser, "location.pathname.endsWith('/editar')")
    source = browser.evaluate("document.getElementById('scenario').value")
    document = yaml.safe_load(source)          # the text as saved (the builder sent JSON)
    assert document == original
    title = "Segunda versión"                       # the title typed for version 2
    edited = json.dumps(dict(document, title=title), ensure_ascii=False, indent=2)
    browser.evaluate(f"document.getElementById('scenario').value = {json.dumps(edited)}")
    browser.evaluate("document.querySelector('form.saved-form button[type=submit]').focus()")
    browser.press("Enter")
    _wait_loaded(browser, f"location.href !== {json.dumps(first_url)} && !location.pathname.endsWith('/editar')"
                          " && !!document.querySelector('nav.saved-versions')")
    second_url = browser.evaluate("location.href")
    second_id = second_url.rsplit("/", 1)[-1]
    assert second_id != first_id
    assert browser.evaluate("document.querySelector('#run-title').textContent") == title
    assert _versions(browser) == [
        {"id": first_id, "current": False, "href": f"/escenarios/guardados/{first_id}"},
        {"id": second_id, "current": True, "href": None}]
    _fits_390(browser)

    # The first permalink still shows the first version, and lists both.
    browser.goto(first_url)
    assert browser.evaluate("document.querySelector('#run-title').textContent") == original["title"]
    assert _versions(browser) == [
        {"id": first_id, "current": True, "href": None},
        {"id": second_id, "current": False, "href": f"/escenarios/guardados/{second_id}"}]

    # "abrir en el constructor" on version 2, then save from the builder: version 3 of the same line.
    browser.goto(second_url)
    browser.evaluate("document.querySelector('a.open-builder').focus()")
    browser.press("Enter")
    _wait_loaded(browser, "location.pathname === '/escenarios/nuevo'")
    browser.wait_for("document.querySelector('#builder-summary.good') !== null")
    assert browser.evaluate("document.querySelector('#source-form input[name=parent]').value") == second_id
    browser.evaluate("document.getElementById('save-button').focus()")
    browser.press("Enter")
    _wait_loaded(browser, "location.pathname.startsWith('/escenarios/guardados/') && "
                          f"location.href !== {json.dumps(second_url)}")
    assert browser.evaluate("document.querySelector('nav.saved-versions').dataset.version") == "3"
    assert [v["id"] for v in _versions(browser)][:2] == [first_id, second_id]
