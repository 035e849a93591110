"""The UI's message catalogue: Spanish first, English selectable.

Only the interface is translated; rules text is always shown as the document wrote it.  The language comes
from `?lang=` (which also sets a cookie), then the cookie, then Spanish.  Other areas add their own keys to
MESSAGES (one entry per key, both languages).
"""
from __future__ import annotations

from flask import Flask, Response, current_app, g, has_request_context, request

LANGUAGES: tuple[str, ...] = ("es", "en")
DEFAULT_LANGUAGE = "es"
COOKIE = "lang"

MESSAGES: dict[str, dict[str, str]] = {
    # layout
    "site.name": {"es": "Juez de reglas", "en": "Rules judge"},
    "site.tagline": {"es": "Busca la regla, con su número y su texto.",
                     "en": "Find the rule, with its number and its text."},
    "nav.home": {"es": "Preguntar", "en": "Ask"},
    "nav.corpus": {"es": "Documentos", "en": "Documents"},
    "nav.cards": {"es": "Cartas", "en": "Cards"},
    "nav.scenarios": {"es": "Escenarios", "en": "Scenarios"},
    "nav.language": {"es": "Idioma", "en": "Language"},
    "nav.skip": {"es": "Saltar al contenido", "en": "Skip to content"},
    "footer.text": {"es": "Los textos de las reglas se muestran tal como los publica cada documento.",
                    "en": "Rules text is shown as each document publishes it."},
    # home / search
    "search.label": {"es": "Tu pregunta", "en": "Your question"},
    "search.placeholder": {"es": "¿Qué pasa si robo con la biblioteca vacía?  ·  121.4  ·  persistir",
                           "en": "What if I draw from an empty library?  ·  121.4  ·  persist"},
    "search.submit": {"es": "Buscar", "en": "Search"},
    "search.doc": {"es": "Documento", "en": "Document"},
    "search.ruleset": {"es": "Juego", "en": "Game"},
    "search.any": {"es": "Todos", "en": "All"},
    "search.answer": {"es": "Respuesta", "en": "Answer"},
    "search.results": {"es": "Pasajes encontrados", "en": "Passages found"},
    "search.no_results": {"es": "Ningún pasaje responde a esa pregunta. Prueba con otras palabras o un número de regla.",
                          "en": "No passage answers that question. Try other words or a rule number."},
    "search.intro": {"es": "Escribe una pregunta, un término de juego o un número de regla (por ejemplo 121.4).",
                     "en": "Type a question, a game term or a rule number (for example 121.4)."},
    "search.historical": {"es": "histórico", "en": "historical"},
    "search.game": {"es": "Respuesta de las reglas de {game}", "en": "Answer from the rules of {game}"},
    "search.game_switch": {"es": "Buscar en {game}", "en": "Search {game} instead"},
    # nothing in the question told its game (gamepick "first"): said, and every game offered
    "search.game_unsure": {"es": "La pregunta no dice de qué juego es: estas respuestas son de las reglas de {game}, "
                                 "las que más se le parecen.",
                           "en": "The question does not say which game it is about: these answers are from the "
                                 "rules of {game}, the closest match."},
    "search.game_only": {"es": "Buscar solo en {game}", "en": "Search only {game}"},
    # beside an unsure answer: the other game's best passage (gamepick.alternative)
    "search.game_alternative": {"es": "¿Preguntabas por {game}? Su regla más cercana:",
                                "en": "Were you asking about {game}? Its closest rule:"},
    # ... and the same question asked in that game (its link: links.search_url)
    "search.game_ask": {"es": "Hacer esta pregunta en {game}", "en": "Ask this question in {game}"},
    "search.deciding": {"es": "Reglas que lo deciden", "en": "Rules that decide it"},
    # a sure game's answer: the other game's passages, after the results, under their game (gamepick.apart)
    "search.elsewhere": {"es": "De las reglas de {game}, no de las de {asked}",
                         "en": "From the rules of {game}, not those of {asked}"},
    "game.magic": {"es": "Magic", "en": "Magic"},
    "game.doce-vidas": {"es": "Doce vidas", "en": "Doce vidas"},
    "search.too_long": {"es": "La pregunta es demasiado larga: se han usado sus primeros {n} caracteres.",
                        "en": "The question is too long: its first {n} characters were used."},
    # suggestions as you type (static/suggest.js, /api/suggest)
    "suggest.kind.rule": {"es": "regla", "en": "rule"},
    "suggest.kind.card": {"es": "carta", "en": "card"},
    "suggest.kind.term": {"es": "término", "en": "term"},
    "suggest.label": {"es": "Sugerencias", "en": "Suggestions"},
    "suggest.count": {"es": "{n} sugerencias: flechas arriba y abajo para elegir, Intro para buscar, Escape para cerrar.",
                      "en": "{n} suggestions: up and down arrows to choose, Enter to search, Escape to close."},
    "suggest.none": {"es": "Sin sugerencias.", "en": "No suggestions."},
    # passages and rules
    "passage.rule": {"es": "Regla", "en": "Rule"},
    "passage.document": {"es": "Documento", "en": "Document"},
    "passage.version": {"es": "Versión", "en": "Version"},
    "passage.section": {"es": "Sección", "en": "Section"},
    "passage.parent": {"es": "Regla o sección superior", "en": "Parent rule or section"},
    "passage.children": {"es": "Subreglas y apartados", "en": "Sub-rules and items"},
    "passage.previous": {"es": "Anterior", "en": "Previous"},
    "passage.next": {"es": "Siguiente", "en": "Next"},
    "passage.refs": {"es": "Reglas citadas", "en": "Rules cited"},
    "passage.cited_by": {"es": "Citada por", "en": "Cited by"},
    "passage.none": {"es": "Ninguna", "en": "None"},
    "passage.outside": {"es": "fuera del corpus cargado", "en": "outside the loaded corpus"},
    "passage.derived": {"es": "numeración derivada: el documento no numera este párrafo",
                        "en": "derived numbering: the document does not number this paragraph"},
    "passage.authority": {"es": "texto de referencia", "en": "authoritative text"},
    "passage.translation": {"es": "texto en español", "en": "Spanish text"},
    "passage.older": {"es": "En otra versión de las reglas", "en": "In another rules version"},
    "passage.older_note": {"es": "Citas de una versión anterior de las reglas que hoy corresponden a esta regla. "
                                 "Su número era otro: no es el texto actual.",
                           "en": "Quotations from an earlier rules version that map to this rule today. "
                                 "Their number was different: this is not the current text."},
    "passage.today": {"es": "Hoy es la regla", "en": "Today this is rule"},
    "passage.historical": {"es": "versión histórica de las reglas", "en": "historical rules version"},
    "passage.card": {"es": "Carta", "en": "Card"},
    "passage.id": {"es": "Cita", "en": "Citation"},
    "rule.title": {"es": "Regla {number}", "en": "Rule {number}"},
    "rule.more_subrules": {"es": "y {n} subreglas más en su página", "en": "and {n} more sub-rules on its page"},
    "rule.same_number": {"es": "El número {number} en otra versión de las reglas (no es esta regla)",
                         "en": "The number {number} in another rules version (not this rule)"},
    "rule.other_versions_of": {"es": "El número {number} aparece en otra versión de las reglas",
                               "en": "The number {number} appears in another rules version"},
    "rule.as_of": {"es": "Texto de la versión {version} (la actual es {current})",
                   "en": "Text of version {version} (the current one is {current})"},
    "rule.see_current": {"es": "Ver el texto actual", "en": "See the current text"},
    "rule.history": {"es": "Versiones cargadas", "en": "Loaded versions"},
    "rule.last_changed": {"es": "Su texto cambió por última vez en la versión {version}",
                          "en": "Its text last changed in version {version}"},
    "rule.unchanged_since": {"es": "Mismo texto en todas las versiones cargadas (desde {version})",
                             "en": "Same text in every loaded version (since {version})"},
    "rule.absent": {"es": "no existe", "en": "absent"},
    "rule.changed": {"es": "cambió", "en": "changed"},
    "rule.see_diff": {"es": "ver los cambios", "en": "see the changes"},
    "changes.title": {"es": "Cambios de {old} a {new}", "en": "Changes from {old} to {new}"},
    "changes.none": {"es": "Sin cambios", "en": "No changes"},
    "changes.glossary": {"es": "Glosario", "en": "Glossary"},
    "changes.rules": {"es": "Reglas", "en": "Rules"},
    "changes.added": {"es": "añadida", "en": "added"},
    "changes.removed": {"es": "eliminada", "en": "removed"},
    "changes.renumbered": {"es": "renumerada", "en": "renumbered"},
    "changes.reworded": {"es": "redactada de nuevo", "en": "reworded"},
    "impact.title": {"es": "Escenarios afectados", "en": "Affected scenarios"},
    "impact.rerun_title": {"es": "Escenarios afectados de {old} a {new}, ejecutados de nuevo",
                           "en": "Scenarios affected from {old} to {new}, run again"},
    "impact.count": {"es": "{n} escenarios citan una regla que cambió ({curated} de ejemplo y {saved} guardados "
                           "revisados).",
                     "en": "{n} scenarios cite a rule that changed ({curated} example and {saved} saved ones "
                           "checked)."},
    "impact.none": {"es": "Ningún escenario cita una regla que cambió.", "en": "No scenario cites a rule that changed."},
    "impact.rerun": {"es": "Ejecutarlos de nuevo", "en": "Run them again"},
    "impact.back": {"es": "Volver a los cambios", "en": "Back to the changes"},
    "impact.engine_same": {"es": "El motor no lee el texto de las reglas: con el mismo motor, la nueva versión da el "
                                 "mismo veredicto y la misma traza. Volver a ejecutarlos dice si el motor cambió desde "
                                 "la ejecución comparada y qué pasajes citados ya no existen.",
                           "en": "The engine does not read the rules' text: with the same engine the new version "
                                 "gives the same verdict and trace. Running them again tells whether the engine "
                                 "changed since the run compared with, and which cited passages no longer exist."},
    "impact.changed_count": {"es": "{n} con el veredicto o la traza cambiados (primero).",
                             "en": "{n} with their verdict or trace changed (first)."},
    "impact.not_rerun": {"es": "{n} no se han vuelto a ejecutar (un máximo de {max} por página): `judge corpus "
                                 "impact` los ejecuta todos.",
                           "en": "{n} were not run again (at most {max} per page): `judge corpus impact` runs them "
                                 "all."},
    "impact.curated": {"es": "de ejemplo", "en": "example"},
    "impact.saved": {"es": "guardado", "en": "saved"},
    "impact.steps": {"es": "pasos {steps}", "en": "steps {steps}"},
    "impact.same": {"es": "veredicto y traza iguales", "en": "same verdict and trace"},
    "impact.changed": {"es": "cambió: {what}", "en": "changed: {what}"},   # {what} empty: the words follow
    "impact.what.verdict": {"es": "veredicto", "en": "verdict"},
    "impact.what.trace": {"es": "traza", "en": "trace"},
    "impact.what.citations": {"es": "reglas citadas", "en": "cited rules"},
    "impact.invalid": {"es": "ya no se puede ejecutar", "en": "can no longer run"},
    "impact.missing": {"es": "cita pasajes que ya no existen en {version}:", "en": "cites passages {version} no longer has:"},
    "impact.not_recorded": {"es": "guardado antes de registrarse la versión de las reglas",
                            "en": "saved before the rules version was recorded"},
    "impact.run_under": {"es": "ejecutado con la versión {version}", "en": "run under version {version}"},
    "impact.saved_unavailable": {"es": "Los escenarios guardados no se pueden revisar ahora: la base de datos no "
                                       "responde.",
                                 "en": "The saved scenarios cannot be checked now: the database is not answering."},
    # cards
    "card.list": {"es": "Cartas", "en": "Cards"},
    "card.count": {"es": "{n} cartas", "en": "{n} cards"},
    "card.count_filtered": {"es": "{n} de {total} cartas con «{q}»", "en": "{n} of {total} cards matching «{q}»"},
    "card.filter": {"es": "Buscar una carta por su nombre", "en": "Find a card by its name"},
    "card.filter_placeholder": {"es": "p. ej. gorro rojo, cisnes", "en": "e.g. gorro rojo, cisnes"},
    "card.filter_submit": {"es": "Filtrar", "en": "Filter"},
    "card.filter_clear": {"es": "Ver todas", "en": "Show all"},
    "card.none_match": {"es": "Ninguna carta tiene «{q}» en su nombre.", "en": "No card has «{q}» in its name."},
    "card.near": {"es": "¿Quizá buscabas una de estas?", "en": "Did you mean one of these?"},
    "card.basic_try": {"es": "tierra básica: se abre en el constructor", "en": "basic land: opens in the builder"},
    "card.cost": {"es": "Coste", "en": "Cost"},
    "card.type": {"es": "Tipo", "en": "Type"},
    "card.pt": {"es": "Fuerza/Resistencia", "en": "Power/Toughness"},
    "card.text": {"es": "Texto de reglas", "en": "Rules text"},
    "card.rulings": {"es": "Aclaraciones", "en": "Rulings"},
    "card.no_rulings": {"es": "Esta carta no tiene aclaraciones.", "en": "This card has no rulings."},
    "card.colors": {"es": "Colores", "en": "Colours"},
    "card.did_you_mean": {"es": "¿Buscabas alguna de estas cartas?", "en": "Did you mean one of these cards?"},
    "card.source": {"es": "Fuente", "en": "Source"},
    "card.engine": {"es": "En el motor", "en": "In the engine"},
    "card.modelled": {"es": "El motor modela todo el texto de esta carta.",
                      "en": "The engine models all of this card's text."},
    "card.partly": {"es": "El motor no modela este texto de la carta (un escenario que la usa lo señala en su "
                          "traza):",
                    "en": "The engine does not model this text of the card (a scenario using it flags it in its "
                          "trace):"},
    "card.not_in_engine": {"es": "Esta carta no está en el catálogo de cartas del motor.",
                           "en": "This card is not in the engine's card catalog."},
    "card.try": {"es": "Probar esta carta", "en": "Try this card"},
    "card.try_help": {"es": "abre el constructor con la carta en el campo de batalla del primer jugador (un "
                            "instantáneo o conjuro, en su mano)",
                      "en": "opens the builder with the card on the first player's battlefield (an instant or "
                            "sorcery in their hand)"},
    "card.see_in_action": {"es": "ver en acción", "en": "see it in action"},
    "card.no_scenario": {"es": "sin escenario todavía", "en": "no scenario yet"},
    # documents
    "corpus.title": {"es": "Documentos cargados", "en": "Loaded documents"},
    "corpus.intro": {"es": "Cada documento, con su idioma, su versión de las reglas y cuántos pasajes citables tiene.",
                     "en": "Every document, with its language, its rules version and how many citable passages it has."},
    "corpus.search": {"es": "Índice de búsqueda", "en": "Search index"},
    "corpus.lexical": {"es": "Búsqueda por palabras: lista, {n} pasajes.",
                       "en": "Word search: ready, {n} passages."},
    "corpus.no_index": {"es": "Todavía no hay índice: se construye con la primera búsqueda.",
                        "en": "No index yet: it is built by the first search."},
    "corpus.semantic": {"es": "Búsqueda semántica: {present} de {total} pasajes con vector ({percent} %).",
                        "en": "Semantic search: {present} of {total} passages have a vector ({percent} %)."},
    "corpus.state.complete": {"es": "Completa.", "en": "Complete."},
    "corpus.state.running": {"es": "Los vectores se calculan en segundo plano; la búsqueda ya usa los que hay y los "
                                   "demás pasajes se buscan por sus palabras.",
                             "en": "The vectors are being computed in the background; the search already uses "
                                   "those there are and finds the other passages by their words."},
    "corpus.state.eta": {"es": "{rate} pasajes por segundo, faltan unos {minutes} min.",
                         "en": "{rate} passages a second, about {minutes} min to go."},
    "corpus.state.pending": {"es": "Faltan vectores y no se están calculando: `judge index` o reiniciar la app "
                                   "reanuda el cálculo.",
                             "en": "Vectors are missing and none are being computed: `judge index` or restarting "
                                   "the app resumes the work."},
    "corpus.state.failed": {"es": "El cálculo de los vectores falló: {error}", "en": "Computing the vectors failed: {error}"},
    "corpus.state.off": {"es": "Búsqueda semántica desactivada (JUDGE_SEARCH_SEMANTIC): solo por palabras.",
                         "en": "Semantic search switched off (JUDGE_SEARCH_SEMANTIC): word search only."},
    "doc.title": {"es": "Título", "en": "Title"},
    "doc.language": {"es": "Idioma", "en": "Language"},
    "doc.version": {"es": "Versión", "en": "Version"},
    "doc.ruleset": {"es": "Juego", "en": "Game"},
    "doc.passages": {"es": "Pasajes", "en": "Passages"},
    "doc.source": {"es": "Fuente", "en": "Source"},
    "doc.imported": {"es": "importado", "en": "imported"},
    "doc.contents": {"es": "Índice", "en": "Contents"},
    # errors
    "error.title": {"es": "Error", "en": "Error"},
    "error.404": {"es": "No existe esa página.", "en": "There is no such page."},
    "error.404_rule": {"es": "Ningún documento cargado tiene la regla {number}.",
                       "en": "No loaded document has rule {number}."},
    "error.404_passage": {"es": "No hay ningún pasaje con la cita «{id}».", "en": "There is no passage «{id}»."},
    "error.404_card": {"es": "No hay ninguna carta llamada «{name}».", "en": "There is no card named «{name}»."},
    "error.404_doc": {"es": "No hay ningún documento «{id}».", "en": "There is no document «{id}»."},
    # rules versions (judge/web/views/versions.py): /reglas/<n>?version=, /cambios/<old>..<new>
    "error.404_version": {"es": "versión desconocida «{version}» de {doc} (cargadas: {loaded})",
                          "en": "unknown version «{version}» of {doc} (loaded: {loaded})"},
    "error.404_rule_version": {"es": "la regla {number} no existe en la versión {version} de {doc}",
                               "en": "rule {number} does not exist in version {version} of {doc}"},
    "error.404_version_pair": {"es": "«{spec}»: se esperaba /cambios/<versión>..<versión> (cargadas: {loaded})",
                               "en": "«{spec}»: expected /cambios/<version>..<version> (loaded: {loaded})"},
    "error.400": {"es": "La petición no es válida.", "en": "The request is not valid."},
    "error.405": {"es": "Método no permitido.", "en": "Method not allowed."},
    "error.413": {"es": "La petición es demasiado grande.", "en": "The request is too large."},
    "error.500": {"es": "Algo ha fallado en el servidor. Inténtalo de nuevo.",
                  "en": "Something went wrong on the server. Please try again."},
    "error.503_internal": {"es": "error interno al preparar el índice (detalles en el registro del servidor)",
                           "en": "internal error while preparing the index (details in the server's log)"},
    "error.503": {"es": "Los documentos o el índice de búsqueda no están disponibles: {detail}",
                  "en": "The documents or the search index are not available: {detail}"},
    "error.503_rebuilding": {"es": "El índice de búsqueda estaba dañado y se está reconstruyendo; vuelve a intentarlo "
                                   "en unos segundos. ({detail})",
                             "en": "The search index was damaged and is being rebuilt; try again in a few seconds. "
                                   "({detail})"},
    "error.back": {"es": "Volver a la búsqueda", "en": "Back to search"},
}


def get_language() -> str:
    """The request's UI language: ?lang=, then the cookie, then Spanish (also outside a request)."""
    if not has_request_context():
        return DEFAULT_LANGUAGE
    if "lang" not in g:
        asked = request.args.get("lang") or request.cookies.get(COOKIE) or DEFAULT_LANGUAGE
        g.lang = asked if asked in LANGUAGES else DEFAULT_LANGUAGE
    return g.lang


def translate(key: str, lang: str | None = None, **values: object) -> str:
    """The catalogue's text for `key`, with `{name}` placeholders filled; the key itself if it is missing."""
    entry = MESSAGES.get(key)
    if entry is None:
        return key
    text = entry.get(lang or get_language()) or entry[DEFAULT_LANGUAGE]
    return text.format(**values) if values else text


def _remember_language(response: Response) -> Response:
    # ?lang= is a switch: remember it so the following pages stay in that language.
    asked = request.args.get("lang")
    if asked in LANGUAGES and request.cookies.get(COOKIE) != asked:
        response.set_cookie(COOKIE, asked, max_age=365 * 24 * 3600, samesite="Lax", httponly=True,
                            secure=bool(current_app.config.get("COOKIE_SECURE")))
    return response


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(_=translate, LANGUAGES=LANGUAGES)
    app.context_processor(lambda: {"lang": get_language()})
    app.after_request(_remember_language)
