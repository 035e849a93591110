"""The search's own lines as messages (judge/search/messages.py, issue 17): why the embedding model or the shallow
question encoder cannot be used (SemanticUnavailable, ShallowUnavailable) and the operator's log lines, said in the
operator's language (a command's --lang; Spanish otherwise)."""
from __future__ import annotations

import logging

import click
import pytest
from click.testing import CliRunner

from judge.cli_messages import lang_option
from judge.messages import Message, operator_language
from judge.search import semantic as sem
from judge.search.shallow import ShallowUnavailable


def test_rendering_the_search_model_and_log_lines_in_both_languages() -> None:
    # Spanish as these lines always read (byte-identical); English beside them.
    missing = Message("search.model.missing", path="/m/e5.bin")
    assert missing.render() == "no se encuentra el modelo /m/e5.bin"
    assert missing.render("en") == "the model /m/e5.bin is not there"
    loaded = Message("search.log.model_loaded", model="e5-small", seconds=1.234, encoder="e5")
    assert loaded.render() == "modelo de embeddings e5-small cargado en 1.23 s (preguntas: e5)"
    assert loaded.render("en") == "embedding model e5-small loaded in 1.23 s (questions: e5)"
    off = Message("search.log.shallow_off", error=Message("search.shallow.no_map", path="/m/map.npz"))
    assert off.render() == ("codificador de preguntas reducido no disponible, se usa e5 entero: "
                            "no se encuentra el mapa de preguntas /m/map.npz")
    assert off.render("en") == ("the shallow question encoder is not available, the whole e5 is used: "
                                "the question map /m/map.npz is not there")


def test_the_exceptions_keep_their_message_and_their_spanish_text() -> None:
    refused = sem.SemanticUnavailable(Message("search.model.dimensions", path="/m", dim="768", expected="384"))
    assert str(refused) == refused.said.render() and refused.said.id == "search.model.dimensions"
    assert refused.render("en") == refused.said.render("en") != str(refused)
    shallow = ShallowUnavailable(Message("search.shallow.layers", map_layers="3", model_layers="4"))
    assert shallow.said.params == {"map_layers": "3", "model_layers": "4"}


def test_a_commands_lang_says_the_search_log_lines_then_the_language_comes_back(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(sem, "_logged", set())
    said = Message("search.log.no_vectors", path="/i/index")

    @click.command()
    @lang_option
    def command(lang: str) -> None:
        sem.log_once(said)

    with caplog.at_level(logging.WARNING, logger=sem.log.name):
        assert CliRunner().invoke(command, ["--lang", "en"]).exit_code == 0
    assert caplog.messages == [said.render("en")]
    assert operator_language() == "es"               # the command's language ended with it
    caplog.clear()
    sem.log_once(said)                               # the same message is logged once per process
    assert caplog.messages == []
    monkeypatch.setattr(sem, "_logged", set())
    with caplog.at_level(logging.WARNING, logger=sem.log.name):
        sem.log_once(said)
    assert caplog.messages == [said.render()]


def test_an_index_damage_is_its_spanish_line_carrying_its_message(tmp_path) -> None:
    from judge.search.index import CHECKSUMS_FILE, IndexCorrupt, damage

    problem = damage(tmp_path)                       # a folder without checksums: a build that did not finish
    assert problem is not None and problem.message == Message("search.damage.missing", name=CHECKSUMS_FILE)
    assert problem == problem.message.render()       # still the Spanish str the logs and the 503 always had
    corrupt = IndexCorrupt(tmp_path, problem)
    assert corrupt.said.params["problem"] == problem.message         # nested: said in the error's language
    assert corrupt.render("en") == Message("search.index.corrupt", path=str(tmp_path),
                                           problem=Message("search.damage.missing", name=CHECKSUMS_FILE)).render("en")
