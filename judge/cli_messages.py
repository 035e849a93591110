"""What the corpus and search commands print (`judge corpus …`, `judge index`, `judge search`, `judge eval`,
`judge bench search`), as message ids (judge/messages.py, prefix `cli`) in Spanish and English (issue 17).

Spanish is the wording the commands always printed (byte-identical); `--lang en` (lang_option, as `judge run
--lang`) prints English. Document ids, versions, rule numbers, paths and figures stay as they are. Errors raised by
the corpus and search modules themselves (a CR file's format, an import refused, a question file's line) are their
own text and still Spanish. A padded column is padded by the caller (`id=name.ljust(width)`): a template's fields
are plain names, which tests/engine/test_messages.py checks in both languages.
"""
from __future__ import annotations

from typing import Any, Callable, TypeVar

import click

from judge.messages import DEFAULT_LANGUAGE, LANGUAGES, Message

F = TypeVar("F", bound=Callable[..., Any])


def lang_option(f: F) -> F:
    """The `--lang es|en` option of a command that prints through this catalog (Spanish by default)."""
    return click.option("--lang", type=click.Choice(list(LANGUAGES)), default=DEFAULT_LANGUAGE, show_default=True,
                        callback=_operator_language, expose_value=True,
                        help="Language of the printed lines (es or en); JSON keys and values stay as they are.")(f)


def _operator_language(ctx: click.Context, param: click.Parameter, value: str) -> str:
    # The search's log lines a command prints on the way (the model not loaded, an index without vectors) are
    # said in the command's --lang too (judge.messages.operator_language).
    # Only while the command runs: the language it had comes back when the command ends (a test runner or a
    # shell calling several commands in one process).
    from judge.messages import operator_language, set_operator_language

    previous = operator_language()
    set_operator_language(value)
    ctx.call_on_close(lambda: set_operator_language(previous))
    return value


def say(lang: str, ident: str, **params: Any) -> str:
    """The line `ident` (this catalog's, `cli.…`) in `lang`."""
    return Message(ident, **params).render(lang)


ES: dict[str, str] = {
    # judge corpus import (judge/corpus/commands.py)
    "cli.corpus.unreadable": "no se puede leer {path}: {error}",
    "cli.corpus.no_rules": "{name}: no se encontró ninguna regla numerada",
    "cli.corpus.force_hint": "{error} (usa --force para sobrescribirlo)",
    "cli.corpus.unwritable": "no se puede escribir en {path}: {error}",
    "cli.corpus.unchanged": "la versión {version} de {doc} ya está cargada: nada que importar "
                            "(--force para volver a importarla)",
    "cli.corpus.replaced": "reemplazada la versión {previous} por {version} (la anterior sigue cargada como "
                           "{doc}@{previous})",
    "cli.corpus.reparsed": "reanalizada la versión {version}: el analizador cambió desde la última importación",
    "cli.corpus.forced": "reemplazada (--force) la versión {previous} por {version}",
    "cli.corpus.forced_kept": "reemplazada (--force) la versión {previous} por {version} (la anterior sigue "
                              "cargada como {doc}@{previous})",
    "cli.corpus.imported": "importado {title} ({doc}), versión {version}: {label}",
    "cli.corpus.stats": "  {rules} reglas y subreglas, {headings} encabezados de regla, {sections} secciones, "
                        "{glossary} términos del glosario, {examples} ejemplos",
    "cli.corpus.saved_in": "  guardado en {path}",
    "cli.index.stale": "el índice de búsqueda está desactualizado: ejecuta `judge index`",
    "cli.index.progress": "Indexando",
    "cli.index.not_rebuilt": "aviso: documento importado, pero el índice no se pudo reconstruir ({error}); "
                             "ejecuta `judge index`",
    "cli.index.rebuilt": "índice de búsqueda reconstruido",
    "cli.index.up_to_date": "el índice de búsqueda ya estaba al día",
    # judge corpus status
    "cli.status.complete": "completos: la búsqueda semántica usa todos los pasajes",
    "cli.status.running": "calculándose en segundo plano",
    "cli.status.pending": "incompletos y sin cálculo en marcha (`judge index` o el arranque de la app lo reanudan)",
    "cli.status.failed": "el cálculo falló",
    "cli.status.off": "búsqueda semántica desactivada (JUDGE_SEARCH_SEMANTIC): solo léxica",
    "cli.status.no-index": "sin índice todavía (`judge index`)",
    "cli.status.no_index": "índice: ninguno en {path} (`judge index` lo construye)",
    "cli.status.index": "índice: {folder} (búsqueda léxica lista)",
    "cli.status.index_passages": "índice: {folder} ({passages} pasajes, búsqueda léxica lista)",
    "cli.status.vectors": "vectores ({model}): {present} de {total} ({percent:.1f} %), {state}",
    "cli.status.vectors_state": "vectores: {state}",
    "cli.status.rate": "; {rate:.1f} pasajes/s, faltan ≈ {eta} (proceso {pid})",
    # judge corpus list
    "cli.list.none": "no hay documentos cargados",
    "cli.list.imported": ", importado",
    "cli.list.current_of": ", versión actual de {count}",
    "cli.list.document": "{id}  {language:<2}  {version:<10}  {passages:>5} pasajes{mark}  {title}",
    "cli.list.kept": "{id}  {language:<2}  {version:<10}  {passages:>5} pasajes, versión anterior "
                     "conservada  (judge corpus diff {version} {current})",
    # judge corpus diff / impact: choosing the versions
    "cli.diff.not_a_version": "{spec}: ni un archivo ni una versión cargada de {doc} (cargadas: {loaded})",
    "cli.diff.none_loaded": "ninguna",
    "cli.diff.need_two": "hay {count} versión(es) de {doc} cargada(s): hacen falta dos (importa otra o nombra un "
                         "archivo)",
    "cli.diff.not_imported": "{doc} no está importado: nombra las dos versiones",
    "cli.diff.head": "{old} → {new}: {counts}",
    "cli.diff.no_changes": "sin cambios",
    "cli.diff.glossary": "glosario {kind}: {term}",
    # judge corpus impact
    "cli.impact.db_down": "la base de datos de escenarios guardados no responde: {error}",
    "cli.impact.head": "{old} → {new}: {affected} escenarios afectados (de {curated} de ejemplo y {saved} "
                       "guardados candidatos)",
    "cli.impact.head_changed": "{old} → {new}: {affected} escenarios afectados (de {curated} de ejemplo y {saved} "
                               "guardados candidatos), {changed} con el veredicto o la traza cambiados",
    "cli.impact.same_engine": "  el motor no lee el texto de las reglas: con el mismo motor, la nueva versión da el "
                              "mismo veredicto y la misma traza; cambia lo que dicen las reglas citadas",
    "cli.impact.curated": "de ejemplo",
    "cli.impact.saved": "guardado",
    "cli.impact.run_with": "    ejecutado con la versión {version}",
    "cli.impact.none_imported": "(ninguna importada)",
    "cli.impact.before_versions": "    guardado antes de registrarse la versión de las reglas",
    "cli.impact.steps": " (pasos {steps})",
    "cli.impact.kind.reworded": "reformulada",
    "cli.impact.kind.renumbered": "renumerada",
    "cli.impact.kind.removed": "eliminada",
    "cli.impact.unrunnable": "    ya no se puede ejecutar: {errors}",
    "cli.impact.changed": "cambió: {what}",
    "cli.impact.changed.verdict": "veredicto",
    "cli.impact.changed.trace": "traza",
    "cli.impact.changed.citations": "reglas citadas",
    "cli.impact.same": "veredicto y traza iguales",
    "cli.impact.rerun": "    re-ejecutado: {verdict} — {same}",
    "cli.impact.missing": "    cita pasajes que ya no existen en {version}: {passages}",
    # judge index, judge search (judge/search/commands.py)
    "cli.index.examples": "ejemplos de las reglas al día ({seconds:.1f} s)",
    "cli.search.answer": "Respuesta: ",
    "cli.search.rule": " (regla {number})",
    # judge eval
    "cli.eval.file_or_all": "Da un fichero de preguntas o --all (no ambos).",
    "cli.eval.no_files": "No hay ficheros de preguntas en ../shared/eval ni en tests/search.",
    "cli.eval.lexical": "léxica",
    "cli.eval.fused": "semántica+léxica",
    "cli.eval.crossed": "  otro juego en los 5 primeros: {crossed}/{with_game}",
    "cli.eval.line": "{questions} preguntas — Recall@5 {r5:.3f}  Recall@10 {r10:.3f}  MRR@10 {mrr:.3f}",
    "cli.eval.lexical_only": "  (sin modelo o sin vectores: solo léxica)",
    "cli.eval.misses": "Fallos (respuesta fuera de los 5 primeros, u otro juego entre ellos):",
    "cli.eval.misses_of": "Fallos (respuesta fuera de los 5 primeros, u otro juego entre ellos), búsqueda {label}:",
    "cli.eval.rank": "puesto {rank}",
    "cli.eval.not_in_ten": "no está en los 10 primeros",
    "cli.eval.other_game": "; otro juego en los 5 primeros",
    "cli.eval.miss": "  - {q}  [{where}; primeros: {top}]",
    "cli.eval.folds": "  ({questions} preguntas, validación cruzada de {folds} partes)",
    "cli.eval.weights": "Pesos escritos en {path}.",
    # judge index's build (judge/search/building.py), also `judge corpus import` and `flask --app judge index`
    "cli.build.damaged": "El índice de {path} está dañado ({problem}): se reconstruye.",
    "cli.build.built": "Índice construido: {indexed} pasajes indexados en {seconds:.1f} s → {path}",
    "cli.build.fresh": "El índice de {path} ya está al día (el corpus no cambió).",
    "cli.build.lexical_only": "Búsqueda semántica: {why}; el índice es solo léxico.",
    "cli.build.background": "Vectores: {cached} de la caché; los {missing} que faltan se calculan en segundo plano "
                            "(la búsqueda ya funciona y los usa según llegan; progreso: `judge corpus status`)",
    "cli.build.background_running": "Vectores: {cached} de la caché; los {missing} que faltan se calculan en "
                                    "segundo plano (la búsqueda ya funciona y los usa según llegan; progreso: "
                                    "`judge corpus status`), por el cálculo ya en marcha",
    "cli.build.embedded": "Vectores: {embedded} pasajes calculados, {cached} de la caché, en {seconds:.1f} s",
    # judge bench search (judge/search/commands.py): figures formatted by the template, names padded by the caller
    "cli.bench.head": "{date}: {file}: {passages} pasajes; {questions} preguntas × {repeat}",
    "cli.bench.index": "  índice {mb:.1f} MB, construido en {seconds:.2f} s",
    "cli.bench.vectors": "  con vectores ({mb:.1f} MB): {seconds:.2f} s ({cached} de la caché)",
    "cli.bench.embed": "  vector de un pasaje: {ms:.1f} ms (CPU {cpu:.1f} ms; todos los pasajes sin caché: ≈ "
                       "{minutes:.1f} min); modelo cargado en {load:.2f} s",
    "cli.bench.encoder": "  preguntas embebidas por: {encoder} (JUDGE_SEARCH_ENCODER)",
    "cli.bench.memory": "  memoria residente: índice léxico +{mb:.0f} MB",
    "cli.bench.memory_semantic": ", modelo y vectores +{mb:.0f} MB",
    "cli.bench.memory_total": ", proceso {mb:.0f} MB",
    "cli.bench.no_semantic": "  búsqueda semántica no disponible (modelo o vectores): solo la léxica",
    "cli.bench.columns": "  {through}; {gap} {wall} {p95}   {cpu} {cpu95}",
    "cli.bench.wall_p50": "reloj p50",
    "cli.bench.ratio": "  léxica / FTS5 (p50): reloj {ratio:.2f}{cpu}",
    "cli.bench.ratio_cpu": ", CPU {ratio:.2f}",
    "cli.bench.sets_head": "p50 / p95 en ms, por /api/search (léxica, completa) y FTS5 en la misma ejecución:",
    "cli.bench.set": "  {name} léxica {lexical}   completa {fused}   FTS5 {fts5}   léxica/FTS5 {ratio:.2f} "
                     "(CPU {cpu:.2f})",
}

EN: dict[str, str] = {
    "cli.corpus.unreadable": "cannot read {path}: {error}",
    "cli.corpus.no_rules": "{name}: no numbered rule found",
    "cli.corpus.force_hint": "{error} (use --force to overwrite it)",
    "cli.corpus.unwritable": "cannot write to {path}: {error}",
    "cli.corpus.unchanged": "version {version} of {doc} is already loaded: nothing to import (--force to import "
                            "it again)",
    "cli.corpus.replaced": "replaced version {previous} with {version} (the previous one is still loaded as "
                           "{doc}@{previous})",
    "cli.corpus.reparsed": "parsed version {version} again: the parser changed since the last import",
    "cli.corpus.forced": "replaced (--force) version {previous} with {version}",
    "cli.corpus.forced_kept": "replaced (--force) version {previous} with {version} (the previous one is still "
                              "loaded as {doc}@{previous})",
    "cli.corpus.imported": "imported {title} ({doc}), version {version}: {label}",
    "cli.corpus.stats": "  {rules} rules and subrules, {headings} rule headings, {sections} sections, {glossary} "
                        "glossary terms, {examples} examples",
    "cli.corpus.saved_in": "  saved in {path}",
    "cli.index.stale": "the search index is out of date: run `judge index`",
    "cli.index.progress": "Indexing",
    "cli.index.not_rebuilt": "warning: document imported, but the index could not be rebuilt ({error}); run "
                             "`judge index`",
    "cli.index.rebuilt": "search index rebuilt",
    "cli.index.up_to_date": "the search index was already up to date",
    "cli.status.complete": "complete: the semantic search uses every passage",
    "cli.status.running": "being computed in the background",
    "cli.status.pending": "incomplete and not being computed (`judge index` or the app's start resumes it)",
    "cli.status.failed": "the computation failed",
    "cli.status.off": "semantic search off (JUDGE_SEARCH_SEMANTIC): lexical only",
    "cli.status.no-index": "no index yet (`judge index`)",
    "cli.status.no_index": "index: none in {path} (`judge index` builds it)",
    "cli.status.index": "index: {folder} (lexical search ready)",
    "cli.status.index_passages": "index: {folder} ({passages} passages, lexical search ready)",
    "cli.status.vectors": "vectors ({model}): {present} of {total} ({percent:.1f} %), {state}",
    "cli.status.vectors_state": "vectors: {state}",
    "cli.status.rate": "; {rate:.1f} passages/s, ≈ {eta} left (process {pid})",
    "cli.list.none": "no documents loaded",
    "cli.list.imported": ", imported",
    "cli.list.current_of": ", current version of {count}",
    "cli.list.document": "{id}  {language:<2}  {version:<10}  {passages:>5} passages{mark}  {title}",
    "cli.list.kept": "{id}  {language:<2}  {version:<10}  {passages:>5} passages, older version kept  "
                     "(judge corpus diff {version} {current})",
    "cli.diff.not_a_version": "{spec}: neither a file nor a loaded version of {doc} (loaded: {loaded})",
    "cli.diff.none_loaded": "none",
    "cli.diff.need_two": "{count} version(s) of {doc} loaded: two are needed (import another or name a file)",
    "cli.diff.not_imported": "{doc} is not imported: name both versions",
    "cli.diff.head": "{old} → {new}: {counts}",
    "cli.diff.no_changes": "no changes",
    "cli.diff.glossary": "glossary {kind}: {term}",
    "cli.impact.db_down": "the saved scenarios' database does not answer: {error}",
    "cli.impact.head": "{old} → {new}: {affected} scenarios affected (of {curated} curated and {saved} saved "
                       "candidates)",
    "cli.impact.head_changed": "{old} → {new}: {affected} scenarios affected (of {curated} curated and {saved} "
                               "saved candidates), {changed} with the verdict or the trace changed",
    "cli.impact.same_engine": "  the engine reads no rule text: with the same engine, the new version gives the "
                              "same verdict and the same trace; what changes is what the cited rules say",
    "cli.impact.curated": "curated",
    "cli.impact.saved": "saved",
    "cli.impact.run_with": "    run with version {version}",
    "cli.impact.none_imported": "(none imported)",
    "cli.impact.before_versions": "    saved before the rules version was recorded",
    "cli.impact.steps": " (steps {steps})",
    "cli.impact.kind.reworded": "reworded",
    "cli.impact.kind.renumbered": "renumbered",
    "cli.impact.kind.removed": "removed",
    "cli.impact.unrunnable": "    can no longer run: {errors}",
    "cli.impact.changed": "changed: {what}",
    "cli.impact.changed.verdict": "verdict",
    "cli.impact.changed.trace": "trace",
    "cli.impact.changed.citations": "cited rules",
    "cli.impact.same": "same verdict and trace",
    "cli.impact.rerun": "    run again: {verdict} — {same}",
    "cli.impact.missing": "    cites passages that no longer exist in {version}: {passages}",
    "cli.index.examples": "rule examples up to date ({seconds:.1f} s)",
    "cli.search.answer": "Answer: ",
    "cli.search.rule": " (rule {number})",
    "cli.eval.file_or_all": "Give a question file or --all (not both).",
    "cli.eval.no_files": "There are no question files in ../shared/eval or in tests/search.",
    "cli.eval.lexical": "lexical",
    "cli.eval.fused": "semantic+lexical",
    "cli.eval.crossed": "  another game in the first 5: {crossed}/{with_game}",
    "cli.eval.line": "{questions} questions — Recall@5 {r5:.3f}  Recall@10 {r10:.3f}  MRR@10 {mrr:.3f}",
    "cli.eval.lexical_only": "  (no model or no vectors: lexical only)",
    "cli.eval.misses": "Misses (answer outside the first 5, or another game among them):",
    "cli.eval.misses_of": "Misses (answer outside the first 5, or another game among them), {label} search:",
    "cli.eval.rank": "rank {rank}",
    "cli.eval.not_in_ten": "not in the first 10",
    "cli.eval.other_game": "; another game in the first 5",
    "cli.eval.miss": "  - {q}  [{where}; first: {top}]",
    "cli.eval.folds": "  ({questions} questions, {folds}-fold cross-validation)",
    "cli.eval.weights": "Weights written to {path}.",
    "cli.build.damaged": "The index of {path} is damaged ({problem}): it is rebuilt.",
    "cli.build.built": "Index built: {indexed} passages indexed in {seconds:.1f} s → {path}",
    "cli.build.fresh": "The index of {path} is already up to date (the corpus did not change).",
    "cli.build.lexical_only": "Semantic search: {why}; the index is lexical only.",
    "cli.build.background": "Vectors: {cached} from the cache; the {missing} missing are computed in the background "
                            "(the search works already and uses them as they arrive; progress: `judge corpus status`)",
    "cli.build.background_running": "Vectors: {cached} from the cache; the {missing} missing are computed in the "
                                    "background (the search works already and uses them as they arrive; progress: "
                                    "`judge corpus status`), by the computation already running",
    "cli.build.embedded": "Vectors: {embedded} passages computed, {cached} from the cache, in {seconds:.1f} s",
    "cli.bench.head": "{date}: {file}: {passages} passages; {questions} questions × {repeat}",
    "cli.bench.index": "  index {mb:.1f} MB, built in {seconds:.2f} s",
    "cli.bench.vectors": "  with vectors ({mb:.1f} MB): {seconds:.2f} s ({cached} from the cache)",
    "cli.bench.embed": "  one passage's vector: {ms:.1f} ms (CPU {cpu:.1f} ms; every passage without the cache: ≈ "
                       "{minutes:.1f} min); model loaded in {load:.2f} s",
    "cli.bench.encoder": "  questions embedded by: {encoder} (JUDGE_SEARCH_ENCODER)",
    "cli.bench.memory": "  resident memory: lexical index +{mb:.0f} MB",
    "cli.bench.memory_semantic": ", model and vectors +{mb:.0f} MB",
    "cli.bench.memory_total": ", process {mb:.0f} MB",
    "cli.bench.no_semantic": "  semantic search unavailable (model or vectors): lexical only",
    "cli.bench.columns": "  {through}; {gap} {wall} {p95}   {cpu} {cpu95}",
    "cli.bench.wall_p50": "wall p50",
    "cli.bench.ratio": "  lexical / FTS5 (p50): wall {ratio:.2f}{cpu}",
    "cli.bench.ratio_cpu": ", CPU {ratio:.2f}",
    "cli.bench.sets_head": "p50 / p95 in ms, through /api/search (lexical, full) and FTS5 in the same run:",
    "cli.bench.set": "  {name} lexical {lexical}   full {fused}   FTS5 {fts5}   lexical/FTS5 {ratio:.2f} "
                     "(CPU {cpu:.2f})",
}
