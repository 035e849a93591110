"""tools/spanish_asserts.py (issue 17: tests assert on structure, not on Spanish wording): each form it reads, with
examples that must count and examples that must not, and the suite's own count held at its ceiling."""
from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest

CEILING = 0           # asserts on Spanish wording outside the named rendering tests (tools/spanish_asserts.py)
RENDERING_CEILING = 34


@pytest.fixture(scope="module")
def tool(repo_tool: Any) -> Any:
    return repo_tool("spanish_asserts")


def _forms(tool: Any, body: str, *, header: str = "", name: str = "test_x",
           file: str = "tests/web/test_x.py") -> list[str]:
    """The forms counted in one test whose body is `body` (the module starts with `header`)."""
    src = textwrap.dedent(header) + f"\n\ndef {name}(client, cli):\n" + textwrap.indent(textwrap.dedent(body), "    ")
    return [f[4] for f in tool.scan_source(src, file)]


# Each form: (what it is, a test body that must count, one that must not).
FORMS = [
    ("a phrase in a rendered text", 'assert "no se puede" in out', 'assert "magic.illegal.cost" in out'),
    ("not in", 'assert "no se puede" not in result.output', 'assert "Traceback" not in result.output'),
    ("== a rendered text", 'assert step.summary == "Ana pasa la prioridad"', 'assert step.message.id == "core.pass"'),
    ("!=", 'assert page.get_text() != "ninguna regla"', 'assert page.get_text() != ""'),
    ("startswith", 'assert out.startswith("Respuesta: ")', 'assert out.startswith("Answer: ")'),
    ("endswith a tuple", 'assert out.endswith(("vidas", "vida"))', 'assert out.endswith(("lives", "life"))'),
    ("count", 'assert verdict["text"].count("texto no modelado") == 1', 'assert verdict["text"].count("«") == 1'),
    ("re.search", 'assert re.search(r"pasajes? indexados", result.output)', 'assert re.search(r"\\d+ passages", out)'),
    ("one Spanish word", 'assert "BIEN" in a["verdict"]', 'assert "PASS" in a["verdict"]'),
    ("one word in a page", 'assert top.select_one(".pos").get_text() == "arriba"',
     'assert top.select_one(".pos").get_text() == "top"'),
    ("a name bound first", 'expected = "ya está cargada"\nassert expected in result.output',
     'expected = "already loaded"\nassert expected in result.output'),
    ("a loop's literals", 'for word in ("vidas", "maná"):\n    assert word in page.get_text()',
     'for word in ("lives", "mana"):\n    assert word in page.get_text()'),
    ("a subscript of a bound dict", 'said = {"es": "Paso anterior"}\nassert said["es"] in html',
     'said = {"es": "run.previous"}\nassert said["es"] in html'),
    ("a list compared", 'assert [b["aria-label"] for b in buttons] == ["Paso anterior", "Paso siguiente"]',
     'assert [b["aria-label"] for b in buttons] == ["Previous step", "Next step"]'),
    ("a dict's values compared", 'assert body == {"error": "el borrador está cortado"}',
     'assert body == {"error": {"id": "draft.cut"}}'),
    ("a rendered text in a tuple of texts", 'assert out in ("BIEN", "MAL")', 'assert out in ("PASS", "FAIL")'),
    ("a set of texts", 'assert set(lines) >= {"carta desconocida"}', 'assert set(lines) >= {"unknown card"}'),
    ("pytest.raises(match=)", 'with pytest.raises(BadDraft, match="pasa de 5000 bytes"):\n    decode(x)',
     'with pytest.raises(BadDraft, match="base64url"):\n    decode(x)'),
    ("a sentence, whatever the name it is compared with", 'assert "se registrara la versión de las reglas" in old',
     'assert "the rules version was recorded" in old'),
    ("a page looked up by its words", 'assert soup.find("button", string="Buscar")',
     'assert soup.find("button", attrs={"data-message": "search.submit"})'),
]


@pytest.mark.parametrize("what, counted, not_counted", FORMS, ids=[f[0] for f in FORMS])
def test_each_form_counts_spanish_wording_and_not_the_same_form_in_english(tool: Any, what: str, counted: str,
                                                                          not_counted: str) -> None:
    assert len(_forms(tool, counted)) == 1, (what, counted)
    assert _forms(tool, not_counted) == [], (what, not_counted)


def test_a_parametrized_literal_is_read_through_its_argument(tool: Any) -> None:
    src = textwrap.dedent('''
        @pytest.mark.parametrize("content, message", [("x", "no parece el texto"), ("y", "ninguna regla")])
        def test_bad(content, message):
            assert message in run(content).output
        @pytest.mark.parametrize("content, message", [("x", "not a CR text")])
        def test_bad_en(content, message):
            assert message in run(content).output
    ''')
    assert [f[2] for f in tool.scan_source(src, "tests/corpus/test_x.py")] == ["test_bad"]


# What is not the program's wording: each must not count.
NOT_WORDING = [
    ("a message id and its parameters", 'assert paths["x"] == ("format.card.unknown", {"card": "Lobo azul"})'),
    ("params", 'assert step.message.params["reason"] == "no se puede"'),
    ("an address", 'assert a["href"] == "/escenarios/ejecutar?escenario=ataque"'),
    ("an anchor and a query", 'assert all("#paso-" in a["href"] for a in links) and "&lang=en" in url'),
    ("a field path", 'assert errors[0].path == "cards.Tierra rara.cast_from"'),
    ("a cited passage", 'assert "§ cr-es/121.4" in out'),
    ("a one-letter word", 'assert text == "- - y\\n  "'),
    ("ids inside English", 'assert "does not belong to document \'cr-en\'" in str(err)'),
    ("a stop code", 'assert trace["stopped"] == "fin"'),
    ("a scenario's title", 'assert trace["scenario_title"] == "Ana ataca a Bruno"'),
    ("a search's results: the corpus", 'assert "persistir" in index.search("persist").results[0].text'),
    ("the corpus's own text", 'assert "robar una carta de una biblioteca sin cartas" in step.text'),
    ("a curated scenario's value", 'assert board["phase"] == "accion"'),
    ("the test's own input, echoed", 'r = post(cli, "title: Oso contra oso")\nassert "Oso contra oso" in r.output'),
    ("a name the test feeds", 'title = "Oso contra oso"\nr = post(cli, title)\nassert title in r.output'),
    ("what a call in the assert is given", 'assert split("Criatura legendaria") == (["Legendaria"], ["Criatura"])'),
    ("the assert's message", 'assert ok, "no se puede"'),
    ("a literal set into a document, then echoed", 'doc["cards"]["X"] = {"text": "Solo si tienes menos de 10 vidas."}\n'
     'assert any("menos de 10 vidas" in u for u in run(doc).notes_of)'),
]


@pytest.mark.parametrize("what, body", NOT_WORDING, ids=[f[0] for f in NOT_WORDING])
def test_what_is_not_the_programs_wording_is_not_counted(tool: Any, what: str, body: str) -> None:
    assert _forms(tool, body) == [], (what, body)


def test_a_module_constant_is_read_where_it_is_asserted_and_fed_where_it_is_sent(tool: Any) -> None:
    header = 'NOTE = "no está en el corpus cargado"\nYAML = "title: Oso contra oso"\n'
    assert len(_forms(tool, 'assert data["note"] == NOTE', header=header)) == 1
    assert _forms(tool, 'assert "Oso contra oso" in post(cli, YAML).output', header=header) == []


def test_the_corpus_tests_read_a_passages_text_as_the_corpus(tool: Any) -> None:
    body = 'assert corpus.passage("x").text.startswith("Cuando el analizador corta un párrafo")'
    assert _forms(tool, body, file="tests/corpus/test_x.py") == []
    assert len(_forms(tool, body, file="tests/web/test_x.py")) == 1


def test_only_a_test_named_test_rendering_is_a_named_rendering_test(tool: Any) -> None:
    body = 'assert step.summary == "Ana pasa la prioridad"'
    src = textwrap.dedent(f'''
        def test_rendering_a_pass(step):
            {body}
        def test_terminal_rendering_of_a_pass(step):
            {body}
        def check_rendering(step):
            {body}
    ''')
    found = {f[2]: f[3] for f in tool.scan_source(src, "tests/engine/test_x.py")}
    assert found == {"test_rendering_a_pass": True, "test_terminal_rendering_of_a_pass": False,
                     "check_rendering": False}


def test_a_nested_function_counts_once_with_the_test_it_is_in(tool: Any) -> None:
    src = 'def test_x(out):\n    def check():\n        assert "no se puede" in out\n    check()\n'
    assert [(f[1], f[2]) for f in tool.scan_source(src, "tests/web/test_x.py")] == [(3, "test_x")]


def test_the_cache_gives_the_same_count_and_reads_again_what_changed(tool: Any, tmp_path: Path) -> None:
    root = tmp_path / "checkout"
    (root / "tests" / "web").mkdir(parents=True)
    test = root / "tests" / "web" / "test_x.py"
    test.write_text('def test_x(out):\n    assert "no se puede" in out\n', encoding="utf-8")
    cache = tmp_path / "cache.json"
    first = tool.scan(root=root, cache=cache)
    assert [f[1:3] for f in first] == [(2, "test_x")] and cache.is_file()
    assert tool.scan(root=root, cache=cache) == first == tool.scan(root=root)        # read back, the same
    test.write_text('def test_x(out):\n    assert "cannot" in out\n', encoding="utf-8")
    assert tool.scan(root=root, cache=cache) == []                                   # the changed file read again
    test.write_text('def test_x(out):\n    assert "no se puede" in out\n', encoding="utf-8")
    assert len(tool.scan(root=root, cache=cache)) == 1
    # the data the rule reads changed (a curated scenario now names that title): every file is read again
    (root / "scenarios").mkdir()
    (root / "scenarios" / "x.yaml").write_text('title: "no se puede"\n', encoding="utf-8")
    assert tool.scan(root=root, cache=cache) == [] == tool.scan(root=root)
    assert tool.cache_file(root) != tool.cache_file(tmp_path) and tool.cache_file(root).parent != root


def test_the_suite_holds_its_ceiling(tool: Any) -> None:
    found = tool.scan()
    plain = [f"{f[0]}:{f[1]}:{f[2]}" for f in found if not f[3]]
    assert len(plain) <= CEILING, "new asserts on Spanish wording (assert on message ids):\n" + "\n".join(plain)
    assert len(found) - len(plain) <= RENDERING_CEILING
    assert all(f[0].split("/")[1] in ("engine", "scenarios", "web", "store", "search", "corpus", "faults")
               for f in found)


def test_the_word_list_keeps_english_and_code_names_out(tool: Any) -> None:
    words = tool.spanish_words()
    assert {"vidas", "cartas", "versión", "índice", "pasajes"} <= words
    assert not {"solo", "total", "base", "ana", "bruno", "magic", "one", "as"} & words
    assert Path(tool.__file__).with_name("spanish_words.txt").read_text(encoding="utf-8").startswith("#")
