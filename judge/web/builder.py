"""The scenario builder: `/escenarios/nuevo` (a form that writes a scenario without YAML), `POST /api/validate`
(the same field-path messages as the API, with the line of pasted YAML) and `GET /api/rulesets` (each ruleset's
own description of its scenario parts, Ruleset.describe).

The page knows no ruleset: the form is drawn by static/builder.js from the description. Without JavaScript the
page still pastes, uploads, validates (errors beside their lines), downloads and runs a scenario.
"""
from __future__ import annotations

import json
import re
from typing import Any

import yaml
from flask import Blueprint, Response, jsonify, render_template, request

from judge.format import timelimit
from judge.messages import Message
from judge.web.descriptions import descriptions, in_language, packed_descriptions  # noqa: F401  (in_language: re-exported)
from judge.web.errors import wants_json
from judge.web.i18n import MESSAGES, get_language, translate
from judge.web.playcheck import play_check
from judge.web.runs import SAVED_PREFIX

bp = Blueprint("builder", __name__)

MESSAGES.update({
    # The titles the builder gives a document it starts: data once saved, so written in the page's language and
    # never rewritten afterwards (issue 17).
    # the rulesets' template title (core.template.title, describe()'s `template_title`): one text for both
    "builder.default_title": {lang: Message("core.template.title").render(lang) for lang in ("es", "en")},
    "builder.card_title": {"es": "Probar «{card}»", "en": "Try «{card}»"},
    "builder.title": {"es": "Construir un escenario", "en": "Build a scenario"},
    "builder.intro": {"es": "Prepara la mesa sin escribir YAML: jugadores, cartas en cada zona, turno y fase, y "
                            "después las acciones una a una y lo que esperas que pase.",
                      "en": "Set up the table without writing YAML: players, cards in each zone, turn and phase, "
                            "then the actions one by one and what you expect to happen."},
    "builder.link": {"es": "Construir un escenario sin YAML", "en": "Build a scenario without YAML"},
    "builder.start": {"es": "Empezar", "en": "Start"},
    "builder.ruleset": {"es": "Juego", "en": "Game"},
    "builder.from": {"es": "Desde", "en": "From"},
    "builder.from_empty": {"es": "una mesa vacía", "en": "an empty table"},
    "builder.from_template": {"es": "la plantilla del juego", "en": "the game's template"},
    "builder.from_curated": {"es": "Escenarios de ejemplo", "en": "Example scenarios"},
    "builder.load": {"es": "Cargar", "en": "Load"},
    "builder.noscript": {"es": "Sin JavaScript no se dibuja el formulario: pega o sube el escenario en YAML o JSON, "
                               "valídalo y ejecútalo aquí abajo.",
                         "en": "Without JavaScript the form is not drawn: paste or upload the scenario as YAML or "
                               "JSON, validate it and run it below."},
    "builder.source": {"es": "El escenario en YAML o JSON", "en": "The scenario as YAML or JSON"},
    "builder.source_help": {"es": "Lo que construyes en el formulario aparece aquí; también puedes pegar o subir "
                                  "un escenario y cargarlo en el formulario.",
                            "en": "What you build in the form shows here; you can also paste or upload a scenario "
                                  "and load it into the form."},
    "builder.upload": {"es": "Subir un archivo YAML o JSON", "en": "Upload a YAML or JSON file"},
    "builder.validate": {"es": "Validar", "en": "Validate"},
    "builder.download": {"es": "Descargar YAML", "en": "Download YAML"},
    "builder.run": {"es": "Ejecutar", "en": "Run"},
    "builder.bar": {"es": "Ejecutar o guardar", "en": "Run or save"},
    "builder.to_source": {"es": "Guardar, descargar o editar el texto ↓", "en": "Save, download or edit the text ↓"},
    "builder.save": {"es": "Guardar y obtener un enlace", "en": "Save and get a link"},
    "builder.save_fork": {"es": "No tienes la clave de edición de «{title}»: Guardar crea una copia tuya, enlazada a "
                                 "su versión {current}, que no cambia.",
                           "en": "You do not hold the edit key of «{title}»: Save makes your own copy, linked to its "
                                 "version {current}, which does not change."},
    "builder.save_version": {"es": "Guardar crea la versión {version} de «{title}»; la versión {current} no cambia.",
                             "en": "Saving makes version {version} of «{title}»; version {current} does not "
                                   "change."},
    "builder.to_form": {"es": "Cargar en el formulario", "en": "Load into the form"},
    "builder.valid": {"es": "El escenario es válido.", "en": "The scenario is valid."},
    "builder.invalid": {"es": "El escenario tiene {n} problema(s)", "en": "The scenario has {n} problem(s)"},
    "builder.line": {"es": "línea {n}", "en": "line {n}"},
    "builder.lines": {"es": "El escenario, línea a línea", "en": "The scenario, line by line"},
    "builder.general": {"es": "General", "en": "General"},
    "builder.scenario_title": {"es": "Título", "en": "Title"},
    "builder.description": {"es": "Descripción", "en": "Description"},
    "builder.seed": {"es": "Semilla", "en": "Seed"},
    "builder.players": {"es": "Jugadores", "en": "Players"},
    "builder.player": {"es": "Jugador {n}", "en": "Player {n}"},
    "builder.add_player": {"es": "Añadir jugador", "en": "Add player"},
    "builder.remove": {"es": "Quitar", "en": "Remove"},
    "builder.up": {"es": "Subir", "en": "Move up"},
    "builder.cards": {"es": "Cartas definidas en el escenario", "en": "Cards defined in the scenario"},
    "builder.card_name": {"es": "Nombre de la carta", "en": "Card name"},
    "builder.add_card_def": {"es": "Definir una carta", "en": "Define a card"},
    "builder.add_to_zone": {"es": "Añadir a {zone}", "en": "Add to {zone}"},
    "builder.card_in_zone": {"es": "Carta", "en": "Card"},
    "builder.new_card_here": {"es": "(se define abajo si no existe)", "en": "(defined below if it does not exist)"},
    "builder.effects": {"es": "Efectos", "en": "Effects"},
    "builder.add_effect": {"es": "Añadir efecto", "en": "Add effect"},
    "builder.turn": {"es": "Turno y fase", "en": "Turn and phase"},
    "builder.set_turn": {"es": "Empezar en un turno concreto", "en": "Start in a given turn"},
    "builder.actions": {"es": "Acciones, una a una", "en": "Actions, one by one"},
    "builder.add_action": {"es": "Añadir acción", "en": "Add action"},
    "builder.add_checkpoint": {"es": "Añadir comprobación aquí", "en": "Add a check here"},
    "builder.action_n": {"es": "Acción {n}", "en": "Action {n}"},
    "builder.by": {"es": "Quién", "en": "Who"},
    "builder.verb": {"es": "Qué hace", "en": "What they do"},
    "builder.expect": {"es": "Lo que se espera al final", "en": "What is expected at the end"},
    "builder.add_expect": {"es": "Añadir expectativa", "en": "Add expectation"},
    "builder.subject": {"es": "Sobre", "en": "About"},
    "builder.subject.player": {"es": "un jugador", "en": "a player"},
    "builder.subject.object": {"es": "una carta (id)", "en": "a card (id)"},
    "builder.subject.common": {"es": "la partida", "en": "the game"},
    "builder.what": {"es": "Qué", "en": "What"},
    "builder.value": {"es": "Valor", "en": "Value"},
    "builder.none": {"es": "— ninguno —", "en": "— none —"},
    "builder.choose": {"es": "— elige —", "en": "— choose —"},
    "builder.add": {"es": "Añadir", "en": "Add"},
    "builder.json_help": {"es": "En JSON, p. ej. {example}", "en": "As JSON, e.g. {example}"},
    "builder.drafts": {"es": "Borradores guardados en este navegador:", "en": "Drafts kept in this browser:"},
    "builder.restore": {"es": "Recuperar", "en": "Restore"},
    "builder.forget": {"es": "Descartar", "en": "Discard"},
    "builder.plays_not": {"es": "El escenario es válido, pero la partida no lo juega tal como está escrito "
                                "({n} problema(s)):",
                          "en": "The scenario is valid, but the game does not play it as written ({n} problem(s)):"},
    "builder.play_illegal": {"es": "La partida no lo permite aquí.", "en": "The game does not allow it here."},
    "builder.play_choice": {"es": "La partida espera una elección.", "en": "The game waits for a choice."},
    "builder.play_limit": {"es": "La partida no termina.", "en": "The game does not end."},
    "builder.play_end": {"es": "Al final", "en": "At the end"},
    "builder.rule": {"es": "Regla {n}", "en": "Rule {n}"},
    "builder.fix": {"es": "Insertar «{what}» antes", "en": "Insert «{what}» before"},
    "builder.use_card": {"es": "Usar «{name}»", "en": "Use «{name}»"},
    "builder.define_card": {"es": "Definir «{name}» como carta nueva", "en": "Define «{name}» as a new card"},
    "builder.save_invalid": {"es": "No se guarda: corrige antes los problemas de la lista.",
                             "en": "Not saved: fix the problems listed first."},
    "builder.folder_link": {"es": "Los {n} escenarios de {folder}/ están en la biblioteca (cada uno se abre en el "
                                  "constructor)",
                            "en": "The {n} scenarios of {folder}/ are in the library (each opens in the builder)"},
    "builder.checking": {"es": "Comprobando…", "en": "Checking…"},
    "builder.errors_summary": {"es": "Problemas", "en": "Problems"},
    "builder.no_cards": {"es": "Aún no hay cartas definidas.", "en": "No cards defined yet."},
    "builder.zone_empty": {"es": "vacía", "en": "empty"},
    "builder.kind": {"es": "Tipo de paso", "en": "Step kind"},
    "builder.count": {"es": "Cuántos", "en": "How many"},
    "builder.cites": {"es": "Que citan", "en": "Citing"},
    "builder.slot.target": {"es": "un jugador o una carta en juego", "en": "a player or a card in play"},
    "builder.slot.player": {"es": "un jugador", "en": "a player"},
    "builder.slot.creature": {"es": "una criatura", "en": "a creature"},
    "builder.slot.permanent": {"es": "un permanente", "en": "a permanent"},
    "builder.slot.object": {"es": "una carta", "en": "a card"},
    # The engine's legal choices in words (builder-choices.js): "Oso grizzly (oso-grizzly-1), criatura de Ana".
    "builder.choice.object": {"es": "{card} ({id}), {kind} de {player}", "en": "{card} ({id}), {player}'s {kind}"},
    "builder.choice.player": {"es": "{name} (jugador)", "en": "{name} (player)"},
    "builder.choice.kind.creature": {"es": "criatura", "en": "creature"},
    "builder.choice.kind.planeswalker": {"es": "planeswalker", "en": "planeswalker"},
    "builder.choice.kind.land": {"es": "tierra", "en": "land"},
    "builder.choice.kind.artifact": {"es": "artefacto", "en": "artifact"},
    "builder.choice.kind.enchantment": {"es": "encantamiento", "en": "enchantment"},
    "builder.choice.kind.instant": {"es": "instantáneo", "en": "instant"},
    "builder.choice.kind.sorcery": {"es": "conjuro", "en": "sorcery"},
    "builder.choice.kind.spell": {"es": "hechizo", "en": "spell"},
    "builder.choice.kind.card": {"es": "carta", "en": "card"},
    "builder.pair.blocker": {"es": "Bloqueadora", "en": "Blocker"},
    "builder.pair.attacker": {"es": "bloquea a la atacante", "en": "blocks the attacker"},
})


# The untouched title of a new scenario in every language: `with_card` replaces only one of these (or none).
DEFAULT_TITLE = MESSAGES["builder.default_title"]["es"]
DEFAULT_TITLES = frozenset(MESSAGES["builder.default_title"].values())


def default_document(description: dict[str, Any], lang: str | None = None) -> dict[str, Any]:
    """An empty table from a ruleset's description alone: its fewest players, each with the default of every
    field, no cards; the scenario keys the ruleset requires. Titled `builder.default_title` in `lang` (the
    request's language when None)."""

    players = []
    spec = description["players"]
    for i in range(spec["min"]):
        player: dict[str, Any] = {"name": spec["names"][i]}
        for f in spec["fields"]:
            if f["key"] != "name" and f.get("default") not in (None, ""):
                player[f["key"]] = f["default"]
        players.append(player)
    doc: dict[str, Any] = {"ruleset": description["id"], "title": translate("builder.default_title", lang)}
    if description["cards"].get("required"):
        doc["cards"] = {}
    doc.update(players=players, actions=[], expect=[])
    return doc


class _BoundedSafeDumper(yaml.SafeDumper):
    """yaml.safe_dump's dumper, looking at the request's deadline (judge.format.timelimit) at every value it writes:
    writing a large document costs about half of parsing it, in pure Python too."""

    def represent_data(self, data: Any) -> yaml.Node:
        timelimit.check()
        return super().represent_data(data)


def dump_yaml(doc: Any) -> str:
    """The YAML the builder downloads: yaml.safe_dump of the document, keys in the order written."""
    with timelimit.stage("yaml"):
        return yaml.dump(doc, Dumper=_BoundedSafeDumper, allow_unicode=True, sort_keys=False,
                         default_flow_style=False, width=100)


# -- paths to lines --------------------------------------------------------------------------------------------
_INDEX = re.compile(r"\[(\d+)\]")


def line_of(text: str, path: str) -> int | None:
    """The 1-based line of pasted YAML (or JSON) where the field at `path` (``players[1].board[0].card``,
    ``cards.Lobo gris.type``) is written, or the nearest enclosing field's line; None if the text does not parse.
    A key that contains dots is matched whole (card names may hold them)."""
    from judge.scenarios import ScenarioError
    from judge.scenarios.load import read_text

    try:
        return line_in(_compose(read_text(text)[1]), path)
    except ScenarioError:
        return None


def _compose(parsed: str) -> yaml.Node | None:
    """The YAML node tree of a text read_text parsed (its too-deep parts already cut, every other line where it
    was), or None when the YAML composer cannot read it (JSON that is not YAML 1.1)."""
    from judge.scenarios.load import BoundedSafeLoader

    try:
        return yaml.compose(parsed, Loader=BoundedSafeLoader)   # the request's deadline bounds it (timelimit.py)
    except (yaml.YAMLError, RecursionError):
        return None


def line_in(node: yaml.Node | None, path: str) -> int | None:
    """line_of on a text already composed (check_text composes once for all its errors)."""
    if node is None:
        return None
    line = node.start_mark.line + 1
    rest = path
    while rest:
        if rest.startswith("."):
            rest = rest[1:]
            continue
        m = _INDEX.match(rest)
        if m:
            if not isinstance(node, yaml.SequenceNode) or int(m.group(1)) >= len(node.value):
                break
            node = node.value[int(m.group(1))]
            rest = rest[m.end():]
            line = node.start_mark.line + 1
            continue
        if not isinstance(node, yaml.MappingNode):
            break
        best = None
        for key, value in node.value:
            k = str(key.value)
            if rest == k or rest.startswith(k + ".") or rest.startswith(k + "["):
                if best is None or len(k) > len(str(best[0].value)):
                    best = (key, value)
        if best is None:
            break
        key, value = best
        rest = rest[len(str(key.value)):]
        # The key's own line: a scalar sits beside it, a block below it.
        line = key.start_mark.line + 1
        node = value
        if rest and isinstance(value, (yaml.MappingNode, yaml.SequenceNode)):
            continue
    return line


# A document PyYAML or json could not read says its line in the error's parameters (judge/scenarios/load.py).
_LINE_IDS = ("format.load.bad_yaml_at", "format.load.bad_json")


def check_text(text: str | bytes, fmt: str | None = None, dry: bool = True) -> dict[str, Any]:
    """Validate pasted text: `{"ok", "errors": [{"path", "message", "line"}], "document", "yaml", "dry_run"}`.
    Errors are judge.scenarios.load_scenario's (ScenarioError.errors, messages in Spanish) with the line each is
    about; `dry_run` (judge.web.playcheck, a valid scenario only; `dry=False` skips it) what the game refuses."""
    from judge.scenarios import ScenarioError
    from judge.scenarios.load import read_text, validate_tree

    doc, parsed = None, ""
    try:
        # The bytes as sent: read_text says when they are not UTF-8 (as /api/run does), rather than replaced
        # characters being validated.
        doc, parsed = read_text(text, fmt)
        scenario = validate_tree(doc)
    except ScenarioError as exc:
        errors = []
        with timelimit.stage("lines"):
            node = _compose(parsed) if doc is not None else None
        for e in exc.errors:
            said = e.said
            line = int(said.params["line"]) if said is not None and said.id in _LINE_IDS and not e.path \
                else line_in(node, e.path)
            errors.append(_error(e, line))
        return _invalid(errors, doc, with_yaml=False)
    return {"ok": True, "errors": [], "document": _plain(doc), "yaml": dump_yaml(doc),
            "dry_run": play_check(doc, scenario) if dry else None}


def _error(e: Any, line: int | None) -> dict[str, Any]:
    """One validation error's JSON: `{path, message, line}` and, for an error built from a Message, its `id` and
    `params` (judge/messages.py). `message` is Spanish here (the suggestions read it); _in_language renders it."""
    out: dict[str, Any] = {"path": e.path, "message": e.message, "line": line}
    said = getattr(e, "said", None)
    if said is not None:
        out.update(said.to_json())
    return out


def _in_language(errors: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The errors' messages in the request's language (`?lang=`), where they have an id (the others stay Spanish)."""
    from judge.messages import localize_errors
    from judge.web.i18n import get_language

    return localize_errors(errors, get_language())


def _suggest(errors: list[dict[str, Any]], doc: Any) -> tuple[list[dict[str, Any]], bool]:
    """judge.web.cardnames.with_suggestions for the document's ruleset (an unknown card: the closest names); True
    when the request's deadline cut them short."""
    from judge.web.cardnames import with_suggestions

    rid = doc.get("ruleset") if isinstance(doc, dict) else None
    with timelimit.stage("suggestions"):
        return with_suggestions(errors, next((d for d in descriptions() if d["id"] == rid), None), doc)


def _invalid(errors: list[dict[str, Any]], doc: Any, with_yaml: bool) -> dict[str, Any]:
    """The answer for an invalid document: every error found (in the request's language), the closest names of
    its unknown cards, and the document echoed back bounded (deep parts null, an alias bomb none at all: what
    yaml.safe_dump and _plain can always write out), with its YAML when `with_yaml`. Once the request's deadline
    has passed, the errors are still the answer: the suggestions not reached yet, the echo and its YAML are left
    out (null) and `time_limit` says at which stage (judge.format.timelimit), never a 422 that would lose them."""
    from judge.scenarios.load import bounded

    cut: str | None = None
    try:
        errors, suggestions_cut = _suggest(errors, doc)
    except timelimit.TimeLimit:       # passed on entering the stage: no suggestion at all
        suggestions_cut = True
    plain: Any = None
    text = None
    if suggestions_cut:
        cut = "suggestions"
    else:
        try:
            plain = _plain(bounded(doc))
            text = dump_yaml(plain) if with_yaml and isinstance(plain, dict) else None
        except timelimit.TimeLimit as exc:
            plain, text, cut = None, None, exc.stage
    answer: dict[str, Any] = {"ok": False, "errors": _in_language(errors), "document": plain, "yaml": text}
    if cut is not None:
        answer["time_limit"] = {"stage": cut, "seconds": timelimit.seconds()}
    return answer


def _plain(doc: Any) -> Any:
    """The parsed document as JSON data (YAML dates and the like as text), or None."""
    if doc is None:
        return None
    try:
        return json.loads(json.dumps(doc, default=str, ensure_ascii=False))
    except (TypeError, ValueError, RecursionError):
        return None


def check_document(doc: Any) -> dict[str, Any]:
    """Validate a document the form built (already data): the same answer as check_text, dry run included."""
    from judge.scenarios import ScenarioError
    from judge.scenarios.load import validate_tree

    try:
        scenario = validate_tree(doc)
    except ScenarioError as exc:
        return _invalid([_error(e, None) for e in exc.errors], doc, with_yaml=True)
    return {"ok": True, "errors": [], "document": doc, "yaml": dump_yaml(doc), "dry_run": play_check(doc, scenario)}


# -- starting points -------------------------------------------------------------------------------------------

def starting_point(ruleset: str, start: str) -> tuple[dict[str, Any] | None, str, Any]:
    """(document, source text, saved version or None) for `?ruleset=&desde=`: `vacio` (an empty table),
    `plantilla` (the ruleset's template), `<ruleset>/<name>` (a curated scenario, its YAML as written),
    `guardado/<id>` (a saved version, its text as saved; "Guardar" then stores a new version of it) or
    `borrador/<token>` (a draft carried by the link, judge.web.drafts: a run page's way back). Anything else (or one
    that does not exist; `local`, the draft the browser keeps, which builder.js restores) is an empty table."""
    from judge.runner.catalog import find

    from judge.web import drafts

    described = {d["id"]: d for d in descriptions()}
    if start.startswith(drafts.DRAFT_PREFIX):
        text = _draft_text(start[len(drafts.DRAFT_PREFIX):])
        doc = check_text(text, dry=False)["document"]
        return (doc if isinstance(doc, dict) else None), text, None
    if start.startswith(SAVED_PREFIX):
        row = _saved_version(start[len(SAVED_PREFIX):])
        if row is not None:
            return _plain(row.document), row.source, row
    elif "/" in start:
        rid, _, name = start.partition("/")
        item = find(rid, name)
        if item is not None:
            source = item.path.read_text(encoding="utf-8")
            try:
                doc = yaml.safe_load(source)
            except yaml.YAMLError:
                doc = None
            return (_plain(doc) if isinstance(doc, dict) else None), source, None
    desc = described.get(ruleset) or next(iter(described.values()))
    if start != "plantilla":
        doc = default_document(desc)
    elif desc["template"].get("title") in DEFAULT_TITLES:
        # The ruleset's template is titled as a new scenario (its describe() writes the Spanish default, and the
        # title in both languages as `template_title`): a table started from it in the English builder is a new
        # scenario too, titled in the page's language.
        titles = desc.get("template_title") or MESSAGES["builder.default_title"]
        doc = {**desc["template"], "title": in_language(titles, get_language())}
    else:
        doc = desc["template"]
    return doc, dump_yaml(doc), None


def _draft_text(token: str) -> str:
    """The scenario text of `desde=borrador/<token>` (judge.web.drafts), or a 400 naming `desde`."""
    from flask import current_app

    from judge.web import drafts
    from judge.web.errors import BadParameter

    try:
        return drafts.decode(token, int(current_app.config.get("MAX_CONTENT_LENGTH") or 256 * 1024))
    except drafts.BadDraft as exc:
        raise BadParameter("desde", exc.key, **exc.values) from None


MAX_CARD_PARAM = 200


def _fold(text: str) -> str:
    from judge.web.examples import fold

    return fold(text)


def catalog_card(description: dict[str, Any], name: str) -> str:
    """The catalog's own spelling of `name` (case and accents ignored), or BadParameter("carta") saying why not:
    the game has no card catalog, or no card by that name (with the names that hold its words, if any)."""
    from judge.web.errors import BadParameter

    names: list[str] = list(description.get("cards", {}).get("catalog") or [])
    if not names:
        raise BadParameter("carta", "param.no_catalog", game=description["id"])
    wanted = _fold(name[:MAX_CARD_PARAM])
    for known in names:
        if known == name or _fold(known) == wanted:
            return known
    from judge.web.cardnames import closest

    close = closest(name[:MAX_CARD_PARAM], names)
    from judge.web.i18n import translate

    hint = translate("param.card_hint", names=", ".join(f"«{n}»" for n in close)) if close else ""
    shown = name if len(name) <= 80 else name[:79] + "…"
    raise BadParameter("carta", "param.unknown_card", name=shown, game=description["id"], hint=hint)


def with_card(description: dict[str, Any], doc: dict[str, Any], name: str,
              lang: str | None = None) -> dict[str, Any]:
    """`doc` with the catalog card `name` given to its first player: in the zone the description marks as holding
    permanents (the battlefield) when the card's types are permanent types, else in the hand, as the description
    says (the builder decides no rule: the ruleset's describe() carries both). A document still titled as new
    (DEFAULT_TITLES, or untitled) is retitled `builder.card_title` in `lang`; any other title is kept."""

    cards = description["cards"]
    zones = {z["key"]: z for z in description["zones"]}
    permanent_zone = next((k for k, z in zones.items() if z.get("permanents_only")), None)
    types = set(cards.get("catalog_types", {}).get(name) or ())
    zone = permanent_zone if permanent_zone and types & set(cards.get("permanent_types") or ()) else "hand"
    if zone not in zones:
        zone = next(iter(zones))
    doc = json.loads(json.dumps(doc))
    players = doc.setdefault("players", [])
    if not players:
        players.append({"name": description["players"]["names"][0]})
    taken = {e.get("id") for p in players if isinstance(p, dict) for z in zones
             for e in (p.get(z) or []) if isinstance(e, dict)}
    slug = re.sub(r"[^a-z0-9]+", "-", _fold(name)).strip("-")[:40] or "carta"
    ident, n = slug, 2
    while ident in taken:
        ident, n = f"{slug}-{n}", n + 1
    players[0].setdefault(zone, []).append({"card": name, "id": ident})
    title = doc.get("title")
    if title in (None, "") or (isinstance(title, str) and title in DEFAULT_TITLES):
        doc["title"] = translate("builder.card_title", lang, card=name)
    return doc


def _folders(items: list[Any]) -> list[dict[str, Any]]:
    """The subfolders of a ruleset's curated scenarios, each with its count: "Desde" lists the top-level ones
    (magic's 236 FAQ scenarios are 40 kB of options), a folder's are reached through the library."""
    counts: dict[str, int] = {}
    for c in items:
        if c.folder:
            counts[c.folder] = counts.get(c.folder, 0) + 1
    return [{"folder": f, "count": n} for f, n in sorted(counts.items())]


def _saved_version(version_id: str) -> Any:
    """A saved version (judge.store) by its id, or None when there is none.  The database not answering is a
    503 saying so (judge.web.database.DatabaseDown), not an empty table that would pass for the saved scenario;
    the builder without `desde=guardado/…` never reaches the database."""
    from judge.store import saved
    from judge.web.database import db_call

    return db_call(saved.get, version_id)


def _holds_key(version: Any) -> bool:
    """Whether this browser holds the edit key of `version`'s line (its "Guardar" then adds a version)."""
    from judge.store import saved
    from judge.web.edit_keys import offered_key
    from judge.web.database import db_call

    return db_call(saved.holds_key, version.lineage, offered_key(version.lineage))


def _form_text() -> tuple[str, str | None]:
    """The pasted text (or the uploaded file, which wins when one is given) and its format."""
    upload = request.files.get("upload")
    text = request.form.get("scenario", "")
    if upload is not None and upload.filename:
        text = upload.read().decode("utf-8-sig", errors="replace")
    fmt = request.form.get("format") or None
    return text, fmt if fmt in ("yaml", "json") else None


def _page(doc: Any, source: str, result: dict[str, Any] | None = None, status: int = 200,
          ruleset: str | None = None, start: str = "vacio", parent: Any = None) -> Response | tuple[Any, int]:
    # `parent`: the saved version the builder started from; the form carries its id, so "Guardar" stores a new
    # version of it (POST /escenarios/guardados with `parent`) rather than an unrelated scenario.
    from judge.runner.catalog import curated

    rulesets = descriptions()
    mine = [c for c in curated() if c.ruleset == (ruleset or (doc or {}).get("ruleset"))] \
        if ruleset or isinstance(doc, dict) else []
    if ruleset is None and isinstance(doc, dict):
        ruleset = doc.get("ruleset")
    if ruleset not in {d["id"] for d in rulesets}:
        ruleset = rulesets[0]["id"]
    if wants_json():
        return jsonify({"ruleset": ruleset, "document": doc, "source": source, "result": result,
                        "parent": parent.id if parent is not None else None, "rulesets": rulesets}), status
    lines = source.splitlines() if result and not result["ok"] else []
    by_line: dict[int, list[dict[str, Any]]] = {}
    for e in (result or {}).get("errors", []):
        if e.get("line"):
            by_line.setdefault(e["line"], []).append(e)
    from judge.web.i18n import get_language, translate

    state = {"rulesets_packed": packed_descriptions(get_language()), "document": doc,
             "errors": (result or {}).get("errors", []), "lang": get_language(),
             "messages": {k: translate(k) for k in MESSAGES if k.startswith("builder.")}}
    from judge.web.security import script_json

    return render_template("builder.html", rulesets=rulesets, ruleset=ruleset, start=start, source=source,
                           result=result, lines=lines, by_line=by_line, parent=parent,
                           curated=[c for c in mine if not c.folder or f"{c.ruleset}/{c.name}" == start],
                           folders=_folders(mine),
                           can_edit=parent is not None and _holds_key(parent),
                           state=script_json(state)), status


@bp.get("/escenarios/nuevo")
@bp.get("/escenarios/nuevo.json")
def new() -> Any:
    """The builder, from `?desde=vacio|plantilla|<ruleset>/<name>|guardado/<id>` for `?ruleset=` (default
    doce-vidas, or the game whose catalog has the card); `?carta=<name>` (a card of the ruleset's catalog, "probar
    esta carta" on card pages) adds that card to the first player's side of the starting table."""
    card = request.args.get("carta")
    described = {d["id"]: d for d in descriptions()}
    ruleset = request.args.get("ruleset") or ""
    if card is not None and not ruleset:
        ruleset = next((rid for rid, d in described.items() if card in (d["cards"].get("catalog") or ())), "")
    ruleset = ruleset or "doce-vidas"
    start = request.args.get("desde") or "vacio"
    if card is not None:
        from judge.web.errors import BadParameter

        if ruleset not in described:
            raise BadParameter("ruleset", "param.unknown_game", name=ruleset[:80])
        name = catalog_card(described[ruleset], card)
    doc, source, parent = starting_point(ruleset, start)
    if card is not None:
        if not isinstance(doc, dict) or doc.get("ruleset", ruleset) != ruleset:
            raise BadParameter("carta", "param.card_other_game", name=name, game=ruleset)
        doc = with_card(described[ruleset], doc, name)
        source = dump_yaml(doc)
    return _page(doc, source, ruleset=(doc or {}).get("ruleset", ruleset), start=start, parent=parent)


@bp.post("/escenarios/nuevo")
@bp.post("/escenarios/nuevo.json")
def post_new() -> Any:
    """The form without JavaScript: `action=validate` (the errors beside their lines) or `action=download`
    (the scenario as a YAML file: yaml.safe_dump of the document parsed from the text). Bounded by
    VALIDATE_TIME_BUDGET as /api/validate is (a stage it cuts: the 422 error page naming it)."""
    from judge.web.playcheck import start_budget

    budget = start_budget()
    with timelimit.deadline(budget.spent, budget.seconds):
        return _form_checked()


def _form_checked() -> Any:
    text, fmt = _form_text()
    if text.strip():
        result = check_text(text, fmt, dry=False)
    else:
        # Nothing pasted or uploaded: the loader's own error for an empty document (format.load.empty), with its id
        # and in the request's language as every other validation error.
        from judge.messages import Message

        empty = Message("format.load.empty")
        result = {"ok": False, "document": None, "yaml": None,
                  "errors": _in_language([{"path": "", "message": empty.render(), "line": None, **empty.to_json()}])}
    if request.form.get("action") == "download" and result["document"] is not None:
        body = dump_yaml(result["document"])
        name = re.sub(r"[^0-9a-z]+", "-", str((result["document"] or {}).get("title") or "escenario").lower()
                      if isinstance(result["document"], dict) else "escenario").strip("-") or "escenario"
        return Response(body, mimetype="application/yaml",
                        headers={"Content-Disposition": f'attachment; filename="{name[:60]}.yaml"'})
    parent_id = request.form.get("parent", "").strip()
    parent = _saved_version(parent_id) if parent_id else None
    return _page(result["document"], text, result, 200 if result["ok"] else 400, parent=parent)


@bp.post("/api/validate")
def api_validate() -> Response:
    """`{"ok", "errors": [{"path", "message", "line"}], "document", "yaml"}` for a scenario sent as JSON or YAML
    (the content types /api/run takes; any other is a 415); `line` is the line of the text each error is about
    (null for a JSON body)."""
    from judge.web.playcheck import start_budget

    # The validation's clock starts before the body is parsed (VALIDATE_TIME_BUDGET), and every stage looks at it:
    # the parse, the depth scan, the checks, the lines of the errors, the dry run and each fix try
    # (judge.format.timelimit; a deadline passed before the dry run is a 422 naming the stage, errors.py).
    budget = start_budget()
    with timelimit.deadline(budget.spent, budget.seconds):
        return _validated()


def _validated() -> Response:
    from judge.web.runs import scenario_body

    read = scenario_body()
    if isinstance(read, Response):
        return read
    body, fmt = read
    if fmt == "json":
        from judge.scenarios import ScenarioError
        from judge.scenarios.load import parse_text

        # parse_text, as /api/run: the same messages (the line of malformed JSON), and nesting too deep for
        # json.loads cut out rather than a RecursionError.
        try:
            doc = parse_text(body, "json")
        except ScenarioError as exc:
            return jsonify({"ok": False, "document": None, "yaml": None,
                            "errors": _in_language([_error(e, None) for e in exc.errors])})
        return jsonify(check_document(doc))
    return jsonify(check_text(body, fmt))


@bp.get("/api/rulesets")
def api_rulesets() -> Response:
    """Every registered ruleset's description of its scenario parts (Ruleset.describe)."""
    return jsonify({"rulesets": descriptions()})
