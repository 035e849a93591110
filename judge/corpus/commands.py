"""`judge corpus import PATH` and `judge corpus list`.

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
def import_cmd(path: Path, force: bool, rebuild_index: bool) -> None:
    """Import the official Comprehensive Rules text file (MagicCompRules_EN_<date>.txt) into the instance.

    A newer file replaces the version loaded; the same version again is left alone; an older one is refused
    unless --force.  JUDGE_INSTANCE=DIR selects the instance folder.
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
            _refresh_index(instance)    # an earlier --no-index import may have left the index behind
        return
    if outcome.action == "replaced":
        click.echo(f"reemplazada la versión {outcome.previous_version} por {doc.version}")
    elif outcome.action == "reparsed":
        click.echo(f"reanalizada la versión {doc.version}: el analizador cambió desde la última importación")
    elif outcome.action == "forced":
        click.echo(f"reemplazada (--force) la versión {outcome.previous_version} por {doc.version}")
    click.echo(f"importado {doc.title} ({doc.id}), versión {doc.version}: {doc.version_label}")
    click.echo(f"  {stats.rules} reglas y subreglas, {stats.headings} encabezados de regla, {stats.sections} "
               f"secciones, {stats.glossary} términos del glosario, {stats.examples} ejemplos")
    click.echo(f"  guardado en {outcome.path}")
    if rebuild_index:
        _refresh_index(instance)
    else:
        click.echo("el índice de búsqueda está desactualizado: ejecuta `judge index`")


def _refresh_index(instance: Path) -> None:
    """The corpus changed, so the search index is stale: rebuild it when the search side is there."""
    try:
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

    try:
        built = ensure_index(instance_dir=instance, progress=progress)
    except Exception as exc:  # noqa: BLE001 - the import itself succeeded; say why the index did not follow
        click.echo(f"aviso: documento importado, pero el índice no se pudo reconstruir "
                   f"({type(exc).__name__}: {exc}); ejecuta `judge index`", err=True)
        return
    finally:
        if bar is not None:
            bar.render_finish()
    click.echo("índice de búsqueda reconstruido" if built else "el índice de búsqueda ya estaba al día")


@corpus.command("list")
def list_cmd() -> None:
    """List the loaded documents: id, language, version, passages (imported ones marked)."""
    from judge.corpus import CorpusError, load_corpus

    try:
        documents = load_corpus().documents.values()
    except (CorpusError, OSError) as exc:
        _fail(str(exc))
    if not documents:
        click.echo("no hay documentos cargados")
        return
    width = max(len(d.id) for d in documents)
    for d in documents:
        mark = ", importado" if d.imported else ""
        click.echo(f"{d.id:<{width}}  {d.language:<2}  {d.version:<10}  {len(d.passages):>5} pasajes{mark}  "
                   f"{d.title}")
