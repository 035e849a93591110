"""What the search itself says, as message ids (judge/messages.py, prefix `search`) in Spanish and English (issue 17):
the sentence an answer carries when the question was empty, cut or found nothing (`SearchResponse.message`), and
the search's own errors (a missing or damaged index, a refused training set) that the commands and the pages show.

Spanish is the wording these always had (byte-identical); the API, the pages (the request's language) and the
commands (`--lang`) render them. Paths, ids and figures are parameters and stay as they are.
"""
from __future__ import annotations

ES: dict[str, str] = {
    # SearchResponse.message (query.py)
    "search.query.empty": "Escribe una pregunta o un número de regla (p. ej. «121.4»).",
    "search.query.cut": "La pregunta era demasiado larga: se buscó con sus primeros {n} caracteres.",
    "search.query.nothing": "No se encontró ningún pasaje para esa pregunta.",
    "search.query.cut_nothing": "La pregunta era demasiado larga: se buscó con sus primeros {n} caracteres. "
                                "No se encontró ningún pasaje para esa pregunta.",
    # index.py
    "search.index.missing": "no hay índice de búsqueda en {path}: ejecuta `judge index` para construirlo",
    "search.index.corrupt": "el índice de búsqueda de {path} está dañado ({problem}): hay que reconstruirlo "
                            "(`judge index --if-stale` lo hace)",
    # rerank_train.py
    "search.train.held_out": "los conjuntos reservados no se usan para entrenar: {sets}",
    # why a build has no vectors (index.py, embedjob.py: the report's `skipped`)
    "search.skipped.off": "desactivada (JUDGE_SEARCH_SEMANTIC)",
    "search.skipped.no_model": "modelo no disponible",
    "search.skipped.no_plan": "el índice no tiene plan de vectores (`judge index --force`)",
}

EN: dict[str, str] = {
    "search.query.empty": "Type a question or a rule number (e.g. «121.4»).",
    "search.query.cut": "The question was too long: its first {n} characters were searched.",
    "search.query.nothing": "No passage was found for that question.",
    "search.query.cut_nothing": "The question was too long: its first {n} characters were searched. "
                                "No passage was found for that question.",
    "search.index.missing": "there is no search index in {path}: run `judge index` to build it",
    "search.index.corrupt": "the search index of {path} is damaged ({problem}): it must be rebuilt "
                            "(`judge index --if-stale` does it)",
    "search.train.held_out": "the held-out sets are never trained on: {sets}",
    "search.skipped.off": "off (JUDGE_SEARCH_SEMANTIC)",
    "search.skipped.no_model": "model unavailable",
    "search.skipped.no_plan": "the index has no vector plan (`judge index --force`)",
}
