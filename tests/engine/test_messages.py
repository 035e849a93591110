"""Messages (issue 17, judge/messages.py): every catalog id in both languages with the same parameters, messages
rendered and read back from JSON, plain strings still working where a message goes, and the sites that still
write plain Spanish strings kept from growing (PLAIN_SITES: a number per file that may only go down)."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from judge.engine import run_scenario
from judge.engine.step import Step
from judge.messages import CATALOGS, Message, catalog, localize_trace, render, template_fields, untranslated
from judge.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[2]
PLAIN_SITES = {
}


def _sites_module():
    spec = importlib.util.spec_from_file_location("message_sites", ROOT / "tools" / "message_sites.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- the catalogs ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("prefix", sorted(CATALOGS))
def test_every_id_has_both_languages(prefix: str) -> None:
    es, en = catalog(prefix, "es"), catalog(prefix, "en")
    assert set(es) - set(en) == set(), "ids without English"
    assert set(en) - set(es) == set(), "ids without Spanish"
    assert all(i.startswith(prefix + ".") for i in es), "an id outside its catalog's prefix"


@pytest.mark.parametrize("prefix", sorted(CATALOGS))
def test_both_languages_name_the_same_parameters(prefix: str) -> None:
    es, en = catalog(prefix, "es"), catalog(prefix, "en")
    differ = {i: (template_fields(es[i]), template_fields(en[i])) for i in es
              if template_fields(es[i]) != template_fields(en[i])}
    assert differ == {}


@pytest.mark.parametrize("prefix", sorted(CATALOGS))
def test_every_template_renders_with_its_parameters(prefix: str) -> None:
    for lang in ("es", "en"):
        for ident, template in catalog(prefix, lang).items():
            params = {name: 1 for name in template_fields(template)}
            text = Message(ident, params).render(lang)
            assert not text.startswith(ident), f"{ident} ({lang}) does not render: {text}"


def test_the_catalogs_are_found() -> None:
    # the walk finds every catalog (a wrong prefix map would make the tests above pass on nothing)
    assert len(catalog("magic", "es")) > 100 and len(catalog("dv", "es")) > 80 and len(catalog("core", "es")) > 20


# -- the value ------------------------------------------------------------------------------------------------------
def test_rendering_nested_messages_lists_and_plurals_in_each_language() -> None:
    said = Message("magic.life.gain", player="Ana", amount=1, why=Message("magic.draw.turn"), lives=21,
                   replaced=Message("magic.replaced", notes=["a", "b"]))
    assert said.render("es") == "Ana gana 1 vida (robo del turno): 21 — reemplazo: a; b"
    assert said.render("en") == "Ana gains 1 life (the turn's draw): 21 — replacement: a; b"
    assert Message("magic.life.gain", player="Ana", amount=3, why="x", lives=3, replaced="").render() == \
        "Ana gana 3 vidas (x): 3"


def test_json_round_trip_keeps_nested_messages() -> None:
    said = Message("magic.turn.attacks", player="Ana", target="Bruno",
                   creatures=[Message("magic.turn.no_creature")])
    back = Message.from_json(json.loads(json.dumps(said.to_json())))
    assert back == said and back.render("en") == said.render("en")


def test_rendering_an_unknown_id_as_itself_and_a_plain_string_as_it_is() -> None:
    assert Message("magic.no-such-id", n=2).render("en") == "magic.no-such-id n=2"
    assert render("texto en español", "en") == "texto en español"
    assert untranslated("texto en español", "en") and not untranslated("texto", "es")
    assert not untranslated(Message("magic.turn.no_creature"), "en")


def test_rendering_a_step_from_a_plain_string_keeps_its_json_and_is_marked_in_english() -> None:
    step = Step(1, "action", "Ana", "Ana hace algo", [], ["dv/turno"], None)
    assert "message" not in step.to_json()
    assert step.to_json("en")["summary"] == "Ana hace algo" and step.to_json("en")["summary_lang"] == "es"


def test_rendering_a_step_from_a_message_on_demand() -> None:
    step = Step(1, "action", "Ana", Message("magic.play.pass", player="Ana"), [], ["117.3d"], None)
    assert step._summary is None                    # nothing rendered until it is read
    assert step.summary == "Ana pasa la prioridad"
    assert step.to_json("en")["summary"] == "Ana passes priority"
    assert step.to_json()["message"] == {"id": "magic.play.pass", "params": {"player": "Ana"}}


# -- a run ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["magic/01-un-turno-completo-de-enderezar-a-limpieza.yaml",
                                  "doce-vidas/01-criatura-contra-jugador.yaml"])
def test_a_run_in_english_has_the_same_structure_and_the_messages_translated(name: str) -> None:
    path = ROOT / "scenarios" / name
    if not path.exists():
        path = sorted((ROOT / "scenarios" / name.split("/")[0]).glob("*.yaml"))[0]
    trace = run_scenario(load_scenario(path))
    es, en = trace.to_json(), trace.to_json("en")
    strip = lambda t: [{k: v for k, v in s.items() if k not in ("summary", "summary_lang")} for s in t["steps"]]
    assert strip(es) == strip(en)                  # kinds, events, citations and boards do not depend on the language
    with_message = [s for s in es["steps"] if "message" in s]
    assert len(with_message) >= len(es["steps"]) * 0.8
    assert localize_trace(es, "en")["steps"] == [{k: v for k, v in s.items()} for s in en["steps"]]
    translated = [(a["summary"], b["summary"]) for a, b in zip(es["steps"], en["steps"]) if "message" in a]
    assert sum(1 for a, b in translated if a != b) >= len(translated) * 0.8


def test_the_trace_json_carries_message_ids_beside_the_spanish_summary() -> None:
    path = sorted((ROOT / "scenarios" / "magic").glob("*.yaml"))[0]
    steps = run_scenario(load_scenario(path)).to_json()["steps"]
    ids = {s["message"]["id"] for s in steps if "message" in s}
    assert {"magic.setup", "magic.turn.begin", "magic.play.pass", "core.expect.held"} <= ids
    assert all(Message.from_json(s["message"]).render() == s["summary"] for s in steps if "message" in s)


# -- what is left -----------------------------------------------------------------------------------------------------
def test_the_plain_string_sites_only_go_down() -> None:
    """A site converted to a Message lowers its file's number here (lower it in PLAIN_SITES); a new site that
    writes a plain Spanish string fails this test: give it a Message and catalog entries in both languages."""
    found = _sites_module().plain_by_file(ROOT)
    grown = {f: (n, PLAIN_SITES.get(f, 0)) for f, n in found.items() if n > PLAIN_SITES.get(f, 0)}
    assert grown == {}, "plain Spanish strings where a Message goes (file: (now, allowed))"
    shrunk = {f: (found.get(f, 0), n) for f, n in PLAIN_SITES.items() if found.get(f, 0) < n}
    assert shrunk == {}, "fewer plain sites than listed: lower PLAIN_SITES (file: (now, listed))"


def test_the_site_scan_reads_every_kind_of_site(tmp_path: Path) -> None:
    # The engine has no plain site left (PLAIN_SITES is empty): a file of each kind shows the scan still sees one.
    kinds = {k for _, _, k in _sites_module().sites(ROOT)}
    assert kinds == {"message", "passed"}
    sample = tmp_path / "judge" / "engine" / "sample.py"
    sample.parent.mkdir(parents=True)
    sample.write_text('emit(state, out, "x", who, f"{who} roba")\n'
                      'emit(state, out, "x", who, Message("magic.draw", player=who))\n'
                      'emit(state, out, "x", who, text)\n'
                      'raise IllegalAction("no")\n', encoding="utf-8")
    found = [(line, k) for _, line, k in _sites_module().sites(tmp_path)]
    assert found == [(1, "plain"), (2, "message"), (3, "passed"), (4, "plain")]


# -- validation errors: the two renderings, on purpose ----------------------------------------------------------------
# The tests elsewhere read an error's id and parameters; these check the words themselves: the Spanish is what the
# errors always said (byte for byte), the English is the CR's terms.
def _errors(doc: dict) -> dict:
    from judge.scenarios import ScenarioError

    with pytest.raises(ScenarioError) as exc:
        load_scenario(doc)
    return {e.path: e for e in exc.value.errors}


def test_rendering_magic_validation_errors_in_spanish_and_in_english() -> None:
    errs = _errors({"ruleset": "magic", "title": "x",
                    "cards": {"Rayo": {"cost": "{Z}", "types": ["instant"], "effects": [{"damage": 3}]},
                              "Osos": {"cost": "{1}{G}", "types": ["creature"], "power": 2, "keywords": ["banding"]}},
                    "players": [{"name": "Ana", "hand": ["Relámpago"]}, {"name": "Ana"}]})
    cost, pt, unknown, twice = (errs["cards.Rayo.cost"], errs["cards.Osos.toughness"], errs["players[0].hand[0].card"],
                                errs["players[1].name"])
    assert cost.message == "coste de maná no válido: símbolo de maná desconocido «{Z}»"
    assert cost.render("en") == "invalid mana cost: unknown mana symbol «{Z}»"
    assert pt.message == "una criatura necesita fuerza y resistencia"
    assert pt.render("en") == "a creature needs power and toughness"
    assert unknown.message.startswith("carta desconocida «Relámpago» (defínela en «cards:»; las tierras básicas son ")
    assert unknown.render("en").startswith("unknown card «Relámpago» (define it in «cards:»; the basic lands are ")
    assert str(twice) == "players[1].name: jugador repetido «Ana»"
    assert twice.render("en") == "player «Ana» appears twice"
    keyword = errs["cards.Osos.keywords[0]"]
    assert keyword.message.startswith("palabra clave desconocida «banding»; el motor modela: ")
    assert keyword.render("en").startswith("unknown keyword «banding»; the engine models: ")
    assert keyword.to_json("en")["id"] == "magic.card.unknown_keyword" and keyword.to_json("en")["message"] == \
        keyword.render("en")


def test_rendering_doce_vidas_validation_errors_name_the_card_type_in_each_language() -> None:
    errs = _errors({"ruleset": "doce-vidas", "title": "x",
                    "cards": {"Rayo": {"type": "hechizo", "cost": 1, "effects": []},
                              "Reliquia": {"type": "reliquia", "cost": 1, "life": 2}},
                    "players": [{"name": "Ana"}, {"name": "Bruno"}]})
    spell, relic = errs["cards.Rayo.effects"], errs["cards.Reliquia.life"]
    assert (spell.message, spell.render("en")) == ("un hechizo necesita al menos un efecto",
                                                   "a card of type spell needs at least one effect")
    assert (relic.message, relic.render("en")) == ("solo las criaturas tienen «life»; esta carta es reliquia",
                                                   "only creatures have «life»; this card's type is relic")


def test_rendering_the_loader_s_errors_in_both_languages() -> None:
    errs = _errors("ruleset: magic\ntitle: [x\n")         # type: ignore[arg-type]
    (error,) = errs.values()
    assert error.message.startswith("YAML mal formado en la línea 3, columna 1: ")
    assert error.render("en").startswith("malformed YAML at line 3, column 1: ")
