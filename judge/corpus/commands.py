"""`judge corpus import PATH`, `judge corpus list` and `judge corpus status`.

Heavy imports stay inside the commands so `judge --help` stays fast.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import click

EXIT_BAD_INPUT = 2


def _fail(message: str) -> NoReturn:
    # One clear line on stderr and exit 2: bad input is never a traceback.
    click.echo(f"error: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


@click.group()
def corpus() -> None:
    """Documents of the corpus: list them, import the official Comprehensive Rules."""


@corpus.command("import")
@click.argument("path", type=click.Path(path_type=Path, dir_okay=True))
@click.option("--force", is_flag=True,
              help="Replace the loaded version even if it is newer or the same (or its file is damaged).")
@click.option("--index/--no-index", "rebuild_index", default=True, show_default=True,
              help="Rebuild the search index after the import (it is stale once the corpus changes).")
@click.option("--wait", is_flag=True,
              help="Compute the new passages' vectors before returning, instead of in the background.")
def import_cmd(path: Path, force: bool, rebuild_index: bool, wait: bool) -> None:
    """Import the official Comprehensive Rules text file (MagicCompRules_EN_<date>.txt) into the instance.

    A newer file replaces the version loaded; the same version again is left alone; an older one is refused
    unless --force.  The rebuilt index searches lexically at once; the semantic search's vectors are computed in
    the background (`judge corpus status`) unless --wait.  JUDGE_INSTANCE=DIR selects the instance folder.
    """
    from judge.config import instance_dir
    from judge.corpus.cr_en import PARSER, CRFormatError, CRStats, parse_cr_file
    from judge.corpus.importer import ImportedFileError, ImportRefused, save_document

    try:
        doc = parse_cr_file(path)
    except CRFormatError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"no se puede leer {path}: {exc.strerror or exc}")
    stats = CRStats.of(doc)
    if stats.rules == 0:
        _fail(f"{path.name}: no se encontró ninguna regla numerada")
    instance = instance_dir()
    try:
        outcome = save_document(instance, doc, parser=PARSER, force=force)
    except ImportRefused as exc:
        _fail(str(exc))
    except ImportedFileError as exc:
        _fail(f"{exc} (usa --force para sobrescribirlo)")
    except OSError as exc:
        _fail(f"no se puede escribir en {instance}: {exc.strerror or exc}")

    if outcome.action == "unchanged":
        click.echo(f"la versión {doc.version} de {doc.id} ya está cargada: nada que importar "
                   f"(--force para volver a importarla)")
        if rebuild_index:
            _refresh_index(instance, wait)    # an earlier --no-index import may have left the index behind
        return
    if outcome.action == "replaced":
        click.echo(f"reemplazada la versión {outcome.previous_version} por {doc.version} "
                   f"(la anterior sigue cargada como {doc.id}@{outcome.previous_version})")
    elif outcome.action == "reparsed":
        click.echo(f"reanalizada la versión {doc.version}: el analizador cambió desde la última importación")
    elif outcome.action == "forced":
        click.echo(f"reemplazada (--force) la versión {outcome.previous_version} por {doc.version}"
                   + (f" (la anterior sigue cargada como {doc.id}@{outcome.previous_version})"
                      if outcome.previous_version and outcome.previous_version != doc.version else ""))
    click.echo(f"importado {doc.title} ({doc.id}), versión {doc.version}: {doc.version_label}")
    click.echo(f"  {stats.rules} reglas y subreglas, {stats.headings} encabezados de regla, {stats.sections} "
               f"secciones, {stats.glossary} términos del glosario, {stats.examples} ejemplos")
    click.echo(f"  guardado en {outcome.path}")
    if rebuild_index:
        _refresh_index(instance, wait)
    else:
        click.echo("el índice de búsqueda está desactualizado: ejecuta `judge index`")


def _refresh_index(instance: Path, wait: bool = False) -> None:
    """The corpus changed, so the search index is stale: rebuild it when the search side is there (lexical at
    once; the vectors here with `wait`, else in the background)."""
    try:
        from judge.search.building import echo_vectors
        from judge.search.index import ensure_index
    except ImportError:
        click.echo("el índice de búsqueda está desactualizado: ejecuta `judge index`")
        return
    bar = None

    def progress(done: int, total: int) -> None:
        nonlocal bar     # the bar appears only when the index is really rebuilt (it takes a few seconds)
        if bar is None:
            bar = click.progressbar(length=total, label="Indexando", show_eta=False)
        bar.update(done - bar.pos)

    report: dict[str, object] = {}
    try:
        built = ensure_index(instance_dir=instance, progress=progress, report=report,
                             embed="wait" if wait else "background")
    except Exception as exc:  # noqa: BLE001 - the import itself succeeded; say why the index did not follow
        click.echo(f"aviso: documento importado, pero el índice no se pudo reconstruir "
                   f"({type(exc).__name__}: {exc}); ejecuta `judge index`", err=True)
        return
    finally:
        if bar is not None:
            bar.render_finish()
    click.echo("índice de búsqueda reconstruido" if built else "el índice de búsqueda ya estaba al día")
    echo_vectors(report)


_STATE_LINES = {
    "complete": "completos: la búsqueda semántica usa todos los pasajes",
    "running": "calculándose en segundo plano",
    "pending": "incompletos y sin cálculo en marcha (`judge index` o el arranque de la app lo reanudan)",
    "failed": "el cálculo falló",
    "off": "búsqueda semántica desactivada (JUDGE_SEARCH_SEMANTIC): solo léxica",
    "no-index": "sin índice todavía (`judge index`)",
}


@corpus.command("status")
@click.option("--json", "as_json", is_flag=True, help="Print the status as JSON.")
def status_cmd(as_json: bool) -> None:
    """The search index of the instance and the progress of its semantic vectors (computed in the background
    after `judge corpus import` or `judge index`)."""
    import json

    from judge.config import instance_dir
    from judge.search.embedjob import status

    found = status(instance_dir())
    if as_json:
        click.echo(json.dumps(found, ensure_ascii=False, indent=2))
        return
    index, sem = found["index"], found["semantic"]
    if index is None:
        click.echo(f"índice: ninguno en {instance_dir()} (`judge index` lo construye)")
    else:
        passages = f"{index['passages']} pasajes, " if index.get("passages") is not None else ""
        click.echo(f"índice: {index['folder']} ({passages}búsqueda léxica lista)")
    line = f"vectores ({sem['model']}): {sem['present']} de {sem['total']} ({sem['percent']:.1f} %), " \
           f"{_STATE_LINES.get(sem['state'], sem['state'])}"
    if sem["state"] in ("off", "no-index"):
        line = f"vectores: {_STATE_LINES[sem['state']]}"
    if sem.get("rate"):
        line += f"; {sem['rate']:.1f} pasajes/s, faltan ≈ {_duration(sem['eta_s'])} (proceso {sem['pid']})"
    if sem.get("error"):
        line += f": {sem['error']}"
    click.echo(line)


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "?"
    return f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.0f} min"


@corpus.command("list")
def list_cmd() -> None:
    """List the loaded documents: id, language, version, passages (imported ones marked), and under an imported
    document the older versions kept beside it (`cr-en@<date>`, judge corpus import)."""
    from judge.corpus import CorpusError, load_corpus

    try:
        corpus_ = load_corpus()
    except (CorpusError, OSError) as exc:
        _fail(str(exc))
    documents = list(corpus_.documents.values())
    if not documents:
        click.echo("no hay documentos cargados")
        return
    kept = {d.id: [v for v in corpus_.versions(d.id) if v is not d] for d in documents}
    width = max([len(d.id) for d in documents] + [len(v.id) for vs in kept.values() for v in vs])
    for d in documents:
        mark = ", importado" if d.imported else ""
        if kept[d.id]:
            mark += f", versión actual de {len(kept[d.id]) + 1}"
        click.echo(f"{d.id:<{width}}  {d.language:<2}  {d.version:<10}  {len(d.passages):>5} pasajes{mark}  "
                   f"{d.title}")
        for v in reversed(kept[d.id]):       # newest first, under the current one
            click.echo(f"{v.id:<{width}}  {v.language:<2}  {v.version:<10}  {len(v.passages):>5} pasajes, "
                       f"versión anterior conservada  (judge corpus diff {v.version} {d.version})")


def _resolve_version(corpus, spec: str, problems: list[str]):  # type: ignore[no-untyped-def]
    """A loaded version of cr-en by its date ("2026-04-17", "cr-en@2026-04-17") or a CR file by its path."""
    from judge.corpus.cr_en import DOC_ID, CRFormatError, parse_cr_file

    path = Path(spec)
    if path.is_file():
        try:
            return parse_cr_file(path)
        except CRFormatError as exc:
            problems.append(str(exc))
            return None
    version = spec.removeprefix(f"{DOC_ID}@")
    doc = corpus.version(DOC_ID, version) if corpus is not None else None
    if doc is None:
        loaded = ", ".join(d.version for d in corpus.versions(DOC_ID)) if corpus is not None else ""
        problems.append(f"{spec}: ni un archivo ni una versión cargada de {DOC_ID} (cargadas: {loaded or 'ninguna'})")
    return doc


def pick_versions(corpus, old: str | None, new: str | None):  # type: ignore[no-untyped-def]
    """The two documents `judge corpus diff` compares: no argument, the two newest loaded versions; one, that
    version (or file) against the current one; two, those.  ValueError with every problem at once."""
    from judge.corpus.cr_en import DOC_ID

    problems: list[str] = []
    if old is None:
        versions = corpus.versions(DOC_ID)
        if len(versions) < 2:
            raise ValueError(f"hay {len(versions)} versión(es) de {DOC_ID} cargada(s): hacen falta dos "
                             f"(importa otra o nombra un archivo)")
        return versions[-2], versions[-1]
    first = _resolve_version(corpus, old, problems)
    if new is None:
        second = corpus.documents.get(DOC_ID)
        if second is None:
            problems.append(f"{DOC_ID} no está importado: nombra las dos versiones")
        elif first is not None and Path(old).is_file():
            first, second = second, first      # a file not yet imported: what would change if it were
    else:
        second = _resolve_version(corpus, new, problems)
    if problems:
        raise ValueError("; ".join(problems))
    return first, second


@corpus.command("diff")
@click.argument("old", required=False)
@click.argument("new", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the changes as JSON.")
def diff_cmd(old: str | None, new: str | None, as_json: bool) -> None:
    """What changed between two Comprehensive Rules versions: rules added, removed, renumbered, reworded, and
    the glossary.  OLD/NEW are loaded versions (2026-04-17) or CR files; with none, the two newest loaded; with
    a file only, the current version against it (what importing it would change)."""
    import json

    from judge.corpus import CorpusError, load_corpus
    from judge.corpus.diff import diff_documents

    try:
        corpus_ = load_corpus()
        first, second = pick_versions(corpus_, old, new)
    except (CorpusError, OSError, ValueError) as exc:
        _fail(str(exc))
    result = diff_documents(first, second)
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False, indent=1))
        return
    click.echo(f"{first.version} → {second.version}: " + (", ".join(f"{n} {k}" for k, n in
                                                                  sorted(result.counts().items())) or "sin cambios"))
    for c in result.rules:
        name = {"added": f"+ {c.new}", "removed": f"- {c.old}", "renumbered": f"~ {c.old} → {c.new}",
                "reworded": f"* {c.old}"}[c.kind]
        click.echo(f"{name}  ({c.kind})")
        for w in c.words:
            if w.op != "=":
                click.echo(f"    {w.op} {w.text}")
    for c in result.glossary:
        click.echo(f"glosario {c.kind}: {c.old or c.new}")
        for w in c.words:
            if w.op != "=":
                click.echo(f"    {w.op} {w.text}")


_KIND_WORDS = {"reworded": "reformulada", "renumbered": "renumerada", "removed": "eliminada"}
_CHANGED_WORDS = {"verdict": "veredicto", "trace": "traza", "citations": "reglas citadas"}


@corpus.command("impact")
@click.argument("file", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the affected scenarios as JSON.")
@click.option("--rerun/--no-rerun", default=True, show_default=True,
              help="Run the affected scenarios again (--no-rerun: only list them).")
def impact_cmd(file: str | None, as_json: bool, rerun: bool) -> None:
    """Which curated and saved scenarios cite a rule that changed, and what re-running them shows.  No FILE:
    the newest loaded version against the one before; FILE, a CR file not imported: what importing it would
    change (nothing is imported); FILE may also be a loaded version (2026-04-17), compared with the current."""
    import json

    from judge import create_app, store
    from judge.config import instance_dir
    from judge.corpus import CorpusError, load_corpus
    from judge.web.impact import diff_of, saved_inputs, scenarios_impact

    try:
        corpus_ = load_corpus()
        first, second = pick_versions(corpus_, file, None)
    except (CorpusError, OSError, ValueError) as exc:
        _fail(str(exc))
    app = create_app()
    try:
        engine = store.engine(app) if store.created(app) else None   # no database yet: no saved scenario
    except Exception as exc:  # noqa: BLE001 - a database down: one line, exit 2, never a traceback
        _fail(f"la base de datos de escenarios guardados no responde: {str(exc).splitlines()[0] if str(exc) else exc}")
    result = scenarios_impact(diff_of(corpus_, first, second), second, instance_dir(),
                              lambda numbers: saved_inputs(engine, numbers), rerun=rerun)
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False, indent=1))
        return
    data = result.to_json()
    click.echo(f"{data['old_version']} → {data['new_version']}: {data['affected']} escenarios afectados "
               f"(de {data['checked']['curated']} de ejemplo y {data['checked']['saved']} guardados candidatos)"
               + (f", {data['changed']} con el veredicto o la traza cambiados" if rerun else ""))
    if rerun and data["affected"]:
        click.echo("  el motor no lee el texto de las reglas: con el mismo motor, la nueva versión da el mismo "
                   "veredicto y la misma traza; cambia lo que dicen las reglas citadas")
    for a in data["scenarios"]:
        mark = "!" if a["changed"] else "*"
        where = "de ejemplo" if a["source"] == "curated" else "guardado"
        click.echo(f"{mark} {a['ruleset']}/{a['name']} ({where}) «{a['title']}»  {a['url']}")
        if a["source"] == "saved" and a["rules_version"] is not None:
            click.echo(f"    ejecutado con la versión {a['rules_version'] or '(ninguna importada)'}")
        elif a["source"] == "saved":
            click.echo("    guardado antes de registrarse la versión de las reglas")
        for c in a["rules"]:
            steps = f" (pasos {', '.join(map(str, c['steps']))})" if c["steps"] else ""
            moved = f" → {c['new']}" if c["new"] else ""
            click.echo(f"    {c['number']} {_KIND_WORDS.get(c['kind'], c['kind'])}{moved}{steps}")
        r = a["rerun"]
        if r is None:
            continue
        if r["ok"] is None:
            click.echo(f"    ya no se puede ejecutar: {'; '.join(r['errors'])}")
            continue
        same = ("cambió: " + ", ".join(_CHANGED_WORDS.get(w, w) for w in r["changed"])) if r["changed"] else \
            "veredicto y traza iguales"
        click.echo(f"    re-ejecutado: {r['verdict']} — {same}")
        if r["missing"]:
            click.echo(f"    cita pasajes que ya no existen en {data['new_version']}: {', '.join(r['missing'])}")
