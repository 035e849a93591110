"""Running a scenario within the web's bounds, and its answer: the service under `POST /api/run`, the run pages
(judge.web.run), a saved version's page and save (judge.web.saved), the builder's validation (its body) and the
rules-version impact pages (judge.web.pages).

The web layer decides no rule: the scenario goes to the engine through judge.runner.execute, bounded by
RUN_MAX_STEPS, RUN_MAX_BOARD_OBJECTS and RUN_TIME_BUDGET; its trace is laid out with the text of every cited
passage. A service below the blueprints: it imports none of them (tests/engine/test_import_layers.py).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Response, current_app, jsonify, render_template, request
from werkzeug.exceptions import RequestEntityTooLarge

from judge.runner.citations import IMPORTABLE
from judge.web.errors import wants_json
from judge.web.i18n import MESSAGES

if TYPE_CHECKING:
    from judge.runner.dryrun import Budget

SAVED_PREFIX = "guardado/"     # the builder's `desde` for a saved version: guardado/<id>

# The content types a scenario body may have (DESIGN.md: JSON, or YAML as application/yaml; README lists them):
# any other, text/plain and a missing type included, is a 415, never a guess at the format.
# The x- names are YAML's older, unregistered ones (RFC 9512 lists them as deprecated aliases).
YAML_TYPES = {"application/yaml", "text/yaml", "application/x-yaml", "text/x-yaml"}
JSON_TYPES = {"application/json"}

MESSAGES.update({
    "run.list_title": {"es": "Escenarios", "en": "Scenarios"},
    "run.list_intro": {"es": "Situaciones de mesa resueltas paso a paso, cada paso con la regla que lo justifica.",
                       "en": "Table situations resolved step by step, each step with the rule behind it."},
    "run.curated": {"es": "Escenarios de ejemplo", "en": "Example scenarios"},
    "run.none": {"es": "No hay escenarios de ejemplo.", "en": "There are no example scenarios."},
    "run.paste": {"es": "Ejecutar tu propio escenario", "en": "Run your own scenario"},
    "run.paste_help": {"es": "Pega un escenario en YAML o JSON (formato en docs/scenarios.md).",
                       "en": "Paste a scenario in YAML or JSON (format in docs/scenarios.md)."},
    "run.format": {"es": "Formato", "en": "Format"},
    "run.format_auto": {"es": "detectar", "en": "detect"},
    "run.submit": {"es": "Ejecutar", "en": "Run"},
    "run.edit": {"es": "Editar y ejecutar", "en": "Edit and run"},
    "run.open_builder": {"es": "Abrir en el constructor", "en": "Open in the builder"},
    "run.source": {"es": "Escenario", "en": "Scenario"},
    "run.invalid": {"es": "El escenario no es válido", "en": "The scenario is not valid"},
    "run.illustrates": {"es": "Ilustra", "en": "Illustrates"},
    "run.steps": {"es": "Pasos", "en": "Steps"},
    "run.kind": {"es": "Tipo", "en": "Kind"},
    "run.events": {"es": "Sucesos", "en": "Events"},
    "run.board": {"es": "Tablero después del paso", "en": "Board after the step"},
    "run.board_omitted": {"es": "tablero omitido (la ejecución es larga; el tablero final está al final)",
                          "en": "board omitted (a long run; the final board is at the end)"},
    "run.rules": {"es": "Reglas citadas", "en": "Rules cited"},
    "run.outside": {"es": "fuera del corpus cargado", "en": "outside the loaded corpus"},
    "run.illegal": {"es": "no se puede", "en": "not allowed"},
    "run.failed": {"es": "expectativa no cumplida", "en": "expectation failed"},
    "run.passed": {"es": "expectativa cumplida", "en": "expectation holds"},
    "run.unmodelled": {"es": "Texto de carta no modelado", "en": "Card text not modelled"},
    "run.verdict": {"es": "Veredicto", "en": "Verdict"},
    "run.ruleset": {"es": "Reglas", "en": "Rules"},
    "run.seed": {"es": "semilla", "en": "seed"},
    "run.stopped": {"es": "Fin de la ejecución", "en": "End of the run"},
    "run.lives": {"es": "vidas", "en": "lives"},
    "run.mana": {"es": "maná", "en": "mana"},
    "run.recycle_cost": {"es": "coste de reciclaje", "en": "recycle cost"},
    "run.kind.setup": {"es": "preparación", "en": "setup"},
    "run.kind.action": {"es": "acción", "en": "action"},
    "run.kind.turn-based": {"es": "turno", "en": "turn-based"},
    "run.kind.state-based": {"es": "estado", "en": "state-based"},
    "run.kind.trigger": {"es": "disparo", "en": "trigger"},
    "run.kind.resolution": {"es": "resolución", "en": "resolution"},
    "run.kind.replacement": {"es": "reemplazo", "en": "replacement"},
    "run.kind.illegal": {"es": "ilegal", "en": "illegal"},
    "run.kind.choice": {"es": "elección", "en": "choice"},
    "run.kind.limit": {"es": "límite", "en": "limit"},
    "run.kind.expectation": {"es": "expectativa", "en": "expectation"},
    "run.zone.deck": {"es": "Mazo", "en": "Deck"},
    "run.zone.hand": {"es": "Mano", "en": "Hand"},
    "run.zone.board": {"es": "En juego", "en": "In play"},
    "run.zone.discard": {"es": "Pila de descartes", "en": "Discard pile"},
    "run.zone.resolving": {"es": "Resolviéndose", "en": "Resolving"},
    "run.tapped": {"es": "girada", "en": "tapped"},
    "run.damage": {"es": "daño", "en": "damage"},
    "run.attached_to": {"es": "unida a", "en": "attached to"},
    "run.active": {"es": "jugador activo", "en": "active player"},
    "run.turn": {"es": "Turno {number}", "en": "Turn {number}"},
    "run.winner": {"es": "Ganador", "en": "Winner"},
    "run.pending": {"es": "Esperando a {player}: elegir {count} carta(s) de", "en": "Waiting for {player} to choose {count} card(s) of"},
    "run.empty": {"es": "vacío", "en": "empty"},
    "run.empty_f": {"es": "vacía", "en": "empty"},
    # magic boards
    "run.zone.library": {"es": "Biblioteca", "en": "Library"},
    "run.zone.battlefield": {"es": "Campo de batalla", "en": "Battlefield"},
    "run.zone.graveyard": {"es": "Cementerio", "en": "Graveyard"},
    "run.zone.exile": {"es": "Exilio", "en": "Exile"},
    "run.zone.stack": {"es": "Pila", "en": "Stack"},
    "run.order.library": {"es": "la de arriba primero", "en": "top first"},
    "run.order.graveyard": {"es": "la de abajo primero", "en": "bottom first"},
    "run.stack_order": {"es": "la de arriba primero", "en": "top first"},
    "run.stack_top": {"es": "arriba", "en": "top"},
    "run.stack_bottom": {"es": "abajo", "en": "bottom"},
    "run.stack.spell": {"es": "hechizo", "en": "spell"},
    "run.stack.ability": {"es": "habilidad", "en": "ability"},
    "run.controller": {"es": "controlador", "en": "controller"},
    "run.controlled_by": {"es": "controlada por", "en": "controlled by"},
    "run.owner": {"es": "propietario", "en": "owner"},
    "run.targets": {"es": "objetivos", "en": "targets"},
    "run.priority": {"es": "prioridad", "en": "priority"},
    "run.nobody": {"es": "nadie", "en": "nobody"},
    "run.over": {"es": "partida terminada", "en": "game over"},
    "run.lost": {"es": "ha perdido", "en": "has lost"},
    "run.life": {"es": "vidas", "en": "life"},
    "run.mana_pool": {"es": "reserva de maná", "en": "mana pool"},
    "run.lands_played": {"es": "tierras jugadas este turno", "en": "lands played this turn"},
    "run.color.W": {"es": "blanco", "en": "white"},
    "run.color.U": {"es": "azul", "en": "blue"},
    "run.color.B": {"es": "negro", "en": "black"},
    "run.color.R": {"es": "rojo", "en": "red"},
    "run.color.G": {"es": "verde", "en": "green"},
    "run.color.C": {"es": "incoloro", "en": "colorless"},
    "run.types": {"es": "Tipos", "en": "Types"},
    "run.cost": {"es": "Coste", "en": "Cost"},
    "run.pt": {"es": "F/R", "en": "P/T"},
    "run.counters": {"es": "Contadores", "en": "Counters"},
    "run.status": {"es": "Estado", "en": "Status"},
    "run.combat": {"es": "Combate", "en": "Combat"},
    "run.keywords": {"es": "Habilidades", "en": "Keywords"},
    "run.sick": {"es": "mareo de invocación", "en": "summoning sick"},
    "run.token": {"es": "ficha", "en": "token"},
    "run.attacking": {"es": "ataca a {player}", "en": "attacking {player}"},
    "run.blocking": {"es": "bloquea a", "en": "blocking"},
    "run.carries": {"es": "lleva", "en": "carries"},
    "run.waiting": {"es": "Esperando a {player}", "en": "Waiting for {player}"},
    "run.choose": {"es": "elegir {count} de estas opciones", "en": "choose {count} of these options"},
    # citations of a document that is not imported (cr-en before `judge corpus import`)
    "run.rule": {"es": "regla {number}", "en": "rule {number}"},
    "run.not_loaded.cr-en": {lang: IMPORTABLE["cr-en"].render(lang) for lang in ("es", "en")},
    "run.same_number": {"es": "texto cargado con el mismo número", "en": "loaded text with the same number"},
    "run.too_large": {"es": "El escenario es demasiado grande: como máximo {limit} bytes.",
                      "en": "The scenario is too large: at most {limit} bytes."},
    "run.bad_type": {"es": "Tipo de contenido no admitido «{type}»: envía application/json o application/yaml.",
                     "en": "Unsupported content type «{type}»: send application/json or application/yaml."},
})


def body_limit() -> int:
    return int(current_app.config.get("MAX_CONTENT_LENGTH") or 256 * 1024)


def _step_cap() -> int:
    # A pasted scenario may ask for a huge step_limit: a web request never runs more than RUN_MAX_STEPS steps
    # (JUDGE_RUN_MAX_STEPS, default 2000: a trace page shows the board after every step, ~4 kB each).
    try:
        return max(1, int(current_app.config.get("RUN_MAX_STEPS", 2000)))
    except (TypeError, ValueError):  # a malformed setting falls back to the default rather than failing a request
        return 2000


def _board_budget() -> int:
    # Each step's board snapshot costs ~75 bytes of JSON per card: a big game times 2,000 steps made a 74 MB
    # response. RUN_MAX_BOARD_OBJECTS bounds the objects of all snapshots together; later steps carry none.
    try:
        return max(1, int(current_app.config.get("RUN_MAX_BOARD_OBJECTS", 20000)))
    except (TypeError, ValueError):
        return 20000


def time_budget() -> float:
    # RUN_TIME_BUDGET (seconds, default 10): a web run stops with a `limit` step once it is spent, so no worker is
    # held by one request (the step cap alone allows runs of very different costs).
    try:
        return max(0.0, float(current_app.config.get("RUN_TIME_BUDGET", 10)))
    except (TypeError, ValueError):
        return 10.0


def too_large() -> Response:
    from judge.web.i18n import translate

    response = jsonify({"error": translate("run.too_large", limit=body_limit()), "status": 413})
    response.status_code = 413
    return response


def run_scenario(source: str | bytes | dict[str, Any], fmt: str | None,
                 budget: "Budget | None" = None) -> tuple[Any, Any, Any]:
    """(scenario, trace, verdict) of a text, or of a document already parsed from one (parse_text's);
    raises InvalidScenario for bad input. `budget` (default: RUN_TIME_BUDGET from now; /api/run passes the one it
    started before reading the body) bounds the whole: the parse and the checks stop at its deadline
    (judge.format.timelimit.TimeLimit: a 422 naming the stage, errors.py), and the run stops there with a `limit`
    step, as before."""
    from judge.engine.run import default_step_limit
    from judge.format import timelimit
    from judge.runner import execute

    if budget is None:
        budget = start_budget()
    with timelimit.deadline(budget.spent, budget.seconds):
        scenario = execute.load(source, fmt)
    limit = min(scenario.step_limit or default_step_limit(), _step_cap())
    trace = execute.run(scenario, step_limit=limit, board_budget=_board_budget(), time_budget=budget.seconds,
                        started=budget.start)
    return scenario, trace, execute.verdict(trace)


def start_budget() -> "Budget":
    """RUN_TIME_BUDGET seconds from the request's arrival (judge.web.arrival; from now outside a request): the
    dry run's Budget, one clock for what ran before the view, the stages and the engine."""
    from judge.runner.dryrun import Budget
    from judge.web.arrival import elapsed

    return Budget.already(time_budget(), elapsed())


def invalid(exc: Any) -> Response:
    from judge.web.i18n import get_language

    response = jsonify(exc.to_json(get_language()))
    response.status_code = 400
    return response


def scenario_body() -> tuple[bytes, str] | Response:
    """The request's scenario: (body, "json" | "yaml") by its content type, or the JSON error to answer: 415 for
    another type (JSON_TYPES, YAML_TYPES), 413 for a body over MAX_CONTENT_LENGTH. Shared by every API that takes
    one."""
    mimetype = request.mimetype or ""
    if mimetype in JSON_TYPES:
        fmt = "json"
    elif mimetype in YAML_TYPES:
        fmt = "yaml"
    else:
        from judge.web.i18n import translate

        response = jsonify({"error": translate("run.bad_type", type=mimetype or "—"), "status": 415})
        response.status_code = 415
        return response
    try:
        return request.get_data(cache=False), fmt
    except RequestEntityTooLarge:
        return too_large()


def run_json(trace: Any, outcome: Any, lang: str | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the run JSON, its citations resolved): the trace's JSON with `verdict` and `passages` (cited_passages),
    what /api/run, a curated or pasted run page's JSON and a saved version's `trace` all answer. Step texts and
    the verdict in `lang` (default: the request's language, `?lang=`; judge/messages.py)."""
    if lang is None:
        from judge.web.i18n import get_language

        lang = get_language()
    # Spanish (the default) is the plain to_json(), as any trace-like object has it; another language says the
    # boards' stack texts and pending prompt in it too.
    from judge.messages import localize_boards

    data = trace.to_json() if lang == "es" else localize_boards(trace.to_json(lang), lang)
    data["verdict"] = outcome.to_json() if lang == "es" else outcome.to_json(lang)
    cites = _citations_for(data)
    data["passages"] = cited_passages(cites)
    return data, cites


# -- the run page, shared by curated, pasted and saved runs --------------------------------------------------

def _citations_for(trace_json: dict[str, Any]) -> dict[str, Any]:
    """Every citation of the trace resolved once: ref → Citation (text, or marked outside the corpus). Documents
    that cannot be loaded are a 503 saying why (as for the other pages), not a 500."""
    from judge.corpus import CorpusError
    from judge.runner.citations import resolver
    from judge.web.data import DataUnavailable
    from judge.web.errors import said

    try:
        res = resolver(Path(current_app.config["CORPUS_DIR"]), Path(current_app.config["INSTANCE"]))
    except (CorpusError, OSError) as exc:
        raise said(DataUnavailable, "error.503", detail=str(exc)) from exc
    refs = {ref for step in trace_json.get("steps", []) for ref in step.get("citations", [])}
    return {ref: res.resolve(ref) for ref in sorted(refs)}


def cited_passages(cites: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The run JSON's `passages`: what the page shows beside the steps, once per passage, keyed by id.

    Every passage shown is an entry `{"id", "doc", "number", "title", "text", "url", "rule_url", "loaded": true}`
    (text in full, as the page quotes it). Every ref the steps cite is a key too: a passage id is its passage's
    entry; any other ref gets an entry with `text: null`, `same_number` (the ids of the loaded passages the page
    shows for it, each an entry of its own) and, when it has no text at all, `loaded: false` and a `note` in the
    page's language: a `cr-en/<number>` before the English CR is imported (how to import it; `rule_url` is the
    rule page the citation links to), or a ref no loaded document has ("fuera del corpus cargado")."""
    from judge.web.i18n import translate
    from judge.web.templating import passage_url, rule_url

    out: dict[str, dict[str, Any]] = {}
    for ref, cite in cites.items():
        for p in cite.passages:
            if p.id not in out:
                out[p.id] = {"id": p.id, "doc": p.doc, "number": p.number, "title": p.title, "text": p.text,
                             "url": passage_url(p.id), "rule_url": rule_url(p.number) if p.number else None,
                             "loaded": True}
        if ref in out:                    # a passage id, resolved to its passage
            continue
        # cr-en/<number> not imported, a bare rule number ("704.5f": every passage with it), or an unknown ref.
        slash = "/" in ref
        loaded = cite.not_loaded is None and bool(cite.passages)
        # The page names (and links) a rule number for a cr-en citation not imported and a known bare number.
        number = (cite.number if slash else ref.rstrip(".")) if cite.not_loaded or loaded else None
        entry: dict[str, Any] = {"id": ref, "doc": cite.not_loaded, "number": number, "title": None,
                                 "text": None, "url": None, "rule_url": rule_url(number) if number else None,
                                 "loaded": loaded, "same_number": [p.id for p in cite.passages]}
        if cite.not_loaded is not None:
            entry["note"] = translate(f"run.not_loaded.{cite.not_loaded}")
        elif not loaded:
            entry["note"] = translate("run.outside")
        out[ref] = entry
    return out


def trace_page(trace: Any, outcome: Any, *, source: str, title: str, description: str = "",
                illustrates: tuple[str, ...] | list[str] = (), curated: Any = None,
                template: str = "run.html", scenario: Any = None, builder_url: str | None = None,
                **extra: Any) -> Response | str:
    # `template`/`extra`: a page built on the run page (saved.html, judge/web/saved.py) adds its own context.
    # `scenario`: the scenario run, for what its board snapshots do not carry (doce-vidas's card costs).
    # `builder_url`: "abrir en el constructor" for a scenario the builder can start from (curated or saved).
    from judge.web.viewer import card_info, run_view

    data, cites = run_json(trace, outcome)
    if builder_url:
        data["builder_url"] = builder_url
    if extra.get("run_url"):
        data["run_url"] = extra["run_url"]
    if wants_json():
        from judge.web import runjson

        return runjson.response(data)   # jsonify's bytes, each board's shared parts encoded once
    return render_template(template, trace=data, cites=cites, source=source, title=title,
                           description=description, illustrates=list(illustrates), verdict=outcome,
                           curated=curated, run=run_view(data, card_info(scenario)), builder_url=builder_url,
                           cites_html=_cites_renderer(cites), _=_page_translate(), **extra)


def _page_translate() -> Any:
    """`_` for one page: the language read once and each text formatted once (a 100-step run asks ~2,000
    times for the same few labels)."""
    from judge.web.i18n import get_language, translate

    lang = get_language()
    memo: dict[tuple[Any, ...], str] = {}

    def _(key: str, **values: Any) -> str:
        memo_key = (key, *sorted(values.items())) if values else (key,)
        try:
            return memo[memo_key]
        except KeyError:
            text = memo[memo_key] = translate(key, lang, **values)
            return text
        except TypeError:       # an unhashable value: not memoised
            return translate(key, lang, **values)

    return _


def _cites_renderer(cites: dict[str, Any]) -> Any:
    """The cited-text block of a step, rendered once per list of citations: the steps of a run cite the same few
    rules over and over (every priority pass), and the block is the same each time."""
    from markupsafe import Markup

    memo: dict[tuple[str, ...], Markup] = {}

    def render(step: dict[str, Any]) -> Markup:
        key = tuple(step.get("citations") or ())
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = Markup(render_template("_run_cites.html", step={"citations": list(key)},
                                                     cites=cites))
        return hit

    return render


def builder_url(ruleset: str | None, start: str) -> str:
    """The builder started from `start` (`<ruleset>/<name>` or `guardado/<id>`, its `desde`)."""
    from urllib.parse import urlencode

    return "/escenarios/nuevo?" + urlencode({"ruleset": ruleset, "desde": start} if ruleset else {"desde": start})
